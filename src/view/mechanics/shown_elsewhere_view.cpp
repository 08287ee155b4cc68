// The mechanics with nothing of their own to show beyond what every view already walks: the
// figures (figures.h, in supply and on the board), the tiles (their printed inns, cathedrals,
// portals and princesses), the actions (structured_action) and the events. Each still has its
// row, written as showing nothing; a mechanic that comes to show something gets a file of its
// own, as the bazaar has.
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
          .info_columns = kNoColumns};
}

}  // namespace

// Inns & Cathedrals: the large follower is a figure; inns and cathedrals are printed on tiles.
const MechanicView kLargeFollowerView = shows_nothing(Mechanic::LargeFollower);
const MechanicView kInnView = shows_nothing(Mechanic::Inn);
const MechanicView kCathedralView = shows_nothing(Mechanic::Cathedral);
// Traders & Builders: the builder and the pig are figures; the builder's second turn part is the
// state's `part` and an event.
const MechanicView kBuilderView = shows_nothing(Mechanic::Builder);
const MechanicView kPigView = shows_nothing(Mechanic::Pig);
// Princess & Dragon: portals and princesses are printed on tiles; what they do is actions and
// events.
const MechanicView kPortalView = shows_nothing(Mechanic::Portal);
const MechanicView kPrincessView = shows_nothing(Mechanic::Princess);
// Abbey & Mayor: the mayor and the barn are figures (the barn with its corner on the board).
const MechanicView kMayorView = shows_nothing(Mechanic::Mayor);
const MechanicView kBarnView = shows_nothing(Mechanic::Barn);

}  // namespace carcassonne::view
