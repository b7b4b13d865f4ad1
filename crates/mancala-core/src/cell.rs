//! Cells of a two-row board: a pit of a side's row, or a side's store (or capture pile), and
//! their one numbering for callers: `0..n` South's pits (`A`...), `n..2n` North's (`a`...),
//! then `2n` South's store and `2n + 1` North's.

use crate::side::Side;
use serde::Serialize;

/// A cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Pit `pit` (0 = the owner's left-most) of `side`'s row.
    Pit { side: Side, pit: u8 },
    /// `side`'s store (stores games), or the pile of its captures.
    Store(Side),
}

impl Cell {
    /// The cell's number on a board of `n` pits a row (see the module's top).
    pub fn index(self, n: usize) -> usize {
        match self {
            Cell::Pit { side, pit } => side.index() * n + pit as usize,
            Cell::Store(side) => 2 * n + side.index(),
        }
    }

    /// The cell numbered `i` on a board of `n` pits a row; `None` beyond `2n + 1`.
    pub fn from_index(i: usize, n: usize) -> Option<Cell> {
        let side = |k: usize| if k == 0 { Side::South } else { Side::North };
        match i {
            i if i < 2 * n => Some(Cell::Pit {
                side: side(i / n),
                pit: (i % n) as u8,
            }),
            i if i < 2 * n + 2 => Some(Cell::Store(side(i - 2 * n))),
            _ => None,
        }
    }

    /// The cell of a position's raw cell number (pits `0..2n`, stores after the largest row).
    /// No division: the rules call it for every move they make.
    #[inline]
    pub(crate) fn from_raw(raw: usize, n: usize) -> Cell {
        let store0 = crate::position::store(Side::South);
        if raw < n {
            Cell::Pit {
                side: Side::South,
                pit: raw as u8,
            }
        } else if raw < 2 * n {
            Cell::Pit {
                side: Side::North,
                pit: (raw - n) as u8,
            }
        } else if raw == store0 {
            Cell::Store(Side::South)
        } else {
            debug_assert_eq!(raw, store0 + 1, "a cell of the board");
            Cell::Store(Side::North)
        }
    }
}

impl Serialize for Cell {
    /// As its letter (`C`, `b`) or `S*`/`N*` for a store.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Cell::Pit { side, pit } => {
                s.serialize_str(&crate::moves::Move::Sow { side, pit }.to_string())
            }
            Cell::Store(side) => s.serialize_str(&format!("{}*", side.letter())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_number_maps_back_to_itself() {
        for n in 1..=crate::ruleset::MAX_ROW {
            for i in 0..2 * n + 2 {
                let c = Cell::from_index(i, n).unwrap();
                assert_eq!(c.index(n), i);
            }
            assert_eq!(Cell::from_index(2 * n + 2, n), None);
            assert_eq!(Cell::from_index(2 * n, n), Some(Cell::Store(Side::South)));
        }
    }
}
