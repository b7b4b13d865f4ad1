//! Positions of two-row games: the pits, each side's captures (or store), the side to move.

use crate::ruleset::MAX_ROW;
use crate::side::{BySide, Side};
use std::fmt;

/// Cells of a position: `2 * MAX_ROW` pits, then South's and North's scores.
pub(crate) const CELLS: usize = 2 * MAX_ROW + 2;
/// Index of `side`'s score cell.
#[inline(always)]
pub(crate) const fn store(side: Side) -> usize {
    2 * MAX_ROW + side as usize
}

/// A position: checked against its ruleset when built by [`crate::Rules`], so every value of
/// this type read from outside holds the game's number of seeds.
///
/// Pit index `i`: `0..n` for South's row (`A`, `B`, ...), `n..2n` for North's (`a`, `b`, ...),
/// which is the counter-clockwise sowing order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) cells: [u8; CELLS],
    pub(crate) n: u8,
    pub(crate) side: Side,
}

impl Position {
    /// A position from its parts, unchecked (the pit count must be `1..=MAX_ROW` and the
    /// slices of that length). Use [`crate::Rules::position`] for a checked one.
    pub fn from_parts(south: &[u8], north: &[u8], scores: BySide<u8>, side: Side) -> Position {
        let n = south.len();
        assert!(
            (1..=MAX_ROW).contains(&n) && north.len() == n,
            "rows must have 1..=8 pits each"
        );
        let mut cells = [0u8; CELLS];
        cells[..n].copy_from_slice(south);
        cells[n..2 * n].copy_from_slice(north);
        cells[store(Side::South)] = scores.south;
        cells[store(Side::North)] = scores.north;
        Position {
            cells,
            n: n as u8,
            side,
        }
    }

    /// Pits per row.
    #[inline(always)]
    pub fn pits_per_row(&self) -> usize {
        self.n as usize
    }

    /// All pits, South's row then North's, in sowing order.
    #[inline(always)]
    pub fn pits(&self) -> &[u8] {
        &self.cells[..2 * self.n as usize]
    }

    /// The pits of `side`'s row, from its owner's left to right.
    #[inline(always)]
    pub fn row(&self, side: Side) -> &[u8] {
        let n = self.n as usize;
        &self.cells[side.index() * n..side.index() * n + n]
    }

    /// Seeds in pit `i` (board index).
    #[inline(always)]
    pub fn pit(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// Captured seeds (or the store) of `side`.
    #[inline(always)]
    pub fn score(&self, side: Side) -> u8 {
        self.cells[store(side)]
    }

    pub fn scores(&self) -> BySide<u8> {
        BySide::new(self.score(Side::South), self.score(Side::North))
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Side {
        self.side
    }

    /// Seeds on the board.
    pub fn board_total(&self) -> u32 {
        self.pits().iter().map(|&c| c as u32).sum()
    }

    /// Seeds in `side`'s row.
    pub fn row_total(&self, side: Side) -> u32 {
        self.row(side).iter().map(|&c| c as u32).sum()
    }

    /// Seeds in the game: board and scores.
    pub fn total(&self) -> u32 {
        self.board_total() + self.score(Side::South) as u32 + self.score(Side::North) as u32
    }

    /// The same board with the other side to move.
    pub fn with_side(mut self, side: Side) -> Position {
        self.side = side;
        self
    }
}

impl fmt::Display for Position {
    /// Aualé-style: South's pits, North's pits, South's score, North's score, side (`S`/`N`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.pits() {
            write!(f, "{c}-")?;
        }
        write!(
            f,
            "{}-{}-{}",
            self.score(Side::South),
            self.score(Side::North),
            self.side.letter()
        )
    }
}
