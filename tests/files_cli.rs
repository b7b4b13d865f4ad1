//! Files that are not what they seem, through the real command: record and plot writers refuse
//! anything but a regular file or a new path; level files are opened only when regular; a hash
//! table that cannot be had is an error, not an abort; records and game specs refused by name.

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// `mancala <args>`, killed if it has not ended after a minute (a hang is a failure, not a
/// test that never ends).
fn mancala_bounded(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("mancala {} hung", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[test]
fn records_and_plots_are_written_only_to_regular_files_or_new_paths() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("game.ogn");
    mkfifo(&fifo);
    let target = dir.path().join("target.ogn");
    std::fs::write(&target, "kept").unwrap();
    let link = dir.path().join("link.ogn");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let (f, l, s) = (
        fifo.to_str().unwrap(),
        link.to_str().unwrap(),
        sub.to_str().unwrap(),
    );
    for (path, what) in [
        (f, "is a FIFO, not a regular file"),
        (l, "is a symbolic link, not a regular file"),
        (s, "is a directory, not a regular file"),
        ("/dev/null", "is a character device, not a regular file"),
    ] {
        for args in [
            vec!["replay", "modiar", "A", "--write-ogn", path],
            vec![
                "analyze",
                "modiar",
                "A",
                "--depth",
                "1",
                "--write-ogn",
                path,
            ],
            vec![
                "match", "modiar", "--a", "random", "--b", "random", "--games", "2", "--ogn", path,
            ],
            vec!["cycle", "el-mirall", "--table", "2x2", "--plot", path],
            vec![
                "solve",
                "modiar",
                "--table",
                "--max-boards",
                "1",
                "--svg",
                path,
            ],
        ] {
            common::assert_error(&mancala(&args), what);
        }
        // `play` refuses before the first move, and never says the game was saved.
        let mut child = common::spawn_piped(&["play", "modiar", "--ogn", path], Stdio::piped());
        drop(child.stdin.take());
        let o = child.wait_with_output().unwrap();
        common::assert_error(&o, what);
    }
    assert!(is_fifo(&fifo), "the FIFO is left as it was");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
    assert!(sub.is_dir());
    // A folder that does not exist: an error, never "saved", and before the work (a table
    // may take hours).
    let missing = dir.path().join("no/such/folder/game.ogn");
    let m = missing.to_str().unwrap();
    for args in [
        vec!["replay", "modiar", "A", "--write-ogn", m],
        vec![
            "solve",
            "modiar",
            "--table",
            "--max-boards",
            "1",
            "--svg",
            m,
        ],
        vec!["cycle", "el-mirall", "--table", "2x2", "--plot", m],
    ] {
        let o = mancala(&args);
        common::assert_error(&o, "does not exist");
        assert!(
            o.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stdout)
        );
    }
    // A record is written to a new path only: a file there may hold games of its own (the one
    // the game was read from, a match's), which it would replace.
    let matched = dir.path().join("match.ogn");
    let m = matched.to_str().unwrap();
    let args = [
        "match", "modiar", "--a", "random", "--b", "random", "--games", "3", "--ogn", m,
    ];
    assert!(mancala(&args).status.success());
    let games = std::fs::read_to_string(&matched).unwrap();
    for args in [
        vec!["replay", "--ogn", m, "--index", "2", "--write-ogn", m],
        vec![
            "analyze",
            "--ogn",
            m,
            "--index",
            "2",
            "--depth",
            "1",
            "--write-ogn",
            m,
        ],
        vec![
            "replay",
            "modiar",
            "A",
            "--write-ogn",
            target.to_str().unwrap(),
        ],
    ] {
        common::assert_error(&mancala(&args), "exists already");
    }
    assert_eq!(std::fs::read_to_string(&matched).unwrap(), games);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
    let new = dir.path().join("new.ogn");
    let o = mancala(&[
        "replay",
        "modiar",
        "A",
        "--write-ogn",
        new.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&new).unwrap().contains("1. A"));
}

