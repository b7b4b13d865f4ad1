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
// `repr(C)` keeps the cells at offset 0, so the 16-byte board word read by sowing lines up
// with the first half of a copy (a read straddling two stores of a copy stalls the processor).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(C)]
pub struct Position {
    pub(crate) cells: [u8; CELLS],
    pub(crate) n: u8,
    pub(crate) side: Side,
}

impl Position {
    /// A position from its parts, unchecked (the pit count must be `1..=MAX_ROW` and the
    /// slices of that length): only [`crate::Rules`] makes positions, checked.
    pub(crate) fn from_parts(
        south: &[u8],
        north: &[u8],
        scores: BySide<u8>,
        side: Side,
    ) -> Position {
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
    #[inline]
    pub fn board_total(&self) -> u32 {
        self.row_total(Side::South) + self.row_total(Side::North)
    }

    /// Seeds in `side`'s row.
    #[inline]
    pub fn row_total(&self, side: Side) -> u32 {
        byte_sum(self.row_word(side))
    }

    /// The pits of `side`'s row as a little-endian word, a byte per pit from the owner's left
    /// (bytes beyond the row are 0): for arithmetic on a whole row at once.
    #[inline(always)]
    pub fn row_word(&self, side: Side) -> u64 {
        let n = self.n as usize;
        let base = side.index() * n;
        // n <= 8, so base + 8 <= 16 stays within the cells.
        let w = u64::from_le_bytes(self.cells[base..base + 8].try_into().expect("8 bytes"));
        w & (u64::MAX >> (64 - 8 * n))
    }

    /// Seeds in the game: board and scores.
    pub fn total(&self) -> u32 {
        self.board_total() + self.score(Side::South) as u32 + self.score(Side::North) as u32
    }

    /// The position as plain words, for hashing: the pits a byte each in sowing order as two
    /// little-endian words (pits beyond the board hold 0), then South's score, North's score
    /// and the side to move (0 South, 1 North) in the low three bytes of the third.
    #[inline(always)]
    pub fn words(&self) -> (u64, u64, u32) {
        let c = &self.cells;
        let lo = u64::from_le_bytes(c[..8].try_into().expect("8 bytes"));
        let hi = u64::from_le_bytes(c[8..16].try_into().expect("8 bytes"));
        let tail = c[16] as u32 | (c[17] as u32) << 8 | (self.side as u32) << 16;
        (lo, hi, tail)
    }

    /// The position as a plain [`Setup`](crate::Setup), e.g. to change it and check it again.
    pub fn setup(&self) -> crate::Setup {
        crate::Setup {
            pits: self.pits().to_vec(),
            scores: self.scores(),
            side: self.side,
        }
    }

    /// The same board with the other side to move.
    pub fn with_side(mut self, side: Side) -> Position {
        self.side = side;
        self
    }
}

/// The sum of the eight bytes of `w` (exact for any bytes: up to 8 x 255).
#[inline(always)]
pub fn byte_sum(w: u64) -> u32 {
    const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
    let pairs = (w & EVEN) + ((w >> 8) & EVEN);
    (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
}

impl fmt::Display for Position {
    /// As its [`Setup`](crate::Setup): the position string of NOTATION.md.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}
