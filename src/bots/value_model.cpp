#include "bots/value_model.h"

#include <algorithm>
#include <limits>

#include "bots/evaluation.h"

namespace carcassonne {

namespace {

// Written by scripts/train-value.py (its header says how); kValueFeatureCount numbers.
constexpr std::array<double, kValueFeatureCount> kWeights = {
#include "bots/value_weights.inc"
};

// Each player's value minus the best other player's.
template <typename Value>
std::array<double, kMaxPlayers> margins(const std::array<Value, kMaxPlayers>& values, int n) {
  std::array<double, kMaxPlayers> result{};
  for (int p = 0; p < n; ++p) {
    double best_other = -std::numeric_limits<double>::infinity();
    for (int q = 0; q < n; ++q)
      if (q != p)
        best_other = std::max(best_other, static_cast<double>(values[static_cast<std::size_t>(q)]));
    result[static_cast<std::size_t>(p)] =
        static_cast<double>(values[static_cast<std::size_t>(p)]) - best_other;
  }
  return result;
}

}  // namespace

std::array<ValueFeatures, kMaxPlayers> value_features(const GameState& state) {
  const int n = state.player_count();
  std::array<int, kMaxPlayers> scores{};
  std::array<int, kMaxPlayers> followers{};
  for (int p = 0; p < n; ++p) {
    scores[static_cast<std::size_t>(p)] = state.score(static_cast<PlayerId>(p));
    followers[static_cast<std::size_t>(p)] = state.followers_in_supply(static_cast<PlayerId>(p));
  }
  const std::array<double, kMaxPlayers> now = margins(scores, n);
  const std::array<double, kMaxPlayers> projected = margins(state.projected_final_scores(), n);
  const std::array<double, kMaxPlayers> judged = evaluate_all(state);
  const std::array<double, kMaxPlayers> in_hand = margins(followers, n);
  const int placed = static_cast<int>(state.placed_tiles().size());
  const int left = state.over() ? 0 : state.tiles_left_in_deck();
  const double t = static_cast<double>(left) / std::max(1, left + placed - 1);
  std::array<ValueFeatures, kMaxPlayers> features{};
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    features[i] = {1.0,        now[i],           projected[i],  judged[i],  t,
                   now[i] * t, projected[i] * t, judged[i] * t, in_hand[i], in_hand[i] * t};
  }
  return features;
}

std::array<double, kMaxPlayers> predicted_margins(const GameState& state) {
  const int n = state.player_count();
  if (state.over()) {
    std::array<int, kMaxPlayers> scores{};
    for (int p = 0; p < n; ++p)
      scores[static_cast<std::size_t>(p)] = state.score(static_cast<PlayerId>(p));
    return margins(scores, n);
  }
  const std::array<ValueFeatures, kMaxPlayers> features = value_features(state);
  std::array<double, kMaxPlayers> result{};
  for (int p = 0; p < n; ++p)
    for (int k = 0; k < kValueFeatureCount; ++k)
      result[static_cast<std::size_t>(p)] +=
          features[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)] *
          kWeights[static_cast<std::size_t>(k)];
  return result;
}

}  // namespace carcassonne
