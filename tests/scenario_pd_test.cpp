// Princess & Dragon: the worked example of the rulebook's section (../shared/rules/
// big-box-rulebook-en.txt L542-621, the dragon's journey L678-686) and scenarios for the lines
// PD-1..PD-30 of ../shared/spec/bigbox-rules-checklist.md, with the P&D lines of the interactions
// (X-7, X-8, X-14, X-15, X-19, X-23, X-24, X-25, Y-1, Y-2, Y-3, Y-5, Y-10, Y-14), each a small
// recorded game ("expansions": ["pd"], with "bcb", "ic", "tb" where needed) replayed.
//
// Every expected number and every expected list of options is worked out by hand from the rules
// text, the contract (../shared/spec/record-format-bigbox.md: "Order of play", "Rules as this
// contract reads them", the options "dragon", "fairy", "princess") and the tile reference
// (../shared/reference/tiles.txt); the comment above each test shows the map and the arithmetic.
// Maps: x grows east, y grows south; the start tile D lies at 0,0 r0 (city cap N, road W-E, a
// field strip between cap and road, a field south of the road). Rotations turn clockwise. Red
// (seat 0) plays first, Blue (seat 1) second. A location in an option is the first of the
// segment's border points in the order NNW N NNE ENE E ESE SSE S SSW WSW W WNW (the engine's
// canonical name, as in the other scenario files).
//
// Tiles used (rotated as used below):
//   A r90 road W ends at a cloister | A r270 road E ends at a cloister (one field round it)
//   B cloister, field all round     E r0 cap N | r90 cap E | r180 cap S
//   G r0 city W-E, fields N, S | G r90 city N-S, fields W (WSW) and E (ENE)
//   U r90 road W-E, fields N (NNW) and S (ESE)
//   V r0 road S+W | V r180 road N+E
//   volcanoes: PD-2 all field | PD-3 r90 road W-E | PD-X r0 road S+W | PD-Y r180 caps S, E |
//              PD-Z r180 cap S | PD-1 r0 road S ends at the volcano
//   dragon tiles (before any volcano they are set aside): PD-H r90 road W-E (fields NNW, ESE) |
//              PD-J r0 cap N, field elsewhere (ENE) | PD-J r180 cap S, field elsewhere (NNW) |
//              PD-I r0 roads E, S, W end at a junction, field N | PD-O r180 cloister in a city
//              S+W+E, field N | PD-Q r90 road W-E through a tunnel under a city N-S
//   portals: PD-R r0 roads E, S, W end at a junction, field N (NNW), fields ESE, SSW |
//              PD-T r180 cap S (princess-less), road N+E
//   princess tiles: PD-B r180 city S+E (field NNW) | PD-C r180 city S+W+E, field N (NNW) |
//              PD-D r180 princess cap S (castle base), roads W, N, E end at a junction
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli_runner.h"
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

Record pd(const Strings& deck, const Strings& actions, const Rules& rules = {},
          const Strings& expansions = {"pd"}, const Strings& players = kTwo) {
  return make_record_with(players, deck, actions, expansions, rules);
}

std::optional<GameState> play_pd(const Strings& deck, const Strings& actions,
                                 const Rules& rules = {}, const Strings& expansions = {"pd"}) {
  return play(pd(deck, actions, rules, expansions));
}

Error pd_error(const Strings& deck, const Strings& actions, const Rules& rules = {},
               const Strings& expansions = {"pd"}) {
  return replay_error(pd(deck, actions, rules, expansions));
}

// The first `n` actions of `actions`.
Strings first(const Strings& actions, std::size_t n) {
  return Strings(actions.begin(), actions.begin() + static_cast<long>(n));
}

::testing::AssertionResult pending_is(const GameState& state, PlayerId player, Phase phase) {
  const PendingDecision p = state.pending();
  if (p.player == player && p.phase == phase) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "pending: player " << static_cast<int>(p.player) << " in phase " << phase_name(p.phase)
         << "; expected player " << static_cast<int>(player) << " in phase " << phase_name(phase);
}

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

// "X,Y" of the placed tile `index`, or "none" (off the board).
std::string square(const GameState& state, int index) {
  if (index < 0) return "none";
  const PlacedTile& t = state.placed_tiles()[static_cast<std::size_t>(index)];
  return std::to_string(t.x) + "," + std::to_string(t.y);
}

std::string dragon_at(const GameState& state) {
  return square(state, state.dragon_tile());
}

std::string fairy_at(const GameState& state) {
  return square(state, state.fairy_tile());
}

int fairy_points(const GameState& state, PlayerId p) {
  return state.score_in(p, ScoreCategory::Fairy);
}

