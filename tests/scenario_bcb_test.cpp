// Bridges, Castles and Bazaars: the worked examples of the new-edition rules page
// (../shared/rules/bcb-new-edition-wiki-en.txt) and one scenario per clarification of its rules and
// footnotes, each rebuilt as a small recorded game ("expansions": ["bcb"]) and replayed.
//
// The rules page prints only the captions of its pictures, so every layout here is our own with the
// same essence. Every expected number is worked out by hand from the rules text and the tile
// reference (../shared/reference/tiles.txt); the comment above each test shows the map and the
// arithmetic. Maps: x grows east, y grows south; a cell names the tile and its rotation; "==" is a
// road or city running on between two squares, "|" a road or city running north-south. The start
// tile D lies at 0,0 r0: city cap on its north edge, road west-east, a field strip between cap and
// road, and a field south of the road. Rotations turn clockwise: at r90 the printed north edge
// faces east.
//
// Tiles used (rotated as used below; "field" sides are field on both halves):
//   A r90   road W ends at the cloister         A r180  road N ends at the cloister
//   A r270  road E ends at the cloister         A r0    road S ends at the cloister
//   B       cloister, field all round           D r0    cap N, road W-E (the start tile)
//   D r180  cap S, road W-E
//   E r0 cap N | E r90 cap E | E r180 cap S | E r270 cap W; field everywhere else (all caps are
//           semicircular: two of them make a small city that may become a castle)
//   F r0    city W-E with a pennant, field strips N and S (F r90: city N-S, fields E and W)
//   G r0    city W-E, no pennant, field strips N and S
//   H r90   two separate caps N and S, field E and W
//   U r90   road W-E, fields N and S            U r0    road N-S, fields W and E
//   V r0 road S+W | V r90 road W+N | V r180 road N+E | V r270 road E+S (curves)
//   W r0    roads E, S, W end at a junction, field N;  W r180: roads W, N, E, field S
//   BCB-A   bazaar alone in a field (r0)        BCB-D   city on all four sides with a bazaar
//   BCB-E   r0: roads from N and from S end at a bazaar in the middle, fields W and E
//   BCB-H   r90: three separate caps N, E, S; road from W ends at the gate of the S cap
//   BCB-I   r270: witch-hat city S (not semicircular), road from N ends at its gate
//   BCB-J   r0: road from S ends at a bazaar, field N, E, W
// Bazaar tiles: BCB-A, B, C, D, E, J, K. A castle's fief: its two squares and the two squares on
// either side of them (3 wide along the edge the two halves share): the castle made of D(0,0)'s cap
// and a cap at 0,-1 has the fief x = -1..1, y = -1..0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scenario_util.h"

namespace carcassonne {
namespace {

using scenario::bit;
using scenario::events_of;
using scenario::expect_points;
using scenario::follower_options;
using scenario::legal_options;
using scenario::make_record;
using scenario::make_record_with;
using scenario::mentions;
using scenario::pending_is;
using scenario::play;
using scenario::play_logged;
using scenario::Points;
using scenario::replay_error;
using scenario::tile;
using scenario::with;

using Strings = std::vector<std::string>;

const Strings kTwo = {"Red", "Blue"};
constexpr PlayerId kRed = 0;
constexpr PlayerId kBlue = 1;

Record bcb(const Strings& players, const Strings& deck, const Strings& actions,
           const std::vector<std::pair<std::string, std::string>>& rules = {}) {
  return make_record_with(players, deck, actions, {"bcb"}, rules);
}

std::optional<GameState> play_bcb(const Strings& players, const Strings& deck,
                                  const Strings& actions) {
  return play(bcb(players, deck, actions));
}

Error bcb_error(const Strings& players, const Strings& deck, const Strings& actions) {
  return replay_error(bcb(players, deck, actions));
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

const PlacedTile& placed_at(const GameState& state, int x, int y) {
  return state.placed_tiles()[static_cast<std::size_t>(state.board().tile_at(x, y))];
}

bool contains(const Strings& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// ============================================================================================
// Bridges: the examples of the rules page
// ============================================================================================

// Example 1, "Placing a bridge": "After placing a tile, you may place one bridge, which counts as a
// road ... You can place a bridge on the tile you just placed ... you must place both ends in a
// field, and it must be placed facing either left-to-right or up-to-down."
//
//        x=0      x=1
//  y=-1           (empty: now needs a road on its south edge)
//  y=0   D r0 ==  U r90        U r90: road W-E continuing D's road; fields north and south.
//                   ||         bridge 1,0 NS: both ends on U's fields, each facing an empty square.
//
// U offers the bridge NS only (its west and east middles are road). After the bridge, U offers the
// bridge's road as "meeple N" besides its own road (E) and fields (NNW north, ESE south).
TEST(BcbScenarioBridges, Example1PlacingABridge) {
  const Strings deck = {"U", "E"};
  auto placed = play_bcb(kTwo, deck, {"place 1,0 r90"});
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed),
            (Strings{"bridge 1,0 NS", "meeple E", "meeple ESE", "meeple NNW", "skip"}));

  auto bridged = play_bcb(kTwo, deck, {"place 1,0 r90", "bridge 1,0 NS"});
  ASSERT_TRUE(bridged);
  EXPECT_EQ(follower_options(*bridged),
            (Strings{"meeple E", "meeple ESE", "meeple N", "meeple NNW", "skip"}));

  auto state = play_bcb(kTwo, deck, {"place 1,0 r90", "bridge 1,0 NS", "skip"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  EXPECT_EQ(state->bridges_in_supply(kRed), 2);
  EXPECT_EQ(state->bridges_in_supply(kBlue), 3);
  const PlacedTile& u = placed_at(*state, 1, 0);
  ASSERT_TRUE(u.has_bridge());
  EXPECT_EQ(u.bridge_axis(), BridgeAxis::NorthSouth);
  // "Once placed, a bridge remains": its north end shows a road to the square 1,-1 now. E r0 (cap
  // N, field S) no longer fits there: its field meets the bridge's end, E r0 cannot carry a bridge
  // NS (its north is city) and U already has one. E r90 (cap E, fields N, S, W) fits only with a
  // bridge NS of its own, continuing Red's bridge.
  const Strings bridged_turn = {"place 1,0 r90", "bridge 1,0 NS", "skip"};
  Error error = bcb_error(kTwo, deck, with(bridged_turn, {"place 1,-1 r0"}));
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(error.message, "action 3"));
  auto next = play_bcb(kTwo, deck, with(bridged_turn, {"place 1,-1 r90"}));
  ASSERT_TRUE(next);
  EXPECT_TRUE(next->bridge_required());
  EXPECT_EQ(legal_options(*next), (Strings{"bridge 1,-1 NS"}));
}

// Example 2, "Place a bridge on the tile you placed: You placed a tile to expand the city. The tile
// you placed does not have a road on it, so you can place one of your bridges on it to continue the
// road."
//
//        x=0                  x=1
//  y=-1  F r90 ==bridge EW== V r0         F r90: city N-S (pennant) over D's cap; fields E and W.
//          |                   ||         Its east field meets V r0's road: legal only with a
//  y=0   D r0  ============= V r90        bridge on F running EW (west end faces the empty -1,-1).
//
// The only legal decision after the placement is that bridge. Then the road D, V, V, bridge is one
// road of 4 tiles, open at D's west end and at the bridge's west end; the city D + F runs on under
// the bridge (2 tiles so far, open to the north).
TEST(BcbScenarioBridges, Example2BridgeOnThePlacedTileCarriesTheRoadOverTheCity) {
  const Strings deck = {"V", "V", "F", "E"};
  const Strings setup = {"place 1,0 r90", "skip", "place 1,-1 r0", "skip", "place 0,-1 r90"};
  auto placed = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(placed);
  EXPECT_TRUE(placed->bridge_required());
  EXPECT_EQ(legal_options(*placed), (Strings{"bridge 0,-1 EW"}));

  auto state = play_bcb(kTwo, deck, with(setup, {"bridge 0,-1 EW", "skip"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  EXPECT_EQ(state->bridges_in_supply(kRed), 2);
  const PlacedTile& f = placed_at(*state, 0, -1);
  ASSERT_TRUE(f.has_bridge());
  EXPECT_EQ(f.bridge_axis(), BridgeAxis::EastWest);
  const NodeId road = feature_at(*state, 0, 0, "E");
  EXPECT_EQ(feature_at(*state, 0, -1, "W"), road);  // the bridge is part of D's road
  EXPECT_EQ(feature_at(*state, 1, -1, "S"), road);
  EXPECT_EQ(state->feature_tile_count(road), 4);
  EXPECT_FALSE(state->feature_complete(road));
  const NodeId city = feature_at(*state, 0, 0, "N");
  EXPECT_EQ(feature_at(*state, 0, -1, "N"), city);
  EXPECT_EQ(state->feature_tile_count(city), 2);
  expect_points(*state, kRed, Points{});
}

// Example 3, "Place a bridge on a tile adjacent to the tile you placed: You place a tile. You
// placed a bridge on an adjacent tile to continue the road."
//
//        x=0             x=1
//  y=0   D r0
//  y=1   B ==bridge EW== U r90       Blue's U r90 brings a road west into B's field: only a bridge
//                                    EW on B (the neighbour) repairs it; its west end faces -1,1.
//
// Blue's thief on U's road. The deck ends; final scoring: road U + bridge tile B = 2 tiles -> 2.
TEST(BcbScenarioBridges, Example3BridgeOnAnAdjacentTile) {
  const Strings deck = {"B", "U"};
  const Strings setup = {"place 0,1 r0", "skip", "place 1,1 r90"};
  auto placed = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(placed);
  EXPECT_EQ(legal_options(*placed), (Strings{"bridge 0,1 EW"}));

  std::vector<ScoreEvent> events;
  auto state = play_logged(bcb(kTwo, deck, with(setup, {"bridge 0,1 EW", "meeple W"})), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_TRUE(placed_at(*state, 0, 1).has_bridge());
  EXPECT_FALSE(placed_at(*state, 1, 1).has_bridge());
  EXPECT_EQ(state->bridges_in_supply(kBlue), 2);
  EXPECT_EQ(state->bridges_in_supply(kRed), 3);
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.road = 2});
  const auto roads = events_of(events, ScoreCategory::Road);
  ASSERT_EQ(roads.size(), 1u);
  EXPECT_EQ(roads[0].tiles, 2);
  EXPECT_TRUE(roads[0].final_scoring);
}

// Example 4, "You cannot place a bridge on this tile, because both ends would not be on a field."
//
//        x=0     x=1
//  y=0   D r0 == D r0        The new D at 1,0: north middle is city, east and west middles are
//                            road. Neither NS nor EW has both ends on a field (nor does the start
//                            tile beside it), so no bridge is offered at all.
TEST(BcbScenarioBridges, Example4NoBridgeWhereAnEndIsNotOnAField) {
  const Strings deck = {"D", "E"};
  auto placed = play_bcb(kTwo, deck, {"place 1,0 r0"});
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed),
            (Strings{"meeple E", "meeple ENE", "meeple ESE", "meeple N", "skip"}));
  for (const char* bridge : {"bridge 1,0 NS", "bridge 1,0 EW", "bridge 0,0 NS", "bridge 0,0 EW"}) {
    Error error = bcb_error(kTwo, deck, {"place 1,0 r0", bridge});
    EXPECT_EQ(error.code, ErrorCode::IllegalMove) << bridge;
    EXPECT_TRUE(mentions(error.message, "action 1")) << bridge;
    EXPECT_TRUE(mentions(error.message, "both ends of a bridge must lie on fields")) << bridge;
  }
}

// Example 5, "Two bridges built in a row, one going over a monastery with a monk in it."
//
//        x=-1            x=0              x=1
//  y=0                   D r0
//  y=1   B ==bridge EW== B ==bridge EW== U r90
//                        (Red's monk)
//
// Red's monk on B(0,1). Blue's U r90 needs the bridge on B(0,1) (over the monk); Blue's thief on
// U's road. Red's B(-1,1) meets that bridge's west end with a field: its own bridge EW continues
// the road (west end faces the empty -2,1). Final scoring: road U + B + B = 3 tiles -> Blue 3;
// cloister B(0,1) has neighbours D, B(-1,1), U -> 1 + 3 = 4 for Red.
TEST(BcbScenarioBridges, Example5TwoBridgesInARowOverAMonk) {
  const Strings deck = {"B", "U", "B"};
  const Strings actions = {"place 0,1 r0", "meeple cloister", "place 1,1 r90",  "bridge 0,1 EW",
                           "meeple E",     "place -1,1 r0",   "bridge -1,1 EW", "skip"};
  auto before_end = play_bcb(kTwo, deck, Strings(actions.begin(), actions.end() - 1));
  ASSERT_TRUE(before_end);
  EXPECT_EQ(before_end->followers().size(), 2u);  // the monk stays under the bridge

  std::vector<ScoreEvent> events;
  auto state = play_logged(bcb(kTwo, deck, actions), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_TRUE(placed_at(*state, 0, 1).has_bridge());
  EXPECT_TRUE(placed_at(*state, -1, 1).has_bridge());
  EXPECT_EQ(state->bridges_in_supply(kRed), 2);
  EXPECT_EQ(state->bridges_in_supply(kBlue), 2);
  expect_points(*state, kRed, Points{.cloister = 4});
  expect_points(*state, kBlue, Points{.road = 3});
}

// Example 6, "Placing a meeple on a bridge is allowed in this case: You may place a meeple on a
// bridge built on the tile just placed. The road with the bridge must be unoccupied."
//
// The layout of example 2: F r90 at 0,-1 with a bridge EW, whose road is D's road (D, V, V).
// The bridge is named by its ends, E or W. If Blue's thief already stands on V(1,-1)'s road, the
// road is occupied and the bridge is not offered.
TEST(BcbScenarioBridges, Example6MeepleOnABridgeOfTheTileJustPlaced) {
  const Strings deck = {"V", "V", "F", "E"};
  const Strings free_road = {"place 1,0 r90", "skip",           "place 1,-1 r0",
                             "skip",          "place 0,-1 r90", "bridge 0,-1 EW"};
  auto offered = play_bcb(kTwo, deck, free_road);
  ASSERT_TRUE(offered);
  EXPECT_EQ(follower_options(*offered),
            (Strings{"meeple E", "meeple ENE", "meeple N", "meeple WSW", "skip"}));

  auto state = play_bcb(kTwo, deck, with(free_road, {"meeple W"}));
  ASSERT_TRUE(state);
  EXPECT_EQ(state->followers_in_supply(kRed), 6);
  ASSERT_EQ(state->followers().size(), 1u);
  const int f = state->board().tile_at(0, -1);
  EXPECT_EQ(state->followers()[0].node, state->node_of(f, kBridgeSegment));

  const Strings taken_road = {"place 1,0 r90", "skip",           "place 1,-1 r0",
                              "meeple S",      "place 0,-1 r90", "bridge 0,-1 EW"};
  auto taken = play_bcb(kTwo, deck, taken_road);
  ASSERT_TRUE(taken);
  EXPECT_EQ(follower_options(*taken), (Strings{"meeple ENE", "meeple N", "meeple WSW", "skip"}));
  Error error = bcb_error(kTwo, deck, with(taken_road, {"meeple E"}));
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(error.message, "action 6"));
  EXPECT_TRUE(mentions(error.message, "already has a follower"));
}

// Example 7, "Placing a meeple on a bridge is not allowed in this case: You may not place a meeple
// on a bridge built on an adjacent tile to the tile just placed."
//
//        x=0
//  y=0   D r0
//  y=1   B  ==bridge EW==      Blue places B at 0,2 and builds a bridge on B(0,1), the neighbour
//  y=2   B                     (both ends face empty squares). The bridge is not on the tile just
//                              placed: B(0,2) offers only its field and cloister, and "meeple E"
//                              names nothing on it. Had Blue built the bridge on B(0,2) itself,
//                              "meeple E" would be that bridge.
TEST(BcbScenarioBridges, Example7NoMeepleOnABridgeOfAnAdjacentTile) {
  const Strings deck = {"B", "B", "U"};  // U: the game goes on (no final scoring)
  const Strings setup = {"place 0,1 r0", "skip", "place 0,2 r0"};
  auto placed = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed),
            (Strings{"bridge 0,1 EW", "bridge 0,2 EW", "meeple NNW", "meeple cloister", "skip"}));

