// tfpp::context: what a handler gets besides its model. It collects the
// diagnostics the handler reports, tells whether Terraform asked to stop,
// carries the resource's private state and the operation's deadline, and lets
// a handler defer its work.
#pragma once

#include <tfpp/diag/diagnostics.hpp>
#include <tfpp/platform/stop_token.hpp>
#include <tfpp/provider/cancel_callback.hpp>

#include <any>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
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

// Why an operation is deferred to a later run (Terraform's deferred actions).
enum class deferral_reason : unsigned char {
    unknown,
    resource_config_unknown,  // the configuration holds values not known yet
    provider_config_unknown,  // the provider's configuration does
    absent_prerequisite,      // something this needs does not exist yet
};

class context {
public:
    explicit context(tfpp::stop_token stop = {}, std::string terraform_version = {}, bool deferral_allowed = false)
        : stop_(std::move(stop)),
          terraform_version_(std::move(terraform_version)),
          deferral_allowed_(deferral_allowed) {}

    // Reports an error, optionally at an attribute path such as "filename"
    // or tfpp::attribute_path("files").then_key(name).
    no_object error(std::string summary, std::string detail = {}, attribute_path path = {}) {
        diags_.error(std::move(summary), std::move(detail), std::move(path));
        return {};
    }
    void warning(std::string summary, std::string detail = {}, attribute_path path = {}) {
        diags_.warning(std::move(summary), std::move(detail), std::move(path));
    }

    // --- stopping: Terraform sends StopProvider when the user presses Ctrl-C.
    // Long operations should give up soon and report what exists.

    [[nodiscard]] bool stop_requested() const noexcept { return stop_.stop_requested(); }
    // For tfpp::stop_callback (std::stop_token where the library has it).
    [[nodiscard]] tfpp::stop_token stop_token() const noexcept { return stop_; }
    // Sleeps for `d`, or less when Terraform asks to stop or the deadline
    // passes; true when either did (deadline_passed() tells which).
    template <class Rep, class Period>
    bool wait_for_stop(std::chrono::duration<Rep, Period> d) const {
        std::chrono::steady_clock::time_point until = time_after(d);
        if (deadline_ && *deadline_ < until) until = *deadline_;
        std::mutex m;
        std::condition_variable cv;
        bool stopped = false;
        const stop_callback wake(stop_, [&] {
            const std::lock_guard guard(m);
            stopped = true;
            cv.notify_all();
        });
        std::unique_lock lock(m);
        return cv.wait_until(lock, until, [&] { return stopped; }) || stop_.stop_requested() || deadline_passed();
    }

    // Whether the operation should give up: Terraform asked to stop, or the
    // deadline passed.
    [[nodiscard]] bool cancelled() const { return stop_requested() || deadline_passed(); }
    // Calls fn once, from another thread, when Terraform asks to stop or the
    // deadline passes while the returned object lives: the way to interrupt a
    // call that blocks (a client library's cancel request, shutdown() on a
    // socket). Its destructor waits for a run of fn in progress.
    //   auto cancel = ctx.on_cancel([&] { PQcancel(...); });
    //   PGresult* r = PQexec(conn, sql);   // returns early when cancelled
    [[nodiscard]] cancel_callback on_cancel(std::function<void()> fn) const {
        return cancel_callback(stop_, deadline_, std::move(fn));
    }

    // --- deadline: the operation's timeout from the model's tfpp::timeouts
    // (or the resource's default_timeouts) counted from the handler's call.
    [[nodiscard]] std::optional<std::chrono::steady_clock::time_point> deadline() const noexcept { return deadline_; }
    [[nodiscard]] bool deadline_passed() const { return deadline_ && std::chrono::steady_clock::now() >= *deadline_; }
    void set_deadline(std::chrono::steady_clock::time_point when) { deadline_ = when; }
    // now() + d, with d capped at a century so that the sum cannot overflow.
    template <class Rep, class Period>
    [[nodiscard]] static std::chrono::steady_clock::time_point time_after(std::chrono::duration<Rep, Period> d) {
        using clock = std::chrono::steady_clock;
        constexpr auto longest = std::chrono::hours(24 * 365 * 100);
        return clock::now() + (d > longest ? clock::duration(longest) : std::chrono::ceil<clock::duration>(d));
    }

