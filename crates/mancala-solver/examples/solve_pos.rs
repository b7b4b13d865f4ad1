//! Prints the solution of a position from a built database:
//! `cargo run --release -p mancala-solver --example solve_pos -- <game> <dir> [position]`.

use mancala_core::{GameSpec, rules_for};
use mancala_solver::Database;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = rules_for(&args[1].parse::<GameSpec>().expect("a game")).expect("a known game");
    let db = Database::open(std::path::Path::new(&args[2]), &rules).expect("a solvable game");
    let pos = match args.get(3) {
        Some(p) => rules.parse_position(p).expect("a position"),
        None => rules.start(),
    };
    let s = db.solve(&pos).expect("solved");
    println!(
        "{pos}: value {} {:?} best {:?} moves {:?}",
        s.value, s.outcome, s.best, s.moves
    );
    println!("stored: {:?}", db.probe(&pos));
}
