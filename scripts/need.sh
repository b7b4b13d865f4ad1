# What the test scripts share (sourced): Debian's nginx installed if missing, and the mancala
# command (MANCALA_BIN when given, else built here).

# need_nginx: installs nginx if missing; prints its path.
need_nginx() {
  if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    echo "installing nginx" >&2
    apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nginx >&2
  fi
  command -v nginx || echo /usr/sbin/nginx
}

# mancala_bin ROOT: prints the command to test.
mancala_bin() {
  if [ -n "${MANCALA_BIN:-}" ]; then
    echo "$MANCALA_BIN"
  else
    (cd "$1" && cargo build --quiet --bin mancala >&2)
    echo "$1/target/debug/mancala"
  fi
}
