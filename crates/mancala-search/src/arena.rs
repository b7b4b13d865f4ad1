//! Games between players: openings, alternating colours, results, Elo with its 95% interval,
//! and OGN records.

use crate::alphabeta::available_threads;
use crate::player::Player;
use crate::spec::PlayerSpec;
use mancala_core::record::Record;
use mancala_core::{Game, Move, Outcome, Rules, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Hard stop for games whose ruleset has no repetition rule and no ply limit.
pub const MAX_GAME_PLIES: usize = 2000;

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game's number in the match, from 1.
    pub round: usize,
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

/// Why a match cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error("the start position {position} is already over ({reason}): there is no game to play")]
    StartIsOver { position: String, reason: String },
}

/// Tries for each opening: at most this many to find a balanced one, and a repeated one is
/// taken after [`DISTINCT_TRIES`].
const BALANCE_TRIES: usize = 200;
const DISTINCT_TRIES: usize = 20;
/// Openings remembered to keep them distinct (and judgements kept): beyond this the memory is
/// cleared, so that a match of any length uses the same memory.
const REMEMBERED: usize = 1 << 16;

/// Random legal openings of at most `plies` plies from the start, one at a time: none ends the
/// game (a line stops short when every move would end it, down to the start itself on the
/// smallest boards), balanced (see [`BALANCE_SEEDS`]) and distinct while the game has enough
/// of them; otherwise, after a bounded number of tries, some are repeated. Reproducible from
/// the seed; the memory it uses is bounded.
pub struct Openings {
    start: Game,
    plies: usize,
    rng: SmallRng,
    judge: crate::AlphaBeta,
    judged: HashMap<Vec<Move>, bool>,
    seen: HashSet<Vec<Move>>,
}

impl Openings {
    /// Openings of `rules`; an error only when its start is over already.
    pub fn new(rules: &Rules, plies: usize, seed: u64) -> Result<Openings, MatchError> {
        let start = Game::new(rules.clone());
        if let Some(o) = start.outcome() {
            return Err(MatchError::StartIsOver {
                position: start.position().to_string(),
                reason: o.reason.to_string(),
            });
        }
        Ok(Openings {
            start,
            plies,
            rng: SmallRng::seed_from_u64(seed),
            judge: crate::AlphaBeta::with_table_mib(rules.clone(), 1),
            judged: HashMap::new(),
            seen: HashSet::new(),
        })
    }

    /// A random line that leaves a game to play.
    fn line(&mut self) -> (Vec<Move>, Game) {
        let mut game = self.start.clone();
        let mut line = Vec::new();
        for _ in 0..self.plies {
            // Only the moves that leave a game to play (all of them, in the same order, but
            // on the smallest boards), so every try gives an opening.
            let moves: Vec<Move> = game
                .legal_moves()
                .iter()
                .filter(|&m| {
                    let mut next = game.clone();
                    next.play(m).is_ok() && !next.is_over()
                })
                .collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[self.rng.gen_range(0..moves.len())];
            game.play(m).expect("a legal move");
            line.push(m);
        }
        (line, game)
    }

    fn balanced(&mut self, line: &[Move], game: &Game) -> bool {
        if let Some(&b) = self.judged.get(line) {
            return b;
        }
        let b = self
            .judge
            .search_game(game, &crate::Limits::depth(BALANCE_DEPTH))
            .map_or(0, |r| r.score_seeds())
            .abs()
            <= BALANCE_SEEDS;
        if self.judged.len() >= REMEMBERED {
            self.judged.clear();
        }
        self.judged.insert(line.to_vec(), b);
        b
    }
}

impl Iterator for Openings {
    type Item = Vec<Move>;

    fn next(&mut self) -> Option<Vec<Move>> {
        for tries in 1.. {
            let (line, game) = self.line();
            // Balance matters more than variety: small games have few balanced openings,
            // which are then repeated (the players' own randomness still varies the games).
            if !self.balanced(&line, &game) && tries < BALANCE_TRIES {
                continue;
            }
            if self.seen.contains(&line) && tries < DISTINCT_TRIES {
                continue;
            }
            if self.seen.len() >= REMEMBERED {
                self.seen.clear();
            }
            self.seen.insert(line.clone());
            return Some(line);
        }
        unreachable!("the tries are bounded")
    }
}

