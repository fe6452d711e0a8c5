// The handshake line on stdout, the socket it names and the socket directory.
#include "harness.hpp"

#include <regex>

namespace test_handshake {

using namespace test_serve;

inline bool is_raw_base64(const std::string& s) {
    static const std::regex re("^[A-Za-z0-9+/]+$");
    return std::regex_match(s, re);
}

inline bool has_san_localhost(X509* cert) {
    auto* names = static_cast<GENERAL_NAMES*>(X509_get_ext_d2i(cert, NID_subject_alt_name, nullptr, nullptr));
    if (names == nullptr) return false;
    bool found = false;
    for (int i = 0; i < sk_GENERAL_NAME_num(names); ++i) {
        const GENERAL_NAME* n = sk_GENERAL_NAME_value(names, i);
        if (n->type == GEN_DNS) {
            const auto* s = reinterpret_cast<const char*>(ASN1_STRING_get0_data(n->d.dNSName));
            if (std::string(s, static_cast<std::size_t>(ASN1_STRING_length(n->d.dNSName))) == "localhost") found = true;
        }
    }
    GENERAL_NAMES_free(names);
    return found;
}

}  // namespace test_handshake

using namespace test_handshake;

TEST_CASE("handshake line: 1|6|unix|<socket>|grpc|<raw base64 certificate>", "[serve]") {
    provider_session s;
    const handshake& hs = s.hs;
    INFO("handshake line: " << s.handshake_line);
    CHECK(hs.core == "1");
    CHECK(hs.app == "6");
    CHECK(hs.network == "unix");
    CHECK(hs.protocol == "grpc");
    REQUIRE_FALSE(hs.address.empty());
    CHECK(hs.address.front() == '/');
    CHECK(std::filesystem::path(hs.address).is_absolute());
    CHECK(hs.cert.find('=') == std::string::npos);
    CHECK(is_raw_base64(hs.cert));
    CHECK(s.handshake_line.find('\r') == std::string::npos);

    // The certificate field is the DER certificate the server presents;
    // go-plugin's verifier needs DNS:localhost and serverAuth.
    const auto der = base64_decode_unpadded(hs.cert);
    REQUIRE(der.has_value());
    x509_ptr cert = parse_der(*der);
    REQUIRE(cert != nullptr);
    CHECK(has_san_localhost(cert.get()));
    CHECK((X509_get_extended_key_usage(cert.get()) & XKU_SSL_SERVER) != 0);
    CHECK(X509_cmp_current_time(X509_get0_notAfter(cert.get())) > 0);
    CHECK(X509_cmp_current_time(X509_get0_notBefore(cert.get())) < 0);

    // The socket exists, in a private directory under TMPDIR.
    struct stat st {};
    REQUIRE(::lstat(hs.address.c_str(), &st) == 0);
    CHECK(S_ISSOCK(st.st_mode));
    const std::string dir = s.socket_dir();
    CHECK(parent_dir(dir) == s.tmp.path());
    REQUIRE(::lstat(dir.c_str(), &st) == 0);
    CHECK(S_ISDIR(st.st_mode));
    CHECK((st.st_mode & 07777) == 0700);
    CHECK(st.st_uid == ::getuid());

    REQUIRE(is_serving(health_check(s.channel)));

    // Nothing else ever reaches stdout: exactly one line.
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
    s.proc->wait_output_closed(5s);
    CHECK(s.proc->stdout_text() == s.handshake_line + "\n");
    CHECK_FALSE(path_exists(hs.address));
    CHECK_FALSE(path_exists(dir));
    CHECK(s.tmp.empty());
}

TEST_CASE("PLUGIN_UNIX_SOCKET_DIR chooses where the socket directory goes", "[serve]") {
    temp_dir sockets;
    launch_options o;
    o.env["PLUGIN_UNIX_SOCKET_DIR"] = sockets.path();
    provider_session s(o);
    INFO("handshake line: " << s.handshake_line);
    CHECK(s.hs.address.rfind(sockets.path() + "/", 0) == 0);
    CHECK(parent_dir(s.socket_dir()) == sockets.path());
    CHECK(s.tmp.empty());  // nothing under TMPDIR
    struct stat st {};
    REQUIRE(::lstat(s.socket_dir().c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0700);
    CHECK(is_serving(health_check(s.channel)));

    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
    CHECK(sockets.empty());
}

TEST_CASE("without PLUGIN_CLIENT_CERT the certificate field is empty and the socket speaks plaintext", "[serve][transport]") {
    launch_options o;
    o.auto_mtls = false;
    provider_session s(o);
    INFO("handshake line: " << s.handshake_line);
    CHECK(s.hs.app == "6");
    CHECK(s.hs.cert.empty());
    CHECK(is_serving(health_check(s.channel)));
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
    CHECK(s.tmp.empty());
}

TEST_CASE("PLUGIN_UNIX_SOCKET_GROUP opens the socket to that group", "[serve]") {
    launch_options o;
    const gid_t gid = ::getgid();
    o.env["PLUGIN_UNIX_SOCKET_GROUP"] = std::to_string(gid);
    provider_session s(o);
    struct stat st {};
    REQUIRE(::lstat(s.socket_dir().c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0750);
    CHECK(st.st_gid == gid);
    REQUIRE(::lstat(s.hs.address.c_str(), &st) == 0);
    CHECK(S_ISSOCK(st.st_mode));
    CHECK((st.st_mode & 07777) == 0660);
    CHECK(st.st_gid == gid);
    CHECK(is_serving(health_check(s.channel)));
    const auto code = s.shutdown();
    REQUIRE(code.has_value());
    CHECK(*code == 0);
    CHECK(s.tmp.empty());
}
