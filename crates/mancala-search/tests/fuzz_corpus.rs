//! Replays the fuzz corpus committed in fuzz/corpus/ugi through the very check the UGI fuzz
//! target runs (fuzz/src/search.rs): every session ends, and none panics.

#[path = "../../../fuzz/src/search.rs"]
mod checks;

#[path = "../../../fuzz/src/replay.rs"]
mod replay;
use replay::replay;

#[test]
fn ugi_corpus() {
    replay("ugi", checks::ugi);
}
