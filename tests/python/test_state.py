"""The state API: action ids, masks, notation, round trips, observations and typed errors.

Every check asks the engine twice in different ways (ids against notation, masks against lists,
a replayed record against the live state) and compares; no expected value is copied from the
engine's output.
"""
import copy
import json
import itertools
import pickle
import random
import unittest

import numpy as np

import carcassonne as cc

ALL_FIVE = ["bcb", "ic", "tb", "pd", "am"]


def every_combination():
    for size in range(len(cc.EXPANSIONS) + 1):
        yield from (list(c) for c in itertools.combinations(cc.EXPANSIONS, size))


def observations_equal(a, b):
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


class EventsTest(unittest.TestCase):
    """State.last_events(): what each action caused, as the engine reports it."""

    KINDS = {"scored", "figure_returned", "goods_taken", "tile_set_aside", "set_aside_returned",
             "dragon_to_volcano", "journey_started", "journey_ended", "part_started",
             "bazaar_delayed", "tile_discarded", "abbey_round_began"}

    def play(self, players, expansions, seed):
        """Plays a random game; returns its events, action by action, and the final state."""
        state = cc.Game(players, expansions, seed=seed).new_initial_state()
        rng = random.Random(seed)
        steps = []
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps.append(state.last_events())
        return steps, state

    def test_base_game_scores_are_the_sum_of_the_scorings(self):
        for seed in range(4):
            steps, state = self.play(2 + seed % 3, [], seed)
            totals = [0] * state.num_players()
            for events in steps:
                for event in events:
                    if event["kind"] == "scored":
                        for seat in event["winners"]:
                            totals[seat] += event["points"]
            self.assertEqual(totals, state.scores(), f"seed {seed}")
            self.assertTrue(any(e["kind"] == "scored" and e["final"] for e in steps[-1]),
                            "the last action brings the final scoring")

    def test_every_expansion_reports_known_kinds_with_their_fields(self):
        seen = set()
        for seed in range(6):
            steps, state = self.play(3, ALL_FIVE, seed)
            for events in steps:
                for event in events:
                    self.assertIn(event["kind"], self.KINDS)
                    seen.add(event["kind"])
                    if event["kind"] == "figure_returned":
                        self.assertIn(event["cause"], {"scored", "final_scoring", "dragon", "princess",
                                                       "unaccompanied", "barn_scored", "castle_end"})
                        self.assertTrue(0 <= event["player"] < state.num_players())
                    if event["kind"] == "goods_taken":
                        self.assertIn(event["good"], {"wine", "grain", "cloth"})
                        self.assertGreater(event["count"], 0)
        # Random games of every expansion score, send figures home, take goods and start journeys.
        self.assertTrue({"scored", "figure_returned", "goods_taken", "journey_started"} <= seen, seen)

    def test_a_copy_does_not_hear_the_original(self):
        state = cc.Game(2, ALL_FIVE, seed=5).new_initial_state()
        rng = random.Random(5)
        while not state.last_events():
            state.apply_action(rng.choice(state.legal_actions()))
        copied = state.clone()
        self.assertEqual(copied.last_events(), state.last_events())
        before = copied.last_events()
        state.apply_action(state.legal_actions()[0])
        self.assertEqual(copied.last_events(), before)


