// The in-process driver behind tfpp::testing::provider_under_test: Core's
// part of each operation (validate, the proposed new state, plan, apply,
// read, import, upgrade) run on the engine, every plan and result checked
// with the consistency checker, and the scenario helpers' workflows.
#pragma once

#include <tfpp/codec/detail/msgpack_view.hpp>
#include <tfpp/codec/json.hpp>
#include <tfpp/codec/msgpack.hpp>
#include <tfpp/plan/consistency.hpp>
#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/testing/detail/proposed_new.hpp>
#include <tfpp/testing/diff.hpp>
#include <tfpp/testing/steps.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tfpp::testing::detail {

using tfpp::detail::listed;

inline std::string describe(const tfpp::diagnostics& diags) {
    std::string out;
    for (const auto& d : diags) {
        out += d.severity == severity::error ? "  error: " : "  warning: ";
        out += d.summary;
        if (!d.path.empty()) out += " (at " + d.path.to_string() + ")";
        if (!d.detail.empty()) out += ": " + d.detail;
        out += '\n';
    }
    return out;
}

inline bool same_value(std::string_view a, std::string_view b, const type& t) {
    if (a == b) return true;
    dynamic da, db;
    tfpp::diagnostics diags;
    return decode_msgpack(a, t, da, diags) && decode_msgpack(b, t, db, diags) && da == db;
}

// Whether a value is or holds an unknown (nulls are known).
inline bool contains_unknown(const dynamic& v) {
    if (v.is_unknown()) return true;
    if (v.is_null()) return false;
    if (v.type().which() == type::kind::map)
        return std::any_of(v.entries().begin(), v.entries().end(),
                           [](const auto& e) { return contains_unknown(e.second); });
    if (v.type().is_object() || v.type().is_collection() || v.type().is_tuple())
        return std::any_of(v.elements().begin(), v.elements().end(), contains_unknown);
    return false;
}

// The attribute paths at which a value is unknown (sets as a whole).
inline void unknown_paths(const dynamic& v, attribute_path& path, std::vector<attribute_path>& out) {
    if (v.is_unknown()) return out.push_back(path);
    if (!v.is_known()) return;
    switch (v.type().which()) {
    case type::kind::object: {
        const auto attrs = v.type().attributes();
        for (std::size_t i = 0; i < attrs.size(); ++i) {
            path.push(attribute_path::attribute(attrs[i].name));
            unknown_paths(v.elements()[i], path, out);
            path.pop();
        }
        return;
    }
    case type::kind::list:
    case type::kind::tuple:
        for (std::size_t i = 0; i < v.size(); ++i) {
            path.push(attribute_path::index(static_cast<std::int64_t>(i)));
            unknown_paths(v.elements()[i], path, out);
            path.pop();
        }
        return;
    case type::kind::map:
        for (const auto& [k, e] : v.entries()) {
            path.push(attribute_path::key(k));
            unknown_paths(e, path, out);
            path.pop();
        }
        return;
    case type::kind::set:
        if (contains_unknown(v)) out.push_back(path);
        return;
    default: return;
    }
}

// Whether the encoded bytes hold an unknown anywhere (nulls are known).
inline bool holds_unknown(std::string_view bytes, const type& t) {
    dynamic d;
    tfpp::diagnostics diags;
    return decode_msgpack(bytes, t, d, diags) && contains_unknown(d);
}

// Core's check of the plan made at apply time against the first plan:
// every value the first plan knew must be the same (unknowns may become
// anything). One line per difference, secrets hidden.
inline void final_plan_mismatches(const dynamic& first, const dynamic& final_plan, attribute_path& path,
                                  std::string& out, const schema_place& place) {
    if (first.is_unknown() || first == final_plan) return;
    const bool both_known =
        !place.hidden && first.is_known() && final_plan.is_known() && first.type().which() == final_plan.type().which();
    if (both_known) {
        switch (first.type().which()) {
        case type::kind::object: {
            const auto attrs = first.type().attributes();
            for (std::size_t i = 0; i < attrs.size() && i < final_plan.size(); ++i) {
                path.push(attribute_path::attribute(attrs[i].name));
                final_plan_mismatches(first.elements()[i], final_plan.elements()[i], path, out,
                                      place.member(attrs[i].name));
                path.pop();
            }
            return;
        }
        case type::kind::list:
        case type::kind::tuple:
            if (first.size() != final_plan.size()) break;
            for (std::size_t i = 0; i < first.size(); ++i) {
                path.push(attribute_path::index(static_cast<std::int64_t>(i)));
                final_plan_mismatches(first.elements()[i], final_plan.elements()[i], path, out, place.element());
                path.pop();
            }
            return;
        case type::kind::map: {
            const auto a = first.entries(), b = final_plan.entries();
            if (a.size() != b.size()) break;
            for (std::size_t i = 0; i < a.size(); ++i) {
                if (a[i].first != b[i].first) {
                    out += "  " + path.to_string() + ": the keys changed\n";
                    return;
                }
                path.push(attribute_path::key(a[i].first));
                final_plan_mismatches(a[i].second, b[i].second, path, out, place.element());
                path.pop();
            }
            return;
        }
        case type::kind::set:
            if (!first.is_wholly_known()) return;  // elements with unknowns cannot be paired
            break;
        default: break;
        }
    }
    out += "  " + (path.empty() ? std::string("(the whole object)") : path.to_string()) + ": planned " +
           printed(first, place) + ", now " + printed(final_plan, place) + "\n";
}

// A WriteStateBytes upload from a list of chunks, the first one given first.
struct listed_state_chunks final : tfpp::detail::state_chunk_source {
    std::vector<tfpp::detail::state_chunk> chunks;
    std::size_t next = 1;
    listed_state_chunks(std::vector<tfpp::detail::state_chunk> all, std::uint64_t chunk_size, tfpp::context& ctx)
        : state_chunk_source(all.front(), chunk_size, ctx), chunks(std::move(all)) {}
    bool receive(tfpp::detail::state_chunk& into) override {
        if (next == chunks.size()) return false;
        into = std::move(chunks[next++]);
        return true;
    }
};

