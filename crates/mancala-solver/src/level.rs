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
use crate::index::{Board, Cursor, Indexer};
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
/// Boards handled as one piece of parallel work (a multiple of 64: whole bitmap words). Each
/// piece is a job of its own (`with_max_len(1)`): left to itself, rayon cuts a loop into a few
/// runs of pieces for each thread and no other thread can take a piece from a run under way,
/// so where the work of the pieces is uneven (a propagation's cascades, a safety core's
/// candidates) one thread finished early and waited. Level 18 of Oware on two threads: the
/// sweep of threshold 9 used 1.59 threads of 2, then 1.99.
pub(crate) const CHUNK: usize = 1 << 14;
/// Boards a cursor steps over rather than unrank the next board waiting in a bitmap word.
pub(crate) const STEPS: usize = 6;
/// Boards of the forward pass whose captures are looked up together.
pub(crate) const GROUP: usize = 16;
/// Predecessors a propagation sweep gathers (their entries prefetched) before it tells them.
pub(crate) const TOLD_TOGETHER: usize = 64;
/// Boards a propagation sweep keeps to propagate next, with their seeds, rather than mark
/// them in its bitmap (which would unrank them again), before it marks the rest (few in debug
/// builds, so that the tests go both ways).
pub(crate) const KEPT: usize = if cfg!(debug_assertions) { 64 } else { 1 << 14 };
/// Bitmap words handled as one piece of parallel work in a propagation sweep.
pub(crate) const WORDS: usize = CHUNK / 64;

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
    /// Boards whose outcome the stored bounds leave open (`crate::bounds`; 0 elsewhere).
    pub undecided: u64,
    /// Boards whose share is not exact, their outcome decided or not (`crate::bounds`; 0
    /// elsewhere).
    pub inexact: u64,
}

/// Asks for the cache line of `x` ahead of its use.
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
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
/// how many boards are won, drawn and lost (a repetition ending that depends on where the cycle
/// closes is solved by `crate::bounds` instead).
/// `lower[b][i]` is the share of board `i` of the (solved) level `b < stones` (levels of the
/// other parity: empty).
pub fn solve_level(
    game: &SolverGame,
    ix: &Indexer,
    stones: u32,
    lower: &[&[u8]],
    progress: &dyn Progress,
) -> (Vec<u8>, LevelStats) {
    let size = level_len(ix, stones);
    let local = Local {
        lower,
        progress,
        done: AtomicU64::new(0),
        total: 2 * size as u64,
    };
    let mut solver = LevelSolver::new(game, ix, stones, 0, size, local);
    let stopped = solver.run(None, |_, _| Ok::<bool, std::convert::Infallible>(false));
    debug_assert!(matches!(stopped, Ok(None)));
    let stats = solver.settle();
    (solver.state, stats)
}

/// The boards of level `stones`, as a length in memory.
pub(crate) fn level_len(ix: &Indexer, stones: u32) -> usize {
    usize::try_from(ix.level_size(stones)).expect("the level fits the address space")
}

/// A capture found by the forward pass, valued once the lower level's value of the board it
/// leads to is read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Capture {
    /// The capturing board: its place in its chunk of [`CHUNK`] boards.
    pub at: u32,
    /// Stones captured.
    pub captured: u8,
    /// Stones left on the board: the lower level the capture leads to.
    pub left: u8,
    /// The mover moves again there (Kalah's extra turn).
    pub again: bool,
    /// The index of the board it leads to in that level.
    pub index: u64,
}

