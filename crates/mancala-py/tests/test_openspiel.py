"""The games registered with OpenSpiel: loaded through pyspiel, played by OpenSpiel's own MCTSBot
and alpha-beta, checked by its random_sim_test."""

import subprocess

import numpy as np
import pytest
from conftest import need

pyspiel = need("pyspiel", "openspiel", "OPENSPIEL_REQUIRED")

from open_spiel.python.algorithms import evaluate_bots, mcts, minimax  # noqa: E402

import mancala  # noqa: E402
import mancala.openspiel  # noqa: E402

NAMES = mancala.openspiel.register()


def test_register_names_every_built_in_game_once():
    assert NAMES == ["mancala_modiar", "mancala_mangala_ii", "mancala_oware", "mancala_kalah"]
    assert mancala.openspiel.register() == NAMES  # again: nothing more
    assert set(NAMES) <= set(pyspiel.registered_names())
    with pytest.raises(mancala.UnknownGameError):
        mancala.openspiel.register(["chess"])


@pytest.mark.parametrize("gid", mancala.registered_games())
def test_pyspiel_games_match_the_package(gid):
    game = pyspiel.load_game(mancala.openspiel.short_name(gid))
    ours = mancala.load_game(gid)
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.observation_tensor_shape() == ours.observation_tensor_shape()
    assert game.max_game_length() == ours.max_game_length()
    assert game.get_type().provides_observation_tensor
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        mine = state.mancala_state
        assert state.legal_actions() == mine.legal_actions()
        for p in (0, 1):
            np.testing.assert_array_equal(state.observation_tensor(p), mine.observation_tensor(p))
        assert str(state) == str(mine)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.returns() == state.mancala_state.returns()
    # The history pyspiel kept replays to the same end in the package.
    replayed = ours.new_initial_state()
    for a in state.history():
        replayed.apply_action(a)
    assert str(replayed) == str(state) and replayed.is_terminal()


def test_parameters_resize_the_board():
    game = pyspiel.load_game("mancala_modiar(seeds=5)")
    assert str(game.new_initial_state()) == "5-5-5-5-5-5-0-0-S"
    game = pyspiel.load_game("mancala_mangala_ii", {"pits": 4, "seeds": 3})
    assert game.num_distinct_actions() == 5
    assert str(game.new_initial_state()) == "3-3-3-3-3-3-3-3-0-0-S"
    with pytest.raises(mancala.UnknownGameError):
        pyspiel.load_game("mancala_modiar(pits=30)")


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_sim_test_passes(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("name, sims", [("mancala_modiar", 40), ("mancala_mangala_ii", 12)])
def test_mcts_bots_play_whole_games(name, sims):
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(11)
    for first in range(2):
        bots = [mcts.MCTSBot(game, 2.0, sims, mcts.RandomRolloutEvaluator(1, rng),
                             random_state=rng) for _ in range(2)]
        if first:
            bots[1] = pyspiel.make_uniform_random_bot(1, 5)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("spec, name", [
    ("modiar:pits=2,seeds=2", "mancala_modiar(pits=2,seeds=2)"),
    ("mangala-ii:pits=3,seeds=2", "mancala_mangala_ii(pits=3,seeds=2)"),
    ("modiar:seeds=3", "mancala_modiar(seeds=3)"),
])
def test_openspiel_alpha_beta_agrees_with_the_databases(mancala_bin, tmp_path, spec, name):
    # OpenSpiel's own alpha-beta solves these small boards to the end through the registered
    # game; the result must be the one the retrograde databases give.
    subprocess.run([mancala_bin, "db", "build", spec, "--data-dir", str(tmp_path)],
                   check=True, capture_output=True, timeout=120)
    value, action = minimax.alpha_beta_search(pyspiel.load_game(name), maximum_depth=60)
    solution = mancala.solve(mancala.load_game(spec).new_initial_state(), data_dir=tmp_path)
    assert value == float(np.sign(solution["value"]))
    assert np.sign(solution["action_values"][action]) == value
