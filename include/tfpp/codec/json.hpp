// JSON decoding of typed models, for the state Terraform stores (RawState.json):
// Terraform hands stored state back as JSON when it asks a provider to upgrade it.
#pragma once

#include <tfpp/codec/detail/number.hpp>
#include <tfpp/codec/detail/utf8.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/schema.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <type_traits>

namespace tfpp {
namespace detail {

class json_decoder {
public:
    explicit json_decoder(diagnostics& diags) : diags_(diags) {}

    template <class T>
    bool decode(const nlohmann::json& j, T& out) {
        if constexpr (is_attribute<T>) {
            return decode(j, static_cast<value<typename T::value_type>&>(out));
        } else if constexpr (is_value_v<T>) {
            if (j.is_null()) return out.set_null(), true;
            return decode(j, out.emplace());
        } else if constexpr (is_optional_v<T>) {
            if (j.is_null()) return out.reset(), true;
            return decode(j, out.emplace());
        } else {
            if (j.is_null()) return fail("Null value not allowed", "the provider's model cannot hold null here");
            return plain(j, out);
        }
    }

private:
    template <class T>
    bool plain(const nlohmann::json& j, T& out) {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::string) {
            if (!j.is_string()) return fail("Incorrect value type", "expected a string");
            out = j.template get<std::string>();
            return true;
        } else if constexpr (k == type_kind::boolean) {
            if (!j.is_boolean()) return fail("Incorrect value type", "expected a bool");
            out = j.template get<bool>();
            return true;
        } else if constexpr (k == type_kind::number) {
            return number(j, out);
        } else if constexpr (k == type_kind::list || k == type_kind::set) {
            if (!j.is_array()) return fail("Incorrect value type", "expected an array");
            out.clear();
            std::int64_t i = 0;
            for (const auto& e : j) {
                path_.push(attribute_path::index(i++));
                typename type_info<T>::element v{};
                if (!decode(e, v)) return false;
                if constexpr (k == type_kind::list) out.push_back(std::move(v));
                else out.insert(std::move(v));
                path_.pop();
            }
            return true;
        } else if constexpr (k == type_kind::map) {
            if (!j.is_object()) return fail("Incorrect value type", "expected an object");
            out.clear();
            for (const auto& [key, e] : j.items()) {
                path_.push(attribute_path::key(key));
                typename type_info<T>::element v{};
                if (!decode(e, v)) return false;
                out.emplace(key, std::move(v));
                path_.pop();
            }
            return true;
        } else if constexpr (k == type_kind::object) {
            if (!j.is_object()) return fail("Incorrect value type", "expected an object");
            bool ok = true;
            // Attributes the model no longer has are ignored: stored state may
            // predate a schema change. Missing ones are null.
            for_each_index<T>([&]<std::size_t I>() {
                if (!ok) return;
                const auto it = j.find(std::string(field_name<T, I>()));
                path_.push(attribute_path::attribute(field_name<T, I>()));
                ok = decode(it == j.end() ? null_json() : *it, get<I>(out));
                if (ok) path_.pop();
            });
            return ok;
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
            return false;
        }
    }

    template <class N>
    bool number(const nlohmann::json& j, N& out) {
        number_fit fit;
        if (j.is_number_unsigned()) fit = fit_unsigned(j.template get<std::uint64_t>(), out);
        else if (j.is_number_integer()) fit = fit_signed(j.template get<std::int64_t>(), out);
        else if (j.is_number_float()) fit = fit_real(j.template get<double>(), out);
        else return fail("Incorrect value type", "expected a number");
        return fit == number_fit::ok || report_number_fit<N>(fit, diags_, path_);
    }

    static const nlohmann::json& null_json() {
        static const nlohmann::json n;
        return n;
    }
    bool fail(std::string summary, std::string detail) {
        diags_.error(std::move(summary), std::move(detail), path_);
        return false;
    }

    diagnostics& diags_;
    attribute_path path_;
};

}  // namespace detail

// Decodes JSON text (such as RawState.json) into out; on failure adds an
// error diagnostic with the attribute path and returns false.
template <class T>
bool decode_json(std::string_view text, T& out, diagnostics& diags) {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        diags.error("Malformed JSON", "the stored state is not valid JSON");
        return false;
    }
    return detail::json_decoder(diags).decode(j, out);
}

}  // namespace tfpp
