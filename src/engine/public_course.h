// The public course of a game: what every player has been told, in the form the engine protocol
// sends it (docs/ENGINE-PROTOCOL.md), and the game an engine rebuilds from it.
//
// Promise: the course never holds the seed or the order of the undrawn tiles, only the set-up
// (rules, players, start tile, and the multiset of an explicit deck), the moves in notation and
// the tiles taken from the pile as players saw them taken ("take E U", "?" for a bazaar's tile
// still face down). rebuild_game(course) gives a game whose observation by any player equals the
// observation of the real game (tests check this at every decision of random games with every
// expansion); anything inconsistent is refused with a typed error naming the event.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "record/record.h"

namespace carcassonne {

struct PublicCourse {
  // The record's set-up as one line of JSON: players, expansions, rules, start; an explicit deck
  // only as its sorted multiset; no seed, no actions.
  std::string setup;
  // In order: "take T1 T2 ..." for the tiles taken from the pile (at the start and after a move;
  // "?" for one taken face down and not yet seen), and every move in notation.
  std::vector<std::string> events;
};

// The host's side: the course of the game `record` describes, up to its last action.
Result<PublicCourse> public_course(const Record& record);

// The events as one line: separated by "; ".
std::string join_events(const std::vector<std::string>& events);
// The inverse of join_events (blanks around events ignored; an empty line is no event).
std::vector<std::string> split_events(std::string_view line);

// The engine's side: the set-up from a record's JSON (seed and actions refused; a deck read as a
// multiset).
Result<Record> parse_setup(std::string_view json);
// The game an engine builds for a set-up: the pile as a multiset (the full set, or the record's
// deck), tiles coming back shuffled in as in a seeded game, unless the deck was explicit.
GameConfig setup_config(const Record& setup);
// The game after `events`: every take and every move checked against the rules.
Result<GameState> rebuild_game(const Record& setup, const std::vector<std::string>& events);

}  // namespace carcassonne
