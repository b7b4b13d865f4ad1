//! The database of a game: its level files in a data directory, probing, solving positions,
//! and building the levels (resumable: a finished level is never rebuilt).

use crate::file::{FileError, Header, HeaderError, LevelFile, fnv1a, write_level};
use crate::game::{RepetitionValue, SolverGame, Unsupported};
use crate::index::Indexer;
use crate::level::{LevelStats, MAX_LEVEL, Progress, memory_needed, solve_level};
use mancala_core::{Move, Position, Rules, Side};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Instant;

/// The environment variable naming the data directory.
pub const DATA_ENV: &str = "MANCALA_DATA";

/// The data directory: `MANCALA_DATA`, else `$XDG_DATA_HOME/mancala`, else
/// `~/.local/share/mancala`, else `./mancala-data`.
pub fn default_data_dir() -> PathBuf {
    if let Some(d) = std::env::var_os(DATA_ENV).filter(|d| !d.is_empty()) {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("mancala");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(h).join(".local/share/mancala");
    }
    PathBuf::from("mancala-data")
}

/// Why a database cannot answer or be built.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// A game resized to a size its rules refuse.
    #[error("{spec}: {why}")]
    NoSuchSize { spec: String, why: String },
    #[error("no {name} database for {level} stones on the board ({path} not found); build it with `mancala db build {spec}{max}{dir}`", path = path.display(), max = max_flag(*level, *total))]
    Missing {
        name: String,
        spec: String,
        level: u32,
        total: u32,
        path: PathBuf,
        /// ` --data-dir D` where the databases are not in the default folder, else empty.
        dir: String,
    },
    #[error("{name} database for {level} stones on the board is unusable: {why}; rebuild it with `mancala db build {spec}{max}{dir}`", max = max_flag(*level, *total))]
    Corrupt {
        name: String,
        spec: String,
        level: u32,
        total: u32,
        why: String,
        /// As for [`DbError::Missing`].
        dir: String,
    },
    #[error("{0}")]
    Io(String),
    /// What rank 0 of a distributed build failed with, as the other ranks learn it.
    #[error("{0}")]
    OnRankZero(String),
    #[error(
        "the position has {stones} stones on the board, an odd number: captures take an even number, so no game of {name} reaches it and the databases do not hold it"
    )]
    OddBoard { name: String, stones: u32 },
    #[error(
        "level {level} of {name} has {boards} boards and needs about {need_mib} MiB of memory, more than the {limit_mib} MiB allowed; build fewer levels with --max-stones{per_rank}", per_rank = per_rank(*ranks)
    )]
    TooBig {
        name: String,
        level: u32,
        boards: u64,
        need_mib: u64,
        limit_mib: u64,
        /// The ranks of a distributed build, the memory being each rank's.
        ranks: Option<usize>,
    },
    /// The board's value depends on where a cycle closes under the game's repetition rule: the
    /// database holds only bounds of it (`mancala_solver::bounds`).
    #[error(
        "the value of this board of {name} is not exact in the databases (it depends on where a repetition closes): the mover gets from {at_least} to {at_most} of the {board} stones on the board; the engine's search (`mancala best`) plays it with the game's history"
    )]
    NotExact {
        name: String,
        board: u8,
        at_least: u8,
        at_most: u8,
    },
    /// A level to solve holds more stones than the seven bits of a value reach.
    #[error(
        "level {level} of {name}: this build solves levels of at most {MAX_LEVEL} stones (values are kept in seven bits); build fewer levels with --max-stones"
    )]
    TooManyStones { name: String, level: u32 },
}

fn per_rank(ranks: Option<usize>) -> String {
    ranks.map_or(String::new(), |p| format!(" (per rank, with {p} ranks)"))
}

/// `word` as a shell reads it back: as it is if it needs no quotes, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+:,@%=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

fn max_flag(level: u32, total: u32) -> String {
    if level >= total {
        String::new()
    } else {
        format!(" --max-stones {level}")
    }
}

