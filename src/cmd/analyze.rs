//! `mancala analyze`: every move of a game weighed by the engine: what the move was worth, what
//! the best move was worth, and the seeds lost, with mistakes marked. Where the perfect-play
//! databases cover a position the values are exact. The last line of stdout sums up each side.

use super::common::{db_oracle, write_atomically};
use super::replay::GameArgs;
use clap::Args;
use mancala_core::record::Record;
use mancala_core::{Game, Side};
use mancala_search::AlphaBeta;
use mancala_search::analysis::{Weighed, totals, weigh};
use std::path::PathBuf;

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub source: GameArgs,
    /// Plies searched below each move (the same for every move, so the analysis is
    /// reproducible).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: u32,
    /// Seeds a move must lose to be called a mistake.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=255))]
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
    /// Also write the game as an OGN record with the analysis as comments (mistakes marked).
    #[arg(long)]
    pub write_ogn: Option<PathBuf>,
}

pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    let game = args.source.load()?;
    if game.plies().is_empty() {
        anyhow::bail!("the game has no moves to analyse");
    }
    let rules = game.rules().clone();
    let mut engine = AlphaBeta::new(rules.clone());
    if !args.no_db {
        engine.set_oracle(db_oracle(args.data_dir.as_deref(), &rules));
    }
    let weighed = weigh(&mut engine, &game, args.depth);
    let mistake = |w: &Weighed| w.loss() >= args.threshold as i32;
    let total = |side: Side| totals(&weighed, side, args.threshold as i32);
    if let Some(path) = &args.write_ogn {
        write_atomically(path, &annotated(&game, &weighed, &mistake).to_string())?;
    }
    if args.json {
        let plies: Vec<serde_json::Value> = weighed
            .iter()
            .enumerate()
            .map(|(i, w)| {
                serde_json::json!({
                    "ply": i + 1,
                    "side": w.side.name(),
                    "move": w.played.to_string(),
                    "score": w.score,
                    "best": w.best.to_string(),
                    "best_score": w.best_score,
                    "loss": w.loss(),
                    "mistake": mistake(w),
                    "forced": w.choices == 1,
                })
            })
            .collect();
        let side = |s: Side| {
            let (m, lost) = total(s);
            serde_json::json!({ "mistakes": m, "lost": lost })
        };
        let v = serde_json::json!({
            "game": rules.id(),
            "depth": args.depth,
            "plies": plies,
            "south": side(Side::South),
            "north": side(Side::North),
        });
        println!("{v}");
        return Ok(());
    }
    for line in text_report(rules.name(), &weighed, args.depth, args.threshold as i32) {
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
fn annotated(game: &Game, weighed: &[Weighed], mistake: &dyn Fn(&Weighed) -> bool) -> Record {
    let mut rec = Record::from_game(game, &[]);
    for (m, w) in rec.moves.iter_mut().zip(weighed) {
        let text = if w.loss() <= 0 || w.choices == 1 {
            format!("{:+}", w.score)
        } else {
            format!(
                "{}{:+}, loses {}; best {} {:+}",
                if mistake(w) { "mistake: " } else { "" },
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
