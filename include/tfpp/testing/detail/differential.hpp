// The session behind tfpp::testing::differential: two tfplugin6.Provider
// clients (P served in-process, the reference binary), Core's part of each
// step played on both from the explorer's workflows, and the answers
// compared under the rules.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/serve/server.hpp>
#include <tfpp/testing/detail/differential_comparing.hpp>
#include <tfpp/testing/detail/differential_protocol.hpp>
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
                compare_.compare_step(std::string(R::type_name), schema, i + 1, s + 1, tested[s], referenced[s]);
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
            compare_.add({"provider", 0, 0, "schema", "", "under test: " + (fa.empty() ? "answered" : fa) +
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
                    if (!compare_.relaxed_by(name, "", differential_compare::ignore))
                        compare_.add({name, 0, 0, "schema", "",
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
            if (where == 3 || compare_.relaxed_by("function " + name, "", differential_compare::ignore)) continue;
            compare_.add({"function " + name, 0, 0, "schema", "",
                 std::string("the function exists only ") +
                     (where == 1 ? "in the provider under test" : "in the reference")});
        }
    }

    void compare_schema(const std::string& name, const tfplugin6::Schema* a, const tfplugin6::Schema* b) {
        ++report_.schemas_compared;
        if (a->version() != b->version())
            compare_.add({name, 0, 0, "schema", "",
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
            if (compare_.relaxed_by(name, at_attribute, differential_compare::ignore) ||
                compare_.relaxed_by(name, at_attribute, differential_compare::schema_differs))
                continue;
            compare_.add({name, 0, 0, "schema", attribute == "(block)" ? "" : attribute,
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
        compare_.compare_answer("provider", none, 0, 0, a, b);
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
                if (tested) compare_.count(std::string("apply a configuration"));
                if (apply_config<R>(client, schema, *configs[i], s, answers)) {
                    applied_config = configs[i];
                    refresh_then_plan<R>(client, schema, *applied_config, s, answers);
                }
                break;
            case step_kind::refresh:
                if (!have) break;
                if (tested) compare_.count("refresh");
                refresh_then_plan<R>(client, schema, *applied_config, s, answers);
                break;
            case step_kind::import_id: {
                if (!have) break;
                const std::optional<model> m = as_model(s.state);
                const std::optional<std::string> id = m ? gen.import_id_of(*m) : std::nullopt;
                if (!id) break;
                if (tested) compare_.count("import by ID");
                tfplugin6::ImportResourceState_Request req;
                req.set_type_name(std::string(R::type_name));
                req.set_id(*id);
                import_then_plan<R>(client, schema, req, *applied_config, s, answers);
                break;
            }
            case step_kind::import_identity: {
                if (!have || !options_.identity_imports) break;
                if (tested) compare_.count("import by identity");
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
                if (tested) compare_.count("upgrade from version " + std::to_string(st.version));
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
                if (tested) compare_.count("destroy");
                destroy<R>(client, s, answers);
                applied_config.reset();
                break;
            case step_kind::invalid: {
                if (!have) break;
                if (tested) {
                    std::optional<std::string> bad = invalid_config(gen, st, *applied_config);
                    if (!bad) break;
                    invalid_configs[i] = *bad;
                    compare_.count("invalid value refused");
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
    differential_comparer compare_{options_, report_};
};

}  // namespace tfpp::testing::detail
