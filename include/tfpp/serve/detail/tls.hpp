// AutoMTLS: go-plugin's client passes its certificate in PLUGIN_CLIENT_CERT and
// expects the plugin to present a fresh self-signed certificate, named in the
// handshake line. The profile mirrors go-plugin's own (CN and SAN localhost,
// CA:TRUE, server and client auth) so that Go's verifier accepts it.
#pragma once

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <ctime>
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

// The certificate is written as DER here, field by field: the profile is
// fixed and small, and OpenSSL 3's X509 functions cost more than the key.
// They look every name and extension up as text, and signing through
// EVP_DigestSign first builds OpenSSL's tables of signature algorithms and
// key managers; in a provider's start-up that is most of the certificate's
// cost. Only the key and the ECDSA signature come from OpenSSL.
namespace der {

inline std::string tlv(unsigned char tag, std::string_view content) {
    std::string out(1, static_cast<char>(tag));
    const std::size_t n = content.size();
    if (n < 0x80) {
        out += static_cast<char>(n);
    } else {
        unsigned char length[sizeof n];
        std::size_t bytes = 0;
        for (std::size_t rest = n; rest != 0; rest >>= 8) length[bytes++] = static_cast<unsigned char>(rest & 0xff);
        out += static_cast<char>(0x80 | bytes);
        while (bytes > 0) out += static_cast<char>(length[--bytes]);
    }
    out.append(content);
    return out;
}

template <class... Parts>
std::string sequence(const Parts&... parts) {
    std::string content;
    (content.append(parts), ...);
    return tlv(0x30, content);
}

// Object identifiers, encoded (tag and length included).
inline constexpr std::string_view ecdsa_with_sha256{"\x06\x08\x2a\x86\x48\xce\x3d\x04\x03\x02", 10};
inline constexpr std::string_view organization_name{"\x06\x03\x55\x04\x0a", 5};
inline constexpr std::string_view common_name{"\x06\x03\x55\x04\x03", 5};
inline constexpr std::string_view basic_constraints{"\x06\x03\x55\x1d\x13", 5};
inline constexpr std::string_view key_usage{"\x06\x03\x55\x1d\x0f", 5};
inline constexpr std::string_view ext_key_usage{"\x06\x03\x55\x1d\x25", 5};
inline constexpr std::string_view subject_alt_name{"\x06\x03\x55\x1d\x11", 5};
inline constexpr std::string_view server_auth{"\x06\x08\x2b\x06\x01\x05\x05\x07\x03\x01", 10};
inline constexpr std::string_view client_auth{"\x06\x08\x2b\x06\x01\x05\x05\x07\x03\x02", 10};
inline constexpr std::string_view boolean_true{"\x01\x01\xff", 3};

// UTCTime until 2049, GeneralizedTime from 2050 on (RFC 5280 4.1.2.5).
inline std::string time(std::time_t t) {
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    const int year = tm.tm_year + 1900;
    if (year < 2050) {
        std::snprintf(buf, sizeof buf, "%02d%02d%02d%02d%02d%02dZ", year % 100, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                      tm.tm_min, tm.tm_sec);
        return tlv(0x17, buf);
    }
    std::snprintf(buf, sizeof buf, "%04d%02d%02d%02d%02d%02dZ", year, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                  tm.tm_sec);
    return tlv(0x18, buf);
}

// A positive INTEGER from big-endian bytes, in its shortest form.
inline std::string positive_integer(std::string_view bytes) {
    while (bytes.size() > 1 && bytes[0] == '\0' && (static_cast<unsigned char>(bytes[1]) & 0x80) == 0)
        bytes.remove_prefix(1);
    std::string content;
    if (!bytes.empty() && (static_cast<unsigned char>(bytes[0]) & 0x80) != 0) content += '\0';
    content.append(bytes);
    return tlv(0x02, content);
}

inline std::string extension(std::string_view oid, bool critical, std::string_view value) {
    return sequence(oid, critical ? boolean_true : std::string_view(), tlv(0x04, value));
}

}  // namespace der

// The key, P-256, which go-plugin's client (Go's crypto/tls) accepts like any
// ECDSA key. OpenSSL 3 passes a key made through EVP_PKEY_* through its
// provider encoders and signs through tables it builds on first use; the
// EC_KEY functions, deprecated but kept by OpenSSL 3, generate, encode and
// sign with a P-256 key directly. Without them (OPENSSL_NO_DEPRECATED_3_0)
// the EVP functions are used; the certificate is the same.
#if !defined(OPENSSL_NO_DEPRECATED_3_0)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
struct ec_key_deleter {
    void operator()(EC_KEY* p) const noexcept { EC_KEY_free(p); }
};
using ec_key_ptr = std::unique_ptr<EC_KEY, ec_key_deleter>;

inline evp_pkey_ptr make_server_key() {
    ec_key_ptr ec(EC_KEY_new_by_curve_name(NID_X9_62_prime256v1));
    if (!ec || EC_KEY_generate_key(ec.get()) != 1) openssl_failure("key generation");
    evp_pkey_ptr key(EVP_PKEY_new());
    if (!key || EVP_PKEY_assign_EC_KEY(key.get(), ec.get()) != 1) openssl_failure("key generation");
    (void)ec.release();  // owned by key now
    return key;
}

