//! The game as the solver sees it: boards with the side to move normalised to South (a
//! position with North to move is stored as its mirror image), moves played through the rules
//! core, and the reverse of non-capturing moves (predecessors inside a level).

use crate::index::{Board, MAX_PITS};
use mancala_core::ruleset::{CaptureRows, Chain, Feeding, GrandSlam, OppositeCapture, Repetition};
use mancala_core::{Move, Position, Rules, Side};

/// Why a ruleset cannot be solved by this solver.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} cannot be solved by retrograde analysis here: {why}")]
pub struct Unsupported {
    pub game: String,
    pub why: String,
}

/// What a move from a normalised board leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    pub mv: Move,
    /// Stones the move captured (0: the child is in the same level).
    pub captured: u8,
    /// The position after the move, normalised (the opponent's row first).
    pub board: Board,
}

/// A ruleset prepared for retrograde analysis.
#[derive(Clone, Debug)]
pub struct SolverGame {
    rules: Rules,
    /// Pits per row.
    n: usize,
    /// Pits on the board.
    m: usize,
    min_seeds: u8,
    first_seed_in_origin: bool,
    pass: bool,
    feeding: Feeding,
    grand_slam_no_capture: bool,
    /// Pits the mover (South) captures in, by board index.
    capture_rows: [bool; MAX_PITS],
    /// Counts that are captured, by count.
    capture_counts: [bool; 256],
    /// `ring[o][d]`: the pit `d` steps after pit `o` in sowing order (`d < m`).
    ring: [[u8; MAX_PITS]; MAX_PITS],
    /// Moves are played on the board here, not through the rules core: no feeding, grand
    /// slams legal, captures only by count on the landing pit and those chained backwards.
    direct: bool,
    /// Captures chain backwards from the landing pit.
    chain: bool,
}

/// The legal moves of a board and where they lead, or the end of the game.
pub enum Expansion {
    /// The game is over; the mover's share of the board.
    End(u8),
    Moves {
        list: [Child; 9],
        len: usize,
    },
}

