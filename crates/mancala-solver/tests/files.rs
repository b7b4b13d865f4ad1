//! Database files: header and checksum checked on open, clear errors with a hint for a missing
//! or damaged level, atomic writes, and builds that resume without rebuilding finished levels.

use mancala_core::ruleset::{Leftover, Repetition};
use mancala_core::{GameSpec, Rules, rules_for};
use mancala_solver::{Database, DbError, Indexer, list_files};

fn rules(spec: &str) -> Rules {
    rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

#[test]
fn a_missing_level_names_the_file_and_how_to_build_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &rules("mangala-ii")).unwrap();
    let pos = rules("mangala-ii")
        .parse_position("0-0-0-0-0-0-0-0-0-0-1-1-34-36-S")
        .unwrap();
    let err = db.solve(&pos).unwrap_err();
    assert!(matches!(err, DbError::Missing { level: 2, .. }), "{err}");
    let msg = err.to_string();
    assert!(
        msg.contains("level-002.mdb") && msg.contains("mancala db build mangala-ii --max-stones 2"),
        "{msg}"
    );
    assert!(db.probe(&pos).is_none());
}

#[test]
fn resumed_builds_keep_finished_levels() {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &rules("modiar:seeds=2")).unwrap();
    let first = db.build(6, None, &()).unwrap();
    assert_eq!(
        first.built.iter().map(|b| b.0).collect::<Vec<_>>(),
        vec![0, 2, 4, 6]
    );
    let stamp = std::fs::metadata(db.level_path(4))
        .unwrap()
        .modified()
        .unwrap();
    // A build killed while writing leaves at most a temporary file; the next build clears it.
    std::fs::write(db.dir().join("level-008.tmp12345"), b"partial").unwrap();
    let db = Database::open(dir.path(), &rules("modiar:seeds=2")).unwrap();
    let second = db.build(12, None, &()).unwrap();
    assert_eq!(second.kept, vec![0, 2, 4, 6]);
    assert_eq!(
        second.built.iter().map(|b| b.0).collect::<Vec<_>>(),
        vec![8, 10, 12]
    );
    assert_eq!(
        std::fs::metadata(db.level_path(4))
            .unwrap()
            .modified()
            .unwrap(),
        stamp
    );
    assert!(!db.dir().join("level-008.tmp12345").exists());
    let files = list_files(dir.path()).unwrap();
    assert_eq!(files.len(), 7);
    assert!(files.iter().all(|f| f.header.is_ok()));
}

#[test]
fn a_damaged_level_is_refused_then_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let r = rules("modiar:seeds=2");
    let db = Database::open(dir.path(), &r).unwrap();
    db.build(12, None, &()).unwrap();
    let pos = r.parse_position("2-2-2-0-2-2-2-0-N").unwrap();
    let good = db.solve(&pos).unwrap();
    let path = db.level_path(10);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let db = Database::open(dir.path(), &r).unwrap();
    let err = db.solve(&pos).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, DbError::Corrupt { level: 10, .. }), "{msg}");
    assert!(
        msg.contains("checksum") && msg.contains("mancala db build modiar:pits=3,seeds=2"),
        "{msg}"
    );
    // Truncated, and not a database at all.
    std::fs::write(&path, &bytes[..100]).unwrap();
    let msg = Database::open(dir.path(), &r)
        .unwrap()
        .solve(&pos)
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("truncated") || msg.contains("entries"),
        "{msg}"
    );
    std::fs::write(&path, b"hello").unwrap();
    let msg = Database::open(dir.path(), &r)
        .unwrap()
        .solve(&pos)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("shorter than a header"), "{msg}");
    // The next build replaces it and the answer is back.
    let db = Database::open(dir.path(), &r).unwrap();
    let report = db.build(12, None, &()).unwrap();
    assert_eq!(
        report.built.iter().map(|b| b.0).collect::<Vec<_>>(),
        vec![10]
    );
    assert_eq!(db.solve(&pos).unwrap(), good);
}

