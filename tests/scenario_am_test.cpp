// Abbey & Mayor: the worked examples of the rulebook's section (../shared/rules/
// big-box-rulebook-en.txt L623-807, the wagon examples L834-871) and scenarios for the lines
// AM-1..AM-31 of ../shared/spec/bigbox-rules-checklist.md, with the interaction lines that name
// the abbey, the mayor, the wagon or the barn (TS-2, TS-5, Y-6, Y-7, Y-9, Y-16, Y-21, Y-24, ...),
// each a small recorded game ("expansions": ["am"], with "bcb", "ic", "tb" where needed) replayed.
//
// Every expected number and every expected list of options is worked out by hand from the rules
// text, the contract (../shared/spec/record-format-bigbox.md: "Order of play", "Which steps are
// recorded", "Rules as this contract reads them", the option "wagon") and the tile reference
// (../shared/reference/tiles.txt); the comment above each test shows the map and the arithmetic.
// Maps: x grows east, y grows south; the start tile D lies at 0,0 r0 (city cap N, road W-E, a
// field strip ENE/WNW between cap and road, a field ESE SSE SSW WSW south of the road). Rotations
// turn clockwise. Red (seat 0) plays first, Blue (seat 1) second. A location in an option is the
// engine's canonical name: a road or city by its first side (N E S W), a field by its first
// half-edge (NNW N NNE ENE E ESE SSE S SSW WSW W WNW), a cloister or abbey "cloister".
//
// Tiles used (rotated as used below):
//   A r90 road W ends at a cloister | A r180 road N ends at a cloister | A r270 road E ends at a
//     cloister | A r0 road S ends at a cloister (one field round the cloister in all four)
//   B cloister, field all round (field NNW)
//   E r0 cap N | r90 cap E (field NNW) | r180 cap S (field NNW) | r270 cap W (field NNW)
//   F r0 city W-E with a pennant, field strips N and S | F r90 city N-S with a pennant
//   G r0 city W-E, no pennant | G r90 city N-S
//   M r90 city E+S with a pennant, field on the N and W sides
//   S r180 city S+W+E with a pennant, road N ends at its gate
//   T r90 city N+E+S, road W ends at its gate
//   U r90 road W-E, field N (NNW) and field S (ESE)
//   V r0 road W+S, a large field (NNW) and a small one inside the bend (SSW)
//   W r0 roads E, S, W end at a junction, field N | X roads from all four sides end at a junction
//   AM-F r270 city cap W, road S ends at its gate
//   AM-I r0 pennant city W, separate field strips N (NNW NNE), E (ENE ESE), S (SSE SSW) |
//     AM-I r270 city S, strips N (NNW NNE), E (ENE ESE), W (WSW WNW)
//   BCB-I r0 city W, road E ends at its gate, fields NNW NNE | ENE | ESE SSE SSW
//
// Until the Abbey & Mayor mechanics are in the engine these tests fail at the first action that
// needs them; tests that name an AM- tile also fail until the tiles are in the engine's table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
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
const Strings kThree = {"Ann", "Bob", "Cid"};
constexpr PlayerId kRed = 0;
constexpr PlayerId kBlue = 1;

Record am(const Strings& deck, const Strings& actions, const Strings& expansions = {"am"},
          const Rules& rules = {}, const Strings& players = kTwo, const std::string& start = "D") {
  return make_record_with(players, deck, actions, expansions, rules, start);
}

std::optional<GameState> play_am(const Strings& deck, const Strings& actions,
                                 const Strings& expansions = {"am"}) {
  return play(am(deck, actions, expansions));
}

// The first `n` actions of `actions`.
Strings first(const Strings& actions, std::size_t n) {
  return Strings(actions.begin(), actions.begin() + static_cast<long>(n));
}

Strings sorted(Strings list) {
  std::sort(list.begin(), list.end());
  return list;
}

bool contains(const Strings& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

Strings starting_with(const Strings& options, const std::string& prefix) {
  Strings out;
  for (const std::string& o : options)
    if (o.rfind(prefix, 0) == 0) out.push_back(o);
  return out;
}

TileType tile(std::string_view id) {
  return *find_tile_type(id);
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

// The replay of `record` fails at its last action, which is refused as illegal there (not
// allowed now, not in this phase, or after the end).
void expect_illegal(const Record& record, const std::string& why) {
  SCOPED_TRACE(why);
  const Error error = replay_error(record);
  EXPECT_TRUE(error.code == ErrorCode::IllegalMove || error.code == ErrorCode::WrongPhase ||
              error.code == ErrorCode::GameOver)
      << error.message;
  EXPECT_FALSE(error.message.empty());
  const std::string last = "action " + std::to_string(record.actions.size() - 1);
  EXPECT_NE(error.message.find(last), std::string::npos) << error.message;
}

// The scorings of `category` that gave someone points.
std::vector<ScoreEvent> scorings(const std::vector<ScoreEvent>& events, ScoreCategory category) {
  std::vector<ScoreEvent> out;
  for (const ScoreEvent& e : events_of(events, category))
    if (e.winners != 0) out.push_back(e);
  return out;
}

// ============================================================================================
// The hole: six tiles round the square 0,1 below D
// ============================================================================================
//
//          x=-1       x=0        x=1
//  y=0     U r90 ==== D ======== U r90
//  y=1     B          (hole)     B
//  y=2                B          B
//
// Red U r90 at -1,0; Blue U r90 at 1,0; Red B at -1,1; Blue B at 1,1; Red B at 1,2; Blue B at
// 0,2: only now has 0,1 a tile on each of its four sides (D's south field above it). No other
// square has four neighbours (-1,2: only -1,1 and 0,2).
const Strings kHoleDeck = {"U", "U", "B", "B", "B", "B"};
const Strings kHole = {"place -1,0 r90", "skip", "place 1,0 r90", "skip", "place -1,1 r0", "skip",
                       "place 1,1 r0",   "skip", "place 1,2 r0",  "skip", "place 0,2 r0",  "skip"};

// ============================================================================================
// Tiles and pieces: AM-1, AM-2
// ============================================================================================

// AM-1: 12 tiles (AM-B..AM-M) join the 71 of the base game's draw pile: 83 in deck or hand. The
// abbeys (AM-A) are never in the deck: a deck naming one is refused.
TEST(AmScenarioTiles, Am01TwelveTilesInTheFullDeckAndTheAbbeyInHand) {
  for (const auto& [expansions, total] :
       std::vector<std::pair<std::string, int>>{{R"(["am"])", 83}, {R"([])", 71}}) {
    SCOPED_TRACE(expansions);
    const std::string text = std::string(R"({"players":["Red","Blue"],"expansions":)") +
                             expansions + R"(,"rules":{},"start":"D","seed":11,"actions":[]})";
    auto record = parse_record(text);
    ASSERT_TRUE(record.ok()) << record.error().message;
    auto state = play(*record);
    ASSERT_TRUE(state);
    const int in_hand = state->tile_in_hand() == kNoTile ? 0 : 1;
    EXPECT_EQ(state->tiles_left_in_deck() + in_hand, total);
  }
  auto with_abbey = parse_record(
      R"({"players":["Red","Blue"],"expansions":["am"],"deck":["AM-A","E"],"actions":[]})");
  if (with_abbey.ok()) {
    EXPECT_FALSE(replay(*with_abbey).ok()) << "AM-A in the deck was accepted";
  } else {
    EXPECT_NE(with_abbey.error().message.find("AM-A"), std::string::npos)
        << with_abbey.error().message;
  }
  // AM tiles need the expansion.
  auto without = parse_record(R"({"players":["Red","Blue"],"deck":["AM-H"],"actions":[]})");
  EXPECT_TRUE(!without.ok() || !replay(*without).ok());
}

// AM-1, TS-2, AM-25: each player has one mayor, one wagon and one barn besides 7 followers, and
// the figure step takes exactly one figure. Red's E r180 at 0,-1 closes D's city: the follower,
// mayor and wagon on the city, the follower on the field (E's field NNW), skip; no barn (no corner
// of 0,-1 has four tiles) and no wagon on the field. Red's wagon scores the city and goes home;
// Blue's U r90 at 1,0 then offers Blue's own wagon on D's road, followers on the road and both
// fields (the north one joins D's strip), and no barn (the corners miss tiles).
TEST(AmScenarioTiles, Am01EachPlayerHasAMayorAWagonAndABarn) {
  auto state = play_am({"E", "U", "B"}, {"place 0,-1 r180"});
  ASSERT_TRUE(state);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Follower), 7);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Mayor), 1);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Wagon), 1);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Barn), 1);
  EXPECT_EQ(state->figures_in_supply(kBlue, FigureKind::Mayor), 1);
  EXPECT_EQ(state->figures_in_supply(kBlue, FigureKind::Wagon), 1);
  EXPECT_EQ(state->figures_in_supply(kBlue, FigureKind::Barn), 1);
  EXPECT_EQ(follower_options(*state),
            sorted({"mayor S", "meeple NNW", "meeple S", "skip", "wagon S"}));
  // Blue's U r90 at 1,0 (D's road, both fields free): road and fields, the wagon on the road.
  auto blue = play_am({"E", "U", "B"}, {"place 0,-1 r180", "wagon S", "place 1,0 r90"});
  ASSERT_TRUE(blue);
  EXPECT_EQ(follower_options(*blue),
            sorted({"meeple E", "meeple ESE", "meeple NNW", "skip", "wagon E"}));
}

// AM-2: AM-E's pennant city and its city band are two cities. AM-E r180 at 0,-1 turns the
// pennant city south onto D's cap: D's cap and AM-E's narrow city close into a city of 2 tiles
// and 1 pennant (6 points), while the band (still W-E) stays open. Options: the narrow city (S)
// and the band (E) for the follower, the mayor and the wagon; the strip (now north, NNW) and the
// enclosed field (inner) for the follower; skip. Red's follower on the narrow city scores 6.
TEST(AmScenarioTiles, Am02AmESeparateCities) {
  auto state = play_am({"AM-E", "U"}, {"place 0,-1 r180"});
  ASSERT_TRUE(state);
  // AM-E r180: city S (pennant), city E-W, field NNW NNE (the strip, now north), inner field.
  EXPECT_EQ(follower_options(*state),
            sorted({"mayor E", "mayor S", "meeple E", "meeple NNW", "meeple S", "meeple inner",
                    "skip", "wagon E", "wagon S"}));
  auto scored = play_am({"AM-E", "U"}, {"place 0,-1 r180", "meeple S"});
  ASSERT_TRUE(scored);
  EXPECT_EQ(points_of(*scored, kRed), (Points{0, 6, 0, 0, 0, 0}));
  EXPECT_EQ(scored->followers_in_supply(kRed), 7);
}

// AM-2: AM-L's road runs under the city (one road N-S, one city W-E). AM-L r90 at 1,0: the road
// W-E continues D's road, the city runs N-S. Red's follower on the road: then Blue's U r90 at 2,0
// continues the same road: the road is occupied, Blue may not join it.
TEST(AmScenarioTiles, Am02AmLTunnelRoadIsOneRoad) {
  auto state = play_am({"AM-L", "U"}, {"place 1,0 r90", "meeple E", "place 2,0 r90"});
  ASSERT_TRUE(state);
  const Strings options = follower_options(*state);
  EXPECT_FALSE(contains(options, "meeple E"));
  EXPECT_FALSE(contains(options, "wagon E"));
}

// AM-2: AM-M's three arms are one road (no junction). AM-M r0 at 1,0: its W arm continues D's
// road; one road segment (named N), fields NW (NNW, joining D's strip), E (NNE) and SW (SSW,
// joining D's south field).
TEST(AmScenarioTiles, Am02AmMOneRoadInThreeDirections) {
  auto state = play_am({"AM-M", "U"}, {"place 1,0 r0"});
  ASSERT_TRUE(state);
  EXPECT_EQ(starting_with(follower_options(*state), "meeple"),
            sorted({"meeple N", "meeple NNE", "meeple NNW", "meeple SSW"}));
  // Red's follower on the W arm; Blue's U r0 at 1,-1 continues the N arm: the same road.
  auto blue = play_am({"AM-M", "U"}, {"place 1,0 r0", "meeple W", "place 1,-1 r0"});
  ASSERT_TRUE(blue);
  EXPECT_FALSE(contains(follower_options(*blue), "meeple N"));
}