    // The client's version as sent in ConfigureProvider; empty before that.
    [[nodiscard]] std::string_view terraform_version() const noexcept { return terraform_version_; }

    // --- private state: bytes Terraform stores with the object and hands back
    // in every later call for it, never shown to users. tfpp keeps them from
    // call to call unless a handler sets new ones.
    [[nodiscard]] std::string_view private_state() const noexcept { return private_state_; }
    void set_private_state(std::string bytes) { private_state_ = std::move(bytes); }

    // --- values chosen while planning (tfpp::chosen_at_plan in
    // private_state.hpp): true in a plan when the client keeps the planned
    // private bytes and sends them back when it plans again at apply
    // (Terraform 1.16+, protocol 6.11); false on OpenTofu, older Terraform
    // and protocol 5, where a value chosen now could not be chosen again.
    [[nodiscard]] bool client_keeps_planned_private() const noexcept { return keeps_planned_private_; }
    void set_client_keeps_planned_private(bool keeps) noexcept { keeps_planned_private_ = keeps; }
    // The chosen values as JSON: those the plan at apply received, or those
    // chosen now; tfpp carries them in the planned private bytes.
    [[nodiscard]] std::string_view plan_time_values() const noexcept { return plan_time_values_; }
    void set_plan_time_values(std::string json) { plan_time_values_ = std::move(json); }

    // --- provider_meta: what the calling module's `provider_meta "<name>"`
    // block in its `terraform` block says, as the provider's `provider_meta`
    // struct, in read, plan, create, update, destroy and data source reads;
    // nullptr when the module has no such block.
    //   if (const auto* meta = ctx.provider_meta<my_provider::provider_meta>()) ...
    template <class Meta>
    [[nodiscard]] const Meta* provider_meta() const noexcept {
        return std::any_cast<Meta>(&provider_meta_);
    }
    void set_provider_meta(std::any meta) { provider_meta_ = std::move(meta); }

    // --- deferral (Terraform 1.9+ run with -allow-deferral): the operation is
    // postponed to a later run instead of failing.
    [[nodiscard]] bool deferral_allowed() const noexcept { return deferral_allowed_; }
    // Defers the operation. Where the client does not allow deferral, this is
    // an error that says why the operation could not be done now.
    void defer(deferral_reason why, std::string detail = {}) {
        if (deferral_allowed_) {
            deferred_ = why;
        } else {
            error("Operation cannot be completed yet",
                  detail.empty() ? std::string("the provider would defer it to a later run, but this client does not "
                                               "allow deferral")
                                 : detail);
        }
    }
    [[nodiscard]] std::optional<deferral_reason> deferred() const noexcept { return deferred_; }

    // --- ephemeral resources: when Terraform should renew what open() or
    // renew() obtained (a lease, a token), if it is still in use then.
    void set_renew_at(std::chrono::system_clock::time_point when) { renew_at_ = when; }
    [[nodiscard]] std::optional<std::chrono::system_clock::time_point> renew_at() const noexcept { return renew_at_; }

    [[nodiscard]] const tfpp::diagnostics& diagnostics() const noexcept { return diags_; }
    [[nodiscard]] tfpp::diagnostics& diagnostics() noexcept { return diags_; }
    [[nodiscard]] bool has_errors() const noexcept { return diags_.has_errors(); }

private:
    tfpp::diagnostics diags_;
    tfpp::stop_token stop_;
    std::string terraform_version_;
    std::string private_state_;
    std::string plan_time_values_;
    bool keeps_planned_private_ = false;
    bool deferral_allowed_ = false;
    std::optional<deferral_reason> deferred_;
    std::optional<std::chrono::system_clock::time_point> renew_at_;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    std::any provider_meta_;
};

}  // namespace tfpp
