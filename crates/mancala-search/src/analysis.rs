//! A game weighed move by move: what each move played was worth, what the best move was worth,
//! and so the seeds it lost. Every position is searched to the same depth with every root
//! move's exact score at that depth ([`AlphaBeta::root_scores`]), so an analysis is
//! reproducible; with an oracle set on the engine, covered positions get exact values.

use crate::alphabeta::AlphaBeta;
use crate::{SEED, Score};
use mancala_core::{Game, Move, Position, Side};

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

fn seeds(s: Score) -> i32 {
    (s as f64 / SEED as f64).round() as i32
}

/// Every move of `game` weighed by `engine` searching `depth` plies below it.
pub fn weigh(engine: &mut AlphaBeta, game: &Game, depth: u32) -> Vec<Weighed> {
    let befores: Vec<Position> = game.plies().iter().map(|p| p.before).collect();
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
            score: seeds(score),
            best,
            best_score: seeds(best_score),
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
