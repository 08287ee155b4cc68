// The fairy (Princess & Dragon): a neutral figure a player may put, as his figure action, on a tile
// where he has a follower.
//
// Promise (record-format-bigbox.md, "Fairy"; checklist PD-4..PD-10, PD-30, Y-1, Y-14, Y-15):
// - `fairy X,Y` (option `fairy` "next-to-follower": `fairy X,Y LOC`, beside one's own follower
//   there): from the table or from its tile, never onto its own tile or the dragon's; only for
//   followers (a castle's follower stands on both castle tiles).
// - At the start of a normal or bazaar-round turn part (never a second part), 1 point if the
//   player has a follower on the fairy's tile (next-to-follower: if the fairy is beside his).
//   Not when no tile is left to draw: the game is over then, no turn begins (rulebook L259-261).
// - Every scoring of a feature (completed, castle, farm, final) gives 3 to each player with a
//   follower of that feature on the fairy's tile (next-to-follower: to the owner of the follower
//   the fairy is beside), whatever the majority, once per scoring.
// - The dragon never enters its tile (dragon.h). The fairy stays when the followers leave.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/features.h"
#include "core/move.h"
#include "core/result.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;

struct FairyState {
  std::int16_t tile = -1;  // placed tile the fairy stands on; -1: off the board
  bool operator==(const FairyState&) const = default;
};

namespace fairy {
void begin_part(GameData& d);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
void feature_scored(GameData& d, NodeId root);
std::string invariants(const GameData& d);
// Its action in the notation: `fairy X,Y` (on a tile) or `fairy X,Y LOCATION` (beside a
// follower).
Result<Move> read_fairy(const VerbInput& in);
std::string write_fairy(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"fairy", MoveKind::Fairy, &read_fairy}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::Fairy, "fairy", &write_fairy}};
}  // namespace fairy

}  // namespace carcassonne
