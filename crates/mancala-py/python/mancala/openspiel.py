"""The project's games as OpenSpiel games, so OpenSpiel's own algorithms (MCTSBot,
``evaluate_bots``, its alpha-beta and the rest) run on them::

    import pyspiel
    import mancala.openspiel

    mancala.openspiel.register()
    game = pyspiel.load_game("mancala_mangala_ii")            # or "mancala_modiar(seeds=5)"

Each built-in game ``id`` is registered as ``mancala_<id>`` with ``-`` turned into ``_``
(``mancala_modiar``, ``mancala_mangala_ii``, ``mancala_oware``, ``mancala_kalah``), with the
parameters ``pits`` and ``seeds``. Actions, observations and returns are those of
``mancala.State`` (see the package README); the rules, repetition included, are the engine's.
``state.mancala_state`` is the underlying ``mancala.State`` (for ``mancala.best`` and friends).

OpenSpiel is imported only when ``register`` is called.
"""

import mancala

PREFIX = "mancala_"


def short_name(game_id):
    """The OpenSpiel name of the built-in game ``game_id`` (``mangala-ii`` -> ``mancala_mangala_ii``)."""
    return PREFIX + game_id.replace("-", "_")


_classes = {}


def register(games=None):
    """Registers the built-in games (or those of the ids in ``games``) with ``pyspiel`` and
    returns their OpenSpiel names. Calling it again does nothing more."""
    try:
        import pyspiel
    except ImportError as e:  # pragma: no cover - depends on the installation
        raise ImportError(
            "mancala.openspiel needs OpenSpiel: pip install 'mancala[openspiel]'"
        ) from e

    ids = list(games) if games is not None else mancala.registered_games()
    known = set(mancala.registered_games())
    names = []
    for game_id in ids:
        if game_id not in known:
            raise mancala.UnknownGameError(
                f"unknown game '{game_id}' (built-in games: {', '.join(sorted(known))})"
            )
        name = short_name(game_id)
        if name not in _classes:
            game_type, cls = _make_game(pyspiel, game_id, name)
            if name not in pyspiel.registered_names():
                pyspiel.register_game(game_type, cls)
            _classes[name] = cls
        names.append(name)
    return names


def _make_game(pyspiel, game_id, name):
    base = mancala.load_game(game_id)
    defaults = {"pits": base.pits, "seeds": base.total_seeds // (2 * base.pits)}
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{base.name} (mancala)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )

    class MancalaGame(pyspiel.Game):
        """A mancala game for OpenSpiel, played by the project's engine."""

        def __init__(self, params=None):
            params = dict(defaults, **(params or {}))
            self.mancala_game = mancala.load_game(
                game_id, {"pits": params["pits"], "seeds": params["seeds"]}
            )
            g = self.mancala_game
            info = pyspiel.GameInfo(
                num_distinct_actions=g.num_distinct_actions(),
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=g.max_game_length(),
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self, position=None):
            """The start state, or the state at a position string."""
            return MancalaState(self, position)

        def make_py_observer(self, iig_obs_type=None, params=None):
            if iig_obs_type is None or (
                iig_obs_type.public_info and not iig_obs_type.perfect_recall
            ):
                return _Observer(self.mancala_game, params)
            from open_spiel.python.observation import IIGObserverForPublicInfoGame

            return IIGObserverForPublicInfoGame(iig_obs_type, params)

    class MancalaState(pyspiel.State):
        """A state of a mancala game for OpenSpiel; ``mancala_state`` is the engine's."""

        def __init__(self, game, position=None):
            super().__init__(game)
            self.mancala_state = game.mancala_game.new_initial_state(position)

        def current_player(self):
            if self.mancala_state.is_terminal():
                return pyspiel.PlayerId.TERMINAL
            return self.mancala_state.current_player()

        def _legal_actions(self, player):
            return self.mancala_state.legal_actions(player)

        def _apply_action(self, action):
            self.mancala_state.apply_action(action)

        def _action_to_string(self, player, action):
            return self.mancala_state.action_to_string(player, action)

        def is_terminal(self):
            return self.mancala_state.is_terminal()

        def returns(self):
            return self.mancala_state.returns()

        def __str__(self):
            return str(self.mancala_state)

    MancalaGame.__name__ = MancalaGame.__qualname__ = f"Game_{name}"
    MancalaState.__name__ = MancalaState.__qualname__ = f"State_{name}"
    return game_type, MancalaGame


class _Observer:
    """The observation of ``mancala.State`` for OpenSpiel's observer interface."""

    def __init__(self, game, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        import numpy as np

        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.mancala_state.observation_tensor(player)

    def string_from(self, state, player):
        return state.mancala_state.observation_string(player)
