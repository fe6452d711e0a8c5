// tfpp::testing::reference_provider: any provider binary (a Go one, an older
// release, another tfpp build) started as Terraform starts it, over the real
// protocol 6: go-plugin's magic cookie, a private TMPDIR, AutoMTLS, the
// handshake line, a health check. tfpp::testing::differential compares a
// provider with one; docs/testing.md#differential-testing.
#pragma once

#include <tfpp/testing/detail/plugin_process.hpp>

#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tfpp::testing {

struct reference_options {
    // Added to the minimal environment the provider gets (TF_LOG=DEBUG, ...).
    std::map<std::string, std::string> environment{};
    // Where its stderr goes (its logs): nowhere unless set.
    std::string stderr_path = "/dev/null";
    std::chrono::seconds start_timeout{60};
};

// The binary to compare with: `path` when it is not empty, else the value of
// the environment variable `variable`; throws std::invalid_argument when
// neither names an executable file.
inline std::string reference_binary(std::string_view path, const char* variable = "TFPP_REFERENCE_PROVIDER") {
    std::string chosen(path);
    if (chosen.empty())
        if (const char* v = std::getenv(variable); v != nullptr) chosen = v;
    if (chosen.empty())
        throw std::invalid_argument(std::string("tfpp: no reference provider: pass its path or set ") + variable);
    if (!detail::is_runnable(chosen))
        throw std::invalid_argument("tfpp: the reference provider " + chosen + " is not an executable file");
    return chosen;
}

// A running provider process; stopped (GRPCController/Shutdown, then reaped)
// when destroyed. Throws std::runtime_error when it does not start.
class reference_provider {
public:
    explicit reference_provider(const std::string& binary, const reference_options& options = {}) : binary_(binary) {
        detail::plugin_start s;
        s.binary = binary;
        s.environment = options.environment;
        s.stderr_path = options.stderr_path;
        s.handshake_timeout = options.start_timeout;
        process_ = detail::start_plugin(s);
    }
    reference_provider(const reference_provider&) = delete;
    reference_provider& operator=(const reference_provider&) = delete;
    reference_provider(reference_provider&&) = default;
    reference_provider& operator=(reference_provider&&) = default;
    ~reference_provider() { stop(); }

    // The connection to its tfplugin6.Provider service.
    [[nodiscard]] std::shared_ptr<grpc::Channel> channel() const noexcept {
        return process_ ? process_->channel : nullptr;
    }
    [[nodiscard]] const std::string& binary() const noexcept { return binary_; }
    // Milliseconds from the spawn to the answered health check.
    [[nodiscard]] double start_ms() const noexcept { return process_ ? process_->ready_ms : 0; }

    // Asks it to shut down and reaps it; false when it had to be killed.
    bool stop() {
        if (!process_) return true;
        const bool clean = detail::stop_plugin(*process_);
        process_.reset();
        return clean;
    }

private:
    std::string binary_;
    std::unique_ptr<detail::plugin_process> process_;
};

}  // namespace tfpp::testing
