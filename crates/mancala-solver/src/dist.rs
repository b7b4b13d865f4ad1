//! The retrograde build over several processes (ranks), as one MPI job: the boards of each
//! level split into one block of consecutive indices per rank, the work of [`crate::level`]
//! done by every rank on its block, and the values and moves that cross blocks exchanged in
//! rounds.
//!
//! - Every rank keeps its block of each level built so far. The forward pass asks the owners
//!   of the lower levels' boards for their values, one batch a round (an all-to-all of
//!   requests, one of answers).
//! - The propagation sends each board decided to the owners of its predecessors, one batch a
//!   round (an all-to-all); a threshold ends when a sum over all ranks finds nothing waiting.
//! - Rank 0 alone reads and writes files: it streams the lower levels' blocks to the ranks at
//!   the start, receives each finished level's blocks in index order and writes the level file
//!   as the one-machine build does (the same bytes), and writes checkpoints: after the forward
//!   pass and after each threshold (at most one per `checkpoint_secs`), the state of the whole
//!   level in `level-NNN.ckpt`, from which a new job, with any number of ranks, resumes.
//!
//! A level with bounds (Oware's own-row repetition) is built by `dist_bounds.rs` on the
//! same blocks, its checkpoints holding each board's word.
//!
//! The transport is the [`Comm`] trait: [`Single`] for one process, MPI (feature `mpi`) for a
//! job of many.

pub use crate::comm::{Blocks, Comm, Single};
use crate::comm::{LEVEL_SHIFT, addressed, to_others};
use crate::db::{BuildPlan, BuildProgress, BuildReport, Database, DbError};
use crate::file::{AtomicWriter, LevelWriter, crc};
use crate::level::{
    CHUNK, Capture, DECIDED, LevelSolver, LevelStats, Lookup, Pass, Placement, capture_share,
};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// How a distributed build runs.
#[derive(Clone, Debug)]
pub struct DistOptions {
    /// Seconds of work at least between two checkpoints of a level (0: after the forward pass
    /// and after every threshold).
    pub checkpoint_secs: f64,
    /// Stop at the first checkpoint written after this many seconds of the build (for batch
    /// queues with a time limit: the next job resumes there).
    pub stop_after_secs: Option<f64>,
}

impl Default for DistOptions {
    fn default() -> Self {
        DistOptions {
            checkpoint_secs: 60.0,
            stop_after_secs: None,
        }
    }
}

/// What a distributed build did, beyond [`BuildReport`].
#[derive(Clone, Debug, Default)]
pub struct DistReport {
    pub build: BuildReport,
    /// (level, bytes sent between ranks by all ranks) of each level built now.
    pub traffic: Vec<(u32, u64)>,
    /// (level, threshold) of each level resumed from a checkpoint (`threshold` = stones + 1:
    /// after the forward pass).
    pub resumed: Vec<(u32, u32)>,
    /// (level, threshold) of the checkpoint the build stopped at, when it stopped at the time
    /// limit ([`DistOptions::stop_after_secs`]) before the end.
    pub stopped: Option<(u32, u32)>,
}

/// Bytes of a piece of a level streamed between rank 0 and another rank.
const PIECE: usize = 1 << 26;
/// Boards a rank scans in one round of the forward pass.
const FORWARD_ROUND: usize = 1 << 20;
/// Decided boards a rank tells its predecessors of in one round of the propagation.
const PROPAGATION_ROUND: u64 = 1 << 20;

/// Rank 0's verdict, told to every rank: rank 0's error stays itself, the other ranks get its
/// message ([`DbError::OnRankZero`]). The other ranks pass `Ok`: only rank 0 reads and writes
/// files.
fn agree<T>(comm: &dyn Comm, mine: Result<T, DbError>) -> Result<T, DbError> {
    let mut msg = match &mine {
        Ok(_) => vec![0],
        Err(e) => {
            let mut m = vec![1];
            m.extend_from_slice(e.to_string().as_bytes());
            m
        }
    };
    comm.broadcast(&mut msg);
    match (mine, msg[0]) {
        (Ok(_), 1) => Err(DbError::OnRankZero(
            String::from_utf8_lossy(&msg[1..]).into_owned(),
        )),
        (mine, _) => mine,
    }
}

