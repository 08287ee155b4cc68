// Worker threads for bot moves, so that a thinking bot never holds up the network thread or
// other games, shared fairly between the clients that own the games.
//
// Promise:
//  * Tasks run on the pool's own threads once they fall due (posted at once, or after a delay: a
//    bot's move shown at a human pace); a waiting task holds no thread.
//  * Each task has an owner (the client whose game it plays). Due tasks of one owner run in the
//    order they fell due (those due together in the order posted); between owners, threads go
//    round-robin, so an owner with a hundred games waiting gets one turn, then every other owner
//    with a due task gets one, and so on. No owner starves another.
//  * An owner runs at most `max_running_per_owner` tasks at once (by default one thread fewer
//    than the pool has, at least one), so with two or more threads a long think by one owner's
//    bots always leaves a thread for everyone else.
//  * The destructor stops taking tasks, drops those not started and waits for the running ones.
//  * The pool's threads think at the priority asked for (Linux; elsewhere always normal): Idle
//    (SCHED_IDLE: only on time nothing else wants, so thinking never delays a reply, but it
//    waits while other programs keep every core busy), Low (niceness kBotNiceness) or Normal.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace carcassonne::server {

inline constexpr int kBotNiceness = 10;

enum class BotPriority : std::uint8_t { Normal, Low, Idle };

class BotPool {
 public:
  // `max_running_per_owner` 0: max(1, threads - 1).
  explicit BotPool(int threads, int max_running_per_owner = 0,
                   BotPriority priority = BotPriority::Normal);
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  void post(std::string owner, std::function<void()> task) {
    post_after(std::chrono::milliseconds(0), std::move(owner), std::move(task));
  }
  void post_after(std::chrono::milliseconds delay, std::string owner, std::function<void()> task);

  // Tasks posted and not yet finished (waiting, due or running), for the status line and tests.
  std::size_t pending() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Task {
    std::string owner;
    std::function<void()> run;
  };
  struct Owner {
    std::deque<std::function<void()>> due;  // fell due, not started
    int running = 0;
    bool in_rotation = false;
  };
  void run(BotPriority priority);
  // With the mutex held: moves the tasks that fell due into their owners' queues.
  void collect_due(Clock::time_point now);
  // With the mutex held: the next owner in the rotation that has a due task and a free slot.
  std::list<std::string>::iterator next_owner();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  // Not yet due, keyed by (due time, order posted): the first entry falls due first.
  std::map<std::pair<Clock::time_point, std::uint64_t>, Task> waiting_;
  std::unordered_map<std::string, Owner> owners_;  // owners with due or running tasks
  std::list<std::string> rotation_;                // owners with due tasks, next to serve first
  std::uint64_t posted_ = 0;
  std::size_t unfinished_ = 0;
  int max_running_per_owner_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace carcassonne::server
