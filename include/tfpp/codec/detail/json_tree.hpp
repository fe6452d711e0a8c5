// JSON text parsed into a tree whose numbers keep their exact text, with
// nlohmann's SAX parser (iterative, so deep input costs no stack); compiled
// once (src/codec/json_tree.cpp).
#pragma once

#include <tfpp/codec/options.hpp>
#include <tfpp/diag/diagnostics.hpp>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::detail {

// A parsed JSON document. Numbers keep their text.
struct json_node {
    enum class kind : std::uint8_t { null, boolean, number, string, array, object } which = kind::null;
    bool boolean = false;
    std::string text;               // string value, or number as written
    std::vector<json_node> items;   // array elements, or object member values
    std::vector<std::string> keys;  // object member names, in document order

    // The last member with this name (go-cty: the last duplicate wins).
    [[nodiscard]] const json_node* member(std::string_view name) const {
        for (std::size_t i = keys.size(); i-- > 0;)
            if (keys[i] == name) return &items[i];
        return nullptr;
    }

    // The positions of the members sorted by name, only the last of each
    // name: built once, so that finding every member costs O(n log n).
    [[nodiscard]] std::vector<std::size_t> members_by_name() const {
        std::vector<std::size_t> order(keys.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
        std::vector<std::size_t> last;
        last.reserve(order.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            if (k + 1 == order.size() || keys[order[k + 1]] != keys[order[k]]) last.push_back(order[k]);
        return last;
    }
    // The member with this name in an index from members_by_name(), or null.
    [[nodiscard]] const json_node* member(const std::vector<std::size_t>& by_name, std::string_view name) const {
        const auto it = std::lower_bound(by_name.begin(), by_name.end(), name,
                                         [&](std::size_t i, std::string_view n) { return keys[i] < n; });
        return it != by_name.end() && keys[*it] == name ? &items[*it] : nullptr;
    }
};

// JSON text with every number token whose magnitude may exceed a double
// written as a string instead; nullopt when there is none (the usual case).
std::optional<std::string> quote_huge_numbers(std::string_view text);

std::optional<json_node> parse_json_tree(std::string_view text, diagnostics& diags, const decode_options& limits,
                                         std::string_view what);

}  // namespace tfpp::detail

#ifdef TFPP_HEADER_ONLY
#include <tfpp/codec/detail/json_tree-inl.hpp>
#endif
