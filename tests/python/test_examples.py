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


class TrainValueTest(unittest.TestCase):
    """scripts/train-value.py, which fits the MCTS bot's learned evaluation, on a few games."""

    def run_script(self, out):
        script = os.path.join(os.path.dirname(EXAMPLES), "..", "scripts", "train-value.py")
        completed = subprocess.run([sys.executable, script, "--games", "10", "--seed", "3", "--out", out],
                                   capture_output=True, text=True, timeout=300)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        with open(out) as f:
            return f.read()

    def test_writes_the_weights_the_engine_includes_and_reproduces_them(self):
        import tempfile
        with tempfile.TemporaryDirectory() as directory:
            first = self.run_script(os.path.join(directory, "a.inc"))
            second = self.run_script(os.path.join(directory, "b.inc"))
        self.assertEqual(first, second, "the same seed gives the same weights")
        lines = first.splitlines()
        self.assertTrue(lines[0].startswith("// Written by scripts/train-value.py --games 10 --seed 3"))
        weights = [float(line.rstrip(",")) for line in lines if not line.startswith("//")]
        self.assertEqual(len(weights), 10)  # kValueFeatureCount
        with open(os.path.join(os.path.dirname(EXAMPLES), "..", "src", "bots", "value_weights.inc")) as f:
            shipped = [line for line in f.read().splitlines() if not line.startswith("//")]
        self.assertEqual(len(shipped), 10)
