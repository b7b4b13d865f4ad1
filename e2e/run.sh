#!/usr/bin/env bash
# End-to-end tests of the web app in headless Chromium (Debian's chromium, driven by the npm
# package playwright-core). Installs what is missing, builds `mancala`, starts `mancala serve`
# on a free loopback port with a fresh database, runs e2e/tests/*.test.mjs, and stops the server.
#
#   bash e2e/run.sh                          # the tests (first the page's unit tests)
#   bash e2e/run.sh --screenshots            # the tests, also writing docs/screenshots/*.png
#   bash e2e/run.sh tests/players.test.mjs   # only these test files
#   MANCALA_BIN=target/debug/mancala bash e2e/run.sh   # with a command already built
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

if [ "${1:-}" = "--screenshots" ]; then
  export SCREENSHOT_DIR="$root/docs/screenshots"
  mkdir -p "$SCREENSHOT_DIR"
  shift
fi
files=("$@")

if [ ! -x /usr/bin/chromium ]; then
  echo "e2e: installing chromium" >&2
  apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >&2
fi
if ! command -v node >/dev/null; then
  echo "e2e: node is needed (Node.js 18 or later)" >&2
  exit 2
fi
# The page's pure modules (no DOM), under node's own test runner, before any browser.
if [ ${#files[@]} -eq 0 ]; then
  echo "e2e: the page's unit tests (crates/mancala-web/assets/test)" >&2
  node --test "$root"/crates/mancala-web/assets/test/*.test.js
fi

if [ ! -f "$here/node_modules/playwright-core/package.json" ] || [ ! -f "$here/node_modules/axe-core/axe.min.js" ]; then
  echo "e2e: installing playwright-core and axe-core" >&2
  (cd "$here" && { npm ci --no-audit --no-fund || npm install --no-audit --no-fund; }) >&2
fi

# The command: MANCALA_BIN when given (an already built one), else built here and found where
# cargo put it.
if [ -n "${MANCALA_BIN:-}" ]; then
  bin="$MANCALA_BIN"
else
  bin="$(cd "$root" && cargo build --bin mancala --message-format=json-render-diagnostics \
    | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{let exe="";for(const l of s.split("\n")){try{const m=JSON.parse(l);if(m.reason==="compiler-artifact"&&m.target&&m.target.name==="mancala"&&m.executable)exe=m.executable}catch(_){}}process.stdout.write(exe)})')"
fi
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  echo "e2e: could not build the mancala command" >&2
  exit 2
fi
export MANCALA_BIN="$bin"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# The tests make many games from one address: the limit per client is tested on its own.
"$bin" serve --host 127.0.0.1 --port 0 --db "$work/games.sqlite" --games-per-minute 1000000 >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
for _ in $(seq 1 100); do
  if grep -q '^open http' "$work/serve.out" 2>/dev/null; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "e2e: the server did not start: $(cat "$work/serve.err")" >&2
    exit 2
  fi
  sleep 0.1
done
url="$(grep -m1 '^open http' "$work/serve.out" | sed 's/^open //')"
if [ -z "$url" ]; then
  echo "e2e: the server printed no address" >&2
  exit 2
fi
echo "e2e: testing $url" >&2
export BASE_URL="$url"
export E2E_PROFILE_ROOT="$work"
cd "$here"
if [ ${#files[@]} -eq 0 ]; then files=(tests/*.test.mjs); fi
node --test --test-concurrency=1 "${files[@]}"
