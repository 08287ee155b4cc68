// The cathedral (Inns & Cathedrals): printed on tiles, which the board shows; no state of its own.
#include "view/mechanic_view.h"

namespace carcassonne::view {

const MechanicView kCathedralView{
    .mechanic = Mechanic::Cathedral,
    .public_player = nullptr,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
