// Attribute paths: where in a value something is, printed as a.b[0]["k"].
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace tfpp {

class attribute_path {
public:
    struct attribute {
        std::string name;
        friend bool operator==(const attribute&, const attribute&) = default;
    };
    struct key {
        std::string name;
        friend bool operator==(const key&, const key&) = default;
    };
    struct index {
        std::int64_t position;
        friend bool operator==(const index&, const index&) = default;
    };
    using step = std::variant<attribute, key, index>;

    attribute_path() = default;
    // A path of one attribute name, the usual case for top-level attributes.
    attribute_path(std::string_view attribute_name) { steps_.push_back(attribute{std::string(attribute_name)}); }
    attribute_path(const char* attribute_name) : attribute_path(std::string_view(attribute_name)) {}

    [[nodiscard]] attribute_path then_attribute(std::string_view name) const& { return with(attribute{std::string(name)}); }
    [[nodiscard]] attribute_path then_key(std::string_view k) const& { return with(key{std::string(k)}); }
    [[nodiscard]] attribute_path then_index(std::int64_t i) const& { return with(index{i}); }

    void push(step s) { steps_.push_back(std::move(s)); }
    void pop() { steps_.pop_back(); }

    [[nodiscard]] const std::vector<step>& steps() const noexcept { return steps_; }
    [[nodiscard]] bool empty() const noexcept { return steps_.empty(); }

    // a.b[0]["k"], the notation Terraform users know from plan output.
    [[nodiscard]] std::string to_string() const {
        std::string out;
        for (const step& s : steps_) {
            if (const auto* a = std::get_if<attribute>(&s)) {
                if (!out.empty()) out += '.';
                out += a->name;
            } else if (const auto* k = std::get_if<key>(&s)) {
                out += "[\"";
                for (char c : k->name) {
                    if (c == '"' || c == '\\') out += '\\';
                    out += c;
                }
                out += "\"]";
            } else {
                out += '[';
                out += std::to_string(std::get<index>(s).position);
                out += ']';
            }
        }
        return out;
    }

    friend bool operator==(const attribute_path&, const attribute_path&) = default;

private:
    [[nodiscard]] attribute_path with(step s) const {
        attribute_path p = *this;
        p.steps_.push_back(std::move(s));
        return p;
    }

    std::vector<step> steps_;
};

}  // namespace tfpp
