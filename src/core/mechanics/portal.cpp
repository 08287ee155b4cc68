// The magic portal (Princess & Dragon). See portal.h for the rules.
#include "core/mechanics/portal.h"

#include "core/game_data.h"
#include "core/turn_flow.h"

namespace carcassonne::portal {

namespace {

bool portal_turn(const GameData& d) {
  return d.turn.tile >= 0 && tile_spec(d.placed[static_cast<std::size_t>(d.turn.tile)].type).portal;
}

// Whether a follower of `kind` may go through the portal onto `segment` of another tile `tile`.
bool open_target(const GameData& d, FigureKind kind, int tile, int segment) {
  if (tile == d.turn.tile || tile == d.mechanics.dragon.tile) return false;
  const NodeId root = d.feature_of(tile, segment);
  const FeatureNode& node = d.features.node(root);
  return feature_open_to(kind, node) && !node.scored && !node.castle && !d.feature_complete(root);
}

bool figure_allowed(const GameData& d, FigureKind kind) {
  return figure_info(kind).follower && d.figures_of(d.turn.player, kind) > 0;
}

}  // namespace

void figure_moves(const GameData& d, MoveList& out) {
  if (!portal_turn(d) || d.flow.phase != Phase::Follower) return;
  for (const FigureInfo& info : kFigureTable) {
    if (!figure_allowed(d, info.kind)) continue;
    for (int tile = 0; tile < static_cast<int>(d.placed.size()); ++tile) {
      const PlacedTile& p = d.placed[static_cast<std::size_t>(tile)];
      const int segments = tile_spec(p.type).segment_count;
      for (int s = 0; s < segments; ++s)
        if (open_target(d, info.kind, tile, s))
          out.push(Move::at(MoveKind::PortalDeploy, p.x, p.y, s, static_cast<int>(info.kind)));
      if (p.has_bridge() && open_target(d, info.kind, tile, kBridgeSegment))
        out.push(Move::at(MoveKind::PortalDeploy, p.x, p.y, kBridgeSegment,
                          static_cast<int>(info.kind)));
    }
  }
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (!portal_turn(d))
    return Error{ErrorCode::IllegalMove,
                 "figures go on the tile just placed (only a magic portal opens other tiles)"};
  if (move.aux >= kFigureKindCount)
    return Error{ErrorCode::BadNotation, "malformed portal deployment"};
  const auto kind = static_cast<FigureKind>(move.aux);
  if (!figure_info(kind).follower)
    return Error{ErrorCode::IllegalMove, "only followers go through the magic portal; the " +
                                             std::string(figure_info(kind).name) +
                                             " goes on the tile just placed"};
  if (d.figures_of(d.turn.player, kind) == 0)
    return Error{ErrorCode::IllegalMove,
                 "no " + std::string(figure_info(kind).name) + " figure left in supply"};
  const int tile = d.board.tile_at(move.x, move.y);
  if (tile < 0) return Error{ErrorCode::IllegalMove, "no tile there"};
  const PlacedTile& p = d.placed[static_cast<std::size_t>(tile)];
  const bool bridge = move.segment == kBridgeSegment && p.has_bridge();
  if (!bridge && move.segment >= tile_spec(p.type).segment_count)
    return Error{ErrorCode::OutOfRange, "no such feature on that tile"};
  if (tile == d.mechanics.dragon.tile)
    return Error{ErrorCode::IllegalMove, "no figure may go onto the dragon's tile"};
  const NodeId root = d.feature_of(tile, move.segment);
  const FeatureNode& node = d.features.node(root);
  const std::string what(feature_kind_name(node.kind));
  if (!feature_open_to(kind, node)) return explain_feature_closed(d, kind, root);
  return Error{ErrorCode::IllegalMove,
               "the " + what + " is complete: the magic portal opens only unfinished features"};
}

void apply(GameData& d, const Move& move) {
  const int tile = d.board.tile_at(move.x, move.y);
  d.deploy(d.turn.player, static_cast<FigureKind>(move.aux), d.node_of(tile, move.segment));
  d.turn.figure_done = true;
}

}  // namespace carcassonne::portal
