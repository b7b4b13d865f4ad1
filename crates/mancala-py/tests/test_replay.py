"""Random games played through the Python API equal `mancala replay --json` move for move.

For each game, 1,000 games of uniformly random legal actions are played with `mancala.State`;
each is replayed by the binary, which must accept every move (an illegal one is an error
there), end the game at the same ply, print the same final position, scores and winner, and
write a record whose per-move captures are those the Python state showed. A few games are also
replayed after every ply, comparing the position each time.
"""

import concurrent.futures
import json
import os
import random
import re
import subprocess
import tempfile

import pytest

import mancala
from conftest import ALL_GAMES

GAMES = 1000
EVERY_PLY = 4
MOVE = re.compile(r"^([A-Ha-h]|pass)(?:\+(\d+))?$")
WINNER = {0: "south", 1: "north", None: "draw"}


def captures(position):
    """(South, North) captures of a position string."""
    fields = position.split("-")
    return int(fields[-3]), int(fields[-2])


def play_random(game, rng):
    """A random game: the final state and, for each ply, the move, the position after it
    (as str(state)) and the seeds the move captured."""
    state = game.new_initial_state()
    plies = []
    while not state.is_terminal():
        mover = state.current_player()
        before = captures(state.position())
        action = rng.choice(state.legal_actions())
        move = state.action_to_string(action)
        assert state.string_to_action(move) == action
        state.apply_action(action)
        after = captures(state.position())
        plies.append((move, str(state), after[mover] - before[mover]))
    return state, plies


def replay(binary, game_id, moves, ogn=None):
    cmd = [binary, "replay", game_id, "--json"]
    if ogn:
        cmd += ["--write-ogn", ogn]
    out = subprocess.run(cmd + moves, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, f"replay {' '.join(moves)}: {out.stderr.strip()}"
    return json.loads(out.stdout.strip().splitlines()[-1])


def record_moves(path):
    """(move, captured) of each move of an OGN record written by `mancala replay`."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    movetext = text.split("\n\n", 1)[1]
    out = []
    for token in movetext.split():
        m = MOVE.match(token)
        if m:
            out.append((m.group(1), int(m.group(2) or 0)))
    return out


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_random_games_equal_mancala_replay(mancala_bin, game_id, tmp_path):
    game = mancala.load_game(game_id)
    rng = random.Random(f"replay-{game_id}")
    games = [play_random(game, rng) for _ in range(GAMES)]
    stores = "stores = true" in game.rules_toml()

    def check(k):
        state, plies = games[k]
        moves = [m for m, _, _ in plies]
        ogn = os.path.join(tmp_path, f"{k}.ogn")
        got = replay(mancala_bin, game_id, moves, ogn)
        where = f"{game_id} game {k}: {' '.join(moves)}"
        assert got["over"] is True, where
        assert got["position"] == str(state), where
        assert got["score"] == list(state.scores()), where
        assert got["winner"] == WINNER[state.outcome()["winner"]], where
        recorded = record_moves(ogn)
        assert [m for m, _ in recorded] == moves, where
        if not stores:
            # In games without stores a move's `+N` is exactly what it adds to the captures.
            assert [c for _, c in recorded] == [c for _, _, c in plies], where
        if k < EVERY_PLY:
            for n in range(1, len(plies) + 1):
                step = replay(mancala_bin, game_id, moves[:n])
                assert step["position"] == plies[n - 1][1], f"{where} after {n} plies"
                assert step["over"] == (n == len(plies)), f"{where} after {n} plies"
        return state.end_reason()

    workers = min(4, (os.cpu_count() or 1) * 2)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        reasons = list(pool.map(check, range(GAMES)))
    assert len(reasons) == GAMES
    if game_id == "mangala-ii":
        # The repetition ruling is exercised, not only the ordinary endings (random Modiar
        # games end before any position recurs).
        assert any("second time" in r for r in reasons), set(reasons)
