#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets/) for a set time with cargo-fuzz and libFuzzer,
# growing its corpus in fuzz/corpus/<target>, then minimizes the corpus (cargo fuzz cmin) so it
# can be committed: `cargo test` replays it (the crates' tests/fuzz_corpus.rs).
#
#   bash scripts/fuzz.sh                 # 60 s per target
#   bash scripts/fuzz.sh 600             # 10 min per target
#   bash scripts/fuzz.sh 30 ogn spec     # only these targets
#
# Only stable Rust is needed: cargo-fuzz's flags are stable codegen options except the
# sanitizer, so the targets are built without one (-s none; a panic or a failed assertion is
# what is found) and RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its -Z flags to stable rustc.
# A crash is written to fuzz/artifacts/<target>/ and stops the script with its reproduction.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

secs="${1:-60}"
shift || true
if ! command -v cargo-fuzz >/dev/null; then
  echo "fuzz: installing cargo-fuzz" >&2
  cargo install cargo-fuzz --locked >&2
fi
export RUSTC_BOOTSTRAP=1
if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(cargo fuzz list); fi

cargo fuzz build -s none --release --debug-assertions >&2
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  echo "== $t: ${secs} s" >&2
  start=$(date +%s)
  cargo fuzz run -s none --release --debug-assertions "$t" "corpus/$t" -- \
    -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    2>"/tmp/fuzz-$t.log" || { tail -n 40 "/tmp/fuzz-$t.log" >&2; echo "fuzz: $t found a crash (above); its input is in fuzz/artifacts/$t/" >&2; exit 1; }
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "/tmp/fuzz-$t.log" | tail -n1)"
  cov="$(grep -o 'cov: [0-9]*' "/tmp/fuzz-$t.log" | tail -n1)"
  # The inputs of fixed crashes (regression-*) are kept whatever the minimization says.
  keep="$(mktemp -d)"; cp corpus/"$t"/regression-* "$keep"/ 2>/dev/null || true
  cargo fuzz cmin -s none --release --debug-assertions "$t" "corpus/$t" >/dev/null 2>&1
  cp "$keep"/* corpus/"$t"/ 2>/dev/null || true; rm -rf "$keep"
  echo "$t: $(( $(date +%s) - start )) s, ${runs:-?} runs, ${cov:-cov: ?}, $(ls "corpus/$t" | wc -l) inputs kept ($(du -sh "corpus/$t" | cut -f1))"
done
