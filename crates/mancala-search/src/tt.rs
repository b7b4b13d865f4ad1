//! The transposition table: buckets of two entries (one kept by depth, one always replaced),
//! indexed by the low bits of the position hash and checked against the whole hash.
//!
//! The table is shared by the threads of a search without locks. Each entry is two 64-bit
//! words, the data and the key XORed with the data, written and read with relaxed atomics:
//! an entry torn by two threads writing at once no longer matches any key, so a probe never
//! returns another position's data (the scheme of Hyatt and Mann's "lockless hashing").

use crate::Score;
use std::alloc::{Layout, alloc_zeroed};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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

/// One entry: `check` is the key XORed with `data`; `data` packs score (bits 0-15), depth
/// (16-23), bound (24-25; 0 = empty), [`Entry::line`] (26) and move (32-39).
#[repr(C)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub score: Score,
    pub depth: u8,
    pub bound: Bound,
    /// The best or refuting move: pit index in the mover's row, 8 for `pass`, [`NO_MOVE`].
    pub mv: u8,
    /// The score holds for the line of play it was found on, perhaps not for another line to
    /// the same position (where a repetition's value depends on the position it closes on).
    pub line: bool,
}

pub struct Table {
    slots: Vec<[Slot; 2]>,
    mask: usize,
}

/// A table the memory could not be found for (its size is the user's to choose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {mib} MiB hash table: out of memory")]
pub struct AllocError {
    pub mib: usize,
}

/// `n` buckets of empty slots, from zeroed memory (one pass over the pages, by `clear`, instead
/// of writing zeros twice); `None` when the allocator has no room.
fn zeroed_buckets(n: usize) -> Option<Vec<[Slot; 2]>> {
    let layout = Layout::array::<[Slot; 2]>(n).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the memory comes from the global allocator with the layout of `n` buckets, and
    // all-zero bytes are a valid bucket (four `AtomicU64`s holding 0, the empty slot).
    unsafe {
        let p = alloc_zeroed(layout) as *mut [Slot; 2];
        if p.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(p, n, n))
    }
}

impl Table {
    /// A table of about `mib` MiB (rounded down to a power of two buckets, at least one).
    /// Panics when there is no memory for it: for the small tables of fixed size; a size the
    /// user chose goes through [`Self::try_with_mib`].
    pub fn with_mib(mib: usize) -> Table {
        Table::try_with_mib(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mib` MiB, or an error when the memory cannot be had (never an abort).
    pub fn try_with_mib(mib: usize) -> Result<Table, AllocError> {
        let error = AllocError { mib };
        let bytes = mib.max(1).checked_mul(1 << 20).ok_or(error)?;
        let buckets = bytes / std::mem::size_of::<[Slot; 2]>();
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let table = Table {
            slots: zeroed_buckets(buckets).ok_or(error)?,
            mask: buckets - 1,
        };
        // Write every page now, once. Left to the search, each page would fault twice (read
        // as the shared zero page, then copied on the first write), and in a search with
        // several threads each such fault stalls every thread of the process (measured: a
        // third of the speed lost on two threads).
        table.clear();
        Ok(table)
    }

    /// Empties the table (between games; not while a search runs).
    pub fn clear(&self) {
        for s in self.slots.iter().flatten() {
            s.check.store(0, Relaxed);
            s.data.store(0, Relaxed);
        }
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
            let data = s.data.load(Relaxed);
            if s.check.load(Relaxed) ^ data != key {
                continue;
            }
            let bound = match (data >> 24) & 3 {
                0 => continue,
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            };
            return Some(Entry {
                score: data as u16 as i16 as Score,
                depth: (data >> 16) as u8,
                bound,
                mv: (data >> 32) as u8,
                line: data >> 26 & 1 == 1,
            });
        }
        None
    }

    /// Keeps `score` for `key`, found `depth` plies deep, with its bound, its move and whether
    /// it holds only for its `line` ([`Entry::line`]).
    #[inline]
    pub fn store(&self, key: u64, score: Score, depth: u8, bound: Bound, mv: u8, line: bool) {
        let flags: u64 = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        } | (line as u64) << 2;
        let data =
            score as i16 as u16 as u64 | (depth as u64) << 16 | flags << 24 | (mv as u64) << 32;
        let bucket = &self.slots[key as usize & self.mask];
        let first = &bucket[0];
        let d0 = first.data.load(Relaxed);
        let k0 = first.check.load(Relaxed) ^ d0;
        let slot = if k0 == key || (d0 >> 24) & 3 == 0 || depth >= (d0 >> 16) as u8 {
            first
        } else {
            &bucket[1]
        };
        slot.data.store(data, Relaxed);
        slot.check.store(key ^ data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_whole_key() {
        let t = Table::with_mib(1);
        t.store(12345, -17, 4, Bound::Lower, 2, false);
        let e = t.probe(12345).unwrap();
        assert_eq!(
            (e.score, e.depth, e.bound, e.mv, e.line),
            (-17, 4, Bound::Lower, 2, false)
        );
        assert!(t.probe(12345 + (1 << 40)).is_none());
        // A shallower entry for another key of the same bucket goes to the second slot.
        let other = 12345 + (t.mask as u64 + 1);
        t.store(other, 3, 1, Bound::Exact, 0, false);
        assert!(t.probe(12345).is_some());
        assert_eq!(t.probe(other).unwrap().score, 3);
        // Extreme scores, the solved depth and the line flag survive the packing.
        for line in [false, true] {
            t.store(99, -30_000, SOLVED_DEPTH, Bound::Upper, NO_MOVE, line);
            let e = t.probe(99).unwrap();
            assert_eq!(
                (e.score, e.depth, e.bound, e.mv, e.line),
                (-30_000, SOLVED_DEPTH, Bound::Upper, NO_MOVE, line)
            );
        }
        t.clear();
        assert!(t.probe(12345).is_none());
        assert!(
            t.probe(0).is_none(),
            "an empty slot matches no key, not even 0"
        );
    }

    #[test]
    fn a_torn_entry_matches_no_key() {
        let t = Table::with_mib(1);
        t.store(777, 5, 3, Bound::Exact, 1, false);
        // Another thread's data lands without its check word.
        let s = &t.slots[777 & t.mask][0];
        s.data.store(9 | 7 << 16 | 1 << 24, Relaxed);
        assert!(t.probe(777).is_none());
    }

    #[test]
    fn threads_storing_at_once_never_read_a_foreign_entry() {
        // Four threads hammer a tiny table with keys whose data encodes the key; every hit
        // must carry its own key's data.
        let t = Table::with_mib(1);
        std::thread::scope(|s| {
            for th in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = ((i * 4 + th) % 5000).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                        let score = (key % 1000) as Score;
                        if i % 3 == 0 {
                            if let Some(e) = t.probe(key) {
                                assert_eq!(e.score, score);
                            }
                        } else {
                            t.store(key, score, (i % 20) as u8, Bound::Exact, 0, i % 2 == 0);
                        }
                    }
                });
            }
        });
    }
}
