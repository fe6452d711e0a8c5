// The schema side of provider functions (tfpp/provider/function.hpp): the
// variadic parameter and the signature Terraform sees.
#pragma once

#include <tfpp/core/fixed_string.hpp>
#include <tfpp/value/type.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace tfpp {

// The last parameter of a function, taking any number of arguments.
template <class T>
struct variadic : std::vector<T> {
    using std::vector<T>::vector;
};

// A function's signature as Terraform sees it.
struct function_parameter_schema {
    std::string_view name{};
    tfpp::type type{};
    bool allow_null = false;
    bool allow_unknown = false;
    std::string_view description{};
    bool description_is_markdown = false;
};

struct function_schema {
    std::vector<function_parameter_schema> parameters{};
    std::optional<function_parameter_schema> variadic{};
    tfpp::type return_type{};
    std::string_view summary{};
    std::string_view description{};
    bool description_is_markdown = false;
    std::string_view deprecation_message{};
};

}  // namespace tfpp
