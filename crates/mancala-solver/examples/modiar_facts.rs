//! The facts of a solved game for the README: the start position's value and best moves and
//! the longest forced sequence. Builds the database in `<dir>` first if needed:
//! `cargo run --release -p mancala-solver --example modiar_facts -- [game] [dir]`.

use mancala_core::{GameSpec, Side, rules_for};
use mancala_solver::Database;
use mancala_solver::depth::longest_forced_sequence;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("modiar", |s| s.as_str());
    let dir = args.get(2).map_or("/tmp/mancala-facts", |s| s.as_str());
    let rules = rules_for(&game.parse::<GameSpec>().expect("a game")).expect("a known game");
    let db = Database::open(std::path::Path::new(dir), &rules).expect("a solvable game");
    let total = rules.total_seeds();
    db.build(total, None, &()).expect("the build");
    let s = db.solve(&rules.start()).expect("solved");
    let best: Vec<String> = s.best.iter().map(|m| m.to_string()).collect();
    let moves: Vec<String> = s.moves.iter().map(|(m, v)| format!("{m} {v:+}")).collect();
    println!(
        "start {}: value {:+} ({}), best {}, moves {}",
        rules.start(),
        s.value,
        s.outcome.name(),
        best.join(" "),
        moves.join(", ")
    );
    let t = std::time::Instant::now();
    let (d, board) = longest_forced_sequence(&db, total).expect("depths");
    let pos = db.real_position(&board, Side::South);
    println!(
        "longest forced sequence: {d} plies, at {pos} ({:.1} s)",
        t.elapsed().as_secs_f64()
    );
}
