//! `mancala match`: two players over many games, alternating sides from varied openings, with
//! the result as an Elo difference and its 95% interval, and optionally the games as OGN. The
//! games are counted and written as they end, so a match of any length runs in the same memory.

use super::common::load_rules;
use anyhow::Context;
use clap::Args;
use mancala_search::PlayerSpec;
use mancala_search::arena::{self, GameRecord, MatchConfig, Tally, fmt_elo};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

#[derive(Args)]
pub struct MatchArgs {
    /// Game id: modiar, mangala-ii, oware, kalah (resized as in `mangala-ii:pits=4,seeds=3`).
    pub game: String,
    /// Player A: random, greedy, ab[:depth=D,time=MS,soft=MS,nodes=N,threads=T,eval=derived], mcts[:playouts=N,time=MS], or a
    /// level (beginner, novice, intermediate, advanced, expert, maximum).
    #[arg(long)]
    pub a: String,
    /// Player B, as for --a.
    #[arg(long)]
    pub b: String,
    /// Number of games; each opening is played twice, sides swapped.
    #[arg(long, default_value_t = 100, value_parser = super::common::u64_in(1..=1_000_000))]
    pub games: u64,
    /// Time per move for players without their own limit (default 1000; at most a day).
    #[arg(long, value_parser = super::common::u64_in(1..=super::common::MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// Seed for the openings and the players' randomness: the same seed gives the same match
    /// when both players are limited by depth, nodes or playouts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies at the start of each opening (default: 2 on boards of 3 pits or fewer, else 4).
    #[arg(long, value_parser = super::common::u64_in(0..=40))]
    pub opening_plies: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = super::common::u64_in(1..=256))]
    pub threads: u64,
    /// Write every game to this OGN file (it must not exist yet).
    #[arg(long)]
    pub ogn: Option<PathBuf>,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
}

pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    let a: PlayerSpec = args.a.parse().context("--a")?;
    let b: PlayerSpec = args.b.parse().context("--b")?;
    // Created before the first game (refused if it exists or cannot be written), then
    // written a game at a time.
    let ogn = match &args.ogn {
        Some(path) => Some(create_new(path)?),
        None => None,
    };
    let opening_plies = args
        .opening_plies
        .unwrap_or(if rules.pits_per_row() <= 3 { 2 } else { 4 }) as usize;
    let cfg = MatchConfig {
        a: a.clone(),
        b: b.clone(),
        games: args.games as usize,
        time: args.time_ms.map(Duration::from_millis),
        seed: args.seed,
        opening_plies,
        threads: args.threads as usize,
    };
    let total = cfg.games;
    let show = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let names = (a.to_string(), b.to_string());
    let date = super::common::today();
    // What is kept of the games: the counts, and the records of games that ended before an
    // earlier one (written as soon as the games before them are).
    let state = Mutex::new(Stream {
        tally: Tally::default(),
        ogn,
        next_round: 1,
        pending: BTreeMap::new(),
        failed: None,
    });
    let on_game = |g: GameRecord| -> ControlFlow<()> {
        let text = state.lock().unwrap().ogn.is_some().then(|| {
            let (south, north) = if g.a_south {
                (&names.0, &names.1)
            } else {
                (&names.1, &names.0)
            };
            arena::to_ogn(&g, south, north, &date)
        });
        let mut st = state.lock().unwrap();
        st.tally.add(g.a_score, g.a_south);
        let done = st.tally.games();
        if show {
            eprint!("\r{done}/{total} games");
            if done == total {
                eprintln!();
            }
        }
        if let Some(text) = text {
            st.pending.insert(g.round, text);
            if let Err(e) = st.write_ready() {
                st.failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    };
    let played = arena::run_match(&rules, &cfg, &on_game);
    let st = state.into_inner().unwrap();
    if let Some(e) = st.failed {
        let path = args.ogn.as_deref().unwrap_or(std::path::Path::new(""));
        return Err(e).with_context(|| format!("--ogn {}", path.display()));
    }
    if let Err(e) = played {
        // No game was played: no record file either.
        if let Some(path) = &args.ogn {
            drop(st.ogn);
            let _ = std::fs::remove_file(path);
        }
        return Err(e.into());
    }
    if let Some(f) = st.ogn {
        f.into_inner()
            .map_err(|e| e.into_error())
            .and_then(|f| f.sync_all())
            .with_context(|| format!("--ogn {}", args.ogn.as_ref().unwrap().display()))?;
    }
    report(&args, &rules, &a, &b, opening_plies, &st.tally);
    Ok(())
}

/// The match as it is being played: the counts, and the OGN file written in game order.
struct Stream {
    tally: Tally,
    ogn: Option<BufWriter<File>>,
    /// The next game to write.
    next_round: usize,
    /// Records of games that ended before `next_round`.
    pending: BTreeMap<usize, String>,
    failed: Option<std::io::Error>,
}

impl Stream {
    /// Writes the records that are next in order.
    fn write_ready(&mut self) -> std::io::Result<()> {
        let Some(f) = self.ogn.as_mut() else {
            return Ok(());
        };
        while let Some(text) = self.pending.remove(&self.next_round) {
            f.write_all(text.as_bytes())?;
            self.next_round += 1;
        }
        Ok(())
    }
}

/// A new file at `path`, never over an existing one.
fn create_new(path: &std::path::Path) -> anyhow::Result<BufWriter<File>> {
    mancala_solver::file::check_writable_target(path)
        .map_err(|e| anyhow::anyhow!("--ogn {}: {e}", path.display()))?;
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(f) => Ok(BufWriter::new(f)),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => anyhow::bail!(
            "--ogn {}: the file exists already; give a new file name",
            path.display()
        ),
        Err(e) => Err(e).with_context(|| format!("--ogn {}", path.display())),
    }
}

fn report(
    args: &MatchArgs,
    rules: &mancala_core::Rules,
    a: &PlayerSpec,
    b: &PlayerSpec,
    opening_plies: usize,
    tally: &Tally,
) {
    let s = tally.summary();
    let games = tally.games();
    if args.json {
        let num = |x: f64| {
            if x.is_finite() {
                serde_json::json!((x * 10.0).round() / 10.0)
            } else {
                serde_json::Value::Null
            }
        };
        let v = serde_json::json!({
            "game": rules.id(),
            "a": a.to_string(),
            "b": b.to_string(),
            "games": games,
            "wins": s.wins,
            "draws": s.draws,
            "losses": s.losses,
            "score": (s.score * 10000.0).round() / 10000.0,
            "elo": num(s.elo),
            "elo_low": num(s.elo_low),
            "elo_high": num(s.elo_high),
        });
        println!("{v}");
        return;
    }
    let line = |south: bool| {
        let t = tally.side(south);
        format!("+{} ={} -{}", t.wins, t.draws, t.losses)
    };
    println!(
        "{}: A = {a}, B = {b}; {games} games from {} openings of {opening_plies} plies, seed {}",
        rules.name(),
        games.div_ceil(2),
        args.seed
    );
    println!("A as South {}, A as North {}", line(true), line(false));
    println!(
        "{a} vs {b}: +{} ={} -{} score {:.1}% Elo {} [{}, {}] (95%)",
        s.wins,
        s.draws,
        s.losses,
        100.0 * s.score,
        fmt_elo(s.elo),
        fmt_elo(s.elo_low),
        fmt_elo(s.elo_high)
    );
}
