//! `mancala book`: builds an openings book with the engine (drop-out expansion, resumable) and
//! shows its moves at a position. The book itself (format, building, choice) is
//! `mancala_search::book`; docs/search.md, "Openings book".

use super::common::{load_rules, start_position};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::{Position, Rules};
use mancala_search::book::{self, Book, BuildSettings, Builder, NodeSearch, Source};
use mancala_search::{Score, UNITS_PER_SEED};
use mancala_solver::{Database, default_data_dir};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct BookArgs {
    #[command(subcommand)]
    pub command: BookCommand,
}

#[derive(Subcommand)]
pub enum BookCommand {
    /// Build (or go on building) a game's openings book with the engine.
    Build(BuildArgs),
    /// The book's moves and values at a position.
    Show(ShowArgs),
}

#[derive(Args)]
pub struct BuildArgs {
    /// Game id: `oware`, `mangala-ii`, `kalah` (parameters as in `oware:pits=5`).
    pub game: String,
    /// The book file (default: book.mbook in the game's folder of the data directory, which
    /// the engine then plays from). An existing book there is built on, with its settings.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Nodes the book should have when the build stops.
    #[arg(long, default_value_t = 2000, value_parser = super::common::u64_in(1..=10_000_000))]
    pub nodes: u64,
    /// Score every move of a node by a search of this depth (the default, 10; reproducible).
    #[arg(long, conflicts_with = "time_ms", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: Option<u32>,
    /// Score a node's moves by searches of about this many milliseconds in all.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub time_ms: Option<u32>,
    /// Plies a seed given up costs a line (drop-out expansion): lower covers more
    /// alternatives, higher follows the best lines deeper.
    #[arg(long, default_value_t = book::DEFAULT_WEIGHT)]
    pub weight: f64,
    /// Write the book at least this often, in seconds (and at the end; a killed build
    /// resumes from the last write).
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    pub save_secs: u64,
    /// Directory of the data (default: $MANCALA_DATA, else $XDG_DATA_HOME/mancala, else ~/.local/share/mancala).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
}

#[derive(Args)]
pub struct ShowArgs {
    /// Game id: `oware`, `mangala-ii`, `modiar` (its database), ...
    pub game: String,
    /// The position (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// A book file to read instead of the one the engine plays from.
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Print one JSON object: in_book, source, nodes, value, moves [{move, value, in_book, played}].
    #[arg(long)]
    pub json: bool,
    /// Directory of the data (default: as for `book build`).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
}

/// The games whose openings book is their database: strongly solved in seconds.
fn solved_by_database(rules: &Rules) -> bool {
    rules.id() == "modiar"
}

pub fn run(args: BookArgs) -> anyhow::Result<()> {
    match args.command {
        BookCommand::Build(a) => build(a),
        BookCommand::Show(a) => show(a),
    }
}

/// Set by Ctrl-C: the build writes what it has and stops.
static STOP: AtomicBool = AtomicBool::new(false);

fn build(a: BuildArgs) -> anyhow::Result<()> {
    let rules = load_rules(&a.game, a.rules.as_deref())?;
    if solved_by_database(&rules) {
        anyhow::bail!(
            "{} is strongly solved: its openings book is its database; build it with `mancala db build {}` (seconds)",
            rules.name(),
            a.game
        );
    }
    if !(a.weight.is_finite() && (0.0..=1000.0).contains(&a.weight)) {
        anyhow::bail!("--weight {}: must be from 0 to 1000 plies a seed", a.weight);
    }
    let dir = a.data_dir.clone().unwrap_or_else(default_data_dir);
    let out = match &a.out {
        Some(p) => p.clone(),
        None => book::user_path(&dir, &rules)
            .ok_or_else(|| anyhow::anyhow!("{}: give the book's file with --out", rules.name()))?,
    };
    let search = match (a.depth, a.time_ms) {
        (_, Some(t)) => NodeSearch::TimeMs(t),
        (d, None) => NodeSearch::Depth(d.unwrap_or(10)),
    };
    let settings = BuildSettings::new(search, a.weight);
    let shown = out.display().to_string();
    let existing = if out.exists() {
        Some(Book::read(&out, &rules)?)
    } else {
        if let Some(d) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(d).map_err(|e| anyhow::anyhow!("{}: {e}", d.display()))?;
        }
        None
    };
    let mut builder = Builder::new(&rules, settings, existing, &shown)?;
    let target = a.nodes as usize;
    let had = builder.book().len();
    eprintln!(
        "{}: {} nodes of {target}, {}, weight {} plies a seed, into {shown}",
        rules.name(),
        had,
        settings.search,
        settings.weight_plies()
    );
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(target as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "nodes [{bar:40}] {pos}/{len} {per_sec} {elapsed_precise} left {eta} {msg}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        bar.set_position(had as u64);
        bar.reset_eta();
        Some(bar)
    } else {
        None
    };
    let save_every = Duration::from_secs(a.save_secs);
    let t0 = Instant::now();
    let mut saved = Instant::now();
    let mut dirty = false;
    let mut ended = false;
    while builder.book().len() < target && !STOP.load(Ordering::Relaxed) {
        let Some(pos) = builder.step() else {
            ended = true;
            break;
        };
        dirty = true;
        let n = builder.book().len();
        match &bar {
            Some(bar) => {
                bar.set_position(n as u64);
                bar.set_message(pos.to_string());
            }
            None if n % 100 == 0 => eprintln!("{n} nodes"),
            None => {}
        }
        if saved.elapsed() >= save_every {
            builder.book().write(&out)?;
            saved = Instant::now();
            dirty = false;
        }
    }
    if dirty || !out.exists() {
        builder.book().write(&out)?;
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let b = builder.book();
    let start = rules.start();
    let value = b.value(&start).map_or("none".into(), seeds);
    let why = if ended {
        " (every line out of book ends the game)"
    } else if STOP.load(Ordering::Relaxed) {
        " (interrupted; the same command goes on)"
    } else {
        ""
    };
    eprintln!(
        "{} nodes added in {:.1} s",
        b.len() - had,
        t0.elapsed().as_secs_f64()
    );
    println!(
        "{}: {} nodes in {shown}{why}; the start is worth {value} for {}",
        rules.name(),
        b.len(),
        start.side()
    );
    Ok(())
}

