// Values for exploration: configurations generated from a schema, the
// smaller variants of a value that shrinking tries, and a configuration as
// lines of attribute paths.
#pragma once

#include <tfpp/schema/schema.hpp>
#include <tfpp/testing/detail/diff.hpp>
#include <tfpp/testing/detail/explore_samples.hpp>
#include <tfpp/value/dynamic.hpp>

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace tfpp::testing::detail {

struct generation_limits {
    std::size_t max_elements = 3;
    std::size_t large_elements = 40;
};

// A list or a set of the elements (a set keeps each element once).
inline dynamic list_or_set(bool set, const type& element, std::vector<dynamic> elements) {
    return set ? dynamic::set(element, std::move(elements)) : dynamic::list(element, std::move(elements));
}

// n values made by make(), as a map ("k0", "k1", ...), a set or a list of type t.
template <class Make>
dynamic repeated(nesting mode, const type& t, std::size_t n, Make make) {
    if (mode == nesting::map) {
        std::vector<dynamic::entry> entries;
        for (std::size_t i = 0; i < n; ++i) entries.emplace_back("k" + std::to_string(i), make());
        return dynamic::map(t.element(), std::move(entries));
    }
    std::vector<dynamic> elements;
    for (std::size_t i = 0; i < n; ++i) elements.push_back(make());
    return list_or_set(mode == nesting::set, t.element(), std::move(elements));
}

// Random configuration values for a schema. Strings mix plain names with
// the edges providers get wrong (empty, spaces, quotes, non-ASCII);
// numbers include fractions, negatives and integers past 2^53. Attributes
// whose validators suggest values (samples_of<Model>) often get one of them.
template <class Random>
class value_generator {
public:
    value_generator(Random& random, generation_limits limits, const sample_table* samples = nullptr)
        : random_(random), limits_(limits), samples_(samples) {}

    // A configuration of a block: its attributes as a configuration sets
    // them (computed-only ones null) and its nested blocks.
    dynamic block(const block_schema& b, int depth = 0) {
        const auto attrs = b.value_type.attributes();
        std::vector<dynamic> values;
        values.reserve(attrs.size());
        for (const auto& t : attrs) {
            if (const attribute_schema* a = b.find(t.name)) {
                values.push_back(attribute(*a, depth));
            } else if (const nested_block_schema* nb = b.find_block(t.name)) {
                const within in(path_, t.name);
                values.push_back(blocks(*nb, t.type, depth));
            } else {
                values.push_back(dynamic::null(t.type));
            }
        }
        return dynamic::object(b.value_type, std::move(values));
    }

    // A configuration value of one attribute (null where it may be).
    dynamic attribute(const attribute_schema& a, int depth = 0) {
        if (a.role == attribute_role::computed) return dynamic::null(a.type);
        if (a.is_optional() && random_.chance(35)) return dynamic::null(a.type);
        const within in(path_, a.name);
        if (a.nested) return nested(*a.nested, a.type, depth);
        value_samples (*samples)() = nullptr;
        if (samples_)
            if (auto found = samples_->find(path_); found != samples_->end()) samples = found->second;
        if (samples && random_.chance(70)) {
            const value_samples s = samples();
            if (!s.values.empty()) {
                const dynamic& v = s.values[random_.below(s.values.size())];
                if (v.type() == a.type) return v;
            }
            if (!s.elements.empty() && a.type.is_collection()) return collection(a.type, depth, &s.elements);
        }
        return of_type(a.type, depth);
    }

    // A value of a type: any shape a configuration could hold.
    dynamic of_type(const type& t, int depth) {
        switch (t.which()) {
        case type::kind::string: return dynamic(string());
        case type::kind::number: return number();
        case type::kind::boolean: return dynamic(random_.chance(50));
        case type::kind::list:
        case type::kind::set:
        case type::kind::map: return collection(t, depth, nullptr);
        case type::kind::object: {
            const auto attrs = t.attributes();
            std::vector<dynamic> values;
            for (const auto& a : attrs)
                values.push_back(a.optional && random_.chance(30) ? dynamic::null(a.type) : of_type(a.type, depth + 1));
            return dynamic::object(t, std::move(values));
        }
        case type::kind::tuple: {
            std::vector<dynamic> values;
            for (const auto& e : t.elements()) values.push_back(of_type(e, depth + 1));
            return dynamic::tuple(std::move(values));
        }
        case type::kind::dynamic: {
            // A dynamic attribute holds a value of any type; these cover each kind.
            switch (random_.below(depth > 2 ? 3 : 6)) {
            case 0: return of_type(type::string(), depth);
            case 1: return of_type(type::number(), depth);
            case 2: return of_type(type::boolean(), depth);
            case 3: return of_type(type::list(type::string()), depth + 1);
            case 4: return of_type(type::map(type::number()), depth + 1);
            default:
                return of_type(type::object({{"name", type::string(), false}, {"size", type::number(), false}}),
                               depth + 1);
            }
        }
        }
        return dynamic::null(t);
    }

    // A configuration like `previous` with one or two values changed (one
    // in ten: every attribute drawn again): an attribute drawn again, one
    // element of a collection, or one field of one element of a nested
    // collection. What forces replacement keeps its value, so that the
    // change is an update in place (unless a plan modifier says otherwise).
    dynamic changed_block(const block_schema& b, const dynamic& previous) {
        if (!previous.is_known() || previous.is_null()) return block(b);
        dynamic out = previous;
        const std::size_t candidates = changeable(b, previous).size();
        if (candidates == 0) return out;
        // A large collection lasts one step: drawn again, it shrinks (or
        // grows) by many elements at once, and it does not make every later
        // step of the workflow large too.
        for (std::size_t i : changeable(b, previous)) {
            const dynamic& v = out.elements()[i];
            if (v.is_known() && !v.is_null() && v.type().is_collection() && v.size() > limits_.max_elements)
                out = with_element(b.value_type, out, i, changed_member(b, out, i, false));
        }
        if (random_.chance(10)) {
            for (std::size_t i : changeable(b, previous))
                out = with_element(b.value_type, out, i, changed_member(b, out, i, false));
            return out;
        }
        for (std::size_t n = 1 + random_.below(2); n-- > 0;) {
            // Nested objects hold several fields each: they are chosen three times as often.
            const std::vector<std::size_t> can = changeable(b, out);
            std::vector<std::size_t> weights;
            std::size_t total = 0;
            for (std::size_t i : can) total += weights.emplace_back(holds_objects(b, out, i) ? 3 : 1);
            std::size_t roll = random_.below(total), k = 0;
            while (roll >= weights[k]) roll -= weights[k++];
            out = with_element(b.value_type, out, can[k], changed_member(b, out, can[k], true));
        }
        return out;
    }

    // Whether a change of b's configuration can be an update in place: some
    // attribute or block of it does not force replacement.
    static bool can_change(const block_schema& b) {
        for (const attribute_schema& a : b.attributes)
            if (changeable(a)) return true;
        for (const nested_block_schema& nb : b.blocks)
            if (!nb.requires_replace) return true;
        return false;
    }

private:
    // The object with element `index` replaced, as an object of type t (a
    // decoded object's type has a dynamic attribute's value's type instead).
    static dynamic with_element(const type& t, const dynamic& object, std::size_t index, dynamic value) {
        std::vector<dynamic> values(object.elements().begin(), object.elements().end());
        values[index] = std::move(value);
        return dynamic::object(t, std::move(values));
    }

    // Whether a change of the attribute could be an update in place.
    static bool changeable(const attribute_schema& a) {
        return a.role != attribute_role::computed && !a.requires_replace && !a.replace_if;
    }
    // The attributes and blocks of b a change may touch, by index in its object.
    static std::vector<std::size_t> changeable(const block_schema& b, const dynamic& object) {
        std::vector<std::size_t> out;
        const auto attrs = object.type().attributes();
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            if (const attribute_schema* a = b.find(attrs[i].name)) {
                if (changeable(*a)) out.push_back(i);
            } else if (const nested_block_schema* nb = b.find_block(attrs[i].name)) {
                if (!nb->requires_replace) out.push_back(i);
            }
        }
        return out;
    }

    // Whether member i of a block's object holds nested objects (a block or
    // nested attributes, set and not empty).
    static bool holds_objects(const block_schema& b, const dynamic& object, std::size_t i) {
        const dynamic& v = object.elements()[i];
        if (v.is_null() || !v.is_known() || (v.type().is_collection() && v.size() == 0)) return false;
        const std::string_view name = b.value_type.attributes()[i].name;
        const attribute_schema* a = b.find(name);
        return a ? a->nested != nullptr : b.find_block(name) != nullptr;
    }

    // Member i of a block's object, changed: inside it (`inside`, often), or drawn again.
    dynamic changed_member(const block_schema& b, const dynamic& object, std::size_t i, bool inside) {
        const auto& t = b.value_type.attributes()[i];
        const dynamic& now = object.elements()[i];
        if (const attribute_schema* a = b.find(t.name)) return inside ? changed_attribute(*a, now) : attribute(*a);
        const nested_block_schema& nb = *b.find_block(t.name);
        const within in(path_, t.name);
        if (!inside || now.is_null() || !now.is_known() || !random_.chance(75)) return blocks(nb, t.type, 0);
        if (nb.mode == nesting::single || nb.mode == nesting::group) return changed_block(nb.block, now);
        if (now.size() == 0) return blocks(nb, t.type, 0);
        return changed_element(now, [&](const dynamic& e) { return changed_block(nb.block, e); });
    }

    // An attribute's value changed: one field of a nested object or of one
    // element, one element of a collection, or the value drawn again.
    dynamic changed_attribute(const attribute_schema& a, const dynamic& now) {
        const bool filled = now.is_known() && !now.is_null() && (!a.type.is_collection() || now.size() > 0);
        if (filled && a.nested && random_.chance(75)) {
            const within in(path_, a.name);
            if (a.nested->mode == nesting::single || a.nested->mode == nesting::group)
                return changed_object(*a.nested, a.type, now);
            return changed_element(now,
                                   [&](const dynamic& e) { return changed_object(*a.nested, a.type.element(), e); });
        }
        if (filled && !a.nested && a.type.is_collection() && random_.chance(50)) {
            const within in(path_, a.name);
            return changed_element(now, [&](const dynamic&) { return of_type(a.type.element(), 1); });
        }
        return attribute(a);
    }

    // One field of a nested attribute's object changed.
    dynamic changed_object(const nested_attributes& n, const type& t, const dynamic& object) {
        std::vector<std::size_t> can;
        const auto attrs = object.type().attributes();
        for (std::size_t i = 0; i < attrs.size(); ++i)
            if (const attribute_schema* a = n.find(attrs[i].name); a && changeable(*a)) can.push_back(i);
        if (can.empty()) return object;
        const std::size_t i = can[random_.below(can.size())];
        return with_element(t, object, i, changed_attribute(*n.find(attrs[i].name), object.elements()[i]));
    }

    // A list, set or map with one element (drawn at random) changed by change().
    template <class Change>
    dynamic changed_element(const dynamic& collection, Change change) {
        const type& t = collection.type();
        const std::size_t at = random_.below(collection.size());
        if (t.which() == type::kind::map) {
            std::vector<dynamic::entry> entries(collection.entries().begin(), collection.entries().end());
            entries[at].second = change(entries[at].second);
            return dynamic::map(t.element(), std::move(entries));
        }
        std::vector<dynamic> elements(collection.elements().begin(), collection.elements().end());
        elements[at] = change(elements[at]);
        return list_or_set(t.which() == type::kind::set, t.element(), std::move(elements));
    }

    // The schema path of the attribute being generated, for its samples.
    struct within {
        std::string& path;
        std::size_t size;
        within(std::string& p, std::string_view name) : path(p), size(p.size()) {
            if (!path.empty()) path += '.';
            path += name;
        }
        within(const within&) = delete;
        within& operator=(const within&) = delete;
        ~within() { path.resize(size); }
    };

    std::size_t count(int depth) {
        if (depth > 3) return 0;
        if (limits_.large_elements > 0 && random_.chance(5)) return limits_.large_elements;
        return random_.below(limits_.max_elements + 1);
    }

    std::string string() {
        static const char* const edges[] = {"",        "a",       "A",           "x y",   "é",         "日本語",
                                            "quote\"", "back\\s", "line\nbreak", "tab\t", "🙂 face", "0"};
        if (random_.chance(25)) return edges[random_.below(std::size(edges))];
        static constexpr std::string_view alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_-";
        std::string s(1 + random_.below(10), 'a');
        for (char& c : s) c = alphabet[random_.below(alphabet.size())];
        return s;
    }

    dynamic number() {
        switch (random_.below(8)) {
        case 0: return dynamic(0);
        case 1: return dynamic(-1);
        case 2: return dynamic(0.5);
        case 3: return dynamic(-2.25);
        case 4: return dynamic(*tfpp::number::parse("9007199254740993"));  // 2^53 + 1: not a double
        case 5: return dynamic(*tfpp::number::parse("123456789012345678901234567890.125"));
        default: return dynamic(static_cast<std::int64_t>(random_.below(1000)));
        }
    }

    dynamic collection(const type& t, int depth, const std::vector<dynamic>* samples) {
        const std::size_t n = count(depth);
        const auto element = [&] {
            if (samples && random_.chance(80)) {
                const dynamic& v = (*samples)[random_.below(samples->size())];
                if (v.type() == t.element()) return v;
            }
            return of_type(t.element(), depth + 1);
        };
        if (t.which() == type::kind::map) {
            std::vector<dynamic::entry> entries;
            std::set<std::string> keys;
            for (std::size_t i = 0; i < n; ++i)
                if (std::string k = random_.chance(20) ? string() : "k" + std::to_string(i); keys.insert(k).second)
                    entries.emplace_back(std::move(k), element());
            return dynamic::map(t.element(), std::move(entries));
        }
        std::vector<dynamic> elements;
        for (std::size_t i = 0; i < n; ++i) elements.push_back(element());
        return list_or_set(t.which() == type::kind::set, t.element(), std::move(elements));
    }

    // A nested attribute's value: one object of its attributes, or a collection of them.
    dynamic nested(const nested_attributes& n, const type& t, int depth) {
        const auto object = [&](const type& object_type) {
            const auto attrs = object_type.attributes();
            std::vector<dynamic> values;
            for (const auto& at : attrs) {
                const attribute_schema* a = n.find(at.name);
                values.push_back(a ? attribute(*a, depth + 1) : dynamic::null(at.type));
            }
            return dynamic::object(object_type, std::move(values));
        };
        if (n.mode == nesting::single || n.mode == nesting::group) return object(t);
        return repeated(n.mode, t, count(depth), [&] { return object(t.element()); });
    }

    // A nested block's value: absent or one object, or between min and max items.
    dynamic blocks(const nested_block_schema& nb, const type& t, int depth) {
        if (nb.mode == nesting::single || nb.mode == nesting::group) {
            if (nb.mode == nesting::single && nb.min_items == 0 && random_.chance(40)) return dynamic::null(t);
            return block(nb.block, depth + 1);
        }
        std::size_t n = count(depth);
        if (nb.max_items > 0) n = std::min<std::size_t>(n, static_cast<std::size_t>(nb.max_items));
        n = std::max<std::size_t>(n, static_cast<std::size_t>(nb.min_items));
        return repeated(nb.mode, t, n, [&] { return block(nb.block, depth + 1); });
    }

    Random& random_;
    generation_limits limits_;
    const sample_table* samples_;
    std::string path_;
};

