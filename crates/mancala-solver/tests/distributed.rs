//! The distributed build's method in one process ([`Single`]): the same files as the
//! one-machine build, resumption from checkpoints at every step, damaged checkpoints ignored,
//! and the block split. Several ranks over MPI are tested by the binary's `tests/mpi_build.rs`.

mod rulesets;

use mancala_core::{GameSpec, Rules, rules_for};
use mancala_solver::dist::{Blocks, DistOptions, Single};
use mancala_solver::{BuildProgress, Database, LevelStats};
use std::path::Path;
use std::sync::Mutex;

fn rules(spec: &str) -> Rules {
    rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

/// The level files of `db`, name and bytes.
fn files(db: &Database) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(db.dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mdb"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// A checkpoint after every step, and a stop at each.
fn stop_at_every_checkpoint() -> DistOptions {
    DistOptions {
        checkpoint_secs: 0.0,
        stop_after_secs: Some(0.0),
    }
}

fn reference(dir: &Path, spec: &str, max: u32) -> Vec<(String, Vec<u8>)> {
    let db = Database::open(dir, &rules(spec)).unwrap();
    db.build(max, None, &()).unwrap();
    files(&db)
}

#[test]
fn blocks_cover_every_index_once_with_its_owner() {
    for (n, p) in [
        (1u64, 3usize),
        (7, 2),
        (12376, 3),
        (1 << 40, 7),
        (5, 5),
        (3, 8),
    ] {
        let b = Blocks::new(n, p);
        let mut next = 0;
        for r in 0..p {
            let range = b.range(r);
            assert_eq!(range.start, next, "n {n} p {p} rank {r}");
            next = range.end;
            for i in [range.start, range.end.saturating_sub(1)] {
                if range.contains(&i) {
                    assert_eq!(b.owner(i), r, "n {n} p {p} index {i}");
                }
            }
        }
        assert_eq!(next, n);
    }
}

/// Levels with bounds (Oware's own-row repetition): the same files and counts, and a build
/// stopped at every checkpoint (each board's word after the forward pass and each threshold)
/// and resumed each time ends with the same files.
#[test]
fn one_rank_writes_oware_s_bounds_as_the_one_machine_build() {
    for (spec, max) in [("oware:pits=3,seeds=2", 12), ("oware", 9)] {
        let dir = tempfile::tempdir().unwrap();
        let local = Database::open(dir.path(), &rules(spec)).unwrap();
        let want = local.build(max, None, &()).unwrap();
        let want_files = files(&local);
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path(), &rules(spec)).unwrap();
        let r = db
            .build_distributed(&Single, max, None, &(), &DistOptions::default())
            .unwrap();
        assert!(r.stopped.is_none() && r.resumed.is_empty());
        assert_eq!(r.build.stats, want.stats, "{spec}");
        assert!(want.stats.iter().any(|(_, s)| s.undecided > 0), "{spec}");
        assert_eq!(files(&db), want_files, "{spec}");
        // A checkpoint after every step and a stop at each: the forward pass and every
        // threshold but the last of each level, then the level's file.
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path(), &rules(spec)).unwrap();
        let (mut calls, mut resumed) = (0u32, 0);
        loop {
            calls += 1;
            let r = db
                .build_distributed(&Single, max, None, &(), &stop_at_every_checkpoint())
                .unwrap();
            if let Some(&(b, step)) = r.resumed.first() {
                resumed += 1;
                assert!((2..=b + 1).contains(&step), "{spec}: resumed at {b} {step}");
            }
            if r.stopped.is_none() {
                break;
            }
        }
        // Level b stops b times (after the forward pass and thresholds b..2); the call after
        // its last stop writes it (threshold 1) and goes on to the next level.
        let stops: u32 = want.built.iter().map(|&(b, _, _)| b).sum();
        assert_eq!(calls, stops + 1, "{spec}");
        assert!(resumed > 0, "{spec}");
        assert_eq!(files(&db), want_files, "{spec}");
    }
}

/// The distributed build in one process writes the one-machine build's files, byte for byte,
/// and reports its counts, for rulesets drawn at random over the rules space (both of its
/// builds: with bounds where the repetition gives each player his own row).
#[test]
fn one_rank_writes_the_files_of_the_one_machine_build_for_random_rulesets() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(30);
    for draw in 0..24 {
        let r = rulesets::random_ruleset(&mut rng, draw);
        let what = format!("{r:?}");
        let rules = Rules::new(r.clone()).unwrap();
        let max = r.total_seeds();
        let dir = tempfile::tempdir().unwrap();
        let local = Database::open(dir.path(), &rules).unwrap();
        let want = local.build(max, None, &()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path(), &rules).unwrap();
        let got = db
            .build_distributed(&Single, max, None, &(), &DistOptions::default())
            .unwrap();
        assert_eq!(got.build.stats, want.stats, "{what}");
        assert_eq!(files(&db), files(&local), "{what}");
        assert!(!files(&db).is_empty(), "{what}");
    }
}

