// In examples/postgresql (namespace postgresql), as its .cpp files are.
#include "postgresql/postgresql.hpp"
#include "postgresql/sql.hpp"

namespace postgresql {
// @snippet
}  // namespace postgresql
