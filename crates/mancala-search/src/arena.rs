//! Games between players: openings, alternating colours, results, Elo with its 95% interval,
//! and OGN records.

use crate::alphabeta::available_threads;
use crate::player::Player;
use crate::spec::PlayerSpec;
use mancala_core::record::Record;
use mancala_core::{Game, Move, Outcome, Rules, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// Hard stop for games whose ruleset has no repetition rule and no ply limit.
pub const MAX_GAME_PLIES: usize = 2000;

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Index of the opening played.
    pub opening: usize,
    /// Whether player A had South.
    pub a_south: bool,
    /// The game as played, opening included.
    pub game: Game,
    /// Its outcome (for a game cut at [`MAX_GAME_PLIES`], each side its own row).
    pub outcome: Outcome,
    /// A's result: 1, ½ or 0.
    pub a_score: f64,
}

/// Largest advantage, in seeds, that an opening may leave to either side (judged by a
/// search of [`BALANCE_DEPTH`] plies), so that no game is decided before the players move.
pub const BALANCE_SEEDS: i32 = 2;
pub const BALANCE_DEPTH: u32 = 8;

/// Random legal openings of `plies` plies from the start, `count` of them: balanced (see
/// [`BALANCE_SEEDS`]), all distinct when the game has enough, and none already over.
pub fn openings(rules: &Rules, count: usize, plies: usize, seed: u64) -> Vec<Vec<Move>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut judge = crate::AlphaBeta::with_table_mib(rules.clone(), 1);
    let mut judged: std::collections::HashMap<Vec<Move>, bool> = std::collections::HashMap::new();
    let mut out: Vec<Vec<Move>> = Vec::new();
    let mut tries = 0;
    while out.len() < count {
        tries += 1;
        let mut game = Game::new(rules.clone());
        let mut line = Vec::new();
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.iter().nth(rng.gen_range(0..moves.len())).unwrap();
            game.play(m).expect("a legal move");
            line.push(m);
        }
        if game.is_over() {
            continue;
        }
        // Balance matters more than variety: small games have few balanced openings, which
        // are then repeated (the players' own randomness still varies the games).
        let balanced = *judged.entry(line.clone()).or_insert_with(|| {
            judge
                .search_game(&game, &crate::Limits::depth(BALANCE_DEPTH))
                .map_or(0, |r| r.score_seeds())
                .abs()
                <= BALANCE_SEEDS
        });
        if !balanced && tries < 200 * count {
            continue;
        }
        if out.contains(&line) && tries < 20 * count {
            continue;
        }
        out.push(line);
    }
    out
}

/// Plays one game from the start, `opening` first, then the players in turn.
pub fn play_game(
    rules: &Rules,
    opening: &[Move],
    south: &mut dyn Player,
    north: &mut dyn Player,
) -> Game {
    let mut game = Game::new(rules.clone());
    for &m in opening {
        game.play(m).expect("openings are legal");
    }
    south.new_game();
    north.new_game();
    while !game.is_over() && game.plies().len() < MAX_GAME_PLIES {
        let player: &mut dyn Player = if game.position().side() == Side::South {
            south
        } else {
            north
        };
        let choice = player.choose(&game);
        game.play(choice.mv)
            .unwrap_or_else(|e| panic!("{} played an illegal move: {e}", player.name()));
    }
    game
}

/// The outcome of a game, also when it was cut at [`MAX_GAME_PLIES`] (each side its own row).
pub fn outcome_of(game: &Game) -> Outcome {
    game.outcome().unwrap_or_else(|| {
        game.rules()
            .outcome(&game.position(), mancala_core::EndReason::MaxPlies)
    })
}

/// Settings of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub a: PlayerSpec,
    pub b: PlayerSpec,
    /// Games to play; each opening is played twice, colours swapped.
    pub games: usize,
    pub time: Option<Duration>,
    pub seed: u64,
    pub opening_plies: usize,
    /// Games played at once.
    pub threads: usize,
}

