//! The Universal Game Interface (UGI: UCI generalised to any board game) and the UCI dialect of
//! the oware GUI Aualé, as a library: [`run`] reads command lines from any reader and writes the
//! answers to any writer, with the engine ([`AlphaBeta`]) thinking on a thread of its own. The
//! `mancala ugi` command only wires standard input and output to it. The protocol is documented
//! in docs/ugi.md.
//!
//! Every line gets an answer or nothing, never a crash: a line that cannot be understood or
//! obeyed is answered with `info string error: ...` and the engine keeps its state. `quit` and
//! the end of input stop any search at once (its `bestmove` still comes, from the last depth
//! completed), so an engine whose GUI went away never goes on burning a core.

use crate::alphabeta::MAX_THREADS;
use crate::book::{self, Book};
use crate::{AlphaBeta, Limits, SearchResult};
use mancala_core::{Game, GameSpec, Move, Rules, RulesSource, Side, builtin_ids, load_rules};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Time per move when `go` gives no limit (Aualé's engines use 2 s; match runners always give one).
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);
/// Largest transposition table, in MiB (the `Hash` option's maximum).
pub const MAX_HASH_MIB: usize = 4096;

/// Runs a session: the commands of `input`, a line at a time, answered on `output`, until
/// `quit` or the end of input. `hash_mib` is the table size (1 to [`MAX_HASH_MIB`]). Lines
/// that are not UTF-8 are answered like any other bad line. `Err` only when `output` fails
/// or `input` cannot be read. With `data_dir`, the engine plays perfectly wherever the
/// perfect-play databases there cover a position (for whatever game the session is set to).
pub fn run<R, W>(
    rules: Rules,
    hash_mib: usize,
    data_dir: Option<std::path::PathBuf>,
    input: R,
    output: W,
) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write + Send + 'static,
{
    let options = Options {
        hash_mib,
        data_dir,
        ..Options::default()
    };
    run_with(rules, options, input, output)
}

/// The most characters of an error answered (what a command repeats of a huge line is cut).
const MAX_ERROR: usize = 400;

/// How a session starts.
#[derive(Clone, Debug)]
pub struct Options {
    /// The table size, 1 to [`MAX_HASH_MIB`] MiB.
    pub hash_mib: usize,
    /// Where the perfect-play databases and the user's openings books are looked for
    /// (`None`: no databases, the shipped books only).
    pub data_dir: Option<std::path::PathBuf>,
    /// Whether the openings book is played from (the `Book` option).
    pub book: bool,
    /// An openings book file to play from instead of the data directory's or the shipped
    /// one, for the games whose rules it was built for.
    pub book_file: Option<std::path::PathBuf>,
    /// The seed of the choice among equally good book moves.
    pub seed: u64,
    /// The ids of games that are solitaires, which `setoption name Game` refuses as such
    /// rather than as unknown (the solitaires are not this crate's).
    pub solitaires: &'static [&'static str],
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mib: 16,
            data_dir: None,
            book: true,
            book_file: None,
            seed: 0,
            solitaires: &[],
        }
    }
}

/// [`run`] with all its options.
pub fn run_with<R, W>(rules: Rules, options: Options, input: R, output: W) -> io::Result<()>
where
    R: Read + Send + 'static,
    W: Write + Send + 'static,
{
    let out: Output = Arc::new(Mutex::new(Box::new(output)));
    let (tx, events) = channel();
    read_lines(input, tx.clone());
    let engine =
        Engine::new(rules, options).map_err(|e| io::Error::new(io::ErrorKind::OutOfMemory, e))?;
    let mut session = Session {
        engine,
        out,
        events,
        tx,
        running: None,
        searches: 0,
        waiting: VecDeque::new(),
    };
    session.run()
}

/// Where answers go; the search thread writes there too, a whole answer at a time.
type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// What the loop waits for: a line of input, its end, or a search that has answered.
enum Event {
    Line(io::Result<String>),
    End,
    /// The search of this number has printed its answer.
    Answered(u64),
}