  auto adjacent = play_bcb(kTwo, deck, with(setup, {"bridge 0,1 EW"}));
  ASSERT_TRUE(adjacent);
  EXPECT_EQ(follower_options(*adjacent), (Strings{"meeple NNW", "meeple cloister", "skip"}));
  for (const char* loc : {"meeple E", "meeple W"}) {
    Error error = bcb_error(kTwo, deck, with(setup, {"bridge 0,1 EW", loc}));
    EXPECT_EQ(error.code, ErrorCode::IllegalMove) << loc;
    EXPECT_TRUE(mentions(error.message, "action 4")) << loc;
  }

  auto own = play_bcb(kTwo, deck, with(setup, {"bridge 0,2 EW", "meeple E"}));
  ASSERT_TRUE(own);
  EXPECT_EQ(own->followers_in_supply(kBlue), 6);
}

// Example 8, "You placed a tile to complete this road, and score 6 points."
//
//         x=-1               x=0                 x=1
//  y=-1   A r270 ==bridge== F r90 (bridge EW) == V r0
//                              |                  ||
//  y=0    W r0   ========== D r0 ============== V r90
//
// Red's thief on the bridge (example 6). Blue's W r0 ends the road at its junction; Red's A r270
// ends it at its cloister. Road: A, F (bridge), V, V, D, W = 6 tiles -> 6 for Red.
TEST(BcbScenarioBridges, Example8CompletingARoadWithABridgeScoresSix) {
  const Strings deck = {"V", "V", "F", "W", "A", "B"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      bcb(kTwo, deck,
          {"place 1,0 r90", "skip", "place 1,-1 r0", "skip", "place 0,-1 r90", "bridge 0,-1 EW",
           "meeple W", "place -1,0 r0", "skip", "place -1,-1 r270", "skip"}),
      events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_points(*state, kRed, Points{.road = 6});
  expect_points(*state, kBlue, Points{});
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].category, ScoreCategory::Road);
  EXPECT_EQ(events[0].tiles, 6);
  EXPECT_EQ(events[0].winners, bit(kRed));
}

// ============================================================================================
// Castles: the examples of the rules page
// ============================================================================================

// Example 1, "You placed a tile to close the small city, and placed your meeple on it. Instead of
// scoring 4 points, you placed a castle."
//
//        x=-1  x=0     x=1
//  y=-1  [     E r180     ]     E r180 closes D's cap: a city of two semicircular caps. Red's
//  y=0   [     D r0       ]     knight on it; Red chooses castle or score.
//                               Fief (brackets): x = -1..1, y = -1..0.
//
// castle: no points, one token used, the knight stays in the castle. score: 2 tiles x 2 = 4.
TEST(BcbScenarioCastles, Example1ClosingASmallCityBuildsACastleInsteadOfScoringFour) {
  const Strings deck = {"E", "U"};
  const Strings closing = {"place 0,-1 r180", "meeple S"};
  auto choice = play_bcb(kTwo, deck, closing);
  ASSERT_TRUE(choice);
  EXPECT_TRUE(pending_is(*choice, kRed, Phase::CastleChoice));
  EXPECT_EQ(legal_options(*choice), (Strings{"castle", "score"}));

  auto castle = play_bcb(kTwo, deck, with(closing, {"castle"}));
  ASSERT_TRUE(castle);
  EXPECT_TRUE(pending_is(*castle, kBlue, Phase::PlaceTile));
  expect_points(*castle, kRed, Points{});
  EXPECT_EQ(castle->castles_in_supply(kRed), 2);
  EXPECT_EQ(castle->followers_in_supply(kRed), 6);
  ASSERT_EQ(castle->castles().size(), 1u);
  const Castle& c = castle->castles()[0];
  EXPECT_EQ(c.owner, kRed);
  EXPECT_TRUE(c.occupied);
  EXPECT_EQ(c.min_x, -1);
  EXPECT_EQ(c.max_x, 1);
  EXPECT_EQ(c.min_y, -1);
  EXPECT_EQ(c.max_y, 0);

  auto scored = play_bcb(kTwo, deck, with(closing, {"score"}));
  ASSERT_TRUE(scored);
  expect_points(*scored, kRed, Points{.city = 4});
  EXPECT_EQ(scored->castles_in_supply(kRed), 3);
  EXPECT_EQ(scored->followers_in_supply(kRed), 7);
  EXPECT_TRUE(scored->castles().empty());
}

// Example 2, "The tiles and spaces numbered 1 to 6 are neighboring your castle. You can score
// points when the following features are completed: the monastery on 1, the road to 1, the top
// city on 3, the right city on 6. (The small city on 3 and 6 was scored before your castle was
// placed, and you cannot score points from it any more)."
//
//          x=-2     x=-1          x=0          x=1           x=2
//  y=-2                                        (top city on 3 continues north)
//  y=-1    (road)== A r90 [1] .. E r180 [2] .. H r90 [3]
//                                  |             |  small city 3+6
//  y=0              W r0 [4] === D r0 [5] === BCB-H r90 [6] == (right city on 6 continues east)
//
//  1 A r90: cloister, its road runs west to -2,-1      4 W r0: junction (roads E, S, W)
//  3 H r90: caps N ("top city") and S                  6 BCB-H r90: caps N, E ("right city"), S
//
// Turns: Red W(-1,0); Blue BCB-H(1,0) with a knight on its N cap (the road W-D-BCB-H is complete,
// unoccupied); Red H(1,-1) completes the small city 3+6: Blue's decision, Blue scores 4; Blue
// A(-1,-1) with a monk; Red E r180 at 0,-1 with a knight closes D's cap: castle (fief x -1..1,
// y -1..0). The small city 3+6 was scored before: the castle has nothing yet.
// The first feature completed later with a part in the fief scores for the castle:
//  a) the monastery on 1 (A's tile is in the fief) when its 8th neighbour arrives: 9, Blue's monk
//     9 too;
//  b) the road to 1 (A and W r0 at -2,-1): 2 tiles -> 2, though nobody stands on it;
//  c) the top city on 3 (H's N cap + E r180 at 1,-2): 2 tiles -> 4;
//  d) the right city on 6 (BCB-H's E cap + E r270 at 2,0): 2 tiles -> 4;
//  e) a small city at 0,-3 / 0,-4 has no part in the fief: nothing; then d) still gives 4.
// A spare B at the end of each deck keeps the game from ending (no final scoring).
class BcbScenarioCastleFief : public ::testing::Test {
 protected:
  static constexpr const char* kPrefixTiles[] = {"W", "BCB-H", "H", "A", "E"};
  static Strings deck(const Strings& more) {
    Strings d(std::begin(kPrefixTiles), std::end(kPrefixTiles));
    d.insert(d.end(), more.begin(), more.end());
    d.push_back("B");
    return d;
  }
  static Strings actions(const Strings& more) {
    return with(
        {"place -1,0 r0", "skip", "place 1,0 r90", "meeple N", "place 1,-1 r90", "skip", "score",
         "place -1,-1 r90", "meeple cloister", "place 0,-1 r180", "meeple S", "castle"},
        more);
  }
};