template <class P>
class driver {
public:
    using provider_type = P;
    using config_model = typename tfpp::detail::config_of<P>::type;

    // Configures the provider with an empty configuration (every attribute null).
    driver() { configure_bytes(to_msgpack(config_model{})); }
    // Configures it with a typed configuration.
    explicit driver(const config_model& config) { configure_bytes(to_msgpack(config)); }

    driver(const driver&) = delete;
    driver& operator=(const driver&) = delete;

    [[nodiscard]] const tfpp::diagnostics& configure_diagnostics() const noexcept { return configure_diagnostics_; }
    [[nodiscard]] P& provider() noexcept { return engine_.provider(); }
    std::string terraform_version = "1.12.6";
    // Whether the client keeps the planned private bytes and sends them back
    // when it plans again at apply, as Terraform 1.16+ does (store_planned_private);
    // false: OpenTofu, older Terraform, protocol 5.
    bool store_planned_private = false;

    // What the calling module's provider_meta block says, from now on (as
    // Terraform sends it with every read, plan, apply and data source read).
    template <class Meta>
    void set_provider_meta(const Meta& meta) {
        static_assert(tfpp::detail::has_provider_meta<P> && std::is_same_v<Meta, typename P::provider_meta>,
                      "tfpp: provider_under_test<P>::set_provider_meta takes P's provider_meta struct; declare "
                      "`struct provider_meta { ... };` (or a using alias) in P");
        provider_meta_ = to_msgpack(meta);
    }

    template <class R>
    tfpp::diagnostics validate(const typename R::model& config) {
        tfpp::context ctx = engine_.make_context();
        handler<R>().validate(to_msgpack(config), ctx);
        return ctx.diagnostics();
    }

    template <class R>
    const block_schema& schema() {
        return handler<R>().schema();
    }

    template <class R>
    plan_step<R> plan(const typename R::model& config, const std::optional<typename R::model>& prior) {
        return plan_from<R>(to_msgpack(config), prior ? to_msgpack(*prior) : std::string(tfpp::detail::null_bytes), {},
                            false);
    }
    template <class R>
    plan_step<R> plan(const typename R::model& config, no_state_t) {
        return plan<R>(config, std::optional<typename R::model>());
    }
    template <class R>
    plan_step<R> plan(const typename R::model& config, const typename R::model& prior) {
        return plan<R>(config, std::optional<typename R::model>(prior));
    }
    template <class R>
    plan_step<R> plan(const typename R::model& config, const result<typename R::model>& prior) {
        return plan_from<R>(to_msgpack(config),
                            prior.state ? to_msgpack(*prior.state) : std::string(tfpp::detail::null_bytes),
                            prior.private_state, prior.tainted, prior.identity);
    }

    template <class R>
    plan_step<R> plan_destroy(const typename R::model& state) {
        plan_step<R> step;
        step.action = action::destroy;
        step.prior = state;
        step.prior_bytes = to_msgpack(state);
        step.config_bytes = step.planned_bytes = std::string(tfpp::detail::null_bytes);
        tfpp::context ctx = engine_.make_context();
        tfpp::detail::plan_result out;
        handler<R>().plan(step.prior_bytes, tfpp::detail::null_bytes, tfpp::detail::null_bytes, out, ctx);
        step.diagnostics = ctx.diagnostics();
        return step;
    }

    template <class R>
    result<typename R::model> apply(const plan_step<R>& step) {
        return apply_final<R>(step, step.config_bytes);
    }
    template <class R>
    result<typename R::model> apply(const plan_step<R>& step, const typename R::model& final_config) {
        return apply_final<R>(step, to_msgpack(final_config));
    }

    template <class R>
    result<typename R::model> read(const typename R::model& state) {
        return read_bytes<R>(to_msgpack(state), {}, {});
    }
    template <class R>
    result<typename R::model> read(const result<typename R::model>& state) {
        if (!state.state) return state;
        auto r = read_bytes<R>(to_msgpack(*state.state), state.private_state, state.identity);
        r.tainted = state.tainted && r.state.has_value();
        return r;
    }

    template <class R>
    result<typename R::model> import(std::string_view id) {
        tfpp::context ctx = engine_.make_context();
        const std::optional<std::string> imported = handler<R>().import(id, ctx);
        return import_then_read<R>(imported, ctx, "ID \"" + std::string(id) + "\"");
    }

    template <class R>
    result<typename R::model> import_by_identity(const typename R::identity& identity) {
        tfpp::context ctx = engine_.make_context();
        const std::optional<std::string> imported = handler<R>().import_by_identity(to_msgpack(identity), ctx);
        return import_then_read<R>(imported, ctx, "identity");
    }

    template <class R>
    generated_config<typename R::model> generate_config(const typename R::model& state) {
        generated_config<typename R::model> out;
        tfpp::context ctx = engine_.make_context();
        const std::optional<std::string> config = handler<R>().generate_config(to_msgpack(state), ctx);
        out.diagnostics = ctx.diagnostics();
        if (config) out.config = decode<typename R::model>(*config, out.diagnostics);
        return out;
    }

    template <class R>
    std::optional<typename R::identity> identity(const result<typename R::model>& r) {
        if (r.identity.empty()) return std::nullopt;
        typename R::identity id;
        tfpp::diagnostics ignored;
        if (!decode_msgpack(r.identity, id, ignored)) return std::nullopt;
        return id;
    }

    template <class R>
    result<typename R::model> upgrade(std::int64_t version, std::string_view json) {
        result<typename R::model> r;
        tfpp::context ctx = engine_.make_context();
        const std::optional<std::string> upgraded = handler<R>().upgrade(version, json, nullptr, ctx);
        r.diagnostics = ctx.diagnostics();
        if (upgraded) r.state = decode<typename R::model>(*upgraded, r.diagnostics);
        return r;
    }

