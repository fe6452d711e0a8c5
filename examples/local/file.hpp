// local_file and local_sensitive_file, with the data source, ephemeral
// resource and list resource that read files too; handlers in local.cpp.
#pragma once

#include "provider.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace local {

// Whether text is standard padded base64 of bytes that are not UTF-8 text
// (content_base64): text goes in content, so that a read or an import,
// which see only the bytes, can tell which of the two holds them.
bool binary_base64(const std::string& text);

struct file_model {
    tfpp::required<std::string, tfpp::requires_replace> filename;
    tfpp::optional<std::string> content;
    // Bytes that are not text (Terraform's strings are Unicode), as hashicorp/local offers.
    tfpp::optional<std::string,
                   tfpp::check<&binary_base64, "standard base64 of bytes that are not UTF-8 text (text goes in content)">>
        content_base64;
    tfpp::optional_computed<std::string, tfpp::default_value<"0644">, octal_permission, permission_equality>
        file_permission;
    tfpp::computed<std::string, tfpp::use_state_for_unknown> id;
    tfpp::computed<std::string> content_md5;
    tfpp::computed<std::string> content_sha1;
    tfpp::computed<std::string> content_sha256;

    using rules = tfpp::rules<tfpp::exactly_one_of<"content", "content_base64">>;

    struct docs {
        tfpp::doc filename{"Path of the file."};
        tfpp::doc content{"Content of the file, as text."};
        tfpp::doc content_base64{"Content of the file in base64, for bytes that are not UTF-8 text."};
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
    file_model upgrade_state(file_model_v0 old, tfpp::context& ctx);

    using identity = file_identity;
    static constexpr std::int64_t identity_version = 1;
    using prior_identities = tfpp::type_list<file_identity_v0>;
    file_identity upgrade_identity(file_identity_v0 old, tfpp::context& ctx);
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

// What open() leaves for close() (tfpp::set_private_data): Terraform keeps it
// between the two.
struct secret_lease {
    std::string path;
};

struct secret_ephemeral {
    using model = secret_model;
    static constexpr std::string_view type_name = "local_secret";
    static constexpr tfpp::doc doc{"A secret read from a file for the length of one run, never stored."};
    provider& p;

    std::optional<model> open(model config, tfpp::context& ctx);
    void close(tfpp::context& ctx);
};

struct file_data_model {
    tfpp::required<std::string> filename;
    tfpp::computed<std::string> content;
    tfpp::computed<std::string> content_base64;
    tfpp::computed<std::string> id;
    tfpp::computed<std::string> content_md5;
    tfpp::computed<std::string> content_sha1;
    tfpp::computed<std::string> content_sha256;

    struct docs {
        tfpp::doc filename{"Path of the file to read."};
        tfpp::doc content{"Content of the file; null when it is not UTF-8 text (then read content_base64)."};
        tfpp::doc content_base64{"Content of the file in base64."};
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

}  // namespace local
