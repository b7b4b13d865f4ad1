//! Monte Carlo tree search (UCT) with uniformly random playouts: an engine that shares
//! nothing with the alpha-beta one but the rules.
//!
//! Each iteration walks down the tree by the UCB1 formula, expands a leaf, plays a random
//! game from it and counts the result (win 1, draw ½, loss 0) for every node on the way.
//! Repeated positions in the tree end the game as the ruleset says; playouts stop after
//! [`PLAYOUT_CAP`] plies and are then settled like a repetition.

use crate::player::{Choice, Player};
use mancala_core::ruleset::Repetition;
use mancala_core::{EndReason, Game, Move, Position, Rules, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Longest random playout, in plies.
pub const PLAYOUT_CAP: usize = 400;
/// The UCB1 exploration constant.
pub const EXPLORATION: f64 = 1.0;

/// When to stop: after a number of playouts (deterministic for a given seed) or at a deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MctsLimits {
    pub playouts: Option<u64>,
    pub time: Option<Duration>,
}

struct Node {
    pos: Position,
    mv: Move,
    parent: u32,
    first: u32,
    count: u8,
    expanded: bool,
    /// Result for South when the game is over here.
    terminal: Option<f64>,
    visits: u32,
    /// Results summed for the player who moved into this node.
    wins: f64,
}

impl Node {
    /// A node not yet expanded nor visited: `mv` played from node `parent` leads to `pos`.
    fn new(pos: Position, mv: Move, parent: u32) -> Node {
        Node {
            pos,
            mv,
            parent,
            first: 0,
            count: 0,
            expanded: false,
            terminal: None,
            visits: 0,
            wins: 0.0,
        }
    }
}

/// The MCTS engine as a player.
pub struct Mcts {
    rules: Rules,
    limits: MctsLimits,
    rng: SmallRng,
    repetition: bool,
    tree: Vec<Node>,
    /// Playouts of the last search.
    pub playouts: u64,
    /// Set from another thread: the search under way stops at its next check (see
    /// [`Player::stop_handle`]).
    abort: Arc<AtomicBool>,
}

impl Mcts {
    pub fn new(rules: Rules, limits: MctsLimits, seed: u64) -> Mcts {
        let repetition = rules.ruleset().repetition != Repetition::Ignore;
        Mcts {
            rules,
            limits,
            rng: SmallRng::seed_from_u64(seed),
            repetition,
            tree: Vec::new(),
            playouts: 0,
            abort: Arc::new(AtomicBool::new(false)),
        }
    }

    fn result_for_south(&self, pos: &Position, reason: EndReason) -> f64 {
        match self.rules.outcome(pos, reason).winner {
            Some(Side::South) => 1.0,
            Some(Side::North) => 0.0,
            None => 0.5,
        }
    }

    fn rollout(&mut self, mut pos: Position) -> f64 {
        for _ in 0..PLAYOUT_CAP {
            let moves = match self.rules.moves_or_end(&pos) {
                Ok(moves) => moves,
                Err(reason) => return self.result_for_south(&pos, reason),
            };
            let k = self.rng.gen_range(0..moves.len());
            let m = moves.iter().nth(k).expect("k < len");
            self.rules.play_unchecked(&mut pos, m);
        }
        let reason = if self.repetition {
            EndReason::Repetition
        } else {
            EndReason::MaxPlies
        };
        self.result_for_south(&pos, reason)
    }

    /// Whether the position of node `i` occurred before on its path or in `history`.
    fn repeated(&self, i: usize, history: &[Position]) -> bool {
        if !self.repetition {
            return false;
        }
        let pos = self.tree[i].pos;
        let mut j = i;
        while j != 0 {
            j = self.tree[j].parent as usize;
            let p = self.tree[j].pos;
            if p.scores() != pos.scores() {
                return false;
            }
            if p == pos {
                return true;
            }
        }
        history
            .iter()
            .rev()
            .take_while(|p| p.scores() == pos.scores())
            .any(|p| *p == pos)
    }

