#!/usr/bin/env python3
"""Tests of the match scripts' shared pieces (`ugi-match.py`'s openings, `search-diff.py`'s
reports), run by `scripts/test.sh` with the `mancala` command as the referee:

    MANCALA_BIN=target/release/mancala python3 scripts/test_scripts.py
"""
import importlib.util
import os
import random
import shlex
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
# No bytecode left beside the scripts.
sys.dont_write_bytecode = True


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ugi_match = load("ugi_match", "ugi-match.py")
search_diff = load("search_diff", "search-diff.py")
BIN = shlex.quote(os.environ.get("MANCALA_BIN", "mancala"))


class Openings(unittest.TestCase):
    def check(self, game, lengths):
        ref = ugi_match.Engine(f"{BIN} ugi {game}")
        try:
            rng = random.Random(7)
            for plies in lengths:
                moves = ugi_match.opening(rng, ref, plies)
                # Every ply was a legal move of the side to move, so none was dropped.
                self.assertEqual(len(moves), plies, f"{game}: {moves}")
                self.assertTrue(ref.position(moves), f"{game}: {moves}")
                self.assertEqual(ref.query("gameover"), "false", f"{game}: {moves}")
        finally:
            ref.close()

    def test_kalah_openings_follow_extra_turns(self):
        # An extra turn leaves the same side to move: openings drawn for the side of the last
        # position the referee saw came out shorter.
        self.check("kalah", [3, 5, 7, 9, 11, 13, 15] * 3)

    def test_oware_openings_of_odd_and_even_lengths(self):
        self.check("oware", [1, 2, 3, 8, 9, 21, 40])

    def test_an_opening_longer_than_any_game_is_refused(self):
        # A game of two pits a row and one seed each ends within a few plies: an opening of
        # 40 is refused with a message, not looked for forever.
        ref = ugi_match.Engine(f"{BIN} ugi mangala-ii:pits=2,seeds=1")
        try:
            with self.assertRaisesRegex(ValueError, "lasted 40 plies"):
                ugi_match.opening(random.Random(7), ref, 40, tries=50)
            # One that such games last is found.
            self.assertEqual(len(ugi_match.opening(random.Random(7), ref, 1)), 1)
        finally:
            ref.close()


class Reports(unittest.TestCase):
    def test_time_and_speed_are_left_out(self):
        line = "info depth 7 score cp 12 nodes 3456 time 18 nps 192000 pv A b C\n"
        self.assertEqual(search_diff.without_time(line),
                         "info depth 7 score cp 12 nodes 3456 pv A b C")

    def test_a_line_without_them_is_kept_whole(self):
        line = "info depth 3 score cp -4 nodes 40 pv a"
        self.assertEqual(search_diff.without_time(line), line)


if __name__ == "__main__":
    unittest.main()
