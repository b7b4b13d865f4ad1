//! Build speed: Modiar's levels up to 24 stones (329,329 boards) and Mangala II's levels up
//! to 10 stones (442,118 boards), each built from nothing into a fresh directory. The full
//! builds are commands (docs/solver.md), not benchmarks.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_core::{GameSpec, rules_for};
use mancala_solver::Database;

fn build(c: &mut Criterion, spec: &str, max: u32) {
    let rules = rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap();
    let probe = Database::open(std::path::Path::new("/nonexistent"), &rules).unwrap();
    let boards: u64 = probe
        .game()
        .levels(max)
        .map(|b| probe.indexer().level_size(b))
        .sum();
    let mut g = c.benchmark_group("build");
    g.sample_size(10);
    g.throughput(Throughput::Elements(boards));
    g.bench_function(format!("{spec} levels 0-{max}"), |b| {
        b.iter(|| {
            let dir = tempfile::tempdir().unwrap();
            let db = Database::open(dir.path(), &rules).unwrap();
            db.build(max, None, &()).unwrap()
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    build(c, "modiar", 24);
    build(c, "mangala-ii", 10);
}

criterion_group!(group, benches);
criterion_main!(group);
