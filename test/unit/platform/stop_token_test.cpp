// tfpp::stop_source, stop_token and stop_callback (the standard library's
// where it has them) and tfpp's own fallback for a library without them
// (libc++ 16): both must behave as the standard says, so every case runs on
// both.
#include <tfpp/platform/detail/stop_token_fallback.hpp>
#include <tfpp/platform/stop_token.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

using namespace std::chrono_literals;

namespace {

struct chosen {  // what tfpp uses on this standard library
    using source = tfpp::stop_source;
    using token = tfpp::stop_token;
    template <class F>
    using callback = tfpp::stop_callback<F>;
    using thread = tfpp::detail::jthread;
};
struct fallback {
    using source = tfpp::detail::stop_fallback::stop_source;
    using token = tfpp::detail::stop_fallback::stop_token;
    template <class F>
    using callback = tfpp::detail::stop_fallback::stop_callback<F>;
    using thread = tfpp::detail::stop_fallback::jthread;
};

template <class Pred>
bool eventually(Pred pred) {
    const auto start = std::chrono::steady_clock::now();
    while (!pred()) {
        if (std::chrono::steady_clock::now() - start > 10s) return false;
        std::this_thread::sleep_for(1ms);
    }
    return true;
}

}  // namespace

TEMPLATE_TEST_CASE("stop_token: the source's stop reaches its tokens once; a default token never stops", "[stop]",
                   chosen, fallback) {
    typename TestType::source source;
    const typename TestType::token token = source.get_token();
    const typename TestType::token none;
    CHECK(token.stop_possible());
    CHECK_FALSE(none.stop_possible());
    CHECK_FALSE(token.stop_requested());
    CHECK(source.request_stop());
    CHECK_FALSE(source.request_stop());  // only the first request stops
    CHECK(token.stop_requested());
    CHECK(source.stop_requested());
    CHECK_FALSE(none.stop_requested());
    CHECK(token == source.get_token());
    CHECK_FALSE(token == none);
}

TEMPLATE_TEST_CASE("stop_token: without a source left, stop is no longer possible", "[stop]", chosen, fallback) {
    std::optional<typename TestType::source> source(std::in_place);
    const typename TestType::token token = source->get_token();
    auto copy = std::make_optional(*source);
    source.reset();
    CHECK(token.stop_possible());  // the copy can still stop it
    copy.reset();
    CHECK_FALSE(token.stop_possible());

    typename TestType::source stopped;
    const typename TestType::token kept = stopped.get_token();
    stopped.request_stop();
    stopped = typename TestType::source();  // a requested stop stays possible
    CHECK(kept.stop_possible());
    CHECK(kept.stop_requested());
    CHECK_FALSE(stopped.get_token().stop_requested());
}

TEMPLATE_TEST_CASE("stop_callback: runs once on request_stop, on the requesting thread, in no particular order",
                   "[stop]", chosen, fallback) {
    typename TestType::source source;
    std::atomic<int> first{0};
    std::atomic<int> second{0};
    std::thread::id ran_on;
    {
        typename TestType::template callback<std::function<void()>> a(source.get_token(), [&] {
            ++first;
            ran_on = std::this_thread::get_id();
        });
        typename TestType::template callback<std::function<void()>> b(source.get_token(), [&] { ++second; });
        std::thread requester([&] { source.request_stop(); });
        const std::thread::id requester_id = requester.get_id();
        requester.join();
        CHECK(first == 1);
        CHECK(second == 1);
        CHECK(ran_on == requester_id);
        source.request_stop();
        CHECK(first == 1);
    }
    CHECK(first == 1);
}

TEMPLATE_TEST_CASE("stop_callback: registered after the stop, it runs at once in its constructor", "[stop]", chosen,
                   fallback) {
    typename TestType::source source;
    source.request_stop();
    int runs = 0;
    const typename TestType::template callback<std::function<void()>> cb(source.get_token(), [&] { ++runs; });
    CHECK(runs == 1);
}

TEMPLATE_TEST_CASE("stop_callback: destroyed before the stop, it never runs; a default token never runs it", "[stop]",
                   chosen, fallback) {
    typename TestType::source source;
    int runs = 0;
    {
        const typename TestType::template callback<std::function<void()>> cb(source.get_token(), [&] { ++runs; });
    }
    { const typename TestType::template callback<std::function<void()>> cb(typename TestType::token(), [&] { ++runs; }); }
    source.request_stop();
    CHECK(runs == 0);
}

