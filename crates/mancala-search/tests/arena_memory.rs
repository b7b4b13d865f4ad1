//! A match keeps nothing of a game once it is handed over: its peak memory is the same for
//! ten times the games. Measured with a counting allocator, so this test is a process of its
//! own (one test, nothing else allocating beside it).

use mancala_search::arena::{MatchConfig, Tally, run_match};
use std::alloc::{GlobalAlloc, Layout, System};
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(live, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of live bytes above the start while a match of `games` games is played, and the
/// games counted.
fn peak_of_match(games: usize) -> (usize, usize) {
    let rules = mancala_core::rules_for(&"kalah:pits=2,seeds=3".parse().unwrap()).unwrap();
    let cfg = MatchConfig {
        a: "random".parse().unwrap(),
        b: "greedy".parse().unwrap(),
        games,
        time: None,
        seed: 9,
        opening_plies: 2,
        threads: 1,
    };
    let tally = Mutex::new(Tally::default());
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    run_match(&rules, &cfg, &|g| {
        tally.lock().unwrap().add(g.a_score, g.a_south);
        ControlFlow::Continue(())
    })
    .unwrap();
    let counted = tally.lock().unwrap().games();
    (PEAK.load(Relaxed) - base, counted)
}

#[test]
fn a_match_uses_the_same_memory_for_ten_times_the_games() {
    let (small, n) = peak_of_match(300);
    assert_eq!(n, 300);
    let (large, n) = peak_of_match(3000);
    assert_eq!(n, 3000);
    // Kept games would add 2700 records (each a game with its moves, several hundred bytes);
    // the allowance is for the openings remembered (a few lines on this board).
    assert!(
        large <= small + small / 10 + 16 * 1024,
        "peak {large} bytes for 3000 games, {small} for 300"
    );
}
