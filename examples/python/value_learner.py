"""A linear value function learned from random self-play, then played one ply deep against random.

1. Plays random games and keeps, for every position and every seat, a handful of features read
   from that seat's observation, labelled with the seat's final return (+1 won, -1 lost).
2. Fits the weights by least squares, so value(position) estimates the seat's expected return.
3. Plays against the engine's random bot, seats swapped between games, choosing the action whose
   resulting position has the highest value for its own seat.

Prints the learned weights and the win rate. Deterministic for a given --seed.
"""
import argparse

import numpy as np

import carcassonne
from carcassonne.env import CarcassonneEnv

VIEWER = carcassonne.INFO_FIELDS.index("viewer")
FOLLOWERS = carcassonne.SUPPLY_COLUMNS.index("meeple")  # followers in supply

FEATURE_NAMES = (
    "bias",
    "score margin",
    "projected margin",
    "followers margin",
    "projected margin x deck left",
    "followers margin x deck left",
)


def margin(values, seat):
    """How far `seat` leads the best of the other seats (negative when behind)."""
    others = np.delete(values, seat)
    return float(values[seat] - others.max())


def features(observation, full_deck):
    """The features of one position for the seat that observed it, from its observation alone."""
    seat = int(observation["info"][VIEWER])
    # Scores are in tens of points, so the weights come out near 1.
    scores = observation["scores"] / 10.0
    projected = observation["projected_scores"] / 10.0
    followers = observation["supply"][:, FOLLOWERS].astype(float)
    # Early on a projected lead is less certain and an unplayed follower worth more.
    deck_left = observation["remaining"].sum() / full_deck
    return np.array([
        1.0,
        margin(scores, seat),
        margin(projected, seat),
        margin(followers, seat),
        margin(projected, seat) * deck_left,
        margin(followers, seat) * deck_left,
    ])


def collect(game, games, rng, full_deck):
    """Feature rows and final returns from random self-play."""
    rows, targets = [], []
    for _ in range(games):
        state = game.new_initial_state(seed=int(rng.integers(2**31)))
        seen = []
        while not state.is_terminal():
            seen.append([features(state.observation(seat), full_deck) for seat in range(game.num_players())])
            actions = state.legal_actions()
            state.apply_action(actions[rng.integers(len(actions))])
        returns = state.returns()
        for per_seat in seen:
            for seat, row in enumerate(per_seat):
                rows.append(row)
                targets.append(returns[seat])
    return np.array(rows), np.array(targets)


def fit(rows, targets, ridge=1e-3):
    """Least-squares weights, with a little ridge so unused features stay at zero instead of failing."""
    gram = rows.T @ rows + ridge * np.eye(rows.shape[1])
    return np.linalg.solve(gram, rows.T @ targets)


def best_action(state, seat, weights, full_deck):
    actions = state.legal_actions()
    values = []
    for action in actions:
        after = state.clone()
        after.apply_action(action)
        values.append(features(after.observation(seat), full_deck) @ weights)
    # The first best keeps play deterministic; the values are floats, so ties are rare.
    return actions[int(np.argmax(values))]


def evaluate(weights, games, seed, full_deck):
    """The learner's wins against the engine's random bot, playing seat 0 and seat 1 in turn."""
    envs = [CarcassonneEnv(players=2, opponents={1 - seat: "random"}) for seat in (0, 1)]
    wins = 0
    for game in range(games):
        env = envs[game % 2]
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            _, reward, termination, truncation, _ = env.last(observe=False)
            if termination or truncation:
                wins += reward > 0
                env.step(None)
            else:
                env.step(best_action(env.state, env.seat(agent), weights, full_deck))
    return wins


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="evaluation games against random")
    parser.add_argument("--train-games", type=int, default=100, help="random self-play games to learn from")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    game = carcassonne.Game(players=2)
    full_deck = int(game.new_initial_state(seed=0).observation(0)["remaining"].sum())

    rows, targets = collect(game, args.train_games, rng, full_deck)
    weights = fit(rows, targets)
    print(f"learned from {len(rows)} positions of {args.train_games} random games:")
    for name, weight in zip(FEATURE_NAMES, weights):
        print(f"  {name:30s} {weight:+.3f}")

    wins = evaluate(weights, args.games, args.seed, full_deck)
    print(f"value learner vs random: {wins}/{args.games} won, win rate {wins / args.games:.2f}")


if __name__ == "__main__":
    main()
