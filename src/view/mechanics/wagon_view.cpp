// The wagon (Abbey & Mayor): a wagon a scoring sent home whose owner now decides where it rolls.
// The wagon in supply is shown with the figures (figures.h).
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// {seat, from: {x, y}, feature} (the kind of feature that scored), or null.
void rolling_wagon(const GameState& state, json& out) {
  out["rolling_wagon"] = nullptr;
  const PendingWagon* wagon = state.rolling_wagon();
  if (wagon == nullptr) return;
  json rolling = {{"seat", wagon->player}, {"from", square_of_tile(state, wagon->tile)}};
  rolling["feature"] =
      wagon->castle >= 0
          ? std::string("castle")
          : std::string(feature_kind_name(state.features().node(wagon->feature).kind));
  out["rolling_wagon"] = std::move(rolling);
}

}  // namespace

const MechanicView kWagonView{
    .mechanic = Mechanic::Wagon,
    .public_player = nullptr,
    .public_game = &rolling_wagon,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