    template <class E>
    ephemeral<typename E::model> open_ephemeral(const typename E::model& config) {
        ephemeral<typename E::model> out;
        tfpp::detail::ephemeral_handler& h = ephemeral_of<E>();
        const std::string bytes = to_msgpack(config);
        tfpp::context ctx = engine_.make_context();
        h.validate(bytes, ctx);
        out.diagnostics = ctx.diagnostics();
        if (out.diagnostics.has_errors()) return out;
        if (detail::holds_unknown(bytes, h.schema().value_type)) {
            out.deferred = true;
            return out;
        }
        tfpp::context open_ctx = engine_.make_context();
        const std::optional<std::string> result = h.open(bytes, open_ctx);
        out.diagnostics.append(open_ctx.diagnostics());
        if (result) out.result = decode<typename E::model>(*result, out.diagnostics);
        out.private_state = std::string(open_ctx.private_state());
        out.renew_at = open_ctx.renew_at();
        return out;
    }

    // Validates the list block's configuration, then lists as `terraform
    // query` does, keeping each result the handler pushes.
    template <class L>
    list_outcome<typename L::resource> list(const typename L::config& config, list_options options = {}) {
        using R = typename L::resource;
        static_assert(detail::listed<L, typename tfpp::detail::list_resource_list<P>::type>,
                      "tfpp: provider_under_test<P>::list<L> takes one of P's list resources; list L in "
                      "P::list_resources");
        struct collect final : tfpp::detail::list_sink {
            list_outcome<R>& out;
            explicit collect(list_outcome<R>& o) : out(o) {}
            bool send(std::string identity, std::string display_name, std::optional<std::string> object) override {
                listed_object<R> r;
                r.display_name = std::move(display_name);
                if (!decode_msgpack(identity, r.identity, out.diagnostics)) return false;
                if (object) {
                    typename R::model m;
                    if (!decode_msgpack(*object, m, out.diagnostics)) return false;
                    r.object = std::move(m);
                }
                out.results.push_back(std::move(r));
                return true;
            }
        };
        list_outcome<R> out;
        tfpp::detail::list_handler& h = *engine_.list_resource(R::type_name);
        const std::string bytes = to_msgpack(config);
        tfpp::context validate_ctx = engine_.make_context();
        h.validate(bytes, validate_ctx);
        out.diagnostics = validate_ctx.diagnostics();
        if (out.diagnostics.has_errors()) return out;
        collect sink(out);
        tfpp::context ctx = engine_.make_context();
        h.list(bytes, options.include_resource, options.limit, sink, ctx);
        out.diagnostics.append(ctx.diagnostics());
        return out;
    }

    // --- state stores, called as Terraform calls them.
    template <class S>
    state_store_configured configure_state_store(const typename S::config& config,
                                                 std::int64_t proposed_chunk_size = 8 << 20) {
        tfpp::detail::state_store_handler& h = store<S>();
        const std::string bytes = to_msgpack(config);
        state_store_configured out;
        tfpp::context ctx = engine_.make_context();
        h.validate(bytes, ctx);
        if (!ctx.has_errors())
            if (auto size = h.configure(bytes, proposed_chunk_size, ctx)) out.chunk_size = *size;
        out.diagnostics = ctx.diagnostics();
        return out;
    }

    template <class S>
    stored_state read_state(const std::string& state_id) {
        // Terraform's checks of each chunk (internal/plugin6 ReadStateBytes).
        struct collect final : tfpp::detail::state_chunk_sink {
            stored_state& out;
            collect(stored_state& o, std::uint64_t size) : state_chunk_sink(size), out(o) {}
            bool send(std::string_view bytes, std::uint64_t total, std::uint64_t start,
                      const tfpp::diagnostics* last) override {
                if (last) out.diagnostics.append(*last);
                const std::uint64_t received = out.bytes ? out.bytes->size() : 0;
                const std::uint64_t size = chunk_size();
                if (start != received || (last == nullptr && bytes.size() != size) || bytes.size() > size ||
                    start + bytes.size() > total || (last && !last->has_errors() && start + bytes.size() != total))
                    out.diagnostics.error("A chunk Terraform would refuse",
                                          "bytes " + std::to_string(start) + "+" + std::to_string(bytes.size()) +
                                              " of " + std::to_string(total) + " after " + std::to_string(received) +
                                              ", chunk size " + std::to_string(size));
                if (!out.bytes) out.bytes.emplace();
                out.bytes->append(bytes);
                ++out.chunks;
                return true;
            }
        };
        tfpp::detail::state_store_handler& h = store<S>();
        stored_state out;
        tfpp::context ctx = engine_.make_context();
        if (h.configured(ctx)) {
            collect to(out, h.chunk_size());
            h.read(state_id, to, ctx);
            to.finish(ctx.diagnostics());
            if (out.bytes && out.bytes->empty()) out.bytes.reset();
        } else {
            out.diagnostics = ctx.diagnostics();
        }
        return out;
    }

    // Sends `bytes` in chunks of the agreed size, as Terraform does.
    template <class S>
    tfpp::diagnostics write_state(const std::string& state_id, const std::string& bytes) {
        return on_configured_store<S>([&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) {
            std::vector<tfpp::detail::state_chunk> pieces;
            const auto total = static_cast<std::int64_t>(bytes.size());
            for (std::size_t at = 0; at == 0 || at < bytes.size(); at += h.chunk_size()) {
                std::string piece = bytes.substr(at, h.chunk_size());
                const auto start = static_cast<std::int64_t>(at);
                const auto end = start + static_cast<std::int64_t>(piece.size()) - 1;
                pieces.push_back({std::move(piece), total, start, end});
            }
            listed_state_chunks from(std::move(pieces), h.chunk_size(), ctx);
            h.write(state_id, from, ctx);
        });
    }

    template <class S>
    state_lock lock_state(const std::string& state_id, const std::string& operation = "OperationTypeApply") {
        state_lock out;
        out.diagnostics = on_configured_store<S>([&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) {
            out.lock_id = h.lock(state_id, operation, ctx);
        });
        return out;
    }

    template <class S>
    tfpp::diagnostics unlock_state(const std::string& state_id, const std::string& lock_id) {
        return on_configured_store<S>(
            [&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) { h.unlock(state_id, lock_id, ctx); });
    }

