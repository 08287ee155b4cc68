#include "core/perft.h"

#include <memory>

namespace carcassonne {

std::uint64_t perft(const GameState& state, int depth) {
  if (depth == 0 || state.over()) return 1;
  auto moves = std::make_unique<MoveList>();  // one list per level: recursion would overflow stacks
  state.legal_moves(*moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves->size());
  std::uint64_t total = 0;
  for (const Move& move : *moves) {
    GameState child = state;
    child.apply_unchecked(move);
    total += perft(child, depth - 1);
  }
  return total;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const GameState& state, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  if (depth <= 0 || state.over()) return result;
  auto moves = std::make_unique<MoveList>();
  state.legal_moves(*moves);
  for (const Move& move : *moves) {
    GameState child = state;
    child.apply_unchecked(move);
    result.emplace_back(move, perft(child, depth - 1));
  }
  return result;
}

}  // namespace carcassonne
