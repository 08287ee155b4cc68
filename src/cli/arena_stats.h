// The statistics of `carcassonne arena`: win rates with confidence intervals, score differences,
// head-to-head counts and Bradley–Terry (Elo) ratings, computed from final scores alone.
//
// Promise: pure functions of their arguments (no I/O, no clocks, no randomness), so the same games
// in the same order give bit-identical numbers, and every number is finite whenever the caller
// passes a positive prior. Bots are numbered 0..bot_count-1; bot 0 is the Elo anchor (Elo 0).
//
// The unit of the per-bot counts is a seat: a game in which a bot holds two seats (bots A,B at
// four players) counts twice for it, once per seat, so that a bot playing itself still gets
// meaningful numbers (its win rate is then about 1/players, not 1).
#pragma once

#include <cstddef>
#include <vector>

namespace carcassonne::cli {

// z for a two-sided 95% interval: the 0.975 quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double low = 0.0;
  double high = 1.0;
};

// The Wilson score interval for `successes` out of `trials` (successes may be fractional, e.g.
// counting draws as halves). It stays inside [0, 1] and is sensible at 0% and 100%, unlike the
// normal approximation. No trials: the uninformative [0, 1].
Interval wilson_interval(double successes, double trials, double z = kZ95);

// Every seat with the highest score, in seat order (all of them when everybody ties).
std::vector<int> top_seats(const std::vector<int>& scores);

// One finished game: which bot held each seat, and the final score of each seat.
struct ArenaGame {
  std::vector<int> seat_bots;
  std::vector<int> scores;
};

// Pairwise comparisons between two seats held by different bots: the higher score wins.
struct HeadToHead {
  double wins = 0;    // comparisons the row bot won
  double losses = 0;  // comparisons it lost
  double draws = 0;   // equal scores
  double comparisons() const { return wins + losses + draws; }
  // Points per comparison (draws count half); 0.5 when the two never met.
  double score() const;
};

struct BotStats {
  double games = 0;  // seats held (see the header comment)
  double wins = 0;   // seats alone in first place
  double ties = 0;   // seats sharing first place
  double win_rate = 0;
  Interval win_rate_ci95;
  double mean_score_diff = 0;  // mean over its seats of (score - mean score of the other seats)
  double elo = 0;
};

struct ArenaStats {
  std::vector<BotStats> bots;
  std::vector<std::vector<HeadToHead>> head_to_head;  // [row bot][column bot]
};

// The Elo ratings of a Bradley–Terry model fitted by maximum likelihood (Hunter's MM iteration)
// to `wins`, where wins[i][j] is how often bot i beat bot j (draws entered as half a win each
// way). `prior_draws` virtual draws are added between every pair of bots first; any positive
// prior makes the fit exist and be finite even for 0% or 100% results. Elo_i = 400 * log10(p_i /
// p_0), so bot 0 has Elo 0. With no prior, the maximum-likelihood fit exists only when every
// split of the bots into two groups has a win each way; otherwise every entry is NaN.
std::vector<double> bradley_terry_elo(const std::vector<std::vector<double>>& wins,
                                      double prior_draws);

// The seconds a bot took per decision, summed up: how many decisions, their mean, the 99th
// percentile (nearest rank: the smallest time at least 99% of the decisions took at most) and the
// longest. No decisions: all 0. (The times come from the caller's clock; only this summary is
// computed here, so it is as reproducible as the times given.)
struct DecisionTimes {
  std::size_t decisions = 0;
  double mean = 0;
  double p99 = 0;
  double max = 0;
};
DecisionTimes decision_times(std::vector<double> seconds);

// All statistics of an arena between `bot_count` bots. win_rate = (wins + ties / 2) / games, with
// its Wilson interval; Elo from the head-to-head comparisons with `prior_draws` (see above).
ArenaStats arena_stats(int bot_count, const std::vector<ArenaGame>& games,
                       double prior_draws = 1.0);

}  // namespace carcassonne::cli
