// A schema as Markdown, laid out as tfplugindocs lays it out (its schemamd
// package), so generated pages read like every other provider's: groups
// Required / Optional / Read-Only, names sorted, nested attributes, objects
// and blocks in their own anchored sections, the write-only note, the
// identity schema for import, and a function's signature and arguments.
// With `details`, each attribute also states its constraints (validators
// and rules) and its default, which the schema JSON cannot carry; the
// default of a sensitive or write-only attribute is never shown.
#pragma once

#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/schema/function.hpp>
#include <tfpp/schema/schema.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

inline constexpr std::string_view write_only_note =
    "> **NOTE**: [Write-only arguments](https://developer.hashicorp.com/terraform/language/resources/"
    "ephemeral#write-only-arguments) are supported in Terraform 1.11 and later.\n\n";
inline constexpr std::string_view write_only_link =
    ", [Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments)";

// "String", "List of Number", "Object", as schema pages name types.
inline std::string markdown_type_name(const type& t) {
    switch (t.which()) {
    case type::kind::dynamic: return "Dynamic";
    case type::kind::string: return "String";
    case type::kind::boolean: return "Boolean";
    case type::kind::number: return "Number";
    case type::kind::list: return "List of " + markdown_type_name(t.element());
    case type::kind::set: return "Set of " + markdown_type_name(t.element());
    case type::kind::map: return "Map of " + markdown_type_name(t.element());
    case type::kind::tuple: return "Tuple";
    case type::kind::object: return "Object";
    }
    return "Dynamic";
}

inline std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::string_view(" \t\r\n").find(s.front()) != std::string_view::npos) s.remove_prefix(1);
    while (!s.empty() && std::string_view(" \t\r\n").find(s.back()) != std::string_view::npos) s.remove_suffix(1);
    return s;
}

class schema_markdown {
public:
    explicit schema_markdown(bool details) : details_(details) {}

    // "## Schema" and the block's attributes and blocks.
    std::string render(const block_schema& root) {
        out_ = "## Schema\n\n";
        block_children({}, root, true);
        return std::move(out_);
    }

    // "### Identity Schema": what an import by identity names.
    static std::string render_identity(const identity_schema& identity) {
        std::string out = "### Identity Schema\n\n";
        const auto list = [&](bool required, std::string_view title) {
            bool first = true;
            for (const identity_attribute_schema& a : identity.attributes) {
                if (a.required_for_import != required || (!required && !a.optional_for_import)) continue;
                if (first) out.append(title);
                first = false;
                out += "- `" + std::string(a.name) + "` (" + markdown_type_name(a.type) + ")";
                if (const std::string_view d = trimmed(a.description); !d.empty()) out += " " + std::string(d);
                out += "\n";
            }
        };
        list(true, "#### Required\n\n");
        out += "\n";
        list(false, "#### Optional\n\n");
        return out;
    }

private:
    enum class group { required, optional, read_only };
    static constexpr std::string_view top_titles[] = {"### Required", "### Optional", "### Read-Only"};
    static constexpr std::string_view nested_titles[] = {"Required:", "Optional:", "Read-Only:"};

    // A section written after the list that links to it.
    struct nested_section {
        std::string anchor;
        std::vector<std::string> path;
        const block_schema* block = nullptr;
        const nested_attributes* attributes = nullptr;
        const type* object = nullptr;
        group in_group = group::optional;
    };

    static group attribute_group(const attribute_schema& a) {
        if (a.is_required()) return group::required;
        if (a.is_optional()) return group::optional;
        return group::read_only;
    }
    static bool block_has_settable(const block_schema& b) {
        if (b.attributes.empty() && b.blocks.empty()) return true;
        for (const nested_block_schema& c : b.blocks)
            if (c.min_items > 0 || block_has_settable(c.block)) return true;
        for (const attribute_schema& a : b.attributes)
            if (a.is_required() || a.is_optional()) return true;
        return false;
    }
    // A block with all leaves computed is read-only, as tfplugindocs has it
    // (which fails on one that also has a maximum; it is read-only here).
    static group block_group(const nested_block_schema& b) {
        if (b.min_items > 0) return group::required;
        return block_has_settable(b.block) ? group::optional : group::read_only;
    }
    static bool contains_write_only(const block_schema& b) {
        for (const nested_block_schema& c : b.blocks)
            if (contains_write_only(c.block)) return true;
        return std::any_of(b.attributes.begin(), b.attributes.end(),
                           [](const attribute_schema& a) { return a.write_only; });
    }

