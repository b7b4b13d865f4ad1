#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what the tests need (OpenSpiel in a
# virtual environment for the differential test; Chromium and playwright-core for the browser
# tests; Open MPI for the distributed build's tests; PostgreSQL, started as a private cluster
# for the store suite and the tests of several servers on one database; the aarch64 target's
# standard library, to check the engine's crates for 64-bit ARM), then runs the Rust test suites
# and the end-to-end tests in headless Chromium.
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

echo "== PostgreSQL: a private cluster (scripts/pg-cluster.sh) for the store suite and several servers"
pgdir="$(mktemp -d)"
trap 'bash scripts/pg-cluster.sh stop "$pgdir"' EXIT
MANCALA_TEST_POSTGRES="$(bash scripts/pg-cluster.sh start "$pgdir")"
export MANCALA_TEST_POSTGRES

echo "== cargo test (workspace, with the MPI build)"
cargo test --workspace --locked --features mpi 2>&1
echo "== the solver against minimax in the release build, the one the databases are built with (debug builds take checking paths of their own)"
cargo test --release --locked -p mancala-solver --lib --test agree_with_minimax 2>&1
echo "== the differential test against OpenSpiel (ignored by a plain cargo test)"
cargo test --locked -p mancala-core --test openspiel_diff -- --include-ignored 2>&1
echo "== the store suite on PostgreSQL, and several servers on one database (ignored by a plain cargo test)"
cargo test --locked -p mancala-web --test store_suite -- --include-ignored 2>&1
cargo test --locked --test multi_server -- --include-ignored 2>&1
echo "== the default build needs no MPI"
cargo check --locked -p mancala-solver 2>&1
echo "== the engine's crates build for 64-bit ARM too (scripts/arm-check.sh)"
bash scripts/arm-check.sh
# The command the workspace tests built serves every later step (no second build).
export MANCALA_BIN="$PWD/target/debug/mancala"
echo "== the match scripts' openings and reports (scripts/test_scripts.py)"
python3 scripts/test_scripts.py 2>&1
bash scripts/test-python.sh
echo "== the Python package's Rust code, linted (its own workspace)"
CARGO_TARGET_DIR="$PWD/target" cargo clippy --locked --manifest-path crates/mancala-py/Cargo.toml -- -D warnings 2>&1

echo "== nginx in front of mancala serve (docs/deploy.md)"; bash scripts/nginx-test.sh

echo "== end-to-end tests in headless Chromium"
bash e2e/run.sh

echo "== three servers on one PostgreSQL behind nginx, a game played through them in Chromium (docs/deploy.md)"
bash scripts/multi-server-test.sh
