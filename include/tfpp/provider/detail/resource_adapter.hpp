// One resource type: forwards to the resource's own functions; everything
// else is its model's (model_resource<M>) or the engine's (resource_handler).
#pragma once

#include <tfpp/provider/detail/checks.hpp>
#include <tfpp/provider/detail/identity.hpp>
#include <tfpp/provider/detail/model_resource.hpp>

#include <array>
#include <optional>
#include <string_view>

namespace tfpp::detail {

// One resource type: forwards to the resource's own functions; everything
// else is its model's (model_resource<M>) or the engine's (resource_handler).
template <class R, class P>
class resource_adapter final : public model_resource<typename R::model> {
public:
    using model = typename R::model;
    using identity_type = typename identity_or_void<R>::type;
    static constexpr std::int64_t current_identity_version = [] {
        if constexpr (has_identity_version<R>) return static_cast<std::int64_t>(R::identity_version);
        else return std::int64_t{0};
    }();
    explicit resource_adapter(P& p)
        : model_resource<model>(R::type_name, features_of<R>()), impl_(make_handler_object<R>(p)) {}

    const block_schema& schema() const override { return resource_schema<R>(); }
    const identity_schema* identity() const override { return resource_identity_schema<R>(); }

protected:
    std::optional<model> call_create(model&& plan, context& ctx) override { return impl_.create(std::move(plan), ctx); }
    std::optional<model> call_read(model&& state, context& ctx) override { return impl_.read(std::move(state), ctx); }
    std::optional<model> call_update(model&& plan, const model& prior, context& ctx) override {
        return impl_.update(std::move(plan), prior, ctx);
    }
    void call_destroy(const model& state, context& ctx) override { impl_.destroy(state, ctx); }
    void call_validate([[maybe_unused]] const model& config, [[maybe_unused]] context& ctx) override {
        if constexpr (has_validate<R>) impl_.validate(config, ctx);
    }

