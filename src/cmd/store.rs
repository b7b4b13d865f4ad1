//! `mancala store`: the database of the web app's games — copy it from one store to another
//! (an SQLite file to the PostgreSQL database several servers share, or back).

use clap::{Args, Subcommand};
use mancala_web::{Store, Target};

#[derive(Args)]
pub struct StoreArgs {
    #[command(subcommand)]
    pub command: StoreCommand,
}

#[derive(Subcommand)]
pub enum StoreCommand {
    /// Copy every saved game and El mirall room into another database, then check the copy:
    /// the counts, every row compared and every game replayed. Nothing in the target is
    /// overwritten; run it again after an interruption. Stop the servers on the source first.
    Copy(CopyArgs),
}

#[derive(Args)]
pub struct CopyArgs {
    /// The database to copy from: an SQLite file or a postgres:// URL.
    #[arg(long, value_name = "FILE|URL")]
    pub from: String,
    /// The database to copy into: an SQLite file (created if missing; its folder must exist)
    /// or a postgres:// URL (the schema is created if missing).
    #[arg(long, value_name = "FILE|URL")]
    pub to: String,
}

pub fn run(args: StoreArgs) -> anyhow::Result<()> {
    match args.command {
        StoreCommand::Copy(a) => copy(a),
    }
}

fn copy(a: CopyArgs) -> anyhow::Result<()> {
    let (from, to) = (Target::parse(&a.from), Target::parse(&a.to));
    if let Target::Sqlite(p) = &from
        && !p.is_file()
    {
        anyhow::bail!("--from {}: no such file", p.display());
    }
    if from == to {
        anyhow::bail!("--from and --to are the same database");
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let source = Store::open_target(&from)
            .await
            .map_err(|e| anyhow::anyhow!("--from: {e}"))?;
        let target = Store::open_target(&to)
            .await
            .map_err(|e| anyhow::anyhow!("--to: {e}"))?;
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message("rows copied");
        let report = mancala_web::copy::copy(&source, &target, |n| bar.set_position(n))
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        bar.finish_and_clear();
        eprintln!(
            "copied from {} to {}; checked: every row of the source is in the target, equal, and every game replays",
            source.describe(),
            target.describe()
        );
        println!(
            "games: {} copied, {} already there, {} in the target; rooms: {} copied, {} already there, {} in the target",
            report.games_copied,
            report.games_already_there,
            report.games_in_target,
            report.rooms_copied,
            report.rooms_already_there,
            report.rooms_in_target
        );
        Ok(())
    })
}
