//! `mancala play`: a game in the terminal, against a friend or the computer. Reads one command a
//! line from standard input, so it can be scripted as well as played.

use super::common::{load_rules, start_position};
use super::line::{Line, next_line};
use super::opponent::{Opponent, parse_opponent};
use anyhow::Context;
use clap::{Args, ValueEnum};
use mancala_core::record::{Record, move_numbers};
use mancala_core::{Effect, Game, GameSpec, Position, Side};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

#[derive(Args)]
pub struct PlayArgs {
    /// Game id: modiar, mangala-ii, oware, kalah, el-mirall, stones-in-cups (with parameters,
    /// e.g. `el-mirall:pits=5,seeds=3`).
    pub game: String,
    /// Let the computer play one side, at this level: random, greedy, beginner, novice,
    /// intermediate, advanced, expert, maximum (or an engine spec such as `ab:depth=8`, `mcts`).
    #[arg(long)]
    pub ai: Option<String>,
    /// The side the computer plays.
    #[arg(long, value_enum, default_value_t = SideArg::North)]
    pub ai_side: SideArg,
    /// Start from this position.
    #[arg(long)]
    pub position: Option<String>,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<std::path::PathBuf>,
    /// Seed for the computer's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the game as an OGN record to this file when it ends or you leave, whichever way
    /// (the end of input, an error, Ctrl-C too); refused at once if it cannot be written.
    #[arg(long)]
    pub ogn: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum SideArg {
    South,
    North,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Side {
        match s {
            SideArg::South => Side::South,
            SideArg::North => Side::North,
        }
    }
}

const HELP: &str = "\
Commands:
  A B C ... / a b c ...   sow that pit (South's pits are capitals, North's small letters)
  pass                    pass (only when you have no pit to play)
  u, undo                 take back the last move (and the computer's reply)
  h, hint                 what the computer would play here
  m, moves                the moves so far
  analyze                 every move so far weighed by the engine, mistakes marked
  save FILE               write the game so far as an OGN record
  ?, help                 this help
  q, quit                 leave the game";

pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let spec: GameSpec = args.game.parse()?;
    if args.rules.is_none() && spec.id.parse::<mancala_solitaire::Solitaire>().is_ok() {
        if args.ai.is_some() || args.position.is_some() || args.ogn.is_some() {
            anyhow::bail!(
                "{}: --ai, --position and --ogn are for two-player games",
                spec.id
            );
        }
        return super::solitaire_play::run(&spec);
    }
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    let start = start_position(&rules, args.position.as_deref())?;
    let mut ai: Option<(Box<dyn Opponent>, Side)> = match &args.ai {
        Some(level) => Some((parse_opponent(level, args.seed)?, args.ai_side.into())),
        None => None,
    };
    // A record that could not be written at the end is refused now, before any move.
    if let Some(path) = &args.ogn {
        check_writable(path).with_context(|| format!("--ogn {}", path.display()))?;
    }
    let mut game = Game::from_position(rules, start);
    let snapshot = args
        .ogn
        .as_ref()
        .map(|path| save_on_interrupt(path.clone()));
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let played = play_loop(&mut game, &mut ai, snapshot.as_ref(), &mut input, &mut out);
    // Every way out, an error too, leaves the record.
    let Some(path) = &args.ogn else {
        return played;
    };
    if let Some(s) = &snapshot {
        // From here the record is this function's to write.
        *s.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
    let saved = save(&game, path, ai.as_ref());
    match (played, saved) {
        (Ok(()), Ok(())) => {
            writeln!(out, "Game saved to {}.", path.display())?;
            Ok(())
        }
        (Err(e), Ok(())) => Err(e.context(format!("the game was saved to {}", path.display()))),
        (_, Err(e)) => Err(e.context(format!(
            "--ogn {}: the game could not be saved",
            path.display()
        ))),
    }
}

/// The game's record as it stands, written by the Ctrl-C handler (`None`: nothing to write).
type Snapshot = Arc<Mutex<Option<String>>>;

/// Writes the last snapshot of the record to `path` on Ctrl-C, then exits (status 130, as a
/// shell reports an interrupted command).
fn save_on_interrupt(path: PathBuf) -> Snapshot {
    let snapshot: Snapshot = Arc::new(Mutex::new(None));
    let shared = snapshot.clone();
    let _ = ctrlc::set_handler(move || {
        let text = shared.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(text) = text {
            match super::common::write_atomically(&path, &text) {
                Ok(()) => eprintln!("\nInterrupted; game saved to {}.", path.display()),
                Err(e) => eprintln!(
                    "\nerror: --ogn {}: the game could not be saved: {e:#}",
                    path.display()
                ),
            }
        }
        std::process::exit(130);
    });
    snapshot
}

/// Refuses a record path that cannot be written: anything there but a regular file (a FIFO, a
/// device, a link, a directory), a missing or read-only folder.
/// (The record is written through a temporary file in the same folder, so that is what must be
/// writable.)
fn check_writable(path: &Path) -> anyhow::Result<()> {
    mancala_solver::file::check_writable_target(path)?;
    let probe = super::common::beside(path, "probe")?;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .with_context(|| {
            let dir = probe.parent().unwrap_or(Path::new("."));
            format!("cannot write in {}", dir.display())
        })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The game, from the first prompt to the end, a `quit` or the end of input.
fn play_loop(
    game: &mut Game,
    ai: &mut Option<(Box<dyn Opponent>, Side)>,
    snapshot: Option<&Snapshot>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    writeln!(out, "{} — type ? for help.", game.rules().name())?;
    if let Some((o, side)) = ai.as_ref() {
        writeln!(out, "The computer ({}) plays {}.", o.name(), side)?;
    }
    loop {
        // The computer moves until it is the human's turn.
        while let Some((o, side)) = ai.as_mut() {
            if game.is_over() || game.position().side() != *side {
                break;
            }
            let m = o.choose(game);
            let eff = game
                .play(m)
                .map_err(|e| anyhow::anyhow!("the computer chose an illegal move: {e}"))?;
            writeln!(
                out,
                "{} ({}) plays {}{}",
                side,
                o.name(),
                m,
                capture_mark(&eff)
            )?;
        }
        if let Some(s) = snapshot {
            *s.lock().unwrap_or_else(|e| e.into_inner()) =
                Some(record(game, ai.as_ref()).to_string());
        }
        writeln!(out)?;
        write!(out, "{}", draw(game))?;
        if game.is_over() {
            write!(out, "{}", result_text(game))?;
            return Ok(());
        }
        write!(out, "{} to move> ", game.position().side())?;
        out.flush()?;
        let line = match next_line(input)? {
            Line::Text(line) => line,
            Line::NotText => {
                writeln!(
                    out,
                    "Not understood: the line is not text (UTF-8). Type ? for help."
                )?;
                continue;
            }
            Line::End => {
                writeln!(out)?;
                writeln!(out, "Input ended; the game is left unfinished.")?;
                return Ok(());
            }
        };
        let cmd = line.trim();
        match cmd {
            "" => continue,
            "q" | "quit" | "exit" => {
                writeln!(out, "Game left after {} moves.", game.plies().len())?;
                return Ok(());
            }
            "?" | "help" => {
                writeln!(out, "{HELP}")?;
                writeln!(
                    out,
                    "Computer levels (mancala play GAME --ai LEVEL): {}",
                    mancala_search::level_names()
                )?;
            }
            "m" | "moves" => writeln!(out, "Moves: {}", move_list(game))?,
            "analyze" | "analyse" => {
                if game.plies().is_empty() {
                    writeln!(out, "Nothing to analyse yet: no move has been played.")?;
                } else {
                    for line in super::analyze::game_report(game) {
                        writeln!(out, "{line}")?;
                    }
                }
            }
            "u" | "undo" => undo(out, game, ai.as_ref().map(|(_, s)| *s))?,
            "h" | "hint" => match super::opponent::hint(game) {
                Some((_, _, text)) => writeln!(out, "Hint: {text}")?,
                None => writeln!(out, "No hint: the game is over.")?,
            },
            _ if cmd.starts_with("save ") || cmd == "save" => {
                let path = cmd.trim_start_matches("save").trim();
                if path.is_empty() {
                    writeln!(out, "Usage: save FILE")?;
                } else {
                    match save(game, Path::new(path), ai.as_ref()) {
                        Ok(()) => writeln!(out, "Saved to {path}.")?,
                        Err(e) => writeln!(out, "Not saved: {e:#}")?,
                    }
                }
            }
            _ => match game.play_str(cmd) {
                Ok(eff) => {
                    if eff.captured > 0 {
                        writeln!(
                            out,
                            "{} captures {}.",
                            game.plies().last().unwrap().before.side(),
                            eff.captured
                        )?;
                    } else if eff.capture_forfeited {
                        writeln!(out, "{}", forfeit_reason(game))?;
                    }
                    if eff.extra_turn {
                        writeln!(out, "Last seed in the store: move again.")?;
                    }
                }
                Err(e) => writeln!(out, "Not played: {e}")?,
            },
        }
    }
}

/// Takes back the last move, and the computer's reply before it so the human moves again.
fn undo(out: &mut impl Write, game: &mut Game, ai_side: Option<Side>) -> std::io::Result<()> {
    match game.undo() {
        None => writeln!(out, "Nothing to take back."),
        Some(m) => {
            writeln!(out, "Took back {m}.")?;
            if let Some(side) = ai_side
                && game.position().side() == side
                && let Some(m2) = game.undo()
            {
                writeln!(out, "Took back {m2}.")?;
            }
            Ok(())
        }
    }
}

fn capture_mark(eff: &Effect) -> String {
    if eff.captured > 0 {
        format!(" and captures {}", eff.captured)
    } else {
        String::new()
    }
}

/// The moves so far, numbered as the game's record numbers them (`record::move_numbers`).
fn move_list(game: &Game) -> String {
    let plies = game.plies();
    let numbers = move_numbers(game.start().side(), plies.iter().map(|p| p.mv));
    let tokens: Vec<String> = plies
        .iter()
        .zip(numbers)
        .map(|(p, label)| {
            let captured = if p.effect.captured > 0 {
                format!("+{}", p.effect.captured)
            } else {
                String::new()
            };
            if label.is_empty() {
                format!("{}{captured}", p.mv)
            } else {
                format!("{label} {}{captured}", p.mv)
            }
        })
        .collect();
    if tokens.is_empty() {
        "none yet".into()
    } else {
        tokens.join(" ")
    }
}

/// The board with North's row on top (right to left as South sees it), pit letters and counts.
pub fn draw(game: &Game) -> String {
    let pos: Position = game.position();
    let n = pos.pits_per_row();
    let rules = game.rules();
    let word = if rules.ruleset().stores {
        "store"
    } else {
        "captured"
    };
    let mut s = String::new();
    let cell = |c: u8| format!("[{c:>3}]");
    let letters = |side: Side| -> Vec<String> {
        (0..n)
            .map(|i| match side {
                Side::South => format!("   {} ", (b'A' + i as u8) as char),
                Side::North => format!("   {} ", (b'a' + i as u8) as char),
            })
            .collect()
    };
    let mut north_letters = letters(Side::North);
    north_letters.reverse();
    s.push_str(&format!("   {}\n", north_letters.concat()));
    let north: Vec<String> = pos
        .row(Side::North)
        .iter()
        .rev()
        .map(|&c| cell(c))
        .collect();
    s.push_str(&format!(
        "N  {}   North {word}: {}\n",
        north.concat(),
        pos.score(Side::North)
    ));
    let south: Vec<String> = pos.row(Side::South).iter().map(|&c| cell(c)).collect();
    s.push_str(&format!(
        "S  {}   South {word}: {}\n",
        south.concat(),
        pos.score(Side::South)
    ));
    s.push_str(&format!("   {}\n", letters(Side::South).concat()));
    let legal = game.legal_moves();
    if !game.is_over() {
        s.push_str(&format!(
            "Move {}: {} to move; legal: {}\n",
            game.plies().len() + 1,
            pos.side(),
            legal
        ));
    }
    s
}

/// How the game ended, the final position and the score.
fn result_text(game: &Game) -> String {
    let o = game.outcome().expect("over");
    let fin = game.final_position();
    let score = match o.winner {
        Some(w) => format!("{} wins {}-{}.", w, o.scores[w], o.scores[w.other()]),
        None => format!("Draw {}-{}.", o.scores.south, o.scores.north),
    };
    format!("Game over: {}.\nFinal position: {fin}\n{score}\n", o.reason)
}

/// Why the last move's capture was not taken.
fn forfeit_reason(game: &Game) -> &'static str {
    let rules = game.rules();
    let before = game.plies().last().map(|p| p.before);
    if rules.ruleset().first_move_no_capture && before.is_some_and(|b| rules.is_start(&b)) {
        "No capture: the first move of the game captures nothing."
    } else {
        "No capture: taking every seed of the opponent's row (a grand slam) captures nothing."
    }
}

/// The record of the game, with the players' names.
fn record(game: &Game, ai: Option<&(Box<dyn Opponent>, Side)>) -> Record {
    let computer = ai.map(|(o, side)| (format!("mancala {}", o.name()), *side));
    let name = |side: Side| match &computer {
        Some((n, s)) if *s == side => n.clone(),
        _ => "Human".to_string(),
    };
    let (south, north) = (name(Side::South), name(Side::North));
    let date = super::common::today();
    Record::from_game(
        game,
        &[("South", &south), ("North", &north), ("Date", &date)],
    )
}

fn save(game: &Game, path: &Path, ai: Option<&(Box<dyn Opponent>, Side)>) -> anyhow::Result<()> {
    super::common::write_atomically(path, &record(game, ai).to_string())
}
