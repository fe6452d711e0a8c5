// tfpp::set<T>: a Terraform set in a model.
//
// Elements are kept in go-cty's canonical order with duplicates removed, so a
// set compares in O(n) and encodes exactly as Terraform encodes it. Building
// from a range sorts once (O(n log n)); insert keeps the order as it goes.
// Unlike std::set, T needs no operator<: the order comes from the value.
#pragma once

#include <tfpp/value/detail/set_elements.hpp>
#include <tfpp/value/dynamic.hpp>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

namespace tfpp {

template <class T>
class set {
public:
    using value_type = T;
    using const_iterator = typename std::vector<T>::const_iterator;
    using iterator = const_iterator;  // elements are not changed in place: that could break the order

    set() = default;
    set(std::initializer_list<T> elements) : set(std::vector<T>(elements)) {}
    explicit set(std::vector<T> elements) : elements_(std::move(elements)) { canonicalize(); }

    [[nodiscard]] const_iterator begin() const noexcept { return elements_.begin(); }
    [[nodiscard]] const_iterator end() const noexcept { return elements_.end(); }
    [[nodiscard]] std::size_t size() const noexcept { return elements_.size(); }
    [[nodiscard]] bool empty() const noexcept { return elements_.empty(); }
    [[nodiscard]] const std::vector<T>& elements() const noexcept { return elements_; }

    // Adds v unless an equal element is present; true when added. O(log n)
    // comparisons plus the vector insert.
    bool insert(T v) {
        auto it = std::upper_bound(elements_.begin(), elements_.end(), v, detail::typed_set_less<T>);
        for (auto back = it; back != elements_.begin() && !detail::typed_set_less(*(back - 1), v); --back)
            if (dedupes(*(back - 1), v)) return false;
        elements_.insert(it, std::move(v));
        return true;
    }
    [[nodiscard]] bool contains(const T& v) const {
        auto [lo, hi] = std::equal_range(elements_.begin(), elements_.end(), v, detail::typed_set_less<T>);
        return std::find_if(lo, hi, [&](const T& e) { return detail::equal(e, v); }) != hi;
    }
    bool erase(const T& v) {
        auto [lo, hi] = std::equal_range(elements_.begin(), elements_.end(), v, detail::typed_set_less<T>);
        auto it = std::find_if(lo, hi, [&](const T& e) { return detail::equal(e, v); });
        if (it == hi) return false;
        elements_.erase(it);
        return true;
    }
    void clear() noexcept { elements_.clear(); }

    // Both hold the same elements; O(n) because both are in canonical order.
    friend bool operator==(const set& a, const set& b) { return detail::equal(a.elements_, b.elements_); }

    // For decoders: takes elements in any order and puts them in canonical
    // order, in O(n) when they already are.
    void assign(std::vector<T> elements) {
        elements_ = std::move(elements);
        canonicalize();
    }

private:
    static bool dedupes(const T& a, const T& b) { return detail::set_dedupes(a, b); }
    void canonicalize() { detail::canonicalize_typed_set(elements_); }

    std::vector<T> elements_;
};

// True when v holds no unknown value at any depth (nulls are fine).
template <class T>
bool is_wholly_known(const T& v) {
    return detail::wholly_known(v);
}

}  // namespace tfpp