// AM-2: AM-H's road ends at the farmhouse. AM-H r90 at 1,0 ends D's road east (Red's follower
// on it); Blue's A r270 at -1,0 ends it west at its cloister: 3 tiles, Red 3.
TEST(AmScenarioTiles, Am02AmHRoadEndsInTheField) {
  auto state =
      play_am({"AM-H", "A", "U"}, {"place 1,0 r90", "meeple W", "place -1,0 r270", "skip"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{3, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
}

// AM-2: on AM-K the road touches the city: 3 fields. AM-K r0 at 1,0 (cap N, road W to S): the
// cap (N), the road (S), the field along the cap and the east (ENE), the small field north-west
// between wall and road (WNW, joining D's strip), the field inside the bend (SSW, D's south).
TEST(AmScenarioTiles, Am02AmKRoadTouchesTheCityThreeFields) {
  auto state = play_am({"AM-K", "U"}, {"place 1,0 r0"});
  ASSERT_TRUE(state);
  EXPECT_EQ(starting_with(follower_options(*state), "meeple"),
            sorted({"meeple ENE", "meeple N", "meeple S", "meeple SSW", "meeple WNW"}));
}

// ============================================================================================
// Abbey: AM-3..AM-9
// ============================================================================================

// AM-3, AM-9: once the hole exists, Red's turn opens with the abbey decision, before any draw:
// the options are "abbey 0,1" and "draw", and no tile is in hand. After "draw" Red holds the
// next tile (B) and places it. Blue, also holding an abbey, is asked too. Before the hole (Blue's
// sixth placement) nothing is asked: the tile is drawn at once.
TEST(AmScenarioAbbey, Am03AbbeyDecisionComesBeforeTheDraw) {
  const Strings deck = with(kHoleDeck, {"B", "B", "B"});
  auto before = play_am(deck, first(kHole, 10));
  ASSERT_TRUE(before);
  EXPECT_EQ(before->current_player(), kBlue);
  EXPECT_EQ(before->tile_in_hand(), tile("B"));
  EXPECT_FALSE(contains(legal_options(*before), "draw"));
  EXPECT_TRUE(starting_with(legal_options(*before), "abbey").empty());

  auto asked = play_am(deck, kHole);
  ASSERT_TRUE(asked);
  EXPECT_EQ(asked->current_player(), kRed);
  EXPECT_EQ(asked->tile_in_hand(), kNoTile);
  EXPECT_EQ(legal_options(*asked), sorted({"abbey 0,1", "draw"}));

  auto drawn = play_am(deck, with(kHole, {"draw"}));
  ASSERT_TRUE(drawn);
  EXPECT_EQ(drawn->tile_in_hand(), tile("B"));
  EXPECT_TRUE(contains(legal_options(*drawn), "place -1,2 r0"));

  auto blue = play_am(deck, with(kHole, {"draw", "place -1,2 r0", "skip"}));
  ASSERT_TRUE(blue);
  EXPECT_EQ(blue->current_player(), kBlue);
  EXPECT_EQ(legal_options(*blue), sorted({"abbey 0,1", "draw"}));
}

// AM-4: only into an empty square with tiles on all four sides. In Red's abbey decision -1,2 (2
// sides), 2,1 (1 side), 0,0 (occupied) and 5,5 (nowhere) are refused; before the hole is closed
// (Blue's sixth placement: 0,1 has 3 sides) "abbey 0,1" is refused too.
TEST(AmScenarioAbbey, Am04AbbeyOnlyIntoASquareClosedOnAllFourSides) {
  const Strings deck = with(kHoleDeck, {"B", "B"});
  for (const char* bad : {"abbey -1,2", "abbey 2,1", "abbey 0,0", "abbey 5,5", "abbey 0,3"})
    expect_illegal(am(deck, with(kHole, {bad})), bad);
  expect_illegal(am(deck, with(first(kHole, 10), {"abbey 0,1"})), "3 sides");
  expect_illegal(am(deck, with(first(kHole, 10), {"draw"})), "no draw decision without a hole");
  // A diagonal does not count: after "draw" and B at -1,2 nothing else became a hole.
  auto state = play_am(deck, with(kHole, {"draw", "place -1,2 r0", "skip"}));
  ASSERT_TRUE(state);
  EXPECT_EQ(starting_with(legal_options(*state), "abbey"), (Strings{"abbey 0,1"}));
}

// AM-5, AM-8, Y-16: the abbey is a cloister; a monk on it scores as in a cloister. Red draws and
// places B at -1,2 (the abbey square's last missing neighbour); Blue plays the abbey at 0,1. The
// figure step on the abbey: follower or wagon on the cloister (a wagon may go on an abbey),
// skip; no mayor (no city) and no barn (the abbey has no field at its corners). With the monk
// the abbey is complete at once: itself and its 8 neighbours -1,0 0,0 1,0 -1,1 1,1 -1,2 0,2
// 1,2 = 9 points. Red's turn follows: no hole is left, so Red draws without a decision.
TEST(AmScenarioAbbey, Am05MonkOnTheAbbeyScoresAsACloister) {
  const Strings deck = with(kHoleDeck, {"B", "B", "B"});
  const Strings turns = with(kHole, {"draw", "place -1,2 r0", "skip", "abbey 0,1"});
  auto placed = play_am(deck, turns);
  ASSERT_TRUE(placed);
  EXPECT_EQ(placed->current_player(), kBlue);
  EXPECT_EQ(follower_options(*placed), sorted({"meeple cloister", "skip", "wagon cloister"}));

  auto state = play_am(deck, with(turns, {"meeple cloister"}));
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 0, 9, 0, 0, 0}));
  EXPECT_EQ(state->score(kBlue), 9);
  EXPECT_EQ(state->score(kRed), 0);
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
  EXPECT_EQ(state->current_player(), kRed);
  EXPECT_EQ(state->tile_in_hand(), tile("B"));  // drawn without an abbey decision
  EXPECT_FALSE(contains(legal_options(*state), "draw"));

  // A wagon deployed on the completed abbey scores 9 as well (the wagon has strength 1); it has
  // nowhere to go (the abbey closes nothing but fields here) and goes home silently.
  auto wagon = play_am(deck, with(turns, {"wagon cloister"}));
  ASSERT_TRUE(wagon);
  EXPECT_EQ(points_of(*wagon, kBlue), (Points{0, 0, 9, 0, 0, 0}));
  EXPECT_EQ(wagon->figures_in_supply(kBlue, FigureKind::Wagon), 1);
  EXPECT_EQ(wagon->current_player(), kRed);
}

// AM-6, AM-7: the deck ends with Blue's sixth tile; both players still hold their abbeys and the
// hole 0,1 exists: the abbey round, from the left of Blue (the last placer): Red, then Blue,
// each once, with "abbey 0,1" or "pass". Red passes; Blue plays the abbey with a monk; the game
// ends. The abbey is incomplete (its neighbour -1,2 is missing): at the end 1 + 7 = 8 points.
TEST(AmScenarioAbbey, Am06AbbeyRoundAfterTheLastTile) {
  auto round = play_am(kHoleDeck, kHole);
  ASSERT_TRUE(round);
  EXPECT_FALSE(round->over());
  EXPECT_EQ(round->current_player(), kRed);
  EXPECT_EQ(legal_options(*round), sorted({"abbey 0,1", "pass"}));

  auto blue = play_am(kHoleDeck, with(kHole, {"pass"}));
  ASSERT_TRUE(blue);
  EXPECT_FALSE(blue->over());
  EXPECT_EQ(blue->current_player(), kBlue);
  EXPECT_EQ(legal_options(*blue), sorted({"abbey 0,1", "pass"}));

  auto abbey = play_am(kHoleDeck, with(kHole, {"pass", "abbey 0,1"}));
  ASSERT_TRUE(abbey);
  EXPECT_EQ(follower_options(*abbey), sorted({"meeple cloister", "skip", "wagon cloister"}));

  auto state = play_am(kHoleDeck, with(kHole, {"pass", "abbey 0,1", "meeple cloister"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 0, 8, 0, 0, 0}));
  EXPECT_EQ(state->score(kRed), 0);
}

// AM-7: one chance each. Red plays the abbey in the round: no hole is left, so Blue is not asked
// and the game ends. Both pass: the game ends (Red is not asked again).
TEST(AmScenarioAbbey, Am07OneChanceEachInTheAbbeyRound) {
  auto red = play_am(kHoleDeck, with(kHole, {"abbey 0,1", "skip"}));
  ASSERT_TRUE(red);
  EXPECT_TRUE(red->over());
  auto both = play_am(kHoleDeck, with(kHole, {"pass", "pass"}));
  ASSERT_TRUE(both);
  EXPECT_TRUE(both->over());
  expect_illegal(am(kHoleDeck, with(kHole, {"pass", "pass", "pass"})), "after the round");
  // In the round "draw" is not an option: there is nothing to draw.
  expect_illegal(am(kHoleDeck, with(kHole, {"draw"})), "draw in the abbey round");
}

// AM-6, AM-7 (the last placer comes last): three players; seven tiles. The hole appears with
// Cid's sixth tile; Ann (turn 7) is asked first, draws and places B at -1,2: she placed the last
// land tile, so the round goes Bob, Cid, Ann.
TEST(AmScenarioAbbey, Am07AbbeyRoundStartsLeftOfTheLastPlacer) {
  const Strings deck = with(kHoleDeck, {"B"});
  const Strings turns = with(kHole, {"draw", "place -1,2 r0", "skip"});
  auto bob = play(am(deck, turns, {"am"}, {}, kThree));
  ASSERT_TRUE(bob);
  EXPECT_EQ(bob->current_player(), 1);
  EXPECT_EQ(legal_options(*bob), sorted({"abbey 0,1", "pass"}));
  auto cid = play(am(deck, with(turns, {"pass"}), {"am"}, {}, kThree));
  ASSERT_TRUE(cid);
  EXPECT_EQ(cid->current_player(), 2);
  auto ann = play(am(deck, with(turns, {"pass", "pass"}), {"am"}, {}, kThree));
  ASSERT_TRUE(ann);
  EXPECT_EQ(ann->current_player(), 0);
  EXPECT_EQ(legal_options(*ann), sorted({"abbey 0,1", "pass"}));
  // Ann fills the hole; with her monk the abbey has all 8 neighbours: 9 points.
  auto over = play(
      am(deck, with(turns, {"pass", "pass", "abbey 0,1", "meeple cloister"}), {"am"}, {}, kThree));
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->over());
  EXPECT_EQ(over->score_in(0, ScoreCategory::Cloister), 9);
  EXPECT_EQ(over->score(1), 0);
  EXPECT_EQ(over->score(2), 0);
}

// AM-3, TS-2: the figure step after "abbey" takes exactly one figure action, and on the abbey
// the only location is the cloister: Red's abbey in the round with a monk ends the game (no hole
// is left for Blue), so a further "skip" is refused; "meeple N" and the mayor are refused.
TEST(AmScenarioAbbey, Am03AbbeyTurnTakesOneFigureAction) {
  expect_illegal(am(kHoleDeck, with(kHole, {"abbey 0,1", "meeple cloister", "skip"})),
                 "second figure action");
  expect_illegal(am(kHoleDeck, with(kHole, {"abbey 0,1", "meeple N"})), "no N on an abbey");
  expect_illegal(am(kHoleDeck, with(kHole, {"abbey 0,1", "mayor cloister"})), "mayor: city only");
}

// EX-AM4, AM-8 (L770-778): Blue's abbey completes the road from the left with Red's follower;
// the city below the abbey and the road to its right stay unfinished.
//
//          x=-2       x=-1       x=0         x=1
//  y=0                U r90 ==== D ========= U r90
//  y=1     A r270 === U r90 ==>  (ABBEY)  <= U r90 ====
//                     Red                 (open east)
//  y=2                           G r90       B
//                                city N-S (open south)
//
// Red U -1,0; Blue U 1,0; Red U r90 -1,1 with a follower on its road; Blue A r270 -2,1 (its road
// E ends at its cloister); Red U r90 1,1; Blue B 1,2; Red G r90 0,2: the hole 0,1 is closed.
// Blue: "abbey 0,1", skip. The road A(-2,1)-U(-1,1) is closed by the abbey: 2 tiles, Red 2. G's
// city has its S side open; U(1,1)'s road its E side: neither scores.
const Strings kEx4Deck = {"U", "U", "U", "A", "U", "B", "G", "B"};
const Strings kEx4 = {"place -1,0 r90", "skip",     "place 1,0 r90",   "skip",
                      "place -1,1 r90", "meeple E", "place -2,1 r270", "skip",
                      "place 1,1 r90",  "skip",     "place 1,2 r0",    "skip",
                      "place 0,2 r90",  "skip"};

