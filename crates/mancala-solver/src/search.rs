//! An exact search for stores games (Kalah) whose leaves are the endgame databases: the value
//! of a position too large for the databases, found by alpha-beta over the game tree down to
//! the boards of the levels that are built (probed) and the ends of the game.
//!
//! The search values a board the way the databases do: the mover's final lead made from the
//! seeds still in the pits (`2 * share - seeds`, [`crate::Value::board_difference`]), whatever
//! the stores hold, since no rule of a stores game reads them. So a move that takes `c` seeds
//! off the board (sown into the mover's store or captured) is worth `c + v` after an extra turn
//! (the same side moves again, no change of sign) and `c - v` otherwise, `v` being the value of
//! the board it leads to; a position's final score difference is its stores' difference plus
//! its board's value, as [`crate::Database::solve`] reports it. The transposition table is
//! keyed on the board alone, which makes transpositions far more frequent than with the stores.
//!
//! The search is MTD(f): null-window alpha-beta passes (fail-soft) narrowing the value from a
//! first guess, the table keeping the bounds proved between passes; every bound is exact
//! (there is no depth limit), so a bound proved once holds for every later pass. Moves are
//! tried in the order: the table's best move, extra turns (nearest the store first), captures
//! (largest first), the rest (nearest the store first); before searching its moves a node
//! looks its children up in the table for a cutoff (enhanced transposition cutoff). A board
//! whose seeds in the pits are at most the highest level built (and whose level is built) is
//! read from the databases; a board with a row empty is the end of the game.

use crate::db::{Database, DbError, Outcome};
use crate::file::LevelFile;
use crate::game::{Child, Expansion, RepetitionValue, SolverGame};
use crate::index::{Board, Indexer, MAX_PITS};
use mancala_core::ruleset::{CaptureRows, Chain, Feeding, GrandSlam, Leftover, OppositeCapture};
use mancala_core::{Move, Position, Rules, Side};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why a search cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(
        "{0} cannot be searched exactly here: only stores games (Kalah) are, whose moves never go round in circles"
    )]
    NotStores(String),
    #[error("the position has {seeds} seeds on the board, more than the 255 a board holds here")]
    TooManySeeds { seeds: u32 },
    #[error("cannot allocate a transposition table of {mib} MiB: ask for a smaller one")]
    TableMemory { mib: u64 },
    #[error("the search was stopped")]
    Stopped,
}

/// How a search is set up.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// Bytes of the transposition table (rounded down to a power of two of entries, and at
    /// most two entries a board of the game).
    pub table_bytes: u64,
    /// Read the databases only for levels up to this (`None`: every level built).
    pub max_level: Option<u32>,
    /// The first guess of MTD(f), the final lead of the side to move of the root.
    pub first_guess: i32,
    /// Work out the exact value of every root move (else only which moves are best, the
    /// others bounded).
    pub every_move: bool,
    /// How often to report progress while searching (`None`: never).
    pub report_every: Option<Duration>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            table_bytes: 64 << 20,
            max_level: None,
            first_guess: 0,
            every_move: false,
            report_every: None,
        }
    }
}

/// What a root move is worth, as far as the search worked it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveValue {
    /// Its exact final score difference for the side to move.
    Exact(i32),
    /// Less than the position's value: at most this.
    AtMost(i32),
}

impl MoveValue {
    /// The exact value, or the upper bound.
    pub fn bound(self) -> i32 {
        match self {
            MoveValue::Exact(v) | MoveValue::AtMost(v) => v,
        }
    }
}

impl std::fmt::Display for MoveValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveValue::Exact(v) => write!(f, "{v:+}"),
            MoveValue::AtMost(v) => write!(f, "<= {v:+}"),
        }
    }
}

/// Counters of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Boards visited (database probes and ends of the game included).
    pub nodes: u64,
    /// Boards read from the databases (children looked up before a node's moves included).
    pub probes: u64,
    /// Boards answered by the transposition table without a search.
    pub table_hits: u64,
    /// Null-window passes from the root (MTD(f), the tests or values of the root moves).
    pub passes: u32,
}