/// The boards of a level being solved and the values of the solved levels below it, as the
/// level solver ([`LevelSolver`]) reaches them: all in this process's memory ([`Local`]), or
/// split into blocks over the ranks of a distributed build (`dist::Ranks`), where the values
/// and decisions that cross blocks are exchanged in batches. Every call is monomorphised: the
/// solver's loops are compiled once per placement.
pub(crate) trait Placement {
    /// What the solver's worker threads use while they scan boards.
    type Lookup: Lookup;
    fn lookup(&self) -> &Self::Lookup;
    /// The forward pass's rounds over a block of `len` boards: how many, and the boards of
    /// each (the last ones may be short or empty). Captures a round leaves unvalued go to
    /// [`Self::value_round`] at its end.
    fn forward_rounds(&self, len: usize) -> (usize, usize);
    /// Values the captures of a round that [`Lookup::value_group`] left, one list per chunk
    /// of [`CHUNK`] boards of `exit` (the round's best exits), and keeps the best.
    fn value_round(&mut self, captures: Vec<Vec<Capture>>, exit: &mut [u8]);
    /// `units` of work done here since the last call, counted at the end of a round.
    fn advance(&mut self, units: u64);
    /// Whether a board waits to be propagated anywhere, with `waiting` here and
    /// `newly_decided` here since the last call.
    fn any_waiting(&mut self, waiting: u64, newly_decided: u64) -> bool;
    /// One round of propagation: takes boards waiting in `pass` (from word `next_word` on,
    /// `waiting` in all) and tells their predecessors, wherever they are, that they are
    /// decided. Returns the boards taken and the boards this decided here.
    fn propagate(&mut self, pass: &Pass<'_>, waiting: u64, next_word: &mut usize) -> (u64, u64);
    /// The level's work is done: its progress goes to the end.
    fn finish(&mut self);
}

/// What a [`Placement`] does for the solver's worker threads.
pub(crate) trait Lookup: Sync {
    /// A capture was just found, leading to board `index` of level `left`.
    fn capture_found(&self, left: u8, index: u64);
    /// Values the captures of a group of boards of a chunk (`exit`: the chunk's best exits)
    /// and keeps the best, if the values are at hand; else leaves them for the round.
    fn value_group(&self, captures: &mut Vec<Capture>, exit: &mut [u8]);
    /// `units` of work just done by a worker thread.
    fn tick(&self, units: u64);
}

/// The level solver: retrograde analysis of one level (the module documentation tells the
/// method) over the block of boards this process owns, its lower levels reached through the
/// placement `P`. Its steps are the forward pass, then each threshold from `B` down to
/// `B/2 + 1`; after each, the build may checkpoint (see [`Self::run`]).
pub(crate) struct LevelSolver<'a, P: Placement> {
    game: &'a SolverGame,
    ix: &'a Indexer,
    pub stones: u32,
    /// The index of the block's first board.
    lo: u64,
    /// Each board's best exit ([`NO_EXIT`]: none), from the forward pass.
    pub exit: Vec<u8>,
    /// Each board's state byte ([`DECIDED`] and its value, or its moves left undecided).
    pub state: Vec<u8>,
    pub place: P,
}

/// A threshold's propagation under way over a block: what a round needs.
#[derive(Clone, Copy)]
pub(crate) struct Pass<'a> {
    pub game: &'a SolverGame,
    pub ix: &'a Indexer,
    pub stones: u32,
    /// The index of the block's first board.
    pub lo: u64,
    pub th: Threshold,
    pub exit: &'a [u8],
    pub state: &'a [AtomicU8],
    /// Boards decided whose predecessors are still to be told, one bit a board.
    pub pending: &'a [AtomicU64],
}

impl Pass<'_> {
    /// Puts board `i` of the block among those waiting.
    #[inline(always)]
    pub fn mark(&self, i: usize) {
        self.pending[i / 64].fetch_or(1 << (i % 64), Relaxed);
    }

    /// Tells board `j` of the block that a move leads to a board just decided (lost for the
    /// side to move there when `mover_loses`); marks it when this decides it, and says so.
    #[inline(always)]
    pub fn tell_decided(&self, j: usize, mover_loses: bool) -> bool {
        let now = successor_decided(&self.state[j], self.exit[j], mover_loses, self.th);
        if now {
            self.mark(j);
        }
        now
    }

    /// The predecessors of the boards of `bits`, bitmap word `w` of the block: `each` gets a
    /// predecessor's index in the level and whether the side to move loses on the board it
    /// precedes. Boards close together in the word are reached by stepping a cursor.
    #[inline(always)]
    pub fn predecessors(&self, w: usize, bits: u64, mut each: impl FnMut(u64, bool, &Board)) {
        word_predecessors(
            (self.game, self.ix, self.stones),
            (self.lo, w, bits),
            |i| mover_loses(self.state[i].load(Relaxed), self.stones),
            |&loses, p, board| each(p, loses, board),
        );
    }
}

