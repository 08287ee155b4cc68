// The builder (Traders & Builders). See builder.h for the rules.
#include "core/mechanics/builder.h"

#include <algorithm>

#include "core/game_data.h"
#include "core/turn_flow.h"

namespace carcassonne::builder {

namespace {

bool holds_follower_of(const GameData& d, NodeId root, PlayerId player) {
  for (const Follower& f : d.followers)
    if (f.player == player && figure_info(f.kind).follower && d.features.find_const(f.node) == root)
      return true;
  return false;
}

bool road_or_city(FeatureKind kind) {
  return kind == FeatureKind::Road || kind == FeatureKind::City;
}

StepResult start_second_part(GameData& d, PlayerId player) {
  return start_part(d, player, PartKind::Second, kNoTile);
}

// Whether the builder may join the feature of `segment` of the tile just placed (the segment
// exists and a builder is in supply).
bool feature_takes_builder(const GameData& d, int segment, FollowerRoots& roots) {
  if (!road_or_city(d.segment_kind(d.turn.tile, segment))) return false;
  const NodeId root = d.feature_of(d.turn.tile, segment);
  const FeatureNode& node = d.features.node(root);
  // TB-7: never on a feature the placement completed (it would come straight home).
  if (node.open_edges == 0 || node.scored) return false;
  // A feature with no follower at all holds none of the player's: no need to look for them.
  return node.followers != 0 && roots.contains(root);
}

bool stands_with(const GameData& d, int segment, FollowerRoots& roots) {
  return deploy_target_exists(d, FigureKind::Builder, segment) &&
         feature_takes_builder(d, segment, roots);
}

}  // namespace

void setup(GameData& d) {
  d.players.per_player[static_cast<std::size_t>(FigureKind::Builder)] = 1;
}

bool can_stand(const GameData& d, int segment) {
  FollowerRoots roots(d);
  return stands_with(d, segment, roots);
}

void figure_moves(const GameData& d, MoveList& out) {
  FollowerRoots roots(d);
  push_deployments_where(
      d, FigureKind::Builder,
      [&](const GameData& g, int segment) { return feature_takes_builder(g, segment, roots); },
      out);
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (!(Move::deploy(MoveKind::Builder, move.segment) == move))
    return Error{ErrorCode::BadNotation, "malformed builder move"};
  if (auto basic = explain_deploy_target(d, FigureKind::Builder, move.segment)) return basic;
  const FeatureKind kind = d.segment_kind(d.turn.tile, move.segment);
  if (!road_or_city(kind))
    return Error{ErrorCode::IllegalMove, "the builder goes on a road or a city, never on a " +
                                             std::string(feature_kind_name(kind))};
  const NodeId root = d.feature_of(d.turn.tile, move.segment);
  const FeatureNode& node = d.features.node(root);
  if (node.open_edges == 0 || node.scored)
    return Error{ErrorCode::IllegalMove, "the " + std::string(feature_kind_name(kind)) +
                                             " is complete: a builder goes only on an unfinished "
                                             "road or city"};
  return Error{ErrorCode::IllegalMove, "the builder goes only on a " +
                                           std::string(feature_kind_name(kind)) +
                                           " where you already have a follower"};
}

void apply(GameData& d, const Move& move) {
  d.deploy(d.turn.player, FigureKind::Builder, d.node_of(d.turn.tile, move.segment));
  d.turn.figure_done = true;
}

void check(GameData& d) {
  // Second parts earn nothing (TB-9); a part that placed no tile has nothing to check.
  if (d.turn.part == PartKind::Second || d.turn.tile < 0) return;
  // A builder in supply stands nowhere (the fast, common case).
  if (d.figures_of(d.turn.player, FigureKind::Builder) > 0) return;
  const int tile = d.turn.tile;
  const PlacedTile& placed = d.placed[static_cast<std::size_t>(tile)];
  const TileSpec& spec = tile_spec(placed.type);
  bool extends = false;
  for (const Follower& f : d.followers) {
    // The player's builder as it stood before the placement (the check runs before the figure
    // action, which may send it home: the princess).
    if (f.kind != FigureKind::Builder || f.player != d.turn.player ||
        d.features.node(f.node).placed_tile == tile)
      continue;
    const NodeId root = d.features.find_const(f.node);
    for (int s = 0; s < spec.segment_count && !extends; ++s)
      extends = road_or_city(spec.segments[static_cast<std::size_t>(s)].kind) &&
                d.feature_of(tile, s) == root;
    // A bridge on the new tile is part of it; a bridge elsewhere does not count by itself.
    extends = extends || (placed.has_bridge() && d.feature_of(tile, kBridgeSegment) == root);
  }
  if (!extends) return;
  BuilderState& b = d.mechanics.builder;
  if (d.turn.part == PartKind::BazaarRound)
    b.at_once = true;
  else
    b.after_bazaar = d.turn.player;
}

StepResult second_part_at_once(GameData& d, bool /*entering*/) {
  BuilderState& b = d.mechanics.builder;
  if (!b.at_once) return StepResult::Done;
  b.at_once = false;
  return start_second_part(d, d.turn.player);
}

StepResult second_part_first(GameData& d, bool /*entering*/) {
  BuilderState& b = d.mechanics.builder;
  if (d.rules.builder_bazaar() != BuilderBazaarRule::BuilderFirst || b.after_bazaar == kNoPlayer)
    return StepResult::Done;
  const PlayerId player = b.after_bazaar;
  b.after_bazaar = kNoPlayer;
  return start_second_part(d, player);
}

StepResult second_part(GameData& d, bool /*entering*/) {
  BuilderState& b = d.mechanics.builder;
  if (b.after_bazaar == kNoPlayer) return StepResult::Done;
  const PlayerId player = b.after_bazaar;
  b.after_bazaar = kNoPlayer;
  return start_second_part(d, player);
}

std::string invariants(const GameData& d) {
  for (const Follower& f : d.followers) {
    if (f.kind != FigureKind::Builder) continue;
    const NodeId root = d.features.find_const(f.node);
    if (!road_or_city(d.features.node(root).kind)) return "a builder stands on a field or cloister";
    if (!holds_follower_of(d, root, f.player))
      return "a builder stands without its owner's follower";
  }
  return {};
}

}  // namespace carcassonne::builder