    static std::string joined(const std::vector<std::string>& path, std::string_view separator) {
        std::string out;
        for (std::size_t i = 0; i < path.size(); ++i) out += (i ? std::string(separator) : "") + path[i];
        return out;
    }
    static std::string_view nesting_word(nesting mode) {
        switch (mode) {
        case nesting::list: return " List";
        case nesting::set: return " Set";
        case nesting::map: return " Map";
        default: return "";
        }
    }

    // What only tfpp knows: the constraints and the default.
    std::string details(const std::vector<std::string>& constraints, const attribute_schema* a) const {
        if (!details_) return {};
        std::string out;
        for (std::size_t i = 0; i < constraints.size(); ++i)
            out += (i ? "; " : " Constraints: ") + constraints[i] + (i + 1 == constraints.size() ? "." : "");
        if (a && !a->default_bytes.empty() && !a->sensitive && !a->write_only) {
            dynamic value;
            diagnostics diags;
            std::string text;
            if (decode_msgpack(a->default_bytes, a->type, value, diags) && encode_json(value, a->type, text, diags))
                out += " Defaults to `" + text + "`.";
        }
        return out;
    }
    void description(std::string_view text, const std::string& extra) {
        std::string d(trimmed(text));
        d += d.empty() && !extra.empty() ? extra.substr(1) : extra;
        if (!d.empty()) out_ += " " + d;
    }

    void attribute(const std::vector<std::string>& path, const attribute_schema& a, group in_group,
                   std::vector<nested_section>& sections, std::string_view id_description = {}) {
        out_ += "- `" + path.back() + "` (";
        if (a.nested) {
            out_ += "Attributes";
            out_ += nesting_word(a.nested->mode);
        } else {
            out_ += markdown_type_name(a.type);
        }
        if (a.sensitive) out_ += ", Sensitive";
        if (a.deprecated) out_ += ", Deprecated";
        if (a.write_only) out_ += write_only_link;
        out_ += ")";
        description(id_description.empty() ? a.description : id_description, details(a.constraints, &a));
        nested_section s{"nestedatt--" + joined(path, "--"), path, nullptr, nullptr, nullptr, in_group};
        const type* object = a.type.is_object()                                       ? &a.type
                             : a.type.is_collection() && a.type.element().is_object() ? &a.type.element()
                                                                                      : nullptr;
        if (a.nested) s.attributes = a.nested.get();
        else s.object = object;
        if (s.attributes || s.object) {
            out_ += " (see [below for nested schema](#" + s.anchor + "))";
            sections.push_back(std::move(s));
        }
        out_ += "\n";
    }

    void block_type(const std::vector<std::string>& path, const nested_block_schema& b,
                    std::vector<nested_section>& sections) {
        out_ += "- `" + path.back() + "` (Block";
        out_ += nesting_word(b.mode);
        if (b.mode == nesting::single || b.mode == nesting::group) {
            static constexpr std::string_view words[] = {", Required", ", Optional", ", Read-only"};
            out_ += words[static_cast<int>(block_group(b))];
        } else if (b.min_items > 0) {
            out_ += ", Min: " + std::to_string(b.min_items);
        }
        if (b.max_items > 0) out_ += ", Max: " + std::to_string(b.max_items);
        if (b.block.deprecated) out_ += ", Deprecated";
        out_ += ")";
        description(b.block.description, details(b.constraints, nullptr));
        nested_section s{"nestedblock--" + joined(path, "--"), path, &b.block, nullptr, nullptr, group::optional};
        out_ += " (see [below for nested schema](#" + s.anchor + "))\n";
        sections.push_back(std::move(s));
    }

    void block_children(const std::vector<std::string>& parents, const block_schema& b, bool root) {
        struct entry {
            std::string_view name;
            const attribute_schema* attribute;
            const nested_block_schema* block;
        };
        std::vector<entry> groups[3];
        for (const attribute_schema& a : b.attributes) {
            // An undescribed top-level `id` is read-only and described, whatever its role.
            const bool plain_id = root && parents.empty() && a.description.empty() && lower(a.name) == "id";
            groups[static_cast<int>(plain_id ? group::read_only : attribute_group(a))].push_back({a.name, &a, nullptr});
        }
        for (const nested_block_schema& c : b.blocks)
            groups[static_cast<int>(block_group(c))].push_back({c.name, nullptr, &c});
        std::vector<nested_section> sections;
        for (int g = 0; g < 3; ++g) {
            auto& names = groups[g];
            if (names.empty()) continue;
            std::sort(names.begin(), names.end(), [](const entry& x, const entry& y) { return x.name < y.name; });
            out_ += std::string(root ? top_titles[g] : nested_titles[g]) + "\n\n";
            for (const entry& e : names) {
                if (e.block ? contains_write_only(e.block->block) : e.attribute->write_only) {
                    out_ += write_only_note;
                    break;
                }
            }
            for (const entry& e : names) {
                std::vector<std::string> path = parents;
                path.emplace_back(e.name);
                if (e.block) {
                    block_type(path, *e.block, sections);
                } else {
                    const bool plain_id =
                        root && parents.empty() && e.attribute->description.empty() && lower(e.name) == "id";
                    attribute(path, *e.attribute, static_cast<group>(g), sections,
                              plain_id ? "The ID of this resource." : std::string_view());
                }
            }
            out_ += "\n";
        }
        write_sections(sections);
    }

