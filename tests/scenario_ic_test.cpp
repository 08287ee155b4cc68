// Inns & Cathedrals: the worked examples of the rulebook's section (../shared/rules/
// big-box-rulebook-en.txt L331-404) and one scenario per line IC-1..IC-11 of
// ../shared/spec/bigbox-rules-checklist.md, each rebuilt as a small recorded game
// ("expansions": ["ic"], with "bcb" where a bridge or a bazaar tile is needed) and replayed.
//
// The rulebook prints only the captions of its pictures, so every layout here is our own with the
// same essence. Every expected number is worked out by hand from the rules text, the contract
// (../shared/spec/record-format-bigbox.md, "Rules as this contract reads them") and the tile
// reference (../shared/reference/tiles.txt); the comment above each test shows the map and the
// arithmetic. Maps: x grows east, y grows south; a cell names the tile and its rotation. The start
// tile D lies at 0,0 r0: city cap on its north edge, road west-east, a field strip between cap and
// road, and a field south of the road. Rotations turn clockwise: at r90 the printed north edge
// faces east.
//
// Tiles used (rotated as used below):
//   A r90   road W ends at a cloister         A r180  road N ends at a cloister
//   A r270  road E ends at a cloister         B       cloister, field all round
//   D r0    cap N, road W-E                   E r0 cap N | r90 cap E | r180 cap S | r270 cap W
//   G r90   city N-S (no pennant), fields W and E
//   M r180  city S+W with a pennant, fields N and E
//   N r90   city E+S | N r180 city S+W (no pennant), fields on the other two sides
//   R r180  city S+E+W (no pennant), field N
//   U r90   road W-E, fields N and S          U r0    road N-S
//   V r0 road S+W | V r90 road W+N | V r270 road E+S (curves)
//   W r0    roads E, S, W end at a junction, field N
//   IC-A r0 road S+W with an inn               IC-B r0 road W-E with an inn; r90 road N-S
//   IC-C r0 roads E (inn), S, W end at a junction (the inn belongs to the east segment only)
//   IC-D r0 roads W and E end at a cloister    IC-G r0 pointed city W, field strip N, field E+S
//   IC-H r0 four separate caps N, E, S, W; an enclosed field "inner" between them
//   IC-I r0 caps N and S, roads W and E end at a village
//   IC-K    one city on all four sides with a cathedral (2 copies)
//   BCB-J r270 road E ends at a bazaar (inn printed beside the road), field elsewhere
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli_runner.h"
#include "scenario_util.h"

namespace carcassonne {
namespace {

using scenario::bit;
using scenario::events_of;
using scenario::expect_points;
using scenario::follower_options;
using scenario::legal_options;
using scenario::make_record_with;
using scenario::play;
using scenario::play_logged;
using scenario::Points;
using scenario::replay_error;
using scenario::with;

using Strings = std::vector<std::string>;

const Strings kTwo = {"Red", "Blue"};
constexpr PlayerId kRed = 0;
constexpr PlayerId kBlue = 1;

Record ic(const Strings& players, const Strings& deck, const Strings& actions) {
  return make_record_with(players, deck, actions, {"ic"});
}

std::optional<GameState> play_ic(const Strings& deck, const Strings& actions) {
  return play(ic(kTwo, deck, actions));
}

Error ic_error(const Strings& deck, const Strings& actions) {
  return replay_error(ic(kTwo, deck, actions));
}

// Whether `message` contains `part` (for readable failure output).
::testing::AssertionResult mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "\"" << message << "\" does not mention \"" << part << "\"";
}

// The feature (root node) named by location `loc` on the tile at (x, y).
NodeId feature_at(const GameState& state, int x, int y, const char* loc) {
  const int index = state.board().tile_at(x, y);
  EXPECT_GE(index, 0) << "no tile at " << x << "," << y;
  if (index < 0) return 0;
  const std::uint8_t segment = state.segment_named(index, *parse_location(loc));
  EXPECT_NE(segment, kNoSegment) << "nothing at " << loc << " on " << x << "," << y;
  return state.feature_of(index, segment);
}

int large_in_supply(const GameState& state, PlayerId player) {
  return state.figures_in_supply(player, FigureKind::LargeFollower);
}

bool contains(const Strings& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// The options of `options` that start with `prefix` ("meeple ", "large ").
Strings starting_with(const Strings& options, const std::string& prefix) {
  Strings out;
  for (const std::string& o : options)
    if (o.rfind(prefix, 0) == 0) out.push_back(o);
  return out;
}

// ============================================================================================
// The worked examples of the rulebook section (L369-404)
// ============================================================================================

// EX-IC1, L369 "only blue scores 3 points for the road" (with L392-395 "the inn lies only on the
// right road segment"). The picture is lost; the checklist reads it as a road of 3 tiles ending at
// the junction of IC-C on a segment without the inn.
//
//        x=-1     x=0     x=1
//  y=0   W r0 == D r0 == IC-C r0 == (east segment, with the inn: another road)
//
// Blue's W r0 closes D's road at its junction; IC-C closes it at its own. Blue's thief on W's east
// segment. Road: W, D, IC-C = 3 tiles, no inn on any of its segments -> 3 x 1 = 3 for Blue.
// (With the inn it would be 6.) IC-C's east segment (the inn) is a separate road.
TEST(IcScenarioExamples, ExIc1RoadEndingAtTheInnJunctionOnAnotherSegmentScoresThree) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      ic(kTwo, {"IC-C", "W", "B"}, {"place 1,0 r0", "skip", "place -1,0 r0", "meeple E"}), events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.road = 3});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].category, ScoreCategory::Road);
  EXPECT_EQ(events[0].tiles, 3);
  EXPECT_EQ(events[0].points, 3);
  EXPECT_EQ(events[0].winners, bit(kBlue));
  EXPECT_NE(feature_at(*state, 1, 0, "W"), feature_at(*state, 1, 0, "E"));
  EXPECT_NE(feature_at(*state, 1, 0, "S"), feature_at(*state, 1, 0, "E"));
}

