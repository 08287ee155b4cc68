// The barn (Abbey & Mayor): shown with the figures (figures.h), and on the board at its corner;
// nothing else of its own.
#include "view/mechanic_view.h"

namespace carcassonne::view {

const MechanicView kBarnView{
    .mechanic = Mechanic::Barn,
    .public_player = nullptr,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
