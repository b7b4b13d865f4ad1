//! `mancala match`: two players over many games, alternating sides from varied openings, with
//! the result as an Elo difference and its 95% interval, and optionally the games as OGN.

use super::common::load_rules;
use anyhow::Context;
use clap::Args;
use mancala_search::PlayerSpec;
use mancala_search::arena::{self, MatchConfig, fmt_elo, summarize};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct MatchArgs {
    /// Game id: modiar, mangala-ii, oware, kalah (resized as in `mangala-ii:pits=4,seeds=3`).
    pub game: String,
    /// Player A: random, greedy, ab[:depth=D,time=MS,nodes=N,threads=T], mcts[:playouts=N,time=MS], or a
    /// level (beginner, novice, intermediate, advanced, expert, maximum).
    #[arg(long)]
    pub a: String,
    /// Player B, as for --a.
    #[arg(long)]
    pub b: String,
    /// Number of games; each opening is played twice, sides swapped.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Time per move for players without their own limit (default 1000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub time_ms: Option<u64>,
    /// Seed for the openings and the players' randomness: the same seed gives the same match
    /// when both players are limited by depth, nodes or playouts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies at the start of each opening (default: 2 on boards of 3 pits or fewer, else 4).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=40))]
    pub opening_plies: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
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
    if let Some(path) = &args.ogn
        && path.exists()
    {
        anyhow::bail!(
            "--ogn {}: the file exists already; give a new file name",
            path.display()
        );
    }
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
    let progress = move |done: usize| {
        if show {
            eprint!("\r{done}/{total} games");
            if done == total {
                eprintln!();
            }
        }
    };
    let games = arena::run_match(&rules, &cfg, &progress);
    let scores: Vec<f64> = games.iter().map(|g| g.a_score).collect();
    let s = summarize(&scores);

    if let Some(path) = &args.ogn {
        let date = super::common::today();
        let mut text = String::new();
        for (i, g) in games.iter().enumerate() {
            let (south, north) = if g.a_south {
                (a.to_string(), b.to_string())
            } else {
                (b.to_string(), a.to_string())
            };
            text += &arena::to_ogn(g, &south, &north, i + 1, &date);
        }
        // Written whole to a new file, never over an existing one.
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .with_context(|| format!("--ogn {}", path.display()))?;
        f.write_all(text.as_bytes())
            .with_context(|| format!("--ogn {}", path.display()))?;
    }

    let as_south: Vec<f64> = games
        .iter()
        .filter(|g| g.a_south)
        .map(|g| g.a_score)
        .collect();
    let as_north: Vec<f64> = games
        .iter()
        .filter(|g| !g.a_south)
        .map(|g| g.a_score)
        .collect();
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
            "games": games.len(),
            "wins": s.wins,
            "draws": s.draws,
            "losses": s.losses,
            "score": (s.score * 10000.0).round() / 10000.0,
            "elo": num(s.elo),
            "elo_low": num(s.elo_low),
            "elo_high": num(s.elo_high),
        });
        println!("{v}");
        return Ok(());
    }
    let line = |v: &[f64]| {
        let t = summarize(v);
        format!("+{} ={} -{}", t.wins, t.draws, t.losses)
    };
    println!(
        "{}: A = {a}, B = {b}; {} games from {} openings of {opening_plies} plies, seed {}",
        rules.name(),
        games.len(),
        games.len().div_ceil(2),
        args.seed
    );
    println!(
        "A as South {}, A as North {}",
        line(&as_south),
        line(&as_north)
    );
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
    Ok(())
}