/// Which dialect the GUI speaks, fixed by its first `ugi` or `uci`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dialect {
    Ugi,
    Uci,
}

/// The engine's state between commands.
struct Engine {
    dialect: Dialect,
    rules: Rules,
    game: Game,
    search: AlphaBeta,
    hash: usize,
    threads: usize,
    /// Where the perfect-play databases are looked for.
    data_dir: Option<std::path::PathBuf>,
    /// Whether the book is played from, the book file given, and the game's book.
    book_on: bool,
    book_file: Option<std::path::PathBuf>,
    book: Option<Arc<Book>>,
    rng: SmallRng,
    /// The ids of the solitaires ([`Options::solitaires`]).
    solitaires: &'static [&'static str],
    /// What is said of the game's damaged database levels, searched instead: at `isready`,
    /// so that a GUI shows it.
    damaged: Option<String>,
}

/// What is said of the damaged levels of `rules`' databases in `data_dir`, if any.
fn damaged_note(rules: &Rules, data_dir: Option<&std::path::Path>) -> Option<String> {
    #[cfg(feature = "databases")]
    {
        let o = crate::oracle::DbOracle::open_in(Some(data_dir?), rules)?;
        crate::oracle::damaged_note(&o)
    }
    #[cfg(not(feature = "databases"))]
    {
        let _ = (rules, data_dir);
        None
    }
}

/// The lines answering a command, or what is wrong with it.
type Reply = Result<Vec<String>, String>;

/// What a command asks of the loop.
enum Action {
    /// Print these lines.
    Reply(Vec<String>),
    /// Start a search with these limits (`infinite`: until `stop`).
    Go {
        limits: Limits,
        infinite: bool,
    },
    Quit,
}

/// A search running on its own thread; the thread prints its answer and gives the engine back.
struct Running {
    id: u64,
    thread: JoinHandle<AlphaBeta>,
    stop: Arc<AtomicBool>,
    infinite: bool,
}

/// The loop: the engine, the search in progress and the commands waiting for its answer.
struct Session {
    engine: Engine,
    out: Output,
    events: Receiver<Event>,
    /// Given to each search thread, to say it has answered.
    tx: Sender<Event>,
    running: Option<Running>,
    /// Searches started so far (each search's number, so a late `Answered` is recognised).
    searches: u64,
    /// Commands that came while a bounded search ran, carried out in order once it answers.
    waiting: VecDeque<String>,
}

impl Session {
    fn run(&mut self) -> io::Result<()> {
        loop {
            if self.running.is_some() {
                if !self.while_thinking()? {
                    return Ok(());
                }
                continue;
            }
            let line = match self.waiting.pop_front() {
                Some(line) => line,
                None => match self.events.recv() {
                    Ok(Event::Line(line)) => line?,
                    // An answer already taken in by `finish`.
                    Ok(Event::Answered(_)) => continue,
                    Ok(Event::End) | Err(_) => return Ok(()),
                },
            };
            match self.engine.handle(&line) {
                Ok(Action::Quit) => return Ok(()),
                Ok(Action::Reply(lines)) => self.say(&lines)?,
                Ok(Action::Go { limits, infinite }) => self.start(limits, infinite)?,
                Err(e) => self.say(&[format!(
                    "info string error: {}",
                    mancala_core::text::excerpt(&e, MAX_ERROR).replace(['\n', '\r'], " ")
                )])?,
            }
        }
    }

