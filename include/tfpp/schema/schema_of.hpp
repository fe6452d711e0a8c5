// tfpp::schema_of<M>(): the schema of a model, derived from its fields and
// checked by the compiler, so that the struct is the schema.
#pragma once

#include <tfpp/schema/attribute.hpp>
#include <tfpp/schema/schema.hpp>
#include <tfpp/value/type_of.hpp>

namespace tfpp {

// The schema of a model; built on first use and kept. The model is checked
// at compile time: each mistake stops the build with one `tfpp:` line.
template <class M>
const block_schema& schema_of();

}  // namespace tfpp

#include <tfpp/schema/detail/checks.hpp>
#include <tfpp/schema/detail/derive.hpp>

namespace tfpp {

template <class M>
const block_schema& schema_of() {
    if constexpr (detail::model_check<M>::ok) {
        static const block_schema block = detail::derive_block<M>();
        return block;
    } else {
        static const block_schema invalid;  // not reached: model_check stopped the build
        return invalid;
    }
}

}  // namespace tfpp
