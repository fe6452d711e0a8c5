// tfpp::value<T>: a Terraform value that is null, unknown (not known until
// apply), unknown with refinements (what is already known about it), or known.
// Every attribute of a model is one; collection elements and object fields may
// be one wherever Terraform allows null or unknown there.
#pragma once

#include <tfpp/fwd.hpp>
#include <tfpp/value/number.hpp>

#include <compare>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace tfpp {

// One end of a number's range: the bound and whether it is included.
struct number_bound {
    number value;
    bool inclusive = true;
    friend bool operator==(const number_bound&, const number_bound&) = default;
};

// What is known about an unknown value (go-cty's refinements). Terraform sends
// them, and a provider may return them in a plan to say more than "unknown".
// Only the members that fit the value's type are sent.
struct refinements {
    // (Every member has an initializer, so designated initializers such as
    // {.not_null = true} compile cleanly under -Wextra.)
    bool not_null = false;                         // any type: will not be null
    std::string string_prefix{};                   // strings: will start with this
    std::optional<number_bound> lower{}, upper{};  // numbers: range
    std::int64_t length_min = 0;                   // list, set, map: length range
    std::optional<std::int64_t> length_max{};
    friend bool operator==(const refinements&, const refinements&) = default;
};

namespace detail {
// Refinements are rare, so a value holds them behind one pointer.
class refinement_slot {
public:
    refinement_slot() noexcept = default;
    refinement_slot(const refinement_slot& o) : p_(o.p_ ? std::make_unique<refinements>(*o.p_) : nullptr) {}
    refinement_slot(refinement_slot&&) noexcept = default;
    refinement_slot& operator=(const refinement_slot& o) {
        if (this != &o) p_ = o.p_ ? std::make_unique<refinements>(*o.p_) : nullptr;
        return *this;
    }
    refinement_slot& operator=(refinement_slot&&) noexcept = default;

    [[nodiscard]] const refinements* get() const noexcept { return p_.get(); }
    void set(refinements r) {
        if (r == refinements{}) p_.reset();
        else p_ = std::make_unique<refinements>(std::move(r));
    }
    void reset() noexcept { p_.reset(); }
    friend bool operator==(const refinement_slot& a, const refinement_slot& b) {
        return a.p_ ? b.p_ && *a.p_ == *b.p_ : !b.p_;
    }

private:
    std::unique_ptr<refinements> p_;
};
}  // namespace detail

struct null_t {
    explicit constexpr null_t(int) {}
};
struct unknown_t {
    explicit constexpr unknown_t(int) {}
};
// `attr = tfpp::null;` and `attr = tfpp::unknown;` read like the plan output.
inline constexpr null_t null{0};
inline constexpr unknown_t unknown{0};

enum class value_state : std::uint8_t { null, unknown, known };

// Thrown when code reads a value that is not known. The framework turns it
// into an error diagnostic naming the attribute, so a handler that forgets a
// check produces a clear message instead of undefined behaviour.
class value_access_error : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

template <class T>
class value {
public:
    using value_type = T;

    constexpr value() = default;  // null
    constexpr value(null_t) noexcept {}
    constexpr value(unknown_t) noexcept : state_(value_state::unknown) {}
    // An unknown value with refinements.
    value(unknown_t, refinements r) : state_(value_state::unknown) { refinements_.set(std::move(r)); }

    template <class U = T>
    requires(std::is_constructible_v<T, U&&> && !std::is_same_v<std::remove_cvref_t<U>, value> &&
             !std::is_same_v<std::remove_cvref_t<U>, null_t> &&
             !std::is_same_v<std::remove_cvref_t<U>, unknown_t>) constexpr value(U&& v)
        : state_(value_state::known), v_(std::forward<U>(v)) {}

    [[nodiscard]] constexpr value_state state() const noexcept { return state_; }
    [[nodiscard]] constexpr bool is_null() const noexcept { return state_ == value_state::null; }
    [[nodiscard]] constexpr bool is_unknown() const noexcept { return state_ == value_state::unknown; }
    [[nodiscard]] constexpr bool is_known() const noexcept { return state_ == value_state::known; }
    // What is known about an unknown value; nullptr when nothing (or not unknown).
    [[nodiscard]] const tfpp::refinements* refinement() const noexcept { return refinements_.get(); }
    // Makes the value unknown with these refinements.
    void set_unknown(tfpp::refinements r) {
        set_unknown();
        refinements_.set(std::move(r));
    }

    // The known value; throws value_access_error when null or unknown.
    [[nodiscard]] constexpr T& get() & { return check(), v_; }
    [[nodiscard]] constexpr const T& get() const& { return check(), v_; }
    [[nodiscard]] constexpr T&& get() && { return check(), std::move(v_); }
    [[nodiscard]] constexpr T& operator*() & { return get(); }
    [[nodiscard]] constexpr const T& operator*() const& { return get(); }
    [[nodiscard]] constexpr T* operator->() { return &get(); }
    [[nodiscard]] constexpr const T* operator->() const { return &get(); }

    template <class U>
    [[nodiscard]] constexpr T value_or(U&& fallback) const& {
        return is_known() ? v_ : static_cast<T>(std::forward<U>(fallback));
    }

    // Makes the value known, default-initialized, and returns it for filling in.
    constexpr T& emplace() {
        v_ = T{};
        state_ = value_state::known;
        refinements_.reset();
        return v_;
    }
    constexpr void set_null() noexcept(std::is_nothrow_default_constructible_v<T>) { reset(value_state::null); }
    constexpr void set_unknown() noexcept(std::is_nothrow_default_constructible_v<T>) { reset(value_state::unknown); }

    // Two values are equal when both are null, both unknown with the same
    // refinements, or both known and equal.
    friend bool operator==(const value& a, const value& b) {
        if (a.state_ != b.state_) return false;
        if (a.state_ == value_state::unknown) return a.refinements_ == b.refinements_;
        return a.state_ != value_state::known || a.v_ == b.v_;
    }
    // value == plain value: true when known and equal. The first parameter is
    // a template so that only values (and attributes) take this path.
    template <class V, class U>
    requires(std::is_base_of_v<value, V> && !std::is_base_of_v<value, U> &&
             requires(const T& t, const U& u) {
                 { t == u } -> std::convertible_to<bool>;
             }) friend constexpr bool
    operator==(const V& a, const U& b) {
        return a.is_known() && a.get() == b;
    }

private:
    constexpr void check() const {
        if (state_ != value_state::known)
            throw value_access_error(state_ == value_state::null ? "tfpp: read of a null value"
                                                                 : "tfpp: read of an unknown value");
    }
    constexpr void reset(value_state s) {
        v_ = T{};
        state_ = s;
        refinements_.reset();
    }

    value_state state_ = value_state::null;
    detail::refinement_slot refinements_;
    T v_{};
};

namespace detail {
template <class T>
inline constexpr bool is_value_v = false;
template <class T>
inline constexpr bool is_value_v<value<T>> = true;

template <class T>
inline constexpr bool is_optional_v = false;
template <class T>
inline constexpr bool is_optional_v<std::optional<T>> = true;
}  // namespace detail

}  // namespace tfpp
