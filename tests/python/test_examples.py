"""The Python examples run to the end with small arguments and print what they promise."""
import os
import re
import subprocess
import sys
import unittest

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "python")


def run_example(name, *arguments):
    """The example's standard output; the test fails with its standard error if it exits non-zero."""
    completed = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *arguments],
                               capture_output=True, text=True, timeout=120)
    if completed.returncode != 0:
        raise AssertionError(f"{name} exited {completed.returncode}:\n{completed.stderr}")
    return completed.stdout


def win_rate(output):
    return float(re.search(r"win rate (\d+\.\d+)", output).group(1))


class ExamplesTest(unittest.TestCase):
    def test_random_agent(self):
        output = run_example("random_agent.py", "--games", "4", "--seed", "1")
        wins = [int(w) for w in re.findall(r"player_\d: wins (\d+)", output)]
        self.assertEqual(len(wins), 2, output)
        self.assertGreaterEqual(sum(wins), 4, "every game has a winner")
        self.assertRegex(output, r"batch: \d+ random games, \d+\.\d games/s")

    def test_versus_greedy(self):
        output = run_example("versus_greedy.py", "--games", "4", "--seed", "1")
        self.assertRegex(output, r"lookahead vs greedy: \d/4 won")
        self.assertTrue(0.0 <= win_rate(output) <= 1.0, output)
        # The same lookahead against the random bot shows it plays with a purpose.
        output = run_example("versus_greedy.py", "--games", "6", "--seed", "1", "--opponent", "random")
        self.assertGreater(win_rate(output), 0.6, output)

    def test_value_learner_beats_random(self):
        output = run_example("value_learner.py", "--games", "10", "--train-games", "20", "--seed", "0")
        self.assertRegex(output, r"projected margin\s+[+-]\d")
        self.assertGreater(win_rate(output), 0.6, output)


if __name__ == "__main__":
    unittest.main()
