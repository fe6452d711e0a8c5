// What each validator is: the types it fits, its description in plain
// English, the compile-time problem it reports on a field it does not fit,
// and how a field's validators and a struct's rules are gathered.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_list.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/schema/detail/model_problem.hpp>
#include <tfpp/schema/detail/option_info.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/schema/validators.hpp>
#include <tfpp/value/number.hpp>

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tfpp::detail {

// --- texts

// A value from the configuration in a message: tfpp::quoted, shorter.
inline std::string in_quotes(std::string_view s, std::size_t limit = 64) { return tfpp::quoted(s, limit); }

template <class N>
std::string number_text(const N& v) {
    if constexpr (std::is_same_v<N, number>) return v.to_string();
    else if constexpr (std::is_same_v<N, bool>) return v ? "true" : "false";
    else if constexpr (std::is_integral_v<N>) return std::to_string(v);
    else return number(static_cast<double>(v)).to_string();
}

// "a", "b", "c"
template <std::size_t N>
std::string name_list(const std::array<std::string_view, N>& names) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) out += (i ? ", " : "") + in_quotes(names[i], std::string_view::npos);
    return out;
}

// "exactly 3 characters", "at least 1 character", "1 to 64 characters";
// between is the form of a bounded range ("1 to 64" in messages, "at least 1
// and at most 64" in descriptions).
inline std::string count_text(std::int64_t min, std::int64_t max, std::string_view unit, bool description) {
    const auto units = [&](std::int64_t n) {
        return std::to_string(n) + " " + std::string(unit) + (n == 1 ? "" : "s");
    };
    if (min == max) return "exactly " + units(min);
    if (max == no_limit) return "at least " + units(min);
    if (min == 0) return "at most " + units(max);
    if (description) return "at least " + std::to_string(min) + " and at most " + units(max);
    return std::to_string(min) + " to " + units(max);
}

// Whether B is a bound of a tfpp::range (not detail::unbounded).
template <auto B>
inline constexpr bool is_bound = !std::is_same_v<std::remove_cvref_t<decltype(B)>, unbounded>;

template <auto Min, auto Max>
std::string range_text() {
    constexpr bool lo = is_bound<Min>, hi = is_bound<Max>;
    if constexpr (lo && hi) {
        const std::string a = number_text(Min), b = number_text(Max);
        return a == b ? "exactly " + a : "at least " + a + " and at most " + b;
    } else if constexpr (lo) {
        return "at least " + number_text(Min);
    } else if constexpr (hi) {
        return "at most " + number_text(Max);
    } else {
        return "any number";
    }
}

template <default_literal V>
std::string literal_text() {
    using K = typename decltype(V)::kind;
    switch (V.which) {
    case K::string: return in_quotes(V.string(), std::string_view::npos);
    case K::integer: return std::to_string(V.integer);
    case K::real: return number_text(V.real());
    case K::boolean: return V.boolean ? "true" : "false";
    }
    return {};
}

// tfpp::check<&f, "..."> or tfpp::check<&named>: the predicate and its text.
template <class P>
inline constexpr bool is_named_check = false;
template <class T>
inline constexpr bool is_named_check<const named_check<T>*> = true;
template <auto P>
constexpr auto check_predicate() {
    if constexpr (is_named_check<decltype(P)>) return P->predicate;
    else return P;
}
template <auto P, fixed_string Description>
constexpr std::string_view check_description() {
    if constexpr (is_named_check<decltype(P)>) return P->description;
    else return Description.view();
}

// --- what each validator is

enum class validator_kind : unsigned char {
    none,
    length,
    range,
    one_of,
    regex,
    size,
    unique,
    each,
    check,
    normalized_json,
    rfc3339
};

template <class T>
inline constexpr bool is_collection_kind =
    kind_of<T> == type_kind::list || kind_of<T> == type_kind::set || kind_of<T> == type_kind::map;

// The element type of a list, set or map, nullable wrappers removed.
template <class T>
using element_t = strip_nullable_t<typename type_info<strip_nullable_t<T>>::element>;

template <class O>
struct validator_traits {
    static constexpr validator_kind kind = validator_kind::none;
    template <class T>
    static consteval model_problem problem() {
        return model_problem::none;
    }
};

template <class O>
inline constexpr bool is_validator = validator_traits<O>::kind != validator_kind::none;

// The first problem of the validators Vs on values of type T.
template <class T, class... Vs>
consteval model_problem validators_problem() {
    model_problem p = model_problem::none;
    ((p = p == model_problem::none ? validator_traits<Vs>::template problem<T>() : p), ...);
    return p;
}

