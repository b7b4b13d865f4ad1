//! Terminal play of the solitaires, move by move, reading one line at a time from stdin (so it
//! can be scripted): El mirall (each player names his pit) and Stones in cups (the cup to
//! empty). A wrong pit is refused with the reason; `u` undoes, `h` or `?` helps, `q` quits.

use super::line::{Line, next_line};
use mancala_core::GameSpec;
use mancala_solitaire::el_mirall::{ElMirall, pit_letter};
use mancala_solitaire::stones::Cups;
use mancala_solitaire::{Control, Solitaire};
use std::io::{BufRead, Write};

/// The solitaire of `spec` and its size (pits and seeds, or cups and stones), checked against
/// the sizes played in the terminal (`Solitaire::play_max_size`).
pub fn size_of(spec: &GameSpec) -> anyhow::Result<(Solitaire, u64, u64)> {
    let game: Solitaire = spec.id.parse()?;
    let (pits_key, seeds_key) = game.size_names();
    spec.check_keys(&[pits_key, seeds_key])?;
    let (default_pits, default_seeds) = game.default_size();
    let (max_pits, max_seeds) = game.play_max_size();
    let n = spec.get_u32(pits_key, default_pits as u32, 1, max_pits as u32)?;
    let k = spec.get_u32(seeds_key, default_seeds as u32, 1, max_seeds as u32)?;
    Ok((game, u64::from(n), u64::from(k)))
}

pub fn run(spec: &GameSpec) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match size_of(spec)? {
        (Solitaire::ElMirall, pits, seeds) => {
            play_sized::<ElMirall>(pits, seeds, stdin.lock(), stdout.lock())
        }
        (Solitaire::StonesInCups, cups, stones) => {
            play_sized::<Cups>(cups, stones, stdin.lock(), stdout.lock())
        }
    }
}

/// What a line of input asks for.
enum Command<'a> {
    Quit,
    Undo,
    Help,
    Empty,
    Move(&'a str),
}

fn command(line: &str) -> Command<'_> {
    match line.trim() {
        "q" | "quit" => Command::Quit,
        "u" | "undo" => Command::Undo,
        "h" | "?" | "help" => Command::Help,
        "" => Command::Empty,
        m => Command::Move(m),
    }
}

/// The end of a game: the count, compared with the cycle length computed by `mancala cycle`.
fn announce_end(
    out: &mut impl Write,
    game: Solitaire,
    n: u64,
    k: u64,
    moves: u64,
) -> anyhow::Result<()> {
    let (pits, seeds) = game.size_names();
    writeln!(out, "Back to the start after {moves} moves.")?;
    match game.cycle(n, k, &Control::NONE) {
        Ok(c) if c == moves => writeln!(
            out,
            "That is the cycle length for {} and {} (mancala cycle {} --{pits} {n} --{seeds} {k}).",
            plural(n, &pits[..pits.len() - 1]),
            plural(k, &seeds[..seeds.len() - 1]),
            game.id()
        )?,
        Ok(c) => writeln!(
            out,
            "The cycle length for {n} {pits} and {k} {seeds} is {c}, not {moves}."
        )?,
        Err(e) => writeln!(out, "(The cycle length could not be computed: {e}.)")?,
    }
    Ok(())
}

fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn prompt(out: &mut impl Write, next_move: usize) -> anyhow::Result<()> {
    write!(out, "move {next_move}> ")?;
    out.flush()?;
    Ok(())
}

const EL_MIRALL_HELP: &str = "\
El mirall: each player sows only his own row and has no choice.
  South sows his left-most pit that holds seeds, to the right (A, B, ...), one seed a pit,
  starting with the next pit and going on from his left end after his right end.
  North mirrors him: his right-most pit that holds seeds, sowing to his left.
  A move is one sowing by each; the game ends when both rows are back at the start.
Type the two pits of a move, South's (capital) and North's (small), e.g. `A f` or `Af`.
  u  undo the last move      h or ?  this help      q  quit";

/// A solitaire of `n` pits (or cups) of `k` seeds (or stones) played move by move.
fn play_sized<G: MoveByMove>(
    n: u64,
    k: u64,
    input: impl BufRead,
    out: impl Write,
) -> anyhow::Result<()> {
    let (pits, seeds) = G::GAME.size_names();
    let banner = format!(
        "{}, {}{}, {} a {}. Type h for help.",
        G::GAME.name(),
        plural(n, &pits[..pits.len() - 1]),
        G::PITS_WHERE,
        plural(k, &seeds[..seeds.len() - 1]),
        &pits[..pits.len() - 1]
    );
    play(G::start(n as usize, k), banner, (n, k), input, out)
}

