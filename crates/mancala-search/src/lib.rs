//! Computer players for the two-row games of `mancala-core`.
//!
//! - [`AlphaBeta`]: negamax with principal-variation search, iterative deepening, a
//!   transposition table keyed by 64-bit position hashes, move ordering (table move, captures,
//!   history), a static evaluation built from the ruleset, and several threads that share the
//!   table and split the tree (simplified ABDADA); a stop flag ends a search from outside.
//! - [`Mcts`]: UCT with random playouts, an independent second engine.
//! - [`RandomPlayer`], [`GreedyPlayer`] and the named [`Level`]s, all behind the [`Player`]
//!   trait ([`player`]) and chosen uniformly through [`PlayerSpec`] (`ab:8`, `mcts`,
//!   `level:expert`, ...; [`spec`]), which also lists the levels a person picks from.
//! - [`book`]: openings books built by the engine (drop-out expansion), their files, and the
//!   varied choice among their best moves.
//! - [`analysis`]: hints and game analyses, the same engine call for both.
//! - [`oracle`]: the perfect-play databases as seen by the engines.
//! - [`perfect`]: perfect play at a position of a game, with the game's history.
//! - [`arena`]: games between players, openings, Elo with its interval, OGN records.
//! - [`tune`]: the evaluation's weights fitted to self-play games.
//! - [`ugi`]: the engine behind the Universal Game Interface (and Aualé's UCI), on any reader
//!   and writer.
//!
//! Repetition follows the ruleset's `repetition` field: under the project's ruling a position
//! that occurs a second time (in the game or in the line searched) ends the game, and
//! [`mancala_core::Rules::settle`] gives the stones out.
//!
//! ```
//! use mancala_core::{rules_for, Game};
//! use mancala_search::{AlphaBeta, Limits};
//! let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
//! let game = Game::new(rules);
//! let mut engine = AlphaBeta::new(game.rules().clone());
//! let result = engine.search_game(&game, &Limits::depth(6)).expect("the game is not over");
//! assert!(game.legal_moves().contains(result.best));
//! ```

pub mod alphabeta;
pub mod analysis;
pub mod arena;
pub mod book;
pub mod eval;
pub mod hash;
pub mod level;
pub mod mcts;
pub mod oracle;
pub mod perfect;
pub mod player;
pub mod spec;
pub mod tt;
pub mod tune;
pub mod ugi;

pub use alphabeta::{AlphaBeta, Limits, SearchResult, available_threads};
pub use eval::Evaluator;
pub use level::{Level, UnknownLevel};
pub use mcts::{Mcts, MctsLimits};
pub use oracle::Oracle;
pub use player::{Choice, EnginePlayer, GreedyPlayer, Player, RandomPlayer};
pub use spec::{PlayerSpec, SpecError, level_names, levels};

/// Scores are in 1/[`UNITS_PER_SEED`] of a seed, from the side to move's view.
pub type Score = i32;
/// Score units per seed.
pub const UNITS_PER_SEED: Score = 16;
/// Larger than any reachable score.
pub const INF: Score = 30_000;

/// A score in whole seeds, rounded to the nearest.
pub fn to_seeds(score: Score) -> i32 {
    (score as f64 / UNITS_PER_SEED as f64).round() as i32
}
