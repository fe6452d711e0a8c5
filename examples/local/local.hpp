// A provider that manages local files: the example the README walks through.
//
//   resource "local_file" "hello" {
//     filename = "hello.txt"
//     content  = "Hello, world!"
//   }
//
//   resource "local_directory" "site" {
//     path = "site"
//     files = {                          # nested attributes, keyed by file name
//       "index.html" = { content = "<h1>Hello</h1>" }
//       "notes.txt"  = { content = "private", permission = "0600" }
//     }
//     symlink {                          # blocks
//       name   = "latest"
//       target = "index.html"
//     }
//   }
#pragma once

#include <tfpp/tfpp.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace local {

struct provider;

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

struct file_model {
    tfpp::required<std::string, tfpp::requires_replace> filename;
    tfpp::required<std::string> content;
    tfpp::optional_computed<std::string, tfpp::default_value<"0644">, octal_permission, permission_equality>
        file_permission;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string> content_md5;
    tfpp::computed<std::string> content_sha1;
    tfpp::computed<std::string> content_sha256;

    struct docs {
        tfpp::doc filename{"Path of the file."};
        tfpp::doc content{"Content of the file."};
        tfpp::doc file_permission{"Permission bits in octal, such as \"0640\"."};
        tfpp::doc id{"Absolute path of the file."};
        tfpp::doc content_md5{"MD5 of the content, in hex."};
        tfpp::doc content_sha1{"SHA-1 of the content, in hex."};
        tfpp::doc content_sha256{"SHA-256 of the content, in hex."};
    };
};

// local_file as release 0.0.9 stored it (schema version 0): the permission
// as a number of mode bits (420 for 0644), and only the SHA-256.
struct file_model_v0 {
    tfpp::required<std::string> filename;
    tfpp::required<std::string> content;
    tfpp::optional_computed<std::int64_t> file_mode;
    tfpp::computed<std::string> id;
    tfpp::computed<std::string> content_sha256;
};

// What names one local_file across configurations: its absolute path
// (`import { to = local_file.x  identity = { path = "/etc/motd" } }`).
// Version 0 (release 0.0.9) called it `id`.
struct file_identity {
    tfpp::required<std::string> path;
    struct docs {
        tfpp::doc path{"Absolute path of the file."};
    };
};
struct file_identity_v0 {
    tfpp::required<std::string> id;
};

// The same file, with its content hidden from plans and logs.
// The content may instead come write-only (content_wo): Terraform passes it
// to create and update but never plans or stores it, so it can come from an
// ephemeral value. A new content_wo_version writes it again.
struct sensitive_file_model {
    tfpp::required<std::string, tfpp::requires_replace> filename;
    tfpp::optional<std::string, tfpp::sensitive> content;
    tfpp::optional<std::string, tfpp::write_only> content_wo;
    tfpp::optional<std::int64_t> content_wo_version;
    tfpp::optional_computed<std::string, tfpp::default_value<"0600">, octal_permission, permission_equality>
        file_permission;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string> content_md5;
    tfpp::computed<std::string> content_sha1;
    tfpp::computed<std::string> content_sha256;

    using rules = tfpp::rules<tfpp::exactly_one_of<"content", "content_wo">>;

    struct docs {
        tfpp::doc filename{"Path of the file."};
        tfpp::doc content{"Content of the file."};
        tfpp::doc content_wo{"Content of the file, write-only: never stored in the plan or the state."};
        tfpp::doc content_wo_version{"Change it to write content_wo again."};
        tfpp::doc file_permission{"Permission bits in octal."};
        tfpp::doc id{"Absolute path of the file."};
    };
};

// What local_file and local_sensitive_file share: files on disk.
template <class Model>
struct file_operations {
    provider& p;

    std::optional<Model> create(Model plan, tfpp::context& ctx);
    std::optional<Model> read(Model state, tfpp::context& ctx);
    std::optional<Model> update(Model plan, const Model& prior, tfpp::context& ctx);
    void destroy(const Model& state, tfpp::context& ctx);

    // The identity is the model's `id` under another name, so the resources
    // say how to get it, and how to import by it.
    file_identity identity_of(const Model& state) const;
    std::optional<Model> import_identity(const file_identity& id, tfpp::context& ctx);
};

struct file_resource : file_operations<file_model> {
    using model = file_model;
    static constexpr std::string_view type_name = "local_file";
    static constexpr tfpp::doc doc{.markdown =
                                       "A file on the machine that runs Terraform, with its content and "
                                       "permission bits. Its identity is its absolute `path`."};
    // `tofu import local_file.x path/to/file`: the ID is the filename, read() does the rest.
    static constexpr std::string_view import_id_attribute = "filename";
    // State written by release 0.0.9 (version 0) is upgraded on the next plan.
    static constexpr std::int64_t schema_version = 1;
    using prior_models = tfpp::type_list<file_model_v0>;
    file_model upgrade(file_model_v0 old, tfpp::context& ctx);

    using identity = file_identity;
    static constexpr std::int64_t identity_version = 1;
    using prior_identities = tfpp::type_list<file_identity_v0>;
    file_identity upgrade(file_identity_v0 old, tfpp::context& ctx);
};

struct sensitive_file_resource : file_operations<sensitive_file_model> {
    using model = sensitive_file_model;
    static constexpr std::string_view type_name = "local_sensitive_file";
    static constexpr tfpp::doc doc{.markdown =
                                       "A file whose content is sensitive: hidden in plans and output, or "
                                       "write-only with `content_wo`, never stored in the state."};
    static constexpr std::string_view import_id_attribute = "filename";
    // local_file's identity at local_file's version: OpenTofu 1.12.6 checks
    // the stored identity's version against the target's before a `moved`
    // block from local_file gets here.
    using identity = file_identity;
    static constexpr std::int64_t identity_version = 1;
    // `moved { from = local_file.x  to = local_sensitive_file.x }` keeps the file.
    std::optional<model> move_from(const file_model& file, tfpp::context& ctx);
};

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