TEST(AmScenarioExample, ExAm4AbbeyCompletesTheRoadFromTheLeft) {
  auto asked = play_am(kEx4Deck, kEx4);
  ASSERT_TRUE(asked);
  EXPECT_EQ(asked->current_player(), kBlue);
  EXPECT_EQ(legal_options(*asked), sorted({"abbey 0,1", "draw"}));
  auto placed = play_am(kEx4Deck, with(kEx4, {"abbey 0,1"}));
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed), sorted({"meeple cloister", "skip", "wagon cloister"}));

  auto state = play_am(kEx4Deck, with(kEx4, {"abbey 0,1", "skip"}));
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{2, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->score(kBlue), 0);
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(state->current_player(), kRed);
  EXPECT_EQ(state->tile_in_hand(), tile("B"));

  // The city below and the road to the right are still open: Red's last tile, B, may not close
  // them, and at the end nothing else scores (no figures): Red 2, Blue 0.
  auto over = play_am(kEx4Deck, with(kEx4, {"abbey 0,1", "skip", "place -1,2 r0", "skip"}));
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->over());
  EXPECT_EQ(over->score(kRed), 2);
  EXPECT_EQ(over->score(kBlue), 0);
}

// AM-31, Y-16, AM-27: the abbey touches the roads it closes. EX-AM4 with Red's wagon instead of
// the follower on U(-1,1): Blue's abbey closes the road (Red 2) and Red's wagon may roll on to
// the cloister of A at -2,1 (the road ends there) or onto the abbey (which closed the road; it
// holds no follower and is not complete: -1,2 is missing); nothing else touches that road. Red
// decides during Blue's turn part.
TEST(AmScenarioAbbey, Am31WagonRollsFromAClosedRoadOntoTheAbbey) {
  Strings turns = kEx4;
  turns[5] = "wagon E";
  auto state = play_am(kEx4Deck, with(turns, {"abbey 0,1", "skip"}));
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{2, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kRed);
  EXPECT_EQ(state->turn_player(), kBlue);
  EXPECT_EQ(legal_options(*state), sorted({"move -2,1 cloister", "move 0,1 cloister", "pass"}));
  auto moved = play_am(kEx4Deck, with(turns, {"abbey 0,1", "skip", "move 0,1 cloister"}));
  ASSERT_TRUE(moved);
  EXPECT_TRUE(figure_at(*moved, kRed, FigureKind::Wagon, 0, 1, "cloister"));
  // A monk of Blue on the abbey blocks it: only the cloister of A remains.
  auto blocked = play_am(kEx4Deck, with(turns, {"abbey 0,1", "meeple cloister"}));
  ASSERT_TRUE(blocked);
  EXPECT_EQ(legal_options(*blocked), sorted({"move -2,1 cloister", "pass"}));
}

// ============================================================================================
// Mayor: AM-10, AM-11, EX-AM1, Y-9, Y-24
// ============================================================================================

// EX-AM1, AM-11 (L749-752): a mayor in a city with 3 pennants has strength 3 and beats Red's two
// knights; Blue alone takes 18 (6 tiles + 3 pennants = 9, times 2).
//
//          x=0          x=1         x=2         x=3
//  y=-2    M r90 ====== F r0 ====== G r0 ====== E r270
//          (E+S, pen.)  Blue mayor              Red knight (cap W)
//  y=-1    F r90        B           B           B
//          Red knight
//  y=0     D (cap N)
//
// Red F r90 0,-1 + knight (city D+F, open N); Blue B 1,-1; Red B 2,-1; Blue B 3,-1; Red E r270
// 3,-2 + knight (cap W, open); Blue F r0 1,-2 + mayor (open both ends); Red G r0 2,-2 joins the
// mayor's city and Red's cap; Blue M r90 0,-2 joins both cities and closes them: tiles D, F, M,
// F, G, E = 6, pennants F, M, F = 3: 18. Red's strength 2, Blue's mayor 3: Blue alone.
const Strings kEx1Deck = {"F", "B", "B", "B", "E", "F", "G", "M"};
const Strings kEx1 = {"place 0,-1 r90",  "meeple N", "place 1,-1 r0",  "skip",
                      "place 2,-1 r0",   "skip",     "place 3,-1 r0",  "skip",
                      "place 3,-2 r270", "meeple W", "place 1,-2 r0",  "mayor E",
                      "place 2,-2 r0",   "skip",     "place 0,-2 r90", "skip"};

TEST(AmScenarioExample, ExAm1MayorWithThreePennantsBeatsTwoKnights) {
  auto mayor_step = play_am(kEx1Deck, first(kEx1, 11));
  ASSERT_TRUE(mayor_step);
  // F r0 at 1,-2: an empty city and two free field strips; the mayor on the city.
  EXPECT_EQ(follower_options(*mayor_step),
            sorted({"mayor E", "meeple E", "meeple NNW", "meeple SSE", "skip", "wagon E"}));
  auto state = play_am(kEx1Deck, kEx1);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 18, 0, 0, 0, 0}));
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(state->figures_in_supply(kBlue, FigureKind::Mayor), 1);  // home after the scoring
}

// Y-9: a large follower counts 2 against the mayor. EX-AM1 with Red's first knight large (and
// "ic"): Red 2 + 1 = 3 against the mayor's 3: both score 18.
TEST(AmScenarioMayor, Y09LargeFollowerTwoAgainstTheMayor) {
  Strings turns = kEx1;
  turns[1] = "large N";
  auto state = play_am(kEx1Deck, turns, {"am", "ic"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 18, 0, 0, 0, 0}));
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 18, 0, 0, 0, 0}));
  // Without Red's second knight: the large follower alone (2) loses to the mayor (3).
  turns[9] = "skip";
  auto alone = play_am(kEx1Deck, turns, {"am", "ic"});
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->score(kRed), 0);
  EXPECT_EQ(alone->score(kBlue), 18);
}

// AM-11, Y-24: a mayor in a city without pennants counts 0: nobody scores it. Red's E r180 at
// 0,-1 closes D's city (2 tiles, no pennant: worth 4). With Red's mayor: strength 0, no winner,
// Red 0 and the mayor goes home. With a follower instead: Red 4.
TEST(AmScenarioMayor, Am11MayorWithoutPennantsScoresNothing) {
  auto mayor = play_am({"E", "U"}, {"place 0,-1 r180", "mayor S"});
  ASSERT_TRUE(mayor);
  EXPECT_EQ(mayor->score(kRed), 0);
  EXPECT_EQ(mayor->figures_in_supply(kRed, FigureKind::Mayor), 1);
  EXPECT_EQ(on_board(*mayor, kRed, FigureKind::Mayor), 0);
  auto meeple = play_am({"E", "U"}, {"place 0,-1 r180", "meeple S"});
  ASSERT_TRUE(meeple);
  EXPECT_EQ(points_of(*meeple, kRed), (Points{0, 4, 0, 0, 0, 0}));
}

// AM-10: the mayor goes only on a city, and only on one without knights. Red's F r90 at 0,-1
// with a knight (city D+F open north); Blue's E r180 at 0,-2 closes it: Blue may not put the
// mayor (nor a follower) on the occupied city; only the field and skip remain. Also the mayor is
// never on a road, a field or a cloister.
TEST(AmScenarioMayor, Am10MayorOnlyInACityWithoutKnights) {
  const Strings deck = {"F", "E", "U"};
  auto state = play_am(deck, {"place 0,-1 r90", "meeple N", "place 0,-2 r180"});
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state), sorted({"meeple NNW", "skip"}));
  expect_illegal(am(deck, {"place 0,-1 r90", "meeple N", "place 0,-2 r180", "mayor S"}),
                 "mayor in an occupied city");
  expect_illegal(am({"U", "E"}, {"place 1,0 r90", "mayor E"}), "mayor on a road");
  expect_illegal(am({"U", "E"}, {"place 1,0 r90", "mayor NNW"}), "mayor on a field");
  expect_illegal(am({"B", "E"}, {"place 0,1 r0", "mayor cloister"}), "mayor on a cloister");
  // The closed city scores for Red (3 tiles, 1 pennant: 8); the knight comes home.
  auto scored = play_am(deck, {"place 0,-1 r90", "meeple N", "place 0,-2 r180", "skip"});
  ASSERT_TRUE(scored);
  EXPECT_EQ(points_of(*scored, kRed), (Points{0, 8, 0, 0, 0, 0}));
}

// AM-11, AM-10: a mayor's strength is the pennants of its city, and each player has one. Red F
// r90 0,-1 + mayor (city D+F, 1 pennant, open north); Blue U r90 1,0, skip; Red E r180 0,-2
// closes the city: no mayor is offered (Red's is out, and the city is occupied); the city of 3
// tiles and 1 pennant is worth 8, the mayor has strength 1: Red 8, and the mayor comes home.
TEST(AmScenarioMayor, Am11MayorStrengthIsThePennantsOfItsCity) {
  const Strings deck = {"F", "U", "E", "U"};
  auto state = play_am(deck, {"place 0,-1 r90", "mayor N", "place 1,0 r90", "skip"});
  ASSERT_TRUE(state);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Mayor), 0);
  EXPECT_TRUE(figure_at(*state, kRed, FigureKind::Mayor, 0, -1, "N"));
  // Red's E r180 at 0,-2: no mayor left to deploy, the city is occupied anyway.
  auto closing =
      play_am(deck, {"place 0,-1 r90", "mayor N", "place 1,0 r90", "skip", "place 0,-2 r180"});
  ASSERT_TRUE(closing);
  EXPECT_TRUE(starting_with(follower_options(*closing), "mayor").empty());
  auto scored = play_am(
      deck, {"place 0,-1 r90", "mayor N", "place 1,0 r90", "skip", "place 0,-2 r180", "skip"});
  ASSERT_TRUE(scored);
  EXPECT_EQ(points_of(*scored, kRed), (Points{0, 8, 0, 0, 0, 0}));
  EXPECT_EQ(scored->figures_in_supply(kRed, FigureKind::Mayor), 1);
}

// ============================================================================================
// Barn: AM-12..AM-24, EX-AM2, EX-AM3, EX-AM5, Y-7
// ============================================================================================

// EX-AM2, AM-12 (L754-758), left picture: a barn at a junction of four tiles with only field
// there. Red U r90 1,0; Blue B 0,1; Red B 1,1: its NW corner is where D (SE: ESE, SSE of its
// south field), U (SW: SSW, WSW of its south field), B 0,1 (NE) and B 1,1 (NW) meet: "barn NW".
// Its other corners miss tiles. The farm holds no farmer: the follower may go there too.
TEST(AmScenarioExample, ExAm2BarnAtAnAllFieldJunction) {
  auto state = play_am({"U", "B", "B", "E"},
                       {"place 1,0 r90", "skip", "place 0,1 r0", "skip", "place 1,1 r0"});
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state),
            sorted({"barn NW", "meeple NNW", "meeple cloister", "skip", "wagon cloister"}));
  auto barn = play_am({"U", "B", "B", "E"},
                      {"place 1,0 r90", "skip", "place 0,1 r0", "skip", "place 1,1 r0", "barn NW"});
  ASSERT_TRUE(barn);
  EXPECT_EQ(on_board(*barn, kRed, FigureKind::Barn), 1);
  EXPECT_EQ(barn->figures_in_supply(kRed, FigureKind::Barn), 0);
  EXPECT_EQ(barn->score(kRed), 0);  // no completed city next to the farm
  for (const char* bad : {"barn NE", "barn SE", "barn SW"})
    expect_illegal(am({"U", "B", "B", "E"},
                      {"place 1,0 r90", "skip", "place 0,1 r0", "skip", "place 1,1 r0", bad}),
                   bad);
}

// EX-AM2, right picture: two tiles bring city to the junction. Red U r90 1,0; Blue E r180 0,-1
// (closes D's city; nobody scores); Red B 1,-1: its SW corner is D's NE (NNE is city) and E's SE
// (SSE is city): no barn anywhere.
TEST(AmScenarioExample, ExAm2NoBarnWhereCitiesTouchTheJunction) {
  const Strings deck = {"U", "E", "B", "B"};
  const Strings turns = {"place 1,0 r90", "skip", "place 0,-1 r180", "skip", "place 1,-1 r0"};
  auto state = play_am(deck, turns);
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state),
            sorted({"meeple NNW", "meeple cloister", "skip", "wagon cloister"}));
  expect_illegal(am(deck, with(turns, {"barn SW"})), "barn SW");
}