/// The perfect-play value of a board: the share of its stones the mover gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// Stones on the board.
    pub board: u8,
    /// The mover's share of them under perfect play.
    pub share: u8,
}

impl Value {
    /// The mover's final lead over the opponent from the board alone (`2 * share - board`).
    pub fn board_difference(self) -> i32 {
        2 * self.share as i32 - self.board as i32
    }

    /// The final score difference for the side to move of `pos` (captures included).
    pub fn final_difference(self, pos: &Position) -> i32 {
        let me = pos.score(pos.side()) as i32;
        let them = pos.score(pos.side().other()) as i32;
        me - them + self.board_difference()
    }
}

/// The result of a game from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

impl Outcome {
    pub fn from_difference(d: i32) -> Outcome {
        match d.cmp(&0) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        }
    }
}

/// A solved position: its value and the value of every legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Final score difference for the side to move under perfect play.
    pub value: i32,
    pub outcome: Outcome,
    /// Every legal move with the final score difference it leads to (mover's view).
    pub moves: Vec<(Move, i32)>,
    /// The moves that keep the value (empty when the game is over).
    pub best: Vec<Move>,
}

/// How a build reports its work.
pub trait BuildProgress: Sync {
    /// Level `level` (`boards` boards) is about to be built.
    fn start(&self, _level: u32, _boards: u64) {}
    /// `done` of `total` work units of the level are finished.
    fn advance(&self, _done: u64, _total: u64) {}
    /// Level `level` is built in `seconds`, its boards won, drawn and lost as `stats` say
    /// (`None`: it was built already and is kept).
    fn done(&self, _level: u32, _boards: u64, _stats: Option<&LevelStats>, _seconds: f64) {}
    /// A level file was unusable and is rebuilt.
    fn replacing(&self, _level: u32, _why: &str) {}
    /// Level `level` was copied from the database of the same board with other seeds in `from`.
    fn imported(&self, _level: u32, _boards: u64, _from: &Path) {}
}

impl BuildProgress for () {}

struct ProgressAdapter<'a>(&'a dyn BuildProgress);
impl Progress for ProgressAdapter<'_> {
    fn advance(&self, done: u64, total: u64) {
        self.0.advance(done, total)
    }
}

/// What a build did.
#[derive(Clone, Debug, Default)]
pub struct BuildReport {
    /// (level, boards, seconds) of each level built now.
    pub built: Vec<(u32, u64, f64)>,
    /// Levels that were already there.
    pub kept: Vec<u32>,
    /// Levels copied from the database of the same board with other seeds.
    pub imported: Vec<u32>,
    /// (level, wins, draws and losses for the side to move) of each level built now.
    pub stats: Vec<(u32, LevelStats)>,
}

/// The database of one game in a data directory. Level files are opened on first use.
pub struct Database {
    game: SolverGame,
    ix: Indexer,
    dir: PathBuf,
    spec: String,
    hash: u64,
    cache: RwLock<Vec<Option<Arc<LevelFile>>>>,
}

/// The directory name and command-line spelling of a ruleset: the id for a built-in game,
/// `id:pits=..,seeds=..` for a resized one, the id with the ruleset hash otherwise.
fn naming(rules: &Rules, hash: u64) -> (String, String) {
    let r = rules.ruleset();
    match mancala_core::builtin(&r.id) {
        Some(b) if &b == r => (r.id.clone(), r.id.clone()),
        Some(b) if b.resized(r.pits, r.seeds).ok().as_ref() == Some(r) => {
            let spec = format!("{}:pits={},seeds={}", r.id, r.pits, r.seeds);
            (format!("{}-{}x{}", r.id, r.pits, r.seeds), spec)
        }
        _ => (format!("{}-{hash:016x}", r.id), r.id.clone()),
    }
}

impl Database {
    /// The database of `rules` under `data_dir` (nothing is read until a level is needed).
    pub fn open(data_dir: &Path, rules: &Rules) -> Result<Database, DbError> {
        let game = SolverGame::new(rules)?;
        let hash = fnv1a(&mancala_core::rules_to_toml(rules.ruleset()));
        let (dirname, spec) = naming(rules, hash);
        let total = game.total();
        let ix = Indexer::new(game.pits(), total);
        Ok(Database {
            dir: data_dir.join(dirname),
            spec,
            hash,
            cache: RwLock::new(vec![None; total as usize + 1]),
            ix,
            game,
        })
    }

