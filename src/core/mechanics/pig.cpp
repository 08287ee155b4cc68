// The pig (Traders & Builders). See pig.h for the rules.
#include "core/mechanics/pig.h"

#include <algorithm>

#include "core/game_data.h"
#include "core/turn_flow.h"

namespace carcassonne::pig {

namespace {
bool farmer_of(const GameData& d, NodeId farm, PlayerId player) {
  for (const Follower& f : d.followers)
    if (f.player == player && figure_info(f.kind).follower && d.features.find_const(f.node) == farm)
      return true;
  return false;
}

// Whether the pig may join the farm of `segment` of the tile just placed (the segment exists and
// a pig is in supply).
bool farm_takes_pig(const GameData& d, int segment, FollowerRoots& roots) {
  if (segment == kBridgeSegment || d.segment_kind(d.turn.tile, segment) != FeatureKind::Field)
    return false;
  const NodeId root = d.feature_of(d.turn.tile, segment);
  // A farm with no follower at all holds none of the player's: no need to look for them.
  return d.features.node(root).followers != 0 && roots.contains(root);
}

bool stands_with(const GameData& d, int segment, FollowerRoots& roots) {
  return deploy_target_exists(d, FigureKind::Pig, segment) && farm_takes_pig(d, segment, roots);
}

}  // namespace

void setup(GameData& d) {
  d.players.per_player[static_cast<std::size_t>(FigureKind::Pig)] = 1;
}

bool can_stand(const GameData& d, int segment) {
  FollowerRoots roots(d);
  return stands_with(d, segment, roots);
}

void figure_moves(const GameData& d, MoveList& out) {
  FollowerRoots roots(d);
  push_deployments_where(
      d, FigureKind::Pig,
      [&](const GameData& g, int segment) { return farm_takes_pig(g, segment, roots); }, out);
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (!(Move::deploy(MoveKind::Pig, move.segment) == move))
    return Error{ErrorCode::BadNotation, "malformed pig move"};
  if (auto basic = explain_deploy_target(d, FigureKind::Pig, move.segment)) return basic;
  if (d.segment_kind(d.turn.tile, move.segment) != FeatureKind::Field)
    return Error{ErrorCode::IllegalMove,
                 "the pig goes on a field, never on a " +
                     std::string(feature_kind_name(d.segment_kind(d.turn.tile, move.segment)))};
  return Error{ErrorCode::IllegalMove,
               "the pig goes only on a farm where you already have a farmer"};
}

void apply(GameData& d, const Move& move) {
  d.deploy(d.turn.player, FigureKind::Pig, d.node_of(d.turn.tile, move.segment));
  d.turn.figure_done = true;
}

void farm_scored(GameData& d, NodeId farm, const ScoreEvent& scored) {
  const int bonus = scored.cities + scored.castles;  // 1 more per city and castle supplied
  if (bonus == 0) return;
  std::uint8_t owners = 0;
  for (const Follower& f : d.followers)
    if (f.kind == FigureKind::Pig && (scored.winners >> f.player & 1u) &&
        d.features.find_const(f.node) == farm)
      owners = static_cast<std::uint8_t>(owners | (1u << f.player));
  if (owners == 0) return;
  ScoreEvent event = scored;
  event.points = bonus;
  event.winners = owners;
  event.pig = true;
  d.add_points(owners, bonus, ScoreCategory::Farm);
  d.log(event);
}

std::string invariants(const GameData& d) {
  for (const Follower& f : d.followers) {
    if (f.kind != FigureKind::Pig) continue;
    const NodeId farm = d.features.find_const(f.node);
    if (d.features.node(farm).kind != FeatureKind::Field) return "a pig stands off the fields";
    if (!farmer_of(d, farm, f.player)) return "a pig stands without its owner's farmer";
  }
  return {};
}

}  // namespace carcassonne::pig
