// Starting the provider wrongly: by hand, with the wrong cookie, or with a
// PLUGIN_CLIENT_CERT that holds no certificate.
#include "harness.hpp"

#include <algorithm>

namespace test_startup_failures {

using namespace test_serve;

struct outcome {
    std::optional<int> status;
    std::string out, err;
};

// Runs the provider to its end (10 s at most) and collects its output.
inline outcome run_to_exit(const environment& env, const std::vector<std::string>& args = {}) {
    child_process p(provider_path(), args, env);
    outcome o;
    o.status = p.wait_exit(10s);
    if (o.status) p.wait_output_closed(5s);
    o.out = p.stdout_text();
    o.err = p.stderr_text();
    return o;
}

inline void check_refused_as_not_a_program(const outcome& o) {
    INFO("stdout: " << o.out);
    INFO("stderr: " << o.err);
    REQUIRE(o.status.has_value());
    CHECK(exit_code(*o.status) == 1);
    CHECK(o.err.find("plugin for Terraform and OpenTofu") != std::string::npos);
    CHECK(o.out.empty());
}

// A startup failure after the cookie check: exit 1, a first stdout line for
// go-plugin to show (no '|'), mentioning what, and nothing left behind.
inline void check_startup_failure(const outcome& o, const std::string& mention) {
    INFO("stdout: " << o.out);
    INFO("stderr: " << o.err);
    REQUIRE(o.status.has_value());
    CHECK(exit_code(*o.status) == 1);
    const std::string first = o.out.substr(0, o.out.find('\n'));
    CHECK_FALSE(first.empty());
    CHECK(first.find('|') == std::string::npos);
    CHECK(first.find(mention) != std::string::npos);
    CHECK(o.err.find(mention) != std::string::npos);
}

}  // namespace test_startup_failures

using namespace test_startup_failures;

TEST_CASE("run by hand without the magic cookie: exit 1 and an explanation on stderr", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env.erase("TF_PLUGIN_MAGIC_COOKIE");
    check_refused_as_not_a_program(run_to_exit(env));
    CHECK(tmp.empty());  // no socket directory left behind
}

TEST_CASE("a wrong magic cookie is refused like no cookie", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["TF_PLUGIN_MAGIC_COOKIE"] = "not-the-cookie";
    check_refused_as_not_a_program(run_to_exit(env));
    env["TF_PLUGIN_MAGIC_COOKIE"] = "";
    check_refused_as_not_a_program(run_to_exit(env));
    CHECK(tmp.empty());
}

TEST_CASE("PLUGIN_CLIENT_CERT holding garbage: exit 1 and a readable first stdout line", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["PLUGIN_CLIENT_CERT"] = "this is not a certificate";
    const outcome o = run_to_exit(env);
    INFO("stdout: " << o.out);
    INFO("stderr: " << o.err);
    REQUIRE(o.status.has_value());
    CHECK(exit_code(*o.status) == 1);

    // go-plugin shows a first line without the handshake's '|' fields to the
    // user ("Unrecognized remote plugin message: ...").
    const std::string first = o.out.substr(0, o.out.find('\n'));
    CHECK_FALSE(first.empty());
    CHECK(first.find('|') == std::string::npos);
    CHECK(first.find("PLUGIN_CLIENT_CERT") != std::string::npos);
    CHECK(o.out.find('\n') != std::string::npos);
    CHECK(o.err.find("PLUGIN_CLIENT_CERT") != std::string::npos);
    CHECK(tmp.empty());  // the socket directory made before the check is gone again
}

TEST_CASE("a PEM block that is not a certificate is refused too", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["PLUGIN_CLIENT_CERT"] = make_client_certificate().key_pem;  // a private key, not a certificate
    const outcome o = run_to_exit(env);
    INFO("stdout: " << o.out);
    INFO("stderr: " << o.err);
    REQUIRE(o.status.has_value());
    CHECK(exit_code(*o.status) == 1);
    CHECK(o.out.find('|') == std::string::npos);
    CHECK_FALSE(o.out.empty());
}

TEST_CASE("a PLUGIN_UNIX_SOCKET_DIR too long for a unix socket path is a readable startup failure", "[serve]") {
    temp_dir tmp;
    const std::string deep = tmp.path() + "/" + std::string(100, 'd');
    std::filesystem::create_directories(deep);
    environment env = managed_environment(tmp);
    env["PLUGIN_CLIENT_CERT"] = make_client_certificate().cert_pem;
    env["PLUGIN_UNIX_SOCKET_DIR"] = deep;
    check_startup_failure(run_to_exit(env), "too long");
    CHECK(std::filesystem::is_empty(deep));  // the directory it made is removed again
}

TEST_CASE("a TMPDIR holding '|' or a line break is a startup failure, not a corrupt handshake line", "[serve]") {
    for (const std::string name : {"a|b", "a\nb"}) {
        temp_dir tmp;
        const std::string odd = tmp.path() + "/" + name;
        std::filesystem::create_directories(odd);
        environment env = managed_environment(tmp);
        env.erase("PLUGIN_UNIX_SOCKET_DIR");
        env["TMPDIR"] = odd;
        const outcome o = run_to_exit(env);
        check_startup_failure(o, "vertical bar");
        CHECK(std::count(o.out.begin(), o.out.end(), '\n') == 1);  // one line, the failure
        CHECK(std::filesystem::is_empty(odd));
    }
}

TEST_CASE("a PLUGIN_UNIX_SOCKET_DIR that does not exist is a readable startup failure", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["PLUGIN_UNIX_SOCKET_DIR"] = tmp.path() + "/does/not/exist";
    check_startup_failure(run_to_exit(env), "does/not/exist");
    CHECK(tmp.empty());
}

TEST_CASE("a PLUGIN_UNIX_SOCKET_GROUP naming no group is a readable startup failure", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["PLUGIN_CLIENT_CERT"] = make_client_certificate().cert_pem;
    env["PLUGIN_UNIX_SOCKET_GROUP"] = "tfpp-no-such-group-x";
    check_startup_failure(run_to_exit(env), "tfpp-no-such-group-x");
    CHECK(tmp.empty());
}

TEST_CASE("TFPP_PROTOCOL_VERSIONS leaving no protocol is a readable startup failure", "[serve]") {
    temp_dir tmp;
    environment env = managed_environment(tmp);
    env["TFPP_PROTOCOL_VERSIONS"] = "7";
    check_startup_failure(run_to_exit(env), "protocol");
    CHECK(tmp.empty());
}
