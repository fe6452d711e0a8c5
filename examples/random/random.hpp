// hashicorp/random written with tfpp: the same resources, schemas, plans,
// import formats and state upgrades, so that a configuration and a state
// written for the Go provider (releases 2.2.1 to 3.9.0) work unchanged.
//
//   resource "random_password" "db" {
//     length           = 24
//     override_special = "!#%-_=+"
//     keepers          = { rotate = "2024-01" }   # a change makes a new password
//   }
//
// Handlers in random.cpp; the generators (the seeded Go source, strings,
// bcrypt, UUIDs, pet names) in generate.hpp.
#pragma once

#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace random_provider {

// Keepers: any change replaces the object, except keys with null values
// that a release on terraform-plugin-sdk never stored.
using keepers_map = std::map<std::string, tfpp::value<std::string>>;
bool keepers_replace(const tfpp::value<keepers_map>& prior, const tfpp::value<keepers_map>& planned);
using keepers_attribute = tfpp::optional<keepers_map, tfpp::requires_replace_if<&keepers_replace>>;

// The keepers' description, shared by every resource.
inline constexpr std::string_view keepers_doc =
    "Arbitrary values that, when any of them changes, make a new object (and a new random value). Keys "
    "whose value is null count as absent.";

// ---------------------------------------------------------------- random_bytes

struct bytes_model {
    tfpp::required<std::int64_t, tfpp::at_least<1>, tfpp::requires_replace> length;
    // Newer than terraform-plugin-sdk: any change of keepers replaces, null values too (as in Go).
    tfpp::optional<keepers_map, tfpp::requires_replace> keepers;
    tfpp::computed<std::string, tfpp::sensitive, tfpp::use_state_for_unknown> base64;
    tfpp::computed<std::string, tfpp::sensitive, tfpp::use_state_for_unknown> hex;

    struct docs {
        tfpp::doc length{"How many random bytes to draw; at least 1."};
        tfpp::doc keepers{"Arbitrary values that, when any of them changes, make new bytes."};
        tfpp::doc base64{"The bytes in standard base64, with padding."};
        tfpp::doc hex{"The bytes in lowercase hexadecimal."};
    };
};

struct bytes_resource {
    using model = bytes_model;
    static constexpr std::string_view type_name = "random_bytes";
    static constexpr tfpp::doc doc{.markdown =
                                       "Random bytes from the operating system's cryptographic generator, "
                                       "for keys and salts. They are sensitive. Import takes the bytes in "
                                       "standard base64: `terraform import random_bytes.key <base64>`."};
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx);
};

// ---------------------------------------------------------------- random_id

struct id_model {
    tfpp::required<std::int64_t, tfpp::at_least<1>, tfpp::requires_replace> byte_length;
    tfpp::optional<std::string, tfpp::requires_replace> prefix;
    keepers_attribute keepers;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> b64_url;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> b64_std;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> hex;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> dec;

    struct docs {
        tfpp::doc byte_length{"How many random bytes the identifier has; at least 1."};
        tfpp::doc prefix{"Text put in front of b64_url, b64_std, hex and dec (not of id)."};
        tfpp::doc keepers{keepers_doc};
        tfpp::doc id{"The bytes in URL-safe base64 without padding, without the prefix."};
        tfpp::doc b64_url{"The prefix and the bytes in URL-safe base64 without padding."};
        tfpp::doc b64_std{"The prefix and the bytes in standard base64 with padding."};
        tfpp::doc hex{"The prefix and the bytes in lowercase hexadecimal."};
        tfpp::doc dec{"The prefix and the bytes read as one big-endian unsigned number, in decimal."};
    };
};

struct id_resource {
    using model = id_model;
    static constexpr std::string_view type_name = "random_id";
    static constexpr tfpp::doc doc{.markdown =
                                       "A random identifier, in several encodings, for names that must be "
                                       "unique. Import takes `b64_url`, or `prefix,b64_url`."};
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx);
};

// ---------------------------------------------------------------- random_integer

struct integer_model {
    tfpp::required<std::int64_t, tfpp::requires_replace> min;
    tfpp::required<std::int64_t, tfpp::requires_replace> max;
    tfpp::optional<std::string, tfpp::requires_replace> seed;
    keepers_attribute keepers;
    tfpp::computed<std::int64_t, tfpp::use_state_for_unknown> result;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs {
        tfpp::doc min{"The smallest value the result may take."};
        tfpp::doc max{"The largest value the result may take."};
        tfpp::doc seed{"Makes the result reproducible: the same seed and range give the same result as the Go "
                       "provider gives."};
        tfpp::doc keepers{keepers_doc};
        tfpp::doc result{"The random integer."};
        tfpp::doc id{"The result, in decimal."};
    };
};

