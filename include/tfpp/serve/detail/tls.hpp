// AutoMTLS: go-plugin's client passes its certificate in PLUGIN_CLIENT_CERT and
// expects the plugin to present a fresh self-signed certificate, named in the
// handshake line. The profile mirrors go-plugin's own (CN and SAN localhost,
// CA:TRUE, server and client auth) so that Go's verifier accepts it.
#pragma once

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tfpp::detail {

template <class T, void (*Free)(T*)>
struct openssl_deleter {
    void operator()(T* p) const noexcept { Free(p); }
};
using evp_pkey_ptr = std::unique_ptr<EVP_PKEY, openssl_deleter<EVP_PKEY, EVP_PKEY_free>>;
using x509_ptr = std::unique_ptr<X509, openssl_deleter<X509, X509_free>>;
using bio_ptr = std::unique_ptr<BIO, openssl_deleter<BIO, BIO_free_all>>;
using bignum_ptr = std::unique_ptr<BIGNUM, openssl_deleter<BIGNUM, BN_free>>;
using x509_ext_ptr = std::unique_ptr<X509_EXTENSION, openssl_deleter<X509_EXTENSION, X509_EXTENSION_free>>;

struct server_certificate {
    std::string key_pem;
    std::string cert_pem;
    std::string cert_der;
};

inline std::string bio_contents(BIO* bio) {
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio, &data);
    return std::string(data, static_cast<std::size_t>(n));
}

[[noreturn]] inline void openssl_failure(const char* what) {
    throw std::runtime_error(std::string("tfpp: could not create the TLS certificate: ") + what);
}

inline void add_extension(X509* cert, int nid, const char* value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
    x509_ext_ptr ext(X509V3_EXT_conf_nid(nullptr, &ctx, nid, value));
    if (!ext || X509_add_ext(cert, ext.get(), -1) != 1) openssl_failure("extension");
}

// The server's P-256 key. OpenSSL 3 runs a key made through EVP_PKEY_*
// through its provider encoders when X509_set_pubkey and
// PEM_write_bio_PrivateKey take it, building them on first use; the EC_KEY
// functions, deprecated but kept by OpenSSL 3, make and encode the key
// directly (half a millisecond less of a provider's start-up). Without them
// (OPENSSL_NO_DEPRECATED_3_0) the EVP functions are used.
#if !defined(OPENSSL_NO_DEPRECATED_3_0)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
inline evp_pkey_ptr make_server_key() {
    evp_pkey_ptr key(EVP_PKEY_new());
    EC_KEY* ec = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    if (!key || ec == nullptr || EC_KEY_generate_key(ec) != 1 || EVP_PKEY_assign_EC_KEY(key.get(), ec) != 1) {
        EC_KEY_free(ec);
        openssl_failure("key generation");
    }
    return key;  // owns ec
}

// "-----BEGIN EC PRIVATE KEY-----" (RFC 5915), which gRPC reads like PKCS#8.
inline bool write_private_key_pem(BIO* bio, EVP_PKEY* key) {
    return PEM_write_bio_ECPrivateKey(bio, EVP_PKEY_get0_EC_KEY(key), nullptr, nullptr, 0, nullptr, nullptr) == 1;
}
#pragma GCC diagnostic pop
#else
inline evp_pkey_ptr make_server_key() {
    evp_pkey_ptr key(EVP_EC_gen("P-256"));
    if (!key) openssl_failure("key generation");
    return key;
}

inline bool write_private_key_pem(BIO* bio, EVP_PKEY* key) {
    return PEM_write_bio_PrivateKey(bio, key, nullptr, nullptr, 0, nullptr, nullptr) == 1;
}
#endif

// A P-256 key and a self-signed certificate for "localhost", valid from 30
// seconds ago (clock skew) for 30 years, like go-plugin's.
inline server_certificate make_server_certificate() {
    evp_pkey_ptr key = make_server_key();
    x509_ptr cert(X509_new());
    if (!cert || X509_set_version(cert.get(), X509_VERSION_3) != 1) openssl_failure("certificate");

    bignum_ptr serial(BN_new());
    if (!serial || BN_rand(serial.get(), 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) != 1 ||
        BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert.get())) == nullptr)
        openssl_failure("serial number");

    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -30);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 30L * 365 * 24 * 3600);
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("tfpp"), -1, -1, 0);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("localhost"), -1, -1,
                               0);
    X509_set_issuer_name(cert.get(), name);
    if (X509_set_pubkey(cert.get(), key.get()) != 1) openssl_failure("public key");

    add_extension(cert.get(), NID_basic_constraints, "critical,CA:TRUE");
    add_extension(cert.get(), NID_key_usage, "critical,digitalSignature,keyEncipherment,keyAgreement,keyCertSign");
    add_extension(cert.get(), NID_ext_key_usage, "serverAuth,clientAuth");
    add_extension(cert.get(), NID_subject_alt_name, "DNS:localhost");
    if (X509_sign(cert.get(), key.get(), EVP_sha256()) == 0) openssl_failure("signature");

    server_certificate out;
    bio_ptr key_bio(BIO_new(BIO_s_mem()));
    bio_ptr cert_bio(BIO_new(BIO_s_mem()));
    if (!key_bio || !cert_bio || !write_private_key_pem(key_bio.get(), key.get()) ||
        PEM_write_bio_X509(cert_bio.get(), cert.get()) != 1)
        openssl_failure("PEM encoding");
    out.key_pem = bio_contents(key_bio.get());
    out.cert_pem = bio_contents(cert_bio.get());
    const int der_len = i2d_X509(cert.get(), nullptr);
    if (der_len <= 0) openssl_failure("DER encoding");
    out.cert_der.resize(static_cast<std::size_t>(der_len));
    auto* p = reinterpret_cast<unsigned char*>(out.cert_der.data());
    i2d_X509(cert.get(), &p);
    return out;
}

// Standard base64 without '=' padding, as Go's base64.RawStdEncoding writes
// and go-plugin's client reads.
inline std::string base64_unpadded(std::string_view bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    while (!out.empty() && out.back() == '=') out.pop_back();
    return out;
}

// True when pem holds at least one X.509 certificate.
inline bool is_pem_certificate(std::string_view pem) {
    bio_ptr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    if (!bio) return false;
    x509_ptr cert(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
    return cert != nullptr;
}

}  // namespace tfpp::detail
