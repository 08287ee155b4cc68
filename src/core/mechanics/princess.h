// The princess (Princess & Dragon): a princess tile joined to a city with knights sends one home.
//
// Promise (record-format-bigbox.md, "Princess"; checklist PD-23..PD-27, X-14, Y-3, Y-10, Y-13):
// the princess applies when the princess segment of the tile just placed is, after `place` and
// `bridge`, in a city holding followers. Then `princess X,Y LOC` names one of them (any player's,
// any kind of follower) and is the turn part's figure action: nothing else goes on the tile. Under
// option `princess` "must" (default) it is the only figure action allowed; under "may" it is one
// more choice. The knight's builder goes home with its owner's last knight in the city.
#pragma once

#include <optional>

#include "core/move.h"
#include "core/result.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;

namespace princess {
// Under "must", when the princess applies: only her moves are legal in the figure step.
bool compels(const GameData& d);
std::optional<Error> figure_blocked(const GameData& d);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
// Its action in the notation: `princess X,Y LOCATION`, the knight she sends home.
Result<Move> read_princess(const VerbInput& in);
std::string write_princess(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"princess", MoveKind::Princess, &read_princess}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::Princess, "princess", &write_princess}};
}  // namespace princess

}  // namespace carcassonne