#[test]
fn one_rank_writes_the_files_of_the_one_machine_build() {
    for (spec, max) in [("modiar:seeds=3", 18), ("mangala-ii", 12)] {
        let want = reference(tempfile::tempdir().unwrap().path(), spec, max);
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path(), &rules(spec)).unwrap();
        let r = db
            .build_distributed(&Single, max, None, &(), &DistOptions::default())
            .unwrap();
        assert_eq!(r.build.built.len(), want.len(), "{spec}");
        assert!(r.stopped.is_none() && r.resumed.is_empty());
        // One rank sends nothing to others.
        assert!(r.traffic.iter().all(|&(_, bytes)| bytes == 0));
        assert_eq!(files(&db), want, "{spec}");
    }
}

#[test]
fn a_build_stopped_at_every_checkpoint_resumes_to_the_same_files() {
    let (spec, max) = ("mangala-ii", 10);
    let want = reference(tempfile::tempdir().unwrap().path(), spec, max);
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &rules(spec)).unwrap();
    let options = stop_at_every_checkpoint();
    let (mut stops, mut resumes) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        let before: Vec<u32> = db
            .game()
            .levels(max)
            .filter(|&b| db.level_path(b).exists())
            .collect();
        let progress = Recorded::default();
        let r = db
            .build_distributed(&Single, max, None, &progress, &options)
            .unwrap();
        // A resumed level's bar starts where the checkpoint left it and still ends at its
        // total; the level a stop leaves unfinished has no end yet.
        progress.check_levels("resumed build", r.stopped.is_some());
        assert_eq!(*progress.kept.lock().unwrap(), before, "levels kept");
        resumes.extend(r.resumed.iter().copied());
        match r.stopped {
            Some(at) => {
                assert!(db.checkpoint_path(at.0).exists(), "{at:?}");
                stops.push(at);
            }
            None => break,
        }
    }
    // Every level with a threshold before its last stops after its forward pass and after
    // each threshold but the last, and resumes from each of those.
    let expected: Vec<(u32, u32)> = (2..=max)
        .step_by(2)
        .flat_map(|b| (b / 2 + 2..=b + 1).rev().map(move |t| (b, t)))
        .collect();
    assert_eq!(stops, expected);
    assert_eq!(resumes, expected);
    assert_eq!(files(&db), want);
    // Finished levels leave no checkpoint behind.
    for b in (0..=max).step_by(2) {
        assert!(!db.checkpoint_path(b).exists(), "level {b}");
    }
}

/// Mangala II's checkpoint (exits and states) and Oware's (each board's word).
#[test]
fn a_damaged_checkpoint_is_not_used() {
    for (spec, max) in [("mangala-ii", 8), ("oware", 8)] {
        let want = reference(tempfile::tempdir().unwrap().path(), spec, max);
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path(), &rules(spec)).unwrap();
        let stop = stop_at_every_checkpoint();
        // Stop in level 8, after its forward pass.
        loop {
            let r = db
                .build_distributed(&Single, max, None, &(), &stop)
                .unwrap();
            if r.stopped.is_some_and(|(b, _)| b == max) {
                break;
            }
        }
        let path = db.checkpoint_path(max);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        let r = db
            .build_distributed(&Single, max, None, &(), &DistOptions::default())
            .unwrap();
        assert!(r.resumed.is_empty(), "{spec}: {:?}", r.resumed);
        assert_eq!(
            r.build.built.iter().map(|b| b.0).collect::<Vec<_>>(),
            vec![max],
            "{spec}"
        );
        assert_eq!(files(&db), want, "{spec}");
        assert!(!path.exists(), "{spec}");
    }
}

#[test]
fn a_level_too_big_for_the_memory_allowed_is_refused_before_any_work() {
    // Oware's level 12 (1,352,078 boards) needs four bytes and four bits a board with bounds,
    // and two bytes a board of the levels below (as many boards): about 8.8 MB on one rank
    // (a byte a board below and two bytes and a bit for the level would be under 6 MiB).
    for (spec, limit) in [("mangala-ii", 1 << 20), ("oware", 6 << 20)] {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path(), &rules(spec)).unwrap();
        let err = db
            .build_distributed(&Single, 12, Some(limit), &(), &DistOptions::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("level 12") && err.contains("per rank"),
            "{err}"
        );
        assert!(!db.level_path(0).exists());
        // Two ranks hold half of it each.
        let one = db.rank_memory(12, 1);
        assert!(db.rank_memory(12, 2) <= one.div_ceil(2) + 64, "{spec}");
    }
}

