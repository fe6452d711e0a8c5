// The matcher behind tfpp::regex.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace tfpp::detail {

// A regular expression (ECMAScript, std::regex) compiled once, in the
// library: <regex> is slow to include and to instantiate.
class compiled_regex {
public:
    explicit compiled_regex(std::string_view pattern);  // a bad pattern fails each search()
    ~compiled_regex();
    compiled_regex(const compiled_regex&) = delete;
    compiled_regex& operator=(const compiled_regex&) = delete;
    // Whether text has a match; false with `error` set when the pattern is
    // bad or the matcher gives up (std::regex_error).
    [[nodiscard]] bool search(std::string_view text, std::string& error) const;

private:
    struct compiled;
    std::unique_ptr<compiled> re_;
    std::string error_;
};

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/schema/detail/regex-inl.hpp>
#endif