/// Plays a match; `progress` is called after each game with the games done so far.
pub fn run_match(
    rules: &Rules,
    cfg: &MatchConfig,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<GameRecord> {
    use rayon::prelude::*;
    let pairs = cfg.games.div_ceil(2);
    let lines = openings(rules, pairs, cfg.opening_plies, cfg.seed);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let play = |g: usize| {
        let opening = g / 2;
        let a_south = g.is_multiple_of(2);
        let seed = cfg
            .seed
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add(g as u64 * 2);
        let mut a = cfg.a.build(rules, seed, cfg.time, None);
        let mut b = cfg.b.build(rules, seed + 1, cfg.time, None);
        // Games played at once share the cores.
        let cores = (available_threads() / cfg.threads.max(1)).max(1);
        a.cap_threads(cores);
        b.cap_threads(cores);
        let game = if a_south {
            play_game(rules, &lines[opening], a.as_mut(), b.as_mut())
        } else {
            play_game(rules, &lines[opening], b.as_mut(), a.as_mut())
        };
        let outcome = outcome_of(&game);
        let a_side = if a_south { Side::South } else { Side::North };
        let a_score = match outcome.winner {
            None => 0.5,
            Some(s) if s == a_side => 1.0,
            Some(_) => 0.0,
        };
        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
        GameRecord {
            opening,
            a_south,
            game,
            outcome,
            a_score,
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.max(1))
        .build()
        .expect("a thread pool");
    pool.install(|| (0..cfg.games).into_par_iter().map(play).collect())
}

/// Wins, draws and losses of A, and the Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// A's share of the points, 0..=1.
    pub score: f64,
    pub elo: f64,
    pub elo_low: f64,
    pub elo_high: f64,
}

/// Elo difference for a score share (infinite at 0 and 1).
pub fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// The summary of A's results (1, ½ or 0 per game). The 95% interval is Wilson's score
/// interval on the points share, which stays finite on one side when every game is won (or
/// lost), then turned into Elo.
pub fn summarize(results: &[f64]) -> Summary {
    let n = results.len().max(1) as f64;
    let wins = results.iter().filter(|&&r| r == 1.0).count();
    let draws = results.iter().filter(|&&r| r == 0.5).count();
    let losses = results.iter().filter(|&&r| r == 0.0).count();
    let p = results.iter().sum::<f64>() / n;
    let z: f64 = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    Summary {
        wins,
        draws,
        losses,
        score: p,
        elo: elo_of(p),
        elo_low: if p == 0.0 {
            f64::NEG_INFINITY
        } else {
            elo_of((centre - half).max(0.0))
        },
        elo_high: if p == 1.0 {
            f64::INFINITY
        } else {
            elo_of((centre + half).min(1.0))
        },
    }
}

/// Formats an Elo figure: `+123`, `-45`, `+inf`, `-inf`.
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{:+.0}", e)
    }
}

/// One game as OGN (tag pairs, then numbered movetext with `+N` for captures), the end's
/// reason as the last move's comment.
pub fn to_ogn(rec: &GameRecord, south: &str, north: &str, round: usize, date: &str) -> String {
    let round = round.to_string();
    let mut r = Record::from_game(
        &rec.game,
        &[
            ("Event", "mancala match"),
            ("Date", date),
            ("Round", &round),
            ("South", south),
            ("North", north),
        ],
    );
    // A game cut at the ply limit has no result of its own: the match's settlement stands.
    if !rec.game.is_over() {
        r.adjudicate(rec.outcome.scores.south, rec.outcome.scores.north);
    }
    if let Some(last) = r.moves.last_mut() {
        last.comment = Some(rec.outcome.reason.to_string());
    }
    format!("{r}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_score_is_zero_and_symmetric() {
        assert_eq!(elo_of(0.5), 0.0);
        assert!((elo_of(0.75) - 190.848).abs() < 0.01);
        assert!((elo_of(0.25) + elo_of(0.75)).abs() < 1e-9);
        assert!(elo_of(1.0).is_infinite());
    }

    #[test]
    fn summary_interval_contains_estimate() {
        let r = [1.0, 1.0, 0.5, 0.0, 1.0, 1.0, 0.0, 1.0];
        let s = summarize(&r);
        assert_eq!((s.wins, s.draws, s.losses), (5, 1, 2));
        assert!((s.score - 0.6875).abs() < 1e-9);
        assert!(s.elo_low < s.elo && s.elo < s.elo_high);
        // A clean sweep still has a finite lower bound, and it rises with the number of games.
        let ten = summarize(&[1.0; 10]);
        let hundred = summarize(&[1.0; 100]);
        assert!(ten.elo.is_infinite() && ten.elo_high.is_infinite());
        assert!(ten.elo_low.is_finite() && hundred.elo_low > ten.elo_low + 100.0);
    }

    #[test]
    fn openings_are_legal_distinct_and_reproducible() {
        let rules = mancala_core::rules_for(&"mangala-ii".parse().unwrap()).unwrap();
        let a = openings(&rules, 10, 2, 7);
        assert_eq!(a, openings(&rules, 10, 2, 7));
        for (i, line) in a.iter().enumerate() {
            assert_eq!(line.len(), 2);
            assert!(!a[..i].contains(line));
            let mut g = Game::new(rules.clone());
            for &m in line {
                g.play(m).unwrap();
            }
        }
    }
}
