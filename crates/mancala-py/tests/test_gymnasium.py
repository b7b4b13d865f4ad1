"""The single-agent Gymnasium environment against the engine's players: Gymnasium's own
env_checker, seeded replay, rewards and illegal actions."""

import numpy as np
import pytest
from conftest import need

gymnasium = need("gymnasium", "gymnasium", "MANCALA_PY_EXTRAS_REQUIRED")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import mancala  # noqa: E402
from mancala.gymnasium import ENV_ID, MancalaEnv  # noqa: E402


@pytest.mark.parametrize("game", ["modiar", "mangala-ii", "oware", "kalah"])
@pytest.mark.parametrize("opponent, side", [("random", 0), ("beginner", 1), ("expert", "random")])
def test_gymnasium_env_checker_passes(game, opponent, side):
    check_env(MancalaEnv(game, opponent=opponent, agent_player=side), skip_render_check=True)


def test_env_checker_through_gymnasium_make_with_rendering():
    e = gymnasium.make(ENV_ID, game="mangala-ii", opponent="novice", render_mode="ansi")
    check_env(e.unwrapped)
    e.reset(seed=1)
    assert "to move" in e.render()


def play(env, seed, actions_rng):
    obs, info = env.reset(seed=seed)
    trace = [obs.tolist()]
    done, reward = False, 0.0
    while not done:
        action = int(actions_rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        trace.append(obs.tolist())
    return trace, reward, env.state


def test_a_seeded_episode_replays_exactly_against_a_random_opponent():
    env = MancalaEnv("mangala-ii", opponent="beginner", agent_player="random")
    a = play(env, 7, np.random.default_rng(1))
    b = play(env, 7, np.random.default_rng(1))
    assert a[0] == b[0] and a[1] == b[1]
    c = play(env, 8, np.random.default_rng(1))
    assert c[0] != a[0]


def test_the_reward_is_the_agents_return():
    env = MancalaEnv("modiar", opponent="greedy", agent_player=1)
    _, reward, state = play(env, 2, np.random.default_rng(2))
    assert state.is_terminal() and reward == state.returns()[1]
    assert env.agent_player == 1 and len(state.history()) >= 2


def test_illegal_actions_lose_or_raise():
    env = MancalaEnv("modiar", opponent="random", position="1-2-0-2-2-3-14-18-S")
    env.reset(seed=0)
    assert env.action_masks().tolist() == [False, True, False]
    obs, reward, done, _, info = env.step(0)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(mancala.GameOverError):
        env.step(1)
    env = MancalaEnv("modiar", opponent="random", illegal_action="raise",
                     position="1-2-0-2-2-3-14-18-S")
    env.reset(seed=0)
    with pytest.raises(mancala.IllegalActionError):
        env.step(0)


def test_bad_arguments_raise():
    with pytest.raises(mancala.MancalaError, match="unknown player"):
        MancalaEnv("modiar", opponent="grandmaster")
    with pytest.raises(mancala.MancalaError):
        MancalaEnv("modiar", agent_player=2)
    with pytest.raises(mancala.UnknownGameError):
        MancalaEnv("chess")
    with pytest.raises(mancala.MancalaError):
        MancalaEnv("modiar").step(0)
    # An action is a whole number: a float is not rounded into one.
    env = MancalaEnv("modiar", opponent="random")
    env.reset(seed=0)
    with pytest.raises(mancala.MancalaError, match="whole number"):
        env.step(1.5)
    env.step(np.int64(1))  # NumPy's integers are whole numbers
    # A start where the game is already over leaves no move to play.
    with pytest.raises(mancala.GameOverError, match="over"):
        MancalaEnv("modiar", position="1-1-0-1-1-0-20-18-S")
    env = MancalaEnv("modiar")
    with pytest.raises(mancala.GameOverError, match="over"):
        env.reset(options={"position": "1-1-0-1-1-0-20-18-S"})
