"""The batch API: many games stepped together from numpy arrays, checked game by game against the
state API (the same engine asked one game at a time)."""
import threading
import unittest

import numpy as np

import carcassonne as cc

ALL_FIVE = ["bcb", "ic", "tb", "pd", "am"]


def pick(ids, offsets, rng):
    """A uniformly random legal id per game from the concatenated lists (-1 where none)."""
    counts = np.diff(offsets)
    chosen = offsets[:-1] + (rng.random(len(counts)) * counts).astype(np.int64)
    return np.where(counts > 0, ids[np.minimum(chosen, max(len(ids) - 1, 0))], -1).astype(np.int32)


class BatchTest(unittest.TestCase):
    def test_lists_masks_and_observations_match_the_state_api_game_by_game(self):
        for expansions in ([], ["bcb"], ALL_FIVE):
            with self.subTest(expansions=expansions):
                game = cc.Game(3, expansions, seed=0)
                batch = cc.Batch(game, 6, seed=40, auto_reset=False)
                rng = np.random.default_rng(1)
                for step in range(120):
                    ids, offsets = batch.legal_actions()
                    masks = batch.masks()
                    self.assertEqual(masks.shape, (6, game.num_distinct_actions()))
                    players = batch.current_players()
                    seen = batch.observations()
                    for i in range(6):
                        state = batch.state(i)
                        listed = sorted(ids[offsets[i]:offsets[i + 1]].tolist())
                        self.assertEqual(listed, state.legal_actions())
                        self.assertEqual(np.flatnonzero(masks[i]).tolist(), listed)
                        self.assertEqual(players[i], state.current_player())
                        if step % 30 == 0 and not state.is_terminal():
                            own = state.observation(state.current_player())
                            for name, array in own.items():
                                self.assertTrue(np.array_equal(seen[name][i], array), name)
                    batch.step(pick(ids, offsets, rng))
                self.assertEqual(batch.scores().shape, (6, 3))

    def test_games_run_to_the_end_and_restart_with_their_results_kept(self):
        game = cc.Game(2, ["am"], seed=0)
        batch = cc.Batch(game, 4, seed=7)
        rng = np.random.default_rng(2)
        ended = 0
        while batch.games_finished() < 10:
            done = batch.step(pick(*batch.legal_actions(), rng))
            ended += int(done.sum())
            self.assertFalse(batch.terminal().any(), "auto-reset games never wait at the end")
        results = batch.take_results()
        self.assertEqual(len(results), ended)
        self.assertEqual(batch.games_finished(), ended)
        self.assertEqual(results.shape[1], 2)
        self.assertEqual(len(batch.take_results()), 0)

    def test_a_finished_game_replays_from_its_record(self):
        game = cc.Game(2, ALL_FIVE, seed=0)
        batch = cc.Batch(game, 3, seed=90, auto_reset=False)
        rng = np.random.default_rng(3)
        while not batch.terminal().all():
            batch.step(pick(*batch.legal_actions(), rng))
        for i in range(3):
            state = batch.state(i)
            self.assertTrue(state.is_terminal())
            replayed = cc.State.from_record(state.to_record())
            self.assertEqual(replayed.scores(), batch.scores()[i].tolist())
        # Finished games take no more actions: any entry is ignored.
        batch.step(np.zeros(3, dtype=np.int32))
        self.assertTrue((batch.legal_actions()[1] == 0).all())
        self.assertTrue((batch.random_actions() == -1).all())

    def test_a_step_with_one_illegal_action_is_refused_whole(self):
        game = cc.Game(2, ["bcb"], seed=0)
        batch = cc.Batch(game, 5, seed=3)
        before = [batch.state(i).to_record() for i in range(5)]
        actions = batch.random_actions()
        legal = set(batch.state(3).legal_actions())
        actions[3] = next(a for a in range(game.num_distinct_actions()) if a not in legal)
        with self.assertRaises(cc.CarcassonneError) as raised:
            batch.step(actions)
        self.assertIn("game 3", raised.exception.message)
        self.assertEqual([batch.state(i).to_record() for i in range(5)], before)
        with self.assertRaises(cc.CarcassonneError):
            batch.step(np.zeros(4, dtype=np.int32))

    def test_bots_act_for_every_game(self):
        game = cc.Game(2, ["bcb", "tb"], seed=0)
        batch = cc.Batch(game, 3, seed=5)
        for spec in ("random", "greedy", "mcts:playouts=30"):
            for _ in range(4):
                actions = batch.bot_actions(spec, seed=1)
                for i in range(3):
                    self.assertIn(int(actions[i]), batch.state(i).legal_actions())
                batch.step(actions)
        for _ in range(20):
            actions = batch.random_actions()
            for i in range(3):
                self.assertIn(int(actions[i]), batch.state(i).legal_actions())
            batch.step(actions)

    def test_batches_step_in_parallel_threads(self):
        # The GIL is released while games run: two threads stepping two batches give the same
        # games as one thread stepping them in turn.
        def run(batch, steps):
            for _ in range(steps):
                batch.step(batch.random_actions())

        def finished_scores(parallel):
            batches = [cc.Batch(cc.Game(2, ["pd"], seed=0), 8, seed=s) for s in (1, 2)]
            if parallel:
                threads = [threading.Thread(target=run, args=(b, 400)) for b in batches]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
            else:
                for b in batches:
                    run(b, 400)
            return [b.take_results().tolist() for b in batches]

        sequential = finished_scores(False)
        self.assertTrue(sequential[0], "400 steps finish some games")
        self.assertEqual(finished_scores(True), sequential)

    def test_one_batch_shared_by_threads_neither_deadlocks_nor_tears(self):
        # One thread steps while another reads: every call takes the batch's lock without the GIL,
        # so neither waits for the other forever, and every read sees whole games.
        batch = cc.Batch(cc.Game(2, ["bcb"], seed=0), 8, seed=4)
        failures = []

        def stepper():
            try:
                for _ in range(300):
                    batch.step(batch.random_actions())
            except Exception as error:  # reported below; a thread's exception is otherwise lost
                failures.append(error)

        def reader():
            try:
                for _ in range(100):
                    seen = batch.observations()
                    masks = batch.masks()
                    self.assertEqual(masks.shape[0], 8)
                    self.assertEqual(seen["scores"].shape, (8, 2))
                    batch.scores()
                    batch.current_players()
            except Exception as error:
                failures.append(error)

        threads = [threading.Thread(target=stepper), threading.Thread(target=reader)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        self.assertFalse(any(thread.is_alive() for thread in threads), "a thread is stuck")
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main()