// EX-IC2, L371-372 "road incomplete at game end: Blue scores 0 points".
//
//        x=-1      x=0     x=1
//  y=0   U r90 == D r0 == IC-B r0        Blue's thief on IC-B (inn). Open at both ends.
//
// Final scoring: an unfinished road with an inn -> 0 (without the inn: 3 tiles -> 3).
TEST(IcScenarioExamples, ExIc2UnfinishedInnRoadScoresNothingAtTheEnd) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      ic(kTwo, {"U", "IC-B"}, {"place -1,0 r90", "skip", "place 1,0 r0", "meeple E"}), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{});
  // The road is still scored (3 tiles), for nothing.
  const auto roads = events_of(events, ScoreCategory::Road);
  ASSERT_EQ(roads.size(), 1u);
  EXPECT_TRUE(roads[0].final_scoring);
  EXPECT_EQ(roads[0].tiles, 3);
  EXPECT_EQ(roads[0].points, 0);
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);  // removed in the final scoring
}

// EX-IC3, L374 "Blue scores 6 points" (twice): two completed roads of 3 tiles, each with an inn.
//
//        x=0     x=1          x=2      x=3
//  y=0   D r0 == IC-C r0 ==== U r90 == W r0       road 1: IC-C east (inn), U, W west = 3 tiles
//                  ||
//  y=1           IC-B r90                         road 2: IC-C south, IC-B (inn), A = 3 tiles
//                  ||
//  y=2           A r180
//
// Blue's thieves on U (road 1) and on IC-B (road 2). Red's W closes road 1: 3 x 2 = 6 for Blue.
// Red's A closes road 2: 3 x 2 = 6 for Blue. Blue: 12 in all, two road scorings of 6.
TEST(IcScenarioExamples, ExIc3TwoCompletedInnRoadsScoreSixEach) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(ic(kTwo, {"IC-C", "U", "W", "IC-B", "A", "B"},
                              {"place 1,0 r0", "skip", "place 2,0 r90", "meeple E", "place 3,0 r0",
                               "skip", "place 1,1 r90", "meeple N", "place 1,2 r180", "skip"}),
                           events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.road = 12});
  const auto roads = events_of(events, ScoreCategory::Road);
  ASSERT_EQ(roads.size(), 2u);
  for (const ScoreEvent& e : roads) {
    EXPECT_EQ(e.tiles, 3);
    EXPECT_EQ(e.points, 6);
    EXPECT_EQ(e.winners, bit(kBlue));
    EXPECT_FALSE(e.final_scoring);
  }
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
}

// EX-IC4, L400-401 "city incomplete at game end: Blue scores 0 points".
//
//        x=0      x=1
//  y=-1  IC-K           Blue's knight on the cathedral city D + IC-K, open on three sides.
//  y=0   D r0 == U r90
//
// Final scoring: a city with a cathedral, unfinished -> 0 (without the cathedral: 2 tiles -> 2).
TEST(IcScenarioExamples, ExIc4UnfinishedCathedralCityScoresNothingAtTheEnd) {
  auto state = play_ic({"U", "IC-K"}, {"place 1,0 r90", "skip", "place 0,-1 r0", "meeple N"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{});
}

// EX-IC5, L403-404 "Blue scores 24 points": a completed cathedral city, tiles + pennants = 8.
//
//        x=-1      x=0      x=1
//  y=-3            E r180
//  y=-2            G r90                     G r90: city N-S, no pennant
//  y=-1  E r90 ==  IC-K  == M r180           M r180: city S+W with a pennant
//  y=0             D r0  == D r0             D(1,0): its cap closes M's south
//
// Blue's knight on IC-K. Blue's E at 0,-3 closes the city: D, IC-K, M, D(1,0), G, E(-1,-1),
// E(0,-3) = 7 tiles + 1 pennant = 8 -> 8 x 3 = 24 for Blue.
TEST(IcScenarioExamples, ExIc5CompletedCathedralCityOfSevenTilesAndAPennantScores24) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      ic(kTwo, {"D", "IC-K", "M", "G", "E", "E", "B"},
         {"place 1,0 r0", "skip", "place 0,-1 r0", "meeple N", "place 1,-1 r180", "skip",
          "place 0,-2 r90", "skip", "place -1,-1 r90", "skip", "place 0,-3 r180", "skip"}),
      events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.city = 24});
  const auto cities = events_of(events, ScoreCategory::City);
  ASSERT_EQ(cities.size(), 1u);
  EXPECT_EQ(cities[0].tiles, 7);
  EXPECT_EQ(cities[0].pennants, 1);
  EXPECT_EQ(cities[0].points, 24);
}