/// Brings `cur`, on the board of index `from` of level `stones`, to the board of index `to`
/// (`from <= to`): stepped through the boards between when they are few ([`STEPS`]), unranked
/// afresh when they are many.
#[inline(always)]
pub(crate) fn cursor_to(ix: &Indexer, stones: u32, cur: &mut Cursor, from: u64, to: u64) {
    debug_assert!(from <= to);
    if to - from <= STEPS as u64 {
        for _ in from..to {
            cur.advance();
        }
    } else {
        *cur = ix.cursor(stones, to);
    }
}

/// The predecessors of the boards of `bits`, bitmap word `w` of the block of level `stones`
/// that starts at index `lo`: `each` gets what `of_board` says of the board (asked once a
/// board, with its place in the block) and the index in the level of one of its predecessors.
/// Boards close together in the word are reached by stepping a cursor rather than unranking.
#[inline(always)]
pub(crate) fn word_predecessors<T>(
    (game, ix, stones): (&SolverGame, &Indexer, u32),
    (lo, w, mut bits): (u64, usize, u64),
    mut of_board: impl FnMut(usize) -> T,
    mut each: impl FnMut(&T, u64, &Board),
) {
    let mut at: Option<(usize, Cursor)> = None;
    while bits != 0 {
        let i = w * 64 + bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let this = of_board(i);
        match &mut at {
            Some((a, cur)) => {
                cursor_to(ix, stones, cur, lo + *a as u64, lo + i as u64);
                *a = i;
            }
            None => at = Some((i, ix.cursor(stones, lo + i as u64))),
        }
        let board = *at.as_ref().unwrap().1.board();
        game.predecessors_ranked(ix, &board, stones, |p, r| each(&this, r, p));
    }
}

impl<'a, P: Placement> LevelSolver<'a, P> {
    /// The solver of level `stones` over the `len` boards from index `lo`, before its
    /// forward pass.
    pub fn new(
        game: &'a SolverGame,
        ix: &'a Indexer,
        stones: u32,
        lo: u64,
        len: usize,
        place: P,
    ) -> Self {
        Self::resumed(game, ix, stones, lo, vec![0; len], vec![0; len], place)
    }

    /// The solver of level `stones` over the boards from index `lo` whose best exits and
    /// states a checkpoint kept.
    pub fn resumed(
        game: &'a SolverGame,
        ix: &'a Indexer,
        stones: u32,
        lo: u64,
        exit: Vec<u8>,
        state: Vec<u8>,
        place: P,
    ) -> Self {
        assert!(
            stones <= MAX_LEVEL,
            "level {stones}: values are kept in seven bits"
        );
        assert_eq!(exit.len(), state.len());
        LevelSolver {
            game,
            ix,
            stones,
            lo,
            exit,
            state,
            place,
        }
    }

    /// Runs the level's steps: the forward pass and then every threshold, or, when
    /// `resume_after` names the step a checkpoint was taken after (`stones + 1`: the forward
    /// pass; else a threshold), the thresholds below it. After each step `after_step` is
    /// called with the step; when it says so the solver stops there and returns that step
    /// (`None`: the level is solved, its values for [`Self::settle`]).
    pub fn run<E>(
        &mut self,
        resume_after: Option<u32>,
        mut after_step: impl FnMut(&Self, u32) -> Result<bool, E>,
    ) -> Result<Option<u32>, E> {
        let b = self.stones;
        let t_start = std::time::Instant::now();
        let first = match resume_after {
            Some(step) => step - 1,
            None => {
                self.forward();
                if after_step(self, b + 1)? {
                    return Ok(Some(b + 1));
                }
                b
            }
        };
        let t_forward = t_start.elapsed();
        let (mut t_start_sets, mut rounds) = (std::time::Duration::ZERO, 0);
        for k in (b / 2 + 1..=first).rev() {
            let (t, r) = self.threshold(k as u8);
            t_start_sets += t;
            rounds += r;
            if after_step(self, k)? {
                return Ok(Some(k));
            }
        }
        self.place.finish();
        if std::env::var_os("MANCALA_SOLVER_PHASES").is_some() {
            eprintln!(
                "level {b}: forward {:.2} s, starts {:.2} s, propagation {:.2} s in {rounds} sweeps",
                t_forward.as_secs_f64(),
                t_start_sets.as_secs_f64(),
                (t_start.elapsed() - t_forward - t_start_sets).as_secs_f64()
            );
        }
        Ok(None)
    }

