// The dragon (Princess & Dragon): the volcano it flies to, its journeys, and the dragon tiles set
// aside while it is off the board.
//
// Promise (record-format-bigbox.md, "Dragon"; checklist PD-11..PD-20, PD-28, PD-29):
// - Placing a volcano moves the dragon onto it at once and closes the tile to figures; the first
//   volcano brings back the dragon tiles set aside, into the deck (seeded: shuffled in; fixed:
//   after its last tile, in order).
// - While the dragon is off the board, a dragon tile taken from the deck (draw, builder draw or
//   bazaar reveal) is set aside; a deck holding only such tiles counts as empty.
// - A dragon tile placed while the dragon is on the board starts a journey in one of two steps of
//   the turn (option `dragon`: after the scoring by default, or before it): up to six `dragon X,Y`
//   decisions, the first by the tile's placer and then clockwise, each to an orthogonally adjacent
//   tile not visited in this journey (its start counts) and not the fairy's; no step left ends it.
// - Entering a tile sends home every follower, builder and pig on it (a castle's follower stays),
//   then the builders and pigs whose owner has no follower left in their feature.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/result.h"
#include "core/tiles.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;
enum class StepResult : std::uint8_t;

inline constexpr int kDragonJourneySteps = 6;

struct DragonState {
  std::int16_t tile = -1;           // placed tile the dragon stands on; -1: off the board
  std::vector<TileType> set_aside;  // dragon tiles taken from the deck before the first volcano
  // The pile's takes before the first volcano was placed (deck.next then; -1 until then): the
  // dragon tiles among them were set aside, and came back with it.
  std::int16_t arrived_after_take = -1;
  bool journey = false;    // a journey is under way
  std::uint8_t steps = 0;  // steps taken in it
  // Tiles of the journey so far, its start first.
  std::array<std::int16_t, kDragonJourneySteps + 1> visited{};
  bool operator==(const DragonState&) const = default;
};

namespace dragon {
bool sets_aside(const GameData& d, TileType tile, int take);
void set_aside(GameData& d, TileType tile);
void on_placed(GameData& d, bool fits_plainly);
// The journey's steps of the turn flow, before and after the scoring (one runs, by option).
StepResult journey_before_scoring(GameData& d, bool entering);
StepResult journey_after_scoring(GameData& d, bool entering);
void moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
StepResult apply(GameData& d, const Move& move);
std::string invariants(const GameData& d);
// Its action in the notation: `dragon X,Y`, a step of the journey.
Result<Move> read_step(const VerbInput& in);
std::string write_step(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"dragon", MoveKind::DragonStep, &read_step}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::DragonStep, "dragon", &write_step}};
}  // namespace dragon

}  // namespace carcassonne