// An ephemeral resource: a secret read from a file, handed to the
// configuration (a write-only attribute, a provider's configuration) and
// never stored in a plan or the state.
struct secret_model {
    tfpp::required<std::string> filename;
    tfpp::computed<std::string, tfpp::sensitive> content;

    struct docs {
        tfpp::doc filename{"Path of the file that holds the secret."};
        tfpp::doc content{"The secret, without a trailing newline."};
    };
};

// What open() leaves for close(): Terraform keeps it between the two.
struct secret_lease {
    std::string path;
};

struct secret_ephemeral {
    using model = secret_model;
    using private_data = secret_lease;
    static constexpr std::string_view type_name = "local_secret";
    static constexpr tfpp::doc doc{"A secret read from a file for the length of one run, never stored."};
    provider& p;

    std::optional<model> open(model config, secret_lease& lease, tfpp::context& ctx);
    void close(const secret_lease& lease, tfpp::context& ctx);
};

struct file_data_model {
    tfpp::required<std::string> filename;
    tfpp::computed<std::string> content;
    tfpp::computed<std::string> id;
    tfpp::computed<std::string> content_md5;
    tfpp::computed<std::string> content_sha1;
    tfpp::computed<std::string> content_sha256;

    struct docs {
        tfpp::doc filename{"Path of the file to read."};
        tfpp::doc content{"Content of the file."};
        tfpp::doc id{"Absolute path of the file."};
    };
};

struct file_data_source {
    using model = file_data_model;
    static constexpr std::string_view type_name = "local_file";
    static constexpr tfpp::doc doc{"Reads a file's content."};
    provider& p;

    std::optional<model> read(model config, tfpp::context& ctx);
};

// `terraform query` lists files with a `list "local_file"` block in a
// .tfquery.hcl file: the regular files of one directory, each named by its
// identity, and with `include_resource = true` read as local_file reads them.
struct file_list_config {
    tfpp::required<std::string, tfpp::min_length<1>> directory;
    tfpp::optional<std::string> suffix;

    struct docs {
        tfpp::doc directory{"Directory whose regular files are listed (not its subdirectories)."};
        tfpp::doc suffix{"Only the files whose names end with it, such as \".txt\"."};
    };
};

struct file_list {
    using resource = file_resource;
    using config = file_list_config;
    static constexpr tfpp::doc doc{"Lists the regular files of a directory as local_file objects."};
    provider& p;

    void list(const file_list_config& filter, tfpp::list_results<file_resource>& results, tfpp::context& ctx);
};

// An action: `action "local_command" "greet" { config { command = ["echo", "hi"] } }`,
// run by `terraform apply -invoke=action.local_command.greet` or a resource's
// `lifecycle { action_trigger { ... } }`. Each line the program writes is a
// progress message; Ctrl-C terminates it.
struct command_config {
    tfpp::required<std::vector<std::string>, tfpp::min_size<1>> command;
    tfpp::optional<std::string> working_dir;

    struct docs {
        tfpp::doc command{"The program and its arguments, run without a shell."};
        tfpp::doc working_dir{"Directory to run it in; relative to base_directory. Defaults to Terraform's."};
    };
};

struct command_action {
    static constexpr std::string_view type_name = "local_command";
    static constexpr tfpp::doc doc{
        "Runs a program on the machine that runs Terraform; its output is shown as it comes, and a status other "
        "than 0 is an error."};
    using config = command_config;
    provider& p;

    void invoke(const command_config& c, tfpp::action_progress& progress, tfpp::context& ctx);
};

// A state store: Terraform keeps its state in a directory, one
// <workspace>.tfstate file each, written whole or not at all, and locked by a
// <workspace>.tfstate.lock file that other Terraform processes see.
//
//   terraform {
//     state_store "local_state_directory" {
//       provider "local" {}
//       path = "states"
//     }
//   }
struct state_directory_config {
    tfpp::required<std::string, tfpp::min_length<1>> path;

    struct docs {
        tfpp::doc path{"Directory that holds the states; relative to base_directory. Created when missing."};
    };
};

struct state_directory_store {
    static constexpr std::string_view type_name = "local_state_directory";
    static constexpr tfpp::doc doc{
        "Keeps Terraform's state in a directory: a file per workspace, replaced whole on each write, and a lock "
        "file that stops a second Terraform run from writing at the same time."};
    // Pieces of 64 KiB: the provider never holds more than two of them.
    static constexpr std::size_t max_chunk_size = 64 * 1024;
    using config = state_directory_config;
    provider& p;
    std::string directory{};  // configure() resolves it

    void configure(const state_directory_config& c, tfpp::context& ctx);
    void read(const std::string& state_id, tfpp::state_sink& out, tfpp::context& ctx);
    void write(const std::string& state_id, tfpp::state_source& in, tfpp::context& ctx);
    std::string lock(const std::string& state_id, const std::string& operation, tfpp::context& ctx);
    void unlock(const std::string& state_id, const std::string& lock_id, tfpp::context& ctx);
    std::vector<std::string> states(tfpp::context& ctx);
    void delete_state(const std::string& state_id, tfpp::context& ctx);
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
    using resources = tfpp::type_list<file_resource, sensitive_file_resource, directory_resource>;
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
