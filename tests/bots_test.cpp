// Bots: they only ever play legal moves (in every combination of expansions and rule options the
// registry knows), identical seeds give identical games, the search bot takes a win that an
// exhaustive search proves is there, and the greedy bot judges the large follower, inns and
// cathedrals sensibly in small crafted positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bots/bot.h"
#include "bots/evaluation.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "bots/value_model.h"
#include "core/notation.h"
#include "core/random.h"
#include "core/rules.h"
#include "record/record.h"
#include "rule_variants.h"
#include "scenario_util.h"

namespace carcassonne {
namespace {

int scaled(int n) {
  return std::max(2, static_cast<int>(n * sweep_scale()));
}

// Expansions by record name and rule options (name, value) that differ from the defaults.
struct RuleCase {
  std::vector<std::string> expansions;
  std::vector<std::pair<std::string, std::string>> options;
};

std::string describe(const RuleCase& rules) {
  std::string text = "expansions {";
  for (const std::string& name : rules.expansions) text += " " + name;
  text += " }";
  for (const auto& [name, value] : rules.options) text += " " + name + "=" + value;
  return text;
}

// Every rule set (rule_variants.h), by record names.
std::vector<RuleCase> every_rule_case() {
  std::vector<RuleCase> cases;
  for (const RuleVariant& variant : every_rule_variant()) {
    RuleCase chosen;
    for (const Expansion expansion : variant.expansions)
      chosen.expansions.emplace_back(expansion_name(expansion));
    if (variant.option) chosen.options.push_back(*variant.option);
    cases.push_back(chosen);
  }
  return cases;
}

// The rule cases a bots test plays in this run: all of them at full scale; in the sanitizer run
// (scale below 1) the sample of variants_played() from `offset` (rule_variants.h), so that greedy
// and MCTS still run under the sanitizers with every expansion and every option's value while the
// release run checks every case.
std::vector<RuleCase> rule_cases_for_this_run(std::size_t offset) {
  const std::vector<RuleCase> cases = every_rule_case();
  const std::vector<bool> played = variants_played(every_rule_variant(), offset);
  std::vector<RuleCase> sample;
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (played[i]) sample.push_back(cases[i]);
  return sample;
}

Record new_record(const RuleCase& rules, int players, std::uint64_t seed) {
  Record record;
  for (int p = 0; p < players; ++p) record.players.push_back("p" + std::to_string(p));
  for (const std::string& name : rules.expansions) record.rules.add(*parse_expansion_name(name));
  for (const auto& [name, value] : rules.options)
    EXPECT_TRUE(set_rule_option(record.rules, name, value).ok()) << describe(rules);
  record.seed = seed;
  return record;
}

bool has_expansion(const RuleCase& rules, const std::string& name) {
  return std::find(rules.expansions.begin(), rules.expansions.end(), name) !=
         rules.expansions.end();
}

// Checks that hold after every move: the engine's own invariants, and that no figure is lost or
// made: on the board plus in supply is what each player started with.
void expect_consistent(const GameState& state, const std::string& where) {
  ASSERT_EQ(state.check_invariants(), "") << where;
  // What each player starts with: 7 followers, and one of each figure an expansion brings.
  std::array<int, kFigureKindCount> expected{};
  expected[static_cast<std::size_t>(FigureKind::Follower)] = 7;
  expected[static_cast<std::size_t>(FigureKind::LargeFollower)] =
      state.has(Mechanic::LargeFollower) ? 1 : 0;
  expected[static_cast<std::size_t>(FigureKind::Builder)] = state.has(Mechanic::Builder) ? 1 : 0;
  expected[static_cast<std::size_t>(FigureKind::Pig)] = state.has(Mechanic::Pig) ? 1 : 0;
  expected[static_cast<std::size_t>(FigureKind::Mayor)] = state.has(Mechanic::Mayor) ? 1 : 0;
  expected[static_cast<std::size_t>(FigureKind::Wagon)] = state.has(Mechanic::Wagon) ? 1 : 0;
  expected[static_cast<std::size_t>(FigureKind::Barn)] = state.has(Mechanic::Barn) ? 1 : 0;
  for (int p = 0; p < state.player_count(); ++p) {
    const auto player = static_cast<PlayerId>(p);
    std::array<int, kFigureKindCount> figures{};
    for (int k = 0; k < kFigureKindCount; ++k)
      figures[static_cast<std::size_t>(k)] =
          state.figures_in_supply(player, static_cast<FigureKind>(k));
    for (const Follower& f : state.followers())
      if (f.player == player) ++figures[static_cast<std::size_t>(f.kind)];
    for (int k = 0; k < kFigureKindCount; ++k)
      EXPECT_EQ(figures[static_cast<std::size_t>(k)], expected[static_cast<std::size_t>(k)])
          << where << ": " << kFigureTable[k].name << " figures of player " << p;
  }
  if (state.over()) {
    EXPECT_TRUE(state.followers().empty()) << where << ": figures left at the end";
  }
}

// Plays a whole game with the given bot specs (one per seat), checking every move; returns the
// record.
Record play_checked(const RuleCase& rules, const std::vector<std::string>& specs,
                    std::uint64_t seed) {
  Record record = new_record(rules, static_cast<int>(specs.size()), seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    auto bot = make_bot(specs[i], seed * 31 + i);
    EXPECT_TRUE(bot.ok()) << bot.error().message;
    bots.push_back(std::move(bot).value());
  }
  const std::string where = describe(rules) + ", seed " + std::to_string(seed);
  GameState state = *replay(record);
  while (!state.over()) {
    const PlayerId player = state.pending().player;
    const Move move = bots[static_cast<std::size_t>(player)]->choose_move(
        state.observation(state.current_player()));
    const auto illegal = state.check_as(player, move);
    EXPECT_FALSE(illegal.has_value())
        << where << ": " << specs[static_cast<std::size_t>(player)] << " played "
        << format_move(state, move) << ": " << illegal->message;
    if (illegal) break;
    record_and_apply(record, state, move);
    expect_consistent(state, where + ", move " + std::to_string(record.actions.size()));
    if (::testing::Test::HasFatalFailure()) break;
  }
  EXPECT_TRUE(state.over()) << where;
  return record;
}

TEST(Bots, RuleCasesCoverEveryCombinationOfExpansions) {
  const std::vector<RuleCase> cases = every_rule_case();
  std::size_t with_all = 0;
  for (const RuleCase& rules : cases) {
    Record record = new_record(rules, 2, 1);
    EXPECT_TRUE(replay(record).ok()) << describe(rules);
    with_all += rules.expansions.size() + 1 == kExpansionTable.size();
  }
  EXPECT_GE(cases.size(), std::size_t{1} << (kExpansionTable.size() - 1));
  EXPECT_GE(with_all, 1u);
}

TEST(Bots, RandomAndGreedyPlayOnlyLegalMovesInEveryRuleSet) {
  for (const RuleCase& rules : rule_cases_for_this_run(0)) {
    // Greedy weighs every fairy and portal option by a whole evaluation: Princess & Dragon games
    // take it about eight times longer, so they play a third as many games here. Abbey & Mayor
    // doubles the combinations: those play one or two games each, unscaled, of 2 or 3 players.
    const bool pd = has_expansion(rules, "pd");
    const bool am = has_expansion(rules, "am");
    // A rule option changes one decision or two: its variants play a third as many games as the
    // combination with default options (there are twice as many of them).
    const int share = rules.options.empty() ? 1 : 3;
    const int games = std::max(1, (am ? (pd ? 1 : 2) : scaled(pd ? 4 : 12)) / share);
    for (int g = 0; g < games; ++g) {
      const int players = am ? 2 + g % 2 : 2 + g % 5;
      std::vector<std::string> specs;
      for (int p = 0; p < players; ++p) specs.push_back(p % 2 == 0 ? "greedy" : "random");
      play_checked(rules, specs, 500 + static_cast<std::uint64_t>(g));
    }
  }
}

TEST(Bots, MctsPlaysOnlyLegalMovesInEveryRuleSet) {
  // The sanitizer run (scale below 1) plays one game per case, against the random bot: its
  // sample of cases already meets every mechanic, greedy is checked there by the test above, and
  // the release run plays the rest.
  const bool short_run = sweep_scale() < 1.0;
  for (const RuleCase& rules : rule_cases_for_this_run(2))
    for (int g = 0;
         g < (has_expansion(rules, "am") || !rules.options.empty() || short_run ? 1 : scaled(3));
         ++g) {
      const int players = 2 + g % 3;
      std::vector<std::string> specs = {"mcts:playouts=24", short_run ? "random" : "greedy"};
      while (static_cast<int>(specs.size()) < players) specs.push_back("random");
      play_checked(rules, specs, 700 + static_cast<std::uint64_t>(g));
    }
}

TEST(Bots, TheLearnedEvaluationAndTheRootPriorPlayOnlyLegalMovesInEveryRuleSet) {
  // Every combination of expansions; the rule options are left to the tests above: they change
  // which moves are legal, which those check, while the learned evaluation and the prior read
  // the same board, features and supplies whatever the options.
  for (const RuleCase& rules : rule_cases_for_this_run(2))
    if (rules.options.empty())
      play_checked(rules, {"mcts:playouts=16:learned=1:bias=1", "random"}, 900);
}

TEST(Bots, GreedyRolloutsAndRootCandidatesPlayOnlyLegalMovesInEveryRuleSet) {
  // The informed rollouts (greedy decisions, finishing the turn greedily), a flat tree and the
  // root cut to the greedy judgement's best moves. Greedy rollouts are slow: each expansion on
  // its own and all of them together, with default options, are enough to meet every mechanic.
  // The sanitizer run (scale below 1) plays each on its own only: the game with all of them takes
  // it two minutes, the others a few seconds each, and they run the same code.
  const bool together_too = sweep_scale() >= 1.0;
  for (const RuleCase& rules : every_rule_case()) {
    const bool all = rules.expansions.size() + 1 == kExpansionTable.size();
    const bool alone = rules.expansions.size() <= 1;
    if (!rules.options.empty() || !(alone || (all && together_too))) continue;
    play_checked(rules,
                 {"mcts:playouts=6:policy=1:finish=1:rollout=1:depth=1:top=3:scale=25", "random"},
                 950);
  }
}

TEST(Mcts, UnsetOptionsAreTunedForTheRuleSetAndGivenOnesKept) {
  RuleSet bcb;
  bcb.add(Expansion::BridgesCastlesBazaars);
  const MctsOptions small = tuned_for_rules(MctsOptions{}, bcb);
  EXPECT_EQ(*small.rollout_turns, 8);
  EXPECT_EQ(*small.bias, 0.0);
  EXPECT_EQ(*small.reward_scale, 10.0);
  MctsOptions learned;
  learned.learned_value = true;
  EXPECT_EQ(*tuned_for_rules(learned, bcb).bias, 1.0);
  for (const Expansion later : {Expansion::InnsCathedrals, Expansion::TradersBuilders,
                                Expansion::PrincessDragon, Expansion::AbbeyMayor}) {
    RuleSet rules = bcb;
    rules.add(later);
    const MctsOptions big = tuned_for_rules(MctsOptions{}, rules);
    EXPECT_EQ(*big.rollout_turns, 0);
    EXPECT_EQ(*big.bias, 5.0);
    EXPECT_EQ(*big.reward_scale, 30.0);
    MctsOptions given;
    given.rollout_turns = 5;
    given.bias = 0.0;
    given.reward_scale = 12.0;
    const MctsOptions kept = tuned_for_rules(given, rules);
    EXPECT_EQ(*kept.rollout_turns, 5);
    EXPECT_EQ(*kept.bias, 0.0);
    EXPECT_EQ(*kept.reward_scale, 12.0);
    // With the learned evaluation, only Princess & Dragon without the other three rolls out.
    EXPECT_EQ(*tuned_for_rules(learned, rules).rollout_turns,
              later == Expansion::PrincessDragon ? 8 : 0);
    EXPECT_EQ(*tuned_for_rules(learned, rules).bias, 5.0);
  }
  RuleSet dragon_and_abbey;
  dragon_and_abbey.add(Expansion::PrincessDragon);
  dragon_and_abbey.add(Expansion::AbbeyMayor);
  EXPECT_EQ(*tuned_for_rules(learned, dragon_and_abbey).rollout_turns, 0);
  // `mixed` playouts replace the playouts with two or more later expansions, and only then.
  MctsOptions master = learned;
  master.playouts = 20000;
  master.mixed_playouts = 5000;
  EXPECT_EQ(tuned_for_rules(master, dragon_and_abbey).playouts, 5000u);
  RuleSet dragon = bcb;
  dragon.add(Expansion::PrincessDragon);
  EXPECT_EQ(tuned_for_rules(master, dragon).playouts, 20000u);
  EXPECT_EQ(tuned_for_rules(master, bcb).playouts, 20000u);
  master.playouts = 0;  // a search for a time stays one
  EXPECT_EQ(tuned_for_rules(master, dragon_and_abbey).playouts, 0u);
}

TEST(Mcts, OneRootCandidatePlaysTheGreedyJudgementsBestMove) {
  // With top=1 the root keeps only the move the greedy judgement values most (move_values), so
  // the search can play nothing else, at every decision outside auctions.
  for (const RuleCase& rules : {RuleCase{{"bcb"}, {}}, RuleCase{{"ic", "tb", "pd", "am"}, {}}}) {
    Record record = new_record(rules, 2, 61);
    GameState state = *replay(record);
    MctsOptions options;
    options.playouts = 30;
    options.candidates = 1;
    MctsBot bot(options);
    int checked = 0;
    for (int decisions = 0; !state.over() && decisions < 60; ++decisions) {
      const Move move = bot.choose_move(state.observation(state.current_player()));
      ASSERT_FALSE(state.check(move).has_value());
      const Phase phase = state.phase();
      if (phase != Phase::AuctionChoose && phase != Phase::AuctionBid &&
          phase != Phase::AuctionDecide) {
        MoveList moves;
        state.legal_moves(moves);
        const std::vector<double> values = move_values(state);
        const double best = *std::max_element(values.begin(), values.end());
        for (int i = 0; i < moves.size(); ++i)
          if (moves[i] == move) {
            EXPECT_EQ(values[static_cast<std::size_t>(i)], best)
                << describe(rules) << ": " << format_move(state, move);
            ++checked;
          }
      }
      state.apply_unchecked(move);
    }
    EXPECT_GT(checked, 30) << describe(rules);
  }
}

TEST(ValueModel, PredictsTheFinalMarginOnceTheGameIsOver) {
  RuleSet rules;
  rules.add(Expansion::BridgesCastlesBazaars);
  GameConfig config{rules, 3, 3, shuffled_deck(rules, 3, 5), 5, {}};
  GameState state = *GameState::create(config);
  Pcg32 rng(5);
  MoveList moves;
  while (!state.over()) {
    // Features are finite and t falls from 1 to 0 as the tiles run out.
    const auto features = value_features(state);
    for (int p = 0; p < 3; ++p)
      for (double f : features[static_cast<std::size_t>(p)]) ASSERT_TRUE(std::isfinite(f));
    ASSERT_GE(features[0][4], 0.0);
    ASSERT_LE(features[0][4], 1.0);
    state.legal_moves(moves);
    state.apply_unchecked(
        moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
  }
  const auto margins = predicted_margins(state);
  for (int p = 0; p < 3; ++p) {
    int best_other = -1000000;
    for (int q = 0; q < 3; ++q)
      if (q != p) best_other = std::max(best_other, state.score(static_cast<PlayerId>(q)));
    EXPECT_EQ(margins[static_cast<std::size_t>(p)],
              state.score(static_cast<PlayerId>(p)) - best_other);
  }
}

TEST(Bots, IdenticalSeedsGiveIdenticalGames) {
  const RuleCase bcb = {{"bcb"}, {}};
  for (const std::vector<std::string>& specs :
       {std::vector<std::string>{"random", "random", "random"},
        std::vector<std::string>{"greedy", "random"},
        std::vector<std::string>{"mcts:playouts=40", "greedy"},
        std::vector<std::string>{"mcts:playouts=40:bias=1:learned=1", "greedy"}}) {
    const Record first = play_checked(bcb, specs, 42);
    const Record second = play_checked(bcb, specs, 42);
    EXPECT_EQ(first.actions, second.actions) << specs[0];
    const Record other = play_checked(bcb, specs, 43);
    EXPECT_NE(first.actions, other.actions) << specs[0];
  }
}

TEST(Bots, SpecsAreCheckedAndExplained) {
  EXPECT_TRUE(make_bot("random", 1).ok());
  EXPECT_TRUE(make_bot("greedy", 1).ok());
  EXPECT_TRUE(make_bot("mcts", 1).ok());
  EXPECT_TRUE(make_bot("mcts:ms=50:threads=2:c=0.5:rollout=2:widening=3", 1).ok());
  EXPECT_TRUE(make_bot("mcts:playouts=10:bias=1:learned=1", 1).ok());
  EXPECT_TRUE(make_bot("mcts:playouts=10:mixed=5:learned=1", 1).ok());
  EXPECT_TRUE(make_bot("mcts:playouts=10:policy=1:finish=1:top=5:depth=1:scale=20", 1).ok());
  // The named levels, and options after a level go to the bot it stands for.
  for (const BotLevel& level : kBotLevels) EXPECT_TRUE(make_bot(level.name, 1).ok()) << level.name;
  auto expert = make_bot("expert:ms=300", 1);
  ASSERT_TRUE(expert.ok());
  EXPECT_EQ((*expert)->budget().milliseconds, 300);
  EXPECT_EQ((*expert)->budget().threads, 2);
  // The master searches a fixed number of games on one thread: reproducible for its seed.
  auto master = make_bot("master", 1);
  ASSERT_TRUE(master.ok());
  EXPECT_EQ((*master)->budget().playouts, 20000u);
  EXPECT_EQ((*master)->budget().milliseconds, 0);
  EXPECT_EQ((*master)->budget().threads, 1);
  EXPECT_FALSE(make_bot("intermediate:ms=300", 1).ok());  // the greedy bot takes no options
  for (const char* bad :
       {"alphazero", "random:x=1", "greedy:ms=5", "mcts:ms", "mcts:ms=abc", "mcts:playouts=0",
        "mcts:threads=0", "mcts:speed=3", "mcts:ms=-1", "mcts:scale=0.5", ""}) {
    auto bot = make_bot(bad, 1);
    EXPECT_FALSE(bot.ok()) << bad;
    if (!bot.ok()) {
      EXPECT_FALSE(bot.error().message.empty());
    }
  }
}

// ---- The greedy bot with Inns & Cathedrals ----
//
// Maps: x grows east, y grows south; the start tile D lies at 0,0 r0 (city cap north, road
// west-east). U r90 is a straight road west-east, V r0 a curve joining west and south, V r90 a
// curve joining west and north, IC-B r0 a straight road west-east with an inn.

using Strings = std::vector<std::string>;

// The greedy bot plays the rest of the turn of the player deciding now; returns its moves.
Strings greedy_turn(GameState& state) {
  GreedyBot bot;
  const PlayerId player = state.pending().player;
  const int turn = state.turn_number();
  Strings played;
  while (!state.over() && state.pending().player == player && state.turn_number() == turn) {
    const Move move = bot.choose_move(state.observation(player));
    EXPECT_FALSE(state.check(move).has_value()) << format_move(state, move);
    played.push_back(format_move(state, move));
    state.apply_unchecked(move);
  }
  return played;
}

std::string joined(const Strings& moves) {
  std::string text;
  for (const std::string& m : moves) text += (text.empty() ? "" : ", ") + m;
  return text;
}

// The root of the feature of a placed tile's segment named by a location.
NodeId feature_at(const GameState& state, int x, int y, Port port) {
  for (std::size_t i = 0; i < state.placed_tiles().size(); ++i) {
    const PlacedTile& tile = state.placed_tiles()[i];
    if (tile.x == x && tile.y == y)
      return state.feature_of(static_cast<int>(i), state.segment_named(static_cast<int>(i), port));
  }
  ADD_FAILURE() << "no tile at " << x << "," << y;
  return 0;
}

std::uint8_t only(int player) {
  return static_cast<std::uint8_t>(1u << player);
}

// Red's large follower stands on the road D + U (0,0 to 1,0), Blue's follower on the road
// U + U + V (0,1, 1,1, 2,1) that ends below 2,0. Red holds V: at 2,0 r0 it joins the two roads
// into one of 6 tiles where Red's large follower (strength 2) beats Blue's follower (1): Red
// takes the road's 6 points and Blue loses its 3. Anywhere else Red keeps 2 against Blue's 3.
//
//          x=0    x=1    x=2
//   y=0    D      U r90  [V r0]     Red: large follower on the road of 1,0
//   y=1    U r90  U r90  V r90      Blue: follower on the road of 0,1
TEST(GreedyInnsCathedrals, JoinsRoadsWhereTheLargeFollowerWinsTheMajority) {
  const Strings deck = {"U", "U", "U", "V", "V", "B", "B", "B", "B"};
  const Strings actions = {"place 1,0 r90", "large E", "place 0,1 r90", "meeple E",
                           "place 1,1 r90", "skip",    "place 2,1 r90", "skip"};
  auto state = scenario::play(scenario::make_record_with({"Red", "Blue"}, deck, actions, {"ic"}));
  ASSERT_TRUE(state);
  ASSERT_EQ(state->pending().player, 0);
  ASSERT_EQ(state->majority(feature_at(*state, 1, 0, side_middle(Side::East))), only(0));
  ASSERT_EQ(state->majority(feature_at(*state, 2, 1, side_middle(Side::West))), only(1));

  const Strings played = greedy_turn(*state);
  ASSERT_FALSE(played.empty());
  EXPECT_EQ(played[0], "place 2,0 r0") << joined(played);
  const NodeId road = feature_at(*state, 0, 1, side_middle(Side::East));
  EXPECT_EQ(feature_at(*state, 1, 0, side_middle(Side::East)), road) << "the roads were not joined";
  EXPECT_EQ(state->feature_tile_count(road), 6);
  EXPECT_EQ(state->majority(road), only(0)) << "the large follower must hold the majority";
}

// The inn road D + IC-B + U + U (-1,0 to 2,0: 4 tiles, both ends open, nobody on it) and the plain
// road U + U + U (-1,1 to 1,1: 3 tiles, both ends open, nobody on it). Red holds a U: it may
// extend either road and put a follower on it. The plain road then scores 4 at the end; the inn
// road 10 if completed, 0 if not.
//
//          x=-1   x=0    x=1    x=2
//   y=0    U r90  D      IC-B   U r90      inn road
//   y=1    U r90  U r90  U r90             plain road
const Strings kTwoRoads = {"place 1,0 r0",   "skip", "place 2,0 r90",  "skip",
                           "place -1,0 r90", "skip", "place 0,1 r90",  "skip",
                           "place 1,1 r90",  "skip", "place -1,1 r90", "skip"};

// Red's figure after its turn: on the inn road, on the plain road, elsewhere or none.
enum class Where { Inn, Plain, Elsewhere, None };

Where red_figure_after_greedy_turn(GameState& state, FigureKind* kind, Strings* played) {
  const std::size_t before = state.followers().size();
  *played = greedy_turn(state);
  const NodeId inn = feature_at(state, 1, 0, side_middle(Side::East));
  const NodeId plain = feature_at(state, 0, 1, side_middle(Side::East));
  for (std::size_t i = before; i < state.followers().size(); ++i) {
    const Follower& f = state.followers()[i];
    if (f.player != 0) continue;
    *kind = f.kind;
    const NodeId root = state.features().find_const(f.node);
    return root == inn ? Where::Inn : root == plain ? Where::Plain : Where::Elsewhere;
  }
  return Where::None;
}

Strings two_roads_deck(int tiles_after_red) {
  Strings deck = {"IC-B", "U", "U", "U", "U", "U", "U"};  // the last U is Red's
  for (int i = 0; i < tiles_after_red; ++i) deck.push_back(i % 2 == 0 ? "B" : "E");
  return deck;
}

// With two tiles left after Red's, an open inn road of 5 tiles will almost surely score nothing:
// Red puts its follower on the plain road (4 points at the end) instead.
TEST(GreedyInnsCathedrals, KeepsFollowersOffAnOpenInnRoadWhenTheDeckIsNearlyEmpty) {
  auto state = scenario::play(
      scenario::make_record_with({"Red", "Blue"}, two_roads_deck(2), kTwoRoads, {"ic"}));
  ASSERT_TRUE(state);
  ASSERT_EQ(state->pending().player, 0);
  // An inn road: it scores nothing unless completed.
  ASSERT_EQ(state->final_value(feature_at(*state, 1, 0, side_middle(Side::East))), 0);
  FigureKind kind = FigureKind::Follower;
  Strings played;
  const Where where = red_figure_after_greedy_turn(*state, &kind, &played);
  EXPECT_NE(where, Where::Inn) << joined(played);
  EXPECT_EQ(where, Where::Plain) << joined(played);
  EXPECT_EQ(kind, FigureKind::Follower) << "the large follower gains nothing more here";
}

// With 40 tiles left the same inn road is likely to be completed (10 points): Red claims it with a
// plain follower, the large one gaining nothing more on an empty road. (Counting the unfinished inn
// road at its final value, 0, would choose the plain road.)
TEST(GreedyInnsCathedrals, ClaimsAnOpenInnRoadEarlyInTheGame) {
  auto state = scenario::play(
      scenario::make_record_with({"Red", "Blue"}, two_roads_deck(40), kTwoRoads, {"ic"}));
  ASSERT_TRUE(state);
  FigureKind kind = FigureKind::LargeFollower;
  Strings played;
  const Where where = red_figure_after_greedy_turn(*state, &kind, &played);
  EXPECT_EQ(where, Where::Inn) << joined(played);
  EXPECT_EQ(kind, FigureKind::Follower) << joined(played);
}

// The inns printed on BCB-C and BCB-J count only with Inns & Cathedrals. Red puts a follower on
// the road of BCB-C r90 at 1,0 (its west road, with the inn, continues D's road) or, in the same
// position, of BCB-E r90 (the same tile without the inn). With Bridges, Castles and Bazaars alone
// the greedy bot's evaluation does not tell them apart; with Inns & Cathedrals too it does.
TEST(GreedyInnsCathedrals, PrintedInnsCountOnlyWithTheInnMechanic) {
  const auto evaluation = [](const std::string& tile, const Strings& expansions) {
    auto state =
        scenario::play(scenario::make_record_with({"Red", "Blue"}, {tile, "U", "U", "U", "B", "B"},
                                                  {"place 1,0 r90", "meeple W"}, expansions));
    EXPECT_TRUE(state);
    return state ? evaluate_for(*state, 0) : 0.0;
  };
  EXPECT_EQ(evaluation("BCB-C", {"bcb"}), evaluation("BCB-E", {"bcb"}));
  EXPECT_NE(evaluation("BCB-C", {"bcb", "ic"}), evaluation("BCB-E", {"bcb", "ic"}));
}

// A rollout of the search bot deploys the large follower in nearly every game of Inns &
// Cathedrals (a quarter of its deployments while the figure is in supply).
TEST(Mcts, RolloutsDeployTheLargeFollower) {
  int games_with_large = 0;
  const int games = 20;
  for (int g = 0; g < games; ++g) {
    GameState state = *replay(new_record({{"ic"}, {}}, 2, 900 + static_cast<std::uint64_t>(g)));
    Pcg32 rng(static_cast<std::uint64_t>(g) + 1);
    MoveList scratch;
    bool seen = false;
    while (!state.over() && !seen) {
      mcts_rollout(state, rng, scratch, 0);
      for (const Follower& f : state.followers())
        seen = seen || f.kind == FigureKind::LargeFollower;
    }
    games_with_large += seen;
  }
  EXPECT_GE(games_with_large, games * 3 / 4);
}

// Rollouts of the search bot deploy the builder (half the time it can join its owner's open road
// or city, which needs a follower of its owner there first) and the pig (half the time its owner
// holds a farm on the new tile) in many Traders & Builders games.
TEST(Mcts, RolloutsDeployTheBuilderAndThePig) {
  int games_with_builder = 0, games_with_pig = 0;
  const int games = 20;
  for (int g = 0; g < games; ++g) {
    GameState state = *replay(new_record({{"tb"}, {}}, 2, 700 + static_cast<std::uint64_t>(g)));
    Pcg32 rng(static_cast<std::uint64_t>(g) + 1);
    MoveList scratch;
    bool builder = false, pig = false;
    while (!state.over() && !(builder && pig)) {
      mcts_rollout(state, rng, scratch, 0);
      for (const Follower& f : state.followers()) {
        builder = builder || f.kind == FigureKind::Builder;
        pig = pig || f.kind == FigureKind::Pig;
      }
    }
    games_with_builder += builder;
    games_with_pig += pig;
  }
  EXPECT_GE(games_with_builder, games / 3);
  EXPECT_GE(games_with_pig, games / 3);
}

// The greedy bot beats the random bot at Traders & Builders (builders, pigs, trade goods), seats
// swapped every other game.
TEST(GreedyTradersBuilders, BeatsRandom) {
  int greedy_wins = 0;
  const int games = 6;
  for (int g = 0; g < games; ++g) {
    const bool swapped = g % 2 == 1;
    const std::vector<std::string> specs = swapped ? std::vector<std::string>{"random", "greedy"}
                                                   : std::vector<std::string>{"greedy", "random"};
    const Record record = play_checked({{"tb"}, {}}, specs, 300 + static_cast<std::uint64_t>(g));
    const GameState state = *replay(record);
    ASSERT_TRUE(state.over());
    const PlayerId greedy = swapped ? 1 : 0;
    greedy_wins += state.score(greedy) > state.score(static_cast<PlayerId>(1 - greedy));
  }
  EXPECT_GE(greedy_wins, games - 1);
}

// ---- Princess & Dragon: moving the dragon ----

std::optional<GameState> dragon_position(const Strings& deck, const Strings& actions) {
  auto state = scenario::play(scenario::make_record_with({"Red", "Blue"}, deck, actions, {"pd"}));
  if (!state) return state;
  EXPECT_EQ(state->phase(), Phase::DragonMove);
  EXPECT_EQ(state->current_player(), 0);
  return state;
}

// Red places a cloister B at 0,1, Blue the volcano PD-2 at 0,2 (the dragon lands on it), Red a city
// cap E r90 at 1,2 with a knight, Blue one E r270 at -1,2 with a knight, and Red the dragon tile
// PD-H r90 at 0,3: the journey starts with Red. Onto either knight the journey ends at once (no
// other tile next to them); through 0,1 or onto 0,3 it eats nothing.
//
//          x=-1            x=0              x=1
//   y=0                    D
//   y=1                    B
//   y=2    E r270 (Blue)   PD-2 (dragon)    E r90 (Red)
//   y=3                    PD-H r90
const Strings kDragonDeck = {"B", "PD-2", "E", "E", "PD-H", "B", "B", "B", "B"};
const Strings kDragonActions = {"place 0,1 r0",  "skip",     "place 0,2 r0",    "skip",
                                "place 1,2 r90", "meeple E", "place -1,2 r270", "meeple W",
                                "place 0,3 r90", "skip"};

// Red, moving the dragon first, sends it onto Blue's knight rather than its own.
TEST(GreedyPrincessDragon, MovesTheDragonOntoAnOpponentsFollowerRatherThanItsOwn) {
  auto state = dragon_position(kDragonDeck, kDragonActions);
  ASSERT_TRUE(state);
  MoveList moves;
  state->legal_moves(moves);
  ASSERT_TRUE(moves.contains(Move::dragon_step(1, 2))) << "Red's own knight is within reach";
  ASSERT_TRUE(moves.contains(Move::dragon_step(-1, 2)));
  GreedyBot bot;
  const Move move = bot.choose_move(state->observation(0));
  EXPECT_EQ(move, Move::dragon_step(-1, 2)) << format_move(*state, move);
  const int blue_before = 7 - state->followers_in_supply(1);
  state->apply_unchecked(move);
  EXPECT_EQ(7 - state->followers_in_supply(1), blue_before - 1) << "Blue's knight went home";
  EXPECT_EQ(state->followers_in_supply(0), 6) << "Red's knight stays";
}

// Red places the volcano PD-2 at 0,1, Blue a city cap E r270 at -1,1 with a knight, Red one E r90
// at 1,1 with a knight, Blue a straight road U r90 at -1,0 with a follower (the road runs on
// through D), and Red the dragon tile PD-H r90 at 1,0 (the same road). Red moves the dragon onto D;
// then Blue (not the turn's player) moves it: onto its own road follower at -1,0 (and then Red's
// step eats Blue's knight), or onto the empty PD-H, after which Red's only step eats Red's knight.
// The search decides for Blue, the mover.
//
//          x=-1            x=0            x=1
//   y=0    U r90 (Blue)    D              PD-H r90 (dragon tile)
//   y=1    E r270 (Blue)   PD-2 (dragon)  E r90 (Red)
TEST(Mcts, MovesTheDragonForThePlayerMovingIt) {
  const Strings deck = {"PD-2", "E", "E", "U", "PD-H", "B", "B", "B", "B"};
  const Strings actions = {"place 0,1 r0",  "skip",     "place -1,1 r270", "meeple W",
                           "place 1,1 r90", "meeple E", "place -1,0 r90",  "meeple W",
                           "place 1,0 r90", "skip"};
  auto state = dragon_position(deck, actions);
  ASSERT_TRUE(state);
  state->apply_unchecked(Move::dragon_step(0, 0));
  ASSERT_EQ(state->phase(), Phase::DragonMove);
  ASSERT_EQ(state->current_player(), 1);
  ASSERT_EQ(state->turn_player(), 0);
  MctsOptions options;
  options.playouts = 400;
  options.seed = 7;
  MctsBot bot(options);
  const Move move = bot.choose_move(state->observation(1));
  EXPECT_EQ(move, Move::dragon_step(1, 0)) << format_move(*state, move);
  GreedyBot greedy;
  EXPECT_EQ(greedy.choose_move(state->observation(1)), Move::dragon_step(1, 0));
}

// The greedy bot beats the random bot at Princess & Dragon, seats swapped every other game.
TEST(GreedyPrincessDragon, BeatsRandom) {
  int greedy_wins = 0;
  const int games = 6;
  for (int g = 0; g < games; ++g) {
    const bool swapped = g % 2 == 1;
    const std::vector<std::string> specs = swapped ? std::vector<std::string>{"random", "greedy"}
                                                   : std::vector<std::string>{"greedy", "random"};
    const Record record = play_checked({{"pd"}, {}}, specs, 400 + static_cast<std::uint64_t>(g));
    const GameState state = *replay(record);
    ASSERT_TRUE(state.over());
    const PlayerId greedy = swapped ? 1 : 0;
    greedy_wins += state.score(greedy) > state.score(static_cast<PlayerId>(1 - greedy));
  }
  EXPECT_GE(greedy_wins, games - 1);
}

// ---- Abbey & Mayor ----

// Greedy against random, seats swapped every other game: the number of games greedy won.
int greedy_wins_against_random(const RuleCase& rules, int games, std::uint64_t seed) {
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    const bool swapped = g % 2 == 1;
    const std::vector<std::string> specs = swapped ? std::vector<std::string>{"random", "greedy"}
                                                   : std::vector<std::string>{"greedy", "random"};
    const Record record = play_checked(rules, specs, seed + static_cast<std::uint64_t>(g));
    const GameState state = *replay(record);
    EXPECT_TRUE(state.over());
    const PlayerId greedy = swapped ? 1 : 0;
    wins += state.score(greedy) > state.score(static_cast<PlayerId>(1 - greedy));
  }
  return wins;
}

TEST(GreedyAbbeyMayor, BeatsRandom) {
  EXPECT_GE(greedy_wins_against_random({{"am"}, {}}, 4, 600), 3);
}

TEST(GreedyAbbeyMayor, BeatsRandomWithEveryExpansion) {
  EXPECT_EQ(greedy_wins_against_random({{"bcb", "ic", "tb", "pd", "am"}, {}}, 2, 650), 2);
}

// What a wagon move is worth to the wagon's owner: the evaluation right after it.
double wagon_move_value(const GameState& state, const Move& move) {
  GameState next = state;
  next.apply_unchecked(move);
  return evaluate_for(next, state.current_player());
}

// The best a wagon's owner gains by rolling on rather than staying home (pass), by the evaluation.
double best_roll_gain(const GameState& state) {
  MoveList moves;
  state.legal_moves(moves);
  const double stay = wagon_move_value(state, Move::simple(MoveKind::Pass));
  double best = -1e9;
  for (const Move& move : moves)
    if (move.kind == MoveKind::WagonMove)
      best = std::max(best, wagon_move_value(state, move) - stay);
  return best;
}

// A position from seeded two-player Abbey & Mayor games played at random where a wagon sent home
// can roll on to a destination worth at least `gain` to its owner over staying home; with
// `other_player`, a position where the owner is not the turn's player.
std::optional<GameState> wagon_position(bool other_player, double gain) {
  for (std::uint64_t seed = 1; seed < 400; ++seed) {
    GameState state = *replay(new_record({{"am"}, {}}, 2, seed));
    Pcg32 rng(seed);
    MoveList moves;
    while (!state.over()) {
      if (state.phase() == Phase::WagonMove &&
          (!other_player || state.current_player() != state.turn_player()) &&
          best_roll_gain(state) >= gain)
        return state;
      state.legal_moves(moves);
      // Random play, but deploying the wagon whenever it can (so that wagons roll often).
      Move chosen = moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))];
      for (const Move& move : moves)
        if (move.kind == MoveKind::Wagon) chosen = move;
      state.apply_unchecked(chosen);
    }
  }
  return std::nullopt;
}

