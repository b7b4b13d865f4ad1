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
//! The transport is the [`Comm`] trait: [`Single`] for one process, MPI (feature `mpi`) for a
//! job of many.

use crate::db::{BuildProgress, BuildReport, Database, DbError};
use crate::file::{AtomicWriter, LevelWriter, crc};
use crate::index::Indexer;
use crate::level::{
    CHUNK, DECIDED, LevelStats, MAX_LEVEL, STEPS, Threshold, atomic, capture_share, forward,
    mover_loses, seed, seed_candidate, settle, tell,
};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// What the ranks of a job need of each other.
pub trait Comm {
    /// This process's rank, `0..size()`.
    fn rank(&self) -> usize;
    /// The number of ranks.
    fn size(&self) -> usize;
    /// Sends `counts[r]` items of `send` (in rank order) to each rank `r`; returns the items
    /// received, in rank order, and how many came from each rank.
    fn all_to_all_u64(&self, send: &[u64], counts: &[usize]) -> (Vec<u64>, Vec<usize>);
    /// [`Self::all_to_all_u64`] for bytes when each rank already knows what it will receive:
    /// `recv_counts[r]` bytes from rank `r`.
    fn all_to_all_u8(&self, send: &[u8], counts: &[usize], recv_counts: &[usize]) -> Vec<u8>;
    /// Element-wise sums over all ranks, in place.
    fn sum(&self, x: &mut [u64]);
    /// Rank 0's `bytes` to every rank.
    fn broadcast(&self, bytes: &mut Vec<u8>);
    /// Sends `bytes` to rank `to` (received by a matching [`Self::receive`]).
    fn send(&self, to: usize, bytes: &[u8]);
    /// Receives exactly `bytes.len()` bytes sent by rank `from`.
    fn receive(&self, from: usize, bytes: &mut [u8]);
}

/// One process: the build of [`crate::level`] by the distributed method, for tests and as the
/// reference that any number of ranks must agree with.
pub struct Single;

impl Comm for Single {
    fn rank(&self) -> usize {
        0
    }
    fn size(&self) -> usize {
        1
    }
    fn all_to_all_u64(&self, send: &[u64], counts: &[usize]) -> (Vec<u64>, Vec<usize>) {
        (send.to_vec(), counts.to_vec())
    }
    fn all_to_all_u8(&self, send: &[u8], _: &[usize], _: &[usize]) -> Vec<u8> {
        send.to_vec()
    }
    fn sum(&self, _: &mut [u64]) {}
    fn broadcast(&self, _: &mut Vec<u8>) {}
    fn send(&self, _: usize, _: &[u8]) {
        unreachable!("one rank sends nothing")
    }
    fn receive(&self, _: usize, _: &mut [u8]) {
        unreachable!("one rank receives nothing")
    }
}

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
const TELL_ROUND: u64 = 1 << 20;
/// Bits of a request for a lower level's value: the level above, the index in the owner's block
/// below.
const LEVEL_SHIFT: u32 = 57;

/// The blocks of a level of `n` boards over `p` ranks: rank `r` owns `n r / p .. n (r+1) / p`.
#[derive(Clone, Debug)]
pub struct Blocks {
    n: u64,
    starts: Vec<u64>,
}

impl Blocks {
    pub fn new(n: u64, p: usize) -> Blocks {
        let starts = (0..=p)
            .map(|r| (n as u128 * r as u128 / p as u128) as u64)
            .collect();
        Blocks { n, starts }
    }

    /// The indices rank `r` owns.
    pub fn range(&self, r: usize) -> std::ops::Range<u64> {
        self.starts[r]..self.starts[r + 1]
    }

    /// The rank owning index `i`.
    #[inline]
    pub fn owner(&self, i: u64) -> usize {
        let p = self.starts.len() - 1;
        let mut r = match i.checked_mul(p as u64) {
            Some(x) => (x / self.n) as usize,
            None => (i as u128 * p as u128 / self.n as u128) as usize,
        };
        while self.starts[r + 1] <= i {
            r += 1;
        }
        while self.starts[r] > i {
            r -= 1;
        }
        r
    }
}

/// Counts the bytes a rank sends to other ranks.
struct Counted<'a> {
    comm: &'a dyn Comm,
    sent: std::cell::Cell<u64>,
}

