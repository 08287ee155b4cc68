#include "bots/value_model.h"

#include <algorithm>

#include "bots/evaluation.h"

namespace carcassonne {

namespace {

// Written by scripts/train-value.py (its header says how); kValueFeatureCount numbers.
constexpr std::array<double, kValueFeatureCount> kWeights = {
#include "bots/value_weights.inc"
};

std::array<double, kMaxPlayers> as_doubles(const std::array<int, kMaxPlayers>& values) {
  std::array<double, kMaxPlayers> result{};
  for (std::size_t p = 0; p < result.size(); ++p) result[p] = static_cast<double>(values[p]);
  return result;
}

// Every player's score now.
std::array<double, kMaxPlayers> scores_of(const GameState& state) {
  std::array<double, kMaxPlayers> scores{};
  for (int p = 0; p < state.player_count(); ++p)
    scores[static_cast<std::size_t>(p)] = state.score(static_cast<PlayerId>(p));
  return scores;
}

}  // namespace

std::array<ValueFeatures, kMaxPlayers> value_features(const GameState& state) {
  const int n = state.player_count();
  std::array<double, kMaxPlayers> followers{};
  for (int p = 0; p < n; ++p)
    followers[static_cast<std::size_t>(p)] = state.followers_in_supply(static_cast<PlayerId>(p));
  // One projection of the final scores serves both the projected margin and the judgement.
  const std::array<int, kMaxPlayers> final_scores = state.projected_final_scores();
  const std::array<double, kMaxPlayers> now = margins_over_best_other(scores_of(state), n);
  const std::array<double, kMaxPlayers> projected =
      margins_over_best_other(as_doubles(final_scores), n);
  const std::array<double, kMaxPlayers> judged = evaluate_all(state, final_scores);
  const std::array<double, kMaxPlayers> in_hand = margins_over_best_other(followers, n);
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
  if (state.over()) return margins_over_best_other(scores_of(state), n);
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