// Every category of Points and the fairy's points of `player`, and that the total is their sum.
void expect_pd_points(const GameState& state, PlayerId player, const Points& expected, int fairy) {
  EXPECT_EQ(points_of(state, player), expected) << "player " << static_cast<int>(player);
  EXPECT_EQ(fairy_points(state, player), fairy) << "player " << static_cast<int>(player);
  EXPECT_EQ(state.score(player), expected.total() + fairy) << "player " << static_cast<int>(player);
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

Strings sorted(Strings list) {
  std::sort(list.begin(), list.end());
  return list;
}

std::vector<TileType> tiles(const Strings& ids) {
  std::vector<TileType> out;
  for (const std::string& id : ids) out.push_back(tile(id));
  return out;
}

// ============================================================================================
// EX-PD1: the rulebook's dragon journey (L678-686)
// ============================================================================================

// EX-PD1, PD-14, PD-15, PD-16: 4 players; the dragon starts at the lower right; Anna up, Bob
// left, Chris down, David left (forced), Anna up, Bob up: 6 steps; the followers on the visited
// tiles go home.
//
//        x=-1        x=0          x=1        x=2          x=3
//  y=-1              E r180
//  y=0   U r90 ===== D r0 ======= U r90 ==== U r90 ====== PD-H r90 (dragon tile) == PD-R r0
//        Bob farmer N                        Bob thief
//  y=1   B           B            B          PD-2 (volcano)
//        David monk  Chris monk
//
// Anna U(1,0); Bob U(2,0) thief; Chris B(0,1) monk; David B(1,1); Anna PD-2 at 2,1: the dragon
// flies there; Bob U(-1,0) farmer on the north farm; Chris E r180 at 0,-1 (closes D's city,
// nobody in it); David B(-1,1) monk; Anna PD-H r90 at 3,0, skip: the journey, Anna first:
//   1 Anna  from 2,1: {1,1  2,0}          -> 2,0 (Bob's thief goes home)
//   2 Bob   from 2,0: {1,0  3,0}          -> 1,0
//   3 Chris from 1,0: {0,0  1,1}          -> 1,1
//   4 David from 1,1: {0,1} only (2,1 and 1,0 visited, 1,2 empty) -> 0,1 (Chris's monk home)
//   5 Anna  from 0,1: {-1,1  0,0}         -> 0,0
//   6 Bob   from 0,0: {-1,0  0,-1}        -> 0,-1; six steps: the journey ends.
// Bob's farmer (-1,0) and David's monk (-1,1) were not visited and stay. Nobody scored: 0 each.
const Strings kFour = {"Anna", "Bob", "Chris", "David"};
const Strings kExDeck = {"U", "U", "B", "B", "PD-2", "U", "E", "B", "PD-H", "PD-R", "B"};
const Strings kExTurns = {"place 1,0 r90",   "skip",
                          "place 2,0 r90",   "meeple E",
                          "place 0,1 r0",    "meeple cloister",
                          "place 1,1 r0",    "skip",
                          "place 2,1 r0",    "skip",
                          "place -1,0 r90",  "meeple NNW",
                          "place 0,-1 r180", "skip",
                          "place -1,1 r0",   "meeple cloister",
                          "place 3,0 r90",   "skip"};
const Strings kExJourney = {"dragon 2,0", "dragon 1,0", "dragon 1,1",
                            "dragon 0,1", "dragon 0,0", "dragon 0,-1"};

Record ex_pd1(const Strings& actions) {
  return pd(kExDeck, actions, {}, {"pd"}, kFour);
}

TEST(PdScenarioExample, ExPd1DragonJourneyOfSixStepsSendsFollowersHome) {
  auto volcano = play(ex_pd1(first(kExTurns, 9)));
  ASSERT_TRUE(volcano);
  EXPECT_EQ(dragon_at(*volcano), "2,1");
  EXPECT_EQ(follower_options(*volcano), (Strings{"skip"}));  // nothing on a volcano (PD-11)

  const Strings expected_options[6] = {
      {"dragon 1,1", "dragon 2,0"},  {"dragon 1,0", "dragon 3,0"},
      {"dragon 0,0", "dragon 1,1"},  {"dragon 0,1"},
      {"dragon -1,1", "dragon 0,0"}, {"dragon -1,0", "dragon 0,-1"}};
  const PlayerId movers[6] = {0, 1, 2, 3, 0, 1};
  for (std::size_t step = 0; step < 6; ++step) {
    SCOPED_TRACE("step " + std::to_string(step + 1));
    auto s = play(ex_pd1(with(kExTurns, first(kExJourney, step))));
    ASSERT_TRUE(s);
    EXPECT_EQ(s->phase(), Phase::DragonMove);
    EXPECT_EQ(s->current_player(), movers[step]);
    EXPECT_EQ(s->turn_player(), 0);  // Anna's turn is paused
    EXPECT_EQ(legal_options(*s), sorted(expected_options[step]));
  }

  // After step 1 Bob's thief is home already.
  auto step1 = play(ex_pd1(with(kExTurns, first(kExJourney, 1))));
  ASSERT_TRUE(step1);
  EXPECT_EQ(dragon_at(*step1), "2,0");
  EXPECT_EQ(step1->followers_in_supply(1), 6);  // the farmer is still out
  EXPECT_EQ(step1->followers_in_supply(2), 6);

  auto state = play(ex_pd1(with(kExTurns, kExJourney)));
  ASSERT_TRUE(state);
  EXPECT_EQ(dragon_at(*state), "0,-1");
  EXPECT_TRUE(pending_is(*state, 1, Phase::PlaceTile));  // Bob's turn: the game goes on
  EXPECT_EQ(state->followers_in_supply(0), 7);
  EXPECT_EQ(state->followers_in_supply(1), 6);  // the farmer at -1,0 stays
  EXPECT_EQ(state->followers_in_supply(2), 7);  // the monk at 0,1 went home
  EXPECT_EQ(state->followers_in_supply(3), 6);  // the monk at -1,1 stays
  EXPECT_TRUE(figure_at(*state, 1, FigureKind::Follower, -1, 0, "NNW"));
  EXPECT_TRUE(figure_at(*state, 3, FigureKind::Follower, -1, 1, "cloister"));
  for (PlayerId p = 0; p < 4; ++p) EXPECT_EQ(state->score(p), 0);
}

// PD-15 (illegal steps): at David's forced step (the dragon on 1,1, only 0,1 legal) a visited
// tile (2,1, the journey's start; 1,0), an empty square (1,2), a diagonal tile (0,0) and a tile
// two squares away (3,0) are all refused.
TEST(PdScenarioExample, ExPd1StepToVisitedOrEmptyOrFarSquareIsIllegal) {
  const Strings three = with(kExTurns, first(kExJourney, 3));
  for (const char* bad : {"dragon 2,1", "dragon 1,0", "dragon 1,2", "dragon 0,0", "dragon 3,0"}) {
    SCOPED_TRACE(bad);
    const Error error = replay_error(ex_pd1(with(three, {bad})));
    EXPECT_EQ(error.code, ErrorCode::IllegalMove);
    EXPECT_FALSE(error.message.empty());
  }
  // A journey step when no journey is on: Bob's turn after the journey.
  EXPECT_FALSE(
      replay_error(ex_pd1(with(with(kExTurns, kExJourney), {"dragon -1,0"}))).message.empty());
}

// PD-22, PD-29: nothing is deployed on the dragon's tile, through a magic portal either. After
// the journey the dragon stands on E r180 at 0,-1, whose field (NNW: its W, N and E sides) is an
// unoccupied farm of its own. Bob places PD-R r0 at 4,0 (its W road continues PD-H's road): the
// portal offers e.g. the unoccupied cloister of B(1,1) ("meeple 1,1 cloister"), but nothing on
// 0,-1; "meeple 0,-1 NNW" is illegal.
TEST(PdScenarioExample, ExPd1PortalCannotReachTheDragonsTile) {
  const Strings placed = with(with(kExTurns, kExJourney), {"place 4,0 r0"});
  auto state = play(ex_pd1(placed));
  ASSERT_TRUE(state);
  const Strings options = follower_options(*state);
  EXPECT_TRUE(contains(options, "meeple 1,1 cloister"));
  EXPECT_TRUE(starting_with(options, "meeple 0,-1 ").empty());
  const Error error = replay_error(ex_pd1(with(placed, {"meeple 0,-1 NNW"})));
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  EXPECT_FALSE(error.message.empty());
  EXPECT_TRUE(play(ex_pd1(with(placed, {"meeple 1,1 cloister"}))));
}

// ============================================================================================
// Tiles: PD-1, PD-2, PD-3, PD-19, PD-20
// ============================================================================================

// PD-1: 30 tiles. Without a deck the draw pile is the base game's 71 (72 less the start tile)
// plus 30; every one of them is in the deck, in hand (the first player's tile) or set aside
// (dragon tiles drawn before a volcano): 101 for ["pd"], 71 for the base game.
TEST(PdScenarioTiles, Pd01ThirtyTilesInTheFullDeck) {
  for (const auto& [expansions, total] :
       std::vector<std::pair<std::string, int>>{{R"(["pd"])", 101}, {R"([])", 71}}) {
    SCOPED_TRACE(expansions);
    const std::string text = std::string(R"({"players":["Red","Blue"],"expansions":)") +
                             expansions + R"(,"rules":{},"start":"D","seed":7,"actions":[]})";
    auto record = parse_record(text);
    ASSERT_TRUE(record.ok()) << record.error().message;
    auto state = play(*record);
    ASSERT_TRUE(state);
    const int in_hand = state->tile_in_hand() == kNoTile ? 0 : 1;
    EXPECT_EQ(
        state->tiles_left_in_deck() + in_hand + static_cast<int>(state->set_aside_tiles().size()),
        total);
    EXPECT_EQ(dragon_at(*state), "none");
    EXPECT_EQ(fairy_at(*state), "none");
  }
}

// PD-1, PD-11: the six volcanoes (PD-X..PD-3). Each, placed below D at 0,1 with a field on its
// north edge, takes the dragon at once (before the figure step), and the figure step offers only
// "skip" (Red has no follower for the fairy).
TEST(PdScenarioTiles, Pd01EveryVolcanoTakesTheDragon) {
  const std::vector<std::pair<std::string, std::string>> volcanoes = {
      {"PD-X", "r0"}, {"PD-Y", "r180"}, {"PD-Z", "r180"},
      {"PD-1", "r0"}, {"PD-2", "r0"},   {"PD-3", "r90"}};
  for (const auto& [id, rotation] : volcanoes) {
    SCOPED_TRACE(id);
    auto state = play_pd({id, "B"}, {"place 0,1 " + rotation});
    ASSERT_TRUE(state);
    EXPECT_EQ(dragon_at(*state), "0,1");
    EXPECT_EQ(follower_options(*state), (Strings{"skip"}));
  }
}

// PD-1, PD-19: the twelve dragon tiles (PD-G twice, PD-H..PD-Q). Each, drawn first before any
// volcano, is set aside and the next tile (U) is drawn instead.
TEST(PdScenarioTiles, Pd01EveryDragonTileIsSetAsideBeforeAVolcano) {
  for (const char* id :
       {"PD-G", "PD-H", "PD-I", "PD-J", "PD-K", "PD-L", "PD-M", "PD-N", "PD-O", "PD-P", "PD-Q"}) {
    SCOPED_TRACE(id);
    auto state = play_pd({id, "U", "B"}, {});
    ASSERT_TRUE(state);
    EXPECT_EQ(state->set_aside_tiles(), tiles({id}));
    EXPECT_EQ(state->tile_in_hand(), tile("U"));
    EXPECT_EQ(state->tiles_left_in_deck(), 1);
  }
  auto twice = play_pd({"PD-G", "PD-G", "U"}, {});
  ASSERT_TRUE(twice);
  EXPECT_EQ(twice->set_aside_tiles(), tiles({"PD-G", "PD-G"}));
}

// PD-1, PD-21: the six magic portals (PD-R..PD-W). Each, placed where it does not touch D's city,
// offers a knight on D's open, empty city cap ("meeple 0,0 N"); a B in the same place does not.
//   PD-R r0, PD-S r180 (city S+W+E), PD-T r270, PD-U r90 at 0,1 (a field on their north edge);
//   PD-V r180 (road W+N, city S+E) and PD-W r0 (road N+W, road E+S) at 1,0 on D's road.
TEST(PdScenarioTiles, Pd01EveryPortalReachesAnotherTile) {
  const std::vector<std::pair<std::string, std::string>> portals = {
      {"PD-R", "place 0,1 r0"},  {"PD-S", "place 0,1 r180"}, {"PD-T", "place 0,1 r270"},
      {"PD-U", "place 0,1 r90"}, {"PD-V", "place 1,0 r180"}, {"PD-W", "place 1,0 r0"}};
  for (const auto& [id, place] : portals) {
    SCOPED_TRACE(id);
    auto state = play_pd({id, "B"}, {place});
    ASSERT_TRUE(state);
    EXPECT_TRUE(contains(follower_options(*state), "meeple 0,0 N"));
  }
  auto plain = play_pd({"B", "B"}, {"place 0,1 r0"});
  ASSERT_TRUE(plain);
  EXPECT_TRUE(starting_with(follower_options(*plain), "meeple 0,0").empty());
}

// The expansion's tiles and options need "pd": a deck naming PD-A, or the options dragon,
// fairy, princess, without it is refused; an unknown value too.
TEST(PdScenarioTiles, PdTilesAndOptionsNeedTheExpansion) {
  auto text = [](const std::string& expansions, const std::string& rules, const std::string& deck) {
    return std::string(R"({"players":["Red","Blue"],"expansions":)") + expansions + R"(,"rules":)" +
           rules + R"(,"start":"D","deck":)" + deck + R"(,"actions":[]})";
  };
  // Refused when the record does not parse or its replay fails.
  auto accepted = [](const std::string& t) {
    auto record = parse_record(t);
    return record.ok() && replay(*record).ok();
  };
  EXPECT_FALSE(accepted(text("[]", "{}", R"(["PD-A"])")));
  EXPECT_TRUE(accepted(text(R"(["pd"])", "{}", R"(["PD-A"])")));
  for (const char* rule : {R"({"dragon":"before-scoring"})", R"({"fairy":"next-to-follower"})",
                           R"({"princess":"may"})"}) {
    SCOPED_TRACE(rule);
    EXPECT_FALSE(accepted(text("[]", rule, R"(["U"])")));
    EXPECT_FALSE(accepted(text(R"(["tb"])", rule, R"(["U"])")));
    EXPECT_TRUE(accepted(text(R"(["pd"])", rule, R"(["U"])")));
  }
  EXPECT_FALSE(accepted(text(R"(["pd"])", R"({"dragon":"never"})", R"(["U"])")));
  EXPECT_TRUE(accepted(text(R"(["pd"])",
                            R"({"dragon":"after-scoring","fairy":"on-tile","princess":"must"})",
                            R"(["PD-A"])")));
}

// PD-2: PD-O, the cloister in the city: a follower goes to the cloister or to the city; the
// cloister scores when surrounded although the city is open; monk and knight do not exclude
// each other.
//
//        x=-1        x=0            x=1
//  y=-2  B           B              B
//  y=-1  E r90 ===== PD-O r180 ==== G r0 ==          city D + PD-O + E + G, open at G's east
//        Blue knight Red monk
//  y=0   U r90 ===== D r0 ========= U r90
//  y=1               PD-2 (volcano)
//
// Red U(1,0); Blue PD-2 at 0,1 (the dragon there); Red PD-O r180 at 0,-1 (its city S meets D's
// cap): options meeple E (city), NNW (its north field), cloister, skip; Red's monk. Journey:
// Red 0,1 -> 0,0 (only step); Blue 0,0 -> {0,-1  1,0} -> 1,0; Red at 1,0 has no unvisited
// neighbour: dead end. Blue E r90 at -1,-1: a knight in the city that holds Red's monk (on the
// cloister, not in the city): legal. Red U(-1,0), Blue G r0 at 1,-1, Red B(-1,-2), Blue B(1,-2),
// Red B(0,-2): PD-O's eight neighbours are all placed: cloister 9 for Red (during the game).
// The deck is used up. Final: the city D, PD-O, E, G = 4 tiles, open -> Blue 4.
TEST(PdScenarioTiles, Pd02CloisterInTheCityMonkAndKnight) {
  const Strings deck = {"U", "PD-2", "PD-O", "E", "U", "G", "B", "B", "B"};
  const Strings actions = {"place 1,0 r90",   "skip",
                           "place 0,1 r0",    "skip",
                           "place 0,-1 r180", "meeple cloister",
                           "dragon 0,0",      "dragon 1,0",
                           "place -1,-1 r90", "meeple E",
                           "place -1,0 r90",  "skip",
                           "place 1,-1 r0",   "skip",
                           "place -1,-2 r0",  "skip",
                           "place 1,-2 r0",   "skip",
                           "place 0,-2 r0",   "skip"};
  auto placed = play_pd(deck, first(actions, 5));
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed),
            sorted({"meeple E", "meeple NNW", "meeple cloister", "skip"}));

  auto knight = play_pd(deck, first(actions, 9));
  ASSERT_TRUE(knight);
  EXPECT_TRUE(contains(follower_options(*knight), "meeple E"));

  auto state = play_pd(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_pd_points(*state, kRed, Points{.cloister = 9}, 0);
  expect_pd_points(*state, kBlue, Points{.city = 4}, 0);
}

