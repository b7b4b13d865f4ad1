//! Perfect-play databases as seen by the engines.

use mancala_core::Position;

/// A source of perfect-play values, e.g. a retrograde database.
///
/// `probe` returns the final score difference (the side to move's seeds minus the
/// opponent's, after settlement) under perfect play, or `None` when the position is not
/// covered. The engines answer a covered root at once and use covered positions inside the
/// tree as exact values.
pub trait Oracle: Send + Sync {
    fn probe(&self, pos: &Position) -> Option<i32>;
}
