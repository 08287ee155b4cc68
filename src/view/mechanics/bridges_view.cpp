// Bridges (Bridges, Castles and Bazaars): each player's bridges in supply, and a placement that
// awaits its bridge.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

int bridges(const GameState& state, PlayerId player) {
  return state.bridges_in_supply(player);
}
void player_bridges(const GameState& state, PlayerId player, json& entry) {
  entry["bridges"] = bridges(state, player);
}
void bridge_required(const GameState& state, json& out) {
  out["bridge_required"] = state.bridge_required();
}
// The summary says it only while it holds.
void pending_bridge(const GameState& state, json& pending) {
  if (state.bridge_required()) pending["bridge_required"] = true;
}

constexpr ObservationColumn kSupply[] = {{7, "bridges", &bridges}};
constexpr ObservationColumn kInfo[] = {
    {13, "bridge_required",
     [](const GameState& state, PlayerId) { return state.bridge_required() ? 1 : 0; }}};

}  // namespace

const MechanicView kBridgesView{
    .mechanic = Mechanic::Bridges,
    .public_player = &player_bridges,
    .public_game = &bridge_required,
    .summary_player = &player_bridges,
    .summary_game = nullptr,
    .summary_pending = &pending_bridge,
    .supply_columns = Columns{kSupply},
    .info_columns = Columns{kInfo},
};

}  // namespace carcassonne::view
