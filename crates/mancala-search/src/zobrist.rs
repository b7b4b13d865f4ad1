//! Zobrist hashing of positions: one random key per (cell, count) pair and one for the side.

use mancala_core::{Position, Side};

const CELLS: usize = 18;

/// Keys for every cell (16 pits, 2 scores) and every count a cell can hold.
pub struct Zobrist {
    keys: Box<[[u64; 256]; CELLS]>,
    north: u64,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// The same keys in every run, so hashes (and searches) are reproducible.
    pub fn new() -> Zobrist {
        let mut state = 0x6D61_6E63_616C_6121;
        let mut keys = Box::new([[0u64; 256]; CELLS]);
        for cell in keys.iter_mut() {
            for k in cell.iter_mut() {
                *k = splitmix(&mut state);
            }
        }
        // Count 0 of a pit hashes to 0 so empty pits cost nothing and boards of different
        // sizes stay comparable; the scores keep their own keys.
        for cell in keys.iter_mut().take(16) {
            cell[0] = 0;
        }
        let north = splitmix(&mut state);
        Zobrist { keys, north }
    }

    /// The hash of `pos`: board, scores and side to move.
    #[inline]
    pub fn hash(&self, pos: &Position) -> u64 {
        let mut h = 0u64;
        for (i, &c) in pos.pits().iter().enumerate() {
            h ^= self.keys[i][c as usize];
        }
        h ^= self.keys[16][pos.score(Side::South) as usize];
        h ^= self.keys[17][pos.score(Side::North) as usize];
        if pos.side() == Side::North {
            h ^= self.north;
        }
        h
    }
}

impl Default for Zobrist {
    fn default() -> Self {
        Zobrist::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::rules_for;

    #[test]
    fn hash_tells_side_scores_and_pits_apart() {
        let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
        let z = Zobrist::new();
        let start = rules.start();
        assert_eq!(z.hash(&start), Zobrist::new().hash(&start));
        assert_ne!(z.hash(&start), z.hash(&start.with_side(Side::North)));
        let a = rules.parse_position("2-7-7-7-7-8-2-2-S").unwrap();
        let b = rules.parse_position("7-2-7-7-7-8-2-2-S").unwrap();
        let c = rules.parse_position("2-7-7-7-7-8-4-0-S").unwrap();
        assert_ne!(z.hash(&a), z.hash(&b));
        assert_ne!(z.hash(&a), z.hash(&c));
    }
}