    // What only some resources have: the model's code for it is
    // instantiated only for them. (resource_handler calls none of these
    // unless features_ says the resource has it.)
    void plan_destroy_model([[maybe_unused]] std::string_view prior, [[maybe_unused]] context& ctx) override {
        if constexpr (has_plan_destroy<R>)
            this->plan_destroy_impl(
                prior, ctx, this,
                +[](resource_adapter* self, const model& state, context& c) { self->impl_.plan_destroy(state, c); });
    }
    bool modify_plan_model([[maybe_unused]] std::string_view prior, [[maybe_unused]] std::string_view config,
                           [[maybe_unused]] std::string_view planned,
                           [[maybe_unused]] resource_handler::modified_plan& out,
                           [[maybe_unused]] context& ctx) override {
        if constexpr (has_modify_plan<R>)
            return this->modify_plan_impl(
                prior, config, planned, out, ctx, this,
                +[](resource_adapter* self, change<model>& c, context& cx) { self->impl_.modify_plan(c, cx); });
        else return false;
    }
    std::optional<std::string> import_model([[maybe_unused]] std::string_view id,
                                            [[maybe_unused]] context& ctx) override {
        if constexpr (has_import_state<R>)
            return this->import_impl(
                id, ctx, this,
                +[](resource_adapter* self, std::string_view i, context& c) { return self->impl_.import_state(i, c); });
        else if constexpr (has_import_id_attribute<R>)
            return this->import_into_attribute(R::import_id_attribute, id, ctx);
        else return std::nullopt;
    }
    std::optional<std::string> generate_config_model([[maybe_unused]] std::string_view state,
                                                     [[maybe_unused]] std::string_view config,
                                                     [[maybe_unused]] context& ctx) override {
        if constexpr (has_generate_config<R>)
            return this->generate_config_impl(
                state, config, ctx, this, +[](resource_adapter* self, const model& s, model& c, context& cx) {
                    self->impl_.generate_config(s, c, cx);
                });
        else return std::nullopt;
    }
    std::optional<std::string> identity_of_state([[maybe_unused]] std::string_view state,
                                                 [[maybe_unused]] context& ctx) override {
        if constexpr (has_identity<R>) {
            model m;
            if (!decode_model(state, m, ctx)) return std::nullopt;
            identity_type id;
            if constexpr (has_identity_of<R>) {
                guarded(ctx, operation_name(R::type_name, "identity_of"), [&] { id = impl_.identity_of(m); });
                if (ctx.has_errors()) return std::nullopt;
            } else if constexpr (identity_by_name<R>()) {
                identity_from_model(m, id);
            }
            return outgoing_msgpack(id, "the identity of " + std::string(R::type_name), ctx);
        } else {
            return std::nullopt;
        }
    }
    std::optional<std::string> canonical_identity([[maybe_unused]] std::string_view bytes,
                                                  [[maybe_unused]] context& ctx) override {
        if constexpr (has_identity<R>) {
            identity_type id;
            if (!decode_model(bytes, id, ctx)) return std::nullopt;
            return to_msgpack(id);
        } else {
            return std::nullopt;
        }
    }
    std::optional<std::string> import_identity_model([[maybe_unused]] std::string_view bytes,
                                                     [[maybe_unused]] context& ctx) override {
        if constexpr (has_identity<R>) {
            identity_type id;
            if (!decode_model(bytes, id, ctx)) return std::nullopt;
            std::optional<model> m;
            if constexpr (has_import_identity<R>) {
                guarded(ctx, operation_name(R::type_name, "import_identity"), this->schema(),
                        [&] { m = impl_.import_identity(id, ctx); });
            } else if constexpr (identity_by_name<R>()) {
                m.emplace();
                model_from_identity(id, *m);
            } else {
                ctx.error("Import by identity not supported",
                          std::string(R::type_name) +
                              " cannot be imported by identity: its identity is not its attributes of the same "
                              "names, and it has no import_identity(const identity&, ctx).");
            }
            if (!m) return std::nullopt;
            return this->finished(*m, ctx, operation_name(R::type_name, "import_identity"));
        } else {
            ctx.error("Resource identity not supported",
                      std::string(R::type_name) + " has no identity; import it by ID.");
            return std::nullopt;
        }
    }
    std::optional<std::string> upgrade_identity_model([[maybe_unused]] std::int64_t version,
                                                      [[maybe_unused]] const json_document& stored,
                                                      [[maybe_unused]] context& ctx) override {
        if constexpr (has_identity<R>) {
            std::optional<identity_type> id;
            bool known_version = version == current_identity_version;
            if (known_version) {
                identity_type current;
                if (stored.decode(current, ctx.diagnostics(), stored_options)) id = std::move(current);
            } else if constexpr (has_prior_identities<R>) {
                for_each_type_indexed<typename R::prior_identities>([&]<class V, std::size_t I>() {
                    if (static_cast<std::int64_t>(I) != version) return;
                    known_version = true;
                    V old;
                    if (stored.decode(old, ctx.diagnostics(), stored_options))
                        id = upgrade_chain<upgraded::identity, identity_type>(std::move(old), ctx);
                });
            }
            if (!known_version)
                ctx.error("Resource identity upgrade not supported",
                          "the stored identity of " + std::string(R::type_name) + " has version " +
                              std::to_string(version) + " and this provider has no upgrade from it to version " +
                              std::to_string(current_identity_version) +
                              " (declare its identity in prior_identities with an upgrade())");
            if (!id || ctx.has_errors()) return std::nullopt;
            return outgoing_msgpack(*id, "the upgraded identity of " + std::string(R::type_name), ctx);
        } else {
            return std::nullopt;
        }
    }

    std::optional<std::string> upgrade_raw_model([[maybe_unused]] const raw_state& old,
                                                 [[maybe_unused]] context& ctx) override {
        if constexpr (has_raw_upgrade<R>)
            return this->upgrade_raw_impl(
                old, ctx, this,
                +[](resource_adapter* self, const raw_state& o, context& c) {
                    return upgrade_once<upgraded::state>(self->impl_, o, c);
                });
        else return std::nullopt;
    }

