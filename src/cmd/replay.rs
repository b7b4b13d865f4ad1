//! `mancala replay`: plays moves from a position and prints the resulting position.

use super::common::{load_rules, start_position};
use anyhow::Context;
use clap::Args;
use mancala_core::record::Record;
use mancala_core::{Game, MoveError, Side, Stop};
use std::path::Path;

/// A game given on the command line: a game id (or rules file) and a start position, or an
/// OGN record, then moves.
#[derive(Args)]
pub struct GameArgs {
    /// Game id, e.g. `modiar` or `mangala-ii` (with --ogn it may be left out: the record's
    /// Variant tag names the game).
    #[arg(required_unless_present = "ogn")]
    pub game: Option<String>,
    /// The moves, e.g. `A b C` (one argument or several).
    pub moves: Vec<String>,
    /// Start from this position (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<std::path::PathBuf>,
    /// Read the game from this OGN record (its moves come first, then any given here).
    #[arg(long)]
    pub ogn: Option<std::path::PathBuf>,
    /// With --ogn, the game to read from a file that holds several, one after another (as
    /// `mancala match --ogn` writes them): 1 for the first.
    #[arg(long, value_name = "N", requires = "ogn")]
    pub index: Option<usize>,
}

impl GameArgs {
    /// The game: the record or the start position, then the moves given (each argument may
    /// hold several, separated by spaces).
    pub fn load(&self) -> anyhow::Result<Game> {
        Ok(self.load_with_resignation()?.0)
    }

    /// The game, and how it was stopped when its record says so (a resignation, a time
    /// forfeit, an agreed draw, an abort).
    pub fn load_with_resignation(&self) -> anyhow::Result<(Game, Option<Stop>)> {
        load_game(
            self.game.as_deref(),
            self.rules.as_deref(),
            self.position.as_deref(),
            self.ogn.as_deref().map(|p| (p, self.index)),
            &self.moves,
        )
    }
}

#[derive(Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub source: GameArgs,
    /// Print one JSON object: position, over, score, winner.
    #[arg(long)]
    pub json: bool,
    /// Also write the game as an OGN record to this file, a new one (an existing file is
    /// refused).
    #[arg(long)]
    pub write_ogn: Option<std::path::PathBuf>,
}

pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.write_ogn {
        super::common::check_new_record(path, "--write-ogn")?;
    }
    let (game, resigned) = args.source.load_with_resignation()?;
    if let Some(path) = &args.write_ogn {
        let mut record = Record::from_game(&game, &[]);
        if let Some(stop) = resigned {
            record.stop(stop);
        }
        super::common::write_new_record(path, &record.to_string(), "--write-ogn")?;
    }
    print_result(&game, resigned, args.json);
    Ok(())
}

fn load_game(
    game: Option<&str>,
    rules: Option<&Path>,
    position: Option<&str>,
    ogn: Option<(&Path, Option<usize>)>,
    moves: &[String],
) -> anyhow::Result<(Game, Option<Stop>)> {
    let mut moves = moves.iter().flat_map(|a| a.split_whitespace()).peekable();
    let (mut game, resigned) = match ogn {
        Some((path, index)) => {
            if position.is_some() {
                anyhow::bail!("--position and --ogn: the record gives the start (its FEN tag)");
            }
            let ctx = || format!("OGN file {}", path.display());
            let text = super::common::read_input(path).with_context(ctx)?;
            let mut records = Record::parse_all(&text).with_context(ctx)?;
            let n = records.len();
            let record = match index {
                None if n == 1 => records.swap_remove(0),
                None => anyhow::bail!(
                    "OGN file {} holds {n} games: choose one with --index (1 to {n})",
                    path.display()
                ),
                Some(i) if (1..=n).contains(&i) => records.swap_remove(i - 1),
                Some(i) => anyhow::bail!(
                    "--index {i}: OGN file {} holds {n} game{s} (1 to {n})",
                    path.display(),
                    s = if n == 1 { "" } else { "s" }
                ),
            };
            let rules = match (game, rules) {
                (None, None) => record.rules().with_context(ctx)?,
                (game, file) => load_rules(game.unwrap_or(""), file)?,
            };
            let game = record.to_game(&rules).with_context(ctx)?;
            let resigned = record.stopped().with_context(ctx)?;
            if let (Some(stop), Some(mv)) = (resigned, moves.peek()) {
                anyhow::bail!("move 1 '{mv}': the game is already over ({stop})");
            }
            (game, resigned)
        }
        None => {
            let rules = load_rules(game.unwrap_or(""), rules)?;
            let start = start_position(&rules, position)?;
            (Game::from_position(rules, start), None)
        }
    };
    play_all(&mut game, moves)?;
    Ok((game, resigned))
}

/// Plays each move, naming the first one that fails by its number.
pub fn play_all<'a>(game: &mut Game, moves: impl Iterator<Item = &'a str>) -> anyhow::Result<()> {
    for (k, text) in moves.enumerate() {
        if let Err(e) = game.play_str(text) {
            let n = k + 1;
            match e {
                MoveError::GameOver { mv } => {
                    let why = game.end_reason().map(|r| r.to_string()).unwrap_or_default();
                    anyhow::bail!("move {n} '{mv}': the game is already over ({why})")
                }
                other => anyhow::bail!("move {n} {other}"),
            }
        }
    }
    Ok(())
}

/// The position (settled when over), or the JSON object of NOTATION.md, with the result
/// (`null` while the game goes on): the winner, why as a code (the web API's `result.code`:
/// `resigned`, `time-forfeit`, `draw-agreed`, `aborted`, or the rules' reason) and in English.
pub fn print_result(game: &Game, stop: Option<Stop>, json: bool) {
    let fin = game.final_position();
    if json {
        let ending = game.ending_stopped(stop);
        let v = serde_json::json!({
            "position": fin.to_string(),
            "over": ending.is_some(),
            "score": [fin.score(Side::South), fin.score(Side::North)],
            "winner": ending.map(|e| e.winner_name()),
            "result": ending.map(|e| serde_json::json!({
                "winner": e.winner_name(),
                "code": e.code(),
                "reason": e.to_string(),
            })),
        });
        println!("{v}");
    } else {
        println!("{fin}");
    }
}
