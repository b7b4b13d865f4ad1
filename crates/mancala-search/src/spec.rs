//! Players chosen by a uniform specification string, and the list of levels a person picks
//! from:
//!
//! | spec | player |
//! |------|--------|
//! | `random` | a legal move at random |
//! | `greedy` | the move that captures most now (ties at random) |
//! | `ab`, `ab:8`, `ab:depth=8`, `ab:time=200`, `ab:nodes=100000`, `ab:time=200,threads=2` | the alpha-beta engine |
//! | `ab:time=200,lmr=0` | the alpha-beta engine searching full width (no late move reductions), to measure them |
//! | `ab:depth=8,eval=derived` | the alpha-beta engine with the hand-chosen evaluation weights instead of the tuned ones |
//! | `mcts`, `mcts:5000`, `mcts:playouts=5000`, `mcts:time=200` | the MCTS engine |
//! | `level:expert` or `expert` | a named level (see [`crate::Level`]) |
//!
//! A spec without a limit uses the caller's time per move (or one second).

use crate::alphabeta::Limits;
use crate::level::{Level, LevelPlayer};
use crate::mcts::{Mcts, MctsLimits};
use crate::oracle::Oracle;
use crate::player::{EnginePlayer, GreedyPlayer, Player, RandomPlayer};
use mancala_core::Rules;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// Time per move when neither the spec nor the caller gives a limit.
pub const DEFAULT_TIME: Duration = Duration::from_millis(1000);

/// The levels a person picks from (menus, `--ai`), weakest first: the two simple players,
/// then every named [`Level`].
pub fn levels() -> impl Iterator<Item = PlayerSpec> {
    [PlayerSpec::Random, PlayerSpec::Greedy]
        .into_iter()
        .chain(Level::ALL.into_iter().map(PlayerSpec::Level))
}

/// The names of [`levels`], for help and error messages: `random, greedy, beginner, ...`.
pub fn level_names() -> String {
    levels()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A player specification that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error(
        "unknown player '{0}' (use random, greedy, ab[:depth=D,time=MS,soft=MS,nodes=N,threads=T,lmr=0,eval=derived], mcts[:playouts=N,time=MS], or a level: {levels})",
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
    /// The alpha-beta engine with [`crate::eval::Weights::derived`] (`eval=derived`), the
    /// weights chosen by hand, to measure the tuned ones against.
    AlphaBetaDerived(Limits),
    Mcts(MctsLimits),
    Level(Level),
}

impl PlayerSpec {
    /// One line for menus and help: what the player does.
    pub fn description(&self) -> &'static str {
        match self {
            PlayerSpec::Random => "plays any legal move",
            PlayerSpec::Greedy => "takes the most seeds now",
            PlayerSpec::AlphaBeta(_) => "the alpha-beta engine",
            PlayerSpec::AlphaBetaDerived(_) => "the alpha-beta engine, hand-chosen evaluation",
            PlayerSpec::Mcts(_) => "Monte Carlo tree search",
            PlayerSpec::Level(l) => l.description(),
        }
    }

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
            PlayerSpec::AlphaBeta(l) | PlayerSpec::AlphaBetaDerived(l) => {
                let mut limits = l;
                if l.is_unbounded() {
                    limits.time = Some(time);
                }
                let mut p = EnginePlayer::new(rules, limits, self.to_string(), oracle);
                if matches!(self, PlayerSpec::AlphaBetaDerived(_)) {
                    p.set_evaluator(crate::Evaluator::derived(rules));
                }
                Box::new(p)
            }
            PlayerSpec::Mcts(l) => {
                let mut limits = l;
                if l == MctsLimits::default() {
                    limits.time = Some(time);
                }
                Box::new(Named {
                    name: self.to_string(),
                    player: Mcts::new(rules.clone(), limits, seed),
                })
            }
            PlayerSpec::Level(level) => {
                Box::new(LevelPlayer::new(rules, level, seed, time, oracle))
            }
        }
    }
}

/// A player under the name of the spec that built it.
struct Named<P> {
    name: String,
    player: P,
}