// A wagon sent home with a destination worth points: the greedy bot rolls it on, to the best one.
TEST(GreedyAbbeyMayor, RollsTheWagonOntoAValuableDestination) {
  const std::optional<GameState> state = wagon_position(false, 2.0);
  ASSERT_TRUE(state) << "no position with a valuable wagon destination";
  GreedyBot bot;
  const Move move = bot.choose_move(state->observation(state->current_player()));
  ASSERT_EQ(move.kind, MoveKind::WagonMove) << format_move(*state, move);
  EXPECT_FALSE(state->check(move).has_value());
  const double stay = wagon_move_value(*state, Move::simple(MoveKind::Pass));
  EXPECT_GT(wagon_move_value(*state, move), stay) << format_move(*state, move);
}

// The wagon of the player who is not the turn's player rolls: the search decides for the wagon's
// owner (who gains by rolling on), not for the turn's player.
TEST(Mcts, RollsAWagonForItsOwner) {
  const std::optional<GameState> state = wagon_position(true, 4.0);
  ASSERT_TRUE(state) << "no position with another player's wagon rolling";
  ASSERT_NE(state->current_player(), state->turn_player());
  MctsOptions options;
  options.playouts = 400;
  options.seed = 11;
  MctsBot bot(options);
  const Move move = bot.choose_move(state->observation(state->current_player()));
  ASSERT_EQ(move.kind, MoveKind::WagonMove) << format_move(*state, move);
  EXPECT_FALSE(state->check(move).has_value());
}

