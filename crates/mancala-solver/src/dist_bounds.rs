//! A level with bounds ([`crate::bounds`], Oware's own-row repetition) built over the ranks of
//! a distributed build ([`crate::dist`]): the method of the one-machine build, step for step,
//! on each rank's block of consecutive boards, with what crosses blocks exchanged in rounds.
//!
//! - The forward pass asks the owners of the lower levels' boards for their two bounds, a
//!   round of boards at a time (an all-to-all of requests, one of answers).
//! - Each threshold's propagation takes a round's worth of boards just put in `W_k` or `L_k`
//!   and sends each of their predecessors, to its owner, with the set it was put in; a
//!   threshold ends when a sum over the ranks finds no board waiting.
//! - A safety core reads the candidate flags of its candidates' moves from their owners (a
//!   round of boards at a time, as the forward pass) and spreads its removals as the
//!   propagation does.
//!
//! Every decision of the method is a function of [`crate::bounds`] that the one-machine build
//! calls too, and the sets are fixpoints whatever the order of the updates, so the bounds are
//! the same bytes. Between steps (the forward pass, each threshold with its safety cores)
//! nothing waits and no core is under way, so the words are the whole state of the level: a
//! checkpoint keeps them, and a job resumes from it with any number of ranks.

use crate::bounds::{self, Word};
use crate::comm::{Blocks, Comm, LEVEL_SHIFT, addressed, to_others};
use crate::game::SolverGame;
use crate::index::Indexer;
use crate::level::{CHUNK, LevelStats, word_predecessors};
use crate::memory::Zeroed;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// Boards a rank scans in one round of the forward pass or of a safety core's count.
const SCAN_ROUND: usize = 1 << 18;
/// Boards a rank takes from its waiting sets in one round of a propagation.
const TELL_ROUND: u64 = 1 << 20;

/// What a rank reports of its work: rank 0 hands the units done by all ranks to the build's
/// progress.
pub(crate) trait Report {
    fn advance(&self, done: u64, total: u64);
}

/// One rank's part of a level's build: the level's blocks and this rank's block.
struct Job<'a> {
    comm: &'a dyn Comm,
    game: &'a SolverGame,
    ix: &'a Indexer,
    stones: u32,
    blocks: &'a Blocks,
    /// The index of this rank's first board, and its number of boards.
    lo: u64,
    len: usize,
    /// Bytes this rank sent to other ranks.
    sent: u64,
    report: &'a dyn Report,
    /// Work units done by all ranks, of `total`.
    done: u64,
    total: u64,
}

