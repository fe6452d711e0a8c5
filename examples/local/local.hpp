// A provider that manages local files: the example the README walks through.
//
//   resource "local_file" "hello" {
//     filename = "hello.txt"
//     content  = "Hello, world!"
//   }
#pragma once

#include <tfpp/tfpp.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace local {

struct provider;

struct provider_config {
    tfpp::optional<std::string, tfpp::description<"Directory that relative file names are resolved against. "
                                                  "Defaults to the working directory.">>
        base_directory;
};

struct file_model {
    tfpp::required<std::string, tfpp::requires_replace, tfpp::description<"Path of the file.">> filename;
    tfpp::required<std::string, tfpp::description<"Content of the file.">> content;
    tfpp::optional_computed<std::string, tfpp::use_state_for_unknown,
                            tfpp::description<"Permission bits in octal, such as \"0640\". "
                                                           "Defaults to \"0644\".">>
        file_permission;
    tfpp::computed<std::string, tfpp::use_state_for_unknown, tfpp::description<"Absolute path of the file.">> id;
    tfpp::computed<std::string, tfpp::description<"MD5 of the content, in hex.">> content_md5;
    tfpp::computed<std::string, tfpp::description<"SHA-1 of the content, in hex.">> content_sha1;
    tfpp::computed<std::string, tfpp::description<"SHA-256 of the content, in hex.">> content_sha256;
};

struct file_resource {
    using model = file_model;
    static constexpr std::string_view type_name = "local_file";
    provider& p;

    void validate(const model& config, tfpp::context& ctx);
    std::optional<model> create(model plan, tfpp::context& ctx);
    std::optional<model> read(model state, tfpp::context& ctx);
    std::optional<model> update(model plan, const model& prior, tfpp::context& ctx);
    void destroy(const model& state, tfpp::context& ctx);
};

struct file_data_model {
    tfpp::required<std::string, tfpp::description<"Path of the file to read.">> filename;
    tfpp::computed<std::string, tfpp::description<"Content of the file.">> content;
    tfpp::computed<std::string, tfpp::description<"Absolute path of the file.">> id;
    tfpp::computed<std::string> content_md5;
    tfpp::computed<std::string> content_sha1;
    tfpp::computed<std::string> content_sha256;
};

struct file_data_source {
    using model = file_data_model;
    static constexpr std::string_view type_name = "local_file";
    provider& p;

    std::optional<model> read(model config, tfpp::context& ctx);
};

struct provider {
    static constexpr std::string_view type_name = "local";
    using config = provider_config;
    using resources = tfpp::types<file_resource>;
    using data_sources = tfpp::types<file_data_source>;

    void configure(const provider_config& config, tfpp::context& ctx);

    // filename made absolute against base_directory.
    [[nodiscard]] std::string resolve(const std::string& filename) const;

    std::string base_directory;
};

}  // namespace local
