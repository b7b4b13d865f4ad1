#!/usr/bin/env bash
# Checks that the engine's crates build for 64-bit ARM (aarch64), warnings included: they are the
# only ones with code written for one processor (vector instructions chosen when the program
# runs, prefetches), and the rest of the workspace holds none. Installs the target's standard
# library with rustup. Their tests on an emulated ARM processor: README, "Other processors".
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v rustup >/dev/null; then
    echo "arm-check: rustup is needed to add the aarch64-unknown-linux-gnu target" >&2
    exit 1
fi
rustup target add aarch64-unknown-linux-gnu
RUSTFLAGS="-D warnings" CARGO_TARGET_DIR="$PWD/target/aarch64" cargo check --locked \
    --target aarch64-unknown-linux-gnu -p mancala-core -p mancala-solver -p mancala-search \
    --all-targets 2>&1
