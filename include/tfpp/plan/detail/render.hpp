// Encoded values as the checker's diagnostics show them: compact HCL-like
// text, long strings and collections cut short, sensitive attributes hidden;
// and the schema's view of the objects inside a value.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/plan/detail/equality.hpp>
#include <tfpp/schema/schema.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail::consistency {

// What the schema says about a value beyond its type: the attributes (and,
// for blocks, block types) of the objects in it, and how they repeat.
struct shape {
    const std::vector<attribute_schema>* attributes = nullptr;
    const std::vector<nested_block_schema>* blocks = nullptr;
    nesting mode = nesting::single;

    [[nodiscard]] bool empty() const noexcept { return attributes == nullptr; }
    [[nodiscard]] shape element() const noexcept { return {attributes, blocks, nesting::single}; }
};
inline shape shape_of(const attribute_schema& a) {
    return a.nested ? shape{&a.nested->attributes, nullptr, a.nested->mode} : shape{};
}
inline shape shape_of(const nested_block_schema& b) { return {&b.block.attributes, &b.block.blocks, b.mode}; }

template <class T>
const T* find_named(const std::vector<T>& items, sv name) {
    const auto it = std::lower_bound(items.begin(), items.end(), name, [](const T& a, sv n) { return (a.name) < n; });
    if (it != items.end() && it->name == name) return &*it;
    for (const auto& i : items)
        if (i.name == name) return &i;
    return nullptr;
}

// The type of a block type's value in its parent: an object, or a list, set
// or map of them (built when the parent's value type does not say).
inline type block_value_type(const block_schema& parent, const nested_block_schema& b) {
    const auto i = parent.value_type.attribute_index(b.name);
    if (i >= 0) return parent.value_type.attributes()[static_cast<std::size_t>(i)].type;
    switch (b.mode) {
    case nesting::list: return type::list(b.block.value_type);
    case nesting::set: return type::set(b.block.value_type);
    case nesting::map: return type::map(b.block.value_type);
    default: return b.block.value_type;
    }
}

// Values diagnostics never show: sensitive and write-only ones.
inline bool hidden_value(const attribute_schema& a) { return a.sensitive || a.write_only; }

// ------------------------------------------------------------ rendering

// Values as the diagnostics show them: compact HCL-like text, long strings
// and collections cut short, sensitive and write-only attributes hidden.
class renderer {
public:
    std::string operator()(const type& t, sv b, const shape& s = {}) {
        out_.clear();
        value(t, b, s, 0);
        if (out_.size() > max_total) {
            std::size_t cut = max_total;
            while (cut > 0 && (static_cast<unsigned char>(out_[cut]) & 0xc0) == 0x80) --cut;
            out_.resize(cut);
            out_ += " ...";
        }
        return out_;
    }

private:
    static constexpr std::size_t max_string = 64, max_elements = 4, max_total = 240, max_depth = 4;

