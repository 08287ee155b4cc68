// The greedy bot: plays the decision that maximises the immediate evaluation of its own turn.
//
// Promise: deterministic (no randomness at all); every move comes from legal_moves().
//  * Its own turn (place, bridge, follower, castle or score, claim): the best completion of the
//    turn by evaluate_for() (bots/evaluation.h), searched exhaustively over its own decisions.
//  * Bazaar: it values each revealed tile for every player by the best turn that player could
//    play with it. It chooses the tile worth most to itself and opens at 0 (an unopposed bid goes
//    to the bank, so a higher opening only costs). It outbids by the minimum while that bid is at
//    most half the tile's worth to it (winning at bid b costs 2b in score difference against the
//    seller). As auctioneer it buys when its worth minus twice the bid beats twice the bid minus
//    the bidder's worth, else sells.
//  * Princess & Dragon: portal deployments, the fairy and the princess are decisions of its turn,
//    valued like any other by evaluate_for(); a turn placing a dragon tile counts the journey it
//    starts. Moving the dragon, it looks ahead over the rest of the journey (best_dragon_step).
//  * Abbey & Mayor: the mayor, the wagon and the barn are figure actions of its turn, valued by
//    evaluate_for() (their worth in hand is in the evaluation: a barn goes where the farm's end
//    value beats keeping it). A wagon sent home rolls on to the move that leaves its owner best
//    off, or stays home when none gains (searched like its turn). It plays its abbey, before a
//    draw or in the abbey round, only when the abbey turn gains (best_abbey_move).
#pragma once

#include "bots/bot.h"

namespace carcassonne {

// The greedy bot's decision in `state` for whoever decides now (also the MCTS bot's informed
// rollout policy).
Move greedy_move(const GameState& state);

class GreedyBot final : public Bot {
 public:
  std::string_view name() const override { return "greedy"; }
  Move choose_move(const Observation& seen) override;
};

}  // namespace carcassonne