struct integer_resource {
    using model = integer_model;
    static constexpr std::string_view type_name = "random_integer";
    static constexpr tfpp::doc doc{.markdown =
                                       "A random integer between `min` and `max`, both included. Import "
                                       "takes `result,min,max` or `result,min,max,seed`."};
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    void validate(const model& config, tfpp::context& ctx);
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx);
};

// ---------------------------------------------------------------- random_password, random_string

struct password_model;
struct string_model;
// number (deprecated) and numeric say the same; each defaults to the other.
bool numeric_default_password(const password_model& config);
bool numeric_default_string(const string_model& config);
// override_special "" (written by 3.4.x) becoming null is an update in place.
bool override_special_replace(const tfpp::value<std::string>& prior, const tfpp::value<std::string>& planned);

using class_switch = tfpp::optional_computed<bool, tfpp::default_value<true>, tfpp::requires_replace>;
using class_minimum = tfpp::optional_computed<std::int64_t, tfpp::default_value<0>, tfpp::requires_replace>;
using override_special_attribute =
    tfpp::optional<std::string, tfpp::requires_replace_if<&override_special_replace>>;

struct password_model {
    tfpp::required<std::int64_t, tfpp::at_least<1>, tfpp::requires_replace> length;
    keepers_attribute keepers;
    class_switch special;
    class_switch upper;
    class_switch lower;
    tfpp::optional_computed<bool, tfpp::default_from<&numeric_default_password>, tfpp::requires_replace,
                            tfpp::deprecated<"**NOTE**: This is deprecated, use `numeric` instead.">>
        number;
    tfpp::optional_computed<bool, tfpp::default_from<&numeric_default_password>, tfpp::requires_replace> numeric;
    class_minimum min_numeric;
    class_minimum min_upper;
    class_minimum min_lower;
    class_minimum min_special;
    override_special_attribute override_special;
    tfpp::computed<std::string, tfpp::sensitive, tfpp::use_state_for_unknown> result;
    tfpp::computed<std::string, tfpp::sensitive, tfpp::use_state_for_unknown> bcrypt_hash;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs;
};

struct string_model {
    tfpp::required<std::int64_t, tfpp::at_least<1>, tfpp::requires_replace> length;
    keepers_attribute keepers;
    class_switch special;
    class_switch upper;
    class_switch lower;
    tfpp::optional_computed<bool, tfpp::default_from<&numeric_default_string>, tfpp::requires_replace,
                            tfpp::deprecated<"**NOTE**: This is deprecated, use `numeric` instead.">>
        number;
    tfpp::optional_computed<bool, tfpp::default_from<&numeric_default_string>, tfpp::requires_replace> numeric;
    class_minimum min_numeric;
    class_minimum min_upper;
    class_minimum min_lower;
    class_minimum min_special;
    override_special_attribute override_special;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> result;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs;
};

// The options random_password and random_string share, documented once for both.
struct password_model::docs {
    tfpp::doc length{"How many characters the result has; at least 1, and at least the sum of the min_* counts."};
    tfpp::doc keepers{keepers_doc};
    tfpp::doc special{"Whether special characters may appear (`!@#$%&*()-_=+[]{}<>:?`, or override_special)."};
    tfpp::doc upper{"Whether uppercase letters A-Z may appear."};
    tfpp::doc lower{"Whether lowercase letters a-z may appear."};
    tfpp::doc number{"The old name of numeric; use numeric."};
    tfpp::doc numeric{"Whether digits 0-9 may appear. Defaults to true, or to number when that is set."};
    tfpp::doc min_numeric{"At least this many digits."};
    tfpp::doc min_upper{"At least this many uppercase letters."};
    tfpp::doc min_lower{"At least this many lowercase letters."};
    tfpp::doc min_special{"At least this many special characters."};
    tfpp::doc override_special{"The special characters to draw from instead of the default ones, counted in "
                               "characters (any Unicode text); special must stay true for them to be used."};
    tfpp::doc result{"The generated password."};
    tfpp::doc bcrypt_hash{"A bcrypt hash (`$2a$`, cost 10) of result."};
    tfpp::doc id{"Always \"none\"."};
};

