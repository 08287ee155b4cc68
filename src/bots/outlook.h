// The outlook of the open features: how likely each held road, city and cloister is to be
// completed, given the board and the tiles nobody has seen yet, and what that is worth to whom.
//
// Promise: pure functions of a GameState (no randomness, no I/O, no hidden information: only the
// unseen multiset is read, never the deck's order). The chance of completion is a logistic model
// over a few facts of the feature (CompletionFacts); its weights are data
// (completion_weights.inc) fitted to self-play games by `carcassonne train-value`
// (training/value_training.h), which reads the facts through this very module, so training and
// play cannot disagree.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/game.h"

namespace carcassonne {

// The facts a feature's chance of completion is predicted from, in order: 1; city; cloister; k,
// the empty squares it still needs filled (those its open road or city edges face, a cloister's
// empty neighbours); k x city; k x cloister; dead, 1 when one of those squares fits no
// unseen tile (nothing can ever fill it); scarcity, the sum over those squares of
// -ln((tiles that fit + 0.5) / (unseen tiles + 0.5)); k / (1 + r) where r is the tiles still to
// come per player; ln(1 + tiles still to come).
inline constexpr int kCompletionFactCount = 10;
using CompletionFacts = std::array<double, kCompletionFactCount>;
using CompletionWeights = std::array<double, kCompletionFactCount>;

// The shipped weights (completion_weights.inc).
const CompletionWeights& shipped_completion_weights();

// The chance a feature with these facts is completed before the game ends: 1 / (1 + e^-(w . x)).
double completion_chance(const CompletionFacts& facts, const CompletionWeights& weights);

// An open road, city (not a castle) or cloister that holds at least one follower.
struct OpenFeature {
  CompletionFacts facts{};
  NodeId member = 0;  // a node of the feature (its root may change as it grows; a member stays)
  // What completing it adds to its holders' final score (completed value minus final value: a
  // city's doubling, a cloister's missing neighbours, an inn road's or cathedral city's all).
  double completion_gain = 0.0;
  std::uint8_t holders = 0;                         // bit p: player p has the majority (ties too)
  std::array<std::uint8_t, kMaxPlayers> figures{};  // each player's followers on it
};

// Every open feature held by a follower, in the order of the figures that first name them.
std::vector<OpenFeature> open_features(const GameState& state);

// A field held by a follower or a barn and an open city (not a castle) it borders: at the end
// the field's farmers' majority scores 3 for the city if it is completed by then, and each barn
// on it 4 to its owner (Abbey & Mayor).
struct FarmCity {
  CompletionFacts facts{};  // the city's
  // What the city's completion is worth to each player at the end: 3 to every player of the
  // farmers' majority (ties too), 4 for each of its barns to their owners.
  std::array<std::uint8_t, kMaxPlayers> points{};
};

// Every such pair, a city bordered by several held fields once for each of them.
std::vector<FarmCity> farm_cities(const GameState& state);

// What the open features promise each player: the expected completion gain (the sum over the
// features a player holds of chance x completion_gain), the expected returns (the sum over
// features of chance x the player's followers on it) and the expected farm points (the sum over
// the open cities bordering the fields a player holds of chance x what the city is worth to the
// player there: FarmCity::points).
struct OutlookSums {
  std::array<double, kMaxPlayers> gain{}, returns{}, farm{};
};
// From the position, without allocating (the search calls it at its leaves).
OutlookSums expected_outlook(const GameState& state, const CompletionWeights& weights);
// From open features and farm cities gathered before (as the trainer keeps them); the same sums.
OutlookSums expected_outlook(const std::vector<OpenFeature>& open,
                             const std::vector<FarmCity>& farms, int players,
                             const CompletionWeights& weights);

}  // namespace carcassonne
