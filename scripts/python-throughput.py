"""Random 2-player games per second from Python, beside `carcassonne bench` on the same rules.

Three loops, each for --seconds on whatever cores it is given (pin it with `taskset -c 0` for the
one-core figures in docs/PYTHON.md):
  one at a time   State.legal_actions() and apply_action(id), the choice made by Python's random
  batched, numpy  Batch.legal_actions() -> ids and offsets; one uniform id per game picked with
                  numpy; Batch.step(actions)
  batched, bot    Batch.random_actions() (the random bot's policy, in the engine) -> Batch.step
Then `carcassonne bench` (random games in C++, one game at a time) for the ratio.

Usage: PYTHONPATH=build/python /usr/bin/python3 scripts/python-throughput.py [--expansions bcb,ic]
       [--batch 64] [--seconds 3] [--bench build/carcassonne]
"""
import argparse
import random
import re
import subprocess
import time

import numpy as np

import carcassonne as cc


def one_at_a_time(game, seconds):
    rng = random.Random(1)
    games, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - start)


def batched_numpy(game, size, seconds):
    batch = cc.Batch(game, size, seed=1)
    rng = np.random.default_rng(1)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        ids, offsets = batch.legal_actions()
        counts = offsets[1:] - offsets[:-1]
        batch.step(ids[offsets[:-1] + (rng.random(size) * counts).astype(np.int32)])
    return batch.games_finished() / (time.perf_counter() - start)


def batched_bot(game, size, seconds):
    batch = cc.Batch(game, size, seed=1)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch.step(batch.random_actions())
    return batch.games_finished() / (time.perf_counter() - start)


def engine_bench(binary, expansions, seconds):
    command = [binary, "bench", "--seconds", str(seconds)]
    if expansions:
        command += ["--expansions", ",".join(expansions)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return float(re.search(r"games/s\s+([0-9.]+)", output).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--expansions", default="", help="comma-separated, e.g. bcb,ic,tb,pd,am")
    parser.add_argument("--batch", type=int, default=64, help="games per batch")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--bench", default="build/carcassonne", help="the engine binary")
    args = parser.parse_args()
    expansions = [e for e in args.expansions.split(",") if e]
    game = cc.Game(2, expansions, seed=0)
    bench = engine_bench(args.bench, expansions, args.seconds)
    print(f"rules: {'+'.join(expansions) or 'base'}, 2 players, {args.seconds:g} s per loop")
    print(f"carcassonne bench (C++)     {bench:10.0f} games/s")
    for name, rate in (("one at a time", one_at_a_time(game, args.seconds)),
                       (f"batched {args.batch}, numpy", batched_numpy(game, args.batch, args.seconds)),
                       (f"batched {args.batch}, bot", batched_bot(game, args.batch, args.seconds))):
        print(f"{name:<27} {rate:10.0f} games/s  {100 * rate / bench:5.1f} % of bench")


if __name__ == "__main__":
    main()