// ============================================================================================
// The checklist, IC-1 .. IC-11
// ============================================================================================

// IC-1 (L334): 18 tiles IC-A..IC-Q, IC-K twice; 1 large follower per player (with "ic" only).
TEST(IcScenarioChecklist, Ic01EighteenTilesAndOneLargeFollowerPerPlayer) {
  int total = 0;
  for (char c = 'A'; c <= 'Q'; ++c) {
    const std::string id = std::string("IC-") + c;
    auto type = find_tile_type(id);
    ASSERT_TRUE(type.has_value()) << id;
    const TileSpec& spec = tile_spec(*type);
    EXPECT_EQ(spec.expansion, Expansion::InnsCathedrals) << id;
    EXPECT_EQ(spec.count, c == 'K' ? 2 : 1) << id;
    total += spec.count;
  }
  EXPECT_EQ(total, 18);

  auto state = play_ic({"U"}, {});
  ASSERT_TRUE(state);
  for (PlayerId p : {kRed, kBlue}) {
    EXPECT_EQ(large_in_supply(*state, p), 1);
    EXPECT_EQ(state->followers_in_supply(p), 7);
  }
  auto base = play(make_record_with(kTwo, {"U"}, {}, {}));
  ASSERT_TRUE(base);
  EXPECT_EQ(large_in_supply(*base, kRed), 0);
  EXPECT_EQ(base->followers_in_supply(kRed), 7);
}

// IC-2 (L339, L376-378): "this cloister separates the road into 2 segments".
//
//        x=-1    x=0     x=1
//  y=0   W r0 == D r0 == IC-D r0 (cloister) == east segment
//
// Red's thief on IC-D's west segment (D's road). Blue's W closes the road: W, D, IC-D = 3 tiles
// -> 3 for Red; IC-D's east segment is another road, still open.
TEST(IcScenarioChecklist, Ic02CloisterOfIcDSplitsItsRoad) {
  auto state = play_ic({"IC-D", "W", "B"}, {"place 1,0 r0", "meeple W", "place -1,0 r0", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.road = 3});
  expect_points(*state, kBlue, Points{});
  const NodeId west = feature_at(*state, 1, 0, "W");
  const NodeId east = feature_at(*state, 1, 0, "E");
  EXPECT_NE(west, east);
  EXPECT_TRUE(state->feature_complete(west));
  EXPECT_FALSE(state->feature_complete(east));
  EXPECT_EQ(state->feature_tile_count(east), 1);
}

// IC-2 (L380-382): "this tile has 4 separate city segments" (IC-H).
//
//  y=-1  IC-H r0     its south cap closes D's cap: a city of 2 tiles, complete at once.
//  y=0   D r0        Red's knight on that south cap -> 2 x 2 = 4. N, E, W: three other cities.
TEST(IcScenarioChecklist, Ic02IcHHasFourSeparateCities) {
  auto state = play_ic({"IC-H", "B"}, {"place 0,-1 r0", "meeple S"});
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.city = 4});
  std::set<NodeId> cities;
  for (const char* loc : {"N", "E", "S", "W"}) cities.insert(feature_at(*state, 0, -1, loc));
  EXPECT_EQ(cities.size(), 4u);
  EXPECT_TRUE(state->feature_complete(feature_at(*state, 0, -1, "S")));
  EXPECT_FALSE(state->feature_complete(feature_at(*state, 0, -1, "N")));
}

// IC-2 (L384-386): "this crossing separates the road into 2 segments" (IC-I's village).
//
//        x=-1    x=0     x=1
//  y=0   W r0 == D r0 == IC-I r0 (village) == east segment
//
// Red's thief on IC-I's west segment; Blue's W closes it: W, D, IC-I = 3 tiles -> 3 for Red.
TEST(IcScenarioChecklist, Ic02VillageOfIcISplitsItsRoad) {
  auto state = play_ic({"IC-I", "W", "B"}, {"place 1,0 r0", "meeple W", "place -1,0 r0", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.road = 3});
  EXPECT_NE(feature_at(*state, 1, 0, "W"), feature_at(*state, 1, 0, "E"));
  EXPECT_NE(feature_at(*state, 1, 0, "N"), feature_at(*state, 1, 0, "S"));
  EXPECT_FALSE(state->feature_complete(feature_at(*state, 1, 0, "E")));
}

// IC-2 (L397-398): "this field ends at the arrow" (IC-G): the strip north of the pointed city and
// the field east and south of it are two fields.
TEST(IcScenarioChecklist, Ic02FieldOfIcGEndsAtTheTipOfItsCity) {
  //  y=0   D r0 == U r90
  //  y=1           IC-G r0   (city W facing 0,1 empty; strip N against U's south field)
  auto state = play_ic({"U", "IC-G", "B"}, {"place 1,0 r90", "skip", "place 1,1 r0"});
  ASSERT_TRUE(state);
  const NodeId strip = feature_at(*state, 1, 1, "NNW");
  const NodeId big = feature_at(*state, 1, 1, "ESE");
  EXPECT_NE(strip, big);
  EXPECT_EQ(feature_at(*state, 1, 1, "NNE"), strip);
  EXPECT_EQ(feature_at(*state, 1, 1, "ENE"), big);
  EXPECT_EQ(starting_with(follower_options(*state), "meeple ").size(), 3u);  // city + 2 fields
}

