//! Rulesets as data. Every two-row game of the project is a value of [`Ruleset`]; the built-in
//! ones are TOML files under `rules/` embedded in the binary, and a user's file has the same form.
//! [`Ruleset::validate`] refuses impossible or contradictory combinations, naming the parameter.

use serde::{Deserialize, Serialize};

/// Largest number of pits in one row (pit letters `A`..`H`).
pub const MAX_ROW: usize = 8;
/// Largest number of seeds in the whole game (pits hold a byte).
pub const MAX_SEEDS: u32 = 255;

/// Which way seeds travel: counter-clockwise is `A → B → … → a → b → …`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    Ccw,
    Cw,
}

/// On which rows a pit may be captured, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRows {
    Own,
    Opponent,
    Both,
}

/// Whether a capture continues to the pits before the landing pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Chain {
    /// Only the landing pit.
    None,
    /// Backwards against the sowing direction while pits qualify (at most one full circle).
    Backward,
}

/// Kalah's capture: the last seed lands in an empty pit of the mover's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OppositeCapture {
    None,
    /// Take the landing seed and the opposite pit's seeds, even if the opposite pit is empty.
    Always,
    /// Only when the opposite pit holds seeds.
    IfOppositeNonEmpty,
}

/// The duty to give seeds to an opponent whose row is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Feeding {
    /// No duty.
    None,
    /// If some legal move feeds, only feeding moves are legal; otherwise any legal move is.
    Prefer,
    /// Only feeding moves are legal; if none feeds, the player has no legal move.
    Must,
}

/// A move whose captures would leave the opponent's row empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlam {
    Legal,
    /// Legal, but it captures nothing.
    NoCapture,
    Illegal,
}

/// Who takes the seeds still on the board when the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Leftover {
    /// Each player the seeds of his own row.
    OwnRow,
    /// The player who would have moved next.
    Mover,
    /// The other player.
    Opponent,
    /// Nobody: they stay uncounted.
    Nobody,
}

/// What happens when a position (board, scores, side to move) occurs a second time in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// Nothing: play goes on.
    Ignore,
    /// The game ends and the seeds on the board are shared equally.
    Split,
    /// The game ends and each player takes the seeds of his own row.
    OwnRow,
}

/// How seeds are captured.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Capture {
    /// A pit holding one of these counts after the last seed lands in it is captured.
    #[serde(default)]
    pub counts: Vec<u8>,
    #[serde(default = "default_rows")]
    pub rows: CaptureRows,
    #[serde(default = "default_chain")]
    pub chain: Chain,
    #[serde(default = "default_opposite")]
    pub opposite_empty: OppositeCapture,
}

fn default_rows() -> CaptureRows {
    CaptureRows::Both
}
fn default_chain() -> Chain {
    Chain::None
}
fn default_opposite() -> OppositeCapture {
    OppositeCapture::None
}

/// When the game ends (any condition that holds ends it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct End {
    /// The player to move has no legal move.
    #[serde(default)]
    pub no_legal_move: bool,
    /// No seed is left on the board.
    #[serde(default)]
    pub empty_board: bool,
    /// Either row is empty (Kalah).
    #[serde(default)]
    pub row_empty: bool,
    /// A player has captured more than half of all seeds.
    #[serde(default)]
    pub majority: bool,
}

/// A two-row sowing game, as data.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Ruleset {
    /// Short id used on the command line (`modiar`).
    pub id: String,
    /// Display name (`Modiar`).
    pub name: String,
    /// One paragraph saying what the game is and where it comes from.
    #[serde(default)]
    pub summary: String,
    /// Pits in each row.
    pub pits: u8,
    /// Seeds in each pit at the start.
    pub seeds: u8,
    /// Each player has a store after the end of his row, sown into like a pit (Kalah).
    #[serde(default)]
    pub stores: bool,
    #[serde(default = "default_direction")]
    pub direction: Direction,
    /// The first seed of a move goes back into the emptied origin pit (Modiar).
    #[serde(default)]
    pub first_seed_in_origin: bool,
    /// Later laps pass over the origin pit (Oware).
    #[serde(default)]
    pub skip_origin: bool,
    /// A pit may be played only if it holds at least this many seeds.
    #[serde(default = "one")]
    pub min_seeds: u8,
    pub capture: Capture,
    /// A move from the start position captures nothing (Modiar).
    #[serde(default)]
    pub first_move_no_capture: bool,
    #[serde(default = "default_feeding")]
    pub feeding: Feeding,
    #[serde(default = "default_grand_slam")]
    pub grand_slam: GrandSlam,
    /// A player with no legal move passes (instead of the game ending).
    #[serde(default)]
    pub pass: bool,
    /// Ending in one's own store gives another move (Kalah).
    #[serde(default)]
    pub extra_turn: bool,
    pub end: End,
    #[serde(default = "default_leftover")]
    pub leftover: Leftover,
    #[serde(default = "default_repetition")]
    pub repetition: Repetition,
    /// The game ends after this many plies, each side taking its own row.
    #[serde(default)]
    pub max_plies: Option<u32>,
}

