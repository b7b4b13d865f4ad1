//! Replaying a target's committed corpus through its check, for the crates' own tests
//! (`tests/fuzz_corpus.rs` includes this file and the crate's checks by `#[path]`).

use std::path::Path;

/// Runs `check` on every file of fuzz/corpus/`target` (the including crate is two folders
/// below the repository's top), naming the file that fails.
pub fn replay(target: &str, check: fn(&[u8])) {
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