template <std::int64_t Min, std::int64_t Max>
struct validator_traits<length<Min, Max>> {
    static constexpr validator_kind kind = validator_kind::length;
    template <class T>
    static consteval model_problem problem() {
        return kind_of<T> == type_kind::string ? model_problem::none : model_problem::length_not_string;
    }
    static std::string description() { return count_text(Min, Max, "character", true); }
};

template <auto Min, auto Max>
struct validator_traits<range<Min, Max>> {
    static constexpr validator_kind kind = validator_kind::range;
    template <class T>
    static consteval model_problem problem() {
        return kind_of<T> == type_kind::number ? model_problem::none : model_problem::range_not_number;
    }
    static std::string description() { return range_text<Min, Max>(); }
};

template <default_literal... Values>
struct validator_traits<one_of<Values...>> {
    static constexpr validator_kind kind = validator_kind::one_of;
    template <class T>
    static consteval model_problem problem() {
        constexpr type_kind want = kind_of<T>;
        const auto fits = [](auto v) {
            using K = typename decltype(v)::kind;
            return (v.which == K::string && want == type_kind::string) ||
                   ((v.which == K::integer || v.which == K::real) && want == type_kind::number) ||
                   (v.which == K::boolean && want == type_kind::boolean);
        };
        return (fits(Values) && ...) ? model_problem::none : model_problem::one_of_mismatch;
    }
    static std::string description() {
        std::string out = "one of ";
        bool first = true;
        ((out += (first ? "" : ", ") + literal_text<Values>(), first = false), ...);
        return out;
    }
};

template <fixed_string Pattern, fixed_string Description>
struct validator_traits<regex<Pattern, Description>> {
    static constexpr validator_kind kind = validator_kind::regex;
    template <class T>
    static consteval model_problem problem() {
        return kind_of<T> == type_kind::string ? model_problem::none : model_problem::regex_not_string;
    }
    static std::string description() {
        if constexpr (Description.view().empty())
            return "matching the regular expression `" + std::string(Pattern.view()) + "`";
        else return std::string(Description.view());
    }
};

template <std::int64_t Min, std::int64_t Max>
struct validator_traits<size<Min, Max>> {
    static constexpr validator_kind kind = validator_kind::size;
    template <class T>
    static consteval model_problem problem() {
        return is_collection_kind<T> ? model_problem::none : model_problem::size_not_collection;
    }
    static std::string description() { return count_text(Min, Max, "element", true); }
};

template <>
struct validator_traits<unique> {
    static constexpr validator_kind kind = validator_kind::unique;
    template <class T>
    static consteval model_problem problem() {
        if constexpr (!is_collection_kind<T>) return model_problem::size_not_collection;
        else if constexpr (!std::equality_comparable<element_t<T>>) return model_problem::unique_not_comparable;
        else return model_problem::none;
    }
    static std::string description() { return "no duplicate elements"; }
};

template <class... Validators>
struct validator_traits<each<Validators...>> {
    static constexpr validator_kind kind = validator_kind::each;
    template <class T>
    static consteval model_problem problem() {
        if constexpr (sizeof...(Validators) == 0 || !(is_validator<Validators> && ...))
            return model_problem::each_not_validators;
        else if constexpr (!is_collection_kind<T>) return model_problem::each_not_collection;
        else return validators_problem<element_t<T>, Validators...>();
    }
    static std::string description() {
        std::string out = "each element: ";
        bool first = true;
        ((out += (first ? "" : "; ") + validator_traits<Validators>::description(), first = false), ...);
        return out;
    }
};

// A string, or a list, set or map of strings: what tfpp::normalized_json and
// tfpp::rfc3339 fit.
template <class T>
consteval bool is_string_or_strings() {
    using U = strip_nullable_t<T>;
    if constexpr (kind_of<U> == type_kind::string) return true;
    else if constexpr (is_collection_kind<U>) return kind_of<element_t<U>> == type_kind::string;
    else return false;
}

template <>
struct validator_traits<normalized_json> {
    static constexpr validator_kind kind = validator_kind::normalized_json;
    template <class T>
    static consteval model_problem problem() {
        return is_string_or_strings<T>() ? model_problem::none : model_problem::bad_semantic_equal;
    }
    static std::string description() { return "a JSON document"; }
};

template <>
struct validator_traits<rfc3339> {
    static constexpr validator_kind kind = validator_kind::rfc3339;
    template <class T>
    static consteval model_problem problem() {
        return is_string_or_strings<T>() ? model_problem::none : model_problem::bad_semantic_equal;
    }
    static std::string description() { return "an RFC 3339 timestamp"; }
};

template <auto Predicate, fixed_string Description>
struct validator_traits<check<Predicate, Description>> {
    static constexpr validator_kind kind = validator_kind::check;
    template <class T>
    static consteval model_problem problem() {
        return std::is_invocable_r_v<bool, decltype(check_predicate<Predicate>()), const strip_nullable_t<T>&>
                   ? model_problem::none
                   : model_problem::check_not_callable;
    }
    static std::string description() { return std::string(check_description<Predicate, Description>()); }
};

