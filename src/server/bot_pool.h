// Worker threads for bot moves, so that a thinking bot never holds up the network thread or
// other games.
//
// Promise: tasks run on the pool's own threads in the order posted (several at once when there
// are several threads); the destructor stops taking tasks, drops those not started and waits for
// the running ones to finish.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
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

  void post(std::function<void()> task);

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace carcassonne::server
