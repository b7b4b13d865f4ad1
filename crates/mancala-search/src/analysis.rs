//! The engine's advice, in one place for the terminal, the web app and `mancala analyze`: a
//! hint (the best move here) and a game weighed move by move (what each move played was worth,
//! what the best move was worth, and so the seeds it lost).
//!
//! Both come from the same call: every root move's exact score at [`DEPTH`] plies
//! ([`AlphaBeta::root_scores`]) from a fresh table, the first of the best in move order chosen,
//! with the perfect-play databases as oracle where they are built. So a hint is reproducible,
//! and the analysis of the move a hint gave never calls it a mistake.

use crate::alphabeta::AlphaBeta;
use crate::oracle::Oracle;
use crate::{Score, to_seeds};
use mancala_core::ruleset::Repetition;
use mancala_core::{Game, Move, Position, Rules, Side};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Plies searched below each root move by a hint and by an analysis, unless told otherwise.
pub const DEPTH: u32 = 10;
/// Seeds a move must lose to be called a mistake, unless told otherwise.
pub const MISTAKE_SEEDS: i32 = 2;

/// The engine of hints and analyses: the rules' alpha-beta with `oracle` (the databases, see
/// [`crate::oracle::db_oracle`]) for exact values where it covers a position.
pub fn engine(rules: &Rules, oracle: Option<Arc<dyn Oracle>>) -> AlphaBeta {
    let mut e = AlphaBeta::with_table_mib(rules.clone(), 16);
    e.set_oracle(oracle);
    e
}

/// The best move at the current position of `game`, with every legal move's score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub mv: Move,
    /// Final score difference the side to move can expect, in seeds.
    pub score: i32,
    /// Every legal move with its score (mover's view, in seeds), in move order.
    pub moves: Vec<(Move, i32)>,
    /// Plies searched.
    pub depth: u32,
    /// The scores are perfect play (a database covers the position).
    pub exact: bool,
}

impl Hint {
    /// `database` (perfect play) or `search` (an estimate at [`Hint::depth`] plies).
    pub fn source(&self) -> &'static str {
        if self.exact { "database" } else { "search" }
    }
}

/// Every root move's score at `depth` plies below `pos` (reached after `history`), from a
/// fresh table so the same position always gets the same answer; `None` when `engine`'s stop
/// handle was set meanwhile.
fn scores_at(
    engine: &mut AlphaBeta,
    pos: &Position,
    history: &[Position],
    depth: u32,
) -> Option<Vec<(Move, Score)>> {
    engine.clear();
    engine.root_scores_unless_stopped(pos, history, depth)
}

/// The first of the best moves in move order, so ties are settled the same way every time.
fn first_best(scores: &[(Move, Score)]) -> Option<(Move, Score)> {
    scores
        .iter()
        .copied()
        .fold(None, |acc: Option<(Move, Score)>, (m, s)| match acc {
            Some((_, b)) if b >= s => acc,
            _ => Some((m, s)),
        })
}

/// The hint at the current position of `game` (searched `depth` plies); `None` when the game
/// is over, or when `engine`'s stop handle ([`AlphaBeta::stop_handle`]) was set meanwhile.
pub fn hint(engine: &mut AlphaBeta, game: &Game, depth: u32) -> Option<Hint> {
    hint_within(engine, game, depth, crate::perfect::HINT_BUDGET)
}

