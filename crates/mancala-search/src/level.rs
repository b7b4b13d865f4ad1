//! Named levels, from a beginner who makes human-looking mistakes to the strongest search the
//! time allows.
//!
//! The lower levels search shallowly and pick among the root moves by a softmax over their
//! scores: good moves are likely, a slightly worse one is played now and then, and threats
//! beyond the horizon go unseen, as a human's would. Levels below `maximum` are defined by
//! depth, so they play the same on any machine (the time per move only caps them).

use crate::UNITS_PER_SEED;
use crate::alphabeta::{AlphaBeta, Limits, available_threads};
use crate::book::{self, Book};
use crate::oracle::Oracle;
use crate::player::{Choice, Player};
use mancala_core::{Game, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// A playing level, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Beginner,
    Novice,
    Intermediate,
    Advanced,
    Expert,
    Maximum,
}

/// Oware's ratings of [`Level::ALL`] in order: beginner, novice, intermediate, advanced,
/// expert, maximum (Elo differences of adjacent levels measured by `mancala match oware`,
/// 200 games a pair, anchored at intermediate = 1500), with Oware's fitted evaluation.
const OWARE_RATINGS: [f64; 6] = [639.0, 1141.0, 1500.0, 2090.0, 2436.0, 2938.0];
/// Mangala II's, measured the same way.
const MANGALA_II_RATINGS: [f64; 6] = [763.0, 1150.0, 1500.0, 1846.0, 2270.0, 2459.0];
/// Kalah's, measured the same way.
const KALAH_RATINGS: [f64; 6] = [1038.0, 1231.0, 1500.0, 1859.0, 2171.0, 2290.0];
/// Modiar's, measured the same way (without its databases, which make `maximum` perfect).
const MODIAR_RATINGS: [f64; 6] = [1153.0, 1309.0, 1500.0, 2021.0, 2136.0, 2318.0];

/// The games whose levels are calibrated.
pub const CALIBRATED: [&str; 4] = ["oware", "mangala-ii", "kalah", "modiar"];

/// How a level searches and chooses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelConfig {
    /// Search depth in plies; `None` = as deep as the time allows.
    pub depth: Option<u32>,
    /// Softmax temperature over root scores, in seeds; 0 = always the best move.
    pub temperature: f64,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Beginner,
        Level::Novice,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
        Level::Maximum,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Expert => "expert",
            Level::Maximum => "maximum",
        }
    }

    pub fn names() -> Vec<&'static str> {
        Level::ALL.iter().map(|l| l.name()).collect()
    }

    /// One line for menus and help.
    pub fn description(self) -> &'static str {
        match self {
            Level::Beginner => "looks one move ahead and often picks a lesser move",
            Level::Novice => "sees the reply to its move, sometimes picks a lesser move",
            Level::Intermediate => "four plies ahead, rarely strays from the best move",
            Level::Advanced => "seven plies ahead, always its best move",
            Level::Expert => "twelve plies ahead",
            Level::Maximum => "as deep as the time per move allows, on every core",
        }
    }

    /// The level's fixed rating for `game` (a game id such as `oware`) on the web site's rating
    /// scale (Glicko-2 style, 1500 an average new player), for rating games played against it;
    /// `None` for a game whose levels are not calibrated yet.
    ///
    /// Measured by matches of adjacent levels (200 games a pair, `docs/search.md`, *Levels*)
    /// as Elo differences, anchored at `intermediate` = 1500; `maximum` at 100 ms a move on one
    /// thread.
    pub fn rating(self, game: &str) -> Option<f64> {
        let table = match game {
            "oware" => &OWARE_RATINGS,
            "mangala-ii" => &MANGALA_II_RATINGS,
            "kalah" => &KALAH_RATINGS,
            "modiar" => &MODIAR_RATINGS,
            _ => return None,
        };
        Some(table[self as usize])
    }

    /// Whether the level plays from the openings book: those above `intermediate`.
    pub fn uses_book(self) -> bool {
        self > Level::Intermediate
    }

    pub fn config(self) -> LevelConfig {
        let (depth, temperature) = match self {
            Level::Beginner => (Some(1), 2.0),
            Level::Novice => (Some(2), 1.0),
            Level::Intermediate => (Some(4), 0.35),
            Level::Advanced => (Some(7), 0.0),
            Level::Expert => (Some(12), 0.0),
            Level::Maximum => (None, 0.0),
        };
        LevelConfig { depth, temperature }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{name}' (levels: {})", Level::names().join(", "))]
pub struct UnknownLevel {
    pub name: String,
}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let t = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == t || (t == "max" && *l == Level::Maximum))
            .ok_or_else(|| UnknownLevel {
                name: s.chars().take(40).collect(),
            })
    }
}

/// A level as a player.
pub struct LevelPlayer {
    level: Level,
    config: LevelConfig,
    engine: AlphaBeta,
    rng: SmallRng,
    time: Duration,
    /// Search threads: every core for `maximum`, one (deterministic) for the levels below.
    threads: usize,
    /// The openings book, for the levels above `intermediate`.
    book: Option<Arc<Book>>,
}

