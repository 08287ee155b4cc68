// A game's `state` messages as its watchers follow them: the fields every watcher shares, kept as
// text, so that a broadcast serializes a board entry once in the game's life and sends only the
// fields that changed since the broadcast before (docs/PROTOCOL.md, "state").
//
// Promise: a client that takes a whole state (`whole`) and then merges every later update
// (`update`) in order — each field it carries replaces the one held, "board" is spliced in at
// "board_from" — holds exactly the fields the last update was made from (a field that is gone
// being null). A whole state is the
// state as of the last update (so the caller updates first, and sends what changed to those
// already watching, before anyone takes a whole state): then every watcher holds the same
// state, the one the next update is measured against.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace carcassonne::server {

// The fields of a JSON object as text, each with a leading comma: `,"a":1,"b":[2]` (to follow
// other fields inside an object). Invalid UTF-8 is replaced, never thrown on.
std::string fields_text(const nlohmann::json& object);

class StateStream {
 public:
  // The fields that differ from the previous update's (at the first update, all of them), as
  // fields_text writes them — those of `fields` (public_state_json without the board), a field
  // gone since written as null — and the board of `state`, when it changed, as "board_from" (its
  // first entry that changed) and "board" (the entries from there on). Empty when nothing
  // changed. Remembers the state as what every watcher holds now.
  std::string update(const GameState& state, const nlohmann::json& fields);
  // The state as of the last update, every field (the board whole): what a new watcher takes.
  // Needs an update first.
  std::string whole();

 private:
  struct BoardEntry {
    PlacedTile tile;
    std::string text;
  };
  // The text of board entry `index` (placed tile `tile`), written again only when it changed.
  const std::string& board_entry(const PlacedTile& tile, std::size_t index);
  void append_board(const std::vector<PlacedTile>& board, std::size_t from, std::string& out);

  std::vector<BoardEntry> board_;                                 // text of each placed tile
  std::vector<PlacedTile> sent_board_;                            // the board as last updated
  std::vector<std::pair<std::string, std::string>> sent_fields_;  // key -> text, as last updated
  bool started_ = false;
};

}  // namespace carcassonne::server
