#!/usr/bin/env bash
# Moves per second with 1, 2 and 3 `mancala serve` on one PostgreSQL database, and with one
# server on an SQLite file, on this machine: a private PostgreSQL cluster (scripts/pg-cluster.sh,
# fsync and synchronous commit on, as in production), release builds, and a load of players
# (crates/mancala-web/examples/moves_per_second.rs) sending every move to the next server in turn.
#
#   bash scripts/bench-servers.sh            # PLAYERS=32 SECONDS=10 by default
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
players="${PLAYERS:-32}"; seconds="${SECONDS_EACH:-10}"
cargo build --release --quiet --bin mancala
cargo build --release --quiet -p mancala-web --example moves_per_second
bin="$root/target/release/mancala"
load="$root/target/release/examples/moves_per_second"

work="$(mktemp -d)"; pgdir="$(mktemp -d)"
pids=()
stop_servers() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; pids=(); }
cleanup() { stop_servers; bash scripts/pg-cluster.sh stop "$pgdir"; rm -rf "$work"; }
trap cleanup EXIT
admin="$(bash scripts/pg-cluster.sh start "$pgdir")"

start() { # start N STORE-ARGS...: N servers; their URLs in $urls
  local n="$1"; shift
  urls=""
  for i in $(seq 1 "$n"); do
    "$bin" serve --host 127.0.0.1 --port 0 --max-connections-per-address 0 --games-per-minute 1000000 "$@" >"$work/s$i.out" 2>"$work/s$i.err" &
    pids+=("$!")
    for _ in $(seq 1 100); do grep -q '^open http' "$work/s$i.out" 2>/dev/null && break; sleep 0.1; done
    u="$(sed -n 's|^open \(http://[0-9.:]*\)/.*|\1|p' "$work/s$i.out" | head -n1)"
    [ -n "$u" ] || { echo "bench: server $i did not start: $(cat "$work/s$i.err")" >&2; exit 1; }
    urls="${urls:+$urls,}$u"
  done
}

echo "bench: $(nproc) cores; $players players, $seconds s each"
for n in 1 2 3; do
  db="bench_${n}_$$"
  PGOPTIONS=--client-min-messages=warning psql "$admin" -q -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
  start "$n" --database "${admin%/*}/$db"
  echo -n "PostgreSQL: "; "$load" --urls "$urls" --players "$players" --seconds "$seconds"
  stop_servers
done
start 1 --db "$work/games.sqlite"
echo -n "SQLite: "; "$load" --urls "$urls" --players "$players" --seconds "$seconds"
stop_servers