impl Counted<'_> {
    fn to_others<T>(&self, counts: &[usize]) {
        let me = self.comm.rank();
        let n: usize = counts
            .iter()
            .enumerate()
            .filter(|&(r, _)| r != me)
            .map(|(_, &c)| c)
            .sum();
        self.sent
            .set(self.sent.get() + (n * std::mem::size_of::<T>()) as u64);
    }
    fn all_to_all_u64(&self, send: &[u64], counts: &[usize]) -> (Vec<u64>, Vec<usize>) {
        self.to_others::<u64>(counts);
        self.comm.all_to_all_u64(send, counts)
    }
    fn all_to_all_u8(&self, send: &[u8], counts: &[usize], recv: &[usize]) -> Vec<u8> {
        self.to_others::<u8>(counts);
        self.comm.all_to_all_u8(send, counts, recv)
    }
}

/// Rank 0's verdict, told to every rank: `Err` everywhere when rank 0 failed.
fn agree(comm: &dyn Comm, mine: Result<(), String>) -> Result<(), String> {
    let mut msg = match (&mine, comm.rank()) {
        (Ok(()), _) => vec![0],
        (Err(e), _) => {
            let mut m = vec![1];
            m.extend_from_slice(e.as_bytes());
            m
        }
    };
    comm.broadcast(&mut msg);
    match msg[0] {
        0 => Ok(()),
        _ => Err(String::from_utf8_lossy(&msg[1..]).into_owned()),
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

/// Every rank's block of a level that rank 0 holds whole (`all`), to its owner; returns this
/// rank's block.
fn scatter(comm: &dyn Comm, blocks: &Blocks, all: Option<&[u8]>) -> Vec<u8> {
    let me = comm.rank();
    let mine = blocks.range(me);
    let mut out = vec![0u8; (mine.end - mine.start) as usize];
    if me == 0 {
        let all = all.expect("rank 0 holds the level");
        for r in 0..comm.size() {
            let range = blocks.range(r);
            let part = &all[range.start as usize..range.end as usize];
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

/// Every rank's block (`mine`) to rank 0, in index order: rank 0 hands each piece to `sink`.
/// A sink that fails is not called again, but the pieces are still received.
fn gather(
    comm: &dyn Comm,
    blocks: &Blocks,
    mine: &[u8],
    sink: &mut dyn FnMut(&[u8]) -> Result<(), String>,
) -> Result<(), String> {
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
        let mut left = (range.end - range.start) as usize;
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
/// byte a board each.
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

    /// The threshold and data (exits then states) of a sound checkpoint of `level` with
    /// `entries` boards for the rules of `hash`; `None` when there is none or it is unusable.
    fn read(path: &Path, hash: u64, level: u32, entries: u64) -> Option<(u32, memmap2::Mmap)> {
        let f = std::fs::File::open(path).ok()?;
        // Safety: checkpoints are only replaced by rename, never written in place.
        let map = unsafe { memmap2::Mmap::map(&f) }.ok()?;
        if map.len() as u64 != CKPT_LEN as u64 + 2 * entries || &map[0..8] != CKPT_MAGIC {
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
            && threshold > level / 2
            && threshold <= level + 1;
        sound.then_some((threshold, map))
    }
}

/// One rank's block of the level being built.
struct Work<'a> {
    comm: Counted<'a>,
    db: &'a Database,
    ix: &'a Indexer,
    stones: u32,
    blocks: Blocks,
    /// The first index of this rank's block.
    lo: u64,
    exit: Vec<u8>,
    state: Vec<u8>,
    /// This rank's block of each lower level (empty for the others), and their blocks.
    lower: &'a [Vec<u8>],
    lower_blocks: &'a [Blocks],
    progress: &'a dyn BuildProgress,
    /// Work units done by all ranks (two a board: the forward pass, and the board's decision
    /// or the end of the level).
    done: u64,
}

impl Work<'_> {
    fn len(&self) -> usize {
        self.exit.len()
    }

    /// The forward pass over this rank's block, in rounds: the best capture or the end of the
    /// game, and the moves staying in the level, of every board.
    fn forward(&mut self) {
        let (game, ix, stones) = (self.db.game(), self.ix, self.stones);
        let p = self.comm.comm.size();
        // As many rounds on every rank: enough for the largest block.
        let rounds = (0..p)
            .map(|r| {
                let range = self.blocks.range(r);
                ((range.end - range.start) as usize).div_ceil(FORWARD_ROUND)
            })
            .max()
            .unwrap_or(0);
        let lo = self.lo;
        for t in 0..rounds {
            let a = (t * FORWARD_ROUND).min(self.len());
            let z = ((t + 1) * FORWARD_ROUND).min(self.len());
            // Each capture: (board in the round, stones captured, stones left, index there).
            let caps: Vec<Vec<(u32, u8, u8, u64)>> = self.exit[a..z]
                .par_chunks_mut(CHUNK)
                .zip(self.state[a..z].par_chunks_mut(CHUNK))
                .enumerate()
                .map(|(c, (ex, st))| {
                    let mut caps = Vec::new();
                    let mut cur = ix.cursor(stones, lo + (a + c * CHUNK) as u64);
                    for k in 0..ex.len() {
                        let at = (c * CHUNK + k) as u32;
                        // Captures are valued when the answers are in: 0 until then.
                        (ex[k], st[k]) = forward(game, cur.board(), |ch| {
                            let left = stones as u8 - ch.captured;
                            caps.push((at, ch.captured, left, ix.rank(&ch.board)));
                            0
                        });
                        if k + 1 < ex.len() {
                            cur.advance();
                        }
                    }
                    caps
                })
                .collect();
            let caps: Vec<(u32, u8, u8, u64)> = caps.concat();
            // Requests grouped by owner.
            let owners: Vec<u32> = caps
                .par_iter()
                .map(|&(_, _, left, i)| self.lower_blocks[left as usize].owner(i) as u32)
                .collect();
            let mut counts = vec![0usize; p];
            for &o in &owners {
                counts[o as usize] += 1;
            }
            let mut next: Vec<usize> = counts
                .iter()
                .scan(0, |acc, &c| {
                    let at = *acc;
                    *acc += c;
                    Some(at)
                })
                .collect();
            let mut send = vec![0u64; caps.len()];
            let mut slot = vec![0u32; caps.len()];
            for (n, (&(_, _, left, i), &o)) in caps.iter().zip(&owners).enumerate() {
                let o = o as usize;
                let start = self.lower_blocks[left as usize].range(o).start;
                send[next[o]] = (left as u64) << LEVEL_SHIFT | (i - start);
                slot[n] = next[o] as u32;
                next[o] += 1;
            }
            let (requests, from) = self.comm.all_to_all_u64(&send, &counts);
            let lower = self.lower;
            let answers: Vec<u8> = requests
                .par_iter()
                .map(|&q| {
                    lower[(q >> LEVEL_SHIFT) as usize][(q & ((1 << LEVEL_SHIFT) - 1)) as usize]
                })
                .collect();
            let values = self.comm.all_to_all_u8(&answers, &from, &counts);
            let exit = &mut self.exit[a..z];
            for (&(at, captured, left, _), &s) in caps.iter().zip(&slot) {
                let share = capture_share(captured, left as u32, values[s as usize]);
                let e = &mut exit[at as usize];
                *e = (*e).max(share);
            }
            let mut scanned = [(z - a) as u64];
            self.comm.comm.sum(&mut scanned);
            self.report(scanned[0]);
        }
    }

    /// Counts `units` more work units done by all ranks, and reports them on rank 0.
    fn report(&mut self, units: u64) {
        self.done += units;
        if self.comm.comm.rank() == 0 {
            self.progress.advance(self.done, 2 * self.blocks.n);
        }
    }

    /// Seeds and propagates threshold `k` over all ranks.
    fn threshold(&mut self, k: u8) {
        let b = self.stones as u8;
        let th = Threshold { k, lo: b - k };
        let first = k == b;
        let p = self.comm.comm.size();
        let len = self.len();
        let exit = &self.exit[..];
        let st: &[AtomicU8] = atomic(&mut self.state);
        let pending: Vec<AtomicU64> = (0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        let mark = |i: usize| {
            pending[i / 64].fetch_or(1 << (i % 64), Relaxed);
        };
        let mut waiting: u64 = exit
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(c, ex)| {
                let mut marked = 0;
                for (j, &e) in ex.iter().enumerate() {
                    if seed_candidate(e, th, first) {
                        let i = c * CHUNK + j;
                        if let Some(new) = seed(e, st[i].load(Relaxed), th) {
                            st[i].store(new, Relaxed);
                            mark(i);
                            marked += 1;
                        }
                    }
                }
                marked
            })
            .sum();
        let mut decided = waiting;
        let mut decided_all;
        let (ix, game, stones, lo) = (self.ix, self.db.game(), self.stones, self.lo);
        let blocks = &self.blocks.clone();
        let mut word = 0usize;
        loop {
            let mut total = [waiting, decided];
            self.comm.comm.sum(&mut total);
            decided_all = total[1];
            if self.comm.comm.rank() == 0 {
                self.progress.advance(self.done + decided_all, 2 * blocks.n);
            }
            if total[0] == 0 {
                break;
            }
            // The next words with boards waiting, up to a round's worth of boards.
            let mut taken: Vec<(usize, u64)> = Vec::new();
            let mut handled = 0u64;
            let words = pending.len();
            let mut seen = 0;
            while handled < TELL_ROUND && seen < words && waiting > handled {
                let w = word;
                word = (word + 1) % words;
                seen += 1;
                if pending[w].load(Relaxed) != 0 {
                    let bits = pending[w].swap(0, Relaxed);
                    handled += bits.count_ones() as u64;
                    taken.push((w, bits));
                }
            }
            // Their predecessors, addressed to their owners.
            let msgs: Vec<Vec<Vec<u64>>> = taken
                .par_chunks(64)
                .map(|ws| {
                    let mut out = vec![Vec::new(); p];
                    for &(w, mut bits) in ws {
                        let mut at: Option<(usize, crate::index::Cursor)> = None;
                        while bits != 0 {
                            let i = w * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let loses = mover_loses(st[i].load(Relaxed), stones) as u64;
                            match &mut at {
                                Some((a, cur)) if i - *a <= STEPS => {
                                    for _ in *a..i {
                                        cur.advance();
                                    }
                                    *a = i;
                                }
                                _ => at = Some((i, ix.cursor(stones, lo + i as u64))),
                            }
                            let board = *at.as_ref().unwrap().1.board();
                            game.predecessors(&board, stones, |q| {
                                let j = ix.rank(q);
                                let o = blocks.owner(j);
                                out[o].push((j - blocks.range(o).start) << 1 | loses);
                            });
                        }
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
            let (told, _) = self.comm.all_to_all_u64(&send, &counts);
            drop(send);
            let newly: u64 = told
                .par_chunks(1 << 14)
                .map(|ms| {
                    let mut n = 0;
                    for &m in ms {
                        let j = (m >> 1) as usize;
                        if tell(&st[j], exit[j], m & 1 == 1, th) {
                            mark(j);
                            n += 1;
                        }
                    }
                    n
                })
                .sum();
            waiting = waiting - handled + newly;
            decided += newly;
        }
        self.done += decided_all;
    }
}

impl Database {
    /// The file of the checkpoint of level `b` under way.
    pub fn checkpoint_path(&self, b: u32) -> PathBuf {
        self.dir().join(format!("level-{b:03}.ckpt"))
    }

    /// Memory one rank of `ranks` needs to build level `b`: its block's two bytes and a bit a
    /// board, and its block of every lower level.
    pub fn rank_memory(&self, b: u32, ranks: usize) -> u64 {
        let ix = self.indexer();
        let share = |n: u64| n.div_ceil(ranks as u64);
        let lower: u64 = (0..b)
            .filter(|l| l % 2 == b % 2)
            .map(|l| share(ix.level_size(l)))
            .sum();
        crate::level::memory_needed(share(ix.level_size(b))) + lower
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
        let (me, p) = (comm.rank(), comm.size());
        let root = me == 0;
        let started = Instant::now();
        let levels: Vec<u32> = self.game().levels(max_stones).collect();
        // Rank 0 finds which levels are built; the others learn it.
        let plan: Result<Vec<u64>, String> = if root {
            (|| {
                if let Some(&b) = levels
                    .iter()
                    .find(|&&b| b > MAX_LEVEL && !self.level_path(b).exists())
                {
                    return Err(format!(
                        "level {b} of {}: this build solves levels of at most {MAX_LEVEL} stones (values are kept in seven bits); build fewer levels with --max-stones",
                        self.game().rules().name()
                    ));
                }
                let mut plan = Vec::new();
                for &b in &levels {
                    let built = match self.level(b) {
                        Ok(_) => true,
                        Err(DbError::Missing { .. }) => false,
                        Err(e @ DbError::Corrupt { .. }) => {
                            progress.replacing(b, &e.to_string());
                            false
                        }
                        Err(e) => return Err(e.to_string()),
                    };
                    if !built && let Some(limit) = memory_limit {
                        let need = self.rank_memory(b, p);
                        if need > limit {
                            return Err(DbError::TooBig {
                                name: self.game().rules().name().to_string(),
                                level: b,
                                boards: self.indexer().level_size(b),
                                need_mib: need >> 20,
                                limit_mib: limit >> 20,
                            }
                            .to_string()
                                + &format!(" (per rank, with {p} ranks)"));
                        }
                    }
                    if built {
                        // Left by a job killed between writing the level and removing it.
                        let _ = std::fs::remove_file(self.checkpoint_path(b));
                    }
                    plan.push(built as u64);
                }
                self.remove_stale_temporaries();
                Ok(plan)
            })()
        } else {
            Ok(Vec::new())
        };
        let plan_ok = plan.as_ref().map(|_| ()).map_err(|e| e.clone());
        agree(comm, plan_ok).map_err(DbError::Io)?;
        let plan = share_u64(comm, &plan.unwrap_or_default());
        let ix = self.indexer();
        let top = levels.last().copied().unwrap_or(0);
        let mut lower: Vec<Vec<u8>> = vec![Vec::new(); top as usize + 1];
        let lower_blocks: Vec<Blocks> = (0..=top)
            .map(|l| Blocks::new(ix.level_size(l), p))
            .collect();
        let mut report = DistReport::default();
        for (n, &b) in levels.iter().enumerate() {
            let boards = ix.level_size(b);
            let blocks = &lower_blocks[b as usize];
            let building_later = plan[n + 1..].contains(&0);
            if plan[n] == 1 {
                if building_later {
                    let file = if root { Some(self.level(b)) } else { None };
                    let status = match &file {
                        Some(Err(e)) => Err(e.to_string()),
                        _ => Ok(()),
                    };
                    agree(comm, status).map_err(DbError::Io)?;
                    let data = file
                        .as_ref()
                        .and_then(|f| f.as_ref().ok())
                        .map(|f| f.data());
                    lower[b as usize] = scatter(comm, blocks, data);
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
            let mut work = Work {
                comm: Counted {
                    comm,
                    sent: std::cell::Cell::new(0),
                },
                db: self,
                ix,
                stones: b,
                blocks: blocks.clone(),
                lo: range.start,
                exit: Vec::new(),
                state: Vec::new(),
                lower: &lower,
                lower_blocks: &lower_blocks,
                progress,
                done: 0,
            };
            // A checkpoint of this level, if rank 0 has a sound one.
            let ckpt_path = self.checkpoint_path(b);
            let found = if root {
                Checkpoint::read(&ckpt_path, self.ruleset_hash(), b, boards)
            } else {
                None
            };
            let resume = share_u64(comm, &[found.as_ref().map_or(0, |f| f.0 as u64)])[0] as u32;
            let mut last = Some(t0);
            if resume > 0 {
                let data = found.as_ref().map(|(_, m)| &m[CKPT_LEN..]);
                work.exit = scatter(comm, blocks, data.map(|d| &d[..boards as usize]));
                work.state = scatter(comm, blocks, data.map(|d| &d[boards as usize..]));
                drop(found);
                report.resumed.push((b, resume));
                // Work units as at the end of the checkpointed step: the forward pass and the
                // boards decided so far.
                let mut decided = [work.state.iter().filter(|&&s| s & DECIDED != 0).count() as u64];
                comm.sum(&mut decided);
                work.report(boards + decided[0]);
            } else {
                drop(found);
                work.exit = vec![0u8; (range.end - range.start) as usize];
                work.state = vec![0u8; work.exit.len()];
                work.forward();
                if self.checkpoint(&work, b + 1, options, &mut last, started)? {
                    report.stopped = Some((b, b + 1));
                    return Ok(report);
                }
            }
            let start_k = if resume > 0 { resume - 1 } else { b };
            for k in (b / 2 + 1..=start_k).rev() {
                work.threshold(k as u8);
                if self.checkpoint(&work, k, options, &mut last, started)? {
                    report.stopped = Some((b, k));
                    return Ok(report);
                }
            }
            // The boards no threshold decided are settled now: the level's last work units.
            work.report((2 * boards).saturating_sub(work.done));
            let stats = settle(&mut work.state, b);
            let mut s = [stats.wins, stats.draws, stats.losses, work.comm.sent.get()];
            comm.sum(&mut s);
            let stats = LevelStats {
                wins: s[0],
                draws: s[1],
                losses: s[2],
            };
            let values = std::mem::take(&mut work.state);
            drop(work);
            // Rank 0 writes the level file from the blocks, in index order.
            let path = self.level_path(b);
            let mut writer = if root {
                Some(LevelWriter::create(&path, &self.level_header(b)).map_err(|e| e.to_string()))
            } else {
                None
            };
            let written = gather(comm, blocks, &values, &mut |piece| match &mut writer {
                Some(Ok(w)) => w.write(piece).map_err(|e| e.to_string()),
                Some(Err(e)) => Err(e.clone()),
                None => Ok(()),
            });
            let finished = written.and_then(|()| match writer {
                Some(w) => w.and_then(|w| w.finish().map_err(|e| e.to_string())),
                None => Ok(()),
            });
            let finished = finished.and_then(|()| {
                if root {
                    self.level(b).map_err(|e| e.to_string())?;
                    let _ = std::fs::remove_file(&ckpt_path);
                }
                Ok(())
            });
            agree(comm, finished).map_err(DbError::Io)?;
            if building_later {
                lower[b as usize] = values;
            }
            let secs = t0.elapsed().as_secs_f64();
            report.build.built.push((b, boards, secs));
            report.build.stats.push((b, stats));
            report.traffic.push((b, s[3]));
            if root {
                progress.done(b, boards, Some(&stats), secs);
            }
        }
        Ok(report)
    }

    /// Writes the checkpoint of `work` after `threshold` (`stones + 1`: after the forward
    /// pass) when `options` say it is time (`last`: when the last one was written, or the
    /// level started). True when the build is to stop there (its time is up).
    fn checkpoint(
        &self,
        work: &Work<'_>,
        threshold: u32,
        options: &DistOptions,
        last: &mut Option<Instant>,
        started: Instant,
    ) -> Result<bool, DbError> {
        let comm = work.comm.comm;
        // Rank 0's clock decides for all.
        let due = last.is_none_or(|t| t.elapsed().as_secs_f64() >= options.checkpoint_secs);
        let stop = options
            .stop_after_secs
            .is_some_and(|s| started.elapsed().as_secs_f64() >= s);
        let decided = share_u64(comm, &[due as u64, stop as u64]);
        if decided[0] == 0 || threshold == work.stones / 2 + 1 {
            // The last threshold is followed by the level file itself.
            return Ok(false);
        }
        self.write_checkpoint(work, threshold)
            .map_err(DbError::Io)?;
        *last = Some(Instant::now());
        Ok(decided[1] == 1)
    }

    fn write_checkpoint(&self, work: &Work<'_>, threshold: u32) -> Result<(), String> {
        let comm = work.comm.comm;
        let path = self.checkpoint_path(work.stones);
        let mut writer = if comm.rank() == 0 {
            Some(
                AtomicWriter::create(&path, CKPT_LEN)
                    .map_err(|e| format!("{}: {e}", path.display())),
            )
        } else {
            None
        };
        let mut sink = |piece: &[u8]| match &mut writer {
            Some(Ok(w)) => w
                .write(piece)
                .map_err(|e| format!("{}: {e}", path.display())),
            Some(Err(e)) => Err(e.clone()),
            None => Ok(()),
        };
        let r = gather(comm, &work.blocks, &work.exit, &mut sink).and(gather(
            comm,
            &work.blocks,
            &work.state,
            &mut sink,
        ));
        let r = r.and_then(|()| match writer {
            Some(w) => {
                let w = w?;
                let (len, data_crc) = w.data_crc();
                debug_assert_eq!(len, 2 * work.blocks.n);
                let h = Checkpoint::header(
                    self.ruleset_hash(),
                    work.stones,
                    threshold,
                    work.blocks.n,
                    data_crc,
                );
                w.finish(&h).map_err(|e| format!("{}: {e}", path.display()))
            }
            None => Ok(()),
        });
        agree(comm, r)
    }
}
