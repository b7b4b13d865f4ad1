"""Shared fixtures: the `mancala` binary (the reference for the differential tests) and the
games."""

import importlib
import os
import pathlib
import shutil

import pytest

import mancala

REPO = pathlib.Path(__file__).resolve().parents[3]


def need(module, extra, required_by):
    """`module` imported, for the tests of an optional framework (the package's `extra`):
    skipped with the reason where it is not installed, unless the environment variable
    `required_by` is 1 (scripts/test-python.sh and scripts/test.sh), where missing fails."""
    if os.environ.get(required_by) == "1":
        return importlib.import_module(module)
    return pytest.importorskip(
        module,
        reason=f"needs {module}: pip install 'mancala[{extra}]' "
        f"(set {required_by}=1 to make a missing {module} a failure)",
    )
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
