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
use crate::index::{Cursor, Indexer};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// Marks a board without a capturing move (no exit).
pub(crate) const NO_EXIT: u8 = u8::MAX;
/// The high bit of a board's state byte: set when its value is known (the low seven bits),
/// clear while it is not (the low bits count its moves inside the level not yet known to lead
/// into `W`).
pub(crate) const DECIDED: u8 = 0x80;
/// The largest number of stones a level may hold: values live in seven bits of the state byte.
pub const MAX_LEVEL: u32 = 127;
/// Boards handled as one piece of parallel work (a multiple of 64: whole bitmap words).
pub(crate) const CHUNK: usize = 1 << 14;
/// Boards a cursor steps over rather than unrank the next board waiting in a bitmap word.
pub(crate) const STEPS: usize = 6;
/// Boards of the forward pass whose captures are looked up together.
const GROUP: usize = 16;
/// Bitmap words handled as one piece of parallel work in a propagation sweep.
const WORDS: usize = CHUNK / 64;

/// Bytes of memory the build of a level of `boards` boards needs: the exit and state bytes
/// and the bitmap of boards waiting to be propagated.
pub fn memory_needed(boards: u64) -> u64 {
    boards * 2 + boards.div_ceil(64) * 8
}

/// What the level solver reports while it works.
pub trait Progress: Sync {
    /// `done` of `total` units of the current level's work are finished.
    fn advance(&self, done: u64, total: u64);
}

impl Progress for () {
    fn advance(&self, _: u64, _: u64) {}
}

/// How the boards of a level end under perfect play, from the side to move's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

/// Asks for the cache line of `x` ahead of its use.
#[inline(always)]
fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // Safety: a prefetch is only a hint; the address is that of a live reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            x as *const T as *const i8,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// Views bytes as atomic bytes.
pub(crate) fn atomic(bytes: &mut [u8]) -> &[AtomicU8] {
    // Safety: AtomicU8 has the size, alignment and bit validity of u8, and the exclusive
    // borrow guarantees no other access while the atomic view lives.
    unsafe { &*(bytes as *mut [u8] as *const [AtomicU8]) }
}

