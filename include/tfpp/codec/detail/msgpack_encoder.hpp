// C++ models and values into MessagePack, field by field in name order as
// go-cty writes objects, sets in canonical order.
#pragma once

#include <tfpp/codec/detail/msgpack_writer.hpp>
#include <tfpp/core/field.hpp>
#include <tfpp/core/reflect.hpp>
#include <tfpp/core/type_map.hpp>
#include <tfpp/value/set.hpp>

#include <string>
#include <tuple>

namespace tfpp::detail {

class encoder {
public:
    explicit encoder(std::string& out) : w_(out) {}

    template <class T>
    void encode(const T& v) {
        if constexpr (is_schema_field<T>) {
            encode(static_cast<const value<typename T::value_type>&>(v));
        } else if constexpr (is_value_v<T>) {
            if (v.is_null()) w_.nil();
            else if (v.is_unknown()) w_.unknown(v.refinement(), refinable_of<typename T::value_type>());
            else encode(*v);
        } else if constexpr (is_optional_v<T>) {
            if (v) encode(*v);
            else w_.nil();
        } else {
            encode_plain(v);
        }
    }

    msgpack_writer& writer() noexcept { return w_; }

private:
    template <class T>
    void encode_plain(const T& v) {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::string) {
            w_.text(v);
        } else if constexpr (k == type_kind::boolean) {
            w_.boolean(v);
        } else if constexpr (k == type_kind::number) {
            if constexpr (std::is_same_v<T, number>) w_.number(v);
            else w_.arithmetic(v);
        } else if constexpr (k == type_kind::list) {
            w_.array_header(static_cast<std::uint32_t>(v.size()));
            // As value_type: libc++ iterates a vector<bool> as bit proxies.
            for (const auto& e : v) encode(static_cast<const typename T::value_type&>(e));
        } else if constexpr (k == type_kind::set) {
            w_.array_header(static_cast<std::uint32_t>(v.size()));
            if constexpr (iterates_canonically<T>) {
                for (const auto& e : v) encode(static_cast<const typename T::value_type&>(e));
            } else {
                for (const auto* e : canonical_set_order(v)) encode(*e);
            }
        } else if constexpr (k == type_kind::map) {
            w_.map_header(static_cast<std::uint32_t>(v.size()));
            for (const auto& [key, e] : v) {
                w_.text(key);
                encode(e);
            }
        } else if constexpr (k == type_kind::tuple) {
            w_.array_header(static_cast<std::uint32_t>(std::tuple_size_v<T>));
            std::apply([&](const auto&... e) { (encode(e), ...); }, v);
        } else if constexpr (k == type_kind::object) {
            w_.map_header(static_cast<std::uint32_t>(field_count<T>()));
            for_each_index<T>([&]<std::size_t J>() {
                constexpr std::size_t I = sorted_fields<T>[J];
                w_.string(field_name<T, I>());
                encode(get<I>(v));
            });
        } else if constexpr (k == type_kind::dynamic) {
            encode_dynamic(w_, v, type::dynamic());
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
        }
    }

    msgpack_writer w_;
};

}  // namespace tfpp::detail