// IC-3 (L388-390 [A], [D] T governs): every segment of the tiles takes followers. IC-I at 1,0
// (everything it joins is empty): 2 caps, 2 roads, 4 fields -> 8 locations, each for a normal
// and for the large follower.
TEST(IcScenarioChecklist, Ic03EverySegmentOfIcITakesFollowers) {
  auto state = play_ic({"IC-I", "B"}, {"place 1,0 r0"});
  ASSERT_TRUE(state);
  const Strings options = follower_options(*state);
  EXPECT_EQ(starting_with(options, "meeple ").size(), 8u);
  EXPECT_EQ(starting_with(options, "large ").size(), 8u);
  EXPECT_TRUE(contains(options, "skip"));
}

// IC-4 (L343-344): the large follower joins the 7 normal ones and is deployed like them: wherever
// a normal follower may go, and not on an occupied feature.
//
//  y=0   D r0 == U r90 == U r90     Red's large on U(1,0)'s road; Blue's U(2,0) continues that
//                                    road: "large E" and "meeple E" are both refused.
TEST(IcScenarioChecklist, Ic04LargeFollowerIsDeployedLikeANormalOne) {
  auto placed = play_ic({"U", "U", "B"}, {"place 1,0 r90"});
  ASSERT_TRUE(placed);
  const Strings options = follower_options(*placed);
  for (const std::string& m : starting_with(options, "meeple "))
    EXPECT_TRUE(contains(options, "large " + m.substr(7))) << m;
  EXPECT_EQ(starting_with(options, "meeple ").size(), starting_with(options, "large ").size());

  auto state = play_ic({"U", "U", "B"}, {"place 1,0 r90", "large E"});
  ASSERT_TRUE(state);
  EXPECT_EQ(large_in_supply(*state, kRed), 0);
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  ASSERT_EQ(state->followers().size(), 1u);
  EXPECT_EQ(state->followers()[0].kind, FigureKind::LargeFollower);
  EXPECT_EQ(state->followers()[0].player, kRed);

  // The long form names the tile just placed.
  auto long_form = play_ic({"U", "U", "B"}, {"place 1,0 r90", "large 1,0 E"});
  ASSERT_TRUE(long_form);
  EXPECT_EQ(long_form->followers(), state->followers());

  auto next = play_ic({"U", "U", "B"}, {"place 1,0 r90", "large E", "place 2,0 r90"});
  ASSERT_TRUE(next);
  const Strings blue = follower_options(*next);
  EXPECT_FALSE(contains(blue, "meeple E"));
  EXPECT_FALSE(contains(blue, "large E"));
  Error error = ic_error({"U", "U", "B"}, {"place 1,0 r90", "large E", "place 2,0 r90", "large E"});
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(error.message, "action 3"));
  EXPECT_TRUE(mentions(error.message, "already has a follower"));
}

// IC-4: only one large follower per player: once it is on the board, no "large" is offered, and
// deploying it again is refused with a reason.
//
//  y=0   D r0 == U r90 (Red's large on the road) == U r90 (Blue) ; Red's B at 0,1.
TEST(IcScenarioChecklist, Ic04TheLargeFollowerCannotBeDeployedTwice) {
  const Strings deck = {"U", "U", "B", "B"};
  const Strings setup = {"place 1,0 r90", "large E", "place 2,0 r90", "skip", "place 0,1 r0"};
  auto state = play_ic(deck, setup);
  ASSERT_TRUE(state);
  EXPECT_EQ(large_in_supply(*state, kRed), 0);
  const Strings options = legal_options(*state);
  EXPECT_TRUE(starting_with(options, "large ").empty());
  EXPECT_TRUE(contains(options, "meeple cloister"));

  auto move = parse_move(*state, "large cloister");
  ASSERT_TRUE(move.ok()) << move.error().message;
  const std::optional<Error> refused = state->check(*move);
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(refused->message, "no large figure left in supply"));
  Error error = ic_error(deck, with(setup, {"large cloister"}));
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(error.message, "action 5"));
  EXPECT_TRUE(mentions(error.message, "no large figure left in supply"));
}

// IC-4 / contract: `large` in a game without "ic" is illegal; the replay names the action.
TEST(IcScenarioChecklist, Ic04LargeIsIllegalWithoutInnsAndCathedrals) {
  Error error = replay_error(make_record_with(kTwo, {"U", "B"}, {"place 1,0 r90", "large E"}, {}));
  EXPECT_TRUE(mentions(error.message, "action 1"));
  EXPECT_TRUE(mentions(error.message, "large E"));
  Error with_bcb =
      replay_error(make_record_with(kTwo, {"U", "B"}, {"place 1,0 r90", "large E"}, {"bcb"}));
  EXPECT_TRUE(mentions(with_bcb.message, "action 1"));
  auto base = play(make_record_with(kTwo, {"U", "B"}, {"place 1,0 r90"}, {}));
  ASSERT_TRUE(base);
  EXPECT_TRUE(starting_with(follower_options(*base), "large ").empty());
}