/// A position solved by search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSolution {
    /// Final score difference for the side to move under perfect play.
    pub value: i32,
    pub outcome: Outcome,
    /// Every legal move with its value (exact for the best moves).
    pub moves: Vec<(Move, MoveValue)>,
    /// The moves that keep the value (empty when the game is over).
    pub best: Vec<Move>,
    /// The highest level read from the databases (`None`: none was).
    pub db_level: Option<u32>,
    pub stats: SearchStats,
    pub seconds: f64,
}

/// What a search reports as it goes.
#[derive(Clone, Debug)]
pub struct SearchProgress {
    /// Bounds of the value proved so far (final score difference for the side to move).
    pub lower: i32,
    pub upper: i32,
    /// The current pass tests whether the value is at least this (`None`: the value is known).
    pub tested: Option<i32>,
    pub stats: SearchStats,
    pub seconds: f64,
}

/// One entry of the table: bounds of a board's value, its best move, and the log2 of the nodes
/// its last search took (0: an empty slot).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: [u64; 2],
    lo: i8,
    hi: i8,
    mv: u8,
    work: u8,
}

const NO_MOVE: u8 = 0xff;

/// A transposition table of two-entry buckets: the first kept for the larger search, the
/// second always replaced.
struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    fn new(bytes: u64) -> Result<Table, SearchError> {
        let per = std::mem::size_of::<Entry>() as u64;
        let want = (bytes / per).max(2);
        let buckets = (want / 2).max(1);
        let buckets = 1usize << (63 - buckets.leading_zeros());
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(2 * buckets)
            .map_err(|_| SearchError::TableMemory { mib: bytes >> 20 })?;
        slots.resize(2 * buckets, Entry::default());
        Ok(Table {
            slots,
            mask: buckets - 1,
        })
    }

    #[inline(always)]
    fn key(board: &Board) -> [u64; 2] {
        let x = u128::from_le_bytes(*board);
        [x as u64, (x >> 64) as u64]
    }

    #[inline(always)]
    fn bucket(&self, key: &[u64; 2]) -> usize {
        let h = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let h = h ^ (h >> 31);
        2 * ((h.wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 20) as usize & self.mask)
    }

    #[inline(always)]
    fn get(&self, key: &[u64; 2]) -> Option<&Entry> {
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .find(|e| e.work != 0 && e.key == *key)
    }

    fn put(&mut self, key: [u64; 2], lo: i32, hi: i32, mv: u8, work: u8) {
        let b = self.bucket(&key);
        let work = work.max(1);
        for i in b..b + 2 {
            let e = &mut self.slots[i];
            if e.work != 0 && e.key == key {
                // Bounds of the same board combine.
                e.lo = e.lo.max(lo as i8);
                e.hi = e.hi.min(hi as i8);
                if mv != NO_MOVE {
                    e.mv = mv;
                }
                e.work = e.work.max(work);
                return;
            }
        }
        let new = Entry {
            key,
            lo: lo as i8,
            hi: hi as i8,
            mv,
            work,
        };
        if self.slots[b].work <= work {
            // The larger search keeps the first slot; what it held moves to the second.
            self.slots[b + 1] = self.slots[b];
            self.slots[b] = new;
        } else {
            self.slots[b + 1] = new;
        }
    }
}

/// Moves of a stores game played on a normalised board here, for the rules where this is
/// known to be the rules core's own play (checked against it when the search is made).
#[derive(Clone, Copy)]
struct Sower {
    n: usize,
    /// The last seed in an own empty pit takes it with the opposite pit: never, only when that
    /// holds seeds, or always.
    capture: OppositeCapture,
    extra_turn: bool,
}

impl Sower {
    /// The rules this sowing plays, as far as the ruleset says; the search also compares it
    /// with the rules core on boards of the game before using it.
    fn for_rules(rules: &Rules) -> Option<Sower> {
        let r = rules.ruleset();
        let plain = r.stores
            && !r.first_seed_in_origin
            && !r.skip_origin
            && r.min_seeds <= 1
            && r.capture.counts.is_empty()
            && r.capture.rows == CaptureRows::Own
            && r.capture.chain == Chain::None
            && r.feeding == Feeding::None
            && r.grand_slam == GrandSlam::Legal
            && !r.pass
            && r.leftover == Leftover::OwnRow
            && r.end.row_empty
            && !r.end.majority
            && !r.first_move_no_capture;
        let n = r.pits as usize;
        let ring =
            (0..2 * n).all(|o| (0..2 * n).all(|d| rules.pit_after(o, d) == (o + d) % (2 * n)));
        (plain && ring).then_some(Sower {
            n,
            capture: r.capture.opposite_empty,
            extra_turn: r.extra_turn,
        })
    }

