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

void abbey_structure(const GameState&, const Move& move, json& out) {
  out["x"] = move.x;
  out["y"] = move.y;
}

json abbey_say(const Telling& t) {
  return say("abbey", t.actor_args());
}

json draw_say(const Telling& t) {
  return say("draw", t.actor_args());
}

constexpr ActionView kActions[] = {
    {MoveKind::Abbey, &abbey_structure, &abbey_say},
    {MoveKind::Draw, nullptr, &draw_say},
};

json abbey_round_say(const Telling&, std::size_t) {
  return say("abbeyRound");
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::AbbeyRoundBegan, &abbey_round_say},
};

// "abbeyKept" is a `pass` in the abbey round (base_view.cpp tells passes).
constexpr LogText kWords[] = {
    {"abbey", "{who} played the abbey into the hole at {at}"},
    {"draw", "{who} kept the abbey and drew a tile"},
    {"abbeyKept", "{who} kept the abbey in the abbey round"},
    {"abbeyRound",
     "No tile is left: the abbey round begins (each player holding an abbey may still play it)"},
};

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
    .actions = Actions{kActions},
    .tellers = Tellers{kTellers},
    .words = Words{kWords},
};

}  // namespace carcassonne::view
