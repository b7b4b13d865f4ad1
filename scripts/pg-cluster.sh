#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests: installs Debian's PostgreSQL if it is missing,
# makes a cluster in DIR as an unprivileged user (initdb refuses root), starts it on a free
# loopback port with its socket in DIR, and prints its URL (trust authentication, loopback
# only; the role is `mancala`).
#
#   url=$(bash scripts/pg-cluster.sh start DIR)     # then MANCALA_TEST_POSTGRES=$url ...
#   bash scripts/pg-cluster.sh stop DIR
#   bash scripts/pg-cluster.sh pause DIR / resume DIR   # stop the server and start it again on
#                                                       # the same port (a database going down)
set -euo pipefail
cmd="${1:-}"; dir="${2:-}"
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: pg-cluster.sh start|stop DIR" >&2; exit 2; }

find_bin() { # find_bin NAME: the PostgreSQL program NAME
  local b
  b="$(command -v "$1" 2>/dev/null || true)"
  [ -z "$b" ] && b="$(ls -1 /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n1 || true)"
  echo "$b"
}

as_owner() { # as_owner CMD...: runs CMD as the cluster's owner (this user unless root)
  if [ "$(id -u)" = 0 ]; then
    runuser -u "$owner" -- "$@"
  else
    "$@"
  fi
}

owner=postgres
id -u postgres >/dev/null 2>&1 || owner=nobody

case "$cmd" in
start)
  if [ -z "$(find_bin initdb)" ]; then
    echo "pg-cluster: installing PostgreSQL" >&2
    apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql >&2
    id -u postgres >/dev/null 2>&1 && owner=postgres
  fi
  initdb="$(find_bin initdb)"; pg_ctl="$(find_bin pg_ctl)"
  [ -x "$initdb" ] && [ -x "$pg_ctl" ] || { echo "pg-cluster: no initdb/pg_ctl found" >&2; exit 1; }
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown "$owner" "$dir"
  chmod 700 "$dir"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  as_owner "$initdb" -D "$dir/data" -U mancala -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  as_owner "$pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c shared_buffers=64MB" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  echo "$port" >"$dir/port"
  echo "postgres://mancala@127.0.0.1:$port/postgres"
  ;;
pause)
  as_owner "$(find_bin pg_ctl)" -D "$dir/data" -m fast -w stop >/dev/null
  ;;
resume)
  port="$(cat "$dir/port")"
  as_owner "$(find_bin pg_ctl)" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c shared_buffers=64MB" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  ;;
stop)
  pg_ctl="$(find_bin pg_ctl)"
  [ -d "$dir/data" ] && as_owner "$pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  ;;
*) echo "pg-cluster: unknown command $cmd" >&2; exit 2 ;;
esac
