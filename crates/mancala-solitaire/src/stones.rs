//! Stones in cups (Cipra's problem 1388): n cups in a circle, k stones a cup. The first move
//! empties cup 0; each later move empties the cup that received the last stone of the move
//! before, sowing its stones one by one clockwise from the next cup, never skipping the origin.
//! A state is the board and the cup to play next; a(n,k) counts the moves until the start state
//! (all cups k, cup 0 to play) recurs.
//!
//! Facts the fast counts rest on (proved in docs/solitaires.md):
//! - A move can be undone (reverse sowing, [`Cups::predecessor`]), so the moves permute the
//!   states and the start recurs. The start's only predecessor holds all n·k stones in cup 0.
//! - Turning the board by one cup commutes with a move. If the first move that picks up all
//!   n·k stones is move m, from cup r, then a(n,k) = m·n/gcd(n,r).
//! - a(1,k) = 1 and a(2,k) is the multiplicative order of 2 modulo 4k+1.

use crate::el_mirall::WrongPit;
use crate::numtheory::{gcd, multiplicative_order};
use crate::{CHUNK, Control, CycleError, Method, Solitaire, StateError, check_size};
use std::fmt;
use std::str::FromStr;

/// A state of Stones in cups: the board (cup 0 first, clockwise) and the cup to play next.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cups {
    board: Vec<u64>,
    next: usize,
    stones: u64,
}

impl Cups {
    /// The start: `cups` cups of `stones` stones, cup 0 to play.
    pub fn start(cups: usize, stones: u64) -> Self {
        assert!(
            cups >= 1 && stones >= 1,
            "Stones in cups needs at least 1 cup and 1 stone"
        );
        Cups {
            board: vec![stones; cups],
            next: 0,
            stones,
        }
    }

    /// The number of cups.
    pub fn cups(&self) -> usize {
        self.board.len()
    }

    /// Stones a cup held at the start.
    pub fn stones(&self) -> u64 {
        self.stones
    }

    /// The board, cup 0 first.
    pub fn board(&self) -> &[u64] {
        &self.board
    }

    /// The cup to play next.
    pub fn next_cup(&self) -> usize {
        self.next
    }

    /// Whether this is the start state.
    pub fn is_start(&self) -> bool {
        self.next == 0 && self.board.iter().all(|&c| c == self.stones)
    }

    /// Plays one move stone by stone; returns the cup emptied.
    pub fn step(&mut self) -> usize {
        self.step_with(|_| {})
    }

    /// Plays one move and returns it as it is drawn: the cup emptied and the cups each stone
    /// falls into, in order.
    pub fn sow(&mut self) -> crate::Sowing {
        let mut path = Vec::new();
        let p = self.step_with(|cup| path.push(cup));
        crate::Sowing {
            emptied: vec![p],
            paths: vec![path],
        }
    }

    /// One move, calling `stone` with the cup of each stone sown, in order.
    #[inline(always)]
    fn step_with(&mut self, mut stone: impl FnMut(usize)) -> usize {
        let n = self.cups();
        let p = self.next;
        let s = std::mem::take(&mut self.board[p]);
        let mut j = p;
        for _ in 0..s {
            j = if j + 1 == n { 0 } else { j + 1 };
            self.board[j] += 1;
            stone(j);
        }
        self.next = j;
        p
    }

    /// Checks the cup a player named; `first` tells whether no move has been made yet.
    pub fn check_cup(&self, cup: usize, first: bool) -> Result<(), WrongPit> {
        let n = self.cups();
        if cup >= n {
            return Err(WrongPit(format!(
                "there is no cup {cup}: the cups are 0 to {}",
                n - 1
            )));
        }
        if cup == self.next {
            return Ok(());
        }
        if first {
            Err(WrongPit(format!(
                "cup {cup} is not the one: the first move empties cup 0 (every cup would give the same count, so the rules fix cup 0)"
            )))
        } else {
            Err(WrongPit(format!(
                "cup {cup} is not the one: the last stone of the previous move fell into cup {0}, so cup {0} is emptied next",
                self.next
            )))
        }
    }

