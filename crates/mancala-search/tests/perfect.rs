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
use mancala_search::perfect::{Budget, HINT_BUDGET, SOLVE_BUDGET, exact_moves};
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

/// `count` games of `spec` reached from the start by up to 11 random moves (xorshift from
/// `seed`), those not over, each with its databases (built in `dir` once) as an oracle.
fn random_games(
    dir: &std::path::Path,
    spec: &str,
    mut seed: u64,
    count: usize,
) -> (mancala_solver::Database, Arc<dyn Oracle>, Vec<Game>) {
    let rules = rules_for(&spec.parse().unwrap()).unwrap();
    let db = mancala_solver::Database::open(dir, &rules).unwrap();
    db.build(rules.total_seeds(), None, &()).unwrap();
    let oracle: Arc<dyn Oracle> = DbOracle::open_in(Some(dir), &rules).unwrap();
    let mut random = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut games = Vec::new();
    for _ in 0..count {
        let mut game = Game::new(rules.clone());
        for _ in 0..random(12) {
            let moves = game.legal_moves();
            if game.is_over() || moves.is_empty() {
                break;
            }
            game.play(moves.iter().nth(random(moves.len())).unwrap())
                .unwrap();
        }
        if !game.is_over() {
            games.push(game);
        }
    }
    (db, oracle, games)
}