// PD-3: PD-Q, the tunnel: the road runs on under the city; the two fields are separate.
//
//        x=-1      x=0      x=1                    x=2
//  y=0   A r270 == D r0 === PD-Q r90 (road W-E) == A r90      city N-S on PD-Q, open both ways
//  y=1   B         PD-2
//
// Red PD-2 at 0,1; Blue B(-1,1); Red PD-Q r90 at 1,0: four separate segments: road (E), city
// (N), east field (ENE), west field (WSW, joined to D's fields) -> options meeple E, N, ENE, WSW,
// skip. Red's thief on the road. Journey: Red 0,1 -> {-1,1  0,0} -> -1,1; Blue at -1,1: dead end.
// Blue A r270 at -1,0, Red A r90 at 2,0: the road A, D, PD-Q, A = 4 tiles -> Red 4.
TEST(PdScenarioTiles, Pd03TunnelRoadRunsUnderTheCity) {
  const Strings deck = {"PD-2", "B", "PD-Q", "A", "A", "B"};
  const Strings actions = {"place 0,1 r0",  "skip",          "place -1,1 r0", "skip",
                           "place 1,0 r90", "meeple E",      "dragon -1,1",   "place -1,0 r270",
                           "skip",          "place 2,0 r90", "skip"};
  auto placed = play_pd(deck, first(actions, 5));
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed),
            sorted({"meeple E", "meeple ENE", "meeple N", "meeple WSW", "skip"}));

  auto journey = play_pd(deck, first(actions, 6));
  ASSERT_TRUE(journey);
  EXPECT_EQ(legal_options(*journey), sorted({"dragon -1,1", "dragon 0,0"}));

  auto state = play_pd(deck, actions);
  ASSERT_TRUE(state);
  expect_pd_points(*state, kRed, Points{.road = 4}, 0);
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
}

// PD-19, PD-20: dragon tiles drawn before the first volcano are set aside and, once a volcano is
// placed, go back under the last undrawn tile in the order set aside.
// Deck PD-H, U, PD-J, PD-2, U, B, B: Red's first draw sets PD-H aside and gives U (left: PD-J,
// PD-2, U, B, B = 5). Red U(1,0). Blue's draw sets PD-J aside and gives PD-2 (left: U, B, B).
// Blue PD-2 at 0,1: the dragon enters; PD-H, PD-J go under B, B: U, B, B, PD-H, PD-J.
// Red draws U (left 4), Blue B (3), Red B (2), Blue PD-H (1: PD-J).
TEST(PdScenarioTiles, Pd19SetAsideDragonTilesReturnAfterTheLastTile) {
  const Strings deck = {"PD-H", "U", "PD-J", "PD-2", "U", "B", "B"};
  const Strings actions = {"place 1,0 r90",  "skip", "place 0,1 r0", "skip",
                           "place -1,0 r90", "skip", "place 1,1 r0", "skip",
                           "place -1,1 r0",  "skip"};
  auto start = play_pd(deck, {});
  ASSERT_TRUE(start);
  EXPECT_EQ(start->set_aside_tiles(), tiles({"PD-H"}));
  EXPECT_EQ(start->tile_in_hand(), tile("U"));
  EXPECT_EQ(start->tiles_left_in_deck(), 5);

  auto blue = play_pd(deck, first(actions, 2));
  ASSERT_TRUE(blue);
  EXPECT_EQ(blue->set_aside_tiles(), tiles({"PD-H", "PD-J"}));
  EXPECT_EQ(blue->tile_in_hand(), tile("PD-2"));
  EXPECT_EQ(blue->tiles_left_in_deck(), 3);

  auto volcano = play_pd(deck, first(actions, 4));
  ASSERT_TRUE(volcano);
  EXPECT_TRUE(volcano->set_aside_tiles().empty());
  EXPECT_EQ(volcano->tile_in_hand(), tile("U"));
  EXPECT_EQ(volcano->tiles_left_in_deck(), 4);

  auto state = play_pd(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  EXPECT_EQ(state->tile_in_hand(), tile("PD-H"));
  EXPECT_EQ(state->tiles_left_in_deck(), 1);
}

// PD-20: no volcano comes: the set-aside tiles stay out, and a deck holding only tiles that would
// be set aside counts as empty. Deck U, PD-H: after Red's U the next draw would set PD-H aside:
// the game ends (nothing scores: no figure). Deck PD-H, PD-J: the game is over at once.
TEST(PdScenarioTiles, Pd20OnlyDragonTilesLeftEndsTheGame) {
  auto state = play_pd({"U", "PD-H"}, {"place 1,0 r90", "skip"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  EXPECT_EQ(state->set_aside_tiles(), tiles({"PD-H"}));
  EXPECT_EQ(state->score(kRed), 0);

  auto none = play_pd({"PD-H", "PD-J"}, {});
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->over());
  EXPECT_EQ(none->set_aside_tiles(), tiles({"PD-H", "PD-J"}));
}

// PD-20 (builder draw, "tb"): Red's thief U(1,0), Blue B(0,1), Red's builder U(2,0), Blue B(1,1),
// Red U(3,0) extends the builder's road: second part; its draw meets PD-H before any volcano:
// set aside, B drawn instead (left: B).
TEST(PdScenarioTiles, Pd20SetAsideOnABuilderDraw) {
  const Strings deck = {"U", "B", "U", "B", "U", "PD-H", "B", "B"};
  const Strings actions = {"place 1,0 r90", "meeple E",  "place 0,1 r0", "skip",
                           "place 2,0 r90", "builder E", "place 1,1 r0", "skip",
                           "place 3,0 r90", "skip"};
  auto state = play_pd(deck, actions, {}, {"pd", "tb"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*state, kRed, PartKind::Second));
  EXPECT_EQ(state->set_aside_tiles(), tiles({"PD-H"}));
  EXPECT_EQ(state->tile_in_hand(), tile("B"));
  EXPECT_EQ(state->tiles_left_in_deck(), 1);
}

// ============================================================================================
// The volcano and the dragon: PD-11..PD-18, PD-28, PD-29
// ============================================================================================

// PD-11, PD-29: a volcano takes no figure; its figure step offers only the fairy or skip; a
// second volcano takes the dragon straight over, with no action.
//
//        x=-1             x=0     x=1
//  y=0   PD-3 r90 ======= D r0 == U r90 (Red's thief)
//  y=1                    B       PD-2
//
// Red U(1,0) thief; Blue B(0,1); Red PD-2 at 1,1: the dragon enters at once; options: the fairy
// to 1,0 (Red's thief), skip; a farmer on the volcano is illegal. Blue PD-3 r90 at -1,0: the
// dragon flies to -1,0 at once; Blue has no follower: skip only.
TEST(PdScenarioDragon, Pd11VolcanoTakesNoFigureAndDrawsTheDragon) {
  const Strings deck = {"U", "B", "PD-2", "PD-3", "B"};
  const Strings actions = {"place 1,0 r90", "meeple E", "place 0,1 r0",   "skip",
                           "place 1,1 r0",  "skip",     "place -1,0 r90", "skip"};
  auto first_volcano = play_pd(deck, first(actions, 5));
  ASSERT_TRUE(first_volcano);
  EXPECT_EQ(dragon_at(*first_volcano), "1,1");
  EXPECT_EQ(follower_options(*first_volcano), sorted({"fairy 1,0", "skip"}));
  for (const char* bad : {"meeple NNW", "meeple cloister", "meeple 1,1 NNW"}) {
    SCOPED_TRACE(bad);
    const Error error = pd_error(deck, with(first(actions, 5), {bad}));
    EXPECT_FALSE(error.message.empty());
  }

  auto second_volcano = play_pd(deck, first(actions, 7));
  ASSERT_TRUE(second_volcano);
  EXPECT_EQ(dragon_at(*second_volcano), "-1,0");
  EXPECT_EQ(follower_options(*second_volcano), (Strings{"skip"}));

  auto state = play_pd(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));  // a volcano starts no journey
  EXPECT_EQ(dragon_at(*state), "-1,0");
}

// PD-12, PD-13 ("dragon": "after-scoring", the default), Y-22 ("before-scoring"):
//
//        x=-1      x=0      x=1
//  y=0   A r270 == D r0 === PD-I r0 (junction)       road A, D, PD-I = 3 tiles
//        Red thief
//  y=1             PD-2
//
// Red A r270 at -1,0, thief on its road (E); Blue PD-2 at 0,1; Red PD-I r0 at 1,0 completes the
// road, skip. Journey: Red 0,1 -> 0,0 (only step); Blue 0,0 -> {-1,0  1,0} -> -1,0; Red at -1,0:
// dead end.
//  after-scoring: the road scores first: Red 3, the thief home; then the dragon moves.
//  before-scoring: the dragon moves first and eats the thief at -1,0; the road then scores 3
//  tiles for nobody: Red 0.
TEST(PdScenarioDragon, Pd12And13DragonAfterOrBeforeScoring) {
  const Strings deck = {"A", "PD-2", "PD-I", "B"};
  const Strings actions = {"place -1,0 r270", "meeple E", "place 0,1 r0", "skip",
                           "place 1,0 r0",    "skip",     "dragon 0,0",   "dragon -1,0"};
  for (const char* option : {"", "after-scoring", "before-scoring"}) {
    SCOPED_TRACE(option);
    const Rules rules = std::string(option).empty() ? Rules{} : Rules{{"dragon", option}};
    const bool before = std::string(option) == "before-scoring";
    auto journey = play_pd(deck, first(actions, 6), rules);
    ASSERT_TRUE(journey);
    EXPECT_TRUE(pending_is(*journey, kRed, Phase::DragonMove));
    EXPECT_EQ(legal_options(*journey), (Strings{"dragon 0,0"}));
    EXPECT_EQ(journey->score(kRed), before ? 0 : 3);
    EXPECT_EQ(journey->followers_in_supply(kRed), before ? 6 : 7);

    auto step2 = play_pd(deck, first(actions, 7), rules);
    ASSERT_TRUE(step2);
    EXPECT_TRUE(pending_is(*step2, kBlue, Phase::DragonMove));
    EXPECT_EQ(legal_options(*step2), sorted({"dragon -1,0", "dragon 1,0"}));

    auto state = play_pd(deck, actions, rules);
    ASSERT_TRUE(state);
    EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
    EXPECT_EQ(dragon_at(*state), "-1,0");
    expect_pd_points(*state, kRed, Points{.road = before ? 0 : 3}, 0);
    expect_pd_points(*state, kBlue, Points{}, 0);
    EXPECT_EQ(state->followers_in_supply(kRed), 7);
  }
}

// PD-12, PD-16: on a dragon tile the follower is deployed as usual; the dragon may then enter
// that very tile. Red PD-2 at 0,1; Blue PD-J r180 at 1,1 (cap S; its field joins PD-2's and D's
// south field, nobody there): options include the farmer (NNW) and the knight (S); Blue's farmer.
// Journey, Blue first: from 0,1 {0,0  1,1} -> 1,1: Blue's own farmer goes home; Red from 1,1:
// no placed unvisited neighbour: dead end.
TEST(PdScenarioDragon, Pd12DeployOnTheDragonTileThenTheDragonMayEatIt) {
  const Strings deck = {"PD-2", "PD-J", "B"};
  const Strings actions = {"place 0,1 r0", "skip", "place 1,1 r180", "meeple NNW", "dragon 1,1"};
  auto placed = play_pd(deck, first(actions, 3));
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed), sorted({"meeple NNW", "meeple S", "skip"}));
  auto journey = play_pd(deck, first(actions, 4));
  ASSERT_TRUE(journey);
  EXPECT_TRUE(pending_is(*journey, kBlue, Phase::DragonMove));
  EXPECT_EQ(journey->followers_in_supply(kBlue), 6);
  EXPECT_EQ(legal_options(*journey), sorted({"dragon 0,0", "dragon 1,1"}));
  auto state = play_pd(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_EQ(dragon_at(*state), "1,1");
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
}