    /// The forward pass, in the placement's rounds: the best capture (or the end of the
    /// game) and the number of moves that stay in the level, for every board.
    fn forward(&mut self) {
        let (game, ix, stones, lo) = (self.game, self.ix, self.stones, self.lo);
        let len = self.exit.len();
        let (rounds, round) = self.place.forward_rounds(len);
        for t in 0..rounds {
            let a = t.saturating_mul(round).min(len);
            let z = (t + 1).saturating_mul(round).min(len);
            let lookup = self.place.lookup();
            let captures: Vec<Vec<Capture>> = self.exit[a..z]
                .par_chunks_mut(CHUNK)
                .zip(self.state[a..z].par_chunks_mut(CHUNK))
                .enumerate()
                .with_max_len(1)
                .map(|(c, (ex, st))| {
                    let mut cur = ix.cursor(stones, lo + (a + c * CHUNK) as u64);
                    // The captures of a group of boards: a local placement prefetches their
                    // lower-level entries as they are found and reads them once the group's
                    // moves are all generated (the cache misses of the random lookups
                    // overlap).
                    let mut caps: Vec<Capture> = Vec::with_capacity(GROUP * 8);
                    for g in (0..ex.len()).step_by(GROUP) {
                        for k in g..(g + GROUP).min(ex.len()) {
                            // Captures are valued below: 0 until then.
                            (ex[k], st[k]) = forward(game, cur.board(), |ch| {
                                let left = stones as u8 - ch.captured;
                                let index = ix.rank(&ch.board);
                                lookup.capture_found(left, index);
                                caps.push(Capture {
                                    at: k as u32,
                                    captured: ch.captured,
                                    left,
                                    again: ch.again,
                                    index,
                                });
                                0
                            });
                            if k + 1 < ex.len() {
                                cur.advance();
                            }
                        }
                        lookup.value_group(&mut caps, ex);
                    }
                    lookup.tick(ex.len() as u64);
                    caps
                })
                .collect();
            self.place.value_round(captures, &mut self.exit[a..z]);
            self.place.advance((z - a) as u64);
        }
    }

    /// Threshold `k`: the boards its sets start from, then the propagation along the moves
    /// played backwards. Returns the time the start took and the propagation's rounds.
    fn threshold(&mut self, k: u8) -> (std::time::Duration, u32) {
        let t0 = std::time::Instant::now();
        let b = self.stones as u8;
        let th = Threshold { k, lo: b - k };
        let first = k == b;
        let pending: Vec<AtomicU64> = (0..self.exit.len().div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        let pass = Pass {
            game: self.game,
            ix: self.ix,
            stones: self.stones,
            lo: self.lo,
            th,
            exit: &self.exit,
            state: atomic(&mut self.state),
            pending: &pending,
        };
        let started: u64 = pass
            .exit
            .par_chunks(CHUNK)
            .enumerate()
            .with_max_len(1)
            .map(|(c, ex)| {
                // Copies the scan keeps in registers (no store of the loop reaches them).
                let (th, first, state) = (th, first, pass.state);
                let mut marked = 0;
                for (j, &e) in ex.iter().enumerate() {
                    if !may_start(e, th, first) {
                        continue;
                    }
                    let i = c * CHUNK + j;
                    if let Some(new) = start_state(e, state[i].load(Relaxed), th) {
                        state[i].store(new, Relaxed);
                        pass.mark(i);
                        marked += 1;
                    }
                }
                marked
            })
            .sum();
        let t_start = t0.elapsed();
        let (mut waiting, mut newly, mut next_word, mut rounds) = (started, started, 0, 0);
        while self.place.any_waiting(waiting, newly) {
            rounds += 1;
            let (taken, decided) = self.place.propagate(&pass, waiting, &mut next_word);
            // A sweep may take boards decided ahead of it in the same sweep.
            waiting = waiting + decided - taken;
            newly = decided;
        }
        (t_start, rounds)
    }

    /// Turns the states into values (boards left undecided are worth the split) and counts
    /// the block's wins, draws and losses.
    pub fn settle(&mut self) -> LevelStats {
        settle(&mut self.state, self.stones)
    }
}

/// The whole level and its lower levels in this process's memory (the lower levels as
/// memory-mapped files): captures valued a group of boards at a time, their entries
/// prefetched as they are found, and the propagation in sweeps over the whole level.
struct Local<'a> {
    lower: &'a [&'a [u8]],
    progress: &'a dyn Progress,
    /// Work units done: the forward pass counts each board once, the threshold pass each
    /// board once more (when it is decided or left at the split).
    done: AtomicU64,
    total: u64,
}