    pub fn game(&self) -> &SolverGame {
        &self.game
    }

    pub fn indexer(&self) -> &Indexer {
        &self.ix
    }

    /// The directory holding this game's level files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The hash of the rules the files are built for (FNV-1a 64 of their canonical TOML).
    pub fn ruleset_hash(&self) -> u64 {
        self.hash
    }

    /// How to name this game on the command line.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The file of level `b`.
    pub fn level_path(&self, b: u32) -> PathBuf {
        self.dir.join(format!("level-{b:03}.mdb"))
    }

    /// What the file of level `b` must say of itself.
    pub fn level_header(&self, b: u32) -> Header {
        Header {
            game: crate::file::header_id(self.game.rules().id()),
            ruleset_hash: self.hash,
            pits: self.game.pits_per_row() as u8,
            level: b as u16,
            entries: self.ix.level_size(b),
            encoding: self.encoding(),
        }
    }

    /// How the game's level files hold a board's value: bounds (two bytes) for Oware's
    /// own-row repetition, else the share (a byte).
    pub(crate) fn encoding(&self) -> u8 {
        if self.game.repetition() == RepetitionValue::OwnRow {
            crate::file::ENCODING_BOUNDED
        } else {
            crate::file::ENCODING_SHARE
        }
    }

    pub(crate) fn file_error(&self, b: u32, e: FileError) -> DbError {
        let name = self.game.rules().name().to_string();
        let (spec, total) = (self.spec.clone(), self.game.total());
        // The command that builds the level builds it where this database reads it.
        let root = self.dir.parent().unwrap_or(Path::new(""));
        let dir = if root == default_data_dir() {
            String::new()
        } else {
            format!(" --data-dir {}", shell_word(&root.display().to_string()))
        };
        match e {
            FileError::Missing { path } => DbError::Missing {
                name,
                spec,
                level: b,
                total,
                path,
                dir,
            },
            FileError::Corrupt { path, why } => DbError::Corrupt {
                name,
                spec,
                level: b,
                total,
                why: format!("{} {why}", path.display()),
                dir,
            },
            FileError::Io { path, error } => DbError::Io(format!("{}: {error}", path.display())),
        }
    }

    /// The level of `b` stones, opened and checked on first use.
    pub fn level(&self, b: u32) -> Result<Arc<LevelFile>, DbError> {
        if let Some(Some(f)) = self.cache.read().unwrap().get(b as usize) {
            return Ok(f.clone());
        }
        if !self.game.has_level(b) {
            return Err(DbError::Io(format!(
                "no board of this game holds {b} stones"
            )));
        }
        let f = LevelFile::open(&self.level_path(b), &self.level_header(b))
            .map_err(|e| self.file_error(b, e))?;
        let f = Arc::new(f);
        self.cache.write().unwrap()[b as usize] = Some(f.clone());
        Ok(f)
    }

    /// A real position with the normalised `board` and `side` to move, the stones off the
    /// board shared between the captures as evenly as possible (South gets the smaller half;
    /// where every capture is even, each side an even number).
    pub fn real_position(&self, board: &crate::index::Board, side: Side) -> Position {
        let (n, m) = (self.game.pits_per_row(), self.game.pits());
        let on: u32 = board[..m].iter().map(|&c| c as u32).sum();
        let off = self.game.total() - on;
        // Where every capture is even, each side's captures are too, as in a game.
        let s = if self.game.rules().captures_even() {
            (off / 2) & !1
        } else {
            off / 2
        } as u8;
        let (mine, theirs) = (&board[..n], &board[n..m]);
        let (south, north) = if side == Side::South {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        let setup = mancala_core::Setup {
            pits: [south, north].concat(),
            scores: mancala_core::BySide::new(s, off as u8 - s),
            side,
        };
        self.game
            .rules()
            .position(&setup)
            .expect("a board of the level with the rest of the seeds captured")
    }

    /// The stored value of a position's board (mover's share). For a start position whose
    /// first move captures nothing, the value is worked out from its moves (see [`Self::solve`]).
    pub fn probe_checked(&self, pos: &Position) -> Result<Value, DbError> {
        if self.exempt_start(pos) {
            return self.exact(self.start_bounds(pos)?);
        }
        self.check_parity(pos)?;
        self.lookup(&self.game.normalise(pos))
    }

    /// [`Self::probe_checked`], with `None` for a level that is not built or unusable.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        self.probe_checked(pos).ok()
    }