// What Core checks of a configuration before a provider sees it: required
// attributes set, computed-only ones not, block counts within bounds. The
// first problem, by path; empty when it conforms.
inline std::string nonconforming(const std::vector<attribute_schema>& attrs, const dynamic& object,
                                 attribute_path& path);

// The first problem check() finds in an element of a map, list or set, at its path.
template <class Check>
std::string first_in_elements(const dynamic& v, attribute_path& path, Check check) {
    const bool map = v.type().which() == type::kind::map;
    for (std::size_t i = 0; i < v.size(); ++i) {
        path.push(map ? attribute_path::key(v.entries()[i].first)
                      : attribute_path::index(static_cast<std::int64_t>(i)));
        std::string why = check(map ? v.entries()[i].second : v.elements()[i]);
        path.pop();
        if (!why.empty()) return why;
    }
    return {};
}

inline std::string nonconforming_attribute(const attribute_schema& a, const dynamic& v, attribute_path& path) {
    if (v.is_null()) return a.is_required() ? path.to_string() + ": required, but null" : std::string();
    if (a.role == attribute_role::computed) return path.to_string() + ": computed only, but set";
    if (!a.nested || !v.is_known()) return {};
    if (a.nested->mode == nesting::single || a.nested->mode == nesting::group)
        return nonconforming(a.nested->attributes, v, path);
    return first_in_elements(v, path, [&](const dynamic& e) {
        return e.is_known() ? nonconforming(a.nested->attributes, e, path) : std::string();
    });
}

