// Runs the validators of tfpp/schema/validators.hpp over a decoded
// configuration: every attribute's validators, through nested attributes and
// blocks at any depth, then the rules of each struct. Null and unknown values
// are never rejected; each failure is an error at the attribute's path, down
// to the element (a set element has no path of its own: the set's is used,
// and the detail says where inside the element).
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/diag/path.hpp>
#include <tfpp/schema/detail/compiled_regex.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/schema/validators.hpp>
#include <tfpp/value/detail/set_elements.hpp>
#include <tfpp/value/json_text.hpp>
#include <tfpp/value/timestamp.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tfpp::detail {

// Where validators report: the path Terraform can point at, and what is below
// it when that is inside a set element.
class validation {
public:
    explicit validation(diagnostics& d) : diags_(d) {}

    void push(attribute_path::step s) {
        if (in_set_ == 0) path_.push(std::move(s));
        else inner_.push(std::move(s));
    }
    void pop() {
        if (in_set_ == 0) path_.pop();
        else inner_.pop();
    }
    // An element of a set; element is its value as a message shows it ("" for
    // objects and values that are not printed).
    void enter_set_element(std::string element) {
        ++in_set_;
        elements_.push_back(std::move(element));
    }
    void leave_set_element() {
        --in_set_;
        elements_.pop_back();
    }

    // ", got <text>", or nothing where values are hidden (sensitive and
    // write-only attributes: their values never reach a message).
    [[nodiscard]] std::string got(const std::string& text) const {
        return hidden_ || text.empty() ? std::string() : ", got " + text;
    }
    [[nodiscard]] std::string shown(std::string text) const { return hidden_ ? std::string() : text; }
    // Hides values while the returned guard lives, when `hide` says so.
    [[nodiscard]] auto hiding(bool hide) {
        struct guard {
            validation& v;
            bool before;
            ~guard() { v.hidden_ = before; }
        };
        const bool before = hidden_;
        hidden_ = hidden_ || hide;
        return guard{*this, before};
    }

    void error(std::string summary, std::string detail) {
        if (in_set_ > 0) {
            if (!inner_.empty()) detail = "in an element of the set, at " + inner_.to_string() + ": " + detail;
            else if (!elements_.back().empty()) detail = "element " + elements_.back() + " of the set " + detail;
            else detail = "in an element of the set: " + detail;
        }
        diags_.error(std::move(summary), std::move(detail), path_);
    }

private:
    diagnostics& diags_;
    attribute_path path_;
    attribute_path inner_;  // steps below a set element
    std::size_t in_set_ = 0;
    std::vector<std::string> elements_;
    bool hidden_ = false;
};

// Calls f with the value of e when it is known (through value<T> and
// std::optional<T>); nulls and unknowns are skipped.
template <class E, class F>
void with_known(const E& e, F&& f) {
    if constexpr (is_value_v<E> || is_schema_field<E>) {
        if (e.is_known()) with_known(*e, f);
    } else if constexpr (is_optional_v<E>) {
        if (e) with_known(*e, f);
    } else {
        f(e);
    }
}

// A value as a message shows it: strings quoted, numbers and bools as
// written; "" for anything else (and for nulls and unknowns).
template <class E>
std::string value_text(const E& e) {
    if constexpr (is_value_v<E> || is_optional_v<E>) {
        std::string out;
        with_known(e, [&](const auto& v) { out = value_text(v); });
        return out;
    } else if constexpr (kind_of<E> == type_kind::string) {
        return in_quotes(e);
    } else if constexpr (kind_of<E> == type_kind::number || kind_of<E> == type_kind::boolean) {
        return number_text(e);
    } else {
        return {};
    }
}

