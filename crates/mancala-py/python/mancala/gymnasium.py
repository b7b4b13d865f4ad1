"""A single-agent Gymnasium environment: the agent plays one side of a mancala game against one
of the engine's players (a level such as ``expert``, or ``random``, ``greedy``, ``ab:depth=6``,
``mcts:playouts=500``)::

    from mancala.gymnasium import MancalaEnv

    env = MancalaEnv("mangala-ii", opponent="intermediate")
    obs, info = env.reset(seed=0)
    done = False
    while not done:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, done, truncated, info = env.step(action)

Observations are the agent's ``mancala.State`` observation tensor (float32 in [0, 1]); actions
are those of ``mancala.State``; ``info["action_mask"]`` (int8) marks the legal ones, and
``action_masks()`` gives the same for maskable learners. The reward comes at the end: +1 win,
-1 loss, 0 draw. An illegal action ends the episode with reward -1 and
``info["illegal_action"] = True`` (``illegal_action="raise"`` raises IllegalActionError
instead). ``agent_player`` is 0 (South, moves first), 1 (North) or ``"random"`` (drawn at each
reset). The opponent is seeded from the reset seed, so a seeded episode replays exactly.

Also registered as ``mancala/Mancala-v0`` for ``gymnasium.make("mancala/Mancala-v0",
game="modiar")``. Gymnasium is needed only by this module.
"""

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        "mancala.gymnasium needs gymnasium: pip install 'mancala[gymnasium]'"
    ) from e

import mancala
from mancala._env import RENDER_MODES, action_number, check_mode, render

ENV_ID = "mancala/Mancala-v0"


class MancalaEnv(gymnasium.Env):
    """One side of a mancala game against one of the engine's players."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(
        self,
        game="modiar",
        opponent="expert",
        agent_player=0,
        illegal_action="lose",
        opponent_time_ms=None,
        position=None,
        render_mode=None,
    ):
        self.game = game if isinstance(game, mancala.Game) else mancala.load_game(game)
        if agent_player not in (0, 1, "random"):
            raise mancala.MancalaError(
                f"agent_player={agent_player!r}: expected 0 (South), 1 (North) or 'random'"
            )
        if illegal_action not in ("lose", "raise"):
            raise mancala.MancalaError(
                f"illegal_action={illegal_action!r}: expected 'lose' or 'raise'"
            )
        check_mode(render_mode)
        # Checks the opponent's spec (and the start position) now rather than at reset.
        mancala.Player(opponent, self.game, 0, opponent_time_ms)
        self._start(position)
        self.opponent_spec = opponent
        self.opponent_time_ms = opponent_time_ms
        self.agent_player_choice = agent_player
        self.illegal_action = illegal_action
        self.position = position
        self.render_mode = render_mode
        n = self.game.num_distinct_actions()
        size = self.game.observation_tensor_size()
        self.action_space = spaces.Discrete(n)
        self.observation_space = spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32)
        self.state = None
        self._done = False
        self.agent_player = agent_player if agent_player != "random" else 0
        self._opponent = None

    def _start(self, position):
        """The state an episode starts from: ``position`` (the game's start if None), which
        must leave a move to play."""
        state = self.game.new_initial_state(position)
        if state.is_terminal():
            raise mancala.GameOverError(
                f"position {position}: the game is over there, so an episode has no move to play"
            )
        return state

    def _obs(self):
        return self.state.observation_tensor(self.agent_player)

    def _info(self, **extra):
        info = {
            "action_mask": self.state.legal_actions_mask(self.agent_player),
            "position": str(self.state),
            "agent_player": self.agent_player,
        }
        info.update(extra)
        return info

    def action_masks(self):
        """The legal actions of the agent as a boolean array (for maskable learners)."""
        return self.state.legal_actions_mask(self.agent_player).astype(bool)

    def _opponent_plays(self):
        while not self.state.is_terminal() and self.state.current_player() != self.agent_player:
            self.state.apply_action(self._opponent.choose(self.state))

    def _reward(self):
        return float(self.state.returns()[self.agent_player]) if self.state.is_terminal() else 0.0

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        options = options or {}
        if self.agent_player_choice == "random":
            self.agent_player = int(self.np_random.integers(2))
        else:
            self.agent_player = self.agent_player_choice
        opponent_seed = int(self.np_random.integers(2**63))
        self._opponent = mancala.Player(
            self.opponent_spec, self.game, opponent_seed, self.opponent_time_ms
        )
        self.state = self._start(options.get("position", self.position))
        self._done = False
        self._opponent_plays()
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._info()

    def step(self, action):
        if self.state is None:
            raise mancala.MancalaError("call reset() before step()")
        if self._done or self.state.is_terminal():
            raise mancala.GameOverError("the episode is over: call reset()")
        action = action_number(action, self.action_space.n)
        if action not in self.state.legal_actions() and self.illegal_action == "lose":
            self._done = True
            return self._obs(), -1.0, True, False, self._info(illegal_action=True)
        self.state.apply_action(action)
        self._opponent_plays()
        if self.render_mode == "human":
            self.render()
        return self._obs(), self._reward(), self.state.is_terminal(), False, self._info()

    def render(self):
        """The board as text (``ansi``), or printed (``human``)."""
        return render(self.render_mode, self.state)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="mancala.gymnasium:MancalaEnv")
