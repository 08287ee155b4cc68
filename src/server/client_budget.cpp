#include "server/client_budget.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace carcassonne::server {

double ClientBudget::refilled(const Bucket& bucket, Clock::time_point now) const {
  const double minutes =
      std::chrono::duration<double, std::ratio<60>>(now - bucket.updated).count();
  return std::min(rate_.burst, bucket.tokens + std::max(0.0, minutes) * rate_.per_minute);
}

std::optional<BudgetRefusal> ClientBudget::take(const std::string& client, double cost,
                                                Clock::time_point now) {
  if (rate_.unlimited()) return std::nullopt;
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(client);
  if (it == buckets_.end()) {
    sweep(now);
    it = buckets_.emplace(client, Bucket{rate_.burst, now, 0}).first;
  }
  Bucket& bucket = it->second;
  const double seconds = std::max(0.0, std::chrono::duration<double>(now - bucket.updated).count());
  bucket.tokens = refilled(bucket, now);
  bucket.refusals = std::max(0.0, bucket.refusals - seconds * kRefusalsForgottenPerSecond);
  bucket.updated = now;
  // A cost above the burst could never be met: it takes a full bucket instead.
  const double need = std::min(cost, rate_.burst);
  if (bucket.tokens >= need) {
    bucket.tokens -= need;
    return std::nullopt;
  }
  const double ms = std::ceil((need - bucket.tokens) / rate_.per_minute * 60000.0);
  bucket.refusals += 1;
  return BudgetRefusal{std::chrono::milliseconds(static_cast<std::int64_t>(std::max(1.0, ms))),
                       bucket.refusals};
}

std::size_t ClientBudget::clients() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

void ClientBudget::sweep(Clock::time_point now) {
  if (buckets_.size() < sweep_at_) return;
  std::erase_if(buckets_,
                [&](const auto& entry) { return refilled(entry.second, now) >= rate_.burst; });
  sweep_at_ = std::max<std::size_t>(1024, 2 * buckets_.size());
}

}  // namespace carcassonne::server
