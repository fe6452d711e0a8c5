// tfpp::context: what a handler gets besides its model. It collects the
// diagnostics the handler reports and tells whether Terraform asked to stop.
#pragma once

#include <tfpp/diag/diagnostics.hpp>

#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace tfpp {

// Returned by context::error so that a handler can write
// `return ctx.error("...");` where it would return "no object".
struct no_object {
    template <class M>
    operator std::optional<M>() const {
        return std::nullopt;
    }
};

class context {
public:
    explicit context(const std::atomic<bool>* stop_flag = nullptr, std::string terraform_version = {})
        : stop_flag_(stop_flag), terraform_version_(std::move(terraform_version)) {}

    // Reports an error, optionally at an attribute path such as "filename".
    no_object error(std::string summary, std::string detail = {}, attribute_path path = {}) {
        diags_.error(std::move(summary), std::move(detail), std::move(path));
        return {};
    }
    void warning(std::string summary, std::string detail = {}, attribute_path path = {}) {
        diags_.warning(std::move(summary), std::move(detail), std::move(path));
    }

    // True once Terraform sent StopProvider (the user pressed Ctrl-C): long
    // operations should give up soon and report what exists.
    [[nodiscard]] bool stop_requested() const noexcept {
        return stop_flag_ != nullptr && stop_flag_->load(std::memory_order_relaxed);
    }

    // The client's version as sent in ConfigureProvider; empty before that.
    [[nodiscard]] std::string_view terraform_version() const noexcept { return terraform_version_; }

    [[nodiscard]] const tfpp::diagnostics& diagnostics() const noexcept { return diags_; }
    [[nodiscard]] tfpp::diagnostics& diagnostics() noexcept { return diags_; }
    [[nodiscard]] bool has_errors() const noexcept { return diags_.has_errors(); }

private:
    tfpp::diagnostics diags_;
    const std::atomic<bool>* stop_flag_;
    std::string terraform_version_;
};

}  // namespace tfpp