/// The first `count` [`Openings`] of `rules`.
pub fn openings(
    rules: &Rules,
    count: usize,
    plies: usize,
    seed: u64,
) -> Result<Vec<Vec<Move>>, MatchError> {
    Ok(Openings::new(rules, plies, seed)?.take(count).collect())
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

/// Plays a match, handing each game to `on_game` as soon as it ends (from the thread that
/// played it; games played at once may end out of order, their `round` says which is which),
/// so that nothing of a game is kept once it is handed over. `on_game` returns
/// [`ControlFlow::Break`] to end the match early (the games under way are finished and handed
/// over too). An error when no game can be played.
pub fn run_match(
    rules: &Rules,
    cfg: &MatchConfig,
    on_game: &(dyn Fn(GameRecord) -> ControlFlow<()> + Sync),
) -> Result<(), MatchError> {
    let openings = Openings::new(rules, cfg.opening_plies, cfg.seed)?;
    // The games are dealt in order; each opening is played twice, sides swapped.
    let deal = Mutex::new((0usize, openings, Vec::new()));
    let next = || -> Option<(usize, Vec<Move>)> {
        let mut d = deal.lock().unwrap_or_else(|e| e.into_inner());
        let (g, openings, line) = &mut *d;
        if *g >= cfg.games {
            return None;
        }
        if g.is_multiple_of(2) {
            *line = openings.next().expect("openings never run out");
        }
        *g += 1;
        Some((*g - 1, line.clone()))
    };
    let stop = AtomicBool::new(false);
    let threads = cfg.threads.clamp(1, cfg.games.max(1));
    // Games played at once share the cores.
    let cores = (available_threads() / threads).max(1);
    let worker = || {
        while !stop.load(Ordering::Relaxed)
            && let Some((g, line)) = next()
        {
            let rec = play_match_game(rules, cfg, g, &line, cores);
            if on_game(rec).is_break() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(worker);
        }
        worker();
    });
    Ok(())
}

/// Game `g` of a match (0-based), from `opening`.
fn play_match_game(
    rules: &Rules,
    cfg: &MatchConfig,
    g: usize,
    opening: &[Move],
    cores: usize,
) -> GameRecord {
    let a_south = g.is_multiple_of(2);
    let seed = cfg
        .seed
        .wrapping_mul(0x9E37_79B9)
        .wrapping_add(g as u64 * 2);
    let mut a = cfg.a.build(rules, seed, cfg.time, None);
    let mut b = cfg.b.build(rules, seed + 1, cfg.time, None);
    a.cap_threads(cores);
    b.cap_threads(cores);
    let game = if a_south {
        play_game(rules, opening, a.as_mut(), b.as_mut())
    } else {
        play_game(rules, opening, b.as_mut(), a.as_mut())
    };
    let outcome = outcome_of(&game);
    let a_side = if a_south { Side::South } else { Side::North };
    let a_score = match outcome.winner {
        None => 0.5,
        Some(s) if s == a_side => 1.0,
        Some(_) => 0.0,
    };
    GameRecord {
        round: g + 1,
        opening: g / 2,
        a_south,
        game,
        outcome,
        a_score,
    }
}

/// A's results so far, counted as they come: wins, draws and losses, as South and as North.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// `[South, North]`: A's wins, draws and losses with that side.
    pub by_side: [[usize; 3]; 2],
}

impl Tally {
    /// Counts one of A's results (1, ½ or 0), A playing South or not.
    pub fn add(&mut self, a_score: f64, a_south: bool) {
        let kind = if a_score >= 1.0 {
            0
        } else if a_score > 0.0 {
            1
        } else {
            2
        };
        self.by_side[usize::from(!a_south)][kind] += 1;
    }

    pub fn games(&self) -> usize {
        self.by_side.iter().flatten().sum()
    }

    /// The summary over both sides.
    pub fn summary(&self) -> Summary {
        let [s, n] = self.by_side;
        summary_of(s[0] + n[0], s[1] + n[1], s[2] + n[2])
    }

    /// The summary of the games A played with `south` or not.
    pub fn side(&self, south: bool) -> Summary {
        let [w, d, l] = self.by_side[usize::from(!south)];
        summary_of(w, d, l)
    }
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
        // (+ 0.0: an even score is 0, not -0.)
        -400.0 * (1.0 / p - 1.0).log10() + 0.0
    }
}

/// The summary of A's results (1, ½ or 0 per game).
pub fn summarize(results: &[f64]) -> Summary {
    let mut t = Tally::default();
    for &r in results {
        t.add(r, true);
    }
    t.summary()
}

