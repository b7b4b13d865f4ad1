//! The solver's move expansion agrees with the rules core, and its predecessors (moves
//! played backwards) are exactly the inverse of the non-capturing moves, on every board of
//! small levels.

mod rulesets;

use mancala_core::{GameSpec, Move, Rules, parse_rules_toml, rules_for};
use mancala_solver::{Indexer, SolverGame};
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn game(spec: &str) -> SolverGame {
    SolverGame::new(&rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap()).unwrap()
}

/// A variant's rules file (`crates/mancala-core/rules/variants/<id>.toml`), resized.
fn variant(id: &str, pits: u8, seeds: u8) -> SolverGame {
    let path = format!(
        "{}/../mancala-core/rules/variants/{id}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let r = parse_rules_toml(&std::fs::read_to_string(path).unwrap()).unwrap();
    SolverGame::new(&Rules::new(r.resized(pits, seeds).unwrap()).unwrap()).unwrap()
}

fn check(spec: &str, max: u32) {
    check_game(&game(spec), spec, max);
}

fn check_game(g: &SolverGame, spec: &str, max: u32) {
    let m = g.pits();
    let ix = Indexer::new(m, g.total());
    let mut edges_checked = 0;
    for b in g.levels(max) {
        // Forward: every in-level edge, with multiplicity.
        let mut forward: HashMap<(u64, u64), usize> = HashMap::new();
        for r in 0..ix.level_size(b) {
            let board = ix.unrank(b, r);
            let mut fast = Vec::new();
            let mut slow = Vec::new();
            let e1 = g.children(&board, |c| fast.push((c.mv, c.captured, c.board)));
            let e2 = g.children_reference(&board, |c| slow.push((c.mv, c.captured, c.board)));
            fast.sort();
            slow.sort();
            assert_eq!(e1, e2, "{spec}: end of game at {:?}", &board[..m]);
            assert_eq!(fast, slow, "{spec}: moves at {:?}", &board[..m]);
            for (_, captured, child) in fast {
                if captured == 0 {
                    *forward.entry((r, ix.rank(&child))).or_default() += 1;
                }
            }
        }
        // Backward: predecessors of every board.
        let mut backward: HashMap<(u64, u64), usize> = HashMap::new();
        for r in 0..ix.level_size(b) {
            let board = ix.unrank(b, r);
            g.predecessors(&board, b, |p| {
                let pb: u32 = p[..m].iter().map(|&c| c as u32).sum();
                assert_eq!(pb, b);
                *backward.entry((ix.rank(p), r)).or_default() += 1;
            });
        }
        // The same, with the indices the ranked walk gives (read off the board played back
        // from where a move did not go round).
        let mut ranked: HashMap<(u64, u64), usize> = HashMap::new();
        for r in 0..ix.level_size(b) {
            let board = ix.unrank(b, r);
            g.predecessors_ranked(&ix, &board, b, |p, q| {
                assert_eq!(q, ix.rank(p), "{spec}: index of {:?}", &p[..m]);
                *ranked.entry((q, r)).or_default() += 1;
            });
        }
        edges_checked += forward.len();
        assert_eq!(forward, backward, "{spec}: level {b}");
        assert_eq!(forward, ranked, "{spec}: level {b}, ranked");
    }
    assert!(
        edges_checked > 100,
        "{spec}: too few moves to mean anything"
    );
}

#[test]
fn modiar_predecessors_invert_moves() {
    check("modiar", 12);
}

#[test]
fn mangala_ii_predecessors_invert_moves() {
    check("mangala-ii", 6);
}

#[test]
fn small_variants_predecessors_invert_moves() {
    check("modiar:seeds=2", 12);
    check("mangala-ii:pits=3,seeds=2", 12);
    check("mangala-ii:pits=2,seeds=3", 12);
}

#[test]
fn oware_predecessors_invert_moves() {
    // A skipped origin, feeding, the grand slam played without its capture, odd captures.
    check("oware", 6);
    check("oware:pits=3,seeds=2", 12);
    check("oware:pits=2,seeds=3", 12);
    for id in ["oware-grand-slam-captures", "oware-grand-slam-illegal"] {
        check_game(&variant(id, 3, 2), id, 12);
    }
}

/// Rulesets drawn at random over the rules space (`tests/rulesets`): the moves agree with the
/// rules core and the predecessors invert them, edge for edge, on every level of 2x3 pits.
#[test]
fn random_rulesets_predecessors_invert_moves() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(32);
    for draw in 0..48 {
        // On 2x3 pits of 2 seeds: enough moves to mean something, every level walked whole.
        let mut r = rulesets::random_ruleset(&mut rng, draw);
        (r.pits, r.seeds) = (3, 2);
        let what = format!("{r:?}");
        let g = SolverGame::new(&Rules::new(r.clone()).unwrap()).unwrap();
        check_game(&g, &what, r.total_seeds());
    }
}

#[test]
fn kalah_predecessors_invert_moves() {
    check("kalah:pits=3,seeds=2", 12);
}

/// Oware's predecessors on boards of 13 to 30 seeds, too many to walk whole: moves that go
/// round the board (12 seeds or more, the origin passed over) and moves that do not,
/// each move's board found among the predecessors of its child with its index, and each
/// predecessor found a board whose move leads to that child.
#[test]
fn oware_predecessors_invert_moves_going_round() {
    let g = game("oware");
    let m = g.pits();
    let ix = Indexer::new(m, g.total());
    let mut rng = rand::rngs::StdRng::seed_from_u64(12);
    let (mut round, mut checked) = (0, 0);
    for _ in 0..4000 {
        // A board of `b` seeds, with one pit of the mover's row holding 11 to 16 of them.
        let b: usize = rng.gen_range(13..=30);
        let mut board = [0u8; 16];
        let big = rng.gen_range(0..6);
        board[big] = rng.gen_range(11..=16).min(b) as u8;
        for _ in board[big] as usize..b {
            board[rng.gen_range(0..m)] += 1;
        }
        // The moves inside the level, and the seeds each sowed.
        let mut moves = Vec::new();
        g.children_reference(&board, |c| {
            if let (0, Move::Sow { pit, .. }) = (c.captured, c.mv) {
                moves.push((c.board, board[pit as usize]));
            }
        });
        for (child, sown) in moves {
            let mut found = 0;
            g.predecessors_ranked(&ix, &child, b as u32, |p, q| {
                assert_eq!(q, ix.rank(p), "index of {:?}", &p[..m]);
                let mut leads = false;
                g.children_reference(p, |c| leads |= c.captured == 0 && c.board == child);
                assert!(
                    leads,
                    "{:?} is no predecessor of {:?}",
                    &p[..m],
                    &child[..m]
                );
                found += (*p == board) as usize;
            });
            assert_eq!(
                found,
                1,
                "{:?} found once among the predecessors of {:?}",
                &board[..m],
                &child[..m]
            );
            checked += 1;
            round += (sown as usize >= m) as usize;
        }
    }
    assert!(
        checked > 4000 && round > 1000,
        "{checked} moves, {round} round"
    );
}
