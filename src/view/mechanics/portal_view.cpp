// The magic portal (Princess & Dragon): printed on tiles; its deployments are actions
// (structured_action), with no state of their own.
#include "view/mechanic_view.h"

namespace carcassonne::view {

const MechanicView kPortalView{
    .mechanic = Mechanic::Portal,
    .public_player = nullptr,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
