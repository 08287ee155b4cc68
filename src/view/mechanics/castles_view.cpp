// Castles (Bridges, Castles and Bazaars): each player's castles in supply, the castles on the
// board with their fiefs, and the castle whose owner is choosing a claim.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

int castles_in_supply(const GameState& state, PlayerId player) {
  return state.castles_in_supply(player);
}
void player_castles(const GameState& state, PlayerId player, json& entry) {
  entry["castles"] = castles_in_supply(state, player);
}
void castles_on_board(const GameState& state, json& out) {
  json castles = json::array();
  for (const Castle& castle : state.castles())
    castles.push_back({{"seat", castle.owner},
                       {"squares", {{castle.x[0], castle.y[0]}, {castle.x[1], castle.y[1]}}},
                       {"fief", {castle.min_x, castle.min_y, castle.max_x, castle.max_y}},
                       {"occupied", castle.occupied}});
  out["castles"] = std::move(castles);
  out["claim_castle"] =
      state.claiming_castle() >= 0 ? json(state.claiming_castle()) : json(nullptr);
}

constexpr ObservationColumn kSupply[] = {{8, "castles", &castles_in_supply}};

}  // namespace

const MechanicView kCastlesView{
    .mechanic = Mechanic::Castles,
    .public_player = &player_castles,
    .public_game = &castles_on_board,
    .summary_player = &player_castles,
    .summary_game = nullptr,
    .summary_pending = nullptr,
    .supply_columns = Columns{kSupply},
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
