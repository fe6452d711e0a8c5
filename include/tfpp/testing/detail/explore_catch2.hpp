// explorer's last section: the shrunk scenario as a Catch2 test, each
// recorded step a scenario helper call where one fits, the provider
// configured as the exploration configured it.
#pragma once

#include <tfpp/testing/detail/explorer_class.hpp>

#include <cstdint>
#include <string>

namespace tfpp::testing::detail {

// The state the last recorded step left, as an expression.
template <class P, class R>
std::string explorer<P, R>::previous(const run_state& s) {
    return "*" + s.variable + ".state";
}

// `auto stepN = <helper call>; REQUIRE(stepN);`: the next recorded step.
template <class P, class R>
void explorer<P, R>::record_step(run_state& s, const std::string& call) {
    const std::string v = next_variable(s);
    s.v.code += "    auto " + v + " = " + call + ";\n    REQUIRE(" + v + ");\n";
    s.variable = v;
}

template <class P, class R>
void explorer<P, R>::record_configure(run_state& s, const model& config, const plan_step<R>& planned, bool injected) {
    const std::string c = config_literal(config);
    if (injected) {
        s.v.code += "    REQUIRE(hooks.fail_next_write(p.provider()));\n";
        if (planned.action == action::create) return record_step(s, "p.partial_failure<R>(" + c + ")");
        const std::string v = next_variable(s);
        s.v.code += "    auto " + v + " = p.apply<R>(p.plan<R>(" + c + ", " + previous(s) + "));\n";
        s.v.code += "    REQUIRE(" + v + ".state);  // the failed write still returns the object\n";
        s.variable = v;
        return;
    }
    switch (planned.action) {
    case action::create: return record_step(s, "p.create<R>(" + c + ")");
    case action::update: return record_step(s, "p.update<R>(" + previous(s) + ", " + c + ")");
    case action::replace: {
        std::string paths;
        for (const auto& p : planned.replace_paths()) paths += (paths.empty() ? "" : ", ") + raw_literal(p);
        return record_step(s, "p.replace<R>(" + previous(s) + ", " + c + ", {" + paths + "})");
    }
    default: return record_step(s, "p.empty_plan<R>(" + c + ", " + previous(s) + ")");
    }
}

template <class P, class R>
void explorer<P, R>::record_empty_plan(run_state& s) {
    record_step(s, "p.empty_plan<R>(" + config_literal(*s.config) + ", " + previous(s) + ")");
}

template <class P, class R>
void explorer<P, R>::record_drift(run_state& s, std::uint64_t seed, action repair) {
    s.v.code += "    {\n        tfpp::testing::random random(" + std::to_string(seed) + "ULL);\n" +
                "        hooks.drift(p.provider(), " + previous(s) + ", random);\n    }\n";
    record_step(s, "p.drift<R>(" + config_literal(*s.config) + ", " + previous(s) +
                       ", tfpp::testing::action::" + std::string(action_name(repair)) + ")");
}

template <class P, class R>
void explorer<P, R>::record_import(run_state& s, const std::string& id) {
    record_step(s, "p.import_then_empty_plan<R>(" + raw_literal(id) + ", " + config_literal(*s.config) + ", " +
                       previous(s) + ")");
}

template <class P, class R>
template <class Identity>
void explorer<P, R>::record_import_identity(run_state& s, const Identity& identity) {
    std::string json;
    tfpp::diagnostics ignored;
    (void)encode_json(identity, json, ignored);
    record_step(s, "p.import_by_identity_then_empty_plan<R>(tfpp::testing::from_json<R::identity>(" +
                       raw_literal(json) + "), " + config_literal(*s.config) + ", " + previous(s) + ")");
}

template <class P, class R>
void explorer<P, R>::record_upgrade(run_state& s, std::int64_t version, const std::string& json) {
    record_step(s, "p.upgrade_then_empty_plan<R>(" + std::to_string(version) + ", " + raw_literal(json) + ", " +
                       config_literal(*s.config) + ")");
}

template <class P, class R>
void explorer<P, R>::record_destroy(run_state& s) {
    s.v.code += "    REQUIRE(p.apply<R>(p.plan_destroy<R>(" + previous(s) + ")).ok());\n";
    s.variable.clear();
}

template <class P, class R>
std::string explorer<P, R>::catch2_test(const verdict& v, const exploration_report& report) const {
    std::string out = "// Found by tfpp::testing::explore (case seed " + std::to_string(report.failing_seed) +
                      "); expects the exploration's `hooks` in scope where it calls them.\n";
    out += "TEST_CASE(\"" + std::string(R::type_name) + ": " + v.property + "\") {\n";
    out += "    using R = " + std::string(cpp_type_name<R>()) + ";\n";
    if (hooks_.new_workflow) out += "    hooks.new_workflow();  // as before each explored workflow\n";
    out += provider_declaration();
    out += v.code + "}\n";
    return out;
}

// `provider_under_test<P> p...;` configured as the exploration was: the
// configuration as JSON, or from the hooks when it sets a secret (never printed).
template <class P, class R>
std::string explorer<P, R>::provider_declaration() const {
    using config_model = typename driver_type::config_model;
    const std::string p = "    tfpp::testing::provider_under_test<" + std::string(cpp_type_name<P>()) + "> p";
    if (!hooks_.provider_config) return p + ";\n";
    const block_schema& config_schema = tfpp::schema_of<config_model>();
    if (config_schema.attributes.empty() && config_schema.blocks.empty()) return p + ";\n";
    dynamic config;
    tfpp::diagnostics diags;
    (void)decode_msgpack(to_msgpack(*hooks_.provider_config), config_schema.value_type, config, diags);
    if (sets_secret(config_schema, config))
        return "    // The provider configuration of the exploration (it sets a secret, not printed):\n" + p +
               "(*hooks.provider_config);\n";
    std::string json;
    (void)encode_json(config, config_schema.value_type, json, diags);
    return "    // The provider configuration of the exploration (hooks.provider_config):\n" + p +
           "(tfpp::testing::from_json<" + std::string(cpp_type_name<config_model>()) + ">(" + raw_literal(json) +
           "));\n";
}

}  // namespace tfpp::testing::detail
