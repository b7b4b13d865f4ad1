//! Computer players for terminal play: parsing `--ai <level>`, choosing moves, and hints.

use mancala_core::{Game, Move};
use mancala_search::{AlphaBeta, Limits, Player, PlayerSpec, available_threads};
use std::time::Duration;

/// Time the computer takes per move when its level is bounded by time (`maximum`, `ab`, `mcts`).
pub const AI_TIME: Duration = Duration::from_millis(1000);
/// Time spent on a hint.
pub const HINT_TIME: Duration = Duration::from_millis(500);

/// A computer player.
pub trait Opponent {
    /// Name shown to the user, e.g. `greedy`.
    fn name(&self) -> String;
    /// A legal move for the side to move (the game is not over).
    fn choose(&mut self, game: &Game) -> Move;
}

/// Levels understood by `--ai`, weakest first (any engine spec such as `ab:8` or `mcts` works too).
pub const LEVELS: &[&str] = &[
    "random",
    "greedy",
    "beginner",
    "novice",
    "intermediate",
    "advanced",
    "expert",
    "maximum",
];

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
        let player = self
            .player
            .get_or_insert_with(|| spec.build(game.rules(), seed, Some(AI_TIME), None));
        player.choose(game).mv
    }
}

/// What the engine would play here: the move, its score (the final score difference the side
/// to move can expect, in seeds) and a sentence saying so. `None` when the game is over.
pub fn hint(game: &Game) -> Option<(Move, i32, String)> {
    let mut engine = AlphaBeta::with_table_mib(game.rules().clone(), 16);
    let limits = Limits {
        time: Some(HINT_TIME),
        threads: available_threads(),
        ..Limits::default()
    };
    let r = engine.search_game(game, &limits)?;
    let s = r.score_seeds();
    let how = if r.solved {
        match s.cmp(&0) {
            std::cmp::Ordering::Greater => format!("wins by {s} with best play"),
            std::cmp::Ordering::Less => format!("loses by {} with best play", -s),
            std::cmp::Ordering::Equal => "draws with best play".to_string(),
        }
    } else {
        format!(
            "expects to finish {s:+} seeds ahead (searched {} plies)",
            r.depth
        )
    };
    let line: Vec<String> = r.pv.iter().take(6).map(|m| m.to_string()).collect();
    Some((
        r.best,
        s,
        format!(
            "{}: {} {how}; line: {}",
            r.best,
            game.position().side(),
            line.join(" ")
        ),
    ))
}
