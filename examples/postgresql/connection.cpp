#include "connection.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <stdexcept>

namespace postgresql {
namespace {

// Keywords PostgreSQL 15's quote_ident() quotes (pg_get_keywords() whose
// category is not "unreserved").
constexpr std::array<std::string_view, 162> quoted_keywords{"all",
                                                            "analyse",
                                                            "analyze",
                                                            "and",
                                                            "any",
                                                            "array",
                                                            "as",
                                                            "asc",
                                                            "asymmetric",
                                                            "authorization",
                                                            "between",
                                                            "bigint",
                                                            "binary",
                                                            "bit",
                                                            "boolean",
                                                            "both",
                                                            "case",
                                                            "cast",
                                                            "char",
                                                            "character",
                                                            "check",
                                                            "coalesce",
                                                            "collate",
                                                            "collation",
                                                            "column",
                                                            "concurrently",
                                                            "constraint",
                                                            "create",
                                                            "cross",
                                                            "current_catalog",
                                                            "current_date",
                                                            "current_role",
                                                            "current_schema",
                                                            "current_time",
                                                            "current_timestamp",
                                                            "current_user",
                                                            "dec",
                                                            "decimal",
                                                            "default",
                                                            "deferrable",
                                                            "desc",
                                                            "distinct",
                                                            "do",
                                                            "else",
                                                            "end",
                                                            "except",
                                                            "exists",
                                                            "extract",
                                                            "false",
                                                            "fetch",
                                                            "float",
                                                            "for",
                                                            "foreign",
                                                            "freeze",
                                                            "from",
                                                            "full",
                                                            "grant",
                                                            "greatest",
                                                            "group",
                                                            "grouping",
                                                            "having",
                                                            "ilike",
                                                            "in",
                                                            "initially",
                                                            "inner",
                                                            "inout",
                                                            "int",
                                                            "integer",
                                                            "intersect",
                                                            "interval",
                                                            "into",
                                                            "is",
                                                            "isnull",
                                                            "join",
                                                            "lateral",
                                                            "leading",
                                                            "least",
                                                            "left",
                                                            "like",
                                                            "limit",
                                                            "localtime",
                                                            "localtimestamp",
                                                            "national",
                                                            "natural",
                                                            "nchar",
                                                            "none",
                                                            "normalize",
                                                            "not",
                                                            "notnull",
                                                            "null",
                                                            "nullif",
                                                            "numeric",
                                                            "offset",
                                                            "on",
                                                            "only",
                                                            "or",
                                                            "order",
                                                            "out",
                                                            "outer",
                                                            "overlaps",
                                                            "overlay",
                                                            "placing",
                                                            "position",
                                                            "precision",
                                                            "primary",
                                                            "real",
                                                            "references",
                                                            "returning",
                                                            "right",
                                                            "row",
                                                            "select",
                                                            "session_user",
                                                            "setof",
                                                            "similar",
                                                            "smallint",
                                                            "some",
                                                            "substring",
                                                            "symmetric",
                                                            "table",
                                                            "tablesample",
                                                            "then",
                                                            "time",
                                                            "timestamp",
                                                            "to",
                                                            "trailing",
                                                            "treat",
                                                            "trim",
                                                            "true",
                                                            "union",
                                                            "unique",
                                                            "user",
                                                            "using",
                                                            "values",
                                                            "varchar",
                                                            "variadic",
                                                            "verbose",
                                                            "when",
                                                            "where",
                                                            "window",
                                                            "with",
                                                            "xmlattributes",
                                                            "xmlconcat",
                                                            "xmlelement",
                                                            "xmlexists",
                                                            "xmlforest",
                                                            "xmlnamespaces",
                                                            "xmlparse",
                                                            "xmlpi",
                                                            "xmlroot",
                                                            "xmlserialize",
                                                            "xmltable"};

std::string field(const PGresult* r, int code) {
    const char* v = PQresultErrorField(r, code);
    return v ? v : "";
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

// 40001 serialization_failure, 40P01 deadlock_detected, 55P03
// lock_not_available, 53300 too_many_connections, 57P03 cannot_connect_now;
// "tuple concurrently updated" is what concurrent GRANTs on one object get.
bool rolled_back_and_retryable(const server_error& e) {
    return e.is("40001") || e.is("40P01") || e.is("55P03") || e.is("53300") || e.is("57P03") ||
           (e.is("XX000") && e.message.find("tuple concurrently updated") != std::string::npos);
}

server_error connection_failure(PGconn* c, bool retryable) {
    server_error e;
    e.sqlstate = "08006";
    e.message = c ? trimmed(PQerrorMessage(c)) : "out of memory";
    e.retryable = retryable;
    return e;
}

// The statement's text for the log: the statement, never its parameters.
std::string_view first_line(std::string_view sql) { return sql.substr(0, sql.find('\n')); }

}  // namespace

std::string server_error::describe() const {
    std::string s = message + " (SQLSTATE " + sqlstate + ")";
    if (!detail.empty()) s += "\nDetail: " + detail;
    if (!hint.empty()) s += "\nHint: " + hint;
    return s;
}

std::optional<std::string> rows::get(int row, int col) const {
    if (!result_ || row >= size() || col >= PQnfields(result_.get()) || PQgetisnull(result_.get(), row, col))
        return std::nullopt;
    return std::string(PQgetvalue(result_.get(), row, col),
                       static_cast<std::size_t>(PQgetlength(result_.get(), row, col)));
}

std::int64_t rows::integer(int row, int col) const {
    const std::string t = text(row, col);
    return t.empty() ? 0 : std::stoll(t);
}

// Parses PostgreSQL's text form of a one-dimensional text[]: {a,"b c","d\"e"}.
std::vector<std::string> rows::array(int row, int col) const {
    std::vector<std::string> out;
    const std::string t = text(row, col);
    if (t.size() < 2 || t == "{}") return out;
    std::string cur;
    bool in_quotes = false;
    for (std::size_t i = 1; i + 1 < t.size(); ++i) {
        const char ch = t[i];
        if (in_quotes) {
            if (ch == '\\' && i + 2 < t.size()) cur += t[++i];
            else if (ch == '"') in_quotes = false;
            else cur += ch;
        } else if (ch == '"') {
            in_quotes = true;
        } else if (ch == ',') {
            out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += ch;
        }
    }
    out.push_back(std::move(cur));
    return out;
}

std::string quote_identifier(std::string_view name) {
    std::string out = "\"";
    for (char ch : name) {
        if (ch == '"') out += '"';
        out += ch;
    }
    return out + '"';
}

std::string quote_ident_like_server(std::string_view name) {
    bool safe = !name.empty() && ((name[0] >= 'a' && name[0] <= 'z') || name[0] == '_');
    for (char ch : name) safe = safe && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_');
    if (safe && std::find(quoted_keywords.begin(), quoted_keywords.end(), name) != quoted_keywords.end()) safe = false;
    return safe ? std::string(name) : quote_identifier(name);
}

connection::connection(PGconn* c, std::string database)
    : conn_(c), cancel_(PQgetCancel(c)), database_(std::move(database)) {}

connection::~connection() {
    if (cancel_) PQfreeCancel(cancel_);
    PQfinish(conn_);
}

std::unique_ptr<connection> connection::open(const connection_settings& s, const std::string& database,
                                             tfpp::context& ctx, server_error& failed) {
    int timeout = s.connect_timeout;
    if (auto deadline = ctx.deadline()) {
        const auto left = std::chrono::ceil<std::chrono::seconds>(*deadline - std::chrono::steady_clock::now()).count();
        timeout = static_cast<int>(std::clamp<long long>(left, 1, timeout));
    }
    const std::string timeout_text = std::to_string(timeout);
    std::vector<const char*> keys, values;
    auto add = [&](const char* key, const std::string& value) {
        if (!value.empty()) keys.push_back(key), values.push_back(value.c_str());
    };
    add("host", s.host);
    add("port", s.port);
    add("user", s.user);
    add("password", s.password);
    add("sslmode", s.sslmode);
    add("dbname", database);
    add("connect_timeout", timeout_text);
    add("application_name", std::string("terraform-provider-postgresql"));
    keys.push_back(nullptr), values.push_back(nullptr);
    tfpp::log::debug("connecting to database {}", database);
    PGconn* c = PQconnectdbParams(keys.data(), values.data(), 0);
    if (c == nullptr || PQstatus(c) != CONNECTION_OK) {
        // Refused or unreachable: nothing was sent, so trying again is safe,
        // but a refused password will be refused again.
        const std::string message = c ? PQerrorMessage(c) : "";
        const bool auth = message.find("password") != std::string::npos ||
                          message.find("authentication") != std::string::npos ||
                          message.find("does not exist") != std::string::npos;
        failed = connection_failure(c, !auth);
        if (message.find("database \"") != std::string::npos && message.find("does not exist") != std::string::npos)
            failed.sqlstate = "3D000";  // invalid_catalog_name: the database is gone
        if (c) PQfinish(c);
        return nullptr;
    }
    return std::unique_ptr<connection>(new connection(c, database));
}

outcome connection::exec(std::string_view sql, const parameters& params, tfpp::context& ctx) {
    outcome out;
    if (ctx.cancelled()) {
        out.error = server_error::of(
            "57014", ctx.stop_requested() ? "Terraform asked the provider to stop" : "the operation's timeout passed");
        return out;
    }
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    const std::string text(sql);
    tfpp::log::scope fields{{"database", database_}};
    tfpp::log::debug("running {}", first_line(sql));
    PGresult* r;
    {
        // A stop request or the deadline cancels the statement on the server.
        auto cancel = ctx.on_cancel([this] {
            char buf[256];
            if (cancel_) PQcancel(cancel_, buf, sizeof buf);
        });
        r = PQexecParams(conn_, text.c_str(), static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr,
                         0);
    }
    const ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
        out.result = rows(r);
        return out;
    }
    if (r == nullptr || broken()) {
        out.error = connection_failure(conn_, false);
        if (r) PQclear(r);
        return out;
    }
    server_error e{.sqlstate = field(r, PG_DIAG_SQLSTATE),
                   .message = field(r, PG_DIAG_MESSAGE_PRIMARY),
                   .detail = field(r, PG_DIAG_MESSAGE_DETAIL),
                   .hint = field(r, PG_DIAG_MESSAGE_HINT)};
    PQclear(r);
    if (e.is("57014")) {  // ours: say why it was cancelled
        if (ctx.stop_requested()) e.message += " (Terraform asked the provider to stop)";
        else if (ctx.deadline_passed()) e.message += " (the operation's timeout passed)";
    }
    e.retryable = rolled_back_and_retryable(e);
    out.error = std::move(e);
    return out;
}

std::optional<std::string> connection::encrypt_password(const std::string& role, const std::string& password) {
    char* hashed = PQencryptPasswordConn(conn_, password.c_str(), role.c_str(), "scram-sha-256");
    if (hashed == nullptr) return std::nullopt;
    std::string out(hashed);
    PQfreemem(hashed);
    return out;
}

void connection_pool::configure(connection_settings s) {
    std::lock_guard lock(m_);
    settings_ = std::move(s);
}

connection_pool::lease::~lease() {
    if (c_) pool_->give_back(std::move(c_));
}

std::optional<connection_pool::lease> connection_pool::acquire(const std::string& database, tfpp::context& ctx,
                                                               server_error& failed) {
    std::unique_lock lock(m_);
    for (;;) {
        auto& idle = idle_[database];
        while (!idle.empty()) {
            std::unique_ptr<connection> c = std::move(idle.back());
            idle.pop_back();
            if (!c->broken()) return lease(*this, std::move(c));
            --open_;  // closed as it goes out of scope
        }
        if (open_ < settings_.max_connections) break;
        // Full: close an idle connection to another database, or wait.
        bool closed = false;
        for (auto& [name, others] : idle_)
            if (!others.empty()) {
                others.pop_back();
                --open_;
                closed = true;
                break;
            }
        if (closed) continue;
        if (ctx.cancelled()) {
            failed = server_error::of("57014", "cancelled while waiting for a free connection");
            return std::nullopt;
        }
        cv_.wait_for(lock, std::chrono::milliseconds(100));
    }
    ++open_;
    const connection_settings s = settings_;
    lock.unlock();
    std::unique_ptr<connection> c = connection::open(s, database, ctx, failed);
    if (!c) {
        lock.lock();
        --open_;
        cv_.notify_one();
        return std::nullopt;
    }
    return lease(*this, std::move(c));
}

void connection_pool::give_back(std::unique_ptr<connection> c) {
    std::lock_guard lock(m_);
    if (c->broken()) --open_;
    else idle_[c->database()].push_back(std::move(c));
    cv_.notify_one();
}

void connection_pool::close_idle(const std::string& database) {
    std::lock_guard lock(m_);
    auto it = idle_.find(database);
    if (it == idle_.end()) return;
    open_ -= static_cast<int>(it->second.size());
    idle_.erase(it);
    cv_.notify_all();
}

}  // namespace postgresql
