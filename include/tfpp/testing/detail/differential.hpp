// The session behind tfpp::testing::differential: two tfplugin6.Provider
// clients (P served in-process, the reference binary), Core's part of each
// step played on both from the explorer's workflows, and the answers
// compared under the rules.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/serve/server.hpp>
#include <tfpp/testing/detail/explorer.hpp>
#include <tfpp/testing/detail/plugin_process.hpp>
#include <tfpp/testing/detail/proposed_new.hpp>
#include <tfpp/testing/detail/value_helpers.hpp>

#include <tfplugin6.grpc.pb.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfpp::testing::detail {

// One side's answer to one request, as compared.
struct protocol_answer {
    protocol_answer() = default;
    explicit protocol_answer(std::string op) : operation(std::move(op)) {}

    std::string operation;  // "plan", "apply", "read", ...
    std::vector<std::vector<std::string>> diagnostic_paths;  // each diagnostic's path steps, as received
    std::vector<int> diagnostic_severity;
    std::vector<std::string> diagnostic_summary;
    std::string action;                 // plans only
    std::vector<std::string> requires_replace;
    bool has_value = false;             // a planned or new state was part of the answer
    std::string value;                  // its msgpack ("" when the answer held none)
    std::string failure;                // the call itself failed (transport, undecodable)
};

inline std::string path_step_text(const tfplugin6::AttributePath_Step& s, bool first) {
    switch (s.selector_case()) {
    case tfplugin6::AttributePath_Step::kAttributeName: return (first ? "" : ".") + s.attribute_name();
    case tfplugin6::AttributePath_Step::kElementKeyString: return "[\"" + s.element_key_string() + "\"]";
    case tfplugin6::AttributePath_Step::kElementKeyInt: return "[" + std::to_string(s.element_key_int()) + "]";
    default: return "[?]";
    }
}

inline std::string path_text(const tfplugin6::AttributePath& p) {
    std::string out;
    for (int i = 0; i < p.steps_size(); ++i) out += path_step_text(p.steps(i), i == 0);
    return out;
}

template <class Diagnostics>
void take_diagnostics(const Diagnostics& diags, protocol_answer& a) {
    for (const auto& d : diags) {
        std::vector<std::string> steps;
        for (int i = 0; i < d.attribute().steps_size(); ++i) steps.push_back(path_step_text(d.attribute().steps(i), i == 0));
        a.diagnostic_paths.push_back(std::move(steps));
        a.diagnostic_severity.push_back(d.severity() == tfplugin6::Diagnostic::ERROR ? 1 : 2);
        a.diagnostic_summary.push_back(d.summary());
    }
}

inline bool answer_has_errors(const protocol_answer& a) {
    return !a.failure.empty() ||
           std::find(a.diagnostic_severity.begin(), a.diagnostic_severity.end(), 1) != a.diagnostic_severity.end();
}

inline std::string dynamic_bytes(const tfplugin6::DynamicValue& v) {
    return v.msgpack().empty() && v.json().empty() ? std::string(tfpp::detail::null_bytes) : v.msgpack();
}

inline tfplugin6::DynamicValue dynamic_value(std::string_view msgpack) {
    tfplugin6::DynamicValue v;
    v.set_msgpack(std::string(msgpack));
    return v;
}

// The object type a protocol schema block describes (attributes, nested
// attributes and blocks), as the values of that block are encoded.
inline type block_value_type(const tfplugin6::Schema_Block& b);

inline type nested_value_type(const tfplugin6::Schema_Object& o) {
    std::vector<type::attribute> attrs;
    for (const auto& a : o.attributes()) {
        tfpp::diagnostics ignored;
        type t = a.has_nested_type() ? nested_value_type(a.nested_type())
                                     : parse_type_json(a.type(), ignored).value_or(type::dynamic());
        attrs.push_back({a.name(), std::move(t)});
    }
    type object = type::object(std::move(attrs));
    switch (o.nesting()) {
    case tfplugin6::Schema_Object::LIST: return type::list(object);
    case tfplugin6::Schema_Object::SET: return type::set(object);
    case tfplugin6::Schema_Object::MAP: return type::map(object);
    default: return object;
    }
}

inline type block_value_type(const tfplugin6::Schema_Block& b) {
    std::vector<type::attribute> attrs;
    for (const auto& a : b.attributes()) {
        tfpp::diagnostics ignored;
        type t = a.has_nested_type() ? nested_value_type(a.nested_type())
                                     : parse_type_json(a.type(), ignored).value_or(type::dynamic());
        attrs.push_back({a.name(), std::move(t)});
    }
    for (const auto& n : b.block_types()) {
        type object = block_value_type(n.block());
        switch (n.nesting()) {
        case tfplugin6::Schema_NestedBlock::LIST: attrs.push_back({n.type_name(), type::list(object)}); break;
        case tfplugin6::Schema_NestedBlock::SET: attrs.push_back({n.type_name(), type::set(object)}); break;
        case tfplugin6::Schema_NestedBlock::MAP: attrs.push_back({n.type_name(), type::map(object)}); break;
        default: attrs.push_back({n.type_name(), std::move(object)}); break;
        }
    }
    return type::object(std::move(attrs));
}

