// The core's outcome() and observation(): winners right with negative scores, and what a player
// may see (everything but the order of the undrawn tiles).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "core/random.h"

namespace carcassonne {
namespace {

GameConfig config_with(const std::vector<std::string>& ids, bool bcb) {
  GameConfig config;
  config.players = 2;
  if (bcb) config.rules.add(Expansion::BridgesCastlesBazaars);
  for (const std::string& id : ids) config.deck.push_back(*find_tile_type(id));
  return config;
}

// Plays the first legal placement and `skip` for every tile, and the scripted bazaar decisions.
void play_out(GameState& state, std::vector<std::string> bazaar_decisions) {
  MoveList moves;
  std::size_t next = 0;
  while (!state.over()) {
    state.legal_moves(moves);
    Move move = moves[0];
    if (state.phase() == Phase::Follower && !state.bridge_required())
      move = Move::simple(MoveKind::Skip);
    if (state.phase() == Phase::AuctionChoose || state.phase() == Phase::AuctionBid ||
        state.phase() == Phase::AuctionDecide) {
      ASSERT_LT(next, bazaar_decisions.size());
      move = *parse_move(state, bazaar_decisions[next++]);
    }
    auto applied = state.apply(move);
    ASSERT_TRUE(applied.ok()) << format_move(state, move) << ": " << applied.error().message;
  }
}

TEST(Outcome, WinnersWhenEveryScoreIsNegative) {
  // Two bazaars, no follower ever deployed: in the first Blue, the auctioneer, opens at 5 and
  // nobody outbids (Blue pays 5 to the bank); in the second Red opens at 3 alone (pays 3).
  // Final scores: Red -3, Blue -5: Red wins with -3.
  GameState state =
      *GameState::create(config_with({"BCB-A", "U", "V", "BCB-J", "U", "V", "B"}, true));
  ASSERT_NO_FATAL_FAILURE(
      play_out(state, {"choose V", "bid 5", "pass", "choose U", "bid 3", "pass"}));
  ASSERT_EQ(state.score(0), -3);
  ASSERT_EQ(state.score(1), -5);
  const Outcome outcome = state.outcome();
  EXPECT_TRUE(outcome.over);
  EXPECT_EQ(outcome.best, -3);
  EXPECT_EQ(outcome.winners, 0b01);
  EXPECT_TRUE(outcome.is_winner(0));
  EXPECT_FALSE(outcome.is_winner(1));
  EXPECT_EQ(outcome.winner_count(), 1);
}

TEST(Outcome, EqualScoresShareTheVictory) {
  GameState state = *GameState::create(config_with({"U", "V"}, false));
  ASSERT_NO_FATAL_FAILURE(play_out(state, {}));
  const Outcome outcome = state.outcome();
  EXPECT_EQ(outcome.winners, 0b11);
  EXPECT_EQ(outcome.winner_count(), 2);
  EXPECT_EQ(outcome.best, 0);
}

TEST(Observation, HidesTheOrderOfTheUndrawnTilesAndNothingElse) {
  // Two games that differ only in the order of the undrawn tiles look the same to a player.
  GameState a = *GameState::create(config_with({"U", "V", "E", "B", "K"}, false));
  GameState b = *GameState::create(config_with({"U", "K", "B", "E", "V"}, false));
  EXPECT_FALSE(a == b);
  EXPECT_TRUE(a.observation(0).state() == b.observation(1).state());
  EXPECT_EQ(a.observation(0).state().tile_in_hand(), a.tile_in_hand());
  EXPECT_EQ(a.observation(0).state().undrawn_tile_counts(), a.undrawn_tile_counts());
  EXPECT_EQ(a.observation(1).viewer(), 1);
  // A sampled world keeps every public fact and shuffles only the undrawn tiles.
  Pcg32 rng(7);
  const GameState world = a.observation(0).sample_world(rng);
  EXPECT_EQ(world.undrawn_tile_counts(), a.undrawn_tile_counts());
  EXPECT_EQ(world.placed_tiles(), a.placed_tiles());
  EXPECT_EQ(world.tile_in_hand(), a.tile_in_hand());
  EXPECT_EQ(world.check_invariants(), "");
}

}  // namespace
}  // namespace carcassonne
