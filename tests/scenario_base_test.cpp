// The worked examples of the base game's rulebook (../shared/rules/big-box-rulebook-en.txt, first
// part, and "Example for farmer scoring"), each rebuilt as a small recorded game and replayed.
//
// The rulebook prints only the captions of its pictures, so every layout here is our own with the
// same essence. Every expected number is worked out by hand from the rules text and the tile
// reference (../shared/reference/tiles.txt); the comment above each test shows the map and the
// arithmetic. Maps: x grows east, y grows south; a cell names the tile and its rotation. The start
// tile D lies at 0,0 r0: city cap on its north edge, road west-east, fields north of the road (a
// strip between road and city) and south of it. Rotations turn clockwise: at r90 the printed
// north edge faces east.
//
// Tiles used (printed orientation, r0):
//   A cloister, road S      B cloister             C city N E S W + pennant
//   D cap N, road E-W       E cap N                F city E-W + pennant      G city E-W
//   I caps N and E (apart)  K cap N, road S-W      M city N+E + pennant      N city N+E
//   Q city N E W + pennant  U road N-S             V road S-W (curve)
//   W roads E, S, W meeting at a junction
// Rotated, as used below:
//   E r90 cap E | E r180 cap S | E r270 cap W        N r90 city E+S | N r180 S+W | N r270 W+N
//   U r90 road W-E, fields north and south           I r90 caps E and S, field N and W
//   M r180 city S+W (pennant), field N and E         Q r180 city S E W (pennant), field N
//   A r180 road N to the cloister                    D r180 cap S, road W-E
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "scenario_util.h"