    fn check_parity(&self, pos: &Position) -> Result<(), DbError> {
        let stones = pos.board_total();
        if !self.game.has_level(stones) {
            return Err(DbError::OddBoard {
                name: self.game.rules().name().to_string(),
                stones,
            });
        }
        Ok(())
    }

    fn exempt_start(&self, pos: &Position) -> bool {
        self.game.rules().ruleset().first_move_no_capture && self.game.rules().is_start(pos)
    }

    /// The bounds of the start position of a game whose first move captures nothing, which
    /// its board's stored bounds are not (they hold for the board where a move may capture):
    /// the best of its moves' bounds, each read from the board the move leads to.
    fn start_bounds(&self, pos: &Position) -> Result<(Value, Value), DbError> {
        let rules = self.game.rules();
        let me = pos.side();
        let board = pos.board_total() as u8;
        // A final score difference for the mover, as his share of the board.
        let share = |diff: i32| {
            let share =
                (diff - pos.score(me) as i32 + pos.score(me.other()) as i32 + board as i32) / 2;
            Value {
                board,
                share: share as u8,
            }
        };
        let legal = match rules.moves_or_end(pos) {
            Ok(legal) => legal,
            Err(reason) => {
                let end = rules.settle(pos, reason);
                let v = share(end.score(me) as i32 - end.score(me.other()) as i32);
                return Ok((v, v));
            }
        };
        let (mut lo, mut hi) = (i32::MIN, i32::MIN);
        for mv in legal {
            let mut child = *pos;
            rules.play_unchecked(&mut child, mv);
            self.check_parity(&child)?;
            let (l, h) = self.stored(&self.game.normalise(&child))?;
            let (l, h) = (l.final_difference(&child), h.final_difference(&child));
            // From the child's mover's view: the opponent's, or the same side's after an
            // extra turn.
            let (l, h) = if child.side() == me { (l, h) } else { (-h, -l) };
            lo = lo.max(l);
            hi = hi.max(h);
        }
        Ok((share(lo), share(hi)))
    }

    /// The value of bounds that meet, or the error that they do not.
    fn exact(&self, (lo, hi): (Value, Value)) -> Result<Value, DbError> {
        if lo != hi {
            return Err(DbError::NotExact {
                name: self.game.rules().name().to_string(),
                board: lo.board,
                at_least: lo.share,
                at_most: hi.share,
            });
        }
        Ok(lo)
    }

    /// The stored bounds of a position's value, lower and upper: the same value twice where it
    /// is exact (every board but for Oware's own-row repetition, whose values depend on where a
    /// repetition closes; see `docs/solver.md`). They hold for a position with no earlier
    /// position since the last capture in its game. `None` where no usable level covers it.
    pub fn probe_bounds(&self, pos: &Position) -> Option<(Value, Value)> {
        if self.exempt_start(pos) {
            return self.start_bounds(pos).ok();
        }
        self.check_parity(pos).ok()?;
        self.stored(&self.game.normalise(pos)).ok()
    }

