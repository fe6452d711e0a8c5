// Semantic equality (tfpp::semantic_equal and its relatives): where a value a
// handler returns says what Terraform's value says in another form, the
// result keeps Terraform's form, so that no diff follows.
#pragma once

#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/value/json_text.hpp>
#include <tfpp/value/timestamp.hpp>

#include <cstddef>
#include <type_traits>
#include <vector>

namespace tfpp::detail {

template <class F>
struct has_semantic_option : std::bool_constant<!std::is_void_v<typename F::semantic_option>> {};

template <class T>
consteval bool has_semantic_equality() {
    return has_marked<has_semantic_option, T>();
}

// Whether option O holds a and b for the same thing.
template <class O, class T>
bool semantically_equal(const T& a, const T& b) {
    if constexpr (std::is_same_v<O, normalized_json>) return same_json(a, b);
    else if constexpr (std::is_same_v<O, rfc3339>) return same_instant(a, b);
    else {
        try {
            return O::predicate(a, b);
        } catch (...) {  // a comparison that fails keeps the value read, so a diff shows
            return false;
        }
    }
}

// The known value in an element (through value<E> and std::optional<E>), or nullptr.
template <class E>
const auto* known_element(const E& e) {
    if constexpr (is_value_v<E> || is_optional_v<E>) return has_value(e) ? &*e : nullptr;
    else return &e;
}

template <class O, class E>
bool elements_equal(const E& terraform_value, const E& read_value) {
    const auto* a = known_element(terraform_value);
    const auto* b = known_element(read_value);
    return a && b && semantically_equal<O>(*a, *b);
}

// Elements of `now` that equal their counterparts in `before` take their form.
template <class O, class C>
void keep_equal_elements(C& now, const C& before) {
    constexpr type_kind k = kind_of<C>;
    if constexpr (k == type_kind::list) {
        if (now.size() != before.size()) return;
        for (std::size_t i = 0; i < now.size(); ++i)
            if (elements_equal<O>(before[i], now[i])) now[i] = before[i];
    } else if constexpr (k == type_kind::map) {
        for (auto& [key, e] : now)
            if (auto it = before.find(key); it != before.end() && elements_equal<O>(it->second, e)) e = it->second;
    } else if constexpr (k == type_kind::set) {
        // Each element not in `before` may take the form of one element of
        // `before` that is not in `now`, once.
        const auto& prior = before.elements();
        std::vector<bool> taken(prior.size(), false);
        for (std::size_t j = 0; j < prior.size(); ++j) taken[j] = now.contains(prior[j]);
        std::vector<typename C::value_type> out;
        out.reserve(now.size());
        for (const auto& e : now) {
            std::size_t match = prior.size();
            if (!before.contains(e))
                for (std::size_t j = 0; j < prior.size() && match == prior.size(); ++j)
                    if (!taken[j] && elements_equal<O>(prior[j], e)) match = j;
            if (match == prior.size()) {
                out.push_back(e);
            } else {
                taken[match] = true;
                out.push_back(prior[match]);
            }
        }
        now = C(std::move(out));
    }
}

// One attribute: whole (tfpp::semantic_equal, or a string checked by
// tfpp::normalized_json or tfpp::rfc3339), or element by element.
template <class O, class T>
void keep_equal_value(value<T>& now, const value<T>& before) {
    if (!now.is_known() || !before.is_known()) return;
    constexpr bool whole =
        option_info<O>::kind == option_kind::semantic_equal ||
        ((std::is_same_v<O, normalized_json> || std::is_same_v<O, rfc3339>)&&kind_of<T> == type_kind::string);
    if constexpr (whole) {
        if (semantically_equal<O>(*before, *now)) now = before;
    } else {
        keep_equal_elements<O>(*now, *before);
    }
}

// `now` (a handler's result) takes the form of `before` (the prior state,
// the plan or the configuration) wherever a semantic equality option says
// they are equal.
template <class M>
void keep_semantically_equal(M& now, const M& before) {
    for_marked<has_semantic_option>(now, &before, [](auto& field, const auto* counterpart) {
        using F = std::remove_cvref_t<decltype(field)>;
        using T = typename F::value_type;
        if (counterpart)
            keep_equal_value<typename F::semantic_option>(static_cast<value<T>&>(field),
                                                          static_cast<const value<T>&>(*counterpart));
    });
}

// A copy of the value a handler's result is compared with, kept only for
// models that have semantic equality options.
template <class M>
class semantic_reference {
public:
    explicit semantic_reference([[maybe_unused]] const M& m) {
        if constexpr (has_semantic_equality<M>()) copy_ = m;
    }
    void apply_to([[maybe_unused]] M& result) const {
        if constexpr (has_semantic_equality<M>()) keep_semantically_equal(result, copy_);
    }

private:
    struct nothing {};
    [[no_unique_address]] std::conditional_t<has_semantic_equality<M>(), M, nothing> copy_{};
};

}  // namespace tfpp::detail
