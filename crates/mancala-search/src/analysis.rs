//! A game weighed move by move: what each move played was worth, what the best move was worth,
//! and so the seeds it lost. Every position is searched to the same depth with every root
//! move's exact score at that depth ([`AlphaBeta::root_scores`]), so an analysis is
//! reproducible; with an oracle set on the engine, covered positions get exact values.

use crate::alphabeta::AlphaBeta;
use crate::{Score, to_seeds};
use mancala_core::{Game, Move, Side};
use serde::Serialize;

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

/// Every move of `game` weighed by `engine` searching `depth` plies below it.
pub fn weigh(engine: &mut AlphaBeta, game: &Game, depth: u32) -> Vec<Weighed> {
    let befores = game.history();
    let mut out = Vec::with_capacity(befores.len());
    for (i, ply) in game.plies().iter().enumerate() {
        let pos = ply.before;
        let scores = engine.root_scores(&pos, &befores[..i], depth);
        // The first of the best in move order, so ties are settled the same way every time.
        let (best, best_score) = scores
            .iter()
            .copied()
            .fold(None, |acc: Option<(Move, Score)>, (m, s)| match acc {
                Some((_, b)) if b >= s => acc,
                _ => Some((m, s)),
            })
            .expect("a move was played, so there was a legal move");
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
    out
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
    use mancala_core::rules_for;

    #[test]
    fn a_move_that_gives_away_a_capture_loses_seeds() {
        // Mangala II: South's F sows its one seed into a (3 → 4) and takes 4; A sows B and C
        // and takes nothing.
        let rules = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
        let pos = rules
            .parse_position("2-0-0-0-0-1-3-0-0-0-0-1-30-35-S")
            .unwrap();
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
