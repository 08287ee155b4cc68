#include "bots/value_model.h"

#include <algorithm>

#include "bots/evaluation.h"

namespace carcassonne {

namespace {

// Written by `carcassonne train-value` (its header says how): for each family, in the order of
// value_family_names(), kValueFeatureCount numbers.
constexpr ValueWeightTable kWeights = {{
#include "bots/value_weights.inc"
}};

// Every player's score now.
std::array<double, kMaxPlayers> scores_of(const GameState& state) {
  std::array<double, kMaxPlayers> scores{};
  for (int p = 0; p < state.player_count(); ++p)
    scores[static_cast<std::size_t>(p)] = state.score(static_cast<PlayerId>(p));
  return scores;
}

// Everything but the open features.
PositionFacts facts_without_open(const GameState& state) {
  PositionFacts facts;
  const int n = state.player_count();
  facts.players = n;
  facts.over = state.over();
  // One projection of the final scores serves both the projected margin and the judgement.
  const std::array<int, kMaxPlayers> final_scores = state.projected_final_scores();
  facts.now = scores_of(state);
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    facts.projected[i] = final_scores[i];
    const auto player = static_cast<PlayerId>(p);
    facts.followers[i] = state.followers_in_supply(player);
    facts.abbeys[i] = state.abbey_held(player) ? 1.0 : 0.0;
    facts.barns[i] = state.figures_in_supply(player, FigureKind::Barn);
    facts.mayors_and_wagons[i] = state.figures_in_supply(player, FigureKind::Mayor) +
                                 state.figures_in_supply(player, FigureKind::Wagon);
  }
  // evaluate_all is already a margin over the best opponent.
  facts.judged = evaluate_all(state, final_scores);
  const int placed = static_cast<int>(state.placed_tiles().size());
  const int left = state.over() ? 0 : state.tiles_left_in_deck();
  facts.t = static_cast<double>(left) / std::max(1, left + placed - 1);
  return facts;
}

std::array<ValueFeatures, kMaxPlayers> features_of(const PositionFacts& facts,
                                                   const OutlookSums& outlook) {
  const int n = facts.players;
  const auto now = margins_over_best_other(facts.now, n);
  const auto projected = margins_over_best_other(facts.projected, n);
  const auto in_hand = margins_over_best_other(facts.followers, n);
  const auto gains = margins_over_best_other(outlook.gain, n);
  const auto returning = margins_over_best_other(outlook.returns, n);
  const auto farm = margins_over_best_other(outlook.farm, n);
  const auto abbeys = margins_over_best_other(facts.abbeys, n);
  const auto barns = margins_over_best_other(facts.barns, n);
  const auto mayors_and_wagons = margins_over_best_other(facts.mayors_and_wagons, n);
  const double t = facts.t;
  std::array<ValueFeatures, kMaxPlayers> features{};
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    const double judged = facts.judged[i];
    features[i] = {1.0,
                   now[i],
                   projected[i],
                   judged,
                   t,
                   now[i] * t,
                   projected[i] * t,
                   judged * t,
                   in_hand[i],
                   in_hand[i] * t,
                   gains[i],
                   gains[i] * t,
                   returning[i],
                   returning[i] * t,
                   farm[i],
                   farm[i] * t,
                   abbeys[i],
                   abbeys[i] * t,
                   barns[i],
                   barns[i] * t,
                   mayors_and_wagons[i],
                   mayors_and_wagons[i] * t};
  }
  return features;
}

}  // namespace

const std::array<const char*, kValueFamilyCount>& value_family_names() {
  static constexpr std::array<const char*, kValueFamilyCount> names = {
      "base", "bcb", "ic", "tb", "pd", "am", "bcb+ic+tb+pd+am"};
  return names;
}

int value_family(const RuleSet& rules) {
  constexpr std::array<Expansion, 4> later = {Expansion::InnsCathedrals, Expansion::TradersBuilders,
                                              Expansion::PrincessDragon, Expansion::AbbeyMayor};
  static_assert(kTradersBuildersFamily == kInnsCathedralsFamily + 1 &&
                kPrincessDragonFamily == kInnsCathedralsFamily + 2 &&
                kAbbeyMayorFamily == kInnsCathedralsFamily + 3);
  int family = rules.has(Expansion::BridgesCastlesBazaars) ? kBcbFamily : kBaseFamily;
  int count = 0;
  for (std::size_t i = 0; i < later.size(); ++i)
    if (rules.has(later[i])) {
      family = kInnsCathedralsFamily + static_cast<int>(i);
      ++count;
    }
  return count >= 2 ? kMixedFamily : family;
}

const ValueWeightTable& shipped_value_weights() {
  return kWeights;
}

PositionFacts position_facts(const GameState& state) {
  PositionFacts facts = facts_without_open(state);
  facts.open = open_features(state);
  facts.farms = farm_cities(state);
  return facts;
}

std::array<ValueFeatures, kMaxPlayers> value_features(const PositionFacts& facts,
                                                      const CompletionWeights& completion) {
  return features_of(facts, expected_outlook(facts.open, facts.farms, facts.players, completion));
}

std::array<ValueFeatures, kMaxPlayers> value_features(const GameState& state) {
  return features_of(facts_without_open(state),
                     expected_outlook(state, shipped_completion_weights()));
}

std::array<double, kMaxPlayers> predicted_margins(const GameState& state) {
  const int n = state.player_count();
  if (state.over()) return margins_over_best_other(scores_of(state), n);
  const std::array<ValueFeatures, kMaxPlayers> features = value_features(state);
  const ValueWeights& weights = kWeights[static_cast<std::size_t>(value_family(state.rules()))];
  std::array<double, kMaxPlayers> result{};
  for (int p = 0; p < n; ++p)
    for (int k = 0; k < kValueFeatureCount; ++k)
      result[static_cast<std::size_t>(p)] +=
          features[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)] *
          weights[static_cast<std::size_t>(k)];
  return result;
}

}  // namespace carcassonne
