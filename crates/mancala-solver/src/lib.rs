//! Perfect play by retrograde analysis, for two-row games without stores whose captures only
//! take stones off the board (Modiar, Mangala II): positions ranked by a perfect index, one
//! level per number of stones on the board, cycles valued at the equal split of the
//! repetition ruling; database files, probing, and the build.
//!
//! The value of a position is the share of the stones still on the board that the side to move
//! gets under perfect play; see `docs/solver.md` for the method and the file format.

pub mod bounds;
pub mod db;
pub mod depth;
pub mod dist;
pub mod file;
pub mod game;
pub mod index;
pub mod level;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod table;

pub use db::{
    BuildProgress, BuildReport, Database, DbError, Outcome, Solution, Value, default_data_dir,
    list_files,
};
pub use game::{RepetitionValue, SolverGame, Unsupported};
pub use index::{Board, Indexer};
pub use level::LevelStats;
