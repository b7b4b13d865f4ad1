#!/usr/bin/env bash
# Tests the Python package crates/mancala-py: creates (once) a virtual environment holding
# OpenSpiel (through scripts/openspiel-venv.sh), then maturin, pytest, numpy, PettingZoo and
# Gymnasium from PyPI (crates/mancala-py/requirements-test.txt), builds the package with
# maturin and installs it there, builds the `mancala` binary for the differential test
# against `mancala replay`, and runs the package's pytest suite.
#
#   scripts/test-python.sh                 # default venv: <repo>/target/python-venv
#   scripts/test-python.sh -k openspiel    # arguments go to pytest
#   MANCALA_PY_VENV=/some/dir scripts/test-python.sh
#   MANCALA_BIN=target/debug/mancala scripts/test-python.sh   # an already built binary
#
# Idempotent: an existing venv is reused and only what is missing is installed.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pkg="$repo/crates/mancala-py"
venv="${MANCALA_PY_VENV:-$repo/target/python-venv}"
py="$venv/bin/python"

# The venv is made (once) the way the OpenSpiel differential test makes its own, with the
# same pinned OpenSpiel; the rest comes from requirements-test.txt.
OPENSPIEL_VENV="$venv" bash "$repo/scripts/openspiel-venv.sh" >/dev/null

echo "== Python test dependencies ($venv)"
"$py" -m pip install --quiet --disable-pip-version-check -r "$pkg/requirements-test.txt"

echo "== build and install the mancala Python package"
# Without build isolation pip runs the venv's maturin, which its build hook looks up on PATH.
export PATH="$venv/bin:$PATH"
# The package's crates share the repository's target directory (and its built dependencies).
CARGO_TARGET_DIR="$repo/target" "$py" -m pip install --quiet --disable-pip-version-check \
    --no-build-isolation --no-deps --force-reinstall "$pkg"

if [ -z "${MANCALA_BIN:-}" ]; then
    echo "== build the mancala binary (the reference for the differential test)"
    (cd "$repo" && cargo build --release --locked --bin mancala 2>&1)
    MANCALA_BIN="$repo/target/release/mancala"
fi

echo "== pytest (crates/mancala-py/tests)"
# Everything the tests need is installed here: a missing framework is a failure, not a skip.
export OPENSPIEL_REQUIRED="${OPENSPIEL_REQUIRED:-1}" MANCALA_PY_EXTRAS_REQUIRED=1
status=0
MANCALA_BIN="$MANCALA_BIN" "$py" -m pytest -p no:cacheprovider -q \
    "$pkg/tests" "$@" || status=$?
if [ "$status" = 5 ]; then
    echo "error: pytest collected no tests in $pkg/tests" >&2
    exit 1
fi
exit "$status"
