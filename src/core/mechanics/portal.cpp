// The magic portal (Princess & Dragon). See portal.h for the rules.
#include "core/mechanics/portal.h"

#include <algorithm>
#include <array>

#include "core/game.h"
#include "core/game_data.h"
#include "core/notation.h"
#include "core/turn_flow.h"

namespace carcassonne::portal {

namespace {

bool portal_turn(const GameData& d) {
  return d.turn.tile >= 0 && tile_spec(d.placed[static_cast<std::size_t>(d.turn.tile)].type).portal;
}

// Per feature kind, bit k set: figures of kind k may stand on such a feature.
constexpr std::array<unsigned, 4> kKindsStandingOn = [] {
  std::array<unsigned, 4> table{};
  for (int feature = 0; feature < 4; ++feature)
    for (const FigureInfo& info : kFigureTable)
      if (stands_on_kind(info.kind, static_cast<FeatureKind>(feature)))
        table[static_cast<std::size_t>(feature)] |= 1u << static_cast<unsigned>(info.kind);
  return table;
}();

bool figure_allowed(const GameData& d, FigureKind kind) {
  return figure_info(kind).follower && d.figures_of(d.turn.player, kind) > 0;
}

}  // namespace

void figure_moves(const GameData& d, MoveList& out) {
  if (!portal_turn(d) || d.flow.phase != Phase::Follower) return;
  unsigned kinds = 0;  // bit k: figure kind k may go through
  int kind_count = 0;
  for (const FigureInfo& info : kFigureTable)
    if (figure_allowed(d, info.kind)) {
      kinds |= 1u << static_cast<unsigned>(info.kind);
      ++kind_count;
    }
  if (kinds == 0) return;
  // The moves are listed kind by kind, and for each kind tile by tile, a tile's bridge after its
  // printed segments. Each feature's test is made once, not once per kind: the first pass writes
  // a move for every open target, its aux holding the kinds that may stand there; a pass per kind
  // copies the targets it may take; the copies then replace the targets. Whether a target is open
  // is a coin toss to the branch predictor, so no pass branches on it: each writes always and
  // advances only past what counts. The first pass walks the graph's nodes, which are the tiles'
  // printed segments in the order of the tiles (a bridge's node comes later, when it is built:
  // it is skipped there and visited after its tile's last segment).
  const int nodes = d.features.size();
  Move* const targets = out.cursor(nodes * (1 + kind_count));
  Move* cursor = targets;
  const auto write_target = [&](NodeId id, const PlacedTile& p, int segment) {
    const FeatureNode& own = d.features.node(id);
    const NodeId root = d.features.find_const(id);
    const FeatureNode& feature = d.features.node(root);
    bool open = (feature.followers == 0) & !feature.barn & !feature.scored & !feature.castle &
                (own.placed_tile != d.turn.tile) & (own.placed_tile != d.mechanics.dragon.tile);
    const bool edged = (feature.kind == FeatureKind::Road) | (feature.kind == FeatureKind::City);
    open &= !(edged & (feature.open_edges == 0));  // a complete road or city
    if (feature.kind == FeatureKind::Cloister) [[unlikely]]
      open &= !d.feature_complete(root);
    const unsigned takes =
        kinds & kKindsStandingOn[static_cast<std::size_t>(feature.kind)] & (0u - open);
    *cursor = Move::at(MoveKind::PortalDeploy, p.x, p.y, segment, static_cast<int>(takes));
    cursor += takes != 0 ? 1 : 0;
  };
  for (int id = 0; id < nodes; ++id) {
    const FeatureNode& own = d.features.node(static_cast<NodeId>(id));
    const PlacedTile& p = d.placed[own.placed_tile];
    if (own.segment == kBridgeSegment) [[unlikely]]
      continue;
    write_target(static_cast<NodeId>(id), p, own.segment);
    if (p.has_bridge() && own.segment + 1 == tile_spec(p.type).segment_count) [[unlikely]]
      write_target(p.bridge_node, p, kBridgeSegment);
  }
  const Move* const targets_end = cursor;
  for (const FigureInfo& info : kFigureTable) {
    const auto kind = static_cast<unsigned>(info.kind);
    if ((kinds >> kind & 1u) == 0) continue;
    for (const Move* target = targets; target != targets_end; ++target) {
      *cursor = *target;
      cursor->aux = static_cast<std::uint8_t>(kind);
      cursor += target->aux >> kind & 1u;
    }
  }
  Move* const moves_end = std::copy(targets_end, static_cast<const Move*>(cursor), targets);
  out.commit(moves_end);
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

std::string write_deployment(const GameState& state, const Move& move) {
  const std::string verb = move.aux < kFigureKindCount
                               ? std::string(figure_info(static_cast<FigureKind>(move.aux)).name)
                               : "?";
  return verb + " " + notation::square_and_location(state, move);
}
}  // namespace carcassonne::portal