    /// One event while the engine thinks; `false` when the session is over. `stop` ends the
    /// search (its answer comes first); `quit` and the end of input stop it and end the
    /// session, dropping the commands still waiting; `isready` is answered at once unless
    /// earlier commands wait; any other command waits for the answer of a bounded search, and
    /// stops an infinite one, which would otherwise never answer.
    fn while_thinking(&mut self) -> io::Result<bool> {
        let event = self
            .events
            .recv()
            .map_err(|_| io::Error::other("lost input"))?;
        let line = match event {
            Event::Answered(id) => {
                if self.running.as_ref().is_some_and(|r| r.id == id) {
                    self.finish(false)?;
                }
                return Ok(true);
            }
            Event::End => {
                self.finish(true)?;
                return Ok(false);
            }
            Event::Line(line) => line?,
        };
        let infinite = self.running.as_ref().is_some_and(|r| r.infinite);
        let quiet = self.waiting.is_empty();
        match line.split_whitespace().next().unwrap_or("") {
            "stop" => self.finish(true)?,
            "quit" => {
                self.finish(true)?;
                return Ok(false);
            }
            "isready" if quiet => self.say(&["readyok".to_string()])?,
            "" | "ponderhit" | "debug" if quiet => {}
            _ if infinite => {
                self.finish(true)?;
                self.waiting.push_back(line);
            }
            _ => self.waiting.push_back(line),
        }
        Ok(true)
    }

    /// Starts `limits`' search of the current position on its own thread, which prints the
    /// answer; when the game is over, answers at once.
    fn start(&mut self, limits: Limits, infinite: bool) -> io::Result<()> {
        let engine = &mut self.engine;
        if engine.game.is_over() {
            return self.say(&[
                "info string the game is over".into(),
                "bestmove 0000".into(),
            ]);
        }
        if !infinite && let Some(lines) = engine.book_answer() {
            return self.say(&lines);
        }
        let placeholder = AlphaBeta::with_table_mib(engine.rules.clone(), 1);
        let mut search = std::mem::replace(&mut engine.search, placeholder);
        let stop = search.stop_handle();
        stop.store(false, Ordering::Relaxed);
        let game = engine.game.clone();
        let dialect = engine.dialect;
        let out = self.out.clone();
        let tx = self.tx.clone();
        self.searches += 1;
        let id = self.searches;
        let thread = std::thread::spawn(move || {
            let lines = match search.search_game(&game, &limits) {
                Some(r) => answer(dialect, &r),
                None => vec!["bestmove 0000".into()],
            };
            // Said before the answer is out, so that whatever a GUI sends once it has read
            // the answer comes after it, to an engine that is no longer thinking.
            let _ = tx.send(Event::Answered(id));
            // A closed output ends the session anyway; nothing to report to.
            let _ = write_lines(&out, &lines);
            search
        });
        self.running = Some(Running {
            id,
            thread,
            stop,
            infinite,
        });
        Ok(())
    }

    /// Waits for the running search, stopping it first if `stop`, and takes the engine back.
    fn finish(&mut self, stop: bool) -> io::Result<()> {
        let Some(running) = self.running.take() else {
            return Ok(());
        };
        if stop {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.engine.search = running
            .thread
            .join()
            .map_err(|_| io::Error::other("the search thread failed"))?;
        Ok(())
    }

    fn say(&self, lines: &[String]) -> io::Result<()> {
        write_lines(&self.out, lines)
    }
}

/// Writes `lines` at once (a search thread may write too).
fn write_lines(out: &Output, lines: &[String]) -> io::Result<()> {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    for l in lines {
        writeln!(out, "{l}")?;
    }
    out.flush()
}

/// `input`, a line at a time, from a thread of its own so that the loop can watch the search
/// and the input together; then [`Event::End`]. Bytes that are not UTF-8 make an unknown
/// command, answered like any other bad line.
fn read_lines<R: Read + Send + 'static>(input: R, tx: Sender<Event>) {
    std::thread::spawn(move || {
        let mut input = BufReader::new(input);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let line = match input.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => Ok(String::from_utf8_lossy(&buf).into_owned()),
                Err(e) => Err(e),
            };
            let failed = line.is_err();
            if tx.send(Event::Line(line)).is_err() || failed {
                return;
            }
        }
        let _ = tx.send(Event::End);
    });
}

