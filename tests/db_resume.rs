//! `mancala db build` killed (SIGKILL) at any moment resumes: the levels finished before the
//! kill are kept, the one under way is built again from the start, and the files at the end
//! are byte for byte those of a build that was never interrupted.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const GAME: &str = "mangala-ii";
const MAX: &str = "12";

fn build(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.args(["db", "build", GAME, "--max-stones", MAX, "--threads", "2"])
        .arg("--data-dir")
        .arg(dir)
        .env_remove("MANCALA_DATA");
    c
}

fn tempdir(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("mancala-db-resume-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    p
}

/// Every level file of the game's directory, by name, with its bytes; any other file there is
/// the stamp of a level file checked whole (`level-NNN.mdb.checked`), or a temporary file
/// when `temporaries` allows.
fn files(dir: &Path, temporaries: bool) -> Vec<(String, Vec<u8>)> {
    for e in std::fs::read_dir(dir.join(GAME)).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        assert!(
            name.ends_with(".mdb")
                || name.ends_with(".mdb.checked")
                || (temporaries && name.contains(".tmp")),
            "{name}"
        );
    }
    common::level_files(&dir.join(GAME)).into_iter().collect()
}

/// Starts a build and kills it with SIGKILL once it has printed `after` lines (levels done) and
/// `delay` more has passed; returns the levels it reported built.
fn killed_build(dir: &Path, after: usize, delay: Duration) -> Vec<String> {
    let mut child = build(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    while seen.len() < after {
        match lines.next() {
            Some(Ok(l)) => seen.push(l),
            _ => break,
        }
    }
    std::thread::sleep(delay);
    child.kill().expect("SIGKILL");
    child.wait().unwrap();
    seen.extend(lines.map_while(Result::ok));
    seen
}

#[test]
fn a_build_killed_at_any_moment_resumes_to_the_same_files() {
    let whole = tempdir("whole");
    let out = build(&whole).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = files(&whole, false);
    assert_eq!(expected.len(), 7, "levels 0, 2, ..., 12");

    let dir = tempdir("killed");
    let level_of = |l: &str| -> u32 {
        l.trim_start_matches("level")
            .trim_start()
            .split(':')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    // Levels known to be on disk: a level finished before a kill is never built again.
    let mut done = std::collections::BTreeSet::new();
    let mut check = |said: &[String]| {
        for l in said {
            let level = level_of(l);
            if l.contains("built in") {
                assert!(
                    !done.contains(&level),
                    "level {level} built twice: {said:?}"
                );
            } else {
                assert!(l.contains("already built"), "{l}");
            }
            done.insert(level);
        }
    };
    // Killed at once, then after the first levels (during the next one), then later.
    for (after, delay_ms) in [(0, 0), (0, 40), (4, 5), (5, 30), (6, 5)] {
        check(&killed_build(&dir, after, Duration::from_millis(delay_ms)));
    }
    let files_done = files(&dir, true).len();
    assert!(
        files_done < 7,
        "the kills came too late to interrupt the build"
    );
    let out = build(&dir).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let said: Vec<String> = err.lines().map(String::from).collect();
    assert_eq!(
        said.iter().filter(|l| l.contains("already built")).count(),
        files_done,
        "{err}"
    );
    check(&said);
    // No temporary file is left, and every level is the uninterrupted build's, byte for byte.
    assert_eq!(files(&dir, false), expected);
    let verify = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["db", "info", "--verify", "--data-dir"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(verify.status.success());
    assert!(String::from_utf8_lossy(&verify.stdout).contains("all sound"));
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&dir);
}
