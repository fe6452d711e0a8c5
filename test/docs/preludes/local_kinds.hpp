// A kind of examples/local's provider, declared again: its models and
// resources, and the provider, which the snippet defines after the kinds
// that hold a reference to it.
#include "local/local.hpp"

using local::file_resource;
struct provider;