#[test]
fn every_moves_value_counts_the_moves_played_before_it() {
    let dir = tempfile::tempdir().unwrap();
    for spec in ["mangala-ii:pits=2,seeds=2", "modiar:pits=2,seeds=3"] {
        let (db, oracle, games) = random_games(dir.path(), spec, 0x9e37_79b9_7f4a_7c15, 120);
        let rules = games[0].rules().clone();
        let (mut checked, mut differ) = (0, 0);
        for game in games {
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

/// A hint whose exact values do not settle within their budget is the search's, and says so:
/// at positions where a move after which an earlier position can come back needs a search with
/// the history, a budget of one node is too little, and the hint is the engine's search of the
/// same depth (its moves and best move those of a hint with no databases' exact values asked),
/// not marked exact; with the hint's own budget the same positions are exact.
#[test]
fn a_hint_that_does_not_settle_is_the_searchs() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "mangala-ii:pits=2,seeds=2";
    let (_db, oracle, games) = random_games(dir.path(), spec, 0x2545_f491_4f6c_dd1d, 80);
    let rules = games[0].rules().clone();
    let tiny = Budget {
        reached: 1,
        nodes: 1,
    };
    let mut fell_back = 0;
    for game in games {
        if exact_moves(&game, &oracle, tiny).is_some() {
            continue;
        }
        let after = game.moves().collect::<Vec<_>>();
        let mut engine = analysis::engine(&rules, Some(oracle.clone()));
        let h = analysis::hint_within(&mut engine, &game, 4, tiny).unwrap();
        assert!(
            !h.exact,
            "{spec} after {after:?}: not settled, so not exact"
        );
        // The same search, asked without the databases' exact values of the moves.
        let mut plain = analysis::engine(&rules, Some(oracle.clone()));
        let scores: Vec<(Move, i32)> = plain
            .root_scores_unless_stopped(&game.position(), &game.history(), 4)
            .unwrap()
            .into_iter()
            .map(|(m, s)| (m, mancala_search::to_seeds(s)))
            .collect();
        assert_eq!(h.moves, scores, "{spec} after {after:?}");
        assert_eq!(
            Some(h.score),
            scores.iter().map(|&(_, s)| s).max(),
            "{spec} after {after:?}"
        );
        assert!(scores.contains(&(h.mv, h.score)));
        // With the hint's own budget the same position settles, and is exact.
        let mut engine = analysis::engine(&rules, Some(oracle.clone()));
        let full = analysis::hint_within(&mut engine, &game, 4, HINT_BUDGET).unwrap();
        assert!(full.exact, "{spec} after {after:?}");
        assert_eq!(
            Some(full.moves),
            exact_moves(&game, &oracle, HINT_BUDGET),
            "{spec} after {after:?}"
        );
        fell_back += 1;
    }
    assert!(
        fell_back > 5,
        "{spec}: {fell_back} positions that do not settle"
    );
}

/// The engine's search with the game's history, where a repetition splits the board: a result
/// it calls solved is perfect play with the history (the independent minimax's value and one
/// of its best moves), with the databases as its oracle and with none. The databases' value of
/// a position reached by a move that captured nothing holds there only as a bound (a position
/// played before may come again).
#[test]
fn a_solved_search_counts_the_moves_played_before_it() {
    use mancala_search::{AlphaBeta, Limits};
    let dir = tempfile::tempdir().unwrap();
    for spec in ["mangala-ii:pits=2,seeds=2", "mangala-ii:pits=3,seeds=1"] {
        let (_db, oracle, games) = random_games(dir.path(), spec, 0x51f1_5e3d_a9b1_0c37, 150);
        let rules = games[0].rules().clone();
        let (mut solved, mut unsolved) = (0, 0);
        for game in &games {
            let want = minimax_moves(game);
            let value = want.iter().map(|&(_, v)| v).max().unwrap();
            for oracle in [Some(oracle.clone()), None] {
                let with = oracle.is_some();
                let mut engine = AlphaBeta::new(rules.clone());
                engine.set_oracle(oracle);
                let r = engine.search_game(game, &Limits::depth(60)).unwrap();
                if !r.solved {
                    unsolved += 1;
                    continue;
                }
                let after = game.moves().collect::<Vec<_>>();
                assert_eq!(
                    r.score_seeds(),
                    value,
                    "{spec} after {after:?}, databases {with}: {want:?}"
                );
                assert!(
                    want.contains(&(r.best, value)),
                    "{spec} after {after:?}, databases {with}: {} is not best in {want:?}",
                    r.best
                );
                solved += 1;
            }
        }
        eprintln!("{spec}: {solved} searches solved, {unsolved} not");
        assert!(solved > 50, "{spec}: {solved} searches solved");
    }
}

/// Where a repetition splits the board, the databases' value of a position with others before
/// it since the last capture holds there only as a bound, the other being the board shared as
/// it is (`Oracle::probe_bounds_after`): at positions reached by random play, the value with
/// the history (the independent minimax) lies between the two, is somewhere not the stored
/// value, and is it wherever the position is fresh.
#[test]
fn a_stored_value_after_a_quiet_move_bounds_the_value_with_the_history() {
    let dir = tempfile::tempdir().unwrap();
    for spec in ["mangala-ii:pits=2,seeds=2", "mangala-ii:pits=3,seeds=1"] {
        let (_db, oracle, games) = random_games(dir.path(), spec, 0x7f4a_7c15_9e37_79b9, 150);
        let (mut quiet, mut strict, mut differ) = (0, 0, 0);
        for game in &games {
            let pos = game.position();
            let after = game.moves().collect::<Vec<_>>();
            let fresh = game.positions_since_scores_changed().next().is_none();
            let stored = oracle.probe(&pos).expect("covered");
            let (lo, hi) = oracle.probe_bounds_after(&pos, fresh).expect("covered");
            let value = common::minimax_game_value(game, 50_000_000).expect("small enough");
            assert!(
                lo <= value && value <= hi,
                "{spec} after {after:?}: {value} not in {lo}..={hi}"
            );
            if fresh {
                assert_eq!((lo, hi), (stored, stored), "{spec} after {after:?}");
            }
            quiet += !fresh as usize;
            strict += (lo < hi) as usize;
            differ += (value != stored) as usize;
        }
        eprintln!(
            "{spec}: {quiet} positions after a quiet move, {strict} bounded, {differ} not the stored value"
        );
        assert!(quiet > 20, "{spec}: {quiet} positions after a quiet move");
        assert!(differ > 0, "{spec}: the history never counted");
    }
}

/// At the search's horizon, a position the databases cover reached by a move that captured
/// nothing, whose value the history may change (its bounds are not one value), is estimated by
/// its stored value: the root's scores one ply deep are those values, at positions reached by
/// random play.
#[test]
fn the_horizon_estimates_a_position_after_a_quiet_move_by_its_stored_value() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "mangala-ii:pits=2,seeds=2";
    let (_db, oracle, games) = random_games(dir.path(), spec, 0x3c6e_f372_fe94_f82b, 120);
    let rules = games[0].rules().clone();
    let mut checked = 0;
    for game in &games {
        let pos = game.position();
        let me = pos.side();
        let mut engine = analysis::engine(&rules, Some(oracle.clone()));
        let scores = engine
            .root_scores_unless_stopped(&pos, &game.history(), 1)
            .unwrap();
        for (m, score) in scores {
            let mut child = game.clone();
            child.play(m).unwrap();
            let at = child.position();
            if child.is_over() || at.scores() != pos.scores() {
                continue;
            }
            let (lo, hi) = oracle.probe_bounds_after(&at, false).expect("covered");
            if lo == hi {
                continue;
            }
            let v = oracle.probe(&at).unwrap();
            let mine = if at.side() == me { v } else { -v };
            assert_eq!(
                mancala_search::to_seeds(score),
                mine,
                "{spec} after {:?}, move {m}",
                game.moves().collect::<Vec<_>>()
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "{spec}: {checked} moves checked");
}