// AM-14: corners where one tile has two different fields are never barn corners. Red U r90
// 1,0; Blue puts X at 0,1 (a field on its N side against D's south field); Red's last tile at
// 1,1: its NW corner meets X's NE corner (X's SE corner turned there by r270).
//   BCB-I r0: NE has NNE (field NNW NNE) and ENE (field ENE); 1,1 is V r0 (its W road meets
//     BCB-I's E road; V's NW corner: NNW, WNW of its large field)
//   IC-G r0: NE has NNE (the north strip) and ENE (the east and south field); 1,1 is B
//   TB-I r270: SE has ESE (east strip) and SSE (the field between road and wall); its road now
//     leaves east: 1,1 is V r0
//   PD-E r270: SE has ESE (east strip) and SSE (south field); 1,1 is B
//   AM-I r0: NE has NNE (strip N) and ENE (strip E); 1,1 is B
//   AM-I r270: SE has ESE (strip E) and SSE (strip S); 1,1 is B
// (TB-O and TB-W, SE likewise, need another layout: the next test.)
// Each time no barn is offered (the other corners of 1,1 miss tiles) and "barn NW" is refused.
TEST(AmScenarioBarn, Am14CornersBetweenTwoFieldsOfOneTileAreNoBarnCorners) {
  struct Case {
    const char* tile;
    const char* rotation;
    const char* last;
    Strings expansions;
  };
  const std::vector<Case> cases = {
      {"BCB-I", "r0", "V", {"am", "bcb"}}, {"IC-G", "r0", "B", {"am", "ic"}},
      {"TB-I", "r270", "V", {"am", "tb"}}, {"PD-E", "r270", "B", {"am", "pd"}},
      {"AM-I", "r0", "B", {"am"}},         {"AM-I", "r270", "B", {"am"}}};
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.tile) + " " + c.rotation);
    const Strings deck = {"U", c.tile, c.last, "E"};
    const Strings turns = {"place 1,0 r90", "skip", std::string("place 0,1 ") + c.rotation, "skip",
                           "place 1,1 r0"};
    auto state = play_am(deck, turns, c.expansions);
    ASSERT_TRUE(state);
    EXPECT_TRUE(starting_with(follower_options(*state), "barn").empty());
    expect_illegal(am(deck, with(turns, {"barn NW"}), c.expansions), "barn NW");
  }
}

// AM-14, TB-O and TB-W: their SE corner has two fields (ESE; and SSE, or SSE SSW). Red puts the
// tile r0 at -1,0 (its east road meets D's west road); Blue V r180 at -1,1 (road N meets TB-O's
// south road, or for TB-W road E and S: V r270, its north field against TB-W's south field);
// Red's last tile V r0 at 0,1 (north field against D's south field, west road against the road
// at -1,1). The junction at 0,1's NW corner: D's SW corner (the field south of its road), the
// V at -1,1 (its NE corner in one field) and V r0's NW corner (its large field) all qualify; the
// tile at -1,0 does not, so no barn is offered and "barn NW" is refused.
TEST(AmScenarioBarn, Am14TradersTilesWithTwoFieldsAtTheirSouthEastCornerAreNoBarnCorners) {
  struct Case {
    const char* tile;
    const char* below;  // the V at -1,1
  };
  for (const Case& c : {Case{"TB-O", "place -1,1 r180"}, Case{"TB-W", "place -1,1 r270"}}) {
    SCOPED_TRACE(c.tile);
    const Strings deck = {c.tile, "V", "V", "E"};
    const Strings turns = {"place -1,0 r0", "skip", c.below, "skip", "place 0,1 r0"};
    auto state = play_am(deck, turns, {"am", "tb"});
    ASSERT_TRUE(state);
    EXPECT_TRUE(starting_with(follower_options(*state), "barn").empty());
    expect_illegal(am(deck, with(turns, {"barn NW"}), {"am", "tb"}), "barn NW");
  }
  // The control: V r270 at -1,0 instead (roads E and S, its SE corner one small field), and the
  // same junction is a barn corner.
  const Strings control = {"place -1,0 r270", "skip", "place -1,1 r180", "skip", "place 0,1 r0"};
  auto state = play_am({"V", "V", "V", "E"}, control, {"am"});
  ASSERT_TRUE(state);
  EXPECT_EQ(starting_with(follower_options(*state), "barn"), Strings{"barn NW"});
}

// EX-AM3, AM-13, AM-15, AM-16 (L760-768): Blue places the barn; Red (in the picture: Yellow),
// with the farmer majority, scores 3 for each of 2 completed cities and takes the farmer back.
//
//          x=-1       x=0          x=1          x=2
//  y=0     U r90 ==== D =========  U r90 (BARN at its SW corner)
//          Red farmer N
//  y=1                E r180       E r90 ]=[ E r270      city B (closed)
//                     Red farmer   (cap E)   (cap W)
//  y=2                E r0 (city A closed with E r180)
//
// Red E r180 0,1 + farmer (farm F: D's south field and E's field); Blue E r0 0,2 closes city A
// (nobody); Red E r90 1,1 (its field joins F); Blue E r270 2,1 closes city B (nobody); Red U r90
// -1,0 + farmer on the north farm (D's strip); Blue U r90 1,0: its SW corner joins D (SE), E
// r180 (NE), E r90 (NW) and U (SW), all field: "barn SW". Farm F borders city A (via E r180's
// field) and city B (via E r90's field): Red scores 2 x 3 = 6 (farm), the farmer goes home; the
// north farmer is on another farm (the road separates them) and stays.
const Strings kEx3Deck = {"E", "E", "E", "E", "U", "U", "A"};
const Strings kEx3 = {"place 0,1 r180", "meeple NNW", "place 0,2 r0",   "skip",
                      "place 1,1 r90",  "skip",       "place 2,1 r270", "skip",
                      "place -1,0 r90", "meeple NNW", "place 1,0 r90",  "barn SW"};

TEST(AmScenarioExample, ExAm3BarnScoresTheFarmForTheFarmers) {
  auto step = play_am(kEx3Deck, first(kEx3, 11));
  ASSERT_TRUE(step);
  // U r90 at 1,0: its road (D's) is free; both its fields hold Red's farmers.
  EXPECT_EQ(follower_options(*step), sorted({"barn SW", "meeple E", "skip", "wagon E"}));

  std::vector<ScoreEvent> events;
  auto state = play_logged(am(kEx3Deck, kEx3), events);
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 6, 0, 0}));
  EXPECT_EQ(state->score(kBlue), 0);
  EXPECT_EQ(state->followers_in_supply(kRed), 6);  // the north farmer is still out
  EXPECT_TRUE(figure_at(*state, kRed, FigureKind::Follower, -1, 0, "NNW"));
  EXPECT_FALSE(figure_at(*state, kRed, FigureKind::Follower, 0, 1, "NNW"));
  EXPECT_EQ(on_board(*state, kBlue, FigureKind::Barn), 1);
  const auto farms = scorings(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 1u);
  EXPECT_EQ(farms[0].points, 6);
  EXPECT_EQ(farms[0].cities, 2);
  EXPECT_EQ(farms[0].winners, bit(kRed));
  EXPECT_FALSE(farms[0].final_scoring);
}

// EX-AM5, AM-20, AM-18, AM-21: Red's A r90 at 2,0 ends D's road at its cloister; its one field
// joins the north farm (Red's farmer at -1,0) to the barn farm F (and E r270's field). Red may
// not put a farmer there (a barn farm): the options are the road, the cloister, skip. The joined
// farm holds a barn and a farmer: Red scores 1 per completed city (A and B: D's city is open) =
// 2, the farmer goes home. The deck is empty and no hole exists: the game ends; Blue's barn
// scores 4 per completed city of its farm: 8. Red 6 + 2 = 8 (farm), Blue 8 (farm).
TEST(AmScenarioExample, ExAm5JoiningABarnFarmScoresOnePerCity) {
  auto step = play_am(kEx3Deck, with(kEx3, {"place 2,0 r90"}));
  ASSERT_TRUE(step);
  EXPECT_EQ(follower_options(*step),
            sorted({"meeple W", "meeple cloister", "skip", "wagon W", "wagon cloister"}));
  expect_illegal(am(kEx3Deck, with(kEx3, {"place 2,0 r90", "meeple NNW"})), "farmer on barn farm");

  std::vector<ScoreEvent> events;
  auto state = play_logged(am(kEx3Deck, with(kEx3, {"place 2,0 r90", "skip"})), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 8, 0, 0}));
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 0, 0, 8, 0, 0}));
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  const auto farms = scorings(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 3u);
  EXPECT_EQ(farms[1].points, 2);
  EXPECT_EQ(farms[1].winners, bit(kRed));
  EXPECT_FALSE(farms[1].final_scoring);
  EXPECT_EQ(farms[2].points, 8);
  EXPECT_EQ(farms[2].winners, bit(kBlue));
  EXPECT_TRUE(farms[2].final_scoring);
}

// AM-19, AM-18: one barn per farm. After EX-AM3, Red's last tile A r0 at -1,1 (cloister, road S
// to its cloister, one field): its NE corner meets U r90 (-1,0; SE of its south field), D (SW),
// E r180 (0,1; NW of its field) and A (NE): all field, but that farm (F) holds Blue's barn: no
// barn, and no farmer on A's field (F). Options: the road and the cloister, skip. (A's other
// corners miss tiles; 0,2's E r0 brings its cap to SE.)
TEST(AmScenarioBarn, Am19OneBarnPerFarm) {
  auto state = play_am(kEx3Deck, with(kEx3, {"place -1,1 r0"}));
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state),
            sorted({"meeple S", "meeple cloister", "skip", "wagon S", "wagon cloister"}));
  expect_illegal(am(kEx3Deck, with(kEx3, {"place -1,1 r0", "barn NE"})), "second barn");
  expect_illegal(am(kEx3Deck, with(kEx3, {"place -1,1 r0", "meeple NNW"})), "farmer");
}

// AM-19, AM-21: joining two farms that each hold a barn is legal, and at the end every barn
// scores in full.
//
//          x=0         x=1         x=2         x=3
//  y=-1    E r180      B           B           Blue's barn at 2,-1's SW corner (north farm)
//  y=0     D ========= U r90 ===== U r90 ===== A r90 (road ends at its cloister)
//  y=1     B           B                       Red's barn at 1,1's NW corner (south farm)
//
// Red U r90 1,0; Blue B 0,1; Red B 1,1 + "barn NW" (D, U, B, B bring field); Blue U r90 2,0; Red
// B 1,-1; Blue B 2,-1 + "barn SW" (the north farm: U 1,0 NE, U 2,0 NW, B 1,-1 SE, B 2,-1 SW);
// Red's E r180 at 0,-1 closes D's city (nobody); Blue's A r90 at 3,0 ends the road: its one
// field joins both barn farms (legal; no farmer there: nothing scores now); no farmer on it.
// At the end both barns stand on the one farm, next to one completed city (D + E): 4 each.
TEST(AmScenarioBarn, Am19JoiningTwoBarnFarmsAndBothBarnsScore) {
  const Strings deck = {"U", "B", "B", "U", "B", "B", "E", "A"};
  const Strings turns = {"place 1,0 r90",   "skip",    "place 0,1 r0",  "skip",
                         "place 1,1 r0",    "barn NW", "place 2,0 r90", "skip",
                         "place 1,-1 r0",   "skip",    "place 2,-1 r0", "barn SW",
                         "place 0,-1 r180", "skip",    "place 3,0 r90"};
  auto join = play_am(deck, turns);
  ASSERT_TRUE(join);
  EXPECT_EQ(follower_options(*join),
            sorted({"meeple W", "meeple cloister", "skip", "wagon W", "wagon cloister"}));
  auto state = play_am(deck, with(turns, {"skip"}));
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 4, 0, 0}));
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 0, 0, 4, 0, 0}));
}

// AM-17, Y-7: with Traders & Builders a pig counts in the barn scoring. EX-AM3 with Red's pig on
// E r90's field at 1,1 (farm F holds Red's farmer): Blue's barn scores F for Red at 3 + 1 = 4
// per city: 8; the pig goes home with the farmer.
TEST(AmScenarioBarn, Y07PigCountsInTheBarnScoring) {
  Strings turns = kEx3;
  turns[5] = "pig NNW";
  auto state = play_am(kEx3Deck, turns, {"am", "tb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 8, 0, 0}));
  EXPECT_EQ(on_board(*state, kRed, FigureKind::Pig), 0);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Pig), 1);
}

