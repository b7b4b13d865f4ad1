//! Openings books built by the engine itself: the file format, probing with a varied choice,
//! the drop-out expansion that builds a book, and where a game's book is found.
//!
//! A book is a set of positions (its *nodes*), each with the value of every legal move from a
//! search of the node (fixed depth or fixed time). A move whose position is a node of the book
//! takes that node's value instead, negated (negamax, kept the same across an extra turn), so
//! the values are backed up from the book's leaves to its root, the game's start.
//!
//! **Building (drop-out expansion, after Lincke 2001).** A line's cost is its plies plus, at
//! each of its moves, the value the move gives up against the best one there times a weight
//! (plies a seed). The book grows by the move out of book whose line from the start costs
//! least: the best lines are followed deepest, and the alternatives within a seed or two of
//! them are covered as far as they are likely to be played. Each node is scored by a search
//! with a fresh table, so at a fixed depth the same number of nodes gives the same book
//! however often the build was interrupted and resumed.
//!
//! **File format**, version 1 (little-endian): a 64-byte header, then one record a node in
//! the order the nodes were added.
//!
//! | offset | size | field |
//! |-------:|-----:|-------|
//! | 0  | 8  | magic `MNCLBOOK` |
//! | 8  | 4  | format version (1) |
//! | 12 | 16 | game id, ASCII, zero-padded |
//! | 28 | 8  | ruleset hash (FNV-1a 64 of the ruleset's canonical TOML, as the databases') |
//! | 36 | 1  | pits per row |
//! | 37 | 1  | how nodes are scored: 1 fixed depth, 2 fixed time |
//! | 38 | 2  | reserved, zero |
//! | 40 | 4  | the depth in plies, or the time in milliseconds |
//! | 44 | 4  | the weight of a seed given up, in 1/16 ply |
//! | 48 | 4  | nodes |
//! | 52 | 4  | CRC-32 of the data |
//! | 56 | 4  | CRC-32 of bytes 0..56 |
//! | 60 | 4  | reserved, zero |
//!
//! A record: the pits (one byte each, South's row then North's), South's and North's
//! captures (one byte each), the side to move (0 South, 1 North), the number of legal moves
//! (one byte), then each move: its pit in the mover's row (0 = `A`/`a`; 255 = pass) and its
//! value (i16, 1/16 seed for the side to move). Every record is checked on reading: a
//! position of the game, its moves exactly the legal ones.

use crate::alphabeta::AlphaBeta;
use crate::{INF, Score, UNITS_PER_SEED};
use mancala_core::{Move, Position, Rules, Setup, Side};
use rand::Rng;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

pub const MAGIC: &[u8; 8] = b"MNCLBOOK";
pub const VERSION: u32 = 1;
pub const HEADER_LEN: usize = 64;
/// The name of a user's book in the game's folder of the data directory (beside its
/// databases): `~/.local/share/mancala/oware/book.mbook`.
pub const FILE_NAME: &str = "book.mbook";
/// How far below the best a book move may be and still be played, in 1/16 seed: the players
/// pick at random among the moves within it, so games differ.
pub const MARGIN: Score = UNITS_PER_SEED / 4;
/// The default weight of a seed given up, in plies (drop-out expansion).
pub const DEFAULT_WEIGHT: f64 = 2.0;

/// The books shipped with the engine, built by `mancala book build` (docs/search.md).
const SHIPPED: &[(&str, &[u8])] = &[
    ("oware", include_bytes!("../books/oware.mbook")),
    ("mangala-ii", include_bytes!("../books/mangala-ii.mbook")),
];

/// How each node of a book is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeSearch {
    /// Every move searched to this depth in plies (reproducible).
    Depth(u32),
    /// Deeper and deeper while the next depth is expected to end within this many
    /// milliseconds a node.
    TimeMs(u32),
}

impl std::fmt::Display for NodeSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NodeSearch::Depth(d) => write!(f, "depth {d}"),
            NodeSearch::TimeMs(t) => write!(f, "{t} ms a node"),
        }
    }
}

/// How a book is built: kept in its file, so a resumed build goes on the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildSettings {
    pub search: NodeSearch,
    /// The weight of a seed given up, in 1/16 ply.
    pub weight: u32,
}

