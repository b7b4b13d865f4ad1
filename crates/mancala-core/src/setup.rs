//! Unchecked positions: a [`Setup`] is what a position string says (pit counts, the two scores,
//! the side to move), parsed and printed by `FromStr`/`Display` here and nowhere else. A
//! checked [`crate::Position`] comes only from [`crate::Rules::position`], which says exactly
//! what does not fit the game.

use crate::side::{BySide, Side};
use std::fmt;
use std::str::FromStr;

/// A position as written, not yet checked against any game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pits in sowing order: South's row from his left, then North's from his left.
    pub pits: Vec<u8>,
    /// Each side's captures (or store).
    pub scores: BySide<u8>,
    /// The side to move.
    pub side: Side,
}

/// What is wrong with the text of a position, naming the field (1-based, in the string).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(
        "position '{}': expected the pits of two rows, two scores and the side to move separated by '-', found {found} fields",
        crate::text::quoted(.text)
    )]
    FieldCount { text: String, found: usize },
    #[error("position field {index}: '{}' is not a whole number", crate::text::quoted(.value))]
    NotANumber { index: usize, value: String },
    #[error("position field {index}: {} is more than a cell can hold (255)", crate::text::quoted(.value))]
    TooLarge { index: usize, value: String },
    #[error("position field {index} (side to move): '{}' is not S or N", crate::text::quoted(.value))]
    Side { index: usize, value: String },
}

impl Setup {
    /// Pits per row.
    pub fn pits_per_row(&self) -> usize {
        self.pits.len() / 2
    }
}

impl FromStr for Setup {
    type Err = SetupError;
    /// `A-B-...-a-b-...-south-north-S|N` (NOTATION.md), any number of pits a row.
    fn from_str(text: &str) -> Result<Setup, SetupError> {
        let fields: Vec<&str> = text.trim().split('-').collect();
        if fields.len() < 5 || fields.len().is_multiple_of(2) {
            return Err(SetupError::FieldCount {
                text: text.to_string(),
                found: fields.len(),
            });
        }
        let (counts, last) = fields.split_at(fields.len() - 1);
        let mut cells = Vec::with_capacity(counts.len());
        for (k, f) in counts.iter().enumerate() {
            let v = f.trim();
            if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                return Err(SetupError::NotANumber {
                    index: k + 1,
                    value: v.to_string(),
                });
            }
            cells.push(v.parse::<u8>().map_err(|_| SetupError::TooLarge {
                index: k + 1,
                value: v.to_string(),
            })?);
        }
        let side = match last[0].trim() {
            "S" => Side::South,
            "N" => Side::North,
            v => {
                return Err(SetupError::Side {
                    index: fields.len(),
                    value: v.to_string(),
                });
            }
        };
        let north = cells.pop().expect("at least five fields");
        let south = cells.pop().expect("at least five fields");
        Ok(Setup {
            pits: cells,
            scores: BySide::new(south, north),
            side,
        })
    }
}

impl fmt::Display for Setup {
    /// Aualé-style: South's pits, North's pits, South's score, North's score, side (`S`/`N`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.pits {
            write!(f, "{c}-")?;
        }
        write!(
            f,
            "{}-{}-{}",
            self.scores.south,
            self.scores.north,
            self.side.letter()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setups_read_and_print_back() {
        for t in [
            "7-7-7-7-7-7-0-0-S",
            "1-0-3-40-N",
            "0-0-0-0-0-0-0-0-0-0-0-0-36-36-N",
        ] {
            let s: Setup = t.parse().unwrap();
            assert_eq!(s.to_string(), t);
        }
        let s: Setup = "1-2-3-4-5-6-7-8-S".parse().unwrap();
        assert_eq!((s.pits_per_row(), s.scores.north), (3, 8));
    }

    #[test]
    fn bad_setups_name_the_field() {
        for (t, want) in [
            ("1-2-S", "found 3 fields"),
            ("1-2-3-4-5-S", "found 6 fields"),
            ("1-x-3-4-S", "field 2: 'x'"),
            ("1-2-3-999-S", "field 4: 999"),
            ("1-2-3-4-W", "field 5 (side to move): 'W'"),
        ] {
            let e = t.parse::<Setup>().unwrap_err().to_string();
            assert!(e.contains(want), "{t}: {e}");
        }
    }
}
