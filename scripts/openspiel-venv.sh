#!/usr/bin/env bash
# Creates (once) a Python virtual environment holding OpenSpiel, the independent implementation
# of Oware and Kalah that the differential test compares against, and prints its python's path
# on the last line of stdout.
#
#   scripts/openspiel-venv.sh            # default: <repo>/target/openspiel-venv
#   OPENSPIEL_VENV=/some/dir scripts/openspiel-venv.sh
#
# Idempotent: a venv that already imports the pinned version is left as it is.
set -euo pipefail

OPENSPIEL_VERSION="2.0.2"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${OPENSPIEL_VENV:-$repo/target/openspiel-venv}"
py="$venv/bin/python"

have_it() {
    [ -x "$py" ] && "$py" - "$OPENSPIEL_VERSION" <<'PY' >/dev/null 2>&1
import sys
from importlib.metadata import version
import pyspiel  # noqa: F401
sys.exit(0 if version("open_spiel") == sys.argv[1] else 1)
PY
}

if ! have_it; then
    python="${PYTHON:-}"
    if [ -z "$python" ]; then
        for cand in python3 python; do
            if command -v "$cand" >/dev/null 2>&1; then python="$cand"; break; fi
        done
    fi
    if [ -z "$python" ]; then
        echo "error: no python3 found (set PYTHON=/path/to/python3)" >&2
        exit 2
    fi
    mkdir -p "$(dirname "$venv")"
    if [ ! -x "$py" ]; then
        if ! "$python" -m venv "$venv" >&2; then
            rm -rf "$venv"
            # Debian and Ubuntu ship the venv module separately; install it when we may.
            if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
                apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2
                "$python" -m venv "$venv" >&2 || { rm -rf "$venv"; echo "error: could not create a virtual environment at $venv" >&2; exit 2; }
            else
                echo "error: could not create a virtual environment at $venv (on Debian: apt-get install python3-venv)" >&2
                exit 2
            fi
        fi
    fi
    "$py" -m pip install --quiet --disable-pip-version-check "open-spiel==$OPENSPIEL_VERSION" >&2
    have_it || { echo "error: open-spiel $OPENSPIEL_VERSION did not install into $venv" >&2; exit 2; }
fi
echo "$py"