struct string_model::docs {
    tfpp::doc length{"How many characters the result has; at least 1, and at least the sum of the min_* counts."};
    tfpp::doc keepers{keepers_doc};
    tfpp::doc special{"Whether special characters may appear (`!@#$%&*()-_=+[]{}<>:?`, or override_special)."};
    tfpp::doc upper{"Whether uppercase letters A-Z may appear."};
    tfpp::doc lower{"Whether lowercase letters a-z may appear."};
    tfpp::doc number{"The old name of numeric; use numeric."};
    tfpp::doc numeric{"Whether digits 0-9 may appear. Defaults to true, or to number when that is set."};
    tfpp::doc min_numeric{"At least this many digits."};
    tfpp::doc min_upper{"At least this many uppercase letters."};
    tfpp::doc min_lower{"At least this many lowercase letters."};
    tfpp::doc min_special{"At least this many special characters."};
    tfpp::doc override_special{"The special characters to draw from instead of the default ones, counted in "
                               "characters (any Unicode text); special must stay true for them to be used."};
    tfpp::doc result{"The generated string."};
    tfpp::doc id{"The generated string, as result."};
};

// The models of random_password's earlier schema versions: 0 (until 3.1.x),
// 1 (3.2.x, with bcrypt_hash), 2 (3.3.x, with numeric).
struct password_model_v0 {
    tfpp::optional<std::string> id;
    tfpp::optional<keepers_map> keepers;
    tfpp::optional<std::int64_t> length;
    tfpp::optional<bool> special;
    tfpp::optional<bool> upper;
    tfpp::optional<bool> lower;
    tfpp::optional<bool> number;
    tfpp::optional<std::int64_t> min_numeric;
    tfpp::optional<std::int64_t> min_upper;
    tfpp::optional<std::int64_t> min_lower;
    tfpp::optional<std::int64_t> min_special;
    tfpp::optional<std::string> override_special;
    tfpp::optional<std::string, tfpp::sensitive> result;
};
struct password_model_v1 {
    tfpp::optional<std::string> id;
    tfpp::optional<keepers_map> keepers;
    tfpp::optional<std::int64_t> length;
    tfpp::optional<bool> special;
    tfpp::optional<bool> upper;
    tfpp::optional<bool> lower;
    tfpp::optional<bool> number;
    tfpp::optional<std::int64_t> min_numeric;
    tfpp::optional<std::int64_t> min_upper;
    tfpp::optional<std::int64_t> min_lower;
    tfpp::optional<std::int64_t> min_special;
    tfpp::optional<std::string> override_special;
    tfpp::optional<std::string, tfpp::sensitive> result;
    tfpp::optional<std::string, tfpp::sensitive> bcrypt_hash;
};
struct password_model_v2 {
    tfpp::optional<std::string> id;
    tfpp::optional<keepers_map> keepers;
    tfpp::optional<std::int64_t> length;
    tfpp::optional<bool> special;
    tfpp::optional<bool> upper;
    tfpp::optional<bool> lower;
    tfpp::optional<bool> number;
    tfpp::optional<std::int64_t> min_numeric;
    tfpp::optional<std::int64_t> min_upper;
    tfpp::optional<std::int64_t> min_lower;
    tfpp::optional<std::int64_t> min_special;
    tfpp::optional<std::string> override_special;
    tfpp::optional<std::string, tfpp::sensitive> result;
    tfpp::optional<std::string, tfpp::sensitive> bcrypt_hash;
    tfpp::optional<bool> numeric;
};

// random_string's earlier versions: 0 (before 2.2, flatmap) and 1 (until
// 3.2.x), both without numeric.
struct string_model_v0 {
    tfpp::optional<std::string> id;
    tfpp::optional<keepers_map> keepers;
    tfpp::optional<std::int64_t> length;
    tfpp::optional<bool> special;
    tfpp::optional<bool> upper;
    tfpp::optional<bool> lower;
    tfpp::optional<bool> number;
    tfpp::optional<std::int64_t> min_numeric;
    tfpp::optional<std::int64_t> min_upper;
    tfpp::optional<std::int64_t> min_lower;
    tfpp::optional<std::int64_t> min_special;
    tfpp::optional<std::string> override_special;
    tfpp::optional<std::string> result;
};
struct string_model_v1 {
    tfpp::optional<std::string> id;
    tfpp::optional<keepers_map> keepers;
    tfpp::optional<std::int64_t> length;
    tfpp::optional<bool> special;
    tfpp::optional<bool> upper;
    tfpp::optional<bool> lower;
    tfpp::optional<bool> number;
    tfpp::optional<std::int64_t> min_numeric;
    tfpp::optional<std::int64_t> min_upper;
    tfpp::optional<std::int64_t> min_lower;
    tfpp::optional<std::int64_t> min_special;
    tfpp::optional<std::string> override_special;
    tfpp::optional<std::string> result;
};