impl Job<'_> {
    fn count_sent(&mut self, counts: &[usize], size: usize) {
        self.sent += to_others(self.comm, counts, size);
    }

    /// The sum of `x` over all ranks.
    fn sum(&self, x: u64) -> u64 {
        let mut s = [x];
        self.comm.sum(&mut s);
        s[0]
    }

    /// `units` done here (summed over the ranks, reported on rank 0).
    fn advance(&mut self, units: u64) {
        self.done += self.sum(units);
        if self.comm.rank() == 0 {
            self.report.advance(self.done.min(self.total), self.total);
        }
    }

    /// The scan rounds over this rank's block, as many on every rank (enough for the largest
    /// block; the last ones may be empty), each as the starts of its chunks of [`CHUNK`]
    /// boards and its end.
    fn scan_rounds(&self) -> Vec<(Vec<usize>, usize)> {
        let rounds = (0..self.comm.size())
            .map(|r| {
                let range = self.blocks.range(r);
                ((range.end - range.start) as usize).div_ceil(SCAN_ROUND)
            })
            .max()
            .unwrap_or(0);
        (0..rounds)
            .map(|t| {
                let a = (t * SCAN_ROUND).min(self.len);
                let z = ((t + 1) * SCAN_ROUND).min(self.len);
                ((a..z).step_by(CHUNK).collect(), z)
            })
            .collect()
    }

    /// Each request of `to` (an owner, and what is asked of it) answered by its owner with
    /// `width` bytes (`answer` gives them for a request received): the answers, `width` bytes
    /// a request in the order given.
    fn ask(
        &mut self,
        to: &[(usize, u64)],
        width: usize,
        answer: impl Fn(u64, &mut [u8]) + Sync,
    ) -> Vec<u8> {
        let p = self.comm.size();
        let (send, counts, slot) = addressed(p, to.iter().copied());
        self.count_sent(&counts, 8);
        let (requests, from) = self.comm.all_to_all_u64(&send, &counts);
        drop(send);
        let mut answers = vec![0u8; requests.len() * width];
        answers
            .par_chunks_mut(width)
            .zip(requests.par_iter())
            .for_each(|(a, &q)| answer(q, a));
        let back: Vec<usize> = from.iter().map(|&n| n * width).collect();
        let expect: Vec<usize> = counts.iter().map(|&n| n * width).collect();
        self.count_sent(&back, 1);
        let got = self.comm.all_to_all_u8(&answers, &back, &expect);
        let mut out = vec![0u8; to.len() * width];
        out.par_chunks_mut(width)
            .zip(slot.par_iter())
            .for_each(|(o, &s)| {
                let s = s as usize * width;
                o.copy_from_slice(&got[s..s + width]);
            });
        out
    }

    /// The forward pass: each board's moves inside the level and best exits for each bound,
    /// the captures valued by the lower levels' owners a round at a time.
    fn forward(&mut self, words: &mut [Word], lower: &[Vec<u8>], lower_blocks: &[Blocks]) {
        let (game, ix, stones, lo) = (self.game, self.ix, self.stones, self.lo);
        let b = stones as u8;
        for (chunks, z) in self.scan_rounds() {
            let a = chunks.first().copied().unwrap_or(z);
            // Per chunk: its boards' moves inside, their exits so far (the end of a finished
            // game), and their captures (board in the round, captured, again, lower board).
            type Found = (
                Vec<u32>,
                Vec<(Option<u8>, Option<u8>)>,
                Vec<(u32, u8, bool, u64)>,
            );
            let found: Vec<Found> = chunks
                .into_par_iter()
                .map(|s| {
                    let e = (s + CHUNK).min(z);
                    let mut cur = ix.cursor(stones, lo + s as u64);
                    let (mut inside, mut best, mut caps) = (
                        Vec::with_capacity(e - s),
                        Vec::with_capacity(e - s),
                        Vec::new(),
                    );
                    for i in s..e {
                        if i > s {
                            cur.advance();
                        }
                        let mut n = 0;
                        let end = game.children(cur.board(), |ch| {
                            if ch.captured == 0 {
                                n += 1;
                            } else {
                                caps.push((
                                    (i - a) as u32,
                                    ch.captured,
                                    ch.again,
                                    ix.rank(&ch.board),
                                ));
                            }
                        });
                        inside.push(n);
                        best.push((end, end));
                    }
                    (inside, best, caps)
                })
                .collect();
            let mut inside = Vec::with_capacity(z - a);
            let mut best = Vec::with_capacity(z - a);
            let mut caps = Vec::new();
            for (i, e, c) in found {
                inside.extend(i);
                best.extend(e);
                caps.extend(c);
            }
            // Each capture's lower board asked of its owner: the level, the index in its block.
            let to: Vec<(usize, u64)> = caps
                .par_iter()
                .map(|&(_, captured, _, index)| {
                    let left = (b - captured) as usize;
                    let o = lower_blocks[left].owner(index);
                    let start = lower_blocks[left].range(o).start;
                    (o, (left as u64) << LEVEL_SHIFT | (index - start))
                })
                .collect();
            let there = self.ask(&to, 2, |q, out| {
                let (l, i) = (
                    (q >> LEVEL_SHIFT) as usize,
                    (q & ((1 << LEVEL_SHIFT) - 1)) as usize,
                );
                out.copy_from_slice(&lower[l][2 * i..2 * i + 2]);
            });
            drop(to);
            for (n, &(at, captured, again, _)) in caps.iter().enumerate() {
                let bounds = (there[2 * n], there[2 * n + 1]);
                bounds::better(
                    &mut best[at as usize],
                    bounds::capture_worths(captured, b - captured, bounds, again),
                );
            }
            words[a..z]
                .par_iter_mut()
                .zip(inside.par_iter().zip(best.par_iter()))
                .for_each(|(w, (&n, &e))| *w = bounds::first_word(n, e));
            self.advance((z - a) as u64);
        }
    }

    /// Rounds of telling the predecessors of the boards waiting in `pend` (one bitmap per kind
    /// of news), each to its owner, where `tell[kind]` takes it (and marks what it decides);
    /// until no rank has a board waiting. `waiting` boards wait here at first. Returns the
    /// boards decided on all ranks.
    fn spread(
        &mut self,
        pend: [&[AtomicU64]; 2],
        mut waiting: u64,
        tell: [&(dyn Fn(usize) -> bool + Sync); 2],
    ) -> u64 {
        let (game, ix, stones, lo, blocks) =
            (self.game, self.ix, self.stones, self.lo, self.blocks);
        let p = self.comm.size();
        let words = pend[0].len();
        let (mut next, mut all) = (0usize, 0u64);
        while self.sum(waiting) > 0 {
            // The next bitmap words with boards waiting, up to a round's worth of boards.
            let mut taken: Vec<(usize, u64, u64)> = Vec::new();
            let (mut handled, mut seen) = (0u64, 0);
            while handled < TELL_ROUND && seen < words && handled < waiting {
                let w = next;
                next = (next + 1) % words;
                seen += 1;
                for (kind, bits) in pend.iter().enumerate() {
                    if bits[w].load(Relaxed) != 0 {
                        let x = bits[w].swap(0, Relaxed);
                        handled += x.count_ones() as u64;
                        taken.push((w, x, kind as u64));
                    }
                }
            }
            // Their predecessors, to their owners: the index in the owner's block and the kind.
            let to: Vec<(usize, u64)> = taken
                .par_chunks(64)
                .with_max_len(1)
                .flat_map_iter(|ws| {
                    let mut out = Vec::new();
                    for &(w, bits, kind) in ws {
                        word_predecessors(
                            (game, ix, stones),
                            (lo, w, bits),
                            |_| (),
                            |_, j, _| {
                                let o = blocks.owner(j);
                                out.push((o, (j - blocks.range(o).start) << 1 | kind));
                            },
                        );
                    }
                    out
                })
                .collect();
            let (send, counts, _) = addressed(p, to.iter().copied());
            drop(to);
            self.count_sent(&counts, 8);
            let (told, _) = self.comm.all_to_all_u64(&send, &counts);
            drop(send);
            let decided: u64 = told
                .par_chunks(1 << 14)
                .with_max_len(1)
                .map(|ms| {
                    ms.iter()
                        .filter(|&&m| tell[(m & 1) as usize]((m >> 1) as usize))
                        .count() as u64
                })
                .sum();
            waiting = waiting + decided - handled;
            all += decided;
            self.advance(handled);
        }
        self.sum(all)
    }

    /// The safety core at threshold `k` ([`crate::bounds`]'s `safe_core`, over the ranks): its
    /// boards join `W_k` and `L_k` and wait in `pend`. Returns how many joined here and on all
    /// ranks.
    fn safe_core(&mut self, k: u8, words: &[AtomicU32], pend: [&[AtomicU64]; 2]) -> (u64, u64) {
        let (game, ix, stones, lo, blocks) =
            (self.game, self.ix, self.stones, self.lo, self.blocks);
        let b = stones as u8;
        let len = words.len();
        words
            .par_chunks(CHUNK)
            .enumerate()
            .with_max_len(1)
            .for_each(|(c, ws)| {
                let mut cur = ix.cursor(stones, lo + (c * CHUNK) as u64);
                for (j, w) in ws.iter().enumerate() {
                    if j > 0 {
                        cur.advance();
                    }
                    let own = game.row_seeds(cur.board());
                    w.store(bounds::core_candidate(w.load(Relaxed), own, b, k), Relaxed);
                }
            });
        let gone_w = bounds::bitmap(len);
        let gone_l = bounds::bitmap(len);
        // Each candidate's moves inside the level, read against the candidates as they are
        // before any is taken out (no rank takes one out before every round is answered).
        let mut gone = 0u64;
        for (chunks, z) in self.scan_rounds() {
            let a = chunks.first().copied().unwrap_or(z);
            let moves: Vec<(u32, u64)> = chunks
                .into_par_iter()
                .flat_map_iter(|s| {
                    let e = (s + CHUNK).min(z);
                    let mut cur = ix.cursor(stones, lo + s as u64);
                    let mut out = Vec::new();
                    for (i, w) in words.iter().enumerate().take(e).skip(s) {
                        if i > s {
                            cur.advance();
                        }
                        if !bounds::core_counts_moves(w.load(Relaxed)) {
                            continue;
                        }
                        game.children(cur.board(), |ch| {
                            if ch.captured == 0 {
                                out.push((i as u32, ix.rank(&ch.board)));
                            }
                        });
                    }
                    out
                })
                .collect();
            let to: Vec<(usize, u64)> = moves
                .par_iter()
                .map(|&(_, q)| {
                    let o = blocks.owner(q);
                    (o, q - blocks.range(o).start)
                })
                .collect();
            let flags = self.ask(&to, 1, |q, out| {
                out[0] = bounds::core_target(words[q as usize].load(Relaxed), k);
            });
            drop(to);
            // The candidates' moves are consecutive: each candidate counted once.
            let mut m = 0;
            for (i, w) in words.iter().enumerate().take(z).skip(a) {
                let f = w.load(Relaxed);
                if !bounds::core_counts_moves(f) {
                    continue;
                }
                let (mut into_l, mut all_w) = (0, true);
                while m < moves.len() && moves[m].0 == i as u32 {
                    into_l += (flags[m] & 1) as u32;
                    all_w &= flags[m] & 2 != 0;
                    m += 1;
                }
                let (out_w, out_l) = bounds::core_counted(w, f, into_l, all_w);
                if out_w {
                    bounds::mark(&gone_w, i);
                    gone += 1;
                }
                if out_l {
                    bounds::mark(&gone_l, i);
                    gone += 1;
                }
            }
        }
        gone_w
            .par_iter()
            .zip(gone_l.par_iter())
            .enumerate()
            .for_each(|(w, (gw, gl))| {
                bounds::core_take_out(words, w, gw.load(Relaxed), true);
                bounds::core_take_out(words, w, gl.load(Relaxed), false);
            });
        // The removals spread backwards, over the ranks.
        let w_gone = |p: usize| {
            let now = bounds::core_w_gone(&words[p]);
            if now {
                bounds::mark(&gone_l, p);
            }
            now
        };
        let l_gone = |p: usize| {
            let now = bounds::core_l_gone(&words[p]);
            if now {
                bounds::mark(&gone_w, p);
            }
            now
        };
        self.spread([&gone_w, &gone_l], gone, [&w_gone, &l_gone]);
        // What is left joins the sets at k.
        let joined: u64 = words
            .par_chunks(CHUNK)
            .enumerate()
            .with_max_len(1)
            .map(|(c, ws)| {
                let mut joined = 0;
                for (j, w) in ws.iter().enumerate() {
                    let into = bounds::core_join(w, k);
                    joined += bounds::mark_joined((pend[0], pend[1]), c * CHUNK + j, into);
                }
                joined
            })
            .sum();
        (joined, self.sum(joined))
    }
}

