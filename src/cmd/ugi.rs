//! `mancala ugi`: the engine on stdin/stdout for GUIs and match runners, speaking the Universal
//! Game Interface (UGI) or, when the first command is `uci`, the UCI dialect of the oware GUI
//! Aualé. The protocol is documented in docs/ugi.md.
//!
//! Every line gets an answer or nothing, never a crash: a line that cannot be understood or
//! obeyed is answered with `info string error: ...` and the engine keeps its state.

use super::common::load_rules;
use clap::Args;
use mancala_core::{Game, Move, Rules, Side, builtin_ids};
use mancala_search::alphabeta::MAX_THREADS;
use mancala_search::{AlphaBeta, Limits, SearchResult};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

#[derive(Args)]
pub struct UgiArgs {
    /// Game to play, e.g. `oware` (the default, as Aualé expects), `kalah`, `modiar:seeds=5`.
    #[arg(default_value = "oware")]
    pub game: String,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Transposition table size in MiB (also the `Hash` option).
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
}

/// Time per move when `go` gives no limit (Aualé's engines use 2 s; match runners always give one).
const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);
const MAX_HASH_MIB: usize = 4096;

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
    thread: std::thread::JoinHandle<AlphaBeta>,
    stop: Arc<AtomicBool>,
    infinite: bool,
}

impl Engine {
    fn new(rules: Rules, hash: usize) -> Engine {
        let game = Game::new(rules.clone());
        let search = AlphaBeta::with_table_mib(rules.clone(), hash);
        Engine {
            dialect: Dialect::Ugi,
            rules,
            game,
            search,
            hash,
            threads: 1,
        }
    }

    fn set_rules(&mut self, rules: Rules) {
        self.search = AlphaBeta::with_table_mib(rules.clone(), self.hash);
        self.game = Game::new(rules.clone());
        self.rules = rules;
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
            "isready" => Ok(vec!["readyok".to_string()]),
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

    /// Starts `limits`' search of the current position on its own thread, which prints the
    /// answer; `Err` with the answer when the game is over.
    fn start(&mut self, limits: Limits, infinite: bool) -> Result<Running, Vec<String>> {
        if self.game.is_over() {
            return Err(vec![
                "info string the game is over".into(),
                "bestmove 0000".into(),
            ]);
        }
        let placeholder = AlphaBeta::with_table_mib(self.rules.clone(), 1);
        let mut search = std::mem::replace(&mut self.search, placeholder);
        let stop = search.stop_handle();
        stop.store(false, Ordering::Relaxed);
        let game = self.game.clone();
        let dialect = self.dialect;
        let thread = std::thread::spawn(move || {
            let lines = match search.search_game(&game, &limits) {
                Some(r) => answer(dialect, &r),
                None => vec!["bestmove 0000".into()],
            };
            let mut out = std::io::stdout().lock();
            for l in lines {
                // A closed stdout ends the session anyway; nothing to report to.
                let _ = writeln!(out, "{l}");
            }
            let _ = out.flush();
            search
        });
        Ok(Running {
            thread,
            stop,
            infinite,
        })
    }

    /// Waits for the running search, stopping it first if `stop`, and takes the engine back.
    fn finish(&mut self, running: Running, stop: bool) -> anyhow::Result<()> {
        if stop {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.search = running
            .thread
            .join()
            .map_err(|_| anyhow::anyhow!("the search thread failed"))?;
        Ok(())
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
            // A share of the clock: the remaining time over the moves still to play, plus most
            // of the increment, never more than half of what is left.
            let share =
                (left / movestogo.unwrap_or(25)).saturating_add(inc[me].saturating_mul(3) / 4);
            limits.time = Some(Duration::from_millis(share.min(left / 2).max(1)));
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

    /// `setoption name <name> [value <value>]`: `Game`, `Hash` and `Threads`.
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
                let rules = load_rules(&v, None).map_err(|e| format!("setoption Game: {e:#}"))?;
                self.set_rules(rules);
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
                self.hash = mib;
                self.search = AlphaBeta::with_table_mib(self.rules.clone(), mib);
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
            ("game" | "hash" | "threads", None) => {
                return Err(format!("setoption {name}: the value is missing"));
            }
            _ => {
                return Err(format!(
                    "setoption: unknown option '{name}' (Game, Hash, Threads)"
                ));
            }
        }
        Ok(Vec::new())
    }
}

pub fn run(args: UgiArgs) -> anyhow::Result<()> {
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    if !(1..=MAX_HASH_MIB).contains(&args.hash) {
        anyhow::bail!("--hash {}: must be from 1 to {MAX_HASH_MIB} MiB", args.hash);
    }
    let mut engine = Engine::new(rules, args.hash);
    let input = read_lines();
    let mut input_done = false;
    let mut running: Option<Running> = None;
    // Commands that came while a bounded search ran, carried out in order once it answers.
    let mut waiting: VecDeque<String> = VecDeque::new();
    loop {
        if let Some(r) = running.take() {
            if r.thread.is_finished() || input_done {
                // Its answer is out (or, at the end of input, a bounded search may finish and
                // answer; an infinite one stops).
                let stop = input_done && r.infinite;
                engine.finish(r, stop)?;
                continue;
            }
            let line = match input.recv_timeout(Duration::from_millis(10)) {
                Ok(line) => line?,
                Err(RecvTimeoutError::Timeout) => {
                    running = Some(r);
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    input_done = true;
                    running = Some(r);
                    continue;
                }
            };
            // While the engine thinks: `stop` ends the search (its answer comes first);
            // `isready` is answered at once unless earlier commands wait; any other command
            // (`quit` too) waits for the answer of a bounded search, and stops an infinite one,
            // which would otherwise never answer.
            match line.split_whitespace().next().unwrap_or("") {
                "stop" => engine.finish(r, true)?,
                "isready" if waiting.is_empty() => {
                    say(&["readyok".to_string()])?;
                    running = Some(r);
                }
                "" | "ponderhit" | "debug" if waiting.is_empty() => running = Some(r),
                _ if r.infinite => {
                    engine.finish(r, true)?;
                    waiting.push_back(line);
                }
                _ => {
                    waiting.push_back(line);
                    running = Some(r);
                }
            }
            continue;
        }
        let line = match waiting.pop_front() {
            Some(line) => line,
            None if input_done => break,
            None => match input.recv() {
                Ok(line) => line?,
                Err(_) => break,
            },
        };
        match engine.handle(&line) {
            Ok(Action::Quit) => break,
            Ok(Action::Reply(lines)) => say(&lines)?,
            Ok(Action::Go { limits, infinite }) => match engine.start(limits, infinite) {
                Ok(r) => running = Some(r),
                Err(lines) => say(&lines)?,
            },
            Err(e) => say(&[format!(
                "info string error: {}",
                e.replace(['\n', '\r'], " ")
            )])?,
        }
    }
    Ok(())
}

/// Standard input, a line at a time, from a thread of its own so that the loop can watch the
/// search and the input together. The channel closes at the end of input. Bytes that are not
/// UTF-8 make an unknown command, answered like any other bad line.
fn read_lines() -> Receiver<std::io::Result<String>> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let line = match stdin.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => Ok(String::from_utf8_lossy(&buf).into_owned()),
                Err(e) => Err(e),
            };
            let failed = line.is_err();
            if tx.send(line).is_err() || failed {
                break;
            }
        }
    });
    rx
}

/// Prints `lines` at once (a search thread may print too).
fn say(lines: &[String]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    for l in lines {
        writeln!(out, "{l}")?;
    }
    out.flush()
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
