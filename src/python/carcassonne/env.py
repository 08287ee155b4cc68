"""CarcassonneEnv: a game of Carcassonne as a turn-by-turn multi-agent environment.

The environment follows PettingZoo's AEC conventions (``reset``, ``agent_selection``,
``observe``, ``last``, ``step``, ``agent_iter``, the ``rewards`` / ``_cumulative_rewards`` /
``terminations`` / ``truncations`` / ``infos`` dictionaries and the dead step) without depending on
PettingZoo, so the usual loop runs unchanged::

    env = CarcassonneEnv(players=2, opponents={1: "greedy"})
    env.reset(seed=0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

What it promises:

* Agents are named by seat: ``"player_<seat>"``. Seats given in ``opponents`` are played by the
  engine's own bot inside ``reset`` and ``step``; they are part of the environment, not agents, so
  they are never in ``possible_agents``, ``agents`` or ``agent_selection``.
* ``agent_selection`` is always the seat that decides next, as the engine says
  (``State.current_player()``). That is not always the seat whose turn it is: an auction bid or a
  castle choice may fall to another seat, and one seat often decides several times in a row.
* Rewards are the game's returns, paid once, when the game ends: +1 to every winner, -1 to every
  other seat; every reward before the end is 0. ``infos[agent]`` holds ``"scores"`` (every seat's
  score, for shaping if wanted), ``"legal_actions"`` (the ids of the mask, ascending; empty for
  an agent that is not deciding) and ``"events"``: what the last step caused, the learning
  agent's action and the opponents' after it, in order (``State.last_events()``: scorings,
  figures sent home and why, goods taken, the dragon's doings, ...).
* ``observe(agent)`` is ``{"observation": State.observation(seat), "action_mask": int8[A]}``; the
  mask is the deciding agent's legal actions, and all zeros for an agent that is not deciding.
* A game always ends, so ``truncations`` stay False. An illegal action raises
  ``CarcassonneError`` (code ``illegal_move``) and changes nothing.
* After ``reset(seed=s)`` the games, the opponents' bot decisions and so every observation are a
  function of ``s`` and the actions taken; ``reset()`` without a seed goes on drawing from the
  environment's generator (seeded by the constructor's ``seed``), so successive games differ.
"""

import numpy as np

from ._carcassonne import BOTS, Game

# Seeds for games and bots are drawn below this bound so they fit every integer type the engine
# takes.
_SEED_BOUND = 2**63 - 1


