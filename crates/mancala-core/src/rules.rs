//! The sowing engine: a [`Ruleset`] compiled into lookup tables, with move generation,
//! copy-make move execution, end detection and settlement. One engine serves every ruleset.

use crate::cell::Cell;
use crate::moves::{Move, MoveSet};
use crate::position::{CELLS, Position, store};
use crate::ruleset::{
    CaptureRows, Chain, Direction, End, Feeding, GrandSlam, Leftover, MAX_ROW, OppositeCapture,
    Ruleset, RulesetError,
};
use crate::setup::{Setup, SetupError};
use crate::side::{BySide, Side};
use arrayvec::ArrayVec;
use std::fmt;

/// What a move did, for records (`+N`), animation and search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Seeds captured by the move (for stores games: seeds taken by an opposite capture).
    pub captured: u8,
    /// Board indices of the pits captured (bit i = pit i).
    pub captured_pits: u16,
    /// The cell the last seed fell into; `None` for a pass.
    pub landing: Option<Cell>,
    /// The mover moves again (Kalah's extra turn).
    pub extra_turn: bool,
    /// The move would have captured but the first-move exemption or the grand-slam rule kept it from.
    pub capture_forfeited: bool,
    /// The move's captures would empty the opponent's row (checked before any grand-slam policy).
    pub(crate) grand_slam: bool,
}

/// A legal move with the position it leads to and what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    pub mv: Move,
    pub position: Position,
    pub effect: Effect,
}

/// The legal moves of a position with their results, in move order (no allocation).
#[derive(Clone, Debug)]
pub struct Children {
    list: ArrayVec<Child, { MAX_ROW + 1 }>,
    /// Bit i: child i fed the opponent's empty row.
    fed: u16,
}

impl Children {
    fn empty() -> Children {
        Children {
            list: ArrayVec::new(),
            fed: 0,
        }
    }

    /// Keeps the moves that fed the opponent, in order.
    fn retain_fed(&mut self) {
        let fed = self.fed;
        let mut i = 0;
        self.list.retain(|_| {
            i += 1;
            fed & (1 << (i - 1)) != 0
        });
    }
}

impl std::ops::Deref for Children {
    type Target = [Child];
    fn deref(&self) -> &[Child] {
        &self.list
    }
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move has no legal move.
    NoLegalMove,
    /// The board is empty.
    EmptyBoard,
    /// A row is empty.
    RowEmpty,
    /// A player holds more than half of all seeds.
    Majority,
    /// A position occurred a second time.
    Repetition,
    /// The ply limit was reached.
    MaxPlies,
}

impl EndReason {
    /// Every reason a game can end for.
    pub const ALL: [EndReason; 6] = [
        EndReason::NoLegalMove,
        EndReason::EmptyBoard,
        EndReason::RowEmpty,
        EndReason::Majority,
        EndReason::Repetition,
        EndReason::MaxPlies,
    ];

    /// A stable machine code (`no-legal-move`, `repetition`, ...), for APIs and translations.
    pub fn code(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::EmptyBoard => "empty-board",
            EndReason::RowEmpty => "row-empty",
            EndReason::Majority => "majority",
            EndReason::Repetition => "repetition",
            EndReason::MaxPlies => "max-plies",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::NoLegalMove => "the player to move has no legal move",
            EndReason::EmptyBoard => "the board is empty",
            EndReason::RowEmpty => "a row is empty",
            EndReason::Majority => "a player has captured more than half of the seeds",
            EndReason::Repetition => "a position occurred a second time",
            EndReason::MaxPlies => "the move limit was reached",
        })
    }
}

/// The final result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub scores: BySide<u32>,
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn from_scores(scores: BySide<u32>, reason: EndReason) -> Outcome {
        let winner = match scores.south.cmp(&scores.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            scores,
            winner,
            reason,
        }
    }

    /// `south`, `north` or `draw`.
    pub fn winner_name(&self) -> &'static str {
        self.winner.map_or("draw", Side::name)
    }
}

/// How a game was stopped before the rules ended it: by a player, by the clock or by both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// `side` resigned.
    Resigned(Side),
    /// `side`'s time ran out.
    TimeForfeit(Side),
    /// `side` left the game (gone for longer than the site waits), and the other claimed it.
    Abandoned(Side),
    /// Both players agreed to a draw.
    DrawAgreed,
    /// Stopped before it began (a first move not made in time): no result.
    Aborted,
}

impl Stop {
    /// `None` for a draw or an aborted game.
    pub fn winner(self) -> Option<Side> {
        match self {
            Stop::Resigned(side) | Stop::TimeForfeit(side) | Stop::Abandoned(side) => {
                Some(side.other())
            }
            Stop::DrawAgreed | Stop::Aborted => None,
        }
    }