TEST_F(BcbScenarioCastleFief, Example2SmallCityScoredBeforeTheCastleGivesItNothing) {
  auto small_city =
      play_bcb(kTwo, deck({}),
               {"place -1,0 r0", "skip", "place 1,0 r90", "meeple N", "place 1,-1 r90", "skip"});
  ASSERT_TRUE(small_city);
  EXPECT_TRUE(pending_is(*small_city, kBlue, Phase::CastleChoice));  // Blue's knight, Red's turn

  auto state = play_bcb(kTwo, deck({}), actions({}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.city = 4});
  ASSERT_EQ(state->castles().size(), 1u);
  EXPECT_TRUE(state->castles()[0].occupied);
  EXPECT_TRUE(state->castles()[0].in_fief(1, -1));
  EXPECT_TRUE(state->castles()[0].in_fief(1, 0));
  EXPECT_EQ(state->followers_in_supply(kRed), 6);
}

TEST_F(BcbScenarioCastleFief, Example2MonasteryOnOne) {
  // B(-1,-2), B(0,-2), U r90(-2,-1) (continues the road to 1), U r90(-2,0) (continues W's west
  // arm), then B(-2,-2) fills the 8th square around A: cloister 1 + 8 = 9.
  auto state =
      play_bcb(kTwo, deck({"B", "B", "U", "U", "B"}),
               actions({"place -1,-2 r0", "skip", "place 0,-2 r0", "skip", "place -2,-1 r90",
                        "skip", "place -2,0 r90", "skip", "place -2,-2 r0", "skip"}));
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.castle = 9});
  expect_points(*state, kBlue, Points{.city = 4, .cloister = 9});
  EXPECT_FALSE(state->castles()[0].occupied);
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(state->castles_in_supply(kRed), 2);  // the castle stays on the board
}

TEST_F(BcbScenarioCastleFief, Example2RoadToOne) {
  // W r0 at -2,-1 ends the road from A's cloister at its junction: A + W = 2 tiles, unoccupied.
  auto state = play_bcb(kTwo, deck({"W"}), actions({"place -2,-1 r0", "skip"}));
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.castle = 2});
  expect_points(*state, kBlue, Points{.city = 4});
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
}

TEST_F(BcbScenarioCastleFief, Example2TopCityOnThree) {
  // E r180 at 1,-2 closes H's north cap: 2 tiles x 2 = 4, unoccupied (no castle decision).
  auto state = play_bcb(kTwo, deck({"E"}), actions({"place 1,-2 r180", "skip"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  expect_points(*state, kRed, Points{.castle = 4});
  expect_points(*state, kBlue, Points{.city = 4});
}

TEST_F(BcbScenarioCastleFief, Example2RightCityOnSix) {
  // E r270 at 2,0 closes BCB-H's east cap: 2 tiles x 2 = 4.
  auto state = play_bcb(kTwo, deck({"E"}), actions({"place 2,0 r270", "skip"}));
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.castle = 4});
  expect_points(*state, kBlue, Points{.city = 4});
}

TEST_F(BcbScenarioCastleFief, Example2CompletionOutsideTheFiefDoesNotCount) {
  // B(0,-2), E r0 (0,-3), E r180 (0,-4): a small city at y = -3..-4, outside the fief: nothing.
  const Strings outside = {"place 0,-2 r0",   "skip", "place 0,-3 r0", "skip",
                           "place 0,-4 r180", "skip"};
  auto state = play_bcb(kTwo, deck({"B", "E", "E", "E"}), actions(outside));
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{});
  EXPECT_TRUE(state->castles()[0].occupied);
  // Then Red closes the right city on 6: 4 for the castle.
  auto later = play_bcb(kTwo, deck({"B", "E", "E", "E"}),
                        actions(with(outside, {"place 2,0 r270", "skip"})));
  ASSERT_TRUE(later);
  expect_points(*later, kRed, Points{.castle = 4});
}

// Example 3, "The Blue player completes the city and scores 16 points. Because part of the city is
// neighboring your castle and is the first completed neighboring feature, you also score 16
// points."
//
//        x=-1    x=0      x=1     x=2    x=3    x=4    x=5    x=6
//  y=-1  [       E r180   E r90 ] == F == F   == G   == G   == E r270
//  y=0   [U r90  D r0          ]
//
// Red's castle: D's cap + E r180 (fief x -1..1, y -1..0, brackets). Blue's knight on E r90 (cap E)
// at 1,-1, inside the fief. City: E, F, F, G, G, E = 6 tiles + 2 pennants (the Fs) ->
// 2 x (6 + 2) = 16 for Blue when he closes it with E r270, and 16 for Red's castle.
TEST(BcbScenarioCastles, Example3CastleScoresTheSixteenOfBluesCity) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      bcb(kTwo, {"E", "E", "F", "F", "G", "U", "G", "E"},
          {"place 0,-1 r180", "meeple S", "castle", "place 1,-1 r90", "meeple E", "place 2,-1 r0",
           "skip", "place 3,-1 r0", "skip", "place 4,-1 r0", "skip", "place -1,0 r90", "skip",
           "place 5,-1 r0", "skip", "place 6,-1 r270", "skip"}),
      events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{.castle = 16});
  expect_points(*state, kBlue, Points{.city = 16});
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
  const auto cities = events_of(events, ScoreCategory::City);
  ASSERT_EQ(cities.size(), 1u);
  EXPECT_EQ(cities[0].tiles, 6);
  EXPECT_EQ(cities[0].pennants, 2);
  const auto castles = events_of(events, ScoreCategory::Castle);
  ASSERT_EQ(castles.size(), 1u);
  EXPECT_EQ(castles[0].points, 16);
  EXPECT_EQ(castles[0].winners, bit(kRed));
}

// ============================================================================================
// Bazaars: the example of the rules page
// ============================================================================================

// "3-player example: You draw a bazaar tile and place it normally. After your turn is complete,
// you draw 3 tiles for the auction.
//  1. Blue chooses one of the tiles and bids 2 points. Black passes, and you bid 3 points. ...
//     [Blue] buys it from you by losing 3 points, while you gain 3 points.
//  2. Black chooses the next tile, and bids 2 points. You bid 3 points, and Black decides to sell
//     you the tile. You lose 3 points and Black gains 3 points.
//  3. There is only one tile left, which Black takes for free. Starting with Blue, each player
//     places his or her tile normally." Then "play resumes normally starting with the player to
// your left".
//
// Seats: You (0, the host), Blue (1, left of you), Black (2). Deck: BCB-A, then U, V, B revealed,
// then E.
//
//        x=-1     x=0      x=1
//  y=0   V r180 == D r0 == U r90       Blue plays U, Black B, you V (in that order).
//  y=1   B        BCB-A
//
// Points: you +3 - 3 = 0, Blue -3, Black +3; nothing goes to the bank. Then Blue draws E.
TEST(BcbScenarioBazaar, ThreePlayerExample) {
  const Strings players = {"You", "Blue", "Black"};
  const Strings deck = {"BCB-A", "U", "V", "B", "E"};
  const PlayerId you = 0, blue = 1, black = 2;
  const Strings steps = {
      "place 0,1 r0", "skip",          "choose U", "bid 2",           "pass", "bid 3",
      "buy",          "choose V",      "bid 2",    "bid 3",           "sell", "place 1,0 r90",
      "skip",         "place -1,1 r0", "skip",     "place -1,0 r180", "skip", "place 0,-1 r180",
      "skip"};
  auto after = [&](std::size_t n) {
    return play_bcb(players, deck, Strings(steps.begin(), steps.begin() + static_cast<long>(n)));
  };

  auto revealed = after(2);
  ASSERT_TRUE(revealed);
  EXPECT_TRUE(pending_is(*revealed, blue, Phase::AuctionChoose));
  EXPECT_EQ(revealed->bazaar_offer(), (std::vector<TileType>{tile("U"), tile("V"), tile("B")}));
  EXPECT_EQ(revealed->tiles_left_in_deck(), 1);

  auto s = after(3);  // choose U
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, blue, Phase::AuctionBid));
  s = after(4);  // Blue bids 2
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, black, Phase::AuctionBid));
  s = after(5);  // Black passes
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, you, Phase::AuctionBid));
  s = after(6);  // you bid 3
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, blue, Phase::AuctionDecide));
  EXPECT_EQ(s->highest_bid(), 3);
  EXPECT_EQ(s->highest_bidder(), you);
  s = after(7);  // Blue buys
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, black, Phase::AuctionChoose));
  EXPECT_EQ(s->bazaar_tile_of(blue), tile("U"));
  EXPECT_EQ(s->score(blue), -3);
  EXPECT_EQ(s->score(you), 3);
  s = after(9);  // Black chooses V, bids 2
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, you, Phase::AuctionBid));  // Blue has a tile: out of the round
  s = after(10);                                        // you bid 3
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, black, Phase::AuctionDecide));
  s = after(11);  // Black sells; B goes to Black for free; Blue plays first
  ASSERT_TRUE(s);
  EXPECT_EQ(s->bazaar_tile_of(you), tile("V"));
  EXPECT_EQ(s->bazaar_tile_of(blue), tile("U"));
  EXPECT_EQ(s->bazaar_tile_of(black), tile("B"));
  EXPECT_TRUE(pending_is(*s, blue, Phase::PlaceTile));
  EXPECT_EQ(s->tile_in_hand(), tile("U"));
  s = after(13);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, black, Phase::PlaceTile));
  EXPECT_EQ(s->tile_in_hand(), tile("B"));
  s = after(15);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, you, Phase::PlaceTile));
  EXPECT_EQ(s->tile_in_hand(), tile("V"));
  s = after(17);  // the bazaar round is over: Blue, left of you, draws
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->bazaar_in_progress());
  EXPECT_TRUE(pending_is(*s, blue, Phase::PlaceTile));
  EXPECT_EQ(s->tile_in_hand(), tile("E"));

  auto state = after(steps.size());
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, you, Points{});
  expect_points(*state, blue, Points{.bazaar = -3});
  expect_points(*state, black, Points{.bazaar = 3});
  EXPECT_EQ(state->bank_receipts(), 0);
}

// ============================================================================================
// Bridges: clarifications
// ============================================================================================

// "2, 3, 4 players: 3 bridges, 3 castle tokens; 5, 6 players: 2 bridges, 2 castle tokens." Without
// the expansion nobody has any.
TEST(BcbScenarioBridgeRules, SupplyIsThreeEachOrTwoWithFiveOrSixPlayers) {
  const Strings names = {"P1", "P2", "P3", "P4", "P5", "P6"};
  for (int n = 2; n <= 6; ++n) {
    const Strings players(names.begin(), names.begin() + n);
    auto state = play_bcb(players, {"U"}, {});
    ASSERT_TRUE(state) << n;
    const int expected = n >= 5 ? 2 : 3;
    for (int p = 0; p < n; ++p) {
      EXPECT_EQ(state->bridges_in_supply(static_cast<PlayerId>(p)), expected) << n;
      EXPECT_EQ(state->castles_in_supply(static_cast<PlayerId>(p)), expected) << n;
    }
  }
  auto base = play(make_record(kTwo, {"U"}, {}));
  ASSERT_TRUE(base);
  EXPECT_EQ(base->bridges_in_supply(kRed), 0);
  EXPECT_EQ(base->castles_in_supply(kRed), 0);
}

