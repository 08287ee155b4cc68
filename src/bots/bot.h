// Bots: players that pick a move for the pending decision, using only the core's public API
// (legal_moves, check, apply, observations).
//
// Promise: a bot never returns an illegal move; given the same seed and the same sequence of
// states it returns the same moves.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/result.h"

namespace carcassonne {

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string_view name() const = 0;
  // The move this bot plays in `state` (whose pending decision is this bot's).
  virtual Move choose_move(const GameState& state) = 0;
};

// Bots by name: "random". Unknown names give an error listing the known ones.
Result<std::unique_ptr<Bot>> make_bot(std::string_view name, std::uint64_t seed);
// The names make_bot knows, for help texts.
std::vector<std::string_view> known_bot_names();

}  // namespace carcassonne
