//! El mirall ("the mirror"): two rows of n pits, k seeds a pit. Each player sows only his own
//! row and has no choice: South takes his left-most occupied pit and sows it to the right, one
//! seed a pit starting with the next pit, wrapping from his right end to his left end; North
//! mirrors him (right-most occupied pit, sowing to his left). A move is one sowing by each; the
//! game ends when both rows are back at the start.
//!
//! Rows are kept in the Aualé order of NOTATION.md: South's pits A, B, ... from South's left,
//! North's pits a, b, ... from North's left. North's right-most pit is the last letter, opposite
//! A, so North's row read a, b, ... is always South's row read backwards.
//!
//! Facts the fast counts rest on (proved in docs/solitaires.md):
//! - North's row is the mirror image of South's at every move, so the game's cycle is the cycle
//!   of South's row alone.
//! - The start's only predecessors hold every seed in one pit; so the start recurs exactly at
//!   the first move that picks up all n·k seeds, and it always does (the right-most pit never
//!   loses seeds until it holds them all).
//! - With 1 pit the cycle is 1; with 2 pits it is floor(log2 k) + 2.

use crate::{CHUNK, Control, CycleError, Method, Solitaire, StateError, check_size};
use std::fmt;
use std::str::FromStr;

/// The letter of pit `i` of a row: `A..` for South, `a..` for North (for rows of at most 26).
pub fn pit_letter(north: bool, i: usize) -> String {
    if i < 26 {
        let base = if north { b'a' } else { b'A' };
        ((base + i as u8) as char).to_string()
    } else {
        // Past Z: the pit number, 1-based, with the side's mark.
        format!("{}{}", if north { "n" } else { "S" }, i + 1)
    }
}

/// A position of El mirall: both rows, each in Aualé order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ElMirall {
    south: Vec<u64>,
    north: Vec<u64>,
    seeds: u64,
}

/// A sowing refused in play, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WrongPit(pub String);

/// Why a named pit is not the one to sow, as a type a caller (or a translator) can tell apart.
/// Pits are indexes in Aualé order (South's `A` = 0, North's `a` = 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PitRefusal {
    /// The row has no pit `pit` (it has `pits`).
    NoSuchPit {
        north: bool,
        pit: usize,
        pits: usize,
    },
    /// The player must sow `must`, not `pit`; `passed` are the empty pits before `must`
    /// (South from A, North from his right end), and `pit_empty` says `pit` holds no seed.
    NotNext {
        north: bool,
        must: usize,
        pit: usize,
        passed: Vec<usize>,
        pit_empty: bool,
    },
}

impl PitRefusal {
    /// The refusal as a stable code (`no-such-pit`, `not-next-pit`).
    pub fn code(&self) -> &'static str {
        match self {
            PitRefusal::NoSuchPit { .. } => "no-such-pit",
            PitRefusal::NotNext { .. } => "not-next-pit",
        }
    }

    /// Whether the refusal is of North's pit.
    pub fn north(&self) -> bool {
        match *self {
            PitRefusal::NoSuchPit { north, .. } | PitRefusal::NotNext { north, .. } => north,
        }
    }
}

impl std::error::Error for PitRefusal {}

impl fmt::Display for PitRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = if self.north() { "North" } else { "South" };
        match self {
            PitRefusal::NoSuchPit { north, pit, pits } => write!(
                f,
                "{who} has no pit {}: his pits are {} to {}",
                pit_letter(*north, *pit),
                pit_letter(*north, 0),
                pit_letter(*north, pits - 1)
            ),
            PitRefusal::NotNext {
                north,
                must,
                pit,
                passed,
                pit_empty,
            } => {
                let end = if *north { "right-most" } else { "left-most" };
                write!(
                    f,
                    "{who} must sow {}, not {}: ",
                    pit_letter(*north, *must),
                    pit_letter(*north, *pit)
                )?;
                if passed.is_empty() {
                    write!(f, "it is his {end} pit and it holds seeds")?;
                } else {
                    let empty: Vec<String> =
                        passed.iter().map(|&i| pit_letter(*north, i)).collect();
                    write!(
                        f,
                        "it is his {end} pit holding seeds ({} empty)",
                        list(&empty)
                    )?;
                }
                if *pit_empty {
                    write!(f, "; {} is empty", pit_letter(*north, *pit))?;
                }
                Ok(())
            }
        }
    }
}

