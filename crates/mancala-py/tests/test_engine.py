"""The engine and the databases from Python: best, solve, hint, Player, random_playouts, the
solitaire counts; cross-checked against the `mancala` command; the GIL released and Ctrl-C
obeyed in long calls."""

import json
import random
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import mancala

SMALL_DBS = ["modiar:seeds=3", "mangala-ii:pits=3,seeds=2"]


def run_json(binary, *args):
    out = subprocess.run([binary, *args, "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="session")
def data_dir(mancala_bin, tmp_path_factory):
    """Perfect-play databases of two small boards, built by `mancala db build`."""
    d = tmp_path_factory.mktemp("mancala-data")
    for spec in SMALL_DBS:
        out = subprocess.run([mancala_bin, "db", "build", spec, "--data-dir", str(d)],
                             capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
    return d


# ------------------------------------------------------------------------------ best


def test_best_equals_mancala_best_at_a_fixed_depth(mancala_bin):
    rng = random.Random(7)
    for gid in ["modiar", "mangala-ii", "oware", "kalah"]:
        s = mancala.load_game(gid).new_initial_state()
        for _ in range(rng.randrange(2, 12)):
            s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        r = mancala.best(s, depth=6, use_db=False)
        want = run_json(mancala_bin, "best", gid, "--position", s.position(), "--depth", "6",
                        "--no-db")
        assert (r["move"], r["score"], r["pv"]) == (want["best"], want["score"], want["pv"])
        assert r["action"] in s.legal_actions()
        assert s.action_to_string(r["action"]) == r["move"]
        assert r["pv_actions"][0] == r["action"] and r["depth"] == 6


def test_best_sees_a_sure_capture_and_counts_the_moves_played_for_repetitions():
    s = mancala.load_game("mangala-ii").new_initial_state("0-0-0-0-2-1-1-0-0-0-0-0-34-34-S")
    assert mancala.best(s, depth=4)["move"] == "E"
    # Two counters chasing: with the history the engine knows the next move repeats.
    chase = mancala.load_game("mangala-ii").new_initial_state("0-0-0-0-0-1-0-0-0-0-0-1-34-36-S")
    for m in "F f A a B b C c D d E".split():
        chase.apply_move(m)
    r = mancala.best(chase, depth=3)
    # e repeats the start: the game ends and the two seeds left are shared, 37-35 for North.
    assert r["move"] == "e" and r["score"] == 2 and r["solved"]


def test_best_with_a_time_limit_and_threads():
    s = mancala.load_game("oware").new_initial_state()
    r = mancala.best(s, time_ms=100, threads=2)
    assert r["action"] in s.legal_actions() and r["depth"] >= 1 and r["nodes"] > 0


def test_best_refuses_bad_limits_and_finished_games():
    s = mancala.load_game("modiar").new_initial_state()
    for kwargs in ({"depth": 0}, {"depth": 500}, {"time_ms": 0}, {"threads": 0},
                   {"hash_mib": 0}):
        with pytest.raises(mancala.MancalaError):
            mancala.best(s, **kwargs)
    over = mancala.load_game("modiar").new_initial_state("1-1-0-1-1-0-20-18-S")
    with pytest.raises(mancala.GameOverError):
        mancala.best(over, depth=2)
    with pytest.raises(mancala.GameOverError):
        mancala.hint(over)


@pytest.mark.parametrize("call, named", [
    ("mancala.best(s, depth=-1)", "depth=-1: from 1 to"),
    ("mancala.best(s, time_ms=-5)", "time_ms=-5: from 1 to"),
    ("mancala.best(s, threads=2**70)", "threads=1180591620717411303424: from 1 to"),
    ("mancala.best(s, hash_mib=-1)", "hash_mib=-1: from 1 to 4096"),
    ("mancala.hint(s, depth=-3)", "depth=-3: from 1 to"),
    ("mancala.random_playouts(s, -1)", "n=-1: from 0 to"),
    ("mancala.random_playouts(s, 1, seed=-1)", "seed=-1: from 0 to"),
    ("mancala.Player('greedy', s.get_game(), seed=-1)", "seed=-1: from 0 to"),
    ("mancala.Player('greedy', s.get_game(), time_ms=-1)", "time_ms=-1: from 1 to"),
    ("s.apply_action(2**64)", "action 18446744073709551616 does not exist"),
    ("s.legal_actions(-2**80)", "player -1208925819614629174706176 does not exist"),
    ("s.action_to_string(2, 0)", "player 2 does not exist"),
    ("mancala.cycle('el-mirall', pits=-1)", "pits must be at least 1"),
    ("mancala.cycle('el-mirall', pits=2**70)", "pits=1180591620717411303424: too large"),
    ("mancala.cycle_table('el-mirall', 3, -1)", "seeds must be at least 1"),
    ("mancala.cycle_table('el-mirall', 2**64, 3)", "n=18446744073709551616: too large"),
])
def test_numbers_out_of_range_raise_mancala_error_naming_them(call, named):
    # Python's own OverflowError ("can't convert negative int to unsigned") names nothing.
    s = mancala.load_game("modiar").new_initial_state()
    with pytest.raises(mancala.MancalaError) as e:
        eval(call)
    assert named in str(e.value)


def test_signatures_show_the_defaults():
    assert mancala.Player.__text_signature__.startswith("(spec, game, seed=0, time_ms=None")
    assert mancala.random_playouts.__text_signature__ == "(state, n, seed=0)"


def test_a_huge_argument_is_not_repeated_whole_in_the_message():
    with pytest.raises(mancala.UnknownGameError) as e:
        mancala.load_game("x" * 10**6)
    assert len(str(e.value)) < 2500 and "more characters" in str(e.value)
    with pytest.raises(mancala.MancalaError) as e:
        mancala.best(mancala.load_game("modiar").new_initial_state(), depth=10**1000)
    assert len(str(e.value)) < 300


# ------------------------------------------------------------------------------ solve


@pytest.mark.parametrize("spec", SMALL_DBS)
def test_solve_equals_mancala_solve(mancala_bin, data_dir, spec):
    game = mancala.load_game(spec)
    rng = random.Random(spec)
    checked = 0
    for _ in range(6):
        s = game.new_initial_state()
        while not s.is_terminal():
            got = mancala.solve(s, data_dir=str(data_dir))
            want = run_json(mancala_bin, "solve", spec, "--position", s.position(),
                            "--data-dir", str(data_dir))
            if got["moves"] != want["moves"] or got["value"] != want["value"]:
                # `mancala solve` values the position on its own; a move after which an
                # earlier position can come again (ending the game, the board shared) is
                # worth what the game tree says with the moves played.
                p = s.current_player()
                assert got["value"] == _perfect(s)[p]
                assert got["moves"] == {s.action_to_string(a): _perfect(s.child(a))[p]
                                        for a in s.legal_actions()}
            else:
                assert got["result"] == want["result"]
                assert got["best"] == want["best"] and got["best_moves"] == want["best_moves"]
            assert got["player"] == s.current_player()
            assert {s.action_to_string(a): v for a, v in got["action_values"].items()} == got["moves"]
            checked += 1
            s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 20


@pytest.mark.parametrize("spec", SMALL_DBS)
def test_perfect_play_from_solve_reaches_the_value_of_the_start(data_dir, spec):
    s = mancala.load_game(spec).new_initial_state()
    value = mancala.solve(s, data_dir=data_dir)["value"]
    while not s.is_terminal():
        s.apply_action(mancala.solve(s, data_dir=data_dir)["best_actions"][0])
    assert s.score_margin()[0] == value
    final = mancala.solve(s, data_dir=data_dir)
    assert final["best"] is None and final["moves"] == {}


def test_solve_without_a_database_raises_database_error(tmp_path):
    s = mancala.load_game("modiar:seeds=3").new_initial_state()
    with pytest.raises(mancala.DatabaseError, match="mancala db build"):
        mancala.solve(s, data_dir=tmp_path)
    with pytest.raises(mancala.DatabaseError):
        mancala.solve(mancala.load_game("kalah").new_initial_state(), data_dir=tmp_path)


def build_db(mancala_bin, spec, path):
    """Builds every level of `spec`'s databases under `path` with the command."""
    out = subprocess.run([mancala_bin, "db", "build", spec, "--data-dir", str(path)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr


def test_solve_refuses_an_oware_position_that_depends_on_the_positions_before(mancala_bin, tmp_path):
    # Oware's repetition gives each player his own row: a position's value depends on the
    # positions since the last capture, which could come again. The databases hold the value
    # of a position with none before it; solve refuses the others rather than answer wrong.
    spec = "oware:pits=3,seeds=2"
    build_db(mancala_bin, spec, tmp_path)
    game = mancala.load_game(spec)
    rng = random.Random(29)
    refused = answered = 0
    for _ in range(20):
        s = game.new_initial_state()
        since = 0
        while not s.is_terminal():
            if since > 0:
                said = "the position before it" if since == 1 else f"the {since} positions before it"
                with pytest.raises(mancala.DatabaseError, match=f"depends on {said} since the last capture"):
                    mancala.solve(s, data_dir=tmp_path)
                # The same position set up on its own has no positions before it.
                fresh = game.new_initial_state(s.position())
                refused += 1
            else:
                fresh = s
            try:
                got = mancala.solve(fresh, data_dir=tmp_path)
            except mancala.DatabaseError as e:
                assert "not exact" in str(e), str(e)
            else:
                want = run_json(mancala_bin, "solve", spec, "--position", fresh.position(),
                                "--data-dir", str(tmp_path))
                assert got["value"] == want["value"] and got["moves"] == want["moves"]
                answered += 1
            before = s.scores()
            s.apply_action(rng.choice(s.legal_actions()))
            since = 0 if s.scores() != before else since + 1
    assert refused > 0 and answered > 0


def test_hint_uses_the_database_where_it_covers_the_position(data_dir, tmp_path):
    s = mancala.load_game("modiar:seeds=3").new_initial_state()
    solved = mancala.solve(s, data_dir=data_dir)
    h = mancala.hint(s, data_dir=data_dir)
    assert h["source"] == "database" and h["depth"] == 10
    assert h["move"] in solved["best_moves"] and h["score"] == solved["value"]
    assert h["moves"] == solved["moves"]
    h = mancala.hint(s, depth=4, data_dir=tmp_path)
    assert h["source"] == "search" and h["action"] in s.legal_actions() and h["depth"] == 4
    assert mancala.hint(s, depth=4, data_dir=tmp_path) == h  # the same hint every time
    assert mancala.hint(s, depth=4, data_dir=data_dir, use_db=False) == h


def test_the_engines_use_the_databases_where_they_are_built(data_dir):
    game = mancala.load_game("modiar:seeds=3")
    s = game.new_initial_state()
    s.apply_action(1)
    solved = mancala.solve(s, data_dir=data_dir)
    r = mancala.best(s, depth=2, data_dir=data_dir)
    assert r["solved"] and r["score"] == solved["value"] and r["move"] in solved["best_moves"]
    p = mancala.Player("ab:depth=1", game, data_dir=data_dir)
    assert p.choose(s) in solved["best_actions"]


# ------------------------------------------------------------------------------ players


@pytest.mark.parametrize("spec", ["random", "greedy", "beginner", "novice", "ab:depth=3",
                                  "mcts:playouts=200"])
def test_players_play_whole_legal_games(spec):
    game = mancala.load_game("mangala-ii")
    p = mancala.Player(spec, game, seed=3)
    s = game.new_initial_state()
    while not s.is_terminal():
        a = p.choose(s)
        assert a in s.legal_actions()
        s.apply_action(a)
    assert s.scores()[0] + s.scores()[1] == 72


def test_player_errors():
    game = mancala.load_game("modiar")
    with pytest.raises(mancala.MancalaError, match="unknown player"):
        mancala.Player("grandmaster", game)
    p = mancala.Player("greedy", game)
    with pytest.raises(mancala.MancalaError, match="made for"):
        p.choose(mancala.load_game("oware").new_initial_state())
    with pytest.raises(mancala.GameOverError):
        p.choose(game.new_initial_state("1-1-0-1-1-0-20-18-S"))


def test_random_playouts_in_one_call():
    s = mancala.load_game("oware").new_initial_state()
    r = mancala.random_playouts(s, 300, seed=5)
    assert r["games"] == 300 and sum(r["wins"]) + r["draws"] == 300
    assert r["plies"] > 300 * 10
    assert r["returns"][0] == pytest.approx((r["wins"][0] - r["wins"][1]) / 300)
    assert mancala.random_playouts(s, 300, seed=5) == r
    assert mancala.random_playouts(s, 300, seed=6) != r
    over = mancala.load_game("modiar").new_initial_state("1-1-0-1-1-0-20-18-S")
    r = mancala.random_playouts(over, 10)
    assert r["wins"] == [10, 0] and r["plies"] == 0 and r["margin"] == 2


# ------------------------------------------------------------------------------ solitaires


def test_cycle_counts_match_the_rulings_and_the_command(mancala_bin):
    assert mancala.cycle("stones-in-cups", cups=2, stones=1) == 4  # RULINGS' check
    assert mancala.cycle("el-mirall", pits=2, seeds=2) == 3
    assert mancala.cycle("el-mirall:pits=2,seeds=2") == 3
    assert mancala.cycle("el-mirall") == mancala.cycle("el-mirall", pits=6, seeds=4)
    for n, k in [(5, 5), (8, 3), (6, 6)]:
        out = subprocess.run([mancala_bin, "cycle", "stones-in-cups", "--cups", str(n),
                              "--stones", str(k), "--format", "json"],
                             capture_output=True, text=True, timeout=60, check=True)
        want = json.loads(out.stdout)
        assert mancala.cycle("stones-in-cups", cups=n, stones=k) == want["moves"]
        assert mancala.cycle("stones-in-cups", cups=n, stones=k, method="reference") == want["moves"]
    t = mancala.cycle_table("el-mirall", 4, 5)
    assert t.shape == (4, 5) and t.dtype == np.uint64
    for n in range(1, 5):
        for k in range(1, 6):
            assert t[n - 1, k - 1] == mancala.cycle("el-mirall", pits=n, seeds=k)


def test_cycle_errors():
    with pytest.raises(mancala.UnknownGameError):
        mancala.cycle("modiar")
    with pytest.raises(mancala.MancalaError, match="at least 1"):
        mancala.cycle("stones-in-cups", cups=0, stones=3)
    with pytest.raises(mancala.MancalaError, match="not pits="):
        mancala.cycle("stones-in-cups", pits=3)
    with pytest.raises(mancala.MancalaError, match="twice"):
        mancala.cycle("stones-in-cups:cups=3", cups=4)
    with pytest.raises(mancala.MancalaError, match="unknown method"):
        mancala.cycle("el-mirall", method="guess")


# ------------------------------------------------------------------------------ GIL, Ctrl-C


def test_long_calls_release_the_gil():
    s = mancala.load_game("mangala-ii").new_initial_state()
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    t = threading.Thread(target=count)
    t.start()
    try:
        mancala.best(s, time_ms=600)
        during_search = ticks
    finally:
        done.set()
        t.join()
    # With the GIL held for the whole search the counter could not have moved.
    assert during_search > 10_000


def _ctrl_c_as_at_a_terminal():
    # A program started in the background by a shell without job control inherits Ctrl-C
    # ignored, and Python then never raises KeyboardInterrupt: the child gets the default back,
    # as a program started at a terminal has it, whatever ran these tests.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("call", [
    "mancala.best(mancala.load_game('mangala-ii').new_initial_state(), time_ms=120000)",
    "mancala.random_playouts(mancala.load_game('oware').new_initial_state(), 10**12)",
    "mancala.cycle('stones-in-cups', cups=1000, stones=1000, method='simulation')",
    "mancala.cycle_table('stones-in-cups', 300, 300)",
    "mancala.hint(mancala.load_game('mangala-ii').new_initial_state(), depth=120, use_db=False)",
    "g = mancala.load_game('mangala-ii'); mancala.Player('ab:depth=120', g, use_db=False)"
    ".choose(g.new_initial_state())",
    "g = mancala.load_game('oware'); mancala.Player('mcts:playouts=1000000000000', g)"
    ".choose(g.new_initial_state())",
])
def test_ctrl_c_interrupts_long_calls(call):
    code = f"import mancala, sys\nprint('ready', flush=True)\n{call}\nprint('finished')\n"
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_as_at_a_terminal)
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        start = time.monotonic()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=20)
        waited = time.monotonic() - start
    finally:
        p.kill()
    assert "KeyboardInterrupt" in err, err
    assert "finished" not in out
    assert waited < 20


def test_random_playouts_count_only_the_plies_of_the_playouts():
    game = mancala.load_game("modiar")
    s = game.new_initial_state()
    for a in [1, 0, 2, 1]:
        s.apply_action(a)
    fresh = game.new_initial_state(s.position())
    assert mancala.random_playouts(s, 50, seed=3)["plies"] == \
        mancala.random_playouts(fresh, 50, seed=3)["plies"]
    over = s.clone()
    while not over.is_terminal():
        over.apply_action(over.legal_actions()[0])
    assert mancala.random_playouts(over, 10)["plies"] == 0


def _perfect(state):
    """The final lead of the player to move under perfect play, by brute force over the whole
    game tree (the moves played count for repetitions)."""
    if state.is_terminal():
        return state.score_margin()
    p = state.current_player()
    best = None
    for a in state.legal_actions():
        margin = _perfect(state.child(a))
        if best is None or margin[p] > best[p]:
            best = margin
    return best


def test_solve_counts_the_moves_played_where_a_repetition_splits_the_board(mancala_bin, tmp_path):
    # Mangala II 2x2: North to move at 1-0-1-0-0-6-N after these moves; his `a` brings back
    # 1-0-0-1-0-6-S, played before, which ends the game at once with the board shared (+6),
    # where the position on its own is worth +4. And at 1-1-0-0-0-6-S on its own, `B` leads
    # back to the position before it: it loses 6, not the 4 of `A`.
    spec = "mangala-ii:pits=2,seeds=2"
    build_db(mancala_bin, spec, tmp_path)
    game = mancala.load_game(spec)
    s = game.new_initial_state()
    for m in ["A", "b", "A", "a", "A", "b", "B"]:
        s.apply_move(m)
    assert s.position() == "1-0-1-0-0-6-N"
    got = mancala.solve(s, data_dir=tmp_path)
    assert got["value"] == 6 == _perfect(s)[1] and got["moves"] == {"a": 6}
    assert mancala.solve(game.new_initial_state(s.position()), data_dir=tmp_path)["value"] == 4
    lone = game.new_initial_state("1-1-0-0-0-6-S")
    got = mancala.solve(lone, data_dir=tmp_path)
    assert got["moves"] == {"A": -4, "B": -6} and got["best_moves"] == ["A"]
    # Every value and every move's value equals the game tree's, with the moves played.
    rng = random.Random(3)
    for _ in range(60):
        s = game.new_initial_state()
        for _ in range(rng.randrange(0, 12)):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        got = mancala.solve(s, data_dir=tmp_path)
        p = max(s.current_player(), 0) if not s.is_terminal() else got["player"]
        assert got["value"] == _perfect(s)[p]
        for a, v in got["action_values"].items():
            assert v == _perfect(s.child(a))[p], (s.start_position(), s.moves(), a)
