// Castles (Bridges, Castles and Bazaars): each player's castles in supply, the castles on the
// board with their fiefs, and the castle whose owner is choosing a claim.
#include "core/notation.h"
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

// claim: the feature a castle claims, by its square and location.
void claim_structure(const GameState& state, const Move& move, json& out) {
  out["x"] = move.x;
  out["y"] = move.y;
  out["location"] = std::string(location_name(move.segment));
  const int tile = state.board().tile_at(move.x, move.y);
  if (tile < 0) return;
  const std::uint8_t segment = state.segment_named(tile, move.segment);
  if (segment != kNoSegment)
    out["feature"] = std::string(
        segment_kind_name(state.placed_tiles()[static_cast<std::size_t>(tile)], segment));
}

json castle_say(const Telling& t) {
  return say("castle", t.actor_args());
}

json score_small_city_say(const Telling& t) {
  return say("scoreSmallCity", t.actor_args());
}

json claim_say(const Telling& t) {
  return say("claim", t.actor_args());
}

constexpr ActionView kActions[] = {
    {MoveKind::Castle, nullptr, &castle_say},
    {MoveKind::Score, nullptr, &score_small_city_say},
    {MoveKind::Claim, &claim_structure, &claim_say},
};

json castle_scored_say(const Telling& t, std::size_t index) {
  const ScoreEvent& event = t.events[index].score;
  if (event.category != ScoreCategory::Castle) return nullptr;
  return say("score.castle", {{"who", names_arg(event.winners, t.names)},
                              {"points", points_arg(event.points)},
                              {"at", square_arg(event.x, event.y)}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::Scored, &castle_scored_say},
};

constexpr LogText kWords[] = {
    {"score.castle", "{who}'s castle at {at} scored {points}"},
    {"castle", "{who} turned a small city into a castle"},
    {"scoreSmallCity", "{who} scored the small city instead of building a castle"},
    {"claim", "{who}'s castle claimed the feature at {at}"},
};

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
    .actions = Actions{kActions},
    .tellers = Tellers{kTellers},
    .words = Words{kWords},
};

}  // namespace carcassonne::view