template <auto Min, auto Max>
consteval bool range_ordered() {
    if constexpr (!is_bound<Min> || !is_bound<Max>) return true;
    else if constexpr (std::is_integral_v<decltype(Min)> && std::is_integral_v<decltype(Max)>)
        return std::cmp_less_equal(Min, Max);
    else return static_cast<long double>(Min) <= static_cast<long double>(Max);
}

// Validators are options of attributes (not of blocks).
template <std::int64_t Min, std::int64_t Max>
struct option_info<length<Min, Max>> : option_defaults<option_kind::length> {};
template <auto Min, auto Max>
struct option_info<range<Min, Max>> : option_defaults<option_kind::range> {};
template <default_literal... Values>
struct option_info<one_of<Values...>> : option_defaults<option_kind::one_of> {};
template <fixed_string Pattern, fixed_string Description>
struct option_info<regex<Pattern, Description>> : option_defaults<option_kind::regex> {};
template <std::int64_t Min, std::int64_t Max>
struct option_info<size<Min, Max>> : option_defaults<option_kind::size> {};
template <>
struct option_info<unique> : option_defaults<option_kind::unique> {};
template <class... Validators>
struct option_info<each<Validators...>> : option_defaults<option_kind::each> {};
template <auto Predicate, fixed_string Description>
struct option_info<check<Predicate, Description>> : option_defaults<option_kind::check> {};

// A validator's own arguments checked, apart from option_info: a class
// with a failed static_assert is invalid under clang, and option_info's are
// read while a field's classes are built, which made the field's class
// invalid too (one more error). field_options instantiates these.
template <std::int64_t Min, std::int64_t Max>
struct option_bounds<length<Min, Max>> {
    static_assert(0 <= Min && Min <= Max, "tfpp: tfpp::length<Min, Max> needs 0 <= Min <= Max.");
};
template <auto Min, auto Max>
struct option_bounds<range<Min, Max>> {
    static_assert(range_ordered<Min, Max>(), "tfpp: tfpp::range<Min, Max> needs Min <= Max.");
};
template <default_literal... Values>
struct option_bounds<one_of<Values...>> {
    static_assert(sizeof...(Values) > 0, "tfpp: tfpp::one_of<...> needs at least one value.");
};
template <std::int64_t Min, std::int64_t Max>
struct option_bounds<size<Min, Max>> {
    static_assert(0 <= Min && Min <= Max, "tfpp: tfpp::size<Min, Max> needs 0 <= Min <= Max.");
};
template <class... Validators>
struct option_bounds<each<Validators...>> {
    static_assert(((sizeof(option_bounds<Validators>) > 0) && ...));
};

// The validators among Os.
template <class... Os>
struct only_validators {
    using type = type_list<>;
};
template <class O, class List>
struct prepend;
template <class O, class... R>
struct prepend<O, type_list<R...>> {
    using type = type_list<O, R...>;
};
template <class O, class... Os>
struct only_validators<O, Os...> {
    using rest = typename only_validators<Os...>::type;
    using type = std::conditional_t<is_validator<O>, typename prepend<O, rest>::type, rest>;
};
template <class List>
struct validators_of_list;
template <class... Os>
struct validators_of_list<type_list<Os...>> : only_validators<Os...> {};

// The validators among an attribute's options.
template <class F>
struct field_validators {
    using type = type_list<>;
};
template <class F>
requires requires { typename F::option_list; }
struct field_validators<F> : validators_of_list<typename F::option_list> {};

template <class F>
inline constexpr bool has_validators = !std::is_same_v<typename field_validators<F>::type, type_list<>>;

// The first problem of attribute F's validators.
template <class F>
consteval model_problem attribute_validators_problem() {
    if constexpr (!has_validators<F>) {
        return model_problem::none;
    } else {
        return []<class... Vs>(type_list<Vs...>) {
            return validators_problem<typename F::value_type, Vs...>();
        }(typename field_validators<F>::type{});
    }
}

// --- rules

enum class rule_kind : unsigned char { none, conflicts_with, exactly_one_of, at_least_one_of, required_together };

template <class R>
struct rule_traits {
    static constexpr rule_kind kind = rule_kind::none;
    static constexpr std::array<std::string_view, 0> names{};
};
template <rule_kind K, fixed_string... Names>
struct rule_base {
    static constexpr rule_kind kind = K;
    static constexpr std::array<std::string_view, sizeof...(Names)> names{Names.view()...};
};
template <fixed_string... N>
struct rule_traits<conflicts_with<N...>> : rule_base<rule_kind::conflicts_with, N...> {};
template <fixed_string... N>
struct rule_traits<exactly_one_of<N...>> : rule_base<rule_kind::exactly_one_of, N...> {};
template <fixed_string... N>
struct rule_traits<at_least_one_of<N...>> : rule_base<rule_kind::at_least_one_of, N...> {};
template <fixed_string... N>
struct rule_traits<required_together<N...>> : rule_base<rule_kind::required_together, N...> {};

