// Deprecated: this header moved to <tfpp/value/json_text.hpp> (JSON text in
// string attributes: tfpp::is_json_document, tfpp::same_json); the parsed
// tfpp::json_document is in <tfpp/codec/json.hpp>. It forwards there for one
// release.
#pragma once

#include <tfpp/value/json_text.hpp>