    template <class S>
    state_names states() {
        state_names out;
        out.diagnostics = on_configured_store<S>(
            [&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) { out.names = h.states(ctx); });
        return out;
    }

    template <class S>
    tfpp::diagnostics delete_state(const std::string& state_id) {
        return on_configured_store<S>(
            [&](tfpp::detail::state_store_handler& h, tfpp::context& ctx) { h.delete_state(state_id, ctx); });
    }

    // Validates, plans and invokes an action as Terraform does, keeping each
    // progress message it reports.
    template <class A>
    action_outcome invoke(const typename A::config& config) {
        static_assert(detail::listed<A, typename tfpp::detail::action_list<P>::type>,
                      "tfpp: provider_under_test<P>::invoke<A> takes one of P's actions; list A in P::actions");
        struct collect final : tfpp::detail::action_sink {
            std::vector<std::string>& progress;
            explicit collect(std::vector<std::string>& p) : progress(p) {}
            bool send(std::string message) override {
                progress.push_back(std::move(message));
                return true;
            }
        };
        action_outcome out;
        tfpp::detail::action_handler& h = *engine_.action(A::type_name);
        const std::string bytes = to_msgpack(config);
        tfpp::context ctx = engine_.make_context();
        h.validate(bytes, ctx);
        if (!ctx.has_errors()) h.plan(bytes, ctx);
        out.diagnostics = ctx.diagnostics();
        if (out.diagnostics.has_errors()) return out;
        collect sink(out.progress);
        tfpp::context invoke_ctx = engine_.make_context();
        h.invoke(bytes, sink, invoke_ctx);
        out.diagnostics.append(invoke_ctx.diagnostics());
        out.invoked = true;
        return out;
    }

    template <class S>
    tfpp::detail::state_store_handler& store() {
        static_assert(detail::listed<S, typename tfpp::detail::state_store_list<P>::type>,
                      "tfpp: provider_under_test<P>'s state store calls take one of P's state stores; list S in "
                      "P::state_stores");
        return *engine_.state_store(S::type_name);
    }
    // `call` on store S once it is configured (an error otherwise); the diagnostics.
    template <class S, class F>
    tfpp::diagnostics on_configured_store(F&& call) {
        tfpp::detail::state_store_handler& h = store<S>();
        tfpp::context ctx = engine_.make_context();
        if (h.configured(ctx)) call(h, ctx);
        return ctx.diagnostics();
    }

    template <class E>
    ephemeral<typename E::model> renew_ephemeral(const ephemeral<typename E::model>& opened) {
        ephemeral<typename E::model> out = opened;
        tfpp::context ctx = engine_.make_context();
        ctx.set_private_state(opened.private_state);
        ephemeral_of<E>().renew(ctx);
        out.diagnostics = ctx.diagnostics();
        out.private_state = std::string(ctx.private_state());
        out.renew_at = ctx.renew_at();
        return out;
    }

    template <class E>
    tfpp::diagnostics close_ephemeral(const ephemeral<typename E::model>& opened) {
        tfpp::context ctx = engine_.make_context();
        ctx.set_private_state(opened.private_state);
        ephemeral_of<E>().close(ctx);
        return ctx.diagnostics();
    }

    template <class F>
    function_call<tfpp::detail::call_result_t<F>> call_function(const typename F::parameters& args) {
        static_assert(detail::listed<F, typename tfpp::detail::function_list<P>::type>,
                      "tfpp: provider_under_test<P>::call_function<F> takes one of P's functions; list F in "
                      "P::functions");
        using R = tfpp::detail::call_result_t<F>;
        function_call<R> out;
        std::vector<std::string> encoded;
        tfpp::detail::for_each_field(args, [&](std::string_view, const auto& field) {
            using field_type = std::remove_cvref_t<decltype(field)>;
            if constexpr (tfpp::detail::parameter_traits<field_type>::is_variadic)
                for (const auto& e : field) encoded.push_back(to_msgpack(e));
            else encoded.push_back(to_msgpack(field));
        });
        const std::vector<std::string_view> arguments(encoded.begin(), encoded.end());
        tfpp::context ctx = engine_.make_context();
        tfpp::detail::function_error error;
        const std::optional<std::string> bytes = engine_.function(F::name)->call(arguments, ctx, error);
        if (!bytes) {
            out.error = error.text;
            out.argument = error.argument;
            return out;
        }
        R value{};
        tfpp::diagnostics d;
        if (!decode_msgpack(*bytes, value, d)) throw std::logic_error("tfpp: a function result does not decode");
        out.result = std::move(value);
        return out;
    }

    template <class D>
    result<typename D::model> read_data(const typename D::model& config) {
        static_assert(
            detail::listed<D, typename tfpp::detail::data_source_list<P>::type>,
            "tfpp: provider_under_test<P>::read_data<D> takes one of P's data sources; list D in P::data_sources");
        result<typename D::model> r;
        tfpp::detail::data_source_handler* h = engine_.data_source(D::type_name);
        if (!h) throw std::logic_error("tfpp: " + std::string(D::type_name) + " is not a data source of this provider");
        const std::string bytes = to_msgpack(config);
        tfpp::context ctx = engine_.make_context();
        h->validate(bytes, ctx);
        r.diagnostics = ctx.diagnostics();
        if (r.diagnostics.has_errors()) return r;
        if (detail::holds_unknown(bytes, h->schema().value_type)) {
            r.deferred = true;
            return r;
        }
        tfpp::context read_ctx = handler_context();
        const std::optional<std::string> state = h->read(bytes, read_ctx);
        r.diagnostics.append(read_ctx.diagnostics());
        if (state) r.state = decode<typename D::model>(*state, r.diagnostics);
        return r;
    }

    template <class R>
    outcome<typename R::model> create(const typename R::model& config,
                                      const std::optional<typename R::model>& expected = std::nullopt) {
        return change<R>(config, result<typename R::model>{}, action::create, {}, expected);
    }

    template <class R>
    outcome<typename R::model> update(const typename R::model& state, const typename R::model& config,
                                      const std::optional<typename R::model>& expected = std::nullopt) {
        result<typename R::model> prior;
        prior.state = state;
        return change<R>(config, prior, action::update, {}, expected);
    }