    /// A normalised board's stored value, as its bounds.
    fn stored(&self, board: &crate::index::Board) -> Result<(Value, Value), DbError> {
        let b: u32 = board[..self.game.pits()].iter().map(|&c| c as u32).sum();
        let f = self.level(b)?;
        let r = self.ix.rank(board) as usize;
        let (lo, hi) = if f.header.encoding == crate::file::ENCODING_BOUNDED {
            (f.data()[2 * r], f.data()[2 * r + 1])
        } else {
            (f.data()[r], f.data()[r])
        };
        let value = |share| Value {
            board: b as u8,
            share,
        };
        Ok((value(lo), value(hi)))
    }

    fn lookup(&self, board: &crate::index::Board) -> Result<Value, DbError> {
        self.exact(self.stored(board)?)
    }

    /// The value of `pos` under perfect play with the value of each legal move. Moves are
    /// played on the real position (so the start position's first-move exemption applies) and
    /// the positions they lead to are read from the database.
    pub fn solve(&self, pos: &Position) -> Result<Solution, DbError> {
        let rules = self.game.rules();
        self.check_parity(pos)?;
        let me = pos.side();
        let legal = match rules.moves_or_end(pos) {
            Ok(legal) => legal,
            Err(reason) => {
                let end = rules.settle(pos, reason);
                let value = end.score(me) as i32 - end.score(me.other()) as i32;
                return Ok(Solution {
                    value,
                    outcome: Outcome::from_difference(value),
                    moves: vec![],
                    best: vec![],
                });
            }
        };
        // A board whose own value is not exact says so with its own bounds (not with those
        // of the first move that leads to a board whose value is not exact).
        let own = if self.exempt_start(pos) {
            self.start_bounds(pos).and_then(|b| self.exact(b))
        } else {
            self.lookup(&self.game.normalise(pos))
        };
        if let Err(e @ DbError::NotExact { .. }) = own {
            return Err(e);
        }
        let mut moves = Vec::with_capacity(legal.len());
        for mv in legal {
            let mut child = *pos;
            rules.play_unchecked(&mut child, mv);
            let v = self.lookup(&self.game.normalise(&child))?;
            // The child's value is from its mover's view: the opponent's, or the same side's
            // after an extra turn.
            let there = v.final_difference(&child);
            let diff = if child.side() == me { there } else { -there };
            moves.push((mv, diff));
        }
        let value = moves
            .iter()
            .map(|&(_, d)| d)
            .max()
            .expect("at least one move");
        let best = moves
            .iter()
            .filter(|&&(_, d)| d == value)
            .map(|&(m, _)| m)
            .collect();
        Ok(Solution {
            value,
            outcome: Outcome::from_difference(value),
            moves,
            best,
        })
    }

    /// Memory to build level `b`, in bytes: two bytes and a bit a board
    /// ([`crate::level::memory_needed`]), or for a level with bounds (Oware's own-row
    /// repetition) four bytes and three bits ([`crate::bounds::memory_needed`]; a level small
    /// enough for the last-level cache may take more for its predecessors' lists, within the
    /// build's memory limit).
    pub fn build_memory(&self, b: u32) -> u64 {
        self.solve_memory(self.ix.level_size(b), crate::bounds::memory_needed)
    }

    /// Memory the solver of a block of `boards` boards holds in a distributed build: two
    /// bytes and a bit a board, or with bounds four bytes and four bits
    /// ([`crate::dist_bounds::memory_needed`]).
    pub(crate) fn block_memory(&self, boards: u64) -> u64 {
        self.solve_memory(boards, crate::dist_bounds::memory_needed)
    }

    /// Memory to solve `boards` boards: [`memory_needed`], or `bounded` for a level with
    /// bounds.
    fn solve_memory(&self, boards: u64, bounded: fn(u64) -> u64) -> u64 {
        if self.encoding() == crate::file::ENCODING_BOUNDED {
            bounded(boards)
        } else {
            memory_needed(boards)
        }
    }

    /// Builds every level up to `max_stones` stones that is not built yet, lowest first.
    /// A level already on disk and sound is kept; an unusable one is rebuilt. Each level is
    /// written atomically, so a build killed at any point resumes where it stopped.
    pub fn build(
        &self,
        max_stones: u32,
        memory_limit: Option<u64>,
        progress: &dyn BuildProgress,
    ) -> Result<BuildReport, DbError> {
        self.build_with(max_stones, memory_limit, progress, &[])
    }

