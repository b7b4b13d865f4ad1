//! `mancala solve`: the perfect-play value of a position, read from the databases.

use super::common::{load_rules, start_position};
use clap::Args;
use mancala_solver::{Database, default_data_dir};
use std::path::PathBuf;

#[derive(Args)]
pub struct SolveArgs {
    /// Game id: `modiar` or `mangala-ii` (parameters as in `modiar:seeds=3`).
    pub game: String,
    /// The position (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// Print one JSON object: value, result, best, best_moves, moves.
    #[arg(long)]
    pub json: bool,
    /// Directory of the databases (default: $MANCALA_DATA, else $XDG_DATA_HOME/mancala, else ~/.local/share/mancala).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
}

pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    let pos = start_position(&rules, args.position.as_deref())?;
    let dir = args.data_dir.unwrap_or_else(default_data_dir);
    let db = Database::open(&dir, &rules)?;
    let sol = db.solve(&pos)?;
    let best = sol.best.first().map(|m| m.to_string());
    if args.json {
        let moves: serde_json::Map<String, serde_json::Value> = sol
            .moves
            .iter()
            .map(|(m, v)| (m.to_string(), serde_json::json!(v)))
            .collect();
        let v = serde_json::json!({
            "value": sol.value,
            "result": sol.outcome.name(),
            "best": best,
            "best_moves": sol.best.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "moves": moves,
        });
        println!("{v}");
        return Ok(());
    }
    println!("{} {}, {} to move", rules.name(), pos, pos.side());
    for (m, v) in &sol.moves {
        println!("  {m}: {v:+}");
    }
    let best_all: Vec<String> = sol.best.iter().map(|m| m.to_string()).collect();
    match best {
        Some(b) => println!(
            "value {:+} {} best {} (all best: {})",
            sol.value,
            sol.outcome.name(),
            b,
            best_all.join(" ")
        ),
        None => println!(
            "value {:+} {} best none (the game is over)",
            sol.value,
            sol.outcome.name()
        ),
    }
    Ok(())
}
