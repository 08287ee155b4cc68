#include "core/mechanics/inn.h"

#include "core/game_data.h"

namespace carcassonne::inn {

bool road_has_inn(const GameData& d, NodeId root) {
  return d.any_printed_segment(root, &SegmentSpec::inn);
}

int feature_value(const GameData& d, NodeId root, bool final_scoring, int tiles, int value) {
  if (d.features.node(root).kind != FeatureKind::Road || !road_has_inn(d, root)) return value;
  return final_scoring ? 0 : 2 * tiles;
}

}  // namespace carcassonne::inn