    /// The state one move before this one, by reverse sowing: walk counter-clockwise from the
    /// cup to play, taking one stone from each cup, until reaching an empty cup; put every stone
    /// taken into it; that cup is the one played. The predecessor is unique.
    pub fn predecessor(&self) -> Cups {
        let n = self.cups();
        let mut board = self.board.clone();
        let mut j = self.next;
        let mut hand = 0u64;
        while board[j] > 0 {
            board[j] -= 1;
            hand += 1;
            j = if j == 0 { n - 1 } else { j - 1 };
        }
        board[j] = hand;
        Cups {
            board,
            next: j,
            stones: self.stones,
        }
    }
}

impl fmt::Display for Cups {
    /// The counts from cup 0 joined by `-`, then `@` and the cup to play: `0-2@1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", crate::join_counts(&self.board), self.next)
    }
}

impl FromStr for Cups {
    type Err = StateError;
    /// `c0-c1-...@p`: the counts from cup 0 clockwise and the cup to play, which must hold a
    /// stone (it received the last stone sown); the total must be n·k for a whole k ≥ 1.
    fn from_str(s: &str) -> Result<Self, StateError> {
        let (counts, cup) = s.trim().split_once('@').ok_or_else(|| {
            StateError::Impossible(format!(
                "a Stones in cups state is the counts from cup 0 then @ and the cup to play, e.g. 0-2@1, not '{s}'"
            ))
        })?;
        let board = crate::parse_counts(counts)?;
        let n = board.len();
        let next: usize = cup.trim().parse().map_err(|_| StateError::NotANumber {
            field: n + 1,
            text: cup.to_string(),
        })?;
        if next >= n {
            return Err(StateError::Impossible(format!(
                "the cup to play is {next}, but the cups are 0 to {}",
                n - 1
            )));
        }
        if board[next] == 0 {
            return Err(StateError::Impossible(format!(
                "cup {next} is empty, but the cup to play holds the last stone sown"
            )));
        }
        let total = board
            .iter()
            .try_fold(0u64, |a, &b| a.checked_add(b))
            .ok_or_else(|| StateError::Impossible("too many stones".into()))?;
        if total % n as u64 != 0 {
            return Err(StateError::Impossible(format!(
                "{n} cups must hold n·k stones for some k ≥ 1, not {total}"
            )));
        }
        Ok(Cups {
            board,
            next,
            stones: total / n as u64,
        })
    }
}

/// The cycle length a(n,k) by the given method.
pub fn cycle_with(method: Method, n: u64, k: u64, ctl: &Control) -> Result<u64, CycleError> {
    check_size(Solitaire::StonesInCups, n, k)?;
    match method {
        Method::Auto if n <= 2 => closed_form(n, k),
        Method::Auto | Method::Shortcut => shortcut(n, k, Engine::Auto, ctl),
        Method::Simulation => simulation(n, k, Engine::Auto, ctl),
        Method::Reference => reference(n, k, ctl),
        Method::ClosedForm => closed_form(n, k),
    }
}

/// The straightforward simulation: stone by stone, the whole state compared with the start
/// after every move.
pub fn reference(n: u64, k: u64, ctl: &Control) -> Result<u64, CycleError> {
    check_size(Solitaire::StonesInCups, n, k)?;
    let mut c = Cups::start(crate::check_board(n, "cups")?, k);
    crate::moves_to_start(
        &mut c,
        |g| {
            g.step();
        },
        Cups::is_start,
        ctl,
    )
}

/// The closed forms: a(1,k) = 1, a(2,k) = ord_{4k+1}(2).
pub fn closed_form(n: u64, k: u64) -> Result<u64, CycleError> {
    check_size(Solitaire::StonesInCups, n, k)?;
    match n {
        1 => Ok(1),
        2 => {
            let m =
                k.checked_mul(4)
                    .and_then(|x| x.checked_add(1))
                    .ok_or(CycleError::TooLarge {
                        what: "stones",
                        value: k,
                        why: "4k+1 must fit in 64 bits",
                    })?;
            Ok(multiplicative_order(2, m).expect("4k+1 is odd"))
        }
        _ => Err(CycleError::NotApplicable {
            method: Method::ClosedForm,
            why: "Stones in cups has closed forms for 1 and 2 cups only",
        }),
    }
}

