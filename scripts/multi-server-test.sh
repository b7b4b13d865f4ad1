#!/usr/bin/env bash
# Three `mancala serve` on one PostgreSQL database behind the nginx upstream of docs/deploy.md
# ("Several servers on one PostgreSQL", the second ```nginx block, as written but on a loopback
# port without TLS, which scripts/nginx-test.sh covers), and a whole game played in Chromium by
# two browsers through nginx while a third watches on the third server directly
# (e2e/multi/multi.test.mjs). Checks from nginx's log that the game's moves went to more than
# one server.
#
# Then PostgreSQL is stopped mid-game: the page says it is reconnecting, the API answers 503
# in JSON, and when the database is back the game goes on with every acknowledged move.
#
#   bash scripts/multi-server-test.sh          # starts a private cluster (scripts/pg-cluster.sh)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

. "$root/scripts/need.sh"
nginx_bin="$(need_nginx)"
bin="$(mancala_bin "$root")"
if [ ! -f e2e/node_modules/playwright-core/package.json ]; then
  (cd e2e && { npm ci --no-audit --no-fund || npm install --no-audit --no-fund; }) >&2
fi

work="$(mktemp -d)"
chmod 755 "$work"
pids=()
pgdir=""
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  [ -n "$pgdir" ] && bash "$root/scripts/pg-cluster.sh" stop "$pgdir"
  rm -rf "$work"
}
trap cleanup EXIT

# A cluster of its own: the test stops it and starts it again.
pgdir="$(mktemp -d)"
admin="$(bash scripts/pg-cluster.sh start "$pgdir")"
db="multi_$$"
PGOPTIONS=--client-min-messages=warning psql "$admin" -q -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
url="${admin%/*}/$db"

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
ng_port="$(free_port)"
ports=()
for i in 1 2 3; do
  port="$(free_port)"
  MANCALA_DATABASE_URL="$url" "$bin" serve --host 127.0.0.1 --port "$port" \
    --allowed-host 127.0.0.1 --trusted-proxy 127.0.0.1 >"$work/serve$i.out" 2>"$work/serve$i.err" &
  pids+=("$!")
  ports+=("$port")
done
for i in 0 1 2; do
  for _ in $(seq 1 100); do
    grep -q '^open http' "$work/serve$((i + 1)).out" 2>/dev/null && break
    kill -0 "${pids[$i]}" 2>/dev/null || { echo "multi-server-test: server $((i + 1)) did not start: $(cat "$work/serve$((i + 1)).err")" >&2; exit 1; }
    sleep 0.1
  done
done

# nginx passes on the browser's Host without the port (\$host): 127.0.0.1 is allowed on any port.
# The documented block: the upstream and the TLS server (the redirect on port 80 is not in it).
awk '/^```nginx$/{n++; if (n==2) {on=1; next}} on && /^```$/{exit} on' docs/deploy.md >"$work/doc.conf"
grep -q "upstream mancala" "$work/doc.conf" || { echo "multi-server-test: no upstream block in docs/deploy.md" >&2; exit 1; }
sed -e "s|server 127.0.0.1:8081 |server 127.0.0.1:${ports[0]} |" \
    -e "s|server 127.0.0.1:8082 |server 127.0.0.1:${ports[1]} |" \
    -e "s|server 127.0.0.1:8083 |server 127.0.0.1:${ports[2]} |" \
    -e "s|listen 443 ssl;|listen 127.0.0.1:$ng_port;|" \
    -e "/ssl_certificate/d" \
    "$work/doc.conf" >"$work/site.conf"
cat >"$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 256; }
http {
    log_format upstreams '\$request_method \$uri \$status \$upstream_addr';
    access_log $work/access.log upstreams;
    client_body_temp_path $work/body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    include $work/site.conf;
}
CONF
"$nginx_bin" -t -p "$work" -c "$work/nginx.conf" 2>"$work/nginx-t.err" || { cat "$work/nginx-t.err" >&2; exit 1; }
"$nginx_bin" -p "$work" -c "$work/nginx.conf" 2>>"$work/error.log" &
pids+=("$!")
for _ in $(seq 1 50); do
  curl -s -o /dev/null "http://127.0.0.1:$ng_port/api/health" && break
  sleep 0.1
done

export BASE_URL="http://127.0.0.1:$ng_port/" SPECTATOR_URL="http://127.0.0.1:${ports[2]}/"
export MANCALA_BIN="$bin" E2E_PROFILE_ROOT="$work"
export PG_PAUSE="bash $root/scripts/pg-cluster.sh pause $pgdir" PG_RESUME="bash $root/scripts/pg-cluster.sh resume $pgdir"
(cd e2e && node --test --test-concurrency=1 multi/multi.test.mjs)

# The moves went through nginx to more than one server.
moved="$(grep -E '^POST /api/games/[a-z0-9]+/moves 200 ' "$work/access.log" | awk '{print $4}' | sort | uniq -c)"
servers="$(echo "$moved" | grep -c . || true)"
echo "multi-server-test: moves by upstream:"; echo "$moved"
[ "$servers" -ge 2 ] || { echo "multi-server-test: FAIL: every move went to one server" >&2; exit 1; }
echo "multi-server-test: ok (3 servers on $db behind nginx on 127.0.0.1:$ng_port; moves spread over $servers servers)"
