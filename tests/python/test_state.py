"""The Python state API over every expansion: a first slice of issue 15."""
import pickle
import random
import unittest

import carcassonne


class StateTest(unittest.TestCase):
    def play(self, state, rng):
        while not state.is_terminal():
            actions = state.legal_actions()
            self.assertTrue(actions)
            state.apply_action(rng.choice(actions))
        return state

    def test_random_games_end_with_returns_for_every_expansion(self):
        for expansions in ([], ["bcb"], ["ic"], ["tb"], ["pd"], ["am"], ["bcb", "ic", "tb", "pd", "am"]):
            with self.subTest(expansions=expansions):
                state = self.play(carcassonne.State(players=2, expansions=expansions, seed=7), random.Random(1))
                self.assertEqual(state.current_player(), carcassonne.TERMINAL_PLAYER)
                self.assertEqual(len(state.returns()), 2)
                self.assertIn(1.0, state.returns())

    def test_record_pickle_and_clone_round_trips(self):
        state = carcassonne.State(players=3, expansions=["bcb"], seed=3)
        rng = random.Random(5)
        for _ in range(40):
            state.apply_action(rng.choice(state.legal_actions()))
        for copy in (carcassonne.State.from_record(state.to_record()), pickle.loads(pickle.dumps(state)), state.clone()):
            self.assertEqual(copy.legal_actions(), state.legal_actions())
            self.assertEqual(copy.scores(), state.scores())
            self.assertEqual(copy.to_record(), state.to_record())
        clone = state.clone()
        clone.apply_action(clone.legal_actions()[0])
        self.assertNotEqual(clone.to_record(), state.to_record(), "a clone is independent")

    def test_errors_carry_the_cores_code(self):
        state = carcassonne.State(seed=1)
        with self.assertRaises(carcassonne.CarcassonneError) as caught:
            state.apply_action("place 9,9 r0")
        self.assertEqual(caught.exception.code, "illegal_move")
        with self.assertRaises(carcassonne.CarcassonneError) as caught:
            carcassonne.State(expansions=["xyz"])
        self.assertEqual(caught.exception.code, "unknown_expansion")


if __name__ == "__main__":
    unittest.main()
