//! Builds a database and prints the time per level, for measurements:
//! `cargo run --release -p mancala-solver --example build_db -- <game> <max-stones> <dir>`.

use mancala_core::{GameSpec, rules_for};
use mancala_solver::{BuildProgress, Database, LevelStats};
use std::time::Instant;

struct Lines;
impl BuildProgress for Lines {
    fn done(&self, level: u32, boards: u64, stats: Option<&LevelStats>, seconds: f64) {
        if stats.is_some() {
            println!(
                "level {level:>3}: {boards:>12} boards {seconds:>8.3} s {:>12.0} boards/s",
                boards as f64 / seconds
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: build_db <game> <max-stones> <dir>");
        std::process::exit(2);
    }
    let rules = rules_for(&args[1].parse::<GameSpec>().expect("a game")).expect("a known game");
    let max: u32 = args[2].parse().expect("a number of stones");
    let db = Database::open(std::path::Path::new(&args[3]), &rules).expect("a solvable game");
    let t0 = Instant::now();
    let report = db.build(max, None, &Lines).expect("the build");
    let secs = t0.elapsed().as_secs_f64();
    let boards: u64 = report.built.iter().map(|&(_, n, _)| n).sum();
    println!(
        "built {} levels, {boards} boards in {secs:.3} s ({:.0} boards/s)",
        report.built.len(),
        boards as f64 / secs
    );
}
