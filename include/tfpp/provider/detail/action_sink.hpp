// Where action_progress hands each message: the rpc layer turns it into an
// InvokeAction progress event, the test driver keeps it.
#pragma once

#include <string>

namespace tfpp::detail {

struct action_sink {
    virtual ~action_sink() = default;
    // False when the message could not be delivered (the client went away).
    virtual bool send(std::string message) = 0;
};

}  // namespace tfpp::detail
