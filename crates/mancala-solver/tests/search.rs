//! The exact search against the databases: on small Kalah boards whose every level is built, a
//! search allowed to read only the low levels (or none) must find the value the databases give
//! the whole position, the same best moves and, asked for it, the same value of every move; and
//! without databases it must agree with the independent minimax of `common`.

mod common;

use common::{minimax_value, position_with};
use mancala_core::{GameSpec, Position, Rules, Side, rules_for};
use mancala_solver::{Database, MoveValue, Search, SearchConfig};
use rand::{Rng, SeedableRng};

fn rules(spec: &str) -> Rules {
    rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

/// The start and `per_level` boards of each level above `from`, with either side to move.
fn sample(db: &Database, from: u32, per_level: usize, seed: u64) -> Vec<Position> {
    let rules = db.game().rules();
    let ix = db.indexer();
    let m = db.game().pits();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = vec![rules.start()];
    for b in db.game().levels(db.game().total()).filter(|&b| b > from) {
        for _ in 0..per_level {
            let board = ix.unrank(b, rng.gen_range(0..ix.level_size(b)));
            for side in Side::BOTH {
                out.push(position_with(rules, &board[..m], side));
            }
        }
    }
    out
}

/// Every position of `sample` solved by search reading levels up to `max_level` only, checked
/// against the databases' full answer. Returns how many positions needed a real search.
fn agrees(rules: &Rules, max_levels: &[Option<u32>], per_level: usize) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), rules).unwrap();
    db.build(rules.total_seeds(), None, &()).unwrap();
    let mut searched = 0;
    for &max_level in max_levels {
        let config = SearchConfig {
            table_bytes: 1 << 20,
            max_level,
            every_move: false,
            ..SearchConfig::default()
        };
        let every = SearchConfig {
            every_move: true,
            ..config.clone()
        };
        let from = max_level.unwrap_or(0);
        for (i, pos) in sample(&db, from, per_level, 7).iter().enumerate() {
            let want = db.solve(pos).unwrap();
            // A fresh search for some, one search reused (its table kept) for the rest.
            let mut s = Search::new(rules, max_level.map(|_| &db), &config).unwrap();
            assert!(
                max_level.is_none() || s.db_level() == max_level,
                "levels read: {:?}",
                s.db_level()
            );
            let cfg = if i % 3 == 0 { &every } else { &config };
            let got = s.solve(pos, cfg).unwrap();
            let name = format!("{} {pos} (levels up to {max_level:?})", rules.name());
            assert_eq!(got.value, want.value, "{name}: value");
            assert_eq!(got.outcome, want.outcome, "{name}: outcome");
            assert_eq!(got.best, want.best, "{name}: best moves");
            assert_eq!(got.moves.len(), want.moves.len(), "{name}: moves");
            for (&(m, v), &(wm, wv)) in got.moves.iter().zip(&want.moves) {
                assert_eq!(m, wm, "{name}");
                match v {
                    MoveValue::Exact(v) => assert_eq!(v, wv, "{name}: move {m}"),
                    MoveValue::AtMost(v) => {
                        assert!(!cfg.every_move, "{name}: move {m} not exact");
                        assert!(wv <= v && wv < want.value, "{name}: move {m}: {wv} > {v}")
                    }
                }
            }
            if pos.board_total() > from && !want.moves.is_empty() {
                searched += 1;
                assert!(got.stats.nodes > 0, "{name}: no search");
            }
        }
    }
    searched
}

#[test]
fn kalah_3x3_search_agrees_with_the_databases() {
    let n = agrees(
        &rules("kalah:pits=3,seeds=3"),
        &[None, Some(0), Some(6), Some(12)],
        6,
    );
    assert!(n > 100, "{n} positions searched");
}

#[test]
fn kalah_4x2_search_agrees_with_the_databases() {
    let n = agrees(&rules("kalah:pits=4,seeds=2"), &[Some(4), Some(10)], 4);
    assert!(n > 50, "{n} positions searched");
}

/// Kalah sown clockwise: not the search's own sowing, so moves go through the rules core.
#[test]
fn clockwise_kalah_is_searched_through_the_rules_core() {
    let mut r = rules("kalah:pits=3,seeds=2").ruleset().clone();
    r.direction = mancala_core::ruleset::Direction::Cw;
    let r = Rules::new(r).unwrap();
    assert!(
        !Search::new(&r, None, &SearchConfig::default())
            .unwrap()
            .own_sowing()
    );
    let n = agrees(&r, &[None, Some(4)], 5);
    assert!(n > 20, "{n} positions searched");
}

/// The empty-capture rule (the last seed in an own empty pit is always captured).
#[test]
fn empty_capture_kalah_search_agrees_with_the_databases() {
    let mut r = rules("kalah:pits=3,seeds=3").ruleset().clone();
    r.capture.opposite_empty = mancala_core::ruleset::OppositeCapture::Always;
    let r = Rules::new(r).unwrap();
    let n = agrees(&r, &[Some(0), Some(8)], 5);
    assert!(n > 50, "{n} positions searched");
}

#[test]
fn search_without_databases_agrees_with_minimax() {
    let r = rules("kalah:pits=3,seeds=2");
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &r).unwrap();
    let mut checked = 0;
    let mut s = Search::new(&r, None, &SearchConfig::default()).unwrap();
    assert_eq!(s.db_level(), None);
    for pos in sample(&db, 0, 8, 11) {
        let Some(want) = minimax_value(&r, &pos, 2_000_000) else {
            continue;
        };
        let got = s.solve(&pos, &SearchConfig::default()).unwrap();
        assert_eq!(got.value, want, "{pos}");
        checked += 1;
    }
    assert!(checked > 50, "{checked} positions checked");
}

/// The levels of the same game with other seeds a pit serve as leaves; another board does not.
#[test]
fn the_databases_of_other_seeds_serve() {
    let small = rules("kalah:pits=3,seeds=2");
    let dir = tempfile::tempdir().unwrap();
    let own = Database::open(dir.path(), &small).unwrap();
    own.build(small.total_seeds(), None, &()).unwrap();
    let other = Database::open(dir.path(), &rules("kalah:pits=3,seeds=3")).unwrap();
    other.build(6, None, &()).unwrap();
    let config = SearchConfig::default();
    let mut s = Search::new(&small, Some(&other), &config).unwrap();
    assert_eq!(s.db_level(), Some(6));
    for pos in sample(&own, 6, 5, 3) {
        let got = s.solve(&pos, &config).unwrap();
        let want = own.solve(&pos).unwrap();
        assert_eq!((got.value, &got.best), (want.value, &want.best), "{pos}");
    }
    let wider = Database::open(dir.path(), &rules("kalah:pits=4,seeds=2")).unwrap();
    assert!(Search::new(&small, Some(&wider), &config).is_err());
}