namespace carcassonne {
namespace {

using scenario::bit;
using scenario::events_of;
using scenario::expect_points;
using scenario::follower_options;
using scenario::make_record;
using scenario::play;
using scenario::play_logged;
using scenario::Points;
using scenario::replay_error;
using scenario::with;

// Whether `message` contains `part` (for readable failure output).
::testing::AssertionResult mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "\"" << message << "\" does not mention \"" << part << "\"";
}

// ============================================================================================
// Placing land tiles
// ============================================================================================

// "The new tile must be placed with at least one edge abutting one previously placed tile. The new
// tile may not simply be placed corner to corner" and "all field, city, and road segments on the
// new tile continue to field, city, and road segments on all abutting tiles".
//
//        x=-1   x=0   x=1
//  y=-1         [E?]              E at 0,-1 must turn its cap south (r180) to meet D's cap.
//  y=0          D r0              1,1 touches D only at a corner; 0,0 is taken.
//  y=1                [1,1]
TEST(RulebookScenarioPlacement, IllegalPlacementsAreRejectedWithAReason) {
  const std::vector<std::string> players = {"Red", "Blue"};
  const std::vector<std::string> deck = {"E", "E"};

  // Mismatched edge: E r0 shows field on its south edge, facing D's city.
  Error mismatch = replay_error(make_record(players, deck, {"place 0,-1 r0"}));
  EXPECT_EQ(mismatch.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(mismatch.message, "action 0"));
  EXPECT_TRUE(mentions(mismatch.message, "city"));
  // Mismatched edge on a road side: E r0 at 1,0 puts field against D's road.
  Error road = replay_error(make_record(players, deck, {"place 1,0 r0"}));
  EXPECT_EQ(road.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(road.message, "road"));
  // Diagonal only.
  Error diagonal = replay_error(make_record(players, deck, {"place 1,1 r0"}));
  EXPECT_EQ(diagonal.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(diagonal.message, "action 0"));
  // Not touching anything at all.
  Error far = replay_error(make_record(players, deck, {"place 5,5 r0"}));
  EXPECT_EQ(far.code, ErrorCode::IllegalMove);
  // Occupied square: the start tile's, and later a square filled during the game (action 2).
  Error start = replay_error(make_record(players, deck, {"place 0,0 r180"}));
  EXPECT_EQ(start.code, ErrorCode::IllegalMove);
  Error occupied =
      replay_error(make_record(players, deck, {"place 0,-1 r180", "skip", "place 0,-1 r180"}));
  EXPECT_EQ(occupied.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(occupied.message, "action 2"));

  // The legal alternatives: cap turned south at 0,-1, or south of D with the cap facing away.
  auto north = play(players, deck, {"place 0,-1 r180", "skip"});
  ASSERT_TRUE(north);
  EXPECT_EQ(north->placed_tiles().size(), 2u);
  auto south = play(players, deck, {"place 0,1 r180", "skip"});
  ASSERT_TRUE(south);
  EXPECT_EQ(south->placed_tiles().size(), 2u);
}

// "In the rare circumstance where a drawn tile has no legal placement ... the player discards the
// tile from the game ... and draws another tile to place."
//
//  y=-1         E r180     After Red closes D's city with E r180, every open square needs a
//  y=0          D r0       field or road on some side: 0,-2 (field S), -1,-1 and 1,-1 (field),
//                          -1,0 and 1,0 (road), 0,1 (field N). C is city on all four sides, so it
//                          fits nowhere: it is discarded and Blue draws U instead.
TEST(RulebookScenarioPlacement, TileWithNoLegalPlacementIsDiscardedAndTheNextDrawn) {
  const std::vector<std::string> players = {"Red", "Blue"};
  const std::vector<std::string> deck = {"E", "C", "U"};
  auto state = play(players, deck, {"place 0,-1 r180", "skip"});
  ASSERT_TRUE(state);
  ASSERT_EQ(state->discarded_tiles().size(), 1u);
  EXPECT_EQ(state->discarded_tiles()[0], *find_tile_type("C"));
  EXPECT_FALSE(state->over());
  EXPECT_EQ(state->phase(), Phase::PlaceTile);
  EXPECT_EQ(state->current_player(), 1);  // Blue's turn goes on with the next tile
  EXPECT_EQ(state->tile_in_hand(), *find_tile_type("U"));
  EXPECT_EQ(state->tiles_left_in_deck(), 0);
  // Scoring so far: E r180 completed the 2-tile city, but nobody had a knight in it.
  expect_points(*state, 0, Points{});

  // The game continues with U (road W-E at 1,0) and then ends: 3 tiles on the table.
  auto done = play(players, deck, {"place 0,-1 r180", "skip", "place 1,0 r90", "skip"});
  ASSERT_TRUE(done);
  EXPECT_TRUE(done->over());
  EXPECT_EQ(done->placed_tiles().size(), 3u);
  EXPECT_EQ(done->discarded_tiles().size(), 1u);
}

// ============================================================================================
// Roads
// ============================================================================================

// "Red earns 3 points": a road completed at both ends by crossings.
//
//        x=-1    x=0    x=1
//  y=0   W r0 == D r0 == W r0        the road runs from W's junction at -1,0 to W's at 1,0
//
// Red's thief stands on W(-1,0)'s east arm; Blue closes the road. 3 tiles -> 3 points for Red.
TEST(RulebookScenarioRoads, CompletedRoadOfThreeTilesScoresThree) {
  const std::vector<std::string> players = {"Red", "Blue"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      make_record(players, {"W", "W", "U"}, {"place -1,0 r0", "meeple E", "place 1,0 r0", "skip"}),
      events);
  ASSERT_TRUE(state);
  expect_points(*state, 0, Points{.road = 3});
  expect_points(*state, 1, Points{});
  EXPECT_EQ(state->followers_in_supply(0), 7);  // the thief came back
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].category, ScoreCategory::Road);
  EXPECT_EQ(events[0].tiles, 3);
  EXPECT_EQ(events[0].winners, bit(0));
  EXPECT_FALSE(events[0].final_scoring);
}

