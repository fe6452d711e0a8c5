// context::on_cancel and tfpp::retry: what a networked provider needs to stop
// a blocking call and to retry a transient failure.
#include <tfpp/provider/context.hpp>
#include <tfpp/provider/retry.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

using namespace std::chrono_literals;

TEST_CASE("on_cancel: StopProvider runs the callback once, from another thread, while it lives", "[cancel]") {
    tfpp::stop_source stop;
    tfpp::context ctx(stop.get_token());
    std::atomic<int> runs{0};
    std::thread::id ran_on;
    {
        auto cancel = ctx.on_cancel([&] { ++runs, ran_on = std::this_thread::get_id(); });
        CHECK_FALSE(cancel.fired());
        std::thread([&] { stop.request_stop(); }).join();
        CHECK(runs == 1);
        CHECK(cancel.fired());
        CHECK(ran_on != std::this_thread::get_id());
    }
    CHECK(ctx.cancelled());
}

TEST_CASE("on_cancel: the deadline runs the callback; none runs after the guard ends", "[cancel]") {
    tfpp::context ctx;
    ctx.set_deadline(tfpp::context::time_after(50ms));
    std::atomic<int> runs{0};
    {
        auto cancel = ctx.on_cancel([&] { ++runs; });
        const auto start = std::chrono::steady_clock::now();
        while (runs == 0 && std::chrono::steady_clock::now() - start < 5s) std::this_thread::sleep_for(1ms);
        CHECK(runs == 1);
    }
    tfpp::context later;
    later.set_deadline(tfpp::context::time_after(20ms));
    {
        auto cancel = later.on_cancel([&] { ++runs; });
    }  // ends before the deadline
    std::this_thread::sleep_for(60ms);
    CHECK(runs == 1);
}

TEST_CASE("on_cancel: a stop requested before the guard runs the callback at once; a throwing callback is contained",
          "[cancel]") {
    tfpp::stop_source stop;
    stop.request_stop();
    tfpp::context ctx(stop.get_token());
    int runs = 0;
    auto cancel = ctx.on_cancel([&] {
        ++runs;
        throw std::runtime_error("ignored");
    });
    CHECK(runs == 1);
}

TEST_CASE("retry: transient results are retried with backoff until one is not", "[retry]") {
    tfpp::context ctx;
    int calls = 0;
    const int result = tfpp::retry(
        ctx, [&] { return ++calls; }, [](int n) { return n < 3; }, {.max_attempts = 10, .first_delay = 2ms});
    CHECK(result == 3);
    CHECK(calls == 3);
}

TEST_CASE("retry: bounded by attempts, by the deadline and by a stop", "[retry]") {
    int calls = 0;
    auto always_transient = [](int) { return true; };
    {
        tfpp::context ctx;
        tfpp::retry(ctx, [&] { return ++calls; }, always_transient, {.max_attempts = 4, .first_delay = 1ms});
        CHECK(calls == 4);
    }
    {
        // Every wait is 10-40 ms here: a wait that would pass the deadline is not
        // begun (the return follows the last attempt at once), and retry gives up
        // no earlier than one longest wait before it. A thread preempted between
        // its last attempt and the return (a loaded machine) can look like a
        // begun wait, so the run gets three tries; a retry that begins the wait
        // fails all three.
        bool returned_at_once = false, gave_up_late_enough = true;
        for (int run = 0; run < 3 && !returned_at_once; ++run) {
            calls = 0;
            tfpp::context ctx;
            ctx.set_deadline(tfpp::context::time_after(150ms));
            std::chrono::steady_clock::time_point last_attempt;
            tfpp::retry(ctx,
                        [&] {
                            last_attempt = std::chrono::steady_clock::now();
                            return ++calls;
                        },
                        always_transient, {.max_attempts = 1000, .first_delay = 20ms, .longest_delay = 40ms});
            const auto returned = std::chrono::steady_clock::now();
            CHECK(calls >= 2);
            returned_at_once = returned - last_attempt < 10ms;
            gave_up_late_enough = gave_up_late_enough && *ctx.deadline() - returned <= 40ms;
        }
        CHECK(returned_at_once);
        CHECK(gave_up_late_enough);
    }
    {
        calls = 0;
        tfpp::stop_source stop;
        tfpp::context ctx(stop.get_token());
        std::thread stopper([&] {
            std::this_thread::sleep_for(30ms);
            stop.request_stop();
        });
        tfpp::retry(ctx, [&] { return ++calls; }, always_transient,
                    {.max_attempts = 1000, .first_delay = 10s, .longest_delay = 10s});
        stopper.join();
        CHECK(calls == 1);  // the wait ended with the stop, and no attempt followed
    }
}