    /// Whether `other` is this game with other seeds a pit (and nothing else changed): its
    /// levels are then this game's levels too, board for board, since a level holds every
    /// board of its number of stones whatever the game started with.
    pub fn same_board(&self, other: &Database) -> bool {
        let (a, b) = (self.game.rules().ruleset(), other.game.rules().ruleset());
        b.resized(a.pits, a.seeds).ok().as_ref() == Some(a)
    }

    /// Copies level `b` from `from`, the same game with other seeds ([`Self::same_board`]),
    /// checked there and written here under this game's header.
    pub fn import_level(&self, b: u32, from: &Database) -> Result<(), DbError> {
        if !self.same_board(from) {
            return Err(DbError::Io(format!(
                "{} and {} are not the same game with other seeds",
                self.spec, from.spec
            )));
        }
        let f = from.level(b)?;
        write_level(&self.level_path(b), &self.level_header(b), f.data())
            .map_err(|e| self.file_error(b, e))?;
        self.level(b)?;
        Ok(())
    }

    /// [`Self::build`], copying a missing level from the first of `sources` (the same game
    /// with other seeds, [`Self::same_board`]) that holds it sound instead of solving it.
    pub fn build_with(
        &self,
        max_stones: u32,
        memory_limit: Option<u64>,
        progress: &dyn BuildProgress,
        sources: &[&Database],
    ) -> Result<BuildReport, DbError> {
        let sources: Vec<&Database> = sources
            .iter()
            .copied()
            .filter(|d| self.same_board(d) && d.dir != self.dir)
            .collect();
        let importable = |b: u32| {
            sources
                .iter()
                .any(|d| b <= d.game.total() && d.level_path(b).exists())
        };
        let need = |b| self.build_memory(b);
        let plan = self.plan_build(max_stones, memory_limit, &need, None, &importable, progress)?;
        let mut report = BuildReport::default();
        for (&b, &on_disk) in plan.levels.iter().zip(&plan.on_disk) {
            let boards = self.ix.level_size(b);
            if on_disk {
                report.kept.push(b);
                progress.done(b, boards, None, 0.0);
                continue;
            }
            if let Some(from) = sources
                .iter()
                .find(|d| b <= d.game.total() && d.level(b).is_ok())
            {
                self.import_level(b, from)?;
                report.imported.push(b);
                progress.imported(b, boards, from.dir());
                continue;
            }
            progress.start(b, boards);
            let t0 = Instant::now();
            let lower: Vec<Option<Arc<LevelFile>>> = (0..b)
                .map(|l| {
                    if self.game.has_level(l) {
                        self.level(l).ok()
                    } else {
                        None
                    }
                })
                .collect();
            let tables: Vec<&[u8]> = lower
                .iter()
                .map(|f| f.as_ref().map_or(&[][..], |f| f.data()))
                .collect();
            let levels = &ProgressAdapter(progress);
            let (data, stats): (Box<dyn std::ops::Deref<Target = [u8]>>, _) =
                if self.game.repetition() == RepetitionValue::OwnRow {
                    let spare = memory_limit.map(|m| m.saturating_sub(need(b)));
                    let (d, s) =
                        crate::bounds::solve((&self.game, &self.ix, b), &tables, levels, spare);
                    (Box::new(d), s)
                } else {
                    let (d, s) = solve_level(&self.game, &self.ix, b, &tables, levels);
                    (Box::new(d), s)
                };
            write_level(&self.level_path(b), &self.level_header(b), &data)
                .map_err(|e| self.file_error(b, e))?;
            drop(data);
            self.level(b)?;
            self.remove_checkpoint(b);
            let secs = t0.elapsed().as_secs_f64();
            report.built.push((b, boards, secs));
            report.stats.push((b, stats));
            progress.done(b, boards, Some(&stats), secs);
        }
        Ok(report)
    }