// "Red earns 4 points": a road with a bend, from a junction to a cloister.
//
//        x=-1    x=0    x=1
//  y=0   W r0 == D r0 == V r0         V r0 turns the road from its west edge to its south edge
//  y=1                   A r180       A r180: road from the north edge ends at the cloister
//
// Red's thief on W's east arm. Tiles W, D, V, A -> 4 points.
TEST(RulebookScenarioRoads, CompletedRoadOfFourTilesScoresFour) {
  const std::vector<std::string> players = {"Red", "Blue"};
  auto state =
      play(players, {"W", "V", "A", "U"},
           {"place -1,0 r0", "meeple E", "place 1,0 r0", "skip", "place 1,1 r180", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, 0, Points{.road = 4});
  expect_points(*state, 1, Points{});
  EXPECT_FALSE(state->over());  // U is still to be played
}

// "A road is complete when the road segments on both ends connect to a crossing, a city segment,
// or a cloister, or when the road forms a complete loop."
//
//        x=0      x=1
//  y=0   D r0
//  y=1   V r270 == V r0        four curves: V r270 roads E+S, V r0 S+W,
//          ||       ||                      V r180 N+E,  V r90 W+N
//  y=2   V r180 == V r90
//
// Red's thief on V(0,1). Loop of 4 tiles -> 4 points when Blue closes it.
TEST(RulebookScenarioRoads, RoadLoopIsComplete) {
  const std::vector<std::string> players = {"Red", "Blue"};
  auto state = play(players, {"V", "V", "V", "V"},
                    {"place 0,1 r270", "meeple E", "place 1,1 r0", "skip", "place 0,2 r180", "skip",
                     "place 1,2 r90", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, 0, Points{.road = 4});
  expect_points(*state, 1, Points{});
  EXPECT_EQ(state->followers_in_supply(0), 7);
}

// ============================================================================================
// Deploying followers
// ============================================================================================

// "Blue can only deploy a farmer as there is already a knight in a connected city segment."
//
//        x=0      x=1
//  y=-1  N r90 == N r270      N r90 (city E+S) joins D's cap; Red's knight stands on it.
//  y=0   D r0                 N r270 (city W+N, field E and S) extends that city.
//
// N has only a city and a field: Blue's city is taken, so his only follower is a farmer.
TEST(RulebookScenarioFollowers, KnightInConnectedCityLeavesOnlyTheFarmer) {
  const std::vector<std::string> players = {"Red", "Blue"};
  const std::vector<std::string> deck = {"N", "N", "E"};
  const std::vector<std::string> setup = {"place 0,-1 r90", "meeple S", "place 1,-1 r270"};

  auto state = play(players, deck, setup);
  ASSERT_TRUE(state);
  ASSERT_EQ(state->phase(), Phase::Follower);
  EXPECT_EQ(follower_options(*state), (std::vector<std::string>{"meeple ENE", "skip"}));

  for (const char* city : {"meeple W", "meeple N"}) {
    Error error = replay_error(make_record(players, deck, with(setup, {city})));
    EXPECT_EQ(error.code, ErrorCode::IllegalMove) << city;
    EXPECT_TRUE(mentions(error.message, "action 3")) << city;
    EXPECT_TRUE(mentions(error.message, "already has a follower")) << city;
  }
  auto farmer = play(players, deck, with(setup, {"meeple SSE"}));
  ASSERT_TRUE(farmer);
  EXPECT_EQ(farmer->followers_in_supply(0), 6);
  EXPECT_EQ(farmer->followers_in_supply(1), 6);
  // Red cannot add a knight of his own either ("including himself"): his E r180 at 1,-2 closes
  // the city from the north, but the city already holds his knight.
  Error own = replay_error(
      make_record(players, deck, with(setup, {"meeple SSE", "place 1,-2 r180", "meeple S"})));
  EXPECT_EQ(own.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(own.message, "action 5"));
}

// "Blue can deploy his follower as a knight or a thief, but only as a farmer in the small field
// ... In the larger field area, there is already a farmer on a connected field segment."
//
//        x=-1     x=0     x=1
//  y=0   D r0  == D r0 == U r90      Red's farmer lies in U's south field, which runs on through
//                                     D(0,0)'s south field into the new D(-1,0)'s south field.
// On the new D(-1,0): city N (free), road (free), the strip between city and road (free, the
// "small field"), the south field (taken).
TEST(RulebookScenarioFollowers, FarmerInConnectedFieldLeavesOnlyTheSmallField) {
  const std::vector<std::string> players = {"Red", "Blue"};
  const std::vector<std::string> deck = {"U", "D", "E"};
  const std::vector<std::string> setup = {"place 1,0 r90", "meeple SSE", "place -1,0 r0"};

  auto state = play(players, deck, setup);
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state),
            (std::vector<std::string>{"meeple E", "meeple ENE", "meeple N", "skip"}));

  for (const char* large : {"meeple SSW", "meeple SSE", "meeple WSW", "meeple ESE"}) {
    Error error = replay_error(make_record(players, deck, with(setup, {large})));
    EXPECT_EQ(error.code, ErrorCode::IllegalMove) << large;
    EXPECT_TRUE(mentions(error.message, "field")) << large;
  }
  for (const char* allowed : {"meeple WNW", "meeple ENE", "meeple N", "meeple W"}) {
    auto ok = play(players, deck, with(setup, {allowed}));
    ASSERT_TRUE(ok) << allowed;
    EXPECT_EQ(ok->followers_in_supply(1), 6) << allowed;
  }
}

// ============================================================================================
// Cities
// ============================================================================================