class StateApiTest(unittest.TestCase):
    def check_decision(self, state, rng):
        """Ids, strings and the mask of one decision agree with each other."""
        ids = state.legal_actions()
        texts = state.legal_action_strings()
        game = state.game()
        self.assertTrue(ids, "a running game always has a legal action")
        self.assertEqual(ids, sorted(set(ids)), "ids are ascending and distinct")
        self.assertTrue(0 <= ids[0] and ids[-1] < game.num_distinct_actions())
        self.assertEqual(len(texts), len(ids))
        self.assertEqual(len(set(texts)), len(texts), "no two legal actions share a text")
        mask = state.legal_actions_mask()
        self.assertEqual(mask.shape, (game.num_distinct_actions(),))
        self.assertEqual(np.flatnonzero(mask).tolist(), ids)
        for k in rng.sample(range(len(ids)), min(4, len(ids))):
            self.assertEqual(state.action_to_string(ids[k]), texts[k])
            self.assertEqual(state.string_to_action(texts[k]), ids[k])
        return ids, texts

    def test_every_expansion_combination_plays_to_the_end_with_consistent_actions(self):
        for index, expansions in enumerate(every_combination()):
            players = 2 + index % 5
            with self.subTest(expansions=expansions, players=players):
                rng = random.Random(index)
                state = cc.Game(players, expansions, seed=index).new_initial_state()
                decisions = 0
                while not state.is_terminal():
                    self.assertTrue(0 <= state.current_player() < players)
                    ids, _ = self.check_decision(state, rng)
                    state.apply_action(rng.choice(ids))
                    decisions += 1
                self.assertGreater(decisions, 40)
                self.assertEqual(state.current_player(), cc.TERMINAL_PLAYER)
                self.assertEqual(state.legal_actions(), [])
                returns = state.returns()
                self.assertEqual(len(returns), players)
                self.assertIn(1.0, returns)
                best = max(state.scores())
                self.assertEqual(returns, [1.0 if s == best else -1.0 for s in state.scores()])

    def test_ids_name_the_same_decision_for_the_whole_game(self):
        # A placement id means the same square all game: replaying the history gives the same ids.
        rng = random.Random(3)
        state = cc.Game(3, ALL_FIVE, seed=3).new_initial_state()
        taken = []
        for _ in range(150):
            action = rng.choice(state.legal_actions())
            taken.append(action)
            state.apply_action(action)
        self.assertEqual(state.history(), taken)
        replayed = cc.State.from_record(state.to_record())
        self.assertEqual(replayed.history(), taken)

    def test_actions_by_id_and_by_text_reach_the_same_game(self):
        rng = random.Random(8)
        by_id = cc.Game(2, ALL_FIVE, seed=8).new_initial_state()
        by_text = by_id.clone()
        while not by_id.is_terminal():
            ids = by_id.legal_actions()
            k = rng.randrange(len(ids))
            by_text.apply_action(by_text.legal_action_strings()[k])
            by_id.apply_action(ids[k])
        self.assertTrue(by_text.is_terminal())
        self.assertEqual(by_id.to_record(), by_text.to_record())
        self.assertEqual(by_id.scores(), by_text.scores())

    def test_record_pickle_clone_and_copy_round_trips(self):
        for expansions in ([], ["bcb"], ALL_FIVE):
            with self.subTest(expansions=expansions):
                rng = random.Random(5)
                state = cc.Game(3, expansions, seed=11, window=24).new_initial_state()
                for _ in range(60):
                    state.apply_action(rng.choice(state.legal_actions()))
                copies = [cc.State.from_record(state.to_record(), window=24),
                          pickle.loads(pickle.dumps(state)), state.clone(), copy.deepcopy(state),
                          copy.copy(state)]
                for other in copies:
                    self.assertEqual(other.to_record(), state.to_record())
                    self.assertEqual(other.legal_actions(), state.legal_actions())
                    self.assertEqual(other.history(), state.history())
                    for seat in range(3):
                        self.assertTrue(observations_equal(other.observation(seat),
                                                           state.observation(seat)))
                        self.assertEqual(other.information_state_string(seat),
                                         state.information_state_string(seat))
                # Copies are independent: a move in one leaves the other as it was.
                before = state.to_record()
                copies[2].apply_action(copies[2].legal_actions()[0])
                self.assertEqual(state.to_record(), before)

    def test_illegal_input_raises_typed_errors_and_changes_nothing(self):
        state = cc.Game(2, ["bcb"], seed=2).new_initial_state()
        before = state.to_record()
        legal = set(state.legal_actions())
        illegal = next(a for a in range(state.game().num_distinct_actions()) if a not in legal)
        cases = [(illegal, None), (-1, "out_of_range"),
                 (state.game().num_distinct_actions(), "out_of_range"),
                 ("place 40,40 r0", "illegal_move"), ("fly away", "bad_notation"), ("", "bad_notation")]
        for action, code in cases:
            with self.subTest(action=action):
                with self.assertRaises(cc.CarcassonneError) as raised:
                    state.apply_action(action)
                if code:
                    self.assertEqual(raised.exception.code, code)
                self.assertTrue(raised.exception.message)
                self.assertEqual(state.to_record(), before)
        with self.assertRaises(cc.CarcassonneError) as raised:
            cc.State.from_record('{"players": ["a"], "actions": []}')
        self.assertEqual(raised.exception.code, "bad_player_count")
        with self.assertRaises(cc.CarcassonneError) as raised:
            cc.Game(2, ["xyz"])
        self.assertEqual(raised.exception.code, "unknown_expansion")
        with self.assertRaises(cc.CarcassonneError):
            state.bot_action("grandmaster")
        with self.assertRaises(cc.CarcassonneError):
            state.observation(2)

    def test_a_record_replays_to_the_same_state_and_reports_the_failing_action(self):
        rng = random.Random(4)
        state = cc.Game(2, ["tb", "am"], seed=4).new_initial_state()
        for _ in range(30):
            state.apply_action(rng.choice(state.legal_actions()))
        import json
        record = json.loads(state.to_record())
        record["actions"].insert(3, "place 99,99 r0")
        with self.assertRaises(cc.CarcassonneError) as raised:
            cc.State.from_record(json.dumps(record))
        self.assertIn("action 3", raised.exception.message)

    def test_observation_layout(self):
        for players, expansions in ((2, []), (6, ALL_FIVE)):
            game = cc.Game(players, expansions, seed=1)
            state = game.new_initial_state()
            rng = random.Random(1)
            for _ in range(25):
                state.apply_action(rng.choice(state.legal_actions()))
            seen = state.observation(0)
            self.assertEqual({k: v.shape for k, v in seen.items()}, game.observation_shapes())
            self.assertEqual(seen["board"].shape[0], len(cc.board_plane_names(players)))
            self.assertEqual(seen["info"].shape[0], len(cc.INFO_FIELDS))
            self.assertEqual(seen["supply"].shape[1], len(cc.SUPPLY_COLUMNS))
            info = dict(zip(cc.INFO_FIELDS, seen["info"].tolist()))
            self.assertEqual(info["viewer"], 0)
            self.assertEqual(info["current_player"], state.current_player())
            self.assertEqual(cc.PHASES[info["phase"]], state.phase())
            placed = seen["tiles"][seen["tiles"][:, 2] >= 0]
            self.assertEqual(len(placed), info["tiles_placed"])
            plane = dict(zip(cc.board_plane_names(players), seen["board"]))
            # Every placed tile inside the window shows on the occupied plane and the slot table.
            ox, oy = seen["origin"]
            for slot, (x, y, tile, rotation, bridge) in enumerate(placed.tolist()):
                if 0 <= x - ox < game.window() and 0 <= y - oy < game.window():
                    self.assertEqual(plane["occupied"][y - oy, x - ox], 1)
                    self.assertEqual(seen["board_slots"][y - oy, x - ox], slot)
            self.assertEqual(int(plane["occupied"].sum()), len(placed))
            self.assertEqual(seen["scores"].tolist(), state.scores())
            self.assertEqual(seen["projected_scores"].tolist(), state.projected_scores())
            figures = seen["figures"][seen["figures"][:, 0] >= 0]
            figure_planes = sum(int(plane[f"p{p}_{kind}"].sum()) for p in range(players)
                                for kind in cc.SUPPLY_COLUMNS[:7])
            self.assertEqual(figure_planes, len(figures))
            if state.phase() == "place":
                # The fits plane holds exactly the legal placements of the tile in hand.
                fits = plane["fits"]
                count = sum(bin(int(v)).count("1") for v in fits.flatten())
                places = [t for t in state.legal_action_strings() if t.startswith("place")]
                self.assertEqual(count, len(places))

    def test_observations_never_hold_the_order_of_the_undrawn_tiles(self):
        for expansions in ([], ALL_FIVE):
            with self.subTest(expansions=expansions):
                first = cc.Game(2, expansions, seed=21).new_initial_state()
                seen = first.observation(0)
                in_hand = int(seen["info"][cc.INFO_FIELDS.index("tile_in_hand")])
                remaining = [t for t, n in enumerate(seen["remaining"].tolist()) for _ in range(n)]
                random.Random(2).shuffle(remaining)
                split = 40
                names = [cc.TILE_NAMES[t] for t in [in_hand] + remaining]
                other_names = names[:split] + list(reversed(names[split:]))
                self.assertNotEqual(names, other_names)
                a = cc.Game(2, expansions, seed=1, deck=names).new_initial_state()
                b = cc.Game(2, expansions, seed=2, deck=other_names).new_initial_state()
                rng = random.Random(6)
                drawn = 0
                while drawn < split - 10:
                    for seat in (0, 1):
                        self.assertTrue(observations_equal(a.observation(seat), b.observation(seat)))
                        self.assertEqual(a.information_state_string(seat),
                                         b.information_state_string(seat))
                    self.assertEqual(a.legal_actions(), b.legal_actions())
                    action = rng.choice(a.legal_actions())
                    a.apply_action(action)
                    b.apply_action(action)
                    left = int(a.observation(0)["info"][cc.INFO_FIELDS.index("tiles_left")])
                    drawn = len(names) - left
                self.assertNotEqual(a.to_record(), b.to_record())

    def test_information_state_names_the_viewer_and_the_public_history_only(self):
        state = cc.Game(2, ["bcb"], seed=9).new_initial_state()
        rng = random.Random(9)
        for _ in range(20):
            state.apply_action(rng.choice(state.legal_actions()))
        zero, one = state.information_state_string(0), state.information_state_string(1)
        self.assertNotEqual(zero, one)
        self.assertEqual(zero.split("\n")[2:], one.split("\n")[2:])
        self.assertNotIn("seed", zero)
        self.assertNotIn('"deck"', zero)
        moves = [line for line in zero.split("\n") if line.startswith("seat ")]
        self.assertEqual(len(moves), 20)

    def test_built_in_bots_choose_legal_actions(self):
        state = cc.Game(2, ALL_FIVE, seed=12).new_initial_state()
        rng = random.Random(12)
        for spec in ("random", "greedy", "mcts:playouts=40"):
            for _ in range(6):
                action = state.bot_action(spec, seed=3)
                self.assertIn(action, state.legal_actions())
                state.apply_action(action)
            state.apply_action(rng.choice(state.legal_actions()))

    def test_publisher_variants_are_rule_options_by_name(self):
        rules = {"bids": "up-to-score", "next-auctioneer": "after-buyer", "castle-cities": "two-caps"}
        state = cc.Game(3, ["bcb"], rules=rules, seed=5).new_initial_state()
        rng = random.Random(5)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        record = json.loads(state.to_record())
        for name, value in rules.items():
            self.assertEqual(record["rules"][name], value)
        with self.assertRaises(cc.CarcassonneError):
            cc.Game(2, [], rules={"bids": "up-to-score"})


