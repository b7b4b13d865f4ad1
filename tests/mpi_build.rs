//! `mpirun -n P mancala db build ... --mpi` (a build with `--features mpi`, Open MPI's
//! `mpirun` on the PATH): for P = 1, 2 and 3 (oversubscribed on a small machine), Mangala II
//! to 18 stones, the whole of Modiar and Oware (levels with bounds) to 12 seeds and a small one
//! whole are the files of the one-machine build, byte for byte;
//! and a job whose rank is killed mid-level resumes, with another number of ranks, from the
//! level's checkpoint to the same files; and jobs with a time limit stop at a checkpoint, each
//! going one step further, to the same files; a small Kalah (stores and extra turns) too. Oware
//! resumes as well, from checkpoints of each board's word.
#![cfg(feature = "mpi")]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The jobs of this file run one at a time: each uses every core.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn tempdir(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("mancala-mpi-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    p
}

fn build_args(c: &mut Command, game: &str, max: Option<&str>, dir: &Path) {
    c.args(["db", "build", game]);
    if let Some(m) = max {
        c.args(["--max-stones", m]);
    }
    c.arg("--data-dir").arg(dir).env_remove("MANCALA_DATA");
}

/// `mpirun -n ranks mancala db build game ... --mpi`.
fn mpirun(ranks: usize, game: &str, max: Option<&str>, dir: &Path, extra: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["-n", &ranks.to_string(), "--oversubscribe"])
        // mpirun refuses to start as root unless told; CI runs as root.
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .arg(env!("CARGO_BIN_EXE_mancala"));
    build_args(&mut c, game, max, dir);
    c.arg("--mpi").args(extra);
    c
}

fn run(mut c: Command) -> Output {
    let out = c
        .output()
        .expect("mpirun (Open MPI) is installed: apt-get install openmpi-bin");
    assert!(
        out.status.success(),
        "{c:?} failed: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The one directory a build made in `dir`: its database's (named after the game and board).
fn game_dir(dir: &Path) -> PathBuf {
    let subs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(subs.len(), 1, "one database directory in {}", dir.display());
    subs.into_iter().next().unwrap()
}

/// The level files of the one-machine build of `game` up to `max`, made once per build.
fn reference(game: &str, max: Option<&str>) -> BTreeMap<String, Vec<u8>> {
    type Builds = BTreeMap<(String, Option<String>), BTreeMap<String, Vec<u8>>>;
    static BUILT: Mutex<Builds> = Mutex::new(BTreeMap::new());
    let key = (game.to_string(), max.map(String::from));
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    built
        .entry(key)
        .or_insert_with(|| {
            let dir = tempdir(&format!("reference-{game}-{}", max.unwrap_or("all")));
            let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
            build_args(&mut c, game, max, &dir);
            run(c);
            let files = common::level_files(&game_dir(&dir));
            let _ = std::fs::remove_dir_all(&dir);
            files
        })
        .clone()
}

/// Checks that the database a job built in `dir` holds the one-machine build's files, and no
/// checkpoint is left.
fn same_files(game: &str, max: Option<&str>, dir: &Path) {
    let want = reference(game, max);
    let db = game_dir(dir);
    let got = common::level_files(&db);
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>(),
        "{game}: the level files"
    );
    for (name, bytes) in &want {
        assert!(
            got[name] == *bytes,
            "{game} {name}: not the one-machine build's bytes"
        );
    }
    let left: Vec<_> = std::fs::read_dir(&db)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".ckpt"))
        .collect();
    assert!(left.is_empty(), "{game}: checkpoints left: {left:?}");
}

