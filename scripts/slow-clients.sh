#!/usr/bin/env bash
# The slow-client flood at full size (the test suite runs a small one): thousands of half-sent
# requests and idle connections on loopback against a server with a connection cap, while a
# player plays; prints the connections opened and held and the player's move latency.
#
#   bash scripts/slow-clients.sh            # 3000 half-sent + 1100 idle, 30 s, cap 1024
#   HALF=5000 IDLE=2000 SECS=60 CAP=1024 bash scripts/slow-clients.sh
set -euo pipefail
cd "$(dirname "$0")/.."
need=$(( ${HALF:-3000} + ${IDLE:-1100} + ${CAP:-1024} + 256 ))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$need" ]; then
  ulimit -n "$need" 2>/dev/null || { echo "slow-clients: needs $need open files (ulimit -n)" >&2; exit 2; }
fi
MANCALA_FLOOD_HALF="${HALF:-3000}" MANCALA_FLOOD_IDLE="${IDLE:-1100}" \
MANCALA_FLOOD_SECS="${SECS:-30}" MANCALA_FLOOD_CAP="${CAP:-1024}" \
  cargo test --release -p mancala-web --test slow_clients -- --nocapture a_flood 2>&1 | grep -E '^flood:|test result|panicked|FAIL'