impl BuildSettings {
    pub fn new(search: NodeSearch, weight_plies: f64) -> BuildSettings {
        BuildSettings {
            search,
            weight: (weight_plies * 16.0).round().clamp(0.0, u32::MAX as f64) as u32,
        }
    }

    pub fn weight_plies(&self) -> f64 {
        self.weight as f64 / 16.0
    }
}

/// Why a book file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    #[error("{path}: {why}")]
    Corrupt { path: String, why: String },
    #[error("{path}: a book of '{found}', not of '{expected}'")]
    OtherGame {
        path: String,
        found: String,
        expected: String,
    },
    #[error("{path}: a book built for other rules of {game}")]
    OtherRules { path: String, game: String },
    #[error(
        "{path}: built with {found} and a weight of {found_weight} plies a seed; resume it with the same settings (or build another --out)"
    )]
    OtherSettings {
        path: String,
        found: NodeSearch,
        found_weight: f64,
    },
    /// (The error is part of the message, not a source: printed with its causes, it would
    /// come twice.)
    #[error("{path}: {error}")]
    Io { path: String, error: std::io::Error },
}

/// The rules a book is for: what its header says of them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Identity {
    game: String,
    ruleset_hash: u64,
    pits: u8,
}

impl Identity {
    fn of(rules: &Rules) -> Identity {
        Identity {
            game: mancala_solver::file::header_id(rules.id()),
            ruleset_hash: mancala_solver::file::fnv1a(&mancala_core::rules_to_toml(
                rules.ruleset(),
            )),
            pits: rules.pits_per_row() as u8,
        }
    }
}

/// One node: the value of each legal move from the node's own search.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    moves: Vec<(Move, Score)>,
}

/// An openings book of one game.
#[derive(Clone, Debug)]
pub struct Book {
    rules: Rules,
    settings: BuildSettings,
    /// The nodes in the order they were added (the file's order), and where each is.
    order: Vec<Position>,
    nodes: HashMap<Position, Node>,
    /// Backed-up values of the nodes, for the side to move.
    values: HashMap<Position, Score>,
}

/// A move of the book at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    /// Its value for the side to move, in 1/16 seed (backed up where the move leads into the
    /// book).
    pub value: Score,
    /// Whether the position after it is a node of the book.
    pub in_book: bool,
}