struct password_resource {
    using model = password_model;
    static constexpr std::string_view type_name = "random_password";
    static constexpr tfpp::doc doc{.markdown =
                                       "A random password from the operating system's cryptographic "
                                       "generator, with a bcrypt hash of it. The same options as "
                                       "random_string, but the result is sensitive. Import takes the "
                                       "password itself."};
    static constexpr std::int64_t schema_version = 3;
    using prior_models = tfpp::type_list<password_model_v0, password_model_v1, password_model_v2>;
    password_model_v1 upgrade_state(password_model_v0 old, tfpp::context& ctx);
    password_model_v2 upgrade_state(password_model_v1 old, tfpp::context& ctx);
    std::optional<password_model> upgrade_state(password_model_v2 old, tfpp::context& ctx);

    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    void validate(const model& config, tfpp::context& ctx);
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx);
};

struct string_resource {
    using model = string_model;
    static constexpr std::string_view type_name = "random_string";
    static constexpr tfpp::doc doc{.markdown =
                                       "A random string of letters, digits and special characters, with "
                                       "minimum counts per class, shown in plans (random_password hides "
                                       "it). Import takes the string itself."};
    static constexpr std::int64_t schema_version = 2;
    using prior_models = tfpp::type_list<string_model_v0, string_model_v1>;
    string_model_v1 upgrade_state(string_model_v0 old, tfpp::context& ctx);
    string_model upgrade_state(string_model_v1 old, tfpp::context& ctx);

    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    void validate(const model& config, tfpp::context& ctx);
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx);
};

// ---------------------------------------------------------------- random_pet

struct pet_model {
    tfpp::optional_computed<std::int64_t, tfpp::default_value<2>, tfpp::at_least<1>, tfpp::requires_replace> length;
    tfpp::optional<std::string, tfpp::requires_replace> prefix;
    tfpp::optional_computed<std::string, tfpp::default_value<"-">, tfpp::requires_replace> separator;
    keepers_attribute keepers;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs {
        tfpp::doc length{"How many words the name has: adverbs, then an adjective, then an animal."};
        tfpp::doc prefix{"A first word put in front of the name."};
        tfpp::doc separator{"What goes between the words."};
        tfpp::doc keepers{keepers_doc};
        tfpp::doc id{"The name, such as \"quietly-brave-otter\"."};
    };
};

struct pet_resource {
    using model = pet_model;
    static constexpr std::string_view type_name = "random_pet";
    static constexpr tfpp::doc doc{.markdown = "A random name made of words, for servers and buckets."};
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

// ---------------------------------------------------------------- random_shuffle

struct shuffle_model {
    tfpp::required<std::vector<tfpp::value<std::string>>, tfpp::requires_replace> input;
    tfpp::optional<std::string, tfpp::requires_replace> seed;
    tfpp::optional<std::int64_t, tfpp::requires_replace> result_count;
    keepers_attribute keepers;
    tfpp::computed<std::vector<tfpp::value<std::string>>, tfpp::use_state_for_unknown> result;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs {
        tfpp::doc input{"The elements to shuffle."};
        tfpp::doc seed{"Makes the order reproducible: the same seed and input give the order the Go provider "
                       "gives."};
        tfpp::doc result_count{"How many elements the result has; more than input has repeats further "
                               "permutations. Defaults to the length of input."};
        tfpp::doc keepers{keepers_doc};
        tfpp::doc result{"The shuffled elements."};
        tfpp::doc id{"Always \"-\"."};
    };
};

struct shuffle_resource {
    using model = shuffle_model;
    static constexpr std::string_view type_name = "random_shuffle";
    static constexpr tfpp::doc doc{.markdown = "The elements of a list in a random order."};
    std::optional<model> create(model plan, tfpp::context& ctx);
    void validate(const model& config, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
};

// ---------------------------------------------------------------- random_uuid, random_uuid4, random_uuid7

struct uuid_model {
    keepers_attribute keepers;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> result;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs {
        tfpp::doc keepers{keepers_doc};
        tfpp::doc result{"The UUID, in lowercase 8-4-4-4-12 form."};
        tfpp::doc id{"The UUID, as result."};
    };
};

enum class uuid_kind { random_bytes, version4, version7 };

template <uuid_kind Kind>
struct uuid_operations {
    using model = uuid_model;
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context&) { return state; }
    std::optional<model> update(model plan, const model&, tfpp::context&) { return plan; }
    void destroy(const model&, tfpp::context&) {}
    std::optional<model> import_state(std::string_view id, tfpp::context& ctx);
};

struct uuid_resource : uuid_operations<uuid_kind::random_bytes> {
    static constexpr std::string_view type_name = "random_uuid";
    static constexpr tfpp::doc doc{.markdown =
                                       "Sixteen random bytes written as a UUID (no version or variant bits "
                                       "set, as the Go provider makes them). Import takes the UUID."};
};
struct uuid4_resource : uuid_operations<uuid_kind::version4> {
    static constexpr std::string_view type_name = "random_uuid4";
    static constexpr tfpp::doc doc{.markdown = "A version 4 (random) UUID of RFC 9562. Import takes the UUID."};
};
struct uuid7_resource : uuid_operations<uuid_kind::version7> {
    static constexpr std::string_view type_name = "random_uuid7";
    static constexpr tfpp::doc doc{.markdown =
                                       "A version 7 UUID of RFC 9562: the time in milliseconds, then random "
                                       "bits, so they sort by creation. Import takes the UUID."};
};

// ---------------------------------------------------------------- ephemeral resources

struct ephemeral_password_model {
    tfpp::required<std::int64_t, tfpp::at_least<1>> length;
    tfpp::optional_computed<bool> special;
    tfpp::optional_computed<bool> upper;
    tfpp::optional_computed<bool> lower;
    tfpp::optional_computed<bool> numeric;
    tfpp::optional_computed<std::int64_t> min_numeric;
    tfpp::optional_computed<std::int64_t> min_upper;
    tfpp::optional_computed<std::int64_t> min_lower;
    tfpp::optional_computed<std::int64_t> min_special;
    tfpp::optional<std::string> override_special;
    tfpp::computed<std::string, tfpp::sensitive> result;
    tfpp::computed<std::string, tfpp::sensitive> bcrypt_hash;

