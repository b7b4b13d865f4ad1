//! Rules of two-row mancala games, as data: board, rulesets, sowing, captures, move
//! generation, outcomes and notation. No I/O lives here.
//!
//! ```
//! use mancala_core::{rules_for, Game};
//! let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
//! let mut game = Game::new(rules);
//! game.play_str("A").unwrap();
//! // The first seed goes back into A, the seventh laps round into A again: 2 seeds, which
//! // would be a capture, but the first move of the game captures nothing.
//! assert_eq!(game.position().to_string(), "2-8-8-8-8-8-0-0-N");
//! ```

pub mod catalog;
pub mod cell;
pub mod game;
pub mod moves;
pub mod perft;
pub mod position;
pub mod record;
pub mod rules;
pub mod ruleset;
pub mod setup;
pub mod side;
pub mod spec;
pub mod text;

pub use catalog::{
    LoadError, RulesSource, builtin, builtin_ids, load_rules, parse_rules_toml, rules_for,
    rules_to_toml, spec_of,
};
pub use cell::Cell;
pub use game::{Game, Ply};
pub use moves::{Move, MoveSet};
pub use perft::perft;
pub use position::Position;
pub use rules::{
    Child, Children, Effect, EndReason, Ending, IllegalReason, MoveError, Outcome, PositionError,
    Rules, Stop,
};
pub use ruleset::Ruleset;
pub use setup::{Setup, SetupError};
pub use side::{BySide, Side, SideError};
pub use spec::{GameSpec, SpecError};
