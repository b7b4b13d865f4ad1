//! The mancala solitaires El mirall and Stones in cups.
//!
//! - [`el_mirall`] and [`stones`]: each game step by step (for play, traces and reverse sowing),
//!   the straightforward simulation kept as the reference, and the fast exact cycle counts.
//! - [`table`]: whole tables of cycle lengths, computed in parallel, in several formats.
//! - [`plot`]: the tables drawn as SVG.
//! - [`numtheory`]: gcd and multiplicative order for the closed forms.
//!
//! No I/O happens here: long computations take a [`Control`] that can stop them and receive
//! progress reports, and the caller decides what to show.

pub mod el_mirall;
pub mod numtheory;
pub mod plot;
pub mod stones;
pub mod table;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

/// Moves simulated between two looks at the stop flag and two progress reports.
pub const CHUNK: u64 = 1 << 22;

/// One move of a solitaire as it is drawn: the cells emptied and, for each, the cells its
/// seeds fall into in order (El mirall: South's sowing then North's; Stones in cups: one).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Sowing {
    pub emptied: Vec<usize>,
    pub paths: Vec<Vec<usize>>,
}

/// The two solitaires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Solitaire {
    /// El mirall: two rows, each player sows his own row, North mirroring South.
    ElMirall,
    /// Stones in cups (Cipra's problem 1388): one circle of cups.
    StonesInCups,
}

impl Solitaire {
    /// Both solitaires, in the order they are listed.
    pub const ALL: [Solitaire; 2] = [Solitaire::ElMirall, Solitaire::StonesInCups];

    /// Every solitaire's id (what a two-player front end refuses: `mancala_core::load_rules`).
    pub const IDS: [&'static str; 2] = [Solitaire::ElMirall.id(), Solitaire::StonesInCups.id()];

    /// The seed document's table of cycle lengths: rows by the first size parameter (pits)
    /// for El mirall, by stones for Stones in cups; see [`el_mirall::SEED_TABLE`] and
    /// [`stones::SEED_TABLE`].
    pub fn seed_table(self) -> Vec<Vec<u64>> {
        match self {
            Solitaire::ElMirall => el_mirall::SEED_TABLE.iter().map(|r| r.to_vec()).collect(),
            Solitaire::StonesInCups => stones::SEED_TABLE.iter().map(|r| r.to_vec()).collect(),
        }
    }

    /// The game id of NOTATION.md.
    pub const fn id(self) -> &'static str {
        match self {
            Solitaire::ElMirall => "el-mirall",
            Solitaire::StonesInCups => "stones-in-cups",
        }
    }

    /// The readable name.
    pub fn name(self) -> &'static str {
        match self {
            Solitaire::ElMirall => "El mirall",
            Solitaire::StonesInCups => "Stones in cups",
        }
    }

    /// The names of the two size parameters: (pits or cups, seeds or stones).
    pub fn size_names(self) -> (&'static str, &'static str) {
        match self {
            Solitaire::ElMirall => ("pits", "seeds"),
            Solitaire::StonesInCups => ("cups", "stones"),
        }
    }

    /// The default size: the seed game 6×4 for El mirall, 5 cups of 2 stones for Stones in cups.
    pub fn default_size(self) -> (u64, u64) {
        match self {
            Solitaire::ElMirall => (6, 4),
            Solitaire::StonesInCups => (5, 2),
        }
    }

    /// The exact cycle length by the fastest applicable method.
    pub fn cycle(self, n: u64, k: u64, ctl: &Control) -> Result<u64, CycleError> {
        self.cycle_with(Method::Auto, n, k, ctl)
    }

    /// The exact cycle length by the given method.
    pub fn cycle_with(
        self,
        method: Method,
        n: u64,
        k: u64,
        ctl: &Control,
    ) -> Result<u64, CycleError> {
        match self {
            Solitaire::ElMirall => el_mirall::cycle_with(method, n, k, ctl),
            Solitaire::StonesInCups => stones::cycle_with(method, n, k, ctl),
        }
    }
}

impl fmt::Display for Solitaire {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Solitaire {
    type Err = CycleError;
    fn from_str(s: &str) -> Result<Self, CycleError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "el-mirall" => Ok(Solitaire::ElMirall),
            "stones-in-cups" => Ok(Solitaire::StonesInCups),
            other => Err(CycleError::UnknownGame(other.to_string())),
        }
    }
}