    std::optional<std::string> move_model([[maybe_unused]] const moved_state& from,
                                          [[maybe_unused]] std::string_view source_current,
                                          [[maybe_unused]] bool& moved, [[maybe_unused]] context& ctx) override {
        using list = typename resource_list<P>::type;
        if constexpr (has_any_typed_move<R, P>() || has_raw_move<R>) {
            std::optional<model> m;
            // The source is one of this provider's resource types: typed, if
            // R has a move_from for its model (the first type with that name).
            if constexpr (has_any_typed_move<R, P>()) {
                static constexpr auto table = []<class... S>(type_list<S...>) {
                    return std::array<move_entry, sizeof...(S)>{
                        move_entry{S::type_name, move_via<typename S::model>()}...};
                }(list{});
                if (!source_current.empty()) {
                    for (const move_entry& e : table) {
                        if (!e.move || e.type_name != from.type_name) continue;
                        moved = true;
                        e.move(impl_, source_current, m, ctx);
                        break;
                    }
                }
            }
            if constexpr (has_raw_move<R>) {
                if (!moved) {
                    moved = true;
                    guarded(ctx, operation_name(R::type_name, "move_from"), this->schema(),
                            [&] { m = impl_.move_from(from, ctx); });
                }
            }
            if (!moved) return std::nullopt;
            return this->moved_result(m, ctx);
        } else {
            return std::nullopt;
        }
    }

    bool upgrades_typed([[maybe_unused]] std::int64_t version) const override {
        if constexpr (has_prior_models<R>) {
            using list = typename R::prior_models;
            constexpr std::size_t count = []<class... V>(type_list<V...>) { return sizeof...(V); }(list{});
            return version >= 0 && static_cast<std::uint64_t>(version) < count;
        } else {
            return false;
        }
    }

    std::optional<std::string> upgrade_model([[maybe_unused]] std::int64_t version,
                                             [[maybe_unused]] const stored_value& s,
                                             [[maybe_unused]] context& ctx) override {
        if constexpr (has_prior_models<R>) {
            std::optional<model> m;
            for_each_type_indexed<typename R::prior_models>([&]<class V, std::size_t I>() {
                if (static_cast<std::int64_t>(I) != version) return;
                V old;
                const bool ok = s.json ? s.json->decode(old, ctx.diagnostics(), stored_options)
                                       : decode_flatmap(*s.flatmap, old, ctx.diagnostics());
                if (!ok) return;
                m = upgrade_chain<upgraded::state, model>(std::move(old), ctx);
            });
            return this->upgraded(m, ctx);
        } else {
            return std::nullopt;
        }
    }

private:
    using move_function = void (*)(R&, std::string_view, std::optional<model>&, context&);
    struct move_entry {
        std::string_view type_name;
        move_function move;
    };
    template <class SM>
    static constexpr move_function move_via() {
        if constexpr (has_typed_move<R, SM>) {
            return +[](R& impl, std::string_view bytes, std::optional<model>& m, context& ctx) {
                SM source;
                if (!decode_model(bytes, source, ctx)) return;
                guarded(ctx, operation_name(R::type_name, "move_from"), resource_schema<R>(),
                        [&] { m = call_move_from(impl, source, ctx); });
            };
        } else {
            return nullptr;
        }
    }
    // A call whose callee depends on the source type, so that clang looks
    // move_from up only for the sources R really takes.
    template <class Impl, class Source>
    static std::optional<model> call_move_from(Impl& impl, const Source& source, context& ctx) {
        return impl.move_from(source, ctx);
    }

    // Upgrades, one version at a time, until Target (the model, or the identity).
    template <upgraded What, class Target, class T>
    std::optional<Target> upgrade_chain(T old, context& ctx) {
        if constexpr (std::is_same_v<T, Target>) {
            return old;
        } else {
            using next = typename upgrade_result<What, R, T>::type;
            std::optional<next> n;
            guarded(ctx, operation_name(R::type_name, What == upgraded::state ? "upgrade_state" : "upgrade_identity"),
                    this->schema(), [&] { n = upgrade_once<What>(impl_, std::move(old), ctx); });
            if (!n || ctx.has_errors()) return std::nullopt;
            return upgrade_chain<What, Target>(std::move(*n), ctx);
        }
    }

    R impl_;
};

}  // namespace tfpp::detail
