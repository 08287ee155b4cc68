// The outlook of open features (bots/outlook.h) and the training of the learned evaluation
// (training/value_training.h).
#include "bots/outlook.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

#include "bots/value_model.h"
#include "core/game.h"
#include "training/value_training.h"

namespace carcassonne {
namespace {

TileType tile(std::string_view id) {
  return *find_tile_type(id);
}

// Player 0 places E south of the start tile, its city facing away, and a follower in that city
// (or, with `on` Field, in the field beside it); the deck is `deck` (E first).
GameState city_in_the_open(const std::vector<TileType>& deck, FeatureKind on = FeatureKind::City) {
  GameConfig config{RuleSet{}, 2, tile("D"), deck, std::nullopt, {}};
  GameState state = *GameState::create(config);
  MoveList moves;
  state.legal_moves(moves);
  bool placed = false;
  for (const Move& move : moves)
    if (move.kind == MoveKind::Place && move.x == 0 && move.y == 1) {
      state.apply_unchecked(move);
      placed = true;
      break;
    }
  EXPECT_TRUE(placed);
  state.legal_moves(moves);
  for (const Move& move : moves)
    if (move.kind == MoveKind::Meeple &&
        state.features().node(state.feature_of(state.turn_tile(), move.segment)).kind == on) {
      state.apply_unchecked(move);
      return state;
    }
  ADD_FAILURE() << "no follower move onto E's " << (on == FeatureKind::City ? "city" : "field");
  return state;
}

TEST(Outlook, ACityWhoseSquareNoUnseenTileFitsIsDead) {
  // After the follower, player 1 draws a V: the two unseen tiles are curves, with no city edge.
  const GameState state = city_in_the_open({tile("E"), tile("V"), tile("V"), tile("V")});
  const std::vector<OpenFeature> open = open_features(state);
  ASSERT_EQ(open.size(), 1u);
  const CompletionFacts& facts = open[0].facts;
  EXPECT_EQ(facts[1], 1.0);                             // a city
  EXPECT_EQ(facts[3], 1.0);                             // one square to fill
  EXPECT_EQ(facts[6], 1.0);                             // dead
  EXPECT_NEAR(facts[7], -std::log(0.5 / 2.5), 1e-12);   // none of the 2 unseen tiles fits
  EXPECT_NEAR(facts[8], 1.0 / (1.0 + 2.0 / 2), 1e-12);  // 2 tiles left for 2 players
  EXPECT_NEAR(facts[9], std::log(3.0), 1e-12);
  EXPECT_EQ(open[0].holders, 1u);
  EXPECT_EQ(open[0].figures[0], 1);
  EXPECT_EQ(open[0].figures[1], 0);
  EXPECT_EQ(open[0].completion_gain, 1.0);  // one tile: 1 point now, 2 completed
}

TEST(Outlook, ACityWhoseSquareEveryUnseenTileFitsIsLive) {
  // Player 1 draws the V; both unseen tiles are E, which close the city.
  const GameState state = city_in_the_open({tile("E"), tile("V"), tile("E"), tile("E")});
  const std::vector<OpenFeature> open = open_features(state);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].facts[6], 0.0);
  EXPECT_NEAR(open[0].facts[7], 0.0, 1e-12);  // -ln((2 + 0.5) / (2 + 0.5))
  const double chance = completion_chance(open[0].facts, shipped_completion_weights());
  EXPECT_GT(chance, 0.0);
  EXPECT_LT(chance, 1.0);
  // A dead square makes completion far less likely.
  CompletionFacts dead = open[0].facts;
  dead[6] = 1.0;
  EXPECT_LT(completion_chance(dead, shipped_completion_weights()), chance);
}

// The same board, the same scores: only the unseen tiles differ. The learned evaluation counts the
// city that can still be closed for its owner; the greedy evaluation cannot tell them apart.
TEST(Outlook, TheLearnedEvaluationValuesACityThatCanStillBeClosed) {
  const GameState dead = city_in_the_open({tile("E"), tile("V"), tile("V"), tile("V")});
  const GameState live = city_in_the_open({tile("E"), tile("V"), tile("E"), tile("E")});
  EXPECT_GT(predicted_margins(live)[0], predicted_margins(dead)[0] + 0.1);
  EXPECT_LT(predicted_margins(live)[1], predicted_margins(dead)[1] - 0.1);
}

