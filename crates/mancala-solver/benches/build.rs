//! Build speed: Modiar's levels up to 24 stones (329,329 boards) and Mangala II's levels up
//! to 10 stones (442,118 boards), each built from nothing into a fresh directory; and the
//! moves played backwards that the propagation is made of, for Mangala II and Oware (every
//! predecessor of every board of level 14, with its index). The full builds are commands
//! (docs/solver.md), not benchmarks.

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

/// Every predecessor of every board of level `b` of `spec`, ranked (the elements counted are
/// the predecessors).
fn predecessors(c: &mut Criterion, spec: &str, b: u32) {
    let rules = rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap();
    let db = Database::open(std::path::Path::new("/nonexistent"), &rules).unwrap();
    let (game, ix) = (db.game(), db.indexer());
    let size = ix.level_size(b);
    let all = || {
        let mut cur = ix.cursor(b, 0);
        let (mut n, mut sum) = (0u64, 0u64);
        for i in 0..size {
            if i > 0 {
                cur.advance();
            }
            game.predecessors_ranked(ix, cur.board(), b, |_, r| {
                n += 1;
                sum = sum.wrapping_add(r);
            });
        }
        (n, sum)
    };
    let mut g = c.benchmark_group("predecessors");
    g.sample_size(10);
    g.throughput(Throughput::Elements(all().0));
    g.bench_function(format!("{spec} level {b}"), |bench| bench.iter(all));
    g.finish();
}

fn benches(c: &mut Criterion) {
    build(c, "modiar", 24);
    build(c, "mangala-ii", 10);
    predecessors(c, "mangala-ii", 14);
    predecessors(c, "oware", 14);
}

criterion_group!(group, benches);
criterion_main!(group);
