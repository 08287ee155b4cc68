// The MCTS bot: Monte Carlo tree search over information sets.
//
// Promise: it never reads the hidden order of the deck. Every iteration samples a possible world
// (GameState::resample_hidden_deck: the undrawn tiles in a random order) and walks a tree of the
// *public* course of the game: a decision node's children are keyed by the move and then by what
// the move revealed (the tile drawn next, tiles discarded, a bazaar's revealed tiles), compared
// exactly, so worlds that agree on what players have seen share statistics (single-observer
// ISMCTS with chance outcomes as observations). Every move it plays comes from legal_moves().
//  * Selection: UCB1 on the reward of the player deciding at the node (current_player(): a
//    castle's owner, a bidder, whoever moves the dragon this step, a wagon's owner deciding
//    where it rolls, whoever is asked in the abbey round), over a prefix of the
//    node's moves that widens with visits (progressive widening, 'widening * sqrt(visits)'
//    moves), the moves ordered by a cheap prior: placements touching more tiles first, passes
//    and low bids first, builder and pig before followers, the large follower after followers and
//    skip, portal deployments and barns after those, bridges last; `draw` before the abbey, a
//    wagon's destinations and the abbey round's holes before `pass`.
//  * Hidden tiles: the abbey choice comes before the draw (the tile in hand is none then), and
//    the tile `draw` reveals is part of the child's key, like any other draw.
//  * Bids: a bid node widens far more slowly (visits^0.25 moves: pass and low bids first), so the
//    search compares a few sensible bids instead of a hundred barely visited ones.
//  * Rollouts: a fast default policy (random placement; a follower on a random feature `follow` of
//  the
//    time, the large follower in a quarter of those while it is in supply; with Traders &
//    Builders first the builder half the time it may stand, else the pig half the time on a farm
//    its owner holds; with Princess & Dragon a fairy, princess or portal move a quarter of the
//    time there is one, the princess always when she compels; with Abbey & Mayor the mayor,
//    wagon or barn likewise, the abbey before a draw one time in eight, always in the abbey
//    round, a wagon always rolling on where it can; dragon steps at random; no
//    optional bridges;
//    auctions: pass, or open at 0) to the end of the turn under way and a few turns more (none
//    with the four later expansions: tuned_for_rules), then the position is scored by
//    evaluate_all() (bots/evaluation.h: projected final margin plus what is in hand, the greedy
//    bot's judgement): random play to the very end mostly adds noise. Optionally the rollout
//    finishes the turn, or plays every turn, by the greedy bot's decisions (greedy_move).
//  * Reward per player: a logistic function of that evaluation (of the final margin when the
//    game is over), in [0, 1], its scale in points set by the rule set; optionally of the
//    learned evaluation (value_model.h) instead.
//  * Root knowledge (MctsOptions): a prior from the greedy judgement of every root move (order
//    and progressive bias; on by default with the four later expansions), optionally only the
//    moves that judgement values most, and at a bid decision only the bids a tile's worth
//    suggests.
//  * Budget: a number of playouts per decision (deterministic for a seed with one thread) or a
//    time per decision. Threads search independent trees (root parallelism) whose root visit
//    counts are added up; the most visited move is played.
#pragma once

#include <cstdint>
#include <optional>

#include "bots/bot.h"
#include "core/random.h"

