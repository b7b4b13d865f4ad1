#!/usr/bin/env bash
# The floods at full size (the test suite runs small ones) and what they cost a player:
#  1. 2,000 valid long polls and 1,000 requests with a stalled body from 127.0.0.1 (each
#     reopened when the server closes it) while a player on 127.0.0.2 plays 100 moves: the
#     player's median answer must stay under 50 ms and none over 1 s;
#  2. 20 analyses of a long game asked and abandoned after 0.1 s against the real
#     `mancala serve`: the CPU seconds the server spends on them afterwards, and a player's
#     median move meanwhile.
# Usage: scripts/floods.sh   (MANCALA_FLOOD_POLLS / _BODIES / _MOVES change the sizes)
set -euo pipefail
cd "$(dirname "$0")/.."
ulimit -n "$(ulimit -Hn)"

echo "== 1. long polls and stalled bodies from one address"
out="$(MANCALA_FLOOD_POLLS="${MANCALA_FLOOD_POLLS:-2000}" MANCALA_FLOOD_BODIES="${MANCALA_FLOOD_BODIES:-1000}" \
  MANCALA_FLOOD_MOVES="${MANCALA_FLOOD_MOVES:-100}" MANCALA_FLOOD_CAP=1024 MANCALA_FLOOD_PER_ADDRESS=256 \
  cargo test --release --locked -p mancala-web --test floods long_polls -- --nocapture 2>&1)" || { echo "$out"; exit 1; }
line="$(grep '^flood:' <<<"$out")"
echo "$line"
median="$(sed -E 's/.*median_ms=([0-9.]+).*/\1/' <<<"$line")"
worst="$(sed -E 's/.*worst_ms=([0-9.]+).*/\1/' <<<"$line")"
awk -v m="$median" -v w="$worst" 'BEGIN { if (m >= 50 || w > 1000) { print "floods: too slow for the player (median " m " ms, worst " w " ms)"; exit 1 } }'

echo "== 2. abandoned analyses against mancala serve"
cargo build --release --locked -q
work="$(mktemp -d)"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
target/release/mancala serve --port 0 --db "$work/games.sqlite" >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 1 100); do grep -q '^open http' "$work/out" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/^open //p' "$work/out" | tr -d '/' | sed 's/http:/http:\/\//')"
python3 - "$url" "$pid" <<'PY'
import json, sys, time, socket, statistics, urllib.request
url, pid = sys.argv[1].rstrip("/"), sys.argv[2]
def call(method, path, body=None, headers={}):
    req = urllib.request.Request(url + path, method=method, headers=dict(headers))
    if body is not None:
        req.data = json.dumps(body).encode(); req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())
def cpu():
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / 100.0
c = call("POST", "/api/games", {"game": "oware", "opponent": "local"})
gid, tok, st = c["id"], c["token"], c["state"]
for i in range(60):
    if not st["legal"]: break
    st = call("POST", f"/api/games/{gid}/moves", {"token": tok, "move": st["legal"][(i * 7 + 3) % len(st["legal"])], "version": st["version"]})["state"]
host = url.split("//")[1]
h, p = host.split(":")
c0 = cpu()
for _ in range(20):
    s = socket.create_connection((h, int(p)))
    s.sendall(f"GET /api/games/{gid}/analysis HTTP/1.1\r\nHost: {host}\r\nSeat-Token: {tok}\r\n\r\n".encode())
    time.sleep(0.1)
    s.close()
# A player meanwhile.
p2 = call("POST", "/api/games", {"game": "oware", "opponent": "local"})
pid2, ptok, pst = p2["id"], p2["token"], p2["state"]
times = []
for i in range(30):
    if not pst["legal"]: break
    t0 = time.time()
    pst = call("POST", f"/api/games/{pid2}/moves", {"token": ptok, "move": pst["legal"][0], "version": pst["version"]})["state"]
    times.append((time.time() - t0) * 1000)
time.sleep(3)
print(f"20 analyses abandoned after 0.1 s: {cpu() - c0:.2f} CPU s spent by the server in all; "
      f"a player's moves meanwhile: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms")
PY