impl Book {
    /// An empty book of `rules`.
    pub fn new(rules: &Rules, settings: BuildSettings) -> Book {
        Book {
            rules: rules.clone(),
            settings,
            order: Vec::new(),
            nodes: HashMap::new(),
            values: HashMap::new(),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn settings(&self) -> BuildSettings {
        self.settings
    }

    /// Nodes (positions with every move's value).
    pub fn len(&self) -> usize {
        self.order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    pub fn contains(&self, pos: &Position) -> bool {
        self.nodes.contains_key(pos)
    }

    /// The backed-up value of a node for its side to move, in 1/16 seed.
    pub fn value(&self, pos: &Position) -> Option<Score> {
        self.values.get(pos).copied()
    }

    /// The moves at `pos` with their values, best first (ties in move order); `None` when
    /// `pos` is not a node of the book.
    pub fn moves(&self, pos: &Position) -> Option<Vec<BookMove>> {
        let node = self.nodes.get(pos)?;
        let mut out: Vec<BookMove> = node
            .moves
            .iter()
            .map(|&(mv, own)| {
                let child = self.child(pos, mv);
                match self.values.get(&child) {
                    Some(&v) => BookMove {
                        mv,
                        value: if child.side() == pos.side() { v } else { -v },
                        in_book: true,
                    },
                    None => BookMove {
                        mv,
                        value: own,
                        in_book: false,
                    },
                }
            })
            .collect();
        out.sort_by_key(|m| Reverse(m.value));
        Some(out)
    }

    /// The move to play at `pos` after the positions `history` of the game (oldest first),
    /// chosen with `rng` among the moves within `margin` of the best; `None` out of book.
    /// The book answers at a node where one of those moves leads into the book (at its
    /// leaves, where every value is the node's own search, the player's search is as good);
    /// a move to a position the game has had is left out (a repetition, which the book's
    /// values do not see).
    pub fn choose<R: Rng>(
        &self,
        pos: &Position,
        history: &[Position],
        margin: Score,
        rng: &mut R,
    ) -> Option<BookMove> {
        let moves: Vec<BookMove> = self
            .moves(pos)?
            .into_iter()
            .filter(|m| !history.contains(&self.child(pos, m.mv)))
            .collect();
        let best = moves.first()?.value;
        let near: Vec<BookMove> = moves
            .into_iter()
            .take_while(|m| m.value >= best - margin.max(0))
            .collect();
        if !near.iter().any(|m| m.in_book) {
            return None;
        }
        Some(near[rng.gen_range(0..near.len())])
    }

    fn child(&self, pos: &Position, mv: Move) -> Position {
        let mut c = *pos;
        self.rules.play_unchecked(&mut c, mv);
        c
    }

    /// Adds a node, every legal move of `pos` with its value from the node's own search, and
    /// backs the values up again (the builder's step; also for books made by hand).
    pub fn insert(&mut self, pos: Position, moves: Vec<(Move, Score)>) {
        if self.nodes.insert(pos, Node { moves }).is_none() {
            self.order.push(pos);
        }
        self.back_up();
    }

    /// Every node's value by negamax over the book, from the start (and from any node the
    /// start does not reach). A move back to a node on the line being valued (a cycle) counts
    /// with the node's own search value.
    fn back_up(&mut self) {
        let mut values = HashMap::with_capacity(self.nodes.len());
        let mut on_line = Vec::new();
        for pos in self.order.clone() {
            self.value_of(pos, &mut values, &mut on_line);
        }
        self.values = values;
    }

    fn value_of(
        &self,
        pos: Position,
        values: &mut HashMap<Position, Score>,
        on_line: &mut Vec<Position>,
    ) -> Score {
        if let Some(&v) = values.get(&pos) {
            return v;
        }
        on_line.push(pos);
        let mut best = -INF;
        for &(mv, own) in &self.nodes[&pos].moves {
            let child = self.child(&pos, mv);
            let v = if self.nodes.contains_key(&child) && !on_line.contains(&child) {
                let v = self.value_of(child, values, on_line);
                if child.side() == pos.side() { v } else { -v }
            } else {
                own
            };
            best = best.max(v);
        }
        on_line.pop();
        values.insert(pos, best);
        best
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut data = Vec::new();
        for pos in &self.order {
            data.extend_from_slice(pos.pits());
            data.push(pos.score(Side::South));
            data.push(pos.score(Side::North));
            data.push(pos.side().index() as u8);
            let moves = &self.nodes[pos].moves;
            data.push(moves.len() as u8);
            for &(mv, v) in moves {
                data.push(match mv {
                    Move::Sow { pit, .. } => pit,
                    Move::Pass => 255,
                });
                data.extend_from_slice(
                    &(v.clamp(i16::MIN as Score, i16::MAX as Score) as i16).to_le_bytes(),
                );
            }
        }
        let id = Identity::of(&self.rules);
        let mut out = vec![0u8; HEADER_LEN];
        out[0..8].copy_from_slice(MAGIC);
        out[8..12].copy_from_slice(&VERSION.to_le_bytes());
        let n = id.game.len().min(16);
        out[12..12 + n].copy_from_slice(&id.game.as_bytes()[..n]);
        out[28..36].copy_from_slice(&id.ruleset_hash.to_le_bytes());
        out[36] = id.pits;
        let (kind, param) = match self.settings.search {
            NodeSearch::Depth(d) => (1, d),
            NodeSearch::TimeMs(t) => (2, t),
        };
        out[37] = kind;
        out[40..44].copy_from_slice(&param.to_le_bytes());
        out[44..48].copy_from_slice(&self.settings.weight.to_le_bytes());
        out[48..52].copy_from_slice(&(self.order.len() as u32).to_le_bytes());
        out[52..56].copy_from_slice(&crc(&data).to_le_bytes());
        let hc = crc(&out[0..56]);
        out[56..60].copy_from_slice(&hc.to_le_bytes());
        out.extend_from_slice(&data);
        out
    }

    /// A book from a file's bytes, checked whole and against `rules`; `path` names the file
    /// in errors.
    pub fn from_bytes(bytes: &[u8], rules: &Rules, path: &str) -> Result<Book, BookError> {
        let corrupt = |why: String| BookError::Corrupt {
            path: path.to_string(),
            why,
        };
        if bytes.len() < HEADER_LEN {
            return Err(corrupt(format!(
                "is {} bytes long, shorter than a book's header (truncated?)",
                bytes.len()
            )));
        }
        if &bytes[0..8] != MAGIC {
            return Err(corrupt("is not a mancala openings book (bad magic)".into()));
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        if word(8) != VERSION {
            return Err(corrupt(format!(
                "has book format version {}; this build reads version {VERSION}",
                word(8)
            )));
        }
        if crc(&bytes[0..56]) != word(56) {
            return Err(corrupt(
                "header checksum mismatch (the file is damaged)".into(),
            ));
        }
        let id_end = bytes[12..28].iter().position(|&c| c == 0).unwrap_or(16);
        let found = Identity {
            game: String::from_utf8_lossy(&bytes[12..12 + id_end]).into_owned(),
            ruleset_hash: u64::from_le_bytes(bytes[28..36].try_into().unwrap()),
            pits: bytes[36],
        };
        let expected = Identity::of(rules);
        if found.game != expected.game {
            return Err(BookError::OtherGame {
                path: path.to_string(),
                found: found.game,
                expected: expected.game,
            });
        }
        if found != expected {
            return Err(BookError::OtherRules {
                path: path.to_string(),
                game: rules.name().to_string(),
            });
        }
        let search = match bytes[37] {
            1 => NodeSearch::Depth(word(40)),
            2 => NodeSearch::TimeMs(word(40)),
            k => return Err(corrupt(format!("has an unknown node search kind {k}"))),
        };
        let settings = BuildSettings {
            search,
            weight: word(44),
        };
        let count = word(48) as usize;
        let data = &bytes[HEADER_LEN..];
        if crc(data) != word(52) {
            return Err(corrupt(format!(
                "data checksum mismatch: the file is damaged or truncated ({} data bytes)",
                data.len()
            )));
        }
        let mut book = Book::new(rules, settings);
        let n = rules.pits_per_row();
        let mut at = 0;
        for i in 0..count {
            let bad = |why: &str| corrupt(format!("node {i} of {count}: {why}"));
            let fixed = 2 * n + 4;
            let head = data
                .get(at..at + fixed)
                .ok_or_else(|| bad("the file ends inside it (truncated)"))?;
            let side = match head[2 * n + 2] {
                0 => Side::South,
                1 => Side::North,
                _ => return Err(bad("the side to move is neither 0 nor 1")),
            };
            let setup = Setup {
                pits: head[..2 * n].to_vec(),
                scores: mancala_core::BySide::new(head[2 * n], head[2 * n + 1]),
                side,
            };
            let pos = rules
                .position(&setup)
                .map_err(|e| bad(&format!("not a position of the game: {e}")))?;
            let k = head[2 * n + 3] as usize;
            at += fixed;
            let body = data
                .get(at..at + 3 * k)
                .ok_or_else(|| bad("the file ends inside it (truncated)"))?;
            at += 3 * k;
            let legal = rules.legal_moves(&pos).to_vec();
            let mut moves = Vec::with_capacity(k);
            for r in body.chunks_exact(3) {
                let mv = match r[0] {
                    255 => Move::Pass,
                    p => Move::Sow { side, pit: p },
                };
                moves.push((mv, i16::from_le_bytes([r[1], r[2]]) as Score));
            }
            if moves.iter().map(|m| m.0).collect::<Vec<_>>() != legal {
                return Err(bad(&format!("its moves are not the legal moves of {pos}")));
            }
            if book.nodes.contains_key(&pos) {
                return Err(bad(&format!("{pos} is there twice")));
            }
            book.nodes.insert(pos, Node { moves });
            book.order.push(pos);
        }
        if at != data.len() {
            return Err(corrupt(format!(
                "{} bytes after the last of its {count} nodes",
                data.len() - at
            )));
        }
        book.back_up();
        Ok(book)
    }

    /// Reads and checks the book at `path` (a regular file).
    pub fn read(path: &Path, rules: &Rules) -> Result<Book, BookError> {
        use std::io::Read;
        let name = path.display().to_string();
        let io = |source| BookError::Io {
            path: name.clone(),
            error: source,
        };
        let mut bytes = Vec::new();
        mancala_solver::file::open_regular(path)
            .and_then(|f| f.take(MAX_FILE + 1).read_to_end(&mut bytes))
            .map_err(io)?;
        if bytes.len() as u64 > MAX_FILE {
            return Err(BookError::Corrupt {
                path: name,
                why: format!("is larger than {} MiB, more than any book", MAX_FILE >> 20),
            });
        }
        Book::from_bytes(&bytes, rules, &name)
    }

    /// Writes the book to `path` atomically (a temporary file beside it, synced, renamed).
    pub fn write(&self, path: &Path) -> Result<(), BookError> {
        mancala_solver::file::write_atomically(path, &self.to_bytes()).map_err(|source| {
            BookError::Io {
                path: path.display().to_string(),
                error: source,
            }
        })
    }

    /// The book shipped with the engine for `rules`, if any (only for exactly the built-in
    /// rules it was built for).
    pub fn shipped(rules: &Rules) -> Option<Book> {
        let (_, bytes) = SHIPPED.iter().find(|(id, _)| *id == rules.id())?;
        Book::from_bytes(bytes, rules, "the shipped book").ok()
    }
}

/// The largest book file read: far above any book built here.
const MAX_FILE: u64 = 256 << 20;

fn crc(bytes: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(bytes);
    h.finalize()
}

/// Where a user's book of `rules` is: `book.mbook` in the game's folder of `data_dir`,
/// beside its databases (`None` for rules the databases cannot name).
pub fn user_path(data_dir: &Path, rules: &Rules) -> Option<PathBuf> {
    let db = mancala_solver::Database::open(data_dir, rules).ok()?;
    Some(db.dir().join(FILE_NAME))
}

/// Where a game's book came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file: the user's in the data directory, or one given by name.
    File(PathBuf),
    /// The book shipped with the engine.
    Shipped,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::File(p) => write!(f, "{}", p.display()),
            Source::Shipped => f.write_str("the book shipped with the engine"),
        }
    }
}

/// What a book file was when read: its length and time of change (a rebuilt book is read
/// again).
type Seen = Option<(u64, SystemTime)>;

/// The books opened so far, by where they came from, what the file was, and the ruleset hash
/// (`None`: no book there).
type Opened = Vec<(Source, Seen, u64, Option<Arc<Book>>)>;
static OPENED: Mutex<Opened> = Mutex::new(Vec::new());
const KEPT: usize = 16;

/// The book a player of `rules` uses: the user's in `data_dir` when there is a sound one,
/// else the shipped one; `None` when there is neither (`data_dir` `None`: the shipped one
/// only). Shared between callers while the file is unchanged. A user's book that cannot be
/// used (damaged, other rules) is passed over for the shipped one; [`find`] says why.
pub fn for_rules(data_dir: Option<&Path>, rules: &Rules) -> Option<Arc<Book>> {
    find(data_dir, rules)
        .ok()
        .flatten()
        .map(|(b, _)| b)
        .or_else(|| shipped(rules))
}

/// The book [`for_rules`] gives, with where it came from, or the error of a user's book that
/// is there but cannot be used.
pub fn find(
    data_dir: Option<&Path>,
    rules: &Rules,
) -> Result<Option<(Arc<Book>, Source)>, BookError> {
    if let Some(path) = data_dir
        .and_then(|d| user_path(d, rules))
        .filter(|p| p.exists())
    {
        return open(&path, rules).map(|b| Some((b, Source::File(path))));
    }
    Ok(shipped(rules).map(|b| (b, Source::Shipped)))
}

/// The book shipped for `rules`, read once.
fn shipped(rules: &Rules) -> Option<Arc<Book>> {
    cached(Source::Shipped, None, rules, || Ok(Book::shipped(rules))).unwrap_or(None)
}

/// The book in the file at `path`, checked against `rules`, shared while the file is
/// unchanged.
pub fn open(path: &Path, rules: &Rules) -> Result<Arc<Book>, BookError> {
    let seen = std::fs::metadata(path)
        .ok()
        .and_then(|m| Some((m.len(), m.modified().ok()?)));
    if seen.is_none() {
        return Book::read(path, rules).map(Arc::new);
    }
    let read = || Book::read(path, rules).map(Some);
    let book = cached(Source::File(path.to_path_buf()), seen, rules, read)?;
    Ok(book.expect("a book read from a file is cached as one"))
}

fn cached(
    source: Source,
    seen: Seen,
    rules: &Rules,
    load: impl FnOnce() -> Result<Option<Book>, BookError>,
) -> Result<Option<Arc<Book>>, BookError> {
    let hash = Identity::of(rules).ruleset_hash;
    let mut opened = OPENED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((.., b)) = opened
        .iter()
        .find(|(s, t, h, _)| *s == source && *t == seen && *h == hash)
    {
        return Ok(b.clone());
    }
    let book = load()?.map(Arc::new);
    opened.retain(|(s, _, h, _)| !(*s == source && *h == hash));
    if opened.len() >= KEPT {
        opened.remove(0);
    }
    opened.push((source, seen, hash, book.clone()));
    Ok(book)
}

/// Builds a book by drop-out expansion, a node at a time; [`Builder::book`] is the book so
/// far, to be written whenever the caller likes (a build resumes from any of them).
pub struct Builder {
    book: Book,
    engine: AlphaBeta,
}

impl Builder {
    /// A build of `rules` with `settings`, going on from `book` when given (which must have
    /// been built with the same settings).
    pub fn new(
        rules: &Rules,
        settings: BuildSettings,
        book: Option<Book>,
        path: &str,
    ) -> Result<Builder, BookError> {
        let book = match book {
            Some(b) if b.settings != settings => {
                return Err(BookError::OtherSettings {
                    path: path.to_string(),
                    found: b.settings.search,
                    found_weight: b.settings.weight_plies(),
                });
            }
            Some(b) => b,
            None => Book::new(rules, settings),
        };
        Ok(Builder {
            book,
            engine: AlphaBeta::with_table_mib(rules.clone(), 16),
        })
    }

