// The builder (Traders & Builders): shown with the figures (figures.h), in supply and on the
// board; its second turn part is the state's `part` and the narration's event.
#include "view/mechanic_view.h"

namespace carcassonne::view {

const MechanicView kBuilderView{
    .mechanic = Mechanic::Builder,
    .public_player = nullptr,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