    /// Plans a build of every level up to `max_stones` stones, the same for both builds: which
    /// levels are on disk and sound (kept; an unusable one is reported to `progress` and
    /// rebuilt), refusing, before any work, a level of more than [`MAX_LEVEL`] stones not on
    /// disk and, with a `memory_limit`, a level to build that needs more (`need`: the bytes a
    /// level needs, of each of `ranks` ranks for a distributed build) unless it is
    /// `importable`. Temporaries of a killed build, and checkpoints of levels on disk, go.
    pub(crate) fn plan_build(
        &self,
        max_stones: u32,
        memory_limit: Option<u64>,
        need: &dyn Fn(u32) -> u64,
        ranks: Option<usize>,
        importable: &dyn Fn(u32) -> bool,
        progress: &dyn BuildProgress,
    ) -> Result<BuildPlan, DbError> {
        let levels: Vec<u32> = self.game.levels(max_stones).collect();
        let name = || self.game.rules().name().to_string();
        if let Some(&level) = levels
            .iter()
            .find(|&&b| b > MAX_LEVEL && !self.level_path(b).exists())
        {
            return Err(DbError::TooManyStones {
                name: name(),
                level,
            });
        }
        let mut on_disk = Vec::with_capacity(levels.len());
        for &b in &levels {
            let sound = match self.level(b) {
                Ok(_) => true,
                Err(DbError::Missing { .. }) => false,
                Err(e @ DbError::Corrupt { .. }) => {
                    progress.replacing(b, &e.to_string());
                    false
                }
                Err(e) => return Err(e),
            };
            if let Some(limit) = memory_limit
                && !sound
                && !importable(b)
                && need(b) > limit
            {
                return Err(DbError::TooBig {
                    name: name(),
                    level: b,
                    boards: self.ix.level_size(b),
                    need_mib: need(b).div_ceil(1 << 20),
                    limit_mib: limit >> 20,
                    ranks,
                });
            }
            if sound {
                // Left by a build killed between writing the level and removing it.
                self.remove_checkpoint(b);
            }
            on_disk.push(sound);
        }
        self.remove_stale_temporaries();
        Ok(BuildPlan { levels, on_disk })
    }

    /// A distributed build's checkpoint of level `b`, of no more use once the level is built.
    fn remove_checkpoint(&self, b: u32) {
        let _ = std::fs::remove_file(self.checkpoint_path(b));
    }

