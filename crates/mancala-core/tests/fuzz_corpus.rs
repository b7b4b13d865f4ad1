//! Replays the fuzz corpus committed in fuzz/corpus/ (the inputs found by `bash scripts/fuzz.sh`,
//! minimized) through the very checks the fuzz targets run (fuzz/src/core.rs): no input panics,
//! and every one is refused with a reason or read back as itself.

#[path = "../../../fuzz/src/core.rs"]
mod checks;

#[path = "../../../fuzz/src/replay.rs"]
mod replay;
use replay::replay;

#[test]
fn position_corpus() {
    replay("position", checks::position);
}

#[test]
fn moves_corpus() {
    replay("moves", checks::moves);
}

#[test]
fn spec_corpus() {
    replay("spec", checks::spec);
}

#[test]
fn ogn_corpus() {
    replay("ogn", checks::ogn);
}

#[test]
fn rules_file_corpus() {
    replay("rules_file", checks::rules_file);
}