// PD-5, PD-14 (2 players: Blue, Red, Blue, ... from the placer), PD-15 (never onto the fairy's
// tile), PD-18 (dead end), PD-6 (the fairy's point):
//
//        x=-1      x=0     x=1
//  y=0   U r90 === D r0 == U r90   Red's thief on U(1,0); the fairy there
//  y=1   PD-J r180 PD-2
//
// Red U(1,0) thief; Blue PD-2 at 0,1; Red U(-1,0), fairy 1,0; Blue PD-J r180 at -1,1, skip.
// Journey, Blue first: from 0,1 {-1,1  0,0} -> 0,0; Red from 0,0: 1,0 holds the fairy, 0,-1 is
// empty: {-1,0} only -> -1,0; Blue from -1,0: {-1,1} -> -1,1; Red from -1,1: 0,1 visited, the
// rest empty: dead end after 3 steps. Red's thief is safe. Red's next turn starts with the fairy
// point: 1 (his thief on the fairy's tile).
TEST(PdScenarioDragon, Pd05DragonAvoidsTheFairysTileAndStopsAtADeadEnd) {
  const Strings deck = {"U", "PD-2", "U", "PD-J", "B"};
  const Strings actions = {"place 1,0 r90",  "meeple E",    "place 0,1 r0",    "skip",
                           "place -1,0 r90", "fairy 1,0",   "place -1,1 r180", "skip",
                           "dragon 0,0",     "dragon -1,0", "dragon -1,1"};
  auto s = play_pd(deck, first(actions, 8));
  ASSERT_TRUE(s);
  EXPECT_EQ(fairy_at(*s), "1,0");
  EXPECT_TRUE(pending_is(*s, kBlue, Phase::DragonMove));
  EXPECT_EQ(legal_options(*s), sorted({"dragon -1,1", "dragon 0,0"}));
  s = play_pd(deck, first(actions, 9));
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kRed, Phase::DragonMove));
  EXPECT_EQ(legal_options(*s), (Strings{"dragon -1,0"}));
  const Error onto_fairy = pd_error(deck, with(first(actions, 9), {"dragon 1,0"}));
  EXPECT_EQ(onto_fairy.code, ErrorCode::IllegalMove);
  EXPECT_FALSE(onto_fairy.message.empty());
  const Error back = pd_error(deck, with(first(actions, 9), {"dragon 0,1"}));
  EXPECT_EQ(back.code, ErrorCode::IllegalMove);
  s = play_pd(deck, first(actions, 10));
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kBlue, Phase::DragonMove));
  EXPECT_EQ(legal_options(*s), (Strings{"dragon -1,1"}));

  auto state = play_pd(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_EQ(dragon_at(*state), "-1,1");
  EXPECT_EQ(fairy_at(*state), "1,0");
  EXPECT_TRUE(figure_at(*state, kRed, FigureKind::Follower, 1, 0, "E"));
  expect_pd_points(*state, kRed, Points{}, 1);
  expect_pd_points(*state, kBlue, Points{}, 0);
}

// PD-16, PD-17, PD-28 ("pd", "tb", "ic"): the dragon eats a large follower and a farmer; the
// builder and the pig whose owner has no follower left in their road / farm go home with them,
// though the dragon never entered their tiles. Another player's monk off the route stays.
//
//        x=-1      x=0     x=1          x=2
//  y=-1                    B (Red's pig)
//  y=0   U r90 === D r0 == U r90 ====== U r90           one road; one north farm
//        Red farmer        Red large    Red builder
//  y=1             PD-J r180 PD-2       B (Blue's monk)
//
// Red U(1,0) large thief; Blue PD-2 at 1,1; Red U(-1,0) farmer (north farm); Blue B(2,1) monk;
// Red U(2,0) builder (his road); Blue B(3,1); Red B(1,-1), its field joins the north farm: pig.
// Blue PD-J r180 at 0,1, skip. Journey, Blue first: from 1,1 {0,1  1,0  2,1} -> 1,0: Red's large
// follower goes home, and with it the builder (Red's last follower on the road); Red from 1,0
// {0,0  1,-1  2,0} -> 0,0; Blue from 0,0 {-1,0  0,1} -> -1,0: Red's farmer goes home, and with it
// the pig (his last farmer in the farm); Red from -1,0: dead end. Blue's monk stays.
TEST(PdScenarioDragon, Pd16And17DragonEatsFollowersAndTheBuilderAndPigFollow) {
  const Strings deck = {"U", "PD-2", "U", "B", "U", "B", "B", "PD-J", "B"};
  const Strings actions = {"place 1,0 r90",  "large E",    "place 1,1 r0",   "skip",
                           "place -1,0 r90", "meeple NNW", "place 2,1 r0",   "meeple cloister",
                           "place 2,0 r90",  "builder E",  "place 3,1 r0",   "skip",
                           "place 1,-1 r0",  "pig NNW",    "place 0,1 r180", "skip",
                           "dragon 1,0",     "dragon 0,0", "dragon -1,0"};
  const Strings expansions = {"pd", "tb", "ic"};
  auto before = play_pd(deck, first(actions, 16), {}, expansions);
  ASSERT_TRUE(before);
  EXPECT_TRUE(pending_is(*before, kBlue, Phase::DragonMove));
  EXPECT_EQ(legal_options(*before), sorted({"dragon 0,1", "dragon 1,0", "dragon 2,1"}));
  EXPECT_EQ(on_board(*before, kRed, FigureKind::Builder), 1);
  EXPECT_EQ(on_board(*before, kRed, FigureKind::Pig), 1);

  auto step1 = play_pd(deck, first(actions, 17), {}, expansions);
  ASSERT_TRUE(step1);
  EXPECT_EQ(step1->figures_in_supply(kRed, FigureKind::LargeFollower), 1);
  EXPECT_EQ(step1->figures_in_supply(kRed, FigureKind::Builder), 1);  // PD-17
  EXPECT_EQ(on_board(*step1, kRed, FigureKind::Pig), 1);              // the farmer is still out
  EXPECT_EQ(legal_options(*step1), sorted({"dragon 0,0", "dragon 1,-1", "dragon 2,0"}));

  auto state = play_pd(deck, actions, {}, expansions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_EQ(dragon_at(*state), "-1,0");
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::LargeFollower), 1);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Builder), 1);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Pig), 1);
  EXPECT_EQ(state->followers_in_supply(kBlue), 6);
  EXPECT_TRUE(figure_at(*state, kBlue, FigureKind::Follower, 2, 1, "cloister"));
  EXPECT_EQ(state->score(kRed), 0);
  EXPECT_EQ(state->score(kBlue), 0);
}

// Y-2 ("pd", "tb"): the builder eaten by the dragon in the first part still gives the second.
//
//        x=0     x=1          x=2           x=3
//  y=0   D r0 == U r90 ====== U r90 ======= PD-H r90 (dragon tile)
//                Red thief    Red builder
//  y=1   B       PD-2
//
// Red U(1,0) thief; Blue PD-2 at 1,1; Red U(2,0) builder; Blue B(0,1); Red PD-H r90 at 3,0
// extends the builder's road (second part earned), skip. Journey, Red first: from 1,1
// {0,1  1,0} -> 1,0 (the thief home, the builder with it); Blue from 1,0 {0,0  2,0} -> 2,0; Red
// from 2,0 {3,0} -> 3,0; Blue from 3,0: dead end. Then Red's second part.
TEST(PdScenarioDragon, Y02BuilderEatenInTheFirstPartStillGivesTheSecond) {
  const Strings deck = {"U", "PD-2", "U", "B", "PD-H", "B", "B"};
  const Strings actions = {"place 1,0 r90", "meeple E",  "place 1,1 r0", "skip",
                           "place 2,0 r90", "builder E", "place 0,1 r0", "skip",
                           "place 3,0 r90", "skip",      "dragon 1,0",   "dragon 2,0",
                           "dragon 3,0"};
  auto journey = play_pd(deck, first(actions, 10), {}, {"pd", "tb"});
  ASSERT_TRUE(journey);
  EXPECT_EQ(legal_options(*journey), sorted({"dragon 0,1", "dragon 1,0"}));
  auto state = play_pd(deck, actions, {}, {"pd", "tb"});
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*state, kRed, PartKind::Second));
  EXPECT_EQ(state->tile_in_hand(), tile("B"));
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
  EXPECT_EQ(state->figures_in_supply(kRed, FigureKind::Builder), 1);
  EXPECT_EQ(dragon_at(*state), "3,0");
}

// ============================================================================================
// The fairy: PD-4..PD-10, PD-30, Y-1, Y-14
// ============================================================================================