// A farmer beside E's open city: the city is no open feature of anyone's (nobody holds it), but
// the field's holder scores it at the end if it is completed.
TEST(Outlook, AFarmerCountsTheOpenCityItsFieldBorders) {
  const GameState state =
      city_in_the_open({tile("E"), tile("V"), tile("E"), tile("E")}, FeatureKind::Field);
  EXPECT_TRUE(open_features(state).empty());
  const std::vector<FarmCity> pairs = farm_cities(state);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].points[0], 3);  // a farmer's 3 points for a completed city
  EXPECT_EQ(pairs[0].points[1], 0);
  EXPECT_EQ(pairs[0].facts[1], 1.0);  // a city
  EXPECT_EQ(pairs[0].facts[3], 1.0);  // one square to fill
  EXPECT_EQ(pairs[0].facts[6], 0.0);  // both unseen tiles close it
  const OutlookSums sums = expected_outlook(state, shipped_completion_weights());
  EXPECT_NEAR(sums.farm[0], 3 * completion_chance(pairs[0].facts, shipped_completion_weights()),
              1e-12);
  EXPECT_EQ(sums.farm[1], 0.0);
  // The walk without allocation and the gathered lists give the same sums.
  const OutlookSums gathered =
      expected_outlook(open_features(state), pairs, 2, shipped_completion_weights());
  EXPECT_EQ(gathered.farm, sums.farm);
}

