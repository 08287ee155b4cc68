// The base game's part of the views: its actions (placing the tile, deploying a figure, `skip`,
// `pass`), the scorings of roads, cities, cloisters and farms, a tile that fitted nowhere, and
// the words every teller shares (points, features, figures, lists).
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// place: the square and rotation, and whether only a bridge makes the tile fit there.
void place_structure(const GameState& state, const Move& move, json& out) {
  out["x"] = move.x;
  out["y"] = move.y;
  out["rotation"] = move.rotation;
  const int square = state.board().frontier_index(move.x, move.y);
  out["needs_bridge"] =
      square >= 0 && !state.placement_fits(
                         state.board().frontier()[static_cast<std::size_t>(square)], move.rotation);
}

json place_say(const Telling& t) {
  json args = t.actor_args();
  args["tile"] = t.tile_in_hand_arg();
  if (t.move.rotation == 0) return say("place", args);
  args["degrees"] = 90 * t.move.rotation;
  return say("placeTurned", args);
}

// A figure deployed on the tile just placed: which figure, the tile, the spot and its feature.
void deployment_structure(const GameState& state, const Move& move, json& out) {
  out["figure"] = std::string(figure_info(deployed_figure(move.kind)).name);
  const int tile = state.turn_tile();
  if (tile < 0) return;
  const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
  out["x"] = placed.x;
  out["y"] = placed.y;
  add_segment_place(state, tile, move.segment, out);
}

json deployment_say(const Telling& t) {
  json args = t.actor_args();
  std::string_view kind = "feature";
  if (t.before.turn_tile >= 0)
    kind = segment_kind_name(t.after.placed_tiles()[static_cast<std::size_t>(t.before.turn_tile)],
                             t.move.segment);
  args["feature"] = feature_arg(kind);
  return say("deploy." + std::string(figure_info(deployed_figure(t.move.kind)).name), args);
}

json skip_say(const Telling& t) {
  return say("skip", t.actor_args());
}

// `pass` declines what is asked: a bid, the wagon's move (Abbey & Mayor), an abbey in the abbey
// round. The words of the last two are the wagon's and the abbey's.
json pass_say(const Telling& t) {
  if (t.before.phase == Phase::WagonMove) return say("wagonStayed", t.actor_args());
  if (t.before.phase == Phase::AbbeyRound) return say("abbeyKept", t.actor_args());
  return say("pass", t.actor_args());
}

constexpr ActionView kActions[] = {
    {MoveKind::Place, &place_structure, &place_say},
    {MoveKind::Skip, nullptr, &skip_say},
    {MoveKind::Pass, nullptr, &pass_say},
    {MoveKind::Meeple, &deployment_structure, &deployment_say},
    {MoveKind::Large, &deployment_structure, &deployment_say},
    {MoveKind::Builder, &deployment_structure, &deployment_say},
    {MoveKind::Pig, &deployment_structure, &deployment_say},
    {MoveKind::Mayor, &deployment_structure, &deployment_say},
    {MoveKind::Wagon, &deployment_structure, &deployment_say},
};

// Roads, cities and cloisters, completed or at the end; farms at the end (a farm that scores
// during play does so by a barn, which tells it).
json scored_say(const Telling& t, std::size_t index) {
  const ScoreEvent& event = t.events[index].score;
  const json args = {{"who", names_arg(event.winners, t.names)},
                     {"points", points_arg(event.points)}};
  const bool final_scoring = event.final_scoring;
  switch (event.category) {
    case ScoreCategory::Road:
      return say(final_scoring ? "score.roadFinal" : "score.road", args);
    case ScoreCategory::City:
      return say(final_scoring ? "score.cityFinal" : "score.city", args);
    case ScoreCategory::Cloister:
      return say(final_scoring ? "score.cloisterFinal" : "score.cloister", args);
    case ScoreCategory::Farm:
      if (!final_scoring || event.pig || event.barn) return nullptr;
      return say("score.farm", {{"who", args["who"]},
                                {"points", args["points"]},
                                {"supplied", farm_supplied_arg(event)}});
    case ScoreCategory::Castle:  // the mechanics' own categories: their rows tell them
    case ScoreCategory::Bazaar:
    case ScoreCategory::Goods:
    case ScoreCategory::Fairy:
      break;
  }
  return nullptr;
}

json discarded_say(const Telling& t, std::size_t index) {
  return say("discardedNowhere", {{"tile", std::string(tile_spec(t.events[index].tile).id)}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::Scored, &scored_say},
    {GameEventKind::TileDiscarded, &discarded_say},
};

constexpr LogText kWords[] = {
    {"points", "{count} points", "{count} point"},
    {"cities", "{count} cities", "{count} city"},
    {"castles", "{count} castles", "{count} castle"},
    {"supplied", "{cities}"},
    {"suppliedCastles", "{cities} and {castles}"},
    {"list.two", "{a} and {b}"},
    {"list.more", "{a}, {b}"},
    {"feature.city", "city"},
    {"feature.road", "road"},
    {"feature.field", "field"},
    {"feature.cloister", "cloister"},
    {"feature.bridge", "bridge"},
    {"feature.castle", "castle"},
    {"feature.feature", "feature"},
    {"figure.meeple", "follower"},
    {"figure.large", "large follower"},
    {"figure.builder", "builder"},
    {"figure.pig", "pig"},
    {"figure.mayor", "mayor"},
    {"figure.wagon", "wagon"},
    {"figure.barn", "barn"},
    {"aTile", "a tile"},
    {"score.road", "{who} completed a road: {points}"},
    {"score.roadFinal", "{who} scored an unfinished road: {points}"},
    {"score.city", "{who} completed a city: {points}"},
    {"score.cityFinal", "{who} scored an unfinished city: {points}"},
    {"score.cloister", "{who} completed a cloister: {points}"},
    {"score.cloisterFinal", "{who} scored an unfinished cloister: {points}"},
    {"score.farm", "{who} scored a farm supplying {supplied}: {points}"},
    {"score.other", "{who}: {points}"},
    {"place", "{who} placed {tile} at {at}"},
    {"placeTurned", "{who} placed {tile} at {at}, turned {degrees}°"},
    {"deploy.meeple", "{who} placed a follower on the {feature}"},
    {"deploy.large", "{who} placed the large follower on the {feature}"},
    {"deploy.builder", "{who} placed the builder on the {feature}"},
    {"deploy.pig", "{who} placed the pig on the {feature}"},
    {"deploy.mayor", "{who} placed the mayor on the {feature}"},
    {"deploy.wagon", "{who} placed the wagon on the {feature}"},
    {"deploy.barn", "{who} placed the barn on the {feature}"},
    {"skip", "{who} placed no follower"},
    {"pass", "{who} passed"},
    {"played", "{who} played {notation}"},
    {"discardedNowhere", "{tile} fits nowhere on the board and was discarded"},
    {"gameOverWin", "Game over. {who} wins with {points}"},
    {"gameOverShared", "Game over. {who} share the victory with {points}"},
};

}  // namespace

const BaseView kBaseView{
    .actions = Actions{kActions},
    .tellers = Tellers{kTellers},
    .words = Words{kWords},
};

}  // namespace carcassonne::view
