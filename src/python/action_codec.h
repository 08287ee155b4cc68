// Action ids for learning agents: every move of a game as one integer in [0, size()).
//
// Promise: for a game's configuration (rules, players, the most tiles its board can hold) the ids
// are dense and fixed; encode() maps every legal move of any state of that game to an id and
// decode() maps it back to the same move; two legal moves of a state never share an id. An id
// names the same decision for the whole game: squares and tiles are named by the order in which
// tiles were placed (slot 0 is the start tile), which never changes once a tile lies.
//
// Layout: blocks in kBlockTable order, each present only when the rules have one of its
// mechanics (so the base game's ids are few). Within a block:
//   place       (slot * 4 + side) * 4 + rotation: the empty square on `side` (N E S W) of the
//               tile in `slot`, where that tile is the earliest placed of the square's neighbours
//   abbey       slot * 4 + side, the square named as for `place`
//   discard, skip, castle, score, pass, buy, sell, draw: one id each
//   meeple, large, builder, pig, mayor, wagon: segment of the tile just placed (0..9, 10 bridge)
//   barn        corner of the tile just placed (NW NE SE SW)
//   bridge      slot * 2 + axis (north-south, east-west)
//   claim       slot * 15 + port naming the feature (the engine's canonical port)
//   choose      tile type
//   bid         amount (0..100)
//   portal      (slot * 11 + segment) * 6 + figure kind (follower, large, builder, pig, mayor,
//               wagon)
//   fairy       slot * 12 + (0 for the fairy on the tile, 1 + segment beside that figure)
//   princess    slot * 11 + segment of the figure sent home
//   dragon      slot the dragon enters
//   wagon move  slot * 11 + segment where the wagon rolls
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/result.h"

namespace carcassonne::python {

struct ActionBlock {
  std::string_view name;
  MoveKind kind;
  int offset = 0;  // first id; -1 when the rules have no such move
  int size = 0;
};

class ActionCodec {
 public:
  // `slots`: the most tiles the board can hold (the start tile, the deck, one abbey per player).
  ActionCodec(const RuleSet& rules, int slots);
  // The slots a game of this configuration needs.
  static int slots_for(const GameConfig& config);

  int size() const { return size_; }
  int slots() const { return slots_; }
  const std::vector<ActionBlock>& blocks() const { return blocks_; }

  // The id of a move legal in `state`; -1 if its kind has no block (never for a legal move).
  int encode(const GameState& state, const Move& move) const;
  // The ids of a list of moves legal in `state`, in the list's order (placements on one square,
  // which the generator lists together, name the square once).
  void encode_all(const GameState& state, const MoveList& moves, std::vector<int>& ids) const;
  // The move an id names in `state`: OutOfRange for an id outside [0, size()) or a slot not yet
  // placed, IllegalMove for a square named through a tile that is not its earliest neighbour.
  // The move may still be illegal: the caller checks it with the core.
  Result<Move> decode(const GameState& state, int id) const;

 private:
  int block_offset(MoveKind kind) const { return offset_of_[static_cast<std::size_t>(kind)]; }

  int slots_ = 0;
  int size_ = 0;
  std::vector<ActionBlock> blocks_;
  std::array<int, kMoveKindCount> offset_of_{};
};

}  // namespace carcassonne::python
