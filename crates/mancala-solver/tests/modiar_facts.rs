//! The facts about Modiar stated in the README and docs/solver.md, recomputed: the start
//! position's value and best moves, and the longest forced sequence, from a full build of
//! Modiar (about 10 s in the test profile, 2 s in release).
//! The conversion depth itself is checked against a bounded search on smaller levels.

mod common;

use mancala_core::{GameSpec, Move, Position, Rules, Side, rules_for};
use mancala_solver::Database;
use mancala_solver::depth::{level_depths, longest_forced_sequence};
use std::collections::HashMap;

fn rules(spec: &str) -> Rules {
    rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

#[test]
fn modiar_start_value_best_moves_and_longest_forced_sequence() {
    let r = rules("modiar");
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &r).unwrap();
    db.build(42, None, &()).unwrap();
    let s = db.solve(&r.start()).unwrap();
    assert_eq!(s.value, -2, "South loses the start position by 2");
    assert_eq!(
        s.best,
        vec![Move::Sow {
            side: Side::South,
            pit: 2
        }],
        "C is the only best first move"
    );
    let others: Vec<i32> = s.moves.iter().map(|&(_, v)| v).collect();
    assert_eq!(others, vec![-18, -4, -2]);
    // Without the exemption (North to move) the same board is a draw.
    let north = r.parse_position("7-7-7-7-7-7-0-0-N").unwrap();
    assert_eq!(db.solve(&north).unwrap().value, 0);
    let (d, board) = longest_forced_sequence(&db, 42).unwrap();
    assert_eq!(d, 45);
    assert_eq!(
        db.real_position(&board, Side::South).to_string(),
        "10-5-8-5-10-0-2-2-S"
    );
}

/// Whether the attacker (the mover if `attacker_moves`) can force a share of at least `k` of
/// the board within `d` plies, a capture counting one ply (its value read from the database).
fn forces(
    rules: &Rules,
    db: &Database,
    pos: &Position,
    attacker_moves: bool,
    k: u32,
    d: u32,
    memo: &mut HashMap<(Position, bool, u32, u32), bool>,
) -> bool {
    let b = pos.board_total();
    let me = pos.side();
    let legal = rules.legal_moves(pos);
    if legal.is_empty() {
        let end = rules.settle(pos, rules.end_reason(pos).unwrap());
        let share = (end.score(me) - pos.score(me)) as u32;
        return if attacker_moves {
            share >= k
        } else {
            b - share >= k
        };
    }
    if d == 0 {
        return false;
    }
    if let Some(&v) = memo.get(&(*pos, attacker_moves, k, d)) {
        return v;
    }
    let mut results = legal.iter().map(|mv| {
        let (child, eff) = rules.play(pos, mv).unwrap();
        if eff.captured > 0 {
            let v = db.probe(&child).unwrap();
            let share = eff.captured as u32 + (v.board - v.share) as u32;
            if attacker_moves {
                share >= k
            } else {
                b - share >= k
            }
        } else {
            forces(rules, db, &child, !attacker_moves, k, d - 1, memo)
        }
    });
    let v = if attacker_moves {
        results.any(|x| x)
    } else {
        results.all(|x| x)
    };
    memo.insert((*pos, attacker_moves, k, d), v);
    v
}

fn check_depths(spec: &str, max: u32) {
    let r = rules(spec);
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &r).unwrap();
    db.build(max, None, &()).unwrap();
    let mut deepest = 0;
    for b in db.game().levels(max) {
        let depths = level_depths(&db, b).unwrap();
        let values = db.level(b).unwrap();
        let mut memo = HashMap::new();
        for (i, &depth) in depths.iter().enumerate() {
            let v = values.data()[i] as u32;
            let pos = db.real_position(&db.indexer().unrank(b, i as u64), Side::South);
            if 2 * v == b {
                assert_eq!(depth, u16::MAX, "{pos}: a split has no conversion depth");
                continue;
            }
            let (attacker_moves, k) = if 2 * v > b { (true, v) } else { (false, b - v) };
            let d = depth as u32;
            assert!(
                forces(&r, &db, &pos, attacker_moves, k, d, &mut memo),
                "{pos}: not forced in {d} plies"
            );
            if d > 0 {
                assert!(
                    !forces(&r, &db, &pos, attacker_moves, k, d - 1, &mut memo),
                    "{pos}: forced in fewer than {d}"
                );
            }
            deepest = deepest.max(d);
        }
    }
    assert!(
        deepest >= 3,
        "{spec}: the check should see some long sequences"
    );
}

#[test]
fn conversion_depths_match_a_bounded_search() {
    check_depths("modiar", 14);
    check_depths("mangala-ii:pits=3,seeds=2", 8);
    check_depths("modiar:seeds=2", 10);
}

#[test]
fn small_start_positions_agree_with_minimax() {
    for spec in [
        "modiar:seeds=2",
        "modiar:seeds=3",
        "mangala-ii:pits=3,seeds=2",
    ] {
        let r = rules(spec);
        let dir = tempfile::tempdir().unwrap();
        let db = Database::open(dir.path(), &r).unwrap();
        db.build(r.total_seeds(), None, &()).unwrap();
        let s = db.solve(&r.start()).unwrap();
        let expect = common::minimax_value(&r, &r.start(), 200_000_000).expect("small enough");
        assert_eq!(s.value, expect, "{spec}");
        // Each best move keeps the value (the moves' values come from the database).
        assert!(
            s.best
                .iter()
                .all(|m| s.moves.iter().any(|&(x, v)| x == *m && v == expect))
        );
    }
}
