//! Perft throughput: leaves per second, counted in bulk at the last ply.
//! `cargo bench -p mancala-core --bench perft`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_core::{perft, rules_for};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (game, depth) in [
        ("mangala-ii", 7),
        ("modiar", 10),
        ("oware", 8),
        ("kalah", 7),
    ] {
        let rules = rules_for(&game.parse().unwrap()).unwrap();
        let start = rules.start();
        let leaves = perft(&rules, &start, depth);
        group.throughput(Throughput::Elements(leaves));
        group.sample_size(10);
        group.bench_function(format!("{game}/{depth}"), |b| {
            b.iter(|| perft(&rules, black_box(&start), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
