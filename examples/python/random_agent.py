"""Random agents, two ways: through CarcassonneEnv one game at a time, and through Batch many at once.

Prints the wins per seat and the mean scores of the environment games, then the speed of a
batched random loop in games per second.
"""
import argparse
import time

import numpy as np

import carcassonne
from carcassonne.env import CarcassonneEnv


def play_through_env(games, seed, players):
    env = CarcassonneEnv(players=players)
    wins = np.zeros(players, dtype=int)
    score_totals = np.zeros(players)
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                # The reward paid at the end is the game's return: +1 for a winner.
                wins[env.seat(agent)] += reward > 0
                action = None
            else:
                action = env.action_space(agent).sample(mask=observation["action_mask"])
            env.step(action)
        score_totals += env.state.scores()
    return wins, score_totals / games


def batched_games_per_second(games, seed, players, size=64):
    """Plays random games side by side until `games` have finished; finished games restart themselves."""
    batch = carcassonne.Batch(carcassonne.Game(players=players, seed=seed), size, seed=seed)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    while batch.games_finished() < games:
        # Legal ids of all games in one flat array: game i's are ids[offsets[i]:offsets[i+1]].
        ids, offsets = batch.legal_actions()
        counts = np.diff(offsets)
        picks = offsets[:-1] + (rng.random(size) * counts).astype(np.int32)
        batch.step(ids[picks])
    elapsed = time.perf_counter() - start
    return batch.games_finished() / elapsed, batch.take_results()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()

    wins, mean_scores = play_through_env(args.games, args.seed, args.players)
    print(f"env: {args.games} random games, {args.players} players")
    for seat in range(args.players):
        print(f"  player_{seat}: wins {wins[seat]}, mean score {mean_scores[seat]:.1f}")

    rate, results = batched_games_per_second(max(args.games, 64), args.seed, args.players)
    print(f"batch: {len(results)} random games, {rate:.1f} games/s, "
          f"mean score {results.mean():.1f}")


if __name__ == "__main__":
    main()