// With five players the first player's two bridges are gone after two bridges: at his third turn
// no bridge is offered and one is refused.
//
//  y=0   D r0 == U r90 (1,0) == U r90 (2,0) == ... == U r90 (11,0)     a road of U r90 going east;
//                  ||                               player 1 (seat 0) places x = 1, 6, 11 and
//                  bridge NS on x = 1 and x = 6     builds a bridge NS on the first two.
TEST(BcbScenarioBridgeRules, FivePlayersHaveOnlyTwoBridges) {
  const Strings players = {"P1", "P2", "P3", "P4", "P5"};
  const Strings deck(11, "U");
  Strings actions;
  for (int x = 1; x <= 10; ++x) {
    actions.push_back("place " + std::to_string(x) + ",0 r90");
    if (x == 1 || x == 6) actions.push_back("bridge " + std::to_string(x) + ",0 NS");
    actions.push_back("skip");
  }
  actions.push_back("place 11,0 r90");
  auto state = play_bcb(players, deck, actions);
  ASSERT_TRUE(state);
  EXPECT_EQ(state->turn_player(), 0);
  EXPECT_EQ(state->bridges_in_supply(0), 0);
  for (PlayerId p = 1; p < 5; ++p) EXPECT_EQ(state->bridges_in_supply(p), 2);
  EXPECT_EQ(follower_options(*state), (Strings{"meeple E", "meeple ESE", "meeple NNW", "skip"}));
  Error error = bcb_error(players, deck, with(actions, {"bridge 11,0 NS"}));
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(error.message, "no bridge left"));
}

// "After placing a tile, you may place one bridge": one a turn.
//
//        x=0
//  y=0   D r0
//  y=1   B          Blue places B at 0,2: a bridge EW may go on it or on B(0,1) above it (their
//  y=2   B          ends face empty squares), but only one of them this turn.
TEST(BcbScenarioBridgeRules, OneBridgePerTurn) {
  const Strings deck = {"B", "B", "U"};
  const Strings setup = {"place 0,1 r0", "skip", "place 0,2 r0"};
  auto placed = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(placed);
  Strings options = follower_options(*placed);
  EXPECT_TRUE(contains(options, "bridge 0,1 EW"));
  EXPECT_TRUE(contains(options, "bridge 0,2 EW"));

  auto one = play_bcb(kTwo, deck, with(setup, {"bridge 0,2 EW"}));
  ASSERT_TRUE(one);
  EXPECT_EQ(follower_options(*one), (Strings{"meeple E", "meeple NNW", "meeple cloister", "skip"}));
  Error error = bcb_error(kTwo, deck, with(setup, {"bridge 0,2 EW", "bridge 0,1 EW"}));
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(error.message, "action 4"));
  EXPECT_TRUE(mentions(error.message, "only one bridge"));
}

// "You can place a bridge on the tile you just placed, or on a tile touching the tile you just
// placed", running "left-to-right or up-to-down".
//
//        x=0      x=1
//  y=0   D r0 ==  U r90      Red's U at 1,0 (third turn). B(0,1) touches U only at a corner and
//  y=1   B                   B(0,2) not at all: a bridge EW there (ends facing empty squares)
//  y=2   B                   is refused. On U itself NS is fine.
TEST(BcbScenarioBridgeRules, BridgeOnlyOnThePlacedTileOrASideNeighbour) {
  const Strings deck = {"B", "B", "U", "E"};
  const Strings setup = {"place 0,1 r0", "skip", "place 0,2 r0", "skip", "place 1,0 r90"};
  for (const char* far : {"bridge 0,1 EW", "bridge 0,2 EW"}) {
    Error error = bcb_error(kTwo, deck, with(setup, {far}));
    EXPECT_EQ(error.code, ErrorCode::IllegalMove) << far;
    EXPECT_TRUE(mentions(error.message, "action 5")) << far;
    EXPECT_TRUE(mentions(error.message, "sharing a side")) << far;
  }
  EXPECT_EQ(bcb_error(kTwo, deck, with(setup, {"bridge 1,0 NE"})).code, ErrorCode::BadNotation);
  auto near = play_bcb(kTwo, deck, with(setup, {"bridge 1,0 NS", "skip"}));
  ASSERT_TRUE(near);
  EXPECT_TRUE(placed_at(*near, 1, 0).has_bridge());
  // The side neighbour of the tile just placed: B(0,1) while placing B(0,2).
  auto side =
      play_bcb(kTwo, deck, {"place 0,1 r0", "skip", "place 0,2 r0", "bridge 0,1 EW", "skip"});
  ASSERT_TRUE(side);
  EXPECT_TRUE(placed_at(*side, 0, 1).has_bridge());
  EXPECT_EQ(side->bridges_in_supply(kBlue), 2);
}

// "You must place both ends in a field" and (footnote 2) "each end of the bridge must continue a
// road segment (or bridge) already in play or must be adjacent to an empty place for a tile."
//
//        x=0
//  y=0   D r0       B(0,2) NS: its north end would face B(0,1)'s field. B(0,1) NS: its north end
//  y=1   B          would face D's south field. Both refused; EW on either is fine (example 7).
//  y=2   B          (Ends on a city or road middle: example 4.)
TEST(BcbScenarioBridgeRules, EachEndContinuesARoadOrFacesAnEmptySquare) {
  const Strings deck = {"B", "B", "U"};
  const Strings setup = {"place 0,1 r0", "skip", "place 0,2 r0"};
  for (const char* bridge : {"bridge 0,2 NS", "bridge 0,1 NS"}) {
    Error error = bcb_error(kTwo, deck, with(setup, {bridge}));
    EXPECT_EQ(error.code, ErrorCode::IllegalMove) << bridge;
    EXPECT_TRUE(mentions(error.message, "facing an empty square")) << bridge;
  }
}

// Footnote 3: "One tile cannot have 2 bridges running perpendicular to each other."
//
//        x=1      x=2              x=3
//  y=0   U r90 == V r0
//                   ||
//  y=1            B (bridge NS)   [U r90]     Red's B at 2,1 meets V's road with its field: bridge
//                   ||                        NS on B. Then a bridge EW on B (ends facing the empty
//  y=2            U r0                        1,1 and 3,1) is refused: B has a bridge already.
//                                             So U r90 at 3,1 (road into B's east field) cannot be
//                                             placed at all.
TEST(BcbScenarioBridgeRules, AtMostOneBridgePerTile) {
  const Strings deck = {"U", "V", "B", "U", "U"};
  const Strings setup = {"place 1,0 r90", "skip",          "place 2,0 r0", "skip",
                         "place 2,1 r0",  "bridge 2,1 NS", "skip"};
  auto state = play_bcb(kTwo, deck, with(setup, {"place 2,2 r0"}));
  ASSERT_TRUE(state);
  Strings options = follower_options(*state);
  EXPECT_TRUE(contains(options, "bridge 2,2 EW"));
  EXPECT_FALSE(contains(options, "bridge 2,1 EW"));
  Error error = bcb_error(kTwo, deck, with(setup, {"place 2,2 r0", "bridge 2,1 EW"}));
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(error.message, "already has a bridge"));

  Error crossing = bcb_error(kTwo, deck, with(setup, {"place 3,1 r90"}));
  EXPECT_EQ(crossing.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(crossing.message, "action 7"));
  // The road runs D - U - V - bridge - U(2,2): 5 tiles.
  EXPECT_EQ(state->feature_tile_count(feature_at(*state, 2, 2, "N")), 5);
}

// "Bridges can be placed on tiles with meeples on them" (example 5: over a monk). Here over a
// thief: Blue builds a bridge NS over U(1,0), whose own road carries Red's thief.
//
//        x=0     x=1      x=2
//  y=0   D r0 == U r90 == U r90       The bridge crosses the printed road; the two roads stay
//                  ||                 apart (the bridge is a road of its own, 1 tile).
TEST(BcbScenarioBridgeRules, BridgeMayPassOverFollowers) {
  auto state = play_bcb(kTwo, {"U", "U", "E"},
                        {"place 1,0 r90", "meeple E", "place 2,0 r90", "bridge 1,0 NS", "skip"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(placed_at(*state, 1, 0).has_bridge());
  ASSERT_EQ(state->followers().size(), 1u);
  EXPECT_EQ(state->followers()[0].player, kRed);
  const NodeId printed = feature_at(*state, 1, 0, "W");
  const NodeId bridge = feature_at(*state, 1, 0, "N");
  EXPECT_NE(printed, bridge);
  EXPECT_EQ(state->feature_tile_count(printed), 3);  // D, U, U
  EXPECT_EQ(state->feature_tile_count(bridge), 1);
}

// "You can place a tile so that a road ends against a field, but you must place a bridge that
// continues the road on that same turn" (record format: "anything else after it is illegal").
//
//        x=0     x=1
//  y=0   D r0
//  y=1   B       U r90       U's road meets B's east field: only "bridge 0,1 EW" may follow. A
//                            bridge NS on U is legal by itself but repairs nothing; skip and a
//                            meeple are refused too. U r0 at 0,1 (road into D's south field) can
//                            be repaired by no bridge at all: D's north is city.
TEST(BcbScenarioBridgeRules, PlacementWithARoadAgainstAFieldMustBeFollowedByItsBridge) {
  const Strings deck = {"B", "U"};
  const Strings setup = {"place 0,1 r0", "skip", "place 1,1 r90"};
  auto state = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->bridge_required());
  EXPECT_EQ(legal_options(*state), (Strings{"bridge 0,1 EW"}));
  for (const char* other : {"skip", "meeple E", "bridge 1,1 NS"}) {
    Error error = bcb_error(kTwo, deck, with(setup, {other}));
    EXPECT_EQ(error.code, ErrorCode::IllegalMove) << other;
    EXPECT_TRUE(mentions(error.message, "action 3")) << other;
  }
  EXPECT_TRUE(
      mentions(bcb_error(kTwo, deck, with(setup, {"bridge 1,1 NS"})).message, "does not repair"));

  Error hopeless = bcb_error(kTwo, {"U"}, {"place 0,1 r0"});
  EXPECT_EQ(hopeless.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(hopeless.message, "road"));
}

// Footnote 1: "A player is not required to use a bridge to place a tile, even if that tile would
// otherwise have to be discarded. The player has the choice to use the bridge to place the tile or
// just discard the tile." Record format: the same player then draws the next tile; discard is legal
// only when the tile has no placement without a bridge.
//
//        x=-1    x=0     x=1
//  y=-1          (city)
//  y=0           D r0
//  y=1           W r0          W r0 at 0,1 (field N, roads E, S, W to a junction): every open
//                              square now demands a road or a city. B (all field) fits only with a
//                              bridge (e.g. at 1,0: bridge EW continuing D's road): Blue may
//                              discard it and draws U, or place it with the bridge.
TEST(BcbScenarioBridgeRules, TileThatFitsOnlyWithABridgeMayBeDiscarded) {
  const Strings deck = {"W", "B", "U", "V"};
  Error early = bcb_error(kTwo, deck, {"discard"});
  EXPECT_EQ(early.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(early.message, "no placement without a bridge"));

  const Strings setup = {"place 0,1 r0", "skip"};
  auto choice = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(choice);
  EXPECT_EQ(choice->tile_in_hand(), tile("B"));
  Strings options = legal_options(*choice);
  EXPECT_TRUE(contains(options, "discard"));
  EXPECT_TRUE(contains(options, "place 1,0 r0"));
  EXPECT_FALSE(contains(options, "place 0,-1 r0"));  // a city cannot be repaired

  auto discarded = play_bcb(kTwo, deck, with(setup, {"discard"}));
  ASSERT_TRUE(discarded);
  EXPECT_TRUE(pending_is(*discarded, kBlue, Phase::PlaceTile));
  EXPECT_EQ(discarded->tile_in_hand(), tile("U"));
  EXPECT_EQ(discarded->discarded_tiles(), (std::vector<TileType>{tile("B")}));
  EXPECT_EQ(discarded->bridges_in_supply(kBlue), 3);
  auto on = play_bcb(kTwo, deck, with(setup, {"discard", "place 1,0 r90", "skip"}));
  ASSERT_TRUE(on);
  EXPECT_TRUE(pending_is(*on, kRed, Phase::PlaceTile));
  EXPECT_EQ(on->tile_in_hand(), tile("V"));

  auto bridged = play_bcb(kTwo, deck, with(setup, {"place 1,0 r0", "bridge 1,0 EW", "skip"}));
  ASSERT_TRUE(bridged);
  EXPECT_TRUE(bridged->discarded_tiles().empty());
  EXPECT_EQ(bridged->bridges_in_supply(kBlue), 2);

  // With nothing left to draw, the discard ends the game.
  auto last = play_bcb(kTwo, {"W", "B"}, with(setup, {"discard"}));
  ASSERT_TRUE(last);
  EXPECT_TRUE(last->over());
  EXPECT_EQ(last->discarded_tiles(), (std::vector<TileType>{tile("B")}));
}

// "Bridges are scored like tiles with a road on them" and footnote 4: "any completed road that
// includes a bridge and a printed road segment on the same tile still only scores 1 point for the
// tile."
//
//         x=-1      x=0     x=1            x=2
//  y=-1                     V r270 ====== V r0
//                             ||(bridge)   ||
//  y=0    A r270 == D r0 == U r90 ====== V r90       U(1,0): printed road W-E and a bridge NS
//                             ||(bridge)             (built by Blue with V r270, whose road south
//  y=1                      A r180                   meets U's field).
//
// One road: A(-1,0) cloister - D - U (printed) - V(2,0) - V(2,-1) - V(1,-1) - bridge on U -
// A(1,1) cloister. Tiles: A, D, U, V, V, V, A = 7 (U once) -> 7 for Red's thief on U.
TEST(BcbScenarioBridgeRules, BridgeJoinsRoadsAndItsTileCountsOnce) {
  const Strings deck = {"U", "V", "V", "V", "A", "A", "B"};
  const Strings actions = {
      "place 1,0 r90", "meeple E",        "place 2,0 r90", "skip", "place 2,-1 r0",
      "skip",          "place 1,-1 r270", "bridge 1,0 NS", "skip", "place -1,0 r270",
      "skip",          "place 1,1 r180",  "skip"};
  auto joined = play_bcb(kTwo, deck, Strings(actions.begin(), actions.begin() + 9));
  ASSERT_TRUE(joined);
  const NodeId road = feature_at(*joined, 1, 0, "W");
  EXPECT_EQ(feature_at(*joined, 1, 0, "N"), road);  // the bridge joined the printed road
  EXPECT_EQ(joined->feature_tile_count(road), 5);   // D, U, V, V, V
  EXPECT_EQ(joined->bridges_in_supply(kBlue), 2);

  std::vector<ScoreEvent> events;
  auto state = play_logged(bcb(kTwo, deck, actions), events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_points(*state, kRed, Points{.road = 7});
  expect_points(*state, kBlue, Points{});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].tiles, 7);
}

