#!/usr/bin/env bash
# Oware's database build against Mangala II's, level by level, in one run: both games built from
# nothing to the same number of stones, one after the other (Mangala II first), by the same
# release binary with the same threads, into a temporary folder removed at the end. Then each
# level that took either game under five seconds is built again alone, ROUNDS times for each
# game, on the lower levels just built, the two games taking turns (Mangala II first in odd
# rounds, Oware first in even ones), so that a level of a fraction of a second is not judged by
# one run on a machine whose speed moves from one second to the next.
#
# Prints, for each level both games have (their boards are the same: both have twelve pits),
# the seconds each took in the whole build and Oware's time over Mangala II's; for the levels
# built again, the median of the rounds for each game, the ratio of the medians, and the lowest
# and highest ratio of a round; then each whole build's boards a second.
#
#   bash scripts/build-speed.sh [MAX_STONES] [THREADS] [ROUNDS]
#                                         # defaults: 20 stones, every core, 5 rounds (0: none)
#
# Levels 0-20 take about half a minute for both on two cores and the rounds about as long; 24
# about four minutes and the rounds about two, and the folder then holds about 4 GB. Each level's seconds are the
# build's own (two decimals), so a ratio is left out where Mangala II took under 0.05 s.
set -euo pipefail
max="${1:-20}"
threads="${2:-$(nproc)}"
rounds="${3:-5}"
case "$max" in '' | *[!0-9]*) echo "build-speed.sh: MAX_STONES must be a number, not '$max'" >&2; exit 2 ;; esac
case "$threads" in '' | *[!0-9]* | 0) echo "build-speed.sh: THREADS must be a number from 1, not '$threads'" >&2; exit 2 ;; esac
case "$rounds" in '' | *[!0-9]*) echo "build-speed.sh: ROUNDS must be a number, not '$rounds'" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet
bin="$PWD/target/release/mancala"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for game in mangala-ii oware; do
  echo "building $game, levels 0-$max, $threads threads ..." >&2
  "$bin" db build "$game" --max-stones "$max" --threads "$threads" --data-dir "$work/$game" \
    > "$work/$game.log" 2>&1 || { cat "$work/$game.log" >&2; exit 1; }
done
# "level  16: 13037895 boards built in 0.94 s (...)": level, boards, seconds.
levels() { sed -n 's/^level *\([0-9]*\): \([0-9]*\) boards built in \([0-9.]*\) s.*/\1 \2 \3/p' "$1"; }
# "...: 13 built (749321716 boards in 79.66 s, 9406522 boards/s), ...": boards, seconds.
whole() { sed -n 's/.* built (\([0-9]*\) boards in \([0-9.]*\) s, .*/\1 \2/p' "$1" | tail -n 1; }
join <(levels "$work/mangala-ii.log" | sort -k1,1) <(levels "$work/oware.log" | sort -k1,1) |
  sort -n -k1,1 > "$work/both"

# Level $2 of game $1 built alone on that game's lower levels from the whole build (linked, with
# their stamps, into a folder of its own): prints its seconds.
again() {
  local game="$1" level="$2" dir="$work/again"
  rm -rf "$dir"
  mkdir -p "$dir/$game"
  local f n
  for f in "$work/$game/$game"/level-*.mdb; do
    n="${f##*/level-}"
    n="${n%.mdb}"
    if ((10#$n < level)); then
      ln -s "$f" "$dir/$game/"
      if [ -e "$f.checked" ]; then cp "$f.checked" "$dir/$game/"; fi
    fi
  done
  "$bin" db build "$game" --max-stones "$level" --threads "$threads" --data-dir "$dir" \
    > "$work/again.log" 2>&1 || { cat "$work/again.log" >&2; exit 1; }
  levels "$work/again.log" | awk -v l="$level" '$1 == l { print $3 }'
  rm -rf "$dir"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

: > "$work/rounds"
if ((rounds > 0)); then
  while read -r level _ m _ o; do
    if ! awk -v m="$m" -v o="$o" 'BEGIN { exit !(m < 5 || o < 5) }' || [ "$level" -lt 2 ]; then
      continue
    fi
    echo "level $level again, $rounds rounds ..." >&2
    : > "$work/m" && : > "$work/o" && : > "$work/r"
    for ((r = 1; r <= rounds; r++)); do
      if ((r % 2)); then
        ms=$(again mangala-ii "$level")
        os=$(again oware "$level")
      else
        os=$(again oware "$level")
        ms=$(again mangala-ii "$level")
      fi
      echo "$ms" >> "$work/m"
      echo "$os" >> "$work/o"
      awk -v m="$ms" -v o="$os" 'BEGIN { if (m > 0) printf "%.4f\n", o / m }' >> "$work/r"
    done
    echo "$level $(median < "$work/m") $(median < "$work/o") $(sort -n "$work/r" | head -n 1) $(sort -n "$work/r" | tail -n 1)" >> "$work/rounds"
  done < "$work/both"
fi

echo
echo "| level | boards | Mangala II | Oware | Oware / Mangala II | again, medians of $rounds rounds: Mangala II, Oware | Oware / Mangala II (the rounds' lowest-highest) |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
join -a 1 <(sort -k1,1 "$work/both") <(sort -k1,1 "$work/rounds") | sort -n -k1,1 |
  awk '{ ratio = ($3 >= 0.05) ? sprintf("%.2f", $5 / $3) : "-";
         again = "-"; r = "-";
         if (NF >= 9) {
           again = sprintf("%.2f s, %.2f s", $6, $7);
           r = ($6 >= 0.05) ? sprintf("%.2f (%.2f-%.2f)", $7 / $6, $8, $9) : "-";
         }
         printf "| %d | %d | %.2f s | %.2f s | %s | %s | %s |\n", $1, $2, $3, $5, ratio, again, r }'
echo
read -r mb ms < <(whole "$work/mangala-ii.log")
read -r ob os < <(whole "$work/oware.log")
awk -v mb="$mb" -v ms="$ms" -v ob="$ob" -v os="$os" 'BEGIN {
  if (ms < 0.05 || os < 0.05) {
    printf "whole builds: Mangala II %d boards in %.2f s, Oware %d boards in %.2f s: too short to compare\n", mb, ms, ob, os;
    exit
  }
  m = mb / ms; o = ob / os;
  printf "whole builds: Mangala II %d boards in %.2f s (%.2f million a second), Oware %d boards in %.2f s (%.2f million a second): %.2f times\n", mb, ms, m / 1e6, ob, os, o / 1e6, m / o }'
