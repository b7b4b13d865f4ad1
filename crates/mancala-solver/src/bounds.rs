//! Levels of a game whose repetition ending depends on where the cycle closes (Oware: a
//! position that occurs again ends the game, each player taking the seeds of his own row).
//!
//! There a board has no value independent of the game's history: what a cycle is worth
//! depends on the board it closes on. What every history shares is a pair of bounds. `lo` is
//! the share the mover can force whatever a repetition would give (as if it gave him nothing),
//! `hi` the share the opponent can hold him to whatever it would give (as if it gave the mover
//! everything). Both are least fixpoints of forcing a way out of the level (attractors), so the
//! strategies that reach them never bring a position back: from a board with no position since
//! the last capture in its history (the first board of a level in a game), the mover's perfect
//! play gets between `lo` and `hi`, and exactly `lo` when `lo == hi`.
//!
//! The method is that of [`crate::level`], for every threshold `k` from `B` down to 1 and with
//! the two sets of a threshold kept apart, as they may overlap below the half: `W_k` (the mover
//! forces at least `k`: `lo >= k`) and `L_k` (the opponent forces the mover to at most `B - k`:
//! `hi <= B - k`). A capture into a lower board whose value is itself only bounded counts with
//! the bound that is worse for the side it must be sure of. A board is stored as its two
//! bounds (file encoding 2), equal where its value is exact.

use crate::game::SolverGame;
use crate::index::Indexer;
use crate::level::{
    CHUNK, GROUP, LevelStats, NO_EXIT, Progress, WORDS, capture_share, prefetch, word_predecessors,
};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// Not in a set yet.
const UNSET: u8 = u8::MAX;

