// The mayor (Abbey & Mayor): shown with the figures (figures.h); nothing else of its own.
#include "view/mechanic_view.h"

namespace carcassonne::view {

const MechanicView kMayorView{
    .mechanic = Mechanic::Mayor,
    .public_player = nullptr,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