class Discrete:
    """The action space of one agent: the ids 0 .. n-1 (the part of gymnasium's Discrete used here)."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        """Re-seeds the generator that ``sample`` uses when it is given none."""
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None, rng=None):
        """A uniformly random id, among those where ``mask`` is non-zero when a mask is given."""
        rng = self._rng if rng is None else rng
        if mask is None:
            return int(rng.integers(self.n))
        allowed = np.flatnonzero(mask)
        if allowed.size == 0:
            raise ValueError("the mask allows no action")
        return int(allowed[rng.integers(allowed.size)])

    def contains(self, action):
        return isinstance(action, (int, np.integer)) and 0 <= action < self.n

    __contains__ = contains

    def __repr__(self):
        return f"Discrete({self.n})"


def agent_name(seat):
    """The name of the agent that plays ``seat``."""
    return f"player_{seat}"


class CarcassonneEnv:
    """One game of Carcassonne at a time for learning agents, with optional built-in opponents.

    ``players``: 2 to 6 seats. ``expansions``: any of "bcb", "ic", "tb", "pd", "am". ``rules``: the
    engine's rule options (a dict of strings). ``opponents``: a seat index or agent name mapped to a
    bot spec ("random", "greedy", "mcts:playouts=100", ...); at least one seat must stay a learning
    agent. ``seed``: seeds the generator behind ``reset()`` without a seed (None: unpredictable).

    ``state`` is the live ``State`` of the game, for agents that search: read it or clone it, never
    apply an action to it directly (the environment would not see the move). ``game`` is the
    ``Game``; its ``observation_shapes()`` gives the shape of every observation array.
    """

    metadata = {"name": "carcassonne_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players=2, expansions=(), rules=None, opponents=None, seed=None):
        self.game = Game(players=players, expansions=list(expansions), rules=dict(rules or {}), seed=0)
        self.num_players = self.game.num_players()
        self.num_actions = self.game.num_distinct_actions()
        self.opponents = self._seats_of(opponents or {})
        if len(self.opponents) == self.num_players:
            raise ValueError("every seat is an opponent: at least one seat must be a learning agent")
        self.possible_agents = [agent_name(seat) for seat in range(self.num_players) if seat not in self.opponents]
        self._seat = {agent_name(seat): seat for seat in range(self.num_players)}
        self._action_spaces = {agent: Discrete(self.num_actions) for agent in self.possible_agents}
        self._rng = np.random.default_rng(seed)
        self.state = None
        self.agents = []
        self.agent_selection = None
        self.rewards, self._cumulative_rewards, self.infos = {}, {}, {}
        self.terminations, self.truncations = {}, {}
        self._events = []  # what the last step caused (infos' "events")

    def _seats_of(self, opponents):
        seats = {}
        for who, spec in opponents.items():
            seat = who if isinstance(who, (int, np.integer)) else self._parse_agent_name(who)
            if not 0 <= seat < self.num_players:
                raise ValueError(f"opponent seat {who!r} is not a seat of a {self.num_players}-player game")
            if not isinstance(spec, str):
                raise TypeError(f"opponent {who!r}: a bot spec is a string such as 'greedy', not {spec!r}")
            # Only the bot's name is checked here, so a typo fails now rather than at the bot's first
            # turn; its parameters are the engine's to judge.
            if spec.split(":")[0] not in BOTS:
                raise ValueError(f"opponent {who!r}: unknown bot {spec!r} (known: {', '.join(BOTS)})")
            seats[int(seat)] = spec
        return seats

    def _parse_agent_name(self, name):
        prefix = agent_name("")
        if isinstance(name, str) and name.startswith(prefix) and name[len(prefix):].isdigit():
            return int(name[len(prefix):])
        raise ValueError(f"{name!r} names no seat: use a seat index or 'player_<seat>'")

    # --- the episode -------------------------------------------------------------------------

    def reset(self, seed=None, options=None):
        """Starts a new game; with ``seed``, the game and the opponents' play follow from it alone."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            # The spaces' own generators too, so the usual loop with space.sample(mask) repeats.
            for agent, space in self._action_spaces.items():
                space.seed(seed + self._seat[agent])
        self.state = self.game.new_initial_state(seed=self._draw_seed())
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._events = []
        self._play_opponents()
        self._update_from_state()

    def step(self, action):
        """Applies the selected agent's action (an id), then lets the opponents play until an agent decides.

        For an agent already terminated the only action is None: that dead step removes it from
        ``agents`` and selects the next terminated agent, as PettingZoo does.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is still playing: None is only the action of a terminated agent")
        # Raises before anything changes if the action is illegal.
        self.state.apply_action(int(action))
        self._events = self.state.last_events()
        # The reward an agent collects in last() is what came since its own previous step.
        self._cumulative_rewards[agent] = 0.0
        self._play_opponents()
        self._update_from_state()

    def _play_opponents(self):
        while not self.state.is_terminal() and self.state.current_player() in self.opponents:
            spec = self.opponents[self.state.current_player()]
            self.state.apply_action(self.state.bot_action(spec, seed=self._draw_seed()))
            self._events += self.state.last_events()

    def _update_from_state(self):
        """Brings selection, rewards, terminations and infos up to date with the state."""
        over = self.state.is_terminal()
        returns = self.state.returns()
        for agent in self.agents:
            self.rewards[agent] = float(returns[self._seat[agent]]) if over else 0.0
            self._cumulative_rewards[agent] += self.rewards[agent]
            self.terminations[agent] = over
        if over:
            # Every agent now takes its dead step in seat order, starting from the first.
            self.agent_selection = self.agents[0]
        else:
            decider = self.state.current_player()
            if decider < 0 or decider in self.opponents:
                raise RuntimeError(f"the engine gave the decision to {decider}, which is no learning seat")
            self.agent_selection = agent_name(decider)
        self._update_infos()

    def _update_infos(self):
        scores = self.state.scores()
        for agent in self.agents:
            deciding = agent == self.agent_selection and not self.terminations[agent]
            self.infos[agent] = {
                "legal_actions": self.state.legal_actions() if deciding else [],
                "scores": scores,
                "events": self._events,
            }

    def _dead_step(self, action):
        if action is not None:
            raise ValueError(f"{self.agent_selection} is terminated: its only action is None")
        agent = self.agent_selection
        for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            del table[agent]
        self.agents.remove(agent)
        # Every agent terminates at once when the game ends, so the next dead agent is simply the
        # next one left; the rewards were collected, so none is paid again.
        for remaining in self.agents:
            self.rewards[remaining] = 0.0
        self.agent_selection = self.agents[0] if self.agents else None

    def _draw_seed(self):
        return int(self._rng.integers(_SEED_BOUND))

    # --- what agents see -----------------------------------------------------------------------

    def observe(self, agent):
        seat = self._seat[agent]
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask = self.state.legal_actions_mask().astype(np.int8)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": self.state.observation(seat), "action_mask": mask}

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of the selected agent."""
        agent = self.agent_selection
        if agent is None:
            raise RuntimeError("no agent is left: call reset()")
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2**63):
        """The selected agent before each step, until no agent is left or ``max_iter`` steps."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def action_space(self, agent):
        return self._action_spaces[agent]

    def seat(self, agent):
        """The seat an agent plays (the index into scores, returns and observation rows)."""
        return self._seat[agent]

    def render(self):
        """The game in a few lines of text: phase, scores and whose decision it is."""
        if self.state is None:
            return "no game: call reset()"
        lines = [f"phase: {self.state.phase()}"]
        scores = self.state.scores()
        for seat in range(self.num_players):
            who = f"bot {self.opponents[seat]}" if seat in self.opponents else "agent"
            lines.append(f"{agent_name(seat)} ({who}): {scores[seat]}")
        if self.state.is_terminal():
            lines.append("game over; returns " + " ".join(f"{r:+g}" for r in self.state.returns()))
        else:
            lines.append(f"to decide: {agent_name(self.state.current_player())}")
        return "\n".join(lines)

    def close(self):
        self.state = None
        self.agents = []
        self.agent_selection = None


__all__ = ["CarcassonneEnv", "Discrete", "agent_name"]