impl ElMirall {
    /// The start: `pits` pits of `seeds` seeds in each row.
    pub fn start(pits: usize, seeds: u64) -> Self {
        assert!(
            pits >= 1 && seeds >= 1,
            "El mirall needs at least 1 pit and 1 seed"
        );
        ElMirall {
            south: vec![seeds; pits],
            north: vec![seeds; pits],
            seeds,
        }
    }

    /// Pits in a row.
    pub fn pits(&self) -> usize {
        self.south.len()
    }

    /// Seeds a pit held at the start.
    pub fn seeds(&self) -> u64 {
        self.seeds
    }

    /// South's row, A first.
    pub fn south(&self) -> &[u64] {
        &self.south
    }

    /// North's row, a first (North's left).
    pub fn north(&self) -> &[u64] {
        &self.north
    }

    /// Whether both rows are as at the start.
    pub fn is_start(&self) -> bool {
        self.south
            .iter()
            .chain(&self.north)
            .all(|&c| c == self.seeds)
    }

    /// The pit South must sow: his left-most occupied pit.
    pub fn south_pit(&self) -> usize {
        self.south
            .iter()
            .position(|&c| c > 0)
            .expect("a row always holds seeds")
    }

    /// The pit North must sow: his right-most occupied pit (index in Aualé order, a = 0).
    pub fn north_pit(&self) -> usize {
        self.north
            .iter()
            .rposition(|&c| c > 0)
            .expect("a row always holds seeds")
    }

    /// Plays one move (both sowings), seed by seed, and returns the pits sown (South, North).
    pub fn step(&mut self) -> (usize, usize) {
        self.step_with(|_| {})
    }

    /// Plays one move and returns it as it is drawn: the cells emptied and the cells each
    /// seed falls into, South's sowing first (cells as in the state string: South's pits
    /// `0..n`, North's `n..2n`).
    pub fn sow(&mut self) -> crate::Sowing {
        let n = self.pits();
        let mut paths = [Vec::new(), Vec::new()];
        let (i, j) = self.step_with(|cell| paths[usize::from(cell >= n)].push(cell));
        crate::Sowing {
            emptied: vec![i, n + j],
            paths: paths.into(),
        }
    }

    /// One move, calling `seed` with the cell of each seed sown, in order.
    #[inline(always)]
    fn step_with(&mut self, mut seed: impl FnMut(usize)) -> (usize, usize) {
        let n = self.pits();
        let i = self.south_pit();
        let s = std::mem::take(&mut self.south[i]);
        let mut j = i;
        for _ in 0..s {
            j = if j + 1 == n { 0 } else { j + 1 };
            self.south[j] += 1;
            seed(j);
        }
        let i2 = self.north_pit();
        let s = std::mem::take(&mut self.north[i2]);
        let mut j = i2;
        for _ in 0..s {
            j = if j == 0 { n - 1 } else { j - 1 };
            self.north[j] += 1;
            seed(n + j);
        }
        (i, i2)
    }

    /// Checks the pits a player named (`None`: not named) against the rule, explaining a refusal.
    pub fn check_move(&self, south: Option<usize>, north: Option<usize>) -> Result<(), WrongPit> {
        let (si, ni) = (self.south_pit(), self.north_pit());
        let (Some(s), Some(nn)) = (south, north) else {
            return Err(WrongPit(format!(
                "a move is one sowing by each player: name South's pit and North's pit, e.g. `{} {}`",
                pit_letter(false, si),
                pit_letter(true, ni)
            )));
        };
        // A pit past either row is said first, then a wrong pit, South's before North's.
        let checks = [self.check_pit(false, s), self.check_pit(true, nn)];
        let first = checks
            .iter()
            .find(|c| matches!(c, Err(PitRefusal::NoSuchPit { .. })))
            .or_else(|| checks.iter().find(|c| c.is_err()));
        match first {
            Some(Err(e)) => Err(WrongPit(e.to_string())),
            _ => Ok(()),
        }
    }

    /// Checks the pit one player named against the rule: South (`north == false`) must sow
    /// his left-most occupied pit, North his right-most.
    pub fn check_pit(&self, north: bool, pit: usize) -> Result<(), PitRefusal> {
        let n = self.pits();
        if pit >= n {
            return Err(PitRefusal::NoSuchPit {
                north,
                pit,
                pits: n,
            });
        }
        let (must, row) = if north {
            (self.north_pit(), &self.north)
        } else {
            (self.south_pit(), &self.south)
        };
        if pit == must {
            return Ok(());
        }
        // The empty pits passed over on the way to the one to sow, in the order passed.
        let passed: Vec<usize> = if north {
            (must + 1..n).rev().collect()
        } else {
            (0..must).collect()
        };
        Err(PitRefusal::NotNext {
            north,
            must,
            pit,
            // An empty pit already among those passed over is not said twice.
            pit_empty: row[pit] == 0 && !passed.contains(&pit),
            passed,
        })
    }