    /// Why, as a stable code: `resigned`, `time-forfeit`, `abandoned`, `draw-agreed`, `aborted`.
    pub fn code(self) -> &'static str {
        match self {
            Stop::Resigned(_) => "resigned",
            Stop::TimeForfeit(_) => "time-forfeit",
            Stop::Abandoned(_) => "abandoned",
            Stop::DrawAgreed => "draw-agreed",
            Stop::Aborted => "aborted",
        }
    }

    /// The stop as one word or two for a database or a record's `Termination` tag: `South
    /// resigned`, `North lost on time`, `South abandoned`, `draw agreed`, `aborted` (read back
    /// by [`Stop::parse`]).
    pub fn text(self) -> String {
        match self {
            Stop::Resigned(side) => format!("{side} resigned"),
            Stop::TimeForfeit(side) => format!("{side} lost on time"),
            Stop::Abandoned(side) => format!("{side} abandoned"),
            Stop::DrawAgreed => "draw agreed".to_string(),
            Stop::Aborted => "aborted".to_string(),
        }
    }

    /// A stop written by [`Stop::text`] (any case, spaces trimmed); `None` for any other text.
    pub fn parse(text: &str) -> Option<Stop> {
        let t = text.trim().to_ascii_lowercase();
        let side = |rest: &str| -> Option<Side> {
            t.strip_suffix(rest)
                .and_then(|who| who.trim().parse::<Side>().ok())
        };
        match t.as_str() {
            "draw agreed" => Some(Stop::DrawAgreed),
            "aborted" => Some(Stop::Aborted),
            _ => side(" resigned")
                .map(Stop::Resigned)
                .or_else(|| side(" lost on time").map(Stop::TimeForfeit))
                .or_else(|| side(" abandoned").map(Stop::Abandoned)),
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// How a game ended: by the rules (its [`Outcome`]) or stopped by the players or the clock.
/// The one answer to "is it over, who won, why" for every front end (the web app's result,
/// the command's `replay --json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Over by the rules, settled.
    Rules(Outcome),
    /// `side` resigned, with the captures (or stores) on the board then.
    Resigned { side: Side, scores: BySide<u32> },
    /// Stopped otherwise ([`Stop::TimeForfeit`], [`Stop::Abandoned`], [`Stop::DrawAgreed`],
    /// [`Stop::Aborted`]), with
    /// the captures (or stores) on the board then.
    Stopped { stop: Stop, scores: BySide<u32> },
}

impl Ending {
    /// `None` for a draw (or an aborted game).
    pub fn winner(&self) -> Option<Side> {
        match self {
            Ending::Rules(o) => o.winner,
            Ending::Resigned { side, .. } => Some(side.other()),
            Ending::Stopped { stop, .. } => stop.winner(),
        }
    }

    /// `south`, `north`, `draw`, or `none` for an aborted game.
    pub fn winner_name(&self) -> &'static str {
        match self {
            Ending::Stopped {
                stop: Stop::Aborted,
                ..
            } => "none",
            _ => self.winner().map_or("draw", Side::name),
        }
    }

    /// The final scores (settled when over by the rules; the board's when stopped).
    pub fn scores(&self) -> BySide<u32> {
        match self {
            Ending::Rules(o) => o.scores,
            Ending::Resigned { scores, .. } | Ending::Stopped { scores, .. } => *scores,
        }
    }

    /// Why, as a stable code: [`Stop::code`], or the rules' reason ([`EndReason::code`]).
    pub fn code(&self) -> &'static str {
        match self {
            Ending::Rules(o) => o.reason.code(),
            Ending::Resigned { .. } => "resigned",
            Ending::Stopped { stop, .. } => stop.code(),
        }
    }
}

impl fmt::Display for Ending {
    /// Why, in English: `South resigned`, `North lost on time`, or the rules' reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(o) => write!(f, "{}", o.reason),
            Ending::Resigned { side, .. } => write!(f, "{side} resigned"),
            Ending::Stopped { stop, .. } => write!(f, "{stop}"),
        }
    }
}

/// What is wrong with a position string, naming the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error(
        "position '{}': expected {expected} fields separated by '-' ({layout}), found {found}",
        crate::text::quoted(.text)
    )]
    FieldCount {
        text: String,
        expected: usize,
        found: usize,
        layout: String,
    },
    #[error("position field {index} ({field}): '{}' is not a whole number", crate::text::quoted(.value))]
    NotANumber {
        index: usize,
        field: String,
        value: String,
    },
    #[error("position field {index} ({field}): {} is more than a cell can hold (255)", crate::text::quoted(.value))]
    TooLarge {
        index: usize,
        field: String,
        value: String,
    },
    #[error("position field {index} (side to move): '{}' is not S or N", crate::text::quoted(.value))]
    Side { index: usize, value: String },
    #[error(
        "position: the seeds add up to {found} (board {board}, captures {captured}), but {game} has {expected}"
    )]
    Total {
        found: u32,
        board: u32,
        captured: u32,
        expected: u32,
        game: String,
    },
    #[error("position: {game} has {n} pits a row, and the position has {found} pits")]
    PitCount {
        game: String,
        n: usize,
        found: usize,
    },
    #[error(
        "position: {side}'s captures are {captured}, an odd number, but every capture in {game} takes an even number of seeds: no game reaches this position while seeds are on the board"
    )]
    OddCaptures {
        game: String,
        side: Side,
        captured: u8,
    },
}

impl PositionError {
    /// A stable machine code (`field-count`, `total`, ...), for APIs and translations.
    pub fn code(&self) -> &'static str {
        match self {
            PositionError::FieldCount { .. } => "field-count",
            PositionError::NotANumber { .. } => "not-a-number",
            PositionError::TooLarge { .. } => "too-large",
            PositionError::Side { .. } => "side",
            PositionError::Total { .. } => "total",
            PositionError::PitCount { .. } => "pit-count",
            PositionError::OddCaptures { .. } => "odd-captures",
        }
    }

    /// The values the error names, by name (`index` is the field's place, from 1).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            PositionError::FieldCount {
                expected, found, ..
            } => vec![
                ("expected", expected.to_string()),
                ("found", found.to_string()),
                ("pits", ((expected - 3) / 2).to_string()),
            ],
            PositionError::NotANumber { index, value, .. }
            | PositionError::TooLarge { index, value, .. }
            | PositionError::Side { index, value } => {
                vec![("index", index.to_string()), ("value", value.clone())]
            }
            PositionError::Total {
                found, expected, ..
            } => vec![
                ("found", found.to_string()),
                ("expected", expected.to_string()),
            ],
            PositionError::PitCount { n, found, .. } => {
                vec![("pits", n.to_string()), ("found", found.to_string())]
            }
            PositionError::OddCaptures { side, captured, .. } => {
                vec![
                    ("side", side.name().to_string()),
                    ("captured", captured.to_string()),
                ]
            }
        }
    }
}

/// A move that cannot be played here, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Syntax(#[from] crate::moves::MoveSyntaxError),
    #[error("'{mv}': {game} has {n} pits a row ({range})")]
    NoSuchPit {
        mv: String,
        game: String,
        n: usize,
        range: String,
    },
    #[error("'{mv}' is illegal: {reason} (legal: {legal})")]
    Illegal {
        mv: String,
        reason: IllegalReason,
        legal: MoveSet,
    },
    #[error("'{mv}': the game is over")]
    GameOver { mv: String },
}