impl LevelPlayer {
    pub fn new(
        rules: &Rules,
        level: Level,
        seed: u64,
        time: Duration,
        oracle: Option<Arc<dyn Oracle>>,
    ) -> LevelPlayer {
        let mut engine = AlphaBeta::new(rules.clone());
        engine.set_oracle(oracle);
        LevelPlayer {
            level,
            config: level.config(),
            engine,
            rng: SmallRng::seed_from_u64(seed),
            time,
            threads: if level == Level::Maximum {
                available_threads()
            } else {
                1
            },
            book: if level.uses_book() {
                book::for_rules(Some(&mancala_solver::default_data_dir()), rules)
            } else {
                None
            },
        }
    }

    /// The evaluation the level's searches use: [`crate::eval::Weights::for_rules`].
    pub fn evaluator(&self) -> &crate::Evaluator {
        self.engine.evaluator()
    }

    /// Plays from `book` (or from none) instead of the game's default book; the levels up
    /// to `intermediate` never play from a book.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book.filter(|_| self.level.uses_book());
    }
}

impl Player for LevelPlayer {
    fn name(&self) -> String {
        self.level.name().into()
    }

    fn choose(&mut self, game: &Game) -> Choice {
        if let Some(book) = &self.book
            && let Some(m) = book.choose(
                &game.position(),
                &game.history(),
                book::MARGIN,
                &mut self.rng,
            )
        {
            return Choice {
                mv: m.mv,
                score: Some(crate::to_seeds(m.value)),
                depth: None,
                nodes: 0,
                pv: vec![m.mv],
            };
        }
        let cfg = self.config;
        if cfg.temperature > 0.0 {
            let history = game.history();
            let depth = cfg.depth.unwrap_or(1);
            let scores = self.engine.root_scores(&game.position(), &history, depth);
            let top = scores
                .iter()
                .map(|s| s.1)
                .max()
                .expect("the game is not over");
            let weights: Vec<f64> = scores
                .iter()
                .map(|&(_, s)| ((s - top) as f64 / UNITS_PER_SEED as f64 / cfg.temperature).exp())
                .collect();
            let total: f64 = weights.iter().sum();
            let mut x = self.rng.r#gen::<f64>() * total;
            let mut pick = scores.len() - 1;
            for (i, w) in weights.iter().enumerate() {
                if x < *w {
                    pick = i;
                    break;
                }
                x -= w;
            }
            let (mv, s) = scores[pick];
            return Choice {
                mv,
                score: Some(crate::to_seeds(s)),
                depth: Some(depth),
                nodes: self.engine.nodes(),
                pv: vec![mv],
            };
        }
        let limits = Limits {
            depth: cfg.depth,
            time: Some(self.time),
            soft: None,
            nodes: None,
            threads: self.threads,
            full_width: false,
        };
        let r = self
            .engine
            .search_game(game, &limits)
            .expect("the game is not over");
        Choice::from(r)
    }

    fn new_game(&mut self) {
        self.engine.clear();
    }

    fn cap_threads(&mut self, n: usize) {
        self.threads = self.threads.min(n.max(1));
    }

    fn stop_handle(&self) -> Option<Arc<std::sync::atomic::AtomicBool>> {
        Some(self.engine.stop_handle())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::rules_for;

    #[test]
    fn ratings_rise_with_the_level_and_intermediate_is_the_anchor() {
        for game in CALIBRATED {
            let r: Vec<f64> = Level::ALL
                .iter()
                .map(|l| l.rating(game).expect("calibrated"))
                .collect();
            assert!(r.windows(2).all(|w| w[0] < w[1]), "{game}: {r:?}");
            assert_eq!(Level::Intermediate.rating(game), Some(1500.0), "{game}");
        }
        assert_eq!(Level::Expert.rating("no-such-game"), None);
        // A board of another size is another game, not calibrated.
        assert_eq!(Level::Expert.rating("oware:pits=4"), None);
    }

    #[test]
    fn levels_search_with_the_game_s_own_evaluation() {
        for id in [
            "oware",
            "mangala-ii",
            "modiar",
            "kalah",
            "mangala-ii:pits=4",
        ] {
            let rules = rules_for(&id.parse().unwrap()).unwrap();
            let p = LevelPlayer::new(&rules, Level::Advanced, 1, Duration::from_millis(10), None);
            let want = crate::eval::Weights::tuned(&rules)
                .unwrap_or_else(|| crate::eval::Weights::derived(&rules));
            assert_eq!(p.evaluator().weights, want, "{id}");
        }
        // Oware's fitted weights are the ones its levels play with; a resized Oware keeps the
        // hand-chosen ones.
        let oware = rules_for(&"oware".parse().unwrap()).unwrap();
        let tuned = crate::eval::Weights::tuned(&oware).expect("Oware has fitted weights");
        assert_ne!(tuned, crate::eval::Weights::derived(&oware));
        for level in [Level::Beginner, Level::Expert, Level::Maximum] {
            let p = LevelPlayer::new(&oware, level, 1, Duration::from_millis(10), None);
            assert_eq!(p.evaluator().weights, tuned, "{level:?}");
        }
        let small = rules_for(&"oware:pits=4".parse().unwrap()).unwrap();
        assert_eq!(crate::eval::Weights::tuned(&small), None);
    }
}