/// The progress of a level with bounds, shown by rank 0.
struct RootProgress<'a> {
    progress: &'a dyn BuildProgress,
    root: bool,
}

impl crate::dist_bounds::Report for RootProgress<'_> {
    fn advance(&self, done: u64, total: u64) {
        if self.root {
            self.progress.advance(done, total);
        }
    }
}

/// Rank 0's value to every rank.
fn share_u64(comm: &dyn Comm, x: &[u64]) -> Vec<u64> {
    let mut bytes: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
    comm.broadcast(&mut bytes);
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Rank 0's flags to every rank.
fn share_flags(comm: &dyn Comm, flags: &[bool]) -> Vec<bool> {
    let mut bytes: Vec<u8> = flags.iter().map(|&f| f as u8).collect();
    comm.broadcast(&mut bytes);
    bytes.iter().map(|&b| b == 1).collect()
}

/// Every rank's block of a level that rank 0 holds whole (`all`, `width` bytes a board), to
/// its owner; returns this rank's block.
fn scatter(comm: &dyn Comm, (blocks, width): (&Blocks, usize), all: Option<&[u8]>) -> Vec<u8> {
    let me = comm.rank();
    let mine = blocks.range(me);
    let mut out = vec![0u8; (mine.end - mine.start) as usize * width];
    if me == 0 {
        let all = all.expect("rank 0 holds the level");
        for r in 0..comm.size() {
            let range = blocks.range(r);
            let part = &all[range.start as usize * width..range.end as usize * width];
            if r == 0 {
                out.copy_from_slice(part);
            } else {
                for piece in part.chunks(PIECE) {
                    comm.send(r, piece);
                }
            }
        }
    } else {
        for piece in out.chunks_mut(PIECE) {
            comm.receive(0, piece);
        }
    }
    out
}

/// Every rank's block (`mine`, `width` bytes a board) to rank 0, in index order: rank 0 hands
/// each piece to `sink`. A sink that fails is not called again, but the pieces are still
/// received.
fn gather(
    comm: &dyn Comm,
    (blocks, width): (&Blocks, usize),
    mine: &[u8],
    sink: &mut dyn FnMut(&[u8]) -> Result<(), DbError>,
) -> Result<(), DbError> {
    let me = comm.rank();
    if me != 0 {
        for piece in mine.chunks(PIECE) {
            comm.send(0, piece);
        }
        return Ok(());
    }
    let mut result = Ok(());
    let mut take = |piece: &[u8]| {
        if result.is_ok() {
            result = sink(piece);
        }
    };
    for piece in mine.chunks(PIECE) {
        take(piece);
    }
    let mut buf = vec![0u8; PIECE];
    for r in 1..comm.size() {
        let range = blocks.range(r);
        let mut left = (range.end - range.start) as usize * width;
        while left > 0 {
            let n = left.min(PIECE);
            comm.receive(r, &mut buf[..n]);
            take(&buf[..n]);
            left -= n;
        }
    }
    result
}

/// A checkpoint of a level under way: the best exits and the states of all its boards after
/// the forward pass (`threshold = stones + 1`) or after the propagation of a threshold.
///
/// Layout (little-endian): magic `MNCLCKPT`, format version (u32, 1), ruleset hash (u64),
/// level (u16), threshold (u16), reserved (u32, zero), entries (u64), CRC-32 of the data (u32),
/// CRC-32 of bytes 0..40 (u32), reserved to 48 bytes; then the exits, then the states, one
/// byte a board each; or, for a level with bounds, each board's word (`bounds::Word`, four
/// bytes little-endian) after the forward pass or a threshold (`stones + 1` down to 2).
pub(crate) struct Checkpoint;

const CKPT_MAGIC: &[u8; 8] = b"MNCLCKPT";
const CKPT_LEN: usize = 48;

impl Checkpoint {
    fn header(hash: u64, level: u32, threshold: u32, entries: u64, data_crc: u32) -> Vec<u8> {
        let mut h = vec![0u8; CKPT_LEN];
        h[0..8].copy_from_slice(CKPT_MAGIC);
        h[8..12].copy_from_slice(&1u32.to_le_bytes());
        h[12..20].copy_from_slice(&hash.to_le_bytes());
        h[20..22].copy_from_slice(&(level as u16).to_le_bytes());
        h[22..24].copy_from_slice(&(threshold as u16).to_le_bytes());
        h[28..36].copy_from_slice(&entries.to_le_bytes());
        h[36..40].copy_from_slice(&data_crc.to_le_bytes());
        let hc = crc(&h[0..40]);
        h[40..44].copy_from_slice(&hc.to_le_bytes());
        h
    }

    /// The threshold and data (exits then states, or words with `bounded`) of a sound
    /// checkpoint of `level` with `entries` boards for the rules of `hash`; `None` when there is
    /// none or it is unusable.
    fn read(
        path: &Path,
        (hash, bounded): (u64, bool),
        level: u32,
        entries: u64,
    ) -> Option<(u32, memmap2::Mmap)> {
        let f = crate::file::open_regular(path).ok()?;
        // Safety: checkpoints are only replaced by rename, never written in place.
        let map = unsafe { memmap2::Mmap::map(&f) }.ok()?;
        let (width, lowest) = if bounded { (4, 2) } else { (2, level / 2 + 1) };
        if map.len() as u64 != CKPT_LEN as u64 + width * entries || &map[0..8] != CKPT_MAGIC {
            return None;
        }
        let u16_at = |o: usize| u16::from_le_bytes(map[o..o + 2].try_into().unwrap()) as u32;
        let u32_at = |o: usize| u32::from_le_bytes(map[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(map[o..o + 8].try_into().unwrap());
        let threshold = u16_at(22);
        let sound = u32_at(8) == 1
            && u64_at(12) == hash
            && u16_at(20) == level
            && u64_at(28) == entries
            && crc(&map[0..40]) == u32_at(40)
            && crc(&map[CKPT_LEN..]) == u32_at(36)
            && threshold >= lowest
            && threshold <= level + 1;
        sound.then_some((threshold, map))
    }
}

/// The placement of a level over the ranks of a job ([`Placement`]): this rank's block of the
/// level and of each lower level; the lower levels' values of the captures read from their
/// owners in a batch a round (an all-to-all of requests, one of answers), each board decided
/// sent to the owners of its predecessors in a batch a round (an all-to-all). Rank 0 reports
/// the progress of all ranks.
pub(crate) struct Ranks<'a> {
    comm: &'a dyn Comm,
    /// The blocks of the level being built.
    blocks: Blocks,
    /// This rank's block of each lower level (empty for the others), and their blocks.
    lower: &'a [Vec<u8>],
    lower_blocks: &'a [Blocks],
    progress: &'a dyn BuildProgress,
    /// Work units done by all ranks (two a board: the forward pass, and the board's decision
    /// or the end of the level).
    done: u64,
    /// Bytes this rank sent to other ranks.
    bytes_sent: u64,
}

/// The worker threads' side of [`Ranks`]: captures are left for the round's exchange.
pub(crate) struct Batched;

impl Lookup for Batched {
    #[inline(always)]
    fn capture_found(&self, _: u8, _: u64) {}
    #[inline(always)]
    fn value_group(&self, _: &mut Vec<Capture>, _: &mut [u8]) {}
    fn tick(&self, _: u64) {}
}

impl Ranks<'_> {
    /// Counts the items of `T` of an exchange that go to other ranks.
    fn count_sent<T>(&mut self, counts: &[usize]) {
        self.bytes_sent += to_others(self.comm, counts, std::mem::size_of::<T>());
    }

    fn all_to_all_u64(&mut self, send: &[u64], counts: &[usize]) -> (Vec<u64>, Vec<usize>) {
        self.count_sent::<u64>(counts);
        self.comm.all_to_all_u64(send, counts)
    }

    fn all_to_all_u8(&mut self, send: &[u8], counts: &[usize], recv: &[usize]) -> Vec<u8> {
        self.count_sent::<u8>(counts);
        self.comm.all_to_all_u8(send, counts, recv)
    }

    /// Reports the work units done by all ranks, on rank 0.
    fn report(&self) {
        if self.comm.rank() == 0 {
            self.progress.advance(self.done, 2 * self.blocks.n);
        }
    }
}

impl Placement for Ranks<'_> {
    type Lookup = Batched;

    fn lookup(&self) -> &Batched {
        &Batched
    }

    /// As many rounds on every rank: enough for the largest block.
    fn forward_rounds(&self, _: usize) -> (usize, usize) {
        let rounds = (0..self.comm.size())
            .map(|r| {
                let range = self.blocks.range(r);
                ((range.end - range.start) as usize).div_ceil(FORWARD_ROUND)
            })
            .max()
            .unwrap_or(0);
        (rounds, FORWARD_ROUND)
    }

    fn value_round(&mut self, captures: Vec<Vec<Capture>>, exit: &mut [u8]) {
        let p = self.comm.size();
        // Each capture with its board's place in the round.
        let caps: Vec<(usize, Capture)> = captures
            .iter()
            .enumerate()
            .flat_map(|(c, caps)| caps.iter().map(move |&x| (c * CHUNK + x.at as usize, x)))
            .collect();
        drop(captures);
        // Requests grouped by owner.
        let lower_blocks = self.lower_blocks;
        let owners: Vec<u32> = caps
            .par_iter()
            .map(|(_, x)| lower_blocks[x.left as usize].owner(x.index) as u32)
            .collect();
        let to = caps.iter().zip(&owners).map(|((_, x), &o)| {
            let start = lower_blocks[x.left as usize].range(o as usize).start;
            (
                o as usize,
                (x.left as u64) << LEVEL_SHIFT | (x.index - start),
            )
        });
        let (send, counts, slot) = addressed(p, to);
        let (requests, from) = self.all_to_all_u64(&send, &counts);
        let lower = self.lower;
        let answers: Vec<u8> = requests
            .par_iter()
            .map(|&q| lower[(q >> LEVEL_SHIFT) as usize][(q & ((1 << LEVEL_SHIFT) - 1)) as usize])
            .collect();
        let values = self.all_to_all_u8(&answers, &from, &counts);
        for (&(at, x), &s) in caps.iter().zip(&slot) {
            let share = capture_share(x.captured, x.left as u32, values[s as usize], x.again);
            let e = &mut exit[at];
            *e = (*e).max(share);
        }
    }

    fn advance(&mut self, units: u64) {
        let mut all = [units];
        self.comm.sum(&mut all);
        self.done += all[0];
        self.report();
    }

    fn any_waiting(&mut self, waiting: u64, newly_decided: u64) -> bool {
        let mut total = [waiting, newly_decided];
        self.comm.sum(&mut total);
        self.done += total[1];
        self.report();
        total[0] > 0
    }

    fn propagate(&mut self, pass: &Pass<'_>, waiting: u64, next_word: &mut usize) -> (u64, u64) {
        let p = self.comm.size();
        // The next words with boards waiting, up to a round's worth of boards.
        let mut taken: Vec<(usize, u64)> = Vec::new();
        let mut handled = 0u64;
        let words = pass.pending.len();
        let mut seen = 0;
        while handled < PROPAGATION_ROUND && seen < words && waiting > handled {
            let w = *next_word;
            *next_word = (w + 1) % words;
            seen += 1;
            if pass.pending[w].load(Relaxed) != 0 {
                let bits = pass.pending[w].swap(0, Relaxed);
                handled += bits.count_ones() as u64;
                taken.push((w, bits));
            }
        }
        // Their predecessors, addressed to their owners: the index in the owner's block, and
        // whether the side to move loses on the board decided.
        let blocks = &self.blocks;
        let msgs: Vec<Vec<Vec<u64>>> = taken
            .par_chunks(64)
            .with_max_len(1)
            .map(|ws| {
                let mut out = vec![Vec::new(); p];
                for &(w, bits) in ws {
                    pass.predecessors(w, bits, |j, loses, _| {
                        let o = blocks.owner(j);
                        out[o].push((j - blocks.range(o).start) << 1 | loses as u64);
                    });
                }
                out
            })
            .collect();
        let counts: Vec<usize> = (0..p)
            .map(|o| msgs.iter().map(|m| m[o].len()).sum())
            .collect();
        let mut send = Vec::with_capacity(counts.iter().sum());
        for o in 0..p {
            for m in &msgs {
                send.extend_from_slice(&m[o]);
            }
        }
        drop(msgs);
        let (told, _) = self.all_to_all_u64(&send, &counts);
        drop(send);
        let decided: u64 = told
            .par_chunks(1 << 14)
            .with_max_len(1)
            .map(|ms| {
                ms.iter()
                    .map(|&m| pass.tell_decided((m >> 1) as usize, m & 1 == 1) as u64)
                    .sum::<u64>()
            })
            .sum();
        (handled, decided)
    }

    /// The boards no threshold decided are settled now: the level's last work units.
    fn finish(&mut self) {
        self.done = self.done.max(2 * self.blocks.n);
        self.report();
    }
}

