//! The computer opponents, hints and analyses of the web app: the levels of
//! [`mancala_search::levels`], hints and analyses of [`mancala_search::analysis`], with the
//! perfect-play databases of the app's data directory wherever they are built.

use mancala_core::{Game, Move, Rules};
use mancala_search::analysis::{self, Weighed};
use mancala_search::oracle::{DbOracle, Oracle};
use mancala_search::{PlayerSpec, levels};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The most time an engine move may take.
pub const MOVE_TIME: Duration = Duration::from_millis(1500);
/// Plies searched by a hint and below each move of a game analysed.
pub const ANALYSIS_DEPTH: u32 = analysis::DEPTH;
/// Seeds a move must lose to be called a mistake.
pub const MISTAKE_SEEDS: i32 = analysis::MISTAKE_SEEDS;

/// A level the page can offer: one of [`mancala_search::levels`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The name used in the API (`greedy`, `advanced`).
    pub id: String,
    spec: PlayerSpec,
}

/// Every level, weakest first.
pub fn all_levels() -> Vec<Level> {
    levels()
        .map(|spec| Level {
            id: spec.to_string(),
            spec,
        })
        .collect()
}

/// The level of a new game when none is given.
pub const DEFAULT_LEVEL: &str = "novice";

impl Level {
    /// One line for menus.
    pub fn label(&self) -> String {
        let mut name = self.id.clone();
        name[..1].make_ascii_uppercase();
        format!("{name} ({})", self.spec.description())
    }
}

/// The level named `id`.
pub fn level(id: &str) -> Option<Level> {
    all_levels().into_iter().find(|l| l.id == id)
}

/// The level names, for error messages.
pub fn level_names() -> String {
    mancala_search::level_names()
}

/// The databases of `rules` in `data_dir`, when any level is built.
fn databases(rules: &Rules, data_dir: Option<&Path>) -> Option<Arc<dyn Oracle>> {
    data_dir
        .and_then(|d| DbOracle::open_in(Some(d), rules))
        .map(|o| o as Arc<dyn Oracle>)
}

/// A move chosen, with its expected final score difference for the mover when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    pub score: Option<i32>,
}

/// The move `level` plays in `game`, perfect where the databases in `data_dir` cover the
/// position; `None` when the game is over.
pub fn choose(level: &Level, game: &Game, seed: u64, data_dir: Option<&Path>) -> Option<Choice> {
    if game.is_over() || game.legal_moves().is_empty() {
        return None;
    }
    let oracle = databases(game.rules(), data_dir);
    let c = level
        .spec
        .build(game.rules(), seed, Some(MOVE_TIME), oracle)
        .choose(game);
    Some(Choice {
        mv: c.mv,
        score: c.score,
    })
}

/// Every move of `game` weighed as its hint would be (the same engine call, see
/// [`mancala_search::analysis`]), exact where the databases in `data_dir` cover a position.
pub fn analysis(game: &Game, data_dir: Option<&Path>) -> Vec<Weighed> {
    analysis_unless(game, data_dir, &std::sync::atomic::AtomicBool::new(false))
        .expect("nothing stops this analysis")
}

/// [`analysis`], stopped (`None`) once `stop` is set.
pub fn analysis_unless(
    game: &Game,
    data_dir: Option<&Path>,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<Vec<Weighed>> {
    let mut e = analysis::engine(game.rules(), databases(game.rules(), data_dir));
    analysis::weigh_unless(&mut e, game, ANALYSIS_DEPTH, stop)
}

/// A hint: the best move, its value, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub mv: Move,
    /// Final score difference for the side to move.
    pub score: i32,
    /// `database` (perfect play) or `search` (an estimate).
    pub source: &'static str,
    /// Every legal move and its value (perfect play with a database).
    pub moves: Vec<(Move, i32)>,
    /// The plies searched.
    pub depth: Option<u32>,
}

