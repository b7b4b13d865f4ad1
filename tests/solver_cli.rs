//! `mancala solve` and `mancala db`, run as the real binary: the NOTATION.md contract (the
//! answer on the last line of stdout; errors one line on stderr, exit 2, nothing on stdout).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mancala(args: &[&str], data: Option<&Path>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.args(args).env_remove("MANCALA_DATA");
    if let Some(d) = data {
        c.env("MANCALA_DATA", d);
    }
    c.output().expect("the binary runs")
}

/// A fresh directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tempdir(name: &str) -> TempDir {
    let p = std::env::temp_dir().join(format!("mancala-solver-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    TempDir(p)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_error(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert!(o.stdout.is_empty(), "nothing on stdout: {}", stdout(o));
    let err = stderr(o);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: ") && err.contains(needle), "{err}");
}

fn last_line(o: &Output) -> String {
    stdout(o).lines().last().unwrap_or_default().to_string()
}

#[test]
fn solve_without_a_database_says_how_to_build_it() {
    let dir = tempdir("nodb");
    let d = dir.path().to_str().unwrap();
    let o = mancala(&["solve", "modiar:seeds=2", "--data-dir", d], None);
    assert_error(&o, "mancala db build modiar:pits=3,seeds=2");
    let o = mancala(
        &[
            "solve",
            "mangala-ii",
            "--position",
            "0-0-0-0-0-0-0-0-0-0-1-1-34-36-S",
            "--data-dir",
            d,
        ],
        None,
    );
    assert_error(&o, "mancala db build mangala-ii --max-stones 2");
    // The command named builds where the databases are read: run as it is written, the
    // solve then answers.
    let o = mancala(&["solve", "modiar:pits=2,seeds=2", "--data-dir", d], None);
    let err = stderr(&o);
    let hint = err.split('`').nth(1).unwrap_or_default();
    assert!(hint.ends_with(&format!(" --data-dir {d}")), "{err}");
    let words: Vec<&str> = hint.split_whitespace().skip(1).collect();
    assert!(mancala(&words, None).status.success(), "{hint}");
    let o = mancala(&["solve", "modiar:pits=2,seeds=2", "--data-dir", d], None);
    assert!(o.status.success(), "{}", stderr(&o));
    // Read from the folder `MANCALA_DATA` names, the command needs no more.
    let o = mancala(&["solve", "modiar:seeds=2"], Some(dir.path()));
    let err = stderr(&o);
    assert!(!err.contains("--data-dir"), "{err}");
}

#[test]
fn a_hint_quotes_a_data_folder_the_shell_would_split() {
    let dir = tempdir("quoted");
    let data = dir.path().join("my 'data' $HOME");
    std::fs::create_dir_all(&data).unwrap();
    let d = data.to_str().unwrap();
    let o = mancala(&["solve", "modiar:pits=2,seeds=2", "--data-dir", d], None);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let hint = err.split('`').nth(1).unwrap_or_default();
    assert!(hint.ends_with("/my '\\''data'\\'' $HOME'"), "{err}");
    // The shell reads the command back as written: the levels land where solve reads them.
    let bin = env!("CARGO_BIN_EXE_mancala");
    let line = hint.replacen("mancala", &format!("'{bin}'"), 1);
    let o = Command::new("sh")
        .args(["-c", &line])
        .env_remove("MANCALA_DATA")
        .output()
        .unwrap();
    assert!(o.status.success(), "{line}: {}", stderr(&o));
    let o = mancala(&["solve", "modiar:pits=2,seeds=2", "--data-dir", d], None);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_search_of_kalah_without_its_databases_names_the_levels_to_build() {
    use std::io::{BufRead, BufReader};
    let dir = tempdir("hint-levels");
    let d = dir.path().to_str().unwrap();
    // Kalah(6,4)'s start: its level (48) is out of reach, so the note names the largest level
    // a build makes in minutes, before the search starts. The search is not waited for.
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["solve", "kalah", "--data-dir", d, "--table-mib", "16"])
        .env_remove("MANCALA_DATA")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(first.contains("level 48 "), "{first}");
    assert!(
        first.contains(&format!(
            "build them with `mancala db build kalah --max-stones 22 --data-dir {d}`"
        )),
        "{first}"
    );
}

#[test]
fn build_then_solve_with_json() {
    let dir = tempdir("build");
    let d = dir.path().to_str().unwrap();
    let o = mancala(&["db", "build", "modiar:seeds=2", "--data-dir", d], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(last_line(&o).contains("7 built"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("level  12"),
        "a line per level: {}",
        stderr(&o)
    );
    // Built levels are kept.
    let o = mancala(&["db", "build", "modiar:seeds=2", "--data-dir", d], None);
    assert!(
        last_line(&o).contains("0 built") && last_line(&o).contains("7 already built"),
        "{}",
        stdout(&o)
    );

    let o = mancala(
        &["solve", "modiar:seeds=2", "--json", "--data-dir", d],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
    let value = v["value"].as_i64().unwrap();
    let result = v["result"].as_str().unwrap();
    assert_eq!(
        result,
        if value > 0 {
            "win"
        } else if value < 0 {
            "loss"
        } else {
            "draw"
        }
    );
    let best = v["best"].as_str().unwrap();
    assert!(
        v["best_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == best)
    );
    assert_eq!(v["moves"][best].as_i64(), Some(value));
    assert!(
        v["moves"]
            .as_object()
            .unwrap()
            .values()
            .all(|x| x.as_i64().unwrap() <= value)
    );

    // The library gives the same answer, and the text form ends with it too.
    let rules = mancala_core::rules_for(&"modiar:seeds=2".parse().unwrap()).unwrap();
    let db = mancala_solver::Database::open(dir.path(), &rules).unwrap();
    assert_eq!(db.solve(&rules.start()).unwrap().value as i64, value);
    let o = mancala(&["solve", "modiar:seeds=2", "--data-dir", d], None);
    assert!(
        last_line(&o).starts_with(&format!("value {value:+} {result} best {best}")),
        "{}",
        stdout(&o)
    );

    let o = mancala(&["db", "info", "--data-dir", d], None);
    assert!(
        stdout(&o).contains("level-012.mdb") && last_line(&o).starts_with("7 database files"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn the_data_directory_comes_from_mancala_data() {
    let dir = tempdir("env");
    let o = mancala(
        &[
            "db",
            "build",
            "mangala-ii:pits=2,seeds=2",
            "--max-stones",
            "4",
        ],
        Some(dir.path()),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.path().join("mangala-ii-2x2/level-004.mdb").exists());
    let o = mancala(
        &[
            "solve",
            "mangala-ii:pits=2,seeds=2",
            "--position",
            "1-0-0-1-2-4-N",
            "--json",
        ],
        Some(dir.path()),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
    assert!(v["value"].is_i64());
    // A finished game has no best move.
    let o = mancala(
        &[
            "solve",
            "mangala-ii:pits=2,seeds=2",
            "--position",
            "0-0-0-0-4-4-S",
            "--json",
        ],
        Some(dir.path()),
    );
    let v: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
    assert_eq!(v["value"], 0);
    assert_eq!(v["result"], "draw");
    assert!(v["best"].is_null());
}

#[test]
fn bad_input_is_refused_with_exit_status_2() {
    let dir = tempdir("bad");
    let d = dir.path().to_str().unwrap();
    // A rules file the build cannot handle is refused, naming the rule.
    let oware = stdout(&mancala(&["rules", "oware", "--export"], None));
    for (from, to, rule) in [
        (
            "leftover = \"own-row\"",
            "leftover = \"nobody\"",
            "leftover = \"nobody\"",
        ),
        (
            "repetition = \"own-row\"",
            "repetition = \"ignore\"",
            "repetition = \"ignore\"",
        ),
    ] {
        assert!(oware.contains(from), "test bug: '{from}' not in the export");
        let file = dir
            .path()
            .join(format!("{rule}.toml").replace([' ', '"', '='], ""));
        std::fs::write(&file, oware.replacen(from, to, 1)).unwrap();
        let f = file.to_str().unwrap();
        let o = mancala(
            &["db", "build", "oware", "--rules", f, "--data-dir", d],
            None,
        );
        assert_error(&o, "cannot be solved");
        assert!(stderr(&o).contains(rule), "{}", stderr(&o));
        assert!(
            !dir.path()
                .read_dir()
                .unwrap()
                .flatten()
                .any(|e| e.path().is_dir()),
            "nothing built"
        );
    }
    assert_error(
        &mancala(
            &[
                "db",
                "build",
                "modiar",
                "--max-stones",
                "99",
                "--data-dir",
                d,
            ],
            None,
        ),
        "--max-stones 99",
    );
    assert_error(
        &mancala(&["db", "build", "nosuchgame", "--data-dir", d], None),
        "unknown game",
    );
    assert_error(
        &mancala(
            &["db", "build", "modiar", "--threads", "0", "--data-dir", d],
            None,
        ),
        "--threads",
    );
    assert_error(
        &mancala(
            &["solve", "modiar", "--position", "7-7-7", "--data-dir", d],
            None,
        ),
        "expected 9 fields",
    );
    assert_error(
        &mancala(
            &[
                "db",
                "build",
                "mangala-ii",
                "--max-stones",
                "20",
                "--memory-mib",
                "64",
                "--data-dir",
                d,
            ],
            None,
        ),
        "MiB",
    );
}

/// A level with bounds (Oware) needs four bytes and three bits a board, not Mangala II's two
/// bytes and a bit: Oware's level 16 (13,037,895 boards, about 54 MiB) is refused under 48 MiB
/// before anything is built, where two bytes a board (26 MiB) would have let it start.
#[test]
fn oware_levels_are_refused_by_their_own_memory_need() {
    let dir = tempdir("oware-memory");
    let d = dir.path().to_str().unwrap();
    let args = [
        "db",
        "build",
        "oware",
        "--max-stones",
        "16",
        "--memory-mib",
        "48",
    ];
    let o = mancala(&[&args[..], &["--data-dir", d]].concat(), None);
    assert_error(&o, "MiB");
    assert!(!dir.path().join("oware/level-000.mdb").exists());
    // A need just over the limit is rounded up, so that it reads as more than the limit.
    let o = mancala(
        &[
            "db",
            "build",
            "modiar",
            "--memory-mib",
            "1",
            "--data-dir",
            d,
        ],
        None,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    let need: u64 = err
        .split("needs about ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!(
        need > 1 && err.contains("more than the 1 MiB allowed"),
        "{err}"
    );
}

#[test]
fn a_damaged_file_is_reported_with_the_rebuild_command() {
    let dir = tempdir("damaged");
    let d = dir.path().to_str().unwrap();
    assert!(
        mancala(&["db", "build", "modiar:seeds=2", "--data-dir", d], None)
            .status
            .success()
    );
    let path = dir.path().join("modiar-3x2/level-012.mdb");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[70] ^= 0x40;
    std::fs::write(&path, bytes).unwrap();
    assert_error(
        &mancala(&["solve", "modiar:seeds=2", "--data-dir", d], None),
        "checksum",
    );
    let o = mancala(&["db", "build", "modiar:seeds=2", "--data-dir", d], None);
    assert!(
        o.status.success() && stderr(&o).contains("rebuilding"),
        "{}",
        stderr(&o)
    );
    assert!(
        mancala(&["solve", "modiar:seeds=2", "--data-dir", d], None)
            .status
            .success()
    );
}

#[test]
fn db_info_verify_reads_every_file_and_names_the_damaged_ones() {
    let dir = tempdir("verify");
    let d = dir.path().to_str().unwrap();
    assert!(
        mancala(&["db", "build", "modiar:seeds=2", "--data-dir", d], None)
            .status
            .success()
    );
    let o = mancala(&["db", "info", "--verify", "--data-dir", d], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(last_line(&o).ends_with("all sound"), "{}", stdout(&o));
    assert_eq!(stdout(&o).matches("  sound").count(), 7, "{}", stdout(&o));
    // A flipped bit deep in the data: the header still reads, so plain `info` does not see it.
    let path = dir.path().join("modiar-3x2/level-012.mdb");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[70] ^= 0x40;
    std::fs::write(&path, bytes).unwrap();
    assert!(
        mancala(&["db", "info", "--data-dir", d], None)
            .status
            .success()
    );
    let o = mancala(&["db", "info", "--verify", "--data-dir", d], None);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    let bad: Vec<&str> = out.lines().filter(|l| l.contains("DAMAGED")).collect();
    assert_eq!(bad.len(), 1, "{out}");
    assert!(
        bad[0].contains("level-012.mdb") && bad[0].contains("checksum"),
        "{out}"
    );
    assert!(last_line(&o).contains("1 damaged"), "{out}");
    // A file cut short is damaged too.
    let path = dir.path().join("modiar-3x2/level-010.mdb");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    let o = mancala(&["db", "info", "--verify", "--data-dir", d], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("truncated"), "{}", stdout(&o));
    assert!(last_line(&o).contains("2 damaged"), "{}", stdout(&o));
    // The build mends both, and verification passes again.
    assert!(
        mancala(&["db", "build", "modiar:seeds=2", "--data-dir", d], None)
            .status
            .success()
    );
    let o = mancala(&["db", "info", "--verify", "--data-dir", d], None);
    assert!(o.status.success(), "{}", stdout(&o));
}

/// `--threads` is capped like the searches' (10000 threads took minutes on a tiny board), and a
/// memory limit whose bytes overflow 64 bits is refused instead of becoming "0 MiB allowed".
#[test]
fn db_build_bounds_threads_and_memory() {
    let dir = tempdir("bounds");
    let d = dir.path().to_str().unwrap();
    for (flag, value) in [
        ("--threads", "10000"),
        ("--threads", "257"),
        ("--memory-mib", "17592186044416"),
        ("--memory-mib", "0"),
    ] {
        let o = mancala(
            &[
                "db",
                "build",
                "modiar:seeds=2",
                flag,
                value,
                "--data-dir",
                d,
            ],
            None,
        );
        assert_error(&o, flag);
        assert!(stderr(&o).contains(value), "{}", stderr(&o));
    }
    assert!(!dir.path().join("modiar-3x2").exists());
    let o = mancala(
        &[
            "db",
            "build",
            "modiar:seeds=2",
            "--threads",
            "256",
            "--memory-mib",
            "64",
            "--max-stones",
            "4",
            "--data-dir",
            d,
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn db_build_mpi_flags() {
    let dir = tempdir("mpi-flags");
    let d = dir.path().to_str().unwrap();
    // The checkpoint and time-limit flags are the MPI build's.
    for flag in ["--checkpoint-secs", "--time-limit"] {
        let o = mancala(
            &["db", "build", "modiar:seeds=2", flag, "5", "--data-dir", d],
            None,
        );
        assert_error(&o, "--mpi");
    }
    assert!(!dir.path().join("modiar-3x2").exists());
    let o = mancala(
        &[
            "db",
            "build",
            "modiar:seeds=2",
            "--max-stones",
            "6",
            "--mpi",
            "--data-dir",
            d,
        ],
        None,
    );
    if cfg!(feature = "mpi") {
        // Started without mpirun, the command is a job of one rank.
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            last_line(&o).contains("4 built by 1 rank "),
            "{}",
            stdout(&o)
        );
    } else {
        assert_error(&o, "--features mpi");
    }
}

/// `db info --verify` checks each file as `solve` does before using it: against the level of
/// its name and the game of its directory, not only its own checksums. A level file copied
/// over another's name, or one of another game given a fresh header checksum, is damaged; a
/// directory in place of a level file is named as such; a data directory that does not exist
/// is an error.
#[test]
fn db_info_verify_checks_each_file_against_its_name_and_game() {
    let dir = tempdir("places");
    let d = dir.path().to_str().unwrap();
    for game in ["modiar:seeds=2", "mangala-ii:pits=2,seeds=2"] {
        let o = mancala(&["db", "build", game, "--data-dir", d], None);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let o = mancala(&["db", "info", "--verify", "--data-dir", d], None);
    assert!(last_line(&o).ends_with("all sound"), "{}", stdout(&o));
    let modiar = dir.path().join("modiar-3x2");
    let position = "2-2-2-0-2-2-2-0-N";
    let solved = mancala(
        &[
            "solve",
            "modiar:seeds=2",
            "--position",
            position,
            "--data-dir",
            d,
        ],
        None,
    );
    assert!(solved.status.success(), "{}", stderr(&solved));
    // Level 10 copied over level 8's name (sound on its own).
    std::fs::copy(modiar.join("level-010.mdb"), modiar.join("level-008.mdb")).unwrap();
    // Another game's level 4 given Modiar's id, with its header checksum made right again.
    let mut bytes = std::fs::read(dir.path().join("mangala-ii-2x2/level-004.mdb")).unwrap();
    bytes[12..28].fill(0);
    bytes[12..18].copy_from_slice(b"modiar");
    let crc = crc32(&bytes[0..52]);
    bytes[52..56].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(modiar.join("level-004.mdb"), &bytes).unwrap();
    // A directory where level 6 should be.
    std::fs::remove_file(modiar.join("level-006.mdb")).unwrap();
    std::fs::create_dir(modiar.join("level-006.mdb")).unwrap();
    let o = mancala(&["db", "info", "--verify", "--data-dir", d], None);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    let line = |name: &str| {
        out.lines()
            .find(|l| l.contains(&format!("modiar-3x2/{name}")))
            .unwrap_or_else(|| panic!("no line for {name}: {out}"))
            .to_string()
    };
    assert!(
        line("level-008.mdb").contains("DAMAGED: holds level 10, expected level 8"),
        "{out}"
    );
    assert!(
        line("level-004.mdb").contains("DAMAGED: was built for other rules"),
        "{out}"
    );
    assert!(
        line("level-006.mdb").contains("is a directory, not a regular file"),
        "{out}"
    );
    assert!(last_line(&o).contains("3 damaged"), "{out}");
    // `solve` refuses the same files.
    for (pos, file) in [
        (
            "2-0-0-0-2-0-4-4-S",
            "level-004.mdb was built for other rules",
        ),
        (
            "2-2-0-0-2-0-4-2-S",
            "level-006.mdb is a directory, not a regular file",
        ),
        (
            "2-2-2-0-2-0-2-2-S",
            "level-008.mdb holds level 10, expected level 8",
        ),
    ] {
        let o = mancala(
            &[
                "solve",
                "modiar:seeds=2",
                "--position",
                pos,
                "--data-dir",
                d,
            ],
            None,
        );
        assert_error(&o, file);
    }
    // No such data directory: an error, not an empty listing.
    let gone = dir.path().join("nothing-here");
    let o = mancala(&["db", "info", "--data-dir", gone.to_str().unwrap()], None);
    assert_error(&o, "does not exist");
}

/// `mancala best` with a damaged level searches instead, and says so: one line on stderr and
/// the level in the JSON.
#[test]
fn best_warns_when_a_database_level_is_damaged() {
    let dir = tempdir("best-damaged");
    let d = dir.path().to_str().unwrap();
    let o = mancala(&["db", "build", "modiar:seeds=2", "--data-dir", d], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let best = |d: &str| {
        mancala(
            &[
                "best",
                "modiar:seeds=2",
                "--position",
                "2-1-1-0-2-2-2-2-S",
                "--depth",
                "4",
                "--json",
                "--data-dir",
                d,
            ],
            None,
        )
    };
    let o = best(d);
    assert!(o.status.success() && o.stderr.is_empty(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
    assert_eq!(v["damaged_levels"], serde_json::json!([]));
    let path = dir.path().join("modiar-3x2/level-008.mdb");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let o = best(d);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(
        err.starts_with("warning: ") && err.contains("level 8") && err.contains("mancala db build"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
    assert_eq!(v["damaged_levels"], serde_json::json!([8]));
    assert!(v["best"].is_string());
}

/// CRC-32 (IEEE), as the level files' headers use it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// Kalah and Oware from their rules: built, solved (the values through `solve`, its moves'
/// values through the extra turn's side), the files verified; Oware's values that depend on
/// where a repetition closes answered as not exact.
#[test]
fn kalah_and_oware_build_solve_and_verify() {
    let dir = tempdir("classics");
    let d = dir.path().to_str().unwrap();
    let o = mancala(
        &["db", "build", "kalah:pits=3,seeds=2", "--data-dir", d],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(last_line(&o).contains("13 built"), "{}", stdout(&o));
    let o = mancala(
        &["solve", "kalah:pits=3,seeds=2", "--json", "--data-dir", d],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
    let value = v["value"].as_i64().unwrap();
    let moves = v["moves"].as_object().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(
        moves.values().map(|x| x.as_i64().unwrap()).max(),
        Some(value)
    );
    // B ends in the store and moves again: its value is the value of South's next move.
    let o = mancala(
        &[
            "solve",
            "kalah:pits=3,seeds=2",
            "--position",
            "2-0-3-2-2-2-1-0-S",
            "--json",
            "--data-dir",
            d,
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let after: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
    assert_eq!(after["value"], v["moves"]["B"]);

    let o = mancala(
        &["db", "build", "oware:pits=3,seeds=2", "--data-dir", d],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("values not exact"), "{}", stderr(&o));
    // The start position: exact or refused as not exact, never a wrong value.
    let o = mancala(&["solve", "oware:pits=3,seeds=2", "--data-dir", d], None);
    if !o.status.success() {
        assert_error(&o, "not exact");
    }
    // A board whose two single seeds chase each other round the board: every line ends in a
    // repetition, whose worth depends on where it closes.
    let o = mancala(
        &[
            "solve",
            "oware:pits=3,seeds=2",
            "--position",
            "1-0-0-1-0-0-5-5-S",
            "--data-dir",
            d,
        ],
        None,
    );
    assert_error(&o, "not exact");
    let o = mancala(&["db", "info", "--verify", "--data-dir", d], None);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(
        last_line(&o).starts_with("26 database files"),
        "{}",
        stdout(&o)
    );
    // The table of Oware's small sizes lists the starts whose value is not exact apart.
    let o = mancala(
        &[
            "solve",
            "--table",
            "oware",
            "--max-boards",
            "100",
            "--threads",
            "1",
            "--json",
            "--data-dir",
            d,
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // --threads sizes the table's builds, and only theirs.
    let refused = mancala(&["solve", "oware", "--threads", "2", "--data-dir", d], None);
    assert_error(&refused, "--table");
    let v: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
    let names = |key: &str, field: Option<&str>| -> Vec<String> {
        v[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| field.map_or(x, |f| &x[f]).as_str().unwrap().to_string())
            .collect()
    };
    let not_exact = names("not_exact", None);
    assert!(
        not_exact.contains(&"oware:pits=1,seeds=1".to_string()),
        "{v}"
    );
    assert!(
        names("sizes", Some("game"))
            .iter()
            .all(|g| !not_exact.contains(g)),
        "{v}"
    );
}

#[test]
fn kalah_is_searched_where_its_levels_are_not_built() {
    let dir = tempdir("search");
    let d = dir.path().to_str().unwrap();
    let spec = "kalah:pits=3,seeds=3";
    let json = |args: &[&str]| {
        let o = mancala(args, None);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&last_line(&o)).unwrap()
    };
    // No database at all: the search goes to the ends of the game, and says so, and how to
    // build the databases that hold the position.
    let o = mancala(&["solve", spec, "--data-dir", d], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("is not built"), "{err}");
    assert!(last_line(&o).starts_with("value "), "{}", stdout(&o));
    let hint = err.split('`').nth(1).unwrap_or_default();
    assert_eq!(
        hint,
        format!("mancala db build {spec} --data-dir {d}"),
        "{err}"
    );
    let searched = json(&["solve", spec, "--json", "-q", "--data-dir", d]);
    assert_eq!(searched["search"]["db_level"], serde_json::Value::Null);
    assert!(searched["search"]["nodes"].as_u64().unwrap() > 0);
    // The databases of every level, built by the command named: the same value and best
    // moves read from them.
    let words: Vec<&str> = hint.split_whitespace().skip(1).collect();
    let o = mancala(&words, None);
    assert!(o.status.success(), "{}", stderr(&o));
    let read = json(&["solve", spec, "--json", "--data-dir", d]);
    assert!(read.get("search").is_none(), "read, not searched: {read}");
    for args in [
        &["--search"][..],
        &["--max-level", "8"],
        &["--max-level", "0", "--every-move"],
    ] {
        let mut all = vec!["solve", spec, "--json", "-q", "--data-dir", d];
        all.extend_from_slice(args);
        let got = json(&all);
        assert_eq!(got["value"], read["value"], "{args:?}");
        assert_eq!(got["best_moves"], read["best_moves"], "{args:?}");
        assert!(got["search"]["nodes"].as_u64().unwrap() > 0, "{args:?}");
        if args.contains(&"--every-move") {
            assert_eq!(got["moves"], read["moves"], "{args:?}");
        }
        for (m, v) in got["moves_at_most"].as_object().unwrap() {
            let exact = read["moves"][m].as_i64().unwrap();
            assert!(exact <= v.as_i64().unwrap() && exact < read["value"].as_i64().unwrap());
        }
    }
    let levels = json(&[
        "solve",
        spec,
        "--json",
        "-q",
        "--max-level",
        "8",
        "--data-dir",
        d,
    ]);
    assert_eq!(levels["search"]["db_level"], 8);
    // The levels of the same game with other seeds a pit serve; those of another board do not.
    let other = json(&[
        "solve",
        "kalah:pits=3,seeds=2",
        "--levels-from",
        spec,
        "--json",
        "-q",
        "--data-dir",
        d,
    ]);
    let o = mancala(
        &["db", "build", "kalah:pits=3,seeds=2", "--data-dir", d],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let own = json(&["solve", "kalah:pits=3,seeds=2", "--json", "--data-dir", d]);
    assert_eq!(other["value"], own["value"]);
    assert_eq!(other["best_moves"], own["best_moves"]);
    assert_eq!(other["search"]["db_level"], 12);
    let o = mancala(
        &[
            "solve",
            spec,
            "--levels-from",
            "kalah:pits=4,seeds=2",
            "--data-dir",
            d,
        ],
        None,
    );
    assert_error(&o, "cannot serve");
    // A table larger than any machine's memory is refused, before anything is searched.
    let o = mancala(
        &[
            "solve",
            spec,
            "--search",
            "--table-mib",
            "1048576",
            "--data-dir",
            d,
        ],
        None,
    );
    assert_error(&o, "--table-mib");
    // A game whose moves go round in circles is not searched.
    let o = mancala(
        &["solve", "modiar:seeds=2", "--search", "--data-dir", d],
        None,
    );
    assert_error(&o, "only stores games");
}