    /// The end of the game on `board` (a row empty): the mover's lead from the pits.
    #[inline(always)]
    fn end(&self, board: &Board) -> Option<i32> {
        let n = self.n;
        let own: u32 = board[..n].iter().map(|&c| c as u32).sum();
        let theirs: u32 = board[n..2 * n].iter().map(|&c| c as u32).sum();
        (own == 0 || theirs == 0).then_some(own as i32 - theirs as i32)
    }

    /// The move from pit `o` (not empty) of the normalised `board`.
    #[inline(always)]
    fn play(&self, board: &Board, o: usize) -> Child {
        let n = self.n;
        let m = 2 * n;
        // The mover's cycle: his pits 0..n, his store (n), the opponent's pits (n+1..=2n).
        let cycle = m + 1;
        let s = board[o] as usize;
        let mut after = *board;
        after[o] = 0;
        let (laps, rest) = (s / cycle, s % cycle);
        if laps > 0 {
            for c in after[..m].iter_mut() {
                *c += laps as u8;
            }
        }
        let mut store = laps;
        // The rest, one seed a cell from the cell after the origin.
        for k in 1..=rest {
            let cell = (o + k) % cycle;
            match cell.cmp(&n) {
                std::cmp::Ordering::Less => after[cell] += 1,
                std::cmp::Ordering::Equal => store += 1,
                std::cmp::Ordering::Greater => after[cell - 1] += 1,
            }
        }
        let landing = (o + s) % cycle;
        let mut again = false;
        if landing == n {
            again = self.extra_turn;
        } else if landing < n && after[landing] == 1 {
            let opp = m - 1 - landing;
            let take = match self.capture {
                OppositeCapture::None => false,
                OppositeCapture::Always => true,
                OppositeCapture::IfOppositeNonEmpty => after[opp] > 0,
            };
            if take {
                store += 1 + after[opp] as usize;
                after[landing] = 0;
                after[opp] = 0;
            }
        }
        let board = if again { after } else { mirror(&after, n) };
        Child {
            mv: Move::Sow {
                side: Side::South,
                pit: o as u8,
            },
            captured: store as u8,
            again,
            board,
        }
    }
}

#[inline(always)]
fn mirror(board: &Board, n: usize) -> Board {
    let x = u128::from_le_bytes(*board);
    let bits = 8 * n as u32;
    let row = (1u128 << bits) - 1;
    (((x >> bits) & row) | ((x & row) << bits)).to_le_bytes()
}

/// What is called with each progress report.
type ProgressFn = Box<dyn FnMut(&SearchProgress) + Send>;

/// An exact search of one stores game, with its databases as leaves.
pub struct Search {
    game: SolverGame,
    n: usize,
    m: usize,
    sower: Option<Sower>,
    ix: Indexer,
    /// The level files read, by level (`None`: not built, or above `max_level`).
    levels: Vec<Option<Arc<LevelFile>>>,
    table: Table,
    stats: SearchStats,
    started: Instant,
    report_every: Option<Duration>,
    next_report: Instant,
    bounds: (i32, i32),
    /// The root's value being tested by the current pass (is it at least this?).
    testing: Option<i32>,
    progress: Option<ProgressFn>,
    stop: Option<Arc<std::sync::atomic::AtomicBool>>,
    stopped: bool,
}

