// Traders & Builders: the worked examples of the rulebook's section (../shared/rules/
// big-box-rulebook-en.txt L405-540) and scenarios for the lines TB-3..TB-22 of
// ../shared/spec/bigbox-rules-checklist.md, each a small recorded game ("expansions": ["tb"], with
// "bcb" for the builder/bazaar order) replayed.
//
// Every expected number is worked out by hand from the rules text, the contract
// (../shared/spec/record-format-bigbox.md, "Rules as this contract reads them") and the tile
// reference (../shared/reference/tiles.txt); the comment above each test shows the map and the
// arithmetic. Maps: x grows east, y grows south; the start tile D lies at 0,0 r0 (city cap N, road
// W-E, a field strip between cap and road, a field south of the road). Rotations turn clockwise.
// Red (seat 0) plays first, Blue (seat 1) second.
//
// Tiles used (rotated as used below):
//   A r90  road W ends at a cloister           A r270 road E ends at a cloister
//   B      cloister, field all round           E r0 cap N | r90 cap E | r180 cap S | r270 cap W
//   G r90  city N-S, fields W and E            U r90 road W-E, fields N and S | U r0 road N-S
//   V r0   road S+W | r90 road W+N | r270 road E+S
//   TB-A r180 city cap S, road W ends at its gate, fields N and E
//   TB-E r0   city W-E (grain), road S ends at it, field N
//   TB-F r270 city W+S (grain), road E ends at it, field N
//   TB-G r180 city S+E (grain), fields N and W
//   TB-J r0   roads E, S, W end at a cloister, field N
//   TB-K r270 city W+N (cloth), road E ends at it, field S
//   TB-N r0   city W-E (cloth), field strip N, a separate cap S
//   TB-Q r0   city W-E (wine), fields N and S
//   TB-S r180 city W-E (wine), road N ends at it, field S
//   BCB-J r90 road W ends at a bazaar, field elsewhere
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scenario_util.h"

