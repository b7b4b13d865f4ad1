//! How often each level keeps the perfect-play value in Modiar: over every position with a
//! choice in a few hundred random games, the share of each level's moves that are among the
//! database's best moves. Builds the Modiar database (about a second) in a scratch directory
//! unless `MANCALA_DATA` names one that has it.
//!
//! `cargo run --release -p mancala-search --example levels_vs_db [games] [maximum-ms]`

use mancala_core::{Game, rules_for};
use mancala_search::{Player, PlayerSpec};
use mancala_solver::Database;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

fn main() {
    let arg = |i: usize, default: u64, what: &str| match std::env::args().nth(i) {
        None => default,
        Some(a) => a.parse().ok().filter(|&n| n > 0).unwrap_or_else(|| {
            eprintln!("levels_vs_db: {what} must be a positive integer, not '{a}'");
            std::process::exit(2)
        }),
    };
    let games = arg(1, 300, "the number of games");
    let ms = arg(2, 100, "the maximum level's milliseconds per move");
    let rules = rules_for(&"modiar".parse().expect("game id")).expect("built-in game");
    let (dir, _scratch) = match std::env::var_os("MANCALA_DATA") {
        Some(d) => (std::path::PathBuf::from(d), None),
        None => {
            let d = std::env::temp_dir().join(format!("levels-vs-db-{}", std::process::id()));
            (d.clone(), Some(Scratch(d)))
        }
    };
    let db = Database::open(&dir, &rules).expect("the database directory");
    db.build(rules.total_seeds(), None, &())
        .expect("the Modiar database");

    // Every position with a choice in `games` random games (seeded: the same every run).
    let mut rng = StdRng::seed_from_u64(2026);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut g = Game::new(rules.clone());
        while !g.is_over() {
            let moves = g.legal_moves().to_vec();
            if moves.len() > 1 {
                positions.push(g.clone());
            }
            g.play(moves[rng.gen_range(0..moves.len())])
                .expect("a legal move");
        }
    }
    println!(
        "{} positions with a choice from {games} random games of Modiar",
        positions.len()
    );
    let specs = [
        "random",
        "greedy",
        "beginner",
        "novice",
        "intermediate",
        "advanced",
        "expert",
        "maximum",
    ];
    for name in specs {
        let spec: PlayerSpec = name.parse().expect("a player");
        // No database for the players: this measures the search alone.
        let mut p: Box<dyn Player> = spec.build(&rules, 7, Some(Duration::from_millis(ms)), None);
        let mut kept = 0;
        for g in &positions {
            let sol = db.solve(&g.position()).expect("a covered position");
            kept += sol.best.contains(&p.choose(g).mv) as usize;
        }
        println!(
            "{:<13} keeps the value on {:5.1}% of moves ({kept} of {})",
            if name == "maximum" {
                format!("maximum {ms}ms")
            } else {
                name.to_string()
            },
            100.0 * kept as f64 / positions.len() as f64,
            positions.len()
        );
    }
}

/// Removes the scratch database when done.
struct Scratch(std::path::PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