// IC-5 (L345-347) on a road: 2 beats 1. IC-6 (L349-350): the large follower goes home.
//
//        x=-1    x=0      x=1
//  y=0   W r0 == D r0 ==  V r0         Red's thief on W(-1,0)'s east segment (D's road).
//                          ||
//  y=1           V r270 == V r90       Blue's large on V(0,1): a separate road, closed at A.
//                 ||
//  y=2           A r180
//
// Red's V r90 at 1,1 joins both: W, D, V(1,0), V(1,1), V(0,1), A = 6 tiles, complete, no inn.
// Strength: Red 1, Blue 2 -> only Blue scores 6. Both figures go home.
TEST(IcScenarioChecklist, Ic05LargeFollowerCountsTwoInARoadMajority) {
  std::vector<ScoreEvent> events;
  const Strings deck = {"W", "V", "A", "V", "V", "B"};
  const Strings before = {"place -1,0 r0",  "meeple E", "place 0,1 r270", "large E",
                          "place 0,2 r180", "skip",     "place 1,0 r0",   "skip"};
  auto open = play_ic(deck, before);
  ASSERT_TRUE(open);
  EXPECT_EQ(large_in_supply(*open, kBlue), 0);
  EXPECT_NE(feature_at(*open, 1, 0, "W"), feature_at(*open, 0, 1, "E"));

  auto state = play_logged(ic(kTwo, deck, with(before, {"place 1,1 r90", "skip"})), events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.road = 6});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].tiles, 6);
  EXPECT_EQ(events[0].winners, bit(kBlue));
  // IC-6: after scoring the large follower returns to its owner (and Red's thief to Red).
  EXPECT_EQ(large_in_supply(*state, kBlue), 1);
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_TRUE(state->followers().empty());
}

// IC-5 on a city: 2 beats 1.
//
//        x=0      x=1
//  y=-1  N r90 == N r180         N r90: city E+S; N r180: city S+W (no pennants)
//          |        |
//  y=0   D r0 ==  D r0           Red's knight on D(1,0)'s cap; Blue's large on N(0,-1).
//
// Red's N r180 joins and completes: D, N, N, D = 4 tiles -> 8. Strength Red 1, Blue 2: Blue 8.
TEST(IcScenarioChecklist, Ic05LargeFollowerCountsTwoInACityMajority) {
  auto state = play_ic({"D", "N", "N", "B"}, {"place 1,0 r0", "meeple N", "place 0,-1 r90",
                                              "large S", "place 1,-1 r180", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.city = 8});
  EXPECT_EQ(large_in_supply(*state, kBlue), 1);
}

// IC-5 on a city: a large follower alone ties two normal followers of another player.
//
//        x=-1     x=0      x=1
//  y=-1  N r90 == R r180 == N r180      R r180: city S+E+W, field N
//          |        |        |
//  y=0   D r0 ==  D r0  ==  D r0        Red's knights on the caps of D(1,0) and D(-1,0);
//                                       Blue's large on R.
//
// Red's N r90 at -1,-1 completes: D, D, D, R, N, N = 6 tiles, no pennant -> 12. Strength: Red
// 1 + 1 = 2, Blue 2 -> a tie: each scores 12.
TEST(IcScenarioChecklist, Ic05LargeFollowerTiesTwoNormalFollowersInACity) {
  std::vector<ScoreEvent> events;
  auto state =
      play_logged(ic(kTwo, {"D", "R", "D", "N", "N", "B"},
                     {"place 1,0 r0", "meeple N", "place 0,-1 r180", "large S", "place -1,0 r0",
                      "meeple N", "place 1,-1 r180", "skip", "place -1,-1 r90", "skip"}),
                  events);
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.city = 12});
  expect_points(*state, kBlue, Points{.city = 12});
  const auto cities = events_of(events, ScoreCategory::City);
  ASSERT_EQ(cities.size(), 1u);
  EXPECT_EQ(cities[0].tiles, 6);
  EXPECT_EQ(cities[0].winners, bit(kRed) | bit(kBlue));
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(large_in_supply(*state, kBlue), 1);
}

// IC-5 on a farm: 2 beats 1. IC-6 (L350-351): a large farmer stays until the end.
//
//        x=-1     x=0     x=1     x=2
//  y=-1           E r180                    E r180 closes D's cap: a completed city of 2 tiles
//  y=0   U r90 == D r0 == U r90 == A r90    A r90: road W ends at a cloister; its one field
//  y=1            B                         joins the farm north of the road to the south one
//
// Blue's large farmer north of the road (U(-1,0) NNW), Red's farmer south (U(1,0) ESE). A joins
// them; B (last tile) adds field only. Final scoring: the farm borders one completed city (D+E)
// -> 3; strength Red 1, Blue 2 -> Blue 3, Red 0. The road (open at U(-1,0)'s west end) and the
// cloisters hold no one.
TEST(IcScenarioChecklist, Ic05LargeFollowerCountsTwoInAFarmMajority) {
  const Strings deck = {"E", "U", "U", "A", "B"};
  const Strings four = {"place 0,-1 r180", "skip",       "place -1,0 r90", "large NNW",
                        "place 1,0 r90",   "meeple ESE", "place 2,0 r90",  "skip"};
  auto before_end = play_ic(deck, four);
  ASSERT_TRUE(before_end);
  EXPECT_FALSE(before_end->over());
  EXPECT_EQ(feature_at(*before_end, -1, 0, "NNW"), feature_at(*before_end, 1, 0, "ESE"));
  EXPECT_EQ(large_in_supply(*before_end, kBlue), 0);  // the farmer stays
  EXPECT_EQ(before_end->followers().size(), 2u);

  std::vector<ScoreEvent> events;
  auto state = play_logged(ic(kTwo, deck, with(four, {"place 0,1 r0", "skip"})), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.farm = 3});
  const auto farms = events_of(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 1u);
  EXPECT_EQ(farms[0].cities, 1);
  EXPECT_EQ(farms[0].winners, bit(kBlue));
}