// ECDSA with SHA-256: the DER Ecdsa-Sig-Value.
inline std::string sign_sha256(EVP_PKEY* key, std::string_view data) {
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256_CTX sha;
    if (SHA256_Init(&sha) != 1 || SHA256_Update(&sha, data.data(), data.size()) != 1 || SHA256_Final(digest, &sha) != 1)
        openssl_failure("signature");
    const ec_key_ptr ec(EVP_PKEY_get1_EC_KEY(key));
    ECDSA_SIG* sig = ec ? ECDSA_do_sign(digest, sizeof digest, ec.get()) : nullptr;
    if (sig == nullptr) openssl_failure("signature");
    unsigned char* der = nullptr;
    const int n = i2d_ECDSA_SIG(sig, &der);
    ECDSA_SIG_free(sig);
    if (n <= 0) openssl_failure("signature");
    std::string out(reinterpret_cast<const char*>(der), static_cast<std::size_t>(n));
    OPENSSL_free(der);
    return out;
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

inline std::string sign_sha256(EVP_PKEY* key, std::string_view data) {
    std::unique_ptr<EVP_MD_CTX, openssl_deleter<EVP_MD_CTX, EVP_MD_CTX_free>> ctx(EVP_MD_CTX_new());
    std::size_t n = 0;
    const auto* in = reinterpret_cast<const unsigned char*>(data.data());
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key) != 1 ||
        EVP_DigestSign(ctx.get(), nullptr, &n, in, data.size()) != 1)
        openssl_failure("signature");
    std::string out(n, '\0');
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(out.data()), &n, in, data.size()) != 1)
        openssl_failure("signature");
    out.resize(n);
    return out;
}

inline bool write_private_key_pem(BIO* bio, EVP_PKEY* key) {
    return PEM_write_bio_PrivateKey(bio, key, nullptr, nullptr, 0, nullptr, nullptr) == 1;
}
#endif

// A P-256 key and a self-signed certificate for "localhost", valid from 30
// seconds ago (clock skew) for 30 years, like go-plugin's: O=tfpp,
// CN=localhost, critical CA:TRUE, critical key usage digitalSignature,
// keyEncipherment, keyAgreement and keyCertSign, extended key usage server
// and client auth, SAN DNS:localhost, a random 127-bit serial number.
inline server_certificate make_server_certificate() {
    evp_pkey_ptr key = make_server_key();

    unsigned char serial[16];
    if (RAND_bytes(serial, sizeof serial) != 1) openssl_failure("serial number");
    serial[0] &= 0x7f;

    unsigned char* spki = nullptr;
    const int spki_len = i2d_PUBKEY(key.get(), &spki);
    if (spki_len <= 0) openssl_failure("public key");
    const std::string public_key(reinterpret_cast<const char*>(spki), static_cast<std::size_t>(spki_len));
    OPENSSL_free(spki);

    const std::string algorithm = der::sequence(der::ecdsa_with_sha256);
    const std::string name = der::sequence(der::tlv(0x31, der::sequence(der::organization_name, der::tlv(0x0c, "tfpp"))),
                                           der::tlv(0x31, der::sequence(der::common_name, der::tlv(0x0c, "localhost"))));
    const std::time_t now = std::time(nullptr);
    const std::string extensions = der::sequence(
        der::extension(der::basic_constraints, true, der::sequence(der::boolean_true)),
        // digitalSignature (bit 0), keyEncipherment (2), keyAgreement (4), keyCertSign (5)
        der::extension(der::key_usage, true, der::tlv(0x03, std::string_view("\x02\xac", 2))),
        der::extension(der::ext_key_usage, false, der::sequence(der::server_auth, der::client_auth)),
        der::extension(der::subject_alt_name, false, der::sequence(der::tlv(0x82, "localhost"))));
    const std::string tbs = der::sequence(
        der::tlv(0xa0, der::positive_integer(std::string_view("\x02", 1))),  // version 3
        der::positive_integer(std::string_view(reinterpret_cast<const char*>(serial), sizeof serial)), algorithm, name,
        der::sequence(der::time(now - 30), der::time(now + 30L * 365 * 24 * 3600)), name, public_key,
        der::tlv(0xa3, extensions));
    const std::string signature = '\0' + sign_sha256(key.get(), tbs);  // a BIT STRING without unused bits

    server_certificate out;
    out.cert_der = der::sequence(tbs, algorithm, der::tlv(0x03, signature));
    bio_ptr key_bio(BIO_new(BIO_s_mem()));
    bio_ptr cert_bio(BIO_new(BIO_s_mem()));
    if (!key_bio || !cert_bio || !write_private_key_pem(key_bio.get(), key.get()) ||
        PEM_write_bio(cert_bio.get(), "CERTIFICATE", "", reinterpret_cast<const unsigned char*>(out.cert_der.data()),
                      static_cast<long>(out.cert_der.size())) <= 0)
        openssl_failure("PEM encoding");
    out.key_pem = bio_contents(key_bio.get());
    out.cert_pem = bio_contents(cert_bio.get());
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