    /// Temporary files left by a build that was killed.
    pub(crate) fn remove_stale_temporaries(&self) {
        if let Ok(rd) = std::fs::read_dir(&self.dir) {
            for e in rd.flatten() {
                let name = e.file_name();
                let name = name.to_string_lossy();
                if name.starts_with("level-") && name.contains(".tmp") {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
    }
}

/// The levels a build goes through, lowest first, and which of them it keeps.
pub(crate) struct BuildPlan {
    pub levels: Vec<u32>,
    /// Whether each level of `levels` is on disk and sound: kept, not built.
    pub on_disk: Vec<bool>,
}

impl BuildPlan {
    /// Whether a level after the `n`-th is still to be built (and reads the `n`-th).
    pub fn builds_after(&self, n: usize) -> bool {
        self.on_disk[n + 1..].contains(&false)
    }
}

/// One level file found in a data directory.
#[derive(Clone, Debug)]
pub struct FileInfo {
    pub path: PathBuf,
    pub bytes: u64,
    /// The header, or why it cannot be read.
    pub header: Result<Header, HeaderError>,
}

/// Every level file under `data_dir` (one directory per game), sorted by path.
pub fn list_files(data_dir: &Path) -> std::io::Result<Vec<FileInfo>> {
    let mut out = Vec::new();
    let rd = match std::fs::read_dir(data_dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e),
    };
    for game in rd.flatten() {
        if !game.path().is_dir() {
            continue;
        }
        for f in std::fs::read_dir(game.path())?.flatten() {
            let path = f.path();
            if path.extension().is_none_or(|x| x != "mdb") {
                continue;
            }
            let meta = f.metadata();
            let bytes = meta.as_ref().map(|m| m.len()).unwrap_or(0);
            // Links followed: a level file may live on another disk.
            let kind = std::fs::metadata(&path).ok().map(|m| m.file_type());
            let header = if let Some(t) = kind.filter(|t| !t.is_file()) {
                Err(HeaderError::NotRegular(crate::file::kind_of(t)))
            } else {
                read_head(&path).and_then(|b| crate::file::read_header(&b).map(|(h, _)| h))
            };
            out.push(FileInfo {
                path,
                bytes,
                header,
            });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// Checks a level file found in a data directory against everything its place says about it,
/// as [`Database::level`] would before using it: its name (`level-NNN.mdb`: the level it must
/// hold), its directory (named after a game as [`Database::open`] names them: the game and the
/// rules it must have been built for, and so its number of boards), and its own header, length,
/// data checksum and values ([`LevelFile::verify`]).
pub fn verify_file(path: &Path) -> Result<LevelFile, FileError> {
    let corrupt = |why: String| FileError::Corrupt {
        path: path.to_path_buf(),
        why,
    };
    let level = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_prefix("level-")?.strip_suffix(".mdb"))
        .filter(|n| n.len() >= 3 && n.bytes().all(|c| c.is_ascii_digit()))
        .and_then(|n| n.parse::<u16>().ok())
        .ok_or_else(|| corrupt("is not named level-NNN.mdb, as level files are".into()))?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let dirname = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let data_dir = dir.parent().unwrap_or(Path::new(""));
    // A built-in game, resized or not: everything about the file is known.
    let builtin = mancala_core::builtin_ids().find_map(|id| {
        let spec = if dirname == id {
            id.to_string()
        } else {
            let (p, s) = dirname
                .strip_prefix(id)?
                .strip_prefix('-')?
                .split_once('x')?;
            format!("{id}:pits={p},seeds={s}")
        };
        let rules = mancala_core::rules_for(&spec.parse().ok()?).ok()?;
        Some((spec, rules))
    });
    if let Some((spec, rules)) = builtin {
        let db = Database::open(data_dir, &rules).map_err(|e| {
            corrupt(format!(
                "is in the directory of {spec}, which has no databases: {e}"
            ))
        })?;
        if db.dir() != dir {
            return Err(corrupt(format!(
                "is in {dirname}, where no database is kept: the databases of {spec} live in {}",
                db.dir().file_name().unwrap_or_default().to_string_lossy()
            )));
        }
        if !db.game.has_level(u32::from(level)) {
            return Err(corrupt(format!(
                "is named for level {level}, but no board of {spec} holds {level} stones"
            )));
        }
        return LevelFile::open_verified(path, &db.level_header(u32::from(level)));
    }
    // A game from a rules file: its id and the hash of its rules are in the name.
    let f = LevelFile::verify(path)?;
    let h = &f.header;
    let Some((id, hash)) = dirname
        .rsplit_once('-')
        .filter(|(_, x)| x.len() == 16)
        .and_then(|(id, x)| Some((id, u64::from_str_radix(x, 16).ok()?)))
    else {
        return Err(corrupt(format!(
            "is in {dirname}, a directory that names no game's databases"
        )));
    };
    if h.game != crate::file::header_id(id) {
        return Err(corrupt(format!(
            "is a database of '{}', not '{id}'",
            h.game
        )));
    }
    if h.ruleset_hash != hash {
        return Err(corrupt("was built for other rules of the game".into()));
    }
    if h.level != level {
        return Err(corrupt(format!(
            "holds level {}, expected level {level}",
            h.level
        )));
    }
    Ok(f)
}

fn read_head(path: &Path) -> Result<Vec<u8>, HeaderError> {
    use std::io::Read;
    let unreadable = |e| HeaderError::Unreadable(Arc::new(e));
    let mut f = crate::file::open_regular(path).map_err(unreadable)?;
    let mut buf = vec![0u8; crate::file::HEADER_LEN];
    let n = f.read(&mut buf).map_err(unreadable)?;
    buf.truncate(n);
    Ok(buf)
}
