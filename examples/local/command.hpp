// local_command, an action; it runs in command.cpp.
#pragma once

#include "provider.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace local {

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

}  // namespace local
