// The dragon (Princess & Dragon): where it stands, its journey under way, and the dragon tiles
// set aside until a volcano is placed.
#include "core/mechanics/dragon.h"
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// The dragon's square ({x, y} or null); its journey (the squares so far, the start first, and
// the steps left) or null; the tiles set aside.
void dragon_public(const GameState& state, json& out) {
  out["dragon"] = square_of_tile(state, state.dragon_tile());
  out["dragon_journey"] = nullptr;
  const std::vector<int> journey = state.dragon_journey();
  if (!journey.empty()) {
    json squares = json::array();
    for (int tile : journey) squares.push_back(square_of_tile(state, tile));
    out["dragon_journey"] = {
        {"squares", std::move(squares)},
        {"steps_left", kDragonJourneySteps + 1 - static_cast<int>(journey.size())}};
  }
  json set_aside = json::array();
  for (TileType t : state.set_aside_tiles()) set_aside.push_back(tile_id(t));
  out["set_aside"] = std::move(set_aside);
}

// The record contract: the tile "X,Y" the dragon stands on, or null.
void dragon_summary(const GameState& state, json& out) {
  out["dragon"] = square_text(state, state.dragon_tile());
}

constexpr ObservationColumn kInfo[] = {
    {8, "dragon_tile", [](const GameState& state, PlayerId) { return state.dragon_tile(); }},
    {17, "set_aside",
     [](const GameState& state, PlayerId) {
       return static_cast<int>(state.set_aside_tiles().size());
     }},
};

}  // namespace

const MechanicView kDragonView{
    .mechanic = Mechanic::Dragon,
    .public_player = nullptr,
    .public_game = &dragon_public,
    .summary_player = nullptr,
    .summary_game = &dragon_summary,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = Columns{kInfo},
};

}  // namespace carcassonne::view
