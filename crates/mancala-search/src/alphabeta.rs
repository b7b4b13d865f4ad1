//! The alpha-beta engine: negamax with principal-variation search, iterative deepening, a
//! transposition table, move ordering (table move, captures and extra turns, history) and
//! repetition endings as the ruleset says.
//!
//! At a fixed depth (or node budget) a search is deterministic: the same position, history and
//! limits give the same move, score, node count and line. Time limits stop the search at a
//! deadline checked every 1024 nodes; depth 1 always completes so there is always a move.

use crate::eval::{Evaluator, settled_value};
use crate::hash::hash;
use crate::oracle::Oracle;
use crate::tt::{Bound, NO_MOVE, SOLVED_DEPTH, Table};
use crate::{INF, Score, UNITS_PER_SEED};
use arrayvec::ArrayVec;
use mancala_core::ruleset::Repetition;
use mancala_core::{EndReason, Game, Move, MoveSet, Position, Rules, Side};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Deepest line searched, in plies.
pub const MAX_PLY: usize = 128;
/// Shallowest remaining depth at which nodes use the transposition table.
const TABLE_DEPTH: i32 = 2;
/// Shallowest remaining depth at which late quiet moves are reduced.
const REDUCE_DEPTH: i32 = 3;
/// Nodes at least this deep (remaining plies) are announced to the other threads of a
/// multi-threaded search.
const BUSY_DEPTH: i32 = 3;
/// Slots of the shared list of nodes being searched.
const BUSY_SLOTS: usize = 1 << 14;
/// Most search threads accepted.
pub const MAX_THREADS: usize = 256;
/// Deepest iteration when no depth is given.
pub const MAX_DEPTH: u32 = 120;

/// When to stop searching. With none given the search runs to [`MAX_DEPTH`] or until the
/// game is solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    /// The hard limit: the search stops there, mid-iteration if need be, and answers with the
    /// best it has (see [`another_iteration`]).
    pub time: Option<Duration>,
    /// The time aimed at, for a budget taken from a clock: another iteration is begun while the
    /// search is within it, sooner stopped when the best move has stayed the same and later
    /// when it has just changed (never past `time`). Without it a search given `time` uses
    /// all of it.
    pub soft: Option<Duration>,
    /// A node budget, counted on the main thread.
    pub nodes: Option<u64>,
    /// Search threads (0 or 1: one). More than one share the transposition table and split
    /// the tree (simplified ABDADA); they are no longer deterministic; one thread at a fixed
    /// depth or node budget is.
    pub threads: usize,
    /// Every move searched to the iteration's full depth. Otherwise a search by time or nodes
    /// looks at a late quiet move (after the first two, no capture, no extra turn) one ply
    /// shallower first and searches it fully only when it beats the best so far there (late
    /// move reductions). A search to a fixed depth (`depth`: the levels below `maximum`,
    /// `best --depth`) is always full width, so its value is that depth's minimax value.
    pub full_width: bool,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    pub fn time_ms(ms: u64) -> Limits {
        Limits {
            time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
    /// A budget from a clock: aim at `soft`, never pass `hard`.
    pub fn budget(soft: Duration, hard: Duration) -> Limits {
        Limits {
            time: Some(hard.max(soft)),
            soft: Some(soft),
            ..Limits::default()
        }
    }
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
    /// The same limits with `n` search threads.
    pub fn with_threads(self, n: usize) -> Limits {
        Limits { threads: n, ..self }
    }
    /// The same limits, searched full width or not (see [`Limits::full_width`]).
    pub fn with_full_width(self, on: bool) -> Limits {
        Limits {
            full_width: on,
            ..self
        }
    }
    /// No depth, time or node limit is set (threads aside).
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none() && self.time.is_none() && self.nodes.is_none()
    }
}

/// Whether iterative deepening begins another iteration, `elapsed` into a search with these
/// limits, its best move the same for the last `stable` iterations (0: it has just changed).
///
/// With a hard limit only (`movetime`, `--time-ms`) every moment is used: an iteration the
/// deadline cuts short still answers with the best root move it has finished searching, once
/// it has searched the last iteration's best (usually first) and found the other at least as
/// good, so a begun iteration is never time lost. With a soft limit (a share of a clock) another iteration is begun while
/// `elapsed` is below the soft limit scaled by how settled the best move is: ×1.6 when it has
/// just changed, ×1 after one iteration the same, ×0.75 after two, ×0.5 after three or more.
pub fn another_iteration(limits: &Limits, elapsed: Duration, stable: u32) -> bool {
    let Some(hard) = limits.time else {
        return true;
    };
    if elapsed >= hard {
        return false;
    }
    match limits.soft {
        None => true,
        Some(soft) => {
            let scale = match stable {
                0 => 1.6,
                1 => 1.0,
                2 => 0.75,
                _ => 0.5,
            };
            elapsed < soft.mul_f64(scale).min(hard)
        }
    }
}