impl SolverGame {
    /// Checks that `rules` fit the method: no stores, captures by count that only take stones
    /// off the board, the repetition split, no ply limit.
    pub fn new(rules: &Rules) -> Result<SolverGame, Unsupported> {
        let r = rules.ruleset();
        let no = |why: &str| Unsupported {
            game: r.name.clone(),
            why: why.to_string(),
        };
        if r.stores {
            return Err(no("it has stores"));
        }
        if r.extra_turn {
            return Err(no("it has extra turns"));
        }
        if r.skip_origin {
            return Err(no("its sowing skips the origin pit"));
        }
        if r.repetition != Repetition::Split {
            return Err(no("its repetition rule is not the equal split"));
        }
        if r.end.majority || r.end.row_empty {
            return Err(no("it ends on a majority or an empty row"));
        }
        if r.max_plies.is_some() {
            return Err(no("it has a ply limit"));
        }
        if r.capture.counts.is_empty() || r.capture.opposite_empty != OppositeCapture::None {
            return Err(no("it has no captures by count"));
        }
        Ok(SolverGame {
            rules: rules.clone(),
            n: r.pits as usize,
            m: 2 * r.pits as usize,
            min_seeds: r.min_seeds,
            first_seed_in_origin: r.first_seed_in_origin,
            pass: r.pass,
            feeding: r.feeding,
            grand_slam_no_capture: r.grand_slam == GrandSlam::NoCapture,
            capture_rows: {
                let n = r.pits as usize;
                let mut rows = [false; MAX_PITS];
                for (i, x) in rows.iter_mut().enumerate().take(2 * n) {
                    let own = i < n;
                    *x = match r.capture.rows {
                        CaptureRows::Own => own,
                        CaptureRows::Opponent => !own,
                        CaptureRows::Both => true,
                    };
                }
                rows
            },
            capture_counts: {
                let mut c = [false; 256];
                for &k in &r.capture.counts {
                    c[k as usize] = true;
                }
                c
            },
            ring: {
                let m = 2 * r.pits as usize;
                let mut t = [[0u8; MAX_PITS]; MAX_PITS];
                for (o, row) in t.iter_mut().enumerate().take(m) {
                    for (d, x) in row.iter_mut().enumerate().take(m) {
                        *x = rules.pit_after(o, d) as u8;
                    }
                }
                t
            },
            direct: r.feeding == Feeding::None
                && r.grand_slam == GrandSlam::Legal
                && !r.end.no_legal_move
                && matches!(r.capture.chain, Chain::Backward | Chain::None),
            chain: r.capture.chain == Chain::Backward,
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Pits per row.
    pub fn pits_per_row(&self) -> usize {
        self.n
    }

    /// Pits on the board.
    pub fn pits(&self) -> usize {
        self.m
    }

    /// Stones in the game.
    pub fn total(&self) -> u32 {
        self.rules.total_seeds()
    }

    /// The stone counts a board can hold in play: those of the same parity as the total
    /// (captures take an even number), from 0 up.
    pub fn levels(&self, max: u32) -> impl Iterator<Item = u32> {
        let parity = self.total() % 2;
        (0..=max.min(self.total())).filter(move |b| b % 2 == parity)
    }

    /// The normalised board of a position: its mover's row first.
    pub fn normalise(&self, pos: &Position) -> Board {
        let mut b = [0u8; MAX_PITS];
        let pits = pos.pits();
        match pos.side() {
            Side::South => b[..self.m].copy_from_slice(pits),
            Side::North => {
                b[..self.n].copy_from_slice(&pits[self.n..]);
                b[self.n..self.m].copy_from_slice(&pits[..self.n]);
            }
        }
        b
    }

    /// The board seen from the other side: its two rows swapped, as one 128-bit word (no
    /// copies of a length known only at run time).
    #[inline(always)]
    pub fn mirror(&self, board: &Board) -> Board {
        let x = u128::from_le_bytes(*board);
        let bits = 8 * self.n as u32; // a row: at most 64 bits
        let row = (1u128 << bits) - 1;
        let swapped = ((x >> bits) & row) | ((x & row) << bits);
        swapped.to_le_bytes()
    }

    /// The position of a normalised board, South to move. Its scores are a marker that no
    /// start position has, so the start position's first-move exemption never applies to a
    /// board of the database (the exemption is handled at the root, see [`crate::Database`]).
    #[inline]
    pub fn position(&self, board: &Board) -> Position {
        self.rules.board_position(&board[..self.m], Side::South)
    }

    /// Calls `f` for every legal move of the normalised `board`; returns the mover's share of
    /// the board when the game is over there (no legal move, or an empty board).
    #[inline]
    pub fn children(&self, board: &Board, f: impl FnMut(Child)) -> Option<u8> {
        if self.direct {
            return self.children_direct(board, f);
        }
        self.children_expanded(board, f)
    }

    /// [`Self::children`] through the rules core: [`Self::expand`], each child handed to `f`.
    #[inline]
    fn children_expanded(&self, board: &Board, mut f: impl FnMut(Child)) -> Option<u8> {
        match self.expand(board) {
            Expansion::End(share) => Some(share),
            Expansion::Moves { list, len } => {
                list[..len].iter().for_each(|c| f(*c));
                None
            }
        }
    }

    /// [`Self::children`] for the rules that allow it (`direct`): every pit of the mover's
    /// row holding the minimum is a legal move, sown on the board itself; a mover without one
    /// passes (or the game is over there, as the rules core says).
    #[inline]
    fn children_direct(&self, board: &Board, mut f: impl FnMut(Child)) -> Option<u8> {
        let (n, m) = (self.n, self.m);
        let min = self.min_seeds.max(1);
        let mut any = false;
        for o in 0..n {
            let s = board[o] as usize;
            if s < min as usize {
                continue;
            }
            any = true;
            let ring = &self.ring[o];
            let mut after = *board;
            // Seeds sown from the next pit on: the first may go back into the origin.
            let (rest, landing) = if self.first_seed_in_origin {
                after[o] = 1;
                (
                    s - 1,
                    if s == 1 {
                        o
                    } else {
                        ring[(s - 1) % m] as usize
                    },
                )
            } else {
                after[o] = 0;
                (s, ring[s % m] as usize)
            };
            let (laps, extra) = (rest / m, rest % m);
            if laps > 0 {
                for c in after[..m].iter_mut() {
                    *c += laps as u8;
                }
            }
            for &c in &ring[1..=extra] {
                after[c as usize] += 1;
            }
            let mut captured = 0u8;
            if self.capture_rows[landing] && self.capture_counts[after[landing] as usize] {
                captured = after[landing];
                after[landing] = 0;
                if self.chain {
                    let mut j = self.ring[landing][m - 1] as usize;
                    while j != landing
                        && self.capture_rows[j]
                        && self.capture_counts[after[j] as usize]
                    {
                        captured += after[j];
                        after[j] = 0;
                        j = self.ring[j][m - 1] as usize;
                    }
                }
            }
            f(Child {
                mv: Move::Sow {
                    side: Side::South,
                    pit: o as u8,
                },
                captured,
                board: self.mirror(&after),
            });
        }
        if any {
            return None;
        }
        if self.pass && board[..m].iter().any(|&c| c != 0) {
            f(Child {
                mv: Move::Pass,
                captured: 0,
                board: self.mirror(board),
            });
            return None;
        }
        // The game is over: rare enough for the rules core to say how it is settled.
        self.children_expanded(board, f)
    }

    /// The legal moves of `board` with their results, each move played once
    /// (`Rules::children`), the child boards normalised so the mover is South.
    #[inline]
    pub fn expand(&self, board: &Board) -> Expansion {
        let pos = self.position(board);
        let children = self.rules.children(&pos);
        if children.is_empty() {
            return Expansion::End(self.terminal_share(&pos));
        }
        let empty = Child {
            mv: Move::Pass,
            captured: 0,
            board: [0; MAX_PITS],
        };
        let mut list = [empty; 9];
        for (slot, c) in list.iter_mut().zip(children.iter()) {
            *slot = Child {
                mv: c.mv,
                captured: c.effect.captured,
                board: self.normalise(&c.position),
            };
        }
        Expansion::Moves {
            list,
            len: children.len(),
        }
    }

    /// [`Self::children`] through the rules core's own move generation (slower; for tests).
    pub fn children_reference(&self, board: &Board, mut f: impl FnMut(Child)) -> Option<u8> {
        let pos = self.position(board);
        let moves = self.rules.legal_moves(&pos);
        if moves.is_empty() {
            return Some(self.terminal_share(&pos));
        }
        for mv in moves {
            let mut p = pos;
            let eff = self.rules.play_unchecked(&mut p, mv);
            f(Child {
                mv,
                captured: eff.captured,
                board: self.normalise(&p),
            });
        }
        None
    }

    /// The mover's share of the stones on the board of a finished game.
    fn terminal_share(&self, pos: &Position) -> u8 {
        let reason = self
            .rules
            .end_reason(pos)
            .expect("a position without legal moves has ended");
        let settled = self.rules.settle(pos, reason);
        settled.score(Side::South) - pos.score(Side::South)
    }

    /// Calls `f` for every normalised board from which a legal move without capture leads to
    /// the normalised `child`, once per such move (a board with two moves to `child` twice).
    ///
    /// The moves are played backwards: for each pit of the player who moved and each number
    /// of seeds that fits what the pit holds after the move, the seeds are taken back from the
    /// pits they were sown into. A candidate counts if its last seed did not capture (read off
    /// the landing pit) and the move was legal; in debug builds every candidate is also played
    /// forwards through the rules core and compared.
    #[inline]
    pub fn predecessors(&self, child: &Board, stones: u32, mut f: impl FnMut(&Board)) {
        // The board right after the move, seen from the player who made it.
        let after = self.mirror(child);
        let (n, m) = (self.n, self.m);
        if self.pass && after[..n].iter().all(|&c| c == 0) && self.is_legal(&after, Move::Pass) {
            f(&after);
        }
        for o in 0..n {
            let r = after[o] as u32;
            // Whole laps L: every other pit got L seeds, then the first t pits one more.
            let laps = if self.first_seed_in_origin {
                if r == 0 {
                    continue;
                }
                r - 1
            } else {
                r
            };
            let offset = self.first_seed_in_origin as u32 + laps * m as u32;
            if offset > stones {
                continue;
            }
            let mut before = after;
            let mut fits = true;
            for d in (1..m).filter(|_| laps > 0) {
                let c = self.cell(o, d);
                match before[c].checked_sub(laps as u8) {
                    Some(v) => before[c] = v,
                    None => {
                        fits = false;
                        break;
                    }
                }
            }
            if !fits {
                continue;
            }
            for t in 0..m as u32 {
                if t > 0 {
                    let c = self.cell(o, t as usize);
                    if before[c] == 0 {
                        break;
                    }
                    before[c] -= 1;
                }
                let s = offset + t;
                if s > stones {
                    break;
                }
                if s < (self.min_seeds as u32).max(1) {
                    continue;
                }
                // The last seed fell t pits after the origin, or into the origin itself.
                let landing = if t == 0 { o } else { self.cell(o, t as usize) };
                let mut cand = before;
                cand[o] = s as u8;
                let captures =
                    self.capture_rows[landing] && self.capture_counts[after[landing] as usize];
                let mv = Move::Sow {
                    side: Side::South,
                    pit: o as u8,
                };
                let ok = if self.grand_slam_no_capture {
                    // A grand slam may be legal and capture nothing: only playing tells.
                    let mut p = self.position(&cand);
                    let eff = self.rules.play_unchecked(&mut p, mv);
                    eff.captured == 0
                        && (opp_nonempty_before(&cand, n, m) || self.is_legal(&cand, mv))
                } else {
                    !captures
                        && (self.feeding == Feeding::None
                            || opp_nonempty_before(&cand, n, m)
                            || self.is_legal(&cand, mv))
                };
                if cfg!(debug_assertions) {
                    let mut p = self.position(&cand);
                    let eff = self.rules.play_unchecked(&mut p, mv);
                    let legal = self.rules.legal_moves(&self.position(&cand)).contains(mv);
                    assert_eq!(
                        ok,
                        legal && eff.captured == 0,
                        "predecessor {:?} pit {o}",
                        &cand[..m]
                    );
                    if ok {
                        assert_eq!(p.pits(), &after[..m]);
                    }
                }
                if ok {
                    f(&cand);
                }
            }
        }
    }

    /// The pit `d` steps after pit `o` in sowing order (the core's).
    #[inline(always)]
    fn cell(&self, o: usize, d: usize) -> usize {
        self.ring[o][d % self.m] as usize
    }

    fn is_legal(&self, board: &Board, mv: Move) -> bool {
        match self.expand(board) {
            Expansion::End(_) => false,
            Expansion::Moves { list, len } => list[..len].iter().any(|c| c.mv == mv),
        }
    }
}

fn opp_nonempty_before(board: &Board, n: usize, m: usize) -> bool {
    board[n..m].iter().any(|&c| c != 0)
}
