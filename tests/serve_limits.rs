//! `mancala serve` checks `--max-connections` against the limit on open files at start: a
//! number it cannot hold is refused in one line naming both, and without the flag the server
//! takes what the limit allows and says so.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

/// `mancala serve ARGS` under `ulimit -n files` (soft and hard), on a throw-away database.
fn serve_under(files: u32, args: &str) -> std::process::Child {
    let dir = std::env::temp_dir().join(format!("mancala-limits-{}-{files}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_mancala");
    let db = dir.join("games.sqlite");
    Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -n {files} && exec '{bin}' serve --port 0 --db '{}' {args}",
            db.display()
        ))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run bash")
}

#[test]
fn max_connections_past_the_limit_on_open_files_is_refused_in_one_line() {
    let out = serve_under(256, "--max-connections 1000")
        .wait_with_output()
        .unwrap();
    assert!(!out.status.success(), "started anyway");
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        err.contains("--max-connections 1000") && err.contains("256 files"),
        "{err}"
    );
    assert!(err.contains("at most 128 connections"), "{err}");
}

#[test]
fn without_the_flag_the_server_takes_what_the_limit_allows_and_says_so() {
    let mut child = serve_under(300, "");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    child.kill().ok();
    child.wait().ok();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).ok();
    assert!(line.starts_with("open http://"), "{line:?} {err}");
    assert!(
        err.contains("serving at most 172 connections at once"),
        "{err}"
    );
}
