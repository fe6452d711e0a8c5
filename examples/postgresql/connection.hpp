// The example's client: libpq connections with bound parameters, quoted
// identifiers, SQLSTATEs, cancellation through tfpp::context, and a pool
// bounded by max_connections.
#pragma once

#include <tfpp/tfpp.hpp>

#include <libpq-fe.h>

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace postgresql {

// Why a statement or a connection failed, as the server (or libpq) said it.
struct server_error {
    std::string sqlstate;  // five characters; "08006" when the connection failed
    std::string message;
    std::string detail;
    std::string hint;
    // Whether trying again may succeed: the server rolled everything back
    // (deadlock, serialization failure, a concurrent catalog update) or no
    // statement was sent (the server refused or could not be reached).
    bool retryable = false;

    // "role \"x\" does not exist (SQLSTATE 42704)", then detail and hint.
    [[nodiscard]] std::string describe() const;
    [[nodiscard]] bool is(std::string_view state) const { return sqlstate == state; }
    static server_error of(std::string state, std::string message) {
        server_error e;
        e.sqlstate = std::move(state);
        e.message = std::move(message);
        return e;
    }
};

// Rows of text values from one statement.
class rows {
public:
    rows() = default;
    explicit rows(PGresult* r) : result_(r, &PQclear) {}
    [[nodiscard]] int size() const { return result_ ? PQntuples(result_.get()) : 0; }
    [[nodiscard]] bool empty() const { return size() == 0; }
    // Column `col` of row `row`; nullopt for SQL NULL.
    [[nodiscard]] std::optional<std::string> get(int row, int col) const;
    [[nodiscard]] std::string text(int row, int col) const { return get(row, col).value_or(""); }
    [[nodiscard]] bool boolean(int row, int col) const { return text(row, col) == "t"; }
    [[nodiscard]] std::int64_t integer(int row, int col) const;
    // A text[] column, such as array_agg(...) of names.
    [[nodiscard]] std::vector<std::string> array(int row, int col) const;

private:
    std::shared_ptr<PGresult> result_;
};

// A statement's result or its failure.
struct outcome {
    rows result;
    std::optional<server_error> error;
    explicit operator bool() const { return !error; }
};

using parameters = std::vector<std::optional<std::string>>;

// Where the server is: the provider's configuration after the environment's
// defaults (unset fields are left to libpq, which reads PGHOST and the rest).
struct connection_settings {
    std::string host, port, user, password, sslmode;
    int connect_timeout = 15;
    int max_connections = 10;
};

class connection {
public:
    // Connects to `database`; the deadline of ctx bounds the wait.
    static std::unique_ptr<connection> open(const connection_settings& s, const std::string& database,
                                            tfpp::context& ctx, server_error& failed);
    ~connection();
    connection(const connection&) = delete;
    connection& operator=(const connection&) = delete;

    // Runs one statement with $1, $2 ... bound to `params`. A stop request or
    // the deadline cancels it on the server.
    outcome exec(std::string_view sql, const parameters& params, tfpp::context& ctx);
    [[nodiscard]] bool broken() const { return PQstatus(conn_) != CONNECTION_OK; }
    [[nodiscard]] const std::string& database() const { return database_; }
    // A SCRAM-SHA-256 hash of the password, as CREATE ROLE ... PASSWORD takes it.
    [[nodiscard]] std::optional<std::string> encrypt_password(const std::string& role, const std::string& password);

private:
    connection(PGconn* c, std::string database);
    PGconn* conn_;
    PGcancel* cancel_;
    std::string database_;
};

// `"name"` with inner quotes doubled: any role, database or schema name is
// safe in a statement.
std::string quote_identifier(std::string_view name);
// As PostgreSQL's quote_ident(): unquoted when it needs no quotes.
std::string quote_ident_like_server(std::string_view name);

class connection_pool {
public:
    void configure(connection_settings s);
    [[nodiscard]] const connection_settings& settings() const { return settings_; }

    // A connection to one database, back to the pool when it ends (closed
    // instead if it broke).
    class lease {
    public:
        lease(connection_pool& pool, std::unique_ptr<connection> c) : pool_(&pool), c_(std::move(c)) {}
        lease(lease&&) noexcept = default;
        ~lease();
        connection* operator->() const { return c_.get(); }
        connection& operator*() const { return *c_; }

    private:
        connection_pool* pool_;
        std::unique_ptr<connection> c_;
    };
    // Waits (until stopped or the deadline) while max_connections are in use.
    std::optional<lease> acquire(const std::string& database, tfpp::context& ctx, server_error& failed);
    // Closes the idle connections to `database`, which DROP DATABASE needs.
    void close_idle(const std::string& database);

private:
    void give_back(std::unique_ptr<connection> c);

    connection_settings settings_;
    std::mutex m_;
    std::condition_variable cv_;
    std::map<std::string, std::vector<std::unique_ptr<connection>>> idle_;
    int open_ = 0;
};

}  // namespace postgresql
