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
    /// Start with the openings book off (the `Book` option).
    #[arg(long)]
    pub no_book: bool,
    /// An openings book file to play from instead of the data directory's or the shipped one.
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    pub book: Option<PathBuf>,
    /// Seed of the choice among the book's equally good moves.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

pub fn run(args: UgiArgs) -> anyhow::Result<()> {
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    if !(1..=MAX_HASH_MIB).contains(&args.hash) {
        anyhow::bail!("--hash {}: must be from 1 to {MAX_HASH_MIB} MiB", args.hash);
    }
    // A book named on the command line must be sound and of these rules.
    if let Some(path) = &args.book {
        mancala_search::book::open(path, &rules)?;
    }
    let options = ugi::Options {
        hash_mib: args.hash,
        data_dir: Some(mancala_solver::default_data_dir()),
        book: !args.no_book,
        book_file: args.book,
        seed: args.seed,
        solitaires: &mancala_solitaire::Solitaire::IDS,
    };
    ugi::run_with(rules, options, std::io::stdin(), std::io::stdout())?;
    Ok(())
}