template <class S>
concept has_rules = requires {
    typename S::rules;
};

template <class R>
struct rules_list {
    static constexpr bool valid = false;
};
template <class... Rs>
struct rules_list<tfpp::rules<Rs...>> {
    static constexpr bool valid = true;
    using list = type_list<Rs...>;
};

// The index of the field of S that Terraform calls name, or the field count.
template <class S>
consteval std::size_t field_index(std::string_view name) {
    std::size_t found = field_count<S>();
    for_each_index<S>([&]<std::size_t I>() {
        if (found == field_count<S>() && field_name<S, I>() == name) found = I;
    });
    return found;
}

// Whether the configuration can set field I of S: an attribute that is not
// computed only, or a block other than a group.
template <class S, std::size_t I>
consteval bool settable_field() {
    using F = field_t<S, I>;
    if constexpr (is_attribute<F>) return F::role != attribute_role::computed;
    else if constexpr (is_block<F>) return F::mode != nesting::group;
    else return false;
}

template <class S>
consteval model_problem rules_problem() {
    if constexpr (!has_rules<S>) {
        return model_problem::none;
    } else if constexpr (!rules_list<typename S::rules>::valid) {
        return model_problem::bad_rules;
    } else {
        return []<class... Rs>(type_list<Rs...>) {
            model_problem p = model_problem::none;
            const auto one = [&]<class R>(std::type_identity<R>) {
                if (p != model_problem::none) return;
                if constexpr (rule_traits<R>::kind == rule_kind::none || rule_traits<R>::names.size() < 2) {
                    p = model_problem::bad_rules;
                } else {
                    constexpr auto& names = rule_traits<R>::names;
                    for (std::size_t i = 0; i < names.size(); ++i)
                        for (std::size_t j = 0; j < i; ++j)
                            if (names[i] == names[j]) p = model_problem::bad_rules;
                    for (std::string_view name : names) {
                        bool ok = false;
                        for_each_index<S>([&]<std::size_t I>() {
                            if (field_name<S, I>() == name) ok = settable_field<S, I>();
                        });
                        if (!ok && p == model_problem::none) p = model_problem::bad_rule_name;
                    }
                }
            };
            (one(std::type_identity<Rs>{}), ...);
            return p;
        }(typename rules_list<typename S::rules>::list{});
    }
}

// What rule R says about the field called name, for its documentation.
template <class R>
std::string rule_description(std::string_view name) {
    constexpr auto& names = rule_traits<R>::names;
    std::vector<std::string_view> others;
    for (std::string_view n : names)
        if (n != name) others.push_back(n);
    std::string list;
    for (std::size_t i = 0; i < others.size(); ++i) list += (i ? ", " : "") + in_quotes(others[i]);
    switch (rule_traits<R>::kind) {
    case rule_kind::conflicts_with: return "conflicts with " + list;
    case rule_kind::exactly_one_of: return "exactly one of " + name_list(names) + " must be set";
    case rule_kind::at_least_one_of: return "at least one of " + name_list(names) + " must be set";
    case rule_kind::required_together: return "must be set together with " + list;
    case rule_kind::none: break;
    }
    return {};
}

// Whether field F of struct S may have constraints to describe.
template <class S, class F>
inline constexpr bool may_have_constraints = has_validators<F> || has_rules<S>;

// The descriptions of field I of S's validators, then of the rules of S that
// name it: what documentation shows as the field's constraints.
template <class S, std::size_t I>
std::vector<std::string> field_constraints() {
    using F = field_t<S, I>;
    std::vector<std::string> out;
    if constexpr (has_validators<F>) {
        []<class... Vs>(std::vector<std::string>& o, type_list<Vs...>) {
            (o.push_back(validator_traits<Vs>::description()), ...);
        }(out, typename field_validators<F>::type{});
    }
    if constexpr (has_rules<S>) {
        if constexpr (rules_list<typename S::rules>::valid) {
            []<class... Rs>(std::vector<std::string>& o, type_list<Rs...>) {
                constexpr std::string_view name = field_name<S, I>();
                const auto add = [&]<class R>(std::type_identity<R>) {
                    for (std::string_view n : rule_traits<R>::names)
                        if (n == name) o.push_back(rule_description<R>(name));
                };
                (add(std::type_identity<Rs>{}), ...);
            }(out, typename rules_list<typename S::rules>::list{});
        }
    }
    return out;
}

}  // namespace tfpp::detail