// Calls f(element) for each known element of a list, set or map (map
// values), with the element's path step pushed.
template <class C, class F>
void for_each_element(const C& c, validation& v, F&& f) {
    constexpr type_kind k = kind_of<C>;
    if constexpr (k == type_kind::list) {
        for (std::size_t i = 0; i < c.size(); ++i) {
            v.push(attribute_path::index(static_cast<std::int64_t>(i)));
            with_known(c[i], f);
            v.pop();
        }
    } else if constexpr (k == type_kind::set) {
        for (const auto& e : c) {
            v.enter_set_element(v.shown(value_text(e)));
            with_known(e, f);
            v.leave_set_element();
        }
    } else if constexpr (k == type_kind::map) {
        for (const auto& [key, e] : c) {
            v.push(attribute_path::key(key));
            with_known(e, f);
            v.pop();
        }
    }
}

// a <=> b for numbers of any C++ types, exactly.
template <class A, class B>
int compare_numbers(const A& a, const B& b) {
    if constexpr (std::is_integral_v<A> && std::is_integral_v<B> && !std::is_same_v<A, bool> &&
                  !std::is_same_v<B, bool>) {
        return std::cmp_less(a, b) ? -1 : std::cmp_less(b, a) ? 1 : 0;
    } else {
        const auto c = number(a) <=> number(b);
        return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
}

// Unicode code points in valid UTF-8.
inline std::int64_t code_points(std::string_view s) {
    return static_cast<std::int64_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
}

// How each validator checks a known value x.
template <class O>
struct validator_run;

template <class O, class T>
void run_validator(const T& x, validation& v) {
    with_known(x, [&](const auto& known) { validator_run<O>::run(known, v); });
}

template <std::int64_t Min, std::int64_t Max>
struct validator_run<length<Min, Max>> {
    static void run(const std::string& x, validation& v) {
        const std::int64_t n = code_points(x);
        if (n < Min || n > Max)
            v.error("Invalid value length",
                    "must be " + count_text(Min, Max, "character", false) + " long, got " + std::to_string(n));
    }
};

template <auto Min, auto Max>
struct validator_run<range<Min, Max>> {
    template <class T>
    static void run(const T& x, validation& v) {
        bool ok = true;
        if constexpr (is_bound<Min>) ok = ok && compare_numbers(x, Min) >= 0;
        if constexpr (is_bound<Max>) ok = ok && compare_numbers(x, Max) <= 0;
        if (!ok) v.error("Invalid value", "must be " + range_text<Min, Max>() + v.got(number_text(x)));
    }
};

template <default_literal... Values>
struct validator_run<one_of<Values...>> {
    // The literal is an argument, not a template argument: clang 16 takes
    // equals<1>, equals<2>, ... for one function when a literal is its
    // template argument and the value's type is deduced.
    template <std::size_t N, class T>
    static bool equals(const T& x, const default_literal<N>& l) {
        using K = typename default_literal<N>::kind;
        if constexpr (kind_of<T> == type_kind::string) {
            return l.which == K::string && x == l.string();
        } else if constexpr (kind_of<T> == type_kind::boolean) {
            return l.which == K::boolean && x == l.boolean;
        } else {
            if (l.which == K::integer) return compare_numbers(x, l.integer) == 0;
            if (l.which == K::real) return compare_numbers(x, l.real()) == 0;
            return false;
        }
    }
    template <class T>
    static void run(const T& x, validation& v) {
        if (!(equals(x, Values) || ...))
            v.error("Invalid value",
                    "must be " + validator_traits<one_of<Values...>>::description() + v.got(value_text(x)));
    }
};

template <fixed_string Pattern, fixed_string Description>
struct validator_run<regex<Pattern, Description>> {
    static void run(const std::string& x, validation& v) {
        static const compiled_regex re(Pattern.view());  // on first use, once per pattern (a thread-safe static)
        std::string error;
        if (re.search(x, error)) return;
        if (!error.empty()) {
            v.error("Provider bug: invalid regular expression",
                    "tfpp::regex<\"" + std::string(Pattern.view()) + "\"> cannot be used: " + error);
            return;
        }
        if constexpr (Description.view().empty())
            v.error("Invalid value",
                    "must match the regular expression `" + std::string(Pattern.view()) + "`" + v.got(in_quotes(x)));
        else v.error("Invalid value", "must be " + std::string(Description.view()) + v.got(in_quotes(x)));
    }
};

template <std::int64_t Min, std::int64_t Max>
struct validator_run<size<Min, Max>> {
    template <class C>
    static void run(const C& c, validation& v) {
        const auto n = static_cast<std::int64_t>(c.size());
        if (n < Min || n > Max)
            v.error("Invalid number of elements",
                    "must have " + count_text(Min, Max, "element", false) + ", got " + std::to_string(n));
    }
};

template <>
struct validator_run<unique> {
    template <class C>
    static void run(const C& c, validation& v) {
        constexpr type_kind k = kind_of<C>;
        if constexpr (k == type_kind::list) {
            std::vector<const element_t<C>*> known(c.size(), nullptr);
            for (std::size_t i = 0; i < c.size(); ++i) with_known(c[i], [&](const auto& e) { known[i] = &e; });
            report(known, [&](std::size_t later, std::size_t first) {
                v.push(attribute_path::index(static_cast<std::int64_t>(later)));
                const std::string text = v.shown(value_text(*known[later]));
                v.error("Duplicate element", "element " + std::to_string(later) + " is the same as element " +
                                                 std::to_string(first) + (text.empty() ? "" : ": " + text));
                v.pop();
            });
        } else if constexpr (k == type_kind::map) {
            std::vector<const std::string*> keys;
            std::vector<const element_t<C>*> known;
            for (const auto& [key, e] : c) {
                keys.push_back(&key);
                known.push_back(nullptr);
                with_known(e, [&](const auto& x) { known.back() = &x; });
            }
            report(known, [&](std::size_t later, std::size_t first) {
                v.push(attribute_path::key(*keys[later]));
                const std::string text = v.shown(value_text(*known[later]));
                v.error("Duplicate element", "the value of " + in_quotes(*keys[later]) + " is the same as that of " +
                                                 in_quotes(*keys[first]) + (text.empty() ? "" : ": " + text));
                v.pop();
            });
        }
        // a set's elements are distinct
    }
    // Calls found(later, first) for each known element equal to an earlier one.
    template <class E, class Found>
    static void report(const std::vector<const E*>& known, Found&& found) {
        if constexpr (std::totally_ordered<E>) {
            std::vector<std::size_t> order;
            for (std::size_t i = 0; i < known.size(); ++i)
                if (known[i]) order.push_back(i);
            std::stable_sort(order.begin(), order.end(),
                             [&](std::size_t a, std::size_t b) { return *known[a] < *known[b]; });
            std::vector<std::pair<std::size_t, std::size_t>> dups;
            for (std::size_t j = 1, first = 0; j < order.size(); ++j) {
                if (*known[order[j]] == *known[order[first]]) dups.emplace_back(order[j], order[first]);
                else first = j;
            }
            std::sort(dups.begin(), dups.end());
            for (const auto& [later, first] : dups) found(later, first);
        } else {
            // No operator<: go-cty's set order puts equal elements side by
            // side, so == compares only neighbours in it, O(n log n).
            std::vector<const E*> present;
            std::vector<std::size_t> position;
            for (std::size_t i = 0; i < known.size(); ++i)
                if (known[i]) present.push_back(known[i]), position.push_back(i);
            std::vector<std::pair<std::size_t, std::size_t>> dups;
            std::vector<std::size_t> distinct;  // positions of the distinct values in this run of equal order
            const std::vector<std::size_t> order = canonical_positions(present);
            for (std::size_t k = 0; k < order.size(); ++k) {
                const E& e = *present[order[k]];
                if (k > 0 && typed_set_less(*present[order[k - 1]], e)) distinct.clear();
                const auto same =
                    std::find_if(distinct.begin(), distinct.end(), [&](std::size_t j) { return *known[j] == e; });
                if (same != distinct.end()) dups.emplace_back(position[order[k]], *same);
                else distinct.push_back(position[order[k]]);
            }
            std::sort(dups.begin(), dups.end());
            for (const auto& [later, first] : dups) found(later, first);
        }
    }
};

template <class... Validators>
struct validator_run<each<Validators...>> {
    template <class C>
    static void run(const C& c, validation& v) {
        for_each_element(c, v, [&](const auto& e) { (run_validator<Validators>(e, v), ...); });
    }
};

template <auto Predicate, fixed_string Description>
struct validator_run<check<Predicate, Description>> {
    template <class T>
    static void run(const T& x, validation& v) {
        if (std::invoke(check_predicate<Predicate>(), x)) return;
        v.error("Invalid value",
                "must be " + std::string(check_description<Predicate, Description>()) + v.got(value_text(x)));
    }
};

// tfpp::normalized_json and tfpp::rfc3339: on a string, or on each string of
// a list, set or map.
template <class T, class Accepts>
void check_strings(const T& x, validation& v, Accepts accepts, std::string_view what) {
    if constexpr (kind_of<T> == type_kind::string) {
        if (!accepts(x)) v.error("Invalid value", "must be " + std::string(what) + v.got(in_quotes(x)));
    } else {
        for_each_element(x, v, [&](const auto& e) { check_strings(e, v, accepts, what); });
    }
}
template <>
struct validator_run<normalized_json> {
    template <class T>
    static void run(const T& x, validation& v) {
        check_strings(
            x, v, [](std::string_view s) { return is_json_document(s); }, "a JSON document");
    }
};
template <>
struct validator_run<rfc3339> {
    template <class T>
    static void run(const T& x, validation& v) {
        check_strings(
            x, v, [](std::string_view s) { return parse_rfc3339(s).has_value(); },
            "an RFC 3339 timestamp such as \"2026-11-27T05:00:00Z\"");
    }
};

// --- the walk

template <class S>
consteval bool needs_validation();

// Whether a field has validators, or holds a struct that has some.
template <class F>
consteval bool field_needs_validation() {
    if constexpr (is_attribute<F>) {
        using T = typename F::value_type;
        if constexpr (has_validators<F>) return true;
        else if constexpr (nested_form_of<T>() != nested_form::none) return needs_validation<nested_struct_t<T>>();
        else return false;
    } else if constexpr (is_block<F>) {
        return needs_validation<typename F::element>();
    } else {
        return false;
    }
}

// Whether anything in struct S (its fields, nested structs, rules) validates.
template <class S>
consteval bool needs_validation() {
    if constexpr (!is_reflectable<S>) {
        return false;
    } else {
        bool any = has_rules<S>;
        for_each_index<S>([&]<std::size_t I>() { any = any || field_needs_validation<field_t<S, I>>(); });
        return any;
    }
}

// Whether every validator and rule in S fits (when one does not, the schema's
// check has stopped the build with its message; this keeps it the only one).
template <class S>
consteval bool validators_fit() {
    if constexpr (!is_reflectable<S>) {
        return true;
    } else {
        bool ok = rules_problem<S>() == model_problem::none;
        for_each_index<S>([&]<std::size_t I>() {
            using F = field_t<S, I>;
            if constexpr (is_attribute<F>) {
                using T = typename F::value_type;
                ok = ok && attribute_validators_problem<F>() == model_problem::none;
                if constexpr (nested_form_of<T>() != nested_form::none) ok = ok && validators_fit<nested_struct_t<T>>();
            } else if constexpr (is_block<F>) {
                ok = ok && validators_fit<typename F::element>();
            }
        });
        return ok;
    }
}

template <class S>
void validate_struct(const S& s, validation& v);

// Nested attributes or blocks: one struct, or a list, set or map of them.
template <class T>
void validate_nested(const T& x, validation& v) {
    if constexpr (kind_of<T> == type_kind::object) with_known(x, [&](const auto& s) { validate_struct(s, v); });
    else for_each_element(x, v, [&](const auto& s) { validate_struct(s, v); });
}

template <class F>
void validate_field(const F& f, validation& v) {
    if (!f.is_known()) return;
    [[maybe_unused]] const auto hide = v.hiding(F::template has<sensitive> || F::template has<write_only>);
    const auto& x = *f;
    if constexpr (is_attribute<F>) {
        if constexpr (has_validators<F>)
            []<class... Vs>(const auto& value, validation& into, type_list<Vs...>) {
                (run_validator<Vs>(value, into), ...);
            }(x, v, typename field_validators<F>::type{});
        using T = typename F::value_type;
        if constexpr (nested_form_of<T>() != nested_form::none)
            if constexpr (needs_validation<nested_struct_t<T>>()) validate_nested(x, v);
    } else if constexpr (needs_validation<typename F::element>()) {
        validate_nested(x, v);
    }
}

// --- rules

enum class presence : unsigned char { absent, present, maybe };

// Whether the configuration sets a field: an unknown may turn out null
// (unless it is refined as not null); a list, set or map block is set when it
// has blocks.
template <class F>
presence presence_of(const F& f) {
    if (f.is_null()) return presence::absent;
    if (f.is_unknown()) return f.refinement() && f.refinement()->not_null ? presence::present : presence::maybe;
    if constexpr (is_block<F>)
        if constexpr (F::mode == nesting::list || F::mode == nesting::set || F::mode == nesting::map)
            if (f->empty()) return presence::absent;
    return presence::present;
}

// "a", "b" and "c"
inline std::string and_list(const std::vector<std::string_view>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + in_quotes(names[i]);
    return out;
}

template <class S, class R>
void check_rule(const S& s, validation& v) {
    using traits = rule_traits<R>;
    constexpr auto& names = traits::names;
    std::array<presence, names.size()> state{};
    for_each_index<S>([&]<std::size_t I>() {
        constexpr std::string_view name = field_name<S, I>();
        for (std::size_t j = 0; j < names.size(); ++j)
            if (names[j] == name) state[j] = presence_of(get<I>(s));
    });
    std::vector<std::string_view> set, unset;
    std::size_t maybe = 0;
    for (std::size_t j = 0; j < names.size(); ++j) {
        if (state[j] == presence::present) set.push_back(names[j]);
        else if (state[j] == presence::absent) unset.push_back(names[j]);
        else ++maybe;
    }
    const auto at = [&](std::string_view name, std::string summary, std::string detail) {
        v.push(attribute_path::attribute(name));
        v.error(std::move(summary), std::move(detail));
        v.pop();
    };
    const std::string all = name_list(names);
    const std::string are = set.size() == 1 ? " is set" : " are set";
    switch (traits::kind) {
    case rule_kind::conflicts_with:
        if (set.size() >= 2)
            at(set[1], "Conflicting attributes", "at most one of " + all + " may be set; " + and_list(set) + are);
        break;
    case rule_kind::exactly_one_of:
        if (set.size() >= 2)
            at(set[1], "Conflicting attributes", "exactly one of " + all + " must be set; " + and_list(set) + are);
        else if (set.empty() && maybe == 0)
            v.error("Missing attribute", "exactly one of " + all + " must be set; none is set");
        break;
    case rule_kind::at_least_one_of:
        if (set.empty() && maybe == 0)
            v.error("Missing attribute", "at least one of " + all + " must be set; none is set");
        break;
    case rule_kind::required_together:
        if (!set.empty() && !unset.empty())
            at(set[0], "Missing attribute",
               and_list(std::vector<std::string_view>(names.begin(), names.end())) + " must be set together; " +
                   and_list(unset) + (unset.size() == 1 ? " is not set" : " are not set"));
        break;
    case rule_kind::none: break;
    }
}

template <class S>
void validate_struct(const S& s, validation& v) {
    for_each_index<S>([&]<std::size_t I>() {
        using F = field_t<S, I>;
        if constexpr (field_needs_validation<F>()) {
            v.push(attribute_path::attribute(field_name<S, I>()));
            validate_field(get<I>(s), v);
            v.pop();
        }
    });
    if constexpr (has_rules<S>)
        []<class... Rs>(const S& in, validation& into, type_list<Rs...>) { (check_rule<S, Rs>(in, into), ...); }(
            s, v, typename rules_list<typename S::rules>::list{});
}

// Runs every validator and rule of model m (a decoded configuration),
// reporting failures to diags.
template <class M>
void run_validators(const M& m, diagnostics& diags) {
    if constexpr (needs_validation<M>() && validators_fit<M>()) {
        validation v(diags);
        validate_struct(m, v);
    }
}

}  // namespace tfpp::detail
