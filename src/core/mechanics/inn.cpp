#include "core/mechanics/inn.h"

#include "core/game_data.h"

namespace carcassonne::inn {

bool road_has_inn(const GameData& d, NodeId root) {
  NodeId member = root;
  do {
    const FeatureNode& node = d.features.node(member);
    if (node.segment != kBridgeSegment &&
        tile_spec(d.placed[node.placed_tile].type).segments[node.segment].inn)
      return true;
    member = node.next_member;
  } while (member != root);
  return false;
}

int feature_value(const GameData& d, NodeId root, bool final_scoring, int tiles, int value) {
  if (d.features.node(root).kind != FeatureKind::Road || !road_has_inn(d, root)) return value;
  return final_scoring ? 0 : 2 * tiles;
}

}  // namespace carcassonne::inn