inline std::string nonconforming(const std::vector<attribute_schema>& attrs, const dynamic& object,
                                 attribute_path& path) {
    for (const attribute_schema& a : attrs) {
        path.push(attribute_path::attribute(a.name));
        std::string why = nonconforming_attribute(a, object[a.name], path);
        path.pop();
        if (!why.empty()) return why;
    }
    return {};
}

inline std::string nonconforming(const block_schema& b, const dynamic& object, attribute_path& path) {
    if (!object.is_known()) return {};
    if (std::string why = nonconforming(b.attributes, object, path); !why.empty()) return why;
    for (const nested_block_schema& nb : b.blocks) {
        path.push(attribute_path::attribute(nb.name));
        const dynamic& v = object[nb.name];
        std::string why;
        if (nb.mode == nesting::single || nb.mode == nesting::group) {
            if (v.is_null() && nb.min_items > 0) why = path.to_string() + ": a required block is missing";
            else if (!v.is_null()) why = nonconforming(nb.block, v, path);
        } else if (v.is_known()) {
            const auto n = static_cast<std::int64_t>(v.size());
            if (n < nb.min_items || (nb.max_items > 0 && n > nb.max_items))
                why = path.to_string() + ": " + std::to_string(n) + " blocks, outside the bounds";
            else why = first_in_elements(v, path, [&](const dynamic& e) { return nonconforming(nb.block, e, path); });
        }
        path.pop();
        if (!why.empty()) return why;
    }
    return {};
}

