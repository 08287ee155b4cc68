#include "server/bot_pool.h"

#include <algorithm>

namespace carcassonne::server {

BotPool::BotPool(int threads) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { run(); });
}

BotPool::~BotPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    tasks_.clear();
  }
  wake_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void BotPool::post_after(std::chrono::milliseconds delay, std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    tasks_.emplace(std::pair{Clock::now() + delay, posted_++}, std::move(task));
  }
  // Every waiting thread looks again: the new task may fall due before the one they wait for.
  wake_.notify_all();
}

void BotPool::run() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      for (;;) {
        if (stopping_) return;
        if (tasks_.empty()) {
          wake_.wait(lock);
          continue;
        }
        const Clock::time_point due = tasks_.begin()->first.first;
        if (due <= Clock::now()) break;
        wake_.wait_until(lock, due);
      }
      task = std::move(tasks_.begin()->second);
      tasks_.erase(tasks_.begin());
    }
    task();
  }
}

}  // namespace carcassonne::server