    void write_sections(const std::vector<nested_section>& sections) {
        for (const nested_section& s : sections) {
            out_ += "<a id=\"" + s.anchor + "\"></a>\n### Nested Schema for `" + joined(s.path, ".") + "`\n\n";
            if (s.block) block_children(s.path, *s.block, false);
            else if (s.attributes) nested_attribute_children(s.path, *s.attributes, s.in_group);
            else object_children(s.path, *s.object, s.in_group);
            out_ += "\n";
        }
    }

    void nested_attribute_children(const std::vector<std::string>& parents, const nested_attributes& n,
                                   group in_group) {
        std::vector<const attribute_schema*> groups[3];
        for (const attribute_schema& a : n.attributes) groups[static_cast<int>(attribute_group(a))].push_back(&a);
        std::vector<nested_section> sections;
        for (int g = 0; g < 3; ++g) {
            if (groups[g].empty()) continue;
            std::sort(groups[g].begin(), groups[g].end(),
                      [](const attribute_schema* x, const attribute_schema* y) { return x->name < y->name; });
            out_ += std::string(nested_titles[g]) + "\n\n";
            for (const attribute_schema* a : groups[g]) {
                std::vector<std::string> path = parents;
                path.emplace_back(a->name);
                attribute(path, *a, in_group,
                          sections);  // objects below keep the enclosing group, as tfplugindocs does
            }
            out_ += "\n";
        }
        write_sections(sections);
    }

    void object_children(const std::vector<std::string>& parents, const type& object, group in_group) {
        out_ += std::string(nested_titles[static_cast<int>(in_group)]) + "\n\n";
        std::vector<nested_section> sections;
        for (const type::attribute& a : object.attributes()) {  // sorted by name
            std::vector<std::string> path = parents;
            path.push_back(a.name);
            out_ += "- `" + a.name + "` (" + markdown_type_name(a.type) + ")";
            const type* inner = a.type.is_object()                                       ? &a.type
                                : a.type.is_collection() && a.type.element().is_object() ? &a.type.element()
                                                                                         : nullptr;
            if (inner) {
                nested_section s{"nestedobjatt--" + joined(path, "--"), path, nullptr, nullptr, inner, in_group};
                out_ += " (see [below for nested schema](#" + s.anchor + "))";
                sections.push_back(std::move(s));
            }
            out_ += "\n";
        }
        out_ += "\n";
        write_sections(sections);
    }

    static std::string lower(std::string_view s) {
        std::string out(s);
        for (char& c : out)
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        return out;
    }

    bool details_;
    std::string out_;
};

// A function's signature block, as the function page shows it:
// ```text
// name(a string, rest number...) bool
// ```
inline std::string function_signature_markdown(std::string_view name, const function_schema& f) {
    std::string params;
    for (const function_parameter_schema& p : f.parameters)
        params += (params.empty() ? "" : ", ") + std::string(p.name) + " " + p.type.friendly_name();
    if (f.variadic)
        params += (f.parameters.empty() ? "" : ", ") + std::string(f.variadic->name) + " " +
                  f.variadic->type.friendly_name() + "...";
    return "```text\n" + std::string(name) + "(" + params + ") " + f.return_type.friendly_name() + "\n```";
}

// One numbered line per parameter: "1. `name` (String, Nullable) what it is".
inline std::string function_parameter_markdown(const function_parameter_schema& p, bool variadic) {
    return "1. `" + std::string(p.name) + "` (" + (variadic ? "Variadic, " : "") + markdown_type_name(p.type) +
           (p.allow_null ? ", Nullable" : "") + ") " + std::string(trimmed(p.description));
}

inline std::string function_arguments_markdown(const function_schema& f) {
    std::string out;
    for (std::size_t i = 0; i < f.parameters.size(); ++i)
        out += (i ? "\n" : "") + function_parameter_markdown(f.parameters[i], false);
    return out;
}

}  // namespace tfpp::detail