// "Bridges do not separate cities or fields."
//
// City (layout of example 2): F r90 at 0,-1 carries a bridge EW; Red's knight on F's city. Blue's
// E r180 at 0,-2 closes it: D, F, E = 3 tiles + 1 pennant -> 2 x (3 + 1) = 8 for Red.
//
// Field:
//        x=0     x=1
//  y=-1          E r0            Blue's farmer in E r0's field (south of its cap). B at 1,0 meets
//  y=0   D r0 == B (bridge EW)   D's road with its field: Red's bridge EW. B's field is one field
//  y=1           E r180          under the bridge, joining E r0's field to E r180's field beside
//  y=2           E r0            the small city E r180 + E r0 (complete, unoccupied).
// Final scoring: the farm borders that completed city (and two unfinished ones) -> 3 for Blue.
TEST(BcbScenarioBridgeRules, BridgesDoNotSeparateCitiesOrFields) {
  auto city = play_bcb(kTwo, {"V", "V", "F", "E", "B"},
                       {"place 1,0 r90", "skip", "place 1,-1 r0", "skip", "place 0,-1 r90",
                        "bridge 0,-1 EW", "meeple N", "place 0,-2 r180", "skip"});
  ASSERT_TRUE(city);
  expect_points(*city, kRed, Points{.city = 8});
  EXPECT_EQ(city->followers_in_supply(kRed), 7);

  std::vector<ScoreEvent> events;
  auto field = play_logged(bcb(kTwo, {"B", "E", "E", "E"},
                               {"place 1,0 r0", "bridge 1,0 EW", "skip", "place 1,-1 r0",
                                "meeple SSE", "place 1,1 r180", "skip", "place 1,2 r0", "skip"}),
                           events);
  ASSERT_TRUE(field);
  EXPECT_TRUE(field->over());
  expect_points(*field, kRed, Points{});
  expect_points(*field, kBlue, Points{.farm = 3});
  const auto farms = events_of(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 1u);
  EXPECT_EQ(farms[0].cities, 1);
}

// ============================================================================================
// Castles: clarifications
// ============================================================================================

// "The owner of the small city chooses" (footnote 5), not the player who placed the tile.
//
//        x=0     x=1
//  y=-2          E r180     Red closes Blue's cap (E r0 at 1,-1, Blue's knight): Blue decides,
//  y=-1          E r0       during Red's turn. Castle: Blue's token, Blue's knight stays in it;
//  y=0   D r0 == U r90      fief x 0..2, y -2..-1. Score instead: 4 for Blue.
TEST(BcbScenarioCastleRules, TheOwnerNotTheActivePlayerDecides) {
  const Strings deck = {"U", "E", "E", "B"};
  const Strings setup = {"place 1,0 r90",   "skip", "place 1,-1 r0", "meeple N",
                         "place 1,-2 r180", "skip"};
  auto choice = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(choice);
  EXPECT_TRUE(pending_is(*choice, kBlue, Phase::CastleChoice));
  EXPECT_EQ(choice->turn_player(), kRed);
  EXPECT_EQ(legal_options(*choice), (Strings{"castle", "score"}));
  const auto red_try = choice->check_as(kRed, Move::simple(MoveKind::Castle));
  ASSERT_TRUE(red_try.has_value());
  EXPECT_EQ(red_try->code, ErrorCode::NotYourTurn);
  EXPECT_FALSE(choice->check_as(kBlue, Move::simple(MoveKind::Castle)).has_value());

  auto castle = play_bcb(kTwo, deck, with(setup, {"castle"}));
  ASSERT_TRUE(castle);
  EXPECT_TRUE(pending_is(*castle, kBlue, Phase::PlaceTile));  // then Blue's own turn
  ASSERT_EQ(castle->castles().size(), 1u);
  const Castle& c = castle->castles()[0];
  EXPECT_EQ(c.owner, kBlue);
  EXPECT_EQ(c.min_x, 0);
  EXPECT_EQ(c.max_x, 2);
  EXPECT_EQ(c.min_y, -2);
  EXPECT_EQ(c.max_y, -1);
  EXPECT_EQ(castle->castles_in_supply(kBlue), 2);
  EXPECT_EQ(castle->castles_in_supply(kRed), 3);
  EXPECT_EQ(castle->followers_in_supply(kBlue), 6);
  expect_points(*castle, kBlue, Points{});

  auto scored = play_bcb(kTwo, deck, with(setup, {"score"}));
  ASSERT_TRUE(scored);
  expect_points(*scored, kBlue, Points{.city = 4});
  expect_points(*scored, kRed, Points{});
}

// "It does not matter whether your meeple is already on the first half of the small city before
// the castle is placed, or whether you place the meeple on the second half of the small city you
// just completed."
//  first half, earlier turn: Blue's knight on E r0 (1,-1), Red closes it (previous test's layout);
//  second half, this turn:   Red closes D's cap with E r180 and puts the knight on it.
TEST(BcbScenarioCastleRules, ItDoesNotMatterWhichHalfHeldTheFollower) {
  auto first_half = play_bcb(
      kTwo, {"U", "E", "E", "B"},
      {"place 1,0 r90", "skip", "place 1,-1 r0", "meeple N", "place 1,-2 r180", "skip", "castle"});
  ASSERT_TRUE(first_half);
  ASSERT_EQ(first_half->castles().size(), 1u);
  EXPECT_EQ(first_half->castles()[0].owner, kBlue);
  EXPECT_TRUE(first_half->castles()[0].occupied);

  auto second_half = play_bcb(kTwo, {"E", "B"}, {"place 0,-1 r180", "meeple S", "castle"});
  ASSERT_TRUE(second_half);
  ASSERT_EQ(second_half->castles().size(), 1u);
  EXPECT_EQ(second_half->castles()[0].owner, kRed);
  EXPECT_TRUE(second_half->castles()[0].occupied);
}

