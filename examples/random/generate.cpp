#include "generate.hpp"

#include <crypt.h>
#include <sys/random.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <system_error>

namespace random_provider {

std::string random_bytes(std::size_t n) {
    std::string out(n, '\0');
    std::size_t done = 0;
    while (done < n) {
        const ssize_t got = ::getrandom(out.data() + done, n - done, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(), "getrandom");
        }
        done += static_cast<std::size_t>(got);
    }
    return out;
}

std::uint64_t random_below(std::uint64_t n) {
    // Rejection sampling: no value is likelier than another.
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    for (;;) {
        std::uint64_t v = 0;
        const std::string b = random_bytes(sizeof v);
        std::memcpy(&v, b.data(), sizeof v);
        if (v < limit) return v % n;
    }
}

std::vector<std::string> characters(std::string_view text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 1;
        if (i + n > text.size()) n = 1;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) n = 1;
        out.emplace_back(text.substr(i, n));
        i += n;
    }
    return out;
}

std::optional<std::string> random_string(const string_options& o) {
    static const std::vector<std::string> digits = characters("0123456789");
    static const std::vector<std::string> lowers = characters("abcdefghijklmnopqrstuvwxyz");
    static const std::vector<std::string> uppers = characters("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    static const std::vector<std::string> default_specials = characters("!@#$%&*()-_=+[]{}<>:?");
    const std::vector<std::string> specials =
        o.override_special.empty() ? default_specials : characters(o.override_special);

    std::vector<std::string> pool;
    auto enable = [&](bool on, const std::vector<std::string>& set) {
        if (on) pool.insert(pool.end(), set.begin(), set.end());
    };
    enable(o.upper, uppers);
    enable(o.lower, lowers);
    enable(o.numeric, digits);
    enable(o.special, specials);

    std::vector<std::string> chosen;
    auto draw = [&](const std::vector<std::string>& set, std::int64_t count) {
        for (std::int64_t i = 0; i < count && !set.empty(); ++i) chosen.push_back(set[random_below(set.size())]);
    };
    // A minimum draws from its class even when the class is switched off, as the Go provider does.
    draw(digits, o.min_numeric);
    draw(lowers, o.min_lower);
    draw(uppers, o.min_upper);
    draw(specials, o.min_special);
    const std::int64_t rest = o.length - static_cast<std::int64_t>(chosen.size());
    if (rest > 0 && pool.empty()) return std::nullopt;
    draw(pool, rest);
    for (std::size_t i = chosen.size(); i > 1; --i) std::swap(chosen[i - 1], chosen[random_below(i)]);
    std::string out;
    for (const auto& c : chosen) out += c;
    return out;
}

std::string bcrypt_hash(std::string_view password) {
    const std::string salt_bytes = random_bytes(16);
    std::array<char, CRYPT_GENSALT_OUTPUT_SIZE> salt{};
    if (!::crypt_gensalt_rn("$2a$", 10, salt_bytes.data(), static_cast<int>(salt_bytes.size()), salt.data(),
                            static_cast<int>(salt.size())))
        return {};
    crypt_data data{};
    const std::string text(password);
    const char* hash = ::crypt_r(text.c_str(), salt.data(), &data);
    return hash && hash[0] == '$' ? std::string(hash) : std::string();
}

bool bcrypt_verifies(std::string_view hash, std::string_view password) {
    if (!hash.starts_with("$2")) return false;
    crypt_data data{};
    const std::string text(password), setting(hash);
    const char* again = ::crypt_r(text.c_str(), setting.c_str(), &data);
    return again && setting == again;
}

std::string hex(std::string_view bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : bytes) {
        out += digits[b >> 4];
        out += digits[b & 0xf];
    }
    return out;
}

namespace {

std::string base64(std::string_view bytes, const char* alphabet, bool pad) {
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 | static_cast<unsigned char>(bytes[i + 1]) << 8 |
                           static_cast<unsigned char>(bytes[i + 2]);
        for (int s = 18; s >= 0; s -= 6) out += alphabet[(v >> s) & 63];
    }
    const std::size_t left = bytes.size() - i;
    if (left > 0) {
        unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        if (left == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        if (left == 2) out += alphabet[(v >> 6) & 63];
        if (pad) out.append(3 - left, '=');
    }
    return out;
}

// Strict decoding as Go's encoding/base64: padding exactly as the encoding
// says, no stray characters, unused bits zero.
std::optional<std::string> unbase64(std::string_view text, const char* alphabet, bool padded) {
    if (padded) {
        if (text.size() % 4 != 0) return std::nullopt;
        std::size_t pads = 0;
        while (pads < 2 && pads < text.size() && text[text.size() - 1 - pads] == '=') ++pads;
        text.remove_suffix(pads);
    }
    if (text.size() % 4 == 1) return std::nullopt;
    std::string out;
    unsigned acc = 0;
    int bits = 0;
    for (char c : text) {
        const char* at = std::strchr(alphabet, c);
        if (c == '\0' || !at) return std::nullopt;
        acc = (acc << 6) | static_cast<unsigned>(at - alphabet);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xff);
        }
    }
    if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) return std::nullopt;
    return out;
}

constexpr const char* std_alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr const char* url_alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

}  // namespace

std::string base64_std(std::string_view bytes) { return base64(bytes, std_alphabet, true); }
std::string base64_url_raw(std::string_view bytes) { return base64(bytes, url_alphabet, false); }
std::optional<std::string> decode_base64_std(std::string_view text) { return unbase64(text, std_alphabet, true); }
std::optional<std::string> decode_base64_url_raw(std::string_view text) { return unbase64(text, url_alphabet, false); }

