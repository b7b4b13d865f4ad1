"""Random playouts of Oware per second: this package against OpenSpiel's C++ oware, measured in
the same run on the same machine, with the ratios.

    python crates/mancala-py/bench/playouts.py [--games 2000] [--batch 20000]

Rows:
- move by move from Python: ``state.apply_action(random.choice(state.legal_actions()))`` until
  the end, with ``mancala.State`` and with ``pyspiel.load_game("oware")`` (the same loop, the
  same rules: abapa, 1000-ply limit);
- the package's game registered with OpenSpiel (``mancala_oware``), driven the same way, for the
  cost of OpenSpiel's Python-game layer;
- batched: ``mancala.random_playouts(state, n)`` (all games in one call) against
  ``pyspiel.random_sim_test(game, n, serialize=False, verbose=False, mask_test=False)``
  (OpenSpiel's own C++ loop of random games, which also checks each state as it goes).

Not part of the test suite: timings on a shared machine vary; compare the ratios of one run.
"""

import argparse
import random
import time

import pyspiel

import mancala
import mancala.openspiel


def loop(game, games, seed):
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            plies += 1
    return games / (time.perf_counter() - start), plies / games


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000, help="games for each move-by-move row")
    ap.add_argument("--batch", type=int, default=20000, help="games for each batched row")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    ours = mancala.load_game("oware")
    theirs = pyspiel.load_game("oware")
    mancala.openspiel.register(["oware"])
    adapted = pyspiel.load_game("mancala_oware")

    # Warm-up.
    loop(ours, 20, 0)
    loop(theirs, 20, 0)
    pyspiel.random_sim_test(theirs, 20, False, False, False)

    rows = []
    ours_loop, ours_len = loop(ours, args.games, args.seed)
    theirs_loop, theirs_len = loop(theirs, args.games, args.seed)
    adapted_loop, _ = loop(adapted, max(args.games // 10, 20), args.seed)
    rows.append(("move by move from Python: mancala.State", ours_loop, ours_len))
    rows.append(("move by move from Python: pyspiel oware", theirs_loop, theirs_len))
    rows.append(("move by move from Python: pyspiel mancala_oware", adapted_loop, None))

    start = time.perf_counter()
    r = mancala.random_playouts(ours.new_initial_state(), args.batch, seed=args.seed)
    ours_batch = args.batch / (time.perf_counter() - start)
    start = time.perf_counter()
    pyspiel.random_sim_test(theirs, args.batch, False, False, False)
    theirs_batch = args.batch / (time.perf_counter() - start)
    rows.append(("batched: mancala.random_playouts", ours_batch, r["plies"] / r["games"]))
    rows.append(("batched: pyspiel.random_sim_test", theirs_batch, None))

    print(f"{'oware random playouts':50} {'games/s':>12} {'plies/game':>11}")
    for name, rate, length in rows:
        print(f"{name:50} {rate:12.0f} {length if length is None else round(length, 1)!s:>11}")
    print(f"ratio move by move (mancala.State / pyspiel oware): {ours_loop / theirs_loop:.2f}")
    print(f"ratio batched (random_playouts / random_sim_test): {ours_batch / theirs_batch:.2f}")


if __name__ == "__main__":
    main()