#[test]
fn level_files_that_are_not_regular_files_are_refused_never_opened() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let d = data.to_str().unwrap();
    let spec = "modiar:pits=2,seeds=2";
    let o = mancala(&["db", "build", spec, "--data-dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let level = data.join("modiar-2x2/level-008.mdb");
    std::fs::remove_file(&level).unwrap();
    mkfifo(&level);
    let what = "level-008.mdb is a FIFO, not a regular file";
    common::assert_error(&mancala_bounded(&["solve", spec, "--data-dir", d]), what);
    // The search plays on without the level, and says why.
    let o = mancala_bounded(&["best", spec, "--depth", "2", "--data-dir", d]);
    assert!(
        o.status.success() && stderr(&o).contains(what),
        "{}",
        stderr(&o)
    );
    let o = mancala_bounded(&["db", "info", "--data-dir", d]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("is a FIFO, not a regular file"), "{out}");
    // The build will not put a file in the FIFO's place.
    let o = mancala_bounded(&["db", "build", spec, "--data-dir", d]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is a FIFO, not a regular file"));
    assert!(is_fifo(&level));
}

#[test]
fn a_record_named_as_input_may_come_through_a_pipe() {
    let mut child =
        common::spawn_piped(&["replay", "--ogn", "/dev/stdin", "--json"], Stdio::piped());
    let record = "[Variant \"Modiar\"]\n\n1. A *\n";
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(record.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("2-8-8-8-8-8-0-0-N"), "{out}");
}

/// `prlimit` from util-linux, if this system has it.
fn prlimit() -> Option<&'static str> {
    let ok = Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    ok.then_some("prlimit")
}

#[test]
fn a_hash_table_that_cannot_be_had_is_an_error_not_an_abort() {
    let Some(prlimit) = prlimit() else {
        eprintln!("skipped: no prlimit");
        return;
    };
    let bin = env!("CARGO_BIN_EXE_mancala");
    let limited = |args: &[&str]| {
        Command::new(prlimit)
            .arg("--as=2147483648")
            .arg(bin)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let o = limited(&[
        "best",
        "oware",
        "--no-book",
        "--hash",
        "4096",
        "--depth",
        "2",
    ])
    .wait_with_output()
    .unwrap();
    common::assert_error(
        &o,
        "cannot allocate a 4096 MiB hash table: out of memory; try a smaller --hash",
    );
    let o = limited(&["ugi", "oware", "--hash", "4096"])
        .wait_with_output()
        .unwrap();
    common::assert_error(&o, "cannot allocate a 4096 MiB hash table");
    // UGI: the option refused in an `info string`, the old table kept, the session going on.
    let mut child = limited(&["ugi", "oware", "--hash", "16"]);
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        input
            .write_all(b"setoption name Hash value 4096\nisready\ngo depth 2\nquit\n")
            .unwrap();
    }
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(
            "info string error: setoption Hash: cannot allocate a 4096 MiB hash table: out of memory; the table stays at 16 MiB"
        ),
        "{out}"
    );
    assert!(
        out.contains("readyok") && out.contains("bestmove "),
        "{out}"
    );
}

#[test]
fn a_record_without_a_game_tag_is_not_replayed_under_resized_rules() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plain.ogn");
    std::fs::write(&path, "[Variant \"Modiar\"]\n\n1. A *\n").unwrap();
    let p = path.to_str().unwrap();
    let o = mancala(&["replay", "modiar:seeds=5", "--ogn", p]);
    common::assert_error(
        &o,
        "the record has no Game tag, so it is a game of Modiar on its standard board (3 pits a row, 7 seeds a pit), not modiar:seeds=5",
    );
    // Under the rules it is for, it replays.
    let o = mancala(&["replay", "modiar", "--ogn", p]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn game_spec_errors_name_the_bad_value_alone() {
    common::assert_error(
        &mancala(&["perft", "modiar:pits=99999999999", "1"]),
        "game parameter pits=99999999999: too large: must be from 1 to 8",
    );
    let o = mancala(&["perft", "modiar:seeds=oware:pits=8,seeds=100", "1"]);
    common::assert_error(&o, "game parameter seeds=oware: ");
    assert!(!stderr(&o).contains("seeds=100"), "{}", stderr(&o));
    common::assert_error(
        &mancala(&["perft", "seeds=oware:pits=8,seeds=100", "1"]),
        "must start with a game id",
    );
}

#[test]
fn a_huge_cycle_stops_on_ctrl_c_between_moves() {
    // A board of 100,000 pits: on it, moves are slow, and the stop flag is still looked at.
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "cycle",
            "el-mirall",
            "--pits",
            "100000",
            "--seeds",
            "100000",
        ])
        .args(["--method", "reference", "--no-progress"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Time for the handler to be installed; then Ctrl-C until it ends (bounded).
    std::thread::sleep(Duration::from_secs(1));
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "Ctrl-C did not stop the run"
        );
        let pid = child.id().to_string();
        let _ = Command::new("kill").args(["-INT", &pid]).status();
        std::thread::sleep(Duration::from_millis(200));
    }
    let o = child.wait_with_output().unwrap();
    common::assert_error(&o, "interrupted after");
}