    /// The pits each player must sow now (South's, North's; in Aualé order, a = 0).
    pub fn next_pits(&self) -> (usize, usize) {
        (self.south_pit(), self.north_pit())
    }

    /// Every position one move before this one (reverse sowing). Several positions may lead to
    /// the same one (the start has one predecessor for each pit: all seeds in that pit), and some
    /// have none.
    pub fn predecessors(&self) -> Vec<ElMirall> {
        south_row_predecessors(&self.south)
            .into_iter()
            .map(|south| {
                let north = south.iter().rev().copied().collect();
                ElMirall {
                    south,
                    north,
                    seeds: self.seeds,
                }
            })
            .collect()
    }
}

fn list(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => format!("{} is", items[0]),
        _ => format!(
            "{} and {} are",
            items[..items.len() - 1].join(", "),
            items[items.len() - 1]
        ),
    }
}

/// The South rows one move before `after`: for each possible origin and count, undo the sowing
/// and keep the rows where South's rule would indeed have chosen that origin.
pub fn south_row_predecessors(after: &[u64]) -> Vec<Vec<u64>> {
    let n = after.len();
    let mut out = Vec::new();
    for i in 0..n {
        // The origin ends with one seed for each full lap: q = s div n.
        let q = after[i];
        'r: for r in 0..n as u64 {
            let Some(s) = q.checked_mul(n as u64).and_then(|x| x.checked_add(r)) else {
                continue;
            };
            if s == 0 {
                continue;
            }
            let mut before = after.to_vec();
            before[i] = s;
            for t in 1..n {
                let j = (i + t) % n;
                let got = q + u64::from((t as u64) <= r);
                match before[j].checked_sub(got) {
                    Some(v) => before[j] = v,
                    None => continue 'r,
                }
                // South sows his left-most occupied pit: every pit left of the origin was empty.
                if j < i && before[j] != 0 {
                    continue 'r;
                }
            }
            out.push(before);
        }
    }
    out
}

impl fmt::Display for ElMirall {
    /// Aualé order: South's pits A.. then North's pits a.., joined by `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut all = self.south.clone();
        all.extend_from_slice(&self.north);
        f.write_str(&crate::join_counts(&all))
    }
}

impl FromStr for ElMirall {
    type Err = StateError;
    /// `S1-...-Sn-N1-...-Nn`: South's row from A, then North's from a; North must mirror South
    /// and each row must hold n·k seeds for a whole k ≥ 1.
    fn from_str(s: &str) -> Result<Self, StateError> {
        let c = crate::parse_counts(s)?;
        if c.len() % 2 != 0 {
            return Err(StateError::Impossible(format!(
                "an El mirall state has an even number of fields (South's pits, then North's), not {}",
                c.len()
            )));
        }
        let n = c.len() / 2;
        let (south, north) = c.split_at(n);
        let mirror: Vec<u64> = south.iter().rev().copied().collect();
        if north != mirror.as_slice() {
            return Err(StateError::Impossible(format!(
                "North's row must mirror South's: with South {} North must be {}",
                crate::join_counts(south),
                crate::join_counts(&mirror)
            )));
        }
        let total = south
            .iter()
            .try_fold(0u64, |a, &b| a.checked_add(b))
            .ok_or_else(|| StateError::Impossible("too many seeds".into()))?;
        if total == 0 || total % n as u64 != 0 {
            return Err(StateError::Impossible(format!(
                "a row of {n} pits must hold n·k seeds for some k ≥ 1, not {total}"
            )));
        }
        Ok(ElMirall {
            south: south.to_vec(),
            north: north.to_vec(),
            seeds: total / n as u64,
        })
    }
}

/// The cycle length by the given method.
pub fn cycle_with(method: Method, n: u64, k: u64, ctl: &Control) -> Result<u64, CycleError> {
    check_size(Solitaire::ElMirall, n, k)?;
    match method {
        Method::Auto if n <= 2 => closed_form(n, k),
        Method::Auto | Method::Simulation => simulation(n, k, ctl),
        Method::Reference => reference(n, k, ctl),
        Method::ClosedForm => closed_form(n, k),
        Method::Shortcut => Err(CycleError::NotApplicable {
            method,
            why: "it is for Stones in cups (El mirall's simulation already stops at the first move that picks up every seed)",
        }),
    }
}

