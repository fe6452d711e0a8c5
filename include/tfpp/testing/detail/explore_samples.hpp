// Values an attribute's validators accept (tfpp::one_of's values, a
// tfpp::range's bounds, strings at a tfpp::length's bounds), for the
// configurations tfpp::testing::explore generates: whole values, and values
// for each element (tfpp::each). They live here, reached from the model's
// types when a test explores, so a provider's binary carries none of them.
#pragma once

#include <tfpp/schema/schema_of.hpp>
#include <tfpp/schema/validators.hpp>
#include <tfpp/value/dynamic.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tfpp::testing::detail {

struct value_samples {
    std::vector<dynamic> values{};
    std::vector<dynamic> elements{};
};

template <class V>
struct validator_samples {
    static constexpr bool any = false;
    static void add(value_samples&) {}
};

template <std::int64_t Min, std::int64_t Max>
struct validator_samples<length<Min, Max>> {
    static constexpr bool any = true;
    static void add(value_samples& out) {
        const std::int64_t longest = Max == tfpp::detail::no_limit ? Min + 3 : std::min<std::int64_t>(Max, Min + 8);
        for (std::int64_t n : {Min, (Min + longest) / 2, longest})
            out.values.emplace_back(std::string(static_cast<std::size_t>(std::min<std::int64_t>(n, 256)), 'a'));
    }
};

template <auto Min, auto Max>
struct validator_samples<range<Min, Max>> {
    static constexpr bool any = true;
    static void add(value_samples& out) {
        using tfpp::detail::is_bound;
        if constexpr (is_bound<Min>) out.values.emplace_back(Min);
        if constexpr (is_bound<Max>) out.values.emplace_back(Max);
        if constexpr (is_bound<Min> && is_bound<Max>)
            if constexpr (std::is_integral_v<decltype(Min)> && std::is_integral_v<decltype(Max)>)
                out.values.emplace_back(static_cast<std::int64_t>(Min) +
                                        (static_cast<std::int64_t>(Max) - static_cast<std::int64_t>(Min)) / 2);
    }
};

template <tfpp::detail::default_literal... Values>
struct validator_samples<one_of<Values...>> {
    static constexpr bool any = true;
    template <std::size_t N>  // an argument, as in validator_run<one_of>: clang 16 would merge sample<V>s
    static dynamic sample(const tfpp::detail::default_literal<N>& v) {
        using K = typename tfpp::detail::default_literal<N>::kind;
        switch (v.which) {
        case K::string: return dynamic(std::string(v.string()));
        case K::integer: return dynamic(v.integer);
        case K::real: return dynamic(v.real());
        case K::boolean: return dynamic(v.boolean);
        }
        return {};
    }
    static void add(value_samples& out) { (out.values.push_back(sample(Values)), ...); }
};

template <>
struct validator_samples<normalized_json> {
    static constexpr bool any = true;
    static void add(value_samples& out) {
        out.values.emplace_back("{}");
        out.values.emplace_back("{\"a\":[1,\"b\"]}");
    }
};

template <>
struct validator_samples<rfc3339> {
    static constexpr bool any = true;
    static void add(value_samples& out) {
        out.values.emplace_back("2026-01-02T03:04:05Z");
        out.values.emplace_back("2026-11-27T15:00:00.5+01:00");
    }
};

template <class... Validators>
struct validator_samples<each<Validators...>> {
    static constexpr bool any = (validator_samples<Validators>::any || ...);
    static void add(value_samples& out) {
        value_samples each_one;
        (validator_samples<Validators>::add(each_one), ...);
        for (dynamic& v : each_one.values) out.elements.push_back(std::move(v));
    }
};

template <class F>
inline constexpr bool has_samples = []<class... Vs>(type_list<Vs...>) {
    return (validator_samples<Vs>::any || ...);
}(typename tfpp::detail::field_validators<F>::type{});

// What attribute F's validators accept.
template <class F>
value_samples field_samples() {
    value_samples out;
    []<class... Vs>(value_samples& o, type_list<Vs...>) { (validator_samples<Vs>::add(o), ...); }(
        out, typename tfpp::detail::field_validators<F>::type{});
    return out;
}

// The samples of a model's attributes, by their path of schema names
// ("rules.port": an attribute of a block or of nested attributes, any element).
using sample_table = std::map<std::string, value_samples (*)(), std::less<>>;

template <class S>
void collect_samples(sample_table& out, const std::string& prefix) {
    tfpp::detail::for_each_index<S>([&]<std::size_t I>() {
        using F = tfpp::detail::field_t<S, I>;
        if constexpr (tfpp::detail::is_attribute<F> || tfpp::detail::is_block<F>) {
            const std::string path = prefix + std::string(tfpp::detail::field_name<S, I>());
            if constexpr (has_samples<F>) out.emplace(path, &field_samples<F>);
            if constexpr (tfpp::detail::is_attribute<F>) {
                using T = typename F::value_type;
                if constexpr (tfpp::detail::nested_form_of<T>() != tfpp::detail::nested_form::none)
                    collect_samples<tfpp::detail::nested_struct_t<T>>(out, path + ".");
            } else {
                collect_samples<typename F::element>(out, path + ".");
            }
        }
    });
}

template <class Model>
const sample_table& samples_of() {
    static const sample_table table = [] {
        sample_table t;
        collect_samples<Model>(t, "");
        return t;
    }();
    return table;
}

}  // namespace tfpp::testing::detail
