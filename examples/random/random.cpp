#include "random.hpp"

#include "generate.hpp"
#include "go_random.hpp"

#include <charconv>
#include <cstring>
#include <limits>
#include <random>

namespace random_provider {

namespace {

// The two's complement sum, as Go's int arithmetic wraps.
std::int64_t wrapping_add(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}
std::int64_t wrapping_sub(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}

// An unseeded draw: a generator of the same kind, seeded from the system.
go_source unseeded_source() {
    std::int64_t seed = 0;
    const std::string b = random_bytes(sizeof seed);
    std::memcpy(&seed, b.data(), sizeof seed);
    return go_source(seed);
}

go_source source_for(const tfpp::value<std::string>& seed) {
    return seed.is_known() && !seed->empty() ? go_source::from_seed(*seed) : unseeded_source();
}

bool parse_int64(std::string_view text, std::int64_t& out) {
    if (text.starts_with('+')) text.remove_prefix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && end == text.data() + text.size() && !text.empty();
}

template <class M>
string_options options_of(const M& m, bool numeric) {
    string_options o;
    o.length = *m.length;
    o.upper = m.upper.value_or(true);
    o.lower = m.lower.value_or(true);
    o.numeric = numeric;
    o.special = m.special.value_or(true);
    o.min_upper = m.min_upper.value_or(0);
    o.min_lower = m.min_lower.value_or(0);
    o.min_numeric = m.min_numeric.value_or(0);
    o.min_special = m.min_special.value_or(0);
    o.override_special = m.override_special.value_or(std::string());
    return o;
}

// length must hold the minimums, and some class must be on for the rest;
// checked once every value is known (the Go provider crashes on the second).
template <class M>
void validate_string_options(const M& c, const tfpp::value<bool>& numeric, tfpp::context& ctx) {
    // A negative minimum crashes the Go provider.
    const std::pair<const tfpp::value<std::int64_t>*, const char*> minimums[] = {
        {&c.min_upper, "min_upper"}, {&c.min_lower, "min_lower"}, {&c.min_numeric, "min_numeric"},
        {&c.min_special, "min_special"}};
    bool negative = false;
    for (const auto& [m, name] : minimums)
        if (m->is_known() && **m < 0) {
            ctx.error("Invalid Attribute Value", std::string(name) + " must be at least 0, got " +
                                                     std::to_string(**m) + ".", name);
            negative = true;
        }
    if (negative || !c.length.is_known()) return;
    std::int64_t sum = 0;
    for (const auto& [m, name] : minimums) {
        if (m->is_unknown()) return;
        if (m->is_known()) sum += **m;
    }
    if (*c.length < sum) {
        ctx.error("Invalid Attribute Value",
                  "length must be at least the sum of min_upper, min_lower, min_numeric and min_special (" +
                      std::to_string(sum) + "), got " + std::to_string(*c.length) + ".",
                  "length");
        return;
    }
    for (const auto* b : {&c.upper, &c.lower, &c.special}) {
        if (b->is_unknown()) return;
        if (b->value_or(true)) return;
    }
    if (numeric.is_unknown() || numeric.value_or(true)) return;
    if (*c.length > sum)
        ctx.error("No characters to choose from",
                  "upper, lower, numeric and special are all false, so the " + std::to_string(*c.length - sum) +
                      " characters beyond the min_* counts have no class to come from; allow at least one.",
                  "length");
}

template <class M>
void validate_number_numeric(const M& c, tfpp::context& ctx) {
    if (c.number.is_known() && c.numeric.is_known() && *c.number != *c.numeric)
        ctx.error("Number and numeric are both configured with different values",
                  "number is deprecated and means the same as numeric: set numeric alone.", "number");
}

template <class M>
bool numeric_default(const M& config) {
    if (config.numeric.is_known()) return *config.numeric;
    if (config.number.is_known()) return *config.number;
    return true;
}

}  // namespace

bool numeric_default_password(const password_model& config) { return numeric_default(config); }
bool numeric_default_string(const string_model& config) { return numeric_default(config); }

bool keepers_replace(const tfpp::value<keepers_map>& prior, const tfpp::value<keepers_map>& planned) {
    auto all_null = [](const keepers_map& m) {
        for (const auto& [k, v] : m)
            if (!v.is_null()) return false;
        return true;
    };
    // As the Go provider's plan modifier: unknown keepers replace only an
    // object that had keepers, since no key of theirs is known to remain.
    if (prior.is_null()) return planned.is_known() && !all_null(*planned);
    if (!prior.is_known()) return true;
    if (!planned.is_known()) return !prior->empty();
    // A key with a null value that the prior state did not have is no change.
    for (const auto& [key, value] : *planned) {
        const auto it = prior->find(key);
        if (it == prior->end() ? !value.is_null() : !(it->second == value)) return true;
    }
    for (const auto& [key, value] : *prior)
        if (!planned->contains(key)) return true;
    return false;
}

bool override_special_replace(const tfpp::value<std::string>& prior, const tfpp::value<std::string>& planned) {
    return !(prior.is_known() && prior->empty() && planned.is_null());
}

// ---------------------------------------------------------------- random_bytes

std::optional<bytes_model> bytes_resource::create(model plan, tfpp::context&) {
    const std::string b = random_bytes(static_cast<std::size_t>(*plan.length));
    plan.base64 = base64_std(b);
    plan.hex = hex(b);
    return plan;
}

std::optional<bytes_model> bytes_resource::import_state(std::string_view id, tfpp::context& ctx) {
    const auto b = decode_base64_std(id);
    if (!b)
        return ctx.error("Import Random bytes Error",
                         "The import ID must be the bytes in standard base64 with padding, such as \"aGk=\".");
    model m;
    m.length = static_cast<std::int64_t>(b->size());
    m.base64 = std::string(id);
    m.hex = hex(*b);
    return m;
}

// ---------------------------------------------------------------- random_id

namespace {
void fill_id(id_model& m, const std::string& bytes) {
    const std::string prefix = m.prefix.value_or(std::string());
    m.id = base64_url_raw(bytes);
    m.b64_url = prefix + base64_url_raw(bytes);
    m.b64_std = prefix + base64_std(bytes);
    m.hex = prefix + hex(bytes);
    m.dec = prefix + big_endian_decimal(bytes);
}
}  // namespace

std::optional<id_model> id_resource::create(model plan, tfpp::context&) {
    fill_id(plan, random_bytes(static_cast<std::size_t>(*plan.byte_length)));
    return plan;
}

std::optional<id_model> id_resource::import_state(std::string_view id, tfpp::context& ctx) {
    model m;
    if (const auto comma = id.rfind(','); comma != std::string_view::npos) {
        if (comma > 0) m.prefix = std::string(id.substr(0, comma));  // ",x": no prefix, as in Go
        id = id.substr(comma + 1);
    }
    const auto b = decode_base64_url_raw(id);
    if (!b || b->empty())
        return ctx.error("Import Random ID Error",
                         "The import ID must be b64_url (URL-safe base64 without padding), or prefix,b64_url.");
    m.byte_length = static_cast<std::int64_t>(b->size());
    fill_id(m, *b);
    return m;
}

// ---------------------------------------------------------------- random_integer

void integer_resource::validate(const model& c, tfpp::context& ctx) {
    if (!c.min.is_known() || !c.max.is_known() || *c.min > *c.max) return;  // min > max fails at apply, as in Go
    if (wrapping_sub(wrapping_add(*c.max, 1), *c.min) <= 0)
        ctx.error("Range too large",
                  "max - min + 1 must fit a signed 64-bit integer; from " + std::to_string(*c.min) + " to " +
                      std::to_string(*c.max) + " it does not (the Go provider crashes here).",
                  "max");
}

std::optional<integer_model> integer_resource::create(model plan, tfpp::context& ctx) {
    const std::int64_t min = *plan.min, max = *plan.max;
    if (max < min)
        return ctx.error("Create Random Integer Error",
                         "The minimum (min) value needs to be smaller than or equal to maximum (max) value.", "min");
    const std::int64_t n = wrapping_sub(wrapping_add(max, 1), min);
    if (n <= 0) return ctx.error("Range too large", "max - min + 1 must fit a signed 64-bit integer.", "max");
    go_source source = source_for(plan.seed);
    const std::int64_t result = wrapping_add(source.intn(n), min);
    plan.result = result;
    plan.id = std::to_string(result);
    return plan;
}

std::optional<integer_model> integer_resource::import_state(std::string_view id, tfpp::context& ctx) {
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const auto comma = id.find(',', start);
        parts.push_back(id.substr(start, comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (parts.size() != 3 && parts.size() != 4)
        return ctx.error("Import Random Integer Error",
                         "Invalid import usage: expecting {result},{min},{max} or {result},{min},{max},{seed}");
    std::int64_t result = 0, min = 0, max = 0;
    const char* names[] = {"The value", "The min value", "The max value"};
    std::int64_t* outs[] = {&result, &min, &max};
    for (int i = 0; i < 3; ++i)
        if (!parse_int64(parts[static_cast<std::size_t>(i)], *outs[i]))
            return ctx.error("Import Random Integer Error",
                             std::string(names[i]) + " supplied could not be parsed as an integer.");
    model m;
    m.result = result;
    m.min = min;
    m.max = max;
    m.id = std::string(parts[0]);
    if (parts.size() == 4) m.seed = std::string(parts[3]);
    return m;
}

// ---------------------------------------------------------------- random_password, random_string

void password_resource::validate(const model& c, tfpp::context& ctx) {
    validate_number_numeric(c, ctx);
    validate_string_options(c, c.numeric.is_null() ? tfpp::value<bool>(c.number) : tfpp::value<bool>(c.numeric), ctx);
}
void string_resource::validate(const model& c, tfpp::context& ctx) {
    validate_number_numeric(c, ctx);
    validate_string_options(c, c.numeric.is_null() ? tfpp::value<bool>(c.number) : tfpp::value<bool>(c.numeric), ctx);
}

namespace {
template <class M>
std::optional<std::string> generate(const M& plan, bool numeric, tfpp::context& ctx) {
    auto s = random_string(options_of(plan, numeric));
    if (!s) ctx.error("No characters to choose from", "upper, lower, numeric and special are all false.", "length");
    return s;
}

// Import: the value itself, with every option at its default.
template <class M>
M imported_string(std::string_view id) {
    M m;
    m.result = std::string(id);
    m.length = static_cast<std::int64_t>(id.size());  // bytes, as the Go provider counts here
    m.special = m.upper = m.lower = m.number = m.numeric = true;
    m.min_special = m.min_upper = m.min_lower = m.min_numeric = 0;
    return m;
}
}  // namespace

std::optional<password_model> password_resource::create(model plan, tfpp::context& ctx) {
    auto s = generate(plan, *plan.numeric, ctx);
    if (!s) return std::nullopt;
    const std::string hash = bcrypt_hash(*s);
    if (hash.empty()) return ctx.error("Hash Generation Error", "bcrypt failed for the generated password.");
    plan.result = *s;
    plan.bcrypt_hash = hash;
    plan.id = "none";
    return plan;
}

std::optional<password_model> password_resource::import_state(std::string_view id, tfpp::context& ctx) {
    auto m = imported_string<model>(id);
    m.id = "none";
    m.bcrypt_hash = bcrypt_hash(id);
    if (m.bcrypt_hash->empty()) return ctx.error("Hash Generation Error", "bcrypt failed for the imported password.");
    return m;
}

std::optional<string_model> string_resource::create(model plan, tfpp::context& ctx) {
    auto s = generate(plan, *plan.numeric, ctx);
    if (!s) return std::nullopt;
    plan.result = *s;
    plan.id = *s;
    return plan;
}

std::optional<string_model> string_resource::import_state(std::string_view id, tfpp::context&) {
    auto m = imported_string<model>(id);
    m.id = std::string(id);
    return m;
}

namespace {
// What every upgrade does first: options a release stored as null (after an
// import with 3.3.1 or earlier) become their defaults, so nothing is replaced.
template <class From, class To>
void copy_options(const From& old, To& m) {
    m.id = old.id;
    m.keepers = old.keepers;
    m.length = old.length.is_null() ? static_cast<std::int64_t>(old.result.value_or(std::string()).size())
                                    : tfpp::value<std::int64_t>(old.length);
    m.special = old.special.is_null() ? true : tfpp::value<bool>(old.special);
    m.upper = old.upper.is_null() ? true : tfpp::value<bool>(old.upper);
    m.lower = old.lower.is_null() ? true : tfpp::value<bool>(old.lower);
    m.number = old.number.is_null() ? true : tfpp::value<bool>(old.number);
    m.min_numeric = old.min_numeric.is_null() ? 0 : tfpp::value<std::int64_t>(old.min_numeric);
    m.min_upper = old.min_upper.is_null() ? 0 : tfpp::value<std::int64_t>(old.min_upper);
    m.min_lower = old.min_lower.is_null() ? 0 : tfpp::value<std::int64_t>(old.min_lower);
    m.min_special = old.min_special.is_null() ? 0 : tfpp::value<std::int64_t>(old.min_special);
    m.override_special = old.override_special;  // 3.4.x's "" stays: the next plan moves it to null in place
    m.result = old.result;
}
}  // namespace

password_model_v1 password_resource::upgrade_state(password_model_v0 old, tfpp::context& ctx) {
    password_model_v1 m;
    copy_options(old, m);
    m.bcrypt_hash = bcrypt_hash(old.result.value_or(std::string()));
    if (m.bcrypt_hash->empty()) ctx.error("Hash Generation Error", "bcrypt failed for the stored password.");
    return m;
}

password_model_v2 password_resource::upgrade_state(password_model_v1 old, tfpp::context&) {
    password_model_v2 m;
    copy_options(old, m);
    m.bcrypt_hash = old.bcrypt_hash;
    m.numeric = m.number;
    return m;
}

std::optional<password_model> password_resource::upgrade_state(password_model_v2 old, tfpp::context& ctx) {
    password_model m;
    copy_options(old, m);
    m.numeric = m.number;  // as 3.9.0 does: version 2's numeric always equalled number
    m.bcrypt_hash = old.bcrypt_hash;
    // 3.4.x stored hashes that do not verify: make a new one.
    const std::string result = old.result.value_or(std::string());
    if (!bcrypt_verifies(old.bcrypt_hash.value_or(std::string()), result)) {
        m.bcrypt_hash = bcrypt_hash(result);
        if (m.bcrypt_hash->empty()) return ctx.error("Version 3 State Upgrade Error", "bcrypt failed.");
    }
    return m;
}

string_model_v1 string_resource::upgrade_state(string_model_v0 old, tfpp::context&) {
    string_model_v1 m;
    copy_options(old, m);
    return m;
}

string_model string_resource::upgrade_state(string_model_v1 old, tfpp::context&) {
    string_model m;
    copy_options(old, m);
    m.numeric = m.number;
    return m;
}

// ---------------------------------------------------------------- random_pet

std::optional<pet_model> pet_resource::create(model plan, tfpp::context&) {
    const std::string separator = *plan.separator;
    std::string name = pet_name(*plan.length, separator);
    if (plan.prefix.is_known()) name = *plan.prefix + separator + name;
    plan.id = name;
    return plan;
}

// ---------------------------------------------------------------- random_shuffle

// A negative count with elements to shuffle crashes the Go provider; with
// none it gives [], so that stays allowed.
void shuffle_resource::validate(const model& c, tfpp::context& ctx) {
    if (c.result_count.is_known() && *c.result_count < 0 && c.input.is_known() && !c.input->empty())
        ctx.error("Invalid Attribute Value",
                  "result_count must be at least 0, got " + std::to_string(*c.result_count) + ".", "result_count");
}

std::optional<shuffle_model> shuffle_resource::create(model plan, tfpp::context& ctx) {
    const auto& input = *plan.input;
    std::vector<tfpp::value<std::string>> result;
    const std::int64_t count =
        plan.result_count.is_known() ? *plan.result_count : static_cast<std::int64_t>(input.size());
    if (count < 0 && !input.empty())
        return ctx.error("Invalid Attribute Value", "result_count must be at least 0.", "result_count");
    if (count > 0 && !input.empty()) {
        go_source source = source_for(plan.seed);
        while (static_cast<std::int64_t>(result.size()) < count)
            for (std::int64_t i : source.perm(static_cast<std::int64_t>(input.size()))) {
                if (static_cast<std::int64_t>(result.size()) == count) break;
                result.push_back(input[static_cast<std::size_t>(i)]);
            }
    }
    plan.result = std::move(result);
    plan.id = "-";
    return plan;
}

// ---------------------------------------------------------------- UUIDs

template <uuid_kind Kind>
std::optional<uuid_model> uuid_operations<Kind>::create(model plan, tfpp::context&) {
    const std::string u = Kind == uuid_kind::random_bytes ? format_uuid(random_bytes(16))
                          : Kind == uuid_kind::version4   ? uuid_v4()
                                                          : uuid_v7();
    plan.result = u;
    plan.id = u;
    return plan;
}

template <uuid_kind Kind>
std::optional<uuid_model> uuid_operations<Kind>::import_state(std::string_view id, tfpp::context& ctx) {
    std::string error;
    const auto u = Kind == uuid_kind::random_bytes ? parse_uuid_strict(id, error) : parse_uuid_any(id, error);
    if (!u)
        return ctx.error("Import Random UUID Error",
                         "There was an error during the parsing of the UUID.\n\nOriginal Error: " + error);
    model m;
    m.result = *u;
    m.id = *u;
    return m;
}

template struct uuid_operations<uuid_kind::random_bytes>;
template struct uuid_operations<uuid_kind::version4>;
template struct uuid_operations<uuid_kind::version7>;

// ---------------------------------------------------------------- ephemeral resources

void ephemeral_password::validate(const model& c, tfpp::context& ctx) { validate_string_options(c, c.numeric, ctx); }

std::optional<ephemeral_password_model> ephemeral_password::open(model config, tfpp::context& ctx) {
    model m = config;
    m.special = config.special.value_or(true);
    m.upper = config.upper.value_or(true);
    m.lower = config.lower.value_or(true);
    m.numeric = config.numeric.value_or(true);
    m.min_numeric = config.min_numeric.value_or(0);
    m.min_upper = config.min_upper.value_or(0);
    m.min_lower = config.min_lower.value_or(0);
    m.min_special = config.min_special.value_or(0);
    auto s = generate(m, *m.numeric, ctx);
    if (!s) return std::nullopt;
    m.bcrypt_hash = bcrypt_hash(*s);
    if (m.bcrypt_hash->empty()) return ctx.error("Hash Generation Error", "bcrypt failed for the password.");
    m.result = *s;
    return m;
}

std::optional<ephemeral_bytes_model> ephemeral_bytes::open(model config, tfpp::context&) {
    const std::string b = random_bytes(static_cast<std::size_t>(*config.length));
    config.base64 = base64_std(b);
    config.hex = hex(b);
    return config;
}

}  // namespace random_provider
