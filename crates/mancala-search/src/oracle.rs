//! Perfect-play databases as seen by the engines: the [`Oracle`] trait, and (with the
//! `databases` feature, on by default) [`DbOracle`], the retrograde databases of
//! `mancala-solver` behind it, which every engine player (the command's, the terminal's, the web
//! app's, UGI's) uses where they are built.

use mancala_core::{Position, Rules};
use std::collections::HashSet;

/// A source of perfect-play values, e.g. a retrograde database.
///
/// `probe` returns the final score difference (the side to move's seeds minus the
/// opponent's, after settlement) under perfect play in a game with no position before this one
/// since the last capture, or `None` when the position is not covered. The engines answer a
/// covered root at once and use covered positions inside the tree as exact values where the
/// history cannot change them, and as bounds where it can ([`Oracle::probe_bounds_after`]).
pub trait Oracle: Send + Sync {
    fn probe(&self, pos: &Position) -> Option<i32>;

    /// Bounds of the final score difference under perfect play, lower and upper, where the
    /// source knows them (the same value twice where [`Oracle::probe`] knows it exactly):
    /// Oware's databases bound the value of a board whose value depends on where a repetition
    /// closes (under the majority end, only as far as the outcome: won by at least one seed,
    /// drawn, lost). The engines cut with them where they settle a node's window. The same
    /// conditions as `probe` apply ([`Oracle::fresh_positions_only`]).
    fn probe_bounds(&self, pos: &Position) -> Option<(i32, i32)> {
        self.probe(pos).map(|v| (v, v))
    }

    /// Whether the values hold only for a position with no earlier position since the last
    /// capture in its game (a repetition rule whose ending depends on where a cycle closes:
    /// Oware's). The engines then ask only about a position reached by a capture, or a root
    /// whose game has no position since the last capture.
    fn fresh_positions_only(&self) -> bool {
        false
    }

    /// [`Oracle::probe_bounds`] for a position that is `fresh` or not (positions before it
    /// since the last capture, in the game or the line searched): bounds that hold whatever
    /// those positions are. By default the stored bounds where they hold after any history,
    /// none where they hold only for a fresh position ([`Oracle::fresh_positions_only`]).
    fn probe_bounds_after(&self, pos: &Position, fresh: bool) -> Option<(i32, i32)> {
        if fresh || !self.fresh_positions_only() {
            self.probe_bounds(pos)
        } else {
            None
        }
    }

    /// [`Oracle::probe_bounds_after`], with the stored value of the game with nothing before
    /// the position where the bounds are not that value: the engines' estimate of such a
    /// position at the horizon (the history changes it only where a position played before
    /// comes back). One probe where a source gives both at once.
    fn probe_bounds_after_estimated(
        &self,
        pos: &Position,
        fresh: bool,
    ) -> Option<((i32, i32), Option<i32>)> {
        let bounds = self.probe_bounds_after(pos, fresh)?;
        let stored = if fresh { None } else { self.probe(pos) };
        Some((bounds, stored))
    }

    /// [`Oracle::probe`] for `pos` reached from `before` (`None`: no position before it since
    /// the last capture), `None` where the values do not hold after that history (the bounds
    /// that hold there, [`Oracle::probe_bounds_after`], are not one value).
    fn probe_after(&self, pos: &Position, before: Option<&Position>) -> Option<i32> {
        if first_since_capture(before.map(|b| b.scores()), pos.scores()) {
            return self.probe(pos);
        }
        match self.probe_bounds_after(pos, false)? {
            (lo, hi) if lo == hi => Some(lo),
            _ => None,
        }
    }
}

/// Whether a position is the first of its game since the last capture, from the scores of the
/// position before it (`None`: none before it since the game began or was set up) and its own:
/// only a capture changes the scores. What [`Oracle::fresh_positions_only`] asks of a position,
/// for [`Oracle::probe_after`] and for the engine's search alike.
#[inline(always)]
pub fn first_since_capture<S: PartialEq>(before: Option<S>, now: S) -> bool {
    before.is_none_or(|b| b != now)
}

/// How many positions the engine's root walks through for a move to find whether a position
/// played since the last capture can come back after it ([`can_come_again`]): under a
/// millisecond, taken before the search's time is counted; where that does not settle, the
/// root is searched (a hint walks ten times as far: `perfect::HINT_BUDGET`).
pub const ROOT_WALK: usize = 2_000;

/// Whether one of the positions `earlier` (played before `from`, with its scores) can come
/// again from `from` by moves that capture nothing; `None` when that was not settled within
/// `max` positions (`perfect::earlier_position_can_recur`, the engine's root).
pub(crate) fn can_come_again(
    rules: &Rules,
    from: Position,
    earlier: &HashSet<Position>,
    max: usize,
) -> Option<bool> {
    if earlier.is_empty() {
        return Some(false);
    }
    let scores = from.scores();
    let mut seen: HashSet<Position> = HashSet::from([from]);
    let mut todo = vec![from];
    while let Some(p) = todo.pop() {
        let Ok(moves) = rules.moves_or_end(&p) else {
            continue;
        };
        for m in &moves {
            let mut q = p;
            rules.play_unchecked(&mut q, m);
            if q.scores() != scores {
                continue;
            }
            if earlier.contains(&q) {
                return Some(true);
            }
            if seen.insert(q) {
                if seen.len() > max {
                    return None;
                }
                todo.push(q);
            }
        }
    }
    Some(false)
}

