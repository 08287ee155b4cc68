// Static evaluation of positions and of one player's turn, shared by the bots.
//
// Promise: pure functions of a GameState (no randomness, no I/O); every move they propose comes
// from legal_moves(). The evaluation is a heuristic, not a rule: it estimates how well `player`
// stands if the game ended soon, relative to the best opponent.
#pragma once

#include <array>
#include <vector>

#include "core/game.h"
#include "core/move.h"

namespace carcassonne {

// Heuristic standing of `player`: projected final score (as if the game ended now) minus the best
// opponent's, plus small values for what is still in hand: followers, the large follower and
// bridges in supply, and castles waiting to score. With Inns & Cathedrals, an open inn road or
// cathedral city (0 at the end) counts for its holders at its completed value times a chance of
// completion that falls with its open edges and with the tiles left (evaluation.cpp). With
// Traders & Builders, a builder in supply or on its owner's open road or city (a chance of second
// turn parts), a second part about to be played (about a turn's worth), and a pig in supply or in
// a farm its owner holds (its open bordering cities may still complete) count too; pig bonuses
// for completed cities and trade-goods majorities (10 to the leaders) are in the projected final
// scores, so a completion that takes goods counts by the majority it wins. With Princess & Dragon,
// the fairy's 3 points per scoring are in the projected scores (its point per turn is not counted:
// evaluation.cpp), and while dragon tiles remain, every figure within a journey's reach of the
// dragon, except on the fairy's tile or in a castle, loses part of what it stands to score, less
// the farther it stands: so the fairy is worth the protection it gives.
double evaluate_for(const GameState& state, PlayerId player);
// evaluate_for() of every player at once, from one projection of the final scores.
std::array<double, kMaxPlayers> evaluate_all(const GameState& state);
// The same from the projected final scores already computed (state.projected_final_scores()).
std::array<double, kMaxPlayers> evaluate_all(const GameState& state,
                                             const std::array<int, kMaxPlayers>& final_scores);

// Each of the first `players` values minus the greatest of the others': a margin over the best
// opponent (negative when behind).
std::array<double, kMaxPlayers> margins_over_best_other(
    const std::array<double, kMaxPlayers>& values, int players);

// The best completion of the current turn for the player deciding now, searched exhaustively over
// the decisions that player takes before the turn passes on (place, bridge, follower, castle or
// score, claim, its wagons rolling on): its first move and the evaluation reached. Ties keep the
// earlier legal move.
struct TurnPlan {
  Move first_move;
  double value = 0.0;
};
TurnPlan best_turn_plan(const GameState& state, PlayerId player);

// The worth of each legal move (in legal_moves() order) to the player deciding now: the
// evaluation reached when it plays the move and then the rest of its turn as well as possible
// (as best_turn_plan searches it); for decisions outside a turn (bids, dragon steps, the abbey
// round) the evaluation right after the move. A search's prior at its root (not for bids: the
// evaluation right after a bid does not count its price).
std::vector<double> move_values(const GameState& state);

// The dragon step for the player moving it now (Phase::DragonMove): max-n over the rest of the
// journey, every mover taking the step that leaves it best off by evaluate_all() at the end.
// (The greedy plan of a turn that places a dragon tile resolves the journey cheaply instead: each
// mover takes the step that eats the most for it, its opponents' figures, the leader's twice,
// against its own, each by what it stands to score.)
// Ties keep the earlier legal move.
Move best_dragon_step(const GameState& state);

// Abbey & Mayor, the abbey (Phase::AbbeyChoice or Phase::AbbeyRound) for the player deciding
// now: the hole whose abbey turn (with its figure decisions, searched as best_turn_plan does)
// leaves that player better off than drawing (the abbey kept in hand, worth a few points while
// tiles remain: evaluation.cpp) or, in the abbey round, than passing; else `draw` or `pass`.
// Ties keep the draw or pass.
Move best_abbey_move(const GameState& state);

// How much better `player` stands after placing `tile` as well as possible now than before:
// the tile's worth to that player (0 if it cannot be placed).
double tile_value(const GameState& state, PlayerId player, TileType tile);

}  // namespace carcassonne
