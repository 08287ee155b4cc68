// The abbey (Abbey & Mayor): whether each player still holds the abbey tile.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

int abbey_held(const GameState& state, PlayerId player) {
  return state.abbey_held(player) ? 1 : 0;
}
void player_abbey(const GameState& state, PlayerId player, json& entry) {
  entry["abbey"] = state.abbey_held(player);
}

constexpr ObservationColumn kSupply[] = {{9, "abbey", &abbey_held}};

}  // namespace

const MechanicView kAbbeyView{
    .mechanic = Mechanic::Abbey,
    .public_player = &player_abbey,
    .public_game = nullptr,
    .summary_player = &player_abbey,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = Columns{kSupply},
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
