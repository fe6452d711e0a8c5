// tfpp: write Terraform and OpenTofu providers in C++20.
//
// Include this where models, resources and data sources are declared; it
// pulls in no gRPC, protobuf or codec code. The translation unit that holds
// main() includes <tfpp/serve.hpp> as well.
#pragma once

#include <tfpp/core/field.hpp>
#include <tfpp/core/fixed_string.hpp>
#include <tfpp/core/type_list.hpp>
#include <tfpp/core/utf8.hpp>
#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/diag/log.hpp>
#include <tfpp/diag/path.hpp>
#include <tfpp/fwd.hpp>
#include <tfpp/provider/action.hpp>
#include <tfpp/provider/change.hpp>
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/function.hpp>
#include <tfpp/provider/provider.hpp>
#include <tfpp/provider/retry.hpp>
#include <tfpp/provider/state_store.hpp>
#include <tfpp/schema/attribute.hpp>
#include <tfpp/schema/attribute_options.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/schema/schema_of.hpp>
#include <tfpp/schema/timeouts.hpp>
#include <tfpp/schema/validators.hpp>
#include <tfpp/value/duration.hpp>
#include <tfpp/value/dynamic.hpp>
#include <tfpp/value/number.hpp>
#include <tfpp/value/set.hpp>
#include <tfpp/value/type.hpp>
#include <tfpp/value/type_of.hpp>
#include <tfpp/value/value.hpp>
