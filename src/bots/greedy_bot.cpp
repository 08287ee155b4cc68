#include "bots/greedy_bot.h"

#include <memory>

#include "bots/evaluation.h"

namespace carcassonne {

Move GreedyBot::choose_move(const Observation& seen) {
  return greedy_move(seen.state());
}

Move greedy_move(const GameState& state) {
  const PlayerId me = state.pending().player;
  auto moves = std::make_unique<MoveList>();
  state.legal_moves(*moves);
  switch (state.phase()) {
    case Phase::AuctionChoose: {
      Move best = (*moves)[0];
      double best_value = -1.0;
      for (const Move& move : *moves) {
        const double value = tile_value(state, me, move.aux);
        if (value > best_value) {
          best_value = value;
          best = move;
        }
      }
      return best;
    }
    case Phase::AuctionBid: {
      const int minimum = state.highest_bid() + 1;
      const Move pass = Move::simple(MoveKind::Pass);
      if (!moves->contains(pass)) return Move::bid(minimum);  // the auctioneer opens at 0
      const double worth = tile_value(state, me, state.auction_tile());
      // (A bid beyond what the rules allow now, such as more than the bidder's score under
      // "up-to-score", is not among the legal moves.)
      if (moves->contains(Move::bid(minimum)) && 2.0 * minimum <= worth) return Move::bid(minimum);
      return pass;
    }
    case Phase::AuctionDecide: {
      const double bid = state.highest_bid();
      const double mine = tile_value(state, me, state.auction_tile());
      const double theirs = tile_value(state, state.highest_bidder(), state.auction_tile());
      const Move buy = Move::simple(MoveKind::Buy);
      return moves->contains(buy) && mine - 2.0 * bid >= 2.0 * bid - theirs
                 ? buy
                 : Move::simple(MoveKind::Sell);
    }
    case Phase::DragonMove:
      return best_dragon_step(state);
    case Phase::AbbeyChoice:
    case Phase::AbbeyRound:
      return best_abbey_move(state);
    default:
      return best_turn_plan(state, me).first_move;
  }
}

}  // namespace carcassonne
