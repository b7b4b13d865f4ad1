//! The transposition table: buckets of two entries (one kept by depth, one always replaced),
//! indexed by the low bits of the Zobrist hash and checked against the whole hash.

use crate::Score;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The value is at least the score (a cut-off).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

/// Depth stored for a subtree searched to the end of the game everywhere: valid at any depth.
pub const SOLVED_DEPTH: u8 = u8::MAX;
/// No move stored.
pub const NO_MOVE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    score: i16,
    depth: u8,
    /// Bits 0-1 bound (0 = empty), bits 2-7 unused.
    flags: u8,
    mv: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub score: Score,
    pub depth: u8,
    pub bound: Bound,
    /// The best or refuting move: pit index in the mover's row, 8 for `pass`, [`NO_MOVE`].
    pub mv: u8,
}

pub struct Table {
    slots: Vec<[Slot; 2]>,
    mask: usize,
}

impl Table {
    /// A table of about `mib` MiB (rounded down to a power of two buckets, at least one).
    pub fn with_mib(mib: usize) -> Table {
        let buckets = (mib.max(1) << 20) / std::mem::size_of::<[Slot; 2]>();
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        Table {
            slots: vec![[Slot::default(); 2]; buckets],
            mask: buckets - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots
            .iter_mut()
            .for_each(|b| *b = [Slot::default(); 2]);
    }

    /// Asks the processor to bring `key`'s bucket into the cache ahead of a probe.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.slots.as_ptr().wrapping_add(key as usize & self.mask) as *const i8;
            // SAFETY: prefetching is a hint; it never faults, whatever the address.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.slots[key as usize & self.mask];
        for s in bucket {
            if s.key == key && s.flags & 3 != 0 {
                let bound = match s.flags & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(Entry {
                    score: s.score as Score,
                    depth: s.depth,
                    bound,
                    mv: s.mv,
                });
            }
        }
        None
    }

    #[inline]
    pub fn store(&mut self, key: u64, score: Score, depth: u8, bound: Bound, mv: u8) {
        let flags = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let slot = Slot {
            key,
            score: score as i16,
            depth,
            flags,
            mv,
        };
        let bucket = &mut self.slots[key as usize & self.mask];
        if bucket[0].key == key || bucket[0].flags == 0 || depth >= bucket[0].depth {
            bucket[0] = slot;
        } else {
            bucket[1] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_whole_key() {
        let mut t = Table::with_mib(1);
        t.store(12345, -17, 4, Bound::Lower, 2);
        let e = t.probe(12345).unwrap();
        assert_eq!((e.score, e.depth, e.bound, e.mv), (-17, 4, Bound::Lower, 2));
        assert!(t.probe(12345 + (1 << 40)).is_none());
        // A shallower entry for another key of the same bucket goes to the second slot.
        let other = 12345 + (t.mask as u64 + 1);
        t.store(other, 3, 1, Bound::Exact, 0);
        assert!(t.probe(12345).is_some());
        assert_eq!(t.probe(other).unwrap().score, 3);
        t.clear();
        assert!(t.probe(12345).is_none());
    }
}
