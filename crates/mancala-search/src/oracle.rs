//! Perfect-play databases as seen by the engines: the [`Oracle`] trait, and (with the
//! `databases` feature, on by default) [`DbOracle`], the retrograde databases of
//! `mancala-solver` behind it, which every engine player (the command's, the terminal's, the web
//! app's, UGI's) uses where they are built.

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

#[cfg(feature = "databases")]
pub use db::{DbOracle, db_oracle};

#[cfg(feature = "databases")]
mod db {
    use super::Oracle;
    use mancala_core::{Position, Rules};
    use mancala_solver::{Database, DbError, Solution, default_data_dir};
    use std::path::Path;
    use std::sync::Arc;

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

        /// [`DbOracle::open`] under `dir`, or `mancala solve`'s directory when `None`.
        pub fn open_in(dir: Option<&Path>, rules: &Rules) -> Option<DbOracle> {
            let dir = dir.map_or_else(default_data_dir, Path::to_path_buf);
            DbOracle::open(&dir, rules)
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
    }

    /// The perfect-play databases under `dir` (default: `mancala solve`'s, see
    /// [`default_data_dir`]) for `rules`; `None` when none of its levels is built.
    pub fn db_oracle(dir: Option<&Path>, rules: &Rules) -> Option<Arc<dyn Oracle>> {
        DbOracle::open_in(dir, rules).map(|o| Arc::new(o) as Arc<dyn Oracle>)
    }
}
