//! Computer players for terminal play: parsing `--ai <level>`, choosing moves, and hints, all
//! from `mancala-search` (its levels, its hint) with the perfect-play databases where built.

use mancala_core::{Game, Move};
use mancala_search::oracle::db_oracle;
use mancala_search::{Player, PlayerSpec, analysis};
use std::time::Duration;

/// Time the computer takes per move when its level is bounded by time (`maximum`, `ab`, `mcts`).
pub const AI_TIME: Duration = Duration::from_millis(1000);

/// A computer player.
pub trait Opponent {
    /// Name shown to the user, e.g. `greedy`.
    fn name(&self) -> String;
    /// A legal move for the side to move (the game is not over).
    fn choose(&mut self, game: &Game) -> Move;
}

/// The computer player named `level`: a level name, `random`, `greedy`, or an engine spec
/// (`ab:depth=8`, `mcts:time=500`, `level:expert`).
pub fn parse_opponent(level: &str, seed: u64) -> anyhow::Result<Box<dyn Opponent>> {
    let spec: PlayerSpec = level.parse().map_err(|e| anyhow::anyhow!("--ai: {e}"))?;
    Ok(Box::new(SearchOpponent {
        spec,
        seed,
        player: None,
    }))
}

/// The player is built on the first move, when the game (and so the rules) is known.
struct SearchOpponent {
    spec: PlayerSpec,
    seed: u64,
    player: Option<Box<dyn Player>>,
}

impl Opponent for SearchOpponent {
    fn name(&self) -> String {
        self.spec.to_string()
    }
    fn choose(&mut self, game: &Game) -> Move {
        let (spec, seed) = (&self.spec, self.seed);
        let player = self.player.get_or_insert_with(|| {
            let oracle = db_oracle(None, game.rules());
            spec.build(game.rules(), seed, Some(AI_TIME), oracle)
        });
        player.choose(game).mv
    }
}

/// What the engine would play here: the move, its score (the final score difference the side
/// to move can expect, in seeds) and a sentence saying so. `None` when the game is over.
pub fn hint(game: &Game) -> Option<(Move, i32, String)> {
    let mut engine = analysis::engine(game.rules(), db_oracle(None, game.rules()));
    let h = analysis::hint(&mut engine, game, analysis::DEPTH)?;
    let s = h.score;
    let how = if h.exact {
        match s.cmp(&0) {
            std::cmp::Ordering::Greater => format!("wins by {s} with perfect play"),
            std::cmp::Ordering::Less => format!("loses by {} with perfect play", -s),
            std::cmp::Ordering::Equal => "draws with perfect play".to_string(),
        }
    } else {
        format!(
            "expects to finish {s:+} seeds ahead (searched {} plies)",
            h.depth
        )
    };
    let others: Vec<String> = h
        .moves
        .iter()
        .filter(|(m, _)| *m != h.mv)
        .map(|(m, v)| format!("{m} {v:+}"))
        .collect();
    let others = if others.is_empty() {
        String::new()
    } else {
        format!("; other moves: {}", others.join(", "))
    };
    Some((
        h.mv,
        s,
        format!("{}: {} {how}{others}", h.mv, game.position().side()),
    ))
}
