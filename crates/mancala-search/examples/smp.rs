//! Time to depth with one thread and with several, over middle-game positions of each game
//! (the positions after 8 to 19 random plies from the start, the same in every run).
//!
//! `cargo run --release -p mancala-search --example smp [threads] [positions]`

use mancala_core::rules_for;
use mancala_search::{AlphaBeta, Limits};
use std::time::Instant;

/// (game, depth): depths at which one thread takes a tenth of a second or so.
const GAMES: &[(&str, u32)] = &[("mangala-ii", 16), ("oware", 15), ("kalah", 14)];

fn main() {
    let arg = |i: usize, default: usize, what: &str| match std::env::args().nth(i) {
        None => default,
        Some(a) => a.parse().ok().filter(|&n| n > 0).unwrap_or_else(|| {
            eprintln!("smp: {what} must be a positive integer, not '{a}'");
            std::process::exit(2)
        }),
    };
    let threads = arg(1, 2, "the number of threads");
    let count = arg(2, 24, "the number of positions");
    for &(game, depth) in GAMES {
        let rules = rules_for(&game.parse().expect("game id")).expect("built-in game");
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut t1, mut tn, mut n1, mut nn, mut same) = (0.0, 0.0, 0u64, 0u64, 0);
        let mut done = 0;
        while done < count {
            let mut pos = rules.start();
            let plies = 8 + next() % 12;
            for _ in 0..plies {
                let moves = rules.legal_moves(&pos).to_vec();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                rules.play_unchecked(&mut pos, m);
            }
            if rules.legal_moves(&pos).is_empty() {
                continue;
            }
            let run = |th: usize| {
                let mut e = AlphaBeta::with_table_mib(rules.clone(), 64);
                let t = Instant::now();
                let r = e
                    .search(&pos, &[], &Limits::depth(depth).with_threads(th))
                    .expect("a move");
                (t.elapsed().as_secs_f64(), r)
            };
            let (a, ra) = run(1);
            let (b, rb) = run(threads);
            t1 += a;
            tn += b;
            n1 += ra.nodes;
            nn += rb.nodes;
            same += (ra.score == rb.score) as usize;
            done += 1;
        }
        println!(
            "{game:<11} depth {depth}: 1 thread {t1:.2} s ({:.1} M nodes/s), {threads} threads {tn:.2} s ({:.1} M nodes/s): {:.2}x faster to depth; same score on {same} of {count}",
            n1 as f64 / t1 / 1e6,
            nn as f64 / tn / 1e6,
            t1 / tn
        );
    }
}
