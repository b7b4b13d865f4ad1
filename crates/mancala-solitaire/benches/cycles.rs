//! Moves per second of each cycle method, the reference measured in the same run:
//!
//!     cargo bench -p mancala-solitaire --bench cycles
//!
//! Throughput is in moves (criterion prints elements/s), so the methods compare per move.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mancala_solitaire::stones::{self, Engine};
use mancala_solitaire::{Control, el_mirall};
use std::hint::black_box;

fn stones_in_cups(c: &mut Criterion) {
    let ctl = &Control::NONE;
    let mut g = c.benchmark_group("stones_in_cups_moves");
    for (n, k) in [(6u64, 6u64), (10, 4)] {
        let to_pickup = stones::first_full_pickup(n, k, Engine::Packed, ctl)
            .unwrap()
            .0;
        let cycle = stones::reference(n, k, ctl).unwrap();
        let size = format!("{n}x{k}");
        g.throughput(Throughput::Elements(to_pickup));
        g.bench_with_input(BenchmarkId::new("packed", &size), &(n, k), |b, &(n, k)| {
            b.iter(|| {
                stones::first_full_pickup(black_box(n), black_box(k), Engine::Packed, ctl).unwrap()
            })
        });
        g.bench_with_input(BenchmarkId::new("general", &size), &(n, k), |b, &(n, k)| {
            b.iter(|| {
                stones::first_full_pickup(black_box(n), black_box(k), Engine::General, ctl).unwrap()
            })
        });
        g.throughput(Throughput::Elements(cycle));
        g.bench_with_input(
            BenchmarkId::new("reference", &size),
            &(n, k),
            |b, &(n, k)| b.iter(|| stones::reference(black_box(n), black_box(k), ctl).unwrap()),
        );
    }
    g.finish();
}

fn el_mirall_moves(c: &mut Criterion) {
    let ctl = &Control::NONE;
    let mut g = c.benchmark_group("el_mirall_moves");
    for (n, k) in [(30u64, 30u64), (100, 100)] {
        let moves = el_mirall::simulation(n, k, ctl).unwrap();
        g.throughput(Throughput::Elements(moves));
        let size = format!("{n}x{k}");
        g.bench_with_input(
            BenchmarkId::new("difference_array", &size),
            &(n, k),
            |b, &(n, k)| b.iter(|| el_mirall::simulation(black_box(n), black_box(k), ctl).unwrap()),
        );
        g.bench_with_input(
            BenchmarkId::new("reference", &size),
            &(n, k),
            |b, &(n, k)| b.iter(|| el_mirall::reference(black_box(n), black_box(k), ctl).unwrap()),
        );
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(2));
    targets = stones_in_cups, el_mirall_moves
}
criterion_main!(benches);
