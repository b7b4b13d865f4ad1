#!/usr/bin/env python3
"""Two UGI engines against each other at a fixed time a move, every move checked by a third
engine process, `mancala ugi GAME` (the referee: the project's rules, `query gameover|result`).

Openings of random legal plies, each played twice with the sides swapped; two games at a time.
Prints A's score with its Elo difference and 95% interval. For example, one build of `mancala`
against another (docs/search.md, "Time use"):

    python3 scripts/ugi-match.py --a "/tmp/old/mancala ugi oware" --b "target/release/mancala ugi oware" \
        --game oware --movetime 50 --pairs 60

An engine is a command line that speaks UGI on its standard streams (`ugi`, `position startpos
moves ...`, `go movetime MS`, `bestmove M`), or UCI with `--a-uci`/`--b-uci` (`uci`, `uciok`, and
the same moves, sent as one word as Aualé does: an Oware engine such as Aualé's Aalina, whose
pondering is turned off). The referee is `$MANCALA_BIN` or `mancala` on PATH. `--log FILE` writes every
game's moves and result, one line a game.

    python3 scripts/ugi-match.py --a "target/release/mancala ugi oware" \
        --b "java -jar /tmp/aalina/Aalina.jar" --b-uci --game oware --movetime 300 --pairs 20 --plies 2
"""
import argparse
import concurrent.futures as cf
import os
import random
import shlex
import subprocess
import threading

from match_score import score_line

LOG_LOCK = threading.Lock()


class Engine:
    def __init__(self, cmd, uci=False):
        self.cmd = cmd
        self.uci = uci
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        if uci:
            self.send("uci")
            self.wait("uciok")
            self.send("setoption name Ponder value false")
            self.send("ucinewgame")
        else:
            self.send("ugi")
            self.wait("ugiok")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        seen = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.cmd} stopped: {''.join(seen)}")
            seen.append(line)
            if line.startswith(prefix):
                return line.strip(), seen

    def position(self, moves):
        """Sets the position; False when the referee refuses a move of it."""
        # UCI's Oware engines take the line as one word (Aualé's "FfEa..."), UGI as words.
        line = ("" if self.uci else " ").join(moves)
        self.send("position startpos" + (" moves " + line if moves else ""))
        self.send("isready")
        _, seen = self.wait("readyok")
        return not any("error" in line for line in seen)

    def best(self, moves, ms):
        self.position(moves)
        self.send(f"go movetime {ms}")
        line, _ = self.wait("bestmove")
        return line.split()[1]

    def query(self, what):
        self.send("query " + what)
        line, _ = self.wait("response")
        return line.split()[1]

    def close(self):
        self.send("quit")
        self.p.wait()
        self.p.stdin.close()
        self.p.stdout.close()


def opening(rng, ref, plies, tries=500):
    """`plies` random legal moves from the start whose game is not over, drawn anew (up to
    `tries` times) when a drawn game ended sooner; `ValueError` when none of them lasted.
    Each draw takes the same random numbers whether or not its game ends, so a seed gives the
    openings it gave before the tries were bounded."""
    for _ in range(tries):
        moves = []
        for _ in range(plies):
            # The side to move of this opening's position, not of the last one the referee saw.
            ref.position(moves)
            row = list("ABCDEFGHI" if ref.query("p1turn") == "true" else "abcdefghi")
            rng.shuffle(row)
            for m in row + ["pass"]:
                if ref.position(moves + [m]):
                    moves.append(m)
                    break
        ref.position(moves)
        if ref.query("gameover") == "false":
            return moves
    raise ValueError(f"no game of {tries} played at random lasted {plies} plies: "
                     "ask for fewer plies")


def pair(args, referee, moves):
    """A's points in the two games of one opening (A South, then A North)."""
    ref = Engine(referee)
    points = []
    for a_south in (True, False):
        a, b = Engine(args.a, args.a_uci), Engine(args.b, args.b_uci)
        south, north = (a, b) if a_south else (b, a)
        line = list(moves)
        ref.position(line)
        while ref.query("gameover") == "false" and len(line) < args.max_plies:
            mover = south if ref.query("p1turn") == "true" else north
            m = mover.best(line, args.movetime)
            line.append(m)
            if not ref.position(line):
                raise RuntimeError(f"{mover.cmd} played {m}, refused after {' '.join(line[:-1])}")
        result = ref.query("result") if ref.query("gameover") == "true" else "draw"
        south_points = {"p1win": 1.0, "p2win": 0.0}.get(result, 0.5)
        points.append(south_points if a_south else 1 - south_points)
        if args.log:
            with LOG_LOCK, open(args.log, "a") as f:
                f.write(f"A {'south' if a_south else 'north'}, {result}, A {points[-1]}: {' '.join(line)}\n")
        a.close()
        b.close()
    ref.close()
    return points


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="engine A's command line")
    ap.add_argument("--b", required=True, help="engine B's command line")
    ap.add_argument("--game", default="oware")
    ap.add_argument("--movetime", type=int, default=300, help="milliseconds a move, for both")
    ap.add_argument("--pairs", type=int, default=20, help="openings, each played twice")
    ap.add_argument("--plies", type=int, default=4, help="random plies of each opening")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400, help="a game this long is a draw")
    ap.add_argument("--a-uci", action="store_true", help="engine A speaks UCI")
    ap.add_argument("--b-uci", action="store_true", help="engine B speaks UCI")
    ap.add_argument("--parallel", type=int, default=2, help="games at once")
    ap.add_argument("--log", help="a file to append each game's moves and result to")
    args = ap.parse_args()
    if args.movetime < 1 or args.pairs < 1 or args.plies < 0:
        ap.error("--movetime and --pairs must be at least 1, --plies at least 0")
    referee = f"{shlex.quote(os.environ.get('MANCALA_BIN', 'mancala'))} ugi {shlex.quote(args.game)}"
    rng = random.Random(args.seed)
    ref = Engine(referee)
    try:
        openings = [opening(rng, ref, args.plies) for _ in range(args.pairs)]
    except ValueError as e:
        ap.error(f"--plies {args.plies}: {e} ({args.game})")
    finally:
        ref.close()
    points = []
    with cf.ThreadPoolExecutor(max(args.parallel, 1)) as ex:
        for r in ex.map(lambda m: pair(args, referee, m), openings):
            points += r
    print(f"A against B, {args.game}, {args.movetime} ms a move: {score_line(points)}")

if __name__ == "__main__":
    main()
