// The per-demand rotation tables of tiles.h, computed at compile time in this one translation unit.
#include "core/tiles.h"

namespace carcassonne::detail {
namespace {

constexpr bool only_road_field_mismatches(std::uint8_t signature, std::uint8_t required) {
  bool mismatch = false;
  for (int side = 0; side < kSideCount; ++side) {
    const int need = (required >> (2 * side)) & 3, have = (signature >> (2 * side)) & 3;
    if (need == 0 || need == have) continue;
    if (need == static_cast<int>(EdgeKind::City) || have == static_cast<int>(EdgeKind::City))
      return false;
    mismatch = true;
  }
  return mismatch;
}

}  // namespace

// constexpr: built by the compiler into read-only data, never at start-up.
constexpr RotationMaskTable kFitTable = build_rotation_mask_table(signature_satisfies);
constexpr RotationMaskTable kBridgeCandidateTable =
    build_rotation_mask_table(only_road_field_mismatches);

}  // namespace carcassonne::detail
