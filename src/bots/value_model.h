// A learned evaluation: each player's final margin over the best opponent, predicted by a linear
// model over a few features of the position, with weights fitted to self-play games.
//
// Promise: pure functions of a GameState. The weights are data (value_weights.inc), written by
// scripts/train-value.py from games it plays through the Python bindings with a fixed seed, so a
// run of the script reproduces them; the features are computed here only, and the bindings
// expose this very function (State.value_features), so training and play cannot disagree.
#pragma once

#include <array>

#include "core/game.h"

namespace carcassonne {

// The features, in order: 1; the player's score minus the best opponent's now; the same for the
// projected final scores; the greedy evaluation (evaluate_all: projected margin plus what is in
// hand); the share of the tiles still to come (t, 1 at the start, 0 at the end); each of the
// three margins times t; followers in supply minus the best opponent's; that times t.
inline constexpr int kValueFeatureCount = 10;
using ValueFeatures = std::array<double, kValueFeatureCount>;
std::array<ValueFeatures, kMaxPlayers> value_features(const GameState& state);

// The model's prediction of every player's final margin (features · weights); at the end of the
// game, the final margin itself.
std::array<double, kMaxPlayers> predicted_margins(const GameState& state);

}  // namespace carcassonne
