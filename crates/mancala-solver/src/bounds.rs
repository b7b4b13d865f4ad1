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
use crate::level::{CHUNK, LevelStats, NO_EXIT, Progress, capture_share};
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
/// boards that fail, and returned as the boards to put in `W_k` and `L_k`.
fn safe_core(
    game: &SolverGame,
    ix: &Indexer,
    stones: u32,
    k: u8,
    (own, exit_hi): (&[u8], &[u8]),
    (wv, lv): (&[AtomicU8], &[AtomicU8]),
) -> (Vec<u32>, Vec<u32>) {
    const CW: u8 = 1;
    const CL: u8 = 2;
    let b = stones as u8;
    let size = own.len();
    let core: Vec<AtomicU8> = (0..size)
        .into_par_iter()
        .map(|i| {
            let mut f = 0;
            if wv[i].load(Relaxed) == UNSET && own[i] >= k {
                f |= CW;
            }
            if lv[i].load(Relaxed) == UNSET
                && b - own[i] >= k
                && (exit_hi[i] == NO_EXIT || exit_hi[i] <= b - k)
            {
                f |= CL;
            }
            AtomicU8::new(f)
        })
        .collect();
    // Each W candidate's moves into the core's L boards or L_k; the candidates that fail at
    // once (read against the candidates as they are before any is taken out).
    let cnt: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(0)).collect();
    let (mut gone_w, mut gone_l): (Vec<u32>, Vec<u32>) = (0..size)
        .into_par_iter()
        .with_min_len(CHUNK)
        .filter(|&i| core[i].load(Relaxed) != 0)
        .fold(
            || (Vec::new(), Vec::new()),
            |(mut w, mut l), i| {
                let f = core[i].load(Relaxed);
                let (mut into_l, mut all_w) = (0u8, true);
                game.children(&ix.unrank(stones, i as u64), |ch| {
                    if ch.captured != 0 {
                        return;
                    }
                    let q = ix.rank(&ch.board) as usize;
                    let fq = core[q].load(Relaxed);
                    into_l += (lv[q].load(Relaxed) != UNSET || fq & CL != 0) as u8;
                    all_w &= wv[q].load(Relaxed) != UNSET || fq & CW != 0;
                });
                cnt[i].store(into_l, Relaxed);
                if f & CW != 0 && into_l == 0 {
                    w.push(i as u32);
                }
                if f & CL != 0 && !all_w {
                    l.push(i as u32);
                }
                (w, l)
            },
        )
        .reduce(|| (Vec::new(), Vec::new()), joined);
    // Taken out once every candidate is counted against the same candidates.
    gone_w.par_iter().for_each(|&i| {
        core[i as usize].fetch_and(!CW, Relaxed);
    });
    gone_l.par_iter().for_each(|&i| {
        core[i as usize].fetch_and(!CL, Relaxed);
    });
    // The removals spread backwards: an L board gone takes a move from its W predecessors,
    // a W board gone takes its L predecessors out.
    while !gone_w.is_empty() || !gone_l.is_empty() {
        (gone_w, gone_l) = gone_w
            .par_iter()
            .map(|&q| (q, true))
            .chain(gone_l.par_iter().map(|&q| (q, false)))
            .fold(
                || (Vec::new(), Vec::new()),
                |(mut w, mut l), (q, was_w)| {
                    game.predecessors(&ix.unrank(stones, q as u64), stones, |p| {
                        let p = ix.rank(p) as usize;
                        if was_w {
                            if core[p].fetch_and(!CL, Relaxed) & CL != 0 {
                                l.push(p as u32);
                            }
                        } else if core[p].load(Relaxed) & CW != 0
                            && cnt[p].fetch_sub(1, Relaxed) == 1
                            && core[p].fetch_and(!CW, Relaxed) & CW != 0
                        {
                            w.push(p as u32);
                        }
                    });
                    (w, l)
                },
            )
            .reduce(|| (Vec::new(), Vec::new()), joined);
    }
    // What is left joins the sets at k.
    (0..size)
        .into_par_iter()
        .with_min_len(CHUNK)
        .fold(
            || (Vec::new(), Vec::new()),
            |(mut w, mut l), i| {
                let f = core[i].load(Relaxed);
                if f & CW != 0 && wv[i].compare_exchange(UNSET, k, Relaxed, Relaxed).is_ok() {
                    w.push(i as u32);
                }
                if f & CL != 0 && lv[i].compare_exchange(UNSET, k, Relaxed, Relaxed).is_ok() {
                    l.push(i as u32);
                }
                (w, l)
            },
        )
        .reduce(|| (Vec::new(), Vec::new()), joined)
}