// "Red earns 8 points (4 city tiles, and no pennants)."
//
//        x=0      x=1
//  y=-1  N r90 == N r180       N r90 city E+S, N r180 city S+W
//  y=0   D r0     K r0         K r0: cap N closes the city; its road runs west into D's road
//
// City: D, N, N, K = 4 tiles, 0 pennants -> 2*4 = 8 for Red (knight on N r90).
TEST(RulebookScenarioCities, CompletedCityOfFourTilesScoresEight) {
  const std::vector<std::string> players = {"Red", "Blue"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(make_record(players, {"N", "N", "K"},
                                       {"place 0,-1 r90", "meeple S", "place 1,-1 r180", "skip",
                                        "place 1,0 r0", "skip"}),
                           events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, 0, Points{.city = 8});
  expect_points(*state, 1, Points{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].tiles, 4);
  EXPECT_EQ(events[0].pennants, 0);
  EXPECT_FALSE(events[0].final_scoring);
}

// "When a tile has 2 segments in a city, it still counts for just 2 points (1 tile)."
//
//        x=0      x=1
//  y=0   D r0
//  y=1   I r90 == N r180       I r90: caps E and S (two separate segments of the tile)
//          ||       ||         N r180 city S+W, N r0 city N+E, N r270 city W+N
//  y=2   N r0  == N r270       the four tiles close a ring: both of I's caps are in one city
//
// City: 4 tiles (5 segments), no pennants -> 2*4 = 8 for Red, not 10.
TEST(RulebookScenarioCities, TileWithTwoSegmentsOfTheCityCountsOnce) {
  const std::vector<std::string> players = {"Red", "Blue"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(make_record(players, {"I", "N", "N", "N"},
                                       {"place 0,1 r90", "meeple E", "place 1,1 r180", "skip",
                                        "place 0,2 r0", "skip", "place 1,2 r270", "skip"}),
                           events);
  ASSERT_TRUE(state);
  expect_points(*state, 0, Points{.city = 8});
  expect_points(*state, 1, Points{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].tiles, 4);
  EXPECT_EQ(events[0].points, 8);
}

// "Red and Blue each score the full 10 points for the city as they tie with 1 knight each."
//
//        x=0      x=1      x=2
//  y=-1  N r90 == F r0  == E r270     Red's knight on N r90, Blue's on E r270 (cap W);
//  y=0   D r0  == U r90 == U r90      F (city W-E, pennant) joins the two and closes the city.
//
// City: D, N, F, E = 4 tiles + 1 pennant -> 2*(4+1) = 10 for each of Red and Blue.
TEST(RulebookScenarioCities, TiedKnightsEachScoreTheFullCity) {
  const std::vector<std::string> players = {"Red", "Blue"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      make_record(players, {"N", "U", "U", "E", "F"},
                  {"place 0,-1 r90", "meeple S", "place 1,0 r90", "skip", "place 2,0 r90", "skip",
                   "place 2,-1 r270", "meeple W", "place 1,-1 r0", "skip"}),
      events);
  ASSERT_TRUE(state);
  expect_points(*state, 0, Points{.city = 10});
  expect_points(*state, 1, Points{.city = 10});
  EXPECT_EQ(state->followers_in_supply(0), 7);
  EXPECT_EQ(state->followers_in_supply(1), 7);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].winners, bit(0) | bit(1));
  EXPECT_EQ(events[0].tiles, 4);
  EXPECT_EQ(events[0].pennants, 1);
}

