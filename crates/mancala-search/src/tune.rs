//! Fitting the evaluation's weights to games: positions from self-play, each labelled with the
//! final margin of its game from the side to move's view, and the weights that make the
//! evaluation closest to those margins (least squares, the captures' weight held at a seed a
//! seed so the fit keeps the evaluation's scale).
//!
//! The games are played by the engine at a fixed depth with the hand-chosen weights
//! ([`Weights::derived`]) from varied openings ([`crate::arena::openings`]), one thread: the
//! same arguments give the same positions and the same weights on any machine.

use crate::alphabeta::{AlphaBeta, Limits};
use crate::arena::{self, MAX_GAME_PLIES, MatchError};
use crate::eval::{Evaluator, Weights};
use crate::{Score, UNITS_PER_SEED};
use mancala_core::{EndReason, Game, Rules};

/// One position of a game: its terms and its game's final margin, both from the side to move's
/// view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Captures so far, mine less theirs, in seeds.
    pub material: f64,
    /// The weighted terms, in the order of [`Weights::to_array`].
    pub terms: [f64; 5],
    /// The game's final score difference, in seeds.
    pub margin: f64,
}

/// How the positions are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlay {
    pub games: usize,
    /// The players' search depth.
    pub depth: u32,
    /// Random plies at the start of each game.
    pub opening_plies: usize,
    pub seed: u64,
}

/// Every position (not over) of `settings.games` self-play games of `rules`.
pub fn self_play(rules: &Rules, settings: &SelfPlay) -> Result<Vec<Sample>, MatchError> {
    let openings = arena::openings(rules, settings.games, settings.opening_plies, settings.seed)?;
    let derived = Evaluator::derived(rules);
    let mut engine = AlphaBeta::with_table_mib(rules.clone(), 8);
    engine.set_evaluator(derived.clone());
    let limits = Limits::depth(settings.depth);
    let mut samples = Vec::new();
    for line in openings {
        let mut game = Game::new(rules.clone());
        for &m in &line {
            game.play(m).expect("openings are legal");
        }
        engine.clear();
        let first = samples.len();
        let mut movers = Vec::new();
        while !game.is_over() && game.plies().len() < MAX_GAME_PLIES {
            let pos = game.position();
            let moves = game.legal_moves();
            let t = derived.terms(rules, &pos, moves);
            samples.push(Sample {
                material: t.material as f64,
                terms: t.values().map(|v| v as f64),
                margin: 0.0,
            });
            movers.push(pos.side());
            let r = engine
                .search_game(&game, &limits)
                .expect("the game is not over");
            game.play(r.best).expect("the engine plays legal moves");
        }
        let end = if game.is_over() {
            game.final_position()
        } else {
            rules.settle(&game.position(), EndReason::MaxPlies)
        };
        for (s, side) in samples[first..].iter_mut().zip(movers) {
            s.margin = end.score(side) as f64 - end.score(side.other()) as f64;
        }
    }
    Ok(samples)
}

/// The fitted weights, real-valued (in 1/16 seed) and rounded, with the mean squared error
/// (in seeds²) of the fit and of other weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub exact: [f64; 5],
    pub weights: Weights,
    /// The mean squared error of the rounded weights.
    pub error: f64,
    pub samples: usize,
}

/// The mean squared error, in seeds², of the evaluation with `w` against the margins.
pub fn error(samples: &[Sample], w: Weights) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let w = w.to_array().map(|x| x as f64 / UNITS_PER_SEED as f64);
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = s.material + dot(&w, &s.terms);
            (e - s.margin).powi(2)
        })
        .sum();
    sum / samples.len() as f64
}