impl Database {
    /// The file of the checkpoint of level `b` under way.
    pub fn checkpoint_path(&self, b: u32) -> PathBuf {
        self.dir().join(format!("level-{b:03}.ckpt"))
    }

    /// Memory one rank of `ranks` needs to build level `b`: its block's two bytes and a bit a
    /// board (four bytes and four bits for a level with bounds), and its block of every lower
    /// level.
    pub fn rank_memory(&self, b: u32, ranks: usize) -> u64 {
        let ix = self.indexer();
        let share = |n: u64| n.div_ceil(ranks as u64);
        let game = self.game();
        let width = crate::file::entry_bytes(self.encoding());
        let lower: u64 = (0..b)
            .filter(|&l| game.has_level(l))
            .map(|l| share(ix.level_size(l)) * width)
            .sum();
        self.block_memory(share(ix.level_size(b))) + lower
    }

    /// Builds every level up to `max_stones` stones that is not built yet, lowest first, with
    /// the ranks of `comm`, every rank calling it with the same arguments (rank 0's data
    /// directory is the one used; the others read and write no file). The files are those of
    /// [`Database::build`], byte for byte. A level under way is checkpointed (see the module
    /// documentation), and a build killed at any point resumes, with any number of ranks,
    /// from the last checkpoint. `memory_limit` is per rank; `progress` is called on rank 0.
    pub fn build_distributed(
        &self,
        comm: &dyn Comm,
        max_stones: u32,
        memory_limit: Option<u64>,
        progress: &dyn BuildProgress,
        options: &DistOptions,
    ) -> Result<DistReport, DbError> {
        // Levels with bounds (Oware's own-row repetition): two bytes a board on disk, built by
        // `crate::dist_bounds`.
        let bounded = self.encoding() == crate::file::ENCODING_BOUNDED;
        let width = crate::file::entry_bytes(self.encoding()) as usize;
        let (me, p) = (comm.rank(), comm.size());
        let root = me == 0;
        let started = Instant::now();
        // Rank 0 plans the build; the others learn which levels are on disk.
        let planned = if root {
            let need = |b| self.rank_memory(b, p);
            self.plan_build(
                max_stones,
                memory_limit,
                &need,
                Some(p),
                &|_| false,
                progress,
            )
            .map(Some)
        } else {
            Ok(None)
        };
        let planned = agree(comm, planned)?;
        let on_disk = planned.as_ref().map_or(&[][..], |plan| &plan.on_disk[..]);
        let plan = BuildPlan {
            levels: self.game().levels(max_stones).collect(),
            on_disk: share_flags(comm, on_disk),
        };
        drop(planned);
        let (game, ix) = (self.game(), self.indexer());
        let top = plan.levels.last().copied().unwrap_or(0);
        let mut lower: Vec<Vec<u8>> = vec![Vec::new(); top as usize + 1];
        let lower_blocks: Vec<Blocks> = (0..=top)
            .map(|l| Blocks::new(ix.level_size(l), p))
            .collect();
        let mut report = DistReport::default();
        for (n, &b) in plan.levels.iter().enumerate() {
            let boards = ix.level_size(b);
            let blocks = &lower_blocks[b as usize];
            let read_later = plan.builds_after(n);
            if plan.on_disk[n] {
                if read_later {
                    let file = agree(
                        comm,
                        if root {
                            self.level(b).map(Some)
                        } else {
                            Ok(None)
                        },
                    )?;
                    lower[b as usize] =
                        scatter(comm, (blocks, width), file.as_ref().map(|f| f.data()));
                }
                report.build.kept.push(b);
                if root {
                    progress.done(b, boards, None, 0.0);
                }
                continue;
            }
            if root {
                progress.start(b, boards);
            }
            let t0 = Instant::now();
            let range = blocks.range(me);
            let ckpt_path = self.checkpoint_path(b);
            // A checkpoint of this level, if rank 0 has a sound one: the step it was taken
            // after (0: none), told to every rank, and its data on rank 0.
            let found = if root {
                Checkpoint::read(&ckpt_path, (self.ruleset_hash(), bounded), b, boards)
            } else {
                None
            };
            let resume = share_u64(comm, &[found.as_ref().map_or(0, |f| f.0 as u64)])[0] as u32;
            if resume > 0 {
                report.resumed.push((b, resume));
            }
            let (values, stats, traffic): (Box<dyn std::ops::Deref<Target = [u8]>>, _, _) =
                if bounded {
                    let words = (resume > 0).then(|| {
                        let data = found.as_ref().map(|(_, m)| &m[CKPT_LEN..]);
                        scatter(comm, (blocks, 4), data)
                    });
                    drop(found);
                    let mut last = Some(t0);
                    let solved = crate::dist_bounds::solve(
                        comm,
                        (game, ix, b),
                        blocks,
                        (&lower, &lower_blocks),
                        words.map(|w| (resume, w)),
                        &RootProgress { progress, root },
                        |words, step| {
                            let data = || [(crate::bounds::words_le(words), 4)];
                            // The last step is threshold 1 (the forward pass at level 0).
                            let at = (comm, blocks, b);
                            self.checkpoint(at, (step, 1), &data, options, (&mut last, started))
                        },
                    )?;
                    match solved {
                        crate::dist_bounds::Solved::Stopped(step) => {
                            report.stopped = Some((b, step));
                            return Ok(report);
                        }
                        crate::dist_bounds::Solved::Done(v, stats, sent) => {
                            let mut s = [sent];
                            comm.sum(&mut s);
                            (Box::new(v), stats, s[0])
                        }
                    }
                } else {
                    let place = Ranks {
                        comm,
                        blocks: blocks.clone(),
                        lower: &lower,
                        lower_blocks: &lower_blocks,
                        progress,
                        done: 0,
                        bytes_sent: 0,
                    };
                    let mut solver = if resume > 0 {
                        let data = found.as_ref().map(|(_, m)| &m[CKPT_LEN..]);
                        let exit = scatter(comm, (blocks, 1), data.map(|d| &d[..boards as usize]));
                        let state = scatter(comm, (blocks, 1), data.map(|d| &d[boards as usize..]));
                        drop(found);
                        let mut solver =
                            LevelSolver::resumed(game, ix, b, range.start, exit, state, place);
                        // Work units as at the end of the checkpointed step: the forward pass and the
                        // boards decided so far.
                        let decided = solver.state.iter().filter(|&&s| s & DECIDED != 0).count();
                        solver.place.advance((solver.state.len() + decided) as u64);
                        solver
                    } else {
                        drop(found);
                        let len = (range.end - range.start) as usize;
                        LevelSolver::new(game, ix, b, range.start, len, place)
                    };
                    let mut last = Some(t0);
                    let stopped = solver.run((resume > 0).then_some(resume), |solver, step| {
                        let at = (comm, blocks, b);
                        let data = || [(&solver.exit[..], 1), (&solver.state[..], 1)];
                        self.checkpoint(at, (step, b / 2 + 1), &data, options, (&mut last, started))
                    })?;
                    if let Some(step) = stopped {
                        report.stopped = Some((b, step));
                        return Ok(report);
                    }
                    let stats = solver.settle();
                    let mut s = [
                        stats.wins,
                        stats.draws,
                        stats.losses,
                        solver.place.bytes_sent,
                    ];
                    comm.sum(&mut s);
                    let stats = LevelStats {
                        wins: s[0],
                        draws: s[1],
                        losses: s[2],
                        undecided: 0,
                        inexact: 0,
                    };
                    let values = std::mem::take(&mut solver.state);
                    drop(solver);
                    (Box::new(values), stats, s[3])
                };
            // Rank 0 writes the level file from the blocks, in index order.
            let (mut writer, mut failed) = (None, None);
            if root {
                match LevelWriter::create(&self.level_path(b), &self.level_header(b)) {
                    Ok(w) => writer = Some(w),
                    Err(e) => failed = Some(self.file_error(b, e)),
                }
            }
            let written = gather(
                comm,
                (blocks, width),
                &values,
                &mut |piece| match &mut writer {
                    Some(w) => w.write(piece).map_err(|e| self.file_error(b, e)),
                    None => Ok(()),
                },
            );
            let finished = failed.map_or(Ok(()), Err).and(written).and_then(|()| {
                if let Some(w) = writer {
                    w.finish().map_err(|e| self.file_error(b, e))?;
                    self.level(b)?;
                    let _ = std::fs::remove_file(&ckpt_path);
                }
                Ok(())
            });
            agree(comm, finished)?;
            if read_later {
                lower[b as usize] = values.to_vec();
            }
            let secs = t0.elapsed().as_secs_f64();
            report.build.built.push((b, boards, secs));
            report.build.stats.push((b, stats));
            report.traffic.push((b, traffic));
            if root {
                progress.done(b, boards, Some(&stats), secs);
            }
        }
        Ok(report)
    }

