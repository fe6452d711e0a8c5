// examples/local's models, by the names the docs use.
#include "local/local.hpp"

using local::directory_file;
using local::file_model;
using local::file_model_v0;
