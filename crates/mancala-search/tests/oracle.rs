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
