// Retrying an operation that failed for a passing reason (a deadlock, a
// serialization failure, a server that restarts), with exponential backoff,
// never past the operation's deadline or a request to stop.
//
//   auto result = tfpp::retry(ctx, [&] { return db.exec(sql); },
//                             [](const auto& r) { return r.transient(); });
#pragma once

#include <tfpp/diag/log.hpp>
#include <tfpp/provider/context.hpp>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <type_traits>

namespace tfpp {

struct retry_policy {
    int max_attempts = 8;                           // including the first
    std::chrono::milliseconds first_delay{100};     // before the second attempt
    std::chrono::milliseconds longest_delay{5000};  // the delay doubles up to this
};

// Calls attempt() until transient(result) is false, max_attempts were made,
// Terraform asked to stop, or the next wait would pass ctx's deadline; returns
// the last result. Each wait is a random part (50-100%) of the current delay,
// so that parallel operations that failed together do not retry together.
template <class Attempt, class Transient>
auto retry(context& ctx, Attempt&& attempt, Transient&& transient, retry_policy policy = {})
    -> std::invoke_result_t<Attempt&> {
    thread_local std::minstd_rand jitter{std::random_device{}()};
    auto delay = policy.first_delay;
    for (int made = 1;; ++made) {
        auto result = attempt();
        if (made >= policy.max_attempts || !transient(std::as_const(result)) || ctx.stop_requested()) return result;
        const auto wait =
            std::chrono::milliseconds(delay.count() / 2 + static_cast<long long>(jitter() % (delay.count() / 2 + 1)));
        if (ctx.deadline() && std::chrono::steady_clock::now() + wait >= *ctx.deadline()) return result;
        log::write(log::level::debug, log::sdk_module, "Retrying after a transient failure",
                   {{"attempt", std::to_string(made)}, {"delay_ms", std::to_string(wait.count())}});
        if (ctx.wait_for_stop(wait)) return result;
        delay = std::min(delay * 2, policy.longest_delay);
    }
}

}  // namespace tfpp
