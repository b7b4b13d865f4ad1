"""Shared fixtures: the `mancala` binary (the reference for the differential tests) and the
games."""

import os
import pathlib
import shutil

import pytest

import mancala

REPO = pathlib.Path(__file__).resolve().parents[3]
SEED_GAMES = ["modiar", "mangala-ii"]
ALL_GAMES = ["modiar", "mangala-ii", "oware", "kalah"]


@pytest.fixture(scope="session")
def mancala_bin():
    """The `mancala` command: $MANCALA_BIN (scripts/test-python.sh builds it), else the
    repository's release or debug build. Missing is a failure, not a skip."""
    given = os.environ.get("MANCALA_BIN")
    candidates = [given] if given else [
        REPO / "target" / "release" / "mancala",
        REPO / "target" / "debug" / "mancala",
    ]
    for c in candidates:
        if c and pathlib.Path(c).is_file() and os.access(c, os.X_OK):
            return str(c)
    found = shutil.which("mancala")
    if found and not given:
        return found
    pytest.fail(f"no mancala binary (looked for {', '.join(map(str, candidates))}); "
                "build it with `cargo build --release --bin mancala` or set MANCALA_BIN")


@pytest.fixture(params=ALL_GAMES)
def game(request):
    return mancala.load_game(request.param)