// IC-5 on a farm: a large farmer alone ties two normal farmers of another player.
//
//        x=-1     x=0     x=1     x=2
//  y=-1           E r180  B                 E r180 closes D's cap (a completed city of 2 tiles);
//  y=0   U r90 == D r0 == U r90 == A r90    its outer field (N, E, W) is a farm of its own
//                                           until B at 1,-1 joins it to the strip north of the
//                                           road; A joins the strip to the field south of it.
//
// Red's farmers on E's outer field (NNW) and south of the road (U(1,0) ESE); Blue's large farmer
// on the strip (U(-1,0) NNW). After B all three stand in one farm, bordering one completed city
// (D+E) -> 3. Strength Red 1 + 1 = 2, Blue 2: a tie, 3 each.
TEST(IcScenarioChecklist, Ic05LargeFollowerTiesTwoNormalFollowersInAFarm) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      ic(kTwo, {"E", "U", "U", "A", "B"},
         {"place 0,-1 r180", "meeple NNW", "place -1,0 r90", "large NNW", "place 1,0 r90",
          "meeple ESE", "place 2,0 r90", "skip", "place 1,-1 r0", "skip"}),
      events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{.farm = 3});
  expect_points(*state, kBlue, Points{.farm = 3});
  const auto farms = events_of(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 1u);
  EXPECT_EQ(farms[0].cities, 1);
  EXPECT_EQ(farms[0].winners, bit(kRed) | bit(kBlue));
}

// IC-6 (L349-350): the large follower goes home after its city is scored and may be deployed on
// the owner's next turn.
//
//  y=-1  E r180      Red's large on E(0,-1): closes D's cap -> 2 tiles x 2 = 4, back at once.
//  y=0   D r0 == U r90 (Blue) ; Red's next tile U at -1,0 takes the large follower again.
TEST(IcScenarioChecklist, Ic06LargeFollowerReturnsAfterScoringAndCanBeDeployedAgain) {
  const Strings deck = {"E", "U", "U", "B"};
  auto scored = play_ic(deck, {"place 0,-1 r180", "large S"});
  ASSERT_TRUE(scored);
  expect_points(*scored, kRed, Points{.city = 4});
  EXPECT_EQ(large_in_supply(*scored, kRed), 1);
  EXPECT_TRUE(scored->followers().empty());

  auto again = play_ic(
      deck, {"place 0,-1 r180", "large S", "place 1,0 r90", "skip", "place -1,0 r90", "large W"});
  ASSERT_TRUE(again);
  EXPECT_EQ(large_in_supply(*again, kRed), 0);
  ASSERT_EQ(again->followers().size(), 1u);
  EXPECT_EQ(again->followers()[0].kind, FigureKind::LargeFollower);
}

// IC-7 (L358-359): a completed road with an inn scores 2 per tile; a bridge adds its tile but
// no inn (contract). bcb + ic.
//
//        x=-1      x=0                 x=1        x=2
//  y=0             D r0
//  y=1   A r270 == B ==bridge EW== IC-B r0 == A r90
//
// Blue's IC-B meets B's field with a road: a bridge EW on B (its west end faces -1,1). Blue's
// thief on IC-B. Red's A r90 closes the east end, Blue's A r270 the west end: A, B (bridge),
// IC-B, A = 4 tiles with an inn -> 4 x 2 = 8 for Blue.
TEST(IcScenarioChecklist, Ic07CompletedInnRoadWithABridgeScoresTwoPerTile) {
  std::vector<ScoreEvent> events;
  auto state =
      play_logged(make_record_with(kTwo, {"B", "IC-B", "A", "A", "U"},
                                   {"place 0,1 r0", "skip", "place 1,1 r0", "bridge 0,1 EW",
                                    "meeple E", "place 2,1 r90", "skip", "place -1,1 r270", "skip"},
                                   {"bcb", "ic"}),
                  events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.road = 8});
  const auto roads = events_of(events, ScoreCategory::Road);
  ASSERT_EQ(roads.size(), 1u);
  EXPECT_EQ(roads[0].tiles, 4);
  EXPECT_EQ(roads[0].points, 8);
}

// IC-7 with bcb + ic, the same layout without an inn tile: a bridge adds its tile and no inn.
//
//        x=-1      x=0                 x=1
//  y=0             D r0
//  y=1   A r270 == B ==bridge EW== A r90
//
// Blue's A r90 meets B's field with a road: bridge EW on B; Blue's thief on A's road. Red's
// A r270 closes the west end: A, B (bridge), A = 3 tiles, no inn -> 3 x 1 = 3 for Blue.
TEST(IcScenarioChecklist, Ic07BridgeHasNoInnOfItsOwn) {
  auto state = play(make_record_with(kTwo, {"B", "A", "A", "U"},
                                     {"place 0,1 r0", "skip", "place 1,1 r90", "bridge 0,1 EW",
                                      "meeple W", "place -1,1 r270", "skip"},
                                     {"bcb", "ic"}));
  ASSERT_TRUE(state);
  expect_points(*state, kBlue, Points{.road = 3});
  expect_points(*state, kRed, Points{});
}