/// A solitaire played move by move in the terminal.
trait MoveByMove: Clone {
    const GAME: Solitaire;
    const HELP: &'static str;
    /// What to type, said after an empty line.
    const WHAT_TO_TYPE: &'static str;
    /// The start with `n` pits (or cups) of `k` seeds (or stones).
    fn start(n: usize, k: u64) -> Self;
    /// How the banner says where the pits are (` a row`), after their number.
    const PITS_WHERE: &'static str;
    /// The board and the number of moves made.
    fn draw<W: Write>(&self, out: &mut W, moves: usize) -> anyhow::Result<()>;
    /// Reads and plays the move `text` (`first`: the first move of the game): what it did, or
    /// why it is refused (a whole sentence), the game left as it was.
    fn try_move(&mut self, text: &str, first: bool) -> Result<String, String>;
    fn is_start(&self) -> bool;
}

impl MoveByMove for ElMirall {
    const GAME: Solitaire = Solitaire::ElMirall;
    const HELP: &'static str = EL_MIRALL_HELP;
    const WHAT_TO_TYPE: &'static str =
        "Type South's pit and North's pit (e.g. `A f`), or h for help.";
    const PITS_WHERE: &'static str = " a row";

    fn start(pits: usize, seeds: u64) -> Self {
        ElMirall::start(pits, seeds)
    }

    fn draw<W: Write>(&self, out: &mut W, moves: usize) -> anyhow::Result<()> {
        draw_el_mirall(out, self, moves)
    }

    fn try_move(&mut self, text: &str, _first: bool) -> Result<String, String> {
        let (s, n) = parse_pits(text, self.pits())?;
        self.check_move(s, n).map_err(|e| format!("{e}."))?;
        let (s, n) = self.step();
        Ok(format!(
            "South sowed {}, North sowed {}.",
            pit_letter(false, s),
            pit_letter(true, n)
        ))
    }

    fn is_start(&self) -> bool {
        ElMirall::is_start(self)
    }
}

impl MoveByMove for Cups {
    const GAME: Solitaire = Solitaire::StonesInCups;
    const HELP: &'static str = STONES_HELP;
    const WHAT_TO_TYPE: &'static str = "Type the number of the cup to empty, or h for help.";
    const PITS_WHERE: &'static str = "";

    fn start(cups: usize, stones: u64) -> Self {
        Cups::start(cups, stones)
    }

    fn draw<W: Write>(&self, out: &mut W, moves: usize) -> anyhow::Result<()> {
        draw_stones(out, self, moves)
    }

    fn try_move(&mut self, text: &str, first: bool) -> Result<String, String> {
        let c: usize = text.parse().map_err(|_| {
            format!(
                "'{text}' is not a cup: type a cup number from 0 to {}.",
                self.cups() - 1
            )
        })?;
        self.check_cup(c, first).map_err(|e| format!("{e}."))?;
        let sown = self.board()[c];
        self.step();
        Ok(format!(
            "Cup {c} sowed {}; the last fell into cup {}.",
            plural(sown, "stone"),
            self.next_cup()
        ))
    }

    fn is_start(&self) -> bool {
        Cups::is_start(self)
    }
}

/// The loop of a solitaire played move by move: moves, undo, help, quit, until the start
/// comes back or the input ends. `size` is the game's two numbers, for the closing words.
fn play<G: MoveByMove>(
    mut game: G,
    banner: String,
    size: (u64, u64),
    input: impl BufRead,
    mut out: impl Write,
) -> anyhow::Result<()> {
    let mut history: Vec<G> = Vec::new();
    writeln!(out, "{banner}")?;
    game.draw(&mut out, 0)?;
    prompt(&mut out, 1)?;
    let mut input = input;
    loop {
        let line = match next_line(&mut input)? {
            Line::Text(line) => line,
            Line::NotText => {
                writeln!(out, "Not understood: the line is not text (UTF-8).")?;
                writeln!(out, "{}", G::WHAT_TO_TYPE)?;
                prompt(&mut out, history.len() + 1)?;
                continue;
            }
            Line::End => break,
        };
        match command(&line) {
            Command::Quit => {
                writeln!(
                    out,
                    "Stopped after {}.",
                    plural(history.len() as u64, "move")
                )?;
                return Ok(());
            }
            Command::Help => writeln!(out, "{}", G::HELP)?,
            Command::Empty => writeln!(out, "{}", G::WHAT_TO_TYPE)?,
            Command::Undo => match history.pop() {
                Some(prev) => {
                    game = prev;
                    writeln!(out, "Undone.")?;
                    game.draw(&mut out, history.len())?;
                }
                None => writeln!(out, "Nothing to undo: this is the start.")?,
            },
            Command::Move(text) => {
                let before = game.clone();
                match game.try_move(text, history.is_empty()) {
                    Err(why) => writeln!(out, "Refused: {why}")?,
                    Ok(did) => {
                        history.push(before);
                        writeln!(out, "{did}")?;
                        game.draw(&mut out, history.len())?;
                        if game.is_start() {
                            return announce_end(
                                &mut out,
                                G::GAME,
                                size.0,
                                size.1,
                                history.len() as u64,
                            );
                        }
                    }
                }
            }
        }
        prompt(&mut out, history.len() + 1)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Input ended after {}.",
        plural(history.len() as u64, "move")
    )?;
    Ok(())
}

