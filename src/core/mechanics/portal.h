// The magic portal (Princess & Dragon): on a portal tile's turn part a follower may be deployed on
// any tile.
//
// Promise (record-format-bigbox.md, "Magic portal"; checklist PD-21, PD-22, Y-5, X-16): after
// placing a portal tile, a follower (normal or large; not a builder, pig or barn) may go onto any
// segment of any placed tile, a bridge included, whose feature holds no follower and is not
// complete after `place` and `bridge` (on the portal tile itself the usual rules: a feature just
// completed is allowed), never onto the dragon's tile. Written `meeple X,Y LOC`; on the tile just
// placed the ordinary deployment (short form) is the same action.
#pragma once

#include <optional>

#include "core/move.h"
#include "core/result.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;

namespace portal {
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
// Its action in the notation: a figure's deployment verb naming another tile, `meeple X,Y
// LOCATION` (read with the figures' verbs, verbs.h); written here.
std::string write_deployment(const GameState& state, const Move& move);
inline constexpr std::span<const Verb> kVerbs{};
inline constexpr MoveWriter kWriters[] = {{MoveKind::PortalDeploy, "meeple", &write_deployment}};
}  // namespace portal

}  // namespace carcassonne