// IC-8 (L359-360): such a road unfinished at the end scores 0, for a large follower too.
//
//        x=0     x=1
//  y=0   D r0 == IC-A r0        Red's large on IC-A's road (S+W, inn); Blue's U r0 continues it
//                  ||           south. Road D, IC-A, U: 3 tiles, open at both ends, inn -> 0.
//  y=1           U r0
TEST(IcScenarioChecklist, Ic08UnfinishedInnRoadScoresZeroAtTheEnd) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      ic(kTwo, {"IC-A", "U"}, {"place 1,0 r0", "large W", "place 1,1 r0", "skip"}), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{});
  const auto roads = events_of(events, ScoreCategory::Road);
  ASSERT_EQ(roads.size(), 1u);
  EXPECT_TRUE(roads[0].final_scoring);
  EXPECT_EQ(roads[0].tiles, 3);
  EXPECT_EQ(roads[0].points, 0);
  EXPECT_EQ(large_in_supply(*state, kRed), 1);
}

// IC-9 (L365-366): a completed city with a cathedral: 3 per tile (and pennant).
//
//        x=-1      x=0      x=1
//  y=-2            E r180
//  y=-1  E r90 ==  IC-K  == E r270
//  y=0             D r0
//
// Red's large on IC-K; Blue's E r270 completes: D, IC-K, 3 x E = 5 tiles -> 15 (not 10).
TEST(IcScenarioChecklist, Ic09CompletedCathedralCityScoresThreePerTile) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(ic(kTwo, {"IC-K", "E", "E", "E", "B"},
                              {"place 0,-1 r0", "large N", "place 0,-2 r180", "skip",
                               "place -1,-1 r90", "skip", "place 1,-1 r270", "skip"}),
                           events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_points(*state, kRed, Points{.city = 15});
  expect_points(*state, kBlue, Points{});
  const auto cities = events_of(events, ScoreCategory::City);
  ASSERT_EQ(cities.size(), 1u);
  EXPECT_EQ(cities[0].tiles, 5);
  EXPECT_EQ(large_in_supply(*state, kRed), 1);
}