// Y-14: the barn is no follower: the fairy is never put beside it. EX-AM2's barn (Red, at 1,1
// NW) with Princess & Dragon; Blue E r180 closes D's city; Red's E r0 at 1,-1: Red has no
// follower on the board, only the barn: no fairy option.
TEST(AmScenarioBarn, Y14NoFairyForTheBarn) {
  auto state = play_am({"U", "B", "B", "E", "E", "B"},
                       {"place 1,0 r90", "skip", "place 0,1 r0", "skip", "place 1,1 r0", "barn NW",
                        "place 0,-1 r180", "skip", "place 1,-1 r0"},
                       {"am", "pd"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(starting_with(follower_options(*state), "fairy").empty());
  EXPECT_EQ(on_board(*state, kRed, FigureKind::Barn), 1);
}

// AM-13, AM-21 (barns score in full at the end, the owner needs no farmer): EX-AM3 where Blue
// places the barn and the game ends at once (deck of 6): Red 6 at the placement; at the end Blue's
// barn 4 x 2 = 8; Red's north farmer (D's strip, next to D's open city only): 0.
TEST(AmScenarioBarn, Am21BarnScoresFourPerCityAtTheEnd) {
  auto state = play_am(first(kEx3Deck, 6), kEx3);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 6, 0, 0}));
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 0, 0, 8, 0, 0}));
}

// AM-24: the barn's farm scores after the features: a city completed by the barn's own tile
// counts.
//
//          x=0         x=1
//  y=0     D ========= U r90 (Red farmer, south field)
//  y=1     E r180      B           Red's barn at 0,1's NE corner
//  y=2     E r0        B
//
// Red U r90 1,0 + farmer on its south field (joins D's south field); Blue B 1,1; Red B 1,2; Blue
// E r0 0,2 (cap N, open; its field joins B 1,2's); Red E r180 0,1 closes the city 0,1-0,2 and
// brings field to the junction of D (SE), U (SW), B (NW) and itself (NE): "barn NE". Step 6:
// the city (nobody in it) scores first, then the barn's farm, now next to that completed city:
// Red's farmer, 3 x 1 = 3. The deck is empty: at the end Red's own barn: 4 x 1 = 4. Red 7.
TEST(AmScenarioBarn, Am24CityCompletedByTheBarnTileCounts) {
  const Strings deck = {"U", "B", "B", "E", "E"};
  const Strings turns = {"place 1,0 r90",  "meeple ESE", "place 1,1 r0", "skip",
                         "place 1,2 r0",   "skip",       "place 0,2 r0", "skip",
                         "place 0,1 r180", "barn NE"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(am(deck, turns), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 7, 0, 0}));
  EXPECT_EQ(state->score(kBlue), 0);
  const auto farms = scorings(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 2u);
  EXPECT_EQ(farms[0].points, 3);
  EXPECT_EQ(farms[0].cities, 1);
  EXPECT_FALSE(farms[0].final_scoring);
  EXPECT_EQ(farms[1].points, 4);
  EXPECT_TRUE(farms[1].final_scoring);
}

// ============================================================================================
// Wagon: AM-25..AM-31, EX-AM6..EX-AM8, Y-21
// ============================================================================================

// AM-25, AM-26, AM-27, Y-21: Red's E r180 closes D's city with the wagon on it: the wagon counts
// 1, Red 4; nothing touches that city (D's road passes by its gate-less cap): no move/pass is
// asked; the wagon goes home and Blue's turn begins. A wagon never goes on a field.
TEST(AmScenarioWagon, Am27WagonWithoutDestinationGoesHomeSilently) {
  auto state = play_am({"E", "U"}, {"place 0,-1 r180", "wagon S"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 4, 0, 0, 0, 0}));
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Wagon), 1);
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(state->phase(), Phase::PlaceTile);
  EXPECT_TRUE(starting_with(legal_options(*state), "move").empty());
  expect_illegal(am({"E", "U"}, {"place 0,-1 r180", "wagon NNW"}), "wagon on a field");
  expect_illegal(am({"E", "U"}, {"place 0,-1 r180", "wagon S", "pass"}), "pass with no choice");
}

// EX-AM6, AM-27 (L834-844): Blue 4 for a road; the wagon may go to the cloister at its end or to
// the road leaving the same crossing, not to the road with Red's follower.
//
//          x=-2      x=-1          x=0     x=1       x=2
//  y=0     (Red) <=  W r0 junction D ===== U r90 === A r90 (cloister)
//                    |  S road            Blue wagon
//
// Red W r0 -1,0 + follower on its W road; Blue U r90 1,0 + wagon; Red A r90 2,0: the road W(E)-D-
// U-A is closed (junction to cloister): 4 tiles, Blue 4. Blue's wagon: the cloister of A (2,0),
// the S road of the junction (-1,0 S); not Red's W road. Blue moves to the cloister; the game
// ends (3 tiles): the cloister has only U as neighbour: 2; Red's road (1 tile) 1.
const Strings kEx6Deck = {"W", "U", "A"};
const Strings kEx6 = {"place -1,0 r0", "meeple W",      "place 1,0 r90",
                      "wagon E",       "place 2,0 r90", "skip"};

