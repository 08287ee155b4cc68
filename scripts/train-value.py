#!/usr/bin/env python3
"""Trains the learned evaluation of the MCTS bot (src/bots/value_model.h) and writes its weights.

Self-play: the greedy bot plays every seat, with one tile placement or figure decision in ten
played at random so that the positions vary (never a bid: random bids run to a hundred points). At every decision the features of every seat (State.value_features: computed by
the engine itself, so training and play read the same numbers) are kept with that seat's final
margin over the best opponent. Ridge regression (numpy) fits the weights, which are written as
src/bots/value_weights.inc with a header saying how to reproduce them.

    PYTHONPATH=build/python /usr/bin/python3 scripts/train-value.py            # the shipped run
    PYTHONPATH=build/python /usr/bin/python3 scripts/train-value.py --games 20 --out /tmp/w.inc

Deterministic for its arguments (same seed, same weights), then `make` builds them in.
"""
import argparse
import os
import sys

import numpy as np

import carcassonne as cc

FEATURES = ("1", "margin now", "projected margin", "greedy evaluation", "tiles to come t",
            "margin now x t", "projected x t", "greedy x t", "followers in supply", "followers x t")
# Rule sets trained on, with the share of the games each gets (the greedy bot is about 30 times
# slower with all five expansions).
RULE_SETS = ((["bcb"], 0.6), ([], 0.2), (["bcb", "ic", "tb", "pd", "am"], 0.2))


def play(expansions, players, seed, rng):
    """One self-play game: (features rows, targets) for every seat at every decision."""
    game = cc.Game(players=players, expansions=expansions, seed=seed)
    state = game.new_initial_state()
    rows, owners = [], []
    while not state.is_terminal():
        for seat, row in enumerate(state.value_features()):
            rows.append(row)
            owners.append(seat)
        if state.phase() in ("place", "meeple") and rng.random() < 0.1:
            actions = state.legal_actions()
            state.apply_action(actions[rng.integers(len(actions))])
        else:
            state.apply_action(state.bot_action("greedy", int(rng.integers(1 << 30))))
    final = np.array(state.scores(), dtype=float)
    margins = [final[s] - np.delete(final, s).max() for s in range(players)]
    return rows, [margins[s] for s in owners]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=1e-3, help="per sample")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "src",
                                                       "bots", "value_weights.inc"))
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    xs, ys, sets = [], [], []
    for index, (expansions, share) in enumerate(RULE_SETS):
        games = max(1, round(args.games * share))
        for g in range(games):
            players = 2 + g % 3 if g % 2 else 2
            rows, targets = play(expansions, players, int(rng.integers(1 << 40)), rng)
            xs.extend(rows)
            ys.extend(targets)
            sets.extend([index] * len(targets))
        print(f"{'+'.join(expansions) or 'base'}: {games} games", file=sys.stderr)
    x = np.array(xs)
    y = np.array(ys)
    sets = np.array(sets)
    # Margins with all five expansions run to hundreds of points: each rule set is weighted by
    # the inverse of its margins' variance, so that none outweighs the others.
    sample_weight = np.zeros(len(y))
    for index in range(len(RULE_SETS)):
        chosen = sets == index
        sample_weight[chosen] = 1.0 / max(1.0, float(np.var(y[chosen])))
    # Half of the positions are kept apart to report how well the fit predicts.
    order = rng.permutation(len(y))
    train, test = order[: len(y) // 2], order[len(y) // 2:]
    xw = x[train] * sample_weight[train, None]
    gram = xw.T @ x[train] + args.ridge * np.sum(sample_weight[train]) * np.eye(x.shape[1])
    weights = np.linalg.solve(gram, xw.T @ y[train])

    def rms(pred, chosen):
        return float(np.sqrt(np.mean((pred[chosen] - y[test][chosen]) ** 2)))

    report = []
    for index, (expansions, _) in enumerate(RULE_SETS):
        chosen = sets[test] == index
        report.append("%s %.1f (greedy evaluation %.1f)" % ("+".join(expansions) or "base",
                      rms(x[test] @ weights, chosen), rms(x[test][:, 3], chosen)))
    learned = "; ".join(report)
    print(f"{len(y)} positions; held-out rms error of the final margin: {learned}", file=sys.stderr)
    for name, w in zip(FEATURES, weights):
        print(f"  {name:22s} {w:+.4f}", file=sys.stderr)
    with open(args.out, "w") as out:
        out.write("// Written by scripts/train-value.py --games %d --seed %d --ridge %g: do not edit.\n"
                  % (args.games, args.seed, args.ridge))
        out.write("// %d positions; held-out rms error of the final margin, learned: %s.\n"
                  % (len(y), learned))
        out.write("// Features: %s.\n" % ", ".join(FEATURES))
        out.write("".join("%.6f,\n" % w for w in weights))


if __name__ == "__main__":
    main()
