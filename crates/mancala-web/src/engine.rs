//! Computer opponents, hints and analyses, from the `mancala-search` engines (and, for hints,
//! the perfect-play databases of `mancala-solver` where they are built).

use mancala_core::{Game, Move};
use mancala_search::analysis::{Weighed, weigh};
use mancala_search::level::{Level as SearchLevel, LevelPlayer};
use mancala_search::{AlphaBeta, GreedyPlayer, Limits, Player, RandomPlayer, available_threads};
use std::path::Path;
use std::time::Duration;

/// The most time an engine move may take.
pub const MOVE_TIME: Duration = Duration::from_millis(1500);
/// The time a hint's search may take.
pub const HINT_TIME: Duration = Duration::from_millis(800);
/// Plies searched below each move of a game analysed.
pub const ANALYSIS_DEPTH: u32 = 8;
/// Seeds a move must lose to be called a mistake.
pub const MISTAKE_SEEDS: i32 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Random,
    Greedy,
    Search(SearchLevel),
}

/// A level the page can offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The name used in the API (`greedy`, `advanced`).
    pub id: &'static str,
    kind: Kind,
}

/// Every level, weakest first.
pub const LEVELS: &[Level] = &[
    Level {
        id: "random",
        kind: Kind::Random,
    },
    Level {
        id: "greedy",
        kind: Kind::Greedy,
    },
    Level {
        id: "beginner",
        kind: Kind::Search(SearchLevel::Beginner),
    },
    Level {
        id: "novice",
        kind: Kind::Search(SearchLevel::Novice),
    },
    Level {
        id: "intermediate",
        kind: Kind::Search(SearchLevel::Intermediate),
    },
    Level {
        id: "advanced",
        kind: Kind::Search(SearchLevel::Advanced),
    },
    Level {
        id: "expert",
        kind: Kind::Search(SearchLevel::Expert),
    },
    Level {
        id: "maximum",
        kind: Kind::Search(SearchLevel::Maximum),
    },
];

/// The level of a new game when none is given.
pub const DEFAULT_LEVEL: &str = "novice";

impl Level {
    /// One line for menus.
    pub fn label(&self) -> String {
        let what = match self.kind {
            Kind::Random => "plays any legal move",
            Kind::Greedy => "takes the most seeds now",
            Kind::Search(l) => l.description(),
        };
        let mut name = self.id.to_string();
        name[..1].make_ascii_uppercase();
        format!("{name} ({what})")
    }
}

/// The level named `id`.
pub fn level(id: &str) -> Option<Level> {
    LEVELS.iter().copied().find(|l| l.id == id)
}

/// The level names, for error messages.
pub fn level_names() -> String {
    LEVELS.iter().map(|l| l.id).collect::<Vec<_>>().join(", ")
}

/// A move chosen, with its expected final score difference for the mover when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    pub score: Option<i32>,
}

/// The move `level` plays in `game`; `None` when the game is over.
pub fn choose(level: Level, game: &Game, seed: u64) -> Option<Choice> {
    if game.is_over() || game.legal_moves().is_empty() {
        return None;
    }
    let c = match level.kind {
        Kind::Random => RandomPlayer::new(seed).choose(game),
        Kind::Greedy => GreedyPlayer::new(seed).choose(game),
        Kind::Search(l) => LevelPlayer::new(game.rules(), l, seed, MOVE_TIME, None).choose(game),
    };
    Some(Choice {
        mv: c.mv,
        score: c.score,
    })
}

/// Every move of `game` weighed by a search of [`ANALYSIS_DEPTH`] plies (the same answer
/// every time for the same game).
pub fn analysis(game: &Game) -> Vec<Weighed> {
    let mut ab = AlphaBeta::new(game.rules().clone());
    weigh(&mut ab, game, ANALYSIS_DEPTH)
}

