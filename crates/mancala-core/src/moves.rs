//! Moves (`A`..`H` for South's pits, `a`..`h` for North's, `pass`) and sets of legal moves.

use crate::ruleset::MAX_ROW;
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// A move: sowing one of the mover's pits, or passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Sow pit `pit` (0 = the row's left-most pit from its owner's view) of `side`'s row.
    Sow {
        side: Side,
        pit: u8,
    },
    Pass,
}

impl Move {
    /// The board index of the pit sown (`0..n` South, `n..2n` North), given `n` pits a row.
    #[inline(always)]
    pub fn board_index(self, n: usize) -> Option<usize> {
        match self {
            Move::Sow { side, pit } => Some(side.index() * n + pit as usize),
            Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Sow {
                side: Side::South,
                pit,
            } => write!(f, "{}", (b'A' + pit) as char),
            Move::Sow {
                side: Side::North,
                pit,
            } => write!(f, "{}", (b'a' + pit) as char),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// A move string that is not a pit letter or `pass`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a move ({hint})", crate::text::quoted(.text))]
pub struct MoveSyntaxError {
    /// What was given.
    pub text: String,
    /// What a move is: any game's letters, or one game's ([`crate::Rules::parse_move`]).
    pub hint: String,
}

impl FromStr for Move {
    type Err = MoveSyntaxError;
    fn from_str(s: &str) -> Result<Move, MoveSyntaxError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let bytes = t.as_bytes();
        if bytes.len() == 1 {
            let c = bytes[0];
            if (b'A'..b'A' + MAX_ROW as u8).contains(&c) {
                return Ok(Move::Sow {
                    side: Side::South,
                    pit: c - b'A',
                });
            }
            if (b'a'..b'a' + MAX_ROW as u8).contains(&c) {
                return Ok(Move::Sow {
                    side: Side::North,
                    pit: c - b'a',
                });
            }
        }
        Err(MoveSyntaxError {
            text: s.to_string(),
            hint: "a pit letter A-H for South, a-h for North, or pass".into(),
        })
    }
}

/// The legal moves of a position: a bit per pit of the mover's row, or the single move `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveSet {
    pub(crate) bits: u16,
    pub(crate) pass: bool,
    pub(crate) side: Side,
}

impl MoveSet {
    pub(crate) const fn empty(side: Side) -> MoveSet {
        MoveSet {
            bits: 0,
            pass: false,
            side,
        }
    }

    /// Number of legal moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.bits.count_ones() as usize + self.pass as usize
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.bits == 0 && !self.pass
    }

    pub fn contains(&self, m: Move) -> bool {
        match m {
            Move::Pass => self.pass,
            Move::Sow { side, pit } => {
                side == self.side && (pit as usize) < 16 && self.bits & (1 << pit) != 0
            }
        }
    }

    /// The pit bits of the mover's row (bit i = pit i of the row).
    pub fn pit_bits(&self) -> u16 {
        self.bits
    }

    pub fn iter(&self) -> MoveSetIter {
        MoveSetIter {
            bits: self.bits,
            pass: self.pass,
            side: self.side,
        }
    }

    /// The moves as a `Vec`, in pit order.
    pub fn to_vec(&self) -> Vec<Move> {
        self.iter().collect()
    }
}

impl fmt::Display for MoveSet {
    /// The moves separated by spaces, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, m) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl IntoIterator for MoveSet {
    type Item = Move;
    type IntoIter = MoveSetIter;
    fn into_iter(self) -> MoveSetIter {
        self.iter()
    }
}

impl IntoIterator for &MoveSet {
    type Item = Move;
    type IntoIter = MoveSetIter;
    fn into_iter(self) -> MoveSetIter {
        self.iter()
    }
}

pub struct MoveSetIter {
    bits: u16,
    pass: bool,
    side: Side,
}

impl Iterator for MoveSetIter {
    type Item = Move;
    #[inline(always)]
    fn next(&mut self) -> Option<Move> {
        if self.bits != 0 {
            let pit = self.bits.trailing_zeros() as u8;
            self.bits &= self.bits - 1;
            Some(Move::Sow {
                side: self.side,
                pit,
            })
        } else if self.pass {
            self.pass = false;
            Some(Move::Pass)
        } else {
            None
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize + self.pass as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveSetIter {}