/// [`hint`], the moves' exact values with the history (where a repetition splits the board)
/// given at most `budget`.
pub fn hint_within(
    engine: &mut AlphaBeta,
    game: &Game,
    depth: u32,
    budget: crate::perfect::Budget,
) -> Option<Hint> {
    if game.is_over() {
        return None;
    }
    let pos = game.position();
    let history = game.history();
    let split = game.rules().ruleset().repetition == Repetition::Split;
    // Where a repetition splits the board, a covered position's moves are valued with the
    // game's history (`crate::perfect`): a move after which a position played since the last
    // capture can come again is not worth what the databases say of the position it leads to.
    // If that does not settle, the hint is the search's.
    let mut exact = engine.oracle().is_some_and(|o| {
        if split {
            o.probe(&pos).is_some()
        } else {
            o.probe_after(&pos, history.last()).is_some()
        }
    });
    if exact && split {
        let moves = engine
            .oracle()
            .and_then(|o| crate::perfect::exact_moves(game, o, budget));
        let best = moves.as_deref().and_then(first_best);
        if let (Some(moves), Some((mv, score))) = (moves, best) {
            return Some(Hint {
                mv,
                score,
                moves,
                depth,
                exact: true,
            });
        }
        exact = false;
    }
    let scores = scores_at(engine, &pos, &history, depth)?;
    let (mv, best) = first_best(&scores)?;
    Some(Hint {
        mv,
        score: to_seeds(best),
        moves: scores.iter().map(|&(m, s)| (m, to_seeds(s))).collect(),
        depth,
        exact,
    })
}

/// One move of a game, weighed. Scores are the final score difference the mover can expect,
/// in seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weighed {
    pub side: Side,
    pub played: Move,
    pub score: i32,
    /// The best move (the first of equals in move order) and its score.
    pub best: Move,
    pub best_score: i32,
    /// Legal moves there were (1: the move was forced).
    pub choices: usize,
}

impl Weighed {
    /// Seeds the move played gave away against the best move.
    pub fn loss(&self) -> i32 {
        self.best_score - self.score
    }
}

/// Every move of `game` weighed by `engine` searching `depth` plies below it: each position
/// gets exactly the scores its [`hint`] would.
pub fn weigh(engine: &mut AlphaBeta, game: &Game, depth: u32) -> Vec<Weighed> {
    weigh_unless(engine, game, depth, &AtomicBool::new(false)).expect("nothing stops this weighing")
}

/// [`weigh`], stopped (`None`) as soon as `stop` is set: it is looked at before each move is
/// weighed (a web client that went away); or as soon as `engine`'s stop handle is set.
pub fn weigh_unless(
    engine: &mut AlphaBeta,
    game: &Game,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<Weighed>> {
    let befores = game.history();
    let mut out = Vec::with_capacity(befores.len());
    for (i, ply) in game.plies().iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let pos = ply.before;
        let scores = scores_at(engine, &pos, &befores[..i], depth)?;
        let (best, best_score) =
            first_best(&scores).expect("a move was played, so there was a legal move");
        let score = scores
            .iter()
            .find(|&&(m, _)| m == ply.mv)
            .map(|&(_, s)| s)
            .expect("the move played was legal");
        out.push(Weighed {
            side: pos.side(),
            played: ply.mv,
            score: to_seeds(score),
            best,
            best_score: to_seeds(best_score),
            choices: scores.len(),
        });
    }
    Some(out)
}

/// Each side's mistakes (moves losing at least `threshold` seeds) and seeds lost in all.
pub fn totals(weighed: &[Weighed], side: Side, threshold: i32) -> (usize, i32) {
    let mine = weighed.iter().filter(|w| w.side == side);
    (
        mine.clone().filter(|w| w.loss() >= threshold).count(),
        mine.map(|w| w.loss().max(0)).sum(),
    )
}

/// An analysis as the command and the web API print it (JSON).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub depth: u32,
    pub threshold: i32,
    pub plies: Vec<PlyReport>,
    pub south: SideReport,
    pub north: SideReport,
}

