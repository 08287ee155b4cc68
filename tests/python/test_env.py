"""CarcassonneEnv keeps PettingZoo's AEC conventions over whole games of every expansion."""
import random
import unittest

import numpy as np

import carcassonne
from carcassonne.env import CarcassonneEnv

INFO = {name: index for index, name in enumerate(carcassonne.INFO_FIELDS)}

ALL_EXPANSIONS = ["bcb", "ic", "tb", "pd", "am"]


def play(env, seed, policy_seed, on_decision=None):
    """Plays one game with a seeded random policy that draws from the action mask.

    Returns the actions taken and the reward each agent collected at its dead step.
    """
    rng = np.random.default_rng(policy_seed)
    env.reset(seed=seed)
    actions, final_rewards = [], {}
    for agent in env.agent_iter(max_iter=10_000):
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            final_rewards[agent] = reward
            env.step(None)
            continue
        if on_decision:
            on_decision(agent, observation, reward, info)
        action = env.action_space(agent).sample(mask=observation["action_mask"], rng=rng)
        actions.append(action)
        env.step(action)
    return actions, final_rewards


class EnvTest(unittest.TestCase):
    def test_full_games_for_several_expansion_sets(self):
        for players, expansions in ((2, []), (2, ["bcb"]), (3, ["am"]), (4, ALL_EXPANSIONS)):
            with self.subTest(players=players, expansions=expansions):
                env = CarcassonneEnv(players=players, expansions=expansions)
                self.assertEqual(env.possible_agents, [f"player_{seat}" for seat in range(players)])

                def check_decision(agent, observation, reward, info):
                    state = env.state
                    self.assertEqual(agent, f"player_{state.current_player()}")
                    mask = observation["action_mask"]
                    self.assertEqual(mask.dtype, np.int8)
                    self.assertEqual(mask.shape, (env.num_actions,))
                    self.assertEqual(np.flatnonzero(mask).tolist(), state.legal_actions())
                    self.assertEqual(info["legal_actions"], state.legal_actions())
                    self.assertEqual(info["scores"], state.scores())
                    self.assertEqual(reward, 0.0, "nothing is paid before the end")
                    for other in env.agents:
                        if other != agent:
                            self.assertFalse(env.observe(other)["action_mask"].any())

                for seed in (11, 12, 13):
                    actions, final_rewards = play(env, seed=seed, policy_seed=seed, on_decision=check_decision)
                    self.assertTrue(actions)
                    self.assertEqual(env.agents, [])
                    returns = env.state.returns()
                    self.assertEqual(final_rewards, {f"player_{seat}": returns[seat] for seat in range(players)})
                    self.assertIn(1.0, final_rewards.values())
                    self.assertTrue(set(final_rewards.values()) <= {1.0, -1.0})
                    self.assertIn("game over", env.render())

    def test_opponent_seats_are_never_shown(self):
        for opponents in ({1: "random"}, {"player_0": "greedy"}, {0: "random", 2: "greedy"}):
            with self.subTest(opponents=opponents):
                players = 3 if 2 in opponents else 2
                env = CarcassonneEnv(players=players, opponents=opponents)
                bots = {int(str(who).removeprefix("player_")) for who in opponents}
                learners = [f"player_{seat}" for seat in range(players) if seat not in bots]
                self.assertEqual(env.possible_agents, learners)
                shown = set()

                def check_decision(agent, observation, reward, info):
                    shown.add(agent)
                    self.assertEqual(agent, f"player_{env.state.current_player()}")

                _, final_rewards = play(env, seed=5, policy_seed=5, on_decision=check_decision)
                self.assertEqual(shown, set(learners))
                self.assertEqual(set(final_rewards), set(learners))
                self.assertTrue(env.state.is_terminal())

    def test_decisions_out_of_turn_go_to_the_deciding_seat(self):
        # Bazaar auctions, castles and the dragon hand decisions to seats whose turn it is not,
        # among them the learners' while the bot's turn runs.
        env = CarcassonneEnv(players=3, expansions=["bcb", "pd"], opponents={1: "random"})
        out_of_turn = []

        def check_decision(agent, observation, reward, info):
            seen = observation["observation"]
            self.assertEqual(agent, f"player_{env.state.current_player()}")
            self.assertEqual(seen["info"][INFO["viewer"]], env.seat(agent), "the observation is the decider's")
            if seen["info"][INFO["current_player"]] != seen["info"][INFO["turn_player"]]:  # the decider is not the turn's player
                out_of_turn.append(env.state.phase())

        play(env, seed=3, policy_seed=3, on_decision=check_decision)
        self.assertTrue(out_of_turn)

    def test_rewards_are_paid_once_at_the_end(self):
        env = CarcassonneEnv(players=2, opponents={1: "greedy"}, seed=2)
        env.reset()
        rng = random.Random(0)
        paid = 0.0
        while not env.terminations["player_0"]:
            self.assertEqual(env.rewards, {"player_0": 0.0})
            env.step(rng.choice(env.infos["player_0"]["legal_actions"]))
            paid += env.rewards["player_0"]
        returns = env.state.returns()
        self.assertIn(returns[0], (1.0, -1.0))
        self.assertEqual(paid, returns[0], "the rewards of a game add up to its return")
        self.assertEqual(env.last()[1], returns[0])
        self.assertTrue(env.last()[2])
        env.step(None)
        self.assertEqual(env.agents, [])

    def test_infos_tell_what_the_step_caused(self):
        env = CarcassonneEnv(players=2, opponents={1: "greedy"}, seed=4)
        env.reset(seed=4)
        rng = random.Random(4)
        told = 0
        while not env.terminations["player_0"]:
            before = env.state.scores()
            env.step(rng.choice(env.infos["player_0"]["legal_actions"]))
            events = env.infos["player_0"]["events"]
            gained = [0, 0]
            for event in events:
                if event["kind"] == "scored":
                    for seat in event["winners"]:
                        gained[seat] += event["points"]
            # The learning agent's action and the greedy bot's after it: every point is told.
            self.assertEqual([b + g for b, g in zip(before, gained)], env.state.scores())
            told += len(events)
        self.assertGreater(told, 0)

    def test_dead_steps_remove_agents_one_by_one(self):
        env = CarcassonneEnv(players=3)
        play_until_over(env, seed=4)
        self.assertEqual(env.agents, env.possible_agents)
        self.assertTrue(all(env.terminations.values()))
        with self.assertRaises(ValueError):
            env.step(0)
        removed = []
        while env.agents:
            agent = env.agent_selection
            record = env.state.to_record()
            env.step(None)
            removed.append(agent)
            self.assertNotIn(agent, env.agents)
            self.assertNotIn(agent, env.rewards)
            self.assertEqual(env.state.to_record(), record, "a dead step changes no game")
        self.assertEqual(removed, env.possible_agents)
        self.assertEqual(list(env.agent_iter()), [])

    def test_reset_with_a_seed_repeats_the_game(self):
        env = CarcassonneEnv(players=2, expansions=["tb"], opponents={1: "random"})
        first, _ = play(env, seed=21, policy_seed=8)
        first_record = env.state.to_record()
        play(env, seed=99, policy_seed=8)
        second, _ = play(env, seed=21, policy_seed=8)
        self.assertEqual(first, second)
        self.assertEqual(env.state.to_record(), first_record)

    def test_reset_without_a_seed_follows_the_constructor_seed(self):
        records = []
        for _ in range(2):
            env = CarcassonneEnv(players=2, seed=13)
            env.reset()
            env.reset()
            records.append(env.state.to_record())
        self.assertEqual(records[0], records[1])

    def test_illegal_action_raises_and_changes_nothing(self):
        env = CarcassonneEnv(players=2, expansions=["ic"])
        env.reset(seed=1)
        legal = set(env.state.legal_actions())
        illegal = next(action for action in range(env.num_actions) if action not in legal)
        agent, record = env.agent_selection, env.state.to_record()
        with self.assertRaises(carcassonne.CarcassonneError) as caught:
            env.step(illegal)
        self.assertEqual(caught.exception.code, "illegal_move")
        self.assertEqual(env.agent_selection, agent)
        self.assertEqual(env.state.to_record(), record)
        env.step(min(legal))
        self.assertNotEqual(env.state.to_record(), record)

    def test_action_space_samples_only_allowed_ids(self):
        env = CarcassonneEnv(players=2)
        env.reset(seed=0)
        space = env.action_space("player_0")
        self.assertEqual(space.n, env.num_actions)
        mask = np.zeros(space.n, dtype=np.int8)
        mask[[3, 7]] = 1
        rng = np.random.default_rng(0)
        self.assertEqual({space.sample(mask, rng) for _ in range(50)}, {3, 7})
        self.assertTrue(all(0 <= space.sample() < space.n for _ in range(50)))

    def test_bad_opponents_are_refused(self):
        with self.assertRaises(ValueError):
            CarcassonneEnv(players=2, opponents={0: "random", 1: "random"})
        with self.assertRaises(ValueError):
            CarcassonneEnv(players=2, opponents={2: "random"})
        with self.assertRaises(ValueError):
            CarcassonneEnv(players=2, opponents={"north": "random"})
        with self.assertRaises(ValueError):
            CarcassonneEnv(players=2, opponents={1: "grredy"})


def play_until_over(env, seed):
    """Plays random ids from the mask until the game ends, taking no dead step."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    while not env.state.is_terminal():
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(env.action_space(env.agent_selection).sample(mask, rng))


if __name__ == "__main__":
    unittest.main()