/// The threads this machine can run at once (at least one).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best: Move,
    /// From the side to move's view, in 1/[`UNITS_PER_SEED`] seed.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// The score is exact: every line reached the end of the game (or a database value), and
    /// no value the table kept for another line to a position was taken where that line may
    /// matter (see [`AlphaBeta`]).
    pub solved: bool,
    pub elapsed: Duration,
}

impl SearchResult {
    /// The score in whole seeds (final score difference expected for the side to move).
    pub fn score_seeds(&self) -> i32 {
        crate::to_seeds(self.score)
    }
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

#[inline(always)]
fn code(m: Move) -> u8 {
    match m {
        Move::Sow { pit, .. } => pit,
        Move::Pass => 8,
    }
}

#[inline(always)]
fn decode(c: u8, side: Side) -> Move {
    if c == 8 {
        Move::Pass
    } else {
        Move::Sow { side, pit: c }
    }
}

#[inline(always)]
fn scores_key(pos: &Position) -> u16 {
    (pos.score(Side::South) as u16) << 8 | pos.score(Side::North) as u16
}

/// What the databases say of a position inside the tree whose value they only bound
/// ([`Oracle::probe_bounds_after_estimated`]), in the search's units: the bounds, and the
/// stored value of the game with nothing before it where that is not the value here.
#[derive(Clone, Copy)]
struct Covered {
    lo: Score,
    hi: Score,
    stored: Option<Score>,
}

/// The alpha-beta engine for one ruleset. Keeps its table and history between searches.
pub struct AlphaBeta {
    rules: Rules,
    eval: Evaluator,
    tt: Arc<Table>,
    history: [[u32; 9]; 2],
    oracle: Option<Arc<dyn Oracle>>,
    /// A position that occurs again ends the game. Then a value found at a position with
    /// positions of the same scores before it holds for that line only: which positions can
    /// come back depends on the line, and under Oware's rule (each player takes his own row)
    /// so does what a repetition is worth.
    repetition: bool,
    use_table: bool,
    // Per search.
    /// Whether this search reduces late quiet moves (see [`Limits::full_width`]).
    reduce_now: bool,
    nodes: u64,
    horizon: u64,
    /// Values taken from the table that were found on another line and may not hold on this
    /// one (only where [`Self::repetition`]): the subtree is searched to its end, but its value
    /// is not known exact.
    unsure: u64,
    /// This iteration takes no value from the table that may hold for another line only, nor
    /// any found short of the end: an earlier one searched the tree to its end but took such
    /// values ([`Self::unsure`]), so this one finds the value exact.
    exact: bool,
    stop: bool,
    can_stop: bool,
    deadline: Option<Instant>,
    node_limit: u64,
    /// Set from outside (or by the main thread, for helpers) to stop the search.
    abort: Arc<AtomicBool>,
    /// Engines searching beside this one in a multi-threaded search, kept between searches.
    helpers: Vec<AlphaBeta>,
    /// In a multi-threaded search, shared by its threads: the hashes of the nodes some
    /// thread is searching (one slot per hash's low bits; a collision only costs a deferral).
    busy: Option<Arc<[AtomicU64]>>,
    /// Positions before the current one, in the game and the line searched: (hash, scores).
    line: Vec<(u64, u16)>,
    pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// The best root move of the iteration under way among those searched to its end: its
    /// score and line.
    root_best: Option<(Score, Vec<Move>)>,
    /// The last iteration's best move, and whether this iteration has searched it to its end:
    /// only then is a root move that beats it known to be better.
    root_prev: Option<Move>,
    root_prev_done: bool,
}

/// The root of one search: its position and hash key, the limits, when it started, and the
/// deepest iteration.
#[derive(Clone, Copy)]
struct Root<'a> {
    pos: &'a Position,
    key: u64,
    limits: &'a Limits,
    start: Instant,
    max_depth: u32,
}

impl AlphaBeta {
    /// An engine with an 8 MiB table.
    pub fn new(rules: Rules) -> AlphaBeta {
        AlphaBeta::with_table_mib(rules, 8)
    }

