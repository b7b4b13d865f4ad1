//! Nodes per second of one-thread fixed-depth searches, best of several runs (the fastest run
//! is the one least disturbed by other work on the machine).
//!
//! `cargo run --release -p mancala-search --example nps [runs]`

use mancala_core::rules_for;
use mancala_search::{AlphaBeta, Limits};
use std::time::Instant;

/// (game, middle-game position, depth): the positions of `benches/nodes.rs`, searched deeper.
const CASES: &[(&str, &str, u32)] = &[
    ("modiar", "3-6-15-13-2-3-0-0-S", 34),
    ("mangala-ii", "2-2-2-2-2-2-2-17-1-13-0-15-8-4-S", 18),
    ("oware", "9-0-2-11-0-0-1-0-10-3-0-10-0-2-S", 17),
];

fn main() {
    let runs: usize = match std::env::args().nth(1) {
        None => 5,
        Some(a) => match a.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("nps: the number of runs must be a positive integer, not '{a}'");
                std::process::exit(2);
            }
        },
    };
    for &(game, text, depth) in CASES {
        let rules = rules_for(&game.parse().expect("game id")).expect("built-in game");
        let pos = rules.parse_position(text).expect("position");
        let mut best = f64::INFINITY;
        let mut nodes = 0;
        for _ in 0..runs {
            let mut engine = AlphaBeta::with_table_mib(rules.clone(), 16);
            let t = Instant::now();
            let r = engine
                .search(&pos, &[], &Limits::depth(depth))
                .expect("a move");
            best = best.min(t.elapsed().as_secs_f64());
            nodes = r.nodes;
        }
        println!(
            "{game:<11} depth {depth:>2}: {nodes:>10} nodes, best of {runs} {:>8.1} ms, {:>6.2} M nodes/s",
            best * 1e3,
            nodes as f64 / best / 1e6
        );
    }
}
