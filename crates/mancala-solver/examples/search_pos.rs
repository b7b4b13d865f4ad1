//! Solves a position by search over the databases built in a directory, for measurements:
//! `cargo run --release -p mancala-solver --example search_pos -- <game> <dir> <max-level> <table-MiB> [position] [databases' game]`
//! (the databases' game: the same game with other seeds a pit, whose levels are read).

use mancala_core::{GameSpec, rules_for};
use mancala_solver::{Database, Search, SearchConfig};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!(
            "usage: search_pos <game> <dir> <max-level> <table-MiB> [position|start] [databases' game]"
        );
        std::process::exit(2);
    }
    let rules = rules_for(&args[1].parse::<GameSpec>().expect("a game")).expect("a known game");
    let db_rules = match args.get(6) {
        Some(g) => rules_for(&g.parse::<GameSpec>().expect("a game")).expect("a known game"),
        None => rules.clone(),
    };
    let db = Database::open(std::path::Path::new(&args[2]), &db_rules).expect("a solvable game");
    let config = SearchConfig {
        max_level: Some(args[3].parse().expect("a level")),
        table_bytes: args[4].parse::<u64>().expect("MiB") << 20,
        report_every: Some(Duration::from_secs(60)),
        ..SearchConfig::default()
    };
    let pos = match args.get(5).filter(|p| *p != "start") {
        Some(p) => rules.parse_position(p).expect("a position"),
        None => rules.start(),
    };
    let mut s = Search::new(&rules, Some(&db), &config).expect("a search");
    s.on_progress(|p| {
        eprintln!(
            "{:>8.1} s  value in [{:+}, {:+}]  testing {:?}  {} nodes {} probes",
            p.seconds, p.lower, p.upper, p.tested, p.stats.nodes, p.stats.probes
        )
    });
    let sol = s.solve(&pos, &config).expect("solved");
    println!(
        "{pos}: value {:+} {} best {:?} moves {:?} nodes {} probes {} db level {:?} {:.1} s",
        sol.value,
        sol.outcome.name(),
        sol.best,
        sol.moves,
        sol.stats.nodes,
        sol.stats.probes,
        sol.db_level,
        sol.seconds
    );
}
