//! `mancala book build` and `mancala book show`, and `best` and `ugi` playing from a book, run
//! as the real binary: a resumed build gives the same file as one without a break, a damaged
//! or foreign book is refused with one line saying what is wrong, a position out of book is
//! said to be, and Modiar's book is its database.

mod common;

use common::assert_error;
use std::path::Path;
use std::process::{Command, Output};

/// The command with its data directory in `data`, so that no user's book or database of the
/// machine is read.
fn mancala(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env("MANCALA_DATA", data)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A small Oware book built into `path`: `nodes` nodes, depth 3.
fn build(data: &Path, path: &Path, nodes: &str) -> Output {
    let p = path.to_str().unwrap();
    mancala(
        data,
        &[
            "book", "build", "oware", "--out", p, "--nodes", nodes, "--depth", "3",
        ],
    )
}

#[test]
fn a_build_resumed_after_a_stop_gives_the_same_book() {
    let dir = tempfile::tempdir().unwrap();
    let (whole, parts) = (
        dir.path().join("whole.mbook"),
        dir.path().join("parts.mbook"),
    );
    stdout(&build(dir.path(), &whole, "40"));
    stdout(&build(dir.path(), &parts, "13"));
    let out = stdout(&build(dir.path(), &parts, "40"));
    assert!(out.contains("40 nodes"), "{out}");
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&parts).unwrap()
    );
    // Other settings do not go on from it.
    let p = parts.to_str().unwrap();
    let o = mancala(
        dir.path(),
        &[
            "book", "build", "oware", "--out", p, "--nodes", "50", "--depth", "4",
        ],
    );
    assert_error(&o, "built with depth 3");
}

#[test]
fn show_lists_the_moves_and_says_when_a_position_is_out_of_book() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("b.mbook");
    stdout(&build(dir.path(), &book, "20"));
    let b = book.to_str().unwrap();
    let out = stdout(&mancala(
        dir.path(),
        &["book", "show", "oware", "--book", b],
    ));
    assert!(out.contains("in the book"), "{out}");
    for m in ["A", "B", "C", "D", "E", "F"] {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{m} "))),
            "{m} listed: {out}"
        );
    }
    let json = stdout(&mancala(
        dir.path(),
        &["book", "show", "oware", "--book", b, "--json"],
    ));
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["in_book"], true);
    assert_eq!(v["moves"].as_array().unwrap().len(), 6);
    // Far from the start: out of book, said so.
    let far = "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S";
    let out = stdout(&mancala(
        dir.path(),
        &["book", "show", "oware", "--book", b, "--position", far],
    ));
    assert!(out.contains("out of book"), "{out}");
    // `best` searches there and answers from the book at the start.
    let out = stdout(&mancala(
        dir.path(),
        &["best", "oware", "--book", b, "--depth", "4"],
    ));
    assert!(out.contains("from the openings book"), "{out}");
    let out = stdout(&mancala(
        dir.path(),
        &[
            "best",
            "oware",
            "--book",
            b,
            "--depth",
            "4",
            "--position",
            far,
        ],
    ));
    assert!(
        !out.contains("openings book") && out.contains("depth"),
        "{out}"
    );
    let out = stdout(&mancala(
        dir.path(),
        &["best", "oware", "--no-book", "--depth", "4"],
    ));
    assert!(!out.contains("openings book"), "{out}");
}

#[test]
fn a_damaged_truncated_or_foreign_book_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("b.mbook");
    stdout(&build(dir.path(), &book, "10"));
    let bytes = std::fs::read(&book).unwrap();
    let b = book.to_str().unwrap();
    let show = |game: &str| mancala(dir.path(), &["book", "show", game, "--book", b]);
    std::fs::write(&book, &bytes[..bytes.len() - 7]).unwrap();
    assert_error(&show("oware"), "truncated");
    let mut bad = bytes.clone();
    bad[70] ^= 0x10;
    std::fs::write(&book, &bad).unwrap();
    assert_error(&show("oware"), "data checksum mismatch");
    std::fs::write(&book, &bytes).unwrap();
    assert_error(&show("kalah"), "a book of 'oware', not of 'kalah'");
    assert_error(&show("oware:seeds=3"), "other rules");
    // `best` and `ugi` refuse a book given by name that they cannot use.
    std::fs::write(&book, b"not a book").unwrap();
    assert_error(
        &mancala(dir.path(), &["best", "oware", "--book", b]),
        "shorter than a book's header",
    );
    assert_error(
        &mancala(dir.path(), &["ugi", "oware", "--book", b]),
        "shorter than a book's header",
    ); // A file that is not there is said once, not once for the error and again for its cause.
    let missing = dir.path().join("missing.mbook");
    let o = mancala(
        dir.path(),
        &["best", "oware", "--book", missing.to_str().unwrap()],
    );
    assert_error(&o, "missing.mbook");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
}

#[test]
fn a_book_in_the_data_directory_is_the_one_played_from() {
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&mancala(
        dir.path(),
        &["book", "build", "oware", "--nodes", "5", "--depth", "2"],
    ));
    let path = dir.path().join("oware").join("book.mbook");
    assert!(out.contains(path.to_str().unwrap()), "{out}");
    let out = stdout(&mancala(dir.path(), &["book", "show", "oware"]));
    assert!(out.contains("5 nodes, depth 2"), "the user's book: {out}");
    // Without it, the shipped book.
    std::fs::remove_file(&path).unwrap();
    let out = stdout(&mancala(dir.path(), &["book", "show", "oware"]));
    assert!(out.contains("shipped with the engine"), "{out}");
}

#[test]
fn modiars_book_is_its_database() {
    let dir = tempfile::tempdir().unwrap();
    assert_error(
        &mancala(dir.path(), &["book", "show", "modiar"]),
        "mancala db build modiar",
    );
    assert_error(
        &mancala(dir.path(), &["book", "build", "modiar"]),
        "strongly solved",
    );
    let small = "modiar:seeds=2";
    stdout(&mancala(dir.path(), &["db", "build", small]));
    let out = stdout(&mancala(dir.path(), &["book", "show", small]));
    assert!(out.contains("the book is the database"), "{out}");
    assert!(out.contains("best"), "{out}");
}
