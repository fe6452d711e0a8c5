// List resources: `terraform query` asks a provider for the objects of one of
// its managed resources that a filter selects, each named by its identity.
//
//   struct file_list {
//       using resource = file_resource;   // what it lists; needs an identity
//       using config = file_filter;       // the list block's `config { ... }`
//       void list(const file_filter& filter, tfpp::list_results<file_resource>& results, tfpp::context& ctx);
//   };
//
//   struct local_provider { ...  using list_resources = tfpp::type_list<file_list>; };
//
// list() pushes each result as it finds it: Terraform receives it at once,
// before list() returns. A push returns false once Terraform wants no more
// (its limit is reached, or the run was stopped): return then.
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/provider/context.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

namespace tfpp {

namespace detail {
struct list_sink;
}

template <class R>
class list_results {
public:
    using model = typename R::model;
    using identity = typename R::identity;

    // Whether Terraform asked for whole objects (`include_resource = true`):
    // push them then; without it an object pushed is not sent.
    [[nodiscard]] bool objects_wanted() const noexcept { return objects_wanted_; }
    // How many results were sent.
    [[nodiscard]] std::size_t count() const noexcept { return count_; }

    // One result: the identity, a name people recognise, and the object.
    bool push(const identity& id, std::string display_name, const model* object = nullptr);
    // The same, with the identity taken from the object as the resource takes it.
    bool push(const model& object, std::string display_name);

    // Made by tfpp for each ListResource call.
    list_results(detail::list_sink& sink, const R& resource, context& ctx, bool objects_wanted, std::int64_t limit)
        : sink_(sink), resource_(resource), ctx_(ctx), objects_wanted_(objects_wanted),
          limit_(limit > 0 ? static_cast<std::size_t>(limit) : 0) {}

private:
    detail::list_sink& sink_;
    const R& resource_;
    context& ctx_;
    bool objects_wanted_;
    std::size_t limit_;  // 0: none
    std::size_t count_ = 0;
};

}  // namespace tfpp

#include <tfpp/provider/detail/list_results.hpp>

namespace tfpp {

template <class R>
bool list_results<R>::push(const identity& id, std::string display_name, const model* object) {
    if ((limit_ != 0 && count_ >= limit_) || ctx_.stop_requested()) return false;
    std::optional<std::string> encoded;
    if (objects_wanted_ && object != nullptr) {
        if constexpr (detail::has_write_only<model>()) {
            model stored = *object;  // Terraform never holds write-only values
            detail::drop_write_only(stored);
            encoded = detail::outgoing_msgpack(stored, "a listed object", ctx_);
        } else {
            encoded = detail::outgoing_msgpack(*object, "a listed object", ctx_);
        }
        if (!encoded) return false;
    }
    std::optional<std::string> identity = detail::outgoing_msgpack(id, "a listed identity", ctx_);
    if (!identity || !sink_.send(std::move(*identity), std::move(display_name), std::move(encoded))) return false;
    ++count_;
    return limit_ == 0 || count_ < limit_;
}

template <class R>
bool list_results<R>::push(const model& object, std::string display_name) {
    identity id{};
    if constexpr (detail::has_identity_of<R>) id = resource_.identity_of(object);
    else detail::identity_from_model(object, id);
    return push(id, std::move(display_name), &object);
}

}  // namespace tfpp
