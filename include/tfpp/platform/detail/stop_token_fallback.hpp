// std::stop_source, std::stop_token, std::stop_callback and std::jthread for a
// standard library without them (libc++ before 17; tfpp/platform/stop_token.hpp
// picks them): the part of their interface tfpp uses, with the standard's
// semantics. A callback runs once: on request_stop, or in its constructor when
// stop was already requested. Its destructor waits for a run in progress on
// another thread, and does not when the callback destroys itself.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>

namespace tfpp::detail::stop_fallback {

struct nostopstate_t {
    explicit nostopstate_t() = default;
};
inline constexpr nostopstate_t nostopstate{};

// A registered callback: an intrusive list node, so registration cannot fail.
struct callback_node {
    void (*invoke)(callback_node*) noexcept = nullptr;
    callback_node* prev = nullptr;
    callback_node* next = nullptr;
    bool* destroyed_while_running = nullptr;  // set by a callback that destroys itself
};

class stop_state {
public:
    [[nodiscard]] bool stop_requested() const noexcept { return stopped_.load(std::memory_order_acquire); }
    [[nodiscard]] bool stop_possible() const noexcept {
        return stop_requested() || sources_.load(std::memory_order_acquire) > 0;
    }
    void add_source() noexcept { sources_.fetch_add(1, std::memory_order_relaxed); }
    void remove_source() noexcept { sources_.fetch_sub(1, std::memory_order_acq_rel); }

    bool request_stop() noexcept {
        std::unique_lock lock(m_);
        if (stopped_.load(std::memory_order_relaxed)) return false;
        stopped_.store(true, std::memory_order_release);
        stopping_thread_ = std::this_thread::get_id();
        while (callback_node* node = head_) {
            unlink(node);
            running_ = node;
            bool destroyed = false;
            node->destroyed_while_running = &destroyed;
            lock.unlock();
            node->invoke(node);
            lock.lock();
            if (!destroyed) node->destroyed_while_running = nullptr;
            running_ = nullptr;
            cv_.notify_all();
        }
        return true;
    }

    // False when stop was requested already: the caller runs the callback itself.
    bool add(callback_node* node) noexcept {
        const std::lock_guard lock(m_);
        if (stopped_.load(std::memory_order_relaxed)) return false;
        node->next = head_;
        if (head_) head_->prev = node;
        head_ = node;
        return true;
    }

    void remove(callback_node* node) noexcept {
        std::unique_lock lock(m_);
        if (node->prev || head_ == node) {
            unlink(node);
            return;
        }
        if (running_ != node) return;  // ran already, or never registered
        if (stopping_thread_ == std::this_thread::get_id()) {
            *node->destroyed_while_running = true;  // from inside the callback: waiting would deadlock
            return;
        }
        cv_.wait(lock, [&] { return running_ != node; });
    }

private:
    void unlink(callback_node* node) noexcept {
        if (node->prev) node->prev->next = node->next;
        else head_ = node->next;
        if (node->next) node->next->prev = node->prev;
        node->prev = node->next = nullptr;
    }

    std::atomic<bool> stopped_{false};
    std::atomic<std::size_t> sources_{0};
    std::mutex m_;
    std::condition_variable cv_;
    callback_node* head_ = nullptr;
    callback_node* running_ = nullptr;
    std::thread::id stopping_thread_;
};

class stop_token {
public:
    stop_token() noexcept = default;

    [[nodiscard]] bool stop_requested() const noexcept { return state_ && state_->stop_requested(); }
    [[nodiscard]] bool stop_possible() const noexcept { return state_ && state_->stop_possible(); }
    void swap(stop_token& other) noexcept { state_.swap(other.state_); }
    friend bool operator==(const stop_token& a, const stop_token& b) noexcept { return a.state_ == b.state_; }
    friend void swap(stop_token& a, stop_token& b) noexcept { a.swap(b); }

private:
    friend class stop_source;
    template <class Callback>
    friend class stop_callback;
    explicit stop_token(std::shared_ptr<stop_state> state) noexcept : state_(std::move(state)) {}

