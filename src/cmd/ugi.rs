//! `mancala ugi`: the engine on stdin/stdout for GUIs and match runners, speaking the Universal
//! Game Interface (UGI) or, when the first command is `uci`, the UCI dialect of the oware GUI
//! Aualé. The protocol is documented in docs/ugi.md.
//!
//! Every line gets an answer or nothing, never a crash: a line that cannot be understood or
//! obeyed is answered with `info string error: ...` and the engine keeps its state.

use super::common::load_rules;
use clap::Args;
use mancala_core::{Game, Move, Rules, Side, builtin_ids};
use mancala_search::{AlphaBeta, Limits};
use std::io::{BufRead, Write};
use std::path::PathBuf;
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
/// What `go infinite` means here: the search cannot be interrupted, so it is bounded.
const INFINITE_MOVETIME: Duration = Duration::from_secs(60);
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
}

/// The lines answering a command, or what is wrong with it.
type Reply = Result<Vec<String>, String>;

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
        }
    }

    fn set_rules(&mut self, rules: Rules) {
        self.search = AlphaBeta::with_table_mib(rules.clone(), self.hash);
        self.game = Game::new(rules.clone());
        self.rules = rules;
    }

    /// Handles one line. `Ok(None)` means quit.
    fn handle(&mut self, line: &str) -> Result<Option<Vec<String>>, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Ok(Some(Vec::new()));
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
            "go" => self.go(args),
            "query" => self.query(args),
            "setoption" => self.setoption(args),
            // Accepted for compatibility; the search runs to its limit before the next line is read.
            "stop" | "ponderhit" | "debug" => Ok(Vec::new()),
            "quit" => return Ok(None),
            _ => Err(format!("unknown command '{cmd}'")),
        }?;
        Ok(Some(out))
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
    fn go(&mut self, args: &[&str]) -> Reply {
        let mut limits = Limits::default();
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
                "infinite" => limits.time = Some(INFINITE_MOVETIME),
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
            let share = left / movestogo.unwrap_or(25) + inc[me] * 3 / 4;
            limits.time = Some(Duration::from_millis(share.min(left / 2).max(1)));
        }
        if limits == Limits::default() {
            limits.time = Some(DEFAULT_MOVETIME);
        }
        let Some(r) = self.search.search_game(&self.game, &limits) else {
            return Ok(vec![
                "info string the game is over".into(),
                "bestmove 0000".into(),
            ]);
        };
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
        out.push(match (self.dialect, r.pv.get(1)) {
            (Dialect::Uci, Some(p)) => format!("bestmove {} ponder {p}", r.best),
            _ => format!("bestmove {}", r.best),
        });
        Ok(out)
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

    /// `setoption name <name> [value <value>]`: `Game` and `Hash`.
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
            ("game" | "hash", None) => {
                return Err(format!("setoption {name}: the value is missing"));
            }
            _ => return Err(format!("setoption: unknown option '{name}' (Game, Hash)")),
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
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if stdin.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        // Bytes that are not UTF-8 make an unknown command, answered like any other bad line.
        let line = String::from_utf8_lossy(&buf);
        match engine.handle(&line) {
            Ok(None) => break,
            Ok(Some(lines)) => {
                for l in lines {
                    writeln!(stdout, "{l}")?;
                }
            }
            Err(e) => writeln!(
                stdout,
                "info string error: {}",
                e.replace(['\n', '\r'], " ")
            )?,
        }
        stdout.flush()?;
    }
    Ok(())
}
