// The local provider itself: its configuration, functions and what its parts
// share. local.hpp includes it with every part.
#pragma once

#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace local {

// Its parts, each in a header of its own (file.hpp, directory.hpp, id.hpp,
// command.hpp, state_store.hpp), so that an edit of one model recompiles only the files
// that use it and main.cpp.
struct file_resource;
struct sensitive_file_resource;
struct directory_resource;
struct id_resource;
struct file_data_source;
struct secret_ephemeral;
struct file_list;
struct command_action;
struct state_directory_store;

// Permission bits as chmod takes them. A validator is a type, so an alias
// names it once for every attribute that uses it.
using octal_permission = tfpp::regex<"^[0-7]{3,4}$", "three or four octal digits, such as \"0644\"">;
// "644" and "0644" are the same bits: read back from the file system as
// "0644", a configured "644" stays "644" in the state, so no diff follows.
bool same_permission(const std::string& a, const std::string& b);
using permission_equality = tfpp::semantic_equal<&same_permission>;

// A name inside a directory: not empty, no "/", not "." or "..".
bool plain_name(std::string_view name);

// Documentation lives in each model's `struct docs`, so that the field types
// stay short: a type carries its description into every compiler message
// that names it (docs/schema.md#documentation).
struct provider_config {
    tfpp::optional<std::string> base_directory;

    struct docs {
        tfpp::doc base_directory{
            "Directory that relative file names are resolved against. Defaults to the working "
            "directory."};
    };
};

// provider::local::file_mode("0640") == 416: permission text as mode bits.
struct file_mode_function {
    static constexpr std::string_view name = "file_mode";
    static constexpr tfpp::doc doc{
        .description = "The mode bits of a permission written in octal, as a number: \"0640\" is 416.",
        .summary = "Octal permission text as a number"};
    struct parameters {
        std::string mode;

        struct docs {
            tfpp::doc mode{"Permission bits in octal: three or four digits from 0 to 7, such as \"0640\"."};
        };
    };
    std::int64_t call(const parameters& args, tfpp::context& ctx);
};

// provider::local::join_path("a", "b", "c.txt") == "a/b/c.txt": a variadic function.
struct join_path_function {
    static constexpr std::string_view name = "join_path";
    static constexpr tfpp::doc doc{
        .description = "Joins path elements with single slashes, keeping a leading slash of the first.",
        .summary = "Path elements joined with slashes"};
    struct parameters {
        std::string first;
        tfpp::variadic<std::string> more;

        struct docs {
            tfpp::doc first{"The first element, absolute or relative."};
            tfpp::doc more{"The elements that follow; none may be empty."};
        };
    };
    std::string call(const parameters& args, tfpp::context& ctx);
};

// What a module may tell this provider about itself, in its terraform block:
//   terraform { provider_meta "local" { module_name = "site" } }
// local_file and local_sensitive_file log it with each file they write, so
// TF_LOG_PROVIDER=INFO shows which module wrote which file.
struct module_meta {
    tfpp::optional<std::string> module_name;

    struct docs {
        tfpp::doc module_name{"The module's name, logged with each file it writes."};
    };
};

struct provider {
    static constexpr std::string_view type_name = "local";
    static constexpr tfpp::doc doc{.markdown =
                                       "Manages files and directories on the machine that runs Terraform "
                                       "or OpenTofu: the example provider of *tfpp*, the C++ framework "
                                       "for providers."};
    using config = provider_config;
    using provider_meta = module_meta;
    using resources = tfpp::type_list<file_resource, sensitive_file_resource, directory_resource, id_resource>;
    using data_sources = tfpp::type_list<file_data_source>;
    using ephemeral_resources = tfpp::type_list<secret_ephemeral>;
    using list_resources = tfpp::type_list<file_list>;
    using actions = tfpp::type_list<command_action>;
    using state_stores = tfpp::type_list<state_directory_store>;
    using functions = tfpp::type_list<file_mode_function, join_path_function>;

    void configure(const provider_config& config, tfpp::context& ctx);

    // filename made absolute against base_directory.
    [[nodiscard]] std::string resolve(const std::string& filename) const;

    std::string base_directory;
};

}  // namespace local
