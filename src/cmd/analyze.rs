//! `mancala analyze`: every move of a game weighed by the engine: what the move was worth, what
//! the best move was worth, and the seeds lost, with mistakes marked. Where the perfect-play
//! databases cover a position the values are exact. The last line of stdout sums up each side.

use super::replay::GameArgs;
use clap::Args;
use mancala_core::record::Record;
use mancala_core::{Game, Side};
use mancala_search::analysis::{self, DEPTH, MISTAKE_SEEDS, Weighed, report, totals, weigh};
use mancala_search::oracle::{DbOracle, Oracle, db_oracle};
use std::path::PathBuf;

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub source: GameArgs,
    /// Plies searched below each move (the same for every move, so the analysis is
    /// reproducible; the default is the hints' depth, in the terminal and the web app too).
    #[arg(long, default_value_t = DEPTH, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: u32,
    /// Seeds a move must lose to be called a mistake.
    #[arg(long, default_value_t = MISTAKE_SEEDS as u32, value_parser = clap::value_parser!(u32).range(1..=255))]
    pub threshold: u32,
    /// Directory of the perfect-play databases, used where they cover a position (default:
    /// as for `mancala solve`).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Analyse without the perfect-play databases.
    #[arg(long)]
    pub no_db: bool,
    /// Print one JSON object: every ply, then each side's mistakes and seeds lost.
    #[arg(long)]
    pub json: bool,
    /// Also write the game as an OGN record with the analysis as comments (mistakes marked),
    /// to a new file (an existing one is refused).
    #[arg(long)]
    pub write_ogn: Option<PathBuf>,
}

/// The text report of `game` weighed as `mancala analyze` does by default (terminal play).
pub fn game_report(game: &Game) -> Vec<String> {
    let mut engine = analysis::engine(game.rules(), db_oracle(None, game.rules()));
    let weighed = weigh(&mut engine, game, DEPTH);
    text_report(game.rules().name(), &weighed, DEPTH, MISTAKE_SEEDS)
}

pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.write_ogn {
        super::common::check_new_record(path, "--write-ogn")?;
    }
    let game = args.source.load()?;
    if game.plies().is_empty() {
        anyhow::bail!("the game has no moves to analyse");
    }
    let rules = game.rules().clone();
    let oracle = match args.no_db {
        true => None,
        false => DbOracle::open_in(args.data_dir.as_deref(), &rules).map(|o| {
            // A damaged level is searched instead, and said so, as `best` does.
            if let Some(note) = mancala_search::oracle::damaged_note(&o) {
                eprintln!("warning: {note}");
            }
            o as std::sync::Arc<dyn Oracle>
        }),
    };
    let mut engine = analysis::engine(&rules, oracle);
    let weighed = weigh(&mut engine, &game, args.depth);
    let threshold = args.threshold as i32;
    if let Some(path) = &args.write_ogn {
        super::common::write_new_record(
            path,
            &annotated(&game, &weighed, threshold).to_string(),
            "--write-ogn",
        )?;
    }
    if args.json {
        let mut v = serde_json::to_value(report(&weighed, args.depth, threshold))?;
        v["game"] = rules.id().into();
        println!("{v}");
        return Ok(());
    }
    for line in text_report(rules.name(), &weighed, args.depth, threshold) {
        println!("{line}");
    }
    Ok(())
}

/// The analysis as text: a heading, a line a move, and each side's totals last.
pub fn text_report(name: &str, weighed: &[Weighed], depth: u32, threshold: i32) -> Vec<String> {
    let mut out = vec![format!(
        "{name}, {} plies, searched {depth} plies deep (scores: the final score difference the mover can expect, in seeds)",
        weighed.len()
    )];
    for (i, w) in weighed.iter().enumerate() {
        let note = if w.choices == 1 {
            "forced".to_string()
        } else if w.played == w.best || w.loss() <= 0 {
            "best".to_string()
        } else if w.loss() >= threshold {
            format!(
                "MISTAKE, loses {} (best {} {:+})",
                w.loss(),
                w.best,
                w.best_score
            )
        } else {
            format!("loses {} (best {} {:+})", w.loss(), w.best, w.best_score)
        };
        out.push(format!(
            "{:>4}. {:<5} {:<4} {:+4}  {note}",
            i + 1,
            w.side.to_string(),
            w.played.to_string(),
            w.score
        ));
    }
    let summary = |side: Side| {
        let (m, lost) = totals(weighed, side, threshold);
        format!(
            "{side}: {m} mistake{}, {lost} seed{} lost",
            if m == 1 { "" } else { "s" },
            if lost == 1 { "" } else { "s" }
        )
    };
    out.push(format!(
        "{}; {}",
        summary(Side::South),
        summary(Side::North)
    ));
    out
}

/// The game's record with a comment after every move: its score, and for a move that loses
/// seeds what it loses and the best move.
fn annotated(game: &Game, weighed: &[Weighed], threshold: i32) -> Record {
    let mut rec = Record::from_game(game, &[]);
    for (m, w) in rec.moves.iter_mut().zip(weighed) {
        let text = if w.loss() <= 0 || w.choices == 1 {
            format!("{:+}", w.score)
        } else {
            format!(
                "{}{:+}, loses {}; best {} {:+}",
                if w.loss() >= threshold {
                    "mistake: "
                } else {
                    ""
                },
                w.score,
                w.loss(),
                w.best,
                w.best_score
            )
        };
        m.comment = Some(text);
    }
    rec
}
