//! The databases agree with an independent exhaustive search with history (tests/common), on
//! every position with few stones and on a random sample of larger ones, for both games.

mod common;

use common::{minimax_value, position_with};
use mancala_core::{GameSpec, Rules, Side, rules_for};
use mancala_solver::Database;
use rand::{Rng, SeedableRng};

fn rules(spec: &str) -> Rules {
    rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

/// Builds the levels up to `max` and checks every board of the levels up to `all_up_to`
/// (both sides to move) and `sample` random boards of each higher level.
fn check(spec: &str, max: u32, all_up_to: u32, sample: usize, budget: u64) {
    let rules = rules(spec);
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &rules).unwrap();
    db.build(max, None, &()).unwrap();
    let ix = db.indexer();
    let m = db.game().pits();
    let mut rng = rand::rngs::StdRng::seed_from_u64(6);
    let mut checked = 0;
    let mut skipped = 0;
    for b in db.game().levels(max) {
        let size = ix.level_size(b);
        let picks: Vec<u64> = if b <= all_up_to {
            (0..size).collect()
        } else {
            (0..sample).map(|_| rng.gen_range(0..size)).collect()
        };
        for r in picks {
            let board = ix.unrank(b, r);
            for side in Side::BOTH {
                let pos = position_with(&rules, &board[..m], side);
                let Some(expect) = minimax_value(&rules, &pos, budget) else {
                    assert!(
                        b > all_up_to,
                        "{spec}: minimax ran out of nodes on {pos} (an exhaustive level)"
                    );
                    skipped += 1;
                    continue;
                };
                let got = db.solve(&pos).unwrap().value;
                assert_eq!(
                    got, expect,
                    "{spec}: database and minimax disagree on {pos}"
                );
                // The stored value of the board is the best of its moves.
                if !rules.is_start(&pos) {
                    let v = db.probe(&pos).unwrap();
                    assert_eq!(
                        v.final_difference(&pos),
                        expect,
                        "{spec}: stored value of {pos}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
    assert!(
        skipped * 4 < checked,
        "{spec}: too many sampled positions were too large for minimax"
    );
}

#[test]
fn modiar_agrees_with_minimax_up_to_12_stones_and_on_a_sample_to_18() {
    check("modiar", 18, 12, 40, 2_000_000);
}

#[test]
fn mangala_ii_agrees_with_minimax_up_to_6_stones_and_on_a_sample_to_10() {
    check("mangala-ii", 10, 6, 30, 2_000_000);
}

#[test]
fn small_modiar_agrees_with_minimax_everywhere() {
    // 2x3 pits with 2 stones each: every level, every position, the start included.
    check("modiar:seeds=2", 12, 12, 0, 50_000_000);
}

#[test]
fn small_mangala_ii_agrees_with_minimax_everywhere() {
    check("mangala-ii:pits=3,seeds=2", 12, 8, 40, 5_000_000);
}