/// A value in 1/16 seed as seeds, signed: `+0.25`.
fn seeds(v: Score) -> String {
    format!("{:+.2}", v as f64 / UNITS_PER_SEED as f64)
}

/// `book show`: the text, written at once; a reader that has gone (`| head`) is no error.
fn show(a: ShowArgs) -> anyhow::Result<()> {
    use std::io::Write;
    let text = show_text(a)?;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn show_text(a: ShowArgs) -> anyhow::Result<String> {
    let mut out = String::new();
    let rules = load_rules(&a.game, a.rules.as_deref())?;
    let pos = start_position(&rules, a.position.as_deref())?;
    let dir = a.data_dir.clone().unwrap_or_else(default_data_dir);
    if solved_by_database(&rules) && a.book.is_none() {
        return show_database(&a, &rules, &pos, &dir);
    }
    let found = match &a.book {
        Some(path) => Some((book::open(path, &rules)?, Source::File(path.clone()))),
        None => book::find(Some(&dir), &rules)?,
    };
    let Some((b, source)) = found else {
        let path = book::user_path(&dir, &rules)
            .map_or_else(|| "--out FILE".into(), |p| p.display().to_string());
        anyhow::bail!(
            "no openings book for {} (none is shipped and {path} is not there); build one with `mancala book build {}`",
            rules.name(),
            a.game
        );
    };
    let Some(moves) = b.moves(&pos) else {
        if a.json {
            let v = serde_json::json!({
                "in_book": false,
                "source": source.to_string(),
                "nodes": b.len(),
            });
            writeln!(out, "{v}")?;
        } else {
            writeln!(
                out,
                "{pos} is out of book ({source}, {} nodes): the engine searches there",
                b.len()
            )?;
        }
        return Ok(out);
    };
    let best = moves[0].value;
    let played = |v: Score| v >= best - book::MARGIN;
    if a.json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "move": m.mv.to_string(),
                    "value": m.value as f64 / UNITS_PER_SEED as f64,
                    "in_book": m.in_book,
                    "played": played(m.value),
                })
            })
            .collect();
        let v = serde_json::json!({
            "in_book": true,
            "source": source.to_string(),
            "nodes": b.len(),
            "value": best as f64 / UNITS_PER_SEED as f64,
            "moves": list,
        });
        writeln!(out, "{v}")?;
        return Ok(out);
    }
    let s = b.settings();
    writeln!(
        out,
        "{} {pos}, {} to move: in the book ({source}: {} nodes, {}, weight {} plies a seed)",
        rules.name(),
        pos.side(),
        b.len(),
        s.search,
        s.weight_plies()
    )?;
    writeln!(
        out,
        "move  value  (seeds for {}; * leads into the book; + played, within {} of the best)",
        pos.side(),
        seeds(book::MARGIN).trim_start_matches('+')
    )?;
    for m in &moves {
        writeln!(
            out,
            "{:<4} {:>6} {}{}",
            m.mv.to_string(),
            seeds(m.value),
            if m.in_book { "*" } else { " " },
            if played(m.value) { "+" } else { "" }
        )?;
    }
    Ok(out)
}

/// A strongly solved game's book: the database's perfect-play values.
fn show_database(
    a: &ShowArgs,
    rules: &Rules,
    pos: &Position,
    dir: &Path,
) -> anyhow::Result<String> {
    let mut out = String::new();
    let sol = Database::open(dir, rules)
        .and_then(|db| db.solve(pos))
        .map_err(|e| {
            anyhow::anyhow!(
                "{} is strongly solved: its openings book is its database; {e}",
                rules.name()
            )
        })?;
    if a.json {
        let list: Vec<_> = sol
            .moves
            .iter()
            .map(|(m, v)| {
                serde_json::json!({
                    "move": m.to_string(),
                    "value": v,
                    "in_book": true,
                    "played": sol.best.contains(m),
                })
            })
            .collect();
        let v = serde_json::json!({
            "in_book": true,
            "source": "database",
            "value": sol.value,
            "moves": list,
        });
        writeln!(out, "{v}")?;
        return Ok(out);
    }
    writeln!(
        out,
        "{} {pos}, {} to move: strongly solved, the book is the database (perfect play, final score difference)",
        rules.name(),
        pos.side()
    )?;
    let mut moves = sol.moves.clone();
    moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    for (m, v) in moves {
        writeln!(
            out,
            "{:<4} {:>+6} {}",
            m.to_string(),
            v,
            if sol.best.contains(&m) { "best" } else { "" }
        )?;
    }
    Ok(out)
}