/// Bytes of memory a rank's block of `boards` boards with bounds needs at its peak: a word a
/// board, the two bitmaps of boards waiting to be propagated and a safety core's two of its own
/// (each core is computed at its threshold here, so no exits are kept for a later one): the
/// one-machine build's ([`bounds::memory_needed`]) and a bitmap more.
pub(crate) fn memory_needed(boards: u64) -> u64 {
    bounds::memory_needed(boards) + boards.div_ceil(64) * 8
}

/// How a rank's part of a level with bounds ended.
pub(crate) enum Solved {
    /// The block's bounds (two bytes a board), the counts of the whole level (summed over the
    /// ranks) and the bytes this rank sent.
    Done(bounds::Bounds, LevelStats, u64),
    /// Stopped after this step (see [`solve`]).
    Stopped(u32),
}

/// Builds this rank's block of level `stones` of `game` (`blocks` its blocks over the ranks of
/// `comm`), the lower levels' blocks of this rank in `lower` (two bytes a board: the stored
/// bounds) over `lower_blocks`. `resume`: the step a checkpoint was taken after and this
/// block's words then (four bytes a board, little-endian). After each step (`stones + 1`: the
/// forward pass; `k`: threshold `k`) `after_step` gets the block's words and the step, and
/// stops the build there when it says so.
pub(crate) fn solve<E>(
    comm: &dyn Comm,
    (game, ix, stones): (&SolverGame, &Indexer, u32),
    blocks: &Blocks,
    (lower, lower_blocks): (&[Vec<u8>], &[Blocks]),
    resume: Option<(u32, Vec<u8>)>,
    report: &dyn Report,
    mut after_step: impl FnMut(&[AtomicU32], u32) -> Result<bool, E>,
) -> Result<Solved, E> {
    assert!(
        stones <= crate::level::MAX_LEVEL,
        "level {stones}: values are kept in seven bits"
    );
    let b = stones as u8;
    let range = blocks.range(comm.rank());
    let len = (range.end - range.start) as usize;
    let mut job = Job {
        comm,
        game,
        ix,
        stones,
        blocks,
        lo: range.start,
        len,
        sent: 0,
        report,
        done: 0,
        total: 2 * ix.level_size(stones) + stones as u64,
    };
    let mut words: Zeroed<Word> = Zeroed::new(len);
    let first = match resume {
        Some((step, data)) => {
            for (w, x) in words.iter_mut().zip(data.chunks_exact(4)) {
                *w = u32::from_le_bytes(x.try_into().unwrap());
            }
            job.advance(len as u64);
            step - 1
        }
        None => {
            job.forward(&mut words, lower, lower_blocks);
            if after_step(bounds::atomic(&mut words), stones + 1)? {
                return Ok(Solved::Stopped(stones + 1));
            }
            stones
        }
    } as u8;
    let words_at = bounds::atomic(&mut words);
    let pend_w = bounds::bitmap(job.len);
    let pend_l = bounds::bitmap(job.len);
    for k in (1..=first).rev() {
        let started = bounds::start_all(words_at, (&pend_w, &pend_l), b, k, None);
        // A board just in W_k takes a move from each predecessor (which joins L_k with none
        // left); a board just in L_k puts its predecessors in W_k.
        let joined_w = |p: usize| {
            let now = bounds::told_into_w(&words_at[p], b, k);
            if now {
                bounds::mark(&pend_l, p);
            }
            now
        };
        let joined_l = |p: usize| {
            let now = bounds::told_into_l(&words_at[p], k);
            if now {
                bounds::mark(&pend_w, p);
            }
            now
        };
        job.spread([&pend_w, &pend_l], started, [&joined_w, &joined_l]);
        if bounds::core_threshold(k, stones) {
            loop {
                let (joined, everywhere) = job.safe_core(k, words_at, [&pend_w, &pend_l]);
                if everywhere == 0 {
                    break;
                }
                let grew = job.spread([&pend_w, &pend_l], joined, [&joined_w, &joined_l]);
                if grew == 0 {
                    break;
                }
            }
        }
        job.advance(1);
        if after_step(words_at, k as u32)? {
            return Ok(Solved::Stopped(k as u32));
        }
    }
    let s = bounds::settle(&words, stones);
    let mut all = [s.wins, s.draws, s.losses, s.undecided, s.inexact];
    comm.sum(&mut all);
    let stats = LevelStats {
        wins: all[0],
        draws: all[1],
        losses: all[2],
        undecided: all[3],
        inexact: all[4],
    };
    Ok(Solved::Done(
        bounds::into_bounds(words, stones),
        stats,
        job.sent,
    ))
}
