#include <tfpp/serve/detail/tls.hpp>

#include <catch2/catch.hpp>

#include <openssl/x509v3.h>

#include <cstdint>
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

TEST_CASE("the server certificate is signed by the P-256 key in key_pem and names localhost", "[tls]") {
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
    CHECK(X509_get_version(cert.get()) == X509_VERSION_3);

    CHECK(X509_NAME_cmp(X509_get_subject_name(cert.get()), X509_get_issuer_name(cert.get())) == 0);
    char text[64];
    REQUIRE(X509_NAME_get_text_by_NID(X509_get_subject_name(cert.get()), NID_commonName, text, sizeof text) > 0);
    CHECK(std::string(text) == "localhost");
    REQUIRE(X509_NAME_get_text_by_NID(X509_get_subject_name(cert.get()), NID_organizationName, text, sizeof text) > 0);
    CHECK(std::string(text) == "tfpp");

    // 30 years and 30 seconds, the end past 2049 and so a GeneralizedTime
    int days = 0, seconds = 0;
    REQUIRE(ASN1_TIME_diff(&days, &seconds, X509_get0_notBefore(cert.get()), X509_get0_notAfter(cert.get())) == 1);
    CHECK(days == 30 * 365);
    CHECK(seconds == 30);
    CHECK(ASN1_STRING_type(X509_get0_notAfter(cert.get())) == V_ASN1_GENERALIZEDTIME);

    // a positive serial of at most 127 bits
    bignum_ptr serial(ASN1_INTEGER_to_BN(X509_get0_serialNumber(cert.get()), nullptr));
    REQUIRE(serial);
    CHECK_FALSE(BN_is_negative(serial.get()));
    CHECK(BN_num_bits(serial.get()) <= 127);

    // both ends of the key usage the profile sets
    const std::uint32_t usage = X509_get_key_usage(cert.get());
    CHECK((usage & (KU_DIGITAL_SIGNATURE | KU_KEY_ENCIPHERMENT | KU_KEY_AGREEMENT | KU_KEY_CERT_SIGN)) ==
          (KU_DIGITAL_SIGNATURE | KU_KEY_ENCIPHERMENT | KU_KEY_AGREEMENT | KU_KEY_CERT_SIGN));
}

TEST_CASE("DER lengths in short and long form", "[tls]") {
    CHECK(der::tlv(0x04, std::string(0x7f, 'x')).substr(0, 2) == std::string("\x04\x7f", 2));
    CHECK(der::tlv(0x04, std::string(0x80, 'x')).substr(0, 3) == std::string("\x04\x81\x80", 3));
    CHECK(der::tlv(0x04, std::string(0x100, 'x')).substr(0, 4) == std::string("\x04\x82\x01\x00", 4));
    CHECK(der::tlv(0x04, std::string(0x10000, 'x')).substr(0, 5) == std::string("\x04\x83\x01\x00\x00", 5));
    CHECK(der::tlv(0x04, std::string(0x10000, 'x')).size() == 0x10000 + 5);
    CHECK(der::positive_integer(std::string_view("\x00\x00\x7f", 3)) == std::string("\x02\x01\x7f", 3));
    CHECK(der::positive_integer(std::string_view("\x00\x80", 2)) == std::string("\x02\x02\x00\x80", 4));
    CHECK(der::positive_integer(std::string_view("\x80", 1)) == std::string("\x02\x02\x00\x80", 4));
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
