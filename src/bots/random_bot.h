// The random bot: uniform over the legal moves of the pending decision, from a seeded generator.
#pragma once

#include "bots/bot.h"
#include "core/random.h"

namespace carcassonne {

class RandomBot final : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  std::string_view name() const override { return "random"; }
  Move choose_move(const Observation& seen) override;

 private:
  Pcg32 rng_;
  MoveList moves_;  // reused: no allocation per decision
};

// Plays `state` to the end with uniformly random moves; returns the number of moves applied.
// The playout used by benchmarks (and later by search): no checks beyond debug asserts.
int random_playout(GameState& state, Pcg32& rng, MoveList& scratch);

}  // namespace carcassonne