    void text(sv s) {
        out_ += '"';
        std::size_t n = std::min(s.size(), max_string);
        while (n < s.size() && n > 0 && (static_cast<unsigned char>(s[n]) & 0xc0) == 0x80) --n;
        for (char c : s.substr(0, n)) {
            switch (c) {
            case '"': out_ += "\\\""; break;
            case '\\': out_ += "\\\\"; break;
            case '\n': out_ += "\\n"; break;
            case '\t': out_ += "\\t"; break;
            case '\r': out_ += "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    static constexpr char hex[] = "0123456789abcdef";
                    out_ += "\\u00";
                    out_ += hex[(c >> 4) & 0xf];
                    out_ += hex[c & 0xf];
                } else {
                    out_ += c;
                }
            }
        }
        out_ += '"';
        if (n < s.size()) out_ += "... (" + std::to_string(s.size()) + " bytes)";
    }

    void placeholder_text(const type& t, sv b) {
        const placeholder p = read_placeholder(b);
        std::string says;
        const auto add = [&](const std::string& s) { says += (says.empty() ? "" : ", ") + s; };
        if (p.r.not_null) add("not null");
        if (!p.r.string_prefix.empty() && t.which() == type::kind::string) {
            std::string saved = std::move(out_);
            out_.clear();
            text(p.r.string_prefix);
            add("starts with " + out_);
            out_ = std::move(saved);
        }
        if (p.r.lower) add(std::string(p.r.lower->inclusive ? ">= " : "> ") + p.r.lower->value.to_string());
        if (p.r.upper) add(std::string(p.r.upper->inclusive ? "<= " : "< ") + p.r.upper->value.to_string());
        if (p.r.length_min > 0 && p.r.length_max)
            add("length " + std::to_string(p.r.length_min) + " to " + std::to_string(*p.r.length_max));
        else if (p.r.length_min > 0) add("length at least " + std::to_string(p.r.length_min));
        else if (p.r.length_max) add("length at most " + std::to_string(*p.r.length_max));
        out_ += says.empty() ? "(known after apply)" : "(known after apply: " + says + ")";
    }

    void value(const type& t, sv b, const shape& s, std::size_t depth) {
        const encoded_state st = state_of(b);
        if (st == encoded_state::null) return void(out_ += "null");
        if (st == encoded_state::unknown) return placeholder_text(t, b);
        if (t.is_dynamic()) {
            type inner_type;
            sv inner;
            if (!unwrap_dynamic(b, inner_type, inner)) return void(out_ += "(malformed)");
            return value(inner_type, inner, s, depth);
        }
        mp_token tok;
        switch (t.which()) {
        case type::kind::string:
            if (head(b, tok) && is_text(tok)) return text(tok.bytes);
            break;
        case type::kind::number: {
            tfpp::number n;
            if (head(b, tok) && read_number(tok, n)) {
                // A double shows its exact value: 0.1 as a double is not the decimal 0.1.
                if (n.representation() == tfpp::number::form::float64 && !n.is_infinite())
                    return void(out_ += tfpp::detail::fixed_text(n.exact()));
                return void(out_ += n.to_string());
            }
            break;
        }
        case type::kind::boolean:
            if (head(b, tok) && tok.kind == mp_kind::boolean) return void(out_ += tok.boolean ? "true" : "false");
            break;
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: {
            std::vector<sv> es;
            if (!split_array(b, es)) break;
            if (depth >= max_depth) return void(out_ += es.empty() ? "[]" : "[...]");
            out_ += '[';
            for (std::size_t i = 0; i < es.size() && i < max_elements; ++i) {
                if (i) out_ += ", ";
                if (t.is_tuple() && i >= t.elements().size()) break;
                value(t.is_tuple() ? t.elements()[i] : t.element(), es[i], s.element(), depth + 1);
            }
            if (es.size() > max_elements) out_ += ", ... (" + std::to_string(es.size() - max_elements) + " more)";
            out_ += ']';
            return;
        }
        case type::kind::map: {
            std::vector<sv> ks, vs;
            if (!split_map(b, ks, vs)) break;
            if (depth >= max_depth) return void(out_ += ks.empty() ? "{}" : "{...}");
            out_ += '{';
            for (std::size_t i = 0; i < ks.size() && i < max_elements; ++i) {
                out_ += i ? ", " : " ";
                text(ks[i]);
                out_ += " = ";
                value(t.element(), vs[i], s.element(), depth + 1);
            }
            if (ks.size() > max_elements) out_ += ", ... (" + std::to_string(ks.size() - max_elements) + " more)";
            out_ += ks.empty() ? "}" : " }";
            return;
        }
        case type::kind::object: {
            object_view o;
            if (!o.parse(b)) break;
            const auto attrs = t.attributes();
            if (depth >= max_depth) return void(out_ += attrs.empty() ? "{}" : "{...}");
            out_ += '{';
            for (std::size_t i = 0; i < attrs.size(); ++i) {
                out_ += i ? ", " : " ";
                out_ += attrs[i].name;
                out_ += " = ";
                const attribute_schema* a = s.empty() ? nullptr : find_named(*s.attributes, attrs[i].name);
                const nested_block_schema* nb =
                    a || s.empty() || !s.blocks ? nullptr : find_named(*s.blocks, attrs[i].name);
                if (a && hidden_value(*a)) out_ += "(sensitive value)";
                else
                    value(attrs[i].type, o.get(attrs[i].name),
                          a    ? shape_of(*a)
                          : nb ? shape_of(*nb)
                               : shape{},
                          depth + 1);
                if (out_.size() > max_total) break;
            }
            out_ += attrs.empty() ? "}" : " }";
            return;
        }
        case type::kind::dynamic: break;
        }
        out_ += "(malformed)";
    }

    std::string out_;
};

}  // namespace tfpp::detail::consistency