TEST(AmScenarioExample, ExAm6WagonToTheCloisterOrTheRoadAtTheCrossing) {
  auto state = play_am(kEx6Deck, kEx6);
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{4, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(state->turn_player(), kRed);
  EXPECT_EQ(legal_options(*state), sorted({"move -1,0 S", "move 2,0 cloister", "pass"}));
  for (const char* bad : {"move -1,0 W", "move 0,0 E", "move 0,0 N", "move 1,0 NNW"})
    expect_illegal(am(kEx6Deck, with(kEx6, {bad})), bad);

  auto moved = play_am(kEx6Deck, with(kEx6, {"move 2,0 cloister"}));
  ASSERT_TRUE(moved);
  EXPECT_TRUE(moved->over());
  EXPECT_EQ(points_of(*moved, kBlue), (Points{4, 0, 2, 0, 0, 0}));
  EXPECT_EQ(points_of(*moved, kRed), (Points{1, 0, 0, 0, 0, 0}));

  auto passed = play_am(kEx6Deck, with(kEx6, {"pass"}));
  ASSERT_TRUE(passed);
  EXPECT_TRUE(passed->over());
  EXPECT_EQ(points_of(*passed, kBlue), (Points{4, 0, 0, 0, 0, 0}));
  EXPECT_EQ(passed->figures_in_supply(kBlue, FigureKind::Wagon), 1);
}

// AM-30: the moved wagon may stand on any tile of its new feature, and `move` is offered once
// for each tile of a destination. EX-AM6 with the junction's S road extended by U r0 at -1,1:
// Red W r0 -1,0 + follower on its W road; Blue U r90 1,0 + wagon; Red U r0 -1,1; Blue A r90 2,0
// closes the road W(E)-D-U-A: Blue 4. Blue's wagon: the cloister at 2,0, and the S road on
// either of its tiles: -1,0 (W's S arm) or -1,1 (U, named by its first side N). Blue rolls onto
// -1,1 (any name of the segment will do: S). The deck is empty: the wagon's road (2 tiles) 2;
// Red's W road 1.
TEST(AmScenarioWagon, Am30MovedWagonStandsOnAnyTileOfTheNewFeature) {
  const Strings deck = {"W", "U", "U", "A"};
  const Strings turns = {"place -1,0 r0", "meeple W", "place 1,0 r90", "wagon E",
                         "place -1,1 r0", "skip",     "place 2,0 r90", "skip"};
  auto state = play_am(deck, turns);
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{4, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(legal_options(*state),
            sorted({"move -1,0 S", "move -1,1 N", "move 2,0 cloister", "pass"}));
  auto moved = play_am(deck, with(turns, {"move -1,1 S"}));
  ASSERT_TRUE(moved);
  EXPECT_TRUE(moved->over());
  EXPECT_EQ(points_of(*moved, kBlue), (Points{6, 0, 0, 0, 0, 0}));
  EXPECT_EQ(points_of(*moved, kRed), (Points{1, 0, 0, 0, 0, 0}));
}

// EX-AM7 (L850-860): Blue 14 for a city; the wagon may go to the road at its right gate, not to
// a completed road (the one at its top gate).
//
//          x=-2       x=-1        x=0            x=1
//  y=-2                           A r0 (cloister)
//                                 | road (closed)
//  y=-1    E r90 ]=== F r0 ====== S r180 ======= AM-F r270 (cap W)
//                     Blue wagon  (pennant)      | road S (open)
//  y=0                            D (cap N)
//
// Red S r180 0,-1 (city S+W+E with a pennant on D's cap; road N at its gate); Blue F r0 -1,-1 +
// wagon; Red A r0 0,-2 closes the road S-A (2 tiles, nobody); Blue E r90 -2,-1; Red AM-F r270
// 1,-1 closes the city: D, S, F, E, AM-F = 5 tiles + 2 pennants = 7: Blue 14. Destinations: the
// road from AM-F's gate (open, free); not S's road (complete). At the end: the wagon on that road
// (1 tile) scores 1.
const Strings kEx7Deck = {"S", "F", "A", "E", "AM-F"};
const Strings kEx7 = {"place 0,-1 r180", "skip", "place -1,-1 r0",  "wagon E",
                      "place 0,-2 r0",   "skip", "place -2,-1 r90", "skip",
                      "place 1,-1 r270", "skip"};

TEST(AmScenarioExample, ExAm7WagonToTheRoadAtTheGateNotToACompletedRoad) {
  auto state = play_am(kEx7Deck, kEx7);
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 14, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(legal_options(*state), sorted({"move 1,-1 S", "pass"}));
  expect_illegal(am(kEx7Deck, with(kEx7, {"move 0,-2 S"})), "completed road");
  expect_illegal(am(kEx7Deck, with(kEx7, {"move 0,-2 cloister"})), "not touching the city");
  auto moved = play_am(kEx7Deck, with(kEx7, {"move 1,-1 S"}));
  ASSERT_TRUE(moved);
  EXPECT_TRUE(moved->over());
  EXPECT_EQ(points_of(*moved, kBlue), (Points{1, 14, 0, 0, 0, 0}));
}

// EX-AM8, Y-21 (L862-871): Blue 2 for a road; the wagon may go to the city the road ends at; not
// to Red's road nor to a completed road. The start tile here is W (roads E, S, W end at a
// junction, field N).
//
//          x=-1           x=0                 x=1
//  y=-1                   B
//  y=0     U r90 =(Red)== W (junction) ====== T r90 (city N+E+S; road W ends at its gate)
//                         |                   Blue wagon on the road
//  y=1                    A r180 (road N to its cloister: closed)
//
// Red U r90 -1,0 + follower on its road (W's W road); Blue A r180 0,1 closes W's S road (2
// tiles, nobody); Red B 0,-1; Blue T r90 1,0 with the wagon on its road: that road (W-T, 2 tiles)
// is closed by this very tile: Blue 2, and the wagon may roll at once: to T's city (open); not to
// Red's road nor the closed S road. At the end: the wagon in T's city (1 tile) 1; Red's road
// (U + W's W arm, 2 tiles) 2.
const Strings kEx8Deck = {"U", "A", "B", "T"};
const Strings kEx8 = {"place -1,0 r90", "meeple E", "place 0,1 r180", "skip",
                      "place 0,-1 r0",  "skip",     "place 1,0 r90",  "wagon W"};

Record ex_am8(const Strings& actions) {
  return am(kEx8Deck, actions, {"am"}, {}, kTwo, "W");
}

TEST(AmScenarioExample, ExAm8WagonToTheCityAtTheRoadsEnd) {
  auto state = play(ex_am8(kEx8));
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{2, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(legal_options(*state), sorted({"move 1,0 N", "pass"}));
  for (const char* bad : {"move 0,0 W", "move -1,0 E", "move 0,0 S", "move 0,1 N"})
    expect_illegal(ex_am8(with(kEx8, {bad})), bad);
  auto moved = play(ex_am8(with(kEx8, {"move 1,0 N"})));
  ASSERT_TRUE(moved);
  EXPECT_TRUE(moved->over());
  EXPECT_EQ(points_of(*moved, kBlue), (Points{2, 1, 0, 0, 0, 0}));
  EXPECT_EQ(points_of(*moved, kRed), (Points{2, 0, 0, 0, 0, 0}));
}

// AM-28: several wagons move in seat order from the placer.
//
//          x=-1            x=0      x=1
//  y=0     A r270 ======== D ====== V r0 (road W+S)
//          Red wagon                ||
//  y=1                     B        A r180 (road N to its cloister)
//                                   Blue wagon
//
// Red B 0,1; Blue A r180 1,1 + wagon on its road; Red A r270 -1,0 + wagon on its road (D's road,
// open east); Blue V r0 1,0 joins and closes both: one road A-D-V-A of 4 tiles, 1 against 1:
// both score 4. Blue (the placer) moves first: both cloisters (-1,0 and 1,1) are free; Blue takes
// 1,1; then Red: only -1,0 remains. The game ends (4 tiles): Blue's cloister at 1,1 has D, V, B
// round it: 4; Red's at -1,0 has D and B: 3.
const Strings kTwoWagonsDeck = {"B", "A", "A", "V"};
const Strings kTwoWagons = {"place 0,1 r0",    "skip",    "place 1,1 r180", "wagon N",
                            "place -1,0 r270", "wagon E", "place 1,0 r0",   "skip"};

TEST(AmScenarioWagon, Am28WagonsMoveInSeatOrderFromThePlacer) {
  auto state = play_am(kTwoWagonsDeck, kTwoWagons);
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{4, 0, 0, 0, 0, 0}));
  EXPECT_EQ(points_of(*state, kBlue), (Points{4, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(legal_options(*state), sorted({"move -1,0 cloister", "move 1,1 cloister", "pass"}));
  auto red = play_am(kTwoWagonsDeck, with(kTwoWagons, {"move 1,1 cloister"}));
  ASSERT_TRUE(red);
  EXPECT_EQ(red->current_player(), kRed);
  EXPECT_EQ(legal_options(*red), sorted({"move -1,0 cloister", "pass"}));
  auto over =
      play_am(kTwoWagonsDeck, with(kTwoWagons, {"move 1,1 cloister", "move -1,0 cloister"}));
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->over());
  EXPECT_EQ(points_of(*over, kBlue), (Points{4, 0, 4, 0, 0, 0}));
  EXPECT_EQ(points_of(*over, kRed), (Points{4, 0, 3, 0, 0, 0}));
  // Red first is out of order.
  expect_illegal(am(kTwoWagonsDeck, with(kTwoWagons, {"move 1,1 cloister", "move 1,1 cloister"})),
                 "occupied by Blue's wagon");
}

// AM-25: the wagon goes on a road, city or cloister holding no follower or wagon: on D's road
// already holding Red's wagon, Blue's U r90 at 1,0 offers no wagon on the road.
TEST(AmScenarioWagon, Am25WagonOnlyOnAnUnoccupiedFeature) {
  const Strings deck = {"U", "U", "E"};
  auto state = play_am(deck, {"place -1,0 r90", "wagon E", "place 1,0 r90"});
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state), sorted({"meeple ESE", "meeple NNW", "skip"}));
  expect_illegal(am(deck, {"place -1,0 r90", "wagon E", "place 1,0 r90", "wagon E"}), "occupied");
}

// AM-29 with "wagon": "nearby": a destination is any incomplete, unoccupied road, city or
// cloister with a segment on the wagon's tile or one of the eight around it, touching or not.
// EX-AM6 under "nearby": the wagon stood on U (1,0); within 0..2 x -1..1 lie D, U and A: D's
// city (open, free; it does not touch the road) and A's cloister qualify; the junction's S road
// lies on -1,0, two squares away, and the scored road is complete.
TEST(AmScenarioWagon, Am29NearbyWagonRule) {
  auto state = play(am(kEx6Deck, kEx6, {"am"}, {{"wagon", "nearby"}}));
  ASSERT_TRUE(state);
  EXPECT_EQ(legal_options(*state), sorted({"move 0,0 N", "move 2,0 cloister", "pass"}));
}

// ============================================================================================
// Interactions: Y-6, TS-5 (followers and special figures), PD-28, PD-29, Y-12, AM-22
// ============================================================================================

// Y-6, TS-5: the wagon is a follower: it lets its owner's builder go on its road. Red U r90
// -1,0 + wagon (D's road); Blue E r180 0,-1 closes D's city (nobody); Red U r90 1,0 extends the
// road: the road holds Red's wagon, so no follower or wagon there, but the builder; both fields
// are free (the north one is D's strip; E r180's field does not reach it); no pig (no farmer of
// Red), no barn (1,0's NW corner has E's city): builder E, meeple ESE, meeple NNW, skip.
TEST(AmScenarioInteraction, Y06WagonLetsTheBuilderIn) {
  auto state = play_am({"U", "E", "U", "B"},
                       {"place -1,0 r90", "wagon E", "place 0,-1 r180", "skip", "place 1,0 r90"},
                       {"am", "tb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state), sorted({"builder E", "meeple ESE", "meeple NNW", "skip"}));
}

// PD-28, PD-29, Y-12, AM-22: the dragon eats a mayor and a wagon, never a barn; a barn may
// stand at a corner of the dragon's tile, but none goes on a volcano on its turn.
//
//          x=-1       x=0          x=1
//  y=-1               F r90 (Red mayor)
//  y=0     PD-H r90 = D =========== U r90 (Blue wagon)
//  y=1                PD-2 volcano B
//  y=2                B            B        Blue's barn at 0,2's NE corner (= PD-2's SE)
//
// Red F r90 0,-1 + mayor; Blue U r90 1,0 + wagon (D's road); Red B 1,1; Blue PD-2 0,1: the dragon
// lands there; PD-2's NE corner joins four fields, but no figure on a volcano: Blue may only put
// the fairy beside his wagon or skip. Red B 1,2; Blue B 0,2 + "barn NE" (0,2, 1,2, 1,1 and the
// dragon's PD-2 bring field to it). Red PD-H r90 -1,0: the journey, Red first: 0,2 (the barn
// stays), then forced 1,2, 1,1, 1,0 (Blue's wagon goes home), 0,0; Blue's sixth step: -1,0 or
// 0,-1: 0,-1 (Red's mayor goes home). The deck is empty: the game ends, nobody scores (D's city
// is open: the barn's farm has no completed city).
const Strings kDragonDeck = {"F", "U", "B", "PD-2", "B", "B", "PD-H"};
const Strings kDragonTurns = {"place 0,-1 r90", "mayor N", "place 1,0 r90", "wagon E",
                              "place 1,1 r0",   "skip",    "place 0,1 r0",  "skip",
                              "place 1,2 r0",   "skip",    "place 0,2 r0",  "barn NE",
                              "place -1,0 r90", "skip"};
const Strings kDragonJourney = {"dragon 0,2", "dragon 1,2", "dragon 1,1",
                                "dragon 1,0", "dragon 0,0", "dragon 0,-1"};

TEST(AmScenarioInteraction, Pd28DragonEatsMayorAndWagonNotTheBarn) {
  const Strings expansions = {"am", "pd"};
  auto volcano = play_am(kDragonDeck, first(kDragonTurns, 7), expansions);
  ASSERT_TRUE(volcano);
  EXPECT_EQ(follower_options(*volcano), sorted({"fairy 1,0", "skip"}));
  expect_illegal(am(kDragonDeck, with(first(kDragonTurns, 7), {"barn NE"}), expansions),
                 "no barn on a volcano");

  auto barn = play_am(kDragonDeck, first(kDragonTurns, 11), expansions);
  ASSERT_TRUE(barn);
  EXPECT_TRUE(contains(follower_options(*barn), "barn NE"));

  auto journey = play_am(kDragonDeck, kDragonTurns, expansions);
  ASSERT_TRUE(journey);
  EXPECT_EQ(legal_options(*journey), sorted({"dragon 0,0", "dragon 0,2", "dragon 1,1"}));

  auto step6 = play_am(kDragonDeck, with(kDragonTurns, first(kDragonJourney, 5)), expansions);
  ASSERT_TRUE(step6);
  EXPECT_EQ(step6->current_player(), kBlue);
  EXPECT_EQ(legal_options(*step6), sorted({"dragon -1,0", "dragon 0,-1"}));
  EXPECT_EQ(step6->figures_in_supply(kBlue, FigureKind::Wagon), 1);  // eaten at 1,0
  EXPECT_EQ(on_board(*step6, kBlue, FigureKind::Barn), 1);           // visited at 0,2: stays

  auto state = play_am(kDragonDeck, with(kDragonTurns, kDragonJourney), expansions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Mayor), 1);
  EXPECT_EQ(on_board(*state, kRed, FigureKind::Mayor), 0);
  EXPECT_EQ(state->score(kRed), 0);
  EXPECT_EQ(state->score(kBlue), 0);
}

// ============================================================================================
// With Bridges, Castles and Bazaars: X-5, X-6, X-9, X-11, X-22, X-26, X-27, X-28, AM-9, Y-18
// ============================================================================================

// X-9: a mayor may hold a castle and earns nothing there. Red's E r180 at 0,-1 closes D's cap
// with the mayor: the small city's single follower is Red's mayor, so Red decides castle or
// score. As a castle (fief x -1..1, y -1..0): Blue's E r0 at 1,-1 and Red's E r180 at 1,-2 close
// an unoccupied small city with a part in the fief: the castle scores its value 4 for its
// follower, the mayor, whose strength there is 0: Red 0. With a follower in the castle instead:
// Red 4 (castle). Had Red chosen "score": the mayor's city has no pennant: 0.
TEST(AmScenarioCastle, X09MayorHoldsACastleForNothing) {
  const Strings deck = {"E", "E", "E", "U"};
  const Strings rest = {"place 1,-1 r0", "skip", "place 1,-2 r180", "skip"};
  auto choice = play_am(deck, {"place 0,-1 r180", "mayor S"}, {"am", "bcb"});
  ASSERT_TRUE(choice);
  EXPECT_EQ(choice->current_player(), kRed);
  EXPECT_EQ(legal_options(*choice), (Strings{"castle", "score"}));

  auto mayor = play_am(deck, with({"place 0,-1 r180", "mayor S", "castle"}, rest), {"am", "bcb"});
  ASSERT_TRUE(mayor);
  EXPECT_EQ(mayor->castles().size(), 1u);
  EXPECT_EQ(mayor->score(kRed), 0);
  EXPECT_EQ(mayor->score(kBlue), 0);

  auto meeple = play_am(deck, with({"place 0,-1 r180", "meeple S", "castle"}, rest), {"am", "bcb"});
  ASSERT_TRUE(meeple);
  EXPECT_EQ(points_of(*meeple, kRed), (Points{0, 0, 0, 0, 4, 0}));

  auto scored = play_am(deck, {"place 0,-1 r180", "mayor S", "score"}, {"am", "bcb"});
  ASSERT_TRUE(scored);
  EXPECT_EQ(scored->score(kRed), 0);
  EXPECT_EQ(scored->figures_in_supply(kRed, FigureKind::Mayor), 1);
}

// X-11, X-10: a castle is no city: no wagon moves into it. Red's AM-F r180 at 0,-1 (cap S on
// D's cap, a castle base; its road E starts at the cap's gate) with a follower: castle (fief x
// -1..1, y -1..0). Blue's A r90 at 1,-1 ends that road at its cloister, with Blue's wagon on it:
// the road (2 tiles) is complete: Blue 2; it lies in the fief: Red's castle 2. Blue's wagon: the
// road touches the castle (AM-F's gate) and A's cloister: only the cloister.
TEST(AmScenarioCastle, X11NoWagonIntoACastle) {
  const Strings deck = {"AM-F", "A", "U"};
  const Strings turns = {"place 0,-1 r180", "meeple S", "castle", "place 1,-1 r90", "wagon W"};
  auto state = play_am(deck, turns, {"am", "bcb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{2, 0, 0, 0, 0, 0}));
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 0, 2, 0}));
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(legal_options(*state), sorted({"move 1,-1 cloister", "pass"}));
  expect_illegal(am(deck, with(turns, {"move 0,-1 S"}), {"am", "bcb"}), "into the castle");
  expect_illegal(am(deck, with(turns, {"move 0,0 N"}), {"am", "bcb"}), "into the castle");
}

// X-5, X-6, X-28, AM-23: a castle next to a barn's farm. Red's E r180 at 0,-1 with a follower:
// castle. Blue's B at 1,-1 with a farmer (its field joins E r180's, which borders the castle);
// Red's B at 0,-2; Blue's B at 1,-2: its SW corner joins 0,-2 (SE), 0,-1 (NE: NNE, ENE of E's
// field), 1,-1 (NW) and itself: "barn SW". The barn's farm scores at once as at the end: Blue's
// farmer, 4 per castle, no completed city: 4 (farm); the castle is not triggered by it (Red 0).
// The deck is empty: the castle's follower leaves for nothing; Blue's barn: 5 per castle: 5.
// Blue 9 (farm), Red 0.
TEST(AmScenarioCastle, X05BarnAndCastleValues) {
  std::vector<ScoreEvent> events;
  auto state = play_logged(am({"E", "B", "B", "B"},
                              {"place 0,-1 r180", "meeple S", "castle", "place 1,-1 r0",
                               "meeple NNW", "place 0,-2 r0", "skip", "place 1,-2 r0", "barn SW"},
                              {"am", "bcb"}),
                           events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 0, 0, 9, 0, 0}));
  EXPECT_EQ(state->score(kRed), 0);
  const auto farms = scorings(events, ScoreCategory::Farm);
  ASSERT_EQ(farms.size(), 2u);
  EXPECT_EQ(farms[0].points, 4);
  EXPECT_EQ(farms[0].castles, 1);
  EXPECT_EQ(farms[0].cities, 0);
  EXPECT_FALSE(farms[0].final_scoring);
  EXPECT_EQ(farms[1].points, 5);
  EXPECT_TRUE(farms[1].final_scoring);
  EXPECT_TRUE(scorings(events, ScoreCategory::Castle).empty());  // X-6
}