    template <class R>
    outcome<typename R::model> update(const outcome<typename R::model>& from, const typename R::model& config,
                                      const std::optional<typename R::model>& expected = std::nullopt) {
        if (!from.state) return failed<R>("update: the earlier step left no object");
        return change<R>(config, as_result(from), action::update, {}, expected);
    }

    template <class R>
    outcome<typename R::model> replace(const typename R::model& state, const typename R::model& config,
                                       const std::vector<attribute_path>& forced_by,
                                       const std::optional<typename R::model>& expected = std::nullopt) {
        result<typename R::model> prior;
        prior.state = state;
        return change<R>(config, prior, action::replace, forced_by, expected);
    }

    template <class R>
    outcome<typename R::model> replace(const outcome<typename R::model>& from, const typename R::model& config,
                                       const std::vector<attribute_path>& forced_by,
                                       const std::optional<typename R::model>& expected = std::nullopt) {
        if (!from.state) return failed<R>("replace: the earlier step left no object");
        return change<R>(config, as_result(from), action::replace, forced_by, expected);
    }

    template <class R>
    outcome<typename R::model> empty_plan(const typename R::model& config, const typename R::model& state) {
        result<typename R::model> prior;
        prior.state = state;
        return expect_empty_plan<R>(config, prior, "");
    }

    template <class R>
    outcome<typename R::model> empty_plan(const typename R::model& config, const outcome<typename R::model>& from) {
        if (!from.state) return failed<R>("empty_plan: the earlier step left no object");
        return expect_empty_plan<R>(config, as_result(from), "");
    }

    template <class R>
    outcome<typename R::model> import_then_empty_plan(std::string_view id, const typename R::model& config,
                                                      const std::optional<typename R::model>& expected = std::nullopt) {
        return imported_then_empty_plan<R>(
            import <R>(id), std::string(R::type_name) + " import \"" + std::string(id) + "\"", config, expected);
    }

    template <class R>
    outcome<typename R::model> import_by_identity_then_empty_plan(
        const typename R::identity& identity, const typename R::model& config,
        const std::optional<typename R::model>& expected = std::nullopt) {
        return imported_then_empty_plan<R>(import_by_identity<R>(identity),
                                           std::string(R::type_name) + " import by identity", config, expected,
                                           to_msgpack(identity));
    }

    template <class R>
    outcome<typename R::model> upgrade_then_empty_plan(
        std::int64_t version, std::string_view json, const typename R::model& config,
        const std::optional<typename R::model>& expected = std::nullopt) {
        const std::string what = std::string(R::type_name) + " upgrade from schema version " + std::to_string(version);
        result<typename R::model> upgraded = upgrade<R>(version, json);
        if (!upgraded.ok() || !upgraded.state)
            return failed<R>(what + " failed:\n" + detail::describe(upgraded.diagnostics));
        if (expected)
            if (std::string d = partial_diff(*expected, *upgraded.state); !d.empty())
                return failed<R>(what + ": the upgraded state differs from the expected one:\n" + d, upgraded);
        return expect_empty_plan<R>(config, upgraded, what + ", then ");
    }

    template <class R>
    outcome<typename R::model> drift(const typename R::model& config, const typename R::model& state,
                                     action expected_action) {
        const std::string what = std::string(R::type_name) + " drift";
        result<typename R::model> refreshed = read<R>(state);
        if (!refreshed.ok()) return failed<R>(what + ": refresh failed:\n" + detail::describe(refreshed.diagnostics));
        return change<R>(config, refreshed, expected_action, {}, std::nullopt, what + ": ");
    }

    template <class R>
    outcome<typename R::model> unknown_until_apply(const typename R::model& config_with_unknowns,
                                                   const typename R::model& final_config,
                                                   const std::optional<typename R::model>& expected = std::nullopt) {
        const std::string what = std::string(R::type_name) + " with values unknown until apply";
        plan_step<R> step = plan<R>(config_with_unknowns, no_state);
        if (!step.ok()) return failed<R>(what + ": plan failed:\n" + detail::describe(step.diagnostics));
        if (step.action != action::create)
            return failed<R>(what + ": expected the plan to create, but it would " +
                             std::string(to_string(step.action)));
        const type& t = handler<R>().schema().value_type;
        dynamic config_value, planned_value;
        tfpp::diagnostics ignored;
        (void)decode_msgpack(step.config_bytes, t, config_value, ignored);
        (void)decode_msgpack(step.planned_bytes, t, planned_value, ignored);
        std::vector<attribute_path> unknown_in_config;
        attribute_path path;
        detail::unknown_paths(config_value, path, unknown_in_config);
        if (unknown_in_config.empty())
            return failed<R>(what + ": the configuration holds no tfpp::unknown value; set one to test this");
        for (const attribute_path& p : unknown_in_config) {
            std::vector<attribute_path> planned_unknown;
            attribute_path q;
            detail::unknown_paths(planned_value, q, planned_unknown);
            if (std::find(planned_unknown.begin(), planned_unknown.end(), p) == planned_unknown.end())
                return failed<R>(what + ": \"" + p.to_string() +
                                 "\" is unknown in the configuration but the plan gives it a value");
        }
        result<typename R::model> applied = apply<R>(step, final_config);
        if (!applied.ok() || !applied.state)
            return failed<R>(what + ": apply failed:\n" + detail::describe(applied.diagnostics), applied);
        if (expected)
            if (std::string d = partial_diff(*expected, *applied.state); !d.empty())
                return failed<R>(what + ": the applied state differs from the expected one:\n" + d, applied);
        return expect_empty_plan<R>(final_config, applied, what + ": after apply, ");
    }

