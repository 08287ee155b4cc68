// What clients see of a game: the public state as JSON, the pending seat's legal actions, and a
// log of plain-words entries for every action and every scoring. Also the tile catalogue for
// drawing. The JSON shapes are those of docs/PROTOCOL.md.
//
// Promise: nothing here reveals the order of the undrawn tiles (only their counts), and nothing
// decides a rule: legality comes from GameState::legal_moves(), scores from the core's own log.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "record/record.h"

namespace carcassonne::server {

struct PlayerView {
  std::string name;
  bool bot = false;
  std::string bot_spec;
  bool online = false;
};

// The catalogue message body: "ports", "tiles", and from the rules registry (rules.h,
// figures.h) "expansions", "options" and "figures".
nlohmann::json catalogue_json();
nlohmann::json expansion_catalogue_json();
nlohmann::json option_catalogue_json();
nlohmann::json figure_catalogue_json();
// The names of the mechanics of a mask, in the order of the Mechanic enum ("bridges", ...).
nlohmann::json mechanic_names(MechanicMask mechanics);

// Expansion names and rule options as a record writes them.
nlohmann::json expansions_json(const RuleSet& rules);
nlohmann::json rules_json(const RuleSet& rules);

// A feature of the board as the web app outlines it: the feature holding `segment` of placed tile
// `tile` — its kind, whether it is complete, its tiles, what it is worth now (at the end, if
// unfinished) and completed, who holds it (the majority) and every member segment with its
// location.
nlohmann::json feature_json(const GameState& state, int tile, int segment);

// The state fields every watcher shares (no "type", "game", "you", "legal", "log"). Of the
// tiles nobody has seen (the pile, a bazaar's tiles face down) only their multiset is written,
// the engine's public one. Without `with_board`, "board" is left out (a StateStream writes it
// from its own cache).
nlohmann::json public_state_json(const GameState& state, const std::vector<PlayerView>& players,
                                 bool with_board = true);

// One placed tile as the state's "board" lists it: {x, y, tile, rotation, bridge}.
nlohmann::json board_entry_json(const PlacedTile& tile);

// Adds "legal" (every legal action in notation), "actions" (the same actions, in the same order,
// in structured form, view/telling.h) and "needs_bridge" (the place actions among them that only a
// bridge makes legal) for the pending decision.
void add_legal_actions(const GameState& state, nlohmann::json& out);

// Applies `move` (legal in `state`; `notation` is its text, formatted before applying) and returns
// the log entries that describe it (view/telling.h: the action, then what it caused as the
// mechanics' rows tell the core's events, then the end of the game, which here also carries the
// figures as they stood before the final scoring). `version_after` is the action count after the
// move.
std::vector<nlohmann::json> apply_and_narrate(GameState& state, const Move& move,
                                              const std::string& notation, int version_after,
                                              const std::vector<PlayerView>& players);

// A record's game after its first `steps` actions, with the log entries the server writes for
// them.
struct NarratedGame {
  GameState state;
  std::vector<nlohmann::json> log;
};
// Replays through the core's checks; an illegal action is an error naming its index and text.
Result<NarratedGame> replay_narrated(const Record& record, std::size_t steps,
                                     const std::vector<PlayerView>& players);

}  // namespace carcassonne::server