// ---- A forced win ----

// Whether the player deciding now can end the game as the sole winner, by exhaustive search
// over the rest of this (last) turn; the game must end with this turn.
bool can_win(const GameState& state, PlayerId player) {
  if (state.over()) {
    for (int p = 0; p < state.player_count(); ++p)
      if (p != player && state.score(static_cast<PlayerId>(p)) >= state.score(player)) return false;
    return true;
  }
  if (state.pending().player != player) return false;  // someone else decides: not forced
  MoveList moves;
  state.legal_moves(moves);
  for (const Move& move : moves) {
    GameState next = state;
    next.apply_unchecked(move);
    if (can_win(next, player)) return true;
  }
  return false;
}

TEST(Bots, MctsTakesAForcedWin) {
  // Search seeded 2-player games, played at random to their last tile, for a position where the
  // player holding it can win, but most placements lose.
  int positions = 0;
  for (std::uint64_t seed = 1; seed < 400 && positions < 2; ++seed) {
    Record record = new_record({{}, {}}, 2, seed);
    GameState state = *replay(record);
    Pcg32 rng(seed);
    MoveList moves;
    while (!state.over() &&
           !(state.tiles_left_in_deck() == 0 && state.phase() == Phase::PlaceTile)) {
      state.legal_moves(moves);
      state.apply_unchecked(
          moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
    }
    if (state.over()) continue;
    const PlayerId player = state.pending().player;
    if (!can_win(state, player)) continue;
    state.legal_moves(moves);
    int winning_placements = 0;
    for (const Move& move : moves) {
      GameState next = state;
      next.apply_unchecked(move);
      winning_placements += can_win(next, player);
    }
    if (winning_placements * 2 >= moves.size() || winning_placements == 0)
      continue;  // not a test: most moves win anyway
    ++positions;
    MctsOptions options;
    options.playouts = 3000;
    options.seed = seed;
    MctsBot bot(options);
    while (!state.over()) {
      ASSERT_EQ(state.pending().player, player);
      const Move move = bot.choose_move(state.observation(state.current_player()));
      ASSERT_FALSE(state.check(move).has_value());
      const std::string text = format_move(state, move);
      state.apply_unchecked(move);
      ASSERT_TRUE(can_win(state, player))
          << "seed " << seed << ": the bot let the win slip with " << text;
    }
  }
  EXPECT_EQ(positions, 2) << "no test positions found";
}

}  // namespace
}  // namespace carcassonne
