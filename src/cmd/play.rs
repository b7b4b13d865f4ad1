//! `mancala play`: a game in the terminal, against a friend or the computer. Reads one command a
//! line from standard input, so it can be scripted as well as played.

use super::common::{load_rules, start_position};
use super::opponent::{Opponent, parse_opponent};
use clap::{Args, ValueEnum};
use mancala_core::record::Record;
use mancala_core::{Effect, Game, GameSpec, Position, Side, catalog::SOLITAIRES};
use std::io::{BufRead, Write};

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
    /// Write the game as an OGN record to this file when it ends or you leave.
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
    if args.rules.is_none() && SOLITAIRES.contains(&spec.id.as_str()) {
        if args.ai.is_some() || args.position.is_some() {
            anyhow::bail!("{}: --ai and --position are for two-player games", spec.id);
        }
        return super::solitaire_play::run(&spec);
    }
    let rules = load_rules(&args.game, args.rules.as_deref())?;
    let start = start_position(&rules, args.position.as_deref())?;
    let mut ai: Option<(Box<dyn Opponent>, Side)> = match &args.ai {
        Some(level) => Some((parse_opponent(level, args.seed)?, args.ai_side.into())),
        None => None,
    };
    let mut game = Game::from_position(rules, start);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    println!("{} — type ? for help.", game.rules().name());
    if let Some((o, side)) = &ai {
        println!("The computer ({}) plays {}.", o.name(), side);
    }
    loop {
        // The computer moves until it is the human's turn.
        while let Some((o, side)) = ai.as_mut() {
            if game.is_over() || game.position().side() != *side {
                break;
            }
            let m = o.choose(&game);
            let eff = game
                .play(m)
                .map_err(|e| anyhow::anyhow!("the computer chose an illegal move: {e}"))?;
            println!("{} ({}) plays {}{}", side, o.name(), m, capture_mark(&eff));
        }
        println!();
        print!("{}", draw(&game));
        if game.is_over() {
            print_result(&game);
            return save_on_exit(&game, &args, ai.as_ref());
        }
        print!("{} to move> ", game.position().side());
        out.flush()?;
        let Some(line) = lines.next() else {
            println!();
            println!("Input ended; the game is left unfinished.");
            return save_on_exit(&game, &args, ai.as_ref());
        };
        let line = line?;
        let cmd = line.trim();
        match cmd {
            "" => continue,
            "q" | "quit" | "exit" => {
                println!("Game left after {} moves.", game.plies().len());
                return save_on_exit(&game, &args, ai.as_ref());
            }
            "?" | "help" => {
                println!("{HELP}");
                println!(
                    "Computer levels (mancala play GAME --ai LEVEL): {}",
                    mancala_search::level_names()
                );
            }
            "m" | "moves" => println!("Moves: {}", move_list(&game)),
            "analyze" | "analyse" => {
                if game.plies().is_empty() {
                    println!("Nothing to analyse yet: no move has been played.");
                } else {
                    for line in super::analyze::game_report(&game) {
                        println!("{line}");
                    }
                }
            }
            "u" | "undo" => undo(&mut game, ai.as_ref().map(|(_, s)| *s)),
            "h" | "hint" => match super::opponent::hint(&game) {
                Some((_, _, text)) => println!("Hint: {text}"),
                None => println!("No hint: the game is over."),
            },
            _ if cmd.starts_with("save ") || cmd == "save" => {
                let path = cmd.trim_start_matches("save").trim();
                if path.is_empty() {
                    println!("Usage: save FILE");
                } else {
                    match save(&game, std::path::Path::new(path), ai.as_ref()) {
                        Ok(()) => println!("Saved to {path}."),
                        Err(e) => println!("Not saved: {e:#}"),
                    }
                }
            }
            _ => match game.play_str(cmd) {
                Ok(eff) => {
                    if eff.captured > 0 {
                        println!(
                            "{} captures {}.",
                            game.plies().last().unwrap().before.side(),
                            eff.captured
                        );
                    } else if eff.capture_forfeited {
                        println!("{}", forfeit_reason(&game));
                    }
                    if eff.extra_turn {
                        println!("Last seed in the store: move again.");
                    }
                }
                Err(e) => println!("Not played: {e}"),
            },
        }
    }
}

/// Takes back the last move, and the computer's reply before it so the human moves again.
fn undo(game: &mut Game, ai_side: Option<Side>) {
    match game.undo() {
        None => println!("Nothing to take back."),
        Some(m) => {
            println!("Took back {m}.");
            if let Some(side) = ai_side
                && game.position().side() == side
                && let Some(m2) = game.undo()
            {
                println!("Took back {m2}.");
            }
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

fn move_list(game: &Game) -> String {
    let mut s = String::new();
    for (i, p) in game.plies().iter().enumerate() {
        if p.before.side() == Side::South || i == 0 {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&format!("{}.", i / 2 + 1));
            if p.before.side() == Side::North {
                s.push_str(" ...");
            }
        }
        s.push_str(&format!(
            " {}{}",
            p.mv,
            if p.effect.captured > 0 {
                format!("+{}", p.effect.captured)
            } else {
                String::new()
            }
        ));
    }
    if s.is_empty() { "none yet".into() } else { s }
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

fn print_result(game: &Game) {
    let o = game.outcome().expect("over");
    let fin = game.final_position();
    println!("Game over: {}.", o.reason);
    println!("Final position: {fin}");
    match o.winner {
        Some(w) => println!("{} wins {}-{}.", w, o.scores[w], o.scores[w.other()]),
        None => println!("Draw {}-{}.", o.scores.south, o.scores.north),
    }
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

fn save(
    game: &Game,
    path: &std::path::Path,
    ai: Option<&(Box<dyn Opponent>, Side)>,
) -> anyhow::Result<()> {
    super::common::write_atomically(path, &record(game, ai).to_string())
}

fn save_on_exit(
    game: &Game,
    args: &PlayArgs,
    ai: Option<&(Box<dyn Opponent>, Side)>,
) -> anyhow::Result<()> {
    if let Some(path) = &args.ogn {
        save(game, path, ai)?;
        println!("Game saved to {}.", path.display());
    }
    Ok(())
}