impl MoveError {
    /// The rule a legal-looking move breaks, for callers that word it themselves.
    pub fn reason(&self) -> Option<&IllegalReason> {
        match self {
            MoveError::Illegal { reason, .. } => Some(reason),
            _ => None,
        }
    }
}

/// Why a well-formed move is not legal here: one rule each, so a caller (or a translator) can
/// tell a grand slam from a feeding refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// A pass while some pit can be played.
    PassNotAllowed,
    /// A pit of the side not to move.
    NotYourPit { pit_of: Side, to_move: Side },
    /// An empty pit.
    EmptyPit,
    /// A pit holding fewer seeds than the rules ask (Modiar's singletons).
    TooFewSeeds { min: u8, held: u8 },
    /// A capture of every seed of the opponent's row, which these rules forbid.
    GrandSlam,
    /// The opponent's row is empty and the move leaves it empty while another move feeds it.
    MustFeed,
    /// Any other restriction of the rules.
    Other,
}

impl IllegalReason {
    /// A stable machine code (`grand-slam`, `must-feed`, ...), for APIs and translations.
    pub fn code(&self) -> &'static str {
        match self {
            IllegalReason::PassNotAllowed => "pass-not-allowed",
            IllegalReason::NotYourPit { .. } => "not-your-pit",
            IllegalReason::EmptyPit => "empty-pit",
            IllegalReason::TooFewSeeds { .. } => "too-few-seeds",
            IllegalReason::GrandSlam => "grand-slam",
            IllegalReason::MustFeed => "must-feed",
            IllegalReason::Other => "not-allowed",
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::PassNotAllowed => {
                f.write_str("passing is allowed only when no pit can be played")
            }
            IllegalReason::NotYourPit { pit_of, to_move } => {
                write!(f, "it is {pit_of}'s pit, and {to_move} is to move")
            }
            IllegalReason::EmptyPit => f.write_str("the pit is empty"),
            IllegalReason::TooFewSeeds { min, held } => write!(
                f,
                "a pit needs at least {min} seeds to be played, and it holds {held}"
            ),
            IllegalReason::GrandSlam => {
                f.write_str("it would capture every seed of the opponent's row (grand slam)")
            }
            IllegalReason::MustFeed => {
                f.write_str("the opponent's row is empty and this move does not feed it")
            }
            IllegalReason::Other => f.write_str("not allowed by the rules here"),
        }
    }
}

/// A ruleset ready to play: validated, with lookup tables for the hot path.
#[derive(Clone, Debug)]
pub struct Rules {
    ruleset: Ruleset,
    n: usize,
    /// Next cell in sowing order, for each mover (stores games insert the mover's store).
    next: [[u8; CELLS]; 2],
    /// Cells in one lap of the mover's sowing, counting the origin (it is removed when skipped).
    ring_len: [u8; 2],
    /// Previous pit against the sowing direction, over the pits only.
    prev: [u8; CELLS],
    /// The cell of each raw cell number, so that a move's landing is one load.
    cell_of: [Cell; CELLS],
    /// Capture counts, as a table over every count a pit may hold.
    captures: [bool; 256],
    /// Pits the mover may capture by count (bit per board index).
    capture_rows: [u16; 2],
    /// Each side's row (bit per board index).
    row_mask: [u16; 2],
    start: Position,
    total: u32,
    /// Move generation must try each move for an illegal grand slam.
    slam_illegal: bool,
    /// Move generation must try each move for feeding when the opponent's row is empty.
    feeding: bool,
    /// For games without stores: the pits as one 128-bit word, sown by adding precomputed
    /// increments (no byte can carry into the next: a game has at most 255 seeds).
    sow_table: Option<Box<SowTable>>,
    /// Bit mask of a row's bytes in the 128-bit board word.
    row_bytes: u128,
    /// Hot copies of ruleset fields.
    end: End,
    pass: bool,
    /// For a power-of-two minimum: the bits to keep in each byte so that a non-zero byte is a
    /// playable pit (`None`: compare one by one).
    min_mask: Option<u128>,
}

/// Precomputed sowings for boards without stores.
#[derive(Clone, Debug)]
struct SowTable {
    /// Seeds laid in one lap.
    lap: u32,
    /// `incr[o * (lap + 1) + s]`: the increments of sowing `s <= lap` seeds from origin `o`
    /// (after the origin is emptied and any first seed put back).
    incr: Vec<u128>,
    /// The cell the last of those seeds falls into.
    landing: Vec<u8>,
    /// `full[o]`: one seed in every pit a lap from `o` reaches.
    full: Vec<u128>,
    /// `keep[o]`: every byte but origin `o`'s (emptying the origin without a variable shift).
    keep: Vec<u128>,
    /// Seeds that stay in the origin (1 when the first seed goes back into it, else 0); the
    /// increments already hold it.
    first: u32,
}

/// A byte per pit: the board's pits as a little-endian 128-bit word.
#[inline(always)]
fn board_word(pos: &Position) -> u128 {
    let mut b = [0u8; 16];
    b.copy_from_slice(&pos.cells[..16]);
    u128::from_le_bytes(b)
}

#[inline(always)]
fn set_board_word(pos: &mut Position, w: u128) {
    pos.cells[..16].copy_from_slice(&w.to_le_bytes());
}

