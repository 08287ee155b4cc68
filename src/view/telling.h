// How the log tells a move: what its tellers read (a Telling), and the two walks over the rows
// that the server, the replay and the archive call: a legal action's structured form, and a move
// applied with its log entries.
//
// Promise: a move's entries are its action first, then one entry for each event some teller
// tells, in the order the core emitted them (core/events.h), then the end of the game. Every
// kind of move has exactly one ActionView among the base game's and the rows' (checked by a
// test), and is told by the row whose core row writes it.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move.h"

namespace carcassonne::view {

// What a move refers to in the position it is played in: who plays it, the tile it places, the
// auction it bids in, what a `pass` declines. (What the move causes comes from the core's events.)
struct MoveContext {
  PlayerId actor = kNoPlayer;
  Phase phase = Phase::GameOver;
  TileType tile_in_hand = kNoTile;
  int turn_tile = -1;
  TileType auction_tile = kNoTile;
  int highest_bid = -1;
  PlayerId highest_bidder = kNoPlayer;
  bool bazaar_auctions = true;

  explicit MoveContext(const GameState& state);
};

// What a teller reads: the position before the move, the state after it, the move, the events
// it caused and the players' names by seat.
struct Telling {
  const MoveContext& before;
  const GameState& after;
  const Move& move;
  std::span<const GameEvent> events;
  std::span<const std::string> names;

  const std::string& name(PlayerId player) const { return names[static_cast<std::size_t>(player)]; }
  // {"who": the actor, "at": the move's square}: what most actions say.
  nlohmann::json actor_args() const;
  // The tile that was in hand before the move (its id; "a tile" when none was): what a placement
  // or a discard says it played.
  nlohmann::json tile_in_hand_arg() const;
};

// One legal action in structured form (docs/PROTOCOL.md, "Structured actions"); `text` is its
// notation.
nlohmann::json structured_action(const GameState& state, const Move& move, const std::string& text);

// Applies `move` (legal in `state`; `notation` is its text, formatted before applying) and returns
// the log entries that tell it (docs/PROTOCOL.md, "log"). `version_after` is the action count
// after the move; `names` the players' names by seat. The game-over entry is last; the caller may
// add to it.
std::vector<nlohmann::json> narrate_move(GameState& state, const Move& move,
                                         const std::string& notation, int version_after,
                                         std::span<const std::string> names);

}  // namespace carcassonne::view