impl Search {
    /// A search of `rules` reading the levels built in `db` (the same game, or the same game
    /// with other seeds a pit), up to `config.max_level`; without `db`, a search to the ends
    /// of the game.
    pub fn new(
        rules: &Rules,
        db: Option<&Database>,
        config: &SearchConfig,
    ) -> Result<Search, SearchError> {
        let game = SolverGame::new(rules).map_err(DbError::from)?;
        if game.repetition() != RepetitionValue::NoCycle {
            return Err(SearchError::NotStores(rules.name().to_string()));
        }
        let total = game.total();
        if total > 255 {
            return Err(SearchError::TooManySeeds { seeds: total });
        }
        let mut levels = vec![None; total as usize + 1];
        if let Some(db) = db {
            // A level holds every board of its seeds whatever the game started with: the
            // databases of the same game with other seeds a pit serve as well.
            let (theirs, ours) = (db.game().rules().ruleset(), rules.ruleset());
            let same = theirs == ours
                || theirs.pits == ours.pits
                    && theirs.resized(ours.pits, ours.seeds).ok().as_ref() == Some(ours);
            if !same {
                return Err(SearchError::Db(DbError::Io(format!(
                    "the databases of {} cannot serve {} {}x{}: they are not of the same board and rules with other seeds a pit",
                    db.spec(),
                    rules.name(),
                    ours.pits,
                    ours.seeds
                ))));
            }
            let top = config
                .max_level
                .unwrap_or(total)
                .min(total)
                .min(db.game().total());
            for (b, slot) in levels.iter_mut().enumerate().take(top as usize + 1) {
                if db.level_path(b as u32).exists() {
                    *slot = Some(db.level(b as u32)?);
                }
            }
        }
        let n = game.pits_per_row();
        let m = game.pits();
        let sower = Sower::for_rules(rules).filter(|s| agrees_with_rules(&game, s));
        let ix = Indexer::new(m, total);
        // No more than two entries a board of the game: a small game takes a small table.
        let boards = (0..=total).fold(0u64, |a, b| a.saturating_add(ix.level_size(b)));
        let most = boards.saturating_mul(2 * std::mem::size_of::<Entry>() as u64);
        Ok(Search {
            ix,
            n,
            m,
            sower,
            game,
            levels,
            table: Table::new(config.table_bytes.min(most))?,
            stats: SearchStats::default(),
            started: Instant::now(),
            report_every: config.report_every,
            next_report: Instant::now(),
            bounds: (-(total as i32), total as i32),
            testing: None,
            progress: None,
            stop: None,
            stopped: false,
        })
    }

    /// Calls `f` after every root pass and, with `report_every`, as the search goes.
    pub fn on_progress(&mut self, f: impl FnMut(&SearchProgress) + Send + 'static) {
        self.progress = Some(Box::new(f));
    }

