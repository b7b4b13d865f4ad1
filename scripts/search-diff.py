#!/usr/bin/env python3
"""Two builds' searches on the same positions: positions of random games (random legal plies,
seeded, the plies played being the history), each searched by both engines to one depth through
UGI (`position startpos moves ...`, `go depth D`). Prints each position where the move or the
last depth's report (depth, score, nodes, line; not the time) differ, then how many agree. For
a change meant to leave the search's tree as it was, every report should agree.

    python3 scripts/search-diff.py --a "/tmp/old/mancala ugi oware --no-book" \\
        --b "target/release/mancala ugi oware --no-book" --games 60 --plies 80 200 --depth 24

The referee that draws the random plies is `$MANCALA_BIN` or `mancala` on PATH, as for
`scripts/ugi-match.py`, whose engine driver this uses.
"""
import argparse
import importlib.util
import os
import random
import shlex

spec = importlib.util.spec_from_file_location(
    "ugi_match", os.path.join(os.path.dirname(os.path.abspath(__file__)), "ugi-match.py"))
ugi_match = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ugi_match)


def without_time(info):
    """An `info` line's words without its `time` and `nps` fields (name and value)."""
    words, kept = info.split(), []
    i = 0
    while i < len(words):
        if words[i] in ("time", "nps"):
            i += 2
            continue
        kept.append(words[i])
        i += 1
    return " ".join(kept)


def report(cmd, moves, depth):
    """The engine's move and its last `info depth` line, without time and speed."""
    e = ugi_match.Engine(cmd)
    e.position(moves)
    e.send(f"go depth {depth}")
    line, seen = e.wait("bestmove")
    e.close()
    infos = [s for s in seen if s.startswith("info depth")]
    return line.split()[1], without_time(infos[-1]) if infos else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="engine A's command line (UGI)")
    ap.add_argument("--b", required=True, help="engine B's command line (UGI)")
    ap.add_argument("--game", default="oware")
    ap.add_argument("--games", type=int, default=40, help="positions, one a random game")
    ap.add_argument("--plies", type=int, nargs=2, default=[80, 200], metavar=("LO", "HI"),
                    help="random plies of each game, drawn between LO and HI")
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.games < 1 or args.depth < 1 or not 0 <= args.plies[0] <= args.plies[1]:
        ap.error("--games and --depth must be positive, and --plies LO HI with 0 <= LO <= HI")
    rng = random.Random(args.seed)
    referee = shlex.quote(os.environ.get("MANCALA_BIN", "mancala"))
    ref = ugi_match.Engine(f"{referee} ugi {shlex.quote(args.game)}")
    same = 0
    for g in range(args.games):
        plies = rng.randint(*args.plies)
        try:
            moves = ugi_match.opening(rng, ref, plies)
        except ValueError as e:
            ref.close()
            ap.error(f"--plies: {plies} drawn: {e} ({args.game})")
        a, b = report(args.a, moves, args.depth), report(args.b, moves, args.depth)
        if a == b:
            same += 1
        else:
            print(f"game {g} ({len(moves)} plies: {' '.join(moves)})")
            print(f"  A: {a[0]}, {a[1]}\n  B: {b[0]}, {b[1]}")
    ref.close()
    lo, hi = args.plies
    print(f"{args.game}, depth {args.depth}, {args.games} positions after {lo}-{hi} random plies: "
          f"{same} the same, {args.games - same} different")


if __name__ == "__main__":
    main()
