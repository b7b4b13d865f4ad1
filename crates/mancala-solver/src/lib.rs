//! Perfect play by retrograde analysis, for two-row games whose captures (or stores) take stones
//! off the board: Modiar and Mangala II, Kalah (stores and extra turns: no cycle inside a level)
//! and Oware (its own-row repetition: bounds where a value depends on where a cycle closes,
//! `bounds`); positions ranked by a perfect index, one level per number of stones on the board
//! (the pits only), cycles valued at the equal split of the repetition ruling where it applies;
//! database files, probing, and the build; and for stores games past their databases, an exact
//! search whose leaves are the levels built (`search`).
//!
//! The value of a position is the share of the stones still on the board that the side to move
//! gets under perfect play; see `docs/solver.md` for the method, what is exact under which rule,
//! and the file format.

pub mod bounds;
mod comm;
pub mod db;
pub mod depth;
pub mod dist;
mod dist_bounds;
pub mod file;
pub mod game;
pub mod index;
pub mod level;
mod memory;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod search;
pub mod table;
mod vector;

pub use db::{
    BuildProgress, BuildReport, Database, DbError, Outcome, Solution, Value, default_data_dir,
    list_files,
};
pub use game::{RepetitionValue, SolverGame, Unsupported};
pub use index::{Board, Indexer};
pub use level::LevelStats;
pub use search::{
    MoveValue, Search, SearchConfig, SearchError, SearchProgress, SearchSolution, SearchStats,
};
