//! The game as the solver sees it: boards with the side to move normalised to South (a
//! position with North to move is stored as its mirror image), moves played through the rules
//! core, and the reverse of the moves that keep every seed on the board (predecessors inside a
//! level).
//!
//! A level is the seeds in the pits. Stores (Kalah) are not part of a board: a seed sown into
//! the mover's store leaves the board like a capture, so a board's value, the share of the
//! seeds in the pits its mover still gets, does not depend on what the stores hold.

use crate::index::{Board, Indexer, MAX_PITS};
use mancala_core::ruleset::{CaptureRows, Chain, Feeding, GrandSlam, Repetition};
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
    /// Stones the move took off the board, captured or sown into the mover's store (0: the
    /// child is in the same level).
    pub captured: u8,
    /// The mover moves again (Kalah's extra turn): `board` is seen from him, not mirrored.
    pub again: bool,
    /// The position after the move, normalised (its mover's row first).
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
    grand_slam: GrandSlam,
    skip_origin: bool,
    /// Pits the mover (South) captures in, by board index.
    capture_rows: [bool; MAX_PITS],
    /// Counts that are captured, by count.
    capture_counts: [bool; 256],
    /// `ring[o][d]`: the pit `d` steps after pit `o` in sowing order (`d < m`).
    ring: [[u8; MAX_PITS]; MAX_PITS],
    /// The pits are numbered in sowing order (`ring[o][d]` is `(o + d) % m`), so that a move
    /// that does not go round sows into the pits after its origin by number.
    in_order: bool,
    /// `sown[o][s]`: a seed in each of the `s` pits after pit `o` (`s < m`, pits in sowing
    /// order), a byte a pit (4 KiB, kept out of the struct so that its other fields stay on
    /// a few cache lines).
    sown: Box<[[u128; MAX_PITS]; MAX_PITS]>,
    /// `back[o][s]`: added (wrapping) to a board after a move from pit `o` that sowed `s`
    /// seeds without going round (`s < m`), a seed taken back from each pit they fell into
    /// (in ring order, passing over the origin) and the `s` put back in the origin, which
    /// the move left empty: the board before the move.
    back: Box<[[u128; MAX_PITS]; MAX_PITS]>,
    /// Moves are played on the board here, not through the rules core: no feeding, grand
    /// slams legal, captures only by count on the landing pit and those chained backwards.
    direct: bool,
    /// Captures chain backwards from the landing pit.
    chain: bool,
    /// Moves inside a level are found backwards by taking the seeds back along the sowing and
    /// checked forwards through the rules core (stores, a skipped origin, or a repetition rule
    /// whose ending depends on where a cycle closes), not by the fast reverse of
    /// [`Self::predecessors`].
    played_back: bool,
    /// How a position that occurs again is valued (see [`RepetitionValue`]).
    repetition: RepetitionValue,
    /// Levels of every count of seeds (a capture or a store may take an odd number), not only
    /// those of the total's parity.
    every_level: bool,
}

