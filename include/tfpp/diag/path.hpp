// Attribute paths: where in a value something is, printed as a.b[0]["k"].
//
//   ctx.error("Cannot write", why, "filename");                        // by name
//   ctx.error("Cannot write", why, tfpp::path_of(&file_model::filename)); // checked by the compiler
//   tfpp::path_of(&directory_model::files).then_key(name).then(&directory_file::content)
//
// tfpp checks the paths a handler reports against its schema: one that names
// no attribute is reported without it, with a note that says so.
#pragma once

#include <tfpp/core/reflect.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp {

class attribute_path {
public:
    // One step: an attribute name, a map key, or a list/tuple index.
    struct step {
        enum class kind : unsigned char { attribute, key, index };
        step::kind kind = kind::attribute;
        std::string name;           // attribute name or map key
        std::int64_t position = 0;  // list index
        friend bool operator==(const step&, const step&) = default;
    };
    [[nodiscard]] static step attribute(std::string_view name) { return {step::kind::attribute, std::string(name), 0}; }
    [[nodiscard]] static step key(std::string_view k) { return {step::kind::key, std::string(k), 0}; }
    [[nodiscard]] static step index(std::int64_t i) { return {step::kind::index, {}, i}; }

    attribute_path() = default;
    // A path of one attribute name, the usual case for top-level attributes.
    attribute_path(std::string_view attribute_name) { steps_.push_back(attribute(attribute_name)); }
    attribute_path(const char* attribute_name) : attribute_path(std::string_view(attribute_name)) {}

    [[nodiscard]] attribute_path then_attribute(std::string_view name) const { return with(attribute(name)); }
    [[nodiscard]] attribute_path then_key(std::string_view k) const { return with(key(k)); }
    [[nodiscard]] attribute_path then_index(std::int64_t i) const { return with(index(i)); }
    // The field of a nested struct, by member pointer: .then(&directory_file::content).
    template <class S, class F>
    [[nodiscard]] attribute_path then(F S::*member) const {
        return with(attribute(detail::member_field_name(member)));
    }

    void push(step s) { steps_.push_back(std::move(s)); }
    void pop() { steps_.pop_back(); }

    [[nodiscard]] const std::vector<step>& steps() const noexcept { return steps_; }
    [[nodiscard]] bool empty() const noexcept { return steps_.empty(); }

    // a.b[0]["k"], the notation Terraform users know from plan output.
    [[nodiscard]] std::string to_string() const {
        std::string out;
        for (const step& s : steps_) {
            switch (s.kind) {
            case step::kind::attribute:
                if (!out.empty()) out += '.';
                out += s.name;
                break;
            case step::kind::key:
                out += "[\"";
                for (char c : s.name) {
                    if (c == '"' || c == '\\') out += '\\';
                    out += c;
                }
                out += "\"]";
                break;
            case step::kind::index:
                out += '[';
                out += std::to_string(s.position);
                out += ']';
                break;
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

// The path of a model's field, by member pointer, with the name Terraform
// sees (tfpp::terraform_name<"..."> renames included).
template <class S, class F>
[[nodiscard]] attribute_path path_of(F S::*member) {
    return attribute_path(detail::member_field_name(member));
}

}  // namespace tfpp
