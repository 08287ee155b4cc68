#include "server/bot_pool.h"

#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <algorithm>

namespace carcassonne::server {

BotPool::BotPool(int threads, int max_running_per_owner, BotPriority priority)
    : max_running_per_owner_(max_running_per_owner > 0 ? max_running_per_owner
                                                       : std::max(1, threads - 1)) {
  for (int i = 0; i < std::max(1, threads); ++i)
    threads_.emplace_back([this, priority] { run(priority); });
}

BotPool::~BotPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    waiting_.clear();
    for (auto& [name, owner] : owners_) owner.due.clear();
  }
  wake_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void BotPool::post_after(std::chrono::milliseconds delay, std::string owner,
                         std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    waiting_.emplace(std::pair{Clock::now() + delay, posted_++},
                     Task{std::move(owner), std::move(task)});
    ++unfinished_;
  }
  // Every waiting thread looks again: the new task may fall due before the one they wait for.
  wake_.notify_all();
}

std::size_t BotPool::pending() const {
  std::lock_guard lock(mutex_);
  return unfinished_;
}

void BotPool::collect_due(Clock::time_point now) {
  while (!waiting_.empty() && waiting_.begin()->first.first <= now) {
    Task& task = waiting_.begin()->second;
    Owner& owner = owners_[task.owner];
    owner.due.push_back(std::move(task.run));
    if (!owner.in_rotation) {
      owner.in_rotation = true;
      rotation_.push_back(task.owner);
    }
    waiting_.erase(waiting_.begin());
  }
}

std::list<std::string>::iterator BotPool::next_owner() {
  return std::find_if(rotation_.begin(), rotation_.end(), [this](const std::string& name) {
    return owners_.at(name).running < max_running_per_owner_;
  });
}

void BotPool::run(BotPriority priority) {
#if defined(__linux__)
  // Threads a bot starts inherit the priority. Should a call fail, bots think at the normal one.
  if (priority != BotPriority::Normal)
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kBotNiceness);
  if (priority == BotPriority::Idle) {
    sched_param idle{};
    (void)pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle);
  }
#else
  (void)priority;
#endif
  for (;;) {
    std::function<void()> task;
    std::string name;
    {
      std::unique_lock lock(mutex_);
      for (;;) {
        if (stopping_) return;
        collect_due(Clock::now());
        const auto next = next_owner();
        if (next != rotation_.end()) {
          name = *next;
          Owner& owner = owners_.at(name);
          task = std::move(owner.due.front());
          owner.due.pop_front();
          ++owner.running;
          // Served: to the back of the rotation, or out of it when nothing else is due.
          rotation_.erase(next);
          if (owner.due.empty()) {
            owner.in_rotation = false;
          } else {
            rotation_.push_back(name);
          }
          break;
        }
        // Nothing runnable: wait for a task to fall due, a post, or a running task to finish.
        if (waiting_.empty()) {
          wake_.wait(lock);
        } else {
          // A copy: wait_until reads its deadline after reacquiring the lock, when another thread
          // may have collected (and freed) the entry.
          const Clock::time_point first_due = waiting_.begin()->first.first;
          wake_.wait_until(lock, first_due);
        }
      }
    }
    task();
    {
      std::lock_guard lock(mutex_);
      Owner& owner = owners_.at(name);
      --owner.running;
      --unfinished_;
      if (owner.running == 0 && owner.due.empty()) owners_.erase(name);
    }
    // A thread held back by the per-owner limit may go now.
    wake_.notify_all();
  }
}

}  // namespace carcassonne::server
