// The wagon (Abbey & Mayor): a follower for roads, cities and cloisters that may roll on to
// another feature when its own has scored.
//
// Promise (record-format-bigbox.md, "Wagon"; checklist AM-25..AM-31, X-10, X-11, Y-16..Y-18,
// Y-21):
// - `wagon LOC` deploys it like a follower, never on a field; strength 1.
// - Every scoring during play (a completed feature, a castle) notes the wagons on it; they go home
//   with the other figures. After the barn farms, for each noted wagon in seat order from the
//   player of the turn part, when it has a destination its owner decides `move X,Y LOC` (any tile
//   of the destination but the dragon's) or `pass`; without one it stays home, silently.
// - A destination is an incomplete road, city or cloister holding no follower that touches the
//   scored feature (option `wagon` "connected": the touching of tiles.txt, a cloister and the roads
//   and cities an abbey closes, a road ending in a bridge end facing it included; a bridge touches
//   nothing else) or has a segment on the wagon's tile or
//   one of the eight around it ("nearby", then `move` names one of those tiles). From a castle:
//   one with a segment in the castle's fief, named there. Never a castle or a feature scored now.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/features.h"
#include "core/move.h"
#include "core/result.h"
#include "core/types.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;
enum class StepResult : std::uint8_t;

// A wagon sent home by a scoring of this turn part, waiting to roll on.
struct PendingWagon {
  PlayerId player = kNoPlayer;
  std::int16_t tile = -1;  // the placed tile it stood on
  NodeId feature = 0;      // the root of the feature that scored (a castle: its city)
  std::int16_t castle = -1;
  bool operator==(const PendingWagon&) const = default;
};

struct WagonState {
  std::array<PendingWagon, kMaxPlayers> pending{};  // one wagon per player at most
  std::uint8_t count = 0;
  std::uint8_t current = 0;  // the pending wagon whose owner decides now
  bool operator==(const WagonState&) const = default;
};

namespace wagon {
void setup(GameData& d);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
void feature_scored(GameData& d, NodeId root);
// The turn flow's step after the barn farms: the wagons roll on, one decision each.
StepResult roll_step(GameData& d, bool entering);
// The decision `move`/`pass` (Phase::WagonMove).
void moves(const GameData& d, MoveList& out);
std::optional<Error> explain_move(const GameData& d, const Move& move);
StepResult apply_move(GameData& d, const Move& move);
std::string invariants(const GameData& d);
// Its action in the notation: `move X,Y LOCATION`, where a wagon sent home rolls on.
Result<Move> read_move(const VerbInput& in);
std::string write_move(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"move", MoveKind::WagonMove, &read_move}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::WagonMove, "move", &write_move}};
}  // namespace wagon

}  // namespace carcassonne