// X-10: a wagon may be a castle's follower; when the castle scores it may move on to a free,
// incomplete feature with a segment in the fief. Red's E r180 at 0,-1 closes D's cap with the
// wagon: castle (fief x -1..1, y -1..0). Blue's E r0 1,-1 and Red's E r180 1,-2 close a small
// unoccupied city in the fief: the castle scores 4 for Red. In the fief: D's road (open both
// ends, free) is a destination; the castle is not, nor the small city just completed, nor fields.
TEST(AmScenarioCastle, X10WagonInACastleMovesWithinTheFief) {
  const Strings deck = {"E", "E", "E", "U"};
  const Strings turns = {"place 0,-1 r180", "wagon S", "castle", "place 1,-1 r0", "skip",
                         "place 1,-2 r180", "skip"};
  auto state = play_am(deck, turns, {"am", "bcb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 0, 4, 0}));
  EXPECT_EQ(state->current_player(), kRed);
  EXPECT_EQ(legal_options(*state), sorted({"move 0,0 E", "pass"}));
}

// X-13: features closed by an abbey trigger castles like any completion. Red's castle D + E r180
// (fief x -1..1, y -1..0). D's road: A r90 at 1,0 ends it at a cloister; V r270 at -1,0 turns it
// south; V r180 at -1,1 turns it east, facing the hole 0,1 (B at 1,1, 1,2, 0,2 close the hole).
// Blue's abbey closes the road A-D-V-V (4 tiles, nobody on it) whose tiles 1,0, 0,0, -1,0 lie in
// the fief: the castle scores 4 for Red.
TEST(AmScenarioCastle, X13RoadClosedByAnAbbeyScoresTheCastle) {
  const Strings deck = {"E", "V", "A", "V", "B", "B", "B", "B"};
  const Strings turns = {"place 0,-1 r180",
                         "meeple S",
                         "castle",
                         "place -1,0 r270",
                         "skip",
                         "place 1,0 r90",
                         "skip",
                         "place -1,1 r180",
                         "skip",
                         "place 1,1 r0",
                         "skip",
                         "place 1,2 r0",
                         "skip",
                         "place 0,2 r0",
                         "skip",
                         "abbey 0,1",
                         "skip"};
  auto asked = play_am(deck, first(turns, 15), {"am", "bcb"});
  ASSERT_TRUE(asked);
  EXPECT_EQ(legal_options(*asked), sorted({"abbey 0,1", "draw"}));
  auto state = play_am(deck, turns, {"am", "bcb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 0, 0, 4, 0}));
  EXPECT_EQ(state->score(kBlue), 0);
}

// X-17: a bridge end may face an abbey, and a bridge may be built on an abbey turn. The hole
// layout with "bcb": Red's abbey at 0,1; then a bridge on a side neighbour: across B -1,1 (W end
// at the empty -2,1, E end at the abbey), across B 1,1 (E end at 2,1), across B 0,2 N-S (N end at
// the abbey, S end at 0,3). Not across B -1,1 N-S (its N end meets U's field at -1,0). Red
// builds the first one and skips: the bridge's road is open at -2,1 and nothing scores.
TEST(AmScenarioBridge, X17BridgeEndFacingTheAbbey) {
  const Strings deck = with(kHoleDeck, {"B", "B"});
  auto state = play_am(deck, with(kHole, {"abbey 0,1"}), {"am", "bcb"});
  ASSERT_TRUE(state);
  const Strings options = legal_options(*state);
  for (const char* o : {"bridge -1,1 EW", "bridge 1,1 EW", "bridge 0,2 NS"})
    EXPECT_TRUE(contains(options, o)) << o;
  EXPECT_FALSE(contains(options, "bridge -1,1 NS"));
  EXPECT_FALSE(contains(options, "bridge 0,1 NS"));  // the abbey is no field tile
  auto bridged = play_am(deck, with(kHole, {"abbey 0,1", "bridge -1,1 EW", "skip"}), {"am", "bcb"});
  ASSERT_TRUE(bridged);
  EXPECT_EQ(bridged->score(kRed), 0);
  EXPECT_EQ(bridged->current_player(), kBlue);
}

// AM-31, X-17 (JCloisterZone's engine test "Wagon can move to abbey with bridge"): an abbey
// touches a road it closes at a bridge end. X-17's layout: Red "abbey 0,1", "bridge -1,1 EW"
// (W end at the empty -2,1, E end at the abbey), skip. Blue A r270 at -2,1 (road E ends at its
// cloister) meets the bridge's W end, with the wagon on that road: the road A(-2,1) + bridge
// B(-1,1) is closed at both ends (A's cloister, the abbey): 2 tiles, Blue 2. Blue's wagon may roll
// onto A's cloister (the road ends there) or onto the abbey (it closed the bridge's road; no
// follower on it, and incomplete: -1,2 is empty).
//
//          x=-2        x=-1               x=0         x=1
//  y=0                 U r90 ============ D ========= U r90
//  y=1     A r270 ---- B + bridge E-W --- abbey       B
//          Blue wagon
//  y=2                 (empty)            B           B
//
// Then Red's B at -1,2 completes the abbey with Blue's wagon on it: its eight neighbours are all
// placed, 9 for Blue (cloister). The wagon goes home; the bridge's road has scored, so it has
// nowhere to go. No tile left, no hole for Blue's abbey: final scoring finds no figure. Blue
// 2 + 9 = 11, Red 0.
TEST(AmScenarioBridge, Am31WagonRollsOntoAnAbbeyAtABridgeEnd) {
  const Strings deck = with(kHoleDeck, {"A", "B"});
  const Strings turns =
      with(kHole, {"abbey 0,1", "bridge -1,1 EW", "skip", "place -2,1 r270", "wagon E"});
  auto state = play_am(deck, turns, {"am", "bcb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{2, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(state->phase(), Phase::WagonMove);
  EXPECT_EQ(legal_options(*state), sorted({"move -2,1 cloister", "move 0,1 cloister", "pass"}));
  auto moved = play_am(deck, with(turns, {"move 0,1 cloister"}), {"am", "bcb"});
  ASSERT_TRUE(moved);
  EXPECT_TRUE(figure_at(*moved, kBlue, FigureKind::Wagon, 0, 1, "cloister"));
  EXPECT_EQ(moved->current_player(), kRed);
  auto over =
      play_am(deck, with(turns, {"move 0,1 cloister", "place -1,2 r0", "skip"}), {"am", "bcb"});
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->over());
  EXPECT_EQ(points_of(*over, kBlue), (Points{2, 0, 9, 0, 0, 0}));
  EXPECT_EQ(over->score(kRed), 0);
  EXPECT_EQ(over->figures_in_supply(kBlue, FigureKind::Wagon), 1);
}

// AM-31, the other way: a wagon on an abbey that closed a road at a bridge end rolls onto that
// road when the abbey scores. X-17's layout with Red's wagon on the abbey ("abbey 0,1", "bridge
// -1,1 EW", "wagon cloister"). Blue's B at -1,2 fills the abbey's last neighbour: Red 9
// (cloister). The abbey touches the roads and cities it closes: here only the bridge's road (D
// above it, B at 1,1 and 0,2 face it with fields); that road is open at -2,1 and holds no
// follower, so Red decides `move -1,1 E` (the bridge's canonical location: its first end, E) or
// `pass`.
//
//          x=-2        x=-1               x=0          x=1
//  y=0                 U r90              D            U r90
//  y=1     (empty)     B + bridge E-W --- abbey        B
//                                         Red wagon
//  y=2                 B (Blue)           B            B
//  y=3                                                 B (Red)
//
// Red then places the last B at 1,3 and skips. Final scoring: Red's wagon on the open bridge road
// (1 tile) 1. Red 9 + 1 = 10, Blue 0. Passing sends the wagon to the supply: Red 9.
TEST(AmScenarioBridge, Am31WagonRollsOffAnAbbeyOntoTheBridgeRoadItCloses) {
  const Strings deck = with(kHoleDeck, {"B", "B"});
  const Strings turns =
      with(kHole, {"abbey 0,1", "bridge -1,1 EW", "wagon cloister", "place -1,2 r0", "skip"});
  auto state = play_am(deck, turns, {"am", "bcb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 9, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kRed);
  EXPECT_EQ(state->turn_player(), kBlue);
  EXPECT_EQ(legal_options(*state), sorted({"move -1,1 E", "pass"}));
  auto moved = play_am(deck, with(turns, {"move -1,1 E"}), {"am", "bcb"});
  ASSERT_TRUE(moved);
  EXPECT_TRUE(figure_at(*moved, kRed, FigureKind::Wagon, -1, 1, "E"));
  EXPECT_EQ(moved->current_player(), kRed);
  EXPECT_EQ(moved->turn_player(), kRed);
  auto over = play_am(deck, with(turns, {"move -1,1 E", "place 1,3 r0", "skip"}), {"am", "bcb"});
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->over());
  EXPECT_EQ(points_of(*over, kRed), (Points{1, 0, 9, 0, 0, 0}));
  EXPECT_EQ(over->score(kBlue), 0);
  auto passed = play_am(deck, with(turns, {"pass", "place 1,3 r0", "skip"}), {"am", "bcb"});
  ASSERT_TRUE(passed);
  EXPECT_TRUE(passed->over());
  EXPECT_EQ(points_of(*passed, kRed), (Points{0, 0, 9, 0, 0, 0}));
  EXPECT_EQ(passed->figures_in_supply(kRed, FigureKind::Wagon), 1);
}

// X-18: bridges split no fields: a bridge E-W across B at 0,1 leaves its NE corner all field.
// Red U r90 1,0; Blue B 0,1 with the bridge (E end facing the empty 1,1); Red V r0 at 1,1 (its
// W road meets the bridge): its NW corner joins D (SE), U (SW), B (NE: NNE, ENE, north of the
// bridge, one field) and V (NW): "barn NW".
TEST(AmScenarioBridge, X18BarnCornerBesideABridge) {
  auto state =
      play_am({"U", "B", "V", "E"},
              {"place 1,0 r90", "skip", "place 0,1 r0", "bridge 0,1 EW", "skip", "place 1,1 r0"},
              {"am", "bcb"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(contains(follower_options(*state), "barn NW"));
}

// X-22, AM-9, X-27: no abbey instead of a purchased bazaar tile ("bazaar": "no-auction"). After
// the hole, Red decides "draw" (the choice comes before the draw) and draws BCB-A, which he
// places at -1,2: a bazaar of 2 (B, B; 3 left). Blue chooses B and must play it: no abbey
// decision, "abbey 0,1" refused; B at 2,1. Red's bazaar turn (the last B) neither. Then Blue's
// normal turn opens with the abbey decision again.
TEST(AmScenarioBazaar, X22NoAbbeyInsteadOfAPurchasedTile) {
  const Strings deck = with(kHoleDeck, {"BCB-A", "B", "B", "B"});
  const Rules rules = {{"bazaar", "no-auction"}};
  const Strings turns = with(kHole, {"draw", "place -1,2 r0", "skip", "choose B"});
  auto blue = play(am(deck, turns, {"am", "bcb"}, rules));
  ASSERT_TRUE(blue);
  EXPECT_EQ(blue->current_player(), kBlue);
  EXPECT_EQ(blue->tile_in_hand(), tile("B"));
  EXPECT_TRUE(starting_with(legal_options(*blue), "abbey").empty());
  EXPECT_FALSE(contains(legal_options(*blue), "draw"));
  expect_illegal(am(deck, with(turns, {"abbey 0,1"}), {"am", "bcb"}, rules),
                 "abbey for a bought tile");

  auto red = play(am(deck, with(turns, {"place 2,1 r0", "skip"}), {"am", "bcb"}, rules));
  ASSERT_TRUE(red);
  EXPECT_EQ(red->current_player(), kRed);
  EXPECT_EQ(red->tile_in_hand(), tile("B"));
  EXPECT_TRUE(starting_with(legal_options(*red), "abbey").empty());

  auto next = play(am(deck, with(turns, {"place 2,1 r0", "skip", "place 2,2 r0", "skip"}),
                      {"am", "bcb"}, rules));
  ASSERT_TRUE(next);
  EXPECT_EQ(next->current_player(), kBlue);
  EXPECT_EQ(legal_options(*next), sorted({"abbey 0,1", "draw"}));
}

// X-26: the deck is used up by a bazaar: the round finishes, then the abbey round. As above with
// only two tiles after BCB-A: both go to the bazaar; after Red's bazaar turn (the last turn part
// that played a land tile) the abbey round starts with Blue, then Red.
TEST(AmScenarioBazaar, X26AbbeyRoundAfterABazaarEmptiedTheDeck) {
  const Strings deck = with(kHoleDeck, {"BCB-A", "B", "B"});
  const Rules rules = {{"bazaar", "no-auction"}};
  const Strings turns = with(kHole, {"draw", "place -1,2 r0", "skip", "choose B", "place 2,1 r0",
                                     "skip", "place 2,2 r0", "skip"});
  auto state = play(am(deck, turns, {"am", "bcb"}, rules));
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(legal_options(*state), sorted({"abbey 0,1", "pass"}));
  auto red = play(am(deck, with(turns, {"pass"}), {"am", "bcb"}, rules));
  ASSERT_TRUE(red);
  EXPECT_EQ(red->current_player(), kRed);
  EXPECT_EQ(legal_options(*red), sorted({"abbey 0,1", "pass"}));
}

// Y-18: BCB-G's cloister stands in its city: they touch. Red's BCB-G r90 at 0,-1 (city N-S on
// D's cap, the cloister in it) with the wagon on the city; Blue's E r180 at 0,-2 closes it: 3
// tiles, Red 6; the wagon may roll into the cloister of BCB-G (free, incomplete).
TEST(AmScenarioBazaar, Y18CloisterInACityTouchesIt) {
  const Strings deck = {"BCB-G", "E", "U"};
  const Strings turns = {"place 0,-1 r90", "wagon N", "place 0,-2 r180", "skip"};
  auto state = play_am(deck, turns, {"am", "bcb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 6, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kRed);
  EXPECT_EQ(legal_options(*state), sorted({"move 0,-1 cloister", "pass"}));
}

// ============================================================================================
// With Traders & Builders and Princess & Dragon: Y-4, Y-11, Y-13, Y-15, Y-19
// ============================================================================================

// Y-4: an abbey may be played as a builder's second part (and gives no third). Red U r90 -1,0
// with a follower on D's road; Blue U r90 1,0; Red U r90 -2,0 with the builder on that road;
// Blue B -1,1; Red B 1,1; Blue B 1,2; Red B 0,2: the hole 0,1. Blue draws, B at -1,2. Red draws
// U and extends the road at 2,0: the builder gives a second part, which opens with the abbey
// decision. Red's abbey with a monk: all 8 neighbours are there: 9. Then Blue's turn (no third
// part: the abbey extends no road); no hole is left, so Blue draws without a decision.
TEST(AmScenarioBuilder, Y04AbbeyAsTheBuildersSecondPart) {
  const Strings deck = {"U", "U", "U", "B", "B", "B", "B", "B", "U", "B"};
  const Strings turns = {"place -1,0 r90", "meeple E",  "place 1,0 r90", "skip",
                         "place -2,0 r90", "builder E", "place -1,1 r0", "skip",
                         "place 1,1 r0",   "skip",      "place 1,2 r0",  "skip",
                         "place 0,2 r0",   "skip",      "draw",          "place -1,2 r0",
                         "skip",           "draw",      "place 2,0 r90", "skip"};
  auto second = play_am(deck, turns, {"am", "tb"});
  ASSERT_TRUE(second);
  EXPECT_EQ(second->current_player(), kRed);
  EXPECT_EQ(second->turn_part(), PartKind::Second);
  EXPECT_EQ(legal_options(*second), sorted({"abbey 0,1", "draw"}));
  auto state = play_am(deck, with(turns, {"abbey 0,1", "meeple cloister"}), {"am", "tb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{0, 0, 9, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kBlue);
  EXPECT_EQ(state->turn_part(), PartKind::Normal);
  EXPECT_EQ(state->tile_in_hand(), tile("B"));
}

// Y-19: goods of a city closed by an abbey go to the abbey's player. Hole layout with TB-G r0
// (city N+W with grain) at 0,2 under Blue's knight, and Red's E r90 at -1,2 closing its W side;
// Blue draws (B at 2,1); Red's abbey at 0,1 closes its N side: 2 tiles, Blue 4 (city); the grain
// goes to Red, who played the abbey.
TEST(AmScenarioGoods, Y19GoodsOfACityClosedByTheAbbey) {
  const Strings deck = {"U", "U", "B", "B", "B", "TB-G", "E", "B", "B"};
  const Strings turns = {"place -1,0 r90", "skip",           "place 1,0 r90", "skip",
                         "place -1,1 r0",  "skip",           "place 1,1 r0",  "skip",
                         "place 1,2 r0",   "skip",           "place 0,2 r0",  "meeple N",
                         "draw",           "place -1,2 r90", "skip",          "draw",
                         "place 2,1 r0",   "skip",           "abbey 0,1",     "skip"};
  auto state = play_am(deck, turns, {"am", "tb"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kBlue), (Points{0, 4, 0, 0, 0, 0}));
  EXPECT_EQ(state->trade_goods(kRed, TradeGood::Grain), 1);
  EXPECT_EQ(state->trade_goods(kBlue, TradeGood::Grain), 0);
}

// Y-11: mayor and wagon may go through a magic portal; the barn may not. Red's PD-R r0 at 1,0
// (a portal; its W road continues D's road to its junction): the portal opens D's cap (mayor,
// wagon) and D's road (wagon), never a field for either; a barn never names another tile.
TEST(AmScenarioPortal, Y11MayorAndWagonThroughThePortal) {
  auto state = play_am({"PD-R", "U"}, {"place 1,0 r0"}, {"am", "pd"});
  ASSERT_TRUE(state);
  const Strings options = follower_options(*state);
  for (const char* o : {"mayor 0,0 N", "wagon 0,0 N", "wagon 0,0 E", "meeple 0,0 N"})
    EXPECT_TRUE(contains(options, o)) << o;
  for (const char* o : {"mayor 0,0 E", "wagon 0,0 ESE", "wagon 0,0 ENE"})
    EXPECT_FALSE(contains(options, o)) << o;
  EXPECT_TRUE(starting_with(options, "barn").empty());
  auto mayor = play_am({"PD-R", "U"}, {"place 1,0 r0", "mayor 0,0 N"}, {"am", "pd"});
  ASSERT_TRUE(mayor);
  EXPECT_TRUE(figure_at(*mayor, kRed, FigureKind::Mayor, 0, 0, "N"));
  expect_illegal(am({"PD-R", "U"}, {"place 1,0 r0", "barn 0,0 SE"}, {"am", "pd"}), "barn");
}

// Y-13: any figure in a city is a knight: the princess may send a mayor or a wagon home. Red's
// N r90 at 0,-1 (city S+E on D's cap) with the mayor (or the wagon); Blue's PD-B r0 at 1,-1
// joins its princess city to it: "princess 0,-1 E" is the only option ("must"); the figure goes
// home.
TEST(AmScenarioPrincess, Y13PrincessTakesAMayorOrAWagon) {
  for (const char* figure : {"mayor S", "wagon S"}) {
    SCOPED_TRACE(figure);
    auto state =
        play_am({"N", "PD-B", "U"}, {"place 0,-1 r90", figure, "place 1,-1 r0"}, {"am", "pd"});
    ASSERT_TRUE(state);
    EXPECT_EQ(legal_options(*state), (Strings{"princess 0,-1 E"}));
    auto sent =
        play_am({"N", "PD-B", "U"}, {"place 0,-1 r90", figure, "place 1,-1 r0", "princess 0,-1 E"},
                {"am", "pd"});
    ASSERT_TRUE(sent);
    EXPECT_EQ(sent->figures_in_supply(kRed, FigureKind::Mayor), 1);
    EXPECT_EQ(sent->figures_in_supply(kRed, FigureKind::Wagon), 1);
  }
}

// Y-20: the abbey round has no fairy point, but its figure step allows the fairy. The hole
// layout with Blue's follower on D's road at 1,0 (turn 2), his monk on B 1,1 (turn 4), and the
// fairy put beside the monk (turn 6). The deck ends: Red passes; Blue's abbey part starts with no
// fairy point (his monk stands on the fairy's tile); its figure step offers the fairy on 1,0
// (Blue's follower there), not on 1,1 (the fairy's own tile).
TEST(AmScenarioFairy, Y20NoFairyPointInTheAbbeyRound) {
  Strings turns = kHole;
  turns[3] = "meeple E";
  turns[7] = "meeple cloister";
  turns[11] = "fairy 1,1";
  auto blue = play_am(kHoleDeck, with(turns, {"pass"}), {"am", "pd"});
  ASSERT_TRUE(blue);
  EXPECT_EQ(blue->current_player(), kBlue);
  EXPECT_EQ(blue->score_in(kBlue, ScoreCategory::Fairy), 0);
  EXPECT_EQ(legal_options(*blue), sorted({"abbey 0,1", "pass"}));
  auto step = play_am(kHoleDeck, with(turns, {"pass", "abbey 0,1"}), {"am", "pd"});
  ASSERT_TRUE(step);
  const Strings options = follower_options(*step);
  EXPECT_TRUE(contains(options, "fairy 1,0"));
  EXPECT_FALSE(contains(options, "fairy 1,1"));
  EXPECT_EQ(step->score_in(kBlue, ScoreCategory::Fairy), 0);
}

// Y-17: a wagon never moves onto the dragon's tile. Red's volcano PD-Z r180 at 0,1 (cap S, open
// towards 0,2): the dragon lands there and stays (no dragon tile follows). Blue's T r0 at 0,2:
// its city N joins PD-Z's cap (open E and W); its road S starts at the city's gate. Red's A r180
// at 0,3 ends that road at its cloister, with Red's wagon on it: 2 tiles, Red 2. The road touches
// the city (0,1 and 0,2) and A's cloister: the city is offered only on 0,2, never on the dragon's
// tile 0,1.
TEST(AmScenarioDragon, Y17WagonNeverOntoTheDragonsTile) {
  const Strings deck = {"PD-Z", "T", "A", "B"};
  const Strings turns = {"place 0,1 r180", "skip",           "place 0,2 r0",
                         "skip",           "place 0,3 r180", "wagon N"};
  auto state = play_am(deck, turns, {"am", "pd"});
  ASSERT_TRUE(state);
  EXPECT_EQ(points_of(*state, kRed), (Points{2, 0, 0, 0, 0, 0}));
  EXPECT_EQ(state->current_player(), kRed);
  EXPECT_EQ(legal_options(*state), sorted({"move 0,2 N", "move 0,3 cloister", "pass"}));
  expect_illegal(am(deck, with(turns, {"move 0,1 S"}), {"am", "pd"}), "the dragon's tile");
  auto moved = play_am(deck, with(turns, {"move 0,2 W"}), {"am", "pd"});
  ASSERT_TRUE(moved);
  EXPECT_TRUE(figure_at(*moved, kRed, FigureKind::Wagon, 0, 2, "N"));
}

// Y-15: the fairy's 3 come whatever the majority, also for a mayor of strength 0. Red's G r90 at
// 0,-1 (city N-S, no pennant, on D's cap) with the mayor; Blue U r90 1,0; Red U r90 -1,0 and
// "fairy 0,-1" (beside his mayor, a follower); Blue's E r180 at 0,-2 closes the city (3 tiles,
// no pennant): the mayor has strength 0, nobody scores the city, but Red's mayor stands on the
// fairy's tile: Red 3 (fairy). No fairy point before (the fairy came in Red's second turn).
TEST(AmScenarioFairy, Y15FairyBonusForAMayorOfStrengthZero) {
  auto state = play_am({"G", "U", "U", "E", "B"},
                       {"place 0,-1 r90", "mayor N", "place 1,0 r90", "skip", "place -1,0 r90",
                        "fairy 0,-1", "place 0,-2 r180", "skip"},
                       {"am", "pd"});
  ASSERT_TRUE(state);
  EXPECT_EQ(state->score_in(kRed, ScoreCategory::Fairy), 3);
  EXPECT_EQ(state->score_in(kRed, ScoreCategory::City), 0);
  EXPECT_EQ(state->score(kRed), 3);
  EXPECT_EQ(state->score(kBlue), 0);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Mayor), 1);
}

}  // namespace
}  // namespace carcassonne
