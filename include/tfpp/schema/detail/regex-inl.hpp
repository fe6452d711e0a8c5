// tfpp::regex's matcher, compiled once.
// Compiled once from src/schema/regex.cpp, or inline in every file that includes
// <tfpp/schema/detail/compiled_regex.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/schema/detail/compiled_regex.hpp>

#include <regex>

namespace tfpp::detail {

struct compiled_regex::compiled {
    std::regex re;
};

TFPP_INLINE compiled_regex::compiled_regex(std::string_view pattern) {
    try {
        re_ = std::make_unique<compiled>(compiled{std::regex(std::string(pattern), std::regex::ECMAScript)});
    } catch (const std::regex_error& e) {
        error_ = e.what();
    }
}

TFPP_INLINE compiled_regex::~compiled_regex() = default;

TFPP_INLINE bool compiled_regex::search(std::string_view text, std::string& error) const {
    if (!re_) {
        error = error_;
        return false;
    }
    try {
        return std::regex_search(text.begin(), text.end(), re_->re);
    } catch (const std::regex_error& e) {  // the matcher's own limits (error_complexity, error_stack)
        error = e.what();
        return false;
    }
}

}  // namespace tfpp::detail
