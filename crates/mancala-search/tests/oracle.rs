//! The databases as an oracle: opened once while the level files stay as they are, opened
//! again when they change (a server running while a level is built or removed).

use mancala_core::rules_for;
use mancala_search::oracle::DbOracle;
use std::sync::Arc;

#[test]
fn an_oracle_is_shared_until_its_level_files_change() {
    let dir = tempfile::tempdir().unwrap();
    let rules = rules_for(&"modiar:seeds=3".parse().unwrap()).unwrap();
    assert!(
        DbOracle::open_in(Some(dir.path()), &rules).is_none(),
        "nothing built yet"
    );
    let db = mancala_solver::Database::open(dir.path(), &rules).unwrap();
    db.build(rules.total_seeds(), None, &()).unwrap();
    let a = DbOracle::open_in(Some(dir.path()), &rules).unwrap();
    let b = DbOracle::open_in(Some(dir.path()), &rules).unwrap();
    assert!(Arc::ptr_eq(&a, &b), "unchanged files: the same oracle");
    assert!(a.covers(&rules.start()));
    std::fs::remove_file(db.level_path(rules.total_seeds())).unwrap();
    let c = DbOracle::open_in(Some(dir.path()), &rules).unwrap();
    assert!(!Arc::ptr_eq(&a, &c), "a level gone: opened again");
    assert!(!c.covers(&rules.start()));
}

#[test]
fn oware_values_are_given_only_for_positions_reached_by_a_capture() {
    // Oware's values hold for a position with no earlier one since the last capture (its
    // repetition ending depends on where a cycle closes); Kalah's hold after any history.
    use mancala_search::oracle::Oracle;
    let dir = tempfile::tempdir().unwrap();
    for (spec, fresh_only) in [
        ("oware:pits=3,seeds=2", true),
        ("kalah:pits=3,seeds=2", false),
    ] {
        let rules = rules_for(&spec.parse().unwrap()).unwrap();
        let db = mancala_solver::Database::open(dir.path(), &rules).unwrap();
        db.build(rules.total_seeds(), None, &()).unwrap();
        let o = DbOracle::open_in(Some(dir.path()), &rules).unwrap();
        assert_eq!(o.fresh_positions_only(), fresh_only, "{spec}");
        // Every position within six moves of the start whose value the databases hold, as
        // reached from the position before it.
        let mut layer = vec![rules.start()];
        let (mut held, mut quiet_held) = (0, 0);
        for _ in 0..6 {
            let mut next = Vec::new();
            for before in &layer {
                for c in rules.children(before).iter() {
                    next.push(c.position);
                    let Some(v) = o.probe(&c.position) else {
                        continue;
                    };
                    held += 1;
                    let quiet = c.position.scores() == before.scores();
                    quiet_held += quiet as usize;
                    let after = o.probe_after(&c.position, Some(before));
                    assert_eq!(
                        after,
                        (!(fresh_only && quiet)).then_some(v),
                        "{spec} {}",
                        c.position
                    );
                    assert_eq!(o.probe_after(&c.position, None), Some(v));
                }
            }
            layer = next;
        }
        assert!(quiet_held > 0, "{spec}: no value held after a quiet move");
        assert!(held > quiet_held, "{spec}: no value held after a capture");
    }
}