/// How to count a cycle. Every method gives the same exact number where it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The fastest method that applies.
    Auto,
    /// The straightforward simulation: sow seed by seed, compare the whole state with the start.
    Reference,
    /// A simulation costing O(1) a move (El mirall: difference array; Stones in cups: a board
    /// packed into one machine word, or a general path for large boards), run to the start.
    Simulation,
    /// Stones in cups only: simulate to the first move that picks up every stone, then
    /// a(n,k) = m·n/gcd(n,r).
    Shortcut,
    /// A proved closed form (El mirall with 1 or 2 pits; Stones in cups with 1 or 2 cups).
    ClosedForm,
}

impl Method {
    /// All methods, for listings and tests.
    pub const ALL: [Method; 5] = [
        Method::Auto,
        Method::Reference,
        Method::Simulation,
        Method::Shortcut,
        Method::ClosedForm,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Reference => "reference",
            Method::Simulation => "simulation",
            Method::Shortcut => "shortcut",
            Method::ClosedForm => "closed-form",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = CycleError;
    fn from_str(s: &str) -> Result<Self, CycleError> {
        Method::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| CycleError::UnknownMethod(s.to_string()))
    }
}

/// Why a cycle length could not be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CycleError {
    #[error("unknown solitaire '{0}' (expected el-mirall or stones-in-cups)")]
    UnknownGame(String),
    #[error("unknown method '{0}' (expected auto, reference, simulation, shortcut or closed-form)")]
    UnknownMethod(String),
    #[error("{what} must be at least 1")]
    Zero { what: &'static str },
    #[error("{what} = {value} is too large: {why}")]
    TooLarge {
        what: &'static str,
        value: u64,
        why: &'static str,
    },
    #[error("the cycle length does not fit in 64 bits")]
    Overflow,
    #[error("the method {method} does not apply here: {why}")]
    NotApplicable { method: Method, why: &'static str },
    #[error("interrupted after {moves} moves")]
    Interrupted { moves: u64 },
}

/// A long computation's link to its caller: a stop flag and a progress report.
/// The report receives the moves simulated so far (for one cycle) or the cells done (for a table).
#[derive(Default, Clone, Copy)]
pub struct Control<'a> {
    pub stop: Option<&'a AtomicBool>,
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
}

impl<'a> Control<'a> {
    /// No stop flag, no progress report.
    pub const NONE: Control<'static> = Control {
        stop: None,
        progress: None,
    };

    /// Called every [`CHUNK`] moves: reports progress, then fails if a stop was asked for.
    #[inline]
    pub fn checkpoint(&self, moves: u64) -> Result<(), CycleError> {
        if let Some(p) = self.progress {
            p(moves);
        }
        match self.stop {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(CycleError::Interrupted { moves }),
            _ => Ok(()),
        }
    }

    /// Whether a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// Checks a size: both at least 1, and the total `n·k` within 64 bits.
pub(crate) fn check_size(game: Solitaire, n: u64, k: u64) -> Result<u64, CycleError> {
    let (nn, kn) = game.size_names();
    if n == 0 {
        return Err(CycleError::Zero { what: nn });
    }
    if k == 0 {
        return Err(CycleError::Zero { what: kn });
    }
    n.checked_mul(k).ok_or(CycleError::TooLarge {
        what: nn,
        value: n,
        why: "the number of seeds on the board does not fit in 64 bits",
    })
}

/// The size of a board that simulations must hold in memory (pits or cups).
pub const MAX_BOARD: u64 = 1 << 28;

/// The largest sizes the web page offers (pits or cups, seeds or stones): boards it draws and
/// steps through in the browser.
pub const PAGE_MAX_PITS: u64 = 12;
pub const PAGE_MAX_SEEDS: u64 = 12;

/// The largest number of seeds (or stones) a pit of a game played move by move in the terminal.
pub const PLAY_MAX_SEEDS: u64 = 1_000_000;

impl Solitaire {
    /// The largest size of a game played move by move in the terminal: El mirall's pits are
    /// named by letters, so at most 26 a row; at most 100 cups of stones, in one line.
    pub fn play_max_size(self) -> (u64, u64) {
        match self {
            Solitaire::ElMirall => (26, PLAY_MAX_SEEDS),
            Solitaire::StonesInCups => (100, PLAY_MAX_SEEDS),
        }
    }
}