/// The boards of the safety core at threshold `k` not yet in `W_k` (`wv`) or `L_k` (`lv`):
/// the greatest set of boards where the side sure of `k` (the mover on a `W` board, his
/// opponent on an `L` board) holds at least `k` in his own row, from which he keeps the play in
/// the set or in `W_k`/`L_k`: on a `W` board some move leads into the core's `L` boards or
/// `L_k`; on an `L` board every exit gives him at least `k` and every move inside the level
/// leads into the core's `W` boards or `W_k`. Played so, either the play reaches `W_k`/`L_k`
/// (and an exit worth `k` by their attractor strategies, never coming back) or it stays in the
/// core, where any repetition gives him his own row, at least `k`. Computed by removing the
/// boards that fail (a greatest fixpoint: the same whatever the order); its boards join `W_k`
/// and `L_k` and are marked in `pend` (W, L) for the propagation. Returns how many joined.
fn safe_core(
    (game, ix, stones): (&SolverGame, &Indexer, u32),
    k: u8,
    (own, exit_hi): (&[u8], &[u8]),
    (wv, lv): (&[AtomicU8], &[AtomicU8]),
    pend: (&[AtomicU64], &[AtomicU64]),
) -> u64 {
    const CW: u8 = 1;
    const CL: u8 = 2;
    // Already in W_k, L_k: read with the core's flags by one lookup.
    const IN_W: u8 = 4;
    const IN_L: u8 = 8;
    let b = stones as u8;
    let size = own.len();
    let words = size.div_ceil(64);
    let mut core = vec![0u8; size];
    core.par_chunks_mut(CHUNK).enumerate().for_each(|(c, out)| {
        for (j, f) in out.iter_mut().enumerate() {
            let i = c * CHUNK + j;
            let (in_w, in_l) = (wv[i].load(Relaxed) != UNSET, lv[i].load(Relaxed) != UNSET);
            *f = if in_w { IN_W } else { 0 } | if in_l { IN_L } else { 0 };
            if !in_w && own[i] >= k {
                *f |= CW;
            }
            if !in_l && b - own[i] >= k && (exit_hi[i] == NO_EXIT || exit_hi[i] <= b - k) {
                *f |= CL;
            }
        }
    });
    let core = crate::level::atomic(&mut core);
    // The boards taken out whose predecessors are still to be told, one bit a board.
    let gone_w: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    let gone_l: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    let mark = |gone: &[AtomicU64], i: usize| {
        gone[i / 64].fetch_or(1 << (i % 64), Relaxed);
    };
    // Each W candidate's moves into the core's L boards or L_k; the candidates that fail at
    // once (read against the candidates as they are before any is taken out).
    let mut cnt = vec![0u8; size];
    let gone: u64 = cnt
        .par_chunks_mut(CHUNK)
        .enumerate()
        .map(|(c, cn)| {
            let mut cur = ix.cursor(stones, (c * CHUNK) as u64);
            let mut gone = 0;
            // The moves inside the level of a group of boards, their targets' flags
            // prefetched as they are found and read once the group's moves are all
            // generated (the cache misses overlap).
            let mut targets: Vec<(u32, usize)> = Vec::with_capacity(GROUP * 8);
            for g in (0..cn.len()).step_by(GROUP) {
                targets.clear();
                for j in g..(g + GROUP).min(cn.len()) {
                    if j > 0 {
                        cur.advance();
                    }
                    if core[c * CHUNK + j].load(Relaxed) & (CW | CL) == 0 {
                        continue;
                    }
                    game.children(cur.board(), |ch| {
                        if ch.captured == 0 {
                            let q = ix.rank(&ch.board) as usize;
                            prefetch(&core[q]);
                            targets.push((j as u32, q));
                        }
                    });
                }
                let mut t = 0;
                for j in g..(g + GROUP).min(cn.len()) {
                    let i = c * CHUNK + j;
                    let f = core[i].load(Relaxed);
                    if f & (CW | CL) == 0 {
                        continue;
                    }
                    let (mut into_l, mut all_w) = (0u8, true);
                    while t < targets.len() && targets[t].0 == j as u32 {
                        let fq = core[targets[t].1].load(Relaxed);
                        into_l += (fq & (IN_L | CL) != 0) as u8;
                        all_w &= fq & (IN_W | CW) != 0;
                        t += 1;
                    }
                    cn[j] = into_l;
                    if f & CW != 0 && into_l == 0 {
                        mark(&gone_w, i);
                        gone += 1;
                    }
                    if f & CL != 0 && !all_w {
                        mark(&gone_l, i);
                        gone += 1;
                    }
                }
            }
            gone
        })
        .sum();
    let cnt = crate::level::atomic(&mut cnt);
    // Taken out once every candidate is counted against the same candidates.
    gone_w
        .par_iter()
        .zip(gone_l.par_iter())
        .enumerate()
        .for_each(|(w, (gw, gl))| {
            let (bw, bl) = (gw.load(Relaxed), gl.load(Relaxed));
            for (bits, flag) in [(bw, CW), (bl, CL)] {
                let mut bits = bits;
                while bits != 0 {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    core[i].fetch_and(!flag, Relaxed);
                }
            }
        });
    // The removals spread backwards, in sweeps: an L board gone takes a move from its W
    // predecessors, a W board gone takes its L predecessors out.
    let mut waiting = gone;
    while waiting > 0 {
        let (taken, added) = sweep(
            (game, ix, stones),
            (&gone_w, &gone_l),
            (core, core),
            |p| {
                let now = core[p].fetch_and(!CL, Relaxed) & CL != 0;
                if now {
                    mark(&gone_l, p);
                }
                now
            },
            |p| {
                let now = core[p].load(Relaxed) & CW != 0
                    && cnt[p].fetch_sub(1, Relaxed) == 1
                    && core[p].fetch_and(!CW, Relaxed) & CW != 0;
                if now {
                    mark(&gone_w, p);
                }
                now
            },
        );
        waiting = waiting + added - taken;
    }
    // What is left joins the sets at k.
    let (pend_w, pend_l) = pend;
    core.par_chunks(CHUNK)
        .enumerate()
        .map(|(c, fs)| {
            let mut joined = 0;
            for (j, f) in fs.iter().enumerate() {
                let (f, i) = (f.load(Relaxed), c * CHUNK + j);
                if f & CW != 0 && wv[i].compare_exchange(UNSET, k, Relaxed, Relaxed).is_ok() {
                    mark(pend_w, i);
                    joined += 1;
                }
                if f & CL != 0 && lv[i].compare_exchange(UNSET, k, Relaxed, Relaxed).is_ok() {
                    mark(pend_l, i);
                    joined += 1;
                }
            }
            joined
        })
        .sum()
}

