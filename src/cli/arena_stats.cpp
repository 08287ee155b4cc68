// Implementation of arena_stats.h: Wilson intervals, seat and pairwise counts, Bradley–Terry.
#include "cli/arena_stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace carcassonne::cli {

namespace {

// Hunter's MM iteration converges linearly; the bound only matters for pathological inputs, and
// the tolerance is far below anything printed.
constexpr int kMaxIterations = 100000;
constexpr double kTolerance = 1e-13;

// Whether every bot can be reached from every other along "beat at least partly" edges: the
// condition for the Bradley–Terry maximum-likelihood estimate to exist (Ford, 1957).
bool strongly_connected(const std::vector<std::vector<double>>& wins) {
  const std::size_t n = wins.size();
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (std::size_t i = 0; i < n; ++i) {
    reach[i][i] = true;
    for (std::size_t j = 0; j < n; ++j)
      if (wins[i][j] > 0) reach[i][j] = true;
  }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (reach[i][k] && reach[k][j]) reach[i][j] = true;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (!reach[i][j]) return false;
  return true;
}

}  // namespace

Interval wilson_interval(double successes, double trials, double z) {
  if (!(trials > 0)) return {};
  const double p = std::clamp(successes / trials, 0.0, 1.0);
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / trials;
  const double center = (p + z2 / (2.0 * trials)) / denominator;
  const double half =
      z / denominator * std::sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials));
  // At 0% and 100% one end is exactly 0 or 1 in theory; do not let rounding say otherwise.
  return {p == 0.0 ? 0.0 : std::max(0.0, center - half),
          p == 1.0 ? 1.0 : std::min(1.0, center + half)};
}

std::vector<int> top_seats(const std::vector<int>& scores) {
  std::vector<int> seats;
  if (scores.empty()) return seats;
  const int best = *std::max_element(scores.begin(), scores.end());
  for (std::size_t s = 0; s < scores.size(); ++s)
    if (scores[s] == best) seats.push_back(static_cast<int>(s));
  return seats;
}

double HeadToHead::score() const {
  const double n = comparisons();
  return n > 0 ? (wins + 0.5 * draws) / n : 0.5;
}

std::vector<double> bradley_terry_elo(const std::vector<std::vector<double>>& wins,
                                      double prior_draws) {
  const std::size_t n = wins.size();
  std::vector<std::vector<double>> w = wins;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j) w[i][j] += 0.5 * prior_draws;
  if (n == 0) return {};
  if (!strongly_connected(w))
    return std::vector<double>(n, std::numeric_limits<double>::quiet_NaN());

  std::vector<double> total_wins(n, 0.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j) total_wins[i] += w[i][j];
  std::vector<double> strength(n, 1.0);
  std::vector<double> next(n, 1.0);
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    for (std::size_t i = 0; i < n; ++i) {
      double denominator = 0.0;
      for (std::size_t j = 0; j < n; ++j)
        if (i != j) denominator += (w[i][j] + w[j][i]) / (strength[i] + strength[j]);
      // A bot with no comparisons (only possible alone) keeps its strength.
      next[i] = denominator > 0 ? total_wins[i] / denominator : strength[i];
    }
    // The model fixes only ratios: rescale to geometric mean 1 so the numbers stay in range.
    double log_mean = 0.0;
    for (double s : next) log_mean += std::log(s);
    log_mean /= static_cast<double>(n);
    double change = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double scaled = next[i] / std::exp(log_mean);
      change = std::max(change, std::abs(std::log(scaled) - std::log(strength[i])));
      strength[i] = scaled;
    }
    if (change < kTolerance) break;
  }
  std::vector<double> elo(n);
  for (std::size_t i = 0; i < n; ++i) elo[i] = 400.0 * std::log10(strength[i] / strength[0]);
  return elo;
}

ArenaStats arena_stats(int bot_count, const std::vector<ArenaGame>& games, double prior_draws) {
  const auto n = static_cast<std::size_t>(std::max(bot_count, 0));
  ArenaStats stats;
  stats.bots.assign(n, BotStats{});
  stats.head_to_head.assign(n, std::vector<HeadToHead>(n));
  std::vector<double> score_diff_sums(n, 0.0);
  for (const ArenaGame& game : games) {
    const std::size_t seats = std::min(game.seat_bots.size(), game.scores.size());
    const std::vector<int> top = top_seats(game.scores);
    double total = 0.0;
    for (std::size_t s = 0; s < seats; ++s) total += game.scores[s];
    for (std::size_t s = 0; s < seats; ++s) {
      const auto bot = static_cast<std::size_t>(game.seat_bots[s]);
      BotStats& b = stats.bots[bot];
      b.games += 1;
      if (std::find(top.begin(), top.end(), static_cast<int>(s)) != top.end())
        (top.size() == 1 ? b.wins : b.ties) += 1;
      if (seats > 1) {
        const double others = (total - game.scores[s]) / static_cast<double>(seats - 1);
        score_diff_sums[bot] += game.scores[s] - others;
      }
      for (std::size_t t = s + 1; t < seats; ++t) {
        const auto other = static_cast<std::size_t>(game.seat_bots[t]);
        if (other == bot) continue;  // a bot against itself tells nothing about ratings
        HeadToHead& forward = stats.head_to_head[bot][other];
        HeadToHead& backward = stats.head_to_head[other][bot];
        if (game.scores[s] > game.scores[t]) {
          forward.wins += 1;
          backward.losses += 1;
        } else if (game.scores[s] < game.scores[t]) {
          forward.losses += 1;
          backward.wins += 1;
        } else {
          forward.draws += 1;
          backward.draws += 1;
        }
      }
    }
  }
  std::vector<std::vector<double>> pair_wins(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      pair_wins[i][j] = stats.head_to_head[i][j].wins + 0.5 * stats.head_to_head[i][j].draws;
  const std::vector<double> elo = bradley_terry_elo(pair_wins, prior_draws);
  for (std::size_t i = 0; i < n; ++i) {
    BotStats& b = stats.bots[i];
    const double points = b.wins + 0.5 * b.ties;
    b.win_rate = b.games > 0 ? points / b.games : 0.0;
    b.win_rate_ci95 = wilson_interval(points, b.games);
    b.mean_score_diff = b.games > 0 ? score_diff_sums[i] / b.games : 0.0;
    b.elo = elo[i];
  }
  return stats;
}

DecisionTimes decision_times(std::vector<double> seconds) {
  DecisionTimes times;
  if (seconds.empty()) return times;
  std::sort(seconds.begin(), seconds.end());
  times.decisions = seconds.size();
  double sum = 0;
  for (double s : seconds) sum += s;
  times.mean = sum / static_cast<double>(seconds.size());
  // Nearest rank: the ceil(0.99 n)-th smallest time.
  const auto rank = static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(seconds.size())));
  times.p99 = seconds[std::max<std::size_t>(rank, 1) - 1];
  times.max = seconds.back();
  return times;
}

}  // namespace carcassonne::cli
