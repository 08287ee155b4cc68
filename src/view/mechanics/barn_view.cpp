// The barn (Abbey & Mayor): a figure (figures.h, with its corner on the board); of its own it
// shows its placement at a corner and the farms it makes score.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// The corner of the tile just placed; its location is the corner's name.
void barn_structure(const GameState& state, const Move& move, json& out) {
  out["figure"] = "barn";
  out["feature"] = "field";
  const std::string corner(move.segment < kCornerCount ? kCornerNames[move.segment] : "");
  out["corner"] = corner;
  out["location"] = corner;
  const int tile = state.turn_tile();
  if (tile < 0) return;
  const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
  out["x"] = placed.x;
  out["y"] = placed.y;
}

json barn_say(const Telling& t) {
  json args = t.actor_args();
  args["corner"] = std::string(t.move.segment < kCornerCount ? kCornerNames[t.move.segment] : "?");
  return say("barn", args);
}

constexpr ActionView kActions[] = {
    {MoveKind::Barn, &barn_structure, &barn_say},
};

// The barns' owners at the end, and during play the farmers of a farm a barn joined: only a barn
// makes a farm score before the end (a pig's bonus is the pig's).
json barn_farm_say(const Telling& t, std::size_t index) {
  const ScoreEvent& event = t.events[index].score;
  if (event.category != ScoreCategory::Farm || event.pig || (!event.barn && event.final_scoring))
    return nullptr;
  return say(event.barn ? "score.barn" : "score.farmBarnJoined",
             {{"who", names_arg(event.winners, t.names)},
              {"points", points_arg(event.points)},
              {"supplied", farm_supplied_arg(event)}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::Scored, &barn_farm_say},
};

constexpr LogText kWords[] = {
    {"barn", "{who} placed the barn at the {corner} corner"},
    {"score.barn", "{who}'s barn scored a farm supplying {supplied}: {points}"},
    {"score.farmBarnJoined", "{who} scored a farm a barn joined, supplying {supplied}: {points}"},
};

}  // namespace

const MechanicView kBarnView =
    told_only(Mechanic::Barn, Actions{kActions}, Tellers{kTellers}, Words{kWords});

}  // namespace carcassonne::view
