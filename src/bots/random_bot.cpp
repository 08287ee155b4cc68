#include "bots/random_bot.h"

namespace carcassonne {

Move RandomBot::choose_move(const Observation& seen) {
  const GameState& state = seen.state();
  state.legal_moves(moves_);
  assert(!moves_.empty());
  return moves_[static_cast<int>(rng_.below(static_cast<std::uint32_t>(moves_.size())))];
}

int random_playout(GameState& state, Pcg32& rng, MoveList& scratch) {
  int applied = 0;
  while (!state.over()) {
    state.legal_moves(scratch);
    state.apply_unchecked(
        scratch[static_cast<int>(rng.below(static_cast<std::uint32_t>(scratch.size())))]);
    ++applied;
  }
  return applied;
}

}  // namespace carcassonne
