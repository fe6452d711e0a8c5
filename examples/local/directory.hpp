// local_directory; its handlers are in directory.cpp.
#pragma once

#include "provider.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace local {

// One file of a local_directory: a value of its `files` map.
struct directory_file {
    tfpp::required<std::string> content;
    tfpp::optional_computed<std::string, tfpp::default_value<"0644">, octal_permission, permission_equality> permission;
    tfpp::computed<std::string> sha256;

    struct docs {
        tfpp::doc content{"Content of the file."};
        tfpp::doc permission{.markdown = "Permission bits in octal, such as `\"0600\"`."};
        tfpp::doc sha256{"SHA-256 of the content, in hex."};
    };
};

// A named check keeps its description out of the field's type.
inline constexpr tfpp::named_check plain_file_name{&plain_name, "a plain name inside the directory"};

// A `symlink { ... }` block of a local_directory.
struct directory_symlink {
    tfpp::required<std::string, tfpp::check<&plain_file_name>> name;
    tfpp::required<std::string, tfpp::min_length<1>> target;  // symlink(2) refuses an empty one

    struct docs {
        tfpp::doc name{"Name of the link inside the directory."};
        tfpp::doc target{"What the link points to, as written into the link."};
    };
};

struct directory_model {
    tfpp::required<std::string, tfpp::requires_replace> path;
    tfpp::optional_computed<std::string, tfpp::default_value<"0755">, octal_permission, permission_equality> permission;
    tfpp::optional<std::map<std::string, directory_file>> files;
    tfpp::block_list<directory_symlink, tfpp::match_by<"name">> symlink;
    tfpp::block<tfpp::timeouts> timeouts;  // timeouts { create = "2m" }: how long writing may take
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::int64_t> file_count;

    struct docs {
        tfpp::doc path{"Path of the directory; a change creates a new directory."};
        tfpp::doc permission{.markdown = "Permission bits of the directory in octal."};
        tfpp::doc files{"The files the directory holds, by name. Files not listed here are left alone."};
        tfpp::doc symlink{"A symbolic link in the directory."};
        tfpp::doc timeouts{"How long create and update may take writing files (Go durations such as \"2m\")."};
        tfpp::doc id{"Absolute path of the directory."};
        tfpp::doc file_count{"How many files the directory holds (managed or not)."};
    };
};

struct directory_resource {
    using model = directory_model;
    static constexpr std::string_view type_name = "local_directory";
    static constexpr tfpp::doc doc{"A directory with the files and symbolic links it should hold."};
    // Its framework code (schema, codecs, planning) is compiled in
    // directory.cpp, beside its handlers, not in main.cpp: see
    // tfpp::compiled_resource there.
    static constexpr bool compiled_separately = true;
    provider& p;

    void validate(const model& config, tfpp::context& ctx);
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};

}  // namespace local
