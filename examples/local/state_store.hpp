// local_state_directory, a state store; see state_store.cpp.
#pragma once

#include "provider.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace local {

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
    void read(std::string_view state_id, tfpp::state_sink& out, tfpp::context& ctx);
    void write(std::string_view state_id, tfpp::state_source& in, tfpp::context& ctx);
    std::string lock(std::string_view state_id, std::string_view operation, tfpp::context& ctx);
    void unlock(std::string_view state_id, std::string_view lock_id, tfpp::context& ctx);
    std::vector<std::string> states(tfpp::context& ctx);
    void delete_state(std::string_view state_id, tfpp::context& ctx);
};

}  // namespace local