// PD-4, PD-7, PD-30: the fairy goes where the player has a follower, from the table or from
// another tile; one point per turn however many followers stand with it; never onto its own
// tile.
//
//        x=-1     x=0     x=1      x=2  ... x=7
//  y=0   PD-R r0  D r0 == U r90
//                         Red thief + Red farmer (through the portal)
//  y=1            B       B        B (Red's monk)  B ... B
//
// Red U(1,0) thief; Blue B(0,1); Red PD-R r0 at -1,0 (a portal; its E road closes D's road at
// the junction) and through it a farmer on U(1,0)'s north field ("meeple 1,0 NNW"); Blue B(1,1);
// Red B(2,1) monk; Blue B(3,1); Red B(4,1), fairy 1,0 (from the table); Blue B(5,1); Red's turn
// starts: +1 (two followers, one point); Red B(6,1): the fairy's options are fairy 2,1 only (1,0
// is its own tile); Red moves it there. Blue B(7,1); Red's turn starts: +1 (the monk). Fairy 2.
TEST(PdScenarioFairy, Pd04FairyFromTheTableAndFromItsTileOnePointPerTurn) {
  const Strings deck = {"U", "B", "PD-R", "B", "B", "B", "B", "B", "B", "B", "B"};
  const Strings actions = {"place 1,0 r90", "meeple E",        "place 0,1 r0", "skip",
                           "place -1,0 r0", "meeple 1,0 NNW",  "place 1,1 r0", "skip",
                           "place 2,1 r0",  "meeple cloister", "place 3,1 r0", "skip",
                           "place 4,1 r0",  "fairy 1,0",       "place 5,1 r0", "skip",
                           "place 6,1 r0",  "fairy 2,1",       "place 7,1 r0", "skip"};
  auto two = play_pd(deck, first(actions, 6));
  ASSERT_TRUE(two);
  EXPECT_EQ(two->followers_in_supply(kRed), 5);
  EXPECT_TRUE(figure_at(*two, kRed, FigureKind::Follower, 1, 0, "NNW"));

  auto placed = play_pd(deck, first(actions, 13));
  ASSERT_TRUE(placed);
  EXPECT_EQ(starting_with(follower_options(*placed), "fairy "), sorted({"fairy 1,0", "fairy 2,1"}));

  auto point = play_pd(deck, first(actions, 16));
  ASSERT_TRUE(point);
  EXPECT_TRUE(pending_is(*point, kRed, Phase::PlaceTile));
  EXPECT_EQ(fairy_at(*point), "1,0");
  expect_pd_points(*point, kRed, Points{}, 1);  // PD-7: 1, not 2

  auto moving = play_pd(deck, first(actions, 17));
  ASSERT_TRUE(moving);
  EXPECT_EQ(starting_with(follower_options(*moving), "fairy "), (Strings{"fairy 2,1"}));
  const Error own_tile = pd_error(deck, with(first(actions, 17), {"fairy 1,0"}));
  EXPECT_EQ(own_tile.code, ErrorCode::IllegalMove);
  EXPECT_FALSE(own_tile.message.empty());
  // Blue has no follower anywhere: no fairy for him.
  EXPECT_FALSE(pd_error(deck, with(first(actions, 19), {"fairy 1,0"})).message.empty());

  auto state = play_pd(deck, actions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_EQ(fairy_at(*state), "2,1");
  expect_pd_points(*state, kRed, Points{}, 2);
  expect_pd_points(*state, kBlue, Points{}, 0);
}

// PD-6, PD-8, PD-9, PD-10: the turn point, the 3 at a scoring (the follower goes home, the fairy
// stays), the 3 also for a scoring worth 0, and the option "fairy".
//
//        x=-2     x=-1     x=0       x=1       x=2
//  y=0   A r270 = U r90 == D r0 ==== U r90 ==== A r90       road: 5 tiles
//                                    Red thief + Blue farmer (north field, through the portal)
//  y=1                     PD-R r0             B
//
// Red U(1,0) thief; Blue PD-R r0 at 0,1 and through the portal a farmer on U(1,0)'s north field
// (the north farm: D's strip, U's north fields); Red U(-1,0), the fairy to 1,0 ("on-tile":
// "fairy 1,0"; "next-to-follower": "fairy 1,0 E", beside his thief); Blue A r270 at -2,0; Red
// A r90 at 2,0 completes the road A, U, D, U, A = 5 tiles: Red 5; Blue B(2,1), the last tile.
// Final: the north farm (now joined by the A fields to the south fields) borders no completed
// city (D's cap is open): 0 for Blue's farmer.
//
// on-tile: Blue's turn (4) starts with his farmer on the fairy's tile: +1; Red's (5) with his
// thief: +1; the road's scoring: Red's thief on the fairy's tile: +3; the fairy stays on 1,0;
// Blue's turn (6): +1 (the farmer); final farm scoring worth 0, Blue's farmer on the fairy's
// tile: +3. Red: road 5 + fairy 4 = 9; Blue: fairy 5.
// next-to-follower: only Red's thief has the fairy: Red +1 (turn 5), +3 (the road); then the
// thief leaves and the fairy stays, unassigned: no more points. Red 9; Blue 0.
TEST(PdScenarioFairy, Pd08And10FairyOnTileAndNextToFollower) {
  const Strings deck = {"U", "PD-R", "U", "A", "A", "B"};
  for (const bool next_to : {false, true}) {
    SCOPED_TRACE(next_to ? "next-to-follower" : "on-tile");
    const Rules rules =
        next_to ? Rules{{"fairy", "next-to-follower"}} : Rules{{"fairy", "on-tile"}};
    const Strings actions = {"place 1,0 r90",   "meeple E",
                             "place 0,1 r0",    "meeple 1,0 NNW",
                             "place -1,0 r90",  next_to ? "fairy 1,0 E" : "fairy 1,0",
                             "place -2,0 r270", "skip",
                             "place 2,0 r90",   "skip",
                             "place 2,1 r0",    "skip"};
    auto fairy = play_pd(deck, first(actions, 6), rules);
    ASSERT_TRUE(fairy);
    EXPECT_EQ(fairy_at(*fairy), "1,0");
    EXPECT_EQ(fairy_points(*fairy, kBlue), next_to ? 0 : 1);  // Blue's turn has started

    auto scored = play_pd(deck, first(actions, 10), rules);
    ASSERT_TRUE(scored);
    expect_pd_points(*scored, kRed, Points{.road = 5}, 4);
    EXPECT_EQ(fairy_at(*scored), "1,0");  // the fairy stays
    EXPECT_EQ(scored->followers_in_supply(kRed), 7);
    EXPECT_EQ(fairy_points(*scored, kBlue), next_to ? 0 : 2);

    std::vector<ScoreEvent> events;
    auto state = play_logged(pd(deck, actions, rules), events);
    ASSERT_TRUE(state);
    EXPECT_TRUE(state->over());
    expect_pd_points(*state, kRed, Points{.road = 5}, 4);
    expect_pd_points(*state, kBlue, Points{}, next_to ? 0 : 5);
    int threes = 0;
    for (const ScoreEvent& e : events_of(events, ScoreCategory::Fairy))
      if (e.points == 3) ++threes;
    EXPECT_EQ(threes, next_to ? 1 : 2);
  }
}

// PD-10, PD-30 ("next-to-follower"): the fairy goes beside one's own follower; never beside
// another player's, nor to the tile it already stands on.
// The layout of the previous test up to Red's fairy (beside his thief, 1,0 E). Blue's turn:
// Blue A r270 at -2,0: his options name only his farmer's tile, and that is the fairy's: none.
TEST(PdScenarioFairy, Pd10NextToFollowerOnlyBesideOnesOwnFollower) {
  const Rules rules = {{"fairy", "next-to-follower"}};
  const Strings deck = {"U", "PD-R", "U", "A", "A", "B"};
  const Strings prefix = {"place 1,0 r90", "meeple E", "place 0,1 r0", "meeple 1,0 NNW",
                          "place -1,0 r90"};
  auto red = play_pd(deck, prefix, rules);
  ASSERT_TRUE(red);
  EXPECT_EQ(starting_with(follower_options(*red), "fairy "), (Strings{"fairy 1,0 E"}));
  EXPECT_FALSE(pd_error(deck, with(prefix, {"fairy 1,0 NNW"}), rules).message.empty());

  const Strings blue = with(prefix, {"fairy 1,0 E", "place -2,0 r270"});
  auto state = play_pd(deck, blue, rules);
  ASSERT_TRUE(state);
  EXPECT_TRUE(starting_with(follower_options(*state), "fairy ").empty());
  EXPECT_FALSE(pd_error(deck, with(blue, {"fairy 1,0 NNW"}), rules).message.empty());
}

// PD-9 ("pd", "ic"): the 3 points regardless of the majority.
//
//        x=-1     x=0     x=1          x=2
//  y=0   A r270 = D r0 == U r90 ====== V r0
//                         Red thief      ||
//  y=1            B       B            V r180 ==== A r90
//                                      Blue large
//
// Red U(1,0) thief; Blue B(0,1); Red B(1,1), fairy 1,0; Blue V r180 at 2,1 (road N+E), his large
// follower on it (a road of its own); Red (+1) V r0 at 2,0 joins the two roads; Blue A r90 at 3,1
// closes the east end; Red (+1) A r270 at -1,0 closes the west end: A, D, U, V, V, A = 6 tiles.
// Blue (strength 2) beats Red (1): Blue 6. Red's thief on the fairy's tile: Red 3. Red: fairy 5.
TEST(PdScenarioFairy, Pd09FairyBonusWhateverTheMajority) {
  const Strings deck = {"U", "B", "B", "V", "V", "A", "A", "B"};
  const Strings actions = {"place 1,0 r90",   "meeple E",  "place 0,1 r0",   "skip",
                           "place 1,1 r0",    "fairy 1,0", "place 2,1 r180", "large N",
                           "place 2,0 r0",    "skip",      "place 3,1 r90",  "skip",
                           "place -1,0 r270", "skip"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(pd(deck, actions, {}, {"pd", "ic"}), events);
  ASSERT_TRUE(state);
  EXPECT_FALSE(state->over());
  expect_pd_points(*state, kRed, Points{}, 5);
  expect_pd_points(*state, kBlue, Points{.road = 6}, 0);
  const auto fairy = events_of(events, ScoreCategory::Fairy);
  ASSERT_EQ(fairy.size(), 3u);
  EXPECT_EQ(fairy[2].points, 3);
  EXPECT_EQ(fairy[2].winners, 1u << kRed);
  EXPECT_FALSE(fairy[2].final_scoring);
}

// PD-8, PD-9 ("on-tile"): every player with a follower of the scored feature on the fairy's tile
// scores 3, whoever placed the fairy, once per scoring.
//
//        x=-1     x=0     x=1                          x=2
//  y=0   U r90 == D r0 == U r90 ====================== A r90 (one field round its cloister)
//                         Red farmer N, Blue farmer S
//  y=1            PD-R r0                              B
//
// Red U(1,0), farmer on its north field; Blue PD-R r0 at 0,1 and through the portal a farmer on
// U(1,0)'s south field (D's south farm: nobody); Red U(-1,0), fairy 1,0. Blue's turn: +1; A r90
// at 2,0 joins the north and south farms (A's one field touches U's ENE and ESE). Red's turn: +1;
// B(2,1), the last tile: the game ends with this turn (L259-261: no turn of Blue's starts, so no
// fairy point for him). Final: the farm borders only D's open city: 0; Red and Blue both have a
// farmer of it on the fairy's tile: 3 each. Red: fairy 1 + 3 = 4; Blue: fairy 1 + 3 = 4.
TEST(PdScenarioFairy, Pd09EveryPlayerOnTheFairysTileScoresThree) {
  const Strings deck = {"U", "PD-R", "U", "A", "B"};
  const Strings actions = {"place 1,0 r90",  "meeple NNW", "place 0,1 r0",  "meeple 1,0 ESE",
                           "place -1,0 r90", "fairy 1,0",  "place 2,0 r90", "skip",
                           "place 2,1 r0",   "skip"};
  std::vector<ScoreEvent> events;
  auto state = play_logged(pd(deck, actions), events);
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->over());
  expect_pd_points(*state, kRed, Points{}, 4);
  expect_pd_points(*state, kBlue, Points{}, 4);
  // Three fairy events: Blue's point, Red's point, then the final farm's 3 for both. No point for
  // Blue after Red's last tile: the game ends with the turn that places it (L259-261), so no
  // turn of Blue's starts.
  const auto fairy = events_of(events, ScoreCategory::Fairy);
  ASSERT_FALSE(fairy.empty());
  EXPECT_EQ(fairy.size(), 3u);
  EXPECT_EQ(fairy[0].winners, 1u << kBlue);
  if (fairy.size() > 1) {
    EXPECT_EQ(fairy[1].winners, 1u << kRed);
  }
  const ScoreEvent& bonus = fairy.back();
  EXPECT_EQ(bonus.points, 3);
  EXPECT_EQ(bonus.winners, (1u << kRed) | (1u << kBlue));
  EXPECT_TRUE(bonus.final_scoring);  // given in the final scoring
}

// Y-1, Y-14 ("pd", "tb"): no fairy point at a builder's second part; the builder is no follower:
// the fairy cannot go to the builder's tile.
//
//        x=-2  x=-1   x=0     x=1        x=2           x=3      x=4
//  y=0                D r0 == U r90 ==== U r90 ======= U r90 == U r90
//                             Red thief  Red builder   (part 1) (part 2)
//  y=1         B      B       B          B
//
// Red U(1,0) thief; Blue B(0,1); Red U(2,0) builder; Blue B(1,1); Red B(2,1): fairy options
// "fairy 1,0" only (2,0 holds only the builder); fairy 1,0. Blue B(-1,1). Red's turn: +1; U(3,0)
// extends the builder's road: second part, no point; U(4,0). Blue B(-2,1). Red's turn: +1 = 2.
TEST(PdScenarioFairy, Y01NoFairyPointInTheSecondPartY14NotForTheBuilder) {
  const Strings deck = {"U", "B", "U", "B", "B", "B", "U", "U", "B", "B"};
  const Strings actions = {
      "place 1,0 r90", "meeple E", "place 0,1 r0",  "skip",      "place 2,0 r90", "builder E",
      "place 1,1 r0",  "skip",     "place 2,1 r0",  "fairy 1,0", "place -1,1 r0", "skip",
      "place 3,0 r90", "skip",     "place 4,0 r90", "skip",      "place -2,1 r0", "skip"};
  const Strings expansions = {"pd", "tb"};
  auto placed = play_pd(deck, first(actions, 9), {}, expansions);
  ASSERT_TRUE(placed);
  EXPECT_EQ(starting_with(follower_options(*placed), "fairy "), (Strings{"fairy 1,0"}));
  EXPECT_FALSE(
      pd_error(deck, with(first(actions, 9), {"fairy 2,0"}), {}, expansions).message.empty());

  auto part1 = play_pd(deck, first(actions, 14), {}, expansions);
  ASSERT_TRUE(part1);
  EXPECT_TRUE(pending_is(*part1, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*part1, kRed, PartKind::Second));
  EXPECT_EQ(fairy_points(*part1, kRed), 1);

  auto part2 = play_pd(deck, first(actions, 16), {}, expansions);
  ASSERT_TRUE(part2);
  EXPECT_TRUE(pending_is(*part2, kBlue, Phase::PlaceTile));
  EXPECT_EQ(fairy_points(*part2, kRed), 1);

  auto state = play_pd(deck, actions, {}, expansions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*state, kRed, PartKind::Normal));
  expect_pd_points(*state, kRed, Points{}, 2);
}

