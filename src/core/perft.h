// Perft: the number of leaves of the decision tree below a state, to a fixed depth.
//
// Promise: counts every sequence of `depth` decisions (a place, a meeple/skip, ...) reachable from
// `state` with the draws fixed by the state's deck; a finished game is a leaf. Used to pin move
// generation: any change in the counts is a change in what the rules allow.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/game.h"

namespace carcassonne {

std::uint64_t perft(const GameState& state, int depth);

// Per first move: the move and the perft count below it (depth-1), in legal_moves() order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const GameState& state, int depth);

}  // namespace carcassonne