    /// Writes the checkpoint of level `stones` under way (`comm` and `blocks` its ranks and
    /// blocks; `data`: its arrays, each with its bytes a board) after `step` (`stones + 1`:
    /// after the forward pass; else a threshold) when `options` say it is time (`last`: when
    /// the last one was written, or the level started; `started`: when the build started).
    /// The last step (`last_step`) is followed by the level file itself. True when the build is
    /// to stop there (its time is up).
    fn checkpoint<'d, D: AsRef<[u8]> + 'd, const N: usize>(
        &self,
        (comm, blocks, stones): (&dyn Comm, &Blocks, u32),
        (step, last_step): (u32, u32),
        data: &dyn Fn() -> [(D, usize); N],
        options: &DistOptions,
        (last, started): (&mut Option<Instant>, Instant),
    ) -> Result<bool, DbError> {
        // Rank 0's clock decides for all.
        let due = last.is_none_or(|t| t.elapsed().as_secs_f64() >= options.checkpoint_secs);
        let stop = options
            .stop_after_secs
            .is_some_and(|s| started.elapsed().as_secs_f64() >= s);
        let decided = share_u64(comm, &[due as u64, stop as u64]);
        if decided[0] == 0 || step == last_step {
            return Ok(false);
        }
        self.write_checkpoint((comm, blocks, stones), step, &data())?;
        *last = Some(Instant::now());
        Ok(decided[1] == 1)
    }

