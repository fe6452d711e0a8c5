// Where list_results hands each encoded result: the rpc layer turns it into
// a ListResource event, the test driver keeps it.
#pragma once

#include <tfpp/codec/msgpack.hpp>
#include <tfpp/provider/detail/handler_support.hpp>
#include <tfpp/provider/detail/identity.hpp>

#include <optional>
#include <string>
#include <utility>

namespace tfpp::detail {

struct list_sink {
    virtual ~list_sink() = default;
    // False when the result could not be delivered (the client went away).
    virtual bool send(std::string identity, std::string display_name, std::optional<std::string> object) = 0;
};

}  // namespace tfpp::detail
