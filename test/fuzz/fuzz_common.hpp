// Shared by the libFuzzer targets and the seed generator: the models the typed
// decoders are fuzzed with, the fixed type constraints for the dynamic
// decoders, and the checks every target applies.
//
// Models are aggregates at namespace scope, as tfpp's reflection needs.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/codec/type_json.hpp>
#include <tfpp/tfpp.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/set.hpp>

#include <boost/pfr/core.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace fuzz_model {

// A set element: an object with nullable and plain fields.
struct leaf {
    tfpp::value<std::string> name;
    tfpp::value<std::int64_t> port;
    std::vector<tfpp::value<double>> weights;
    friend bool operator==(const leaf&, const leaf&) = default;
};

// Nested two levels below the root, inside maps and value<T>.
struct inner {
    std::string label;
    bool flag = false;
    tfpp::value<tfpp::number> exact;
    tfpp::value<std::vector<tfpp::value<std::string>>> names;
    friend bool operator==(const inner&, const inner&) = default;
};

using deep_t =
    tfpp::value<std::vector<tfpp::value<std::map<std::string, tfpp::value<std::vector<tfpp::value<std::int64_t>>>>>>>;

// Every kind a model can hold, plain and wrapped in value<T> at several depths.
struct root {
    std::string s;
    bool b = false;
    std::int64_t i = 0;
    double d = 0;
    tfpp::number num;
    std::optional<std::string> opt;
    tfpp::value<std::string> vs;
    tfpp::value<bool> vb;
    tfpp::value<std::int64_t> vi;
    tfpp::value<double> vd;
    tfpp::value<tfpp::number> vn;
    tfpp::value<std::vector<std::string>> list;
    tfpp::value<std::vector<tfpp::value<tfpp::number>>> nums;
    tfpp::value<tfpp::set<leaf>> leaves;
    tfpp::value<tfpp::set<tfpp::value<std::string>>> tags;
    tfpp::value<std::set<std::int64_t>> ports;
    tfpp::value<std::map<std::string, tfpp::value<inner>>> by_name;
    tfpp::value<std::tuple<std::string, tfpp::value<std::int64_t>, std::vector<tfpp::value<bool>>>> tup;
    tfpp::value<inner> nested;
    deep_t deep;
    tfpp::dynamic dyn;
    tfpp::value<std::vector<tfpp::dynamic>> dyns;
    friend bool operator==(const root&, const root&) = default;
};

// Smaller top-level shapes, so that mutations reach deep code without having
// to keep all of root's attributes intact.
using set_model = tfpp::value<tfpp::set<leaf>>;
using map_model = std::map<std::string, tfpp::value<std::tuple<tfpp::number, tfpp::value<std::string>, tfpp::dynamic>>>;
using list_model = std::vector<tfpp::value<tfpp::set<tfpp::value<tfpp::number>>>>;

inline constexpr unsigned typed_model_count = 4;

// The planner's and the checker's schema: every attribute role, a nested
// attribute set, list and set blocks, sensitive and write-only attributes,
// plan modifiers and a dynamic value.
struct plan_rule {
    tfpp::required<std::int64_t> port;
    tfpp::optional<std::string> proto;
    tfpp::computed<std::string> rule_id;
};
struct plan_disk {
    tfpp::required<std::string> label;
    tfpp::optional_computed<std::int64_t> size;
};
struct plan_model {
    tfpp::required<std::string, tfpp::requires_replace> name;
    tfpp::optional<std::string, tfpp::sensitive> secret;
    tfpp::optional<std::string, tfpp::write_only> password_wo;
    tfpp::optional_computed<std::string, tfpp::default_value<"x">> mode;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::optional<std::map<std::string, std::string>> labels;
    tfpp::optional<tfpp::set<plan_rule>> rules;
    tfpp::block_list<plan_disk> disk;
    tfpp::block_set<plan_rule> rule;
    tfpp::optional<tfpp::dynamic> extra;
};

}  // namespace fuzz_model

