// Worker threads for bot moves, so that a thinking bot never holds up the network thread or
// other games.
//
// Promise: tasks run on the pool's own threads in the order they fall due (posted at once, or
// after a delay: a bot's move shown at a human pace), those due together in the order posted,
// several at once when there are several threads; a waiting task holds no thread. The destructor
// stops taking tasks, drops those not started and waits for the running ones to finish.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace carcassonne::server {

class BotPool {
 public:
  explicit BotPool(int threads);
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  void post(std::function<void()> task) {
    post_after(std::chrono::milliseconds(0), std::move(task));
  }
  void post_after(std::chrono::milliseconds delay, std::function<void()> task);

 private:
  using Clock = std::chrono::steady_clock;
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  // Keyed by (due time, order posted): the first entry is the next to run.
  std::map<std::pair<Clock::time_point, std::uint64_t>, std::function<void()>> tasks_;
  std::uint64_t posted_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace carcassonne::server