/// Solves level `stones` of `game`: the mover's share for every board, in index order, and
/// how many boards are won, drawn and lost.
/// `lower[b][i]` is the share of board `i` of the (solved) level `b < stones` (levels of the
/// other parity: empty).
pub fn solve_level(
    game: &SolverGame,
    ix: &Indexer,
    stones: u32,
    lower: &[&[u8]],
    progress: &dyn Progress,
) -> (Vec<u8>, LevelStats) {
    assert!(
        stones <= MAX_LEVEL,
        "level {stones}: values are kept in seven bits"
    );
    let size = usize::try_from(ix.level_size(stones)).expect("the level fits the address space");
    let b = stones as u8;
    let half = b / 2;
    // Work units for progress: the forward pass counts each board once, the threshold pass
    // each board once more (when it is decided or left at the split).
    let total_work = 2 * size as u64;
    let done = AtomicU64::new(0);
    let tick = |n: u64| {
        if n > 0 {
            let d = done.fetch_add(n, Relaxed) + n;
            progress.advance(d, total_work);
        }
    };

    let t_start = std::time::Instant::now();
    let mut t_seed = std::time::Duration::ZERO;
    let mut sweeps = 0u32;
    // Forward pass: the best capture (or the end of the game) and the number of moves that
    // stay in the level, for every board.
    let mut exit = vec![NO_EXIT; size];
    let mut state = vec![0u8; size];
    exit.par_chunks_mut(CHUNK)
        .zip(state.par_chunks_mut(CHUNK))
        .enumerate()
        .for_each(|(c, (ex, st))| {
            let mut cur = ix.cursor(stones, (c * CHUNK) as u64);
            // The captures of a group of boards: their lower-level entries are prefetched as
            // they are found, and read once the group's moves are all generated (the cache
            // misses of the random lookups overlap).
            let mut caps: Vec<(u32, u8, u8, u64)> = Vec::with_capacity(GROUP * 8);
            for g in (0..ex.len()).step_by(GROUP) {
                for k in g..(g + GROUP).min(ex.len()) {
                    // Captures are valued below: 0 until then.
                    (ex[k], st[k]) = forward(game, cur.board(), |ch| {
                        let left = stones as u8 - ch.captured;
                        let i = ix.rank(&ch.board);
                        prefetch(&lower[left as usize][i as usize]);
                        caps.push((k as u32, ch.captured, left, i));
                        0
                    });
                    if k + 1 < ex.len() {
                        cur.advance();
                    }
                }
                for &(k, captured, left, i) in &caps {
                    let share =
                        capture_share(captured, left as u32, lower[left as usize][i as usize]);
                    let e = &mut ex[k as usize];
                    *e = (*e).max(share);
                }
                caps.clear();
            }
            tick(ex.len() as u64);
        });

    let t_forward = t_start.elapsed();
    let exit = &exit[..];
    let st = atomic(&mut state);
    // Boards decided whose predecessors are still to be told, one bit a board.
    let pending: Vec<AtomicU64> = (0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
    let waiting = AtomicU64::new(0);
    // Counted in `waiting` by the caller, once a piece of work.
    let mark = |i: usize| {
        pending[i / 64].fetch_or(1 << (i % 64), Relaxed);
    };
    let mut decided = 0u64;
    for k in (half + 1..=b).rev() {
        // New seeds at this threshold (`seed_candidate`, `seed`).
        let first = k == b;
        let th = Threshold { k, lo: b - k };
        let t0 = std::time::Instant::now();
        exit.par_chunks(CHUNK).enumerate().for_each(|(c, ex)| {
            let base = c * CHUNK;
            let mut marked = 0u64;
            for (j, &e) in ex.iter().enumerate() {
                if !seed_candidate(e, th, first) {
                    continue;
                }
                let i = base + j;
                if let Some(new) = seed(e, st[i].load(Relaxed), th) {
                    st[i].store(new, Relaxed);
                    mark(i);
                    marked += 1;
                }
            }
            waiting.fetch_add(marked, Relaxed);
        });
        t_seed += t0.elapsed();
        // Propagation along the moves played backwards, in sweeps over the bitmap: a board
        // decided behind a sweep is taken by the next one.
        while waiting.load(Relaxed) > 0 {
            sweeps += 1;
            pending
                .par_chunks(WORDS)
                .enumerate()
                .for_each(|(c, words)| {
                    let (mut handled, mut marked) = (0u64, 0u64);
                    // The predecessors of one word's boards, gathered first and their state
                    // bytes prefetched, then updated: the updates' cache misses overlap.
                    let mut batch: Vec<(usize, bool)> = Vec::with_capacity(1024);
                    for (w, word) in words.iter().enumerate() {
                        if word.load(Relaxed) == 0 {
                            continue;
                        }
                        let mut bits = word.swap(0, Relaxed);
                        handled += bits.count_ones() as u64;
                        batch.clear();
                        // Boards close together in the word are reached by stepping a cursor.
                        let mut at: Option<(usize, Cursor)> = None;
                        while bits != 0 {
                            let i = (c * WORDS + w) * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let mover_loses = mover_loses(st[i].load(Relaxed), stones);
                            match &mut at {
                                Some((a, cur)) if i - *a <= STEPS => {
                                    for _ in *a..i {
                                        cur.advance();
                                    }
                                    *a = i;
                                }
                                _ => at = Some((i, ix.cursor(stones, i as u64))),
                            }
                            let board = *at.as_ref().unwrap().1.board();
                            game.predecessors(&board, stones, |p| {
                                let j = ix.rank(p) as usize;
                                prefetch(&st[j]);
                                batch.push((j, mover_loses));
                            });
                        }
                        for &(j, mover_loses) in &batch {
                            if tell(&st[j], exit[j], mover_loses, th) {
                                mark(j);
                                marked += 1;
                            }
                        }
                    }
                    waiting.fetch_add(marked, Relaxed);
                    waiting.fetch_sub(handled, Relaxed);
                    tick(handled);
                });
        }
        decided = done.load(Relaxed) - size as u64;
    }
    tick(size as u64 - decided);
    drop(pending);
    if std::env::var_os("MANCALA_SOLVER_PHASES").is_some() {
        eprintln!(
            "level {stones}: forward {:.2} s, seeds {:.2} s, propagation {:.2} s in {sweeps} sweeps",
            t_forward.as_secs_f64(),
            t_seed.as_secs_f64(),
            (t_start.elapsed() - t_forward - t_seed).as_secs_f64()
        );
    }
    let stats = settle(&mut state, stones);
    (state, stats)
}

/// The forward pass's verdict on one board: its best capture's share (`share_of` values each
/// capture), or the share the end of the game gives, or [`NO_EXIT`] when it has neither; and
/// how many of its moves stay in the level.
#[inline]
pub(crate) fn forward(
    game: &SolverGame,
    board: &crate::index::Board,
    mut share_of: impl FnMut(&crate::game::Child) -> u8,
) -> (u8, u8) {
    let mut best = NO_EXIT;
    let mut inside = 0u8;
    let end = game.children(board, |ch| {
        if ch.captured == 0 {
            inside += 1;
        } else {
            let share = share_of(&ch);
            if best == NO_EXIT || share > best {
                best = share;
            }
        }
    });
    (end.unwrap_or(best), inside)
}

/// The mover's share after a capture of `captured` stones that leaves `left` on the board,
/// where the opponent, to move, gets `their_share` of them.
#[inline(always)]
pub(crate) fn capture_share(captured: u8, left: u32, their_share: u8) -> u8 {
    captured + (left as u8 - their_share)
}

/// Whether a board whose best exit is `e` can become a seed at threshold `k` (`first`: the
/// highest threshold, `k = B`).
///
/// Only boards whose best capture is worth exactly `k` or `B - k` can be new seeds: a board
/// with a better capture joined W at a higher threshold, and one whose moves inside the level
/// all lead into W joined L as soon as its captures allowed it (at the first threshold, a
/// board may have no capture at all).
#[inline(always)]
pub(crate) fn seed_candidate(e: u8, k: Threshold, first: bool) -> bool {
    e == k.k || e == k.lo || (first && e == NO_EXIT)
}

/// The state a board of state `s` and best exit `e` takes as a seed of threshold `k`, if it is
/// one: a capture worth at least `k`, or no move left inside the level that avoids W and every
/// capture worth at most `B - k`.
#[inline(always)]
pub(crate) fn seed(e: u8, s: u8, k: Threshold) -> Option<u8> {
    if s & DECIDED != 0 {
        None
    } else if e != NO_EXIT && e >= k.k {
        Some(DECIDED | k.k)
    } else if s == 0 && (e == NO_EXIT || e <= k.lo) {
        Some(DECIDED | k.lo)
    } else {
        None
    }
}

/// A threshold of the propagation: `k` and `B - k`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Threshold {
    pub k: u8,
    pub lo: u8,
}

