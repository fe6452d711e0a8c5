// The deadline a handler's context gets: the configured timeout of the
// operation (a tfpp::timeouts or tfpp::read_timeouts field of the model),
// else the handler's default_timeouts, else none.
#pragma once

#include <tfpp/core/reflect.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/schema/timeouts.hpp>

#include <chrono>
#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>

namespace tfpp::detail {

enum class timed_operation : unsigned char { create, read, update, destroy };

template <class F>
constexpr bool holds_timeouts() {
    if constexpr (is_schema_field<F>)
        return std::is_same_v<typename F::value_type, timeouts> ||
               std::is_same_v<typename F::value_type, read_timeouts>;
    else return false;
}

// The index of M's timeouts field, or no_field.
template <class M>
constexpr std::size_t timeouts_field() {
    return with_indexes<field_count<M>()>([]<std::size_t... I>(std::index_sequence<I...>) {
        std::size_t found = no_field;
        ((found = found == no_field && holds_timeouts<field_t<M, I>>() ? I : found), ...);
        return found;
    });
}

inline std::optional<std::chrono::nanoseconds> configured_timeout(const value<std::string>& v) {
    if (!v.is_known()) return std::nullopt;
    return parse_go_duration(*v);
}
inline std::optional<std::chrono::nanoseconds> configured_timeout(const timeouts& t, timed_operation op) {
    switch (op) {
    case timed_operation::create: return configured_timeout(t.create);
    case timed_operation::read: return configured_timeout(t.read);
    case timed_operation::update: return configured_timeout(t.update);
    case timed_operation::destroy: return configured_timeout(t.delete_);
    }
    return std::nullopt;
}
inline std::optional<std::chrono::nanoseconds> configured_timeout(const read_timeouts& t, timed_operation op) {
    return op == timed_operation::read ? configured_timeout(t.read) : std::nullopt;
}

inline std::chrono::nanoseconds default_timeout(const timeout_defaults& d, timed_operation op) {
    switch (op) {
    case timed_operation::create: return d.create;
    case timed_operation::read: return d.read;
    case timed_operation::update: return d.update;
    case timed_operation::destroy: return d.destroy;
    }
    return {};
}

// Gives ctx the deadline of `op` on the object m: the configured timeout (a
// configured "0s" is over at once, as in the Go framework), else the
// default (zero: none).
template <class M>
void start_deadline(const M& m, timed_operation op, const timeout_defaults& defaults, context& ctx) {
    std::optional<std::chrono::nanoseconds> d;
    if (const auto fallback = default_timeout(defaults, op); fallback.count() > 0) d = fallback;
    if constexpr (constexpr std::size_t i = timeouts_field<M>(); i != no_field) {
        const auto& field = get<i>(m);
        if (field.is_known())
            if (const auto configured = configured_timeout(*field, op)) d = *configured;
    }
    if (d) ctx.set_deadline(context::time_after(*d));
}

template <class R>
constexpr timeout_defaults default_timeouts_of() {
    if constexpr (requires { R::default_timeouts; }) return R::default_timeouts;
    else return {};
}

}  // namespace tfpp::detail
