// The scaffold provider: its configuration and what its resources share.
// Each resource has a header and a .cpp of its own (note.hpp, note.cpp), so
// that an edit of one model recompiles only that resource's file and main.cpp.
#pragma once

#include <tfpp/tfpp.hpp>

#include <string>
#include <string_view>

namespace scaffold {

// The resources, defined in their own headers: main.cpp and the tests include them.
struct note_resource;

struct provider_config {
    tfpp::optional<std::string> directory;

    struct docs {
        tfpp::doc directory{"Directory that holds the notes. Defaults to the working directory."};
    };
};

struct provider {
    static constexpr std::string_view type_name = "scaffold";
    static constexpr tfpp::doc doc{.markdown =
                                       "Keeps notes as files: the starting point of a provider written "
                                       "with *tfpp*."};
    using config = provider_config;
    using resources = tfpp::type_list<note_resource>;

    void configure(const provider_config& config, tfpp::context& ctx);
    [[nodiscard]] std::string path_of(const std::string& name) const;

    std::string directory = ".";
};

}  // namespace scaffold
