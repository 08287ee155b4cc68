// The large follower (Inns & Cathedrals): shown with the figures (figures.h), in supply and
// on the board; nothing else of its own.
#include "view/mechanic_view.h"

namespace carcassonne::view {

const MechanicView kLargeFollowerView{
    .mechanic = Mechanic::LargeFollower,
    .public_player = nullptr,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
