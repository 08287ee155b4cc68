// Scoring of the base game: the features a turn part completed, and the final scoring.
//
// A turn part's scoring is several steps of the turn flow, so that mechanics' decisions can come
// between them (castle choices before the features score, castle rounds after):
//   CollectCompletions  roads and cities of the new tile and of this part's bridge, cloisters
//                       around the new tile, each with its completed value;
//   ScoreFeatures       every completion scores for its majority; its figures go home.
#include <algorithm>
#include <array>

#include "core/mechanics/mechanics.h"
#include "core/turn_flow.h"

namespace carcassonne {

StepResult collect_completions_step(GameData& d, bool /*entering*/) {
  auto& completed = d.scoring.completed;
  completed.clear();
  const PlacedTile placed = d.placed[static_cast<std::size_t>(d.turn.tile)];
  auto consider = [&](NodeId node) {
    const NodeId root = d.features.find(node);
    const FeatureNode& data = d.features.node(root);
    if (data.open_edges != 0 || data.scored) return;
    for (const Completion& c : completed)
      if (c.root == root) return;
    completed.push_back(Completion{root, d.feature_value(root, false, nullptr), -1});
  };
  const TileSpec& spec = tile_spec(placed.type);
  for (int s = 0; s < spec.segment_count; ++s) {
    const FeatureKind kind = spec.segments[static_cast<std::size_t>(s)].kind;
    if (kind == FeatureKind::Road || kind == FeatureKind::City)
      consider(static_cast<NodeId>(placed.first_node + s));
  }
  for_each_mechanic(d, kHookMasks.part_nodes, [&](const MechanicHooks& m) {
    if (m.part_nodes == nullptr) return;
    std::array<NodeId, 4> nodes{};
    const int n = m.part_nodes(d, nodes.data());
    for (int i = 0; i < n; ++i) consider(nodes[static_cast<std::size_t>(i)]);
  });
  // A cloister completes when the last of its eight neighbours arrives: look around the new tile.
  d.board.for_each_tile_around(placed.x, placed.y, [&](int tile) {
    const PlacedTile& other = d.placed[static_cast<std::size_t>(tile)];
    const int cloister = rotated_tile(other.type, other.rotation).cloister_segment;
    if (cloister < 0) return;
    const auto node = static_cast<NodeId>(other.first_node + cloister);
    if (d.features.node(node).scored || d.board.occupied_neighbours8(other.x, other.y) != 8) return;
    completed.push_back(Completion{node, d.feature_value(node, false, nullptr), -1});
  });
  return StepResult::Done;
}

StepResult score_features_step(GameData& d, bool /*entering*/) {
  for (const Completion& c : d.scoring.completed) d.score_feature(c.root, false);
  return StepResult::Done;
}

ScoreEvent score_farm(GameData& d, NodeId farm, int per_city, int per_castle, bool final_scoring) {
  std::vector<NodeId> cities;  // farm scorings are rare (the end, barns): allocation is fine
  for_each_bordering_city(d.features, d.placed, farm, [&](NodeId city) {
    if (d.feature_complete(city) && std::find(cities.begin(), cities.end(), city) == cities.end())
      cities.push_back(city);
  });
  ScoreEvent event;
  event.category = ScoreCategory::Farm;
  event.final_scoring = final_scoring;
  for (NodeId city : cities) (d.features.node(city).castle ? event.castles : event.cities) += 1;
  event.points = per_city * event.cities + per_castle * event.castles;
  event.winners = d.majority(farm);
  const PlacedTile& where = d.placed[d.features.node(farm).placed_tile];
  event.x = where.x;
  event.y = where.y;
  d.add_points(event.winners, event.points, ScoreCategory::Farm);
  if (event.winners != 0) d.log(event);
  for_each_mechanic(d, kHookMasks.farm_scored, [&](const MechanicHooks& m) {
    if (m.farm_scored != nullptr) m.farm_scored(d, farm, event);  // pigs, barns
  });
  mechanics_feature_scored(d, farm);  // the fairy's bonus
  return event;
}

namespace {

void score_farms(GameData& d) {
  while (!d.followers.empty()) {
    const NodeId farm = d.features.find(d.followers.front().node);
    assert(d.features.node(farm).kind == FeatureKind::Field);
    score_farm(d, farm, 3, 4, true);  // a castle supplies 4, a city 3
    d.return_followers(farm, ReturnCause::FinalScoring, true);
  }
}

}  // namespace

void finish_game(GameData& d) {
  d.flow.phase = Phase::GameOver;
  d.turn.in_hand = kNoTile;
  d.turn.tile = -1;
  d.flow.decider = kNoPlayer;
  for_each_mechanic(d, [&](const MechanicHooks& m) {
    if (m.finish != nullptr) m.finish(d);  // castles: their followers leave for nothing
  });
  // Incomplete roads, cities and cloisters with followers; each scoring removes its followers.
  for (std::size_t i = 0; i < d.followers.size();) {
    const NodeId root = d.features.find(d.followers[i].node);
    if (d.features.node(root).kind == FeatureKind::Field) {
      ++i;
      continue;
    }
    d.score_feature(root, true);
    i = 0;
  }
  score_farms(d);
  for_each_mechanic(d, [&](const MechanicHooks& m) {
    if (m.final_scoring != nullptr) m.final_scoring(d);  // trade goods
  });
}

}  // namespace carcassonne