// "Red earns 8 points (3 city tiles and 1 pennant)."
//
//        x=0      x=1
//  y=-1  M r90 == E r270       M r90: city E+S with a pennant; E r270 cap W closes it
//  y=0   D r0
//
// City: D, M, E = 3 tiles + 1 pennant -> 2*(3+1) = 8 for Red.
TEST(RulebookScenarioCities, CityOfThreeTilesAndOnePennantScoresEight) {
  const std::vector<std::string> players = {"Red", "Blue"};
  auto state = play(players, {"M", "E"}, {"place 0,-1 r90", "meeple E", "place 1,-1 r270", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, 0, Points{.city = 8});
  expect_points(*state, 1, Points{});
}

// "The new land tile connects separate city segments to complete a city."
//
//        x=0      x=1
//  y=-1  [N r90]  E r270       Red's knight on E r270 (cap W), a city of its own; D's cap is
//  y=0   D r0  == U r90        another. Blue's N r90 (city E+S) joins both caps and closes it.
//  y=1   B
//
// City: D, N, E = 3 tiles, no pennant -> 6 for Red. Blue cannot put a knight on N r90 (the city
// it joins already has Red's knight).
TEST(RulebookScenarioCities, NewTileConnectsSeparateSegmentsAndCompletesTheCity) {
  const std::vector<std::string> players = {"Red", "Blue"};
  const std::vector<std::string> deck = {"U", "B", "E", "N"};
  const std::vector<std::string> setup = {"place 1,0 r90",   "skip",     "place 0,1 r0",  "skip",
                                          "place 1,-1 r270", "meeple W", "place 0,-1 r90"};
  auto before = play(players, deck, setup);
  ASSERT_TRUE(before);
  EXPECT_EQ(follower_options(*before), (std::vector<std::string>{"meeple NNW", "skip"}));

  std::vector<ScoreEvent> events;
  auto state = play_logged(make_record(players, deck, with(setup, {"skip"})), events);
  ASSERT_TRUE(state);
  expect_points(*state, 0, Points{.city = 6});
  expect_points(*state, 1, Points{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].tiles, 3);
}

// "Red earns 4 points": the smallest city, two caps facing each other.
//
//        x=1
//  y=-2  E r180        Blue's knight on E r0 (cap N) at 1,-1; Red closes it with E r180.
//  y=-1  E r0
//  y=0   U r90 (joined to D at 0,0)
//
// City: 2 tiles -> 2*2 = 4 for Blue.
TEST(RulebookScenarioCities, CityOfTwoTilesScoresFour) {
  const std::vector<std::string> players = {"Red", "Blue"};
  auto state =
      play(players, {"U", "E", "E"},
           {"place 1,0 r90", "skip", "place 1,-1 r0", "meeple N", "place 1,-2 r180", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, 0, Points{});
  expect_points(*state, 1, Points{.city = 4});
  EXPECT_EQ(state->followers_in_supply(1), 7);
}

// "In a completed road or city, the player with the most ... knights (in a city) earns all the
// points."
//
//        x=-1     x=0      x=1
//  y=-2           E r180 == B          Red's knights: E r90 (-1,-1) and E r180 (0,-2).
//  y=-1  E r90 == [C]   == E r270      Blue's knight: E r270 (1,-1).
//  y=0   U r90 == D r0  == U r90 == U r90 (2,0)
//
// C (city on all four sides, pennant) joins the four caps: city C, D, E, E, E = 5 tiles +
// 1 pennant -> 2*(5+1) = 12. Red has 2 knights, Blue 1: Red 12, Blue 0; all knights go home.
TEST(RulebookScenarioCities, MajorityOfKnightsTakesAllThePoints) {
  const std::vector<std::string> players = {"Red", "Blue"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      make_record(players, {"U", "U", "E", "E", "B", "U", "E", "C"},
                  {"place -1,0 r90", "skip", "place 1,0 r90", "skip", "place -1,-1 r90", "meeple E",
                   "place 1,-1 r270", "meeple W", "place 1,-2 r0", "skip", "place 2,0 r90", "skip",
                   "place 0,-2 r180", "meeple S", "place 0,-1 r0", "skip"}),
      events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, 0, Points{.city = 12});
  expect_points(*state, 1, Points{});
  EXPECT_EQ(state->followers_in_supply(0), 7);
  EXPECT_EQ(state->followers_in_supply(1), 7);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].winners, bit(0));
  EXPECT_EQ(events[0].tiles, 5);
  EXPECT_EQ(events[0].pennants, 1);
}

// ============================================================================================
// Cloisters, and followers returning
// ============================================================================================