    template <class R>
    outcome<typename R::model> partial_failure(const typename R::model& config) {
        const std::string what = std::string(R::type_name) + " partial failure";
        plan_step<R> step = plan<R>(config, no_state);
        if (!step.ok()) return failed<R>(what + ": plan failed:\n" + detail::describe(step.diagnostics));
        result<typename R::model> applied = apply<R>(step);
        if (applied.ok()) return failed<R>(what + ": expected the create to fail, but it succeeded", applied);
        if (!applied.state)
            return failed<R>(what + ": the create failed but returned no object, so Terraform forgets it:\n" +
                             detail::describe(applied.diagnostics));
        if (!applied.tainted) return failed<R>(what + ": the object was not recorded as tainted", applied);
        plan_step<R> next = plan<R>(config, applied);
        if (!next.ok())
            return failed<R>(what + ": the next plan failed:\n" + detail::describe(next.diagnostics), applied);
        if (next.action != action::replace)
            return failed<R>(what + ": expected the next plan to replace the tainted object, but it would " +
                                 std::string(to_string(next.action)),
                             applied);
        outcome<typename R::model> o;
        o.state = applied.state;
        o.private_state = applied.private_state;
        o.identity = applied.identity;
        return o;
    }

private:
    // A context for a handler Terraform sends provider_meta to.
    tfpp::context handler_context() {
        tfpp::context ctx = engine_.make_context();
        engine_.attach_provider_meta(provider_meta_, ctx);
        return ctx;
    }

    void configure_bytes(const std::string& config) {
        tfpp::context validate_ctx = engine_.make_context();
        engine_.validate_provider_config(config, validate_ctx);
        configure_diagnostics_ = validate_ctx.diagnostics();
        if (configure_diagnostics_.has_errors()) return;
        tfpp::context ctx = engine_.make_context();
        engine_.configure(config, terraform_version, ctx);
        configure_diagnostics_.append(ctx.diagnostics());
    }

    template <class E>
    tfpp::detail::ephemeral_handler& ephemeral_of() {
        static_assert(detail::listed<E, typename tfpp::detail::ephemeral_list<P>::type>,
                      "tfpp: provider_under_test<P>::open_ephemeral<E> and the other ephemeral calls take one of P's "
                      "ephemeral resources; list E in P::ephemeral_resources");
        return *engine_.ephemeral_resource(E::type_name);
    }

    template <class R>
    tfpp::detail::resource_handler& handler() {
        static_assert(detail::listed<R, typename tfpp::detail::resource_list<P>::type>,
                      "tfpp: provider_under_test<P>::plan<R> and the other resource calls take one of P's resources; "
                      "list R in P::resources");
        tfpp::detail::resource_handler* h = engine_.resource(R::type_name);
        if (!h) throw std::logic_error("tfpp: " + std::string(R::type_name) + " is not a resource of this provider");
        return *h;
    }

    template <class M>
    static M decode(std::string_view bytes, tfpp::diagnostics& diags) {
        M m;
        (void)decode_msgpack(bytes, m, diags);
        return m;
    }

    // The consistency checker as errors, unless the engine already ran it so.
    static bool engine_checks() { return consistency_check_mode() == consistency_check::on; }

    template <class R>
    plan_step<R> plan_from(std::string config_bytes, std::string prior_bytes, std::string prior_private, bool tainted,
                           std::string prior_identity = {}) {
        plan_step<R> step;
        tfpp::detail::resource_handler& h = handler<R>();
        step.prior_identity = std::move(prior_identity);
        step.config_bytes = std::move(config_bytes);
        step.prior_bytes = std::move(prior_bytes);
        step.prior_private = std::move(prior_private);
        step.prior_tainted = tainted;
        step.config = decode<typename R::model>(step.config_bytes, step.diagnostics);
        const bool create = tfpp::detail::is_null_value(step.prior_bytes);
        if (!create) step.prior = decode<typename R::model>(step.prior_bytes, step.diagnostics);

        tfpp::context validate_ctx = engine_.make_context();
        h.validate(step.config_bytes, validate_ctx);
        step.diagnostics.append(validate_ctx.diagnostics());
        if (step.diagnostics.has_errors()) return step;

        // A tainted object is replaced: Core plans its successor from nothing.
        const std::string_view plan_prior = tainted ? tfpp::detail::null_bytes : std::string_view(step.prior_bytes);
        tfpp::detail::plan_result out;
        if (!plan_once<R>(plan_prior, step.prior_private, {}, step, out)) return step;
        step.requires_replace = std::move(out.requires_replace);
        if (tainted) {
            step.action = action::replace;
        } else if (create) {
            step.action = action::create;
        } else if (!step.requires_replace.empty()) {
            // Core plans the replacement object again as a create, its prior
            // private bytes the first call's planned ones.
            step.action = action::replace;
            tfpp::detail::plan_result fresh;
            const std::string first_private = step.planned_private;
            if (!plan_once<R>(tfpp::detail::null_bytes, first_private, {}, step, fresh)) return step;
            out.planned_state = std::move(fresh.planned_state);
        } else {
            step.action = detail::same_value(out.planned_state, step.prior_bytes, h.schema().value_type)
                              ? action::no_op
                              : action::update;
        }
        out.requires_replace = step.requires_replace;
        tfpp::context ctx = engine_.make_context();
        step.planned_identity = h.planned_identity(plan_prior, out, step.prior_identity, ctx).value_or(std::string());
        step.diagnostics.append(ctx.diagnostics());
        step.planned_bytes = std::move(out.planned_state);
        step.planned = decode<typename R::model>(step.planned_bytes, step.diagnostics);
        return step;
    }

    // ProposedNew, PlanResourceChange and the plan checks, once.
    // `planned_private`: what the client kept from the plan, in the plan at apply.
    template <class R>
    bool plan_once(std::string_view prior, std::string_view prior_private, std::string_view planned_private,
                   plan_step<R>& step, tfpp::detail::plan_result& out) {
        tfpp::detail::resource_handler& h = handler<R>();
        std::string proposed;
        if (!detail::proposed_new_state(h.schema(), prior, step.config_bytes, proposed, step.diagnostics)) return false;
        tfpp::context ctx = handler_context();
        if (tfpp::detail::take_plan_private(ctx, prior_private, store_planned_private ? planned_private : "",
                                            store_planned_private))
            h.plan(prior, proposed, step.config_bytes, out, ctx);
        step.diagnostics.append(ctx.diagnostics());
        step.planned_private = tfpp::detail::planned_private_of(ctx);
        if (step.diagnostics.has_errors()) return false;
        if (!engine_checks()) {
            consistency_options o;
            o.resource_type = R::type_name;
            (void)check_plan_consistency(h.schema(), prior, step.config_bytes, out.planned_state, step.diagnostics, o);
        }
        return !step.diagnostics.has_errors();
    }