    pub fn book(&self) -> &Book {
        &self.book
    }

    pub fn into_book(self) -> Book {
        self.book
    }

    /// Adds the next node: the start position first, then the position out of book whose
    /// line costs least. `None` when no position is left to add (every line ends the game).
    pub fn step(&mut self) -> Option<Position> {
        let pos = self.next()?;
        let moves = self.score(&pos);
        self.book.insert(pos, moves);
        Some(pos)
    }

    /// The position to add next (drop-out expansion), ties broken by the order the nodes were
    /// added and the move order, so the build is reproducible.
    pub fn next(&self) -> Option<Position> {
        let book = &self.book;
        let start = book.rules.start();
        if !book.contains(&start) {
            return (!book.rules.legal_moves(&start).is_empty()).then_some(start);
        }
        let index: HashMap<Position, usize> = book
            .order
            .iter()
            .enumerate()
            .map(|(i, p)| (*p, i))
            .collect();
        let weight = book.settings.weight as u64;
        // Cheapest line to every node (Dijkstra), costs in 1/256 ply.
        let mut cost: HashMap<Position, u64> = HashMap::new();
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((0u64, index[&start])));
        let mut best: Option<(u64, usize, usize, Position)> = None;
        while let Some(Reverse((c, i))) = heap.pop() {
            let pos = book.order[i];
            if cost.contains_key(&pos) {
                continue;
            }
            cost.insert(pos, c);
            let v = book.values[&pos];
            for (j, m) in book.moves(&pos).into_iter().flatten().enumerate() {
                let edge = 256 + weight * (v - m.value).max(0) as u64;
                let child = book.child(&pos, m.mv);
                let total = c + edge;
                if let Some(&k) = index.get(&child) {
                    if !cost.contains_key(&child) {
                        heap.push(Reverse((total, k)));
                    }
                } else if book.rules.end_reason(&child).is_none() {
                    let key = (total, i, j, child);
                    if best.is_none_or(|b| (key.0, key.1, key.2) < (b.0, b.1, b.2)) {
                        best = Some(key);
                    }
                }
            }
        }
        best.map(|b| b.3)
    }

    /// Every legal move's value at `pos` from a search with a fresh table.
    fn score(&mut self, pos: &Position) -> Vec<(Move, Score)> {
        self.engine.clear();
        match self.book.settings.search {
            NodeSearch::Depth(d) => self.engine.root_scores(pos, &[], d),
            NodeSearch::TimeMs(t) => {
                let budget = Duration::from_millis(t as u64);
                let start = Instant::now();
                let mut d = 1;
                loop {
                    let began = Instant::now();
                    let scores = self.engine.root_scores(pos, &[], d);
                    let took = began.elapsed();
                    // The next depth takes a few times as long.
                    if start.elapsed() + took * 3 > budget || d >= 60 {
                        return scores;
                    }
                    d += 1;
                }
            }
        }
    }
}
