// Precompiled once for the compile-fail tests that include tfpp/tfpp.hpp first
// (check.py --pch), so each test parses only its own lines.
#include <tfpp/tfpp.hpp>