// ============================================================================================
// The magic portal: PD-21, PD-22, Y-5
// ============================================================================================

// PD-21: the full list of options of a portal turn.
//
//        x=0         x=1
//  y=-1  E r180                  city D + E complete (2 tiles, nobody): closed to the portal
//  y=0   D r0 ====== U r90       Blue's thief on the road D-U
//  y=1   PD-R r0
//
// Red E r180 at 0,-1; Blue U(1,0) thief; Red PD-R r0 at 0,1. Open and unoccupied features:
//   E's field (0,-1 NNW); D's strip + U's north field (0,0 ENE, 1,0 NNW); D's south field + U's
//   south field + PD-R's north field (0,0 ESE, 1,0 ESE, NNW); PD-R's three roads (E, S, W) and
//   its fields ESE and SSW. Not: the city (complete), the road D-U (Blue's). Red has no follower:
//   no fairy.
TEST(PdScenarioPortal, Pd21PortalOptionsOnAnyTileNotOnACompletedFeature) {
  const Strings deck = {"E", "U", "PD-R", "B"};
  const Strings prefix = {"place 0,-1 r180", "skip", "place 1,0 r90", "meeple E", "place 0,1 r0"};
  auto state = play_pd(deck, prefix);
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state),
            sorted({"meeple 0,-1 NNW", "meeple 0,0 ENE", "meeple 1,0 NNW", "meeple 0,0 ESE",
                    "meeple 1,0 ESE", "meeple NNW", "meeple E", "meeple S", "meeple W",
                    "meeple ESE", "meeple SSW", "skip"}));
  for (const char* bad : {"meeple 0,0 N", "meeple 0,-1 S", "meeple 0,0 E"}) {
    SCOPED_TRACE(bad);
    const Error error = pd_error(deck, with(prefix, {bad}));
    EXPECT_EQ(error.code, ErrorCode::IllegalMove);
    EXPECT_FALSE(error.message.empty());
  }
  auto farmer = play_pd(deck, with(prefix, {"meeple 0,-1 NNW"}));
  ASSERT_TRUE(farmer);
  EXPECT_TRUE(figure_at(*farmer, kRed, FigureKind::Follower, 0, -1, "NNW"));
  // Without a portal the same turn offers nothing on other tiles.
  auto plain = play_pd({"E", "U", "W", "B"}, prefix);
  ASSERT_TRUE(plain);
  EXPECT_TRUE(starting_with(follower_options(*plain), "meeple 0,").empty());
  EXPECT_TRUE(starting_with(follower_options(*plain), "meeple 1,").empty());
}

// PD-22: a feature completed by the portal tile takes a follower on the portal tile only.
// Red PD-T r180 at 0,-1: its cap S closes D's cap (city of 2 tiles, complete). Options: the city
// on PD-T (S), PD-T's road N+E (N) and fields (NNW, NNE), and on D the road (0,0 E) and both
// fields (0,0 ENE, 0,0 ESE); not the city through D. Red's knight on S scores 2 x 2 = 4.
TEST(PdScenarioPortal, Pd22CompletedFeatureOnlyOnThePortalTileItself) {
  const Strings deck = {"PD-T", "B"};
  auto placed = play_pd(deck, {"place 0,-1 r180"});
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed),
            sorted({"meeple S", "meeple N", "meeple NNW", "meeple NNE", "meeple 0,0 E",
                    "meeple 0,0 ENE", "meeple 0,0 ESE", "skip"}));
  const Error error = pd_error(deck, {"place 0,-1 r180", "meeple 0,0 N"});
  EXPECT_EQ(error.code, ErrorCode::IllegalMove);
  auto state = play_pd(deck, {"place 0,-1 r180", "meeple S"});
  ASSERT_TRUE(state);
  expect_pd_points(*state, kRed, Points{.city = 4}, 0);
  EXPECT_EQ(state->followers_in_supply(kRed), 7);
}

// Y-5, PD-22 ("pd", "tb"): the builder (and the pig) only on the tile just placed, portal or not.
// Red U(1,0) thief (road D-U, open), Blue B(1,1), Red PD-R r0 at -1,0 (its E road closes D's
// road at its junction): through the portal a follower may go elsewhere, but "builder 1,0 E" is
// illegal, and no builder option is offered (PD-R's own roads W, S and E... its E road is now
// Red's road: "builder E" on the tile just placed is the only builder option).
TEST(PdScenarioPortal, Y05BuilderNotThroughThePortal) {
  const Strings deck = {"U", "B", "PD-R", "B"};
  const Strings prefix = {"place 1,0 r90", "meeple E", "place 1,1 r0", "skip", "place -1,0 r0"};
  const Strings expansions = {"pd", "tb"};
  auto state = play_pd(deck, prefix, {}, expansions);
  ASSERT_TRUE(state);
  const Strings options = follower_options(*state);
  EXPECT_EQ(starting_with(options, "builder "), (Strings{"builder E"}));
  EXPECT_TRUE(contains(options, "meeple 1,0 NNW"));
  EXPECT_FALSE(pd_error(deck, with(prefix, {"builder 1,0 E"}), {}, expansions).message.empty());
  EXPECT_FALSE(pd_error(deck, with(prefix, {"builder 0,0 E"}), {}, expansions).message.empty());
  EXPECT_FALSE(pd_error(deck, with(prefix, {"pig 1,0 NNW"}), {}, expansions).message.empty());
}

// ============================================================================================
// The princess: PD-23..PD-27, Y-3, Y-10, X-14
// ============================================================================================

