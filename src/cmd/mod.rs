//! One module per subcommand.

pub mod analyze;
pub mod best;
pub mod book;
pub mod common;
pub mod cycle;
pub mod db;
pub mod games;
pub mod line;
pub mod match_cmd;
pub mod opponent;
pub mod perft;
pub mod play;
pub mod replay;
pub mod rules;
pub mod serve;
pub mod solitaire_play;
pub mod solve;
pub mod store;
pub mod ugi;
