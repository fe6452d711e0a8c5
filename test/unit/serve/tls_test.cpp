#include <tfpp/serve/detail/tls.hpp>

#include <catch2/catch.hpp>

#include <openssl/x509v3.h>

#include <ctime>
#include <string>

namespace test_tls {

using namespace tfpp::detail;

x509_ptr parse_pem(const std::string& pem) {
    bio_ptr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    return x509_ptr(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
}

TEST_CASE("the server certificate has the profile go-plugin clients verify", "[tls]") {
    const server_certificate c = make_server_certificate();
    x509_ptr cert = parse_pem(c.cert_pem);
    REQUIRE(cert);
    CHECK(X509_check_host(cert.get(), "localhost", 0, 0, nullptr) == 1);  // SAN DNS:localhost
    CHECK(X509_check_ca(cert.get()) >= 1);
    CHECK((X509_get_extended_key_usage(cert.get()) & (XKU_SSL_SERVER | XKU_SSL_CLIENT)) ==
          (XKU_SSL_SERVER | XKU_SSL_CLIENT));
    CHECK((X509_get_key_usage(cert.get()) & KU_DIGITAL_SIGNATURE) != 0);
    std::time_t now = std::time(nullptr);
    CHECK(X509_cmp_time(X509_get0_notBefore(cert.get()), &now) < 0);
    CHECK(X509_cmp_time(X509_get0_notAfter(cert.get()), &now) > 0);
    // self-signed: verifies with its own key
    EVP_PKEY* key = X509_get0_pubkey(cert.get());
    CHECK(X509_verify(cert.get(), key) == 1);
    CHECK(c.key_pem.find("PRIVATE KEY") != std::string::npos);

    // the DER form is the same certificate
    const auto* p = reinterpret_cast<const unsigned char*>(c.cert_der.data());
    x509_ptr from_der(d2i_X509(nullptr, &p, static_cast<long>(c.cert_der.size())));
    REQUIRE(from_der);
    CHECK(X509_cmp(from_der.get(), cert.get()) == 0);
}

TEST_CASE("key_pem holds the P-256 key the server certificate names", "[tls]") {
    const server_certificate c = make_server_certificate();
    x509_ptr cert = parse_pem(c.cert_pem);
    REQUIRE(cert);
    bio_ptr bio(BIO_new_mem_buf(c.key_pem.data(), static_cast<int>(c.key_pem.size())));
    evp_pkey_ptr key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
    REQUIRE(key);
    CHECK(EVP_PKEY_get_base_id(key.get()) == EVP_PKEY_EC);
    CHECK(EVP_PKEY_get_bits(key.get()) == 256);
    CHECK(X509_check_private_key(cert.get(), key.get()) == 1);
    CHECK(X509_get_signature_nid(cert.get()) == NID_ecdsa_with_SHA256);
}

TEST_CASE("two certificates never share a serial or a key", "[tls]") {
    const server_certificate a = make_server_certificate();
    const server_certificate b = make_server_certificate();
    CHECK(a.key_pem != b.key_pem);
    x509_ptr ca = parse_pem(a.cert_pem), cb = parse_pem(b.cert_pem);
    CHECK(ASN1_INTEGER_cmp(X509_get0_serialNumber(ca.get()), X509_get0_serialNumber(cb.get())) != 0);
}

TEST_CASE("base64 without padding, as Go's RawStdEncoding", "[tls]") {
    CHECK(base64_unpadded("") == "");
    CHECK(base64_unpadded("f") == "Zg");
    CHECK(base64_unpadded("fo") == "Zm8");
    CHECK(base64_unpadded("foo") == "Zm9v");
    CHECK(base64_unpadded(std::string("\xfb\xff", 2)) == "+/8");
}

TEST_CASE("PLUGIN_CLIENT_CERT must hold a certificate", "[tls]") {
    CHECK(is_pem_certificate(make_server_certificate().cert_pem));
    CHECK_FALSE(is_pem_certificate("not a certificate"));
    CHECK_FALSE(is_pem_certificate(""));
}

}  // namespace test_tls
