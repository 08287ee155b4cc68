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

void dragon_step_structure(const GameState&, const Move& move, json& out) {
  out["x"] = move.x;
  out["y"] = move.y;
}

json dragon_step_say(const Telling& t) {
  json args = t.actor_args();
  const std::vector<int> journey = t.after.dragon_journey();
  if (journey.empty()) return say("dragonMove", args);
  args["left"] = kDragonJourneySteps + 1 - static_cast<int>(journey.size());
  args["steps"] = kDragonJourneySteps;
  return say("dragonMoveLeft", args);
}

constexpr ActionView kActions[] = {
    {MoveKind::DragonStep, &dragon_step_structure, &dragon_step_say},
};

// What the dragon ate, and what left with what it ate (a builder or pig left alone).
json ate_say(const Telling& t, std::size_t index) {
  const GameEvent& e = t.events[index];
  if (t.move.kind != MoveKind::DragonStep ||
      (e.cause != ReturnCause::Dragon && e.cause != ReturnCause::Unaccompanied))
    return nullptr;
  return say("dragonAte", {{"owner", t.name(e.player)},
                           {"figure", figure_arg(e.figure)},
                           {"feature", feature_arg(feature_kind_at(t.after, e.x, e.y, e.segment))},
                           {"at", square_arg(e.x, e.y)}});
}

json set_aside_say(const Telling& t, std::size_t index) {
  return say("setAside", {{"tile", std::string(tile_spec(t.events[index].tile).id)}});
}

json to_volcano_say(const Telling& t, std::size_t index) {
  const GameEvent& e = t.events[index];
  return say("dragonToVolcano", {{"at", square_arg(e.x, e.y)}});
}

json set_aside_back_say(const Telling& t, std::size_t index) {
  return say("setAsideBack", {{"count", t.events[index].count}});
}

// A journey that starts as the game ends (the last tile) never moves.
json journey_starts_say(const Telling& t, std::size_t index) {
  if (t.after.over()) return nullptr;
  return say("journeyStarts",
             {{"steps", kDragonJourneySteps}, {"who", t.name(t.events[index].player)}});
}

json journey_ends_say(const Telling& t, std::size_t index) {
  const GameEvent& e = t.events[index];
  return say("journeyEnds", {{"at", square_arg(e.x, e.y)}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::FigureReturned, &ate_say},
    {GameEventKind::TileSetAside, &set_aside_say},
    {GameEventKind::DragonToVolcano, &to_volcano_say},
    {GameEventKind::SetAsideReturned, &set_aside_back_say},
    {GameEventKind::JourneyStarted, &journey_starts_say},
    {GameEventKind::JourneyEnded, &journey_ends_say},
};

constexpr LogText kWords[] = {
    {"dragonMove", "{who} moved the dragon to {at}"},
    {"dragonMoveLeft", "{who} moved the dragon to {at} ({left} of {steps} steps left)"},
    {"dragonAte", "The dragon ate {owner}'s {figure} on the {feature} at {at}"},
    {"setAside",
     "{tile} shows the dragon, which is not on the board yet: the tile is set aside until a "
     "volcano is placed"},
    {"dragonToVolcano", "The dragon flies to the volcano at {at}"},
    {"setAsideBack", "{count} dragon tiles set aside go back into the deck",
     "{count} dragon tile set aside goes back into the deck"},
    {"journeyStarts",
     "The dragon tile starts a journey of up to {steps} steps; {who} moves the dragon first"},
    {"journeyEnds", "The dragon's journey ends at {at}"},
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
    .actions = Actions{kActions},
    .tellers = Tellers{kTellers},
    .words = Words{kWords},
};

}  // namespace carcassonne::view
