//! `mancala perft`: counts move sequences of a given depth.

use super::common::{load_rules, start_position};
use clap::Args;

#[derive(Args)]
pub struct PerftArgs {
    /// Game id, e.g. `mangala-ii` or `modiar:seeds=5`.
    pub game: String,
    /// Plies to count.
    pub depth: u32,
    /// Start from this position (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<std::path::PathBuf>,
    /// Also print the count after each first move.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: PerftArgs) -> anyhow::Result<()> {
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    let pos = start_position(&rules, args.position.as_deref())?;
    if args.depth > 64 {
        anyhow::bail!("depth {}: at most 64", args.depth);
    }
    if args.divide {
        let parts = mancala_core::perft::divide(&rules, &pos, args.depth);
        let mut total = 0;
        for (m, n) in parts {
            println!("{m}: {n}");
            total += n;
        }
        println!("{total}");
    } else {
        println!("{}", mancala_core::perft(&rules, &pos, args.depth));
    }
    Ok(())
}