fn dot(a: &[f64; 5], b: &[f64; 5]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The weights that minimise the squared error between the evaluation and the margins. A term
/// that is zero in every sample (Oware has no dead singletons) keeps weight 0. The fit has an
/// intercept of its own (the worth of having the move), which the evaluation leaves out.
#[allow(clippy::needless_range_loop)] // a matrix: rows and columns by index
pub fn fit(samples: &[Sample]) -> Fit {
    const N: usize = 6;
    // Normal equations of margin - material = b + w · terms.
    let mut a = [[0.0f64; N]; N];
    let mut y = [0.0f64; N];
    for s in samples {
        let mut x = [1.0f64; N];
        x[1..].copy_from_slice(&s.terms);
        let t = s.margin - s.material;
        for i in 0..N {
            y[i] += x[i] * t;
            for j in 0..N {
                a[i][j] += x[i] * x[j];
            }
        }
    }
    // A term never seen is held at 0: its row and column replaced by the identity.
    let used: Vec<bool> = (0..N).map(|i| a[i][i] > 0.0).collect();
    for i in 0..N {
        if !used[i] {
            for j in 0..N {
                a[i][j] = 0.0;
                a[j][i] = 0.0;
            }
            a[i][i] = 1.0;
            y[i] = 0.0;
        }
    }
    let x = solve(a, y);
    let mut exact = [0.0; 5];
    for (e, v) in exact.iter_mut().zip(&x[1..]) {
        *e = v * UNITS_PER_SEED as f64;
    }
    let weights = Weights::from_array(exact.map(|v| v.round() as Score));
    Fit {
        exact,
        weights,
        error: error(samples, weights),
        samples: samples.len(),
    }
}

/// Gaussian elimination with partial pivoting; a singular system (terms always in proportion)
/// gives 0 for the dependent ones.
#[allow(clippy::needless_range_loop)] // a matrix: rows and columns by index
fn solve<const N: usize>(mut a: [[f64; N]; N], mut y: [f64; N]) -> [f64; N] {
    for c in 0..N {
        let p = (c..N)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .expect("a column");
        a.swap(c, p);
        y.swap(c, p);
        if a[c][c].abs() < 1e-9 {
            continue;
        }
        for r in 0..N {
            if r != c {
                let f = a[r][c] / a[c][c];
                for k in c..N {
                    a[r][k] -= f * a[c][k];
                }
                y[r] -= f * y[c];
            }
        }
    }
    let mut x = [0.0; N];
    for i in 0..N {
        if a[i][i].abs() >= 1e-9 {
            x[i] = y[i] / a[i][i];
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::rules_for;

    #[test]
    fn the_fit_finds_the_weights_that_made_the_margins() {
        // Margins made by known weights (in seeds) plus an intercept, from varied terms.
        let truth = [0.75, 0.25, -0.5, 0.125, 0.0];
        let mut samples = Vec::new();
        let mut x: u64 = 7;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % 21) as f64 - 10.0
        };
        for _ in 0..500 {
            let terms = [next(), next(), next(), next(), 0.0];
            let material = next();
            let margin = material + 0.5 + dot(&truth, &terms);
            samples.push(Sample {
                material,
                terms,
                margin,
            });
        }
        let f = fit(&samples);
        for (got, want) in f.exact.iter().zip(truth) {
            assert!((got - want * 16.0).abs() < 1e-6, "{:?}", f.exact);
        }
        assert_eq!(f.weights.to_array(), [12, 4, -8, 2, 0]);
        // Only the intercept, which the evaluation leaves out, is missed: 0.5² a position.
        assert!((f.error - 0.25).abs() < 1e-9, "{}", f.error);
    }

    #[test]
    fn self_play_labels_positions_with_their_game_s_margin() {
        let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
        let settings = SelfPlay {
            games: 2,
            depth: 2,
            opening_plies: 2,
            seed: 3,
        };
        let samples = self_play(&rules, &settings).unwrap();
        assert!(samples.len() > 10);
        assert_eq!(samples, self_play(&rules, &settings).unwrap());
        // Margins are within the stones of the game, and each game's flips with the mover.
        let total = rules.total_seeds() as f64;
        assert!(samples.iter().all(|s| s.margin.abs() <= total));
        assert!(
            samples
                .iter()
                .all(|s| samples.iter().any(|t| t.margin == -s.margin))
        );
    }
}
