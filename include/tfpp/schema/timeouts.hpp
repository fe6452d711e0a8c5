// Timeouts, as Terraform users write them for a slow resource:
//
//   struct cluster_model {
//       tfpp::required<std::string> name;
//       tfpp::block<tfpp::timeouts> timeouts;  // timeouts { create = "45m" }
//   };
//   struct cluster_resource {
//       using model = cluster_model;
//       static constexpr tfpp::timeout_defaults default_timeouts{.create = std::chrono::minutes(30)};
//       ...
//   };
//
// Before create, read, update and destroy, tfpp gives the handler's context a
// deadline: the configured duration for that operation, else the resource's
// default, else none. ctx.deadline() and ctx.wait_for_stop() honour it.
#pragma once

#include <tfpp/schema/attribute.hpp>
#include <tfpp/schema/attribute_options.hpp>
#include <tfpp/schema/validators.hpp>
#include <tfpp/value/duration.hpp>

// The options of timeouts' fields are known before its struct is complete.
#include <tfpp/schema/detail/validator_info.hpp>

#include <chrono>
#include <string>

namespace tfpp {

// A Go duration string (tfpp::check<&tfpp::go_duration> on any attribute).
inline constexpr named_check go_duration{
    &is_go_duration, "a duration such as \"30s\", \"20m\" or \"1h30m\" (units h, m, s, ms, us, ns)"};

// The `timeouts` block (or nested attribute) of a resource.
struct timeouts {
    optional<std::string, check<&go_duration>, description<"How long creating may take, such as \"30m\".">> create;
    optional<std::string, check<&go_duration>, description<"How long reading may take.">> read;
    optional<std::string, check<&go_duration>, description<"How long updating may take.">> update;
    optional<std::string, check<&go_duration>, description<"How long destroying may take.">, terraform_name<"delete">>
        delete_;
};

// ... of a data source, which only reads.
struct read_timeouts {
    optional<std::string, check<&go_duration>, description<"How long reading may take, such as \"5m\".">> read;
};

// The durations a resource allows when its configuration sets none; zero:
// no deadline.
struct timeout_defaults {
    std::chrono::nanoseconds create{0}, read{0}, update{0}, destroy{0};
};

}  // namespace tfpp
