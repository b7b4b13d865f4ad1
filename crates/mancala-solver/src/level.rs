//! Retrograde analysis of one level: every normalised board with the same number of stones.
//!
//! A move without capture stays in the level, a capture goes to a lower level that is already
//! solved, so a level is a graph with cycles whose exits have known values. The value of a
//! board is the share of its stones the mover gets under perfect play, where a game that goes
//! round in circles ends with the stones shared equally (RULINGS.md).
//!
//! The method: for each threshold `k` from `B` down to `B/2 + 1` (B the stones of the level),
//! `W_k` = boards whose mover can force a share of at least `k`, and `L_k` = boards whose
//! opponent can force the mover's share down to at most `B - k`. Both are least fixpoints
//! (attractors): a board is in `W_k` if a move captures into a share of at least `k` or leads to
//! a board of `L_k`; it is in `L_k` if every capture gives at most `B - k` and every other move
//! leads to a board of `W_k`. Each set only grows as `k` falls, so one pass with a counter of
//! moves not yet known to lead into `W` per board computes all of them: a board joins `W` at the
//! largest `k` it can force (its value is `k`) or `L` at the largest `k` its opponent can force
//! (its value is `B - k`). A board in no set for any `k > B/2` can neither be forced below nor
//! force above the split, so its value is `B/2`: it is one that no side can force out of a cycle
//! on better terms.

use crate::game::SolverGame;
use crate::index::Indexer;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// Marks a board whose value is not known yet.
const UNKNOWN: u8 = u8::MAX;
/// Marks a board without a capturing move (no exit).
const NO_EXIT: u8 = u8::MAX;
/// Boards handled as one piece of parallel work.
const CHUNK: usize = 1 << 14;

/// What the level solver reports while it works.
pub trait Progress: Sync {
    /// `done` of `total` units of the current level's work are finished.
    fn advance(&self, done: u64, total: u64);
}

impl Progress for () {
    fn advance(&self, _: u64, _: u64) {}
}

/// Solves level `stones` of `game`: the mover's share for every board, in index order.
/// `lower(b, i)` gives the share of board `i` of the (solved) level `b < stones`.
pub fn solve_level<L>(
    game: &SolverGame,
    ix: &Indexer,
    stones: u32,
    lower: &L,
    progress: &dyn Progress,
) -> Vec<u8>
where
    L: Fn(u32, u64) -> u8 + Sync,
{
    let size = ix.level_size(stones);
    assert!(
        size < u32::MAX as u64,
        "level {stones} has too many boards for 32-bit indices"
    );
    let size = size as usize;
    let b = stones as u8;
    let half = b / 2;
    // Work units for progress: the forward pass counts each board once, the threshold pass
    // each board once more (when it is decided or left at the split).
    let total_work = 2 * size as u64;
    let done = std::sync::atomic::AtomicU64::new(0);
    let tick = |n: usize| {
        let d = done.fetch_add(n as u64, Relaxed) + n as u64;
        progress.advance(d, total_work);
    };

    // Forward pass: the best capture (or the end of the game) and the number of moves that
    // stay in the level, for every board.
    let mut exit = vec![NO_EXIT; size];
    let count: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(0)).collect();
    exit.par_chunks_mut(CHUNK)
        .zip(count.par_chunks(CHUNK))
        .enumerate()
        .for_each(|(c, (ex, cn))| {
            let mut cur = ix.cursor(stones, (c * CHUNK) as u64);
            for k in 0..ex.len() {
                let mut best = NO_EXIT;
                let mut inside = 0u8;
                let end = game.children(cur.board(), |ch| {
                    if ch.captured == 0 {
                        inside += 1;
                    } else {
                        let left = stones - ch.captured as u32;
                        let share = ch.captured + (left as u8 - lower(left, ix.rank(&ch.board)));
                        if best == NO_EXIT || share > best {
                            best = share;
                        }
                    }
                });
                if let Some(share) = end {
                    best = share;
                }
                ex[k] = best;
                cn[k].store(inside, Relaxed);
                if k + 1 < ex.len() {
                    cur.advance();
                }
            }
            tick(ex.len());
        });

    let value: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNKNOWN)).collect();
    let mut decided = 0usize;
    for k in (half + 1..=b).rev() {
        // New seeds at this threshold: a capture worth at least k, or no move left inside the
        // level that avoids W and every capture worth at most B - k.
        //
        // Only boards whose best capture is worth exactly k or B - k can be new seeds: a board
        // with a better capture joined W at a higher threshold, and one whose moves inside the
        // level all lead into W joined L as soon as its captures allowed it (at the first
        // threshold, a board may have no capture at all).
        let (lo, first) = (b - k, k == b);
        let mut frontier: Vec<u32> = exit
            .par_chunks(CHUNK)
            .enumerate()
            .flat_map_iter(|(c, ex)| {
                let base = c * CHUNK;
                let (value, count) = (&value, &count);
                ex.iter().enumerate().filter_map(move |(j, &e)| {
                    if e != k && e != lo && !(first && e == NO_EXIT) {
                        return None;
                    }
                    let i = base + j;
                    if value[i].load(Relaxed) != UNKNOWN {
                        return None;
                    }
                    if e != NO_EXIT && e >= k {
                        value[i].store(k, Relaxed);
                        Some(i as u32)
                    } else if count[i].load(Relaxed) == 0 && (e == NO_EXIT || e <= lo) {
                        value[i].store(lo, Relaxed);
                        Some(i as u32)
                    } else {
                        None
                    }
                })
            })
            .collect();
        while !frontier.is_empty() {
            decided += frontier.len();
            tick(frontier.len());
            frontier = frontier
                .par_chunks(1024)
                .flat_map_iter(|chunk| {
                    let mut next = Vec::new();
                    for &c in chunk {
                        let v = value[c as usize].load(Relaxed);
                        let mover_loses = v < half;
                        let board = ix.unrank(stones, c as u64);
                        game.predecessors(&board, stones, |p| {
                            let i = ix.rank(p) as usize;
                            if value[i].load(Relaxed) != UNKNOWN {
                                return;
                            }
                            if mover_loses {
                                // A move into a board the opponent loses at k: the mover has k.
                                if value[i]
                                    .compare_exchange(UNKNOWN, k, Relaxed, Relaxed)
                                    .is_ok()
                                {
                                    next.push(i as u32);
                                }
                            } else if count[i].fetch_sub(1, Relaxed) == 1 {
                                let e = exit[i];
                                if (e == NO_EXIT || e <= b - k)
                                    && value[i]
                                        .compare_exchange(UNKNOWN, b - k, Relaxed, Relaxed)
                                        .is_ok()
                                {
                                    next.push(i as u32);
                                }
                            }
                        });
                    }
                    next
                })
                .collect();
        }
    }
    tick(size - decided);
    value
        .into_iter()
        .map(|v| match v.into_inner() {
            UNKNOWN => half,
            x => x,
        })
        .collect()
}
