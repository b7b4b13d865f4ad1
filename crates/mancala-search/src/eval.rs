//! Static evaluation, built from the ruleset so every game (and every resized board) gets one.
//!
//! Terms, from the side to move's view, in 1/16 of a seed:
//! - captures (or the store) so far, a whole seed each;
//! - the best capture the mover can make at once (the threat the mover holds by moving now);
//! - seeds in one's own row, where the end-of-game sweep gives them to their owner;
//! - mobility: pits one can play;
//! - seeds at risk: pits one landing seed would make capturable;
//! - singletons where they cannot be played (Modiar): dead weight that invites captures.
//!
//! The weights of the terms are derived from the ruleset ([`Weights::derived`]) for any board,
//! and for the built-in games with their own rules replaced by weights fitted to self-play
//! games ([`Weights::tuned`], [`crate::tune`]).

use crate::{INF, Score, UNITS_PER_SEED};
use mancala_core::position::byte_sum;
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
    /// For a power-of-two minimum: the bits of a byte that make it playable when any is set.
    min_mask: Option<u64>,
    /// For each count: the seeds at risk in a pit holding it (count + 1 when one more seed
    /// makes it capturable, else 0).
    risk: [u8; 256],
    /// Whether the opponent may capture in a side's own row.
    own_row_capturable: bool,
}

/// Weights fitted by `cargo run --release -p mancala-search --example tune -- GAME` (least
/// squares against the final margins of self-play games, see [`crate::tune`]), for the built-in
/// games with exactly their own rules. A game missing here keeps [`Weights::derived`]: its fit
/// played no better.
const TUNED: &[(&str, Weights)] = &[(
    // `tune -- oware 400 6 1`: squared error 105.97 seeds² against 110.55 for the hand-chosen
    // weights; against them at 50 ms a move, 200 games, 76.2% (+203 Elo, 95% +146 to +259).
    "oware",
    Weights {
        threat: 16,
        own_row: 2,
        mobility: 19,
        at_risk: -1,
        singleton: 4,
    },
)];

impl Weights {
    /// The weights the evaluation of `rules` uses: [`Weights::tuned`] where there are such,
    /// else [`Weights::derived`].
    pub fn for_rules(rules: &Rules) -> Weights {
        Weights::tuned(rules).unwrap_or_else(|| Weights::derived(rules))
    }

    /// The weights fitted for a built-in game, `None` for any other ruleset (a resized board,
    /// a rules file of one's own) and for the games whose fit did not play better.
    pub fn tuned(rules: &Rules) -> Option<Weights> {
        let (_, w) = TUNED.iter().find(|(id, _)| *id == rules.id())?;
        mancala_core::catalog::builtin(rules.id())
            .is_some_and(|b| b == *rules.ruleset())
            .then_some(*w)
    }

    /// The weights chosen by hand from the ruleset alone, for any board: how much the
    /// end-of-game sweep makes seeds in one's row worth, whether feeding makes mobility
    /// matter more, whether there are captures and dead singletons at all.
    pub fn derived(rules: &Rules) -> Weights {
        let r = rules.ruleset();
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
        Weights {
            threat: 8,
            own_row,
            mobility: if r.feeding != mancala_core::ruleset::Feeding::None {
                4
            } else {
                2
            },
            at_risk: if r.capture.counts.is_empty() { 0 } else { 2 },
            singleton: if r.min_seeds >= 2 { 2 } else { 0 },
        }
    }

    /// The weights in the order of [`Terms::values`].
    pub fn to_array(self) -> [Score; 5] {
        [
            self.threat,
            self.own_row,
            self.mobility,
            self.at_risk,
            self.singleton,
        ]
    }

    /// The weights from an array in the order of [`Terms::values`].
    pub fn from_array(a: [Score; 5]) -> Weights {
        let [threat, own_row, mobility, at_risk, singleton] = a;
        Weights {
            threat,
            own_row,
            mobility,
            at_risk,
            singleton,
        }
    }
}

/// The terms of the evaluation of one position, from the side to move's view, each with the
/// sign it counts with: the value is `material * UNITS_PER_SEED` plus each term times its
/// weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Captures (or stores) so far, mine less theirs, in seeds.
    pub material: Score,
    /// The most the mover can capture at once.
    pub threat: Score,
    /// Seeds in my row less seeds in theirs.
    pub own_row: Score,
    /// Pits I can play less pits they can.
    pub mobility: Score,
    /// Seeds they have at risk less mine (0 where no capture is made in one's own row).
    pub at_risk: Score,
    /// Their singletons less mine.
    pub singleton: Score,
}

impl Terms {
    /// The weighted terms, in the order of [`Weights::to_array`].
    pub fn values(&self) -> [Score; 5] {
        [
            self.threat,
            self.own_row,
            self.mobility,
            self.at_risk,
            self.singleton,
        ]
    }
}

impl Evaluator {
    /// The evaluation of `rules` with [`Weights::for_rules`].
    pub fn new(rules: &Rules) -> Evaluator {
        Evaluator::with_weights(rules, Weights::for_rules(rules))
    }

    /// The evaluation of `rules` with the hand-chosen [`Weights::derived`].
    pub fn derived(rules: &Rules) -> Evaluator {
        Evaluator::with_weights(rules, Weights::derived(rules))
    }