#[test]
fn a_level_of_other_rules_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = Database::open(dir.path(), &rules("modiar:seeds=2")).unwrap();
    a.build(4, None, &()).unwrap();
    // Same directory layout, other rules: copy a file where the other game looks for it.
    let b = Database::open(dir.path(), &rules("mangala-ii:pits=3,seeds=2")).unwrap();
    std::fs::create_dir_all(b.dir()).unwrap();
    std::fs::copy(a.level_path(4), b.level_path(4)).unwrap();
    let msg = b.level(4).unwrap_err().to_string();
    assert!(msg.contains("not 'mangala-ii'"), "{msg}");
}

#[test]
fn a_build_too_big_for_memory_is_refused_before_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &rules("mangala-ii")).unwrap();
    let err = db.build(30, Some(1 << 30), &()).unwrap_err();
    assert!(matches!(err, DbError::TooBig { .. }), "{err}");
    assert!(err.to_string().contains("--max-stones"));
    // Level 32 has more boards than 32-bit indices reach: the build takes it on (64-bit
    // indices) if the memory allows, about 2.1 bytes a board.
    let err = db.build(32, Some(8 << 30), &()).unwrap_err();
    match err {
        DbError::TooBig {
            level, need_mib, ..
        } => {
            assert_eq!(level, 32);
            let boards = Indexer::new(12, 32).level_size(32);
            assert!(boards > u32::MAX as u64);
            assert_eq!(
                need_mib,
                (boards * 2 + boards.div_ceil(64) * 8).div_ceil(1 << 20)
            );
        }
        e => panic!("{e}"),
    }
    // Values are kept in seven bits: a level of more than 127 stones is refused.
    let big = Database::open(dir.path(), &rules("mangala-ii:pits=8,seeds=8")).unwrap();
    let err = big.build(128, Some(u64::MAX), &()).unwrap_err();
    assert!(err.to_string().contains("at most 127 stones"), "{err}");
    assert!(list_files(dir.path()).unwrap().is_empty());
}

#[test]
fn games_the_method_does_not_fit_are_refused_naming_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    // Kalah and Oware are taken.
    for id in ["oware", "kalah"] {
        Database::open(dir.path(), &rules(id)).unwrap();
    }
    type Change = fn(&mut mancala_core::Ruleset);
    let cases: [(&str, Change, &str); 5] = [
        (
            "oware",
            |r| r.leftover = Leftover::Nobody,
            "leftover = \"nobody\"",
        ),
        (
            "oware",
            |r| r.repetition = Repetition::Ignore,
            "repetition = \"ignore\"",
        ),
        (
            "kalah",
            |r| r.capture.counts = vec![2],
            "capture.counts with stores",
        ),
        (
            "kalah",
            |r| r.first_move_no_capture = true,
            "first-move-no-capture",
        ),
        (
            "oware",
            |r| {
                r.end.row_empty = true;
            },
            "end.row-empty",
        ),
    ];
    for (id, change, rule) in cases {
        let mut r = rules(id).ruleset().clone();
        change(&mut r);
        let Ok(rules) = Rules::new(r) else {
            panic!("test bug: the changed {id} is not a valid ruleset ({rule})");
        };
        let err = Database::open(dir.path(), &rules).err().expect("refused");
        let text = err.to_string();
        assert!(
            text.contains("cannot be solved") && text.contains(rule),
            "{text}"
        );
    }
    assert!(list_files(dir.path()).unwrap().is_empty());
}

#[test]
fn bounded_levels_are_checked_pair_by_pair() {
    // Oware's levels hold two bytes a board, a lower and an upper bound: a pair out of order
    // is refused by the whole check, with the level file and the entry.
    let dir = tempfile::tempdir().unwrap();
    let r = rules("oware:pits=2,seeds=1");
    let db = Database::open(dir.path(), &r).unwrap();
    db.build(4, None, &()).unwrap();
    let path = db.level_path(3);
    let f = mancala_solver::file::LevelFile::verify(&path).unwrap();
    assert_eq!(f.header.encoding, mancala_solver::file::ENCODING_BOUNDED);
    assert_eq!(f.data().len() as u64, 2 * f.header.entries);
    let mut data = f.data().to_vec();
    drop(f);
    data[0] = data[1] + 1;
    mancala_solver::file::write_level(&path, &db.level_header(3), &data).unwrap();
    let err = mancala_solver::file::LevelFile::verify(&path).unwrap_err();
    assert!(err.to_string().contains("entry 0 has bounds"), "{err}");
}