/// How the solver values a game that goes round in circles inside a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionValue {
    /// No cycle is possible inside a level (a stores game: every move that keeps its seeds on
    /// the board moves them on towards the mover's store), so the rule never applies.
    NoCycle,
    /// The repetition ruling's equal split, the same wherever the cycle closes: every value
    /// is exact.
    Split,
    /// Each player takes his own row, which depends on where the cycle closes: a board's value
    /// is exact only where it does not depend on that, and the others are marked as bounds
    /// (see `crate::bounds`).
    OwnRow,
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
    /// Checks that `rules` fit the method; a rule it cannot handle is refused by name.
    /// Supported: captures by count that take seeds off the board (Modiar, Mangala II, Oware,
    /// chained or not, with feeding and any grand-slam rule), stores with Kalah's opposite
    /// capture and extra turns, a skipped origin, the end by an empty row or a majority (the
    /// majority is not in a board: values are those of the game played on to its end, whose
    /// winner is the same, see `docs/solver.md`), the repetition split or own-row, and a ply
    /// limit (not in a board either: values are those of the game without it).
    pub fn new(rules: &Rules) -> Result<SolverGame, Unsupported> {
        let r = rules.ruleset();
        let no = |why: &str| Unsupported {
            game: r.name.clone(),
            why: why.to_string(),
        };
        if r.first_move_no_capture && r.stores {
            return Err(no(
                "first-move-no-capture with stores: the exemption is not handled for stores games",
            ));
        }
        if r.leftover == mancala_core::ruleset::Leftover::Nobody {
            return Err(no(
                "leftover = \"nobody\": the seeds left at the end must go to a player, so that the two shares of a board add up to its seeds",
            ));
        }
        let cycles_possible = !r.stores;
        let repetition = match (cycles_possible, r.repetition) {
            (false, _) => RepetitionValue::NoCycle,
            (true, Repetition::Split) => RepetitionValue::Split,
            (true, Repetition::OwnRow) => RepetitionValue::OwnRow,
            (true, Repetition::Ignore) => {
                return Err(no(
                    "repetition = \"ignore\": a game without stores can go round in circles for ever, which has no value",
                ));
            }
        };
        if r.stores {
            if !r.capture.counts.is_empty() {
                return Err(no(
                    "capture.counts with stores: captures by count are not handled for stores games",
                ));
            }
            if r.pass {
                return Err(no(
                    "pass with stores: passing is not handled for stores games",
                ));
            }
        } else if r.capture.counts.is_empty() {
            return Err(no(
                "capture.counts is empty: a game without stores needs captures by count",
            ));
        }
        if !r.stores && r.end.row_empty {
            return Err(no(
                "end.row-empty without stores: the end by an empty row is handled for stores games only",
            ));
        }
        // A seed in each of the s pits after pit o, in sowing order (s < m).
        let sown = {
            let m = 2 * r.pits as usize;
            let mut t = Box::new([[0u128; MAX_PITS]; MAX_PITS]);
            for (o, row) in t.iter_mut().enumerate().take(m) {
                for s in 1..m {
                    row[s] = row[s - 1] + (1u128 << (8 * rules.pit_after(o, s)));
                }
            }
            t
        };
        Ok(SolverGame {
            rules: rules.clone(),
            n: r.pits as usize,
            m: 2 * r.pits as usize,
            min_seeds: r.min_seeds,
            first_seed_in_origin: r.first_seed_in_origin,
            pass: r.pass,
            feeding: r.feeding,
            grand_slam: r.grand_slam,
            skip_origin: r.skip_origin,
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
            // Over the pits only: a stores game's moves inside a level never reach a store.
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
            in_order: (0..2 * r.pits as usize).all(|o| {
                (0..2 * r.pits as usize)
                    .all(|d| rules.pit_after(o, d) == (o + d) % (2 * r.pits as usize))
            }),
            // The board before a move that did not go round is the board after it, less the
            // seeds it sowed, plus those it took from the origin.
            back: {
                let m = 2 * r.pits as usize;
                let mut t = Box::new([[0u128; MAX_PITS]; MAX_PITS]);
                for (o, row) in t.iter_mut().enumerate().take(m) {
                    for (s, x) in row.iter_mut().enumerate().take(m).skip(1) {
                        *x = ((s as u128) << (8 * o)).wrapping_sub(sown[o][s]);
                    }
                }
                t
            },
            sown,
            direct: !(r.stores || r.skip_origin && r.first_seed_in_origin)
                && matches!(r.capture.chain, Chain::Backward | Chain::None),
            chain: r.capture.chain == Chain::Backward,
            played_back: r.stores || (r.skip_origin && r.first_seed_in_origin),
            repetition,
            every_level: !rules.captures_even(),
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Pits per row.
    pub fn pits_per_row(&self) -> usize {
        self.n
    }

    /// The seeds in the mover's row (the first [`Self::pits_per_row`] pits) of a board of at
    /// most 255 seeds, summed a word at a time: byte 7 of the product is the sum of bytes
    /// 0..=7 (a row: at most eight pits).
    #[inline(always)]
    pub fn row_seeds(&self, board: &Board) -> u8 {
        let x = u64::from_le_bytes(board[..8].try_into().unwrap());
        let row = if self.n >= 8 {
            x
        } else {
            x & ((1u64 << (8 * self.n)) - 1)
        };
        (row.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
    }

    /// Pits on the board.
    pub fn pits(&self) -> usize {
        self.m
    }

    /// Stones in the game.
    pub fn total(&self) -> u32 {
        self.rules.total_seeds()
    }

    /// The stone counts a board can hold in play, from 0 up: those of the same parity as the
    /// total when every capture takes an even number, else all.
    pub fn levels(&self, max: u32) -> impl Iterator<Item = u32> {
        let total = self.total();
        (0..=max.min(total)).filter(move |&b| self.has_level(b))
    }

    /// Whether a board of the game in play can hold `b` stones (see [`Self::levels`]).
    pub fn has_level(&self, b: u32) -> bool {
        b <= self.total() && (self.every_level || b % 2 == self.total() % 2)
    }

    /// How a cycle inside a level is valued.
    pub fn repetition(&self) -> RepetitionValue {
        self.repetition
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
        self.mirror_word(u128::from_le_bytes(*board)).to_le_bytes()
    }

    /// [`Self::mirror`] of a board held as one integer, a byte a pit.
    #[inline(always)]
    fn mirror_word(&self, x: u128) -> u128 {
        /// The rows of `n` pits swapped (a row: at most 64 bits).
        #[inline(always)]
        fn swapped(x: u128, n: usize) -> u128 {
            let bits = 8 * n as u32;
            let row = (1u128 << bits) - 1;
            ((x >> bits) & row) | ((x & row) << bits)
        }
        // With the width a constant, the shifts of a 128-bit word are a few instructions;
        // by a width read at run time, a few times more (this is on every move played
        // forwards or backwards in a build).
        match self.n {
            6 => swapped(x, 6),
            3 => swapped(x, 3),
            n => swapped(x, n),
        }
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
            // Rows of six pits compiled apart, their loops of known length.
            return if self.n == 6 {
                self.children_direct::<6, 12>(board, f)
            } else {
                self.children_direct::<0, 0>(board, f)
            };
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
    /// row holding the minimum is a candidate, sown on the board itself (passing over the
    /// origin when the rules skip it); a grand slam is played without its capture or dropped
    /// as the rules say, and when the opponent's row is empty the moves that leave it empty
    /// are dropped as the feeding rule says. A mover left without a move passes, or the game
    /// is over there, as the rules core says.
    ///
    /// `N` and `M`, when not 0, are the game's pits a row and on the board, known when
    /// compiled.
    #[inline]
    fn children_direct<const N: usize, const M: usize>(
        &self,
        board: &Board,
        mut f: impl FnMut(Child),
    ) -> Option<u8> {
        debug_assert!(N == 0 && M == 0 || N == self.n && M == self.m);
        let (n, m) = if N == 0 { (self.n, self.m) } else { (N, M) };
        let min = self.min_seeds.max(1);
        let check_feed = self.feeding != Feeding::None && board[n..m].iter().all(|&c| c == 0);
        let mut any = false;
        if !check_feed {
            for o in 0..n {
                if board[o] < min {
                    continue;
                }
                if let Some(ch) = self.sow_direct::<N, M>(board, o) {
                    any = true;
                    f(ch);
                }
            }
            if any {
                return None;
            }
        } else {
            // Moves kept back until it is known whether any feeds. The child is seen from
            // the opponent: his row comes first.
            let mut held = [None::<Child>; MAX_PITS / 2];
            let (mut held_len, mut feeds) = (0, 0);
            for o in 0..n {
                if board[o] < min {
                    continue;
                }
                let Some(ch) = self.sow_direct::<N, M>(board, o) else {
                    continue;
                };
                any = true;
                let fed = ch.board[..n].iter().any(|&c| c != 0);
                feeds += fed as usize;
                if fed || self.feeding == Feeding::Prefer {
                    held[held_len] = Some(ch);
                    held_len += 1;
                }
            }
            let mut emitted = false;
            for ch in held[..held_len].iter().flatten() {
                if feeds == 0 || ch.board[..n].iter().any(|&c| c != 0) {
                    f(*ch);
                    emitted = true;
                }
            }
            if emitted {
                return None;
            }
        }
        if !any && self.pass && board[..m].iter().any(|&c| c != 0) {
            f(Child {
                mv: Move::Pass,
                captured: 0,
                again: false,
                board: self.mirror(board),
            });
            return None;
        }
        // The game is over (or a pass after every move was dropped): rare enough for the
        // rules core to say how it is settled.
        self.children_expanded(board, f)
    }

    /// The move from pit `o` of the mover (it holds the minimum), sown on the board: its
    /// child, or `None` when it is an illegal grand slam.
    #[inline(always)]
    fn sow_direct<const N: usize, const M: usize>(&self, board: &Board, o: usize) -> Option<Child> {
        let m = if M == 0 { self.m } else { M };
        let s = board[o] as usize;
        // The seeds that leave the origin, and those sown into the pits after it.
        let (gone, rest) = if self.first_seed_in_origin {
            (s - 1, s - 1)
        } else {
            (s, s)
        };
        if self.in_order && rest < m {
            // Less than a lap: the seeds fall into the pits after the origin by number (none
            // into the origin, whether the rules skip it or not), added to the whole board at
            // once (a byte a pit in one integer: no pit written in memory and then read back
            // with the others).
            let x = u128::from_le_bytes(*board);
            let after = x - ((gone as u128) << (8 * o)) + self.sown[o][rest];
            // The pit `rest` after the origin (read from the ring, not divided out), and
            // what it holds now: one more seed, or the first seed alone in the origin.
            let landing = self.ring[o][rest] as usize;
            let there = if rest == 0 {
                s - gone
            } else {
                board[landing] as usize + 1
            };
            if !(self.capture_rows[landing] && self.capture_counts[there]) {
                return Some(Child {
                    mv: Move::Sow {
                        side: Side::South,
                        pit: o as u8,
                    },
                    captured: 0,
                    again: false,
                    board: self.mirror_word(after).to_le_bytes(),
                });
            }
            return self.capture_direct::<N, M>(o, after.to_le_bytes(), landing);
        }
        let ring = &self.ring[o];
        let mut after = *board;
        // Seeds sown from the next pit on: the first may go back into the origin; with a
        // skipped origin a lap is the other m - 1 pits (ring[1..m]).
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
        } else if self.skip_origin {
            after[o] = 0;
            (s, ring[1 + (s - 1) % (m - 1)] as usize)
        } else {
            after[o] = 0;
            (s, ring[s % m] as usize)
        };
        if self.skip_origin {
            let lap = m - 1;
            let (laps, extra) = (rest / lap, rest % lap);
            if laps > 0 {
                for &c in &ring[1..m] {
                    after[c as usize] += laps as u8;
                }
            }
            for &c in &ring[1..=extra] {
                after[c as usize] += 1;
            }
        } else {
            let (laps, extra) = (rest / m, rest % m);
            if laps > 0 {
                for c in after[..m].iter_mut() {
                    *c += laps as u8;
                }
            }
            for &c in &ring[1..=extra] {
                after[c as usize] += 1;
            }
        }
        self.capture_direct::<N, M>(o, after, landing)
    }

    /// The move from pit `o` whose seeds are sown (`after`), its last in `landing`: its
    /// capture taken, or `None` when it is an illegal grand slam.
    #[inline(always)]
    fn capture_direct<const N: usize, const M: usize>(
        &self,
        o: usize,
        mut after: Board,
        landing: usize,
    ) -> Option<Child> {
        let (n, m) = if N == 0 { (self.n, self.m) } else { (N, M) };
        let mut captured = 0u8;
        if self.capture_rows[landing] && self.capture_counts[after[landing] as usize] {
            let mut mask = 1u32 << landing;
            captured = after[landing];
            if self.chain {
                let mut j = self.ring[landing][m - 1] as usize;
                while j != landing && self.capture_rows[j] && self.capture_counts[after[j] as usize]
                {
                    mask |= 1 << j;
                    captured += after[j];
                    j = self.ring[j][m - 1] as usize;
                }
            }
            if self.grand_slam != GrandSlam::Legal && is_grand_slam(&after, mask, n, m) {
                if self.grand_slam == GrandSlam::Illegal {
                    return None;
                }
                captured = 0;
            } else {
                for (j, c) in after[..m].iter_mut().enumerate() {
                    if mask & (1 << j) != 0 {
                        *c = 0;
                    }
                }
            }
        }
        Some(Child {
            mv: Move::Sow {
                side: Side::South,
                pit: o as u8,
            },
            captured,
            again: false,
            board: self.mirror(&after),
        })
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
            again: false,
            board: [0; MAX_PITS],
        };
        let mut list = [empty; 9];
        let on = pos.board_total();
        for (slot, c) in list.iter_mut().zip(children.iter()) {
            *slot = Child {
                mv: c.mv,
                captured: (on - c.position.board_total()) as u8,
                again: c.position.side() == Side::South,
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
            self.rules.play_unchecked(&mut p, mv);
            f(Child {
                mv,
                captured: (pos.board_total() - p.board_total()) as u8,
                again: p.side() == Side::South,
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
        if self.played_back {
            return self.predecessors_played_back(child, stones, f);
        }
        if self.skip_origin {
            return self.predecessors_skipping_apart(child, stones, f);
        }
        // The board right after the move, seen from the player who made it.
        let after = self.mirror(child);
        let (n, m) = (self.n, self.m);
        self.pass_predecessor(&after, &mut f);
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
                let ok = if self.grand_slam == GrandSlam::NoCapture {
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
                    self.check_predecessor(&cand, o, ok, &after);
                }
                if ok {
                    f(&cand);
                }
            }
        }
    }

    /// [`Self::predecessors`] for a sowing that passes over its origin (Oware; no stores): the
    /// origin is empty after such a move, so for each empty pit of the player who moved the
    /// seeds are taken back one by one from the pits they fell into, and each candidate is
    /// checked on the board after the move: its last seed made no capture (or a grand slam
    /// that the rules play without capturing), and it fed an empty opponent's row where the
    /// rules require it (the preference rule, with a move that does not feed, asks the rules
    /// core whether any move feeds). In debug builds every candidate is also played forwards
    /// through the rules core and compared.
    ///
    /// With `ix`, each board comes with its index, read off the terms of `child`'s mirror's
    /// index where the move did not go round ([`Indexer::rank_sown_back`]); without, with 0.
    ///
    /// `N` and `M`, when not 0, are the game's pits a row and on the board, known when
    /// compiled (the loops over the pits then have a known length).
    fn predecessors_skipping<const N: usize, const M: usize>(
        &self,
        child: &Board,
        stones: u32,
        ix: Option<&Indexer>,
        mut f: impl FnMut(&Board, u64),
    ) {
        debug_assert!(N == 0 && M == 0 || N == self.n && M == self.m);
        let after = self.mirror(child);
        let (n, m) = if N == 0 { (self.n, self.m) } else { (N, M) };
        self.pass_predecessor(&after, &mut |q| f(q, ix.map_or(0, |ix| ix.rank(q))));
        // Whether a candidate is to be checked for feeding: the move left the opponent's row
        // empty, and the rules require feeding.
        let feeding = self.feeding != Feeding::None && after[n..m].iter().all(|&c| c == 0);
        // The empty pits of the player who moved (a move empties its origin), read from a
        // mask of the row's zero bytes rather than a branch a pit (which the processor could
        // not predict).
        let mut empty = zero_bytes(&after, n);
        let terms = match ix {
            Some(ix) if empty != 0 => Some((ix, ix.terms::<M>(&after))),
            _ => None,
        };
        let a = u128::from_le_bytes(after);
        // A candidate: the board before a move from `o` of `s` seeds whose last fell into
        // `landing`; handed to `f` when that move is legal and makes no capture there.
        // (A macro, so that both loops have it inline: as a closure called from two places
        // it was not.)
        macro_rules! candidate {
            ($cand:expr, $o:expr, $s:expr, $landing:expr $(,)?) => {{
                let (cand, o, s, landing): (Board, usize, usize, usize) = ($cand, $o, $s, $landing);
                let mv = Move::Sow {
                    side: Side::South,
                    pit: o as u8,
                };
                // Both read, so that the usual case takes no branch.
                let captures =
                    self.capture_rows[landing] & self.capture_counts[after[landing] as usize];
                let mut ok = !captures;
                if captures && self.grand_slam == GrandSlam::NoCapture {
                    // A capture, unless a grand slam the rules play without capturing.
                    let mut mask = 1u32 << landing;
                    if self.chain {
                        let mut j = ring_before(&self.ring, landing, m);
                        while j != landing
                            && self.capture_rows[j]
                            && self.capture_counts[after[j] as usize]
                        {
                            mask |= 1 << j;
                            j = ring_before(&self.ring, j, m);
                        }
                    }
                    ok = is_grand_slam(&after, mask, n, m);
                }
                if ok && feeding && !opp_nonempty_before(&cand, n, m) {
                    ok = self.feeding == Feeding::Prefer && self.is_legal(&cand, mv);
                }
                if cfg!(debug_assertions) {
                    self.check_predecessor(&cand, o, ok, &after);
                }
                if ok {
                    let r = match &terms {
                        Some((ix, t)) if self.in_order && o + s < m => {
                            ix.rank_sown_back::<M>(t, o, s)
                        }
                        Some((ix, _)) => ix.rank(&cand),
                        None => 0,
                    };
                    debug_assert!(terms.is_none() || r == ix.unwrap().rank(&cand));
                    f(&cand, r);
                }
            }};
        }
        let min = (self.min_seeds as usize).max(1);
        while empty != 0 {
            let o = empty.trailing_zeros() as usize / 8;
            empty &= empty - 1;
            let ring = &self.ring[o];
            // The first lap: the s-th seed fell into the pit s places after the origin, each
            // pit once, so a pit still holds what it holds after the move, and the board
            // before is one addition away ([`Self::back`]).
            let first = (m - 1).min(stones as usize);
            let mut s = 1;
            while s <= first {
                let landing = ring[s] as usize;
                if after[landing] == 0 {
                    break;
                }
                if s >= min {
                    candidate!(a.wrapping_add(self.back[o][s]).to_le_bytes(), o, s, landing);
                }
                s += 1;
            }
            if s <= first || s > stones as usize {
                continue;
            }
            // Round the board: the board with the seeds taken back so far, a byte a pit in
            // one integer (a pit changed in memory and then read with the others as a whole
            // board would stall the read), the origin still empty.
            let mut before = a.wrapping_add(self.back[o][m - 1]) - (((m - 1) as u128) << (8 * o));
            // The place in the ring of the pit the s-th seed fell into: 1 to m - 1 (the
            // origin, place 0, is passed over).
            let mut place = m - 1;
            for s in m..=stones as usize {
                place = if place == m - 1 { 1 } else { place + 1 };
                let landing = ring[place] as usize;
                if (before >> (8 * landing)) as u8 == 0 {
                    break;
                }
                before -= 1 << (8 * landing);
                if s >= min {
                    candidate!(
                        (before | (s as u128) << (8 * o)).to_le_bytes(),
                        o,
                        s,
                        landing,
                    );
                }
            }
        }
    }

    /// [`Self::predecessors_skipping`] without indices, in a function of its own: the builds
    /// ask [`Self::predecessors_ranked`] for these games, and this keeps the code of the other
    /// games' [`Self::predecessors`] small (inlined, it made Mangala II's propagation slower).
    #[inline(never)]
    fn predecessors_skipping_apart(&self, child: &Board, stones: u32, mut f: impl FnMut(&Board)) {
        self.predecessors_skipping::<0, 0>(child, stones, None, |q, _| f(q));
    }

    /// [`Self::predecessors`] with each board's index in its level (`ix`'s rank), read off
    /// the index of the board they are played back from where that is cheaper.
    #[inline]
    pub fn predecessors_ranked(
        &self,
        ix: &Indexer,
        child: &Board,
        stones: u32,
        mut f: impl FnMut(&Board, u64),
    ) {
        if self.skip_origin && !self.played_back {
            // Rows of six pits (Oware's) compiled apart, their loops of known length.
            return if self.n == 6 {
                self.predecessors_skipping::<6, 12>(child, stones, Some(ix), f)
            } else {
                self.predecessors_skipping::<0, 0>(child, stones, Some(ix), f)
            };
        }
        // The fast reverse reads every pit as an origin (laps included), so the terms of a
        // board would serve few of its predecessors: measured slower (Mangala II's
        // propagation at level 18, one thread: 6.7-7.0 s against 6.2-6.8 s).
        self.predecessors(child, stones, |q| f(q, ix.rank(q)));
    }

    /// [`Self::predecessors`] for the games the fast reverse does not handle (`played_back`):
    /// for each pit left empty by the move (in these games a move always empties its origin)
    /// the seeds are taken back one by one along the sowing, passing over the origin when the
    /// rules skip it and stopping before a stores game's sowing would reach the store; every
    /// candidate is then played forwards through the rules core and kept when that move is
    /// legal there, keeps every seed on the board and leads to `child`.
    fn predecessors_played_back(&self, child: &Board, stones: u32, mut f: impl FnMut(&Board)) {
        let after = self.mirror(child);
        let (n, m) = (self.n, self.m);
        let r = self.rules.ruleset();
        let skip = r.skip_origin;
        for o in 0..n {
            if after[o] != 0 {
                continue;
            }
            let mut before = after;
            for s in 1..=stones as usize {
                // The pit the s-th seed fell into.
                let c = if skip {
                    self.ring[o][1 + (s - 1) % (m - 1)] as usize
                } else {
                    self.ring[o][s % m] as usize
                };
                if (r.stores && (c >= n || c == o)) || before[c] == 0 {
                    break;
                }
                before[c] -= 1;
                if s < r.min_seeds as usize {
                    continue;
                }
                let mut cand = before;
                cand[o] = s as u8;
                let mv = Move::Sow {
                    side: Side::South,
                    pit: o as u8,
                };
                let keeps = match self.expand(&cand) {
                    Expansion::End(_) => false,
                    Expansion::Moves { list, len } => list[..len].iter().any(|ch| {
                        ch.mv == mv && ch.captured == 0 && !ch.again && ch.board == *child
                    }),
                };
                if keeps {
                    f(&cand);
                }
            }
        }
    }

    /// The board before a pass that leads to `after` (seen from the player who passed), if a
    /// pass was his legal move there: he had no legal sowing, because no pit of his held the
    /// minimum (an empty row, or with `min-seeds` above 1 pits too small), or, with a feeding
    /// rule and an empty opponent's row or with illegal grand slams, because the rules refused
    /// every sowing; the rules core decides.
    fn pass_predecessor(&self, after: &Board, f: &mut impl FnMut(&Board)) {
        if !self.pass {
            return;
        }
        let (n, m) = (self.n, self.m);
        let min = self.min_seeds.max(1);
        let may_pass = after[..n].iter().all(|&c| c < min)
            || self.grand_slam == GrandSlam::Illegal
            || self.feeding != Feeding::None && after[n..m].iter().all(|&c| c == 0);
        if may_pass && self.is_legal(after, Move::Pass) {
            f(after);
        }
    }

    /// Checks a predecessor found backwards against the rules core: the move from pit `o` of
    /// `cand` is legal without capture exactly when `ok`, and then leads to `after` (the
    /// board after the move, seen from its mover). For debug builds.
    fn check_predecessor(&self, cand: &Board, o: usize, ok: bool, after: &Board) {
        let m = self.m;
        let mv = Move::Sow {
            side: Side::South,
            pit: o as u8,
        };
        let mut p = self.position(cand);
        let eff = self.rules.play_unchecked(&mut p, mv);
        let legal = self.rules.legal_moves(&self.position(cand)).contains(mv);
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

/// The pit before `j` in sowing order.
#[inline(always)]
fn ring_before(ring: &[[u8; MAX_PITS]; MAX_PITS], j: usize, m: usize) -> usize {
    ring[j][m - 1] as usize
}

/// Whether the captures of `mask` on the sown board `after` (the mover's row first) take
/// every seed left in the opponent's row (a grand slam).
#[inline(always)]
fn is_grand_slam(after: &Board, mask: u32, n: usize, m: usize) -> bool {
    let opp = ((1u32 << m) - 1) & !((1u32 << n) - 1);
    mask & opp != 0 && (n..m).all(|j| after[j] == 0 || mask & (1 << j) != 0)
}

/// The zero bytes among the first `n` (at most 8) of `board`: bit 8i + 7 set for each pit i
/// that is empty.
#[inline(always)]
fn zero_bytes(board: &Board, n: usize) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = u64::from_le_bytes(board[..8].try_into().unwrap());
    // A byte's high bit is set by the sum when its low seven bits are not all zero, by `x`
    // when its own high bit is: neither, exactly for a zero byte (no carry crosses bytes).
    let z = !(((x & LOW7) + LOW7) | x | LOW7);
    if n >= 8 {
        z
    } else {
        z & ((1u64 << (8 * n)) - 1)
    }
}

fn opp_nonempty_before(board: &Board, n: usize, m: usize) -> bool {
    board[n..m].iter().any(|&c| c != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `row_seeds` is the sum of the mover's row, pit by pit, for rows of one to eight pits,
    /// whatever the other row holds (up to 255 seeds on the board).
    #[test]
    fn row_seeds_sums_the_movers_row() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(254);
        for n in 1..=8u8 {
            let spec: mancala_core::GameSpec = format!("oware:pits={n},seeds=4").parse().unwrap();
            let g = SolverGame::new(&mancala_core::rules_for(&spec).unwrap()).unwrap();
            for _ in 0..2000 {
                let mut board: Board = [0; MAX_PITS];
                let mut left = 255u8;
                for c in board.iter_mut().take(2 * n as usize) {
                    *c = rng.gen_range(0..40u8).min(left);
                    left -= *c;
                }
                let sum: u32 = board[..n as usize].iter().map(|&c| c as u32).sum();
                assert_eq!(
                    g.row_seeds(&board) as u32,
                    sum,
                    "{n} pits: {:?}",
                    &board[..2 * n as usize]
                );
            }
        }
    }

    /// `zero_bytes` marks exactly the empty pits among the first `n`, whatever the others hold
    /// (every byte value, next to zeros and not).
    #[test]
    fn zero_bytes_marks_exactly_the_empty_pits() {
        use rand::{RngCore, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(1073);
        for round in 0..20_000 {
            let mut board: Board = [0; MAX_PITS];
            for (i, c) in board.iter_mut().enumerate() {
                let r = rng.next_u64();
                // Half the pits empty, the others any byte (0x80 and 0xFF included).
                *c = if (r >> (i + 3)) & 1 == 0 {
                    0
                } else {
                    (r >> 24) as u8 ^ (i as u8)
                };
            }
            board[round % 8] = (round / 8 % 256) as u8;
            for n in 1..=8 {
                let want: u64 = (0..n)
                    .filter(|&i| board[i] == 0)
                    .map(|i| 1u64 << (8 * i + 7))
                    .sum();
                assert_eq!(zero_bytes(&board, n), want, "{:?}, n = {n}", &board[..8]);
            }
        }
    }
}