/// `n` cells (`what`: pits or cups) as a board size, refused beyond [`MAX_BOARD`].
pub(crate) fn check_board(n: u64, what: &'static str) -> Result<usize, CycleError> {
    if n > MAX_BOARD {
        return Err(CycleError::TooLarge {
            what,
            value: n,
            why: "the board must fit in memory",
        });
    }
    Ok(n as usize)
}

/// The reference count: `step` until `is_start`, a move at a time, with a look at `ctl` every
/// [`CHUNK`] moves.
pub(crate) fn moves_to_start<G>(
    g: &mut G,
    step: impl Fn(&mut G),
    is_start: impl Fn(&G) -> bool,
    ctl: &Control,
) -> Result<u64, CycleError> {
    let mut moves = 0u64;
    // On a huge board a move takes long: the checkpoint also comes when a tenth of a second
    // has passed (looked at every 64 moves), so Ctrl-C and the progress line still answer.
    let mut last = std::time::Instant::now();
    loop {
        step(g);
        moves = moves.checked_add(1).ok_or(CycleError::Overflow)?;
        if is_start(g) {
            return Ok(moves);
        }
        if moves.is_multiple_of(CHUNK)
            || (moves.is_multiple_of(64) && last.elapsed() >= std::time::Duration::from_millis(100))
        {
            ctl.checkpoint(moves)?;
            last = std::time::Instant::now();
        }
    }
}

/// What is wrong with a state written on the command line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    #[error("empty state")]
    Empty,
    #[error("field {field} ('{text}') is not a whole number")]
    NotANumber { field: usize, text: String },
    #[error("{0}")]
    Impossible(String),
}

/// Parses counts joined by `-`, naming the first faulty field (1-based).
pub(crate) fn parse_counts(s: &str) -> Result<Vec<u64>, StateError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(StateError::Empty);
    }
    s.split('-')
        .enumerate()
        .map(|(i, t)| {
            t.trim().parse::<u64>().map_err(|_| StateError::NotANumber {
                field: i + 1,
                text: t.to_string(),
            })
        })
        .collect()
}

/// Counts joined by `-`.
pub(crate) fn join_counts(c: &[u64]) -> String {
    let parts: Vec<String> = c.iter().map(u64::to_string).collect();
    parts.join("-")
}

/// What the two solitaires' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A count of the moves until the start recurs, for `n` pits (or cups) of `k` seeds.
    pub(crate) type Count<'a> = &'a dyn Fn(u64, u64) -> Result<u64, CycleError>;

    /// The seed document's table of `game`, in its layout (El mirall: a row a number of pits;
    /// Stones in cups: a row a number of stones), holds `reference`'s counts.
    pub(crate) fn seed_table_is(game: Solitaire, reference: Count) {
        for (i, row) in game.seed_table().iter().enumerate() {
            for (j, &want) in row.iter().enumerate() {
                let (r, c) = (i as u64 + 1, j as u64 + 1);
                let (n, k) = match game {
                    Solitaire::ElMirall => (r, c),
                    Solitaire::StonesInCups => (c, r),
                };
                assert_eq!(reference(n, k), Ok(want), "{game} n={n} k={k}");
            }
        }
    }

    /// Up to 8 × 8, every one of `fast` (its name and count) gives `reference`'s count, and so
    /// do `closed_form` for 1 and 2 pits (or cups) and `game`'s automatic choice of method.
    pub(crate) fn fast_methods_agree(
        game: Solitaire,
        reference: Count,
        closed_form: Count,
        fast: &[(&str, Count)],
    ) {
        for n in 1..=8 {
            for k in 1..=8 {
                let want = reference(n, k).unwrap();
                for (name, count) in fast {
                    assert_eq!(count(n, k), Ok(want), "{name} n={n} k={k}");
                }
                if n <= 2 {
                    assert_eq!(closed_form(n, k), Ok(want), "closed form n={n} k={k}");
                }
                assert_eq!(
                    game.cycle_with(Method::Auto, n, k, &Control::NONE),
                    Ok(want)
                );
            }
        }
    }

    /// Each of `texts` is refused as a state that cannot be.
    pub(crate) fn impossible<T: FromStr<Err = StateError> + fmt::Debug>(texts: &[&str]) {
        for text in texts {
            assert!(
                matches!(text.parse::<T>(), Err(StateError::Impossible(_))),
                "{text}: {:?}",
                text.parse::<T>()
            );
        }
    }
}
