//! The big-run timings, each with the straightforward simulation measured in the same run:
//!
//!     cargo run --release -p mancala-solitaire --example timings [quick] [el-mirall]
//!
//! 1. moves per second of the packed Stones-in-cups simulation against the reference;
//! 2. the whole Stones-in-cups table for n, k ≤ 10 (both cores), against the reference on the
//!    cells it finishes in reasonable time;
//! 3. El mirall with 1000 pits and 1000 seeds, against the reference on a smaller board.

use mancala_solitaire::stones::{self, Engine};
use mancala_solitaire::table::Table;
use mancala_solitaire::{Control, Method, Solitaire, el_mirall};
use std::time::{Duration, Instant};

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let v = f();
    (v, t.elapsed())
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let only_el_mirall = std::env::args().any(|a| a == "el-mirall");
    let c = &Control::NONE;
    if !only_el_mirall {
        stones_in_cups(quick, c);
    }
    el_mirall_runs(quick, c);
}

fn stones_in_cups(quick: bool, c: &Control) {
    // 1. Moves per second, one core: the same run to the first full pick-up.
    let (n, k) = if quick { (6, 6) } else { (8, 8) };
    let ((m, _), fast) = timed(|| stones::first_full_pickup(n, k, Engine::Packed, c).unwrap());
    let (mg, general) = timed(|| stones::first_full_pickup(n, k, Engine::General, c).unwrap());
    assert_eq!(mg.0, m);
    let (rm, reference) = timed(|| stones::reference(n, k, c).unwrap());
    let per_sec = |moves: u64, d: Duration| moves as f64 / d.as_secs_f64() / 1e6;
    println!("Stones in cups n={n} k={k}: {m} moves to the first full pick-up");
    println!(
        "  packed    {:>8.1} M moves/s  ({fast:.2?})",
        per_sec(m, fast)
    );
    println!(
        "  general   {:>8.1} M moves/s  ({general:.2?})",
        per_sec(m, general)
    );
    println!(
        "  reference {:>8.1} M moves/s  ({reference:.2?} for the whole cycle of {rm} moves)",
        per_sec(rm, reference)
    );
    println!(
        "  packed / reference: {:.1}x per move",
        per_sec(m, fast) / per_sec(rm, reference)
    );

    // 2. The whole table, both cores.
    let size = if quick { 8 } else { 10 };
    let (t, d) =
        timed(|| Table::compute(Solitaire::StonesInCups, size, size, Method::Auto, c).unwrap());
    println!("Stones in cups table n, k <= {size}: {d:.2?} (auto: shortcut, packed, rayon)");
    let (_, ds) = timed(|| {
        Table::compute(Solitaire::StonesInCups, size, size, Method::Simulation, c).unwrap()
    });
    println!(
        "  same table, full cycles without the shortcut: {ds:.2?} ({:.1}x slower)",
        ds.as_secs_f64() / d.as_secs_f64()
    );
    let sub = if quick { 6 } else { 7 };
    let (tr, dr) =
        timed(|| Table::compute(Solitaire::StonesInCups, sub, sub, Method::Reference, c).unwrap());
    let (tf, df) =
        timed(|| Table::compute(Solitaire::StonesInCups, sub, sub, Method::Auto, c).unwrap());
    assert_eq!(tr, tf);
    println!(
        "  table n, k <= {sub}: reference {dr:.2?}, auto {df:.2?} ({:.0}x)",
        dr.as_secs_f64() / df.as_secs_f64()
    );
    let _ = t;
}

fn el_mirall_runs(quick: bool, c: &Control) {
    // 3. El mirall.
    let big = if quick { 300 } else { 1000 };
    let (moves, d) = timed(|| el_mirall::simulation(big, big, c).unwrap());
    println!("El mirall {big} pits x {big} seeds: {moves} moves in {d:.2?} (difference array)");
    let small = if quick { 60 } else { 150 };
    let (a, dr) = timed(|| el_mirall::reference(small, small, c).unwrap());
    let (b, df) = timed(|| el_mirall::simulation(small, small, c).unwrap());
    assert_eq!(a, b);
    println!(
        "  {small} x {small}: reference {dr:.2?}, difference array {df:.2?} ({:.0}x)",
        dr.as_secs_f64() / df.as_secs_f64()
    );
    let (_, d30) = timed(|| Table::compute(Solitaire::ElMirall, 30, 30, Method::Auto, c).unwrap());
    println!("El mirall table n, k <= 30: {d30:.2?}");
}