impl Lookup for Local<'_> {
    #[inline(always)]
    fn capture_found(&self, left: u8, index: u64) {
        prefetch(&self.lower[left as usize][index as usize]);
    }

    #[inline(always)]
    fn value_group(&self, captures: &mut Vec<Capture>, exit: &mut [u8]) {
        for c in captures.iter() {
            let their_share = self.lower[c.left as usize][c.index as usize];
            let share = capture_share(c.captured, c.left as u32, their_share, c.again);
            let e = &mut exit[c.at as usize];
            *e = (*e).max(share);
        }
        captures.clear();
    }

    fn tick(&self, units: u64) {
        if units > 0 {
            let d = self.done.fetch_add(units, Relaxed) + units;
            self.progress.advance(d, self.total);
        }
    }
}

impl Placement for Local<'_> {
    type Lookup = Self;

    fn lookup(&self) -> &Self {
        self
    }

    fn forward_rounds(&self, len: usize) -> (usize, usize) {
        (1, len)
    }

    fn value_round(&mut self, captures: Vec<Vec<Capture>>, _: &mut [u8]) {
        debug_assert!(captures.iter().all(|c| c.is_empty()));
    }

    fn advance(&mut self, _: u64) {}

    fn any_waiting(&mut self, waiting: u64, _: u64) -> bool {
        waiting > 0
    }

    /// A sweep over the bitmap: a board decided is propagated in its turn by the same sweep,
    /// its seeds known (up to [`KEPT`] boards waiting; beyond, it is marked for the next
    /// sweep). Returns the boards propagated and the boards decided.
    fn propagate(&mut self, pass: &Pass<'_>, _: u64, _: &mut usize) -> (u64, u64) {
        let this = &*self;
        pass.pending
            .par_chunks(WORDS)
            .enumerate()
            .with_max_len(1)
            .map(|(c, words)| {
                // A copy the sweep keeps in registers (no store of the loop reaches it).
                let pass = *pass;
                let (mut taken, mut decided) = (0u64, 0u64);
                // Predecessors gathered with their bytes prefetched (with whether the side
                // to move loses on the board they precede, and their seeds), then told
                // TOLD_TOGETHER or more at a time: the updates' cache misses overlap.
                let mut batch: Vec<(usize, bool, Board)> = Vec::with_capacity(TOLD_TOGETHER + 1024);
                // Boards decided and not yet propagated, with their seeds.
                let mut kept: Vec<(usize, Board)> = Vec::new();
                let gather = |j: u64, mover_loses: bool, board: &Board, batch: &mut Vec<_>| {
                    let j = j as usize;
                    prefetch(&pass.state[j]);
                    batch.push((j, mover_loses, *board));
                };
                let mut tell = |batch: &mut Vec<(usize, bool, Board)>,
                                kept: &mut Vec<(usize, Board)>| {
                    for &(j, mover_loses, board) in batch.iter() {
                        if !successor_decided(&pass.state[j], pass.exit[j], mover_loses, pass.th) {
                            continue;
                        }
                        decided += 1;
                        if kept.len() < KEPT {
                            kept.push((j, board));
                        } else {
                            pass.mark(j);
                        }
                    }
                    batch.clear();
                };
                for w in 0..=words.len() {
                    if w < words.len() && words[w].load(Relaxed) != 0 {
                        let bits = words[w].swap(0, Relaxed);
                        taken += bits.count_ones() as u64;
                        pass.predecessors(c * WORDS + w, bits, |j, mover_loses, board| {
                            gather(j, mover_loses, board, &mut batch)
                        });
                    }
                    // Told, and the boards they decide propagated, until the batch is small
                    // again (after the last bitmap word: until none is left).
                    let last = w == words.len();
                    while batch.len() >= TOLD_TOGETHER
                        || (last && !(batch.is_empty() && kept.is_empty()))
                    {
                        tell(&mut batch, &mut kept);
                        while batch.len() < TOLD_TOGETHER {
                            let Some((i, board)) = kept.pop() else { break };
                            taken += 1;
                            let loses = mover_loses(pass.state[i].load(Relaxed), pass.stones);
                            pass.game
                                .predecessors_ranked(pass.ix, &board, pass.stones, |p, r| {
                                    gather(r, loses, p, &mut batch)
                                });
                        }
                    }
                }
                this.tick(taken);
                (taken, decided)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    }

    fn finish(&mut self) {
        self.tick(self.total - self.done.load(Relaxed));
    }
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
/// where the side to move there gets `share_there` of them: the opponent, or the mover himself
/// when he moves `again`.
#[inline(always)]
pub(crate) fn capture_share(captured: u8, left: u32, share_there: u8, again: bool) -> u8 {
    if again {
        captured + share_there
    } else {
        captured + (left as u8 - share_there)
    }
}

/// Whether a board whose best exit is `e` can be one of the boards the sets of threshold `k`
/// start from (`first`: the highest threshold, `k = B`), before any propagation.
///
/// Only boards whose best capture is worth exactly `k` or `B - k` can start a threshold's sets:
/// a board with a better capture joined W at a higher threshold, and one whose moves inside the
/// level all lead into W joined L as soon as its captures allowed it (at the first threshold, a
/// board may have no capture at all).
#[inline(always)]
pub(crate) fn may_start(e: u8, k: Threshold, first: bool) -> bool {
    e == k.k || e == k.lo || (first && e == NO_EXIT)
}

/// The state a board of state `s` and best exit `e` takes at the start of threshold `k`, when
/// its exits alone decide it there (the start of the retrograde propagation): a capture worth
/// at least `k` puts it in W; no move left inside the level and every capture worth at most
/// `B - k` put it in L.
#[inline(always)]
pub(crate) fn start_state(e: u8, s: u8, k: Threshold) -> Option<u8> {
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

/// A board (state `st`, best exit `e`) learns that one of its moves leads to a board just
/// decided at threshold `k`, lost for the side to move there when `mover_loses`: it is decided
/// (W when that board is lost, L when this was its last move not known to lead into W and its
/// captures allow it) or has one undecided move fewer. True when this decides the board.
#[inline(always)]
pub(crate) fn successor_decided(st: &AtomicU8, e: u8, mover_loses: bool, k: Threshold) -> bool {
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
/// decided it (its value is below half of `stones`).
#[inline(always)]
pub(crate) fn mover_loses(s: u8, stones: u32) -> bool {
    2 * ((s & !DECIDED) as u32) < stones
}

/// Turns the states of a level's boards into their values (boards left undecided are worth
/// the split) and counts them.
pub(crate) fn settle(state: &mut [u8], stones: u32) -> LevelStats {
    let half = (stones / 2) as u8;
    state
        .par_chunks_mut(CHUNK)
        .with_max_len(1)
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
            undecided: self.undecided + o.undecided,
            inexact: self.inexact + o.inexact,
        }
    }
}