// PD-23, PD-24, PD-25, PD-27 ("must"), Y-3, Y-10 ("pd", "tb", "ic"):
//
//        x=-2         x=-1          x=0             x=1     x=2
//  y=-2  G r0 ======= G r0 ======== PD-C r180 ====            city open at both ends
//        Blue builder Blue knight    |
//  y=-1               B             G r90 (Red knight)
//                                    |
//  y=0                              D r0 ========== U r90 = U r90
//
// Red G r90 at 0,-1, knight; Blue B(-1,-1); Red U(1,0); Blue G r0 at -1,-2, knight (or large);
// Red U(2,0); Blue G r0 at -2,-2, builder (his knight's city). Red PD-C r180 at 0,-2 joins both:
// the city holds Red's and Blue's knights. "must": the princess is the only figure action:
// {princess -1,-2 E, princess 0,-1 N}; skip, the fairy, a farmer, a builder are illegal.
// Red sends Blue's knight home: Blue's builder goes with it (his last knight in the city). After
// the princess Red's turn is over: a second figure action is refused.
TEST(PdScenarioPrincess, Pd23PrincessMustSendAKnightHomeAndTheBuilderFollows) {
  const Strings deck = {"G", "B", "U", "G", "U", "G", "PD-C", "B"};
  const Strings expansions = {"pd", "tb", "ic"};
  for (const char* knight : {"meeple E", "large E"}) {
    SCOPED_TRACE(knight);
    const Strings prefix = {"place 0,-1 r90", "meeple N", "place -1,-1 r0", "skip",
                            "place 1,0 r90",  "skip",     "place -1,-2 r0", knight,
                            "place 2,0 r90",  "skip",     "place -2,-2 r0", "builder E",
                            "place 0,-2 r180"};
    auto placed = play_pd(deck, prefix, {}, expansions);
    ASSERT_TRUE(placed);
    EXPECT_EQ(legal_options(*placed), sorted({"princess -1,-2 E", "princess 0,-1 N"}));
    for (const char* bad : {"skip", "fairy 0,-1", "meeple NNW", "builder E", "large NNW"}) {
      SCOPED_TRACE(bad);
      EXPECT_FALSE(pd_error(deck, with(prefix, {bad}), {}, expansions).message.empty());
    }

    auto state = play_pd(deck, with(prefix, {"princess -1,-2 E"}), {}, expansions);
    ASSERT_TRUE(state);
    EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
    EXPECT_EQ(state->followers_in_supply(kBlue), 7);
    EXPECT_EQ(state->figures_in_supply(kBlue, FigureKind::LargeFollower), 1);
    EXPECT_EQ(state->figures_in_supply(kBlue, FigureKind::Builder), 1);  // PD-25, Y-3
    EXPECT_TRUE(figure_at(*state, kRed, FigureKind::Follower, 0, -1, "N"));
    EXPECT_EQ(state->score(kRed), 0);
    EXPECT_EQ(state->score(kBlue), 0);
    EXPECT_FALSE(pd_error(deck, with(prefix, {"princess -1,-2 E", "meeple NNW"}), {}, expansions)
                     .message.empty());
  }
}

// PD-27 ("princess": "may"): the princess is one more choice. The layout of the previous test:
// Red's options on PD-C: both princess actions, the farmer or large farmer on PD-C's north field
// (NNW), the builder on PD-C's city (E: Red's knight is in it), the fairy to 0,-1, skip.
TEST(PdScenarioPrincess, Pd27PrincessMayIsOneMoreChoice) {
  const Strings deck = {"G", "B", "U", "G", "U", "G", "PD-C", "B"};
  const Strings expansions = {"pd", "tb", "ic"};
  const Rules rules = {{"princess", "may"}};
  const Strings prefix = {"place 0,-1 r90", "meeple N", "place -1,-1 r0", "skip",
                          "place 1,0 r90",  "skip",     "place -1,-2 r0", "meeple E",
                          "place 2,0 r90",  "skip",     "place -2,-2 r0", "builder E",
                          "place 0,-2 r180"};
  auto placed = play_pd(deck, prefix, rules, expansions);
  ASSERT_TRUE(placed);
  EXPECT_EQ(follower_options(*placed), sorted({"builder E", "fairy 0,-1", "large NNW", "meeple NNW",
                                               "princess -1,-2 E", "princess 0,-1 N", "skip"}));
  auto skipped = play_pd(deck, with(prefix, {"skip"}), rules, expansions);
  ASSERT_TRUE(skipped);
  EXPECT_EQ(skipped->followers_in_supply(kBlue), 6);  // the knight stays
  auto sent = play_pd(deck, with(prefix, {"princess 0,-1 N"}), rules, expansions);
  ASSERT_TRUE(sent);
  EXPECT_EQ(sent->followers_in_supply(kRed), 7);  // his own knight: any knight may be chosen
}

// PD-26: a princess tile joining an empty city: normal deployment, no princess.
// Red PD-B r180 at 0,-1: its city S+E joins D's empty cap: options meeple E (city), NNW (its
// field), skip.
TEST(PdScenarioPrincess, Pd26EmptyCityNormalDeployment) {
  auto state = play_pd({"PD-B", "B"}, {"place 0,-1 r180"});
  ASSERT_TRUE(state);
  EXPECT_EQ(follower_options(*state), sorted({"meeple E", "meeple NNW", "skip"}));
  EXPECT_FALSE(pd_error({"PD-B", "B"}, {"place 0,-1 r180", "princess 0,-1 E"}).message.empty());
}

// X-14 ("pd", "bcb"): PD-D's princess cap is a castle base; the princess acts before the castle
// choice.
//
//        x=1
//  y=-2  PD-D r180 (princess cap S; roads W, N, E end at its junction)
//  y=-1  E r0 (cap N): Blue's knight
//  y=0   U r90 (Red)
//
// Red U(1,0); Blue E r0 at 1,-1, knight on its cap N; Red PD-D r180 at 1,-2 closes the small
// city of two castle bases (2 tiles).
// With "bcb" the optional bridge of step 2 is still open beside the figure actions: only on
// E(1,-1), west-east (its W and E sides are field and face empty squares; its N side is city;
// PD-D has roads on W, N, E).
//  "must": "princess 1,-1 N" (and the bridge); the city then scores for nobody, no castle:
//  Blue's turn.
//  "may": options: the bridge, the princess, PD-D's three roads (E, N, W) and three fields (ESE,
//  NNW, NNE), skip; after skip Blue's lone knight owns the small city: Blue's castle choice.
TEST(PdScenarioPrincess, X14PrincessBeforeTheCastleChoice) {
  const Strings deck = {"U", "E", "PD-D", "B"};
  const Strings prefix = {"place 1,0 r90", "skip", "place 1,-1 r0", "meeple N", "place 1,-2 r180"};
  const Strings expansions = {"pd", "bcb"};
  auto must = play_pd(deck, prefix, {}, expansions);
  ASSERT_TRUE(must);
  // Step 2 is still open: the optional bridge on E (1,-1) west-east (both ends on its fields,
  // facing empty squares); of the figure actions only the princess.
  EXPECT_EQ(legal_options(*must), sorted({"bridge 1,-1 EW", "princess 1,-1 N"}));
  auto state = play_pd(deck, with(prefix, {"princess 1,-1 N"}), {}, expansions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  EXPECT_TRUE(state->castles().empty());
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
  EXPECT_EQ(state->score(kBlue), 0);
  EXPECT_EQ(state->score(kRed), 0);

  const Rules may = {{"princess", "may"}};
  auto offered = play_pd(deck, prefix, may, expansions);
  ASSERT_TRUE(offered);
  EXPECT_EQ(follower_options(*offered),
            sorted({"bridge 1,-1 EW", "princess 1,-1 N", "meeple E", "meeple N", "meeple W",
                    "meeple ESE", "meeple NNW", "meeple NNE", "skip"}));
  auto castle = play_pd(deck, with(prefix, {"skip"}), may, expansions);
  ASSERT_TRUE(castle);
  EXPECT_TRUE(pending_is(*castle, kBlue, Phase::CastleChoice));
}

// ============================================================================================
// With Bridges, Castles and Bazaars: X-7, X-8, X-15, X-19, X-23, X-24, X-25, PD-30
// ============================================================================================

// X-7, X-8, PD-30, PD-18 ("pd", "bcb"): the castle's follower is safe from the dragon; the fairy
// may join a castle (its follower stands on both tiles) but not on the dragon's tile; a castle
// scoring with the fairy gives 3.
//
//        x=-1      x=0                 x=1
//  y=-1            E r180  [castle]
//  y=0   A r270 == D r0    [castle] == A r90         road A, D, A: 3 tiles, nobody on it
//  y=1             PD-2                PD-J r180 (Red's farmer)
//
// Red PD-2 at 0,1; Blue E r180 at 0,-1, knight, castle (fief x -1..1, y -1..0); Red PD-J r180 at
// 1,1, farmer (NNW). Journey: Red from 0,1 {0,0  1,1} -> 0,0; Blue {0,-1} -> 0,-1; Red at 0,-1:
// dead end. The castle's knight stays. Blue A r270 at -1,0: fairy options {fairy 0,0} (0,-1 is
// the dragon's); fairy 0,0. Red (no point: nothing of his on 0,0) A r90 at 1,0 completes the road
// (3, nobody): Blue's castle scores 3, and its knight is on the fairy's tile: +3. The knight goes
// home.
TEST(PdScenarioCastle, X07CastleSafeFromTheDragonX08FairyOnTheCastle) {
  const Strings deck = {"PD-2", "E", "PD-J", "A", "A", "B"};
  const Strings actions = {"place 0,1 r0",
                           "skip",
                           "place 0,-1 r180",
                           "meeple S",
                           "castle",
                           "place 1,1 r180",
                           "meeple NNW",
                           "dragon 0,0",
                           "dragon 0,-1",
                           "place -1,0 r270",
                           "fairy 0,0",
                           "place 1,0 r90",
                           "skip"};
  const Strings expansions = {"pd", "bcb"};
  auto journey = play_pd(deck, first(actions, 7), {}, expansions);
  ASSERT_TRUE(journey);
  EXPECT_EQ(legal_options(*journey), sorted({"dragon 0,0", "dragon 1,1"}));
  auto step2 = play_pd(deck, first(actions, 8), {}, expansions);
  ASSERT_TRUE(step2);
  EXPECT_EQ(legal_options(*step2), (Strings{"dragon 0,-1"}));

  auto after = play_pd(deck, first(actions, 9), {}, expansions);
  ASSERT_TRUE(after);
  EXPECT_TRUE(pending_is(*after, kBlue, Phase::PlaceTile));
  EXPECT_EQ(dragon_at(*after), "0,-1");
  ASSERT_EQ(after->castles().size(), 1u);
  EXPECT_TRUE(after->castles()[0].occupied);
  EXPECT_EQ(after->followers_in_supply(kBlue), 6);
  EXPECT_EQ(after->followers_in_supply(kRed), 6);  // the farmer at 1,1 was not visited

  auto placed = play_pd(deck, first(actions, 10), {}, expansions);
  ASSERT_TRUE(placed);
  EXPECT_EQ(starting_with(follower_options(*placed), "fairy "), (Strings{"fairy 0,0"}));
  const Error onto_dragon =
      pd_error(deck, with(first(actions, 10), {"fairy 0,-1"}), {}, expansions);
  EXPECT_EQ(onto_dragon.code, ErrorCode::IllegalMove);
  EXPECT_FALSE(onto_dragon.message.empty());

  auto state = play_pd(deck, actions, {}, expansions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  expect_pd_points(*state, kBlue, Points{.castle = 3}, 3);
  expect_pd_points(*state, kRed, Points{}, 0);
  EXPECT_EQ(state->followers_in_supply(kBlue), 7);
  EXPECT_EQ(fairy_at(*state), "0,0");
}

// X-15 ("pd", "bcb"): tile effects reach a bridge on the tile: the dragon eats the follower on it;
// the on-tile fairy counts it.
//
//        x=-1     x=0                   x=1
//  y=-1                                 PD-J r0 (dragon tile)
//  y=0   U r90 == D r0 ================ PD-3 r90 (volcano)
//  y=1            B ==bridge EW==        Red's thief on the bridge
//
// Red B(0,1) with a bridge EW on it and his thief on the bridge (E); Blue PD-3 r90 at 1,0 (the
// dragon there); Red U(-1,0): skip, or the fairy to 0,1 (his thief on the bridge stands there);
// Blue PD-J r0 at 1,-1. Journey, Blue first: from 1,0 {0,0  1,-1} -> 0,0;
//  without the fairy: Red {-1,0  0,1} -> 0,1: the thief on the bridge goes home; the bridge stays;
//  Blue at 0,1: dead end.
//  with the fairy on 0,1: Red {-1,0} only -> -1,0; Blue at -1,0: dead end. Red's next turn starts
//  with the fairy point: 1.
TEST(PdScenarioBridge, X15DragonAndFairyReachAFollowerOnABridge) {
  const Strings deck = {"B", "PD-3", "U", "PD-J", "B"};
  const Strings expansions = {"pd", "bcb"};
  const Strings start = {"place 0,1 r0",  "bridge 0,1 EW", "meeple E",
                         "place 1,0 r90", "skip",          "place -1,0 r90"};

  const Strings eaten = with(start, {"skip", "place 1,-1 r0", "skip", "dragon 0,0"});
  auto s = play_pd(deck, eaten, {}, expansions);
  ASSERT_TRUE(s);
  EXPECT_EQ(legal_options(*s), sorted({"dragon -1,0", "dragon 0,1"}));
  s = play_pd(deck, with(eaten, {"dragon 0,1"}), {}, expansions);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kRed, Phase::PlaceTile));
  EXPECT_EQ(s->followers_in_supply(kRed), 7);
  EXPECT_NE(s->placed_tiles()[static_cast<std::size_t>(s->board().tile_at(0, 1))].bridge, 0);
  EXPECT_EQ(s->bridges_in_supply(kRed), 2);

  const Strings fairy = with(start, {"fairy 0,1", "place 1,-1 r0", "skip", "dragon 0,0"});
  s = play_pd(deck, fairy, {}, expansions);
  ASSERT_TRUE(s);
  EXPECT_EQ(legal_options(*s), (Strings{"dragon -1,0"}));
  s = play_pd(deck, with(fairy, {"dragon -1,0"}), {}, expansions);
  ASSERT_TRUE(s);
  EXPECT_TRUE(pending_is(*s, kRed, Phase::PlaceTile));
  EXPECT_EQ(s->followers_in_supply(kRed), 6);
  expect_pd_points(*s, kRed, Points{}, 1);
}

