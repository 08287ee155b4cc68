// Training of the learned evaluation (bots/value_model.h, bots/outlook.h) from self-play.
//
// Promise: deterministic for its options (the same options give the same weights, whatever the
// number of threads). The greedy bot plays every seat, with one tile placement or figure
// decision in `explore` played at random (never a bid: random bids run to a hundred points) so
// that the positions vary, on decks of every rule set it trains on. At half of the tile
// placements (chosen by a seeded generator) the position's facts are kept
// (bots/value_model.h's PositionFacts: the very numbers play computes), and at the game's end
// each kept open feature is labelled by whether it was completed and each player by its final
// margin over the best opponent. Then two fits, with Eigen:
//  1. the chance of completion: logistic regression (Newton's method, a small ridge) of the
//     labels on the features' CompletionFacts;
//  2. the final margin: ridge regression of the margins on the value features computed with
//     those chances, each rule set weighted by the inverse of its margins' variance (margins
//     with all five expansions run to hundreds of points): one fit of all games pooled, then one
//     per family of rule sets (value_model.h), drawn towards the pooled weights by the ridge (a
//     family without games keeps the pooled weights).
// One game in four is kept apart to report how well each fit predicts.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bots/outlook.h"
#include "bots/value_model.h"

namespace carcassonne {

struct TrainingOptions {
  int games = 2000;
  std::uint64_t seed = 1;
  double ridge = 1e-3;   // per sample, on both fits
  double explore = 0.1;  // share of placements and figure decisions played at random
  int threads = 1;       // games played at once (the weights do not depend on it)
  // The rule sets to train on, by name (training_rule_set_names()); empty: all of them.
  std::vector<std::string> rule_sets;
};

// The rule sets training knows, in order: base, bcb, each of ic, tb, pd, am alone, and all five
// (one per family of value_model.h, in the same order).
std::vector<std::string> training_rule_set_names();

struct RuleSetFit {
  std::string name;  // "base", "bcb", "bcb+ic+tb+pd+am", ...
  int games = 0;
  double rms_learned = 0.0;  // held-out rms error of the final margin, learned model
  double rms_greedy = 0.0;   // the same for the greedy evaluation alone
};

struct TrainingResult {
  CompletionWeights completion{};
  ValueWeightTable value{};               // per family (value_model.h)
  std::size_t positions = 0;              // kept positions (each gives one row per player)
  std::size_t features = 0;               // kept open features
  double completion_log_loss = 0.0;       // held out, natural log per feature
  double completion_base_rate = 0.0;      // share of held-out features completed
  double completion_base_log_loss = 0.0;  // held-out loss of predicting the base rate
  std::vector<RuleSetFit> rule_sets;
};

// `progress` is told each rule set's name once its games are played.
TrainingResult train_value(const TrainingOptions& options,
                           const std::function<void(const std::string&)>& progress = {});

// The text of completion_weights.inc and value_weights.inc: a header naming the command that
// wrote it and what the fit achieved, then one number per line.
std::string completion_weights_file(const TrainingOptions& options, const TrainingResult& result);
std::string value_weights_file(const TrainingOptions& options, const TrainingResult& result);

}  // namespace carcassonne