/// The best move for the side to move: perfect play where a database covers the position,
/// otherwise the search every hint and analysis makes.
pub fn hint(game: &Game, data_dir: Option<&Path>) -> Option<Hint> {
    let mut e = analysis::engine(game.rules(), databases(game.rules(), data_dir));
    let h = analysis::hint(&mut e, game, ANALYSIS_DEPTH)?;
    Some(Hint {
        mv: h.mv,
        score: h.score,
        source: h.source(),
        moves: h.moves,
        depth: (!h.exact).then_some(h.depth),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn modiar(seeds: u32) -> Rules {
        rules_for(&format!("modiar:seeds={seeds}").parse().unwrap()).unwrap()
    }
    use mancala_core::rules_for;

    fn game(id: &str, pos: &str) -> Game {
        let rules = rules_for(&id.parse().unwrap()).unwrap();
        let p = rules.parse_position(pos).unwrap();
        Game::from_position(rules, p)
    }

    /// Where a database is built, every engine level that plays its best move plays a
    /// perfect one, and hints and analyses are exact.
    #[test]
    fn the_computer_and_the_hints_use_the_databases() {
        // Every level of Modiar with 5 seeds a pit, built in a folder of the test's.
        let (dir, rules) = (tempfile::tempdir().unwrap(), modiar(5));
        let db = mancala_solver::Database::open(dir.path(), &rules).expect("a database");
        db.build(rules.total_seeds(), None, &())
            .expect("every level built");
        let mut g = Game::new(rules.clone());
        let mut plies = 0;
        while !g.is_over() {
            let sol = db.solve(&g.position()).unwrap();
            for name in ["advanced", "expert"] {
                let c = choose(&level(name).unwrap(), &g, 1, Some(dir.path())).unwrap();
                assert!(
                    sol.best.contains(&c.mv),
                    "{name} at {}: {} is not among {:?}",
                    g.position(),
                    c.mv,
                    sol.best
                );
            }
            let h = hint(&g, Some(dir.path())).unwrap();
            assert_eq!(h.source, "database");
            assert_eq!(h.score, sol.value);
            assert!(sol.best.contains(&h.mv));
            // Move on by the weakest level, so the game visits poor positions too.
            let m = choose(&level("random").unwrap(), &g, plies, None)
                .unwrap()
                .mv;
            g.play(m).unwrap();
            plies += 1;
        }
        let w = analysis(&g, Some(dir.path()));
        for (i, w) in w.iter().enumerate() {
            let before = g.plies()[i].before;
            let sol = db.solve(&before).unwrap();
            let value = |m| sol.moves.iter().find(|(x, _)| *x == m).unwrap().1;
            assert_eq!(w.score, value(w.played), "ply {}", i + 1);
            assert_eq!(w.best_score, sol.value, "ply {}", i + 1);
        }
    }

    #[test]
    fn greedy_takes_the_biggest_capture() {
        // Mangala II, South to move: F (1 seed) lands in a (1 -> 2) and captures 2;
        // E (2 seeds) makes F 2 and a 2, and captures both: 4.
        let g = game("mangala-ii", "0-0-0-0-2-1-1-0-0-0-0-0-34-34-S");
        let c = choose(&level("greedy").unwrap(), &g, 1, None).unwrap();
        assert_eq!(c.mv.to_string(), "E");
    }

    #[test]
    fn the_fast_levels_play_legal_moves_in_every_game() {
        for id in mancala_core::builtin_ids() {
            let g = Game::new(rules_for(&id.parse().unwrap()).unwrap());
            for name in ["random", "greedy", "beginner", "novice"] {
                let c = choose(&level(name).unwrap(), &g, 3, None).unwrap();
                assert!(g.legal_moves().contains(c.mv), "{id} {name}: {}", c.mv);
            }
        }
    }

    #[test]
    fn every_level_has_a_label_and_unknown_levels_are_none() {
        for l in all_levels() {
            assert!(l.label().len() > l.id.len() + 3);
        }
        let ids: Vec<String> = all_levels().into_iter().map(|l| l.id).collect();
        assert_eq!(ids.join(", "), level_names());
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
        assert_eq!(choose(&level("greedy").unwrap(), &g, 1, None), None);
        assert_eq!(hint(&g, None), None);
    }
}