// "Red earns 9 points": a cloister surrounded by eight tiles.
//
//        x=-1     x=0     x=1
//  y=0   U r90 == D r0 == U r90
//  y=1   E r270   B       E r90       Red's monk on B at 0,1. The caps all face outwards.
//  y=2   E r180   E r180  E r180
//
// 1 (cloister tile) + 8 neighbours = 9 for Red, scored when the last neighbour arrives.
TEST(RulebookScenarioCloisters, CompletedCloisterScoresNine) {
  const std::vector<std::string> players = {"Red", "Blue"};
  const std::vector<std::string> deck = {"B", "U", "U", "E", "E", "E", "E", "E"};
  const std::vector<std::string> all_but_last = {"place 0,1 r0",    "meeple cloister",
                                                 "place -1,0 r90",  "skip",
                                                 "place 1,0 r90",   "skip",
                                                 "place -1,1 r270", "skip",
                                                 "place 1,1 r90",   "skip",
                                                 "place 0,2 r180",  "skip",
                                                 "place -1,2 r180", "skip"};
  auto seven = play(players, deck, all_but_last);
  ASSERT_TRUE(seven);
  expect_points(*seven, 0, Points{});  // 7 neighbours: not yet complete
  EXPECT_EQ(seven->followers_in_supply(0), 6);

  auto state = play(players, deck, with(all_but_last, {"place 1,2 r180", "skip"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, 0, Points{.cloister = 9});
  expect_points(*state, 1, Points{});
  EXPECT_EQ(state->followers_in_supply(0), 7);
}

// "It is possible for a player to deploy a follower, score a road, city, or cloister, and have
// the follower returned on the same turn": 1. complete, 2. deploy, 3. score, 4. return.
//
//  y=-1  E r180        Red closes D's cap with E r180 and puts a knight in the city at once.
//  y=0   D r0
//
// City: 2 tiles -> 4 for Red; after the turn the knight is back (7 in supply).
TEST(RulebookScenarioCloisters, FollowerDeployedScoredAndReturnedInOneTurn) {
  const std::vector<std::string> players = {"Red", "Blue"};
  const std::vector<std::string> deck = {"E", "U"};
  auto placed = play(players, deck, {"place 0,-1 r180"});
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed),
            (std::vector<std::string>{"meeple NNW", "meeple S", "skip"}));

  std::vector<ScoreEvent> events;
  auto state = play_logged(make_record(players, deck, {"place 0,-1 r180", "meeple S"}), events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  EXPECT_EQ(state->current_player(), 1);
  expect_points(*state, 0, Points{.city = 4});
  EXPECT_EQ(state->followers_in_supply(0), 7);
  EXPECT_TRUE(state->followers().empty());
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].category, ScoreCategory::City);
  EXPECT_EQ(events[0].tiles, 2);
  EXPECT_EQ(events[0].winners, bit(0));
}

// ============================================================================================
// Final scoring of incomplete features
// ============================================================================================

// "Blue earns 3 points for the incomplete city on the lower right. Green earns 8 points for the
// larger incomplete city on the left. Black earns nothing, as Green has more knights."
// Final scoring: 1 point per city tile, 1 per pennant.
//
//         x=-2     x=-1    x=0     x=1     x=2
//  y=-1   G r0  == G r0 == Q r180 == G r0 == F r0      one city, open at both ends
//  y=0    U r90 == U r90 == D r0  == U r90 == U r90
//  y=1             E r90 == M r180                      open to the south of M
//
// North city: G, G, Q, G, F + D's cap = 6 tiles, pennants on Q and F = 2 -> 8. Knights: Green on
// Q and on G(-2,-1), Black on F: Green 8, Black 0.
// South city: M (pennant) + E = 2 tiles + 1 pennant -> 3 for Blue.
TEST(RulebookScenarioFinalScoring, IncompleteCitiesScoreOnePerTileAndPennant) {
  const std::vector<std::string> players = {"Blue", "Green", "Black"};
  std::vector<ScoreEvent> events;
  auto state =
      play_logged(make_record(players, {"U", "Q", "U", "M", "U", "F", "U", "G", "G", "E", "G"},
                              {"place 1,0 r90",  "skip", "place 0,-1 r180", "meeple S",
                               "place 2,0 r90",  "skip", "place 0,1 r180",  "meeple S",
                               "place -1,0 r90", "skip", "place 2,-1 r0",   "meeple E",
                               "place -2,0 r90", "skip", "place -2,-1 r0",  "meeple W",
                               "place -1,-1 r0", "skip", "place -1,1 r90",  "skip",
                               "place 1,-1 r0",  "skip"}),
                  events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, 0, Points{.city = 3});
  expect_points(*state, 1, Points{.city = 8});
  expect_points(*state, 2, Points{});
  const auto cities = events_of(events, ScoreCategory::City);
  ASSERT_EQ(cities.size(), 2u);
  for (const ScoreEvent& e : cities) EXPECT_TRUE(e.final_scoring);
}

