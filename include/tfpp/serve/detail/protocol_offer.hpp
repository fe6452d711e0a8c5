// Which protocol majors a provider may offer: protocol 5 cannot describe
// nested attributes, and TFPP_PROTOCOL_VERSIONS narrows the set.
#pragma once

#include <tfpp/provider/detail/engine.hpp>
#include <tfpp/serve/detail/handshake.hpp>
#include <tfpp/serve/options.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace tfpp::detail {

// The path of the first nested attribute in b, at any depth ("files",
// "rule.ports"); empty when there is none.
inline std::string first_nested_attribute(const block_schema& b) {
    for (const attribute_schema& a : b.attributes)
        if (a.nested) return std::string(a.name);
    for (const nested_block_schema& nb : b.blocks)
        if (std::string inner = first_nested_attribute(nb.block); !inner.empty())
            return std::string(nb.name) + "." + inner;
    return {};
}

inline std::string nested_attribute_reason(std::string_view where, const block_schema* b) {
    const std::string path = b ? first_nested_attribute(*b) : std::string();
    if (path.empty()) return {};
    return std::string(where) + ": attribute \"" + path + "\" is a nested attribute";
}

// Protocol 5 cannot describe nested attributes: why a provider needs protocol
// 6 ("resource local_directory: attribute \"files\" is a nested attribute"),
// or empty when protocol 5 can serve it.
inline std::string protocol_6_only_reason(const provider_engine& e) {
    std::string r = nested_attribute_reason("provider configuration", &e.provider_schema());
    if (r.empty()) r = nested_attribute_reason("provider_meta", e.provider_meta_schema());
    auto first_in = [&r](std::string_view kind, const auto& handlers) {
        for (const auto& [name, h] : handlers) {
            if (!r.empty()) return;
            r = nested_attribute_reason(std::string(kind) + " " + std::string(name), &h->schema());
        }
    };
    first_in("resource", e.resources());
    first_in("data source", e.data_sources());
    first_in("ephemeral resource", e.ephemeral_resources());
    return r;
}

// The protocol majors a provider may offer, after TFPP_PROTOCOL_VERSIONS and
// the rule that nested attributes need protocol 6, or why it cannot start.
struct protocol_offer {
    std::vector<int> versions;
    std::string needs_6;  // why protocol 5 cannot serve this provider; empty when it can
    std::string failure;  // set when nothing is left to offer
};

inline protocol_offer offer_protocols(const provider_engine& e, const serve_options& options) {
    protocol_offer offer;
    offer.versions = options.protocols;
    if (const char* only = std::getenv("TFPP_PROTOCOL_VERSIONS"); only && *only) {
        const std::vector<int> allowed = parse_versions(only);
        std::erase_if(offer.versions,
                      [&](int v) { return std::find(allowed.begin(), allowed.end(), v) == allowed.end(); });
    }
    std::erase_if(offer.versions, [](int v) { return v != 5 && v != 6; });
    if (offer.versions.empty()) {
        offer.failure = "no protocol version left to offer (only 5 and 6 exist)";
        return offer;
    }
    // Nested attributes exist in protocol 6 only: then 5 is not offered.
    offer.needs_6 = protocol_6_only_reason(e);
    if (!offer.needs_6.empty() && std::erase(offer.versions, 5) > 0 && offer.versions.empty()) {
        const bool six_configured =
            std::find(options.protocols.begin(), options.protocols.end(), 6) != options.protocols.end();
        offer.failure = offer.needs_6 + ", which needs protocol 6; " +
                        (six_configured ? "TFPP_PROTOCOL_VERSIONS allows only protocol 5"
                                        : "serve_options::protocols offers only protocol 5");
    }
    return offer;
}

}  // namespace tfpp::detail