// A value moved to another schema's type by attribute name: the attributes
// the target lacks are left out (`strict`: only while null), the ones only
// it has are null. Throws std::runtime_error saying what does not fit.
inline dynamic translated(const dynamic& v, const type& to, bool strict, attribute_path& path) {
    if (to.is_dynamic()) return v;
    if (v.is_null()) return dynamic::null(to);
    if (v.is_unknown()) return dynamic::unknown(to);
    const auto misfit = [&](const std::string& why) {
        return std::runtime_error("the value " + (path.empty() ? std::string() : "at " + path.to_string() + " ") +
                                  "does not fit the other provider's schema: " + why);
    };
    const type& from = v.type();
    if (from.which() != to.which() && !(from.is_object() && to.is_object()))
        throw misfit(from.friendly_name() + " against " + to.friendly_name());
    switch (to.which()) {
    case type::kind::object: {
        const auto attrs = to.attributes();
        for (const auto& a : from.attributes())
            if (to.attribute_index(a.name) < 0 && strict &&
                !v.elements()[static_cast<std::size_t>(from.attribute_index(a.name))].is_null())
                throw misfit("it sets \"" + a.name + "\", which that schema lacks");
        std::vector<dynamic> values;
        for (const auto& a : attrs) {
            const std::ptrdiff_t i = from.attribute_index(a.name);
            path.push(attribute_path::attribute(a.name));
            values.push_back(i < 0 ? dynamic::null(a.type)
                                   : translated(v.elements()[static_cast<std::size_t>(i)], a.type, strict, path));
            path.pop();
        }
        return dynamic::object(to, std::move(values));
    }
    case type::kind::list:
    case type::kind::set: {
        std::vector<dynamic> elements;
        for (std::size_t i = 0; i < v.size(); ++i) {
            path.push(attribute_path::index(static_cast<std::int64_t>(i)));
            elements.push_back(translated(v.elements()[i], to.element(), strict, path));
            path.pop();
        }
        return to.which() == type::kind::list ? dynamic::list(to.element(), std::move(elements))
                                              : dynamic::set(to.element(), std::move(elements));
    }
    case type::kind::map: {
        std::vector<dynamic::entry> entries;
        for (const auto& [k, e] : v.entries()) {
            path.push(attribute_path::key(k));
            entries.emplace_back(k, translated(e, to.element(), strict, path));
            path.pop();
        }
        return dynamic::map(to.element(), std::move(entries));
    }
    default: return v;
    }
}

// The tested provider's type and the reference's, of one type name ("" : the provider's configuration).
using translations = std::map<std::string, std::pair<type, type>, std::less<>>;

// A tfplugin6.Provider client; each call's transport failure is the answer's `failure`.
class protocol_client {
public:
    explicit protocol_client(const std::shared_ptr<grpc::Channel>& channel)
        : stub_(tfplugin6::Provider::NewStub(channel)) {}

    // The reference's values are translated to and from its own schema
    // (nullptr: the tested provider's, nothing to translate).
    void translate_with(const translations* t) noexcept { translations_ = t; }

    // A value (encoded in the tested provider's schema) as this side takes it.
    [[nodiscard]] tfplugin6::DynamicValue send(std::string_view type_name, std::string_view bytes) const {
        return dynamic_value(translate(type_name, bytes, true));
    }
    // A value this side returned, encoded in the tested provider's schema.
    [[nodiscard]] std::string receive(std::string_view type_name, const tfplugin6::DynamicValue& v) const {
        if (!v.json().empty() && v.msgpack().empty())
            throw std::runtime_error("the answer is JSON, where Terraform expects msgpack");
        return translate(type_name, dynamic_bytes(v), false);
    }

    template <class Request, class Response>
    std::string call(grpc::Status (tfplugin6::Provider::Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                     const Request& req, Response& resp) {
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(120));
        const grpc::Status s = ((*stub_).*method)(&ctx, req, &resp);
        return s.ok() ? std::string() : "the call failed: " + s.error_message();
    }

private:
    [[nodiscard]] std::string translate(std::string_view type_name, std::string_view bytes, bool outgoing) const {
        if (!translations_) return std::string(bytes);
        const auto it = translations_->find(type_name);
        if (it == translations_->end()) throw std::runtime_error("the reference has no " + std::string(type_name));
        const type& from = outgoing ? it->second.first : it->second.second;
        const type& to = outgoing ? it->second.second : it->second.first;
        dynamic v;
        tfpp::diagnostics diags;
        if (!decode_msgpack(bytes, from, v, diags))
            throw std::runtime_error("the value does not decode with the schema:\n" + describe(diags));
        attribute_path path;
        return to_msgpack(translated(v, to, outgoing, path), to);
    }

    std::unique_ptr<tfplugin6::Provider::Stub> stub_;
    const translations* translations_ = nullptr;
};

// One side's world during a workflow: what Terraform's state would hold.
struct side_state {
    std::string state;  // msgpack; empty: no object
    std::string private_state, identity;
    bool tainted = false;
    bool configured = false;  // an apply succeeded with a configuration
};

// The schema as comparable lines, keyed by where they are.
inline void schema_lines(const tfplugin6::Schema_Block& b, const std::string& at, bool descriptions,
                         std::map<std::string, std::string>& out);

inline void attribute_lines(const tfplugin6::Schema_Attribute& a, const std::string& at, bool descriptions,
                            std::map<std::string, std::string>& out) {
    std::string line = a.type();
    for (auto [flag, name] : {std::pair{a.required(), "required"}, {a.optional(), "optional"},
                              {a.computed(), "computed"}, {a.sensitive(), "sensitive"},
                              {a.write_only(), "write_only"}, {a.deprecated(), "deprecated"}})
        if (flag) line += std::string(" ") + name;
    if (a.has_nested_type()) line += " nested(" + std::to_string(a.nested_type().nesting()) + ")";
    if (descriptions) line += " description=\"" + a.description() + "\"";
    out[at] = line;
    if (a.has_nested_type())
        for (const auto& n : a.nested_type().attributes()) attribute_lines(n, at + "." + n.name(), descriptions, out);
}

inline void schema_lines(const tfplugin6::Schema_Block& b, const std::string& at, bool descriptions,
                         std::map<std::string, std::string>& out) {
    out[at.empty() ? "(block)" : at + " (block)"] =
        (descriptions ? "description=\"" + b.description() + "\"" : std::string("block")) +
        (b.deprecated() ? " deprecated" : "");
    for (const auto& a : b.attributes())
        attribute_lines(a, at.empty() ? a.name() : at + "." + a.name(), descriptions, out);
    for (const auto& n : b.block_types()) {
        const std::string name = at.empty() ? n.type_name() : at + "." + n.type_name();
        out[name] = "block nesting=" + std::to_string(n.nesting()) + " min_items=" + std::to_string(n.min_items()) +
                    " max_items=" + std::to_string(n.max_items());
        schema_lines(n.block(), name, descriptions, out);
    }
}

