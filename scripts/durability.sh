#!/usr/bin/env bash
# The durability test at full size (the test suite runs a small one): the real `mancala serve`
# is killed with SIGKILL during a load of moves from many clients, started again, and every
# acknowledged move is looked for; prints the moves acknowledged and found.
#
#   bash scripts/durability.sh              # 32 games, kill after 2000 acknowledged moves
#   GAMES=64 MOVES=5000 bash scripts/durability.sh
set -euo pipefail
cd "$(dirname "$0")/.."
MANCALA_DURABILITY_GAMES="${GAMES:-32}" MANCALA_DURABILITY_MOVES="${MOVES:-2000}" \
  cargo test --release --test serve_durability -- --nocapture 2>&1 | grep -E '^durability:|test result|panicked|FAIL'
