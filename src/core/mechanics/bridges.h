// Bridges (Bridges, Castles and Bazaars): a bridge carries a road over a field.
//
// Promise: owns each player's bridges and this turn part's bridge; adds to placement the tiles
// that fit only with this turn's bridge (and `discard` when only a bridge would place the tile),
// and to the figure step one optional `bridge X,Y NS|EW` before the figure action, which is the
// only legal action while a placement awaits its bridge. Every rule of bridges is stated once, as
// predicates over a Hypothesis (the board, plus perhaps the tile in hand and one bridge), which
// both the look-ahead of placement and the bridge decision ask.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/board.h"
#include "core/features.h"
#include "core/move.h"
#include "core/result.h"
#include "core/types.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;

struct BridgesState {
  std::array<std::uint8_t, kMaxPlayers> supply{};
  bool built = false;     // this turn part
  bool required = false;  // this turn part's placement needs a bridge
  int tile = -1;          // the tile this turn part's bridge stands on
  bool operator==(const BridgesState&) const = default;
};

namespace bridges {
int per_player(int players);  // 3 each, 2 with 5-6 players
void setup(GameData& d);
void begin_part(GameData& d);
// Placement: the tile fits `square` at `rotation` only together with a bridge built this turn.
bool fits_with_bridge(const GameData& d, TileType type, const FrontierSquare& square,
                      Rotation rotation);
// The turn part's player has a bridge left.
bool can_build(const GameData& d);
// Per tile type and demand byte: bits 0-3 the rotations that fit plainly, bits 4-7 those a bridge
// might repair (repairable_rotations decides; elsewhere it is 0). The placement loop's one lookup.
extern const RotationMaskTable kFitOrRepair;
// The rotations of a square that only a bridge makes legal.
unsigned repairable_rotations(const GameData& d, TileType type, const FrontierSquare& square);
bool has_placement_with_bridge(const GameData& d, TileType type);
// `discard`, when the tile has no placement without a bridge.
void placement_extra(const GameData& d, bool plain, MoveList& out);
// Why a discard is illegal now (malformed, Bridges not in play, or the tile fits without a bridge).
std::optional<Error> explain_discard(const GameData& d, const Move& move);
std::string placement_note(const GameData& d);
void on_placed(GameData& d, bool fits_plainly);
// The figure step: bridge moves (first); true when they are the only legal moves.
bool figure_prelude(const GameData& d, MoveList& out);
std::optional<Error> figure_blocked(const GameData& d);
bool allowed(const GameData& d, int x, int y, BridgeAxis axis);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
// This turn part's bridge, for the scoring of completed features.
int part_nodes(const GameData& d, NodeId* out);
std::string invariants(const GameData& d);
// Its actions in the notation: `bridge X,Y NS|EW` and `discard`.
Result<Move> read_bridge(const VerbInput& in);
std::string write_bridge(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"bridge", MoveKind::Bridge, &read_bridge},
                                  {"discard", MoveKind::Discard}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::Bridge, "bridge", &write_bridge},
                                          {MoveKind::Discard, "discard"}};
}  // namespace bridges

}  // namespace carcassonne
