// The princess (Princess & Dragon): printed on tiles; of her own she shows the knight she sends
// home.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// The knight's tile and spot, its owner's seat and its figure.
void princess_structure(const GameState& state, const Move& move, json& out) {
  out["x"] = move.x;
  out["y"] = move.y;
  const int tile = state.board().tile_at(move.x, move.y);
  if (tile < 0) return;
  add_segment_place(state, tile, move.segment, out);
  const NodeId node = state.node_of(tile, move.segment);
  for (const Follower& follower : state.followers())
    if (follower.node == node) {
      out["seat"] = follower.player;
      out["figure"] = std::string(figure_info(follower.kind).name);
    }
}

// Whose knight went home, from the core's event.
json princess_say(const Telling& t) {
  json args = t.actor_args();
  for (const GameEvent& e : t.events) {
    if (e.kind != GameEventKind::FigureReturned || e.cause != ReturnCause::Princess) continue;
    args["owner"] = t.name(e.player);
    return say(e.figure == FigureKind::LargeFollower ? "princessLarge" : "princess", args);
  }
  return say("princessKnight", args);
}

constexpr ActionView kActions[] = {
    {MoveKind::Princess, &princess_structure, &princess_say},
};

constexpr LogText kWords[] = {
    {"princess", "{who}'s princess sent {owner}'s knight at {at} home"},
    {"princessLarge", "{who}'s princess sent {owner}'s large knight at {at} home"},
    {"princessKnight", "{who}'s princess sent the knight at {at} home"},
};

}  // namespace

const MechanicView kPrincessView =
    told_only(Mechanic::Princess, Actions{kActions}, kNoTellers, Words{kWords});

}  // namespace carcassonne::view