/// Two lists of boards of two workers, joined.
fn joined(mut a: (Vec<u32>, Vec<u32>), b: (Vec<u32>, Vec<u32>)) -> (Vec<u32>, Vec<u32>) {
    a.0.extend(b.0);
    a.1.extend(b.1);
    a
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
            for k in 0..el.len() {
                ow[k] = cur.board()[..n].iter().sum();
                let (mut lo, mut hi, mut inside) = (NO_EXIT, NO_EXIT, 0u8);
                let end = game.children(cur.board(), |ch| {
                    if ch.captured == 0 {
                        inside += 1;
                        return;
                    }
                    let left = b - ch.captured;
                    let at = 2 * ix.rank(&ch.board) as usize;
                    let (l, h) = (lower[left as usize][at], lower[left as usize][at + 1]);
                    // Sure for the mover: the worst the board there can be for him.
                    let (sure, hope) = if ch.again { (l, h) } else { (h, l) };
                    let worst = capture_share(ch.captured, left as u32, sure, ch.again);
                    let best = capture_share(ch.captured, left as u32, hope, ch.again);
                    if lo == NO_EXIT || worst > lo {
                        lo = worst;
                    }
                    if hi == NO_EXIT || best > hi {
                        hi = best;
                    }
                });
                if let Some(share) = end {
                    (lo, hi) = (share, share);
                }
                (el[k], eh[k], cn[k]) = (lo, hi, inside);
                if k + 1 < el.len() {
                    cur.advance();
                }
            }
            tick(el.len() as u64);
        });
    let wv: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSET)).collect();
    let lv: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSET)).collect();
    let count = crate::level::atomic(&mut count);
    // A board joins L_k when none of its moves is left outside W_k and its exits give at
    // most B - k.
    let joins_l = |i: usize, n: u8, k: u8| n == 0 && (exit_hi[i] == NO_EXIT || exit_hi[i] <= b - k);
    // Rounds of propagation at threshold k from boards just put in W_k (`to_w`) and L_k
    // (`to_l`): a board just in L_k puts its predecessors in W_k; a board just in W_k takes
    // one undecided move from each of its predecessors, which join L_k when they have none
    // left.
    let propagate = |mut to_w: Vec<u32>, mut to_l: Vec<u32>, k: u8| {
        while !to_w.is_empty() || !to_l.is_empty() {
            let (new_w, new_l) = to_w
                .par_iter()
                .map(|&q| (q, true))
                .chain(to_l.par_iter().map(|&q| (q, false)))
                .fold(
                    || (Vec::new(), Vec::new()),
                    |(mut w, mut l), (q, in_w)| {
                        let board = ix.unrank(stones, q as u64);
                        game.predecessors(&board, stones, |p| {
                            let p = ix.rank(p) as usize;
                            if in_w {
                                if lv[p].load(Relaxed) != UNSET {
                                    return;
                                }
                                let n = count[p].fetch_sub(1, Relaxed) - 1;
                                if joins_l(p, n, k)
                                    && lv[p].compare_exchange(UNSET, k, Relaxed, Relaxed).is_ok()
                                {
                                    l.push(p as u32);
                                }
                            } else if wv[p].compare_exchange(UNSET, k, Relaxed, Relaxed).is_ok() {
                                w.push(p as u32);
                            }
                        });
                        (w, l)
                    },
                )
                .reduce(|| (Vec::new(), Vec::new()), joined);
            tick((to_w.len() + to_l.len()) as u64);
            (to_w, to_l) = (new_w, new_l);
        }
    };
    for k in (1..=b).rev() {
        // The boards the sets start from.
        let (to_w, to_l): (Vec<u32>, Vec<u32>) = (0..size)
            .into_par_iter()
            .with_min_len(CHUNK)
            .fold(
                || (Vec::new(), Vec::new()),
                |(mut w, mut l), i| {
                    if wv[i].load(Relaxed) == UNSET && exit_lo[i] != NO_EXIT && exit_lo[i] >= k {
                        wv[i].store(k, Relaxed);
                        w.push(i as u32);
                    }
                    if lv[i].load(Relaxed) == UNSET && joins_l(i, count[i].load(Relaxed), k) {
                        lv[i].store(k, Relaxed);
                        l.push(i as u32);
                    }
                    (w, l)
                },
            )
            .reduce(|| (Vec::new(), Vec::new()), joined);
        propagate(to_w, to_l, k);
        // At the thresholds that decide the outcome, the boards from which the side sure of
        // k keeps the play for ever among boards where his own row holds at least k (so a
        // repetition gives him at least k) join the sets too, and the attractors grow from
        // them, until no more join.
        if 2 * k as u32 == stones || 2 * k as u32 == stones + 1 || 2 * k as u32 == stones + 2 {
            loop {
                let (w, l) = safe_core(game, ix, stones, k, (&own, &exit_hi), (&wv, &lv));
                if w.is_empty() && l.is_empty() {
                    break;
                }
                propagate(w, l, k);
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
    (values, stats)
}