    /// The search gives up ([`SearchError::Stopped`]) once `flag` is set.
    pub fn stop_on(&mut self, flag: Arc<std::sync::atomic::AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Whether moves are played by the search's own sowing (else through the rules core).
    pub fn own_sowing(&self) -> bool {
        self.sower.is_some()
    }

    /// The highest level read from the databases, if any.
    pub fn db_level(&self) -> Option<u32> {
        self.levels
            .iter()
            .rposition(|l| l.is_some())
            .map(|b| b as u32)
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The exact value of a normalised board: the mover's final lead from the seeds in the
    /// pits ([`crate::Value::board_difference`]).
    pub fn board_value(&mut self, board: &Board) -> Result<i32, SearchError> {
        let b = self.seeds(board);
        self.mtdf(board, b, 0, None)
    }

    /// MTD(f) on a board's value: null-window passes from `guess` until the value's two bounds
    /// meet. With `shown = Some(stores)` the bounds and each pass are reported as the root's
    /// final difference (the stores' difference added).
    fn mtdf(
        &mut self,
        board: &Board,
        b: u32,
        guess: i32,
        shown: Option<i32>,
    ) -> Result<i32, SearchError> {
        let (mut lo, mut hi) = (-(b as i32), b as i32);
        let mut g = guess.clamp(lo, hi);
        if let Some(s) = shown {
            self.bounds = (lo + s, hi + s);
        }
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            if let Some(s) = shown {
                self.testing = Some(beta + s);
                self.report();
            }
            g = self.search(board, b, beta - 1, beta);
            self.check_stopped()?;
            self.stats.passes += 1;
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
            if let Some(s) = shown {
                self.bounds = (lo + s, hi + s);
            }
        }
        Ok(lo)
    }

    fn check_stopped(&self) -> Result<(), SearchError> {
        if self.stopped {
            Err(SearchError::Stopped)
        } else {
            Ok(())
        }
    }

    fn seeds(&self, board: &Board) -> u32 {
        board[..self.m].iter().map(|&c| c as u32).sum()
    }

    /// Solves `pos`: its value (MTD(f) from `config.first_guess`), then which root moves keep
    /// it (one null-window test each), or with `every_move` the exact value of every move.
    pub fn solve(
        &mut self,
        pos: &Position,
        config: &SearchConfig,
    ) -> Result<SearchSolution, SearchError> {
        self.started = Instant::now();
        self.stats = SearchStats::default();
        self.next_report = self.started + config.report_every.unwrap_or(Duration::ZERO);
        let rules = self.game.rules().clone();
        let me = pos.side();
        let stores = pos.score(me) as i32 - pos.score(me.other()) as i32;
        let legal = match rules.moves_or_end(pos) {
            Ok(legal) => legal,
            Err(reason) => {
                let end = rules.settle(pos, reason);
                let value = end.score(me) as i32 - end.score(me.other()) as i32;
                return Ok(SearchSolution {
                    value,
                    outcome: Outcome::from_difference(value),
                    moves: vec![],
                    best: vec![],
                    db_level: self.db_level(),
                    stats: self.stats,
                    seconds: self.started.elapsed().as_secs_f64(),
                });
            }
        };
        if pos.board_total() > 255 {
            return Err(SearchError::TooManySeeds {
                seeds: pos.board_total(),
            });
        }
        // Each root move: the real move, its child board, and how the child's value turns
        // into the root's final difference (`base + sign * v`).
        let mut roots = Vec::with_capacity(legal.len());
        for mv in legal {
            let mut child = *pos;
            rules.play_unchecked(&mut child, mv);
            let sign = if child.side() == me { 1 } else { -1 };
            let base = stores + (pos.board_total() - child.board_total()) as i32;
            let board = self.game.normalise(&child);
            roots.push((mv, board, child.board_total(), base, sign));
        }
        let root = self.game.normalise(pos);
        let b = pos.board_total();
        let value = self.mtdf(&root, b, config.first_guess - stores, Some(stores))? + stores;
        self.testing = None;
        self.report();
        // The root moves: each tested against the value (or valued exactly).
        let mut moves = Vec::with_capacity(roots.len());
        for &(mv, board, seeds, base, sign) in &roots {
            let mv_value = if config.every_move {
                let v = self.board_value(&board)?;
                MoveValue::Exact(base + sign * v)
            } else {
                // Does the move reach `value`? base + sign * v >= value.
                let need = sign * (value - base);
                let v = if sign > 0 {
                    self.search(&board, seeds, need - 1, need)
                } else {
                    self.search(&board, seeds, need, need + 1)
                };
                self.check_stopped()?;
                self.stats.passes += 1;
                let at = base + sign * v;
                if at >= value {
                    MoveValue::Exact(value)
                } else {
                    MoveValue::AtMost(at)
                }
            };
            moves.push((mv, mv_value));
        }
        let best = moves
            .iter()
            .filter(|(_, v)| *v == MoveValue::Exact(value))
            .map(|(m, _)| *m)
            .collect();
        Ok(SearchSolution {
            value,
            outcome: Outcome::from_difference(value),
            moves,
            best,
            db_level: self.db_level(),
            stats: self.stats,
            seconds: self.started.elapsed().as_secs_f64(),
        })
    }

    fn report(&mut self) {
        if let Some(f) = self.progress.as_mut() {
            f(&SearchProgress {
                lower: self.bounds.0,
                upper: self.bounds.1,
                tested: self.testing,
                stats: self.stats,
                seconds: self.started.elapsed().as_secs_f64(),
            });
        }
    }

    /// Checked every 2^20 nodes: a periodic report, and whether to stop.
    #[cold]
    fn tick(&mut self) {
        if let Some(flag) = &self.stop
            && flag.load(std::sync::atomic::Ordering::Relaxed)
        {
            self.stopped = true;
        }
        if let Some(every) = self.report_every {
            let now = Instant::now();
            if now >= self.next_report {
                self.next_report = now + every;
                self.report();
            }
        }
    }

    /// The value read from the databases of a board of level `b`, if that level is read.
    #[inline(always)]
    fn probe(&self, board: &Board, b: u32) -> Option<i32> {
        let f = self.levels.get(b as usize)?.as_ref()?;
        let share = f.data()[self.ix.rank(board) as usize];
        Some(2 * share as i32 - b as i32)
    }

    /// The children of `board` (not over): into `out`, returns how many; or the end.
    #[inline(always)]
    fn children(&self, board: &Board, out: &mut [Child; 9]) -> Result<usize, i32> {
        if let Some(s) = &self.sower {
            if let Some(end) = s.end(board) {
                return Err(end);
            }
            let mut len = 0;
            for (o, &c) in board[..self.n].iter().enumerate() {
                if c != 0 {
                    out[len] = s.play(board, o);
                    len += 1;
                }
            }
            return Ok(len);
        }
        match self.game.expand(board) {
            Expansion::End(share) => Err(2 * share as i32 - self.seeds(board) as i32),
            Expansion::Moves { list, len } => {
                out[..len].copy_from_slice(&list[..len]);
                Ok(len)
            }
        }
    }

    /// Fail-soft alpha-beta on the value of the normalised `board` (`b` seeds in its pits):
    /// the result is the value if strictly inside (`alpha`, `beta`), else a bound on the side
    /// of the window it fell.
    fn search(&mut self, board: &Board, b: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.stats.nodes += 1;
        if self.stats.nodes & 0xf_ffff == 0 {
            self.tick();
        }
        if self.stopped {
            return 0;
        }
        if let Some(v) = self.probe(board, b) {
            self.stats.probes += 1;
            return v;
        }
        // The mover gets between none and all of the seeds in the pits.
        let bi = b as i32;
        if alpha >= bi {
            return bi;
        }
        if beta <= -bi {
            return -bi;
        }
        let key = Table::key(board);
        let mut tt_move = NO_MOVE;
        let (mut lo, mut hi) = (-bi, bi);
        if let Some(e) = self.table.get(&key) {
            lo = e.lo as i32;
            hi = e.hi as i32;
            tt_move = e.mv;
            if lo >= beta || hi <= alpha || lo == hi {
                self.stats.table_hits += 1;
                return if lo >= beta { lo } else { hi };
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let empty = Child {
            mv: Move::Pass,
            captured: 0,
            again: false,
            board: [0; MAX_PITS],
        };
        let mut kids = [empty; 9];
        let len = match self.children(board, &mut kids) {
            Ok(len) => len,
            Err(end) => return end,
        };
        // Enhanced transposition cutoff: a child already bounded well enough in the table.
        let mut score = [0i32; 9];
        // The most each child is known to be worth to the mover (table or databases).
        let mut ceiling = [i32::MAX; 9];
        for (i, k) in kids[..len].iter().enumerate() {
            let c = k.captured as i32;
            let cb = b - k.captured as u32;
            let known = match self.probe(&k.board, cb) {
                Some(v) => {
                    self.stats.probes += 1;
                    Some((v, v))
                }
                None => self
                    .table
                    .get(&Table::key(&k.board))
                    .map(|e| (e.lo as i32, e.hi as i32)),
            };
            if let Some((clo, chi)) = known {
                ceiling[i] = if k.again { c + chi } else { c - clo };
                let at_least = if k.again { c + clo } else { c - chi };
                if at_least >= beta {
                    let pit = pit_of(k.mv);
                    self.table.put(key, at_least, hi, pit, 1);
                    return at_least;
                }
            }
            let pit = pit_of(k.mv);
            score[i] = if pit == tt_move {
                1 << 20
            } else if k.again {
                (1 << 16) + pit as i32
            } else if k.captured as usize > 0 && !k.again {
                (1 << 8) + c * 16 + pit as i32
            } else {
                pit as i32
            };
        }
        // Order by score, highest first (insertion sort of at most nine).
        let mut order = [0usize; 9];
        for (i, o) in order.iter_mut().enumerate().take(len) {
            *o = i;
        }
        for i in 1..len {
            let mut j = i;
            while j > 0 && score[order[j - 1]] < score[order[j]] {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        let before = self.stats.nodes;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        for &i in &order[..len] {
            let k = kids[i];
            let c = k.captured as i32;
            let cb = b - k.captured as u32;
            // A child known to be worth no more than alpha is not searched: its bound is
            // all a failing low needs.
            let v = if ceiling[i] <= alpha {
                ceiling[i]
            } else if k.again {
                c + self.search(&k.board, cb, alpha - c, beta - c)
            } else {
                c - self.search(&k.board, cb, c - beta, c - alpha)
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = pit_of(k.mv);
            }
            if best > alpha {
                alpha = best;
            }
            if alpha >= beta {
                break;
            }
        }
        let work = (64 - (self.stats.nodes - before).leading_zeros()) as u8;
        if best <= alpha0 {
            self.table.put(key, lo, best, best_move, work);
        } else if best >= beta0 {
            self.table.put(key, best, hi, best_move, work);
        } else {
            self.table.put(key, best, best, best_move, work);
        }
        best
    }
}

fn pit_of(mv: Move) -> u8 {
    match mv {
        Move::Sow { pit, .. } => pit,
        Move::Pass => NO_MOVE - 1,
    }
}

/// Whether the search's own sowing plays exactly as the rules core on a sample of boards of
/// the game (every board of a few small levels and scattered boards of larger ones).
fn agrees_with_rules(game: &SolverGame, sower: &Sower) -> bool {
    let m = game.pits();
    let total = game.total();
    let ix = Indexer::new(m, total);
    let mut boards = Vec::new();
    for b in 0..=total.min(4) {
        for r in 0..ix.level_size(b) {
            boards.push(ix.unrank(b, r));
        }
    }
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for b in (5..=total).step_by(1) {
        for _ in 0..40 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            boards.push(ix.unrank(b, x % ix.level_size(b)));
        }
    }
    let empty = Child {
        mv: Move::Pass,
        captured: 0,
        again: false,
        board: [0; MAX_PITS],
    };
    boards.iter().all(|board| {
        let own = match sower.end(board) {
            Some(v) => Err(v),
            None => {
                let mut out = [empty; 9];
                let mut len = 0;
                for (o, &c) in board[..sower.n].iter().enumerate() {
                    if c != 0 {
                        out[len] = sower.play(board, o);
                        len += 1;
                    }
                }
                Ok(out[..len].to_vec())
            }
        };
        let core = match game.expand(board) {
            Expansion::End(share) => {
                let seeds: u32 = board[..m].iter().map(|&c| c as u32).sum();
                Err(2 * share as i32 - seeds as i32)
            }
            Expansion::Moves { list, len } => Ok(list[..len].to_vec()),
        };
        own == core
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(spec: &str) -> Rules {
        mancala_core::rules_for(&spec.parse().unwrap()).unwrap()
    }

    #[test]
    fn own_sowing_is_used_for_kalah_and_its_empty_capture_variant() {
        for spec in ["kalah", "kalah:pits=3,seeds=3"] {
            let s = Search::new(&rules(spec), None, &SearchConfig::default()).unwrap();
            assert!(s.own_sowing(), "{spec}");
        }
        let mut r = rules("kalah").ruleset().clone();
        r.capture.opposite_empty = OppositeCapture::Always;
        let s = Search::new(&Rules::new(r).unwrap(), None, &SearchConfig::default()).unwrap();
        assert!(s.own_sowing());
    }

    #[test]
    fn games_without_stores_are_refused() {
        let e = Search::new(&rules("modiar"), None, &SearchConfig::default());
        assert!(matches!(e, Err(SearchError::NotStores(_))));
    }

    #[test]
    fn the_table_keeps_bounds_of_a_board() {
        let mut t = Table::new(1 << 12).unwrap();
        let board = [3u8; MAX_PITS];
        let key = Table::key(&board);
        t.put(key, -4, 10, 2, 5);
        t.put(key, 0, 6, NO_MOVE, 1);
        let e = t.get(&key).unwrap();
        assert_eq!((e.lo, e.hi, e.mv), (0, 6, 2));
        assert!(t.get(&Table::key(&[0u8; MAX_PITS])).is_none());
    }
}