#[cfg(feature = "databases")]
pub use db::{DbOracle, damaged_note, db_oracle};

#[cfg(feature = "databases")]
mod db {
    use super::Oracle;
    use mancala_core::{Position, Rules};
    use mancala_solver::{Database, DbError, Solution, default_data_dir};
    use std::path::{Path, PathBuf};
    use std::sync::{Arc, Mutex};
    use std::time::SystemTime;

    /// What a game's level files are on disk: each level's length and time of change (`None`
    /// when absent). Opening a level reads and checks its whole file, so an oracle is opened
    /// again only when this changes (a level built, rebuilt or removed meanwhile).
    type FilesSeen = Vec<Option<(u64, SystemTime)>>;

    /// The oracles opened so far, by game directory (a few: one a game played).
    static OPENED: Mutex<Vec<(PathBuf, FilesSeen, Arc<DbOracle>)>> = Mutex::new(Vec::new());
    const KEPT: usize = 16;

    /// The perfect-play databases of one game as an oracle: only the levels (stone counts)
    /// whose files are present and sound are asked, so a missing file costs nothing in the
    /// search; a damaged one is set aside and reported by [`DbOracle::damaged`].
    pub struct DbOracle {
        db: Database,
        present: Vec<bool>,
        damaged: Vec<(u32, String)>,
    }

    impl DbOracle {
        /// The databases of `rules` under `dir`; `None` when the game has no database or no
        /// level of it is built (and none is damaged).
        pub fn open(dir: &Path, rules: &Rules) -> Option<DbOracle> {
            let db = Database::open(dir, rules).ok()?;
            let mut damaged = Vec::new();
            let present: Vec<bool> = (0..=rules.total_seeds())
                .map(|b| match db.level(b) {
                    Ok(_) => true,
                    Err(e @ (DbError::Corrupt { .. } | DbError::Io(_)))
                        if db.level_path(b).exists() =>
                    {
                        damaged.push((b, e.to_string()));
                        false
                    }
                    Err(_) => false,
                })
                .collect();
            (present.iter().any(|&p| p) || !damaged.is_empty()).then_some(DbOracle {
                db,
                present,
                damaged,
            })
        }