/// Which board representation a simulation uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Packed when the board fits a machine word, general otherwise.
    Auto,
    /// One machine word, one lane a cup: fails if the board does not fit.
    Packed,
    /// A vector of counts with a shared offset for full laps: O(min(s, n)) a move.
    General,
}

/// Simulates to the start (the first move that picks up all n·k stones from cup 0).
pub fn simulation(n: u64, k: u64, engine: Engine, ctl: &Control) -> Result<u64, CycleError> {
    run(n, k, engine, false, ctl).map(|(m, _)| m)
}

/// Simulates to the first move m that picks up all n·k stones, from cup r, and returns
/// a(n,k) = m·n/gcd(n,r).
pub fn shortcut(n: u64, k: u64, engine: Engine, ctl: &Control) -> Result<u64, CycleError> {
    let (m, r) = first_full_pickup(n, k, engine, ctl)?;
    m.checked_mul(n / gcd(n, r as u64))
        .ok_or(CycleError::Overflow)
}

/// The first move that picks up all n·k stones, and the cup it empties.
pub fn first_full_pickup(
    n: u64,
    k: u64,
    engine: Engine,
    ctl: &Control,
) -> Result<(u64, usize), CycleError> {
    run(n, k, engine, true, ctl)
}

/// Byte lanes need every count ≤ 255, 16-bit lanes ≤ 65535; the per-move table holds one
/// word for each (cup, count) pair and must stay small enough to live in cache.
const MAX_TABLE: u64 = 1 << 20;

fn run(
    n: u64,
    k: u64,
    engine: Engine,
    any_cup: bool,
    ctl: &Control,
) -> Result<(u64, usize), CycleError> {
    let total = check_size(Solitaire::StonesInCups, n, k)?;
    let nu = crate::check_board(n, "cups")?;
    let table = n.saturating_mul(total.saturating_add(1));
    let packed = table <= MAX_TABLE && ((total <= 0xFF && n <= 16) || (total <= 0xFFFF && n <= 8));
    match engine {
        Engine::Packed if !packed => Err(CycleError::NotApplicable {
            method: Method::Simulation,
            why: "the packed board needs at most 16 cups of at most 255 stones (or 8 of 65535)",
        }),
        Engine::Packed | Engine::Auto if packed => {
            if total <= 0xFF && n <= 8 {
                packed_u64(nu, total, 8, any_cup, ctl)
            } else if total <= 0xFF {
                packed_u128(nu, total, 8, any_cup, ctl)
            } else if n <= 4 {
                packed_u64(nu, total, 16, any_cup, ctl)
            } else {
                packed_u128(nu, total, 16, any_cup, ctl)
            }
        }
        _ => general(nu, k, total, any_cup, ctl),
    }
}

