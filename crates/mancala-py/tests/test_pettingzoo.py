"""The PettingZoo AEC environment passes PettingZoo's own API test for every game, and plays
the package's rules."""

import warnings

import numpy as np
import pytest
from conftest import need

need("pettingzoo", "pettingzoo", "MANCALA_PY_EXTRAS_REQUIRED")

from pettingzoo.test import api_test  # noqa: E402

import mancala  # noqa: E402
from mancala.pettingzoo import env, raw_env  # noqa: E402

GAMES = mancala.registered_games() + ["modiar:seeds=5", "mangala-ii:pits=4,seeds=3"]


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game):
    with warnings.catch_warnings():
        # api_test warns that dict observations are not arrays (as for its own classic games).
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("game", mancala.registered_games())
def test_an_episode_follows_the_rules_and_rewards_the_result(game):
    e = env(game)
    e.reset(seed=4)
    mirror = mancala.load_game(game).new_initial_state()
    rng = np.random.default_rng(4)
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        rewards[agent] = reward
        if termination or truncation:
            e.step(None)
            continue
        player = ("player_0", "player_1").index(agent)
        assert mirror.current_player() == player
        assert obs["action_mask"].tolist() == mirror.legal_actions_mask().tolist()
        np.testing.assert_array_equal(obs["observation"], mirror.observation_tensor(player))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
        mirror.apply_action(action)
    assert mirror.is_terminal()
    assert [rewards["player_0"], rewards["player_1"]] == mirror.returns()


def test_an_illegal_action_ends_the_game_against_the_offender():
    e = env("modiar")
    e.reset(options={"position": "1-2-0-2-2-3-14-18-S"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        e.step(0)  # a singleton: illegal
    assert e.rewards == {"player_0": -1, "player_1": 0}
    assert all(e.terminations.values())


def test_render_and_bad_arguments():
    e = raw_env("mangala-ii", render_mode="ansi")
    e.reset()
    text = e.render()
    assert "South   0 |  6  6  6  6  6  6" in text and "South to move" in text
    with pytest.raises(mancala.UnknownGameError):
        raw_env("chess")
    with pytest.raises(mancala.MancalaError):
        raw_env("modiar", render_mode="rgb_array")
    with pytest.raises(mancala.PositionError):
        raw_env("modiar").reset(options={"position": "1-2-3"})