/// One sweep over two bitmaps of waiting boards (`pend`: W, L), in index order: each
/// predecessor of a board taken from the first goes to `tell_w`, of one taken from the second
/// to `tell_l`, which say whether they decided it. The predecessors of a bitmap word are
/// gathered first with the entries `tell_w`/`tell_l` read first prefetched (`ahead`), so the
/// cache misses of the updates overlap. Returns the boards taken and the boards decided.
fn sweep<A: Sync, B: Sync>(
    g: (&SolverGame, &Indexer, u32),
    (pend_w, pend_l): (&[AtomicU64], &[AtomicU64]),
    (ahead_w, ahead_l): (&[A], &[B]),
    tell_w: impl Fn(usize) -> bool + Sync,
    tell_l: impl Fn(usize) -> bool + Sync,
) -> (u64, u64) {
    pend_w
        .par_chunks(WORDS)
        .zip(pend_l.par_chunks(WORDS))
        .enumerate()
        .map(|(c, (ws, ls))| {
            let (mut taken, mut decided) = (0u64, 0u64);
            let mut batch: Vec<usize> = Vec::with_capacity(1024);
            for j in 0..ws.len() {
                let w = c * WORDS + j;
                taken += take_word(g, w, &ws[j], &mut batch, ahead_w);
                decided += batch.iter().filter(|&&p| tell_w(p)).count() as u64;
                taken += take_word(g, w, &ls[j], &mut batch, ahead_l);
                decided += batch.iter().filter(|&&p| tell_l(p)).count() as u64;
            }
            (taken, decided)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// Takes the boards waiting in bitmap word `w` and puts their predecessors in `batch`,
/// prefetching their entries of `ahead`. Returns the boards taken.
#[inline(always)]
fn take_word<T>(
    g: (&SolverGame, &Indexer, u32),
    w: usize,
    word: &AtomicU64,
    batch: &mut Vec<usize>,
    ahead: &[T],
) -> u64 {
    batch.clear();
    if word.load(Relaxed) == 0 {
        return 0;
    }
    let bits = word.swap(0, Relaxed);
    word_predecessors(
        g,
        (0, w, bits),
        |_| (),
        |_, p| {
            let p = p as usize;
            prefetch(&ahead[p]);
            batch.push(p);
        },
    );
    bits.count_ones() as u64
}

/// Bytes of memory the build of a level of `boards` boards with bounds needs at its peak: six
/// bytes a board while it is built (the two best exits, the counter, the seeds of the mover's
/// row, the two sets' values), the two bitmaps of boards waiting to be propagated, and either a
/// safety core's flags, counters and two bitmaps or, at the end, the two bytes of the bounds.
pub fn memory_needed(boards: u64) -> u64 {
    boards * 8 + boards.div_ceil(64) * 8 * 4
}

/// Solves level `stones` of `game` with bounds (what `crate::level::solve_level` does for the
/// other games): each board's bounds, two bytes a board in index order; and the boards won,
/// drawn and lost whose outcome the bounds decide (the others are counted in
/// `LevelStats::undecided`). `lower[b]` holds the stored bounds of level `b < stones` (empty
/// where no board has `b`).
pub(crate) fn solve(
    (game, ix, stones): (&SolverGame, &Indexer, u32),
    lower: &[&[u8]],
    progress: &dyn Progress,
) -> (Vec<u8>, LevelStats) {
    let t0 = std::time::Instant::now();
    let b = stones as u8;
    let size = crate::level::level_len(ix, stones);
    let total = 2 * size as u64 + stones as u64;
    let done = AtomicU64::new(0);
    let tick = |n: u64| {
        let d = done.fetch_add(n, Relaxed) + n;
        progress.advance(d.min(total), total);
    };
    // The forward pass: each board's best exit for each bound and its moves inside the level.
    let mut exit_lo = vec![NO_EXIT; size];
    let mut exit_hi = vec![NO_EXIT; size];
    let mut count = vec![0u8; size];
    // The seeds of the mover's row.
    let mut own = vec![0u8; size];
    let n = game.pits_per_row();
    exit_lo
        .par_chunks_mut(CHUNK)
        .zip(exit_hi.par_chunks_mut(CHUNK))
        .zip(count.par_chunks_mut(CHUNK))
        .zip(own.par_chunks_mut(CHUNK))
        .enumerate()
        .for_each(|(c, (((el, eh), cn), ow))| {
            let mut cur = ix.cursor(stones, (c * CHUNK) as u64);
            // The captures of a group of boards: their lower-level entries prefetched as
            // they are found, read once the group's moves are all generated.
            let mut caps: Vec<(u32, u8, bool, usize)> = Vec::with_capacity(GROUP * 8);
            for g in (0..el.len()).step_by(GROUP) {
                caps.clear();
                for k in g..(g + GROUP).min(el.len()) {
                    if k > 0 {
                        cur.advance();
                    }
                    ow[k] = cur.board()[..n].iter().sum();
                    let mut inside = 0u8;
                    let end = game.children(cur.board(), |ch| {
                        if ch.captured == 0 {
                            inside += 1;
                            return;
                        }
                        let left = b - ch.captured;
                        let at = 2 * ix.rank(&ch.board) as usize;
                        prefetch(&lower[left as usize][at]);
                        caps.push((k as u32, ch.captured, ch.again, at));
                    });
                    // A finished game has no move, so no capture to value below.
                    let e = end.unwrap_or(NO_EXIT);
                    (el[k], eh[k], cn[k]) = (e, e, inside);
                }
                for &(k, captured, again, at) in &caps {
                    let k = k as usize;
                    let left = b - captured;
                    let (l, h) = (lower[left as usize][at], lower[left as usize][at + 1]);
                    // Sure for the mover: the worst the board there can be for him.
                    let (sure, hope) = if again { (l, h) } else { (h, l) };
                    let worst = capture_share(captured, left as u32, sure, again);
                    let best = capture_share(captured, left as u32, hope, again);
                    if el[k] == NO_EXIT || worst > el[k] {
                        el[k] = worst;
                    }
                    if eh[k] == NO_EXIT || best > eh[k] {
                        eh[k] = best;
                    }
                }
            }
            tick(el.len() as u64);
        });
    let t_forward = t0.elapsed();
    let (mut t_starts, mut t_prop, mut t_core) = (
        std::time::Duration::ZERO,
        std::time::Duration::ZERO,
        std::time::Duration::ZERO,
    );
    let mut cores = 0u32;
    let wv: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSET)).collect();
    let lv: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSET)).collect();
    let count = crate::level::atomic(&mut count);
    // A board joins L_k when none of its moves is left outside W_k and its exits give at
    // most B - k.
    let joins_l = |i: usize, n: u8, k: u8| n == 0 && (exit_hi[i] == NO_EXIT || exit_hi[i] <= b - k);
    // Boards just put in W_k and L_k whose predecessors are still to be told, one bit a
    // board each.
    let words = size.div_ceil(64);
    let pend_w: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    let pend_l: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    let mark = |pend: &[AtomicU64], i: usize| {
        pend[i / 64].fetch_or(1 << (i % 64), Relaxed);
    };
    // Sweeps of propagation at threshold k over the waiting boards, in index order: a board
    // just in L_k puts its predecessors in W_k; a board just in W_k takes one undecided move
    // from each of its predecessors, which join L_k when they have none left. A board
    // decided behind a sweep is taken by the next one.
    let propagate = |mut waiting: u64, k: u8| {
        while waiting > 0 {
            let (taken, decided) = sweep(
                (game, ix, stones),
                (&pend_w, &pend_l),
                (count, &wv),
                |p| {
                    // Counted down even when p is in L_k already (its count no longer
                    // matters then, and a board's count is its moves inside the level,
                    // each told once): one lookup less.
                    let n = count[p].fetch_sub(1, Relaxed) - 1;
                    let now = joins_l(p, n, k)
                        && lv[p].compare_exchange(UNSET, k, Relaxed, Relaxed).is_ok();
                    if now {
                        mark(&pend_l, p);
                    }
                    now
                },
                |p| {
                    let now = wv[p].compare_exchange(UNSET, k, Relaxed, Relaxed).is_ok();
                    if now {
                        mark(&pend_w, p);
                    }
                    now
                },
            );
            tick(taken);
            waiting = waiting + decided - taken;
        }
    };
    for k in (1..=b).rev() {
        let t = std::time::Instant::now();
        // The boards the sets start from: by the sets' invariants, only those whose best
        // exit for a bound is worth exactly k (W) or B - k (L), or without any exit at the
        // first threshold.
        let first = k == b;
        let started: u64 = exit_lo
            .par_chunks(CHUNK)
            .zip(exit_hi.par_chunks(CHUNK))
            .enumerate()
            .map(|(c, (el, eh))| {
                let mut marked = 0;
                for j in 0..el.len() {
                    let (lo, hi) = (el[j], eh[j]);
                    if lo != k && hi != b - k && !(first && hi == NO_EXIT) {
                        continue;
                    }
                    let i = c * CHUNK + j;
                    if wv[i].load(Relaxed) == UNSET && lo != NO_EXIT && lo >= k {
                        wv[i].store(k, Relaxed);
                        mark(&pend_w, i);
                        marked += 1;
                    }
                    if lv[i].load(Relaxed) == UNSET && joins_l(i, count[i].load(Relaxed), k) {
                        lv[i].store(k, Relaxed);
                        mark(&pend_l, i);
                        marked += 1;
                    }
                }
                marked
            })
            .sum();
        t_starts += t.elapsed();
        let t = std::time::Instant::now();
        propagate(started, k);
        t_prop += t.elapsed();
        // At the thresholds that decide the outcome, the boards from which the side sure of
        // k keeps the play for ever among boards where his own row holds at least k (so a
        // repetition gives him at least k) join the sets too, and the attractors grow from
        // them, until no more join.
        if 2 * k as u32 == stones || 2 * k as u32 == stones + 1 || 2 * k as u32 == stones + 2 {
            loop {
                let t = std::time::Instant::now();
                let joined = safe_core(
                    (game, ix, stones),
                    k,
                    (&own, &exit_hi),
                    (&wv, &lv),
                    (&pend_w, &pend_l),
                );
                t_core += t.elapsed();
                cores += 1;
                if joined == 0 {
                    break;
                }
                let t = std::time::Instant::now();
                propagate(joined, k);
                t_prop += t.elapsed();
            }
        }
        tick(1);
    }
    // The bounds: lo the highest k of W_k (0: none), hi = B - the highest k of L_k (B: none).
    let mut values = vec![0u8; 2 * size];
    let stats = values
        .par_chunks_mut(2 * CHUNK)
        .enumerate()
        .map(|(c, out)| {
            let mut s = LevelStats::default();
            for (j, v) in out.chunks_exact_mut(2).enumerate() {
                let i = c * CHUNK + j;
                let lo = match wv[i].load(Relaxed) {
                    UNSET => 0,
                    k => k,
                };
                let hi = match lv[i].load(Relaxed) {
                    UNSET => b,
                    k => b - k,
                };
                debug_assert!(lo <= hi, "board {i} of level {stones}: {lo} > {hi}");
                (v[0], v[1]) = (lo, hi);
                s.inexact += (lo != hi) as u64;
                if 2 * lo as u32 > stones {
                    s.wins += 1;
                } else if (2 * hi as u32) < stones {
                    s.losses += 1;
                } else if lo == hi {
                    s.draws += 1;
                } else {
                    s.undecided += 1;
                }
            }
            s
        })
        .reduce(LevelStats::default, |a, b| a.plus(&b));
    progress.advance(total, total);
    if std::env::var_os("MANCALA_SOLVER_PHASES").is_some() {
        let secs = |d: std::time::Duration| d.as_secs_f64();
        eprintln!(
            "level {stones}: forward {:.2} s, starts {:.2} s, propagation {:.2} s, safety cores {:.2} s in {cores} passes",
            secs(t_forward),
            secs(t_starts),
            secs(t_prop),
            secs(t_core)
        );
    }
    (values, stats)
}