macro_rules! packed_sim {
    ($name:ident, $w:ty) => {
        /// The packed simulation: the board in one word, one lane of `lane` bits a cup. A move
        /// reads the lane of the cup played and adds one precomputed word that empties that lane
        /// and adds the full laps and the one-stone stretch (no lane ever borrows or carries, as
        /// every count stays within its lane): O(1) whatever the number of stones sown.
        fn $name(
            n: usize,
            total: u64,
            lane: usize,
            any_cup: bool,
            ctl: &Control,
        ) -> Result<(u64, usize), CycleError> {
            /// What sowing `s` stones from cup `p` does: the word to add, and where the next move
            /// reads (its row of the table and its lane).
            #[derive(Clone, Copy)]
            struct Step {
                delta: $w,
                next_row: u32,
                next_shift: u32,
            }
            let mask: $w = (1 << lane) - 1;
            let ones: $w = (0..n).fold(0, |acc, j| acc | (1 << (lane * j)));
            let stride = total as usize + 1;
            let mut table: Vec<Step> = Vec::with_capacity(n * stride);
            for p in 0..n {
                let mut stretch: Vec<$w> = vec![0; n];
                for r in 1..n {
                    stretch[r] = stretch[r - 1] | (1 << (lane * ((p + r) % n)));
                }
                for s in 0..stride {
                    let add = (s / n) as $w * ones + stretch[s % n];
                    let next = (p + s) % n;
                    table.push(Step {
                        delta: add.wrapping_sub((s as $w) << (lane * p)),
                        next_row: (next * stride) as u32,
                        next_shift: (next * lane) as u32,
                    });
                }
            }
            let total_us = total as usize;
            let mut board: $w = (total / n as u64) as $w * ones;
            let mut row = 0usize;
            let mut shift = 0u32;
            let mut moves = 0u64;
            loop {
                let limit = moves.checked_add(CHUNK).unwrap_or(u64::MAX);
                while moves < limit {
                    let s = (Lanes::lane(board, shift) & mask as u64) as usize;
                    moves += 1;
                    if s == total_us && (any_cup || shift == 0) {
                        return Ok((moves, shift as usize / lane));
                    }
                    let step = table[row + s];
                    board = board.wrapping_add(step.delta);
                    row = step.next_row as usize;
                    shift = step.next_shift;
                }
                if moves == u64::MAX {
                    return Err(CycleError::Overflow);
                }
                ctl.checkpoint(moves)?;
            }
        }
    };
}

/// Reading one lane of a packed board.
trait Lanes {
    /// The bits from `shift` up (the caller masks them to a lane).
    fn lane(self, shift: u32) -> u64;
}

impl Lanes for u64 {
    #[inline(always)]
    fn lane(self, shift: u32) -> u64 {
        self >> shift
    }
}

impl Lanes for u128 {
    /// Lanes never straddle the two halves, so one 64-bit shift of the right half does: cheaper
    /// than a variable 128-bit shift on the critical path of every move.
    #[inline(always)]
    fn lane(self, shift: u32) -> u64 {
        let half = if shift < 64 {
            self as u64
        } else {
            (self >> 64) as u64
        };
        half >> (shift & 63)
    }
}

packed_sim!(packed_u64, u64);
packed_sim!(packed_u128, u128);

/// Any size: counts kept as `base[j] + laps` (wrapping arithmetic, exact values), so a move
/// costs the one-stone stretch only, at most n-1 cups.
fn general(
    n: usize,
    k: u64,
    total: u64,
    any_cup: bool,
    ctl: &Control,
) -> Result<(u64, usize), CycleError> {
    let nn = n as u64;
    let mut base = vec![k; n];
    let mut laps = 0u64;
    let mut p = 0usize;
    let mut moves = 0u64;
    loop {
        let limit = moves.saturating_add(CHUNK);
        while moves < limit {
            let s = base[p].wrapping_add(laps);
            moves += 1;
            if s == total && (any_cup || p == 0) {
                return Ok((moves, p));
            }
            let q = s / nn;
            let r = (s % nn) as usize;
            laps = laps.wrapping_add(q);
            base[p] = q.wrapping_sub(laps);
            let first = (n - 1 - p).min(r);
            for c in &mut base[p + 1..p + 1 + first] {
                *c = c.wrapping_add(1);
            }
            for c in &mut base[..r - first] {
                *c = c.wrapping_add(1);
            }
            p = (p + r) % n;
        }
        if moves == u64::MAX {
            return Err(CycleError::Overflow);
        }
        ctl.checkpoint(moves)?;
    }
}

