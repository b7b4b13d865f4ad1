//! Perfect play at a position of a game, with the game's history.
//!
//! Under the repetition ruling of Modiar and Mangala II (a position that occurs a second time
//! ends the game, the stones on the board shared equally) the databases hold the value of a
//! position for a game in which no position came before it since the last capture. That is
//! the value of the position right after a capture, or where a game starts. After moves that
//! capture nothing it may not be: a position played before can come again, which ends the game
//! there and then. So a move's value is the database's value of the position it leads to only
//! where none of the positions played since the last capture (the current one included) can
//! come again from there; elsewhere it is searched with the game's history down to the
//! positions reached by a capture, whose values hold.

use crate::alphabeta::MAX_DEPTH;
use crate::oracle::Oracle;
use crate::{AlphaBeta, Limits};
use mancala_core::{Game, Move, Position};
use std::collections::HashSet;
use std::sync::Arc;

/// How much work a move's value may take: the positions [`earlier_position_can_recur`] looks
/// through, and the nodes of its search with the game's history.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub reached: usize,
    pub nodes: u64,
}

/// `mancala solve`'s and Python's budget ([`solution_with_history`]).
pub const SOLVE_BUDGET: Budget = Budget {
    reached: 200_000,
    nodes: 4_000_000,
};

/// A hint's budget ([`exact_moves`], asked by the web app at every hint): beyond it the hint
/// is the search's.
pub const HINT_BUDGET: Budget = Budget {
    reached: 20_000,
    nodes: 300_000,
};

/// Every legal move of `game`'s current position with its exact value (the final score
/// difference for the side to move now, in seeds), the game's history counted: a move that
/// ends the game by its outcome, one after which no position since the last capture can come
/// again by `oracle`'s value of the position it leads to, and the others by a search with the
/// history, `oracle` asked only at positions reached by a capture. `None` when `oracle` does
/// not cover a position it is asked about, or a move needs more than `budget` (or the game is
/// over).
pub fn exact_moves(
    game: &Game,
    oracle: &Arc<dyn Oracle>,
    budget: Budget,
) -> Option<Vec<(Move, i32)>> {
    let me = game.position().side();
    let stored = |_: Move, pos: &Position| {
        let v = oracle.probe(pos)?;
        Some(if pos.side() == me { v } else { -v })
    };
    valued_moves(game, stored, &mut || Some(oracle.clone()), budget)
}

/// [`exact_moves`], a move after which no earlier position can come back valued by `stored`
/// (given the move and the position it leads to, in the mover's view), and the oracle of the
/// searches asked for (`oracle`) only when one is needed.
fn valued_moves(
    game: &Game,
    mut stored: impl FnMut(Move, &Position) -> Option<i32>,
    oracle: &mut dyn FnMut() -> Option<Arc<dyn Oracle>>,
    budget: Budget,
) -> Option<Vec<(Move, i32)>> {
    if game.is_over() {
        return None;
    }
    let me = game.position().side();
    let limits = Limits {
        depth: Some(MAX_DEPTH),
        time: None,
        soft: None,
        nodes: Some(budget.nodes),
        threads: 1,
        full_width: false,
    };
    let mut fresh: Option<Arc<dyn Oracle>> = None;
    let mut out = Vec::new();
    for m in game.legal_moves() {
        let mut child = game.clone();
        child.play(m).ok()?;
        let pos = child.position();
        let value = match child.outcome() {
            Some(o) => o.scores[me] as i32 - o.scores[me.other()] as i32,
            None if earlier_position_can_recur(&child, budget.reached) == Some(false) => {
                stored(m, &pos)?
            }
            None => {
                if fresh.is_none() {
                    fresh = Some(Arc::new(FreshOnly(oracle()?)));
                }
                let mut engine = AlphaBeta::new(game.rules().clone());
                engine.set_oracle(fresh.clone());
                let r = engine.search_game(&child, &limits)?;
                if !r.solved {
                    return None;
                }
                // The child's value for its mover, turned to `me`'s view.
                let v = r.score_seeds();
                if pos.side() == me { v } else { -v }
            }
        };
        out.push((m, value));
    }
    Some(out)
}

/// An oracle asked only at a position reached by a capture (or with no position before it).
struct FreshOnly(Arc<dyn Oracle>);

impl Oracle for FreshOnly {
    fn probe(&self, pos: &Position) -> Option<i32> {
        self.0.probe(pos)
    }

    fn probe_bounds(&self, pos: &Position) -> Option<(i32, i32)> {
        self.0.probe_bounds(pos)
    }

    fn fresh_positions_only(&self) -> bool {
        true
    }
}

/// Whether a position played since the last capture before the current one can come again
/// from the current position (by moves that capture nothing: a capture changes the scores
/// for good); `None` when that was not settled within `max` positions. Where none can, the
/// game from here is the game from the current position with nothing before it.
pub fn earlier_position_can_recur(game: &Game, max: usize) -> Option<bool> {
    let earlier: HashSet<Position> = game.positions_since_scores_changed().copied().collect();
    crate::oracle::can_come_again(game.rules(), game.position(), &earlier, max)
}

/// The databases' solution `stored` of the current position of `game` (from
/// `mancala_solver::Database::solve`), with the moves' values counted with the game's history
/// where a repetition splits the board ([`exact_moves`], `oracle` opening the same databases
/// as an oracle, called only if a move needs a search);
/// as stored elsewhere (no cycle inside a level, or Oware's bounds, which their callers ask
/// only at a position with nothing before it). An error saying so when a search with the
/// history does not settle.
#[cfg(feature = "databases")]
pub fn solution_with_history(
    db: &mancala_solver::Database,
    oracle: &mut dyn FnMut() -> Option<Arc<dyn Oracle>>,
    game: &Game,
    stored: mancala_solver::Solution,
) -> Result<mancala_solver::Solution, String> {
    // (A game over has no move to value.)
    if db.game().repetition() != mancala_solver::RepetitionValue::Split || game.is_over() {
        return Ok(stored);
    }
    let unsettled = || {
        format!(
            "the value of this position of {} depends on the moves before it (a position since the last capture can come again, which ends the game at once, the board shared equally), and a search of {} nodes a move with the game's history did not settle it; the engine's search (`mancala best`, `mancala.best`) plays it",
            game.rules().name(),
            SOLVE_BUDGET.nodes
        )
    };
    let kept = |m: Move, _: &Position| stored.moves.iter().find(|&&(s, _)| s == m).map(|&(_, v)| v);
    let moves = valued_moves(game, kept, oracle, SOLVE_BUDGET).ok_or_else(unsettled)?;
    let value = moves.iter().map(|&(_, v)| v).max().ok_or_else(unsettled)?;
    Ok(mancala_solver::Solution {
        value,
        outcome: mancala_solver::Outcome::from_difference(value),
        best: moves
            .iter()
            .filter(|&&(_, v)| v == value)
            .map(|&(m, _)| m)
            .collect(),
        moves,
    })
}