std::string big_endian_decimal(std::string_view bytes) {
    std::vector<unsigned> number(bytes.begin(), bytes.end());  // base 256, most significant first
    for (auto& d : number) d &= 0xff;
    std::string digits;
    while (!number.empty()) {
        unsigned remainder = 0;
        std::vector<unsigned> quotient;
        for (unsigned d : number) {
            const unsigned cur = remainder * 256 + d;
            if (!quotient.empty() || cur / 10 != 0) quotient.push_back(cur / 10);
            remainder = cur % 10;
        }
        digits += static_cast<char>('0' + remainder);
        number = std::move(quotient);
    }
    if (digits.empty()) digits = "0";
    std::reverse(digits.begin(), digits.end());
    return digits;
}

std::string format_uuid(std::string_view b) {
    const std::string h = hex(b);
    return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" + h.substr(20);
}

namespace {

std::optional<std::string> hex_bytes(std::string_view h) {
    std::string out;
    for (std::size_t i = 0; i + 1 < h.size(); i += 2) {
        auto nibble = [](char c) -> int {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            if (c >= 'A' && c <= 'F') return c - 'A' + 10;
            return -1;
        };
        const int hi = nibble(h[i]), lo = nibble(h[i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        out += static_cast<char>(hi << 4 | lo);
    }
    return out;
}

std::optional<std::string> hyphenated(std::string_view t) {
    if (t.size() != 36 || t[8] != '-' || t[13] != '-' || t[18] != '-' || t[23] != '-') return std::nullopt;
    std::string digits;
    for (std::size_t i = 0; i < t.size(); ++i)
        if (i != 8 && i != 13 && i != 18 && i != 23) digits += t[i];
    return hex_bytes(digits);
}

}  // namespace

std::optional<std::string> parse_uuid_strict(std::string_view text, std::string& error) {
    if (text.size() != 36) {
        error = "uuid string is wrong length";
        return std::nullopt;
    }
    auto bytes = hyphenated(text);
    if (!bytes) {
        error = "uuid is improperly formatted";
        return std::nullopt;
    }
    return format_uuid(*bytes);
}

std::optional<std::string> parse_uuid_any(std::string_view text, std::string& error) {
    std::optional<std::string> bytes;
    if (text.size() == 36) bytes = hyphenated(text);
    else if (text.size() == 45 && text.starts_with("urn:uuid:")) bytes = hyphenated(text.substr(9));
    else if (text.size() == 38 && text.front() == '{' && text.back() == '}') bytes = hyphenated(text.substr(1, 36));
    else if (text.size() == 32) bytes = hex_bytes(text);
    else {
        error = "invalid UUID length: " + std::to_string(text.size());
        return std::nullopt;
    }
    if (!bytes) {
        error = "invalid UUID format";
        return std::nullopt;
    }
    return format_uuid(*bytes);
}

std::string uuid_v4() {
    std::string b = random_bytes(16);
    b[6] = static_cast<char>((b[6] & 0x0f) | 0x40);
    b[8] = static_cast<char>((b[8] & 0x3f) | 0x80);
    return format_uuid(b);
}

std::string uuid_v7() {
    std::string b = random_bytes(16);
    const auto ms = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                   std::chrono::system_clock::now().time_since_epoch())
                                                   .count());
    for (int i = 0; i < 6; ++i) b[static_cast<std::size_t>(i)] = static_cast<char>((ms >> (40 - 8 * i)) & 0xff);
    b[6] = static_cast<char>((b[6] & 0x0f) | 0x70);
    b[8] = static_cast<char>((b[8] & 0x3f) | 0x80);
    return format_uuid(b);
}

namespace {

// Our own lists: lowercase ASCII words, as the names end up in hostnames.
constexpr std::array adverbs{"boldly",   "briskly", "calmly",  "deftly",   "eagerly", "evenly",   "fairly",
                             "firmly",   "gently",  "gladly",  "keenly",   "kindly",  "lightly",  "loudly",
                             "merrily",  "neatly",  "nimbly",  "openly",   "plainly", "promptly", "quickly",
                             "quietly",  "rarely",  "readily", "smoothly", "softly",  "steadily", "swiftly",
                             "tenderly", "truly",   "vastly",  "warmly",   "wildly",  "wisely"};
constexpr std::array adjectives{"amber",  "brave",  "bright", "clever", "cosmic", "crisp",  "daring", "eager",
                                "fancy",  "fluent", "gentle", "golden", "hardy",  "honest", "jolly",  "lively",
                                "lucky",  "mellow", "mighty", "noble",  "polite", "proud",  "quiet",  "rapid",
                                "shiny",  "silent", "sturdy", "sunny",  "tidy",   "vivid",  "witty",  "zesty"};
constexpr std::array animals{"badger", "beaver", "bison",   "condor", "cougar",  "coyote",  "crane",  "dingo",
                             "falcon", "ferret", "gecko",   "heron",  "ibex",    "jackal",  "koala",  "lemur",
                             "lynx",   "marmot", "meerkat", "moose",  "narwhal", "ocelot",  "osprey", "otter",
                             "panda",  "puffin", "quokka",  "raven",  "salmon",  "tapir",   "walrus", "wombat"};

template <class List>
std::string pick(const List& list) {
    return list[random_below(list.size())];
}

}  // namespace

std::string pet_name(std::int64_t words, std::string_view separator) {
    if (words <= 1) return pick(animals);
    std::string out;
    for (std::int64_t i = 0; i < words - 2; ++i) out += pick(adverbs) + std::string(separator);
    return out + pick(adjectives) + std::string(separator) + pick(animals);
}

}  // namespace random_provider
