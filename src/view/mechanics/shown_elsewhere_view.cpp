// The mechanics with nothing of their own to show beyond what every view already walks: the
// figures (figures.h, in supply and on the board, deployed by the base game's actions) and the
// tiles (their printed inns and cathedrals). Each still has its row, written as showing
// nothing; a mechanic that comes to show something gets a file of its own, as the builder has.
#include "view/mechanic_view.h"

namespace carcassonne::view {

// Inns & Cathedrals: the large follower is a figure; inns and cathedrals are printed on tiles and
// count in the scorings the base game tells.
const MechanicView kLargeFollowerView =
    told_only(Mechanic::LargeFollower, kNoActions, kNoTellers, kNoWords);
const MechanicView kInnView = told_only(Mechanic::Inn, kNoActions, kNoTellers, kNoWords);
const MechanicView kCathedralView =
    told_only(Mechanic::Cathedral, kNoActions, kNoTellers, kNoWords);
// Abbey & Mayor: the mayor is a figure, deployed as any figure is.
const MechanicView kMayorView = told_only(Mechanic::Mayor, kNoActions, kNoTellers, kNoWords);

}  // namespace carcassonne::view