namespace fuzz_support {

[[noreturn]] inline void fail(const char* what) {
    std::fprintf(stderr, "fuzz property violated: %s\n", what);
    std::fflush(stderr);
    __builtin_trap();
}

#define FUZZ_CHECK(cond)                          \
    do {                                          \
        if (!(cond)) ::fuzz_support::fail(#cond); \
    } while (0)

inline void print_diags(const tfpp::diagnostics& d) {
    for (const auto& x : d)
        std::fprintf(stderr, "  diag: %s: %s (at %s)\n", x.summary.c_str(), x.detail.c_str(),
                     x.path.to_string().c_str());
}

// A decoder's verdict must agree with its diagnostics: false comes with at
// least one error, true with none.
// With TFPP_FUZZ_VERBOSE set (when replaying a file), every verdict is printed.
inline void check_verdict(bool ok, const tfpp::diagnostics& d) {
    static const bool verbose = std::getenv("TFPP_FUZZ_VERBOSE") != nullptr;
    if (verbose) {
        std::fprintf(stderr, "verdict: %s\n", ok ? "decoded" : "refused");
        print_diags(d);
    }
    if (!ok && !d.has_errors()) fail("a decoder returned false without an error diagnostic");
    if (ok && d.has_errors()) {
        print_diags(d);
        fail("a decoder returned true but reported an error");
    }
}

// The fixed type constraints the dynamic targets choose from with the first byte.
inline const std::vector<tfpp::type>& constraints() {
    using tfpp::type;
    static const std::vector<type> all = [] {
        std::vector<type> v;
        v.push_back(type::dynamic());
        v.push_back(type::list(type::dynamic()));
        v.push_back(type::set(type::object({{"id", type::string()}, {"n", type::number()}, {"on", type::boolean()}})));
        v.push_back(type::tuple({type::string(), type::number(), type::dynamic(), type::list(type::boolean())}));
        v.push_back(type::map(type::number()));
        v.push_back(type::object({
            {"name", type::string()},
            {"meta", type::object({{"tags", type::map(type::string())}, {"any", type::dynamic()}}), true},
            {"items", type::list(type::object({{"k", type::string()}, {"v", type::set(type::number())}}))},
        }));
        v.push_back(type::map(type::list(type::set(type::string()))));
        v.push_back(type::object({{"a", type::dynamic()},
                                  {"b", type::tuple({type::dynamic(), type::dynamic()})},
                                  {"c", type::map(type::dynamic())}}));
        return v;
    }();
    return all;
}

// What an encoder legitimately changes, applied to a decoded value before it is
// compared with its re-decoded copy; everything else must survive as it is.
//
// MessagePack, as go-cty: a refinement's string prefix is cut to at most 256
// bytes (to what is surely a whole character sequence).
struct msgpack_changes {
    tfpp::refinements operator()(tfpp::refinements r) const {
        r.string_prefix = std::string(tfpp::detail::shortened_prefix(r.string_prefix));
        return r;
    }
    tfpp::number operator()(const tfpp::number& n) const { return n; }
};
// JSON, as go-cty: a number held as a double is written with the double's
// shortest digits, which read back as that decimal (2222222222222220.25 is a
// double; its JSON text 2222222222222220.2 is another number). MessagePack
// keeps the double on its float64 wire form.
struct json_changes {
    tfpp::refinements operator()(tfpp::refinements r) const { return r; }
    tfpp::number operator()(const tfpp::number& n) const {
        if (n.representation() != tfpp::number::form::float64 || n.is_infinite()) return n;
        return *tfpp::number::parse(n.to_string());
    }
};

template <class Changes = msgpack_changes>
tfpp::dynamic encodable(const tfpp::dynamic& v, const Changes& changes = {}) {
    using tfpp::dynamic;
    using kind = tfpp::type::kind;
    if (v.is_unknown()) {
        if (const auto* r = v.refinement()) return dynamic::unknown(v.type(), changes(*r));
        return v;
    }
    if (v.is_null()) return v;
    const tfpp::type& t = v.type();
    switch (t.which()) {
    case kind::number: return dynamic(changes(v.as_number()));
    case kind::list:
    case kind::set:
    case kind::tuple:
    case kind::object: {
        std::vector<dynamic> es;
        for (const auto& e : v.elements()) es.push_back(encodable(e, changes));
        if (t.which() == kind::list) return dynamic::list(t.element(), std::move(es));
        if (t.which() == kind::set) return dynamic::set(t.element(), std::move(es));
        if (t.which() == kind::tuple) return dynamic::tuple(std::move(es));
        return dynamic::object(t, std::move(es));
    }
    case kind::map: {
        std::vector<dynamic::entry> es;
        for (const auto& [k, e] : v.entries()) es.emplace_back(k, encodable(e, changes));
        return dynamic::map(t.element(), std::move(es));
    }
    default: return v;
    }
}

// Applies the same to every unknown and number inside a typed model. All
// overloads are declared first so that each can reach the others through
// ordinary lookup.
template <class T, class C>
void make_encodable(T& v, const C& c);
template <class T, class C>
void make_encodable(tfpp::value<T>& v, const C& c);
template <class T, class C>
void make_encodable(std::optional<T>& v, const C& c);
template <class T, class C>
void make_encodable(std::vector<T>& v, const C& c);
template <class T, class C>
void make_encodable(tfpp::set<T>& v, const C& c);
template <class T, class C>
void make_encodable(std::map<std::string, T>& v, const C& c);
template <class C, class... E>
void make_encodable(std::tuple<E...>& v, const C& c);
template <class C>
void make_encodable(tfpp::dynamic& v, const C& c);

template <class T, class C>
void make_encodable(tfpp::value<T>& v, const C& c) {
    if (v.is_unknown()) {
        if (const auto* r = v.refinement()) v.set_unknown(c(*r));
    } else if (v.is_known()) {
        make_encodable(*v, c);
    }
}
template <class T, class C>
void make_encodable(std::optional<T>& v, const C& c) {
    if (v) make_encodable(*v, c);
}
template <class T, class C>
void make_encodable(std::vector<T>& v, const C& c) {
    for (auto& e : v) make_encodable(e, c);
}
template <class T, class C>
void make_encodable(tfpp::set<T>& v, const C& c) {
    std::vector<T> es = v.elements();
    for (auto& e : es) make_encodable(e, c);
    v.assign(std::move(es));
}
template <class T, class C>
void make_encodable(std::map<std::string, T>& v, const C& c) {
    for (auto& [k, e] : v) make_encodable(e, c);
}
template <class C, class... E>
void make_encodable(std::tuple<E...>& v, const C& c) {
    std::apply([&c](auto&... e) { (make_encodable(e, c), ...); }, v);
}
template <class C>
void make_encodable(tfpp::dynamic& v, const C& c) {
    v = encodable(v, c);
}

template <class T, class C>
void make_encodable(T& v, const C& c) {
    if constexpr (std::is_same_v<T, tfpp::number>)
        v = c(v);
    else if constexpr (std::is_class_v<T> && std::is_aggregate_v<T>)
        boost::pfr::for_each_field(v, [&c](auto& f) { make_encodable(f, c); });
    // strings, bools, C++ arithmetic fields: nothing to do
}
template <class T>
void make_encodable(T& v) {
    make_encodable(v, msgpack_changes{});
}

inline std::string hex(std::string_view b) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : b) out += digits[c >> 4], out += digits[c & 15];
    return out;
}

}  // namespace fuzz_support
