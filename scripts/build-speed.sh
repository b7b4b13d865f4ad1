#!/usr/bin/env bash
# Oware's database build against Mangala II's, level by level, in one run: both games built from
# nothing to the same number of stones, one after the other (Mangala II first), by the same
# release binary with the same threads, into a temporary folder removed at the end. Prints, for
# each level both games have (their boards are the same: both have twelve pits), the seconds
# each took and Oware's time over Mangala II's, then each whole build's boards a second.
#
#   bash scripts/build-speed.sh [MAX_STONES] [THREADS]     # defaults: 20 stones, every core
#
# Levels 0-20 take about half a minute for both on two cores; 24 about four minutes, and the
# folder then holds up to 2.4 GB for a while. Each level's seconds are the build's own (two
# decimals), so the ratio of the smallest levels says little: it is left out below 0.05 s.
set -euo pipefail
max="${1:-20}"
threads="${2:-$(nproc)}"
case "$max" in '' | *[!0-9]*) echo "build-speed.sh: MAX_STONES must be a number, not '$max'" >&2; exit 2 ;; esac
case "$threads" in '' | *[!0-9]* | 0) echo "build-speed.sh: THREADS must be a number from 1, not '$threads'" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
bin="$PWD/target/release/mancala"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for game in mangala-ii oware; do
  echo "building $game, levels 0-$max, $threads threads ..." >&2
  "$bin" db build "$game" --max-stones "$max" --threads "$threads" --data-dir "$work/$game" \
    > "$work/$game.log" 2>&1 || { cat "$work/$game.log" >&2; exit 1; }
  rm -rf "${work:?}/$game"
done
# "level  16: 13037895 boards built in 0.94 s (...)": level, boards, seconds.
levels() { sed -n 's/^level *\([0-9]*\): \([0-9]*\) boards built in \([0-9.]*\) s.*/\1 \2 \3/p' "$1"; }
# "...: 13 built (749321716 boards in 79.66 s, 9406522 boards/s), ...": boards, seconds.
whole() { sed -n 's/.* built (\([0-9]*\) boards in \([0-9.]*\) s, .*/\1 \2/p' "$1" | tail -n 1; }
echo
echo "| level | boards | Mangala II | Oware | Oware / Mangala II |"
echo "| ---: | ---: | ---: | ---: | ---: |"
join <(levels "$work/mangala-ii.log" | sort -k1,1) <(levels "$work/oware.log" | sort -k1,1) |
  sort -n -k1,1 |
  awk '{ ratio = ($3 >= 0.05) ? sprintf("%.2f", $5 / $3) : "-";
         printf "| %d | %d | %.2f s | %.2f s | %s |\n", $1, $2, $3, $5, ratio }'
echo
read -r mb ms < <(whole "$work/mangala-ii.log")
read -r ob os < <(whole "$work/oware.log")
awk -v mb="$mb" -v ms="$ms" -v ob="$ob" -v os="$os" 'BEGIN {
  m = mb / ms; o = ob / os;
  printf "whole builds: Mangala II %d boards in %.2f s (%.2f million a second), Oware %d boards in %.2f s (%.2f million a second): %.2f times\n", mb, ms, m / 1e6, ob, os, o / 1e6, m / o }'
