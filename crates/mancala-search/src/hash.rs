//! Position hashing for the transposition table and repetition checks.
//!
//! Sowing changes many pits at once, so the incremental update that makes Zobrist hashing
//! cheap in chess does not apply: a Zobrist hash here costs a table load per pit. Instead the
//! position is read as three words (pits, scores and side) and mixed with two folded 64x64→128
//! multiplications, a handful of instructions with no memory access. The table checks the
//! whole 64-bit key, so a wrong hit needs two positions with equal 64-bit hashes in the
//! same bucket.

use mancala_core::Position;

const K0: u64 = 0x243F_6A88_85A3_08D3;
const K1: u64 = 0x1319_8A2E_0370_7344;
const K2: u64 = 0xA409_3822_299F_31D0;
const K3: u64 = 0x082E_FA98_EC4E_6C89;

/// The low and high halves of the 128-bit product, XORed together.
#[inline(always)]
fn folded_mul(a: u64, b: u64) -> u64 {
    let p = a as u128 * b as u128;
    p as u64 ^ (p >> 64) as u64
}

/// The 64-bit hash of `pos`: board, scores and side to move. The same in every run, so
/// searches are reproducible.
#[inline(always)]
pub fn hash(pos: &Position) -> u64 {
    let (lo, hi, tail) = pos.words();
    let a = folded_mul(lo ^ K0, hi ^ K1);
    folded_mul(a ^ K2, tail as u64 ^ K3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Side, rules_for};
    use std::collections::HashSet;

    #[test]
    fn hash_tells_side_scores_and_pits_apart() {
        let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
        let start = rules.start();
        assert_ne!(hash(&start), hash(&start.with_side(Side::North)));
        let a = rules.parse_position("2-7-7-7-7-8-2-2-S").unwrap();
        let b = rules.parse_position("7-2-7-7-7-8-2-2-S").unwrap();
        let c = rules.parse_position("2-7-7-7-7-8-4-0-S").unwrap();
        let d = rules.parse_position("2-7-7-7-7-8-0-4-S").unwrap();
        let all = [hash(&a), hash(&b), hash(&c), hash(&d)];
        assert_eq!(all.iter().collect::<HashSet<_>>().len(), 4);
    }

    #[test]
    fn no_collisions_and_even_low_bits_over_many_positions() {
        // Every position reached in a breadth-first walk of Mangala II to depth 6 (tens of
        // thousands): all hashes distinct, and the low 8 bits (the table index) spread evenly.
        let rules = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
        let mut seen = HashSet::new();
        let mut level = vec![rules.start()];
        seen.insert(rules.start());
        for _ in 0..6 {
            let mut next = Vec::new();
            for p in &level {
                for m in rules.legal_moves(p) {
                    let mut c = *p;
                    rules.play_unchecked(&mut c, m);
                    if seen.insert(c) {
                        next.push(c);
                    }
                }
            }
            level = next;
        }
        let hashes: HashSet<u64> = seen.iter().map(hash).collect();
        assert_eq!(hashes.len(), seen.len());
        let mut buckets = [0usize; 256];
        for h in &hashes {
            buckets[(*h & 255) as usize] += 1;
        }
        let mean = hashes.len() as f64 / 256.0;
        assert!(mean > 100.0, "{} positions", hashes.len());
        for (i, &b) in buckets.iter().enumerate() {
            assert!(
                (b as f64 - mean).abs() < 6.0 * mean.sqrt() + 1.0,
                "bucket {i}: {b} vs {mean}"
            );
        }
    }
}
