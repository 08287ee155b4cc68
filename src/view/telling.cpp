#include "view/telling.h"

#include <array>
#include <bit>

#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// The view of a kind of move: the base game's or its mechanic's (whether in play or not: a move
// that reached here is legal, so its mechanic is in play).
const ActionView* find_action(MoveKind kind) {
  return find_in_views(&BaseView::actions, &MechanicView::actions,
                       [kind](const ActionView& action) { return action.kind == kind; });
}

// What the log says of event `index`: the first teller of its kind that speaks, the base game's
// first, then the rows of the mechanics in play in table order; null if none does.
json tell_event(const Telling& telling, std::size_t index) {
  const GameEventKind kind = telling.events[index].kind;
  const auto ask = [&](Tellers tellers) -> json {
    for (const EventTeller& teller : tellers)
      if (teller.kind == kind)
        if (json said = teller.say(telling, index); !said.is_null()) return said;
    return nullptr;
  };
  if (json said = ask(*kBaseView.tellers); !said.is_null()) return said;
  for (MechanicMask m = telling.after.rules().mechanics; m != 0; m &= m - 1) {
    const MechanicView& row = *kMechanicViews[static_cast<std::size_t>(std::countr_zero(m))];
    if (json said = ask(*row.tellers); !said.is_null()) return said;
  }
  return nullptr;
}

}  // namespace

MoveContext::MoveContext(const GameState& state)
    : actor(state.current_player()),
      phase(state.phase()),
      tile_in_hand(state.tile_in_hand()),
      turn_tile(state.turn_tile()),
      auction_tile(state.auction_tile()),
      highest_bid(state.highest_bid()),
      highest_bidder(state.highest_bidder()),
      bazaar_auctions(state.bazaar_auctions()) {}

json Telling::actor_args() const {
  return {{"who", name(before.actor)}, {"at", square_arg(move.x, move.y)}};
}

json Telling::tile_in_hand_arg() const {
  return before.tile_in_hand == kNoTile ? text_arg("aTile")
                                        : json(std::string(tile_spec(before.tile_in_hand).id));
}

json structured_action(const GameState& state, const Move& move, const std::string& text) {
  json out = {{"action", text}, {"verb", text.substr(0, text.find(' '))}};
  if (const ActionView* action = find_action(move.kind); action && action->structure)
    action->structure(state, move, out);
  return out;
}

std::vector<json> narrate_move(GameState& state, const Move& move, const std::string& notation,
                               int version_after, std::span<const std::string> names) {
  const MoveContext before(state);
  // Scores after each entry: the running sum of the scorings, so the chart shows every step.
  std::array<int, kMaxPlayers> running{};
  for (int p = 0; p < state.player_count(); ++p)
    running[static_cast<std::size_t>(p)] = state.score(static_cast<PlayerId>(p));
  const auto running_json = [&] {
    json scores = json::array();
    for (int p = 0; p < state.player_count(); ++p)
      scores.push_back(running[static_cast<std::size_t>(p)]);
    return scores;
  };
  std::vector<GameEvent> events;
  state.set_event_log(&events);
  state.apply_unchecked(move);
  state.set_event_log(nullptr);
  const Telling telling{before, state, move, events, names};

  std::vector<json> entries;
  const ActionView* action = find_action(move.kind);
  const json action_said =
      action != nullptr
          ? action->say(telling)
          : say("played", {{"who", telling.name(before.actor)}, {"notation", notation}});
  entries.push_back({{"n", version_after},
                     {"seat", before.actor},
                     {"action", notation},
                     {"text", english(action_said)},
                     {"say", action_said},
                     {"scores", running_json()}});
  for (std::size_t i = 0; i < events.size(); ++i) {
    const GameEvent& e = events[i];
    if (e.kind == GameEventKind::Scored) {
      // A scoring nobody won (a feature without followers) changes nothing to tell.
      const ScoreEvent& event = e.score;
      if (event.winners == 0) continue;
      for (std::size_t p = 0; p < names.size(); ++p)
        if (event.winners >> p & 1u) running[p] += event.points;
      json said = tell_event(telling, i);
      if (said.is_null())
        said = say("score.other", {{"who", names_arg(event.winners, names)},
                                   {"points", points_arg(event.points)}});
      json entry = {{"n", version_after},
                    {"text", english(said)},
                    {"say", said},
                    {"score", true},
                    {"points", event.points},
                    {"winners", seats_json(event.winners, static_cast<int>(names.size()))},
                    {"x", event.x},
                    {"y", event.y},
                    {"scores", running_json()}};
      if (event.final_scoring) entry["final"] = true;
      entries.push_back(std::move(entry));
      continue;
    }
    const json said = tell_event(telling, i);
    if (said.is_null()) continue;
    entries.push_back(
        {{"n", version_after}, {"text", english(said)}, {"say", said}, {"scores", running_json()}});
    if (e.kind == GameEventKind::GoodsTaken) entries.back()["goods"] = true;
  }
  if (state.over()) {
    const Outcome outcome = state.outcome();
    const json said =
        say(outcome.winner_count() > 1 ? "gameOverShared" : "gameOverWin",
            {{"who", names_arg(outcome.winners, names)}, {"points", points_arg(outcome.best)}});
    entries.push_back({{"n", version_after},
                       {"text", english(said)},
                       {"say", said},
                       {"scores", running_json()},
                       {"final", true}});
  }
  return entries;
}

}  // namespace carcassonne::view