    template <class R>
    result<typename R::model> apply_final(const plan_step<R>& step, const std::string& final_config) {
        using model = typename R::model;
        result<model> r;
        tfpp::detail::resource_handler& h = handler<R>();
        const auto keep_prior = [&] {
            if (step.prior) r.state = step.prior;
            r.private_state = step.prior_private;
            r.identity = step.prior_identity;
            r.tainted = step.prior_tainted;
        };
        if (!step.ok()) {
            keep_prior();
            r.diagnostics = step.diagnostics;
            r.diagnostics.error("Plan has errors", "tfpp::testing: a plan with errors cannot be applied");
            return r;
        }
        switch (step.action) {
        case action::no_op: keep_prior(); return r;
        case action::destroy: {
            tfpp::context ctx = handler_context();
            ctx.set_private_state(step.prior_private);
            const auto state = h.apply(step.prior_bytes, tfpp::detail::null_bytes, tfpp::detail::null_bytes, ctx);
            r.diagnostics = ctx.diagnostics();
            if (state) keep_prior();  // it still exists
            return r;
        }
        case action::replace: {
            // Destroy first (create_before_destroy is a configuration choice this driver does not model).
            tfpp::context ctx = handler_context();
            ctx.set_private_state(step.prior_private);
            const auto left = h.apply(step.prior_bytes, tfpp::detail::null_bytes, tfpp::detail::null_bytes, ctx);
            r.diagnostics = ctx.diagnostics();
            if (left || r.diagnostics.has_errors()) {
                keep_prior();
                return r;
            }
            return apply_change<R>(step, tfpp::detail::null_bytes, final_config, r, /*replacing=*/true);
        }
        case action::create:
        case action::update: return apply_change<R>(step, step.prior_bytes, final_config, r);
        }
        return r;
    }

    // Plans again with the final configuration, checks it against the first
    // plan ("Provider produced inconsistent final plan"), applies it, as Core
    // does for every create, update and replace.
    template <class R>
    result<typename R::model> apply_change(const plan_step<R>& step, std::string_view prior,
                                           const std::string& final_config, result<typename R::model>& r,
                                           bool replacing = false) {
        tfpp::detail::resource_handler& h = handler<R>();
        const bool create = tfpp::detail::is_null_value(prior);
        std::string planned = step.planned_bytes, planned_private = step.planned_private;
        {
            plan_step<R> final_step;
            final_step.config_bytes = final_config;
            tfpp::detail::plan_result out;
            // A replacement is planned again as a create: its object is gone
            // (or deposed) by now, and with it the prior private bytes.
            const bool planned_again = plan_once<R>(prior, replacing ? std::string() : step.prior_private,
                                                    step.planned_private, final_step, out);
            if (!planned_again) {
                r.diagnostics.append(final_step.diagnostics);
                if (!create) r.state = step.prior;
                return std::move(r);
            }
            const type& t = h.schema().value_type;
            dynamic first, now;
            tfpp::diagnostics ignored;
            std::string mismatches;
            attribute_path path;
            if (decode_msgpack(step.planned_bytes, t, first, ignored) &&
                decode_msgpack(out.planned_state, t, now, ignored))
                detail::final_plan_mismatches(first, now, path, mismatches, schema_place::of(h.schema()));
            if (!mismatches.empty()) {
                r.diagnostics.error("Provider produced inconsistent final plan",
                                    std::string(R::type_name) +
                                        ": planned again with the final configuration, the plan changed values the "
                                        "first plan already knew:\n" +
                                        mismatches);
                if (!create) r.state = step.prior;
                return std::move(r);
            }
            planned = std::move(out.planned_state);
            planned_private = final_step.planned_private;
        }
        tfpp::context ctx = handler_context();
        std::optional<std::string> state;
        if (tfpp::detail::take_apply_private(ctx, planned_private))
            state = h.apply(prior, planned, final_config, ctx);
        r.diagnostics.append(ctx.diagnostics());
        r.private_state = std::string(ctx.private_state());
        if (state) {
            if (!engine_checks() && !r.diagnostics.has_errors()) {
                consistency_options o;
                o.resource_type = R::type_name;
                o.operation = create ? "create" : "update";
                (void)check_apply_consistency(h.schema(), planned, *state, r.diagnostics, o);
            }
            r.state = decode<typename R::model>(*state, r.diagnostics);
            tfpp::context id_ctx = engine_.make_context();
            r.identity = h.identity_for(*state, create ? std::string_view() : std::string_view(step.planned_identity),
                                        create ? "create" : "update", id_ctx)
                             .value_or(std::string());
            r.diagnostics.append(id_ctx.diagnostics());
            // Core taints an object whose create reported errors.
            r.tainted = create && r.diagnostics.has_errors();
        }
        return std::move(r);
    }

    template <class R>
    result<typename R::model> read_bytes(const std::string& state, std::string private_state,
                                         const std::string& identity) {
        result<typename R::model> r;
        tfpp::context ctx = handler_context();
        ctx.set_private_state(std::move(private_state));
        const std::optional<std::string> current = handler<R>().read(state, ctx);
        if (current) r.identity = handler<R>().identity_for(*current, identity, "read", ctx).value_or(std::string());
        r.diagnostics = ctx.diagnostics();
        r.private_state = std::string(ctx.private_state());
        if (current) r.state = decode<typename R::model>(*current, r.diagnostics);
        return r;
    }