/// Bit i set when byte i of `w` is non-zero.
#[inline(always)]
fn nonzero_bytes(w: u128) -> u16 {
    const LOW7: u128 = 0x7f7f_7f7f_7f7f_7f7f_7f7f_7f7f_7f7f_7f7f;
    const HIGH: u128 = !LOW7;
    let t = (((w & LOW7) + LOW7) | w) & HIGH;
    let gather = |h: u64| (((h >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u16;
    gather(t as u64) | (gather((t >> 64) as u64) << 8)
}

impl Rules {
    /// Validates `ruleset` and compiles it.
    pub fn new(ruleset: Ruleset) -> Result<Rules, RulesetError> {
        ruleset.validate()?;
        let n = ruleset.pits as usize;
        let two_n = 2 * n;
        let mut next = [[0u8; CELLS]; 2];
        let mut prev = [0u8; CELLS];
        for i in 0..two_n {
            let (nx, pv) = match ruleset.direction {
                Direction::Ccw => ((i + 1) % two_n, (i + two_n - 1) % two_n),
                Direction::Cw => ((i + two_n - 1) % two_n, (i + 1) % two_n),
            };
            prev[i] = pv as u8;
            for s in Side::BOTH {
                next[s.index()][i] = nx as u8;
            }
        }
        if ruleset.stores {
            for s in Side::BOTH {
                // The store follows the last pit of the mover's row in sowing order.
                let last = match ruleset.direction {
                    Direction::Ccw => s.index() * n + n - 1,
                    Direction::Cw => s.index() * n,
                };
                let st = store(s);
                next[s.index()][st] = next[s.index()][last];
                next[s.index()][last] = st as u8;
            }
        }
        let ring = two_n as u8 + ruleset.stores as u8;
        let mut captures = [false; 256];
        for &c in &ruleset.capture.counts {
            captures[c as usize] = true;
        }
        let row_mask = [((1u16 << n) - 1), ((1u16 << n) - 1) << n];
        let capture_rows = [Side::South, Side::North].map(|s| match ruleset.capture.rows {
            CaptureRows::Own => row_mask[s.index()],
            CaptureRows::Opponent => row_mask[s.other().index()],
            CaptureRows::Both => row_mask[0] | row_mask[1],
        });
        let start = {
            let row = vec![ruleset.seeds; n];
            Position::from_parts(&row, &row, BySide::new(0, 0), Side::South)
        };
        let slam_illegal = ruleset.grand_slam == GrandSlam::Illegal;
        let feeding = ruleset.feeding != Feeding::None;
        let total = ruleset.total_seeds();
        let sow_table = (!ruleset.stores).then(|| Box::new(SowTable::new(&ruleset, &next[0])));
        let row_bytes = (1u128 << (8 * n)) - 1;
        let min = ruleset.min_seeds;
        let min_mask = min
            .is_power_of_two()
            .then(|| !((min as u128 - 1) * 0x0101_0101_0101_0101_0101_0101_0101_0101));
        let (end, pass) = (ruleset.end, ruleset.pass);
        let cell_of = std::array::from_fn(|raw| {
            if raw < 2 * n || raw >= store(Side::South) {
                Cell::from_raw(raw, n)
            } else {
                // Not a cell of this board: never a landing.
                Cell::Store(Side::South)
            }
        });
        Ok(Rules {
            ruleset,
            n,
            next,
            ring_len: [ring, ring],
            prev,
            cell_of,
            captures,
            capture_rows,
            row_mask,
            start,
            total,
            slam_illegal,
            feeding,
            sow_table,
            row_bytes,
            end,
            pass,
            min_mask,
        })
    }

    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    pub fn id(&self) -> &str {
        &self.ruleset.id
    }

    pub fn name(&self) -> &str {
        &self.ruleset.name
    }

    /// Pits per row.
    pub fn pits_per_row(&self) -> usize {
        self.n
    }

    /// Seeds in the game.
    pub fn total_seeds(&self) -> u32 {
        self.total
    }

    /// The start position.
    pub fn start(&self) -> Position {
        self.start
    }

    /// Whether `pos` is the start position (for the first-move exemption).
    #[inline(always)]
    pub fn is_start(&self, pos: &Position) -> bool {
        *pos == self.start
    }

    /// The legal moves; empty exactly when the game is over by the position alone
    /// (history-dependent endings are [`crate::Game`]'s).
    #[inline]
    pub fn legal_moves(&self, pos: &Position) -> MoveSet {
        match self.static_end(pos) {
            Some(_) => MoveSet::empty(pos.side),
            None => self.moves_unless_ended(pos),
        }
    }

    /// Why the game is over at `pos` by the position alone, if it is.
    pub fn end_reason(&self, pos: &Position) -> Option<EndReason> {
        self.moves_or_end(pos).err()
    }

    /// The legal moves, or why the game is over at `pos` by the position alone: both
    /// answers of [`Rules::legal_moves`] and [`Rules::end_reason`] from one move generation.
    #[inline]
    pub fn moves_or_end(&self, pos: &Position) -> Result<MoveSet, EndReason> {
        if let Some(r) = self.static_end(pos) {
            return Err(r);
        }
        let moves = self.moves_unless_ended(pos);
        if moves.is_empty() {
            Err(EndReason::NoLegalMove)
        } else {
            Ok(moves)
        }
    }

    /// Ends that need no move generation.
    #[inline(always)]
    fn static_end(&self, pos: &Position) -> Option<EndReason> {
        let End {
            majority,
            row_empty,
            empty_board,
            ..
        } = self.end;
        if majority {
            let half = self.total / 2;
            if pos.score(Side::South) as u32 > half || pos.score(Side::North) as u32 > half {
                return Some(EndReason::Majority);
            }
        }
        let w = board_word(pos);
        if row_empty && (w & self.row_bytes == 0 || (w >> (8 * self.n)) & self.row_bytes == 0) {
            return Some(EndReason::RowEmpty);
        }
        // Pits beyond the board always hold 0.
        if empty_board && w == 0 {
            return Some(EndReason::EmptyBoard);
        }
        None
    }

    #[inline(always)]
    fn moves_unless_ended(&self, pos: &Position) -> MoveSet {
        let side = pos.side;
        let mut bits = self.candidates(pos);
        // Feeding only matters when the opponent's row is empty.
        if bits != 0 && (self.slam_illegal || self.feeding && pos.row_word(side.other()) == 0) {
            bits = self.filter(pos, bits);
        }
        MoveSet {
            bits,
            pass: bits == 0 && self.pass,
            side,
        }
    }

    /// The mover's pits holding at least the minimum to move (bit per pit of the row), before
    /// the grand-slam and feeding rules.
    #[inline(always)]
    fn candidates(&self, pos: &Position) -> u16 {
        let n = self.n;
        let base = pos.side.index() * n;
        if let Some(keep) = self.min_mask {
            // c >= 2^k exactly when a bit above the low k is set.
            return (nonzero_bytes(board_word(pos) & keep) >> base) & ((1u16 << n) - 1);
        }
        let min = self.ruleset.min_seeds;
        let mut bits = 0u16;
        for (i, &c) in pos.cells[base..base + n].iter().enumerate() {
            bits |= ((c >= min) as u16) << i;
        }
        bits
    }

    /// Applies the grand-slam prohibition and the duty to feed.
    fn filter(&self, pos: &Position, candidates: u16) -> u16 {
        let mut out = Children::empty();
        self.legal_children(pos, candidates, &mut out);
        out.iter().fold(0, |bits, c| match c.mv {
            Move::Sow { pit, .. } => bits | 1 << pit,
            Move::Pass => bits,
        })
    }

    /// The legal moves with the positions they lead to, each move played once: for callers
    /// that need both (a solver expanding a position), instead of `legal_moves` then `play`.
    pub fn children(&self, pos: &Position) -> Children {
        let mut out = Children::empty();
        if self.static_end(pos).is_some() {
            return out;
        }
        self.legal_children(pos, self.candidates(pos), &mut out);
        if out.list.is_empty() && self.pass {
            let mut p = *pos;
            let effect = self.play_unchecked(&mut p, Move::Pass);
            out.list.push(Child {
                mv: Move::Pass,
                position: p,
                effect,
            });
        }
        out
    }

    /// Plays each candidate pit, dropping illegal grand slams and, when the opponent's row is
    /// empty, the moves that do not feed it as the ruleset says.
    fn legal_children(&self, pos: &Position, candidates: u16, out: &mut Children) {
        let side = pos.side;
        let opp = side.other();
        let feeding = self.ruleset.feeding;
        let check_feed = self.feeding && pos.row_total(opp) == 0;
        let mut feeds = 0;
        let mut b = candidates;
        while b != 0 {
            let pit = b.trailing_zeros() as u8;
            b &= b - 1;
            let mut p = *pos;
            let effect = self.apply(&mut p, side.index() * self.n + pit as usize);
            if self.slam_illegal && effect.grand_slam {
                continue;
            }
            let fed = check_feed && p.row_total(opp) > 0;
            feeds += fed as usize;
            out.fed |= (fed as u16) << out.list.len();
            out.list.push(Child {
                mv: Move::Sow { side, pit },
                position: p,
                effect,
            });
        }
        if check_feed && (feeding == Feeding::Must || feeds > 0) {
            out.retain_fed();
        }
    }

    /// Calls `f` with the position after each of `moves` (legal moves of `pos`), in move
    /// order, the sowing always inlined: perft's loop (a call there costs perft a tenth of its
    /// speed; the search and the solver are faster with the compiler's own choice).
    #[inline(always)]
    pub(crate) fn each_child(&self, pos: &Position, moves: MoveSet, mut f: impl FnMut(&Position)) {
        let base = pos.side.index() * self.n;
        let mut bits = moves.bits;
        while bits != 0 {
            let pit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut child = *pos;
            self.apply_inlined(&mut child, base + pit);
            f(&child);
        }
        if moves.pass {
            let mut child = *pos;
            child.side = child.side.other();
            f(&child);
        }
    }

    /// Plays `m` without checking it is legal (it must be: a pit of the mover's row holding
    /// at least one seed, or a pass).
    #[inline]
    pub fn play_unchecked(&self, pos: &mut Position, m: Move) -> Effect {
        match m.board_index(self.n) {
            None => {
                pos.side = pos.side.other();
                Effect::default()
            }
            Some(i) => self.apply(pos, i),
        }
    }

    /// Plays `m` if it is legal; otherwise says why and leaves nothing changed.
    pub fn play(&self, pos: &Position, m: Move) -> Result<(Position, Effect), MoveError> {
        self.check_move(pos, m)?;
        let mut p = *pos;
        let eff = self.play_unchecked(&mut p, m);
        Ok((p, eff))
    }

    /// The cells the seeds of `m` fall into from `pos`, one a seed in order (the origin too
    /// where the first seed goes back into it); `None` for a pass or a move that sows nothing.
    /// The same sowing order as play: what a page animates is what the rules did.
    pub fn sowing_path(&self, pos: &Position, m: Move) -> Option<Vec<Cell>> {
        let origin = m.board_index(self.n)?;
        let next = &self.next[pos.side.index()];
        let mut seeds = pos.cells[origin] as usize;
        if seeds == 0 {
            return None;
        }
        let mut path = Vec::with_capacity(seeds);
        let mut cur = origin;
        if self.ruleset.first_seed_in_origin {
            path.push(Cell::from_raw(origin, self.n));
            seeds -= 1;
        }
        for _ in 0..seeds {
            cur = next[cur] as usize;
            if self.ruleset.skip_origin && cur == origin {
                cur = next[cur] as usize;
            }
            path.push(Cell::from_raw(cur, self.n));
        }
        Some(path)
    }

    /// The pits a move captured, by its effect, in board order.
    pub fn captured_cells(&self, effect: &Effect) -> Vec<Cell> {
        (0..2 * self.n)
            .filter(|&i| effect.captured_pits & (1 << i) != 0)
            .map(|i| Cell::from_raw(i, self.n))
            .collect()
    }

    /// The board index of the pit `steps` pits after pit `origin` in sowing order, counting
    /// the pits only (a stores game's stores are not counted: there it is the sowing order as
    /// long as it stays in the mover's row), and every pit (a skipped origin is counted). The
    /// retrograde solver plays moves backwards by it.
    #[inline(always)]
    pub fn pit_after(&self, origin: usize, steps: usize) -> usize {
        let two_n = 2 * self.n;
        match self.ruleset.direction {
            Direction::Ccw => (origin + steps) % two_n,
            Direction::Cw => (origin + two_n - steps % two_n) % two_n,
        }
    }

    /// Parses a move string in the context of `pos`, checking the pit exists (not legality).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let m: Move = text.parse().map_err(|e: crate::moves::MoveSyntaxError| {
            let pass = if self.ruleset.pass { ", or pass" } else { "" };
            crate::moves::MoveSyntaxError {
                hint: format!("a pit letter {}{pass}", self.pit_range()),
                ..e
            }
        })?;
        if let Move::Sow { pit, .. } = m
            && pit as usize >= self.n
        {
            return Err(MoveError::NoSuchPit {
                mv: text.trim().to_string(),
                game: self.ruleset.name.clone(),
                n: self.n,
                range: self.pit_range(),
            });
        }
        Ok(m)
    }

    fn pit_range(&self) -> String {
        let last = (self.n - 1) as u8;
        format!(
            "{}-{} for South, {}-{} for North",
            'A',
            (b'A' + last) as char,
            'a',
            (b'a' + last) as char
        )
    }

    /// Checks that `m` is legal at `pos`, explaining why not.
    pub fn check_move(&self, pos: &Position, m: Move) -> Result<(), MoveError> {
        let legal = self.legal_moves(pos);
        if legal.contains(m) {
            return Ok(());
        }
        let mv = m.to_string();
        if legal.is_empty() {
            return Err(MoveError::GameOver { mv });
        }
        let reason = match m {
            Move::Pass => IllegalReason::PassNotAllowed,
            Move::Sow { side, pit } => {
                if pit as usize >= self.n {
                    return Err(MoveError::NoSuchPit {
                        mv,
                        game: self.ruleset.name.clone(),
                        n: self.n,
                        range: self.pit_range(),
                    });
                } else if side != pos.side {
                    IllegalReason::NotYourPit {
                        pit_of: side,
                        to_move: pos.side,
                    }
                } else {
                    let c = pos.cells[side.index() * self.n + pit as usize];
                    if c == 0 {
                        IllegalReason::EmptyPit
                    } else if c < self.ruleset.min_seeds {
                        IllegalReason::TooFewSeeds {
                            min: self.ruleset.min_seeds,
                            held: c,
                        }
                    } else {
                        let mut p = *pos;
                        let eff = self.apply(&mut p, side.index() * self.n + pit as usize);
                        if self.slam_illegal && eff.grand_slam {
                            IllegalReason::GrandSlam
                        } else if pos.row_total(side.other()) == 0 {
                            IllegalReason::MustFeed
                        } else {
                            IllegalReason::Other
                        }
                    }
                }
            }
        };
        Err(MoveError::Illegal { mv, reason, legal })
    }

    /// [`Rules::apply_inlined`] as a call: the loop over a position's children (the search's
    /// and the solver's) is faster with it out of line.
    #[inline(never)]
    fn apply(&self, pos: &mut Position, origin: usize) -> Effect {
        self.apply_inlined(pos, origin)
    }

    /// Sows board pit `origin` of the mover and applies captures and the turn change (always
    /// inlined: see [`Rules::each_child`]).
    #[inline(always)]
    fn apply_inlined(&self, pos: &mut Position, origin: usize) -> Effect {
        let side = pos.side;
        let r = &self.ruleset;
        let first_move = r.first_move_no_capture && *pos == self.start;
        let landing = self.sow(pos, origin);
        let mut eff = Effect {
            landing: Some(self.cell_of[landing]),
            ..Effect::default()
        };
        let two_n = 2 * self.n;
        if landing < two_n {
            if !r.capture.counts.is_empty() {
                self.count_capture(pos, landing, side, first_move, &mut eff);
            }
            if r.capture.opposite_empty != OppositeCapture::None
                && self.row_mask[side.index()] & (1 << landing) != 0
                && pos.cells[landing] == 1
            {
                let opposite = two_n - 1 - landing;
                let take = pos.cells[opposite];
                if take > 0 || r.capture.opposite_empty == OppositeCapture::Always {
                    pos.cells[store(side)] += take + 1;
                    pos.cells[landing] = 0;
                    pos.cells[opposite] = 0;
                    eff.captured = take + 1;
                    eff.captured_pits = (1 << landing) | (1 << opposite);
                }
            }
        } else if r.extra_turn && landing == store(side) {
            eff.extra_turn = true;
        }
        if !eff.extra_turn {
            pos.side = side.other();
        }
        eff
    }

    /// Lays the seeds of `origin` out and returns the cell the last one fell into.
    #[inline(always)]
    fn sow(&self, pos: &mut Position, origin: usize) -> usize {
        if let Some(t) = &self.sow_table {
            let (w, landing) = self.sown_word(t, pos, origin);
            set_board_word(pos, w);
            return landing;
        }
        let side = pos.side.index();
        let next = &self.next[side];
        let cells = &mut pos.cells;
        let mut seeds = cells[origin] as u32;
        cells[origin] = 0;
        let mut cur = origin;
        if self.ruleset.first_seed_in_origin {
            cells[origin] = 1;
            seeds -= 1;
        }
        let skip = self.ruleset.skip_origin;
        let lap = self.ring_len[side] as u32 - skip as u32;
        if seeds > lap {
            // Whole laps at once; the last 1..=lap seeds are laid one by one.
            let laps = (seeds - 1) / lap;
            let mut j = next[origin] as usize;
            loop {
                if j != origin || !skip {
                    cells[j] += laps as u8;
                }
                if j == origin {
                    break;
                }
                j = next[j] as usize;
            }
            seeds -= laps * lap;
        }
        while seeds > 0 {
            cur = next[cur] as usize;
            if skip && cur == origin {
                cur = next[cur] as usize;
            }
            cells[cur] += 1;
            seeds -= 1;
        }
        cur
    }

    /// The pits after sowing `origin`, as a board word, and the landing pit (no stores).
    #[inline(always)]
    fn sown_word(&self, t: &SowTable, pos: &Position, origin: usize) -> (u128, usize) {
        let mut w = board_word(pos) & t.keep[origin];
        let mut seeds = pos.cells[origin] as u32 - t.first;
        if seeds > t.lap {
            let laps = (seeds - 1) / t.lap;
            w += t.full[origin] * laps as u128;
            seeds -= laps * t.lap;
        }
        let k = origin * (t.lap as usize + 1) + seeds as usize;
        (w + t.incr[k], t.landing[k] as usize)
    }

    /// What `m` (legal at `pos`) gains the mover at once: the seeds it adds to the mover's
    /// score, plus one if it earns an extra turn. Exact, and on boards without stores computed
    /// on the sown board word without playing the move (for search: cheaper than a play).
    #[inline]
    pub fn gain(&self, pos: &Position, m: Move) -> u32 {
        let Some(origin) = m.board_index(self.n) else {
            return 0;
        };
        let r = &self.ruleset;
        let Some(t) = self.sow_table.as_deref().filter(|_| {
            r.capture.opposite_empty == OppositeCapture::None
                && (!r.first_move_no_capture || *pos != self.start)
        }) else {
            let side = pos.side;
            let mut p = *pos;
            let eff = self.apply(&mut p, origin);
            return (p.score(side) - pos.score(side)) as u32 + eff.extra_turn as u32;
        };
        if r.capture.counts.is_empty() {
            return 0;
        }
        let side = pos.side;
        let (w, landing) = self.sown_word(t, pos, origin);
        let bytes = w.to_le_bytes();
        let rows = self.capture_rows[side.index()];
        if rows & (1 << landing) == 0 || !self.captures[bytes[landing] as usize] {
            return 0;
        }
        let mut mask = 1u16 << landing;
        let mut total = bytes[landing] as u32;
        if r.capture.chain == Chain::Backward {
            let mut j = self.prev[landing] as usize;
            while j != landing && rows & (1 << j) != 0 && self.captures[bytes[j] as usize] {
                mask |= 1 << j;
                total += bytes[j] as u32;
                j = self.prev[j] as usize;
            }
        }
        let opp_row = self.row_mask[side.other().index()];
        if r.grand_slam != GrandSlam::Legal && mask & opp_row != 0 {
            let base = side.other().index() * self.n;
            let (mut left, mut taken) = (0, 0);
            for (k, &c) in bytes[base..base + self.n].iter().enumerate() {
                left += c as u32;
                if mask & (1 << (base + k)) != 0 {
                    taken += c as u32;
                }
            }
            if left == taken {
                return 0;
            }
        }
        total
    }

    /// Captures by count at `landing`, with the chain, the first-move exemption and the
    /// grand-slam policy.
    #[inline(always)]
    fn count_capture(
        &self,
        pos: &mut Position,
        landing: usize,
        side: Side,
        first_move: bool,
        eff: &mut Effect,
    ) {
        let rows = self.capture_rows[side.index()];
        if rows & (1 << landing) == 0 || !self.captures[pos.cells[landing] as usize] {
            return;
        }
        if first_move {
            eff.capture_forfeited = true;
            return;
        }
        let mut mask = 1u16 << landing;
        let mut total = pos.cells[landing] as u32;
        if self.ruleset.capture.chain == Chain::Backward {
            let mut j = self.prev[landing] as usize;
            while j != landing && rows & (1 << j) != 0 && self.captures[pos.cells[j] as usize] {
                mask |= 1 << j;
                total += pos.cells[j] as u32;
                j = self.prev[j] as usize;
            }
        }
        let opp_row = self.row_mask[side.other().index()];
        if mask & opp_row != 0 {
            // A grand slam takes every seed left in the opponent's row.
            let taken: u32 = {
                let mut b = mask & opp_row;
                let mut t = 0;
                while b != 0 {
                    t += pos.cells[b.trailing_zeros() as usize] as u32;
                    b &= b - 1;
                }
                t
            };
            eff.grand_slam = pos.row_total(side.other()) == taken;
        }
        if eff.grand_slam && self.ruleset.grand_slam != GrandSlam::Legal {
            eff.capture_forfeited = true;
            return;
        }
        let mut b = mask;
        while b != 0 {
            let j = b.trailing_zeros() as usize;
            b &= b - 1;
            pos.cells[j] = 0;
        }
        pos.cells[store(side)] += total as u8;
        eff.captured = total as u8;
        eff.captured_pits = mask;
    }

    /// The position once the game has ended for `reason`: the seeds left on the board given out
    /// as the ruleset says (shared equally on a repetition under the split ruling).
    pub fn settle(&self, pos: &Position, reason: EndReason) -> Position {
        let mut p = *pos;
        let south = p.row_total(Side::South);
        let north = p.row_total(Side::North);
        let board = south + north;
        let give = |p: &mut Position, s: u32, n: u32| {
            p.cells[store(Side::South)] += s as u8;
            p.cells[store(Side::North)] += n as u8;
            p.cells[..2 * MAX_ROW].iter_mut().for_each(|c| *c = 0);
        };
        let policy = match reason {
            EndReason::Repetition => match self.ruleset.repetition {
                crate::ruleset::Repetition::Split => None,
                _ => Some(Leftover::OwnRow),
            },
            EndReason::MaxPlies => Some(Leftover::OwnRow),
            _ => Some(self.ruleset.leftover),
        };
        match policy {
            None => give(&mut p, board / 2, board - board / 2),
            Some(Leftover::OwnRow) => give(&mut p, south, north),
            Some(Leftover::Mover) => match p.side {
                Side::South => give(&mut p, board, 0),
                Side::North => give(&mut p, 0, board),
            },
            Some(Leftover::Opponent) => match p.side {
                Side::South => give(&mut p, 0, board),
                Side::North => give(&mut p, board, 0),
            },
            Some(Leftover::Nobody) => {}
        }
        p
    }

    /// The outcome of a game that ended at `pos` (unsettled) for `reason`.
    pub fn outcome(&self, pos: &Position, reason: EndReason) -> Outcome {
        let p = self.settle(pos, reason);
        Outcome::from_scores(p.scores().map(u32::from), reason)
    }

    /// Parses and checks a position string (NOTATION.md), naming the faulty field.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        self.position_of(text, true)
    }

    /// [`Self::parse_position`] for a position saved before positions no game reaches by
    /// their captures' parity were refused (a game set up then, kept in the web app's store):
    /// checked as it was when it was saved, so that what was saved still loads.
    pub fn parse_saved_position(&self, text: &str) -> Result<Position, PositionError> {
        self.position_of(text, false)
    }

    fn position_of(&self, text: &str, parity: bool) -> Result<Position, PositionError> {
        let n = self.n;
        let expected = 2 * n + 3;
        let found = text.trim().split('-').count();
        if found != expected {
            return Err(PositionError::FieldCount {
                text: text.to_string(),
                expected,
                found,
                layout: format!(
                    "{n} South pits, {n} North pits, South's {what}, North's {what}, side to move",
                    what = self.score_word()
                ),
            });
        }
        let setup: Setup = text.parse().map_err(|e| match e {
            SetupError::NotANumber { index, value } => PositionError::NotANumber {
                index,
                field: self.field_name(index - 1),
                value,
            },
            SetupError::TooLarge { index, value } => PositionError::TooLarge {
                index,
                field: self.field_name(index - 1),
                value,
            },
            SetupError::Side { index, value } => PositionError::Side { index, value },
            SetupError::FieldCount { text, found } => PositionError::FieldCount {
                text,
                expected,
                found,
                layout: String::new(),
            },
        })?;
        self.position_checked(&setup, parity)
    }

    /// The checked position of `setup`: its rows have this game's pits, its seeds add up to
    /// the game's, and where every capture is even, each side's captures are even while seeds
    /// are on the board.
    pub fn position(&self, setup: &Setup) -> Result<Position, PositionError> {
        self.position_checked(setup, true)
    }

    fn position_checked(&self, setup: &Setup, parity: bool) -> Result<Position, PositionError> {
        let n = self.n;
        if setup.pits.len() != 2 * n {
            return Err(PositionError::PitCount {
                game: self.ruleset.name.clone(),
                n,
                found: setup.pits.len(),
            });
        }
        let board: u32 = setup.pits.iter().map(|&c| c as u32).sum();
        let captured = setup.scores.south as u32 + setup.scores.north as u32;
        if board + captured != self.total {
            return Err(PositionError::Total {
                found: board + captured,
                board,
                captured,
                expected: self.total,
                game: self.ruleset.name.clone(),
            });
        }
        // Each side's captures grow by even numbers only, from none: odd ones, with seeds
        // still to play for, were reached by no game (and a repetition's equal split of the
        // board, or any other ruling, could not be applied to them as the rules mean it).
        if parity && self.captures_even() && board > 0 {
            for side in [Side::South, Side::North] {
                let captured = setup.scores[side];
                if captured % 2 == 1 {
                    return Err(PositionError::OddCaptures {
                        game: self.ruleset.name.clone(),
                        side,
                        captured,
                    });
                }
            }
        }
        Ok(Position::from_parts(
            &setup.pits[..n],
            &setup.pits[n..],
            setup.scores,
            setup.side,
        ))
    }

    /// Whether every capture takes an even number of seeds: no stores, and every count that
    /// captures is even (chains and grand slams only add such counts). Then each side's
    /// captures stay even while seeds are on the board, and the levels of a database are those
    /// of the total's parity.
    pub fn captures_even(&self) -> bool {
        let r = &self.ruleset;
        !r.stores && r.capture.counts.iter().all(|c| c % 2 == 0)
    }

    /// A position of this board from its pits alone, `side` to move, for retrograde databases,
    /// which value a board by the seeds still to be won: its scores are (0, 1), which no start
    /// position has, so the first-move exemption never applies. It is not a position of a game
    /// (its seeds do not add up); `pits` must hold both rows.
    pub fn board_position(&self, pits: &[u8], side: Side) -> Position {
        let n = self.n;
        Position::from_parts(&pits[..n], &pits[n..2 * n], BySide::new(0, 1), side)
    }

    fn score_word(&self) -> &'static str {
        if self.ruleset.stores {
            "store"
        } else {
            "captures"
        }
    }

    fn field_name(&self, k: usize) -> String {
        let n = self.n;
        if k < n {
            format!("pit {}", (b'A' + k as u8) as char)
        } else if k < 2 * n {
            format!("pit {}", (b'a' + (k - n) as u8) as char)
        } else if k == 2 * n {
            format!("South's {}", self.score_word())
        } else {
            format!("North's {}", self.score_word())
        }
    }
}