/// The straightforward simulation: both rows sown seed by seed, compared with the start after
/// every move.
pub fn reference(n: u64, k: u64, ctl: &Control) -> Result<u64, CycleError> {
    check_size(Solitaire::ElMirall, n, k)?;
    let mut g = ElMirall::start(crate::check_board(n, "pits")?, k);
    crate::moves_to_start(
        &mut g,
        |g| {
            g.step();
        },
        ElMirall::is_start,
        ctl,
    )
}

/// The closed forms: 1 pit gives 1, 2 pits give floor(log2 k) + 2.
pub fn closed_form(n: u64, k: u64) -> Result<u64, CycleError> {
    check_size(Solitaire::ElMirall, n, k)?;
    match n {
        1 => Ok(1),
        2 => Ok(u64::from(k.ilog2()) + 2),
        _ => Err(CycleError::NotApplicable {
            method: Method::ClosedForm,
            why: "El mirall has closed forms for 1 and 2 pits only",
        }),
    }
}

/// O(1) a move: South's row alone (North mirrors it), kept as
/// `value(j) = base[j] + all + prefix(d, j)` (wrapping arithmetic; true values are exact).
/// `all` collects the full laps added to every pit, `d` is a difference array of the one-seed
/// stretches. South's pointer only moves one pit right or back to A, so the prefix sum at the
/// pointer is kept incrementally. The run stops at the first move that picks up all n·k seeds:
/// the next position is the start.
pub fn simulation(n: u64, k: u64, ctl: &Control) -> Result<u64, CycleError> {
    let total = check_size(Solitaire::ElMirall, n, k)?;
    let nu = crate::check_board(n, "pits")?;
    let mut base = vec![k; nu];
    let mut d = vec![0u64; nu + 1];
    let mut all = 0u64;
    let mut p = 0usize;
    let mut run = 0u64; // prefix(d, p)
    let mut moves = 0u64;
    loop {
        let limit = moves.saturating_add(CHUNK);
        while moves < limit {
            let s = base[p].wrapping_add(all).wrapping_add(run);
            moves += 1;
            if s == total {
                return Ok(moves);
            }
            let q = s / n;
            let r = (s % n) as usize;
            all = all.wrapping_add(q);
            // The origin keeps one seed a lap: value(p) = q.
            base[p] = q.wrapping_sub(all).wrapping_sub(run);
            let end = p + r; // last pit of the one-seed stretch, unwrapped
            if end < nu {
                if r > 0 {
                    d[p + 1] = d[p + 1].wrapping_add(1);
                    d[end + 1] = d[end + 1].wrapping_sub(1);
                }
                if q == 0 {
                    // Pits left of p+1 stay empty and p+1 just got a seed.
                    p += 1;
                    run = run.wrapping_add(d[p]);
                    continue;
                }
            } else {
                if p + 1 < nu {
                    d[p + 1] = d[p + 1].wrapping_add(1);
                }
                d[0] = d[0].wrapping_add(1);
                d[end - nu + 1] = d[end - nu + 1].wrapping_sub(1);
            }
            // A full lap or a wrapped stretch put a seed in A.
            p = 0;
            run = d[0];
        }
        if moves == u64::MAX {
            return Err(CycleError::Overflow);
        }
        ctl.checkpoint(moves)?;
    }
}

