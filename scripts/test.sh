#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what the tests need (OpenSpiel in a
# virtual environment for the differential test; Chromium and playwright-core for the browser
# tests; Open MPI for the distributed build's tests), then runs the Rust test suites and the
# end-to-end tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
# One full build: incremental caches would only take disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

echo "== formatting (cargo fmt)"
cargo fmt --all -- --check
(cd crates/mancala-py && cargo fmt --all -- --check)
(cd fuzz && cargo fmt --all -- --check)

echo "== OpenSpiel (for the differential test)"
export OPENSPIEL_PYTHON="$(bash scripts/openspiel-venv.sh | tail -n 1)"
export OPENSPIEL_REQUIRED=1

echo "== Open MPI (for the distributed build, tests/mpi_build.rs)"
bash scripts/mpi-deps.sh

echo "== cargo test (workspace, with the MPI build)"
cargo test --workspace --locked --features mpi 2>&1
echo "== the differential test against OpenSpiel (ignored by a plain cargo test)"
cargo test --locked -p mancala-core --test openspiel_diff -- --include-ignored 2>&1
echo "== the default build needs no MPI"
cargo check --locked -p mancala-solver 2>&1
# The command the workspace tests built serves every later step (no second build).
export MANCALA_BIN="$PWD/target/debug/mancala"
bash scripts/test-python.sh
echo "== the Python package's Rust code, linted (its own workspace)"
CARGO_TARGET_DIR="$PWD/target" cargo clippy --locked --manifest-path crates/mancala-py/Cargo.toml -- -D warnings 2>&1

echo "== nginx in front of mancala serve (docs/deploy.md)"; bash scripts/nginx-test.sh

echo "== end-to-end tests in headless Chromium"
bash e2e/run.sh