    std::shared_ptr<stop_state> state_;
};

class stop_source {
public:
    stop_source() : state_(std::make_shared<stop_state>()) { state_->add_source(); }
    explicit stop_source(nostopstate_t) noexcept {}
    stop_source(const stop_source& other) noexcept : state_(other.state_) {
        if (state_) state_->add_source();
    }
    stop_source(stop_source&& other) noexcept : state_(std::move(other.state_)) {}
    stop_source& operator=(const stop_source& other) noexcept {
        if (this != &other) stop_source(other).swap(*this);
        return *this;
    }
    stop_source& operator=(stop_source&& other) noexcept {
        stop_source(std::move(other)).swap(*this);
        return *this;
    }
    ~stop_source() {
        if (state_) state_->remove_source();
    }

    bool request_stop() noexcept { return state_ && state_->request_stop(); }
    [[nodiscard]] stop_token get_token() const noexcept { return stop_token(state_); }
    [[nodiscard]] bool stop_requested() const noexcept { return state_ && state_->stop_requested(); }
    [[nodiscard]] bool stop_possible() const noexcept { return state_ != nullptr; }
    void swap(stop_source& other) noexcept { state_.swap(other.state_); }
    friend bool operator==(const stop_source& a, const stop_source& b) noexcept { return a.state_ == b.state_; }
    friend void swap(stop_source& a, stop_source& b) noexcept { a.swap(b); }

private:
    std::shared_ptr<stop_state> state_;
};

template <class Callback>
class stop_callback : private callback_node {
    static_assert(std::is_nothrow_destructible_v<Callback> && std::is_invocable_v<Callback>,
                  "tfpp: a stop callback is invocable with no arguments and destructible without throwing");

public:
    using callback_type = Callback;

    template <class C>
        requires std::is_constructible_v<Callback, C>
    explicit stop_callback(const stop_token& token, C&& cb) noexcept(std::is_nothrow_constructible_v<Callback, C>)
        : callback_(std::forward<C>(cb)) {
        attach(token.state_);
    }
    template <class C>
        requires std::is_constructible_v<Callback, C>
    explicit stop_callback(stop_token&& token, C&& cb) noexcept(std::is_nothrow_constructible_v<Callback, C>)
        : callback_(std::forward<C>(cb)) {
        attach(std::move(token.state_));
    }
    ~stop_callback() {
        if (state_) state_->remove(this);
    }
    stop_callback(const stop_callback&) = delete;
    stop_callback& operator=(const stop_callback&) = delete;

private:
    void attach(std::shared_ptr<stop_state> state) {
        if (!state) return;
        invoke = [](callback_node* self) noexcept { std::move(static_cast<stop_callback*>(self)->callback_)(); };
        if (state->add(this)) state_ = std::move(state);
        else invoke(this);  // stop requested already: run now, on this thread
    }

    Callback callback_;
    std::shared_ptr<stop_state> state_;  // set while registered
};

template <class Callback>
stop_callback(stop_token, Callback) -> stop_callback<Callback>;

// std::jthread's subset: a thread that is asked to stop and joined when it is
// destroyed or assigned to; a function taking a stop_token first gets the
// thread's own.
class jthread {
public:
    jthread() noexcept : stop_(nostopstate) {}
    template <class F, class... Args>
        requires(!std::is_same_v<std::remove_cvref_t<F>, jthread>)
    explicit jthread(F&& f, Args&&... args) {
        if constexpr (std::is_invocable_v<std::decay_t<F>, stop_token, std::decay_t<Args>...>)
            thread_ = std::thread(std::forward<F>(f), stop_.get_token(), std::forward<Args>(args)...);
        else
            thread_ = std::thread(std::forward<F>(f), std::forward<Args>(args)...);
    }
    jthread(jthread&&) noexcept = default;
    jthread& operator=(jthread&& other) noexcept {
        if (this != &other) {
            finish();
            thread_ = std::move(other.thread_);
            stop_ = std::move(other.stop_);
        }
        return *this;
    }
    ~jthread() { finish(); }
    jthread(const jthread&) = delete;
    jthread& operator=(const jthread&) = delete;

    [[nodiscard]] bool joinable() const noexcept { return thread_.joinable(); }
    void join() { thread_.join(); }
    bool request_stop() noexcept { return stop_.request_stop(); }
    [[nodiscard]] stop_token get_stop_token() const noexcept { return stop_.get_token(); }

private:
    void finish() noexcept {
        if (!thread_.joinable()) return;
        stop_.request_stop();
        thread_.join();
    }

    stop_source stop_;
    std::thread thread_;
};

}  // namespace tfpp::detail::stop_fallback