        /// [`DbOracle::open`] under `dir`, or `mancala solve`'s directory when `None`, shared
        /// with earlier callers while the game's level files are unchanged (so a server's
        /// every move and hint does not read the files again).
        pub fn open_in(dir: Option<&Path>, rules: &Rules) -> Option<Arc<DbOracle>> {
            let dir = dir.map_or_else(default_data_dir, Path::to_path_buf);
            let db = Database::open(&dir, rules).ok()?;
            let seen: FilesSeen = (0..=rules.total_seeds())
                .map(|b| {
                    let m = std::fs::metadata(db.level_path(b)).ok()?;
                    Some((m.len(), m.modified().ok()?))
                })
                .collect();
            if seen.iter().all(Option::is_none) {
                return None;
            }
            let mut opened = OPENED.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, _, o)) = opened
                .iter()
                .find(|(d, s, _)| d.as_path() == db.dir() && *s == seen)
            {
                return Some(o.clone());
            }
            let o = Arc::new(DbOracle::open(&dir, rules)?);
            opened.retain(|(d, _, _)| d.as_path() != db.dir());
            if opened.len() >= KEPT {
                opened.remove(0);
            }
            opened.push((db.dir().to_path_buf(), seen, o.clone()));
            Some(o)
        }

        /// Whether a sound level covers positions of `pos`'s stone count.
        pub fn covers(&self, pos: &Position) -> bool {
            self.present
                .get(pos.board_total() as usize)
                .copied()
                .unwrap_or(false)
        }

        /// The levels whose files are there but cannot be used, with the reason.
        pub fn damaged(&self) -> &[(u32, String)] {
            &self.damaged
        }

        /// Every legal move's perfect-play value, where a sound level covers the position.
        pub fn solve(&self, pos: &Position) -> Option<Solution> {
            if !self.covers(pos) {
                return None;
            }
            self.db.solve(pos).ok()
        }
    }

    impl Oracle for DbOracle {
        fn probe(&self, pos: &Position) -> Option<i32> {
            if !self.covers(pos) {
                return None;
            }
            self.db.probe(pos).map(|v| v.final_difference(pos))
        }

        fn probe_bounds(&self, pos: &Position) -> Option<(i32, i32)> {
            if !self.covers(pos) {
                return None;
            }
            let (lo, hi) = self.db.probe_bounds(pos)?;
            let (lo, hi) = (lo.final_difference(pos), hi.final_difference(pos));
            let rules = self.db.game().rules();
            Some(search_bounds(
                lo,
                hi,
                rules.ruleset().end.majority,
                rules.total_seeds() as i32,
            ))
        }

        fn fresh_positions_only(&self) -> bool {
            self.db.game().repetition() == mancala_solver::RepetitionValue::OwnRow
        }

        /// Where a repetition splits the board (Modiar, Mangala II), a position with others
        /// before it since the last capture is worth its stored value `v` only if none of them
        /// can come again; if one does, the game ends there, the board shared: worth `d`, the
        /// score difference as it is (no capture comes between). Any line of play from here
        /// is a line of the game with nothing before it, or that line cut short at such a
        /// repetition, so the mover is sure of `min(v, d)` and held to `max(v, d)`.
        fn probe_bounds_after(&self, pos: &Position, fresh: bool) -> Option<(i32, i32)> {
            self.probe_bounds_after_estimated(pos, fresh)
                .map(|(b, _)| b)
        }

        fn probe_bounds_after_estimated(
            &self,
            pos: &Position,
            fresh: bool,
        ) -> Option<((i32, i32), Option<i32>)> {
            let split = self.db.game().repetition() == mancala_solver::RepetitionValue::Split;
            if fresh || !(split || self.fresh_positions_only()) {
                return Some((self.probe_bounds(pos)?, None));
            }
            if !split {
                return None;
            }
            let v = self.probe(pos)?;
            let d = split_difference(self.db.game().rules(), pos);
            Some(((v.min(d), v.max(d)), Some(v)))
        }
    }

    /// The final score difference for the side to move at `pos` if the game ended there by a
    /// repetition (the rules core's settlement).
    fn split_difference(rules: &Rules, pos: &Position) -> i32 {
        let end = rules.settle(pos, mancala_core::EndReason::Repetition);
        let me = pos.side();
        end.score(me) as i32 - end.score(me.other()) as i32
    }

    /// The bounds the search may use, from the databases' bounds `lo..=hi` of a board's final
    /// difference (of the game played on past a majority), for a game of `most` seeds with a
    /// majority end or not. The databases' game has the same winner as the game that ends at
    /// a majority but not the same margin, so under that end only the bounds' signs carry over:
    /// a win by at least one seed, a draw, a loss by at least one. An exact value (`lo = hi`)
    /// is given as it is (the margin of the game played on, the same outcome).
    pub(crate) fn search_bounds(lo: i32, hi: i32, majority: bool, most: i32) -> (i32, i32) {
        if lo == hi || !majority {
            return (lo, hi);
        }
        let lower = match lo.signum() {
            1 => 1,
            0 => 0,
            _ => -most,
        };
        let upper = match hi.signum() {
            -1 => -1,
            0 => 0,
            _ => most,
        };
        (lower, upper)
    }

    /// What a front end says of the damaged levels of `o` ([`DbOracle::damaged`]), if any:
    /// `database level 20 damaged, searched instead: <why>`.
    pub fn damaged_note(o: &DbOracle) -> Option<String> {
        let damaged = o.damaged();
        let (_, why) = damaged.first()?;
        let levels: Vec<String> = damaged.iter().map(|(b, _)| b.to_string()).collect();
        Some(format!(
            "database level{} {} damaged, searched instead: {}",
            if damaged.len() == 1 { "" } else { "s" },
            levels.join(", "),
            why.replace('\n', " ")
        ))
    }

    /// The perfect-play databases under `dir` (default: `mancala solve`'s, see
    /// [`default_data_dir`]) for `rules`; `None` when none of its levels is built.
    pub fn db_oracle(dir: Option<&Path>, rules: &Rules) -> Option<Arc<dyn Oracle>> {
        DbOracle::open_in(dir, rules).map(|o| o as Arc<dyn Oracle>)
    }

    #[cfg(test)]
    mod tests {
        use super::search_bounds;

        #[test]
        fn bounds_keep_only_their_outcome_under_the_majority_end() {
            // No majority end: the margins as they are.
            assert_eq!(search_bounds(-3, 5, false, 48), (-3, 5));
            // Exact: the value as it is, with or without the majority end.
            assert_eq!(search_bounds(4, 4, true, 48), (4, 4));
            assert_eq!(search_bounds(0, 0, true, 48), (0, 0));
            // Won whatever the margin: at least a win by one.
            assert_eq!(search_bounds(2, 8, true, 48), (1, 48));
            // Drawn or won: at least a draw; drawn or lost: at most a draw.
            assert_eq!(search_bounds(0, 6, true, 48), (0, 48));
            assert_eq!(search_bounds(-6, 0, true, 48), (-48, 0));
            // Lost whatever the margin: at most a loss by one.
            assert_eq!(search_bounds(-8, -2, true, 48), (-48, -1));
            // Open: nothing but the board's extremes.
            assert_eq!(search_bounds(-2, 2, true, 48), (-48, 48));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::first_since_capture;

    #[test]
    fn a_position_is_first_since_a_capture_when_the_scores_changed_or_nothing_came_before() {
        assert!(first_since_capture(None, (3u8, 5u8)));
        assert!(first_since_capture(Some((3u8, 3u8)), (3, 5)));
        assert!(!first_since_capture(Some((3u8, 5u8)), (3, 5)));
    }
}
