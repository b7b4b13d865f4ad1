//! Fits the evaluation's weights of a game to self-play games (`mancala_search::tune`) and
//! prints them as they go in `eval.rs`, with the error of the fit and of the hand-chosen
//! weights on the same positions.
//!
//! `cargo run --release -p mancala-search --example tune -- GAME [games] [depth] [seed]`
//!
//! The defaults (400 games at depth 6 from openings of 4 random plies, seed 1) give the weights
//! shipped for Oware (`TUNED` in `eval.rs`) and those measured for the other games
//! (`docs/search.md`).

use mancala_core::rules_for;
use mancala_search::eval::Weights;
use mancala_search::tune::{self, SelfPlay};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(game) = args.first() else {
        eprintln!("tune: say which game (oware, mangala-ii, modiar, kalah)");
        std::process::exit(2)
    };
    let rules = match game
        .parse()
        .map_err(|e| format!("{e}"))
        .and_then(|spec| rules_for(&spec).map_err(|e| format!("{e}")))
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tune: {e}");
            std::process::exit(2)
        }
    };
    let arg = |i: usize, default: u64, what: &str| match args.get(i) {
        None => default,
        Some(a) => a.parse().ok().filter(|&n| n > 0).unwrap_or_else(|| {
            eprintln!("tune: {what} must be a positive integer, not '{a}'");
            std::process::exit(2)
        }),
    };
    let settings = SelfPlay {
        games: arg(1, 400, "the number of games") as usize,
        depth: arg(2, 6, "the depth") as u32,
        opening_plies: 4,
        seed: arg(3, 1, "the seed"),
    };
    let t = std::time::Instant::now();
    let samples = tune::self_play(&rules, &settings).unwrap_or_else(|e| {
        eprintln!("tune: {e}");
        std::process::exit(1)
    });
    let fit = tune::fit(&samples);
    let derived = Weights::derived(&rules);
    println!(
        "{}: {} positions from {} games at depth {} ({:.1} s)",
        rules.name(),
        fit.samples,
        settings.games,
        settings.depth,
        t.elapsed().as_secs_f64()
    );
    println!(
        "fit (1/16 seed): threat {:.2}, own row {:.2}, mobility {:.2}, at risk {:.2}, singleton {:.2}",
        fit.exact[0], fit.exact[1], fit.exact[2], fit.exact[3], fit.exact[4]
    );
    println!(
        "mean squared error (seeds²): fitted {:.3}, hand-chosen {:.3}",
        fit.error,
        tune::error(&samples, derived)
    );
    println!("hand-chosen: {derived:?}");
    let w = fit.weights;
    println!(
        "(\"{}\", Weights {{ threat: {}, own_row: {}, mobility: {}, at_risk: {}, singleton: {} }}),",
        rules.id(),
        w.threat,
        w.own_row,
        w.mobility,
        w.at_risk,
        w.singleton
    );
}