/// The seed document's El mirall table: rows 1 to 4 pits, columns 1 to 5 seeds a pit.
pub const SEED_TABLE: [[u64; 5]; 4] = [
    [1, 1, 1, 1, 1],
    [2, 3, 3, 4, 4],
    [5, 7, 8, 10, 11],
    [7, 12, 12, 18, 20],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{fast_methods_agree, impossible, seed_table_is};

    #[test]
    fn seed_table_by_reference() {
        seed_table_is(Solitaire::ElMirall, &|n, k| reference(n, k, &Control::NONE));
    }

    #[test]
    fn ruling_check_two_pits_two_seeds() {
        // [2,2] -> [1,3] -> [0,4] -> [2,2]
        let mut g = ElMirall::start(2, 2);
        let mut seen = vec![g.south().to_vec()];
        for _ in 0..3 {
            g.step();
            seen.push(g.south().to_vec());
        }
        assert_eq!(seen, vec![vec![2, 2], vec![1, 3], vec![0, 4], vec![2, 2]]);
        assert!(g.is_start());
    }

    #[test]
    fn north_mirrors_south() {
        let mut g = ElMirall::start(5, 3);
        for _ in 0..50 {
            let (s, n) = g.step();
            assert_eq!(s, 4 - n, "North sows the mirror pit");
            let mirror: Vec<u64> = g.south().iter().rev().copied().collect();
            assert_eq!(g.north(), mirror.as_slice());
        }
    }

    #[test]
    fn fast_methods_agree_with_reference() {
        fast_methods_agree(
            Solitaire::ElMirall,
            &|n, k| reference(n, k, &Control::NONE),
            &closed_form,
            &[("simulation", &|n, k| simulation(n, k, &Control::NONE))],
        );
    }

    #[test]
    fn two_pit_closed_form_holds_far() {
        for k in 1..=300 {
            assert_eq!(closed_form(2, k), simulation(2, k, &Control::NONE), "k={k}");
        }
    }

    #[test]
    fn state_round_trip_and_errors() {
        let g: ElMirall = "1-3-3-1".parse().unwrap();
        assert_eq!(g.to_string(), "1-3-3-1");
        assert_eq!(g.seeds(), 2);
        impossible::<ElMirall>(&["1-3-1-3", "1-3-3", "0-0", "1-2-2-1"]);
        assert!(matches!(
            "1-x-x-1".parse::<ElMirall>(),
            Err(StateError::NotANumber { field: 2, .. })
        ));
    }

    #[test]
    fn predecessors_step_forward_to_the_state() {
        let mut g = ElMirall::start(4, 3);
        for _ in 0..40 {
            for p in g.predecessors() {
                let mut q = p.clone();
                q.step();
                assert_eq!(q, g, "{p} should lead to {g}");
            }
            let before = g.clone();
            g.step();
            assert!(
                g.predecessors().contains(&before),
                "{before} missing among predecessors of {g}"
            );
        }
    }

    #[test]
    fn start_has_one_predecessor_per_pit() {
        let preds = ElMirall::start(4, 2).predecessors();
        assert_eq!(preds.len(), 4);
        for p in preds {
            assert_eq!(p.south().iter().filter(|&&c| c == 8).count(), 1);
        }
    }

    #[test]
    fn wrong_pit_is_explained() {
        let mut g = ElMirall::start(3, 1);
        g.step(); // South 0-2-1
        assert_eq!(g.to_string(), "0-2-1-1-2-0");
        let e = g.check_move(Some(2), Some(1)).unwrap_err();
        assert_eq!(
            e.0,
            "South must sow B, not C: it is his left-most pit holding seeds (A is empty)"
        );
        let e = g.check_move(Some(1), Some(2)).unwrap_err();
        assert_eq!(
            e.0,
            "North must sow b, not c: it is his right-most pit holding seeds (c is empty)"
        );
        assert!(g.check_move(Some(1), Some(1)).is_ok());
        assert!(g.check_move(Some(1), None).is_err());
        assert!(
            g.check_move(Some(7), Some(1))
                .unwrap_err()
                .0
                .contains("no pit H")
        );
    }

    #[test]
    fn a_refused_pit_says_why_by_its_code() {
        let mut g = ElMirall::start(3, 1);
        g.step(); // 0-2-1-1-2-0: South must sow B, North b
        assert_eq!(g.next_pits(), (1, 1));
        assert_eq!(g.check_pit(false, 1), Ok(()));
        assert_eq!(g.check_pit(true, 1), Ok(()));
        let e = g.check_pit(false, 0).unwrap_err();
        assert_eq!(e.code(), "not-next-pit");
        // A is among the pits passed over: its emptiness is not said twice.
        assert_eq!(
            e,
            PitRefusal::NotNext {
                north: false,
                must: 1,
                pit: 0,
                passed: vec![0],
                pit_empty: false
            }
        );
        let e = g.check_pit(true, 2).unwrap_err();
        assert_eq!(
            e,
            PitRefusal::NotNext {
                north: true,
                must: 1,
                pit: 2,
                passed: vec![2],
                pit_empty: false
            }
        );
        let e = g.check_pit(true, 3).unwrap_err();
        assert_eq!((e.code(), e.north()), ("no-such-pit", true));
        assert_eq!(e.to_string(), "North has no pit d: his pits are a to c");
        let mut g = ElMirall::start(3, 2);
        g.step(); // 0-3-3 for South; North 3-3-0
        let e = g.check_pit(false, 2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "South must sow B, not C: it is his left-most pit holding seeds (A is empty)"
        );
        let mut g = ElMirall::start(3, 1);
        g.step();
        g.step(); // South 1-0-2
        assert_eq!(g.south(), &[1, 0, 2]);
        let e = g.check_pit(false, 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "South must sow A, not B: it is his left-most pit and it holds seeds; B is empty"
        );
    }
}