    /// The evaluation of `rules` with the given weights.
    pub fn with_weights(rules: &Rules, weights: Weights) -> Evaluator {
        let r = rules.ruleset();
        let mut risk = [0u8; 256];
        for &c in &r.capture.counts {
            if c >= 1 {
                risk[c as usize - 1] = c;
            }
        }
        Evaluator {
            weights,
            min_seeds: r.min_seeds,
            min_mask: r
                .min_seeds
                .is_power_of_two()
                .then(|| !((r.min_seeds as u64 - 1) * 0x0101_0101_0101_0101)),
            risk,
            own_row_capturable: matches!(r.capture.rows, CaptureRows::Both | CaptureRows::Opponent),
        }
    }

    /// The value of `pos` for the side to move; `moves` are its legal moves (not empty).
    #[inline]
    pub fn eval(&self, rules: &Rules, pos: &Position, moves: MoveSet) -> Score {
        self.eval_above(rules, pos, moves, INF)
    }

    /// The value of `pos`, or a lower bound of it that is at least `beta`: the threat term
    /// (the costly one: it looks at every move) is left out when it cannot matter because
    /// the rest already reaches `beta` and the term is never negative. For a search failing
    /// high at `beta`.
    #[inline]
    pub fn eval_above(&self, rules: &Rules, pos: &Position, moves: MoveSet, beta: Score) -> Score {
        let me = pos.side();
        let opp = me.other();
        let w = &self.weights;
        let mut s = (pos.score(me) as Score - pos.score(opp) as Score) * UNITS_PER_SEED;
        let (mine, theirs) = (pos.row_word(me), pos.row_word(opp));
        if w.own_row != 0 {
            s += (byte_sum(mine) as Score - byte_sum(theirs) as Score) * w.own_row;
        }
        if w.mobility != 0 {
            s += (self.playable(mine) - self.playable(theirs)) * w.mobility;
        }
        if w.at_risk != 0 && self.own_row_capturable {
            s -= (self.at_risk(mine) - self.at_risk(theirs)) * w.at_risk;
        }
        if w.singleton != 0 {
            s -= (singletons(mine) - singletons(theirs)) * w.singleton;
        }
        if w.threat != 0 && (s < beta || w.threat < 0) {
            let best = moves
                .into_iter()
                .map(|m| rules.gain(pos, m))
                .max()
                .unwrap_or(0);
            s += best as Score * w.threat;
        }
        s
    }

    /// The terms of the value of `pos` (`moves` its legal moves), unweighted: what the
    /// weights are fitted to. [`Evaluator::eval`] is their weighted sum.
    pub fn terms(&self, rules: &Rules, pos: &Position, moves: MoveSet) -> Terms {
        let me = pos.side();
        let opp = me.other();
        let (mine, theirs) = (pos.row_word(me), pos.row_word(opp));
        Terms {
            material: pos.score(me) as Score - pos.score(opp) as Score,
            threat: moves
                .into_iter()
                .map(|m| rules.gain(pos, m) as Score)
                .max()
                .unwrap_or(0),
            own_row: byte_sum(mine) as Score - byte_sum(theirs) as Score,
            mobility: self.playable(mine) - self.playable(theirs),
            at_risk: if self.own_row_capturable {
                self.at_risk(theirs) - self.at_risk(mine)
            } else {
                0
            },
            singleton: singletons(theirs) - singletons(mine),
        }
    }

    /// Pits of a row word holding at least the minimum to move.
    #[inline(always)]
    fn playable(&self, row: u64) -> Score {
        match self.min_mask {
            Some(keep) => nonzero_bytes(row & keep).count_ones() as Score,
            None => row
                .to_le_bytes()
                .iter()
                .filter(|&&c| c >= self.min_seeds)
                .count() as Score,
        }
    }

    /// Seeds (plus the one that would land) in pits one more seed makes capturable.
    #[inline(always)]
    fn at_risk(&self, row: u64) -> Score {
        row.to_le_bytes()
            .iter()
            .map(|&c| self.risk[c as usize] as Score)
            .sum()
    }
}

/// Bit 8i+7 set when byte i of `w` is non-zero.
#[inline(always)]
fn nonzero_bytes(w: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (((w & LOW7) + LOW7) | w) & !LOW7
}

/// Pits of a row word holding exactly one seed (bytes beyond the row are 0, not 1).
#[inline(always)]
fn singletons(row: u64) -> Score {
    const ONES: u64 = 0x0101_0101_0101_0101;
    (8 - nonzero_bytes(row ^ ONES).count_ones()) as Score
}

/// The settled final score difference for the side to move, in score units.
pub fn settled_value(rules: &Rules, pos: &Position, reason: mancala_core::EndReason) -> Score {
    let p = rules.settle(pos, reason);
    let me: Side = pos.side();
    (p.score(me) as Score - p.score(me.other()) as Score) * UNITS_PER_SEED
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
            assert!((0..=12 * UNITS_PER_SEED).contains(&v), "{id}: {v}");
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
        assert_eq!(va - vb, 12 * UNITS_PER_SEED);
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
            10 * UNITS_PER_SEED
        );
    }
}