if __name__ == "__main__":
    unittest.main()


def counts_of(array):
    return {cc.TILE_NAMES[t]: int(n) for t, n in enumerate(array.tolist()) if n}


def told_tiles(information_state):
    """What the information state tells of the pile: the tiles taken by name, those set aside (they
    stay among the tiles to come), and those a bazaar showed after they were taken face down."""
    taken, aside, revealed = {}, {}, {}
    unseen = 0

    def add(counts, name, n=1):
        counts[name] = counts.get(name, 0) + n

    for line in information_state.split("\n"):
        words = line.split()
        if line.startswith("  taken "):
            for name in words[1:]:
                if name == "?":
                    unseen += 1
                else:
                    add(taken, name)
        elif line.startswith("  set aside "):
            for name in words[2:]:
                add(aside, name)
        elif line.startswith("  offer ") and unseen:
            for name in words[1:]:
                add(revealed, name)
            unseen = 0
    return taken, aside, revealed


def builder_first_deck(rng):
    """A road- and bazaar-rich deck on which builders earn second parts after placing bazaars."""
    bazaars = ["BCB-B", "BCB-C", "BCB-E", "BCB-J"]
    fill = ["U", "V", "U", "V", "W", "K", "J"]
    return [rng.choice(bazaars) if i % 2 else rng.choice(fill) for i in range(60)]


