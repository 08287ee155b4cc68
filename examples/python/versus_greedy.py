"""A one-ply lookahead agent against the engine's greedy bot, seats swapped between games.

The agent tries every legal action on a clone of the state and keeps the one after which its
projected score (what it would score if the game ended there) leads the best opponent's by the
most. Prints its win rate.
"""
import argparse

import numpy as np

from carcassonne.env import CarcassonneEnv


def projected_margin(state, seat):
    projected = state.projected_scores()
    best_other = max(score for other, score in enumerate(projected) if other != seat)
    return projected[seat] - best_other


def lookahead_action(state, seat, rng):
    margins = []
    actions = state.legal_actions()
    for action in actions:
        after = state.clone()
        after.apply_action(action)
        margins.append(projected_margin(after, seat))
    best = np.flatnonzero(np.array(margins) == max(margins))
    # Among equally good actions pick at random, so equal placements do not all crowd one corner.
    return actions[best[rng.integers(best.size)]]


def play(env, seed, rng):
    """One game; the agent's reward at the end: +1 won (or shared the win), -1 lost."""
    env.reset(seed=seed)
    outcome = None
    for agent in env.agent_iter():
        _, reward, termination, truncation, _ = env.last(observe=False)
        if termination or truncation:
            outcome = reward
            action = None
        else:
            action = lookahead_action(env.state, env.seat(agent), rng)
        env.step(action)
    return outcome


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="greedy", help="the engine bot to play against")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    # Seat 0 in even games, seat 1 in odd ones: the opponent holds the other seat.
    envs = [CarcassonneEnv(players=2, opponents={1 - seat: args.opponent}) for seat in (0, 1)]
    wins = 0
    for game in range(args.games):
        wins += play(envs[game % 2], args.seed + game, rng) > 0
    print(f"lookahead vs {args.opponent}: {wins}/{args.games} won, win rate {wins / args.games:.2f}")


if __name__ == "__main__":
    main()
