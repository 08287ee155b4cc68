#include "core/mechanics/large_follower.h"

#include "core/game_data.h"
#include "core/turn_flow.h"

namespace carcassonne::large_follower {

void setup(GameData& d) {
  d.players.per_player[static_cast<std::size_t>(FigureKind::LargeFollower)] = 1;
}

void figure_moves(const GameData& d, MoveList& out) {
  push_follower_deployments(d, FigureKind::LargeFollower, out);
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (!(Move::large(move.segment) == move))
    return Error{ErrorCode::BadNotation, "malformed large follower move"};
  return explain_deploy(d, FigureKind::LargeFollower, move.segment);
}

void apply(GameData& d, const Move& move) {
  d.deploy(d.turn.player, FigureKind::LargeFollower, d.node_of(d.turn.tile, move.segment));
  d.turn.figure_done = true;
}

}  // namespace carcassonne::large_follower
