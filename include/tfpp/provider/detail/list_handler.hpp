// The list side of the engine: validate a list block's configuration, and
// list, streaming each result to a sink as the handler pushes it.
#pragma once

#include <tfpp/provider/detail/block_validation.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/provider/detail/schemas.hpp>
#include <tfpp/provider/list.hpp>

#include <cstdint>
#include <string_view>

namespace tfpp::detail {

class list_handler {
public:
    virtual ~list_handler() = default;
    // The managed resource type it lists, which is also its own type name.
    [[nodiscard]] std::string_view type_name() const noexcept { return type_name_; }
    // The schema of the list block's `config { ... }`.
    [[nodiscard]] virtual const block_schema& schema() const = 0;
    virtual void validate(std::string_view config, context& ctx) = 0;
    // limit <= 0: no limit.
    virtual void list(std::string_view config, bool objects_wanted, std::int64_t limit, list_sink& sink,
                      context& ctx) = 0;

protected:
    explicit list_handler(std::string_view type_name) : type_name_(type_name) {}
    std::string_view type_name_;
};

template <class L>
const block_schema& list_config_schema() {
    static const block_schema s = handler_block<L, typename L::config>();
    return s;
}

template <class L, class P>
class list_adapter final : public list_handler {
public:
    using resource = typename L::resource;
    using config = typename L::config;

    explicit list_adapter(P& p)
        : list_handler(resource::type_name),
          impl_(make_handler_object<L>(p)),
          resource_(make_handler_object<resource>(p)) {}

    [[nodiscard]] const block_schema& schema() const override { return list_config_schema<L>(); }

    void validate(std::string_view bytes, context& ctx) override {
        validate_block_config<config>(impl_, schema(), bytes, type_name_, "list ", ctx);
    }

    void list(std::string_view bytes, bool objects_wanted, std::int64_t limit, list_sink& sink, context& ctx) override {
        config c;
        if (!decode_model(bytes, c, ctx)) return;
        list_results<resource> results(sink, resource_, ctx, objects_wanted, limit);
        guarded(ctx, operation_name(type_name_, "list"), schema(), [&] { impl_.list(c, results, ctx); });
    }

private:
    L impl_;
    resource resource_;
};

}  // namespace tfpp::detail
