//! The action numbering of the OpenSpiel-shaped API: action `i` in `0..n` sows pit `i` of the
//! mover's own row, counted from the mover's left (South's `A`.. or North's `a`..); in games
//! with passing (Mangala II) action `n` is `pass`. The numbering is the same for both players,
//! as in OpenSpiel's `oware`, so one policy serves either side. Players are 0 (South) and 1
//! (North).

use crate::args::Int;
use crate::errors::{self, MancalaError};
use crate::load::Loaded;
use mancala_core::{Move, Side};
use pyo3::prelude::*;

/// `current_player()` once the game is over (OpenSpiel's `pyspiel.PlayerId.TERMINAL`).
pub const TERMINAL: i64 = -4;

impl Loaded {
    pub fn num_actions(&self) -> usize {
        self.pits() + self.has_pass() as usize
    }

    /// The move that `action` names for `side`.
    pub fn move_of(&self, action: &Int, side: Side) -> PyResult<Move> {
        let n = self.pits() as i64;
        let a = action.saturated();
        if (0..n).contains(&a) {
            Ok(Move::Sow { side, pit: a as u8 })
        } else if a == n && self.has_pass() {
            Ok(Move::Pass)
        } else {
            Err(errors::illegal(format!(
                "action {action} does not exist in {}: actions are 0..{} (the mover's pits from his left){}",
                self.rules.name(),
                n - 1,
                if self.has_pass() {
                    format!(" and {n} (pass)")
                } else {
                    String::new()
                }
            )))
        }
    }

    pub fn action_of(&self, m: Move) -> i64 {
        match m {
            Move::Sow { pit, .. } => pit as i64,
            Move::Pass => self.pits() as i64,
        }
    }
}

pub(crate) fn side_of(player: &Int) -> PyResult<Side> {
    match player.saturated() {
        0 => Ok(Side::South),
        1 => Ok(Side::North),
        _ => Err(MancalaError::new_err(format!(
            "player {player} does not exist: players are 0 (South) and 1 (North)"
        ))),
    }
}
