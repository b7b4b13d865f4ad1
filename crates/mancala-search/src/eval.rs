//! Static evaluation, built from the ruleset so every game (and every resized board) gets one.
//!
//! Terms, from the side to move's view, in 1/16 of a seed:
//! - captures (or the store) so far, a whole seed each;
//! - the best capture the mover can make at once (the threat the mover holds by moving now);
//! - seeds in one's own row, where the end-of-game sweep gives them to their owner;
//! - mobility: pits one can play;
//! - seeds at risk: pits one landing seed would make capturable;
//! - singletons where they cannot be played (Modiar): dead weight that invites captures.

use crate::{SEED, Score};
use mancala_core::ruleset::{CaptureRows, End, Leftover};
use mancala_core::{MoveSet, Position, Rules, Side};

/// Weights of the terms, in 1/16 seed (per seed, per pit or per move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub threat: Score,
    pub own_row: Score,
    pub mobility: Score,
    pub at_risk: Score,
    pub singleton: Score,
}

#[derive(Clone, Debug)]
pub struct Evaluator {
    pub weights: Weights,
    min_seeds: u8,
    /// Counts that one more seed makes capturable (bit c).
    risky: [bool; 256],
    /// Whether the opponent may capture in a side's own row.
    own_row_capturable: bool,
}

impl Evaluator {
    pub fn new(rules: &Rules) -> Evaluator {
        let r = rules.ruleset();
        let mut risky = [false; 256];
        for &c in &r.capture.counts {
            if c >= 1 {
                risky[c as usize - 1] = true;
            }
        }
        let sweep = r.leftover == Leftover::OwnRow;
        let End {
            no_legal_move,
            row_empty,
            empty_board,
            majority,
        } = r.end;
        let own_row = if !sweep {
            0
        } else if r.stores || row_empty {
            6
        } else if no_legal_move && !majority {
            3
        } else if empty_board {
            0
        } else {
            1
        };
        let weights = Weights {
            threat: 8,
            own_row,
            mobility: if r.feeding != mancala_core::ruleset::Feeding::None {
                4
            } else {
                2
            },
            at_risk: if r.capture.counts.is_empty() { 0 } else { 2 },
            singleton: if r.min_seeds >= 2 { 2 } else { 0 },
        };
        Evaluator {
            weights,
            min_seeds: r.min_seeds,
            risky,
            own_row_capturable: matches!(r.capture.rows, CaptureRows::Both | CaptureRows::Opponent),
        }
    }

    /// The value of `pos` for the side to move; `moves` are its legal moves (not empty).
    #[inline]
    pub fn eval(&self, rules: &Rules, pos: &Position, moves: MoveSet) -> Score {
        let me = pos.side();
        let opp = me.other();
        let w = &self.weights;
        let mut s = (pos.score(me) as Score - pos.score(opp) as Score) * SEED;
        if w.threat != 0 {
            let mut best = 0;
            for m in moves {
                if !rules.may_score(pos, m) {
                    continue;
                }
                let mut p = *pos;
                let eff = rules.play_unchecked(&mut p, m);
                best = best
                    .max(p.score(me) as Score - pos.score(me) as Score + eff.extra_turn as Score);
            }
            s += best * w.threat;
        }
        let (mine, theirs) = (pos.row(me), pos.row(opp));
        let mut t = 0;
        t += (row_sum(mine) - row_sum(theirs)) * w.own_row;
        if w.mobility != 0 {
            t += (self.playable(mine) - self.playable(theirs)) * w.mobility;
        }
        if w.at_risk != 0 && self.own_row_capturable {
            t -= (self.at_risk(mine) - self.at_risk(theirs)) * w.at_risk;
        }
        if w.singleton != 0 {
            t -= (singletons(mine) - singletons(theirs)) * w.singleton;
        }
        s + t
    }

    fn playable(&self, row: &[u8]) -> Score {
        row.iter().filter(|&&c| c >= self.min_seeds).count() as Score
    }

    fn at_risk(&self, row: &[u8]) -> Score {
        row.iter()
            .filter(|&&c| self.risky[c as usize])
            .map(|&c| c as Score + 1)
            .sum()
    }
}

fn row_sum(row: &[u8]) -> Score {
    row.iter().map(|&c| c as Score).sum()
}

fn singletons(row: &[u8]) -> Score {
    row.iter().filter(|&&c| c == 1).count() as Score
}

/// The settled final score difference for the side to move, in score units.
pub fn settled_value(rules: &Rules, pos: &Position, reason: mancala_core::EndReason) -> Score {
    let p = rules.settle(pos, reason);
    let me: Side = pos.side();
    (p.score(me) as Score - p.score(me.other()) as Score) * SEED
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::rules_for;

    fn rules(id: &str) -> Rules {
        rules_for(&id.parse().unwrap()).unwrap()
    }

    #[test]
    fn start_positions_are_even_but_for_the_move() {
        for id in ["modiar", "mangala-ii", "oware", "kalah"] {
            let r = rules(id);
            let e = Evaluator::new(&r);
            let s = r.start();
            let v = e.eval(&r, &s, r.legal_moves(&s));
            // Only the threat term (what the mover can take now) may differ from zero.
            assert!((0..=12 * SEED).contains(&v), "{id}: {v}");
        }
    }

    #[test]
    fn captures_count_a_seed_each() {
        let r = rules("mangala-ii");
        let e = Evaluator::new(&r);
        let a = r.parse_position("6-6-6-6-6-6-6-6-6-6-6-0-6-0-S").unwrap();
        let b = r.parse_position("6-6-6-6-6-6-6-6-6-6-6-0-0-6-S").unwrap();
        let va = e.eval(&r, &a, r.legal_moves(&a));
        let vb = e.eval(&r, &b, r.legal_moves(&b));
        assert_eq!(va - vb, 12 * SEED);
        // From the other side's view the material term flips.
        let an = a.with_side(Side::North);
        let van = e.eval(&r, &an, r.legal_moves(&an));
        assert!(van < 0);
    }

    #[test]
    fn settled_value_shares_on_repetition() {
        let r = rules("mangala-ii");
        let p = r.parse_position("1-0-0-0-0-0-1-0-0-0-0-0-40-30-S").unwrap();
        assert_eq!(
            settled_value(&r, &p, mancala_core::EndReason::Repetition),
            10 * SEED
        );
    }
}