template <class P>
class differential_session {
    using config_model = typename provider_under_test<P>::config_model;

public:
    differential_session(const std::string& reference_binary, const differential_options& options,
                         const config_model& config)
        : options_(options),
          config_(config),
          server_(tfpp::serve_in_process<P>()),
          reference_(reference_binary, options.reference),
          tested_(grpc::CreateChannel("unix:" + server_.socket_path(), grpc::InsecureChannelCredentials())),
          referenced_(reference_.channel()) {
        if (server_.protocol_version() != 6)
            throw std::runtime_error("tfpp: differential: the provider under test serves protocol " +
                                     std::to_string(server_.protocol_version()) + ", not 6");
        report_.seed = options_.seed ? options_.seed : environment_number("TFPP_EXPLORE_SEED", 20261127);
        const auto start = std::chrono::steady_clock::now();
        compare_schemas();
        configure();
        report_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

    [[nodiscard]] const differential_report& report() const noexcept { return report_; }

    template <class R>
    const differential_report& run(const explore_hooks<P, R>& user_hooks) {
        using model = typename R::model;
        const auto start = std::chrono::steady_clock::now();
        explore_options eo;
        eo.seed = report_.seed;
        eo.max_steps = options_.max_steps;
        eo.max_elements = options_.max_elements;
        explore_hooks<P, R> hooks = user_hooks;
        hooks.provider_config = config_;
        hooks.drift = {};
        hooks.fail_next_write = {};
        explorer<P, R> gen(eo, hooks);
        const block_schema& schema = gen.schema_;
        const std::size_t cases = environment_number("TFPP_EXPLORE_CASES", options_.cases);
        for (std::size_t i = 0; i < cases; ++i) {
            std::size_t rejected = 0;
            const workflow w = gen.generate(workflow_seed(report_.seed, i), rejected);
            // The configurations, adjusted by the hook once for both sides.
            std::vector<std::optional<std::string>> configs;
            for (const workflow_step& st : w.steps) {
                tfpp::diagnostics ignored;
                std::optional<model> m;
                if (!st.config.is_null()) m = gen.realize(st.config, st.seed, ignored);
                configs.push_back(m ? std::optional<std::string>(to_msgpack(*m)) : std::nullopt);
            }
            std::map<std::size_t, std::string> invalid_configs;  // drawn on the tested side, replayed on the other
            std::vector<std::vector<protocol_answer>> tested, referenced;
            tested = play<R>(gen, hooks, w, configs, invalid_configs, tested_, true);
            referenced = play<R>(gen, hooks, w, configs, invalid_configs, referenced_, false);
            ++report_.workflows;
            bool first = true;
            for (std::size_t s = 0; s < w.steps.size(); ++s) {
                if (tested[s].empty() && referenced[s].empty()) continue;
                ++report_.steps;
                const std::size_t before = report_.differences.size();
                compare_step(std::string(R::type_name), schema, i + 1, s + 1, tested[s], referenced[s]);
                if (first && report_.differences.size() > before) {
                    report_.differences[before].scenario = scenario<R>(gen, w, s);
                    first = false;
                }
            }
        }
        report_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return report_;
    }

private:
    // --- the schemas and the configuration

    void compare_schemas() {
        tfplugin6::GetProviderSchema_Request req;
        tfplugin6::GetProviderSchema_Response a, b;
        const std::string fa = tested_.call(&tfplugin6::Provider::Stub::GetProviderSchema, req, a);
        const std::string fb = referenced_.call(&tfplugin6::Provider::Stub::GetProviderSchema, req, b);
        if (!fa.empty() || !fb.empty()) {
            add({"provider", 0, 0, "schema", "", "under test: " + (fa.empty() ? "answered" : fa) +
                                                     "; reference: " + (fb.empty() ? "answered" : fb)});
            return;
        }
        compare_schema("provider", &a.provider(), &b.provider());
        translations_[""] = {block_value_type(a.provider().block()), block_value_type(b.provider().block())};
        for (const auto& [name, schema] : a.resource_schemas())
            if (const auto it = b.resource_schemas().find(name); it != b.resource_schemas().end())
                translations_[name] = {block_value_type(schema.block()), block_value_type(it->second.block())};
        referenced_.translate_with(&translations_);
        const auto kinds = {std::pair{"resource", &tfplugin6::GetProviderSchema_Response::resource_schemas},
                            {"data source", &tfplugin6::GetProviderSchema_Response::data_source_schemas},
                            {"ephemeral resource", &tfplugin6::GetProviderSchema_Response::ephemeral_resource_schemas},
                            {"list resource", &tfplugin6::GetProviderSchema_Response::list_resource_schemas},
                            {"state store", &tfplugin6::GetProviderSchema_Response::state_store_schemas}};
        for (const auto& [kind, field] : kinds) {
            const auto& ma = (a.*field)();
            const auto& mb = (b.*field)();
            std::map<std::string, std::pair<const tfplugin6::Schema*, const tfplugin6::Schema*>> both;
            for (const auto& [name, s] : ma) both[name].first = &s;
            for (const auto& [name, s] : mb) both[name].second = &s;
            for (const auto& [bare, pair] : both) {
                // Resources by their type name, the others by kind and name ("data source local_file").
                const std::string name = std::string_view(kind) == "resource" ? bare : std::string(kind) + " " + bare;
                if (!pair.first || !pair.second) {
                    if (!relaxed_by(name, "", differential_compare::ignore))
                        add({name, 0, 0, "schema", "",
                             std::string("the ") + kind + " exists only " +
                                 (pair.first ? "in the provider under test" : "in the reference")});
                    continue;
                }
                compare_schema(name, pair.first, pair.second);
            }
        }
        std::map<std::string, int> functions;
        for (const auto& [name, f] : a.functions()) functions[name] |= 1;
        for (const auto& [name, f] : b.functions()) functions[name] |= 2;
        for (const auto& [name, where] : functions) {
            if (where == 3 || relaxed_by("function " + name, "", differential_compare::ignore)) continue;
            add({"function " + name, 0, 0, "schema", "",
                 std::string("the function exists only ") +
                     (where == 1 ? "in the provider under test" : "in the reference")});
        }
    }

    void compare_schema(const std::string& name, const tfplugin6::Schema* a, const tfplugin6::Schema* b) {
        ++report_.schemas_compared;
        if (a->version() != b->version())
            add({name, 0, 0, "schema", "",
                 "schema version under test " + std::to_string(a->version()) + ", reference " +
                     std::to_string(b->version())});
        std::map<std::string, std::string> la, lb;
        schema_lines(a->block(), "", options_.compare_descriptions, la);
        schema_lines(b->block(), "", options_.compare_descriptions, lb);
        std::map<std::string, std::pair<const std::string*, const std::string*>> both;
        for (const auto& [k, v] : la) both[k].first = &v;
        for (const auto& [k, v] : lb) both[k].second = &v;
        for (const auto& [at, pair] : both) {
            if (pair.first && pair.second && *pair.first == *pair.second) continue;
            const std::string attribute = at.substr(0, at.find(" (block)"));
            const std::string at_attribute = attribute == "(block)" ? "" : attribute;
            if (relaxed_by(name, at_attribute, differential_compare::ignore) ||
                relaxed_by(name, at_attribute, differential_compare::schema_differs))
                continue;
            add({name, 0, 0, "schema", attribute == "(block)" ? "" : attribute,
                 "under test: " + (pair.first ? *pair.first : std::string("(none)")) +
                     "; reference: " + (pair.second ? *pair.second : std::string("(none)"))});
        }
    }

    void configure() {
        tfplugin6::ConfigureProvider_Request req;
        req.set_terraform_version(options_.terraform_version);
        const std::string config = to_msgpack(config_);
        req.mutable_client_capabilities()->set_write_only_attributes_allowed(true);
        tfplugin6::ConfigureProvider_Response ra, rb;
        protocol_answer a("configure"), b("configure");
        *req.mutable_config() = tested_.send("", config);
        a.failure = tested_.call(&tfplugin6::Provider::Stub::ConfigureProvider, req, ra);
        try {
            *req.mutable_config() = referenced_.send("", config);
            b.failure = referenced_.call(&tfplugin6::Provider::Stub::ConfigureProvider, req, rb);
        } catch (const std::exception& e) {
            b.failure = e.what();
        }
        take_diagnostics(ra.diagnostics(), a);
        take_diagnostics(rb.diagnostics(), b);
        block_schema none;
        compare_answer("provider", none, 0, 0, a, b);
    }

    // --- playing a workflow on one side

    template <class R>
    std::vector<std::vector<protocol_answer>> play(explorer<P, R>& gen, const explore_hooks<P, R>& hooks,
                                                   const workflow& w,
                                                   const std::vector<std::optional<std::string>>& configs,
                                                   std::map<std::size_t, std::string>& invalid_configs,
                                                   protocol_client& client, bool tested) {
        using model = typename R::model;
        if (hooks.new_workflow) hooks.new_workflow();
        std::vector<std::vector<protocol_answer>> out(w.steps.size());
        side_state s;
        std::optional<std::string> applied_config;  // the configuration the object was last applied with
        const block_schema& schema = gen.schema_;
        const auto as_model = [&](const std::string& bytes) -> std::optional<model> {
            model m{};
            tfpp::diagnostics ignored;
            if (!decode_msgpack(bytes, m, ignored)) return std::nullopt;
            return m;
        };
        for (std::size_t i = 0; i < w.steps.size(); ++i) {
            const workflow_step& st = w.steps[i];
            std::vector<protocol_answer>& answers = out[i];
            const bool have = !s.state.empty() && !s.tainted && applied_config.has_value();
            try {
            switch (st.kind) {
            case step_kind::configure:
            case step_kind::failed_write:
                if (!configs[i]) break;
                if (tested) count(std::string("apply a configuration"));
                if (apply_config<R>(client, schema, *configs[i], s, answers)) {
                    applied_config = configs[i];
                    refresh_then_plan<R>(client, schema, *applied_config, s, answers);
                }
                break;
            case step_kind::refresh:
                if (!have) break;
                if (tested) count("refresh");
                refresh_then_plan<R>(client, schema, *applied_config, s, answers);
                break;
            case step_kind::import_id: {
                if (!have) break;
                const std::optional<model> m = as_model(s.state);
                const std::optional<std::string> id = m ? gen.import_id_of(*m) : std::nullopt;
                if (!id) break;
                if (tested) count("import by ID");
                tfplugin6::ImportResourceState_Request req;
                req.set_type_name(std::string(R::type_name));
                req.set_id(*id);
                import_then_plan<R>(client, schema, req, *applied_config, s, answers);
                break;
            }
            case step_kind::import_identity: {
                if (!have || !options_.identity_imports) break;
                if (tested) count("import by identity");
                if (s.identity.empty()) {
                    protocol_answer a("import by identity");
                    a.failure = "no identity to import by: the provider returned none for the object";
                    answers.push_back(std::move(a));
                    break;
                }
                tfplugin6::ImportResourceState_Request req;
                req.set_type_name(std::string(R::type_name));
                *req.mutable_identity()->mutable_identity_data() = dynamic_value(s.identity);
                import_then_plan<R>(client, schema, req, *applied_config, s, answers, "import by identity");
                break;
            }
            case step_kind::upgrade: {
                if (!have || !hooks.older_state) break;
                const std::optional<model> m = as_model(s.state);
                const std::optional<std::string> json = m ? hooks.older_state(st.version, *m) : std::nullopt;
                if (!json) break;
                if (tested) count("upgrade from version " + std::to_string(st.version));
                tfplugin6::UpgradeResourceState_Request req;
                req.set_type_name(std::string(R::type_name));
                req.set_version(st.version);
                req.mutable_raw_state()->set_json(*json);
                tfplugin6::UpgradeResourceState_Response resp;
                protocol_answer a("upgrade");
                a.failure = client.call(&tfplugin6::Provider::Stub::UpgradeResourceState, req, resp);
                take_diagnostics(resp.diagnostics(), a);
                a.has_value = true;
                a.value = client.receive(R::type_name, resp.upgraded_state());
                const bool ok = !answer_has_errors(a) && !tfpp::detail::is_null_value(a.value);
                const std::string upgraded = a.value;
                answers.push_back(std::move(a));
                if (!ok) break;
                s.state = upgraded;
                refresh_then_plan<R>(client, schema, *applied_config, s, answers);
                break;
            }
            case step_kind::destroy:
                if (s.state.empty()) break;
                if (tested) count("destroy");
                destroy<R>(client, s, answers);
                applied_config.reset();
                break;
            case step_kind::invalid: {
                if (!have) break;
                if (tested) {
                    std::optional<std::string> bad = invalid_config(gen, st, *applied_config);
                    if (!bad) break;
                    invalid_configs[i] = *bad;
                    count("invalid value refused");
                }
                const auto it = invalid_configs.find(i);
                if (it == invalid_configs.end()) break;
                answers.push_back(validate<R>(client, it->second));
                break;
            }
            case step_kind::drift: break;  // not drawn: drift reaches into the provider under test
            }
            } catch (const std::exception& e) {  // a value that does not translate, or does not decode
                protocol_answer a("translate");
                a.failure = e.what();
                answers.push_back(std::move(a));
                s = {};
                applied_config.reset();
            }
        }
        return out;
    }

    // A value its validators refuse, in the last applied configuration, as
    // the explorer draws it (the provider under test decides "refused").
    template <class R>
    std::optional<std::string> invalid_config(explorer<P, R>& gen, const workflow_step& st, const std::string& config) {
        using model = typename R::model;
        random r(st.seed);
        std::vector<const attribute_schema*> validated;
        const auto theirs = translations_.find(R::type_name);
        const auto both_have = [&](std::string_view name) {
            return theirs == translations_.end() || theirs->second.second.attribute_index(name) >= 0;
        };
        for (const auto& a : gen.schema_.attributes)
            if (!a.constraints.empty() && a.role != attribute_role::computed && !a.nested && both_have(a.name))
                validated.push_back(&a);
        if (validated.empty()) return std::nullopt;
        const attribute_schema& a = *validated[r.below(validated.size())];
        value_generator<random> values(r, {options_.max_elements, 40}, &samples_of<model>());
        model base{};
        tfpp::diagnostics ignored;
        if (!decode_msgpack(config, base, ignored)) return std::nullopt;
        const dynamic d = gen.to_dynamic(base);
        const std::size_t index = static_cast<std::size_t>(gen.schema_.value_type.attribute_index(a.name));
        for (int tries = 0; tries < 30; ++tries) {
            const dynamic bad = with_attribute(d, index, values.of_type(a.type, 0));
            tfpp::diagnostics diags;
            const std::optional<model> m = gen.to_model(bad, diags);
            if (!m) continue;
            if (gen.validator_->template validate<R>(*m).has_errors()) return to_msgpack(*m);
        }
        return std::nullopt;
    }

    template <class R>
    protocol_answer validate(protocol_client& client, const std::string& config) {
        tfplugin6::ValidateResourceConfig_Request req;
        req.set_type_name(std::string(R::type_name));
        *req.mutable_config() = client.send(R::type_name, config);
        req.mutable_client_capabilities()->set_write_only_attributes_allowed(true);
        tfplugin6::ValidateResourceConfig_Response resp;
        protocol_answer a("validate");
        a.failure = client.call(&tfplugin6::Provider::Stub::ValidateResourceConfig, req, resp);
        take_diagnostics(resp.diagnostics(), a);
        return a;
    }

    struct planned_change {
        std::string planned, planned_private, planned_identity;
        action act = action::no_op;
        bool ok = false;
    };

    // ValidateResourceConfig, the proposed new state, PlanResourceChange (and
    // the replacement planned again from nothing, as Core does).
    template <class R>
    planned_change plan(protocol_client& client, const block_schema& schema, const std::string& config,
                        const side_state& s, std::vector<protocol_answer>& answers) {
        planned_change out;
        protocol_answer v = validate<R>(client, config);
        if (answer_has_errors(v)) {
            answers.push_back(std::move(v));
            return out;
        }
        const bool create = s.state.empty() || s.tainted;
        const std::string prior = create ? std::string(tfpp::detail::null_bytes) : s.state;
        protocol_answer a("plan");
        for (std::size_t i = 0; i < v.diagnostic_paths.size(); ++i) {  // the validation's warnings
            a.diagnostic_paths.push_back(v.diagnostic_paths[i]);
            a.diagnostic_severity.push_back(v.diagnostic_severity[i]);
            a.diagnostic_summary.push_back(v.diagnostic_summary[i]);
        }
        const auto once = [&](const std::string& from, tfplugin6::PlanResourceChange_Response& resp) {
            std::string proposed;
            tfpp::diagnostics diags;
            if (!proposed_new_state(schema, from, config, proposed, diags)) {
                a.failure = "the proposed new state could not be computed";
                return false;
            }
            tfplugin6::PlanResourceChange_Request req;
            req.set_type_name(std::string(R::type_name));
            *req.mutable_prior_state() = client.send(R::type_name, from);
            *req.mutable_proposed_new_state() = client.send(R::type_name, proposed);
            *req.mutable_config() = client.send(R::type_name, config);
            if (from == s.state) {
                req.set_prior_private(s.private_state);
                if (!s.identity.empty()) *req.mutable_prior_identity()->mutable_identity_data() = dynamic_value(s.identity);
            }
            req.mutable_client_capabilities()->set_write_only_attributes_allowed(true);
            a.failure = client.call(&tfplugin6::Provider::Stub::PlanResourceChange, req, resp);
            take_diagnostics(resp.diagnostics(), a);
            return !answer_has_errors(a);
        };
        tfplugin6::PlanResourceChange_Response resp;
        const bool planned = once(prior, resp);
        if (planned) {
            for (const auto& p : resp.requires_replace()) a.requires_replace.push_back(path_text(p));
            std::sort(a.requires_replace.begin(), a.requires_replace.end());
            if (create) {
                out.act = s.tainted ? action::replace : action::create;
            } else if (resp.requires_replace_size() > 0) {
                out.act = action::replace;
                tfplugin6::PlanResourceChange_Response fresh;
                if (once(std::string(tfpp::detail::null_bytes), fresh)) resp = std::move(fresh);
            } else {
                out.act = same_value(client.receive(R::type_name, resp.planned_state()), s.state, schema.value_type)
                              ? action::no_op
                              : action::update;
            }
        }
        a.action = planned ? std::string(to_string(out.act)) : "failed";
        a.has_value = planned;
        a.value = planned ? client.receive(R::type_name, resp.planned_state()) : std::string();
        out.ok = planned && !answer_has_errors(a);
        out.planned = a.value;
        out.planned_private = resp.planned_private();
        if (resp.has_planned_identity()) out.planned_identity = resp.planned_identity().identity_data().msgpack();
        answers.push_back(std::move(a));
        return out;
    }

    // ApplyResourceChange; a replacement destroys first.
    template <class R>
    bool apply(protocol_client& client, const std::string& prior, const planned_change& p, const std::string& config,
               side_state& s, std::vector<protocol_answer>& answers) {
        tfplugin6::ApplyResourceChange_Request req;
        req.set_type_name(std::string(R::type_name));
        *req.mutable_prior_state() = client.send(R::type_name, prior);
        *req.mutable_planned_state() = client.send(R::type_name, p.planned);
        *req.mutable_config() = client.send(R::type_name, config);
        req.set_planned_private(p.planned_private);
        if (!p.planned_identity.empty())
            *req.mutable_planned_identity()->mutable_identity_data() = dynamic_value(p.planned_identity);
        tfplugin6::ApplyResourceChange_Response resp;
        protocol_answer a(tfpp::detail::is_null_value(p.planned) ? "apply (destroy)" : "apply");
        a.failure = client.call(&tfplugin6::Provider::Stub::ApplyResourceChange, req, resp);
        take_diagnostics(resp.diagnostics(), a);
        a.has_value = true;
        a.value = client.receive(R::type_name, resp.new_state());
        const bool ok = !answer_has_errors(a);
        const bool exists = a.failure.empty() && !tfpp::detail::is_null_value(a.value);
        const bool create = tfpp::detail::is_null_value(prior);
        if (exists) {
            s.state = a.value;
            s.private_state = resp.private_();
            s.identity = resp.has_new_identity() ? resp.new_identity().identity_data().msgpack() : std::string();
            s.tainted = create && !ok;  // Core taints an object whose create reported errors
        } else if (ok) {
            s = {};
        }
        answers.push_back(std::move(a));
        return ok;
    }

    template <class R>
    bool apply_config(protocol_client& client, const block_schema& schema, const std::string& config, side_state& s,
                      std::vector<protocol_answer>& answers) {
        const planned_change p = plan<R>(client, schema, config, s, answers);
        if (!p.ok) return false;
        if (p.act == action::no_op) return true;
        if (p.act == action::replace && !s.state.empty()) {
            planned_change gone;
            gone.planned = std::string(tfpp::detail::null_bytes);
            gone.planned_private = s.private_state;
            if (!apply<R>(client, s.state, gone, std::string(tfpp::detail::null_bytes), s, answers)) return false;
            s = {};
        }
        const std::string prior = s.state.empty() ? std::string(tfpp::detail::null_bytes) : s.state;
        return apply<R>(client, prior, p, config, s, answers);
    }

    // ReadResource (a refresh), then the plan of the configuration.
    template <class R>
    void refresh_then_plan(protocol_client& client, const block_schema& schema, const std::string& config,
                           side_state& s, std::vector<protocol_answer>& answers) {
        if (!read<R>(client, s, answers)) return;
        (void)plan<R>(client, schema, config, s, answers);
    }

    template <class R>
    bool read(protocol_client& client, side_state& s, std::vector<protocol_answer>& answers) {
        tfplugin6::ReadResource_Request req;
        req.set_type_name(std::string(R::type_name));
        *req.mutable_current_state() = client.send(R::type_name, s.state);
        req.set_private_(s.private_state);
        if (!s.identity.empty()) *req.mutable_current_identity()->mutable_identity_data() = dynamic_value(s.identity);
        req.mutable_client_capabilities()->set_write_only_attributes_allowed(true);
        tfplugin6::ReadResource_Response resp;
        protocol_answer a("read");
        a.failure = client.call(&tfplugin6::Provider::Stub::ReadResource, req, resp);
        take_diagnostics(resp.diagnostics(), a);
        a.has_value = true;
        a.value = client.receive(R::type_name, resp.new_state());
        const bool ok = !answer_has_errors(a) && !tfpp::detail::is_null_value(a.value);
        if (ok) {
            s.state = a.value;
            s.private_state = resp.private_();
            if (resp.has_new_identity()) s.identity = resp.new_identity().identity_data().msgpack();
        }
        answers.push_back(std::move(a));
        return ok;
    }

    // ImportResourceState, then ReadResource of what it returned, then the plan.
    template <class R>
    void import_then_plan(protocol_client& client, const block_schema& schema,
                          const tfplugin6::ImportResourceState_Request& req, const std::string& config, side_state& s,
                          std::vector<protocol_answer>& answers, const char* operation = "import by ID") {
        tfplugin6::ImportResourceState_Response resp;
        protocol_answer a(operation);
        a.failure = client.call(&tfplugin6::Provider::Stub::ImportResourceState, req, resp);
        take_diagnostics(resp.diagnostics(), a);
        a.has_value = true;
        a.value = resp.imported_resources_size() == 1 ? client.receive(R::type_name, resp.imported_resources(0).state())
                                                      : std::string(tfpp::detail::null_bytes);
        if (resp.imported_resources_size() > 1) a.failure = "more than one object imported";
        const bool ok = !answer_has_errors(a) && resp.imported_resources_size() == 1;
        answers.push_back(a);
        if (!ok) return;
        side_state imported;
        imported.state = a.value;
        imported.private_state = resp.imported_resources(0).private_();
        if (resp.imported_resources(0).has_identity())
            imported.identity = resp.imported_resources(0).identity().identity_data().msgpack();
        if (!read<R>(client, imported, answers)) return;
        s = std::move(imported);
        (void)plan<R>(client, schema, config, s, answers);
    }

    template <class R>
    void destroy(protocol_client& client, side_state& s, std::vector<protocol_answer>& answers) {
        const std::string null(tfpp::detail::null_bytes);
        tfplugin6::PlanResourceChange_Request req;
        req.set_type_name(std::string(R::type_name));
        *req.mutable_prior_state() = client.send(R::type_name, s.state);
        *req.mutable_proposed_new_state() = client.send(R::type_name, null);
        *req.mutable_config() = client.send(R::type_name, null);
        req.set_prior_private(s.private_state);
        if (!s.identity.empty()) *req.mutable_prior_identity()->mutable_identity_data() = dynamic_value(s.identity);
        tfplugin6::PlanResourceChange_Response resp;
        protocol_answer a("plan (destroy)");
        a.failure = client.call(&tfplugin6::Provider::Stub::PlanResourceChange, req, resp);
        take_diagnostics(resp.diagnostics(), a);
        const bool ok = !answer_has_errors(a);
        answers.push_back(std::move(a));
        if (!ok) return;
        planned_change gone;
        gone.planned = null;
        gone.planned_private = resp.planned_private();
        (void)apply<R>(client, s.state, gone, null, s, answers);
        s = {};
    }

    // --- comparing

    void count(const std::string& what) { ++report_.covered[what]; }

    void add(difference d) { report_.differences.push_back(std::move(d)); }

    // The most specific rule for an attribute (schema path) of a type.
    const differential_rule* rule_for(const std::string& type, const std::string& attribute,
                                      differential_compare kind) const {
        const differential_rule* best = nullptr;
        for (const differential_rule& r : options_.rules) {
            if (r.compare != kind || (!r.resource_type.empty() && r.resource_type != type)) continue;
            const bool covers = r.attribute.empty() || attribute == r.attribute ||
                                (attribute.size() > r.attribute.size() && attribute.starts_with(r.attribute) &&
                                 attribute[r.attribute.size()] == '.');
            if (covers && (!best || r.attribute.size() > best->attribute.size())) best = &r;
        }
        return best;
    }

    bool relaxed_by(const std::string& type, const std::string& attribute, differential_compare kind) {
        const differential_rule* r = rule_for(type, attribute, kind);
        if (r) ++report_.relaxed[rule_name(*r)];
        return r != nullptr;
    }

    static std::string rule_name(const differential_rule& r) {
        static constexpr const char* kinds[] = {"ignore_value", "ignore", "diagnostic_path", "unknown_in_plan",
                                                "schema_differs"};
        return (r.resource_type.empty() ? std::string("*") : r.resource_type) +
               (r.attribute.empty() ? std::string() : "." + r.attribute) + " (" +
               kinds[static_cast<int>(r.compare)] + ")";
    }

    // A diagnostic as compared: its severity, its path (shortened or dropped
    // by the rules), its summary when asked.
    std::optional<std::string> diagnostic_key(const std::string& type, const protocol_answer& a, std::size_t i) {
        const std::vector<std::string>& steps = a.diagnostic_paths[i];
        std::string attribute, full;
        std::size_t keep = steps.size();
        for (std::size_t k = 0; k < steps.size(); ++k) {
            if (!steps[k].empty() && steps[k][0] != '[') {
                attribute += (attribute.empty() ? "" : ".") + (steps[k][0] == '.' ? steps[k].substr(1) : steps[k]);
                if (keep == steps.size())
                    if (const differential_rule* r = rule_for(type, attribute, differential_compare::diagnostic_path);
                        r && r->attribute == attribute && k + 1 < steps.size()) {
                        keep = k + 1;
                        ++report_.relaxed[rule_name(*r)];
                    }
            }
        }
        if (!attribute.empty() && relaxed_by(type, attribute, differential_compare::ignore)) return std::nullopt;
        for (std::size_t k = 0; k < keep; ++k) full += steps[k];
        std::string key = a.diagnostic_severity[i] == 1 ? "error" : "warning";
        key += full.empty() ? " (no attribute)" : " at " + full;
        if (options_.compare_summaries) key += ": " + a.diagnostic_summary[i];
        return key;
    }

    void compare_step(const std::string& type, const block_schema& schema, std::size_t workflow, std::size_t step,
                      const std::vector<protocol_answer>& a, const std::vector<protocol_answer>& b) {
        // Pairwise while both sides made the same calls; where they part, once.
        std::size_t n = 0;
        for (; n < a.size() && n < b.size() && a[n].operation == b[n].operation; ++n)
            compare_answer(type, schema, workflow, step, a[n], b[n]);
        if (n < a.size() || n < b.size()) {
            const auto ops = [](const std::vector<protocol_answer>& v, std::size_t from) {
                std::string out;
                for (std::size_t i = from; i < v.size(); ++i)
                    out += (out.empty() ? "" : ", ") + v[i].operation +
                           (v[i].failure.empty() ? std::string() : " (" + v[i].failure + ")");
                return out.empty() ? std::string("nothing") : out;
            };
            add({type, workflow, step, n < a.size() ? a[n].operation : b[n].operation, "",
                 "the sides went on differently: then under test " + ops(a, n) + "; reference " + ops(b, n)});
        }
    }

    void compare_answer(const std::string& type, const block_schema& schema, std::size_t workflow, std::size_t step,
                        const protocol_answer& a, const protocol_answer& b) {
        ++report_.comparisons;
        const auto differ = [&](const std::string& path, const std::string& what) {
            add({type, workflow, step, a.operation, path, what});
        };
        if (a.operation != b.operation) return differ("", "under test: " + a.operation + "; reference: " + b.operation);
        if (!a.failure.empty() || !b.failure.empty()) {
            if (a.failure != b.failure)
                differ("", "under test: " + (a.failure.empty() ? "answered" : a.failure) +
                               "; reference: " + (b.failure.empty() ? "answered" : b.failure));
            return;
        }
        std::vector<std::string> da, db;
        for (std::size_t i = 0; i < a.diagnostic_paths.size(); ++i)
            if (auto k = diagnostic_key(type, a, i)) da.push_back(*k);
        for (std::size_t i = 0; i < b.diagnostic_paths.size(); ++i)
            if (auto k = diagnostic_key(type, b, i)) db.push_back(*k);
        std::sort(da.begin(), da.end());
        std::sort(db.begin(), db.end());
        if (da != db) {
            const auto joined = [](const std::vector<std::string>& v, const protocol_answer& x) {
                std::string out;
                for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
                if (out.empty()) return std::string("no diagnostic");
                std::string summaries;
                for (const auto& s : x.diagnostic_summary) summaries += (summaries.empty() ? "" : " / ") + s;
                return out + " (\"" + summaries + "\")";
            };
            differ("", "diagnostics under test: " + joined(da, a) + "; reference: " + joined(db, b));
        }
        if (a.action != b.action) differ("", "the plan would " + a.action + " under test, " + b.action + " in the reference");
        if (a.requires_replace != b.requires_replace) {
            const auto joined = [](const std::vector<std::string>& v) {
                std::string out;
                for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
                return out.empty() ? std::string("none") : out;
            };
            differ("", "replacement forced by under test: " + joined(a.requires_replace) +
                           "; reference: " + joined(b.requires_replace));
        }
        if (!a.has_value || !b.has_value || schema.value_type.attributes().empty()) return;
        dynamic va, vb;
        tfpp::diagnostics ea, eb;
        const bool oka = decode_msgpack(a.value, schema.value_type, va, ea);
        const bool okb = decode_msgpack(b.value, schema.value_type, vb, eb);
        if (!oka || !okb) {
            if (oka != okb)
                differ("", std::string("the ") + (oka ? "reference's" : "tested provider's") +
                               " value does not decode with the schema: " + describe(oka ? eb : ea));
            return;
        }
        attribute_path path;
        compare_values(type, va, vb, path, "", schema_place::of(schema), workflow, step, a.operation);
    }

    void compare_values(const std::string& type, const dynamic& a, const dynamic& b, attribute_path& path,
                        const std::string& attribute, const schema_place& place, std::size_t workflow,
                        std::size_t step, const std::string& operation) {
        const auto differ = [&](const std::string& what) {
            add({type, workflow, step, operation, path.to_string(), what});
        };
        const auto both = [&] {
            return "under test " + printed(a, place) + ", reference " + printed(b, place);
        };
        if (!attribute.empty())
            if (const differential_rule* r = rule_for(type, attribute, differential_compare::ignore)) {
                if (!(a == b)) ++report_.relaxed[rule_name(*r)];
                return;
            }
        if (a.is_unknown() != b.is_unknown() && !attribute.empty())
            if (const differential_rule* r = rule_for(type, attribute, differential_compare::unknown_in_plan)) {
                ++report_.relaxed[rule_name(*r)];
                return;
            }
        if (a.is_unknown() != b.is_unknown()) return differ(a.is_unknown() ? "unknown under test, known in the reference (" + printed(b, place) + ")" : "known under test (" + printed(a, place) + "), unknown in the reference");
        if (a.is_unknown()) return;
        if (a.is_null() != b.is_null()) return differ(both());
        if (a.is_null()) return;
        if (!(a.type() == b.type())) return differ("the types differ: " + both());
        if (!attribute.empty())
            if (const differential_rule* r = rule_for(type, attribute, differential_compare::ignore_value)) {
                if (!(a == b)) ++report_.relaxed[rule_name(*r)];
                return;
            }
        switch (a.type().which()) {
        case type::kind::object: {
            const auto attrs = a.type().attributes();
            for (std::size_t i = 0; i < attrs.size(); ++i) {
                const std::string name(attrs[i].name);
                path.push(attribute_path::attribute(name));
                compare_values(type, a.elements()[i], b.elements()[i], path,
                               attribute.empty() ? name : attribute + "." + name, place.member(name), workflow, step,
                               operation);
                path.pop();
            }
            return;
        }
        case type::kind::list:
        case type::kind::tuple:
            if (a.size() != b.size())
                return differ(std::to_string(a.size()) + " elements under test, " + std::to_string(b.size()) +
                              " in the reference: " + both());
            for (std::size_t i = 0; i < a.size(); ++i) {
                path.push(attribute_path::index(static_cast<std::int64_t>(i)));
                compare_values(type, a.elements()[i], b.elements()[i], path, attribute, place.element(), workflow,
                               step, operation);
                path.pop();
            }
            return;
        case type::kind::map: {
            const auto ea = a.entries(), eb = b.entries();
            bool same_keys = ea.size() == eb.size();
            for (std::size_t i = 0; same_keys && i < ea.size(); ++i) same_keys = ea[i].first == eb[i].first;
            if (!same_keys) return differ("the keys differ: " + both());
            for (std::size_t i = 0; i < ea.size(); ++i) {
                path.push(attribute_path::key(ea[i].first));
                compare_values(type, ea[i].second, eb[i].second, path, attribute, place.element(), workflow, step,
                               operation);
                path.pop();
            }
            return;
        }
        default:
            if (!(a == b)) differ(both());
            return;
        }
    }

    template <class R>
    std::string scenario(explorer<P, R>& gen, const workflow& w, std::size_t upto) {
        std::string out;
        for (std::size_t i = 0; i <= upto && i < w.steps.size(); ++i) {
            const workflow_step& st = w.steps[i];
            out += "  " + std::to_string(i + 1) + ". " + std::string(step_name(st.kind));
            if (st.kind == step_kind::upgrade) out += " from version " + std::to_string(st.version);
            if (!st.config.is_null()) {
                std::string lines;
                attribute_path path;
                configuration_lines(gen.realized(st), path, "       ", lines);
                out += lines.empty() ? " (every attribute null)\n" : ":\n" + lines;
            } else {
                out += "\n";
            }
        }
        if (!out.empty() && out.back() == '\n') out.pop_back();
        return out;
    }

    differential_options options_;
    config_model config_;
    tfpp::in_process_server server_;
    reference_provider reference_;
    protocol_client tested_, referenced_;
    translations translations_;
    differential_report report_;
};

}  // namespace tfpp::testing::detail