// Footnote 6: the witch-hat city segment of BCB-I is not semicircular: a city of it and a cap is
// no small city.
//
//  y=-1  BCB-I r270      witch-hat city S (road N ends at its gate) closes D's cap: a finished
//  y=0   D r0            2-tile city. Red's knight scores 2 x 2 = 4 at once; no castle decision.
TEST(BcbScenarioCastleRules, WitchHatCityDoesNotQualify) {
  auto state = play_bcb(kTwo, {"BCB-I", "U"}, {"place 0,-1 r270", "meeple S"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  expect_points(*state, kRed, Points{.city = 4});
  EXPECT_TRUE(state->castles().empty());
  EXPECT_EQ(state->castles_in_supply(kRed), 3);
}

// Record format: "castle / score is asked only when a small city qualifies and its owner still has
// a castle token". Five players: 2 tokens each.
//
//        x=0     x=1   x=2   x=3     x=4   x=5   x=6
//  y=-2                      E r180              E r180
//  y=-1  E r180              E r0                E r0
//  y=0   D r0 == U  == U  == U    == U  == U  == U       (U r90 all along)
//
// Player 1 (seat 0) closes three small cities with a knight: castles at x = 0 (fief x -1..1) and
// x = 3 (fief x 2..4); the third, at x = 6 (in no fief), finds him without tokens: it scores 4.
TEST(BcbScenarioCastleRules, OwnerWithoutTokensGetsNoDecision) {
  const Strings players = {"P1", "P2", "P3", "P4", "P5"};
  const Strings deck = {"E", "U", "U", "U", "E", "E", "U", "U", "U", "E", "E", "U"};
  const Strings two_castles = {"place 0,-1 r180",
                               "meeple S",
                               "castle",
                               "place 1,0 r90",
                               "skip",
                               "place 2,0 r90",
                               "skip",
                               "place 3,0 r90",
                               "skip",
                               "place 3,-1 r0",
                               "skip",
                               "place 3,-2 r180",
                               "meeple S",
                               "castle",
                               "place 4,0 r90",
                               "skip",
                               "place 5,0 r90",
                               "skip",
                               "place 6,0 r90",
                               "skip",
                               "place 6,-1 r0",
                               "skip"};
  auto before = play_bcb(players, deck, two_castles);
  ASSERT_TRUE(before);
  EXPECT_EQ(before->castles_in_supply(0), 0);
  EXPECT_EQ(before->castles().size(), 2u);

  auto state = play_bcb(players, deck, with(two_castles, {"place 6,-2 r180", "meeple S"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, 1, Phase::PlaceTile));
  expect_points(*state, 0, Points{.city = 4});
  EXPECT_EQ(state->castles().size(), 2u);
  EXPECT_EQ(state->followers_in_supply(0), 5);  // two knights in the castles
}

// "A castle with a meeple is not yet completed": turning a small city in the fief into a castle
// is no completion for the castle next to it; scoring that city is.
//
//        x=-1  x=0     x=1
//  y=-2              E r180      Red's castle: D's cap + E r180 (0,-1), fief x -1..1, y -1..0.
//  y=-1  [     E r180  E r0  ]   Blue's knight on E r0 (1,-1), inside the fief; Red closes it.
//  y=0   [     D r0          ]   Blue castle: Red's castle gets nothing. Blue scores 4: so does
//                                Red's castle (2 tiles x 2).
TEST(BcbScenarioCastleRules, ACastleIsNotACompletedFeature) {
  const Strings deck = {"E", "E", "E", "B"};
  const Strings setup = {"place 0,-1 r180", "meeple S",        "castle", "place 1,-1 r0",
                         "meeple N",        "place 1,-2 r180", "skip"};
  auto converted = play_bcb(kTwo, deck, with(setup, {"castle"}));
  ASSERT_TRUE(converted);
  expect_points(*converted, kRed, Points{});
  expect_points(*converted, kBlue, Points{});
  ASSERT_EQ(converted->castles().size(), 2u);
  EXPECT_TRUE(converted->castles()[0].occupied);

  auto scored = play_bcb(kTwo, deck, with(setup, {"score"}));
  ASSERT_TRUE(scored);
  expect_points(*scored, kRed, Points{.castle = 4});
  expect_points(*scored, kBlue, Points{.city = 4});
  EXPECT_FALSE(scored->castles()[0].occupied);
}

// Footnotes 12 and 13: the castle scores for a feature completed in a later turn, not for one
// completed in the turn it is built. "If you control both a castle and the next completed
// neighboring feature, you score its points twice."
//
//        x=-1      x=0      x=1
//  y=-2  A r0                          Red's thief on the north arm of W(-1,-1).
//  y=-1  W r180 == D r180 == W r180    D r180 closes D's cap (Red's knight: castle, fief x -1..1,
//  y=0   U r90  == D r0  == U r90      y -1..0) and completes the road junction-D r180-junction
//                                      (3 tiles, nobody on it) in the same turn: no castle points.
// Next turn Blue's A r0 ends Red's road at its cloister: W + A = 2 tiles -> 2 for Red's thief
// and 2 for Red's castle.
TEST(BcbScenarioCastleRules, OnlyALaterTurnsCompletionScoresForTheCastle) {
  const Strings deck = {"U", "U", "W", "W", "D", "A", "B"};
  const Strings built = {"place -1,0 r90",   "skip",     "place 1,0 r90",   "skip",
                         "place -1,-1 r180", "meeple N", "place 1,-1 r180", "skip",
                         "place 0,-1 r180",  "meeple S", "castle"};
  auto castle = play_bcb(kTwo, deck, built);
  ASSERT_TRUE(castle);
  EXPECT_TRUE(castle->feature_complete(feature_at(*castle, 0, -1, "E")));
  expect_points(*castle, kRed, Points{});
  ASSERT_EQ(castle->castles().size(), 1u);
  EXPECT_TRUE(castle->castles()[0].occupied);

  auto later = play_bcb(kTwo, deck, with(built, {"place -1,-2 r0", "skip"}));
  ASSERT_TRUE(later);
  expect_points(*later, kRed, Points{.road = 2, .castle = 2});
  EXPECT_EQ(later->followers_in_supply(kRed), 7);
}

// The fief runs along the castle: "the 2 tiles containing your castle, the 2 tiles to the right,
// or the 2 tiles to the left". For two caps meeting across a north-south edge, right and left are
// the squares above and below.
//
//        x=-1     x=0      x=1       x=2
//  y=-2                  [                  ]
//  y=-1           E r180 [E r90  == E r270  ]    Red's castle: E r90 (cap E) + E r270 (cap W),
//  y=0    A r270 == D r0 =[U r90 ==== A r90 ]    fief x 1..2, y -2..0 (brackets).
//
// Blue's E r180 closes D's cap (0,-1 and 0,0: not in the fief): nothing for the castle. Blue's
// A r90 then ends the road A(-1,0) - D - U - A(2,0): 4 tiles, two of them in the fief -> 4.
TEST(BcbScenarioCastleRules, FiefOfACastleAcrossANorthSouthEdge) {
  const Strings deck = {"U", "E", "E", "E", "A", "A", "B"};
  const Strings built = {"place 1,0 r90",   "skip",     "place 1,-1 r90", "skip",
                         "place 2,-1 r270", "meeple W", "castle"};
  auto castle = play_bcb(kTwo, deck, built);
  ASSERT_TRUE(castle);
  ASSERT_EQ(castle->castles().size(), 1u);
  const Castle& c = castle->castles()[0];
  EXPECT_EQ(c.min_x, 1);
  EXPECT_EQ(c.max_x, 2);
  EXPECT_EQ(c.min_y, -2);
  EXPECT_EQ(c.max_y, 0);

  const Strings beside = with(built, {"place 0,-1 r180", "skip"});
  auto outside = play_bcb(kTwo, deck, beside);
  ASSERT_TRUE(outside);
  expect_points(*outside, kRed, Points{});
  EXPECT_TRUE(outside->castles()[0].occupied);

  auto road =
      play_bcb(kTwo, deck, with(beside, {"place -1,0 r270", "skip", "place 2,0 r90", "skip"}));
  ASSERT_TRUE(road);
  expect_points(*road, kRed, Points{.castle = 4});
  expect_points(*road, kBlue, Points{});
}

// "A monastery is only neighboring a castle if the tile with the monastery on it is in one of the
// 6 neighboring spaces."
//
//        x=-1    x=0      x=1
//  y=-1  [       E r180      ]     Red's castle, fief x -1..1, y -1..0 (brackets).
//  y=0   [U r90  D r0   U r90]
//  y=1   B       B        B        Blue's monk on B(0,1): its tile is outside the fief though
//  y=2   B       B        B        three of its neighbours are inside. Red's B(0,2) completes
//                                  it: 1 + 8 = 9 for Blue, nothing for the castle.
TEST(BcbScenarioCastleRules, CloisterCountsOnlyIfItsOwnTileIsInTheFief) {
  auto state = play_bcb(
      kTwo, {"E", "B", "U", "U", "B", "B", "B", "B", "B", "B"},
      {"place 0,-1 r180", "meeple S", "castle", "place 0,1 r0", "meeple cloister", "place -1,0 r90",
       "skip", "place 1,0 r90", "skip", "place -1,1 r0", "skip", "place 1,1 r0", "skip",
       "place -1,2 r0", "skip", "place 1,2 r0", "skip", "place 0,2 r0", "skip"});
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{});
  expect_points(*state, kBlue, Points{.cloister = 9});
  EXPECT_TRUE(state->castles()[0].occupied);
  EXPECT_EQ(state->followers_in_supply(kRed), 6);
}

// "If a tile is placed that causes multiple features that are neighboring your castle to be
// completed at the same time, you decide which of them to receive points for. A castle can only
// get points from one single feature." (footnote 17: "you" is the castle's owner.)
//
//        x=-1    x=0      x=1
//  y=-1  [       E r180   E r180   ]     Red's castle: D's cap + E r180 (0,-1).
//  y=0   [W r0 == D r0 == BCB-H r90]     Blue's BCB-H r90 (caps N, E, S; road W to the S cap's
//                                        gate) completes at once, both unoccupied:
//   the road W junction - D - BCB-H gate: 3 tiles -> 3;
//   the small city E r180 (1,-1) + BCB-H's N cap: 2 tiles -> 4.
// Red claims one, by any location of it. The legal claims name each by its first-placed tile:
// the road by D (0,0 E), the city by E r180 (1,-1 S). BCB-H's E and S caps are not complete.
TEST(BcbScenarioCastleRules, OwnerClaimsOneOfSeveralCompletions) {
  const Strings deck = {"E", "W", "E", "BCB-H", "B"};
  const Strings setup = {"place 0,-1 r180", "meeple S", "castle",        "place -1,0 r0", "skip",
                         "place 1,-1 r180", "skip",     "place 1,0 r90", "skip"};
  auto claim = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(claim);
  EXPECT_TRUE(pending_is(*claim, kRed, Phase::Claim));
  EXPECT_EQ(claim->turn_player(), kBlue);
  EXPECT_EQ(claim->claiming_castle(), 0);
  EXPECT_EQ(legal_options(*claim), (Strings{"claim 0,0 E", "claim 1,-1 S"}));

  const std::pair<const char*, int> claims[] = {{"claim 1,-1 S", 4}, {"claim 1,0 N", 4},
                                                {"claim 0,0 E", 3},  {"claim 0,0 W", 3},
                                                {"claim -1,0 E", 3}, {"claim 1,0 W", 3}};
  for (const auto& [text, points] : claims) {
    auto state = play_bcb(kTwo, deck, with(setup, {text}));
    ASSERT_TRUE(state) << text;
    expect_points(*state, kRed, Points{.castle = points});
    expect_points(*state, kBlue, Points{});
    EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile)) << text;
    EXPECT_EQ(state->followers_in_supply(kRed), 7) << text;
  }
  for (const char* wrong : {"claim 1,0 E", "claim 1,0 S", "claim 0,-1 S", "score"}) {
    Error error = bcb_error(kTwo, deck, with(setup, {wrong}));
    EXPECT_NE(error.message, "") << wrong;
    EXPECT_TRUE(mentions(error.message, "action 9")) << wrong;
  }
}

// The record format's order: the castle/score decision on a completed small city comes first,
// then the claims. Layout of the previous test, but Blue puts a knight on BCB-H's north cap: the
// small city is his, and he decides first.
//   score:  Blue 4; both completions remain, Red claims the city: 4.
//   castle: the small city is no completion; the road alone scores for Red's castle: 3.
TEST(BcbScenarioCastleRules, CastleDecisionComesBeforeTheClaim) {
  const Strings deck = {"E", "W", "E", "BCB-H", "B"};
  const Strings setup = {"place 0,-1 r180", "meeple S", "castle",        "place -1,0 r0", "skip",
                         "place 1,-1 r180", "skip",     "place 1,0 r90", "meeple N"};
  auto choice = play_bcb(kTwo, deck, setup);
  ASSERT_TRUE(choice);
  EXPECT_TRUE(pending_is(*choice, kBlue, Phase::CastleChoice));

  auto scored = play_bcb(kTwo, deck, with(setup, {"score"}));
  ASSERT_TRUE(scored);
  EXPECT_TRUE(pending_is(*scored, kRed, Phase::Claim));
  EXPECT_EQ(legal_options(*scored), (Strings{"claim 0,0 E", "claim 1,-1 S"}));
  auto claimed = play_bcb(kTwo, deck, with(setup, {"score", "claim 1,-1 S"}));
  ASSERT_TRUE(claimed);
  expect_points(*claimed, kRed, Points{.castle = 4});
  expect_points(*claimed, kBlue, Points{.city = 4});

  auto castle = play_bcb(kTwo, deck, with(setup, {"castle"}));
  ASSERT_TRUE(castle);
  EXPECT_TRUE(pending_is(*castle, kRed, Phase::PlaceTile));
  expect_points(*castle, kRed, Points{.castle = 3});
  expect_points(*castle, kBlue, Points{});
  EXPECT_EQ(castle->castles().size(), 2u);
}

