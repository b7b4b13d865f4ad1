"""The project's games as PettingZoo AEC environments::

    from mancala.pettingzoo import env

    e = env("modiar")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents ``player_0`` (South, moves first) and ``player_1`` (North). Observations are dicts:
``observation`` (float32, the ``mancala.State`` observation tensor of that agent, in [0, 1])
and ``action_mask`` (int8, 1 for each legal action; all 0 for the agent not to move). Actions
are those of ``mancala.State``. The reward is given at the end: +1 win, -1 loss, 0 draw. In
Kalah an agent that earns an extra turn is selected again. ``reset(options={"position": s})``
starts from a position string.

``env()`` wraps the raw environment in PettingZoo's usual checks (an illegal action ends the
game with reward -1 for the offender); ``raw_env`` is the bare one. PettingZoo and Gymnasium are
needed only by this module.
"""

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        "mancala.pettingzoo needs pettingzoo and gymnasium: pip install 'mancala[pettingzoo]'"
    ) from e

import mancala
from mancala._env import RENDER_MODES, action_number, check_mode, render

AGENTS = ("player_0", "player_1")


def env(game="modiar", render_mode=None):
    """The AEC environment of ``game`` (an id such as ``"mangala-ii"``, ``"modiar:seeds=5"``,
    a rules file, or a ``mancala.Game``) with PettingZoo's standard wrappers."""
    e = raw_env(game, render_mode=render_mode)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """A mancala game between two agents, played by the project's rules."""

    metadata = {
        "render_modes": RENDER_MODES,
        "name": "mancala_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(self, game="modiar", render_mode=None):
        super().__init__()
        check_mode(render_mode)
        self.game = game if isinstance(game, mancala.Game) else mancala.load_game(game)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        n = self.game.num_distinct_actions()
        size = self.game.observation_tensor_size()
        self.action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self.metadata = dict(self.metadata, name=f"mancala_{self.game.id}_v0")
        self.state = self.game.new_initial_state()
        self._start = None
        self._reset_bookkeeping()

    def __str__(self):
        return f"mancala_{self.game.id}"

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        player = AGENTS.index(agent)
        return {
            "observation": self.state.observation_tensor(player),
            "action_mask": self.state.legal_actions_mask(player),
        }

    def _reset_bookkeeping(self):
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        player = self.state.current_player()
        self.agent_selection = AGENTS[player if player >= 0 else 0]

    def reset(self, seed=None, options=None):
        """A new game from the start, or from ``options["position"]``. The game has no chance:
        ``seed`` changes nothing but is accepted, as the API asks."""
        position = (options or {}).get("position")
        self.state = self.game.new_initial_state(position)
        self._reset_bookkeeping()
        if self.state.is_terminal():
            # A position set up as over: both agents are done at once.
            self._finish()

    def _finish(self):
        for player, r in enumerate(self.state.returns()):
            self.rewards[AGENTS[player]] = r
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(action_number(action, self.action_space(agent).n))
        if self.state.is_terminal():
            self._finish()
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        else:
            self.agent_selection = AGENTS[self.state.current_player()]
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The board as text (``ansi``), or printed (``human``)."""
        return render(self.render_mode, self.state)

    def close(self):
        pass

