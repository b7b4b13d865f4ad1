//! Replays the fuzz corpus committed in fuzz/corpus/ (the inputs found by `bash scripts/fuzz.sh`,
//! minimized) through the very checks the fuzz targets run (fuzz/src/core.rs): no input panics,
//! and every one is refused with a reason or read back as itself.

#[path = "../../../fuzz/src/core.rs"]
mod checks;

use std::path::Path;

/// Runs `check` on every file of fuzz/corpus/`target`, naming the file that fails.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        if std::panic::catch_unwind(|| check(&bytes)).is_err() {
            panic!(
                "{} fails its check: {:?}",
                f.display(),
                String::from_utf8_lossy(&bytes)
            );
        }
    }
}

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