/// A hint: the best move, its value, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub mv: Move,
    /// Final score difference for the side to move.
    pub score: i32,
    /// `database` (perfect play) or `search` (an estimate).
    pub source: &'static str,
    /// With a database: every legal move and its perfect-play value.
    pub moves: Vec<(Move, i32)>,
    /// The search depth reached, for a search hint.
    pub depth: Option<u32>,
}

/// The perfect-play values from the databases in `data_dir`, when they cover the position.
fn from_database(game: &Game, data_dir: &Path) -> Option<Hint> {
    let db = mancala_solver::Database::open(data_dir, game.rules()).ok()?;
    let s = db.solve(&game.position()).ok()?;
    let mv = *s.best.first()?;
    Some(Hint {
        mv,
        score: s.value,
        source: "database",
        moves: s.moves,
        depth: None,
    })
}

/// The best move for the side to move: perfect play where a database covers the position,
/// otherwise a timed search.
pub fn hint(game: &Game, data_dir: Option<&Path>) -> Option<Hint> {
    if game.is_over() {
        return None;
    }
    if let Some(h) = data_dir.and_then(|d| from_database(game, d)) {
        return Some(h);
    }
    let mut ab = AlphaBeta::new(game.rules().clone());
    let r = ab.search_game(
        game,
        &Limits {
            time: Some(HINT_TIME),
            threads: available_threads(),
            ..Limits::default()
        },
    )?;
    Some(Hint {
        mv: r.best,
        score: r.score_seeds(),
        source: "search",
        moves: Vec::new(),
        depth: Some(r.depth),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::rules_for;

    fn game(id: &str, pos: &str) -> Game {
        let rules = rules_for(&id.parse().unwrap()).unwrap();
        let p = rules.parse_position(pos).unwrap();
        Game::from_position(rules, p)
    }

    #[test]
    fn greedy_takes_the_biggest_capture() {
        // Mangala II, South to move: F (1 seed) lands in a (1 -> 2) and captures 2;
        // E (2 seeds) makes F 2 and a 2, and captures both: 4.
        let g = game("mangala-ii", "0-0-0-0-2-1-1-0-0-0-0-0-34-34-S");
        let c = choose(level("greedy").unwrap(), &g, 1).unwrap();
        assert_eq!(c.mv.to_string(), "E");
    }

    #[test]
    fn the_fast_levels_play_legal_moves_in_every_game() {
        for id in mancala_core::builtin_ids() {
            let g = Game::new(rules_for(&id.parse().unwrap()).unwrap());
            for name in ["random", "greedy", "beginner", "novice"] {
                let c = choose(level(name).unwrap(), &g, 3).unwrap();
                assert!(g.legal_moves().contains(c.mv), "{id} {name}: {}", c.mv);
            }
        }
    }

    #[test]
    fn every_level_has_a_label_and_unknown_levels_are_none() {
        for l in LEVELS {
            assert!(l.label().len() > l.id.len() + 3);
        }
        assert!(level(DEFAULT_LEVEL).is_some());
        assert!(level("godlike").is_none());
    }

    #[test]
    fn a_search_hint_is_legal_and_sees_a_sure_capture() {
        // Mangala II, South to move: E captures 4 at once, the most on offer.
        let g = game("mangala-ii", "0-0-0-0-2-1-1-0-0-0-0-0-34-34-S");
        let h = hint(&g, None).unwrap();
        assert_eq!(h.source, "search");
        assert!(g.legal_moves().contains(h.mv));
        assert_eq!(h.mv.to_string(), "E");
    }

    #[test]
    fn no_choice_and_no_hint_once_the_game_is_over() {
        // Modiar with only singletons: South has no legal move, the game is over.
        let g = game("modiar", "1-1-0-1-1-0-20-18-S");
        assert!(g.is_over());
        assert_eq!(choose(level("greedy").unwrap(), &g, 1), None);
        assert_eq!(hint(&g, None), None);
    }
}
