#!/usr/bin/env python3
"""Plays random games with OpenSpiel and prints every step, for the differential test
(crates/mancala-core/tests/openspiel_diff.rs), which replays them with this project's rules.

    python scripts/openspiel_games.py oware 1000 --seed 1 [--pits 6 --seeds 4]
    python scripts/openspiel_games.py kalah 1000 --seed 1

Output, one record per line, in this project's notation (NOTATION.md):
    game <n>                      a new game from the start
    pos <position>                the start position
    step <legal> <move> <position> <terminal>
                                  legal moves before the move (joined by ','), the move played,
                                  the position after it, 1 if OpenSpiel calls the game over then
    limit                         OpenSpiel refuses another move (its max game length) though
                                  the game is not over
    returns <south> <north>       OpenSpiel's returns at the end
    done <games>                  the last line
OpenSpiel's oware: houses 0..n-1 are player 0's (our South, A..), n..2n-1 player 1's (a..).
OpenSpiel's mancala: [0] = player 1's store, 1..6 player 0's pits, [7] player 0's store,
8..13 player 1's pits.
"""

import argparse
import random
import sys

import pyspiel


def oware_position(state, n):
    # observation_string: "<player> | <score0> <score1> | <seeds...>"
    player, scores, seeds = state.observation_string(0).split(" | ")
    seeds = seeds.split()
    scores = scores.split()
    assert len(seeds) == 2 * n
    side = "S" if player.strip() == "0" else "N"
    return "-".join(seeds + scores + [side])


def oware_move(player, action, n):
    return chr((ord("A") if player == 0 else ord("a")) + action)


def kalah_position(state, n):
    t = [int(x) for x in state.observation_tensor(0)]
    board, player = t[:14], t[14]
    south = board[1:7]
    north = board[8:14]
    fields = south + north + [board[7], board[0]]
    return "-".join(str(x) for x in fields) + ("-S" if player == 0 else "-N")


def kalah_move(player, action, n):
    if 1 <= action <= 6:
        return chr(ord("A") + action - 1)
    if 8 <= action <= 13:
        return chr(ord("a") + action - 8)
    raise ValueError(f"unexpected mancala action {action}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=["oware", "kalah"])
    ap.add_argument("games", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pits", type=int, default=6, help="oware only")
    ap.add_argument("--seeds", type=int, default=4, help="oware only")
    args = ap.parse_args()

    if args.game == "oware":
        game = pyspiel.load_game(
            "oware", {"num_houses_per_player": args.pits, "num_seeds_per_house": args.seeds}
        )
        position, move, n = oware_position, oware_move, args.pits
    else:
        game = pyspiel.load_game("mancala")
        position, move, n = kalah_position, kalah_move, 6
    limit = game.max_game_length()
    rng = random.Random(args.seed)
    out = sys.stdout
    for g in range(args.games):
        state = game.new_initial_state()
        out.write(f"game {g}\n")
        out.write(f"pos {position(state, n)}\n")
        while not state.is_terminal():
            if len(state.history()) >= limit and args.game == "oware":
                # OpenSpiel's oware refuses a move past its max game length.
                out.write("limit\n")
                break
            player = state.current_player()
            legal = state.legal_actions()
            action = rng.choice(legal)
            state.apply_action(action)
            out.write(
                "step {} {} {} {}\n".format(
                    ",".join(move(player, a, n) for a in legal),
                    move(player, action, n),
                    position(state, n),
                    1 if state.is_terminal() else 0,
                )
            )
        ret = state.returns()
        out.write(f"returns {int(ret[0])} {int(ret[1])}\n")
    out.write(f"done {args.games}\n")


if __name__ == "__main__":
    main()
