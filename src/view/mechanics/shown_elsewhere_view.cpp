// The mechanics with nothing of their own to show beyond what every view already walks: the
// figures (figures.h, in supply and on the board, deployed by the base game's actions) and the
// tiles (their printed inns and cathedrals). Each still has its row, written as showing
// nothing; a mechanic that comes to show something gets a file of its own, as the builder has.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

constexpr MechanicView shows_nothing(Mechanic mechanic) {
  return {.mechanic = mechanic,
          .public_player = nullptr,
          .public_game = nullptr,
          .summary_player = nullptr,
          .summary_game = nullptr,
          .summary_pending = nullptr,
          .supply_columns = kNoColumns,
          .info_columns = kNoColumns,
          .actions = kNoActions,
          .tellers = kNoTellers,
          .words = kNoWords};
}

}  // namespace

// Inns & Cathedrals: the large follower is a figure; inns and cathedrals are printed on tiles and
// count in the scorings the base game tells.
const MechanicView kLargeFollowerView = shows_nothing(Mechanic::LargeFollower);
const MechanicView kInnView = shows_nothing(Mechanic::Inn);
const MechanicView kCathedralView = shows_nothing(Mechanic::Cathedral);
// Abbey & Mayor: the mayor is a figure, deployed as any figure is.
const MechanicView kMayorView = shows_nothing(Mechanic::Mayor);

}  // namespace carcassonne::view
