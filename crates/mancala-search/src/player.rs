//! Players behind one trait: the [`Player`] trait, the move a player chose ([`Choice`]), and the
//! simple players (random, greedy) and the alpha-beta engine as a player. Which player a name
//! stands for is [`crate::spec`]'s job; the named levels are [`crate::level`]'s.

use crate::alphabeta::{AlphaBeta, Limits};
use crate::oracle::Oracle;
use mancala_core::{Game, Move, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

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
    /// A flag that, set from another thread, makes a long choice under way end soon (with
    /// whatever move the player then has: a caller that sets it discards that move), for the
    /// players that search; the player clears it when its choice ends. `None`: the player's
    /// choices are quick.
    fn stop_handle(&self) -> Option<Arc<AtomicBool>> {
        None
    }
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

impl EnginePlayer {
    /// Searches with `eval` instead of the game's own evaluation.
    pub fn set_evaluator(&mut self, eval: crate::Evaluator) {
        self.engine.set_evaluator(eval);
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
    fn stop_handle(&self) -> Option<Arc<AtomicBool>> {
        Some(self.engine.stop_handle())
    }
}
