//! Alpha-beta speed: nodes per second on fixed middle-game positions, one thread.
//! `cargo bench -p mancala-search --bench nodes`
//!
//! Each iteration runs one fixed-depth search from a new 8 MiB table (the same search
//! every time: fixed depths are deterministic); the throughput is the number of nodes that
//! search visits, so criterion's "elem/s" is nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_core::rules_for;
use mancala_search::{AlphaBeta, Limits};

/// (game, middle-game position, depth)
const CASES: &[(&str, &str, u32)] = &[
    ("modiar", "3-6-15-13-2-3-0-0-S", 30),
    ("mangala-ii", "2-2-2-2-2-2-2-17-1-13-0-15-8-4-S", 14),
    ("oware", "9-0-2-11-0-0-1-0-10-3-0-10-0-2-S", 15),
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("alphabeta");
    group.sample_size(10);
    for &(game, text, depth) in CASES {
        let rules = rules_for(&game.parse().unwrap()).unwrap();
        let pos = rules.parse_position(text).unwrap();
        let mut engine = AlphaBeta::with_table_mib(rules.clone(), 8);
        let nodes = engine
            .search(&pos, &[], &Limits::depth(depth))
            .unwrap()
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{game}/depth {depth}"), |b| {
            b.iter(|| {
                let mut e = AlphaBeta::with_table_mib(rules.clone(), 8);
                e.search(&pos, &[], &Limits::depth(depth)).unwrap().nodes
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