// The object with one attribute replaced.
inline dynamic with_attribute(const dynamic& object, std::size_t index, dynamic value) {
    std::vector<dynamic> values(object.elements().begin(), object.elements().end());
    values[index] = std::move(value);
    return dynamic::object(object.type(), std::move(values));
}

// Smaller variants of a value, simplest first, for shrinking: null, empty,
// fewer elements, shorter strings, zero, false, then the same inside.
inline void smaller_values(const dynamic& v, std::vector<dynamic>& out, bool may_be_null = true) {
    if (!v.is_known()) return;
    if (may_be_null) out.push_back(dynamic::null(v.type()));
    const type& t = v.type();
    switch (t.which()) {
    case type::kind::string: {
        const std::string& s = v.as_string();
        if (s.empty()) return;
        out.emplace_back(std::string());
        std::size_t half = s.size() / 2;  // at a character boundary: Terraform sends only UTF-8
        while (half > 0 && (static_cast<unsigned char>(s[half]) & 0xc0) == 0x80) --half;
        if (half > 0) out.emplace_back(s.substr(0, half));
        if (s != "a") out.emplace_back("a");
        return;
    }
    case type::kind::number:
        if (v.as_number() != tfpp::number(0)) out.emplace_back(0);
        if (v.as_number() != tfpp::number(1)) out.emplace_back(1);
        return;
    case type::kind::boolean:
        if (v.as_bool()) out.emplace_back(false);
        return;
    case type::kind::object: {
        for (std::size_t i = 0; i < v.size(); ++i) {
            std::vector<dynamic> inner;
            smaller_values(v.elements()[i], inner);
            for (dynamic& s : inner) out.push_back(with_attribute(v, i, std::move(s)));
        }
        return;
    }
    case type::kind::list:
    case type::kind::set: {
        const auto es = v.elements();
        const auto rebuilt = [&](std::vector<dynamic> elements) {
            return list_or_set(t.which() == type::kind::set, t.element(), std::move(elements));
        };
        if (es.empty()) return;
        out.push_back(rebuilt({}));
        if (es.size() > 2)
            out.push_back(rebuilt({es.begin(), es.begin() + static_cast<std::ptrdiff_t>(es.size() / 2)}));
        for (std::size_t i = 0; i < es.size() && es.size() <= 8; ++i) {
            std::vector<dynamic> fewer(es.begin(), es.end());
            fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
            out.push_back(rebuilt(std::move(fewer)));
        }
        for (std::size_t i = 0; i < es.size() && i < 8; ++i) {
            std::vector<dynamic> inner;
            smaller_values(es[i], inner, false);
            for (dynamic& s : inner) {
                std::vector<dynamic> changed(es.begin(), es.end());
                changed[i] = std::move(s);
                out.push_back(rebuilt(std::move(changed)));
            }
        }
        return;
    }
    case type::kind::map: {
        const auto es = v.entries();
        if (es.empty()) return;
        out.push_back(dynamic::map(t.element(), {}));
        for (std::size_t i = 0; i < es.size() && es.size() <= 8; ++i) {
            std::vector<dynamic::entry> fewer(es.begin(), es.end());
            fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
            out.push_back(dynamic::map(t.element(), std::move(fewer)));
        }
        for (std::size_t i = 0; i < es.size() && i < 8; ++i) {
            std::vector<dynamic> inner;
            smaller_values(es[i].second, inner, false);
            for (dynamic& s : inner) {
                std::vector<dynamic::entry> changed(es.begin(), es.end());
                changed[i].second = std::move(s);
                out.push_back(dynamic::map(t.element(), std::move(changed)));
            }
        }
        return;
    }
    default: return;
    }
}