    pub fn with_table_mib(rules: Rules, mib: usize) -> AlphaBeta {
        let eval = Evaluator::new(&rules);
        AlphaBeta::with_parts(rules, eval, Arc::new(Table::with_mib(mib)))
    }

    /// An engine with a table of `mib` MiB, or an error when the memory cannot be had (a size
    /// the user chose: `--hash`, UGI's `Hash`).
    pub fn try_with_table_mib(
        rules: Rules,
        mib: usize,
    ) -> Result<AlphaBeta, crate::tt::AllocError> {
        let eval = Evaluator::new(&rules);
        let tt = Table::try_with_mib(mib)?;
        Ok(AlphaBeta::with_parts(rules, eval, Arc::new(tt)))
    }

    fn with_parts(rules: Rules, eval: Evaluator, tt: Arc<Table>) -> AlphaBeta {
        let repetition = rules.ruleset().repetition != Repetition::Ignore;
        AlphaBeta {
            rules,
            eval,
            tt,
            history: [[0; 9]; 2],
            oracle: None,
            repetition,
            use_table: true,
            reduce_now: false,
            nodes: 0,
            horizon: 0,
            unsure: 0,
            exact: false,
            stop: false,
            can_stop: false,
            deadline: None,
            node_limit: u64::MAX,
            abort: Arc::new(AtomicBool::new(false)),
            helpers: Vec::new(),
            busy: None,
            line: Vec::with_capacity(512),
            pv: Box::new([[Move::Pass; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            root_best: None,
            root_prev: None,
            root_prev_done: false,
        }
    }

    /// The oracle consulted, if any.
    pub fn oracle(&self) -> Option<&Arc<dyn Oracle>> {
        self.oracle.as_ref()
    }

    /// Consults `oracle` for exact values (a solved root is answered at once).
    pub fn set_oracle(&mut self, oracle: Option<Arc<dyn Oracle>>) {
        self.oracle = oracle;
        self.helpers.clear();
    }

    /// The evaluation at the leaves.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Replaces the evaluation (for tuning and tests).
    pub fn set_evaluator(&mut self, eval: Evaluator) {
        self.eval = eval;
        self.helpers.clear();
    }

    /// Turns the transposition table off or on (off: plain alpha-beta, for checking).
    pub fn set_table(&mut self, on: bool) {
        self.use_table = on;
        self.helpers.clear();
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A flag that stops the search in progress when set, from any thread: the search
    /// returns the move of its last completed iteration (the first always completes). The
    /// search clears the flag when it returns.
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        self.abort.clone()
    }

    /// An engine that searches beside this one: same rules, evaluation, oracle and table.
    fn helper(&self) -> AlphaBeta {
        let mut h = AlphaBeta::with_parts(self.rules.clone(), self.eval.clone(), self.tt.clone());
        h.oracle = self.oracle.clone();
        h.use_table = self.use_table;
        h.can_stop = true;
        h
    }

    /// Forgets the table and the history (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history = [[0; 9]; 2];
    }

    /// Searches the current position of `game`, with its moves as history for repetitions.
    /// `None` when the game is over.
    pub fn search_game(&mut self, game: &Game, limits: &Limits) -> Option<SearchResult> {
        if game.is_over() {
            return None;
        }
        let history = game.history();
        self.search(&game.position(), &history, limits)
    }

    /// Searches `pos`, reached after the positions `history` (oldest first; they matter for
    /// repetitions). `None` when `pos` has no legal move.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[Position],
        limits: &Limits,
    ) -> Option<SearchResult> {
        let r = self.search_once(pos, history, limits);
        // Whichever way the search ended, a stop asked for it does not reach the next one.
        self.abort.store(false, Relaxed);
        r
    }

    fn search_once(
        &mut self,
        pos: &Position,
        history: &[Position],
        limits: &Limits,
    ) -> Option<SearchResult> {
        let start = Instant::now();
        let moves = self.rules.legal_moves(pos);
        if moves.is_empty() {
            return None;
        }
        self.begin(history, limits, start);
        if let Some(r) = self.oracle_root(pos, history) {
            return Some(SearchResult {
                elapsed: start.elapsed(),
                ..r
            });
        }
        let key = hash(pos);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let threads = limits.threads.max(1);
        let root = Root {
            pos,
            key,
            limits,
            start,
            max_depth,
        };
        Some(if threads == 1 {
            self.iterate(root)
        } else {
            self.iterate_with_helpers(root, threads - 1)
        })
    }

    /// Iterative deepening on this thread: the result of the last completed iteration.
    fn iterate(&mut self, root: Root) -> SearchResult {
        let Root {
            pos,
            key,
            limits,
            start,
            max_depth,
        } = root;
        let mut result: Option<SearchResult> = None;
        let mut stable = 0;
        let mut d = 0;
        while d < max_depth {
            d += 1;
            if d > 1 && self.abort.load(Relaxed) {
                break;
            }
            self.horizon = 0;
            self.unsure = 0;
            self.can_stop = d > 1;
            self.root_best = None;
            self.root_prev = result.as_ref().map(|r| r.best);
            self.root_prev_done = false;
            let score = self.negamax(pos, key, d as i32, 0, -INF, INF);
            if self.stop {
                // Cut short: the best root move searched to the end of this iteration answers,
                // once the last iteration's best is among those searched (it was no better).
                if let (Some((s, pv)), Some(r)) = (self.root_best.take(), result.as_mut())
                    && self.root_prev_done
                    && pv.first() != Some(&r.best)
                {
                    r.best = pv[0];
                    r.score = s;
                    r.pv = pv;
                }
                break;
            }
            let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].to_vec();
            // Searched to the end everywhere, and with no value that may hold for another line
            // only.
            let resolved = self.horizon == 0;
            let solved = resolved && self.unsure == 0;
            stable = match &result {
                Some(r) if r.best == pv[0] => stable + 1,
                _ => 0,
            };
            result = Some(SearchResult {
                best: pv[0],
                score,
                depth: d,
                nodes: self.nodes,
                pv,
                solved,
                elapsed: start.elapsed(),
            });
            if solved || !another_iteration(limits, start.elapsed(), stable) {
                break;
            }
            // To the end, but through values found on other lines (repetitions): the
            // same depth again without them, and deeper if need be, until the value is exact.
            if resolved && !self.exact {
                self.exact = true;
                d -= 1;
            }
        }
        self.exact = false;
        let mut r = result.expect("depth 1 always completes");
        r.nodes = self.nodes;
        r.elapsed = start.elapsed();
        r
    }

