"""The OpenSpiel-shaped API: loading games, actions, observations, returns, history,
repetition, and the exceptions raised for bad input."""

import copy
import math
import pathlib
import pickle

import numpy as np
import pytest

import mancala


# ------------------------------------------------------------------------------ loading


def test_load_game_by_id_with_parameters_and_from_a_rules_file(tmp_path):
    g = mancala.load_game("mangala-ii")
    assert (g.id, g.name, g.pits, g.total_seeds) == ("mangala-ii", "Mangala II", 6, 72)
    assert str(mancala.load_game("modiar:seeds=5").new_initial_state()) == "5-5-5-5-5-5-0-0-S"
    assert mancala.load_game("modiar", {"pits": 4, "seeds": 2}).start_position() == (
        "2-2-2-2-2-2-2-2-0-0-S"
    )
    path = tmp_path / "mine.toml"
    path.write_text(mancala.load_game("oware:seeds=3").rules_toml())
    for name in (str(path), path):
        f = mancala.load_game(name)
        assert f == mancala.load_game("oware:seeds=3")
        assert f.spec == str(path)
    assert sorted(mancala.registered_games()) == ["kalah", "mangala-ii", "modiar", "oware"]


@pytest.mark.parametrize(
    "name, params, words",
    [
        ("chess", None, ["unknown game 'chess'"]),
        ("el-mirall", None, ["solitaire"]),
        ("modiar:pits=99", None, ["pits", "99"]),
        ("modiar:colour=red", None, ["colour"]),
        ("modiar:seeds=3", {"seeds": 4}, ["seeds", "twice"]),
        ("modiar:", None, ["not of the form key=value"]),
    ],
)
def test_unknown_games_and_bad_parameters_raise_unknown_game_error(name, params, words):
    with pytest.raises(mancala.UnknownGameError) as e:
        mancala.load_game(name, params)
    assert isinstance(e.value, ValueError)
    for w in words:
        assert w in str(e.value)


