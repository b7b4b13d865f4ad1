#!/usr/bin/env bash
# Tests the nginx configuration of docs/deploy.md: installs Debian's nginx if it is missing,
# takes the first ```nginx block of docs/deploy.md as it is written, puts it on a loopback port
# with a throw-away certificate in front of a real `mancala serve` (with --allowed-host for the
# documented name), and checks over TLS that
#   - the page and the API go through, with the server's security headers and nginx's HSTS;
#   - a game is created and a move played through the proxy (JSON bodies pass);
#   - the server refuses a Host it was not given (421), and the same request with the server
#     started without --allowed-host is refused too (the setting is needed).
#
#   bash scripts/nginx-test.sh            # MANCALA_BIN=... to test a built command
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

. "$root/scripts/need.sh"
nginx_bin="$(need_nginx)"
for tool in openssl curl python3; do
  command -v "$tool" >/dev/null || { echo "nginx-test: $tool is needed" >&2; exit 2; }
done

bin="$(mancala_bin "$root")"

work="$(mktemp -d)"
chmod 755 "$work"
server_pid=""
nginx_pid=""
cleanup() {
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

name="games.example.org"
start_server() { # start_server ARGS...: mancala serve on a free port; sets server_pid, app_port
  "$bin" serve --host 127.0.0.1 --port 0 --db "$work/games.sqlite" "$@" >"$work/serve.out" 2>"$work/serve.err" &
  server_pid=$!
  for _ in $(seq 1 100); do
    grep -q '^open http' "$work/serve.out" 2>/dev/null && break
    kill -0 "$server_pid" 2>/dev/null || { echo "nginx-test: the server did not start: $(cat "$work/serve.err")" >&2; exit 1; }
    sleep 0.1
  done
  app_port="$(sed -n 's|^open http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/serve.out" | head -n1)"
  [ -n "$app_port" ] || { echo "nginx-test: the server printed no address" >&2; exit 1; }
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }

start_server --allowed-host "$name"
tls_port="$(free_port)"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=$name" \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null

# The documented server block, as written, with the port, certificate and upstream of this test.
awk '/^```nginx$/{on=1; next} on && /^```$/{exit} on' docs/deploy.md >"$work/doc.conf"
grep -q "proxy_pass http://127.0.0.1:8080;" "$work/doc.conf" || { echo "nginx-test: no nginx block in docs/deploy.md" >&2; exit 1; }
sed -e "s|listen 443 ssl;|listen 127.0.0.1:$tls_port ssl;|" \
    -e "s|listen 80;|listen 127.0.0.1:$(free_port);|" \
    -e "s|/etc/letsencrypt/live/$name/fullchain.pem|$work/cert.pem|" \
    -e "s|/etc/letsencrypt/live/$name/privkey.pem|$work/key.pem|" \
    -e "s|http://127.0.0.1:8080|http://127.0.0.1:$app_port|" \
    "$work/doc.conf" >"$work/site.conf"
cat >"$work/nginx.conf" <<EOF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 64; }
http {
    access_log $work/access.log;
    client_body_temp_path $work/body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    include $work/site.conf;
}
EOF
"$nginx_bin" -t -p "$work" -c "$work/nginx.conf" 2>"$work/nginx-t.err" || { cat "$work/nginx-t.err" >&2; exit 1; }
"$nginx_bin" -p "$work" -c "$work/nginx.conf" 2>>"$work/error.log" &
nginx_pid=$!
for _ in $(seq 1 50); do
  curl -sk -o /dev/null --resolve "$name:$tls_port:127.0.0.1" "https://$name:$tls_port/" && break
  sleep 0.1
done

fail() { echo "nginx-test: FAIL: $*" >&2; exit 1; }
req() { # req METHOD PATH [BODY]: headers in $work/h, body in $work/b, status printed
  local data=()
  [ $# -ge 3 ] && data=(-H 'Content-Type: application/json' --data "$3")
  curl -sk --resolve "$name:$tls_port:127.0.0.1" -X "$1" "${data[@]}" \
    -D "$work/h" -o "$work/b" -w '%{http_code}' "https://$name:$tls_port$2"
}
header() { grep -i "^$1:" "$work/h" | head -n1 | cut -d: -f2- | tr -d '\r' | sed 's/^ //'; }

[ "$(req GET /)" = 200 ] || fail "GET / through nginx: $(cat "$work/b")"
grep -q '<script type="module" src="/app.js">' "$work/b" || fail "the page did not come through"
header content-security-policy | grep -q "frame-ancestors 'none'" || fail "no CSP: $(cat "$work/h")"
[ "$(header x-frame-options)" = DENY ] || fail "X-Frame-Options"
[ "$(header x-content-type-options)" = nosniff ] || fail "X-Content-Type-Options"
[ "$(header referrer-policy)" = no-referrer ] || fail "Referrer-Policy"
header strict-transport-security | grep -q "max-age=" || fail "nginx's HSTS is missing"

[ "$(req GET /api/health)" = 200 ] || fail "GET /api/health: $(cat "$work/b")"
grep -q '"ok":true' "$work/b" || fail "health: $(cat "$work/b")"
[ "$(req POST /api/games '{"game":"modiar","opponent":"local"}')" = 201 ] || fail "create: $(cat "$work/b")"
id="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["id"])' "$work/b")"
token="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["token"])' "$work/b")"
[ "$(req POST "/api/games/$id/moves" "{\"token\":\"$token\",\"move\":\"A\",\"version\":0}")" = 200 ] || fail "move: $(cat "$work/b")"
grep -q '"move":"A"' "$work/b" || fail "the move is not in the state"

# A Host the server was not given, straight to the server: refused.
code="$(curl -s -o "$work/b" -w '%{http_code}' -H 'Host: rebound.example.net' "http://127.0.0.1:$app_port/api/health")"
[ "$code" = 421 ] || fail "a foreign Host answered $code"
# Without --allowed-host, the proxied name is refused: the setting is what lets it through.
stop_server
start_server
sed -i "s|http://127.0.0.1:[0-9]*;|http://127.0.0.1:$app_port;|" "$work/site.conf"
kill -HUP "$nginx_pid"
sleep 1
code="$(req GET /api/health)"
[ "$code" = 421 ] || fail "without --allowed-host the proxied request answered $code"

echo "nginx-test: ok ($("$nginx_bin" -v 2>&1 | sed 's/^nginx version: //'), TLS on 127.0.0.1:$tls_port in front of mancala serve on $app_port)"