/// The seed document's table (Cipra's problem 1388): rows k = 1 to 5 stones a cup, columns
/// n = 1 to 5 cups.
pub const SEED_TABLE: [[u64; 5]; 5] = [
    [1, 4, 15, 12, 75],
    [1, 6, 21, 164, 115],
    [1, 12, 45, 164, 260],
    [1, 8, 132, 124, 3825],
    [1, 6, 48, 1580, 1966],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{fast_methods_agree, impossible, seed_table_is};

    /// The seed's table: rows k = 1..5, columns n = 1..5.
    #[test]
    fn seed_table_by_reference() {
        seed_table_is(Solitaire::StonesInCups, &|n, k| {
            reference(n, k, &Control::NONE)
        });
    }

    #[test]
    fn ruling_check_two_cups_one_stone() {
        let mut c = Cups::start(2, 1);
        let mut seen = vec![c.to_string()];
        for _ in 0..4 {
            c.step();
            seen.push(c.to_string());
        }
        assert_eq!(seen, ["1-1@0", "0-2@1", "1-1@1", "2-0@0", "1-1@0"]);
    }

    #[test]
    fn fast_methods_agree_with_reference() {
        let ctl = &Control::NONE;
        fast_methods_agree(
            Solitaire::StonesInCups,
            &|n, k| reference(n, k, ctl),
            &closed_form,
            &[
                ("sim Packed", &|n, k| simulation(n, k, Engine::Packed, ctl)),
                ("sim General", &|n, k| {
                    simulation(n, k, Engine::General, ctl)
                }),
                ("shortcut Packed", &|n, k| {
                    shortcut(n, k, Engine::Packed, ctl)
                }),
                ("shortcut General", &|n, k| {
                    shortcut(n, k, Engine::General, ctl)
                }),
            ],
        );
    }

    #[test]
    fn wide_lanes_and_general_path_agree() {
        // 16-bit lanes (total > 255) in both word sizes, against the general path.
        for (n, k) in [(2, 130), (3, 86), (4, 66), (5, 53)] {
            let g = first_full_pickup(n, k, Engine::General, &Control::NONE).unwrap();
            assert_eq!(
                first_full_pickup(n, k, Engine::Packed, &Control::NONE).unwrap(),
                g,
                "n={n} k={k}"
            );
        }
        // More than 16 cups: only the general path.
        assert!(first_full_pickup(17, 1, Engine::Packed, &Control::NONE).is_err());
    }

    #[test]
    fn two_cup_closed_form_holds_far() {
        for k in 1..=200 {
            assert_eq!(
                closed_form(2, k),
                shortcut(2, k, Engine::General, &Control::NONE),
                "k={k}"
            );
        }
    }

    #[test]
    fn predecessor_undoes_a_move() {
        let mut c = Cups::start(5, 3);
        for _ in 0..500 {
            let before = c.clone();
            c.step();
            assert_eq!(c.predecessor(), before);
        }
        assert_eq!(Cups::start(3, 2).predecessor().to_string(), "6-0-0@0");
    }

    #[test]
    fn state_round_trip_and_errors() {
        let c: Cups = "0-2@1".parse().unwrap();
        assert_eq!(c.to_string(), "0-2@1");
        assert_eq!(c.stones(), 1);
        impossible::<Cups>(&["0-2", "0-2@0", "0-2@2", "0-3@1"]);
        assert!(matches!(
            "0-y@1".parse::<Cups>(),
            Err(StateError::NotANumber { field: 2, .. })
        ));
        assert!(matches!(
            "0-2@x".parse::<Cups>(),
            Err(StateError::NotANumber { field: 3, .. })
        ));
    }

    #[test]
    fn wrong_cup_is_explained() {
        let mut c = Cups::start(3, 1);
        assert!(
            c.check_cup(1, true)
                .unwrap_err()
                .0
                .contains("first move empties cup 0")
        );
        c.step();
        assert_eq!(c.next_cup(), 1);
        assert_eq!(
            c.check_cup(2, false).unwrap_err().0,
            "cup 2 is not the one: the last stone of the previous move fell into cup 1, so cup 1 is emptied next"
        );
        assert!(c.check_cup(5, false).unwrap_err().0.contains("no cup 5"));
        assert!(c.check_cup(1, false).is_ok());
    }
}
