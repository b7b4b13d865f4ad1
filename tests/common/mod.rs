//! What the command's tests share.

#![allow(dead_code)]

use std::process::{Child, Command, Output, Stdio};

/// Exit 2, nothing on stdout, one line on stderr containing `needle` (the command's contract
/// for every error).
pub fn assert_error(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(
        o.stdout.is_empty(),
        "stdout not empty: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
    assert!(err.contains(needle), "'{needle}' not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// `mancala <args>` started with piped standard input and output, its standard error as given.
pub fn spawn_piped(args: &[&str], stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the binary runs")
}

/// The level files (`*.mdb`) of a game's database directory, by name, with their bytes.
pub fn level_files(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".mdb"))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}
