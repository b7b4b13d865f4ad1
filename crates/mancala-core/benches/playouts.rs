//! Random playouts of Oware from the start position: the throughput of whole games, for the
//! comparison with OpenSpiel's C++ loop (`scripts/bench-openspiel.sh` runs both and prints the
//! ratio).
//!
//! - `oware_playouts/rules`: the hot path a search uses: copy-make with `Rules::play_unchecked`,
//!   a uniformly random legal move, until the position ends the game or OpenSpiel's 1000-ply bound
//!   (no history, so no repetition check).
//! - `oware_playouts/game`: the full game as OpenSpiel plays it: `Game::play` with legality
//!   checks, repetition since the last capture and the move limit.
//!
//! One iteration is a batch of `BATCH` games with fixed seeds, so every run plays the same games.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_core::{Game, Rules, rules_for};
use std::hint::black_box;

const BATCH: u64 = 100;

/// xorshift64*: small, fast and good enough to pick moves.
struct Rng(u64);

impl Rng {
    #[inline(always)]
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (((self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) * n as u64) >> 32) as usize
    }
}

/// Plies of one random game with the copy-make hot path.
fn playout_rules(rules: &Rules, rng: &mut Rng) -> u32 {
    let mut pos = rules.start();
    let mut plies = 0;
    while plies < 1000 {
        let moves = rules.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let k = rng.below(moves.len());
        let m = moves.iter().nth(k).unwrap();
        rules.play_unchecked(&mut pos, m);
        plies += 1;
    }
    plies
}

/// Plies of one random game played through `Game`, with every rule OpenSpiel applies.
fn playout_game(rules: &Rules, rng: &mut Rng) -> u32 {
    let mut game = Game::new(rules.clone());
    while !game.is_over() {
        let moves = game.legal_moves();
        let k = rng.below(moves.len());
        game.play(moves.iter().nth(k).unwrap()).unwrap();
    }
    game.plies().len() as u32
}

fn bench(c: &mut Criterion) {
    let rules = rules_for(&"oware".parse().unwrap()).unwrap();
    let mut g = c.benchmark_group("oware_playouts");
    g.throughput(Throughput::Elements(BATCH));
    g.bench_function("rules", |b| {
        b.iter(|| {
            let mut plies = 0;
            for seed in 1..=BATCH {
                plies += playout_rules(&rules, &mut Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)));
            }
            black_box(plies)
        })
    });
    g.bench_function("game", |b| {
        b.iter(|| {
            let mut plies = 0;
            for seed in 1..=BATCH {
                plies += playout_game(&rules, &mut Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)));
            }
            black_box(plies)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