// "If one of them scores points, it will be considered as a completed feature for the adjacent
// castles. All the castle owners receive the same number of points." (footnote 20)
//
//        x=-1    x=0      x=1
//  y=-2                   E r180      Blue's castle: E r0 (1,-1) + E r180 (1,-2), fief x 0..2,
//  y=-1          E r180   E r0                       y -2..-1: it holds Red's square 0,-1.
//  y=0   W r0 == D r0  == W r0        Red's castle: D + E r180 (0,-1), fief x -1..1, y -1..0.
//
// Red's W r0 at 1,0 completes the road junction-D-junction (3 tiles, unoccupied): in Red's fief,
// not in Blue's (y = 0). Red's castle scores 3; as a completed castle it lies in Blue's fief:
// Blue's castle scores 3.
TEST(BcbScenarioCastleRules, CastlesTriggerEachOther) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(
      bcb(kTwo, {"E", "E", "E", "W", "W", "B"},
          {"place 0,-1 r180", "meeple S", "castle", "place 1,-1 r0", "meeple N", "place 1,-2 r180",
           "skip", "castle", "place -1,0 r0", "skip", "place 1,0 r0", "skip"}),
      events);
  ASSERT_TRUE(state);
  expect_points(*state, kRed, Points{.castle = 3});
  expect_points(*state, kBlue, Points{.castle = 3});
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
  const auto castles = events_of(events, ScoreCategory::Castle);
  ASSERT_EQ(castles.size(), 2u);
  EXPECT_EQ(castles[0].winners, bit(kRed));
  EXPECT_EQ(castles[1].winners, bit(kBlue));
}

// "At the end of the game, remove all the meeples still standing in a castle in the playing area
// before the final scoring. Nobody gets more points for them."
//
//  y=-1  E r180     Red's castle is the last move of the game: his knight leaves for nothing (an
//  y=0   D r0       unfinished city would have given 2; a scored one 4).
TEST(BcbScenarioCastleRules, FollowersInCastlesLeaveForNothingAtTheEnd) {
  auto state = play_bcb(kTwo, {"E"}, {"place 0,-1 r180", "meeple S", "castle"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{});
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  ASSERT_EQ(state->castles().size(), 1u);
  EXPECT_FALSE(state->castles()[0].occupied);
}

// "When determining the value of a field, castles are worth 4 points (instead of 3)."
//
//        x=0      x=1
//  y=-2           E r180      Red's castle: D's cap + E r180 (0,-1). Red's E r0 (1,-1) and Blue's
//  y=-1  E r180   E r0        E r180 (1,-2) make a small city (unoccupied) inside the fief: the
//  y=0   D r0  == U r90       castle scores its 4 in that later turn.
// Blue's farmer in U's north field, which runs through D's strip (beside the castle) and E r0's
// field (beside the small city). Final: castle 4 + city 3 = 7 for Blue.
TEST(BcbScenarioCastleRules, InFarmScoringACastleIsWorthFour) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(bcb(kTwo, {"E", "U", "E", "E"},
                               {"place 0,-1 r180", "meeple S", "castle", "place 1,0 r90",
                                "meeple NNW", "place 1,-1 r0", "skip", "place 1,-2 r180", "skip"}),
                           events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{.castle = 4});
  expect_points(*state, kBlue, Points{.farm = 7});
  const auto farms = events_of(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 1u);
  EXPECT_EQ(farms[0].castles, 1);
  EXPECT_EQ(farms[0].cities, 1);
  EXPECT_EQ(farms[0].points, 7);
}

