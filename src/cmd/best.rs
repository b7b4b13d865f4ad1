//! `mancala best`: the engine's move and score for a position (NOTATION.md contract: the last
//! line of stdout is the answer).

use super::common::{load_rules, start_position};
use clap::Args;
use mancala_core::{Position, Rules};
use mancala_search::alphabeta::MAX_THREADS;
use mancala_search::book;
use mancala_search::oracle::{DbOracle, Oracle};
use mancala_search::{AlphaBeta, Limits, available_threads, to_seeds};
use mancala_solver::default_data_dir;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::path::PathBuf;
use std::sync::Arc;

/// Time per move when neither --depth nor --time-ms is given.
const DEFAULT_TIME_MS: u64 = 1000;

#[derive(Args)]
pub struct BestArgs {
    /// Game id: modiar, mangala-ii, oware, kalah (resized as in `mangala-ii:pits=4,seeds=3`).
    pub game: String,
    /// The position (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// Search exactly this many plies (reproducible: the same answer on every run).
    #[arg(long, conflicts_with = "time_ms", value_parser = clap::value_parser!(u32).range(1..=120))]
    pub depth: Option<u32>,
    /// Search for this many milliseconds (default 1000 when no depth is given; at most a day).
    #[arg(long, value_parser = super::common::u64_in(1..=super::common::MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// Search threads sharing one table (default: 1 with --depth, so the answer is
    /// reproducible; every core with a time limit).
    #[arg(long, value_parser = super::common::u64_in(1..=MAX_THREADS as i64))]
    pub threads: Option<u64>,
    /// Transposition table size in MiB (default: 8 for a search to depth 14 or less, 64 for
    /// deeper or timed searches; a bigger table takes longer to set up).
    #[arg(long, value_name = "MIB", value_parser = super::common::u64_in(1..=4096))]
    pub hash: Option<u64>,
    /// Print one JSON object: best, score, depth, nodes, pv, solved, damaged_levels (the
    /// database levels that are there but damaged, searched instead).
    #[arg(long)]
    pub json: bool,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Directory of the perfect-play databases, used where they cover a position (default:
    /// as for `mancala solve`).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Search without the perfect-play databases.
    #[arg(long)]
    pub no_db: bool,
    /// Search even where the openings book has the position.
    #[arg(long)]
    pub no_book: bool,
    /// An openings book file to answer from instead of the data directory's or the shipped
    /// one.
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    pub book: Option<PathBuf>,
}

pub fn run(args: BestArgs) -> anyhow::Result<()> {
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    let pos = start_position(&rules, args.position.as_deref())?;
    if !args.no_book && book_answer(&args, &rules, &pos)? {
        return Ok(());
    }
    let limits = match (args.depth, args.time_ms) {
        (Some(d), _) => Limits::depth(d),
        (None, t) => Limits::time_ms(t.unwrap_or(DEFAULT_TIME_MS)),
    };
    let threads = match (args.threads, args.depth) {
        (Some(n), _) => n as usize,
        (None, Some(_)) => 1,
        (None, None) => available_threads(),
    };
    let limits = limits.with_threads(threads);
    let mib = match (args.hash, args.depth) {
        (Some(m), _) => m as usize,
        (None, Some(d)) if d <= 14 => 8,
        (None, _) => 64,
    };
    let mut engine = AlphaBeta::try_with_table_mib(rules.clone(), mib)
        .map_err(|e| anyhow::anyhow!("{e}; try a smaller --hash"))?;
    let mut damaged = Vec::new();
    if !args.no_db
        && let Some(o) = DbOracle::open_in(args.data_dir.as_deref(), &rules)
    {
        // A damaged level is searched instead, and said so: one line on stderr, and in the
        // JSON.
        if let Some(note) = mancala_search::oracle::damaged_note(&o) {
            eprintln!("warning: {note}");
        }
        damaged = o.damaged().to_vec();
        engine.set_oracle(Some(o as Arc<dyn Oracle>));
    }
    let Some(r) = engine.search(&pos, &[], &limits) else {
        let reason = rules
            .end_reason(&pos)
            .map(|r| r.to_string())
            .unwrap_or_default();
        anyhow::bail!("position {pos}: the game is over ({reason}); there is no move to find");
    };
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    if args.json {
        let v = serde_json::json!({
            "best": r.best.to_string(),
            "score": r.score_seeds(),
            "depth": r.depth,
            "nodes": r.nodes,
            "pv": pv,
            "solved": r.solved,
            "damaged_levels": damaged.iter().map(|(b, _)| *b).collect::<Vec<_>>(),
        });
        println!("{v}");
        return Ok(());
    }
    println!("{} {}, {} to move", rules.name(), pos, pos.side());
    println!(
        "depth {}{}, {} nodes in {:.3} s ({:.1} M nodes/s, {} thread{})",
        r.depth,
        if r.solved {
            " (solved: every line reaches the end)"
        } else {
            ""
        },
        r.nodes,
        r.elapsed.as_secs_f64(),
        r.nodes_per_second() / 1e6,
        threads,
        if threads == 1 { "" } else { "s" }
    );
    println!(
        "best {} score {:+} pv {}",
        r.best,
        r.score_seeds(),
        pv.join(" ")
    );
    Ok(())
}

/// Answers from the openings book when it has the position (its best move; `true`), else
/// `false`. A book file given by name that cannot be used is an error.
fn book_answer(args: &BestArgs, rules: &Rules, pos: &Position) -> anyhow::Result<bool> {
    let b = match &args.book {
        Some(path) => Some(book::open(path, rules)?),
        None => {
            let dir = args.data_dir.clone().unwrap_or_else(default_data_dir);
            book::for_rules(Some(&dir), rules)
        }
    };
    let mut rng = SmallRng::seed_from_u64(0);
    let Some(m) = b.and_then(|b| b.choose(pos, &[], 0, &mut rng)) else {
        return Ok(false);
    };
    let score = to_seeds(m.value);
    if args.json {
        let v = serde_json::json!({
            "best": m.mv.to_string(),
            "score": score,
            "depth": 0,
            "nodes": 0,
            "pv": [m.mv.to_string()],
            "solved": false,
            "book": true,
            "damaged_levels": [],
        });
        println!("{v}");
        return Ok(true);
    }
    println!("{} {}, {} to move", rules.name(), pos, pos.side());
    println!("from the openings book (`mancala book show` lists its moves; --no-book searches)");
    println!("best {} score {:+} pv {}", m.mv, score, m.mv);
    Ok(true)
}