/// Reads the pits of a move: letters, capital for South, small for North, in any order, with
/// or without spaces.
fn parse_pits(text: &str, pits: usize) -> Result<(Option<usize>, Option<usize>), String> {
    let (mut south, mut north) = (None, None);
    for c in text.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        let (slot, idx) = match c {
            'A'..='Z' => (&mut south, c as usize - 'A' as usize),
            'a'..='z' => (&mut north, c as usize - 'a' as usize),
            _ => {
                return Err(format!(
                    "'{c}' is not a pit: South's pits are A to {}, North's a to {}",
                    pit_letter(false, pits - 1),
                    pit_letter(true, pits - 1)
                ));
            }
        };
        if idx >= pits {
            let (who, first) = if c.is_ascii_uppercase() {
                ("South", 'A')
            } else {
                ("North", 'a')
            };
            return Err(format!(
                "{who} has no pit {c}: his pits are {first} to {}",
                pit_letter(c.is_ascii_lowercase(), pits - 1)
            ));
        }
        if slot.is_some() {
            let who = if c.is_ascii_uppercase() {
                "South"
            } else {
                "North"
            };
            return Err(format!(
                "{who} is named twice: a move is one pit for each player"
            ));
        }
        *slot = Some(idx);
    }
    Ok((south, north))
}

/// North's row on top as South sees it (North's right-most pit opposite A).
fn draw_el_mirall(out: &mut impl Write, g: &ElMirall, moves: usize) -> anyhow::Result<()> {
    let n = g.pits();
    let w = g
        .south()
        .iter()
        .chain(g.north())
        .map(|c| c.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let cell = |s: String| format!(" {s:>w$}");
    let north_letters: String = (0..n).rev().map(|i| cell(pit_letter(true, i))).collect();
    let north_counts: String = (0..n)
        .rev()
        .map(|i| cell(g.north()[i].to_string()))
        .collect();
    let south_counts: String = (0..n).map(|i| cell(g.south()[i].to_string())).collect();
    let south_letters: String = (0..n).map(|i| cell(pit_letter(false, i))).collect();
    writeln!(out)?;
    writeln!(out, "Move {moves}")?;
    writeln!(out, "       {north_letters}")?;
    writeln!(out, "North: {north_counts}")?;
    writeln!(out, "South: {south_counts}")?;
    writeln!(out, "       {south_letters}")?;
    Ok(())
}

const STONES_HELP: &str = "\
Stones in cups: the cups stand in a circle, numbered clockwise from 0.
  A move empties a cup and sows its stones one by one clockwise, starting with the next cup
  (going round as often as needed, the emptied cup included).
  The first move empties cup 0; every later move empties the cup where the last stone fell.
  The game ends when every cup again holds as many stones as at the start, cup 0 to play.
Type the number of the cup to empty, e.g. `0`.
  u  undo the last move      h or ?  this help      q  quit";

fn draw_stones(out: &mut impl Write, g: &Cups, moves: usize) -> anyhow::Result<()> {
    let n = g.cups();
    let w = g
        .board()
        .iter()
        .map(|c| c.to_string().len())
        .max()
        .unwrap_or(1)
        .max((n - 1).to_string().len());
    let cups: String = (0..n).map(|i| format!(" {i:>w$}")).collect();
    let counts: String = g.board().iter().map(|c| format!(" {c:>w$}")).collect();
    writeln!(out)?;
    writeln!(out, "Move {moves}")?;
    writeln!(out, "cup:   {cups}")?;
    writeln!(out, "stones:{counts}")?;
    Ok(())
}