/// Tells a board (state `st`, best exit `e`) that one of its moves leads to a board just
/// decided at threshold `k`, lost for the side to move there when `mover_loses`. True when
/// this decides the board.
#[inline(always)]
pub(crate) fn tell(st: &AtomicU8, e: u8, mover_loses: bool, k: Threshold) -> bool {
    let mut s = st.load(Relaxed);
    loop {
        if s & DECIDED != 0 {
            return false;
        }
        // A move into a board the opponent loses at k: the mover has k. A move into a board
        // the opponent wins: one fewer way out, and none left with every capture at most
        // B - k: B - k.
        let new = if mover_loses {
            DECIDED | k.k
        } else if s == 1 && (e == NO_EXIT || e <= k.lo) {
            DECIDED | k.lo
        } else {
            s - 1
        };
        match st.compare_exchange_weak(s, new, Relaxed, Relaxed) {
            Ok(_) => return new & DECIDED != 0,
            Err(now) => s = now,
        }
    }
}

/// Whether the side to move on a board decided with state `s` loses at the threshold that
/// decided it (its value is below the split of `stones`).
#[inline(always)]
pub(crate) fn mover_loses(s: u8, stones: u32) -> bool {
    ((s & !DECIDED) as u32) < stones / 2
}

/// Turns the states of a level's boards into their values (boards left undecided are worth
/// the split) and counts them.
pub(crate) fn settle(state: &mut [u8], stones: u32) -> LevelStats {
    let half = (stones / 2) as u8;
    state
        .par_chunks_mut(CHUNK)
        .map(|chunk| {
            let mut s = LevelStats::default();
            for v in chunk {
                *v = if *v & DECIDED != 0 {
                    *v & !DECIDED
                } else {
                    half
                };
                match (2 * *v as u32).cmp(&stones) {
                    std::cmp::Ordering::Greater => s.wins += 1,
                    std::cmp::Ordering::Equal => s.draws += 1,
                    std::cmp::Ordering::Less => s.losses += 1,
                }
            }
            s
        })
        .reduce(LevelStats::default, |a, b| a.plus(&b))
}

impl LevelStats {
    pub fn plus(&self, o: &LevelStats) -> LevelStats {
        LevelStats {
            wins: self.wins + o.wins,
            draws: self.draws + o.draws,
            losses: self.losses + o.losses,
        }
    }
}
