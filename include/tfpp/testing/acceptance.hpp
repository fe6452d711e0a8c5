// Acceptance tests: a real OpenTofu (and Terraform) binary drives the
// provider through steps written in HCL, the provider serving on threads of
// the test process as `--debug` would serve it.
//
//   tfpp::testing::acceptance<local::provider> t{{.address = "tfpp/local"}};
//   t.run({
//       {.config = R"(resource "local_file" "a" {
//                       filename = "${abspath(path.module)}/a.txt"
//                       content  = "hi"
//                     })",
//        .checks = {tfpp::testing::attribute("local_file.a", "content", "hi")}},
//       {.import = "local_file.a", .import_verify = true},
//   });
//
// Each config step applies its configuration, runs the checks on what
// `show -json` reports, and requires the next plan to be empty. An import
// step imports into a fresh working directory and compares the imported
// object with the applied one. After the last step everything is destroyed
// and the state must be empty. The CLIs come from TFPP_TOFU and
// TFPP_TERRAFORM (the steps run against each one set); with neither set the
// run fails. A failure throws acceptance_failure naming the CLI, the step,
// the command and its output, and keeps the working directory.
#pragma once

#include <tfpp/serve/server.hpp>
#include <tfpp/testing/acceptance_steps.hpp>

#include <tfpp/testing/detail/acceptance_run.hpp>

#include <string>
#include <utility>
#include <vector>

namespace tfpp::testing {

// The provider served in-process for as long as this object lives; run()
// drives OpenTofu (TFPP_TOFU) and Terraform (TFPP_TERRAFORM) through steps.
// Objects are independent: each has its own server, socket and working
// directories, so tests on separate threads run at the same time.
template <class Provider>
class acceptance {
public:
    explicit acceptance(acceptance_options options = {})
        : options_(std::move(options)), server_(serve_in_process<Provider>(serve_settings(options_))) {}

    // Runs the steps against each configured CLI, then destroys everything
    // and checks that the state is empty; `check_destroy` then gets the state
    // as it was before the destroy, to check that the objects are really gone.
    // Throws acceptance_failure.
    acceptance_report run(const std::vector<acceptance_step>& steps, const acceptance_check& check_destroy = {}) {
        const detail::attached_provider provider{
            std::string(Provider::type_name),
            options_.address.empty() ? std::string(Provider::type_name) : options_.address, server_.reattach_config()};
        return detail::run_acceptance(provider, options_, steps, check_destroy);
    }

    [[nodiscard]] const in_process_server& server() const noexcept { return server_; }

private:
    static serve_options serve_settings(const acceptance_options& options) {
        serve_options s;
        s.protocols = options.protocols;
        s.address = options.address;
        return s;
    }

    acceptance_options options_;
    in_process_server server_;
};

}  // namespace tfpp::testing