#[derive(Clone, Debug, Serialize)]
pub struct PlyReport {
    pub ply: usize,
    pub side: Side,
    #[serde(rename = "move")]
    pub played: String,
    pub score: i32,
    pub best: String,
    pub best_score: i32,
    pub loss: i32,
    pub mistake: bool,
    pub forced: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct SideReport {
    pub mistakes: usize,
    pub lost: i32,
}

/// The report of `weighed` (searched `depth` plies deep), mistakes losing `threshold` seeds
/// or more.
pub fn report(weighed: &[Weighed], depth: u32, threshold: i32) -> Report {
    let side = |s: Side| {
        let (mistakes, lost) = totals(weighed, s, threshold);
        SideReport { mistakes, lost }
    };
    Report {
        depth,
        threshold,
        plies: weighed
            .iter()
            .enumerate()
            .map(|(i, w)| PlyReport {
                ply: i + 1,
                side: w.side,
                played: w.played.to_string(),
                score: w.score,
                best: w.best.to_string(),
                best_score: w.best_score,
                loss: w.loss(),
                mistake: w.loss() >= threshold,
                forced: w.choices == 1,
            })
            .collect(),
        south: side(Side::South),
        north: side(Side::North),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's rules and a position of it.
    fn at(game: &str, position: &str) -> (Rules, mancala_core::Position) {
        let rules = rules_for(&game.parse().unwrap()).unwrap();
        let pos = rules.parse_position(position).unwrap();
        (rules, pos)
    }
    use mancala_core::rules_for;

    /// A hint and the analysis of the same position are one engine call: the move hinted is
    /// the analysis' best move, never a mistake, and an analysis is the same run twice.
    #[test]
    fn hints_equal_the_analysis_best_move_on_the_same_position() {
        use rand::seq::SliceRandom;
        use rand::{SeedableRng, rngs::StdRng};
        let mut rng = StdRng::seed_from_u64(5);
        for id in ["modiar", "mangala-ii", "oware", "kalah"] {
            let rules = rules_for(&id.parse().unwrap()).unwrap();
            let mut g = Game::new(rules.clone());
            let mut e = engine(&rules, None);
            for _ in 0..12 {
                if g.is_over() {
                    break;
                }
                let h = hint(&mut e, &g, 5).unwrap();
                assert!(!h.exact);
                assert_eq!(h.moves.len(), g.legal_moves().len());
                let best = h.moves.iter().map(|&(_, s)| s).max().unwrap();
                assert_eq!(h.score, best, "{id}");
                let mut after = g.clone();
                after.play(h.mv).unwrap();
                let w = weigh(&mut e, &after, 5);
                let last = w.last().unwrap();
                assert_eq!(
                    (last.best, last.loss()),
                    (h.mv, 0),
                    "{id} at {}",
                    g.position()
                );
                assert_eq!(last.best_score, h.score);
                // Move on at random, so later hints see other positions.
                let m = *g.legal_moves().to_vec().choose(&mut rng).unwrap();
                g.play(m).unwrap();
            }
            let mut other = engine(&rules, None);
            assert_eq!(weigh(&mut e, &g, 5), weigh(&mut other, &g, 5), "{id}");
        }
    }

    #[test]
    fn a_move_that_gives_away_a_capture_loses_seeds() {
        // Mangala II: South's F sows its one seed into a (3 → 4) and takes 4; A sows B and C
        // and takes nothing.
        let (rules, pos) = at("mangala-ii", "2-0-0-0-0-1-3-0-0-0-0-2-30-34-S");
        for (mv, lossy) in [("F", false), ("A", true)] {
            let mut g = Game::from_position(rules.clone(), pos);
            g.play_str(mv).unwrap();
            let mut e = AlphaBeta::new(rules.clone());
            let w = weigh(&mut e, &g, 3);
            assert_eq!(w.len(), 1);
            assert_eq!(w[0].side, Side::South);
            assert_eq!(w[0].best.to_string(), "F");
            assert_eq!(w[0].loss() > 0, lossy, "{mv}: {w:?}");
            assert!(w[0].loss() >= 0);
            let (mistakes, lost) = totals(&w, Side::South, 1);
            assert_eq!((mistakes, lost), (lossy as usize, w[0].loss()));
            assert_eq!(totals(&w, Side::North, 1), (0, 0));
        }
    }
}
