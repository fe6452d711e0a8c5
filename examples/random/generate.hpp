// What random values are made of: bytes from the operating system, strings
// with minimum counts per character class, bcrypt hashes (libxcrypt), UUIDs,
// pet names, and the encodings the resources store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace random_provider {

// n bytes from getrandom(2); throws std::system_error when the kernel has none.
std::string random_bytes(std::size_t n);
// Uniform in [0, n), n > 0, from random_bytes.
std::uint64_t random_below(std::uint64_t n);

struct string_options {
    std::int64_t length = 0;
    bool upper = true, lower = true, numeric = true, special = true;
    std::int64_t min_upper = 0, min_lower = 0, min_numeric = 0, min_special = 0;
    std::string override_special;  // empty: the default special characters
};
// The characters of `text`, each one UTF-8 sequence (invalid bytes count alone).
std::vector<std::string> characters(std::string_view text);
// A string of options.length characters: each minimum drawn from its class,
// the rest from the enabled classes, shuffled. std::nullopt when characters
// are still to be drawn and no class is enabled.
std::optional<std::string> random_string(const string_options& options);

// bcrypt ($2a$, cost 10) of the password; empty when libxcrypt fails.
std::string bcrypt_hash(std::string_view password);
// Whether the hash is a bcrypt hash of the password.
bool bcrypt_verifies(std::string_view hash, std::string_view password);

std::string hex(std::string_view bytes);
std::string base64_std(std::string_view bytes);
std::string base64_url_raw(std::string_view bytes);
std::optional<std::string> decode_base64_std(std::string_view text);
std::optional<std::string> decode_base64_url_raw(std::string_view text);
// The bytes as one big-endian unsigned number, in decimal.
std::string big_endian_decimal(std::string_view bytes);

// 8-4-4-4-12 lowercase hex of 16 bytes.
std::string format_uuid(std::string_view bytes16);
// hashicorp/go-uuid's form only (36 characters, hyphens at 8, 13, 18, 23).
std::optional<std::string> parse_uuid_strict(std::string_view text, std::string& error);
// google/uuid's forms: 36 characters, "urn:uuid:" + 36, "{...}" around 36, or 32 hex digits.
std::optional<std::string> parse_uuid_any(std::string_view text, std::string& error);
std::string uuid_v4();
std::string uuid_v7();

// `words` words: adverbs, then an adjective, then an animal (one word: an animal).
std::string pet_name(std::int64_t words, std::string_view separator);

}  // namespace random_provider