/// The summary of `wins`, `draws` and `losses`. The 95% interval is Wilson's score interval on
/// the points share, which stays finite on one side when every game is won (or lost), then
/// turned into Elo.
fn summary_of(wins: usize, draws: usize, losses: usize) -> Summary {
    let n = (wins + draws + losses).max(1) as f64;
    let p = (wins as f64 + 0.5 * draws as f64) / n;
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
pub fn to_ogn(rec: &GameRecord, south: &str, north: &str, date: &str) -> String {
    let round = rec.round.to_string();
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
        let a = openings(&rules, 10, 2, 7).unwrap();
        assert_eq!(a, openings(&rules, 10, 2, 7).unwrap());
        for (i, line) in a.iter().enumerate() {
            assert_eq!(line.len(), 2);
            assert!(!a[..i].contains(line));
            let mut g = Game::new(rules.clone());
            for &m in line {
                g.play(m).unwrap();
            }
        }
    }

    fn rules(spec: &str) -> Rules {
        mancala_core::rules_for(&spec.parse().unwrap()).unwrap()
    }

    /// Boards where every move (or every second move) ends the game still get their openings,
    /// cut short, instead of a search for ever (the openings of today's boards are unchanged).
    #[test]
    fn openings_on_boards_where_moves_end_the_game() {
        for spec in [
            "kalah:pits=1,seeds=1",
            "modiar:pits=1,seeds=2",
            "mangala-ii:pits=1,seeds=1",
        ] {
            let r = rules(spec);
            for plies in [0, 2, 4, 40] {
                let lines = openings(&r, 5, plies, 3).unwrap();
                assert_eq!(lines.len(), 5, "{spec}");
                for line in lines {
                    assert!(line.len() <= plies, "{spec}");
                    let mut g = Game::new(r.clone());
                    for m in line {
                        g.play(m).unwrap();
                    }
                    assert!(!g.is_over(), "{spec}: an opening ends the game");
                }
            }
        }
    }

    /// A start that is over already leaves no game to play: said, not searched for ever.
    #[test]
    fn a_start_that_is_over_has_no_openings() {
        let mut r = rules("kalah").ruleset().clone();
        r.min_seeds = 5;
        let r = Rules::new(r).unwrap();
        assert!(Game::new(r.clone()).is_over());
        let e = openings(&r, 1, 0, 1).unwrap_err();
        assert!(e.to_string().contains("already over"), "{e}");
        let cfg = MatchConfig {
            a: "random".parse().unwrap(),
            b: "random".parse().unwrap(),
            games: 2,
            time: None,
            seed: 1,
            opening_plies: 0,
            threads: 1,
        };
        assert!(run_match(&r, &cfg, &|_| ControlFlow::Continue(())).is_err());
    }

    /// Every game is handed over once, numbered, sides alternating, also with several games at
    /// once; a break ends the match early.
    #[test]
    fn a_match_streams_its_games() {
        let r = rules("kalah:pits=1,seeds=1");
        let mut cfg = MatchConfig {
            a: "random".parse().unwrap(),
            b: "greedy".parse().unwrap(),
            games: 40,
            time: None,
            seed: 5,
            opening_plies: 2,
            threads: 3,
        };
        let seen = Mutex::new(Vec::new());
        run_match(&r, &cfg, &|g| {
            assert_eq!(g.a_south, g.round % 2 == 1);
            seen.lock().unwrap().push(g.round);
            ControlFlow::Continue(())
        })
        .unwrap();
        let mut rounds = seen.into_inner().unwrap();
        rounds.sort();
        assert_eq!(rounds, (1..=40).collect::<Vec<_>>());
        cfg.threads = 1;
        let count = Mutex::new(0);
        run_match(&r, &cfg, &|_| {
            *count.lock().unwrap() += 1;
            ControlFlow::Break(())
        })
        .unwrap();
        assert_eq!(count.into_inner().unwrap(), 1);
    }

    #[test]
    fn tally_counts_by_side() {
        let mut t = Tally::default();
        for (score, south) in [(1.0, true), (0.5, false), (0.0, false), (1.0, false)] {
            t.add(score, south);
        }
        assert_eq!(t.games(), 4);
        assert_eq!(t.by_side, [[1, 0, 0], [1, 1, 1]]);
        let s = t.summary();
        assert_eq!((s.wins, s.draws, s.losses), (2, 1, 1));
        assert!((s.score - 0.625).abs() < 1e-9);
        assert_eq!(t.side(true).wins, 1);
        assert_eq!(s, summarize(&[1.0, 0.5, 0.0, 1.0]));
    }
}
