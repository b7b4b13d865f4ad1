#!/usr/bin/env python3
"""OpenSpiel's C++ MCTS bot against one of the engine's players, on OpenSpiel's own Oware.

    python scripts/mcts-match.py --player expert --simulations 20000 --games 40
    python scripts/mcts-match.py --player maximum --time-ms 100 --simulations 100000 --games 20

The referee is OpenSpiel's game (`pyspiel.load_game("oware")`, whose rules `oware.toml`
follows move for move): every move of both players is played on it, and on the project's own
state beside it, which must agree on the end and the returns. The bot is OpenSpiel's C++
`MCTSBot` with its `RandomRolloutEvaluator` (one random game a leaf), UCT constant 2, solving
proven subtrees (`solve=True`), a new seed every game. The engine's player is the Python
package's `mancala.Player` (a level, `maximum` with `--time-ms`, or any spec such as
`ab:time=100`), with the databases of `--data-dir` if given, none otherwise. Sides alternate
from game to game; games run `--parallel` at a time, each player on one thread.

Needs a Python with both packages: `scripts/openspiel-venv.sh` makes one with OpenSpiel, and
`pip install` there the wheel of `maturin build --release -m crates/mancala-py/Cargo.toml`.
Prints each game and, at the end, the engine's score with its Elo difference and 95% interval.
"""

import argparse
import concurrent.futures as cf
import time

from match_score import score_line

GAME = "oware"


def letter_to_action(letter):
    # OpenSpiel's Oware: action i is the mover's i-th house (A..F for player 0, a..f for 1).
    return ord(letter.lower()) - ord("a")


def one_game(args, g):
    import mancala
    import pyspiel

    game = pyspiel.load_game(GAME)
    ours_game = mancala.load_game(GAME)
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, args.seed + g), 2.0,
                          args.simulations, 1000, True, args.seed + g, False)
    player = mancala.Player(args.player, ours_game, seed=args.seed + g, time_ms=args.time_ms,
                            data_dir=args.data_dir, use_db=args.data_dir is not None)
    engine_side = g % 2  # 0: the engine is South (OpenSpiel's player 0)
    state = game.new_initial_state()
    ours = ours_game.new_initial_state()
    start = time.perf_counter()
    while not state.is_terminal():
        mover = state.current_player()
        if mover == engine_side:
            letter = ours.action_to_string(player.choose(ours))
            action = letter_to_action(letter)
        else:
            action = bot.step(state)
            letter = chr((ord("A") if mover == 0 else ord("a")) + action)
        if action not in state.legal_actions():
            raise RuntimeError(f"game {g}: {letter} is not legal for OpenSpiel after {ours.history_str()}")
        state.apply_action(action)
        ours.apply_move(letter)
        if ours.is_terminal() != state.is_terminal():
            raise RuntimeError(f"game {g}: OpenSpiel and the project disagree on the end after "
                               f"{ours.history_str()}")
    if list(ours.returns()) != list(state.returns()):
        raise RuntimeError(f"game {g}: returns differ: {ours.returns()} against {state.returns()}")
    r = state.returns()[engine_side]
    points = 1.0 if r > 0 else 0.0 if r < 0 else 0.5
    south, north = ours.scores()
    return g, engine_side, points, f"{south}-{north}", len(ours.history()), time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--player", default="expert", help="the engine's player: a level or a spec")
    ap.add_argument("--time-ms", type=int, help="time a move for a player by time (maximum)")
    ap.add_argument("--simulations", type=int, default=20000, help="MCTS simulations a move")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--parallel", type=int, default=2, help="games at once")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--data-dir", help="the engine's databases (default: none)")
    args = ap.parse_args()
    if args.games < 1 or args.simulations < 1 or args.parallel < 1:
        ap.error("--games, --simulations and --parallel must be at least 1")
    print(f"{GAME}: {args.player}{f' at {args.time_ms} ms' if args.time_ms else ''} against "
          f"OpenSpiel's MCTS, {args.simulations} simulations a move, {args.games} games", flush=True)
    points = []
    with cf.ProcessPoolExecutor(args.parallel) as ex:
        for g, side, p, score, plies, secs in ex.map(one_game, [args] * args.games, range(args.games)):
            points.append(p)
            print(f"game {g + 1:>3}: engine {('South', 'North')[side]}, {p} ({score}, {plies} plies, "
                  f"{secs:.0f} s)", flush=True)
    won, drawn = points.count(1.0), points.count(0.5)
    print(f"{args.player} against MCTS {args.simulations}: +{won} ={drawn} -{len(points) - won - drawn}, "
          f"{score_line(points)}")

if __name__ == "__main__":
    main()