// How many values a configuration sets (leaves and empty collections).
inline std::size_t values_set(const dynamic& v) {
    if (v.is_null()) return 0;
    if (!v.is_known()) return 1;
    switch (v.type().which()) {
    case type::kind::object:
    case type::kind::list:
    case type::kind::set:
    case type::kind::tuple: {
        std::size_t n = v.type().which() == type::kind::object || v.size() > 0 ? 0 : 1;
        for (const dynamic& e : v.elements()) n += values_set(e);
        return n;
    }
    case type::kind::map: {
        std::size_t n = v.size() > 0 ? 0 : 1;
        for (const auto& e : v.entries()) n += values_set(e.second);
        return n;
    }
    default: return 1;
    }
}

// Whether a value of a block sets a sensitive or write-only attribute, at any depth.
inline bool sets_secret(const std::vector<attribute_schema>& attrs, const dynamic& object);
inline bool sets_secret(const attribute_schema& a, const dynamic& v) {
    if (v.is_null()) return false;
    if (a.sensitive || a.write_only) return true;
    if (!a.nested || !v.is_known()) return false;
    if (a.nested->mode == nesting::single || a.nested->mode == nesting::group)
        return sets_secret(a.nested->attributes, v);
    if (a.nested->mode == nesting::map) {
        for (const auto& e : v.entries())
            if (sets_secret(a.nested->attributes, e.second)) return true;
        return false;
    }
    for (const dynamic& e : v.elements())
        if (sets_secret(a.nested->attributes, e)) return true;
    return false;
}
inline bool sets_secret(const std::vector<attribute_schema>& attrs, const dynamic& object) {
    if (object.is_null() || !object.is_known()) return false;
    for (const attribute_schema& a : attrs)
        if (sets_secret(a, object[a.name])) return true;
    return false;
}
inline bool sets_secret(const block_schema& b, const dynamic& object) {
    if (object.is_null() || !object.is_known()) return false;
    if (sets_secret(b.attributes, object)) return true;
    for (const nested_block_schema& nb : b.blocks) {
        const dynamic& v = object[nb.name];
        if (v.is_null() || !v.is_known()) continue;
        if (nb.mode == nesting::single || nb.mode == nesting::group) {
            if (sets_secret(nb.block, v)) return true;
        } else if (nb.mode == nesting::map) {
            for (const auto& e : v.entries())
                if (sets_secret(nb.block, e.second)) return true;
        } else {
            for (const dynamic& e : v.elements())
                if (sets_secret(nb.block, e)) return true;
        }
    }
    return false;
}

// A configuration as lines `path = value`, the values it sets only.
inline void configuration_lines(const dynamic& v, attribute_path& path, const std::string& indent, std::string& out) {
    if (v.is_null()) return;
    const bool container = v.is_known() && (v.type().is_object() || v.type().is_collection() || v.type().is_tuple());
    if (!container || (!v.type().is_object() && v.size() == 0)) {
        out +=
            indent + (path.empty() ? std::string("(the whole value)") : path.to_string()) + " = " + printed(v) + "\n";
        return;
    }
    if (v.type().which() == type::kind::map) {
        for (const auto& [k, e] : v.entries()) {
            path.push(attribute_path::key(k));
            configuration_lines(e, path, indent, out);
            path.pop();
        }
        return;
    }
    const auto es = v.elements();
    for (std::size_t i = 0; i < es.size(); ++i) {
        path.push(v.type().is_object() ? attribute_path::attribute(v.type().attributes()[i].name)
                                       : attribute_path::index(static_cast<std::int64_t>(i)));
        configuration_lines(es[i], path, indent, out);
        path.pop();
    }
}

}  // namespace tfpp::testing::detail
