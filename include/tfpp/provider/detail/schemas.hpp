// The schemas of a provider's parts, each derived once on first use: the
// model's block with the handler's version and documentation, and the plan
// hooks that need the codecs.
#pragma once

#include <tfpp/provider/detail/checks.hpp>
#include <tfpp/provider/detail/plan_hooks.hpp>
#include <tfpp/schema/schema_of.hpp>

#include <memory>

namespace tfpp::detail {

// A model's block with its plan hooks: derived once per model, whatever
// number of resource types share it.
template <class M>
const block_schema& model_block() {
    static const block_schema b = [] {
        block_schema block = derive_block<M>();
        attach_plan_hooks<M>(block.attributes, &block.blocks);
        return block;
    }();
    return b;
}

// A copy of a model's block with a handler's schema version and documentation.
inline block_schema with_handler_info(const block_schema& model, const std::int64_t* version, const doc* d) {
    block_schema b = model;
    if (version) b.version = *version;
    if (d) {
        apply_doc(b, *d);
        b.deprecated = !d->deprecated.empty();
        b.deprecation_message = d->deprecated;
    }
    return b;
}

// A model's block with the handler's schema version and documentation.
template <class H, class M>
block_schema handler_block() {
    const std::int64_t* version = nullptr;
    const doc* d = nullptr;
    if constexpr (has_schema_version<H>) {
        static constexpr std::int64_t v = H::schema_version;
        version = &v;
    }
    if constexpr (has_doc<H>) {
        static constexpr doc hd = H::doc;
        d = &hd;
    }
    return with_handler_info(model_block<M>(), version, d);
}

// The schemas of a provider's parts, each built on first use and kept.
template <class R>
const block_schema& resource_schema() {
    static const block_schema s = handler_block<R, typename R::model>();
    return s;
}
template <class D>
const block_schema& data_source_schema() {
    static const block_schema s = handler_block<D, typename D::model>();
    return s;
}
template <class P>
const block_schema& provider_config_schema() {
    static const block_schema s = handler_block<P, typename config_of<P>::type>();
    return s;
}
// nullptr when the provider declares no provider_meta.
template <class P>
const block_schema* provider_meta_schema() {
    if constexpr (has_provider_meta<P>) {
        static const block_schema s = derive_block<typename P::provider_meta>();
        return &s;
    } else {
        return nullptr;
    }
}
// nullptr when the resource declares no identity.
template <class R>
const identity_schema* resource_identity_schema() {
    if constexpr (has_identity<R>) {
        static const identity_schema s = [] {
            identity_schema id = derive_identity<typename R::identity>();
            if constexpr (has_identity_version<R>) id.version = R::identity_version;
            return id;
        }();
        return &s;
    } else {
        return nullptr;
    }
}

}  // namespace tfpp::detail

#include <tfpp/provider/compiled_resource.hpp>

namespace tfpp::detail {

// A resource's schema wherever it is compiled.
template <class P, class R>
const block_schema& schema_of_resource() {
    if constexpr (is_compiled_separately<R>) return compiled_resource<P, R>::schema();
    else return resource_schema<R>();
}
template <class P, class R>
const identity_schema* identity_of_resource() {
    if constexpr (is_compiled_separately<R>) return compiled_resource<P, R>::identity();
    else return resource_identity_schema<R>();
}

}  // namespace tfpp::detail
