// JSON text parsed into a tree, compiled once (tfpp/codec/detail/json_tree.hpp).
// Compiled once from src/codec/json_tree.cpp, or inline in every file that includes
// <tfpp/codec/detail/json_tree.hpp> when TFPP_HEADER_ONLY is defined (tfpp/core/header_only.hpp).
#pragma once

#include <tfpp/core/header_only.hpp>
#include <tfpp/codec/detail/json_tree.hpp>

#include <nlohmann/json.hpp>

namespace tfpp::detail {

class json_tree_builder : public nlohmann::json_sax<nlohmann::json> {
public:
    explicit json_tree_builder(unsigned max_depth) : max_depth_(max_depth) {}

    bool null() override { return add({}); }
    bool boolean(bool b) override {
        json_node n;
        n.which = json_node::kind::boolean;
        n.boolean = b;
        return add(std::move(n));
    }
    bool number_integer(number_integer_t v) override { return number(std::to_string(v)); }
    bool number_unsigned(number_unsigned_t v) override { return number(std::to_string(v)); }
    bool number_float(number_float_t, const string_t& text) override { return number(text); }
    bool string(string_t& s) override {
        json_node n;
        n.which = json_node::kind::string;
        n.text = std::move(s);
        return add(std::move(n));
    }
    bool binary(binary_t&) override { return false; }
    bool start_object(std::size_t) override { return open(json_node::kind::object); }
    bool key(string_t& k) override {
        stack_.back()->keys.push_back(std::move(k));
        stack_.back()->items.emplace_back();
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(json_node::kind::array); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
        // nlohmann's message ends with the bytes it last read: input, perhaps a secret.
        std::string what = e.what();
        what = what.substr(0, what.find("; last read:"));
        error_ = "at byte " + std::to_string(position) + ": " + what;
        return false;
    }

    json_node root;
    std::string error_;
    bool too_deep = false;

private:
    bool number(std::string text) {
        json_node n;
        n.which = json_node::kind::number;
        n.text = std::move(text);
        return add(std::move(n));
    }
    json_node* slot() {
        if (stack_.empty()) return &root;
        json_node* top = stack_.back();
        if (top->which == json_node::kind::array) return &top->items.emplace_back();
        return &top->items.back();  // the member whose key came just before
    }
    bool add(json_node n) {
        *slot() = std::move(n);
        return true;
    }
    bool open(json_node::kind k) {
        if (stack_.size() >= max_depth_) return too_deep = true, false;
        json_node* n = slot();
        n->which = k;
        stack_.push_back(n);
        return true;
    }
    bool close() {
        stack_.pop_back();
        return true;
    }

    unsigned max_depth_;
    std::vector<json_node*> stack_;
};

TFPP_INLINE std::optional<std::string> quote_huge_numbers(std::string_view text) {
    auto huge = [](std::string_view num) {
        // Digits before the point plus the exponent bound the magnitude.
        std::size_t i = num[0] == '-' ? 1 : 0;
        std::int64_t int_digits = 0;
        bool leading = true;
        for (; i < num.size() && num[i] >= '0' && num[i] <= '9'; ++i)
            if (!(leading && num[i] == '0')) ++int_digits, leading = false;
        const auto e = num.find_first_of("eE");
        std::int64_t exp = 0;
        if (e != std::string_view::npos) {
            std::size_t k = e + 1;
            const bool neg = k < num.size() && num[k] == '-';
            if (k < num.size() && (num[k] == '-' || num[k] == '+')) ++k;
            for (; k < num.size() && num[k] >= '0' && num[k] <= '9' && exp < 100000; ++k)
                exp = exp * 10 + (num[k] - '0');
            if (neg) exp = -exp;
        }
        return int_digits + exp > 300 || exp < -300;
    };
    std::optional<std::string> out;
    std::size_t copied = 0;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '"') {  // skip a string, escapes included
            for (++i; i < text.size() && text[i] != '"'; ++i)
                if (text[i] == '\\') ++i;
            ++i;
            continue;
        }
        if (c != '-' && (c < '0' || c > '9')) {
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        while (end < text.size() && std::string_view("0123456789.eE+-").find(text[end]) != std::string_view::npos)
            ++end;
        const std::string_view num = text.substr(i, end - i);
        if (huge(num)) {
            if (!out) out.emplace();
            out->append(text, copied, i - copied);
            *out += '"';
            *out += num;
            *out += '"';
            copied = end;
        }
        i = end;
    }
    if (out) out->append(text, copied);
    return out;
}

TFPP_INLINE std::optional<json_node> parse_json_tree(std::string_view text, diagnostics& diags, const decode_options& limits,
                                         std::string_view what) {
    if (text.size() > limits.max_bytes) {
        diags.error("Value too large",
                    std::string(what) + " is larger than the limit of " + std::to_string(limits.max_bytes) + " bytes");
        return std::nullopt;
    }
    // nlohmann refuses numbers beyond double range; such numbers go in as
    // strings, which every number and string position reads the same way.
    const std::optional<std::string> requoted = quote_huge_numbers(text);
    if (requoted) text = *requoted;
    json_tree_builder b(limits.max_depth);
    if (!nlohmann::json::sax_parse(text.begin(), text.end(), &b)) {
        if (b.too_deep)
            diags.error("Value nested too deeply",
                        std::string(what) + " nests deeper than " + std::to_string(limits.max_depth) + " levels");
        else diags.error("Malformed JSON", std::string(what) + " is not valid JSON (" + b.error_ + ")");
        return std::nullopt;
    }
    return std::move(b.root);
}

}  // namespace tfpp::detail
