// JSON encoding of Terraform values, both ways, as go-cty's ctyjson does it:
// DynamicValue.json, and RawState.json (the state Terraform stores and hands
// back when it asks a provider to upgrade it), including the legacy flatmap.
//
// Parsing is nlohmann's SAX parser (iterative, so deep input costs no stack);
// numbers keep their exact text, so 0.1 stays 0.1.
#pragma once

#include <tfpp/codec/detail/number.hpp>
#include <tfpp/codec/detail/path_stack.hpp>
#include <tfpp/codec/detail/utf8.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/set.hpp>

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tfpp {

// How a JSON object with attributes the type does not define is treated.
enum class unknown_attributes : std::uint8_t {
    reject,  // an error, as go-cty does (DynamicValue.json)
    ignore,  // dropped: stored state may predate a schema change (RawState.json)
};

namespace detail {

// A parsed JSON document. Numbers keep their text.
struct json_node {
    enum class kind : std::uint8_t { null, boolean, number, string, array, object } which = kind::null;
    bool boolean = false;
    std::string text;  // string value, or number as written
    std::vector<json_node> items;  // array elements, or object member values
    std::vector<std::string> keys;  // object member names, in document order

    // The last member with this name (go-cty: the last duplicate wins).
    [[nodiscard]] const json_node* member(std::string_view name) const {
        for (std::size_t i = keys.size(); i-- > 0;)
            if (keys[i] == name) return &items[i];
        return nullptr;
    }
};

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
        error_ = "at byte " + std::to_string(position) + ": " + e.what();
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

// JSON text with every number token whose magnitude may exceed a double
// written as a string instead; nullopt when there is none (the usual case).
inline std::optional<std::string> quote_huge_numbers(std::string_view text) {
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
            for (; k < num.size() && num[k] >= '0' && num[k] <= '9' && exp < 100000; ++k) exp = exp * 10 + (num[k] - '0');
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
        while (end < text.size() && std::string_view("0123456789.eE+-").find(text[end]) != std::string_view::npos) ++end;
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

inline std::optional<json_node> parse_json_tree(std::string_view text, diagnostics& diags, const decode_limits& limits,
                                                std::string_view what) {
    if (text.size() > limits.max_bytes) {
        diags.error("Value too large", std::string(what) + " is larger than the limit of " +
                                           std::to_string(limits.max_bytes) + " bytes");
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
        else
            diags.error("Malformed JSON", std::string(what) + " is not valid JSON (" + b.error_ + ")");
        return std::nullopt;
    }
    return std::move(b.root);
}

class json_decoder {
public:
    json_decoder(diagnostics& diags, unknown_attributes mode) : diags_(diags), mode_(mode) {}

    // Typed models.
    template <class T>
    bool decode(const json_node& j, T& out) {
        if constexpr (is_schema_field<T>) {
            return decode(j, static_cast<value<typename T::value_type>&>(out));
        } else if constexpr (is_value_v<T>) {
            if (j.which == json_node::kind::null) return out.set_null(), true;
            return decode(j, out.emplace());
        } else if constexpr (is_optional_v<T>) {
            if (j.which == json_node::kind::null) return out.reset(), true;
            return decode(j, out.emplace());
        } else if constexpr (kind_of<T> == type_kind::dynamic) {
            return decode(j, type::dynamic(), out);
        } else {
            if (j.which == json_node::kind::null)
                return fail("Null value not allowed", "the provider's model cannot hold null here");
            return plain(j, out);
        }
    }

    // A dynamic value of a type constraint.
    bool decode(const json_node& j, const type& t, dynamic& out) {
        if (t.is_dynamic()) {
            if (j.which == json_node::kind::null) return out = dynamic(), true;
            if (j.which != json_node::kind::object)
                return fail("Incorrect value type", "a dynamic value must be an object with \"value\" and \"type\"");
            for (const auto& k : j.keys)
                if (k != "value" && k != "type") return fail("Invalid value", "invalid key \"" + k + "\" in a dynamic value");
            const json_node* tj = j.member("type");
            const json_node* vj = j.member("value");
            if (!tj) return fail("Invalid value", "missing type in a dynamic value");
            if (!vj) return fail("Invalid value", "missing value in a dynamic value");
            std::string type_text;
            write_node(type_text, *tj);
            auto vt = parse_type_json(type_text, diags_, path_.materialize());
            if (!vt) return false;
            return decode(*vj, *vt, out);
        }
        if (j.which == json_node::kind::null) return out = dynamic::null(t), true;
        switch (t.which()) {
        case type::kind::string: {
            std::string s;
            if (!primitive_string(j, s)) return false;
            return out = dynamic(std::move(s)), true;
        }
        case type::kind::number: {
            tfpp::number n;
            if (!primitive_number(j, n)) return false;
            return out = dynamic(std::move(n)), true;
        }
        case type::kind::boolean: {
            bool b = false;
            if (!primitive_bool(j, b)) return false;
            return out = dynamic(b), true;
        }
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: {
            if (j.which != json_node::kind::array)
                return fail("Incorrect value type", std::string("expected ") + (t.is_tuple() ? "a tuple" : "an array"));
            const auto tys = t.elements();
            if (t.is_tuple() && j.items.size() != tys.size())
                return fail("Incorrect value type", "expected a tuple of " + std::to_string(tys.size()) + " elements, got " +
                                                        std::to_string(j.items.size()));
            std::vector<dynamic> elements(j.items.size());
            for (std::size_t i = 0; i < j.items.size(); ++i) {
                path_.index(static_cast<std::int64_t>(i));
                if (!decode(j.items[i], t.is_tuple() ? tys[i] : t.element(), elements[i])) return false;
                path_.pop();
            }
            return build([&] {
                if (t.which() == type::kind::list) return dynamic::list(t.element(), std::move(elements));
                if (t.which() == type::kind::set) return dynamic::set(t.element(), std::move(elements));
                return dynamic::tuple(std::move(elements));
            }, out);
        }
        case type::kind::map: {
            if (j.which != json_node::kind::object) return fail("Incorrect value type", "expected an object");
            std::vector<dynamic::entry> entries;
            entries.reserve(j.keys.size());
            for (std::size_t i = 0; i < j.keys.size(); ++i) {
                const std::string& k = j.keys[i];
                path_.key(k);
                dynamic e;
                if (!decode(j.items[i], t.element(), e)) return false;
                path_.pop();
                // A repeated key: the last one wins, as in go-cty.
                auto it = std::find_if(entries.begin(), entries.end(), [&](const auto& x) { return x.first == k; });
                if (it != entries.end()) it->second = std::move(e);
                else entries.emplace_back(k, std::move(e));
            }
            return build([&] { return dynamic::map(t.element(), std::move(entries)); }, out);
        }
        case type::kind::object: {
            if (j.which != json_node::kind::object) return fail("Incorrect value type", "expected an object");
            const auto attrs = t.attributes();
            if (!unknown_members(j, [&](std::string_view k) { return t.attribute_index(k) >= 0; })) return false;
            std::vector<dynamic> values(attrs.size());
            for (std::size_t i = 0; i < attrs.size(); ++i) {
                path_.attribute(attrs[i].name);
                const json_node* m = j.member(attrs[i].name);
                if (!m) values[i] = dynamic::null(attrs[i].type);  // absent: null, as go-cty reads it
                else if (!decode(*m, attrs[i].type, values[i])) return false;
                path_.pop();
            }
            return build([&] { return dynamic::object(t, std::move(values)); }, out);
        }
        case type::kind::dynamic: break;
        }
        return false;
    }

private:
    template <class T>
    bool plain(const json_node& j, T& out) {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::string) {
            return primitive_string(j, out);
        } else if constexpr (k == type_kind::boolean) {
            return primitive_bool(j, out);
        } else if constexpr (k == type_kind::number) {
            tfpp::number n;
            if (!primitive_number(j, n)) return false;
            if constexpr (std::is_same_v<T, tfpp::number>) {
                out = std::move(n);
                return true;
            } else {
                const number_fit fit = fit_number(n, out);
                return fit == number_fit::ok || report_number_fit<T>(fit, diags_, path_.materialize());
            }
        } else if constexpr (k == type_kind::list || k == type_kind::set) {
            if (j.which != json_node::kind::array) return fail("Incorrect value type", "expected an array");
            using E = typename type_info<T>::element;
            std::vector<E> elements(j.items.size());
            for (std::size_t i = 0; i < j.items.size(); ++i) {
                path_.index(static_cast<std::int64_t>(i));
                if constexpr (std::is_same_v<E, bool>) {  // std::vector<bool> has no bool& to decode into
                    bool b = false;
                    if (!decode(j.items[i], b)) return false;
                    elements[i] = b;
                } else if (!decode(j.items[i], elements[i])) {
                    return false;
                }
                path_.pop();
            }
            if constexpr (std::is_same_v<T, std::vector<E>>) out = std::move(elements);
            else if constexpr (std::is_same_v<T, tfpp::set<E>>) out.assign(std::move(elements));
            else {
                out.clear();
                for (auto& e : elements) out.insert(std::move(e));
            }
            return true;
        } else if constexpr (k == type_kind::map) {
            if (j.which != json_node::kind::object) return fail("Incorrect value type", "expected an object");
            out.clear();
            for (std::size_t i = 0; i < j.keys.size(); ++i) {
                path_.key(j.keys[i]);
                typename type_info<T>::element v{};
                if (!decode(j.items[i], v)) return false;
                out.insert_or_assign(j.keys[i], std::move(v));
                path_.pop();
            }
            return true;
        } else if constexpr (k == type_kind::tuple) {
            if (j.which != json_node::kind::array) return fail("Incorrect value type", "expected a tuple");
            if (j.items.size() != std::tuple_size_v<T>)
                return fail("Incorrect value type", "expected a tuple of " + std::to_string(std::tuple_size_v<T>) +
                                                        " elements, got " + std::to_string(j.items.size()));
            bool ok = true;
            std::size_t i = 0;
            std::apply([&](auto&... e) {
                ((ok = ok && (path_.index(static_cast<std::int64_t>(i)), decode(j.items[i++], e)) && (path_.pop(), true)), ...);
            }, out);
            return ok;
        } else if constexpr (k == type_kind::object) {
            // One decoding function per field type, and the loop compiled once.
            static constexpr auto field_decoders = []<std::size_t... I>(std::index_sequence<I...>) {
                return std::array<bool (*)(json_decoder&, const json_node&, void*), sizeof...(I)>{
                    &decode_field<field_codec_t<field_t<T, I>>>...};
            }(std::make_index_sequence<field_count<T>()>{});
            const auto offsets = field_offsets(out);
            return object(j, &out, field_count<T>(), field_names<T>.data(), field_decoders.data(), offsets.data());
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
            return false;
        }
    }

    template <class F>
    static bool decode_field(json_decoder& d, const json_node& j, void* field) {
        return d.decode(j, *static_cast<F*>(field));
    }

    // The fields of a struct, in declaration order: absent ones are null.
    bool object(const json_node& j, void* out, std::size_t fields, const std::string_view* names,
                bool (*const* decode)(json_decoder&, const json_node&, void*), const std::size_t* offsets) {
        if (j.which != json_node::kind::object) return fail("Incorrect value type", "expected an object");
        if (!unknown_members(j, [&](std::string_view key) {
                for (std::size_t i = 0; i < fields; ++i)
                    if (names[i] == key) return true;
                return false;
            }))
            return false;
        static const json_node null_node;
        for (std::size_t i = 0; i < fields; ++i) {
            path_.attribute(names[i]);
            const json_node* m = j.member(names[i]);
            if (!decode[i](*this, m ? *m : null_node, field_at(out, offsets[i]))) return false;  // absent: null
            path_.pop();
        }
        return true;
    }

    template <class Known>
    bool unknown_members(const json_node& j, Known known) {
        if (mode_ == unknown_attributes::ignore) return true;
        for (const auto& k : j.keys) {
            if (known(k)) continue;
            path_.attribute(k);
            return fail("Unsupported attribute", "the schema does not define this attribute");
        }
        return true;
    }

    // go-cty converts between primitives when reading JSON: a string may be
    // written as a number or bool, a number or bool as a string.
    bool primitive_string(const json_node& j, std::string& out) {
        switch (j.which) {
        case json_node::kind::string:
        case json_node::kind::number: out = j.text; return true;
        case json_node::kind::boolean: out = j.boolean ? "true" : "false"; return true;
        default: return fail("Incorrect value type", "expected a string");
        }
    }
    bool primitive_number(const json_node& j, tfpp::number& out) {
        if (j.which != json_node::kind::number && j.which != json_node::kind::string)
            return fail("Incorrect value type", "expected a number");
        auto n = tfpp::number::parse(j.text);
        if (!n) return fail("Invalid value", "\"" + j.text.substr(0, 64) + "\" is not a number");
        out = std::move(*n);
        return true;
    }
    bool primitive_bool(const json_node& j, bool& out) {
        if (j.which == json_node::kind::boolean) return out = j.boolean, true;
        if (j.which == json_node::kind::string) {
            if (j.text == "true" || j.text == "1") return out = true, true;
            if (j.text == "false" || j.text == "0") return out = false, true;
        }
        return fail("Incorrect value type", "expected a bool");
    }

    template <class Make>
    bool build(Make make, dynamic& out) {
        try {
            out = make();
            return true;
        } catch (const std::invalid_argument& e) {
            return fail("Incorrect value type", std::string(e.what()).substr(6));  // after "tfpp: "
        }
    }

    static void write_node(std::string& out, const json_node& n) {
        switch (n.which) {
        case json_node::kind::null: out += "null"; return;
        case json_node::kind::boolean: out += n.boolean ? "true" : "false"; return;
        case json_node::kind::number: out += n.text; return;
        case json_node::kind::string: append_json_string(out, n.text); return;
        case json_node::kind::array:
            out += '[';
            for (std::size_t i = 0; i < n.items.size(); ++i) {
                if (i) out += ',';
                write_node(out, n.items[i]);
            }
            out += ']';
            return;
        case json_node::kind::object:
            out += '{';
            for (std::size_t i = 0; i < n.keys.size(); ++i) {
                if (i) out += ',';
                append_json_string(out, n.keys[i]);
                out += ':';
                write_node(out, n.items[i]);
            }
            out += '}';
            return;
        }
    }

    bool fail(std::string summary, std::string detail) {
        diags_.error(std::move(summary), std::move(detail), path_.materialize());
        return false;
    }

    diagnostics& diags_;
    unknown_attributes mode_;
    path_stack path_;
};

// JSON writing: ctyjson's output, byte for byte. Unknown values have no JSON form.
class json_encoder {
public:
    json_encoder(std::string& out, diagnostics& diags) : out_(out), diags_(diags) {}

    template <class T>
    bool encode(const T& v) {
        if constexpr (is_schema_field<T>) {
            return encode(static_cast<const value<typename T::value_type>&>(v));
        } else if constexpr (is_value_v<T>) {
            if (v.is_unknown()) return unknown();
            if (v.is_null()) return out_ += "null", true;
            return encode(*v);
        } else if constexpr (is_optional_v<T>) {
            if (!v) return out_ += "null", true;
            return encode(*v);
        } else if constexpr (kind_of<T> == type_kind::dynamic) {
            return encode(v, type::dynamic());
        } else {
            return plain(v);
        }
    }

    bool encode(const dynamic& v, const type& constraint) {
        if (v.is_unknown()) return unknown();
        if (constraint.is_dynamic() && !v.type().is_dynamic()) {
            out_ += "{\"value\":";
            if (!encode(v, v.type())) return false;
            out_ += ",\"type\":";
            append_type_json(out_, v.type());
            out_ += '}';
            return true;
        }
        if (v.is_null()) return out_ += "null", true;
        const type& t = v.type();
        switch (t.which()) {
        case type::kind::string: append_json_string(out_, v.as_string()); return true;
        case type::kind::number: return number(v.as_number());
        case type::kind::boolean: out_ += v.as_bool() ? "true" : "false"; return true;
        case type::kind::list:
        case type::kind::set:
        case type::kind::tuple: {
            const auto es = v.elements();
            const auto ctys = constraint.is_tuple() ? constraint.elements() : t.elements();
            out_ += '[';
            for (std::size_t i = 0; i < es.size(); ++i) {
                if (i) out_ += ',';
                path_.index(static_cast<std::int64_t>(i));
                const type& ct = t.is_tuple() ? (i < ctys.size() ? ctys[i] : es[i].type())
                                              : (constraint.is_collection() ? constraint.element() : t.element());
                if (!encode(es[i], ct)) return false;
                path_.pop();
            }
            out_ += ']';
            return true;
        }
        case type::kind::map: {
            const type& ct = constraint.is_collection() ? constraint.element() : t.element();
            out_ += '{';
            bool first = true;
            for (const auto& [k, e] : v.entries()) {
                if (!first) out_ += ',';
                first = false;
                append_json_string(out_, k);
                out_ += ':';
                path_.key(k);
                if (!encode(e, ct)) return false;
                path_.pop();
            }
            out_ += '}';
            return true;
        }
        case type::kind::object: {
            const auto attrs = t.attributes();
            const auto cattrs = constraint.is_object() ? constraint.attributes() : attrs;
            const auto es = v.elements();
            out_ += '{';
            for (std::size_t i = 0; i < es.size(); ++i) {
                if (i) out_ += ',';
                append_json_string(out_, attrs[i].name);
                out_ += ':';
                path_.attribute(attrs[i].name);
                if (!encode(es[i], i < cattrs.size() ? cattrs[i].type : attrs[i].type)) return false;
                path_.pop();
            }
            out_ += '}';
            return true;
        }
        case type::kind::dynamic: out_ += "null"; return true;
        }
        return false;
    }

private:
    template <class T>
    bool plain(const T& v) {
        constexpr type_kind k = kind_of<T>;
        if constexpr (k == type_kind::string) {
            append_json_string(out_, v);
            return true;
        } else if constexpr (k == type_kind::boolean) {
            out_ += v ? "true" : "false";
            return true;
        } else if constexpr (k == type_kind::number) {
            return number(tfpp::number(v));
        } else if constexpr (k == type_kind::list || k == type_kind::set) {
            out_ += '[';
            std::int64_t i = 0;
            auto one = [&](const auto& e) {
                if (i) out_ += ',';
                path_.index(i++);
                if (!encode(e)) return false;
                path_.pop();
                return true;
            };
            if constexpr (k == type_kind::set && !iterates_canonically<T>) {
                for (const auto* e : canonical_set_order(v))
                    if (!one(*e)) return false;
            } else {
                for (const auto& e : v)
                    if (!one(e)) return false;
            }
            out_ += ']';
            return true;
        } else if constexpr (k == type_kind::map) {
            out_ += '{';
            bool first = true;
            for (const auto& [key, e] : v) {
                if (!first) out_ += ',';
                first = false;
                append_json_string(out_, key);
                out_ += ':';
                path_.key(key);
                if (!encode(e)) return false;
                path_.pop();
            }
            out_ += '}';
            return true;
        } else if constexpr (k == type_kind::tuple) {
            out_ += '[';
            bool ok = true;
            std::int64_t i = 0;
            std::apply([&](const auto&... e) {
                ((ok = ok && ((i ? out_ += ',' : out_), path_.index(i++), encode(e)) && (path_.pop(), true)), ...);
            }, v);
            out_ += ']';
            return ok;
        } else if constexpr (k == type_kind::object) {
            out_ += '{';
            bool ok = true;
            for_each_index<T>([&]<std::size_t J>() {
                constexpr std::size_t I = sorted_fields<T>[J];
                if (!ok) return;
                if (J) out_ += ',';
                append_json_string(out_, field_name<T, I>());
                out_ += ':';
                path_.attribute(field_name<T, I>());
                ok = encode(get<I>(v));
                if (ok) path_.pop();
            });
            out_ += '}';
            return ok;
        } else {
            static_assert(k != type_kind::unsupported, "tfpp: this C++ type has no Terraform equivalent.");
            return false;
        }
    }

    bool number(const tfpp::number& n) {
        if (n.is_infinite()) {
            diags_.error("Invalid value", "infinity cannot be written as JSON", path_.materialize());
            return false;
        }
        out_ += n.to_string();
        return true;
    }
    bool unknown() {
        diags_.error("Invalid value", "an unknown value cannot be written as JSON", path_.materialize());
        return false;
    }

    std::string& out_;
    diagnostics& diags_;
    path_stack path_;
};

}  // namespace detail

// Decodes JSON (such as RawState.json) into a typed model. Attributes the model
// lacks are ignored by default, as stored state may predate a schema change;
// absent attributes are null.
template <class T>
bool decode_json(std::string_view text, T& out, diagnostics& diags,
                 unknown_attributes mode = unknown_attributes::ignore, decode_limits limits = {}) {
    auto tree = detail::parse_json_tree(text, diags, limits, "the JSON value");
    return tree && detail::json_decoder(diags, mode).decode(*tree, out);
}

// Decodes JSON of a type constraint into a dynamic value (DynamicValue.json).
inline bool decode_json(std::string_view text, const type& constraint, dynamic& out, diagnostics& diags,
                        decode_limits limits = {}, unknown_attributes mode = unknown_attributes::reject) {
    auto tree = detail::parse_json_tree(text, diags, limits, "the JSON value");
    return tree && detail::json_decoder(diags, mode).decode(*tree, constraint, out);
}

// Appends v as JSON; false (with a diagnostic) for values JSON cannot hold:
// unknowns and infinities.
template <class T>
bool encode_json(const T& v, std::string& out, diagnostics& diags) {
    return detail::json_encoder(out, diags).encode(v);
}
inline bool encode_json(const dynamic& v, const type& constraint, std::string& out, diagnostics& diags) {
    return detail::json_encoder(out, diags).encode(v, constraint);
}

}  // namespace tfpp