    fn select_child(&self, i: usize) -> usize {
        let node = &self.tree[i];
        let ln = (node.visits.max(1) as f64).ln();
        let mut best = node.first as usize;
        let mut best_v = f64::NEG_INFINITY;
        for c in node.first as usize..node.first as usize + node.count as usize {
            let ch = &self.tree[c];
            if ch.visits == 0 {
                return c;
            }
            let v = ch.wins / ch.visits as f64 + EXPLORATION * (ln / ch.visits as f64).sqrt();
            if v > best_v {
                best_v = v;
                best = c;
            }
        }
        best
    }

    /// Runs the search at the current position of `game` (not over); returns the most visited
    /// move and its win rate for the mover.
    pub fn search(&mut self, game: &Game) -> (Move, f64) {
        let history = game.history();
        let root = game.position();
        self.tree.clear();
        self.tree.push(Node::new(root, Move::Pass, 0));
        let start = Instant::now();
        let deadline = self.limits.time.map(|t| start + t);
        let max = self.limits.playouts.unwrap_or(u64::MAX);
        let mut path = Vec::with_capacity(64);
        self.playouts = 0;
        while self.playouts < max {
            if self.playouts.is_multiple_of(64)
                && self.playouts > 0
                && (self.abort.load(Relaxed) || deadline.is_some_and(|d| Instant::now() >= d))
            {
                break;
            }
            path.clear();
            let mut i = 0usize;
            path.push(i);
            while self.tree[i].expanded && self.tree[i].terminal.is_none() {
                i = self.select_child(i);
                path.push(i);
            }
            let result = if let Some(r) = self.tree[i].terminal {
                r
            } else {
                // First visit of a leaf: is the game over here? If not, expand and play out.
                let pos = self.tree[i].pos;
                let repeated = i != 0 && self.repeated(i, &history);
                let over = match self.rules.moves_or_end(&pos) {
                    _ if repeated => Err(EndReason::Repetition),
                    generated => generated,
                };
                match over {
                    Err(reason) => {
                        let r = self.result_for_south(&pos, reason);
                        self.tree[i].terminal = Some(r);
                        self.tree[i].expanded = true;
                        r
                    }
                    Ok(moves) => {
                        let first = self.tree.len() as u32;
                        for m in moves {
                            let mut p = pos;
                            self.rules.play_unchecked(&mut p, m);
                            self.tree.push(Node::new(p, m, i as u32));
                        }
                        self.tree[i].first = first;
                        self.tree[i].count = moves.len() as u8;
                        self.tree[i].expanded = true;
                        let c = first as usize + self.rng.gen_range(0..moves.len());
                        path.push(c);
                        let p = self.tree[c].pos;
                        self.rollout(p)
                    }
                }
            };
            for &n in &path {
                let node_side = if n == 0 {
                    root.side()
                } else {
                    self.tree[self.tree[n].parent as usize].pos.side()
                };
                let node = &mut self.tree[n];
                node.visits += 1;
                node.wins += if node_side == Side::South {
                    result
                } else {
                    1.0 - result
                };
            }
            self.playouts += 1;
        }
        self.abort.store(false, Relaxed);
        let r = &self.tree[0];
        assert!(r.count > 0, "the game is over");
        let best = (r.first as usize..r.first as usize + r.count as usize)
            .max_by_key(|&c| (self.tree[c].visits, std::cmp::Reverse(c)))
            .expect("the root has children");
        let b = &self.tree[best];
        (
            b.mv,
            if b.visits > 0 {
                b.wins / b.visits as f64
            } else {
                0.5
            },
        )
    }
}

impl Player for Mcts {
    fn name(&self) -> String {
        // Specs name their player themselves (`mcts:playouts=500`, see `crate::spec`).
        "mcts".into()
    }
    fn choose(&mut self, game: &Game) -> Choice {
        let (mv, _) = self.search(game);
        Choice {
            mv,
            score: None,
            depth: None,
            nodes: self.playouts,
            pv: vec![mv],
        }
    }
    fn stop_handle(&self) -> Option<Arc<AtomicBool>> {
        Some(self.abort.clone())
    }
}