impl<P: Player> Player for Named<P> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, game: &mancala_core::Game) -> crate::player::Choice {
        self.player.choose(game)
    }
    fn new_game(&mut self) {
        self.player.new_game()
    }
    fn cap_threads(&mut self, n: usize) {
        self.player.cap_threads(n)
    }
    fn stop_handle(&self) -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
        self.player.stop_handle()
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
            PlayerSpec::AlphaBeta(l) | PlayerSpec::AlphaBetaDerived(l) => {
                params(
                    f,
                    "ab",
                    &[
                        ("depth", l.depth.map(u64::from)),
                        ("time", l.time.map(|t| t.as_millis() as u64)),
                        ("soft", l.soft.map(|t| t.as_millis() as u64)),
                        ("nodes", l.nodes),
                        ("threads", (l.threads > 1).then_some(l.threads as u64)),
                        ("lmr", l.full_width.then_some(0)),
                    ],
                )?;
                if matches!(self, PlayerSpec::AlphaBetaDerived(_)) {
                    let bare = *l == Limits::default();
                    f.write_str(if bare {
                        ":eval=derived"
                    } else {
                        ",eval=derived"
                    })?;
                }
                Ok(())
            }
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
        // key=value pairs; a bare number means the engine's main limit. `others`: the
        // parameters read before, which are not amounts (named when a key is unknown).
        let pairs = |rest: &Option<String>,
                     bare: &str,
                     keys: &[&str],
                     others: &[&str]|
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
                        keys.iter()
                            .chain(others)
                            .copied()
                            .collect::<Vec<_>>()
                            .join(", ")
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
                // eval=derived|tuned and lmr=0|1, the parameters that are not amounts.
                let mut derived = false;
                let mut full_width = false;
                let rest = match &rest {
                    Some(r) => {
                        let mut kept = Vec::new();
                        for part in r.split(',') {
                            match part.split_once('=').map(|(k, v)| (k.trim(), v.trim())) {
                                Some(("eval", "derived")) => derived = true,
                                Some(("eval", "tuned")) => derived = false,
                                Some(("eval", v)) => {
                                    return Err(bad(format!(
                                        "eval={v} is no evaluation (eval=tuned or eval=derived)"
                                    )));
                                }
                                Some(("lmr", "0")) => full_width = true,
                                Some(("lmr", "1")) => full_width = false,
                                Some(("lmr", v)) => {
                                    return Err(bad(format!(
                                        "lmr={v}: 1 reduces late quiet moves (the default), 0 searches full width"
                                    )));
                                }
                                _ => kept.push(part),
                            }
                        }
                        (!kept.is_empty()).then(|| kept.join(","))
                    }
                    None => None,
                };
                let kv = pairs(
                    &rest,
                    "depth",
                    &["depth", "time", "soft", "nodes", "threads"],
                    &["lmr=0|1", "eval=tuned|derived"],
                )?;
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
                let soft = get(&kv, "soft").map(Duration::from_millis);
                let time = get(&kv, "time").map(Duration::from_millis);
                if soft.is_some() && time.is_none() {
                    return Err(bad("soft=MS needs time=MS, the hard limit".to_string()));
                }
                if let (Some(s), Some(t)) = (soft, time)
                    && s > t
                {
                    return Err(bad(format!(
                        "soft {} ms is more than time {} ms",
                        s.as_millis(),
                        t.as_millis()
                    )));
                }
                let limits = Limits {
                    depth: depth.map(|d| d as u32),
                    time,
                    soft,
                    nodes: get(&kv, "nodes"),
                    threads: get(&kv, "threads").map_or(0, |n| n as usize),
                    full_width,
                };
                Ok(if derived {
                    PlayerSpec::AlphaBetaDerived(limits)
                } else {
                    PlayerSpec::AlphaBeta(limits)
                })
            }
            "mcts" | "uct" => {
                let kv = pairs(&rest, "playouts", &["playouts", "time"], &[])?;
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
            "ab:depth=6,eval=derived",
            "ab:eval=derived",
            "ab:time=50,lmr=0",
            "ab:lmr=0,eval=derived",
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
        let clock = "ab:time=300,soft=100".parse::<PlayerSpec>().unwrap();
        assert_eq!(
            clock,
            PlayerSpec::AlphaBeta(Limits::budget(
                Duration::from_millis(100),
                Duration::from_millis(300)
            ))
        );
        assert_eq!(clock.to_string(), "ab:time=300,soft=100");
        assert_eq!(
            "ab:time=50,lmr=1".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::AlphaBeta(Limits::time_ms(50))
        );
        assert_eq!(
            "ab:time=50,lmr=0".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::AlphaBeta(Limits::time_ms(50).with_full_width(true))
        );
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (s, needle) in [
            ("alphazero", "unknown player"),
            ("ab:depth=x", "not a whole number"),
            ("ab:speed=3", "unknown parameter 'speed'"),
            // Every parameter is named, those that are not amounts too.
            (
                "ab:foo=1",
                "soft, nodes, threads, lmr=0|1, eval=tuned|derived",
            ),
            ("mcts:foo=1", "it takes: playouts, time)"),
            ("ab:depth=0", "at least 1"),
            ("ab:depth=999", "more than"),
            ("level:godlike", "unknown level"),
            ("random:3", "no parameters"),
            ("ab:depth=3,depth=4", "twice"),
            ("ab:threads=0", "at least 1"),
            ("ab:threads=100000", "more than"),
            ("ab:soft=100", "needs time"),
            ("ab:time=100,soft=200", "more than time"),
            ("ab:time=100,lmr=2", "lmr=2: 1 reduces"),
        ] {
            match s.parse::<PlayerSpec>() {
                Err(e) => assert!(e.to_string().contains(needle), "{s}: {e}"),
                Ok(p) => panic!("{s} was taken: {p:?}"),
            }
        }
    }
}