// "Castles separate fields, just like roads or cities."
//
//        x=0      x=1
//  y=-3  E r180             Blue's farmer in E r0 (0,-2)'s field, north of the castle: it
//  y=-2  E r0               borders the castle and the small city E r0 + E r180 (outside the
//  y=-1  E r180             fief): 4 + 3 = 7. Red's farmer in U's north field, south of the
//  y=0   D r0  == U r90     castle (D's strip): it borders the castle only: 4. Were the two
//                           fields one, both farmers would share 7.
TEST(BcbScenarioCastleRules, CastlesSeparateFields) {
  auto state = play_bcb(kTwo, {"E", "E", "U", "E"},
                        {"place 0,-1 r180", "meeple S", "castle", "place 0,-2 r0", "meeple SSE",
                         "place 1,0 r90", "meeple NNW", "place 0,-3 r180", "skip"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_points(*state, kRed, Points{.farm = 4});
  expect_points(*state, kBlue, Points{.farm = 7});
}

// ============================================================================================
// Bazaars: clarifications
// ============================================================================================

// Footnote 24: "If the tile cannot be placed and is discarded, the bazaar will not occur."
//  a) Layout of the discard test: BCB-A (all field) fits only with a bridge; Blue discards it and
//     draws U: no auction. Placed with a bridge instead, it starts one (3 tiles left >= 2).
//  b) BCB-D (city all round) after D's cap is closed has no placement: the engine discards it.
TEST(BcbScenarioBazaarRules, NoAuctionWhenTheDrawnBazaarTileIsDiscarded) {
  const Strings deck = {"W", "BCB-A", "U", "V", "B"};
  auto discarded =
      play_bcb(kTwo, deck, {"place 0,1 r0", "skip", "discard", "place 1,0 r90", "skip"});
  ASSERT_TRUE(discarded);
  EXPECT_FALSE(discarded->bazaar_in_progress());
  EXPECT_TRUE(pending_is(*discarded, kRed, Phase::PlaceTile));
  EXPECT_EQ(discarded->tile_in_hand(), tile("V"));
  EXPECT_EQ(discarded->discarded_tiles(), (std::vector<TileType>{tile("BCB-A")}));

  auto placed =
      play_bcb(kTwo, deck, {"place 0,1 r0", "skip", "place 1,0 r0", "bridge 1,0 EW", "skip"});
  ASSERT_TRUE(placed);
  EXPECT_TRUE(pending_is(*placed, kRed, Phase::AuctionChoose));
  EXPECT_EQ(placed->bazaar_offer(), (std::vector<TileType>{tile("U"), tile("V")}));

  auto automatic = play_bcb(kTwo, {"E", "BCB-D", "U", "V"}, {"place 0,-1 r180", "skip"});
  ASSERT_TRUE(automatic);
  EXPECT_FALSE(automatic->bazaar_in_progress());
  EXPECT_TRUE(pending_is(*automatic, kBlue, Phase::PlaceTile));
  EXPECT_EQ(automatic->tile_in_hand(), tile("U"));
  EXPECT_EQ(automatic->discarded_tiles(), (std::vector<TileType>{tile("BCB-D")}));
}

// record-format.md: "a purchased tile that is discarded (by the engine, having no legal
// placement, or by discard) is replaced by the next tile of the deck, which that player plays as
// their bazaar turn; a bazaar on it starts no auction. With the deck empty, that player's bazaar
// turn ends."
//   Red: E r180 at 0,-1 closes D's cap (unoccupied: no castle). Blue: BCB-A at 0,1: a bazaar
//   reveals C and U. Red (left of Blue) chooses C and opens at 0, Blue passes: Red pays 0 to the
//   bank; U goes free to Blue. The board shows no city edge anywhere now, so C (city on all four
//   sides) fits nowhere: it is discarded and Red plays the next tile of the deck, V, as her
//   bazaar turn; then Blue plays U; then play resumes left of Blue with Red drawing W.
TEST(BcbScenarioBazaarRules, DiscardedPurchaseIsReplacedByTheNextTileOfTheDeck) {
  const Strings opening = {"place 0,-1 r180", "skip",  "place 0,1 r0", "skip",
                           "choose C",        "bid 0", "pass"};
  auto replaced = play_bcb(kTwo, {"E", "BCB-A", "C", "U", "V", "W"}, opening);
  ASSERT_TRUE(replaced);
  EXPECT_TRUE(pending_is(*replaced, kRed, Phase::PlaceTile));
  EXPECT_EQ(replaced->tile_in_hand(), tile("V"));
  EXPECT_TRUE(replaced->in_bazaar_round());
  EXPECT_EQ(replaced->discarded_tiles(), (std::vector<TileType>{tile("C")}));
  EXPECT_EQ(replaced->tiles_left_in_deck(), 1);

  auto after = play_bcb(kTwo, {"E", "BCB-A", "C", "U", "V", "W"},
                        with(opening, {"place 1,0 r0", "skip", "place 2,0 r0", "skip"}));
  ASSERT_TRUE(after);
  EXPECT_FALSE(after->bazaar_in_progress());
  EXPECT_FALSE(after->in_bazaar_round());
  EXPECT_TRUE(pending_is(*after, kRed, Phase::PlaceTile));
  EXPECT_EQ(after->tile_in_hand(), tile("W"));

  // The deck is empty when C is discarded: Red's bazaar turn ends, Blue plays U, the game ends.
  auto empty = play_bcb(kTwo, {"E", "BCB-A", "C", "U"}, opening);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(pending_is(*empty, kBlue, Phase::PlaceTile));
  EXPECT_EQ(empty->tile_in_hand(), tile("U"));
  auto over = play_bcb(kTwo, {"E", "BCB-A", "C", "U"}, with(opening, {"place 1,0 r90", "skip"}));
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->over());
}

// The same with `discard`. Red: W r0 at 0,1. Blue: BCB-D (city on all four sides) at 0,-1 on
// D's cap: a bazaar reveals BCB-A and U. Red takes BCB-A for 0, Blue gets U. Every square
// on the frontier now wants a road (or a city) on some side and BCB-A shows fields all round: it
// fits only with a bridge, so Red may discard it, and then plays V, the next tile of the deck.
TEST(BcbScenarioBazaarRules, PurchaseGivenUpWithDiscardIsReplacedByTheNextTile) {
  auto state = play_bcb(kTwo, {"W", "BCB-D", "BCB-A", "U", "V", "B"},
                        {"place 0,1 r0", "skip", "place 0,-1 r0", "skip", "choose BCB-A", "bid 0",
                         "pass", "discard"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_EQ(state->tile_in_hand(), tile("V"));
  EXPECT_TRUE(state->in_bazaar_round());
  EXPECT_EQ(state->discarded_tiles(), (std::vector<TileType>{tile("BCB-A")}));
}

// "Skip this step if there are fewer tiles remaining than there are players." Three players:
// BCB-A at 0,1 with 2 tiles left: no auction; with 3 left: one.
TEST(BcbScenarioBazaarRules, NoAuctionWhenFewerTilesRemainThanPlayers) {
  const Strings players = {"Ann", "Bob", "Cid"};
  auto fewer = play_bcb(players, {"BCB-A", "U", "V"}, {"place 0,1 r0", "skip"});
  ASSERT_TRUE(fewer);
  EXPECT_FALSE(fewer->bazaar_in_progress());
  EXPECT_TRUE(pending_is(*fewer, 1, Phase::PlaceTile));
  EXPECT_EQ(fewer->tile_in_hand(), tile("U"));

  auto enough = play_bcb(players, {"BCB-A", "U", "V", "B"}, {"place 0,1 r0", "skip"});
  ASSERT_TRUE(enough);
  EXPECT_TRUE(pending_is(*enough, 1, Phase::AuctionChoose));
  EXPECT_EQ(enough->bazaar_offer().size(), 3u);
}

// "If the only player to place a bid was the player who chose the tile, he or she pays a number of
// points equal to their bid, but no other player gains those points." "Players can have a negative
// score as a result of buying tiles."
//
// Red (host) places BCB-A at 0,1; U and V are revealed. Blue chooses V, bids 5, Red passes: Blue
// pays 5 to the bank (no buy/sell is asked) and has -5; U goes to Red for free. Blue plays V
// (V r180 at -1,0), then Red U (1,0), then Blue draws B.
TEST(BcbScenarioBazaarRules, AuctioneerAloneBiddingPaysTheBankAndScoresMayGoNegative) {
  const Strings deck = {"BCB-A", "U", "V", "B"};
  const Strings auction = {"place 0,1 r0", "skip", "choose V", "bid 5", "pass"};
  auto paid = play_bcb(kTwo, deck, auction);
  ASSERT_TRUE(paid);
  expect_points(*paid, kBlue, Points{.bazaar = -5});
  EXPECT_EQ(paid->score(kBlue), -5);
  expect_points(*paid, kRed, Points{});
  EXPECT_EQ(paid->bank_receipts(), 5);
  EXPECT_EQ(paid->bazaar_tile_of(kBlue), tile("V"));
  EXPECT_EQ(paid->bazaar_tile_of(kRed), tile("U"));
  EXPECT_TRUE(pending_is(*paid, kBlue, Phase::PlaceTile));
  EXPECT_EQ(paid->tile_in_hand(), tile("V"));

  auto after =
      play_bcb(kTwo, deck, with(auction, {"place -1,0 r180", "skip", "place 1,0 r90", "skip"}));
  ASSERT_TRUE(after);
  EXPECT_FALSE(after->bazaar_in_progress());
  EXPECT_TRUE(pending_is(*after, kBlue, Phase::PlaceTile));
  EXPECT_EQ(after->tile_in_hand(), tile("B"));
  EXPECT_EQ(after->score(kBlue), -5);
}

// "Among the players who have not yet taken a tile this round, the next player clockwise from the
// previous auctioneer chooses (as the new auctioneer)" (footnote 26), whether the previous one
// bought or sold.
//
// Four players; Ann (0) places BCB-A at 0,1; U, V, B, E are revealed.
//  Bob (1) chooses U, bids 1; Cid passes; Dan bids 2; Ann passes; Bob sells: Dan -2, Bob +2.
//  Next clockwise from Bob without a tile: Cid. Cid chooses V, bids 0; (Dan has a tile) Ann
//  passes; Bob bids 1; Cid buys: Cid -1, Bob +1.
//  Next from Cid without a tile: (Dan has one) Ann. Ann chooses B, bids 0; Bob passes: Ann pays
//  0 to the bank. E goes to Bob for free; Bob (left of Ann) plays first.
// Points: Ann 0, Bob 2 + 1 = 3, Cid -1, Dan -2.
TEST(BcbScenarioBazaarRules, NextAuctioneerIsNextClockwiseFromThePreviousOne) {
  const Strings players = {"Ann", "Bob", "Cid", "Dan"};
  const Strings deck = {"BCB-A", "U", "V", "B", "E"};
  const Strings first = {"place 0,1 r0", "skip", "choose U", "bid 1", "pass", "bid 2", "pass"};
  auto decide = play_bcb(players, deck, first);
  ASSERT_TRUE(decide);
  EXPECT_TRUE(pending_is(*decide, 1, Phase::AuctionDecide));
  EXPECT_EQ(decide->highest_bidder(), 3);

  auto second = play_bcb(players, deck, with(first, {"sell"}));
  ASSERT_TRUE(second);
  EXPECT_TRUE(pending_is(*second, 2, Phase::AuctionChoose));
  EXPECT_EQ(second->bazaar_tile_of(3), tile("U"));

  const Strings two = with(first, {"sell", "choose V", "bid 0"});
  auto bidding = play_bcb(players, deck, two);
  ASSERT_TRUE(bidding);
  EXPECT_TRUE(pending_is(*bidding, 0, Phase::AuctionBid));  // Dan has a tile already
  auto third = play_bcb(players, deck, with(two, {"pass", "bid 1", "buy"}));
  ASSERT_TRUE(third);
  EXPECT_TRUE(pending_is(*third, 0, Phase::AuctionChoose));

  auto state =
      play_bcb(players, deck, with(two, {"pass", "bid 1", "buy", "choose B", "bid 0", "pass"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, 1, Phase::PlaceTile));
  EXPECT_EQ(state->tile_in_hand(), tile("E"));
  EXPECT_EQ(state->bazaar_tile_of(0), tile("B"));
  EXPECT_EQ(state->bazaar_tile_of(1), tile("E"));
  EXPECT_EQ(state->bazaar_tile_of(2), tile("V"));
  EXPECT_EQ(state->bazaar_tile_of(3), tile("U"));
  expect_points(*state, 0, Points{});
  expect_points(*state, 1, Points{.bazaar = 3});
  expect_points(*state, 2, Points{.bazaar = -1});
  expect_points(*state, 3, Points{.bazaar = -2});
  EXPECT_EQ(state->bank_receipts(), 0);
}

// Footnote 30: "a purchased bazaar tile will not trigger an auction, but any drawn bazaar tile
// will trigger an auction."
//
//        x=-1     x=0     x=1
//  y=0            D r0 == U r90
//  y=1   BCB-E    BCB-A   BCB-J       Red's BCB-A reveals BCB-E and U. Blue takes BCB-E for a
//                                     bid of 0 (to the bank), Red gets U. Blue places BCB-E, Red
// U: no new auction, although 3 tiles are left. Then Blue draws BCB-J and places it: an auction
// of B and V, chosen first by Red (left of Blue).
TEST(BcbScenarioBazaarRules, BoughtBazaarTileStartsNoAuction) {
  const Strings deck = {"BCB-A", "BCB-E", "U", "BCB-J", "B", "V"};
  const Strings round = {"place 0,1 r0",  "skip", "choose BCB-E",  "bid 0", "pass",
                         "place -1,1 r0", "skip", "place 1,0 r90", "skip"};
  auto state = play_bcb(kTwo, deck, round);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->bazaar_in_progress());
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  EXPECT_EQ(state->tile_in_hand(), tile("BCB-J"));
  EXPECT_EQ(state->bank_receipts(), 0);
  expect_points(*state, kBlue, Points{});

  auto drawn = play_bcb(kTwo, deck, with(round, {"place 1,1 r0", "skip"}));
  ASSERT_TRUE(drawn);
  EXPECT_TRUE(pending_is(*drawn, kRed, Phase::AuctionChoose));
  EXPECT_EQ(drawn->bazaar_offer(), (std::vector<TileType>{tile("B"), tile("V")}));
}

// "Bazaar Variant Rule: ... Beginning with the player to your left, each player takes and
// immediately plays one of the tiles from the ones you revealed as in a normal turn. Then play
// resumes normally starting with the player to your left." ("rules": {"bazaar": "no-auction"})
//
//        x=-1     x=0     x=1
//  y=0   V r180 == D r0 == U r90      Ann (host) places BCB-A; U, V, B revealed. Bob chooses V and
//  y=1            BCB-A   B           plays it, Cid chooses U and plays it, Ann gets the last, B,
//                                     and plays it. Then Bob draws E. Nobody pays anything.
TEST(BcbScenarioBazaarRules, NoAuctionVariantEachPlayerChoosesAndPlaysInTurn) {
  const Strings players = {"Ann", "Bob", "Cid"};
  const Strings deck = {"BCB-A", "U", "V", "B", "E"};
  const Strings steps = {"place 0,1 r0", "skip",          "choose V", "place -1,0 r180", "skip",
                         "choose U",     "place 1,0 r90", "skip",     "place 1,1 r0",    "skip"};
  auto at = [&](std::size_t n) {
    return play(bcb(players, deck, Strings(steps.begin(), steps.begin() + static_cast<long>(n)),
                    {{"bazaar", "no-auction"}}));
  };
  auto s = at(2);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, 1, Phase::AuctionChoose));
  EXPECT_EQ(legal_options(*s), (Strings{"choose B", "choose U", "choose V"}));
  s = at(3);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, 1, Phase::PlaceTile));
  EXPECT_EQ(s->tile_in_hand(), tile("V"));
  s = at(5);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, 2, Phase::AuctionChoose));
  EXPECT_EQ(s->bazaar_offer(), (std::vector<TileType>{tile("U"), tile("B")}));
  s = at(6);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, 2, Phase::PlaceTile));
  EXPECT_EQ(s->tile_in_hand(), tile("U"));
  s = at(8);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, 0, Phase::PlaceTile));
  EXPECT_EQ(s->tile_in_hand(), tile("B"));
  s = at(10);
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->bazaar_in_progress());
  EXPECT_TRUE(pending_is(*s, 1, Phase::PlaceTile));
  EXPECT_EQ(s->tile_in_hand(), tile("E"));
  for (PlayerId p = 0; p < 3; ++p) expect_points(*s, p, Points{});
  EXPECT_EQ(s->bank_receipts(), 0);
}

// "The player on your left (the first auctioneer) then chooses one of those tiles and bids a number
// of points for it (the bid can also be 0 points). Continuing clockwise, players take turns
// bidding either a greater number of points or passing."
//
// Red places BCB-A; Blue chooses V: he may not pass, he opens with 0. Red may not bid 0 again; he
// bids 1; Blue sells: Red -1, Blue +1, V to Red, U to Blue.
TEST(BcbScenarioBazaarRules, OpeningBidIsNoPassAndBidsMustBeHigher) {
  const Strings deck = {"BCB-A", "U", "V", "B"};
  const Strings chosen = {"place 0,1 r0", "skip", "choose V"};
  auto opening = play_bcb(kTwo, deck, chosen);
  ASSERT_TRUE(opening);
  Strings options = legal_options(*opening);
  EXPECT_FALSE(contains(options, "pass"));
  EXPECT_TRUE(contains(options, "bid 0"));
  Error pass = bcb_error(kTwo, deck, with(chosen, {"pass"}));
  EXPECT_EQ(pass.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(pass.message, "action 3"));

  auto reply = play_bcb(kTwo, deck, with(chosen, {"bid 0"}));
  ASSERT_TRUE(reply);
  EXPECT_TRUE(pending_is(*reply, kRed, Phase::AuctionBid));
  options = legal_options(*reply);
  EXPECT_TRUE(contains(options, "pass"));
  EXPECT_FALSE(contains(options, "bid 0"));
  EXPECT_TRUE(contains(options, "bid 1"));
  Error same = bcb_error(kTwo, deck, with(chosen, {"bid 0", "bid 0"}));
  EXPECT_EQ(same.code, ErrorCode::IllegalMove);
  EXPECT_TRUE(mentions(same.message, "higher"));

  auto sold = play_bcb(kTwo, deck, with(chosen, {"bid 0", "bid 1", "sell"}));
  ASSERT_TRUE(sold);
  expect_points(*sold, kRed, Points{.bazaar = -1});
  expect_points(*sold, kBlue, Points{.bazaar = 1});
  EXPECT_EQ(sold->bank_receipts(), 0);
  EXPECT_EQ(sold->bazaar_tile_of(kRed), tile("V"));
  EXPECT_EQ(sold->bazaar_tile_of(kBlue), tile("U"));
}

}  // namespace
}  // namespace carcassonne
