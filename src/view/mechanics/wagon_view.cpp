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

// move: the wagon's destination.
void wagon_move_structure(const GameState& state, const Move& move, json& out) {
  out["figure"] = "wagon";
  out["x"] = move.x;
  out["y"] = move.y;
  const int tile = state.board().tile_at(move.x, move.y);
  if (tile >= 0) add_segment_place(state, tile, move.segment, out);
}

json wagon_move_say(const Telling& t) {
  json args = t.actor_args();
  args["feature"] = feature_arg(feature_kind_at(t.after, t.move.x, t.move.y, t.move.segment));
  return say("wagonRolled", args);
}

constexpr ActionView kActions[] = {
    {MoveKind::WagonMove, &wagon_move_structure, &wagon_move_say},
};

// "wagonStayed" is a `pass` of the wagon's move (base_view.cpp tells passes).
constexpr LogText kWords[] = {
    {"wagonRolled", "{who}'s wagon rolled on to the {feature} at {at}"},
    {"wagonStayed", "{who}'s wagon stayed in the supply"},
};

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
    .actions = Actions{kActions},
    .tellers = kNoTellers,
    .words = Words{kWords},
};

}  // namespace carcassonne::view
