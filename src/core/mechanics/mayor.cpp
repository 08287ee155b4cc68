// The mayor (Abbey & Mayor). See mayor.h for the rules.
#include "core/mechanics/mayor.h"

#include "core/game_data.h"
#include "core/turn_flow.h"

namespace carcassonne::mayor {

void setup(GameData& d) {
  d.players.per_player[static_cast<std::size_t>(FigureKind::Mayor)] = 1;
}

void figure_moves(const GameData& d, MoveList& out) {
  push_follower_deployments(d, FigureKind::Mayor, out);
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (!(Move::deploy(MoveKind::Mayor, move.segment) == move))
    return Error{ErrorCode::BadNotation, "malformed mayor move"};
  return explain_deploy(d, FigureKind::Mayor, move.segment);
}

void apply(GameData& d, const Move& move) {
  d.deploy(d.turn.player, FigureKind::Mayor, d.node_of(d.turn.tile, move.segment));
  d.turn.figure_done = true;
}

}  // namespace carcassonne::mayor
