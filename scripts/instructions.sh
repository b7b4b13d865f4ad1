#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind) of the move generator, the search and the solver for
# one build of `mancala`: repeatable whatever else the machine does, so two builds compare
# exactly. Usage: scripts/instructions.sh [BINARY] (default target/release/mancala).
set -euo pipefail
bin="${1:-target/release/mancala}"
command -v valgrind > /dev/null || { echo "instructions.sh: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
count() {
  local name="$1"; shift
  valgrind --tool=callgrind --callgrind-out-file="$work/$name.out" "$bin" "$@" > /dev/null 2> "$work/$name.err"
  printf '%-8s %15s  %s\n' "$name" "$(grep -o 'Collected : [0-9]*' "$work/$name.err" | grep -o '[0-9]*$')" "$*"
}
count perft perft mangala-ii 9
count search best mangala-ii --position 2-2-2-2-2-2-2-17-1-13-0-15-8-4-S --depth 15 --no-db
count solver db build modiar:seeds=5 --data-dir "$work/db" --threads 1
