//! `mancala ugi`: the engine on stdin/stdout for GUIs and match runners. The protocol (UGI, and
//! the UCI dialect of Aualé) lives in `mancala_search::ugi`; this only checks the command line
//! and wires standard input and output to it. Documented in docs/ugi.md.

use super::common::load_rules;
use clap::Args;
use mancala_search::ugi::{self, MAX_HASH_MIB};
use std::path::PathBuf;

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

pub fn run(args: UgiArgs) -> anyhow::Result<()> {
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    if !(1..=MAX_HASH_MIB).contains(&args.hash) {
        anyhow::bail!("--hash {}: must be from 1 to {MAX_HASH_MIB} MiB", args.hash);
    }
    ugi::run(
        rules,
        args.hash,
        Some(mancala_solver::default_data_dir()),
        std::io::stdin(),
        std::io::stdout(),
    )?;
    Ok(())
}