def test_bad_rules_files_raise_unknown_game_error(tmp_path):
    with pytest.raises(mancala.UnknownGameError, match="nothing.toml"):
        mancala.load_game(str(tmp_path / "nothing.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text(mancala.load_game("modiar").rules_toml().replace("pits = 3", "pits = 30"))
    with pytest.raises(mancala.UnknownGameError, match="pits"):
        mancala.load_game(bad)
    with pytest.raises(mancala.UnknownGameError):
        mancala.load_game(42)


# ------------------------------------------------------------------------------ sizes


def test_sizes_of_each_game():
    sizes = {  # id: (distinct actions, observation length, max game length)
        "modiar": (3, 9, None),
        "mangala-ii": (7, 15, 2**31 - 1),
        "oware": (6, 15, 1000),
        "kalah": (6, 15, 1001),
    }
    for gid, (actions, obs, length) in sizes.items():
        g = mancala.load_game(gid)
        assert g.num_distinct_actions() == actions, gid
        assert g.observation_tensor_shape() == [obs] == g.information_state_tensor_shape()
        assert g.observation_tensor_size() == obs
        assert (g.num_players(), g.min_utility(), g.max_utility(), g.utility_sum()) == (
            2, -1.0, 1.0, 0.0,
        )
        if length is not None:
            assert g.max_game_length() == length, gid
    assert mancala.load_game("mangala-ii").pass_action == 6
    assert mancala.load_game("modiar").pass_action is None


def test_max_game_length_counts_the_positions_under_the_repetition_rule():
    # No position occurs twice before the last ply: boards of b stones on 6 pits, each split
    # of the 42 - b captured stones, either side to move.
    positions = sum(math.comb(b + 5, 5) * (42 - b + 1) * 2 for b in range(43))
    assert mancala.load_game("modiar").max_game_length() == positions


# ------------------------------------------------------------------------------ play


def test_actions_are_pits_of_the_movers_own_row():
    g = mancala.load_game("mangala-ii")
    s = g.new_initial_state()
    assert s.current_player() == mancala.SOUTH
    assert s.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert s.legal_moves() == ["A", "B", "C", "D", "E", "F"]
    assert s.action_to_string(2) == "C"
    s.apply_action(2)
    assert str(s) == "6-6-0-7-7-7-7-7-7-6-6-6-0-0-N"
    assert s.current_player() == mancala.NORTH
    # North's action 0 is his left-most pit, a.
    assert s.action_to_string(0) == "a"
    assert s.action_to_string(0, 0) == "A"
    assert s.string_to_action("b") == 1
    s.apply_action(0)
    assert s.moves() == ["C", "a"]
    assert s.history() == [2, 0]
    assert s.history_str() == "2, 0"
    assert s.move_number() == 2
    assert s.information_state_string(0) == "6-6-6-6-6-6-6-6-6-6-6-6-0-0-S C a"


def test_pass_is_the_action_after_the_pits():
    g = mancala.load_game("mangala-ii")
    s = g.new_initial_state("0-0-0-0-0-0-1-0-0-0-0-1-34-36-S")
    assert s.legal_actions() == [6]
    assert s.legal_moves() == ["pass"]
    assert list(s.legal_actions_mask()) == [0, 0, 0, 0, 0, 0, 1]
    assert s.action_to_string(6) == "pass"
    s.apply_action(6)
    assert s.current_player() == 1
    assert s.legal_actions() == [0, 5]


def test_kalah_extra_turn_keeps_the_mover():
    s = mancala.load_game("kalah").new_initial_state()
    s.apply_action(2)  # C: four seeds, the last in South's store
    assert s.current_player() == 0
    assert str(s) == "4-4-0-5-5-5-4-4-4-4-4-4-1-0-S"


def test_repetition_ends_the_game_and_shares_the_board():
    g = mancala.load_game("mangala-ii")
    start = "0-0-0-0-0-1-0-0-0-0-0-1-34-36-S"
    s = g.new_initial_state(start)
    for m in "F f A a B b C c D d E e".split():
        assert not s.is_terminal()
        s.apply_move(m)
    assert s.is_terminal()
    assert "second time" in s.end_reason()
    assert s.position() == start
    # The two seeds left are shared, one each.
    assert str(s) == "0-0-0-0-0-0-0-0-0-0-0-0-35-37-S"
    assert s.returns() == [-1.0, 1.0]
    assert s.scores() == (35, 37)
    assert s.outcome() == {"scores": (35, 37), "winner": 1, "reason": s.end_reason(), "code": "repetition"}
    assert s.current_player() == mancala.TERMINAL
    assert s.legal_actions() == []
    # Taking back the last move takes back the end.
    assert s.undo() == 4
    assert not s.is_terminal() and s.legal_moves() == ["e"]


def test_returns_scores_and_margin_at_the_end():
    g = mancala.load_game("mangala-ii")
    s = g.new_initial_state("0-0-0-0-0-0-0-0-0-0-0-2-40-30-N")
    assert s.returns() == [0.0, 0.0] and s.rewards() == [0.0, 0.0]
    s.apply_move("f")  # sows into A and B; then play on to the end
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    south, north = s.scores()
    assert south + north == 72
    winner = 0 if south > north else 1 if north > south else None
    expected = {0: [1.0, -1.0], 1: [-1.0, 1.0], None: [0.0, 0.0]}[winner]
    assert s.returns() == expected == s.rewards()
    assert s.score_margin() == [south - north, north - south]


def test_observation_tensor_layout_from_each_players_view():
    g = mancala.load_game("mangala-ii")
    s = g.new_initial_state("0-0-0-0-2-1-1-0-0-0-0-4-40-24-S")
    south = s.observation_tensor(0)
    north = s.observation_tensor(1)
    assert south.dtype == np.float32 and south.shape == (15,)
    # Own row, opponent's row (each from its owner's left), own captures, opponent's, and
    # the to-move flag: counts over the game's 72 seeds, the flag 1.0 or 0.0.
    own_first_s = [0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 4, 40, 24]
    own_first_n = [1, 0, 0, 0, 0, 4, 0, 0, 0, 0, 2, 1, 24, 40]
    np.testing.assert_allclose(south, [c / 72 for c in own_first_s] + [1.0], rtol=1e-6)
    np.testing.assert_allclose(north, [c / 72 for c in own_first_n] + [0.0], rtol=1e-6)
    np.testing.assert_array_equal(s.observation_tensor(), south)
    assert s.information_state_tensor(1).tolist() == north.tolist()
    assert s.observation_string(1) == str(s) == "0-0-0-0-2-1-1-0-0-0-0-4-40-24-S"
    assert s.pits() == [0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 4]


def test_legal_actions_of_the_player_not_to_move_are_empty():
    s = mancala.load_game("oware").new_initial_state()
    assert s.legal_actions(1) == []
    assert s.legal_actions_mask(1).tolist() == [0] * 6
    assert s.legal_actions_mask(0).dtype == np.int8
    assert s.legal_actions(0) == s.legal_actions()


def test_a_position_already_over_is_terminal():
    s = mancala.load_game("modiar").new_initial_state("1-1-0-1-1-0-20-18-S")
    assert s.is_terminal()
    assert s.current_player() == mancala.TERMINAL
    assert str(s) == "0-0-0-0-0-0-22-20-S"
    assert s.returns() == [1.0, -1.0]
    assert s.legal_actions_mask().tolist() == [0, 0, 0]


def test_clone_copy_pickle_and_child_are_independent():
    g = mancala.load_game("modiar")
    s = g.new_initial_state()
    s.apply_action(1)
    for c in (s.clone(), copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert str(c) == str(s) and c.history() == s.history()
        c.apply_action(c.legal_actions()[0])
        assert c.history() != s.history()
    c = s.child(0)
    assert c.history() == [1, 0] and s.history() == [1]
    assert pickle.loads(pickle.dumps(g)) == g
    assert c.get_game() == g
    # A pickled state keeps the moves, so repetitions still count after loading.
    r = mancala.load_game("mangala-ii").new_initial_state("0-0-0-0-0-1-0-0-0-0-0-1-34-36-S")
    for m in "F f A a B b C c D d E".split():
        r.apply_move(m)
    r = pickle.loads(pickle.dumps(r))
    r.apply_move("e")
    assert r.is_terminal()


# ------------------------------------------------------------------------------ errors


def test_illegal_actions_raise_illegal_action_error_with_the_legal_ones():
    s = mancala.load_game("modiar").new_initial_state("1-2-0-2-2-3-14-18-S")
    with pytest.raises(mancala.IllegalActionError) as e:
        s.apply_action(0)  # a singleton: Modiar needs two seeds
    assert "action 0" in str(e.value) and "legal actions: 1 (B)" in str(e.value)
    assert isinstance(e.value, mancala.MancalaError) and isinstance(e.value, ValueError)
    for bad in (-1, 3, 99):
        with pytest.raises(mancala.IllegalActionError, match="does not exist"):
            s.apply_action(bad)
    with pytest.raises(mancala.IllegalActionError, match="'z' is not a move"):
        s.apply_move("z")
    with pytest.raises(mancala.IllegalActionError):
        s.apply_move("b")  # North's pit, South to move
    with pytest.raises(mancala.IllegalActionError, match="North's row"):
        s.string_to_action("b")
    with pytest.raises(mancala.MancalaError, match="player 2"):
        s.observation_tensor(2)
    assert s.history() == []  # nothing was played


def test_acting_after_the_end_raises_game_over_error():
    s = mancala.load_game("modiar").new_initial_state("1-1-0-1-1-0-20-18-S")
    with pytest.raises(mancala.GameOverError, match="game is over"):
        s.apply_action(0)
    with pytest.raises(mancala.GameOverError):
        s.apply_action(99)  # over comes first, whatever the action
    with pytest.raises(mancala.GameOverError):
        s.apply_move("A")
    with pytest.raises(mancala.GameOverError):
        s.string_to_action("A")


@pytest.mark.parametrize(
    "text, words",
    [
        ("7-7-7", ["expected 9 fields", "found 3"]),
        ("7-7-7-7-7-x-0-0-S", ["field 6", "pit c", "'x'"]),
        ("7-7-7-7-7-7-0-1-S", ["add up to 43", "42"]),
        ("7-7-7-7-7-7-0-0-X", ["side to move", "'X'"]),
        ("7-7-7-7-7-300-0-0-S", ["more than a cell can hold"]),
        ("1-0-0-0-0-0-41-0-S", ["South's captures are 41", "an odd number"]),
    ],
)
def test_malformed_positions_raise_position_error_naming_the_field(text, words):
    with pytest.raises(mancala.PositionError) as e:
        mancala.load_game("modiar").new_initial_state(text)
    assert isinstance(e.value, ValueError)
    for w in words:
        assert w in str(e.value), str(e.value)
