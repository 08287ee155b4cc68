// The magic portal (Princess & Dragon): printed on tiles; of its own it shows a follower sent
// through it onto another tile.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// A follower through the portal: the figure, the tile it goes to and its spot there.
void portal_structure(const GameState& state, const Move& move, json& out) {
  out["x"] = move.x;
  out["y"] = move.y;
  out["figure"] = move.aux < kFigureKindCount
                      ? std::string(figure_info(static_cast<FigureKind>(move.aux)).name)
                      : std::string("meeple");
  out["portal"] = true;
  const int tile = state.board().tile_at(move.x, move.y);
  if (tile >= 0) add_segment_place(state, tile, move.segment, out);
}

json portal_say(const Telling& t) {
  json args = t.actor_args();
  args["feature"] = feature_arg(feature_kind_at(t.after, t.move.x, t.move.y, t.move.segment));
  return say(
      t.move.aux == static_cast<int>(FigureKind::LargeFollower) ? "portal.large" : "portal.meeple",
      args);
}

constexpr ActionView kActions[] = {
    {MoveKind::PortalDeploy, &portal_structure, &portal_say},
};

constexpr LogText kWords[] = {
    {"portal.meeple", "{who} sent a follower through the magic portal onto the {feature} at {at}"},
    {"portal.large",
     "{who} sent the large follower through the magic portal onto the {feature} at {at}"},
};

}  // namespace

const MechanicView kPortalView =
    told_only(Mechanic::Portal, Actions{kActions}, kNoTellers, Words{kWords});

}  // namespace carcassonne::view