/// A level's progress: the level, its work units (done, total) as they advanced, and whether
/// it was reported built.
type LevelSteps = (u32, Vec<(u64, u64)>, bool);

/// The progress a build reports: each level's work units as they advance.
#[derive(Default)]
struct Recorded {
    levels: Mutex<Vec<LevelSteps>>,
    kept: Mutex<Vec<u32>>,
}

impl BuildProgress for Recorded {
    fn start(&self, level: u32, _boards: u64) {
        self.levels.lock().unwrap().push((level, Vec::new(), false));
    }
    fn advance(&self, done: u64, total: u64) {
        let mut levels = self.levels.lock().unwrap();
        levels
            .last_mut()
            .expect("advance after start")
            .1
            .push((done, total));
    }
    fn done(&self, level: u32, _boards: u64, stats: Option<&LevelStats>, _seconds: f64) {
        if stats.is_none() {
            // A level kept from an earlier build: no bar, no work.
            self.kept.lock().unwrap().push(level);
            return;
        }
        let mut levels = self.levels.lock().unwrap();
        let last = levels.last_mut().expect("done after start");
        assert_eq!(last.0, level);
        last.2 = true;
    }
}

impl Recorded {
    /// Checks that every level built went up to its total, never back and never past it.
    fn check(&self, what: &str) {
        assert!(
            !self.levels.lock().unwrap().is_empty(),
            "{what}: no level reported"
        );
        self.check_levels(what, false);
    }

    /// As `check`, but the last level started may be unfinished (`stopped`): it need not
    /// reach its total, and has no summary.
    fn check_levels(&self, what: &str, stopped: bool) {
        let levels = self.levels.lock().unwrap();
        let finished = levels.len() - usize::from(stopped && !levels.is_empty());
        for (i, (level, steps, built)) in levels.iter().enumerate() {
            let Some(&(end, total)) = steps.last() else {
                assert!(i >= finished, "{what}: level {level} reported no progress");
                continue;
            };
            if i < finished {
                assert!(built, "{what}: level {level} has no summary");
                assert_eq!(
                    end, total,
                    "{what}: level {level} ended at {end} of {total}"
                );
            } else {
                assert!(!built, "{what}: level {level} stopped but summed up");
            }
            for w in steps.windows(2) {
                assert!(w[0].0 <= w[1].0, "{what}: level {level} went back: {w:?}");
            }
            assert!(
                steps.iter().all(|&(d, t)| d <= t && t == total),
                "{what}: level {level}"
            );
        }
    }
}

#[test]
fn both_builds_bring_every_level_to_its_end() {
    let spec = "mangala-ii:pits=3,seeds=3";
    let one = Recorded::default();
    let dir = tempfile::tempdir().unwrap();
    Database::open(dir.path(), &rules(spec))
        .unwrap()
        .build(18, None, &one)
        .unwrap();
    one.check("one machine");
    let dist = Recorded::default();
    let dir = tempfile::tempdir().unwrap();
    Database::open(dir.path(), &rules(spec))
        .unwrap()
        .build_distributed(&Single, 18, None, &dist, &DistOptions::default())
        .unwrap();
    dist.check("distributed");
}

#[test]
fn a_checkpoint_that_cannot_be_written_stops_the_build_and_loses_nothing() {
    let spec = "mangala-ii";
    let want = reference(tempfile::tempdir().unwrap().path(), spec, 10);
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &rules(spec)).unwrap();
    // A directory where level 6's checkpoint goes: writing it fails.
    let ckpt = db.checkpoint_path(6);
    std::fs::create_dir_all(ckpt.join("in-the-way")).unwrap();
    let every = DistOptions {
        checkpoint_secs: 0.0,
        stop_after_secs: None,
    };
    let err = db
        .build_distributed(&Single, 10, None, &(), &every)
        .expect_err("the checkpoint cannot be written")
        .to_string();
    assert!(err.contains(&*ckpt.to_string_lossy()), "{err}");
    // Levels 0-4 are kept; nothing else is left in the directory but what was there.
    let kept: Vec<String> = files(&db).into_iter().map(|(n, _)| n).collect();
    assert_eq!(kept, ["level-000.mdb", "level-002.mdb", "level-004.mdb"]);
    let stray: Vec<_> = std::fs::read_dir(db.dir())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".mdb") && !n.ends_with(".checked") && !n.ends_with(".ckpt"))
        .collect();
    assert!(stray.is_empty(), "left behind: {stray:?}");
    // With the way clear, the build goes on to the one-machine files.
    std::fs::remove_dir_all(&ckpt).unwrap();
    db.build_distributed(&Single, 10, None, &(), &every)
        .unwrap();
    assert_eq!(files(&db), want);
    assert!(!ckpt.exists());
}
