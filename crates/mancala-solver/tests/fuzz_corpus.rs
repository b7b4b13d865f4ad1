//! Replays the fuzz corpus committed in fuzz/corpus/ (the inputs found by `bash scripts/fuzz.sh`,
//! minimized) through the very checks the fuzz targets run (fuzz/src/solver.rs): no input panics,
//! and every one is refused with a reason or read back as itself.

#[path = "../../../fuzz/src/solver.rs"]
mod checks;

#[path = "../../../fuzz/src/replay.rs"]
mod replay;
use replay::replay;

#[test]
fn db_header_corpus() {
    replay("db_header", checks::db_header);
}
