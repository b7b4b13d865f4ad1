"""Mancala games for research, on the project's Rust engine.

The games (Modiar, Mangala II, Oware, Kalah, resized as ``"modiar:seeds=5"`` or read from a
rules file) follow the project's rulings exactly, repetition included, with the method names of
OpenSpiel::

    import mancala
    game = mancala.load_game("mangala-ii")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(mancala.best(state, depth=6)["action"])
    print(state, state.returns())

Conventions (see the package README for the details):

- Players: 0 = South (moves first), 1 = North; ``current_player()`` is ``TERMINAL`` (-4) once
  the game is over.
- Actions: ``0..n-1`` sow the mover's own pits from his left (South's ``A..``, North's
  ``a..``); ``n`` is ``pass`` in games that have it (Mangala II). ``num_distinct_actions()`` is
  ``n`` or ``n + 1``.
- Observation tensor (float32, ``2n + 3``), from the observer's view, counts divided by the
  game's seeds: his row, the opponent's row (each from its owner's left), his captures, the
  opponent's, and 1.0 if he is to move.
- ``returns()``: +1 win, -1 loss, 0 draw; ``scores()`` and ``score_margin()`` give the seeds.
- ``str(state)`` is the position string (settled once the game is over), as
  ``mancala replay`` prints it.

Also here: ``best`` (the alpha-beta engine), ``solve`` (perfect play from the databases),
``hint``, ``Player`` (the engine's levels), ``random_playouts`` (many games in one call),
``cycle`` and ``cycle_table`` (the solitaires). Long calls release the GIL and stop on Ctrl-C.

Adapters, each importing its framework only when used: ``mancala.openspiel`` (register the games
with ``pyspiel``), ``mancala.pettingzoo`` (an AEC environment), ``mancala.gymnasium`` (a
single-agent environment against one of the engine's levels).

Every bad input raises a ``MancalaError`` (a ``ValueError``): ``UnknownGameError``,
``PositionError``, ``IllegalActionError``, ``GameOverError``, ``DatabaseError``.
"""

from mancala._mancala import (
    TERMINAL,
    DatabaseError,
    Game,
    GameOverError,
    IllegalActionError,
    MancalaError,
    Player,
    PositionError,
    State,
    UnknownGameError,
    __version__,
    best,
    cycle,
    cycle_table,
    hint,
    load_game,
    random_playouts,
    registered_games,
    solve,
)

SOUTH = 0
NORTH = 1

__all__ = [
    "NORTH",
    "SOUTH",
    "TERMINAL",
    "DatabaseError",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "MancalaError",
    "Player",
    "PositionError",
    "State",
    "UnknownGameError",
    "__version__",
    "best",
    "cycle",
    "cycle_table",
    "hint",
    "load_game",
    "random_playouts",
    "registered_games",
    "solve",
]