/// A search of `hash` MiB for `rules`, with the databases in `data_dir` where built.
/// Fails only when there is no memory for the table.
fn fresh_search(
    rules: &Rules,
    hash: usize,
    data_dir: Option<&std::path::Path>,
) -> Result<AlphaBeta, crate::tt::AllocError> {
    let mut search = AlphaBeta::try_with_table_mib(rules.clone(), hash)?;
    #[cfg(feature = "databases")]
    search.set_oracle(data_dir.and_then(|d| crate::oracle::db_oracle(Some(d), rules)));
    #[cfg(not(feature = "databases"))]
    let _ = data_dir;
    Ok(search)
}

impl Engine {
    fn new(rules: Rules, options: Options) -> Result<Engine, crate::tt::AllocError> {
        let hash = options.hash_mib.clamp(1, MAX_HASH_MIB);
        let data_dir = options.data_dir;
        let game = Game::new(rules.clone());
        let search = fresh_search(&rules, hash, data_dir.as_deref())?;
        let damaged = damaged_note(&rules, data_dir.as_deref());
        let mut engine = Engine {
            dialect: Dialect::Ugi,
            rules,
            game,
            search,
            hash,
            threads: 1,
            data_dir,
            book_on: options.book,
            book_file: options.book_file,
            book: None,
            rng: SmallRng::seed_from_u64(options.seed),
            solitaires: options.solitaires,
            damaged,
        };
        engine.book = engine.find_book();
        Ok(engine)
    }

    /// The book of the session's rules: the file given when it was built for them, else the
    /// data directory's or the shipped one.
    fn find_book(&self) -> Option<Arc<Book>> {
        match &self.book_file {
            Some(f) => book::open(f, &self.rules).ok(),
            None => book::for_rules(self.data_dir.as_deref(), &self.rules),
        }
    }

    /// The answer from the book at the current position, when it is on and has a move there.
    fn book_answer(&mut self) -> Option<Vec<String>> {
        let book = self.book.as_ref().filter(|_| self.book_on)?;
        let pos = self.game.position();
        let m = book.choose(&pos, &self.game.history(), book::MARGIN, &mut self.rng)?;
        Some(vec![
            format!(
                "info depth 0 score cp {} nodes 0 time 0 pv {}",
                crate::to_seeds(m.value) * 100,
                m.mv
            ),
            "info string book move".to_string(),
            format!("bestmove {}", m.mv),
        ])
    }

    /// A new game of `rules`, with a new table of the same size (the old one freed first).
    fn set_rules(&mut self, rules: Rules) -> Result<(), String> {
        self.search = AlphaBeta::with_table_mib(self.rules.clone(), 1);
        self.search =
            fresh_search(&rules, self.hash, self.data_dir.as_deref()).map_err(|e| e.to_string())?;
        self.game = Game::new(rules.clone());
        self.damaged = damaged_note(&rules, self.data_dir.as_deref());
        self.rules = rules;
        self.book = self.find_book();
        Ok(())
    }

