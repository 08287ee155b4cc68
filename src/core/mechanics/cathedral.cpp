#include "core/mechanics/cathedral.h"

#include "core/game_data.h"

namespace carcassonne::cathedral {

bool city_has_cathedral(const GameData& d, NodeId root) {
  return d.any_printed_segment(root, &SegmentSpec::cathedral);
}

int feature_value(const GameData& d, NodeId root, bool final_scoring, int tiles, int value) {
  const FeatureNode& node = d.features.node(root);
  if (node.kind != FeatureKind::City || !city_has_cathedral(d, root)) return value;
  return final_scoring ? 0 : 3 * (tiles + node.pennants);
}

}  // namespace carcassonne::cathedral