/// A level damaged behind its stamp (a disk that changed the data but not the file's times):
/// `db info --verify` finds it and takes the stamp away, so that the readers check it whole
/// and refuse it, and `db build` builds it again.
#[test]
fn a_level_found_damaged_behind_its_stamp_is_built_again() {
    use std::io::{Seek, SeekFrom, Write};
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let build = [
        "db",
        "build",
        "modiar",
        "--max-stones",
        "8",
        "--threads",
        "1",
        "--data-dir",
        d,
    ];
    assert!(mancala(&build).status.success());
    let level = dir.path().join("modiar/level-008.mdb");
    let stamp = dir.path().join("modiar/level-008.mdb.checked");
    let sound = std::fs::read(&level).unwrap();
    let position = ["--data-dir", d, "--position", "2-2-0-2-2-0-16-18-S"];
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "modiar"];
        args.extend(extra);
        mancala(&args)
    };
    let before = solve(&position);
    assert!(before.status.success(), "{}", stderr(&before));
    // Once read, the level has its stamp; the last byte of its data changes in place, and
    // the stamp is written again for the file as it now is, with the old checksum.
    let old = std::fs::read_to_string(&stamp).unwrap();
    let crc = old.split_whitespace().last().unwrap().to_string();
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .open(&level)
        .unwrap();
    f.seek(SeekFrom::End(-1)).unwrap();
    let last = *sound.last().unwrap();
    f.write_all(&[if last == 0 { 1 } else { 0 }]).unwrap();
    drop(f);
    let m = std::fs::metadata(&level).unwrap();
    let forged = format!(
        "len {} dev {} ino {} mtime {}.{:09} ctime {}.{:09} crc {crc}\n",
        m.len(),
        m.dev(),
        m.ino(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec()
    );
    std::fs::write(&stamp, forged).unwrap();
    let verify = mancala(&["db", "info", "--verify", "--data-dir", d]);
    assert_eq!(verify.status.code(), Some(1), "{}", stderr(&verify));
    let out = String::from_utf8_lossy(&verify.stdout).into_owned() + &stderr(&verify);
    assert!(
        out.contains("level-008.mdb") && out.contains("DAMAGED"),
        "{out}"
    );
    assert!(!stamp.exists(), "the damaged level's stamp is taken away");
    // Every reader now checks it whole, sets it aside and says so.
    let warned = "database level 8 damaged, searched instead";
    let p = ["--position", "2-2-0-2-2-0-16-18-S", "--data-dir", d];
    let best: Vec<&str> = [&["best", "modiar", "--depth", "2"][..], &p].concat();
    let analyze: Vec<&str> = [&["analyze", "modiar", "--depth", "2", "A"][..], &p].concat();
    for args in [best, analyze] {
        let o = mancala(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stderr(&o).contains(warned), "{args:?}: {}", stderr(&o));
    }
    let mut ugi = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["ugi", "modiar"])
        .env("MANCALA_DATA", d)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    ugi.stdin
        .take()
        .unwrap()
        .write_all(b"ugi\nisready\nquit\n")
        .unwrap();
    let o = ugi.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(&format!("info string warning: {warned}")),
        "{out}"
    );
    // Built again, the same bytes as before, and the value as before.
    assert!(mancala(&build).status.success());
    assert_eq!(std::fs::read(&level).unwrap(), sound);
    let after = solve(&position);
    assert_eq!(after.stdout, before.stdout);
}