fn default_direction() -> Direction {
    Direction::Ccw
}
fn one() -> u8 {
    1
}
fn default_feeding() -> Feeding {
    Feeding::None
}
fn default_grand_slam() -> GrandSlam {
    GrandSlam::Legal
}
fn default_leftover() -> Leftover {
    Leftover::OwnRow
}
fn default_repetition() -> Repetition {
    Repetition::Ignore
}

/// A ruleset parameter that is impossible or contradicts another.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("rules parameter '{param}': {why}")]
pub struct RulesetError {
    pub param: &'static str,
    pub why: String,
}

fn err(param: &'static str, why: impl Into<String>) -> RulesetError {
    RulesetError {
        param,
        why: why.into(),
    }
}

impl Ruleset {
    /// Total seeds in the game.
    pub fn total_seeds(&self) -> u32 {
        2 * self.pits as u32 * self.seeds as u32
    }

    /// Checks that the parameters describe a playable game.
    pub fn validate(&self) -> Result<(), RulesetError> {
        if self.id.is_empty()
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(err(
                "id",
                "must be non-empty lowercase letters, digits and '-'",
            ));
        }
        if self.pits == 0 || self.pits as usize > MAX_ROW {
            return Err(err(
                "pits",
                format!("must be from 1 to {MAX_ROW}, not {}", self.pits),
            ));
        }
        if self.seeds == 0 {
            return Err(err("seeds", "must be at least 1"));
        }
        if self.total_seeds() > MAX_SEEDS {
            return Err(err(
                "seeds",
                format!(
                    "2 x {} pits x {} seeds = {} seeds; at most {MAX_SEEDS} are supported",
                    self.pits,
                    self.seeds,
                    self.total_seeds()
                ),
            ));
        }
        if self.min_seeds == 0 {
            return Err(err(
                "min-seeds",
                "must be at least 1 (an empty pit cannot be sown)",
            ));
        }
        if self.min_seeds as u32 > self.total_seeds() {
            return Err(err(
                "min-seeds",
                "is larger than all the seeds of the game: no move is ever possible",
            ));
        }
        if self.first_seed_in_origin && self.skip_origin {
            return Err(err(
                "skip-origin",
                "contradicts first-seed-in-origin (the first seed goes back into the origin)",
            ));
        }
        if self.first_seed_in_origin && self.min_seeds < 2 {
            return Err(err(
                "min-seeds",
                "must be at least 2 with first-seed-in-origin (a single seed would go back where it came from)",
            ));
        }
        if self.capture.counts.contains(&0) {
            return Err(err(
                "capture.counts",
                "0 cannot be a capture count (a pit the last seed lands in holds at least 1)",
            ));
        }
        let mut sorted = self.capture.counts.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != self.capture.counts.len() {
            return Err(err("capture.counts", "lists a count twice"));
        }
        if self.capture.counts.is_empty() && self.capture.chain == Chain::Backward {
            return Err(err("capture.chain", "a chain needs capture.counts"));
        }
        if self.capture.opposite_empty != OppositeCapture::None && !self.stores {
            return Err(err(
                "capture.opposite-empty",
                "needs stores (the captured seeds go to the store)",
            ));
        }
        if self.extra_turn && !self.stores {
            return Err(err(
                "extra-turn",
                "needs stores (the extra turn is earned by ending in one's store)",
            ));
        }
        if self.first_seed_in_origin && self.stores {
            return Err(err(
                "first-seed-in-origin",
                "is not supported together with stores",
            ));
        }
        if !self.pass && !self.end.no_legal_move {
            return Err(err(
                "end.no-legal-move",
                "must be true when pass is false (otherwise a player without a move is stuck)",
            ));
        }
        if self.pass && self.end.no_legal_move {
            return Err(err(
                "pass",
                "contradicts end.no-legal-move (a player without a move either passes or the game ends)",
            ));
        }
        if self.pass && !self.end.empty_board && !self.end.row_empty {
            return Err(err(
                "end",
                "with pass, the game needs end.empty-board or end.row-empty (otherwise it can never end)",
            ));
        }
        if self.repetition == Repetition::Split {
            // Two equal rows always hold an even number of seeds; captures must keep it even.
            if self.capture.counts.iter().any(|c| c % 2 != 0)
                || self.capture.opposite_empty != OppositeCapture::None
            {
                return Err(err(
                    "repetition",
                    "split needs every capture to be of an even count, so the board can always be shared equally",
                ));
            }
        }
        if self.grand_slam != GrandSlam::Legal && self.capture.counts.is_empty() {
            return Err(err(
                "grand-slam",
                "only applies to count captures (capture.counts is empty)",
            ));
        }
        if self.max_plies == Some(0) {
            return Err(err("max-plies", "must be at least 1"));
        }
        Ok(())
    }

    /// The same game on another board size (`pits` per row, `seeds` per pit).
    pub fn resized(&self, pits: u8, seeds: u8) -> Result<Ruleset, RulesetError> {
        let mut r = self.clone();
        r.pits = pits;
        r.seeds = seeds;
        r.validate()?;
        Ok(r)
    }
}