    // The checks after an import (by ID or by identity; `identity`, when not
    // empty, is the one the object must have been read back with), then the
    // empty plan of the configuration.
    template <class R>
    outcome<typename R::model> imported_then_empty_plan(const result<typename R::model>& imported,
                                                        const std::string& what, const typename R::model& config,
                                                        const std::optional<typename R::model>& expected,
                                                        const std::string& identity = {}) {
        if (!imported.ok() || !imported.state)
            return failed<R>(what + " failed:\n" + detail::describe(imported.diagnostics));
        if (!identity.empty() && imported.identity != identity)
            return failed<R>(what + ": the object read back has another identity", imported);
        if (expected)
            if (std::string d = partial_diff(*expected, *imported.state); !d.empty())
                return failed<R>(what + ": the imported state differs from the expected one:\n" + d, imported);
        return expect_empty_plan<R>(config, imported, what + ", then ");
    }

    // Import's second half, as Core does it: the imported object is read,
    // with the identity the import gave it.
    template <class R>
    result<typename R::model> import_then_read(const std::optional<std::string>& imported, tfpp::context& ctx,
                                               const std::string& by) {
        result<typename R::model> r;
        r.diagnostics = ctx.diagnostics();
        if (!imported || r.diagnostics.has_errors()) return r;
        tfpp::context id_ctx = engine_.make_context();
        const std::string identity = handler<R>().identity_for(*imported, {}, "import", id_ctx).value_or(std::string());
        r.diagnostics.append(id_ctx.diagnostics());
        result<typename R::model> refreshed = read_bytes<R>(*imported, std::string(ctx.private_state()), identity);
        for (const auto& d : refreshed.diagnostics) r.diagnostics.add(d);
        r.state = std::move(refreshed.state);
        r.private_state = std::move(refreshed.private_state);
        r.identity = std::move(refreshed.identity);
        if (!r.state && !r.diagnostics.has_errors())
            r.diagnostics.error("Cannot import non-existent remote object",
                                std::string(R::type_name) + " read returned no object for the imported " + by);
        return r;
    }

    template <class M>
    static result<M> as_result(const outcome<M>& o) {
        result<M> r;
        r.state = o.state;
        r.private_state = o.private_state;
        r.identity = o.identity;
        return r;
    }

    template <class R>
    static outcome<typename R::model> failed(std::string why, const result<typename R::model>& at = {}) {
        outcome<typename R::model> o;
        o.failure = std::move(why);
        o.state = at.state;
        o.private_state = at.private_state;
        o.identity = at.identity;
        return o;
    }

    // Refresh, then plan: must be a no-op; otherwise the failure shows what
    // the plan would change, attribute by attribute.
    template <class R>
    outcome<typename R::model> expect_empty_plan(const typename R::model& config,
                                                 const result<typename R::model>& state, const std::string& what) {
        const std::string name = std::string(R::type_name);
        result<typename R::model> refreshed = read<R>(state);
        if (!refreshed.ok())
            return failed<R>(what + "refresh of " + name + " failed:\n" + detail::describe(refreshed.diagnostics),
                             state);
        if (!refreshed.state) return failed<R>(what + "refresh of " + name + " found the object gone", state);
        plan_step<R> step = plan<R>(config, refreshed);
        if (!step.ok())
            return failed<R>(what + "the plan of " + name + " failed:\n" + detail::describe(step.diagnostics),
                             refreshed);
        if (step.action != action::no_op) {
            std::string why =
                what + "expected an empty plan for " + name + ", but it would " + std::string(to_string(step.action));
            if (!step.requires_replace.empty()) why += " (forced by " + join(step.replace_paths()) + ")";
            why += "; prior state (expected) against the plan (got):\n" + diff(*refreshed.state, step.planned);
            return failed<R>(why, refreshed);
        }
        outcome<typename R::model> o;
        o.state = refreshed.state;
        o.private_state = refreshed.private_state;
        o.identity = refreshed.identity;
        return o;
    }

    // Plan from `prior`, expecting `wanted` (and, for a replace, the paths
    // that force it); apply; compare with `expected`; then the plan must be empty.
    template <class R>
    outcome<typename R::model> change(const typename R::model& config, const result<typename R::model>& prior,
                                      action wanted, const std::vector<attribute_path>& forced_by,
                                      const std::optional<typename R::model>& expected, std::string what = {}) {
        const std::string name = std::string(R::type_name);
        plan_step<R> step = plan<R>(config, prior);
        if (!step.ok())
            return failed<R>(what + "plan of " + name + " failed:\n" + detail::describe(step.diagnostics), prior);
        if (step.action != wanted) {
            std::string why = what + "expected the plan to " + std::string(to_string(wanted)) + " " + name +
                              ", but it would " + std::string(to_string(step.action));
            if (!step.requires_replace.empty()) why += " (forced by " + join(step.replace_paths()) + ")";
            if (prior.state)
                why += "; prior state (expected) against the plan (got):\n" + diff(*prior.state, step.planned);
            return failed<R>(why, prior);
        }
        if (wanted == action::replace) {
            std::vector<std::string> want, got = step.replace_paths();
            for (const auto& p : forced_by) want.push_back(p.to_string());
            std::sort(want.begin(), want.end());
            std::sort(got.begin(), got.end());
            if (want != got)
                return failed<R>(what + "expected the replacement of " + name + " to be forced by " + join(want) +
                                     ", but it is forced by " + join(got),
                                 prior);
        }
        result<typename R::model> applied = apply<R>(step);
        if (!applied.ok() || (wanted != action::destroy && !applied.state))
            return failed<R>(what + "apply (" + std::string(to_string(wanted)) + ") of " + name + " failed:\n" +
                                 detail::describe(applied.diagnostics),
                             applied);
        if (expected && applied.state)
            if (std::string d = partial_diff(*expected, *applied.state); !d.empty())
                return failed<R>(what + "the state " + name + " applied differs from the expected one:\n" + d, applied);
        if (wanted == action::destroy) {
            outcome<typename R::model> o;
            return o;
        }
        return expect_empty_plan<R>(config, applied, what + "after apply, ");
    }

    static std::string join(const std::vector<std::string>& parts) {
        if (parts.empty()) return "(nothing)";
        std::string out;
        for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
        return out;
    }

    tfpp::detail::engine<P> engine_;
    tfpp::diagnostics configure_diagnostics_;
    std::string provider_meta_;  // encoded; empty: the module sets none
};

}  // namespace tfpp::testing::detail
