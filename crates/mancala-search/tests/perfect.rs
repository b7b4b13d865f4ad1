//! Perfect play with the game's history where a repetition splits the board (Modiar, Mangala
//! II): every move's value from `perfect::exact_moves`, and a hint at a position the databases
//! cover, against an independent minimax over the game tree with the whole history (the
//! solver's tests' `common`, which shares nothing with the solver or the engine but the rules
//! core), at positions reached by random play.

#[path = "../../mancala-solver/tests/common/mod.rs"]
mod common;

use mancala_core::{Game, Move, rules_for};
use mancala_search::analysis;
use mancala_search::oracle::{DbOracle, Oracle};
use mancala_search::perfect::{SOLVE_BUDGET, exact_moves};
use std::sync::Arc;

/// Each legal move of `game` with its value by the independent minimax (mover's view).
fn minimax_moves(game: &Game) -> Vec<(Move, i32)> {
    let me = game.position().side();
    game.legal_moves()
        .iter()
        .map(|m| {
            let mut g = game.clone();
            g.play(m).unwrap();
            let v = common::minimax_game_value(&g, 50_000_000).expect("small enough");
            let mine = if g.position().side() == me { v } else { -v };
            (m, mine)
        })
        .collect()
}

#[test]
fn every_moves_value_counts_the_moves_played_before_it() {
    let dir = tempfile::tempdir().unwrap();
    for spec in ["mangala-ii:pits=2,seeds=2", "modiar:pits=2,seeds=3"] {
        let rules = rules_for(&spec.parse().unwrap()).unwrap();
        let db = mancala_solver::Database::open(dir.path(), &rules).unwrap();
        db.build(rules.total_seeds(), None, &()).unwrap();
        let oracle: Arc<dyn Oracle> = DbOracle::open_in(Some(dir.path()), &rules).unwrap();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut checked, mut differ) = (0, 0);
        for _ in 0..120 {
            let mut game = Game::new(rules.clone());
            for _ in 0..random(12) {
                let moves = game.legal_moves();
                if game.is_over() || moves.is_empty() {
                    break;
                }
                game.play(moves.iter().nth(random(moves.len())).unwrap())
                    .unwrap();
            }
            if game.is_over() {
                continue;
            }
            let want = minimax_moves(&game);
            let got = exact_moves(&game, &oracle, SOLVE_BUDGET).expect("settled");
            assert_eq!(
                got,
                want,
                "{spec} after {:?}",
                game.moves().collect::<Vec<_>>()
            );
            // The databases' own value of each move's position differs somewhere: the history
            // counts.
            let stored = db.solve(&game.position()).unwrap();
            differ += (stored.moves != want) as usize;
            // A hint at a covered position is perfect play with the history.
            let mut engine = analysis::engine(&rules, Some(oracle.clone()));
            let h = analysis::hint(&mut engine, &game, 4).unwrap();
            assert!(h.exact, "{spec}: covered");
            assert_eq!(
                h.moves,
                want,
                "{spec} hint after {:?}",
                game.moves().collect::<Vec<_>>()
            );
            checked += 1;
        }
        eprintln!("{spec}: {checked} positions, {differ} where the history counts");
        assert!(checked > 20, "{spec}: {checked} positions");
        // (Modiar's small boards end before a position can come back in these games.)
        if spec.starts_with("mangala-ii") {
            assert!(differ > 0, "{spec}: no position where the history counts");
        }
    }
}