// X-19 ("pd", "bcb"): a bridge may be built on a volcano tile, and no figure goes on it while the
// dragon is there. Red PD-2 at 0,1 with a bridge EW (both ends face empty squares): the dragon
// enters; options: skip only (Red has no follower); "meeple E" (the bridge) is illegal.
TEST(PdScenarioBridge, X19BridgeOnAVolcanoTakesNoFigure) {
  const Strings deck = {"PD-2", "B"};
  const Strings expansions = {"pd", "bcb"};
  auto state = play_pd(deck, {"place 0,1 r0", "bridge 0,1 EW"}, {}, expansions);
  ASSERT_TRUE(state);
  EXPECT_EQ(dragon_at(*state), "0,1");
  EXPECT_EQ(follower_options(*state), (Strings{"skip"}));
  EXPECT_FALSE(pd_error(deck, {"place 0,1 r0", "bridge 0,1 EW", "meeple E"}, {}, expansions)
                   .message.empty());
}

// X-23, X-25 ("pd", "bcb", "bazaar": "no-auction"): a dragon tile played in the bazaar round
// starts its journey there, then the round goes on; each bazaar-round turn starts with the fairy
// point.
//
//        x=-1      x=0     x=1        x=2
//  y=0   U r90 === D r0 == U r90      (Blue's thief on U(1,0), the fairy there)
//  y=1   BCB-A     PD-2    B          B
//  y=2   PD-J r180
//
// Red PD-2 at 0,1; Blue U(1,0) thief; Red B(1,1); Blue B(2,1), fairy 1,0; Red BCB-A at -1,1: a
// bazaar (4 tiles left): PD-J and U revealed. Blue (left of Red) chooses PD-J: his bazaar turn
// starts with the fairy point (+1); PD-J r180 at -1,2, skip; journey, Blue first: from 0,1
// {-1,1  0,0  1,1} -> -1,1; Red {-1,2} -> -1,2; Blue at -1,2: dead end. Red's bazaar turn with
// U (no point for Red): U(-1,0). Then Blue's normal turn: +1. Blue: fairy 2.
TEST(PdScenarioBazaar, X23DragonInTheBazaarRoundX25FairyPointThere) {
  const Strings deck = {"PD-2", "U", "B", "B", "BCB-A", "PD-J", "U", "B", "B"};
  const Rules rules = {{"bazaar", "no-auction"}};
  const Strings expansions = {"pd", "bcb"};
  const Strings actions = {"place 0,1 r0",  "skip",        "place 1,0 r90", "meeple E",
                           "place 1,1 r0",  "skip",        "place 2,1 r0",  "fairy 1,0",
                           "place -1,1 r0", "skip",        "choose PD-J",   "place -1,2 r180",
                           "skip",          "dragon -1,1", "dragon -1,2",   "place -1,0 r90",
                           "skip"};
  auto offer = play_pd(deck, first(actions, 10), rules, expansions);
  ASSERT_TRUE(offer);
  EXPECT_TRUE(pending_is(*offer, kBlue, Phase::AuctionChoose));
  EXPECT_EQ(offer->bazaar_offer(), tiles({"PD-J", "U"}));

  auto bazaar_turn = play_pd(deck, first(actions, 11), rules, expansions);
  ASSERT_TRUE(bazaar_turn);
  EXPECT_TRUE(part_is(*bazaar_turn, kBlue, PartKind::BazaarRound));
  EXPECT_EQ(fairy_points(*bazaar_turn, kBlue), 1);

  auto journey = play_pd(deck, first(actions, 13), rules, expansions);
  ASSERT_TRUE(journey);
  EXPECT_TRUE(pending_is(*journey, kBlue, Phase::DragonMove));
  EXPECT_EQ(legal_options(*journey), sorted({"dragon -1,1", "dragon 0,0", "dragon 1,1"}));

  auto round_goes_on = play_pd(deck, first(actions, 15), rules, expansions);
  ASSERT_TRUE(round_goes_on);
  EXPECT_TRUE(pending_is(*round_goes_on, kRed, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*round_goes_on, kRed, PartKind::BazaarRound));
  EXPECT_EQ(round_goes_on->tile_in_hand(), tile("U"));
  EXPECT_EQ(dragon_at(*round_goes_on), "-1,2");

  auto state = play_pd(deck, actions, rules, expansions);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBlue, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*state, kBlue, PartKind::Normal));
  expect_pd_points(*state, kBlue, Points{}, 2);
  expect_pd_points(*state, kRed, Points{}, 0);
}

// X-24 ("pd", "bcb", "no-auction"): dragon tiles revealed by a bazaar before any volcano are set
// aside and replaced; the too-few test counts only the tiles that would not be set aside.
//  a) Deck BCB-A, PD-H, U, B, E: Red's BCB-A at 0,1; left PD-H, U, B, E (3 that count >= 2): a
//     bazaar; PD-H is set aside, U and B are revealed.
//  b) Deck BCB-A, PD-H, PD-J, U: left PD-H, PD-J, U (1 that counts < 2): no bazaar; Blue's draw
//     sets PD-H and PD-J aside and gives U.
TEST(PdScenarioBazaar, X24DragonTilesSetAsideFromABazaar) {
  const Rules rules = {{"bazaar", "no-auction"}};
  const Strings expansions = {"pd", "bcb"};
  auto a = play_pd({"BCB-A", "PD-H", "U", "B", "E"}, {"place 0,1 r0", "skip"}, rules, expansions);
  ASSERT_TRUE(a);
  EXPECT_TRUE(pending_is(*a, kBlue, Phase::AuctionChoose));
  EXPECT_EQ(a->bazaar_offer(), tiles({"U", "B"}));
  EXPECT_EQ(a->set_aside_tiles(), tiles({"PD-H"}));

  auto b = play_pd({"BCB-A", "PD-H", "PD-J", "U"}, {"place 0,1 r0", "skip"}, rules, expansions);
  ASSERT_TRUE(b);
  EXPECT_FALSE(b->bazaar_in_progress());
  EXPECT_TRUE(pending_is(*b, kBlue, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*b, kBlue, PartKind::Normal));
  EXPECT_EQ(b->tile_in_hand(), tile("U"));
  EXPECT_EQ(b->set_aside_tiles(), tiles({"PD-H", "PD-J"}));
}

// Contract ("Record and replay"): with "pd" the output of `carcassonne replay` adds "dragon" and
// "fairy", the tile "X,Y" each stands on or null. The record of the PD-5 scenario (the dragon
// ends its journey on -1,1; the fairy stands on 1,0); the same game cut before the volcano: both
// null; a base game: neither key.
class PdScenarioReplay : public carcassonne::testing::CliFixture {};

TEST_F(PdScenarioReplay, SummaryShowsWhereTheDragonAndTheFairyStand) {
  const std::string journey = R"({"players": ["Red", "Blue"], "expansions": ["pd"],
    "deck": ["U", "PD-2", "U", "PD-J", "B"],
    "actions": ["place 1,0 r90", "meeple E", "place 0,1 r0", "skip", "place -1,0 r90",
                "fairy 1,0", "place -1,1 r180", "skip", "dragon 0,0", "dragon -1,0",
                "dragon -1,1"]})";
  carcassonne::testing::write_file(path("pd.json"), journey);
  const auto summary = nlohmann::json::parse(replay_summary(path("pd.json")));
  EXPECT_EQ(summary["dragon"], "-1,1");
  EXPECT_EQ(summary["fairy"], "1,0");

  const std::string before = R"({"players": ["Red", "Blue"], "expansions": ["pd"],
    "deck": ["U", "PD-2", "U", "PD-J", "B"], "actions": ["place 1,0 r90", "meeple E"]})";
  carcassonne::testing::write_file(path("before.json"), before);
  const auto early = nlohmann::json::parse(replay_summary(path("before.json")));
  ASSERT_TRUE(early.contains("dragon"));
  ASSERT_TRUE(early.contains("fairy"));
  EXPECT_TRUE(early["dragon"].is_null());
  EXPECT_TRUE(early["fairy"].is_null());

  const std::string base = R"({"players": ["Red", "Blue"],
    "deck": ["U", "U"], "actions": ["place 1,0 r90", "meeple E"]})";
  carcassonne::testing::write_file(path("base.json"), base);
  const auto plain = nlohmann::json::parse(replay_summary(path("base.json")));
  EXPECT_FALSE(plain.contains("dragon"));
  EXPECT_FALSE(plain.contains("fairy"));
}

}  // namespace
}  // namespace carcassonne