TEMPLATE_TEST_CASE("stop_callback: its destructor on another thread waits for the run in progress", "[stop]", chosen,
                   fallback) {
    typename TestType::source source;
    std::atomic<bool> running{false};
    std::atomic<bool> release{false};
    std::atomic<bool> finished{false};
    auto cb = std::make_unique<typename TestType::template callback<std::function<void()>>>(source.get_token(), [&] {
        running = true;
        while (!release) std::this_thread::sleep_for(1ms);
        finished = true;
    });
    std::thread requester([&] { source.request_stop(); });
    REQUIRE(eventually([&] { return running.load(); }));
    std::atomic<bool> destroyed{false};
    std::thread destroyer([&] {
        cb.reset();
        destroyed = true;
    });
    std::this_thread::sleep_for(50ms);
    CHECK_FALSE(destroyed);  // still inside the callback
    release = true;
    destroyer.join();
    CHECK(finished);  // the destructor returned after the callback did
    requester.join();
}

TEMPLATE_TEST_CASE("stop_callback: a callback may destroy itself, or another one not yet run", "[stop]", chosen,
                   fallback) {
    using callback = typename TestType::template callback<std::function<void()>>;
    typename TestType::source source;
    std::unique_ptr<callback> self;
    std::unique_ptr<callback> other;
    int other_runs = 0;
    int self_runs = 0;
    // Whichever runs first destroys the other before it runs, or itself.
    other = std::make_unique<callback>(source.get_token(), [&] { ++other_runs; });
    self = std::make_unique<callback>(source.get_token(), [&] {
        ++self_runs;
        other.reset();
        self.reset();
    });
    source.request_stop();
    CHECK(self_runs == 1);
    CHECK(self == nullptr);
    CHECK(other == nullptr);
    CHECK(other_runs <= 1);
}

TEMPLATE_TEST_CASE("stop_callback: many threads registering while another stops: each callback runs exactly once",
                   "[stop]", chosen, fallback) {
    using callback = typename TestType::template callback<std::function<void()>>;
    for (int round = 0; round < 20; ++round) {
        typename TestType::source source;
        constexpr int per_thread = 50;
        std::vector<std::atomic<int>> runs(4 * per_thread);
        std::atomic<bool> go{false};
        std::vector<std::thread> registrars;
        for (int t = 0; t < 4; ++t)
            registrars.emplace_back([&, t] {
                while (!go) std::this_thread::yield();
                for (int i = 0; i < per_thread; ++i) {
                    auto& count = runs[static_cast<std::size_t>(t * per_thread + i)];
                    const callback cb(source.get_token(), [&count] { ++count; });
                    if (i % 2 == 0) REQUIRE(eventually([&] { return source.stop_requested(); }));
                }
            });
        std::thread stopper([&] {
            while (!go) std::this_thread::yield();
            source.request_stop();
        });
        go = true;
        stopper.join();
        for (auto& r : registrars) r.join();
        // A callback alive when stop was requested, or made after it, ran once;
        // one destroyed before may not have run. None ran twice.
        int total = 0;
        for (const auto& r : runs) {
            CHECK(r <= 1);
            total += r;
        }
        CHECK(total >= 2 * per_thread);  // the even ones lived until the stop
    }
}

TEMPLATE_TEST_CASE("jthread: asked to stop and joined when destroyed or assigned to", "[stop]", chosen, fallback) {
    std::atomic<int> ended{0};
    {
        typename TestType::thread worker([&](typename TestType::token stop) {
            while (!stop.stop_requested()) std::this_thread::sleep_for(1ms);
            ++ended;
        });
        CHECK(worker.joinable());
        worker = typename TestType::thread([&](typename TestType::token stop) {
            while (!stop.stop_requested()) std::this_thread::sleep_for(1ms);
            ++ended;
        });
        CHECK(ended == 1);  // the first was stopped and joined by the assignment
    }
    CHECK(ended == 2);
    int ran = 0;
    typename TestType::thread plain([&ran, x = 41](int y) { ran = x + y; }, 1);  // no stop_token parameter
    plain.join();
    CHECK(ran == 42);
    CHECK_FALSE(plain.joinable());
}