namespace carcassonne {

struct MctsOptions {
  double milliseconds = 1000.0;  // time per decision, used when playouts == 0
  std::uint64_t playouts = 0;    // playouts per decision (all threads together)
  // With two or more of the four later expansions (the learned evaluation's mixed family), the
  // playouts per decision instead of `playouts` (0: `playouts` always). With all five expansions
  // 5,000 playouts won more games against greedy than 20,000 on the same decks (docs/BOTS.md).
  std::uint64_t mixed_playouts = 0;
  int threads = 1;
  // UCB1 constant; rewards lie in [0, 1]. Tuned with the arena on decks kept apart from those
  // reported (docs/BOTS.md, Tuning): 0.25 won 68% against greedy where 0.7 won 62%.
  double exploration = 0.25;
  double widening = 2.0;  // moves considered at a node: widening * sqrt(visits), at least 2
  // Turns a rollout plays after the turn under way before the position is scored by projected
  // final scores; -1 plays to the end of the game. Unset: by the rule set (tuned_for_rules).
  std::optional<int> rollout_turns;
  // Root prior: each root move is valued by the greedy bot's judgement (move_values: the move and
  // the best rest of its turn); the root's moves are widened in that order and each gets a
  // progressive bias of `bias * exp((value - best) / 10) / (visits + 1)`. 0: the cheap order
  // of the inner nodes, no bias. Unset: by the rule set (tuned_for_rules).
  std::optional<double> bias;
  // Leaves (and rollouts' ends) scored by the learned evaluation (value_model.h) instead of the
  // greedy one.
  bool learned_value = false;
  // At the root of a bid decision, search only the sensible bids: the minimum, and half and all of
  // the tile's worth to the bidder and to the opponent it is worth most to (tile_value). Tuned
  // like `exploration`: with c = 0.4 it raised the win rate against greedy from 0.665 to 0.730.
  bool worth_bids = true;
  // Points of margin that move a reward from 0.5 to about 0.73 (the logistic's scale). Unset: by
  // the rule set (tuned_for_rules).
  std::optional<double> reward_scale;
  // Rollouts play the greedy bot's decisions (greedy_move; dragon steps stay random) instead of
  // the fast random policy: slower, far better informed.
  bool greedy_rollouts = false;
  // A rollout first finishes the turn under way by the greedy bot's decisions (its follower,
  // castle, claims...), so that a placement is judged by its best completion, not by a random
  // one; then the rollout's own policy plays on.
  bool greedy_finish = false;
  // At the root, only the `candidates` moves the greedy judgement values most (move_values;
  // 0: every legal move).
  int candidates = 0;
  // Decisions a playout takes in the tree before its rollout (0: no limit; 1: the root's moves
  // only, a flat search).
  int tree_depth = 0;
  // The chance a rollout's figure step deploys a figure (else it skips).
  double follow = 0.5;
  std::uint64_t seed = 1;
};

// The options left unset, filled in as tuned with the arena for the kind of game (docs/BOTS.md):
//  * the base game and Bridges, Castles and Bazaars: rollouts of 8 turns after the turn under
//    way, no root bias (1 with the learned evaluation), a reward scale of 10 points;
//  * with any of Inns & Cathedrals, Traders & Builders, Princess & Dragon, Abbey & Mayor: no
//    rollout (the leaf is scored once its turn is finished at random: random play of their
//    figures, the dragon and the abbey mostly adds noise), the root biased by the greedy
//    judgement (bias 5), and a reward scale of 30 points (their scores run three times higher; at
//    10 the rewards saturate and the search stops telling moves apart);
//  * with the learned evaluation: a root bias of 1 in the base game and BCB, and rollouts of 8
//    turns with Princess & Dragon when none of the other three later expansions is in play;
//  * with two or more later expansions and `mixed_playouts` set, that many playouts.
MctsOptions tuned_for_rules(MctsOptions options, const RuleSet& rules);

// What the last search did, for benchmarks and logs.
struct MctsStats {
  std::uint64_t playouts = 0;
  double seconds = 0.0;
  std::uint64_t nodes = 0;
};

class MctsBot final : public Bot {
 public:
  explicit MctsBot(const MctsOptions& options) : options_(options) {}
  std::string_view name() const override { return "mcts"; }
  ThinkingBudget budget() const override {
    return {options_.playouts == 0 ? options_.milliseconds : 0.0, options_.playouts,
            options_.threads};
  }
  Move choose_move(const Observation& seen) override;
  const MctsStats& last_search() const { return stats_; }

 private:
  MctsOptions options_;
  std::uint64_t decisions_ = 0;  // gives each decision its own random streams
  MctsStats stats_;
};

// The default policy: plays `state` for `turns` more tile placements (to the end if negative);
// returns the number of moves applied.
// `follow`: the chance a rollout's figure step deploys a figure rather than skipping.
int mcts_rollout(GameState& state, Pcg32& rng, MoveList& scratch, int turns = -1,
                 double follow = 0.5);
// The informed policy: the greedy bot's decisions for `turns` more tile placements, dragon steps
// at random.
int mcts_greedy_rollout(GameState& state, Pcg32& rng, MoveList& scratch, int turns);

}  // namespace carcassonne