// IC-10 (L366-367): the same city one tile short at the end: D, IC-K, 2 x E = 4 tiles, open to
// the east -> 0 (without the cathedral: 4).
TEST(IcScenarioChecklist, Ic10UnfinishedCathedralCityScoresZeroAtTheEnd) {
  auto state = play_ic({"IC-K", "E", "E"}, {"place 0,-1 r0", "large N", "place 0,-2 r180", "skip",
                                            "place -1,-1 r90", "skip"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{});
}

// IC-11 [D]: two inns do not add up.
//
//        x=-1    x=0     x=1        x=2
//  y=0   W r0 == D r0 == IC-B r0 == IC-A r0       Red's thief on IC-B. Road: W, D, IC-B, IC-A,
//                                     ||          A = 5 tiles, two inns -> 5 x 2 = 10 (not 20).
//  y=1                              A r180
TEST(IcScenarioChecklist, Ic11TwoInnsDoNotAddUp) {
  auto state =
      play_ic({"IC-B", "IC-A", "W", "A", "B"}, {"place 1,0 r0", "meeple E", "place 2,0 r0", "skip",
                                                "place -1,0 r0", "skip", "place 2,1 r180", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.road = 10});
  expect_points(*state, kBlue, Points{});
}

// IC-11 [D]: both cathedrals in one city do not add up.
//
//        x=-1      x=0      x=1
//  y=-3            E r180
//  y=-2  E r90 ==  IC-K  == E r270
//  y=-1  E r90 ==  IC-K  == E r270
//  y=0             D r0
//
// Red's knight on IC-K(0,-1); Red's E r270 at 1,-2 completes: D, 2 x IC-K, 5 x E = 8 tiles ->
// 8 x 3 = 24 (not 48).
TEST(IcScenarioChecklist, Ic11BothCathedralsDoNotAddUp) {
  auto state = play_ic({"IC-K", "IC-K", "E", "E", "E", "E", "E", "B"},
                       {"place 0,-1 r0", "meeple N", "place 0,-2 r0", "skip", "place 0,-3 r180",
                        "skip", "place -1,-1 r90", "skip", "place 1,-1 r270", "skip",
                        "place -1,-2 r90", "skip", "place 1,-2 r270", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.city = 24});
  expect_points(*state, kBlue, Points{});
}

// IC-11 [D] / contract: the inn printed on BCB-J counts only with "ic".
//
//        x=-1          x=0     x=1
//  y=0   BCB-J r270 == D r0 == W r0       BCB-J r270: road E ends at its bazaar (inn printed)
//
// Red's thief on W(1,0)'s west segment (D's road); Blue's BCB-J, the last tile (no auction: no
// tile left), closes the road: BCB-J, D, W = 3 tiles -> 3 with "bcb", 3 x 2 = 6 with "bcb" + "ic".
TEST(IcScenarioChecklist, Ic11InnOfBcbJCountsOnlyWithIc) {
  const Strings deck = {"W", "BCB-J"};
  const Strings actions = {"place 1,0 r0", "meeple W", "place -1,0 r270", "skip"};
  auto without = play(make_record_with(kTwo, deck, actions, {"bcb"}));
  ASSERT_TRUE(without);
  EXPECT_TRUE(without->over());
  expect_points(*without, kRed, Points{.road = 3});
  auto with_ic = play(make_record_with(kTwo, deck, actions, {"bcb", "ic"}));
  ASSERT_TRUE(with_ic);
  EXPECT_TRUE(with_ic->over());
  expect_points(*with_ic, kRed, Points{.road = 6});
}

// IC-11 [D] / contract: the inn printed on BCB-C (on its printed south road) counts only with
// "ic", and only on that segment.
//
//        x=-1    x=0     x=1          x=2
//  y=0   W r0 == D r0 == BCB-C r270 == A r90
//
// BCB-C r270: printed N (no inn) faces W, printed S (inn) faces E; both roads end at its bazaar;
// fields N and S. Red's thief on W(-1,0)'s east segment (D's road). Blue's BCB-C (one tile left,
// fewer than the players: no auction) closes it: W, D, BCB-C = 3 tiles, no inn on its segments
// -> 3 for Red, with or without "ic". Blue's thief on BCB-C's east segment (the inn); Red's A r90
// (road W ends at its cloister) closes it: BCB-C, A = 2 tiles -> 2 for Blue with "bcb" alone,
// 2 x 2 = 4 with "bcb" + "ic".
TEST(IcScenarioChecklist, Ic11InnOfBcbCCountsOnlyWithIcAndOnlyOnItsPrintedSegment) {
  const Strings deck = {"W", "BCB-C", "A"};
  const Strings actions = {"place -1,0 r0", "meeple E",      "place 1,0 r270",
                           "meeple E",      "place 2,0 r90", "skip"};
  auto without = play(make_record_with(kTwo, deck, actions, {"bcb"}));
  ASSERT_TRUE(without);
  EXPECT_TRUE(without->over());
  expect_points(*without, kRed, Points{.road = 3});
  expect_points(*without, kBlue, Points{.road = 2});
  auto with_ic = play(make_record_with(kTwo, deck, actions, {"bcb", "ic"}));
  ASSERT_TRUE(with_ic);
  EXPECT_TRUE(with_ic->over());
  expect_points(*with_ic, kRed, Points{.road = 3});
  expect_points(*with_ic, kBlue, Points{.road = 4});
}

// IC-H's enclosed field `inner` takes a farmer and borders its 4 cities.
//
//        x=-1     x=0      x=1
//  y=-2           E r180
//  y=-1  E r90 == IC-H  == E r270     each cap of IC-H closed by a cap: 4 cities of 2 tiles
//  y=0            D r0                (the south one with D's cap)
//
// Red's farmer on IC-H's inner field. At the end its farm borders 4 completed cities -> 12.
// One tile short (no E at -1,-1): 3 completed cities -> 9.
TEST(IcScenarioChecklist, IcHInnerFieldTakesAFarmerAndScoresItsFourCities) {
  auto placed = play_ic({"IC-H", "E", "E", "E"}, {"place 0,-1 r0"});
  ASSERT_TRUE(placed);
  const Strings options = follower_options(*placed);
  EXPECT_TRUE(contains(options, "meeple inner"));
  EXPECT_TRUE(contains(options, "large inner"));

  auto state =
      play_ic({"IC-H", "E", "E", "E"}, {"place 0,-1 r0", "meeple inner", "place 0,-2 r180", "skip",
                                        "place 1,-1 r270", "skip", "place -1,-1 r90", "skip"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{.farm = 12});
  expect_points(*state, kBlue, Points{});

  auto short_one = play_ic({"IC-H", "E", "E"}, {"place 0,-1 r0", "meeple inner", "place 0,-2 r180",
                                                "skip", "place 1,-1 r270", "skip"});
  ASSERT_TRUE(short_one);
  EXPECT_TRUE(short_one->over());
  expect_points(*short_one, kRed, Points{.farm = 9});
}

// Contract: `carcassonne replay` shows per player "large" (large followers in supply) when "ic" is
// in play, and not without it. Red's large stands on U(1,0)'s road: Red 0, Blue 1.
class IcScenarioReplay : public carcassonne::testing::CliFixture {};

TEST_F(IcScenarioReplay, SummaryShowsLargeFollowersInSupplyOnlyWithIc) {
  const std::string with_ic = R"({"players": ["Red", "Blue"], "expansions": ["ic"],
    "deck": ["U", "U"], "actions": ["place 1,0 r90", "large E"]})";
  carcassonne::testing::write_file(path("ic.json"), with_ic);
  const auto summary = nlohmann::json::parse(replay_summary(path("ic.json")));
  ASSERT_TRUE(summary.contains("players"));
  ASSERT_EQ(summary["players"].size(), 2u);
  EXPECT_EQ(summary["players"][0]["large"], 0);
  EXPECT_EQ(summary["players"][0]["followers"], 7);
  EXPECT_EQ(summary["players"][1]["large"], 1);

  const std::string base = R"({"players": ["Red", "Blue"],
    "deck": ["U", "U"], "actions": ["place 1,0 r90", "meeple E"]})";
  carcassonne::testing::write_file(path("base.json"), base);
  const auto plain = nlohmann::json::parse(replay_summary(path("base.json")));
  ASSERT_TRUE(plain.contains("players"));
  EXPECT_FALSE(plain["players"][0].contains("large"));
  EXPECT_EQ(plain["players"][0]["followers"], 6);
}

}  // namespace
}  // namespace carcassonne
