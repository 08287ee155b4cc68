// The princess (Princess & Dragon). See princess.h for the rules.
#include "core/mechanics/princess.h"

#include "core/game.h"
#include "core/game_data.h"
#include "core/notation.h"
#include "core/turn_flow.h"

namespace carcassonne::princess {

namespace {

// The city of the princess on the tile just placed if it holds followers, else nullopt.
std::optional<NodeId> occupied_princess_city(const GameData& d) {
  if (d.turn.tile < 0 || d.flow.phase != Phase::Follower) return std::nullopt;
  const TileSpec& spec = tile_spec(d.placed[static_cast<std::size_t>(d.turn.tile)].type);
  for (int s = 0; s < spec.segment_count; ++s) {
    if (!spec.segments[static_cast<std::size_t>(s)].princess) continue;
    const NodeId root = d.feature_of(d.turn.tile, s);
    if (d.features.node(root).followers > 0) return root;
  }
  return std::nullopt;
}

Move removal(const GameData& d, const Follower& f) {
  const FeatureNode& node = d.features.node(f.node);
  const PlacedTile& p = d.placed[node.placed_tile];
  return Move::at(MoveKind::Princess, p.x, p.y, node.segment);
}

}  // namespace

bool compels(const GameData& d) {
  return d.rules.princess() == PrincessRule::Must && occupied_princess_city(d).has_value();
}

std::optional<Error> figure_blocked(const GameData& d) {
  if (!compels(d)) return std::nullopt;
  return Error{ErrorCode::IllegalMove,
               "the princess joined a city with knights: she must send one of them home "
               "(princess X,Y LOC), and no other figure action is allowed"};
}

void figure_moves(const GameData& d, MoveList& out) {
  const std::optional<NodeId> city = occupied_princess_city(d);
  if (!city) return;
  for (const Follower& f : d.followers)
    if (figure_info(f.kind).follower && d.features.find_const(f.node) == *city)
      out.push(removal(d, f));
}

std::optional<Error> explain(const GameData& d, const Move& /*move*/) {
  if (!occupied_princess_city(d))
    return Error{ErrorCode::IllegalMove,
                 "the princess acts only when her city joins a city holding knights"};
  return Error{ErrorCode::IllegalMove,
               "the princess sends home a knight of her city: name its tile and location"};
}

void apply(GameData& d, const Move& move) {
  const int tile = d.board.tile_at(move.x, move.y);
  const NodeId node = d.node_of(tile, move.segment);
  for (std::size_t i = 0; i < d.followers.size(); ++i) {
    if (d.followers[i].node != node || !figure_info(d.followers[i].kind).follower) continue;
    const NodeId root = d.features.find(node);
    d.remove_figure(i, ReturnCause::Princess);
    d.release_unaccompanied(root);  // PD-25: the builder leaves with the last knight
    break;
  }
  d.turn.figure_done = true;
}

Result<Move> read_princess(const VerbInput& in) {
  if (in.args.size() != 2) return notation::bad(in.text, "expected \"princess X,Y LOCATION\"");
  const auto square = notation::square_arg(in, 0);
  if (!square) return square.error();
  const auto segment = notation::segment_on(in, *square, in.args[1]);
  if (!segment) return segment.error();
  return Move::at(MoveKind::Princess, square->first, square->second, *segment, 0);
}

std::string write_princess(const GameState& state, const Move& move) {
  return "princess " + notation::square_and_location(state, move);
}
}  // namespace carcassonne::princess