namespace carcassonne {
namespace {

using scenario::events_of;
using scenario::follower_options;
using scenario::legal_options;
using scenario::make_record_with;
using scenario::play;
using scenario::play_logged;
using scenario::Points;
using scenario::points_of;
using scenario::replay_error;
using scenario::with;

using Strings = std::vector<std::string>;
using Rules = std::vector<std::pair<std::string, std::string>>;

const Strings kTwo = {"Red", "Blue"};
constexpr PlayerId kRed = 0;
constexpr PlayerId kBlue = 1;

Record tb(const Strings& deck, const Strings& actions) {
  return make_record_with(kTwo, deck, actions, {"tb"});
}

std::optional<GameState> play_tb(const Strings& deck, const Strings& actions) {
  return play(tb(deck, actions));
}

Error tb_error(const Strings& deck, const Strings& actions) {
  return replay_error(tb(deck, actions));
}

// The first `n` actions of `actions`.
Strings first(const Strings& actions, std::size_t n) {
  return Strings(actions.begin(), actions.begin() + static_cast<long>(n));
}

::testing::AssertionResult mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "\"" << message << "\" does not mention \"" << part << "\"";
}

::testing::AssertionResult pending_is(const GameState& state, PlayerId player, Phase phase) {
  const PendingDecision p = state.pending();
  if (p.player == player && p.phase == phase) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "pending: player " << static_cast<int>(p.player) << " in phase " << phase_name(p.phase)
         << "; expected player " << static_cast<int>(player) << " in phase " << phase_name(phase);
}

// Whose turn part it is and what kind.
::testing::AssertionResult part_is(const GameState& state, PlayerId player, PartKind kind) {
  if (state.turn_player() == player && state.turn_part() == kind)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "turn part of player " << static_cast<int>(state.turn_player()) << " kind "
         << static_cast<int>(state.turn_part()) << "; expected player " << static_cast<int>(player)
         << " kind " << static_cast<int>(kind);
}

TileType tile(std::string_view id) {
  return *find_tile_type(id);
}

int goods_points(const GameState& state, PlayerId p) {
  return state.score_in(p, ScoreCategory::Goods);
}

// Every category of `player` (goods separately: Points has no goods field) and the total.
void expect_tb_points(const GameState& state, PlayerId player, const Points& expected, int goods) {
  EXPECT_EQ(points_of(state, player), expected) << "player " << static_cast<int>(player);
  EXPECT_EQ(goods_points(state, player), goods) << "player " << static_cast<int>(player);
  EXPECT_EQ(state.score(player), expected.total() + goods) << "player " << static_cast<int>(player);
}

// [wine, grain, cloth] tokens of a player.
std::vector<int> tokens(const GameState& state, PlayerId p) {
  return {state.trade_goods(p, TradeGood::Wine), state.trade_goods(p, TradeGood::Grain),
          state.trade_goods(p, TradeGood::Cloth)};
}

// Whether a figure of `kind` of `player` stands on segment `loc` of the tile at (x, y).
bool figure_at(const GameState& state, PlayerId player, FigureKind kind, int x, int y,
               const char* loc) {
  const int index = state.board().tile_at(x, y);
  if (index < 0) return false;
  const std::uint8_t segment = state.segment_named(index, *parse_location(loc));
  if (segment == kNoSegment) return false;
  const NodeId node = state.node_of(index, segment);
  for (const Follower& f : state.followers())
    if (f.player == player && f.kind == kind && f.node == node) return true;
  return false;
}

int on_board(const GameState& state, PlayerId player, FigureKind kind) {
  int n = 0;
  for (const Follower& f : state.followers())
    if (f.player == player && f.kind == kind) ++n;
  return n;
}

Strings starting_with(const Strings& options, const std::string& prefix) {
  Strings out;
  for (const std::string& o : options)
    if (o.rfind(prefix, 0) == 0) out.push_back(o);
  return out;
}

bool contains(const Strings& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// ============================================================================================
// The builder: the rulebook's examples EX-TB1 and EX-TB2
// ============================================================================================

// EX-TB1 (L450-456), TB-4, TB-8, TB-9, TB-15: 1) thief; 2) builder on the road later; 3a) extend
// the road; 3b) a second tile. A road extended again in the second part gives no third part.
//
//        x=-2    x=-1    x=0     x=1      x=2      x=3      x=4
//  y=0                   D r0 == U r90 == U r90 == U r90 == U r90
//                                 thief    builder  3a       3b
//  y=1   B       B       B
//
// Red: U(1,0) thief; Blue: B(0,1); Red: U(2,0) builder; Blue: B(-1,1); Red: U(3,0) extends the
// road holding his builder -> second part: Red draws U and places it at 4,0 (extends it again:
// no third part); Blue: B(-2,1); the deck is empty.
// Final scoring: the road D..U(4,0) is open at the west: 5 tiles, Red's thief alone (the builder
// counts 0) -> Red 5. No other figure, so Blue 0.
TEST(TbScenarioExamples, ExTb1BuilderGivesOneSecondPartNeverAThird) {
  const Strings deck = {"U", "B", "U", "B", "U", "U", "B"};
  const Strings actions = {"place 1,0 r90", "meeple E",  "place 0,1 r0",  "skip",
                           "place 2,0 r90", "builder E", "place -1,1 r0", "skip",
                           "place 3,0 r90", "skip",      "place 4,0 r90", "skip",
                           "place -2,1 r0", "skip"};

  // 2) The builder may go on U(2,0): its road holds Red's thief; it is an alternative to a
  // follower (TB-3): the follower options list both.
  auto placed = play_tb(deck, first(actions, 5));
  ASSERT_TRUE(placed);
  const Strings options = follower_options(*placed);
  EXPECT_EQ(starting_with(options, "builder "), (Strings{"builder E"}));
  EXPECT_TRUE(contains(options, "meeple NNW"));  // a farmer on the north field is possible too
  EXPECT_TRUE(starting_with(options, "pig ").empty());  // no farmer of Red anywhere

  auto built = play_tb(deck, first(actions, 6));
  ASSERT_TRUE(built);
  EXPECT_TRUE(figure_at(*built, kRed, FigureKind::Builder, 2, 0, "E"));
  EXPECT_EQ(built->figures_in_supply(kRed, FigureKind::Builder), 0);
  EXPECT_EQ(built->followers_in_supply(kRed), 6);  // the builder is not a follower
  // One figure action only: the turn passes to Blue, with no second part (placing the builder
  // does not extend a road that held it before).
  EXPECT_TRUE(pending_is(*built, kBlue, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*built, kBlue, PartKind::Normal));

  // 3a) U(3,0) extends the builder's road: after the figure step Red plays a second part, with a
  // newly drawn tile (no action starts it).
  auto part1 = play_tb(deck, first(actions, 10));
  ASSERT_TRUE(part1);
  EXPECT_TRUE(pending_is(*part1, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*part1, kRed, PartKind::Second));
  EXPECT_EQ(part1->tile_in_hand(), tile("U"));
  EXPECT_EQ(part1->tiles_left_in_deck(), 1);  // 7 tiles: 5 placed, 1 in hand

  // 3b) The second tile extends the road again: no third part, Blue's turn.
  auto part2 = play_tb(deck, first(actions, 12));
  ASSERT_TRUE(part2);
  EXPECT_TRUE(pending_is(*part2, kBlue, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*part2, kBlue, PartKind::Normal));
  EXPECT_TRUE(figure_at(*part2, kRed, FigureKind::Builder, 2, 0, "E"));  // it stays (TB-10)

  auto state = play_tb(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_tb_points(*state, kRed, Points{.road = 5}, 0);
  expect_tb_points(*state, kBlue, Points{}, 0);
}

// EX-TB2 (L458-464), TB-10, TB-11, TB-13, TB-6 (reusable): 3a) the first tile completes the
// road (thief and builder return) and gets a knight on its city; 3b) the second tile extends
// that city and receives the builder again.
//
//        x=-1     x=0     x=1      x=2      x=3
//  y=0   A r270 = D r0 == U r90 == U r90 == TB-A r180 (road W ends at its city cap S)
//                         thief    builder  knight on the cap S
//  y=1            B                         G r90 (city N-S): builder
//
// Red: U(1,0) thief; Blue: A(-1,0) closes the west end; Red: U(2,0) builder; Blue: B(0,1);
// Red: TB-A(3,0) ends the road at its gate: road A, D, U, U, TB-A = 5 tiles complete -> Red 5;
// thief and builder go home. Red's tile extended the road where his builder stood: second part
// although the builder has left (TB-13). Red: G(3,1) extends the city of his knight and takes the
// builder again (TB-11). Blue then has the last tile.
TEST(TbScenarioExamples, ExTb2CompletedRoadStillGivesTheSecondPartAndTheBuilderReturns) {
  const Strings deck = {"U", "A", "U", "B", "TB-A", "G", "B"};
  const Strings actions = {"place 1,0 r90",  "meeple E",  "place -1,0 r270", "skip",
                           "place 2,0 r90",  "builder E", "place 0,1 r0",    "skip",
                           "place 3,0 r180", "meeple S",  "place 3,1 r90",   "builder N"};

  auto part1 = play_tb(deck, first(actions, 10));
  ASSERT_TRUE(part1);
  expect_tb_points(*part1, kRed, Points{.road = 5}, 0);
  expect_tb_points(*part1, kBlue, Points{}, 0);
  EXPECT_EQ(part1->figures_in_supply(kRed, FigureKind::Builder), 1);  // back with the thief
  EXPECT_EQ(on_board(*part1, kRed, FigureKind::Builder), 0);
  EXPECT_EQ(part1->followers_in_supply(kRed), 6);  // the knight on TB-A
  EXPECT_TRUE(pending_is(*part1, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*part1, kRed, PartKind::Second));
  EXPECT_EQ(part1->tile_in_hand(), tile("G"));

  auto placed = play_tb(deck, first(actions, 11));
  ASSERT_TRUE(placed);
  EXPECT_TRUE(contains(follower_options(*placed), "builder N"));

  auto state = play_tb(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(figure_at(*state, kRed, FigureKind::Builder, 3, 1, "N"));
  EXPECT_TRUE(figure_at(*state, kRed, FigureKind::Follower, 3, 0, "S"));
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*state, kBlue, PartKind::Normal));
  expect_tb_points(*state, kRed, Points{.road = 5}, 0);
}

// ============================================================================================
// The builder: checklist TB-4 .. TB-15
// ============================================================================================

// TB-4: the player's own follower is needed; another player's thief on the road does not do.
// Red: U(1,0) thief. Blue: U(2,0) on the same road, builder E -> illegal (no follower of Blue).
TEST(TbScenarioBuilder, Tb04BuilderNeedsOwnFollowerInTheFeature) {
  const Strings deck = {"U", "U", "B"};
  const Error error = tb_error(deck, {"place 1,0 r90", "meeple E", "place 2,0 r90", "builder E"});
  EXPECT_TRUE(mentions(error.message, "follower"));
  auto placed = play_tb(deck, {"place 1,0 r90", "meeple E", "place 2,0 r90"});
  ASSERT_TRUE(placed);
  EXPECT_TRUE(starting_with(follower_options(*placed), "builder ").empty());
}

// TB-4: no follower at all: Red's first tile U(1,0), builder E -> illegal, message names the
// follower.
TEST(TbScenarioBuilder, Tb04BuilderWithoutAnyFollowerIsIllegal) {
  const Error error = tb_error({"U", "B"}, {"place 1,0 r90", "builder E"});
  EXPECT_TRUE(mentions(error.message, "follower"));
}

// TB-4: only on the tile just placed: Red's thief on U(1,0); on his next turn Red places B(0,1)
// and names U(1,0) for his builder -> illegal.
TEST(TbScenarioBuilder, Tb04BuilderOnlyOnTheTileJustPlaced) {
  const Strings deck = {"U", "B", "B", "B"};
  const Strings prefix = {"place 1,0 r90", "meeple E", "place 1,1 r0", "skip", "place 0,1 r0"};
  auto placed = play_tb(deck, prefix);
  ASSERT_TRUE(placed);
  EXPECT_TRUE(starting_with(follower_options(*placed), "builder ").empty());
  const Error error = tb_error(deck, with(prefix, {"builder 1,0 E"}));
  EXPECT_FALSE(error.message.empty());
}

// TB-5, TB-12, and no second part for another player's builder:
//
//        x=-2     x=-1     x=0      x=1
//  y=0   U r90 == U r90 == D r0 === V r0        (V r0: road W+S)
//                 thief R                       builder R
//  y=1            B        V r270 = V r90       (V r270: road E+S; V r90: road W+N)
//                          thief B
//  y=2                     U r0 (road N-S): builder B
//
// Red: U(-1,0) thief; Blue: V(0,1) thief on a road of its own; Red: V(1,1) extends Blue's road;
// Blue: B(-1,1); Red: V(1,0) joins the two roads: one road with Red's and Blue's thieves, and
// Red's builder on V(1,0), two tiles from his thief (TB-5: others' thieves, any distance).
// Blue: U(0,2) extends the road where Red's builder stands and receives Blue's builder (TB-5:
// others' builders). Blue gets no second part (no builder of his stood there before); Red's turn.
// Red: U(-2,0) extends the road with his builder -> Red's second part (B at -2,1).
// Final scoring: the road U(-2,0), U(-1,0), D, V(1,0), V(1,1), V(0,1), U(0,2) = 7 tiles, open
// at both ends; thieves 1 : 1 (builders count 0) -> Red 7, Blue 7.
TEST(TbScenarioBuilder, Tb05OthersFollowersAndBuildersAnyDistanceNoPartForOthersBuilder) {
  const Strings deck = {"U", "V", "V", "B", "V", "U", "U", "B"};
  const Strings actions = {"place -1,0 r90", "meeple W",  "place 0,1 r270", "meeple E",
                           "place 1,1 r90",  "skip",      "place -1,1 r0",  "skip",
                           "place 1,0 r0",   "builder S", "place 0,2 r0",   "builder N",
                           "place -2,0 r90", "skip",      "place -2,1 r0",  "skip"};

  auto red_builder = play_tb(deck, first(actions, 10));
  ASSERT_TRUE(red_builder);
  EXPECT_TRUE(figure_at(*red_builder, kRed, FigureKind::Builder, 1, 0, "S"));
  EXPECT_TRUE(part_is(*red_builder, kBlue, PartKind::Normal));

  auto blue_builder = play_tb(deck, first(actions, 12));
  ASSERT_TRUE(blue_builder);
  EXPECT_TRUE(figure_at(*blue_builder, kBlue, FigureKind::Builder, 0, 2, "N"));
  EXPECT_TRUE(pending_is(*blue_builder, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*blue_builder, kRed, PartKind::Normal));

  auto red_extends = play_tb(deck, first(actions, 14));
  ASSERT_TRUE(red_extends);
  EXPECT_TRUE(pending_is(*red_extends, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*red_extends, kRed, PartKind::Second));

  auto state = play_tb(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_tb_points(*state, kRed, Points{.road = 7}, 0);
  expect_tb_points(*state, kBlue, Points{.road = 7}, 0);
}

// TB-12: the builder does not count for majority. The layout of the previous test without
// Blue's builder (Blue skips on U(0,2)), and the deck ends there.
// Final scoring: road U(-1,0), D, V(1,0), V(1,1), V(0,1), U(0,2) = 6 tiles, open at both ends.
// Red: thief + builder = strength 1; Blue: thief = 1 -> a tie: both 6. (Were the builder
// counted, Red alone would score 6.)
TEST(TbScenarioBuilder, Tb12BuilderDoesNotCountForMajority) {
  const Strings deck = {"U", "V", "V", "B", "V", "U"};
  const Strings actions = {"place -1,0 r90", "meeple W",  "place 0,1 r270", "meeple E",
                           "place 1,1 r90",  "skip",      "place -1,1 r0",  "skip",
                           "place 1,0 r0",   "builder S", "place 0,2 r0",   "skip"};
  auto state = play_tb(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_tb_points(*state, kRed, Points{.road = 6}, 0);
  expect_tb_points(*state, kBlue, Points{.road = 6}, 0);
}

// TB-12 with a completed road: Red thief + builder, Blue thief, the road closed by cloisters.
// Layout of Tb05, then Red: A r270 at -2,0 closes the west end (it extends Red's builder road:
// second part, Red: A r180 at 0,3 closes the south end (road N ends at the cloister)).
// Road: A(-2,0), U(-1,0), D, V(1,0), V(1,1), V(0,1), U(0,2), A(0,3) = 8 tiles complete:
// thieves 1 : 1 -> Red 8, Blue 8; both thieves and Red's builder return.
TEST(TbScenarioBuilder, Tb12CompletedRoadTieDespiteTheBuilder) {
  const Strings deck = {"U", "V", "V", "B", "V", "U", "A", "A", "B"};
  const Strings actions = {"place -1,0 r90",  "meeple W",  "place 0,1 r270", "meeple E",
                           "place 1,1 r90",   "skip",      "place -1,1 r0",  "skip",
                           "place 1,0 r0",    "builder S", "place 0,2 r0",   "skip",
                           "place -2,0 r270", "skip",      "place 0,3 r180", "skip"};
  auto state = play_tb(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_tb_points(*state, kRed, Points{.road = 8}, 0);
  expect_tb_points(*state, kBlue, Points{.road = 8}, 0);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Builder), 1);
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
}

// TB-6: never on a field nor on a cloister; and not on a road of the tile that holds no
// follower of the player.
//
//        x=0     x=1      x=2
//  y=0   D r0 == U r90 == TB-J r0  (roads W, E, S end at its cloister, field N)
//                thief R
//  y=1   B
//
// On TB-J only the west road (joined to Red's thief) takes the builder.
TEST(TbScenarioBuilder, Tb06NeverOnAFieldOrCloister) {
  const Strings deck = {"U", "B", "TB-J", "B"};
  const Strings prefix = {"place 1,0 r90", "meeple E", "place 0,1 r0", "skip", "place 2,0 r0"};
  auto placed = play_tb(deck, prefix);
  ASSERT_TRUE(placed);
  const Strings options = follower_options(*placed);
  EXPECT_EQ(starting_with(options, "builder "), (Strings{"builder W"}));
  EXPECT_TRUE(contains(options, "meeple cloister"));  // the cloister takes a monk, not a builder
  EXPECT_FALSE(tb_error(deck, with(prefix, {"builder cloister"})).message.empty());
  EXPECT_FALSE(tb_error(deck, with(prefix, {"builder NNW"})).message.empty());
  EXPECT_TRUE(mentions(tb_error(deck, with(prefix, {"builder E"})).message, "follower"));
  auto state = play_tb(deck, with(prefix, {"builder W"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(figure_at(*state, kRed, FigureKind::Builder, 2, 0, "W"));
}

// TB-7: not on a feature completed by the placement.
//  A r270 (-1,0) == D == A r90 (1,0): Red's thief on A(-1,0); Red's A(1,0) closes the road:
// no builder option; the road scores 3 tiles -> Red 3.
TEST(TbScenarioBuilder, Tb07NotOnAFeatureCompletedByThePlacement) {
  const Strings deck = {"A", "B", "A", "B"};
  const Strings prefix = {"place -1,0 r270", "meeple E", "place 0,1 r0", "skip", "place 1,0 r90"};
  auto placed = play_tb(deck, prefix);
  ASSERT_TRUE(placed);
  EXPECT_TRUE(starting_with(follower_options(*placed), "builder ").empty());
  EXPECT_FALSE(tb_error(deck, with(prefix, {"builder W"})).message.empty());
  auto state = play_tb(deck, with(prefix, {"skip"}));
  ASSERT_TRUE(state);
  expect_tb_points(*state, kRed, Points{.road = 3}, 0);
  EXPECT_TRUE(part_is(*state, kBlue, PartKind::Normal));
}

// TB-15: the second part is lost when the deck is empty. EX-TB1 up to 3a, with U(3,0) the
// last tile: the game ends. Final scoring: road D, U, U, U = 4 tiles, open -> Red's thief 4.
TEST(TbScenarioBuilder, Tb15SecondPartLostWhenTheDeckIsEmpty) {
  const Strings deck = {"U", "B", "U", "B", "U"};
  const Strings actions = {"place 1,0 r90", "meeple E",  "place 0,1 r0",  "skip",
                           "place 2,0 r90", "builder E", "place -1,1 r0", "skip",
                           "place 3,0 r90", "skip"};
  auto state = play_tb(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_tb_points(*state, kRed, Points{.road = 4}, 0);
  expect_tb_points(*state, kBlue, Points{}, 0);
}

// Builder and pig need Traders & Builders: in the base game both actions are illegal.
TEST(TbScenarioBuilder, BuilderAndPigIllegalWithoutTheExpansion) {
  EXPECT_FALSE(replay_error(make_record_with(kTwo, {"U", "B"}, {"place 1,0 r90", "builder E"}, {}))
                   .message.empty());
  EXPECT_FALSE(replay_error(make_record_with(kTwo, {"U", "B"}, {"place 1,0 r90", "pig NNW"}, {}))
                   .message.empty());
  // With "ic" only as well.
  EXPECT_FALSE(
      replay_error(make_record_with(kTwo, {"U", "B"}, {"place 1,0 r90", "builder E"}, {"ic"}))
          .message.empty());
  auto base = play(make_record_with(kTwo, {"U", "B"}, {}, {}));
  ASSERT_TRUE(base);
  EXPECT_EQ(base->figures_in_supply(kRed, FigureKind::Builder), 0);
  EXPECT_EQ(base->figures_in_supply(kRed, FigureKind::Pig), 0);
  auto with_tb = play_tb({"U", "B"}, {});
  ASSERT_TRUE(with_tb);
  EXPECT_EQ(with_tb->figures_in_supply(kRed, FigureKind::Builder), 1);
  EXPECT_EQ(with_tb->figures_in_supply(kBlue, FigureKind::Pig), 1);
}

// ============================================================================================
// The pig: EX-TB4 and TB-16 .. TB-19
// ============================================================================================

// Layout (farms and the two completed cities):
//
//        x=-1     x=0       x=1
//  y=-3           E r180                 city #2: E(0,-3) cap S + E(0,-2) cap N, complete
//  y=-2           E r0
//  y=-1  B        E r180    B            city #1: E(0,-1) cap S + D's cap N, complete
//  y=0   U r90 == D r0 ==== A r90        (A r90: road W ends at its cloister: one field)
//  y=1            B
//
// Farm Y: the fields of E(0,-1) and E(0,-2) (borders cities #1 and #2). Farm X: D's strip and
// U(-1,0)'s north field. Farm S: south of D's road and B(0,1). A(1,0) joins X and S (its road
// ends, its field runs round); B(1,-1) and B(-1,-1) join Y to them: one farm supplying cities
// #1 and #2 (both complete). No other city is complete.
//
// Red:  E(0,-1) farmer (Y; completes city #1, nobody in it)   Blue: U(-1,0) farmer (X)
// Red:  E(0,-2) pig (Y holds Red's farmer)                     Blue: B(0,1) farmer (S)
// Red:  E(0,-3) completes city #2 (nobody)                     Blue: A(1,0) joins X and S
// Red:  B(1,-1) joins Y                                        Blue: B(-1,-1) pig (TB-17: the
//                                                              farm holds Red's farmer and pig)
const Strings kPigDeck = {"E", "U", "E", "B", "E", "A", "B", "B"};

// EX-TB4 (L526-531), TB-17, TB-18: Blue 2 farmers + pig, Red 1 farmer + pig.
// Final farm: Blue majority 2 : 1 -> 2 cities x (3 + 1 pig) = 8; Red nothing (his pig adds to
// nothing). No other figures: Blue 8, Red 0.
TEST(TbScenarioPig, ExTb4FarmerMajorityWithPigScoresFourPerCityOtherPigNothing) {
  const Strings actions = {"place 0,-1 r180", "meeple NNW", "place -1,0 r90", "meeple NNW",
                           "place 0,-2 r0",   "pig SSE",    "place 0,1 r0",   "meeple NNW",
                           "place 0,-3 r180", "skip",       "place 1,0 r90",  "skip",
                           "place 1,-1 r0",   "skip",       "place -1,-1 r0", "pig NNW"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(tb(kPigDeck, actions), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_tb_points(*state, kBlue, Points{.farm = 8}, 0);
  expect_tb_points(*state, kRed, Points{}, 0);
  int farm_points_blue = 0;
  for (const ScoreEvent& e : events_of(events, ScoreCategory::Farm)) {
    EXPECT_TRUE(e.final_scoring);
    EXPECT_EQ(e.winners & (1u << kRed), 0u);
    if (e.winners & (1u << kBlue)) farm_points_blue += e.points;
  }
  EXPECT_EQ(farm_points_blue, 8);
}

// TB-19: the pig does not count for majority. As above, but Blue places no second farmer (skips
// on B(0,1)) and no pig (skips on B(-1,-1)): farmers 1 : 1 (Red's pig does not break the tie) ->
// both score: Red 2 x (3 + 1) = 8, Blue 2 x 3 = 6.
TEST(TbScenarioPig, Tb19PigDoesNotCountForMajority) {
  const Strings actions = {"place 0,-1 r180", "meeple NNW", "place -1,0 r90", "meeple NNW",
                           "place 0,-2 r0",   "pig SSE",    "place 0,1 r0",   "skip",
                           "place 0,-3 r180", "skip",       "place 1,0 r90",  "skip",
                           "place 1,-1 r0",   "skip",       "place -1,-1 r0", "skip"};
  auto state = play_tb(kPigDeck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_tb_points(*state, kRed, Points{.farm = 8}, 0);
  expect_tb_points(*state, kBlue, Points{.farm = 6}, 0);
}

// TB-16: the pig needs the player's own farmer in that farm. Red: E(0,-1) farmer in Y; Blue:
// U(-1,0) farmer in X; Red: A r90 at 1,0 (its field joins X) -> a pig there is illegal (X holds
// only Blue's farmer); a pig on U(-1,0) (not the tile just placed) is illegal too.
TEST(TbScenarioPig, Tb16PigNeedsOwnFarmerAndTheTileJustPlaced) {
  const Strings deck = {"E", "U", "A", "B"};
  const Strings prefix = {"place 0,-1 r180", "meeple NNW", "place -1,0 r90", "meeple NNW",
                          "place 1,0 r90"};
  auto placed = play_tb(deck, prefix);
  ASSERT_TRUE(placed);
  EXPECT_TRUE(starting_with(follower_options(*placed), "pig ").empty());
  EXPECT_TRUE(mentions(tb_error(deck, with(prefix, {"pig NNW"})).message, "farmer"));
  EXPECT_FALSE(tb_error(deck, with(prefix, {"pig 0,-1 NNW"})).message.empty());
  // The first tile of a game: no farmer at all.
  EXPECT_TRUE(mentions(tb_error(deck, {"place 0,-1 r180", "pig NNW"}).message, "farmer"));
}

// TB-16: the pig on the tile just placed, on a field of the player's farm; never on a road.
// Red: E(0,-1) farmer; Blue: U(-1,0); Red: E r0 at 0,-2: the pig option names its field.
TEST(TbScenarioPig, Tb16PigOptionOnTheFarmOfTheFarmer) {
  const Strings deck = {"E", "U", "E", "B"};
  const Strings prefix = {"place 0,-1 r180", "meeple NNW", "place -1,0 r90", "skip",
                          "place 0,-2 r0"};
  auto placed = play_tb(deck, prefix);
  ASSERT_TRUE(placed);
  EXPECT_EQ(starting_with(follower_options(*placed), "pig "), (Strings{"pig ENE"}));
  auto state = play_tb(deck, with(prefix, {"pig ENE"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(figure_at(*state, kRed, FigureKind::Pig, 0, -2, "SSE"));
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Pig), 0);
  EXPECT_EQ(state->followers_in_supply(kRed), 6);  // the pig is not a follower
}

// ============================================================================================
// Trade goods: EX-TB3, EX-TB5, TB-21, TB-22
// ============================================================================================

// The goods city:
//
//        x=0        x=1       x=2
//  y=-1  TB-G r180 = TB-Q r0 = TB-F r270     grain, wine, grain
//  y=0   D r0                  E r0          D's cap N and E's cap N close it from below
//  y=1   B
//
// City: D, TB-G, TB-Q, TB-F, E = 5 tiles, no pennant -> 10 points completed; goods: 2 grain
// (TB-G, TB-F), 1 wine (TB-Q).
// Red: TB-G; Blue: TB-Q (knight W, or skip); Red: TB-F; Blue: B(0,1); Red: E(2,0) completes.
const Strings kGoodsDeck = {"TB-G", "TB-Q", "TB-F", "B", "E", "B"};

Strings goods_actions(const std::string& blue_on_tbq) {
  return {"place 0,-1 r180", "skip", "place 1,-1 r0", blue_on_tbq, "place 2,-1 r270", "skip",
          "place 0,1 r0",    "skip", "place 2,0 r0",  "skip"};
}

// EX-TB3 (L516-520), TB-21: Red completes the city holding Blue's knight: Blue 10; Red takes
// 2 grain + 1 wine (Blue none).
TEST(TbScenarioGoods, ExTb3CompleterTakesTheGoodsKnightOwnerScores) {
  auto state = play_tb(kGoodsDeck, goods_actions("meeple W"));
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_tb_points(*state, kBlue, Points{.city = 10}, 0);
  expect_tb_points(*state, kRed, Points{}, 0);
  EXPECT_EQ(tokens(*state, kRed), (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(tokens(*state, kBlue), (std::vector<int>{0, 0, 0}));
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
}

// TB-21: an unoccupied city gives its goods to the completer too.
TEST(TbScenarioGoods, Tb21UnoccupiedCityGoodsToTheCompleter) {
  auto state = play_tb(kGoodsDeck, goods_actions("skip"));
  ASSERT_TRUE(state);
  expect_tb_points(*state, kBlue, Points{}, 0);
  expect_tb_points(*state, kRed, Points{}, 0);
  EXPECT_EQ(tokens(*state, kRed), (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(tokens(*state, kBlue), (std::vector<int>{0, 0, 0}));
}

// TB-22 (with EX-TB3 played to the end): Blue places the last B at (-1,1) and the game ends.
// Final: Red has the most wine (1 : 0) -> 10 and the most grain (2 : 0) -> 10; nobody has cloth:
// no 10 for a tie at 0 (a player needs at least one token). Red 20 goods, Blue his city 10.
TEST(TbScenarioGoods, Tb22FinalGoodsNeedAtLeastOneToken) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      tb(kGoodsDeck, with(goods_actions("meeple W"), {"place -1,1 r0", "skip"})), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_tb_points(*state, kRed, Points{}, 20);
  expect_tb_points(*state, kBlue, Points{.city = 10}, 0);
  const auto goods = events_of(events, ScoreCategory::Goods);
  ASSERT_EQ(goods.size(), 2u);
  for (const ScoreEvent& e : goods) {
    EXPECT_TRUE(e.final_scoring);
    EXPECT_EQ(e.points, 10);
    EXPECT_EQ(e.winners, 1u << kRed);
    EXPECT_NE(e.good, TradeGood::Cloth);
  }
}

// EX-TB5 (L533-539), TB-22 ties: Blue 10 + 0 + 10 = 20, Red 10 + 10 + 10 = 30.
//
//        x=-1     x=0      x=1       x=2        x=3
//  y=-2                                         E r180
//  y=-1                    E r90 === TB-S r180 = TB-K r270       city B: wine, cloth
//  y=0            D r0 === U r90 === U r90 ==== U r90
//  y=1   E r90 == TB-Q r0 = TB-N r0 = TB-E r0 == E r270         city A: wine, cloth, grain
//
// Nobody deploys anything. Red completes city A with E(3,1): Red takes wine, cloth, grain.
// Blue completes city B with E(3,-2): Blue takes wine, cloth.
// Final: wine 1 : 1 tie -> 10 each; grain Red 1 : 0 -> Red 10; cloth 1 : 1 -> 10 each.
// Red 30, Blue 20; nothing else scores (no figures on the board).
TEST(TbScenarioGoods, ExTb5FinalGoodsWithTies) {
  const Strings deck = {"TB-Q", "U", "TB-N", "U", "TB-E", "E", "E", "TB-S", "E", "TB-K", "U", "E"};
  const Strings actions = {
      "place 0,1 r0",    "skip", "place 1,0 r90",   "skip", "place 1,1 r0",    "skip",
      "place 2,0 r90",   "skip", "place 2,1 r0",    "skip", "place 1,-1 r90",  "skip",
      "place -1,1 r90",  "skip", "place 2,-1 r180", "skip", "place 3,1 r270",  "skip",
      "place 3,-1 r270", "skip", "place 3,0 r90",   "skip", "place 3,-2 r180", "skip"};
  auto city_a = play_tb(deck, first(actions, 18));
  ASSERT_TRUE(city_a);
  EXPECT_EQ(tokens(*city_a, kRed), (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(tokens(*city_a, kBlue), (std::vector<int>{0, 0, 0}));

  auto state = play_tb(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(tokens(*state, kRed), (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(tokens(*state, kBlue), (std::vector<int>{1, 0, 1}));
  expect_tb_points(*state, kRed, Points{}, 30);
  expect_tb_points(*state, kBlue, Points{}, 20);
}

// ============================================================================================
// Builder and bazaar ("bcb" + "tb", rule option "builder-bazaar")
// ============================================================================================

// Red's thief U(1,0), Blue B(0,1), Red's builder U(2,0), Blue B(1,1); Red places the bazaar
// tile BCB-J r90 at 3,0: its road W ends at the bazaar and extends Red's builder road (still open
// at D's west end). Both a bazaar (2 players: 2 tiles, B and E, "no-auction": Blue chooses first,
// Red gets the other) and Red's second part (the next tile, B) are due.
//
//        x=0     x=1      x=2      x=3
//  y=-1  E r180                              (Red's bazaar tile: closes D's cap, nobody in it)
//  y=0   D r0 == U r90 == U r90 == BCB-J r90
//  y=1   B       B        B        B         (Blue's bazaar B at 2,1; Red's second part B 3,1)
const Strings kBazaarDeck = {"U", "B", "U", "B", "BCB-J", "B", "E", "B", "B"};
const Strings kBazaarPrefix = {"place 1,0 r90", "meeple E",  "place 0,1 r0", "skip",
                               "place 2,0 r90", "builder E", "place 1,1 r0", "skip",
                               "place 3,0 r90", "skip"};

Record tb_bcb(const Strings& actions, const std::string& order) {
  Rules rules = {{"bazaar", "no-auction"}};
  if (!order.empty()) rules.emplace_back("builder-bazaar", order);
  return make_record_with(kTwo, kBazaarDeck, actions, {"bcb", "tb"}, rules);
}

// Bazaar-first (default, publisher ruling 2/2021): the bazaar round, then Red's second part.
TEST(TbScenarioBazaar, BazaarFirstThenSecondPart) {
  const Strings steps = with(kBazaarPrefix, {"choose B", "place 2,1 r0", "skip", "place 0,-1 r180",
                                             "skip", "place 3,1 r0", "skip"});
  for (const std::string order : {"", "bazaar-first"}) {
    SCOPED_TRACE(order);
    auto after = [&](std::size_t n) { return play(tb_bcb(first(steps, n), order)); };
    auto s = after(10);
    ASSERT_TRUE(s);
    EXPECT_TRUE(pending_is(*s, kBlue, Phase::AuctionChoose));
    EXPECT_EQ(s->bazaar_offer(), (std::vector<TileType>{tile("B"), tile("E")}));
    s = after(11);  // Blue chooses B and plays it in the bazaar round
    ASSERT_TRUE(s);
    EXPECT_TRUE(pending_is(*s, kBlue, Phase::PlaceTile));
    EXPECT_TRUE(part_is(*s, kBlue, PartKind::BazaarRound));
    EXPECT_EQ(s->tile_in_hand(), tile("B"));
    s = after(13);  // Red plays the remaining E in the bazaar round
    ASSERT_TRUE(s);
    EXPECT_TRUE(pending_is(*s, kRed, Phase::PlaceTile));
    EXPECT_TRUE(part_is(*s, kRed, PartKind::BazaarRound));
    EXPECT_EQ(s->tile_in_hand(), tile("E"));
    s = after(15);  // then Red's second part with the next tile of the deck
    ASSERT_TRUE(s);
    EXPECT_TRUE(pending_is(*s, kRed, Phase::PlaceTile));
    EXPECT_TRUE(part_is(*s, kRed, PartKind::Second));
    EXPECT_EQ(s->tile_in_hand(), tile("B"));
    EXPECT_FALSE(s->bazaar_in_progress());
    s = after(17);  // then Blue's normal turn
    ASSERT_TRUE(s);
    EXPECT_TRUE(pending_is(*s, kBlue, Phase::PlaceTile));
    EXPECT_TRUE(part_is(*s, kBlue, PartKind::Normal));
    EXPECT_EQ(s->tiles_left_in_deck(), 0);    // the last B is in Blue's hand
    expect_tb_points(*s, kRed, Points{}, 0);  // E(0,-1) closed D's cap with nobody in it
  }
}

// Builder-first: the bazaar's tiles are drawn and set aside, Red's second part follows (with the
// tile after them), then the choice and the bazaar round, then Blue.
TEST(TbScenarioBazaar, BuilderFirstSecondPartBetweenSetAsideAndAuction) {
  const Strings steps = with(kBazaarPrefix, {"place 3,1 r0", "skip", "choose B", "place 2,1 r0",
                                             "skip", "place 0,-1 r180", "skip"});
  auto after = [&](std::size_t n) { return play(tb_bcb(first(steps, n), "builder-first")); };
  auto s = after(10);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*s, kRed, PartKind::Second));
  EXPECT_EQ(s->tile_in_hand(), tile("B"));
  EXPECT_EQ(s->tiles_left_in_deck(), 1);  // B, E set aside; B in hand; one B left
  // The tiles set aside lie face down: nobody sees them until the auction. A deck that sets
  // aside B, B and keeps E back (same tiles, another order) looks the same to both players.
  EXPECT_TRUE(s->bazaar_offer().empty());
  Strings other_deck = kBazaarDeck;
  other_deck[6] = "B";  // set aside B, B; the second part's B; E left
  other_deck[8] = "E";
  auto other =
      play(make_record_with(kTwo, other_deck, first(steps, 10), {"bcb", "tb"},
                            {{"bazaar", "no-auction"}, {"builder-bazaar", "builder-first"}}));
  ASSERT_TRUE(other);
  EXPECT_FALSE(*other == *s);
  for (PlayerId viewer : {kRed, kBlue})
    EXPECT_TRUE(other->observation(viewer).state() == s->observation(viewer).state());
  s = after(12);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kBlue, Phase::AuctionChoose));
  EXPECT_EQ(s->bazaar_offer(), (std::vector<TileType>{tile("B"), tile("E")}));
  s = after(13);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kBlue, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*s, kBlue, PartKind::BazaarRound));
  s = after(15);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*s, kRed, PartKind::BazaarRound));
  EXPECT_EQ(s->tile_in_hand(), tile("E"));
  s = after(17);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kBlue, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*s, kBlue, PartKind::Normal));
  EXPECT_FALSE(s->bazaar_in_progress());
}

// TB-15: the check is made after `bridge`: a tile whose own road does not touch the builder's road
// but whose bridge continues it gives the second part. Red's thief U(1,0) and builder U(2,0) on
// D's road; Blue's cloisters B below. Red places B (all field) at 3,0 against the road's east end
// and repairs it with a bridge on 3,0 running west-east: the bridge is part of the new tile and of
// the builder's road, so Red plays a second part with the next tile.
TEST(TbScenarioBuilder, Tb15BridgeOnTheNewTileExtendsTheBuildersRoad) {
  const Strings actions = {"place 1,0 r90", "meeple E",      "place 0,1 r0", "skip",
                           "place 2,0 r90", "builder E",     "place 1,1 r0", "skip",
                           "place 3,0 r0",  "bridge 3,0 EW", "skip"};
  auto state =
      play(make_record_with(kTwo, {"U", "B", "U", "B", "B", "B", "B"}, actions, {"bcb", "tb"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*state, kRed, PartKind::Second));
}

// The option needs both expansions: with "tb" alone the record is refused.
TEST(TbScenarioBazaar, BuilderBazaarOptionNeedsBcbAndTb) {
  for (const char* expansions : {R"(["tb"])", R"(["bcb"])", R"([])"}) {
    const std::string text = std::string(R"({"players":["Red","Blue"],"expansions":)") +
                             expansions +
                             R"(,"rules":{"builder-bazaar":"builder-first"},"start":"D",)"
                             R"("deck":["U"],"actions":[]})";
    EXPECT_FALSE(parse_record(text).ok()) << expansions;
  }
  const std::string ok = R"({"players":["Red","Blue"],"expansions":["bcb","tb"],)"
                         R"("rules":{"builder-bazaar":"builder-first"},"start":"D",)"
                         R"("deck":["U"],"actions":[]})";
  EXPECT_TRUE(parse_record(ok).ok());
}

}  // namespace
}  // namespace carcassonne

namespace carcassonne {
namespace {

// TB-18 with a castle (L1029: 5 per castle with the pig). Deck U, U, U, E. Red: U r90 at 1,0
// (road W-E; its north field joins D's strip north of the road, which borders D's cap) with a
// farmer NNE. Blue: U r90 at -1,0, skip. Red: U r90 at 2,0, the pig NNE (his farmer's farm).
// Blue: E r180 at 0,-1, its cap S against D's cap: a small city of two caps, completed, with
// Blue's knight; Blue makes it a castle. The deck is used up. The castle's follower leaves for
// nothing; the road (4 tiles) is empty. Red's farm borders one completed city, the castle:
// 4 for a castle + 1 for the pig = 5. Blue: 0.
TEST(TbScenarioPig, Tb18PigAddsOnePerCastleToo) {
  const Record record =
      make_record_with(kTwo, {"U", "U", "U", "E"},
                       {"place 1,0 r90", "meeple NNE", "place -1,0 r90", "skip", "place 2,0 r90",
                        "pig NNE", "place 0,-1 r180", "meeple S", "castle"},
                       {"bcb", "tb"});
  std::vector<ScoreEvent> events;
  auto state = play_logged(record, events);
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->over());
  EXPECT_EQ(state->score(kRed), 5);
  EXPECT_EQ(state->score_in(kRed, ScoreCategory::Farm), 5);
  EXPECT_EQ(state->score(kBlue), 0);
  int pig_events = 0;
  for (const ScoreEvent& e : events_of(events, ScoreCategory::Farm)) {
    if (!e.pig) continue;
    ++pig_events;
    EXPECT_EQ(e.points, 1);
    EXPECT_EQ(e.castles, 1);
    EXPECT_EQ(e.winners, 1u << kRed);
  }
  EXPECT_EQ(pig_events, 1);
}

}  // namespace
}  // namespace carcassonne
