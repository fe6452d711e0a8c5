// What a provider, a resource and a data source are: plain structs with a
// model and a few member functions. tfpp checks them at compile time and says
// in one `tfpp:` line what is missing.
//
//   struct file_resource {
//       using model = file_model;
//       static constexpr std::string_view type_name = "local_file";
//       std::optional<model> create(model plan, tfpp::context& ctx);
//       std::optional<model> read(model state, tfpp::context& ctx);      // nullopt: the object is gone
//       std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
//       void destroy(const model& state, tfpp::context& ctx);
//   };
//
//   struct local_provider {
//       static constexpr std::string_view type_name = "local";
//       using config = provider_config;                 // optional
//       using resources = tfpp::type_list<file_resource>;
//       using data_sources = tfpp::type_list<file_data_source>;
//       void configure(const provider_config& c, tfpp::context& ctx);   // optional
//   };
//
// Optional members of a resource: `static constexpr std::int64_t
// schema_version = 1;`, `static constexpr tfpp::doc doc{"..."};` (also on data
// sources and providers), `using identity = <struct>;` with
// `static constexpr std::int64_t identity_version`. A provider may have
// `using provider_meta = <struct>;` for its provider_meta block.
//
// A resource or data source that has a constructor from (or a first field of)
// `local_provider&` is given the provider instance, to reach configured clients.
#pragma once

#include <tfpp/core/type_list.hpp>
#include <tfpp/fwd.hpp>
#include <tfpp/provider/change.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/schema/schema_of.hpp>

#include <tfpp/provider/detail/checks.hpp>

namespace tfpp {

// True for a well-formed provider. Naming it runs the same compile-time checks
// as tfpp::serve, each failing with one `tfpp:` message, without pulling in
// the server: `static_assert(tfpp::valid_provider<my_provider>);` in a test.
template <class P>
inline constexpr bool valid_provider = detail::provider_check<P>::ok;

template <class R>
concept resource = detail::check_resource<R>()
== detail::handler_problem::none;
template <class D>
concept data_source = detail::check_data_source<D>()
== detail::handler_problem::none;

}  // namespace tfpp
