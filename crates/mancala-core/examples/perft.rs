//! `cargo run --release -p mancala-core --example perft -- <game> <depth> [position]`: a bare perft run,
//! for instruction counts (`valgrind --tool=callgrind`) and profiling.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("mangala-ii", String::as_str);
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(7);
    let rules = match mancala_core::rules_for(&game.parse().expect("game id")) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let pos = match args.get(3) {
        None => rules.start(),
        Some(p) => rules.parse_position(p).unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(2)
        }),
    };
    let t = std::time::Instant::now();
    let n = mancala_core::perft(&rules, &pos, depth);
    let s = t.elapsed().as_secs_f64();
    eprintln!(
        "{game} depth {depth}: {n} leaves in {s:.3} s = {:.1} M leaves/s",
        n as f64 / s / 1e6
    );
    println!("{n}");
}
