// Budgets per client: token buckets that let each client (a network address, or a connection
// when the transport gives none) spend a steady rate with some burst, and tell one that spent
// too much how long to wait. One client over its budget costs the others nothing.
//
// Promise: take() grants a request when the client's bucket holds `cost` tokens and removes them;
// (a cost above the burst takes a full bucket); otherwise it removes nothing and returns how long
// until it would be granted, and how many of the client's requests were refused lately (granted
// ones in between do not reset the count, so pipelining past the budget cannot dodge it). A bucket
// refills at `per_minute` tokens a minute up to `burst`; a new client starts full. Memory stays
// bounded by the clients seen within about one refill time: full buckets are forgotten (a forgotten
// client starts full again, which is what it would have had). Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace carcassonne::server {

struct BudgetRate {
  double per_minute = 0;  // 0: unlimited
  double burst = 0;       // the most a client may spend at once (a larger cost takes it all)
  bool unlimited() const { return per_minute <= 0; }
};

// Refusals a client's count forgets each second: the count is about the refusals of the last
// kRefusalsRemembered / kRefusalsForgottenPerSecond seconds.
inline constexpr double kRefusalsForgottenPerSecond = 10;

// A request refused: how long until it would be granted, and the client's recent refusals, this
// one included (each adds 1; the count forgets kRefusalsForgottenPerSecond a second whatever is
// granted meanwhile). A client that goes on regardless may be cut off.
struct BudgetRefusal {
  std::chrono::milliseconds wait{0};
  double recent = 0;
};

class ClientBudget {
 public:
  using Clock = std::chrono::steady_clock;
  explicit ClientBudget(BudgetRate rate) : rate_(rate) {}

  // Empty when granted.
  std::optional<BudgetRefusal> take(const std::string& client, double cost,
                                    Clock::time_point now = Clock::now());
  const BudgetRate& rate() const { return rate_; }
  std::size_t clients() const;

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point updated;
    double refusals = 0;  // recent refusals, as of `updated`
  };
  // With the mutex held: the bucket's tokens at `now`.
  double refilled(const Bucket& bucket, Clock::time_point now) const;
  // With the mutex held: forgets full buckets once the table has doubled since the last sweep.
  void sweep(Clock::time_point now);

  BudgetRate rate_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
  std::size_t sweep_at_ = 1024;
};

}  // namespace carcassonne::server
