//! The `mancala` command: argument parsing and wiring; the work is done in the library crates.
//! Contract (NOTATION.md): the answer is the last line of stdout; any error is one line on
//! stderr and exit status 2, with nothing on stdout.

mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "mancala",
    version,
    about = "Engine and workbench for mancala games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games this build knows.
    Games(cmd::games::GamesArgs),
    /// Print the rules of a game, with the project's rulings.
    Rules(cmd::rules::RulesArgs),
    /// Count move sequences of a given depth (move-generator check).
    Perft(cmd::perft::PerftArgs),
    /// Play moves from a position and print the resulting position.
    Replay(cmd::replay::ReplayArgs),
    /// Count the moves of a solitaire until its start recurs (El mirall, Stones in cups).
    Cycle(cmd::cycle::CycleArgs),
    /// Play a game in the terminal.
    Play(cmd::play::PlayArgs),
    /// The engine's best move and score for a position.
    Best(cmd::best::BestArgs),
    /// Weigh every move of a game: its value, the best move's, the seeds lost, the mistakes.
    Analyze(cmd::analyze::AnalyzeArgs),
    /// Play engines against each other and report the result with an Elo difference.
    Match(cmd::match_cmd::MatchArgs),
    /// Perfect-play value of a position, from the databases.
    Solve(cmd::solve::SolveArgs),
    /// Build and inspect perfect-play databases.
    Db(cmd::db::DbArgs),
    /// Build an openings book with the engine, or show its moves at a position.
    Book(cmd::book::BookArgs),
    /// Serve the web app.
    Serve(cmd::serve::ServeArgs),
    /// The web app's database: copy it to another store (SQLite to PostgreSQL).
    Store(cmd::store::StoreArgs),
    /// Speak the Universal Game Interface (UGI) on stdin/stdout, for GUIs and match runners.
    Ugi(cmd::ugi::UgiArgs),
}

/// `cmd` with every argument that takes a value, in every subcommand, taking a negative
/// number as its value: `--depth -1` is then refused by the value's own check, naming what is
/// allowed, rather than read as an unknown flag.
fn negatives_allowed(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|a| {
        if a.get_action().takes_values() {
            a.allow_negative_numbers(true)
        } else {
            a
        }
    })
    .mut_subcommands(negatives_allowed)
}

fn main() -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    let parsed = negatives_allowed(Cli::command())
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                e.exit();
            }
            // The contract: one line on stderr, exit status 2.
            // clap's message up to its usage, its lines (such as a list of the arguments
            // missing) joined into one.
            let text = e.to_string();
            let message = text
                .lines()
                .take_while(|l| !l.trim().is_empty() && !l.starts_with("Usage:"))
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ");
            let message = message.trim_start_matches("error: ");
            let message = if message.is_empty() {
                "invalid arguments"
            } else {
                message
            };
            eprintln!("error: {message} (see mancala --help)");
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Games(a) => cmd::games::run(a),
        Command::Rules(a) => cmd::rules::run(a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Cycle(a) => cmd::cycle::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Best(a) => cmd::best::run(a),
        Command::Analyze(a) => cmd::analyze::run(a),
        Command::Match(a) => cmd::match_cmd::run(a),
        Command::Solve(a) => cmd::solve::run(a),
        Command::Db(a) => cmd::db::run(a),
        Command::Book(a) => cmd::book::run(a),
        Command::Serve(a) => cmd::serve::run(a),
        Command::Store(a) => cmd::store::run(a),
        Command::Ugi(a) => cmd::ugi::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One line: the chain of causes joined (and cut, should it repeat a huge input).
            let msg = format!("{e:#}");
            let msg = mancala_core::text::excerpt(&msg, 2000).replace('\n', " ");
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
