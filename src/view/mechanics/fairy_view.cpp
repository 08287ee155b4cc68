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

// fairy: the tile, and beside a follower also the follower's spot.
void fairy_structure(const GameState& state, const Move& move, json& out) {
  out["x"] = move.x;
  out["y"] = move.y;
  const int tile = state.board().tile_at(move.x, move.y);
  if (tile >= 0 && move.aux != 0) add_segment_place(state, tile, move.segment, out);
}

json fairy_say(const Telling& t) {
  return say(t.move.aux == 1 ? "fairyBeside" : "fairyTile", t.actor_args());
}

constexpr ActionView kActions[] = {
    {MoveKind::Fairy, &fairy_structure, &fairy_say},
};

// 1 point at the start of a turn part; 3 when a feature with the guarded follower scores.
json fairy_scored_say(const Telling& t, std::size_t index) {
  const ScoreEvent& event = t.events[index].score;
  if (event.category != ScoreCategory::Fairy) return nullptr;
  return say(event.points == 1 ? "score.fairyTurn" : "score.fairyFeature",
             {{"who", names_arg(event.winners, t.names)}, {"points", points_arg(event.points)}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::Scored, &fairy_scored_say},
};

constexpr LogText kWords[] = {
    {"score.fairyTurn", "{who} scored 1 point by the fairy (start of the turn)"},
    {"score.fairyFeature",
     "{who} scored {points} by the fairy (a follower with her in the scored feature)"},
    {"fairyBeside", "{who} put the fairy beside a follower at {at}"},
    {"fairyTile", "{who} put the fairy on the tile at {at}"},
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
    .actions = Actions{kActions},
    .tellers = Tellers{kTellers},
    .words = Words{kWords},
};

}  // namespace carcassonne::view