impl SowTable {
    /// Lays out every sowing of up to one lap by walking the ring seed by seed.
    fn new(r: &Ruleset, next: &[u8; CELLS]) -> SowTable {
        let two_n = 2 * r.pits as usize;
        let lap = two_n as u32 - r.skip_origin as u32;
        let mut incr = Vec::with_capacity(two_n * (lap as usize + 1));
        let mut landing = Vec::with_capacity(incr.capacity());
        let mut full = Vec::with_capacity(two_n);
        let first = r.first_seed_in_origin as u32;
        let mut keep = Vec::with_capacity(two_n);
        for o in 0..two_n {
            let origin = 1u128 << (8 * o);
            keep.push(!(0xffu128 << (8 * o)));
            let mut w = 0u128;
            let mut cur = o;
            for s in 0..=lap {
                if s > 0 {
                    cur = next[cur] as usize;
                    if r.skip_origin && cur == o {
                        cur = next[cur] as usize;
                    }
                    w += 1u128 << (8 * cur);
                }
                incr.push(w + origin * first as u128);
                landing.push(cur as u8);
            }
            full.push(w);
        }
        SowTable {
            lap,
            incr,
            landing,
            full,
            keep,
            first,
        }
    }
}

#[cfg(test)]
mod position_error_tests {
    use crate::rules_for;

    #[test]
    fn every_position_refusal_has_a_code_and_its_values() {
        let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
        for (text, code, want) in [
            (
                "7-7-7",
                "field-count",
                vec![("expected", "9"), ("found", "3"), ("pits", "3")],
            ),
            (
                "7-7-x-7-7-7-0-0-S",
                "not-a-number",
                vec![("index", "3"), ("value", "x")],
            ),
            (
                "7-7-300-7-7-7-0-0-S",
                "too-large",
                vec![("index", "3"), ("value", "300")],
            ),
            (
                "7-7-7-7-7-7-0-0-W",
                "side",
                vec![("index", "9"), ("value", "W")],
            ),
            (
                "7-7-7-7-7-6-0-0-S",
                "total",
                vec![("found", "41"), ("expected", "42")],
            ),
        ] {
            let e = rules.parse_position(text).expect_err(text);
            assert_eq!(e.code(), code, "{text}: {e}");
            let params = e.params();
            for (k, v) in want {
                assert!(
                    params.iter().any(|(pk, pv)| *pk == k && pv == v),
                    "{text}: {k}={v} not in {params:?}"
                );
            }
        }
    }
}
