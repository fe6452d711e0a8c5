// scaffold_note: a note kept as a file in the provider's directory. Replace
// it with your own system's objects; its handlers are in note.cpp.
#pragma once

#include "provider.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace scaffold {

struct note_model {
    tfpp::required<std::string, tfpp::requires_replace, tfpp::length<1, 64>> name;
    tfpp::required<std::string> text;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;

    struct docs {
        tfpp::doc name{"Name of the note; a change replaces it."};
        tfpp::doc text{"What the note says."};
        tfpp::doc id{"Path of the file that holds the note."};
    };
};

struct note_resource {
    using model = note_model;
    static constexpr std::string_view type_name = "scaffold_note";
    static constexpr tfpp::doc doc{.markdown = "A note, kept as a file named after it."};
    // `terraform import scaffold_note.x NAME`: read() does the rest.
    static constexpr std::string_view import_id_attribute = "name";
    // Its framework code (schema, codecs, planning) is compiled in note.cpp,
    // not in main.cpp and the tests: see the last line of note.cpp.
    static constexpr bool compiled_separately = true;
    provider& p;

    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);  // std::nullopt: the note is gone
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};

}  // namespace scaffold
