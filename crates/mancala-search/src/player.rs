//! Players behind one trait, chosen by a uniform specification string:
//!
//! | spec | player |
//! |------|--------|
//! | `random` | a legal move at random |
//! | `greedy` | the move that captures most now (ties at random) |
//! | `ab`, `ab:8`, `ab:depth=8`, `ab:time=200`, `ab:nodes=100000`, `ab:time=200,threads=2` | the alpha-beta engine |
//! | `mcts`, `mcts:5000`, `mcts:playouts=5000`, `mcts:time=200` | the MCTS engine |
//! | `level:expert` or `expert` | a named level (see [`crate::Level`]) |
//!
//! A spec without a limit uses the caller's time per move (or one second).

use crate::alphabeta::{AlphaBeta, Limits};
use crate::level::{Level, LevelPlayer};
use crate::mcts::{Mcts, MctsLimits};
use crate::oracle::Oracle;
use mancala_core::{Game, Move, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// Time per move when neither the spec nor the caller gives a limit.
pub const DEFAULT_TIME: Duration = Duration::from_millis(1000);

/// A move chosen, with what the player knows about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub mv: Move,
    /// Expected final score difference for the mover, in seeds (engines only).
    pub score: Option<i32>,
    pub depth: Option<u32>,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

impl From<crate::alphabeta::SearchResult> for Choice {
    fn from(r: crate::alphabeta::SearchResult) -> Choice {
        Choice {
            mv: r.best,
            score: Some(r.score_seeds()),
            depth: Some(r.depth),
            nodes: r.nodes,
            pv: r.pv,
        }
    }
}

impl Choice {
    pub fn just(mv: Move) -> Choice {
        Choice {
            mv,
            score: None,
            depth: None,
            nodes: 0,
            pv: vec![mv],
        }
    }
}

/// A computer player.
pub trait Player: Send {
    /// The name shown to users, e.g. `ab:depth=8` or `expert`.
    fn name(&self) -> String;
    /// A legal move at the current position of `game`, which must not be over.
    fn choose(&mut self, game: &Game) -> Choice;
    /// Forget anything learnt during the previous game.
    fn new_game(&mut self) {}
    /// Search with at most `n` threads from now on (for callers running several games at
    /// once). Players that choose their own number of threads lower it to `n`.
    fn cap_threads(&mut self, _n: usize) {}
}

/// Plays a legal move at random.
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, game: &Game) -> Choice {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "the game is over");
        Choice::just(
            moves
                .iter()
                .nth(self.rng.gen_range(0..moves.len()))
                .unwrap(),
        )
    }
}

/// Plays the move that gains most seeds at once (an extra turn counts as half a seed), ties
/// broken at random.
pub struct GreedyPlayer {
    rng: SmallRng,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn choose(&mut self, game: &Game) -> Choice {
        let rules = game.rules();
        let pos = game.position();
        let me = pos.side();
        let mut best = Vec::new();
        let mut best_gain = i32::MIN;
        for m in game.legal_moves() {
            let mut p = pos;
            let eff = rules.play_unchecked(&mut p, m);
            let gain = 2 * (p.score(me) as i32 - pos.score(me) as i32) + eff.extra_turn as i32;
            if gain > best_gain {
                best_gain = gain;
                best.clear();
            }
            if gain == best_gain {
                best.push(m);
            }
        }
        assert!(!best.is_empty(), "the game is over");
        Choice::just(best[self.rng.gen_range(0..best.len())])
    }
}

/// The alpha-beta engine as a player.
pub struct EnginePlayer {
    engine: AlphaBeta,
    limits: Limits,
    name: String,
}