TEST(Outlook, EveryOpenFeatureHoldsAFollowerAndIsNotComplete) {
  RuleSet rules;
  for (const Expansion e :
       {Expansion::BridgesCastlesBazaars, Expansion::InnsCathedrals, Expansion::TradersBuilders,
        Expansion::PrincessDragon, Expansion::AbbeyMayor})
    rules.add(e);
  GameConfig config{rules, 3, 3, shuffled_deck(rules, 3, 11), 11, {}};
  GameState state = *GameState::create(config);
  Pcg32 rng(11);
  MoveList moves;
  int seen = 0;
  while (!state.over()) {
    for (const OpenFeature& open : open_features(state)) {
      const NodeId root = state.features().find_const(open.member);
      ASSERT_FALSE(state.feature_complete(root));
      int figures = 0;
      for (const int f : open.figures) figures += f;
      ASSERT_GE(figures, 1);
      // Every holder has a follower on it (a mayor in a city without pennants holds nothing).
      for (int p = 0; p < 3; ++p)
        if ((open.holders >> p) & 1u) {
          ASSERT_GE(open.figures[static_cast<std::size_t>(p)], 1);
        }
      ASSERT_GE(open.completion_gain, 0.0);
      for (const double fact : open.facts) ASSERT_TRUE(std::isfinite(fact));
      ASSERT_GE(open.facts[3], 0.0);
      ++seen;
    }
    for (const FarmCity& pair : farm_cities(state)) {
      ASSERT_EQ(pair.facts[1], 1.0);
      ASSERT_NE(pair.points, (std::array<std::uint8_t, kMaxPlayers>{}));
      for (const double fact : pair.facts) ASSERT_TRUE(std::isfinite(fact));
    }
    const OutlookSums walked = expected_outlook(state, shipped_completion_weights());
    const OutlookSums gathered =
        expected_outlook(open_features(state), farm_cities(state), 3, shipped_completion_weights());
    ASSERT_EQ(walked.gain, gathered.gain);
    ASSERT_EQ(walked.returns, gathered.returns);
    ASSERT_EQ(walked.farm, gathered.farm);
    state.legal_moves(moves);
    state.apply_unchecked(
        moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
  }
  EXPECT_GT(seen, 100);
}

// A barn holds its farm as farmers do, for 4 points a city to its owner (Abbey & Mayor, AM-21):
// every open city bordering a barn's farm is a farm city worth 4 to the barn's owner, and only
// those are. Found in random games, whose barns end up beside cities of every kind.
TEST(Outlook, ABarnCountsTheOpenCitiesOfItsFarmAtFourPoints) {
  RuleSet rules;
  rules.add(Expansion::AbbeyMayor);
  int barns_seen = 0;
  for (std::uint64_t seed = 1; seed <= 20 && barns_seen < 30; ++seed) {
    GameConfig config{rules, 2, tile("D"), shuffled_deck(rules, tile("D"), seed), seed, {}};
    GameState state = *GameState::create(config);
    Pcg32 rng(seed);
    MoveList moves;
    while (!state.over()) {
      const FeatureGraph& graph = state.features();
      for (const Follower& barn : state.followers()) {
        if (barn.kind != FigureKind::Barn) continue;
        std::vector<NodeId> open_cities;
        for_each_bordering_city(
            graph, state.placed_tiles(), graph.find_const(barn.node), [&](NodeId city) {
              const FeatureNode& node = graph.node(city);
              if (!node.castle && !node.scored && !state.feature_complete(city) &&
                  std::find(open_cities.begin(), open_cities.end(), city) == open_cities.end())
                open_cities.push_back(city);
            });
        int worth_four = 0;
        for (const FarmCity& pair : farm_cities(state))
          if (pair.points[static_cast<std::size_t>(barn.player)] >= 4) ++worth_four;
        ASSERT_EQ(worth_four, static_cast<int>(open_cities.size()));
        barns_seen += open_cities.empty() ? 0 : 1;
      }
      state.legal_moves(moves);
      state.apply_unchecked(
          moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
    }
  }
  EXPECT_GE(barns_seen, 30);  // positions with a barn beside an open city
}

std::string file_text(const std::string& path) {
  std::ifstream file(path);
  EXPECT_TRUE(file) << path;
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The text with every number replaced by '#', and the numbers.
struct PrintedNumber {
  double value;
  double last_digit;  // the value of one unit in its last printed digit
};
std::pair<std::string, std::vector<PrintedNumber>> split_numbers(const std::string& text) {
  const auto digit = [&text](std::size_t i) {
    return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0;
  };
  std::string skeleton;
  std::vector<PrintedNumber> numbers;
  for (std::size_t i = 0; i < text.size();) {
    if (!digit(i) && !(text[i] == '-' && digit(i + 1))) {
      skeleton += text[i++];
      continue;
    }
    std::size_t end = i + 1;
    while (digit(end)) ++end;
    int decimals = 0;
    if (end < text.size() && text[end] == '.' && digit(end + 1))
      for (++end; digit(end); ++end) ++decimals;
    numbers.push_back({std::stod(text.substr(i, end - i)), std::pow(10.0, -decimals)});
    skeleton += '#';
    i = end;
  }
  return {skeleton, numbers};
}

// The same text, with the same numbers up to the last printed digit (the sanitizer build may
// round a last digit the other way).
void expect_same_file(const std::string& written, const std::string& path) {
  const auto [want_text, want_numbers] = split_numbers(file_text(path));
  const auto [text, numbers] = split_numbers(written);
  EXPECT_EQ(text, want_text) << path;
  ASSERT_EQ(numbers.size(), want_numbers.size()) << path;
  for (std::size_t i = 0; i < numbers.size(); ++i)
    EXPECT_NEAR(numbers[i].value, want_numbers[i].value, want_numbers[i].last_digit * 1.001)
        << path << " number " << i;
}

// A small run reproduces, number for number, the files it wrote when they were checked in
// (tests/training: `carcassonne train-value --games 16 --seed 3 --rule-sets base,bcb --out
// tests/training`), with one thread or two.
TEST(ValueTraining, ASmallRunReproducesItsFilesWhateverTheThreads) {
  TrainingOptions options;
  options.games = 16;
  options.seed = 3;
  options.rule_sets = {"base", "bcb"};
  const TrainingResult one = train_value(options);
  options.threads = 2;
  const TrainingResult two = train_value(options);
  EXPECT_EQ(one.completion, two.completion);
  EXPECT_EQ(one.value, two.value);
  EXPECT_GT(one.features, 100u);
  // The chance of completion predicts better than the base rate on games kept apart.
  EXPECT_LT(one.completion_log_loss, one.completion_base_log_loss);
  const std::string dir = std::string(CARCASSONNE_SOURCE_DIR) + "/tests/training/";
  expect_same_file(completion_weights_file(options, two), dir + "completion_weights.inc");
  expect_same_file(value_weights_file(options, two), dir + "value_weights.inc");
}

// The shipped weights were written by the trainer, with one number per weight (per family of rule
// sets for the value model).
TEST(ValueTraining, TheShippedWeightFilesComeFromTheTrainer) {
  for (const auto& [name, count] :
       {std::pair<std::string, int>{"completion_weights.inc", kCompletionFactCount},
        std::pair<std::string, int>{"value_weights.inc", kValueFeatureCount * kValueFamilyCount}}) {
    std::ifstream file(std::string(CARCASSONNE_SOURCE_DIR) + "/src/bots/" + name);
    ASSERT_TRUE(file) << name;
    std::string line;
    std::getline(file, line);
    EXPECT_EQ(line.rfind("// Written by carcassonne train-value --games ", 0), 0u) << name;
    int numbers = 0;
    while (std::getline(file, line))
      if (!line.empty() && (std::isdigit(static_cast<unsigned char>(line[0])) || line[0] == '-'))
        ++numbers;
    EXPECT_EQ(numbers, count) << name;
  }
}

}  // namespace
}  // namespace carcassonne