    fn write_checkpoint<D: AsRef<[u8]>>(
        &self,
        (comm, blocks, stones): (&dyn Comm, &Blocks, u32),
        threshold: u32,
        data: &[(D, usize)],
    ) -> Result<(), DbError> {
        let path = self.checkpoint_path(stones);
        let io = |e: std::io::Error| DbError::Io(format!("{}: {e}", path.display()));
        let (mut writer, mut failed) = (None, None);
        if comm.rank() == 0 {
            match AtomicWriter::create(&path, CKPT_LEN) {
                Ok(w) => writer = Some(w),
                Err(e) => failed = Some(io(e)),
            }
        }
        let mut sink = |piece: &[u8]| match &mut writer {
            Some(w) => w.write(piece).map_err(io),
            None => Ok(()),
        };
        // Every gather runs on every rank, whatever the ones before did.
        let mut written = Ok(());
        for (array, width) in data {
            let r = gather(comm, (blocks, *width), array.as_ref(), &mut sink);
            written = written.and(r);
        }
        let width: usize = data.iter().map(|(_, w)| w).sum();
        let r = failed
            .map_or(Ok(()), Err)
            .and(written)
            .and_then(|()| match writer {
                Some(w) => {
                    let (len, data_crc) = w.data_crc();
                    debug_assert_eq!(len, width as u64 * blocks.n);
                    let h = Checkpoint::header(
                        self.ruleset_hash(),
                        stones,
                        threshold,
                        blocks.n,
                        data_crc,
                    );
                    w.finish(&h).map_err(io)
                }
                None => Ok(()),
            });
        agree(comm, r)
    }
}
