// A learned evaluation: each player's final margin over the best opponent, predicted by a linear
// model over a few features of the position, with weights fitted to self-play games.
//
// Promise: pure functions of a GameState. The weights are data (value_weights.inc, and the
// chances of completion's completion_weights.inc: outlook.h), written by `carcassonne
// train-value` (training/value_training.h) from games it plays with a fixed seed, so a run
// reproduces them. The features are computed here only, from PositionFacts, which the trainer
// keeps for every position it learns from; the Python bindings expose this very function
// (State.value_features), so training and play cannot disagree.
#pragma once

#include <array>
#include <vector>

#include "bots/outlook.h"
#include "core/game.h"

namespace carcassonne {

// The features, in order, each a margin over the best opponent's value of the same quantity
// except 1 and t: 1; the score now; the projected final score; the greedy evaluation
// (evaluate_all: projected margin plus what is in hand); the share of the tiles still to come
// (t, 1 at the start, 0 at the end); each of the three margins times t; followers in supply;
// that times t; the expected completion gain (the sum over the open features a player holds of
// chance of completion x what completing adds: outlook.h); that times t; the expected returns
// (the sum over open features of chance of completion x the player's followers on it: followers
// that will come back to be played again); that times t; the expected farm points (the sum over
// the open cities bordering the fields a player holds, by farmers or a barn, of chance of
// completion x what the city pays there: outlook.h); that times t; and Abbey & Mayor's figures in
// hand (0 without it), each with its value times t: the abbey (1 while held), the barn, and the
// mayor and wagon together.
inline constexpr int kValueFeatureCount = 22;
using ValueFeatures = std::array<double, kValueFeatureCount>;
using ValueWeights = std::array<double, kValueFeatureCount>;

// The model has one set of weights per family of rule sets, each fitted to games of its kind
// (the same position is worth different margins when a completed city may hold a cathedral or
// the dragon may eat a follower). The families, in order: "base"; "bcb" (Bridges, Castles and
// Bazaars alone); "ic", "tb", "pd", "am" (that expansion alone or with bcb); "bcb+ic+tb+pd+am"
// (two or more of the four later expansions).
inline constexpr int kValueFamilyCount = 7;
// The families' indices, in the order of value_family_names().
inline constexpr int kBaseFamily = 0;
inline constexpr int kBcbFamily = 1;
inline constexpr int kInnsCathedralsFamily = 2;
inline constexpr int kTradersBuildersFamily = 3;
inline constexpr int kPrincessDragonFamily = 4;
inline constexpr int kAbbeyMayorFamily = 5;
inline constexpr int kMixedFamily = 6;
using ValueWeightTable = std::array<ValueWeights, kValueFamilyCount>;
const std::array<const char*, kValueFamilyCount>& value_family_names();
// The family whose weights judge games of `rules`.
int value_family(const RuleSet& rules);
// The shipped weights (value_weights.inc).
const ValueWeightTable& shipped_value_weights();

// What the features are computed from, gathered from a position once.
struct PositionFacts {
  int players = 2;
  bool over = false;
  double t = 0.0;
  std::array<double, kMaxPlayers> now{}, projected{}, judged{}, followers{};
  std::array<double, kMaxPlayers> abbeys{}, barns{}, mayors_and_wagons{};  // in hand
  std::vector<OpenFeature> open;
  std::vector<FarmCity> farms;
};
PositionFacts position_facts(const GameState& state);

std::array<ValueFeatures, kMaxPlayers> value_features(const PositionFacts& facts,
                                                      const CompletionWeights& completion);
// With the shipped completion weights.
std::array<ValueFeatures, kMaxPlayers> value_features(const GameState& state);

// The model's prediction of every player's final margin (features . weights) with the shipped
// weights of the game's family; at the end of the game, the final margin itself.
std::array<double, kMaxPlayers> predicted_margins(const GameState& state);

}  // namespace carcassonne