impl EnginePlayer {
    pub fn new(
        rules: &Rules,
        limits: Limits,
        name: String,
        oracle: Option<Arc<dyn Oracle>>,
    ) -> EnginePlayer {
        let mut engine = AlphaBeta::new(rules.clone());
        engine.set_oracle(oracle);
        EnginePlayer {
            engine,
            limits,
            name,
        }
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, game: &Game) -> Choice {
        let r = self
            .engine
            .search_game(game, &self.limits)
            .expect("the game is over");
        Choice::from(r)
    }
    fn new_game(&mut self) {
        self.engine.clear();
    }
    fn cap_threads(&mut self, n: usize) {
        self.limits.threads = self.limits.threads.min(n.max(1));
    }
}

/// A player specification that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error(
        "unknown player '{0}' (use random, greedy, ab[:depth=D,time=MS,nodes=N,threads=T], mcts[:playouts=N,time=MS], or a level: {levels})",
        levels = Level::names().join(", ")
    )]
    Unknown(String),
    #[error("player '{spec}': {why}")]
    Bad { spec: String, why: String },
}

/// A player chosen by name: engine and limits, or level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Random,
    Greedy,
    AlphaBeta(Limits),
    Mcts(MctsLimits),
    Level(Level),
}

impl PlayerSpec {
    /// Builds the player for `rules`. `seed` drives any randomness; `time` is the time per
    /// move for specs without their own limit (default one second).
    pub fn build(
        &self,
        rules: &Rules,
        seed: u64,
        time: Option<Duration>,
        oracle: Option<Arc<dyn Oracle>>,
    ) -> Box<dyn Player> {
        let time = time.unwrap_or(DEFAULT_TIME);
        match *self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Greedy => Box::new(GreedyPlayer::new(seed)),
            PlayerSpec::AlphaBeta(l) => {
                let mut limits = l;
                if l.is_unbounded() {
                    limits.time = Some(time);
                }
                Box::new(EnginePlayer::new(rules, limits, self.to_string(), oracle))
            }
            PlayerSpec::Mcts(l) => {
                let mut limits = l;
                if l == MctsLimits::default() {
                    limits.time = Some(time);
                }
                Box::new(Mcts::new(rules.clone(), limits, seed))
            }
            PlayerSpec::Level(level) => {
                Box::new(LevelPlayer::new(rules, level, seed, time, oracle))
            }
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let params = |f: &mut fmt::Formatter<'_>, name: &str, kv: &[(&str, Option<u64>)]| {
            f.write_str(name)?;
            let mut first = true;
            for (k, v) in kv {
                if let Some(v) = v {
                    write!(f, "{}{k}={v}", if first { ':' } else { ',' })?;
                    first = false;
                }
            }
            Ok(())
        };
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::AlphaBeta(l) => params(
                f,
                "ab",
                &[
                    ("depth", l.depth.map(u64::from)),
                    ("time", l.time.map(|t| t.as_millis() as u64)),
                    ("nodes", l.nodes),
                    ("threads", (l.threads > 1).then_some(l.threads as u64)),
                ],
            ),
            PlayerSpec::Mcts(l) => params(
                f,
                "mcts",
                &[
                    ("playouts", l.playouts),
                    ("time", l.time.map(|t| t.as_millis() as u64)),
                ],
            ),
            PlayerSpec::Level(level) => f.write_str(level.name()),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;
    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let t = text.trim().to_ascii_lowercase();
        let (head, rest) = match t.split_once(':') {
            Some((h, r)) => (h.to_string(), Some(r.to_string())),
            None => (t.clone(), None),
        };
        let bad = |why: String| SpecError::Bad {
            spec: text.trim().to_string(),
            why,
        };
        // key=value pairs; a bare number means the engine's main limit.
        let pairs = |rest: &Option<String>,
                     bare: &str,
                     keys: &[&str]|
         -> Result<Vec<(String, u64)>, SpecError> {
            let mut out: Vec<(String, u64)> = Vec::new();
            let Some(rest) = rest else { return Ok(out) };
            for part in rest.split(',') {
                let (k, v) = match part.split_once('=') {
                    Some((k, v)) => (k.trim().to_string(), v.trim()),
                    None => (bare.to_string(), part.trim()),
                };
                if !keys.contains(&k.as_str()) {
                    return Err(bad(format!(
                        "unknown parameter '{k}' (it takes: {})",
                        keys.join(", ")
                    )));
                }
                let n: u64 = v
                    .parse()
                    .map_err(|_| bad(format!("{k}={v} is not a whole number")))?;
                if n == 0 {
                    return Err(bad(format!("{k} must be at least 1")));
                }
                if out.iter().any(|(q, _)| *q == k) {
                    return Err(bad(format!("{k} is given twice")));
                }
                out.push((k, n));
            }
            Ok(out)
        };
        let get = |kv: &[(String, u64)], k: &str| kv.iter().find(|(q, _)| q == k).map(|(_, v)| *v);
        match head.as_str() {
            "random" | "greedy" if rest.is_some() => {
                Err(bad(format!("{head} takes no parameters")))
            }
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            "ab" | "alphabeta" | "alpha-beta" => {
                let kv = pairs(&rest, "depth", &["depth", "time", "nodes", "threads"])?;
                if let Some(n) = get(&kv, "threads")
                    && n > crate::alphabeta::MAX_THREADS as u64
                {
                    return Err(bad(format!(
                        "threads {n} is more than {}",
                        crate::alphabeta::MAX_THREADS
                    )));
                }
                let depth = get(&kv, "depth");
                if let Some(d) = depth
                    && d > crate::alphabeta::MAX_DEPTH as u64
                {
                    return Err(bad(format!(
                        "depth {d} is more than {}",
                        crate::alphabeta::MAX_DEPTH
                    )));
                }
                Ok(PlayerSpec::AlphaBeta(Limits {
                    depth: depth.map(|d| d as u32),
                    time: get(&kv, "time").map(Duration::from_millis),
                    nodes: get(&kv, "nodes"),
                    threads: get(&kv, "threads").map_or(0, |n| n as usize),
                }))
            }
            "mcts" | "uct" => {
                let kv = pairs(&rest, "playouts", &["playouts", "time"])?;
                Ok(PlayerSpec::Mcts(MctsLimits {
                    playouts: get(&kv, "playouts"),
                    time: get(&kv, "time").map(Duration::from_millis),
                }))
            }
            "level" => {
                let name = rest.ok_or_else(|| {
                    bad(format!("say which level ({})", Level::names().join(", ")))
                })?;
                name.parse::<Level>().map(PlayerSpec::Level).map_err(|_| {
                    bad(format!(
                        "unknown level '{name}' (levels: {})",
                        Level::names().join(", ")
                    ))
                })
            }
            _ => match t.parse::<Level>() {
                Ok(l) => Ok(PlayerSpec::Level(l)),
                Err(_) => Err(SpecError::Unknown(text.trim().to_string())),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for s in [
            "random",
            "greedy",
            "ab:depth=8",
            "ab:time=200",
            "ab:depth=4,nodes=1000",
            "ab:time=100,threads=2",
            "mcts:playouts=500",
            "mcts:time=50",
            "expert",
        ] {
            let spec: PlayerSpec = s.parse().unwrap();
            assert_eq!(spec.to_string(), s);
        }
        assert_eq!(
            "ab:8".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::AlphaBeta(Limits::depth(8))
        );
        assert_eq!(
            "level:beginner".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Level(Level::Beginner)
        );
        assert_eq!(
            "mcts:300".parse::<PlayerSpec>().unwrap().to_string(),
            "mcts:playouts=300"
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (s, needle) in [
            ("alphazero", "unknown player"),
            ("ab:depth=x", "not a whole number"),
            ("ab:speed=3", "unknown parameter 'speed'"),
            ("ab:depth=0", "at least 1"),
            ("ab:depth=999", "more than"),
            ("level:godlike", "unknown level"),
            ("random:3", "no parameters"),
            ("ab:depth=3,depth=4", "twice"),
            ("ab:threads=0", "at least 1"),
            ("ab:threads=100000", "more than"),
        ] {
            let e = s.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(e.contains(needle), "{s}: {e}");
        }
    }
}
