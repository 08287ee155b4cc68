// The princess (Princess & Dragon): printed on tiles; the knight she sends home is an action
// and an event, with no state of its own.
#include "view/mechanic_view.h"

namespace carcassonne::view {

const MechanicView kPrincessView{
    .mechanic = Mechanic::Princess,
    .public_player = nullptr,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