#[test]
fn one_two_and_three_ranks_write_the_one_machine_files() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Oware's levels hold bounds (its own-row repetition): a small Oware whole, and Oware
    // itself to 12 seeds (safety cores at every level from 2 on); Kalah has stores and extra
    // turns.
    for (game, max) in [
        ("mangala-ii", Some("18")),
        ("modiar", None),
        ("oware:pits=3,seeds=2", None),
        ("oware", Some("12")),
        ("kalah:pits=3,seeds=2", None),
    ] {
        reference(game, max);
        for ranks in 1..=3 {
            let dir = tempdir(&format!("{game}-{ranks}"));
            let out = run(mpirun(ranks, game, max, &dir, &[]));
            let stdout = String::from_utf8_lossy(&out.stdout);
            let by = if ranks == 1 {
                "by 1 rank ".to_string()
            } else {
                format!("by {ranks} ranks ")
            };
            assert!(stdout.contains(&by), "{stdout}");
            same_files(game, max, &dir);
            // More than one rank sends values between them, and says how much.
            let stderr = String::from_utf8_lossy(&out.stderr);
            if ranks > 1 {
                assert!(
                    stderr.contains(&format!("bytes sent between {ranks} ranks")),
                    "{stderr}"
                );
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// Starts a 2-rank job building `game` to `max` with a checkpoint after every step, kills one
/// of its ranks (SIGKILL) as soon as level `level`'s first checkpoint exists, and starts the
/// same command with three ranks: it keeps the levels below (`kept`: the line saying the one
/// below is already built), resumes `level` from the checkpoint and writes the one-machine
/// files.
fn killed_at_a_checkpoint_resumes(game: &str, max: &str, level: u32, kept: &str) {
    let max = Some(max);
    reference(game, max);
    let dir = tempdir(&format!("killed-{game}"));
    let ckpt = dir.join(game).join(format!("level-{level:03}.ckpt"));
    let mut job = mpirun(2, game, max, &dir, &["--checkpoint-secs", "0"]);
    let mut child = job
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("mpirun (Open MPI) is installed");
    let t0 = Instant::now();
    while !ckpt.exists() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "{game}: the job ended before level {level} was checkpointed"
        );
        assert!(
            t0.elapsed() < Duration::from_secs(600),
            "{game}: no checkpoint of level {level}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let pattern = format!("--data-dir {} --mpi", dir.display());
    let pids = String::from_utf8(
        Command::new("pgrep")
            .args(["-f", "--", &pattern])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let rank = pids
        .split_whitespace()
        .filter(|p| p.parse::<u32>().ok() != Some(child.id()))
        .max_by_key(|p| p.parse::<u32>().unwrap())
        .expect("a rank of the job")
        .to_string();
    assert!(
        Command::new("kill")
            .args(["-KILL", &rank])
            .status()
            .unwrap()
            .success()
    );
    let status = child.wait().unwrap();
    assert!(!status.success(), "{game}: the job goes down with its rank");
    assert!(ckpt.exists(), "{game}: the checkpoint survives the kill");
    assert!(
        !dir.join(game)
            .join(format!("level-{level:03}.mdb"))
            .exists()
    );
    // Started again, with three ranks: the level resumes from its checkpoint.
    let out = run(mpirun(3, game, max, &dir, &[]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("level {level:>3}: resumed from its checkpoint")),
        "{stderr}"
    );
    assert!(stderr.contains(kept), "{stderr}");
    same_files(game, max, &dir);
    assert!(
        !ckpt.exists(),
        "{game}: a finished level leaves no checkpoint"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Mangala II, and Oware, whose checkpoints hold each board's word (its levels hold bounds).
#[test]
fn a_job_whose_rank_is_killed_mid_level_resumes_from_the_checkpoint() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    killed_at_a_checkpoint_resumes(
        "mangala-ii",
        "18",
        18,
        "level  16: 13037895 boards, already built",
    );
    killed_at_a_checkpoint_resumes(
        "oware",
        "14",
        14,
        "level  13: 2496144 boards, already built",
    );
}

#[test]
fn an_error_on_rank_0_is_said_once_and_ends_every_rank() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempdir("not-a-directory");
    let file = dir.join("file");
    std::fs::write(&file, "not a directory").unwrap();
    let out = mpirun(2, "modiar:seeds=2", None, &file, &[])
        .output()
        .expect("mpirun (Open MPI) is installed");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("error: "))
        .collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(errors[0].contains(&*file.to_string_lossy()), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Jobs of 2 ranks building the whole of `game` with a checkpoint after every step and a time
/// limit of 0 s, started until one ends: each stops at its first checkpoint, one step further
/// than the last, and the last writes the one-machine files. Returns the stops.
fn stops_until_done(game: &str, levels: &str) -> u32 {
    reference(game, None);
    let dir = tempdir(&format!("time-limit-{game}"));
    let extra = ["--checkpoint-secs", "0", "--time-limit", "0"];
    let mut stops = 0;
    loop {
        let out = run(mpirun(2, game, None, &dir, &extra));
        let stdout = String::from_utf8_lossy(&out.stdout);
        if stdout.contains("stopped at the time limit") {
            assert!(
                stdout.contains("run the same command again to resume"),
                "{stdout}"
            );
            stops += 1;
            assert!(stops < 200, "the jobs make no progress: {stdout}");
            continue;
        }
        assert!(stdout.contains(levels), "{stdout}");
        break;
    }
    same_files(game, None, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    stops
}

#[test]
fn a_job_with_a_time_limit_stops_at_a_checkpoint_and_the_next_goes_on() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Mangala II 3×2: levels 0-12, the even ones, each with a forward pass and thresholds.
    let stops = stops_until_done("mangala-ii:pits=3,seeds=2", "levels 0-12");
    assert!(stops > 6, "{stops} stops: one a level at least");
    // Oware 3×2 (bounds): level b stops b times (after the forward pass and thresholds b..2).
    let stops = stops_until_done("oware:pits=3,seeds=2", "levels 0-12");
    assert_eq!(stops, (1..=12).sum::<u32>());
}
