// A few threads that run short tasks first in, first out: the work that follows a commit
// (applying the actions, the replies, the broadcast), so that the storage thread goes back to
// committing at once and games are served on every core.
//
// Promise: every task posted before the destructor runs, once, on one of the queue's threads;
// the destructor waits for them all. Tasks must be short (no thinking, no waiting on the
// network): a bot thinks on the BotPool.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace carcassonne::server {

class TaskQueue {
 public:
  explicit TaskQueue(int threads);
  ~TaskQueue();
  TaskQueue(const TaskQueue&) = delete;
  TaskQueue& operator=(const TaskQueue&) = delete;

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