// "Red earns 3 points for the incomplete road. Yellow earns 5 points for the incomplete cloister."
//
//        x=-1     x=0     x=1
//  y=0   U r90 == D r0 == U r90       Red's thief on U(1,0): road of 3 tiles, open at both ends
//  y=1            B       E r90       Yellow's monk on B: neighbours U, D, U and E only
//
// Road: 3 tiles -> 3. Cloister: 1 + 4 neighbours -> 5.
TEST(RulebookScenarioFinalScoring, IncompleteRoadAndCloister) {
  const std::vector<std::string> players = {"Red", "Yellow"};
  auto state = play(players, {"U", "B", "U", "E"},
                    {"place 1,0 r90", "meeple E", "place 0,1 r0", "meeple cloister",
                     "place -1,0 r90", "skip", "place 1,1 r90", "skip"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, 0, Points{.road = 3});
  expect_points(*state, 1, Points{.cloister = 5});
}

// ============================================================================================
// Farms
// ============================================================================================

// "Farmers remain in the field segment where they are deployed for the entire game and are never
// returned to the players' supplies" (until the final scoring).
//
//        x=-1    x=0     x=1     x=2
//  y=-1                  E r180           Blue closes the city of D(1,0) with E r180,
//  y=0   W r0 == D r0 == D r0 == W r0     then the road from junction to junction.
//  y=1           U r90
//
// Red's farmer lies in the strip between the cities and the road (D(1,0) ENE). Neither scoring
// returns it. At the end that farm borders one completed city (D(1,0)'s, 2 tiles; D(0,0)'s cap is
// still open) -> 3 for Red.
TEST(RulebookScenarioFarms, FarmersAreNeverReturnedDuringTheGame) {
  const std::vector<std::string> players = {"Red", "Blue"};
  const std::vector<std::string> deck = {"D", "E", "W", "W", "U"};
  const std::vector<std::string> four_turns = {"place 1,0 r0",  "meeple ENE",   "place 1,-1 r180",
                                               "skip",          "place 2,0 r0", "skip",
                                               "place -1,0 r0", "skip"};
  auto state = play(players, deck, four_turns);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  EXPECT_EQ(state->followers_in_supply(0), 6);
  ASSERT_EQ(state->followers().size(), 1u);
  EXPECT_EQ(state->followers()[0].player, 0);
  expect_points(*state, 0, Points{});  // city and road were completed, with no one on them
  expect_points(*state, 1, Points{});

  auto done = play(players, deck, with(four_turns, {"place 0,1 r90", "skip"}));
  ASSERT_TRUE(done);
  EXPECT_TRUE(done->over());
  expect_points(*done, 0, Points{.farm = 3});
  expect_points(*done, 1, Points{});
}

// "Blue earns 6 points. Red earns 3 points. No farmer scores for the incomplete city."
//
//        x=-1     x=0     x=1
//  y=-1           E r180  E r180        city 1 = D(0,0) cap + E(0,-1); city 2 = D(1,0) + E(1,-1)
//  y=0   D r180 == D r0 == D r0         D r180 at -1,0: cap facing south, open (city 4)
//  y=1            E r180                city 3 = E(0,1) + E(0,2)
//  y=2            E r0
//
// Blue's farmer: the strip north of the road (D(0,0) and D(1,0) strips, D(-1,0)'s north field)
// borders cities 1 and 2, both complete -> 6.
// Red's farmer: the field south of the road (D(0,0), D(1,0) south fields, E(0,1)'s field and
// D(-1,0)'s strip beside its southern cap) borders city 3 (complete) and city 4 (incomplete)
// -> 3 for city 3 only.
TEST(RulebookScenarioFarms, FarmsScoreThreePerCompletedCityOnly) {
  const std::vector<std::string> players = {"Blue", "Red"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(make_record(players, {"D", "E", "E", "E", "E", "D"},
                                       {"place 1,0 r0", "meeple WNW", "place 0,1 r180",
                                        "meeple NNW", "place 0,-1 r180", "skip", "place 1,-1 r180",
                                        "skip", "place 0,2 r0", "skip", "place -1,0 r180", "skip"}),
                           events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, 0, Points{.farm = 6});
  expect_points(*state, 1, Points{.farm = 3});
  const auto farms = events_of(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 2u);
  for (const ScoreEvent& e : farms) {
    if (e.winners == bit(0)) {
      EXPECT_EQ(e.cities, 2);
    } else {
      EXPECT_EQ(e.winners, bit(1));
      EXPECT_EQ(e.cities, 1);
    }
  }
}

// "Example for farmer scoring", farms 1 and 2: "Blue owns farm 1. There are 2 completed cities
// (A and B) ... Blue earns 6 points." "Red and Blue own Farm 2 together. There are 3 completed
// cities (A, B, and C) ... Red and Blue each earn 9 points." "Cities A and B earn Blue 3 points
// each for Farm 1 and both Red and Blue 3 points each for Farm 2, as the cities are adjacent to
// both farms. The city on the lower left is not complete, and, thus, scores no points."
//
//         x=-1     x=0     x=1
//  y=-3            E r180                 C = E(0,-2) + E(0,-3)
//  y=-2            E r0
//  y=-1   N r180   E r180  E r180         A = D(0,0) cap + E(0,-1); B = D(1,0) cap + E(1,-1)
//  y=0    D r0  == D r0 == D r0           A' = D(-1,0) cap + N r180 (open to the west)
//
// Farm 1 = the strips between caps and road at y=0: borders A', A, B -> 2 completed = 6, Blue.
// Farm 2 = the fields above the caps: N(-1,-1), E(0,-1), E(1,-1), E(0,-2): borders A', A, B, C
// -> 3 completed = 9 each for Red and Blue (1 farmer each; they were deployed on N(-1,-1) and
// E(1,-1) while apart, and E(0,-1) joined them).
// Blue 6 + 9 = 15, Red 9.
TEST(RulebookScenarioFarms, FarmerScoringExampleFarmsOneAndTwo) {
  const std::vector<std::string> players = {"Blue", "Red"};
  const std::vector<std::string> deck = {"D", "D", "E", "N", "E", "E", "E"};
  const std::vector<std::string> until_join = {
      "place 1,0 r0", "meeple ENE",       "place -1,0 r0", "skip",           "place 1,-1 r180",
      "meeple NNW",   "place -1,-1 r180", "meeple NNW",    "place 0,-1 r180"};
  // "The player who played the new land tile may not deploy a farmer because the connected field
  // segments already have farmers": E(0,-1) offers only its city (A, no knight in it).
  auto joining = play(players, deck, until_join);
  ASSERT_TRUE(joining);
  EXPECT_EQ(follower_options(*joining), (std::vector<std::string>{"meeple S", "skip"}));

  std::vector<ScoreEvent> events;
  auto state = play_logged(
      make_record(players, deck,
                  with(until_join, {"skip", "place 0,-2 r0", "skip", "place 0,-3 r180", "skip"})),
      events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, 0, Points{.farm = 15});
  expect_points(*state, 1, Points{.farm = 9});
  const auto farms = events_of(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 2u);
  int farm1 = 0, farm2 = 0;
  for (const ScoreEvent& e : farms) {
    if (e.winners == bit(0)) {
      ++farm1;
      EXPECT_EQ(e.cities, 2);
      EXPECT_EQ(e.points, 6);
    } else {
      ++farm2;
      EXPECT_EQ(e.winners, bit(0) | bit(1));
      EXPECT_EQ(e.cities, 3);
      EXPECT_EQ(e.points, 9);
    }
  }
  EXPECT_EQ(farm1, 1);
  EXPECT_EQ(farm2, 1);
}

// "Example for farmer scoring", farm 3: "Yellow owns Farm 3, as she has more farmers there than
// Black. 4 completed cities are adjacent or within Farm 3. Yellow earns 12 points."
//
//         x=-2     x=-1    x=0     x=1     x=2
//  y=-1   E r180   E r180  E r180  E r180  N r90      farmers: Yellow on E(-2,-1) and N(2,-1),
//  y=0    D r0  == D r0 == D r0 == D r0 == D r0       Black on E(0,-1); E(-1,-1) and E(1,-1)
//                                                     come last and join the three fields.
// Cities: D cap + E r180 above it at x = -2..1 (4 complete); at x=2 D's cap + N r90 (city S+E,
// open to the east). The farm above borders all five; 4 complete -> 12. Yellow 2 farmers, Black
// 1: Yellow 12, Black 0.
TEST(RulebookScenarioFarms, FarmerScoringExampleFarmThreeMajority) {
  const std::vector<std::string> players = {"Yellow", "Black"};
  const std::vector<std::string> deck = {"D", "D", "D", "D", "E", "E", "N", "E", "E"};
  const std::vector<std::string> until_join = {
      "place 1,0 r0",     "skip",       "place -1,0 r0",   "skip",
      "place 2,0 r0",     "skip",       "place -2,0 r0",   "skip",
      "place -2,-1 r180", "meeple NNW", "place 0,-1 r180", "meeple NNW",
      "place 2,-1 r90",   "meeple NNW", "place -1,-1 r180"};
  // E(-1,-1) joins Yellow's and Black's fields: Black may only take its city.
  auto joining = play(players, deck, until_join);
  ASSERT_TRUE(joining);
  EXPECT_EQ(follower_options(*joining), (std::vector<std::string>{"meeple S", "skip"}));

  std::vector<ScoreEvent> events;
  auto state = play_logged(
      make_record(players, deck, with(until_join, {"skip", "place 1,-1 r180", "skip"})), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, 0, Points{.farm = 12});
  expect_points(*state, 1, Points{});
  const auto farms = events_of(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 1u);
  EXPECT_EQ(farms[0].cities, 4);
  EXPECT_EQ(farms[0].winners, bit(0));
  EXPECT_EQ(state->followers_in_supply(0), 7);
  EXPECT_EQ(state->followers_in_supply(1), 7);
}

}  // namespace
}  // namespace carcassonne
