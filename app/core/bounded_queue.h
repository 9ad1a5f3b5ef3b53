#pragma once
// A queue between two threads that holds at most `capacity` items: the producer waits while it
// is full, so a fast decoder cannot run ahead of a slow consumer and fill memory. close() ends it
// from either side: waiting producers and consumers return false.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace shadersort {

template <typename T>
class BoundedQueue {
 public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  // Waits for room; false (and `item` dropped) once the queue is closed.
  bool push(T item) {
    std::unique_lock lock(mutex_);
    notFull_.wait(lock, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_) return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  // Queues `item` if there is room now, never waiting; false (and `item` dropped) when full or closed.
  bool tryPush(T item) {
    std::lock_guard lock(mutex_);
    if (closed_ || items_.size() >= capacity_) return false;
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
    return true;
  }

  // Waits for an item; empty once the queue is closed and drained (finish()) or closed (close()).
  std::optional<T> pop() {
    std::unique_lock lock(mutex_);
    notEmpty_.wait(lock, [&] { return closed_ || finished_ || !items_.empty(); });
    if (closed_ || items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  // An item if one is queued now, never waiting (a UI thread that must not stall on its producer);
  // empty when none is ready, as after the end.
  std::optional<T> tryPop() {
    std::lock_guard lock(mutex_);
    if (closed_ || items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  // The producer is done: the consumer gets what is queued, then the end.
  void finish() {
    std::lock_guard lock(mutex_);
    finished_ = true;
    notEmpty_.notify_all();
  }

  // Stops both sides now (an error on either side); queued items are dropped.
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    items_.clear();
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable notFull_, notEmpty_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool finished_ = false, closed_ = false;
};

}  // namespace shadersort
