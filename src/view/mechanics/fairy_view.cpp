// The fairy (Princess & Dragon): where it stands, and the follower it stands beside.
#include "core/notation.h"
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// {x, y} or null; beside a follower (option "next-to-follower") also its seat and location.
void fairy_public(const GameState& state, json& out) {
  json fairy = square_of_tile(state, state.fairy_tile());
  for (const Follower& follower : state.followers()) {
    if (!follower.with_fairy || fairy.is_null()) continue;
    const NodePlace where = place_of_node(state, follower.node);
    if (where.tile != state.fairy_tile()) continue;
    fairy["seat"] = follower.player;
    fairy["location"] =
        std::string(location_name(state.canonical_location(where.tile, where.segment)));
  }
  out["fairy"] = std::move(fairy);
}

// The record contract: the tile "X,Y" the fairy stands on, or null.
void fairy_summary(const GameState& state, json& out) {
  out["fairy"] = square_text(state, state.fairy_tile());
}

constexpr ObservationColumn kInfo[] = {
    {9, "fairy_tile", [](const GameState& state, PlayerId) { return state.fairy_tile(); }},
};

}  // namespace

const MechanicView kFairyView{
    .mechanic = Mechanic::Fairy,
    .public_player = nullptr,
    .public_game = &fairy_public,
    .summary_player = nullptr,
    .summary_game = &fairy_summary,
    .summary_pending = nullptr,
    .supply_columns = kNoColumns,
    .info_columns = Columns{kInfo},
};

}  // namespace carcassonne::view