    /// Handles one line (never while a search runs).
    fn handle(&mut self, line: &str) -> Result<Action, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Ok(Action::Reply(Vec::new()));
        };
        let out = match cmd {
            "ugi" => {
                self.dialect = Dialect::Ugi;
                self.identify("ugiok")
            }
            "uci" => {
                self.dialect = Dialect::Uci;
                self.identify("uciok")
            }
            "isready" => Ok(self
                .damaged
                .iter()
                .map(|n| format!("info string warning: {n}"))
                .chain(["readyok".to_string()])
                .collect()),
            "uginewgame" | "ucinewgame" => {
                self.search.clear();
                self.game = Game::new(self.rules.clone());
                Ok(Vec::new())
            }
            "position" => self.position(args),
            "go" => return self.go(args),
            "query" => self.query(args),
            "setoption" => self.setoption(args),
            // With no search running there is nothing to stop.
            "stop" | "ponderhit" | "debug" => Ok(Vec::new()),
            "quit" => return Ok(Action::Quit),
            _ => Err(format!("unknown command '{cmd}'")),
        }?;
        Ok(Action::Reply(out))
    }

    fn identify(&self, ok: &str) -> Reply {
        let games: Vec<&str> = builtin_ids().collect();
        let mut default = self.rules.id().to_string();
        if !games.contains(&default.as_str()) {
            default = games[0].to_string();
        }
        Ok(vec![
            format!(
                "id name mancala {} ({})",
                env!("CARGO_PKG_VERSION"),
                self.rules.name()
            ),
            "id author the mancala authors".to_string(),
            format!(
                "option name Game type combo default {default} {}",
                games
                    .iter()
                    .map(|g| format!("var {g}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MIB}",
                self.hash
            ),
            format!(
                "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                self.threads
            ),
            format!("option name Book type check default {}", self.book_on),
            ok.to_string(),
        ])
    }

    /// `position startpos|fen <pos> [moves m1 m2 ...]`: all or nothing.
    fn position(&mut self, args: &[&str]) -> Reply {
        let (start, rest) = match args.split_first() {
            Some((&"startpos", rest)) => (self.rules.start(), rest),
            Some((&"fen", rest)) => {
                let Some((&fen, rest)) = rest.split_first() else {
                    return Err("position fen: the position is missing".into());
                };
                (
                    self.rules.parse_position(fen).map_err(|e| e.to_string())?,
                    rest,
                )
            }
            Some((other, _)) => {
                return Err(format!("position: expected startpos or fen, not '{other}'"));
            }
            None => return Err("position: expected startpos or fen".into()),
        };
        let moves = match rest.split_first() {
            None => &[][..],
            Some((&"moves", moves)) => moves,
            Some((other, _)) => return Err(format!("position: expected moves, not '{other}'")),
        };
        let mut game = Game::from_position(self.rules.clone(), start);
        for (i, m) in moves.iter().enumerate() {
            game.play_str(m)
                .map_err(|e| format!("position: move {} of the list: {e}", i + 1))?;
        }
        self.game = game;
        Ok(Vec::new())
    }

    /// `go` with UGI's or UCI's limits: `movetime`, `depth`, `nodes`, `p1time`/`p2time`/
    /// `p1inc`/`p2inc` (UGI) or `wtime`/`btime`/`winc`/`binc` (UCI), `movestogo`, `infinite`.
    fn go(&mut self, args: &[&str]) -> Result<Action, String> {
        let mut limits = Limits::default();
        let mut infinite = false;
        let (mut time, mut inc) = ([None::<u64>; 2], [0u64; 2]);
        let mut movestogo: Option<u64> = None;
        let mut it = args.iter();
        while let Some(&key) = it.next() {
            let mut value = |what: &str| -> Result<u64, String> {
                let v = it
                    .next()
                    .ok_or_else(|| format!("go {key}: the {what} is missing"))?;
                v.parse::<u64>()
                    .map_err(|_| format!("go {key}: '{v}' is not a whole number of {what}"))
            };
            match key {
                "movetime" => {
                    limits.time = Some(Duration::from_millis(value("milliseconds")?.max(1)))
                }
                "depth" => limits.depth = Some(value("plies")?.clamp(1, 1000) as u32),
                "nodes" => limits.nodes = Some(value("nodes")?.max(1)),
                "p1time" | "wtime" => time[0] = Some(value("milliseconds")?),
                "p2time" | "btime" => time[1] = Some(value("milliseconds")?),
                "p1inc" | "winc" => inc[0] = value("milliseconds")?,
                "p2inc" | "binc" => inc[1] = value("milliseconds")?,
                "movestogo" => movestogo = Some(value("moves")?.max(1)),
                "infinite" => infinite = true,
                "ponder" => {}
                other => return Err(format!("go: unknown parameter '{other}'")),
            }
        }
        let me = self.game.position().side().index();
        if limits.time.is_none()
            && let Some(left) = time[me]
        {
            // A share of the clock to aim at: the remaining time over the moves still to play,
            // plus most of the increment, never more than half of what is left; a search whose
            // best move keeps changing may go on to three times that, within the same half.
            // With a millisecond or none left, no time at all: the search still completes
            // its first iteration (microseconds), and the clock is never spent to zero.
            let share = (left / movestogo.unwrap_or(25))
                .saturating_add(inc[me].saturating_mul(3) / 4)
                .min(left / 2);
            let hard = share.saturating_mul(3).min(left / 2).max(share);
            let l = Limits::budget(Duration::from_millis(share), Duration::from_millis(hard));
            limits.time = l.time;
            limits.soft = l.soft;
        }
        if limits.is_unbounded() && !infinite {
            limits.time = Some(DEFAULT_MOVETIME);
        }
        if infinite {
            // Until `stop` (or until the game is solved).
            limits = Limits::default();
        }
        limits.threads = self.threads;
        Ok(Action::Go { limits, infinite })
    }

    /// UGI's `query gameover|p1turn|result`.
    fn query(&self, args: &[&str]) -> Reply {
        let answer = match args {
            ["gameover"] => self.game.is_over().to_string(),
            ["p1turn"] => (self.game.position().side() == Side::South).to_string(),
            ["result"] => match self.game.outcome() {
                None => "none".to_string(),
                Some(o) => match o.winner {
                    Some(Side::South) => "p1win".to_string(),
                    Some(Side::North) => "p2win".to_string(),
                    None => "draw".to_string(),
                },
            },
            [] => return Err("query: expected gameover, p1turn or result".into()),
            other => {
                return Err(format!(
                    "query: unknown query '{}' (gameover, p1turn or result)",
                    other.join(" ")
                ));
            }
        };
        Ok(vec![format!("response {answer}")])
    }

    /// `setoption name <name> [value <value>]`: `Game`, `Hash`, `Threads` and `Book`.
    fn setoption(&mut self, args: &[&str]) -> Reply {
        let (name, value) = match args.split_first() {
            Some((&"name", rest)) => match rest.iter().position(|w| *w == "value") {
                Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
                None => (rest.join(" "), None),
            },
            _ => return Err("setoption: expected 'setoption name <name> value <value>'".into()),
        };
        let value = value.filter(|v| !v.is_empty());
        match (name.to_ascii_lowercase().as_str(), value) {
            ("game", Some(v)) => {
                let spec = v
                    .parse::<GameSpec>()
                    .map_err(|e| format!("setoption Game: {e}"))?;
                let rules = load_rules(RulesSource::Spec(&spec), self.solitaires)
                    .map_err(|e| format!("setoption Game: {e}"))?;
                self.set_rules(rules)
                    .map_err(|e| format!("setoption Game: {e}"))?;
            }
            ("hash", Some(v)) => {
                let mib: usize = v
                    .parse()
                    .map_err(|_| format!("setoption Hash: '{v}' is not a whole number"))?;
                if !(1..=MAX_HASH_MIB).contains(&mib) {
                    return Err(format!(
                        "setoption Hash: {mib} MiB is not from 1 to {MAX_HASH_MIB}"
                    ));
                }
                // The old table goes first, so that its memory can be had again; without
                // room for the new one, a table of the old size comes back.
                self.search = AlphaBeta::with_table_mib(self.rules.clone(), 1);
                match fresh_search(&self.rules, mib, self.data_dir.as_deref()) {
                    Ok(search) => {
                        self.hash = mib;
                        self.search = search;
                    }
                    Err(e) => {
                        self.search =
                            fresh_search(&self.rules, self.hash, self.data_dir.as_deref())
                                .map_err(|e| format!("setoption Hash: {e}"))?;
                        return Err(format!(
                            "setoption Hash: {e}; the table stays at {} MiB",
                            self.hash
                        ));
                    }
                }
            }
            ("threads", Some(v)) => {
                let n: usize = v
                    .parse()
                    .map_err(|_| format!("setoption Threads: '{v}' is not a whole number"))?;
                if !(1..=MAX_THREADS).contains(&n) {
                    return Err(format!(
                        "setoption Threads: {n} is not from 1 to {MAX_THREADS}"
                    ));
                }
                self.threads = n;
            }
            ("book", Some(v)) => {
                self.book_on = match v.to_ascii_lowercase().as_str() {
                    "true" | "on" | "1" => true,
                    "false" | "off" | "0" => false,
                    _ => return Err(format!("setoption Book: '{v}' is neither true nor false")),
                }
            }
            ("game" | "hash" | "threads" | "book", None) => {
                return Err(format!("setoption {name}: the value is missing"));
            }
            _ => {
                return Err(format!(
                    "setoption: unknown option '{name}' (Game, Hash, Threads, Book)"
                ));
            }
        }
        Ok(Vec::new())
    }
}

/// The `info` and `bestmove` lines for a search result.
fn answer(dialect: Dialect, r: &SearchResult) -> Vec<String> {
    let pv: Vec<String> = r.pv.iter().map(Move::to_string).collect();
    let ms = r.elapsed.as_millis();
    let mut out = vec![format!(
        "info depth {} score cp {} nodes {} time {ms} nps {} pv {}",
        r.depth,
        r.score_seeds() * 100,
        r.nodes,
        r.nodes_per_second() as u64,
        pv.join(" ")
    )];
    out.push(match (dialect, r.pv.get(1)) {
        (Dialect::Uci, Some(p)) => format!("bestmove {} ponder {p}", r.best),
        _ => format!("bestmove {}", r.best),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::rules_for;

    fn go(args: &str) -> Limits {
        let options = Options {
            hash_mib: 1,
            ..Options::default()
        };
        let mut e = Engine::new(rules_for(&"oware".parse().unwrap()).unwrap(), options).unwrap();
        let words: Vec<&str> = args.split_whitespace().collect();
        match e.go(&words) {
            Ok(Action::Go { limits, .. }) => limits,
            _ => panic!("go {args} did not start a search"),
        }
    }

    #[test]
    fn a_clock_gives_a_budget_and_movetime_a_hard_limit() {
        let ms = Duration::from_millis;
        // movetime: all of it, nothing to aim at.
        let l = go("movetime 300");
        assert_eq!((l.time, l.soft), (Some(ms(300)), None));
        // South's clock: 25 s left over 25 moves plus 3/4 of the increment, up to three times
        // that while the best move keeps changing.
        let l = go("p1time 25000 p2time 1000 p1inc 400 p2inc 0");
        assert_eq!((l.soft, l.time), (Some(ms(1300)), Some(ms(3900))));
        // Never more than half of what is left.
        let l = go("wtime 1000 btime 1000 movestogo 1");
        assert_eq!((l.soft, l.time), (Some(ms(500)), Some(ms(500))));
        let l = go("p1time 3000 p2time 3000 p1inc 2000");
        assert_eq!((l.soft, l.time), (Some(ms(1500)), Some(ms(1500))));
    }

    /// A small clock played down on a fake clock: every move spends the whole hard limit its
    /// budget allows (the most a search may take, the first iteration aside, which takes
    /// microseconds) and a few milliseconds more for the reply. Over a long game the clock
    /// never runs out: in sudden death without overhead it never reaches zero, and with an
    /// increment larger than the overhead it never falls below what the overhead needs.
    #[test]
    fn a_small_clock_never_runs_out() {
        for (start, inc, overhead) in [
            (2000u64, 0u64, 0u64),
            (300, 0, 0),
            (2000, 20, 5),
            (500, 10, 3),
        ] {
            let mut left = start;
            for ply in 0..400 {
                let l = go(&format!(
                    "p1time {left} p2time {start} p1inc {inc} p2inc {inc}"
                ));
                let hard = l.time.expect("a clock gives a hard limit").as_millis() as u64;
                let soft = l.soft.expect("a clock gives a soft limit").as_millis() as u64;
                assert!(
                    soft <= hard && hard <= left / 2,
                    "{start}+{inc}: {soft}/{hard} ms of {left} at {ply}"
                );
                let spent = hard + overhead;
                assert!(
                    spent < left + inc,
                    "{start}+{inc}: out of time at ply {ply} ({spent} ms of {left})"
                );
                left = left + inc - spent;
            }
            assert!(left > 0, "{start}+{inc}: {left} ms left");
        }
    }
}