    /// `n` helpers search the same root through the same depths, sharing the table and the
    /// list of nodes being searched: each thread puts off the moves whose subtrees another is
    /// searching (simplified ABDADA), so the threads split the tree between them and take
    /// each other's results from the table; the helpers' own results are not used. They
    /// stop when this thread is done. (Plain lazy SMP, the threads only sharing the table,
    /// gained 1.05-1.3x here against 1.8-1.9x for this: see `examples/smp.rs`.)
    fn iterate_with_helpers(&mut self, root: Root, n: usize) -> SearchResult {
        let Root {
            pos,
            key,
            max_depth,
            ..
        } = root;
        let mut helpers = std::mem::take(&mut self.helpers);
        helpers.truncate(n);
        while helpers.len() < n {
            helpers.push(self.helper());
        }
        let done = Arc::new(AtomicBool::new(false));
        let busy: Arc<[AtomicU64]> = (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect();
        self.busy = Some(busy.clone());
        for h in helpers.iter_mut() {
            h.busy = Some(busy.clone());
            h.history = self.history;
            h.nodes = 0;
            h.stop = false;
            h.reduce_now = self.reduce_now;
            h.abort = done.clone();
            h.line.clone_from(&self.line);
        }
        /// Tells the helpers to stop when dropped, even if this thread's search panics
        /// (the scope would otherwise wait for them forever).
        struct Done(Arc<AtomicBool>);
        impl Drop for Done {
            fn drop(&mut self) {
                self.0.store(true, Relaxed);
            }
        }
        let mut r = std::thread::scope(|s| {
            let _done = Done(done.clone());
            for h in helpers.iter_mut() {
                // A helper the system cannot start is simply not there: the search goes on
                // with the threads it has.
                let _ = std::thread::Builder::new()
                    .name("search helper".into())
                    .spawn_scoped(s, move || h.help(pos, key, max_depth));
            }
            self.iterate(root)
        });
        self.busy = None;
        r.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
        self.helpers = helpers;
        r
    }

    /// A helper's iterative deepening, until stopped or solved.
    fn help(&mut self, pos: &Position, key: u64, to: u32) {
        for d in 1..=to {
            self.horizon = 0;
            self.unsure = 0;
            self.negamax(pos, key, d as i32, 0, -INF, INF);
            if self.stop || self.horizon == 0 {
                break;
            }
        }
    }

    /// The score of every root move searched to `depth` with a full window (for levels that
    /// choose among good moves). Deterministic; ignores time and the stop flag.
    pub fn root_scores(
        &mut self,
        pos: &Position,
        history: &[Position],
        depth: u32,
    ) -> Vec<(Move, Score)> {
        self.scores_of_root(pos, history, depth, false)
            .expect("nothing stops these scores")
    }

    /// [`Self::root_scores`], given up (`None`) once the [`Self::stop_handle`] is set (which
    /// it then clears), for a caller that may be asked to stop (Ctrl-C in Python).
    pub fn root_scores_unless_stopped(
        &mut self,
        pos: &Position,
        history: &[Position],
        depth: u32,
    ) -> Option<Vec<(Move, Score)>> {
        let scores = self.scores_of_root(pos, history, depth, true);
        self.abort.store(false, Relaxed);
        scores
    }

    fn scores_of_root(
        &mut self,
        pos: &Position,
        history: &[Position],
        depth: u32,
        stoppable: bool,
    ) -> Option<Vec<(Move, Score)>> {
        let moves = self.rules.legal_moves(pos);
        self.begin(history, &Limits::depth(depth), Instant::now());
        // With no deadline and no node limit, only the stop flag can stop it.
        self.can_stop = stoppable;
        let key = hash(pos);
        let me = pos.side();
        let mut out = Vec::new();
        self.line.push((key, scores_key(pos)));
        for m in moves {
            let mut child = *pos;
            self.rules.play_unchecked(&mut child, m);
            let ck = hash(&child);
            let mut s = 0;
            for d in 0..depth.max(1) as i32 {
                s = self.child(&child, ck, child.side() == me, d, 1, -INF, INF);
            }
            if self.stop {
                break;
            }
            out.push((m, s));
        }
        self.line.pop();
        self.can_stop = false;
        (!self.stop).then_some(out)
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn begin(&mut self, history: &[Position], limits: &Limits, start: Instant) {
        self.nodes = 0;
        self.stop = false;
        self.deadline = limits.time.map(|t| start + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.reduce_now = !limits.full_width && limits.depth.is_none();
        self.line.clear();
        if self.repetition {
            for p in history {
                self.line.push((hash(p), scores_key(p)));
            }
        }
        for h in self.history.iter_mut().flatten() {
            *h /= 4;
        }
    }

    /// A root whose every move leads to a database value (or the end) is answered at once.
    /// A move's position holds its stored value where it was reached by a capture, where the
    /// value holds whatever came before ([`Oracle::probe_after`]), or where none of the
    /// positions played since the last capture can come again from it (then the game from
    /// there is the game with nothing before it); a move after which one can is searched.
    fn oracle_root(&mut self, pos: &Position, history: &[Position]) -> Option<SearchResult> {
        let oracle = self.oracle.clone()?;
        oracle.probe(pos)?;
        let me = pos.side();
        let mut best: Option<(Move, Score)> = None;
        // The positions since the last capture, the root's included (a lazy set: only a move
        // whose stored value may not hold asks for it).
        let mut earlier: Option<HashSet<Position>> = None;
        for m in self.rules.legal_moves(pos) {
            let mut child = *pos;
            self.rules.play_unchecked(&mut child, m);
            self.nodes += 1;
            let repeated = self.repetition && (history.contains(&child) || child == *pos);
            // `v` is from the view of the child's side to move.
            let v = if repeated {
                settled_value(&self.rules, &child, EndReason::Repetition)
            } else if let Some(reason) = self.rules.end_reason(&child) {
                settled_value(&self.rules, &child, reason)
            } else if let Some(v) = oracle.probe_after(&child, Some(pos)) {
                v * UNITS_PER_SEED
            } else {
                let v = oracle.probe_after(&child, None)?;
                let earlier = earlier.get_or_insert_with(|| {
                    let scores = pos.scores();
                    history
                        .iter()
                        .rev()
                        .take_while(|p| p.scores() == scores)
                        .chain([pos])
                        .copied()
                        .collect()
                });
                let walk = crate::oracle::ROOT_WALK;
                if crate::oracle::can_come_again(&self.rules, child, earlier, walk)? {
                    return None;
                }
                v * UNITS_PER_SEED
            };
            let mine = if child.side() == me { v } else { -v };
            if best.is_none_or(|(_, b)| mine > b) {
                best = Some((m, mine));
            }
        }
        let (m, s) = best?;
        Some(SearchResult {
            best: m,
            score: s,
            depth: 0,
            nodes: self.nodes,
            pv: vec![m],
            solved: true,
            elapsed: Duration::ZERO,
        })
    }

    #[inline]
    fn poll(&mut self) {
        if self.nodes >= self.node_limit {
            self.stop = true;
        }
        if self.nodes & 1023 == 0 {
            if self.abort.load(Relaxed) {
                self.stop = true;
            }
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.stop = true;
            }
        }
    }

    /// Whether a position of scores `sk` is fresh: none before it, in the game and the line
    /// searched, since the last capture (none can come back in its subtree, so its value is
    /// the same whatever led to it).
    #[inline(always)]
    fn fresh(&self, sk: u16) -> bool {
        crate::oracle::first_since_capture(self.line.last().map(|&(_, s)| s), sk)
    }

    #[inline]
    fn is_repeat(&self, key: u64, sk: u16) -> bool {
        for &(k, s) in self.line.iter().rev() {
            if s != sk {
                return false;
            }
            if k == key {
                return true;
            }
        }
        false
    }

    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        c: &Position,
        ck: u64,
        same: bool,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if depth <= 0 {
            if same {
                self.leaf(c, ck, ply, beta)
            } else {
                -self.leaf(c, ck, ply, -alpha)
            }
        } else if same {
            self.negamax(c, ck, depth, ply, alpha, beta)
        } else {
            -self.negamax(c, ck, depth, ply, -beta, -alpha)
        }
    }

    /// What every node does first: counts itself, polls the limits, and settles repetitions,
    /// ends of game and database positions. `Ok` with the legal moves (and the databases'
    /// bounds of its value, where they bound it without settling it) when the node must be
    /// searched or evaluated, `Err` with its value when it is settled here.
    #[inline(always)]
    fn enter(
        &mut self,
        pos: &Position,
        key: u64,
        ply: usize,
    ) -> Result<(MoveSet, Option<Covered>), Score> {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        if self.can_stop {
            self.poll();
            if self.stop {
                return Err(0);
            }
        }
        if ply > 0 && self.repetition && self.is_repeat(key, scores_key(pos)) {
            return Err(settled_value(&self.rules, pos, EndReason::Repetition));
        }
        let moves = match self.rules.moves_or_end(pos) {
            Ok(moves) => moves,
            Err(reason) => return Err(settled_value(&self.rules, pos, reason)),
        };
        if ply > 0
            && let Some(o) = &self.oracle
            && let Some(((lo, hi), stored)) =
                o.probe_bounds_after_estimated(pos, self.fresh(scores_key(pos)))
        {
            if lo == hi {
                return Err(lo * UNITS_PER_SEED);
            }
            return Ok((
                moves,
                Some(Covered {
                    lo: lo * UNITS_PER_SEED,
                    hi: hi * UNITS_PER_SEED,
                    stored: stored.map(|v| v * UNITS_PER_SEED),
                }),
            ));
        }
        Ok((moves, None))
    }

    /// A node at the horizon: its static value, or a lower bound of it that is at least
    /// `beta` (fail-soft; see [`Evaluator::eval_above`]). A small function of its own, so that
    /// the many leaves do not pay for the interior nodes' stack frame.
    fn leaf(&mut self, pos: &Position, key: u64, ply: usize, beta: Score) -> Score {
        match self.enter(pos, key, ply) {
            Err(v) => v,
            Ok((_, Some(c))) if c.lo >= beta => c.lo,
            Ok((moves, covered)) => {
                self.horizon += 1;
                // Where the databases bound the value of a position with others before it
                // since the last capture, their value for a game with nothing before it, if
                // they hold one, is the estimate (the history changes it only where a position
                // played before comes back).
                let v = match covered.and_then(|c| c.stored) {
                    Some(v) => v,
                    None => self.eval.eval_above(&self.rules, pos, moves, beta),
                };
                // The databases' bounds are the truth: the estimate is kept within them.
                covered.map_or(v, |c| v.clamp(c.lo, c.hi))
            }
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let moves = match self.enter(pos, key, ply) {
            Err(v) => return v,
            // Bounds from the databases that settle the window: no search needed.
            Ok((_, Some(c))) if c.lo >= beta => return c.lo,
            Ok((_, Some(c))) if c.hi <= alpha => return c.hi,
            Ok((moves, _)) => moves,
        };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            self.horizon += 1;
            return self.eval.eval(&self.rules, pos, moves);
        }
        let sk = scores_key(pos);
        // Nodes just above the leaves skip the table: a probe there costs more (a cache miss)
        // than the subtree it could save.
        let table = self.use_table && depth >= TABLE_DEPTH;
        // Where a repetition ends the game, a value found here holds for every line to this
        // position only when the position is fresh (asked where the table is): otherwise a
        // position played before it on this line may come back in its subtree and end the
        // game, where on another line play would go on.
        let line_bound = table && self.repetition && !self.fresh(sk);
        let mut tt_mv = NO_MOVE;
        if table && let Some(e) = self.tt.probe(key) {
            tt_mv = e.mv;
            if ply > 0 && (e.depth == SOLVED_DEPTH || e.depth as i32 >= depth) {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                // Searched to the end, but perhaps on another line (graph-history
                // interaction): a repetition there or here may close elsewhere.
                let other_line = e.depth == SOLVED_DEPTH && (e.line || line_bound);
                if cut && !(self.exact && (e.depth != SOLVED_DEPTH || other_line)) {
                    if e.depth != SOLVED_DEPTH {
                        self.horizon += 1;
                    } else if other_line {
                        self.unsure += 1;
                    }
                    return e.score;
                }
            }
        }

        // Children, made once and ordered: table move, captures (and extra turns), history.
        let me = pos.side();
        // Positions in generation order; the (order, index) pairs are sorted instead of them.
        let mut kids: ArrayVec<(Position, u64), 9> = ArrayVec::new();
        let mut rank = [(0i32, 0u8, 0u8); 9];
        let prefetch = self.use_table && depth > TABLE_DEPTH;
        for m in moves {
            // Made in place: copying a freshly written position stalls store forwarding.
            kids.push((*pos, 0));
            let (c, ck) = kids.last_mut().expect("just pushed");
            let eff = self.rules.play_unchecked(c, m);
            *ck = hash(c);
            if prefetch {
                self.tt.prefetch(*ck);
            }
            let cd = code(m);
            let order = if cd == tt_mv {
                i32::MAX
            } else {
                ((eff.captured as i32) << 22)
                    + ((eff.extra_turn as i32) << 21)
                    + self.history[me.index()][cd as usize].min((1 << 21) - 1) as i32
            };
            let k = kids.len() - 1;
            let mut j = k;
            while j > 0 && rank[j - 1].0 < order {
                rank[j] = rank[j - 1];
                j -= 1;
            }
            rank[j] = (order, k as u8, cd);
        }

        self.line.push((key, sk));
        let h0 = self.horizon;
        let u0 = self.unsure;
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_code = NO_MOVE;
        // The order of search, as indices into `rank`. In a multi-threaded search a move whose
        // subtree another thread is searching is put off to the end, by when the table usually
        // holds its value (the first move is never put off): simplified ABDADA.
        let n = kids.len();
        let mut seq = [0u8; 18];
        for (j, x) in seq[..n].iter_mut().enumerate() {
            *x = j as u8;
        }
        let mut seq_len = n;
        let mut next = 0;
        let mut i = 0;
        while next < seq_len {
            let (order, k, cd) = rank[seq[next] as usize];
            next += 1;
            let (c, ck) = kids[k as usize];
            let mut marked = None;
            if depth > BUSY_DEPTH
                && let Some(busy) = &self.busy
            {
                let at = ck as usize & (busy.len() - 1);
                let slot = &busy[at];
                if i > 0 && next <= n && slot.load(Relaxed) == ck {
                    seq[seq_len] = seq[next - 1];
                    seq_len += 1;
                    continue;
                }
                slot.store(ck, Relaxed);
                marked = Some((busy.clone(), at));
            }
            let same = c.side() == me;
            let score = if i == 0 {
                self.child(&c, ck, same, depth - 1, ply + 1, alpha, beta)
            } else {
                // Late move reductions: a quiet move (no capture, no extra turn) after the
                // first two is looked at one ply shallower first, and searched to the full
                // depth only when it beats alpha there.
                let mut s = alpha + 1;
                if self.reduce_now && depth >= REDUCE_DEPTH && i >= 2 && order < (1 << 21) {
                    s = self.child(&c, ck, same, depth - 2, ply + 1, alpha, alpha + 1);
                }
                if s > alpha {
                    s = self.child(&c, ck, same, depth - 1, ply + 1, alpha, alpha + 1);
                }
                // A leaf answering for the other side is exact or a bound this node does not
                // need to know better (see `leaf`): no second look. One where the same side
                // moves again may have answered with a lower bound at alpha + 1, so it gets one.
                if s > alpha && s < beta && beta - alpha > 1 && (depth > 1 || same) {
                    self.child(&c, ck, same, depth - 1, ply + 1, alpha, beta)
                } else {
                    s
                }
            };
            if let Some((busy, at)) = marked {
                let _ = busy[at].compare_exchange(ck, 0, Relaxed, Relaxed);
            }
            if self.stop {
                self.line.pop();
                return 0;
            }
            if ply == 0 && self.root_prev == Some(decode(cd, me)) {
                self.root_prev_done = true;
            }
            if score > best {
                best = score;
                best_code = cd;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let row = &mut head[ply];
                    let len = self.pv_len[ply + 1];
                    row[0] = decode(cd, me);
                    row[1..=len].copy_from_slice(&tail[0][..len]);
                    self.pv_len[ply] = len + 1;
                    if ply == 0 {
                        self.root_best = Some((score, row[..=len].to_vec()));
                    }
                    if score >= beta {
                        if order < (1 << 21) || order == i32::MAX {
                            let h = &mut self.history[me.index()][cd as usize];
                            *h = h.saturating_add((depth * depth) as u32);
                        }
                        break;
                    }
                }
            }
            i += 1;
        }
        self.line.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let d = if self.horizon == h0 {
            SOLVED_DEPTH
        } else {
            depth.min(254) as u8
        };
        if table {
            let line = line_bound || self.unsure != u0;
            self.tt.store(key, best, d, bound, best_code, line);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_is_used_as_its_limits_say() {
        let ms = Duration::from_millis;
        // No time limit: depth or nodes decide.
        assert!(another_iteration(&Limits::depth(5), ms(10_000), 9));
        // A hard limit only (movetime): on to the deadline, whatever the best move does.
        let movetime = Limits::time_ms(300);
        assert!(another_iteration(&movetime, ms(290), 9));
        assert!(!another_iteration(&movetime, ms(300), 0));
        // A clock's budget: 100 ms aimed at, 300 at most.
        let clock = Limits::budget(ms(100), ms(300));
        assert_eq!((clock.soft, clock.time), (Some(ms(100)), Some(ms(300))));
        // A best move that has just changed gets more time; a settled one less.
        assert!(another_iteration(&clock, ms(150), 0));
        assert!(!another_iteration(&clock, ms(170), 0));
        assert!(another_iteration(&clock, ms(90), 1));
        assert!(!another_iteration(&clock, ms(110), 1));
        assert!(another_iteration(&clock, ms(70), 2));
        assert!(!another_iteration(&clock, ms(80), 2));
        assert!(another_iteration(&clock, ms(40), 3));
        assert!(!another_iteration(&clock, ms(50), 7));
        // Never past the hard limit, however unsettled.
        let tight = Limits::budget(ms(250), ms(300));
        assert!(!another_iteration(&tight, ms(300), 0));
        // A soft limit above the hard one is the hard one.
        assert_eq!(Limits::budget(ms(400), ms(300)).time, Some(ms(400)));
    }

    /// Wherever a repetition ends the game, the board shared (Mangala II) or each player
    /// taking his own row (Oware), a root with a position of the same scores before it is
    /// stored as holding for its line only: a position played before may come back in its
    /// subtree and end the game there, where on another line play would go on. A root with
    /// nothing before it since the last capture holds on every line.
    #[test]
    fn a_value_found_after_a_quiet_move_holds_for_its_line_only() {
        for spec in ["mangala-ii", "oware", "modiar"] {
            let rules = mancala_core::rules_for(&spec.parse().unwrap()).unwrap();
            let mut game = Game::new(rules.clone());
            let quiet = game
                .legal_moves()
                .iter()
                .find(|&m| rules.play(&game.position(), m).unwrap().1.captured == 0)
                .unwrap();
            let start = game.clone();
            game.play(quiet).unwrap();
            for (fresh, g) in [(true, start), (false, game)] {
                let mut engine = AlphaBeta::new(rules.clone());
                engine
                    .search_game(&g, &Limits::depth(TABLE_DEPTH as u32 + 2))
                    .unwrap();
                let e = engine
                    .tt
                    .probe(hash(&g.position()))
                    .expect("the root is stored");
                assert_eq!(e.line, !fresh, "{spec}: root fresh {fresh}");
            }
        }
    }
}