class PublicTileInformationTest(unittest.TestCase):
    """`remaining` is the public multiset, and the information state says everything it follows
    from: the box's contents less every tile taken by name, plus those set aside, less the
    face-down tiles once shown. So two histories with one information state have one `remaining`."""

    def check_game(self, state, rng, prefer_builders=False):
        first = state.information_state_string(0)
        taken, aside, _ = told_tiles(first)
        box = counts_of(state.observation(0)["remaining"])
        for name, n in taken.items():
            box[name] = box.get(name, 0) + n
        for name, n in aside.items():
            box[name] -= n
        face_down_seen = False
        while True:
            told = state.information_state_string(1)
            taken, aside, revealed = told_tiles(told)
            face_down_seen = face_down_seen or "?" in told
            expected = dict(box)
            for counts, sign in ((taken, -1), (aside, 1), (revealed, -1)):
                for name, n in counts.items():
                    expected[name] = expected.get(name, 0) + sign * n
            expected = {name: n for name, n in expected.items() if n}
            for seat in (0, 1):
                self.assertEqual(counts_of(state.observation(seat)["remaining"]), expected)
            if state.is_terminal():
                return face_down_seen
            texts = state.legal_action_strings()
            builders = [t for t in texts if t.startswith("builder")]
            if prefer_builders and builders and rng.random() < 0.9:
                state.apply_action(rng.choice(builders))
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    def test_remaining_follows_from_the_information_state_in_every_rule_set(self):
        for index, expansions in enumerate(every_combination()):
            rule_sets = [{}]
            if "bcb" in expansions and "tb" in expansions:
                rule_sets.append({"builder-bazaar": "builder-first"})
            for rules in rule_sets:
                with self.subTest(expansions=expansions, rules=rules):
                    game = cc.Game(2 + index % 3, expansions, rules=rules, seed=300 + index)
                    self.check_game(game.new_initial_state(), random.Random(index), True)

    def test_remaining_while_bazaar_tiles_lie_face_down(self):
        rng = random.Random(16)
        face_down_seen = False
        for attempt in range(40):  # the window is rare: about one game in ten reaches it
            game = cc.Game(2, ["bcb", "tb"], rules={"builder-bazaar": "builder-first"},
                           deck=builder_first_deck(rng))
            face_down_seen = self.check_game(game.new_initial_state(), rng, True)
            if face_down_seen:
                break
        self.assertTrue(face_down_seen, "no bazaar tiles were taken face down")

    def test_a_tile_discarded_for_want_of_a_placement_is_in_the_information_state(self):
        # F fits nowhere after these moves: in one deck it comes before V (discarded at once), in
        # the other after it. The players saw different tiles go, so the strings differ.
        start = cc.Game(2, [], seed=0).new_initial_state().observation(0)
        counts = start["remaining"].astype(int)
        counts[int(start["info"][cc.INFO_FIELDS.index("tile_in_hand")])] += 1

        def deck(head):
            rest = counts.copy()
            for name in head:
                rest[cc.TILE_NAMES.index(name)] -= 1
            return head + [cc.TILE_NAMES[t] for t in range(len(rest)) for _ in range(rest[t])]

        moves = ["place 1,0 r270", "skip", "place 1,-1 r180", "skip", "place 1,1 r270", "meeple ESE"]
        states = []
        for head in (["U", "W", "V", "F", "V"], ["U", "W", "V", "V", "F"]):
            state = cc.Game(2, [], deck=deck(head)).new_initial_state()
            for move in moves:
                state.apply_action(move)
            states.append(state)
        a, b = states
        self.assertFalse(observations_equal(a.observation(0), b.observation(0)))
        self.assertNotEqual(a.information_state_string(0), b.information_state_string(0))
        self.assertIn("  taken F V", a.information_state_string(0))