    struct docs {
        tfpp::doc length{"How many characters the password has; at least 1, and at least the sum of the min_* "
                         "counts."};
        tfpp::doc special{"Whether special characters may appear. Defaults to true."};
        tfpp::doc upper{"Whether uppercase letters may appear. Defaults to true."};
        tfpp::doc lower{"Whether lowercase letters may appear. Defaults to true."};
        tfpp::doc numeric{"Whether digits may appear. Defaults to true."};
        tfpp::doc min_numeric{"At least this many digits. Defaults to 0."};
        tfpp::doc min_upper{"At least this many uppercase letters. Defaults to 0."};
        tfpp::doc min_lower{"At least this many lowercase letters. Defaults to 0."};
        tfpp::doc min_special{"At least this many special characters. Defaults to 0."};
        tfpp::doc override_special{"The special characters to draw from instead of the default ones."};
        tfpp::doc result{"The generated password."};
        tfpp::doc bcrypt_hash{"A bcrypt hash of result."};
    };
};

struct ephemeral_password {
    using model = ephemeral_password_model;
    static constexpr std::string_view type_name = "random_password";
    static constexpr tfpp::doc doc{.markdown =
                                       "A random password that is never stored in a plan or the state, for "
                                       "write-only attributes and provider configurations."};
    std::optional<model> open(model config, tfpp::context& ctx);
    void validate(const model& config, tfpp::context& ctx);
};

struct ephemeral_bytes_model {
    tfpp::required<std::int64_t, tfpp::at_least<1>> length;
    tfpp::computed<std::string, tfpp::sensitive> base64;
    tfpp::computed<std::string, tfpp::sensitive> hex;

    struct docs {
        tfpp::doc length{"How many random bytes to draw; at least 1."};
        tfpp::doc base64{"The bytes in standard base64, with padding."};
        tfpp::doc hex{"The bytes in lowercase hexadecimal."};
    };
};

struct ephemeral_bytes {
    using model = ephemeral_bytes_model;
    static constexpr std::string_view type_name = "random_bytes";
    static constexpr tfpp::doc doc{.markdown = "Random bytes that are never stored in a plan or the state."};
    std::optional<model> open(model config, tfpp::context& ctx);
};

// ---------------------------------------------------------------- the provider

struct provider {
    static constexpr std::string_view type_name = "random";
    static constexpr tfpp::doc doc{.markdown =
                                       "Random values that stay put: each is drawn once, when its resource "
                                       "is created, and kept in the state until its keepers change. A "
                                       "drop-in for hashicorp/random, written with *tfpp*."};
    using resources = tfpp::type_list<bytes_resource, id_resource, integer_resource, password_resource, pet_resource,
                                      shuffle_resource, string_resource, uuid_resource, uuid4_resource, uuid7_resource>;
    using ephemeral_resources = tfpp::type_list<ephemeral_password, ephemeral_bytes>;
};

}  // namespace random_provider
