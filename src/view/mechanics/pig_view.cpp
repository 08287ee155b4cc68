// The pig (Traders & Builders): shown with the figures (figures.h); nothing else of its own.
#include "view/mechanic_view.h"

namespace carcassonne::view {

const MechanicView kPigView{
    .mechanic = Mechanic::Pig,
    .public_player = nullptr,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
