// Deprecated: this header moved to <tfpp/schema/attribute_options.hpp> (the
// options of attributes and blocks; the other options.hpp headers hold
// settings structs). It forwards there for one release; include that header,
// or <tfpp/tfpp.hpp>.
#pragma once

#include <tfpp/schema/attribute_options.hpp>
