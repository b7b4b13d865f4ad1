"""OpenSpiel's MCTS bot against the engine's `expert` level on Mangala II: the loop a researcher
writes to test an agent on our games, with the result table at the end.

    python crates/mancala-py/examples/mcts_vs_expert.py [--games 4] [--simulations 300]

The game is loaded through OpenSpiel (``mancala.openspiel.register()``), so the MCTS bot is
OpenSpiel's own. Its leaf evaluator runs its random rollouts in the engine with one call
(``mancala.random_playouts``); ``--python-rollouts`` uses OpenSpiel's RandomRolloutEvaluator
instead, stepping the game from Python (much slower). The sides alternate from game to game.
Nothing is trained: MCTS with random rollouts is the usual baseline, and expert (a 12-ply
alpha-beta search) should win most games.
"""

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import mancala
import mancala.openspiel


class EngineRollouts(mcts.Evaluator):
    """Values a leaf by random games played to the end in the engine, all in one call."""

    def __init__(self, rollouts, rng):
        self.rollouts = rollouts
        self.rng = rng

    def evaluate(self, state):
        seed = int(self.rng.integers(2**63))
        r = mancala.random_playouts(state.mancala_state, self.rollouts, seed=seed)
        return np.array(r["returns"])

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(game, mcts_bot, expert, mcts_player):
    """One game; returns the final state."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == mcts_player:
            action = mcts_bot.step(state)
        else:
            action = expert.choose(state.mancala_state)
        state.apply_action(action)
    return state


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="mangala-ii", help="a built-in game id")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--simulations", type=int, default=300, help="MCTS simulations a move")
    ap.add_argument("--rollouts", type=int, default=4, help="random games a leaf")
    ap.add_argument("--level", default="expert", help="the engine's player (a level or spec)")
    ap.add_argument("--python-rollouts", action="store_true",
                    help="OpenSpiel's RandomRolloutEvaluator (steps the game from Python)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    (name,) = mancala.openspiel.register([args.game])
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(args.seed)
    if args.python_rollouts:
        evaluator = mcts.RandomRolloutEvaluator(args.rollouts, np.random.RandomState(args.seed))
    else:
        evaluator = EngineRollouts(args.rollouts, rng)
    mcts_bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                            evaluator=evaluator, random_state=np.random.RandomState(args.seed))
    expert = mancala.Player(args.level, game.mancala_game, seed=args.seed)

    print(f"{game.mancala_game.name}: MCTS ({args.simulations} simulations, "
          f"{args.rollouts} rollouts a leaf) against {expert.name}")
    print(f"{'game':>4}  {'MCTS plays':10}  {'result':6}  {'score S-N':>9}  {'plies':>5}  {'s':>6}")
    tally = {"win": 0, "draw": 0, "loss": 0}
    for g in range(args.games):
        mcts_player = g % 2
        start = time.perf_counter()
        state = play(game, mcts_bot, expert, mcts_player)
        seconds = time.perf_counter() - start
        r = state.returns()[mcts_player]
        result = "win" if r > 0 else "loss" if r < 0 else "draw"
        tally[result] += 1
        south, north = state.mancala_state.scores()
        side = ("South", "North")[mcts_player]
        print(f"{g + 1:>4}  {side:10}  {result:6}  {south:>4}-{north:<4}  "
              f"{len(state.history()):>5}  {seconds:6.1f}")
    points = tally["win"] + tally["draw"] / 2
    print(f"MCTS: {tally['win']} won, {tally['draw']} drawn, {tally['loss']} lost "
          f"({points}/{args.games} points) against {expert.name}")


if __name__ == "__main__":
    main()
