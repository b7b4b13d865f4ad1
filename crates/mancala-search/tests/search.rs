//! The alpha-beta engine against plain minimax, reproducibility, repetition, MCTS and levels.

#[path = "../../mancala-solver/tests/rulesets/mod.rs"]
mod rulesets;

use mancala_core::ruleset::Repetition;
use mancala_core::{EndReason, Game, Position, Rules, Side, rules_for};
use mancala_search::eval::settled_value;
use mancala_search::{
    AlphaBeta, Evaluator, Level, Limits, Mcts, MctsLimits, Player, PlayerSpec, Score,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn rules(spec: &str) -> Rules {
    rules_for(&spec.parse().unwrap()).unwrap()
}

/// Plain minimax: no pruning, no table, the same endings (repetition in the line, the
/// settlement) and the same evaluation at the horizon. `seen_repetition` records whether any
/// line ended by repetition.
struct Minimax<'a> {
    rules: &'a Rules,
    eval: Evaluator,
    line: Vec<Position>,
    nodes: u64,
    seen_repetition: bool,
    horizon: bool,
    /// Nodes after which the search gives up (`aborted`).
    limit: u64,
    aborted: bool,
}

impl Minimax<'_> {
    fn value(&mut self, pos: &Position, depth: u32, root: bool) -> Score {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return 0;
        }
        if !root
            && self.rules.ruleset().repetition != Repetition::Ignore
            && self.line.iter().any(|p| p == pos)
        {
            self.seen_repetition = true;
            return settled_value(self.rules, pos, EndReason::Repetition);
        }
        let moves = self.rules.legal_moves(pos);
        if moves.is_empty() {
            return settled_value(self.rules, pos, self.rules.end_reason(pos).unwrap());
        }
        if depth == 0 {
            self.horizon = true;
            return self.eval.eval(self.rules, pos, moves);
        }
        self.line.push(*pos);
        let mut best = Score::MIN;
        for m in moves {
            let mut c = *pos;
            self.rules.play_unchecked(&mut c, m);
            let v = self.value(&c, depth - 1, false);
            best = best.max(if c.side() == pos.side() { v } else { -v });
        }
        self.line.pop();
        best
    }
}

/// The minimax value, whether a repetition was met, whether the horizon was met, and whether
/// the search gave up after `limit` nodes.
fn minimax(
    rules: &Rules,
    pos: &Position,
    history: &[Position],
    depth: u32,
    limit: u64,
) -> (Score, bool, bool, bool) {
    let mut m = Minimax {
        rules,
        eval: Evaluator::new(rules),
        line: history.to_vec(),
        nodes: 0,
        seen_repetition: false,
        horizon: false,
        limit,
        aborted: false,
    };
    let v = m.value(pos, depth, true);
    (v, m.seen_repetition, m.horizon, m.aborted)
}

/// Positions from random games: `count` of them, at plies drawn from `plies`, not over.
fn random_positions(
    rules: &Rules,
    count: usize,
    plies: std::ops::Range<usize>,
    seed: u64,
) -> Vec<(Position, Vec<Position>)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Game::new(rules.clone());
        let target = rng.gen_range(plies.clone());
        while !g.is_over() && g.plies().len() < target {
            let moves = g.legal_moves().to_vec();
            g.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        }
        if !g.is_over() {
            out.push((g.position(), g.history()));
        }
    }
    out
}

#[test]
fn alpha_beta_without_table_agrees_with_minimax_at_fixed_depth() {
    // Kalah's extra turns at shallow depths test leaves answering for the side that moves
    // again (their lower bounds must be looked at again).
    for (spec, depth) in [
        ("modiar", 6),
        ("mangala-ii:pits=3,seeds=2", 7),
        ("oware:pits=4,seeds=2", 6),
        ("kalah:pits=3,seeds=2", 6),
        ("kalah", 1),
        ("kalah", 2),
        ("kalah", 3),
        ("kalah:pits=4,seeds=3", 2),
    ] {
        let r = rules(spec);
        let count = if spec.starts_with("kalah") { 150 } else { 25 };
        for (i, (pos, hist)) in random_positions(&r, count, 0..30, 11)
            .into_iter()
            .enumerate()
        {
            let (want, .., aborted) = minimax(&r, &pos, &hist, depth, u64::MAX);
            assert!(!aborted);
            let mut e = AlphaBeta::new(r.clone());
            e.set_table(false);
            let got = e.search(&pos, &hist, &Limits::depth(depth)).unwrap();
            assert_eq!(got.score, want, "{spec} #{i} {pos} depth {depth}");
            // Each root move's score, as the levels that choose among moves see them.
            let mut line = hist.clone();
            line.push(pos);
            for (m, score) in e.root_scores(&pos, &hist, depth) {
                let mut c = pos;
                r.play_unchecked(&mut c, m);
                if line.contains(&c) {
                    // A repetition: settled by the search, a root for minimax.
                    continue;
                }
                let (v, .., aborted) = minimax(&r, &c, &line, depth - 1, u64::MAX);
                assert!(!aborted);
                let want = if c.side() == pos.side() { v } else { -v };
                assert_eq!(score, want, "{spec} #{i} {pos} move {m} depth {depth}");
            }
        }
    }
}

#[test]
fn alpha_beta_with_table_agrees_with_minimax_when_solving() {
    // Small boards searched to the end: the table's values are exact there. Positions whose
    // tree holds a repetition are compared too, the ruling making their value history-free.
    let mut compared = 0;
    let mut with_repetition = 0;
    for spec in [
        "mangala-ii:pits=3,seeds=2",
        "modiar:pits=2,seeds=3",
        "oware:pits=3,seeds=2",
        "kalah:pits=3,seeds=2",
    ] {
        let r = rules(spec);
        for (i, (pos, hist)) in random_positions(&r, 30, 0..40, 5).into_iter().enumerate() {
            let (want, rep, horizon, aborted) = minimax(&r, &pos, &hist, 40, 300_000);
            if horizon || aborted {
                continue;
            }
            with_repetition += rep as usize;
            let mut e = AlphaBeta::new(r.clone());
            let got = e.search(&pos, &hist, &Limits::depth(40)).unwrap();
            assert!(got.solved, "{spec} #{i} {pos}: not solved");
            assert_eq!(got.score, want, "{spec} #{i} {pos}");
            // A search by nodes reduces late quiet moves; solved, its value is exact too.
            let mut e = AlphaBeta::new(r.clone());
            let got = e.search(&pos, &hist, &Limits::nodes(u64::MAX)).unwrap();
            assert!(got.solved, "{spec} #{i} {pos}: not solved with reductions");
            assert_eq!(got.score, want, "{spec} #{i} {pos}: with reductions");
            compared += 1;
        }
    }
    assert!(compared >= 60, "only {compared} positions compared");
    assert!(
        with_repetition >= 5,
        "only {with_repetition} positions with a repetition in their tree"
    );
}

/// The same on rulesets drawn at random over the rules space (`mancala-solver/tests/rulesets`):
/// positions of random games searched to depth 40 with the table give the value of plain
/// minimax with history wherever it finishes within that depth. Where each player takes his
/// own row at a repetition, a repetition's value depends on the position it closes on, so a
/// value the table keeps may hold for the line it was found on only (see `docs/search.md`,
/// *The table and repetitions*): there a search that calls itself solved must be right, and
/// most must be.
#[test]
fn alpha_beta_agrees_with_minimax_on_random_rulesets() {
    let mut rng = StdRng::seed_from_u64(33);
    let draws = std::env::var("RANDOM_RULESETS").map_or(150, |v| v.parse().unwrap());
    let (mut compared, mut own_row, mut own_row_solved) = (0, 0, 0);
    for draw in 0..draws {
        let r = rulesets::random_ruleset(&mut rng, draw);
        let what = format!("{r:?}");
        let r = Rules::new(r).unwrap();
        // A game over at its start has no position to search (Modiar's rules with one seed).
        if Game::new(r.clone()).is_over() {
            continue;
        }
        for (i, (pos, hist)) in random_positions(&r, 6, 0..20, draw as u64)
            .into_iter()
            .enumerate()
        {
            let (want, _, horizon, aborted) = minimax(&r, &pos, &hist, 40, 300_000);
            if horizon || aborted {
                continue;
            }
            let mut e = AlphaBeta::new(r.clone());
            let got = e.search(&pos, &hist, &Limits::depth(40)).unwrap();
            if r.ruleset().repetition == Repetition::OwnRow {
                own_row += 1;
                if !got.solved {
                    continue;
                }
                own_row_solved += 1;
            }
            assert_eq!(
                got.score, want,
                "{what} #{i} {pos} (solved: {})",
                got.solved
            );
            compared += 1;
        }
    }
    eprintln!(
        "{compared} positions compared; {own_row_solved} of {own_row} of own-row rulesets solved"
    );
    assert!(compared >= draws, "only {compared} positions compared");
    assert!(
        own_row_solved * 10 >= own_row * 9 && own_row_solved >= 10,
        "of {own_row} positions of own-row rulesets only {own_row_solved} solved"
    );
}

#[test]
fn searches_at_fixed_depth_are_reproducible() {
    for (spec, depth) in [
        ("modiar", 12),
        ("mangala-ii", 8),
        ("oware", 8),
        ("kalah", 8),
    ] {
        let r = rules(spec);
        for (pos, hist) in random_positions(&r, 4, 4..20, 3) {
            let a = AlphaBeta::new(r.clone())
                .search(&pos, &hist, &Limits::depth(depth))
                .unwrap();
            let b = AlphaBeta::new(r.clone())
                .search(&pos, &hist, &Limits::depth(depth))
                .unwrap();
            assert_eq!(
                (a.best, a.score, a.depth, a.nodes, &a.pv),
                (b.best, b.score, b.depth, b.nodes, &b.pv)
            );
            assert_eq!(a.depth, depth.min(a.depth));
            // The line is legal from the position.
            let mut g = Game::from_position(r.clone(), pos);
            for &m in &a.pv {
                g.play(m)
                    .unwrap_or_else(|e| panic!("{spec} {pos}: pv {:?}: {e}", a.pv));
                if g.is_over() {
                    break;
                }
            }
        }
    }
}

#[test]
fn repeated_position_is_shared_equally() {
    // Mangala II, two single counters: South's only move, A, leads to a position that is
    // already in the game, so it ends the game at once and the two counters are shared.
    let r = rules("mangala-ii");
    let pos = r.parse_position("1-0-0-0-0-0-1-0-0-0-0-0-40-30-S").unwrap();
    let (after, _) = r.play(&pos, "A".parse().unwrap()).unwrap();
    let got = AlphaBeta::new(r.clone())
        .search(&pos, &[after], &Limits::depth(10))
        .unwrap();
    assert!(got.solved);
    assert_eq!(got.score, 10 * mancala_search::UNITS_PER_SEED);
    assert_eq!(got.score, -settled_value(&r, &after, EndReason::Repetition));
    // Without that history the game goes on, and North captures the two counters in the end
    // (with and without the table).
    let got = AlphaBeta::new(r.clone())
        .search(&pos, &[], &Limits::depth(60))
        .unwrap();
    let mut plain = AlphaBeta::new(r.clone());
    plain.set_table(false);
    let want = plain.search(&pos, &[], &Limits::depth(60)).unwrap();
    assert!(got.solved && want.solved);
    assert_eq!(got.score, want.score);
    assert_eq!(got.score_seeds(), 8);
}

#[test]
fn engine_finds_a_capture_and_avoids_a_loss() {
    // Mangala II: South's F (1 counter) lands in a, which then holds 2: a capture of 2.
    let r = rules("mangala-ii");
    let pos = r.parse_position("0-0-0-0-0-1-1-0-0-0-0-0-40-30-S").unwrap();
    let got = AlphaBeta::new(r.clone())
        .search(&pos, &[], &Limits::depth(4))
        .unwrap();
    assert_eq!(got.best.to_string(), "F");
    assert!(got.solved);
    assert_eq!(got.score_seeds(), 12);
}

#[test]
fn time_limited_search_returns_a_legal_move() {
    let r = rules("oware");
    let game = Game::new(r.clone());
    let got = AlphaBeta::new(r.clone())
        .search_game(&game, &Limits::time_ms(30))
        .unwrap();
    assert!(game.legal_moves().contains(got.best));
    assert!(got.depth >= 1);
}

/// A search cut short by its budget in the middle of an iteration answers with a root move that
/// iteration searched to its end and proved at least as good as the last iteration's best
/// (checked by plain minimax one ply deeper), never with one it did not finish.
#[test]
fn a_cut_short_iteration_answers_only_with_a_move_it_proved_as_good() {
    let mut replaced = 0;
    for spec in [
        "oware:pits=4,seeds=3",
        "mangala-ii:pits=4,seeds=3",
        "kalah:pits=4,seeds=3",
    ] {
        let r = rules(spec);
        for (i, (pos, hist)) in random_positions(&r, 30, 0..20, 5).into_iter().enumerate() {
            let mut line = hist.clone();
            line.push(pos);
            let kids: Vec<(mancala_core::Move, Position)> = r
                .legal_moves(&pos)
                .into_iter()
                .map(|m| {
                    let mut c = pos;
                    r.play_unchecked(&mut c, m);
                    (m, c)
                })
                .collect();
            if kids.iter().any(|(_, c)| line.contains(c)) {
                continue;
            }
            let value = |m: mancala_core::Move, depth: u32| {
                let c = kids.iter().find(|(k, _)| *k == m).expect("a root move").1;
                let (v, .., aborted) = minimax(&r, &c, &line, depth, u64::MAX);
                assert!(!aborted);
                if c.side() == pos.side() { v } else { -v }
            };
            for budget in [300, 1_000, 3_000, 10_000, 30_000] {
                let mut e = AlphaBeta::new(r.clone());
                e.set_table(false);
                // Full width: each iteration is then the minimax of its depth.
                let limits = Limits::nodes(budget).with_full_width(true);
                let got = e.search(&pos, &hist, &limits).unwrap();
                if got.solved {
                    continue;
                }
                let d = got.depth;
                let mut full = AlphaBeta::new(r.clone());
                full.set_table(false);
                let last = full.search(&pos, &hist, &Limits::depth(d)).unwrap();
                if got.best == last.best {
                    assert_eq!(got.score, last.score, "{spec} #{i} {pos} {budget} nodes");
                    continue;
                }
                replaced += 1;
                let (better, was) = (value(got.best, d), value(last.best, d));
                assert!(
                    better >= was,
                    "{spec} #{i} {pos} {budget} nodes: {} ({better}) over {} ({was}) at depth {}",
                    got.best,
                    last.best,
                    d + 1
                );
                assert_eq!(got.score, better, "{spec} #{i} {pos} {budget} nodes");
            }
        }
    }
    assert!(
        replaced > 0,
        "no search was cut short after finding another move"
    );
}

/// Late move reductions reach deeper on the same node budget than a full-width search, and
/// are left out of a search to a fixed depth.
#[test]
fn reductions_reach_deeper_on_the_same_nodes() {
    let (mut deeper, mut shallower) = (0, 0);
    for spec in ["oware", "mangala-ii", "kalah"] {
        let r = rules(spec);
        for (pos, hist) in random_positions(&r, 8, 4..30, 11) {
            let lmr = AlphaBeta::new(r.clone())
                .search(&pos, &hist, &Limits::nodes(300_000))
                .unwrap();
            let full = AlphaBeta::new(r.clone())
                .search(&pos, &hist, &Limits::nodes(300_000).with_full_width(true))
                .unwrap();
            if lmr.solved || full.solved {
                continue;
            }
            deeper += (lmr.depth > full.depth) as usize;
            shallower += (lmr.depth < full.depth) as usize;
        }
    }
    eprintln!("reductions: deeper in {deeper}, shallower in {shallower} of 24 positions");
    assert!(
        deeper >= 10 && deeper >= 4 * shallower,
        "deeper {deeper}, shallower {shallower}"
    );
    // A fixed depth is searched full width: the same value and nodes whatever the flag says.
    let r = rules("oware");
    let game = Game::new(r.clone());
    let a = AlphaBeta::new(r.clone())
        .search_game(&game, &Limits::depth(9))
        .unwrap();
    let b = AlphaBeta::new(r.clone())
        .search_game(&game, &Limits::depth(9).with_full_width(true))
        .unwrap();
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
}

#[test]
fn node_limit_is_deterministic() {
    let r = rules("mangala-ii");
    let game = Game::new(r.clone());
    let a = AlphaBeta::new(r.clone())
        .search_game(&game, &Limits::nodes(20_000))
        .unwrap();
    let b = AlphaBeta::new(r.clone())
        .search_game(&game, &Limits::nodes(20_000))
        .unwrap();
    assert_eq!((a.best, a.score, a.depth), (b.best, b.score, b.depth));
    assert!(a.nodes <= 20_000 + 1);
}

#[test]
fn mcts_plays_legal_moves_and_is_reproducible() {
    for spec in ["modiar", "mangala-ii", "oware", "kalah"] {
        let r = rules(spec);
        for (pos, hist) in random_positions(&r, 5, 0..40, 9) {
            let _ = hist;
            let game = Game::from_position(r.clone(), pos);
            let mut a = Mcts::new(
                r.clone(),
                MctsLimits {
                    playouts: Some(300),
                    time: None,
                },
                1,
            );
            let mut b = Mcts::new(
                r.clone(),
                MctsLimits {
                    playouts: Some(300),
                    time: None,
                },
                1,
            );
            let ca = a.choose(&game);
            assert!(
                game.legal_moves().contains(ca.mv),
                "{spec} {pos}: {}",
                ca.mv
            );
            assert_eq!(ca, b.choose(&game));
        }
    }
}

#[test]
fn mcts_takes_a_free_capture() {
    let r = rules("mangala-ii");
    // F takes the two counters of a at once and wins by 4; E only sows and loses by 8.
    let pos = r.parse_position("0-0-0-0-3-1-1-0-0-0-0-1-32-34-S").unwrap();
    let ab = AlphaBeta::new(r.clone())
        .search(&pos, &[], &Limits::depth(60))
        .unwrap();
    assert_eq!(
        (ab.best.to_string(), ab.score_seeds(), ab.solved),
        ("F".to_string(), 4, true)
    );
    let game = Game::from_position(r.clone(), pos);
    let mut m = Mcts::new(
        r,
        MctsLimits {
            playouts: Some(3000),
            time: None,
        },
        4,
    );
    assert_eq!(m.choose(&game).mv.to_string(), "F");
}

fn match_score(spec: &str, a: &str, b: &str, games: usize) -> f64 {
    let r = rules(spec);
    let cfg = mancala_search::arena::MatchConfig {
        a: a.parse().unwrap(),
        b: b.parse().unwrap(),
        games,
        time: None,
        seed: 17,
        opening_plies: 2,
        threads: 1,
    };
    let points = std::sync::Mutex::new(0.0);
    mancala_search::arena::run_match(&r, &cfg, &|g| {
        *points.lock().unwrap() += g.a_score;
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    points.into_inner().unwrap() / games as f64
}

#[test]
fn levels_are_ordered() {
    // Deeper and less random as the level rises.
    let mut prev: Option<mancala_search::level::LevelConfig> = None;
    for l in Level::ALL {
        let c = l.config();
        if let Some(p) = prev {
            assert!(c.depth.unwrap_or(u32::MAX) > p.depth.unwrap_or(u32::MAX) || c.depth.is_none());
            assert!(c.temperature <= p.temperature);
        }
        prev = Some(c);
    }
    // And it shows over the board (levels fixed by depth play the same on any machine).
    assert!(match_score("modiar", "intermediate", "beginner", 16) > 0.6);
    assert!(match_score("mangala-ii", "novice", "beginner", 16) > 0.55);
    assert!(match_score("mangala-ii", "advanced", "random", 8) >= 0.99);
}

#[test]
fn every_spec_builds_a_player_that_moves_legally() {
    let r = rules("oware");
    let game = Game::new(r.clone());
    for s in [
        "random",
        "greedy",
        "ab:3",
        "ab:nodes=2000",
        "mcts:200",
        "beginner",
        "novice",
        "intermediate",
    ] {
        let spec: PlayerSpec = s.parse().unwrap();
        let mut p = spec.build(&r, 1, Some(std::time::Duration::from_millis(20)), None);
        let c = p.choose(&game);
        assert!(game.legal_moves().contains(c.mv), "{s}");
        assert!(!p.name().is_empty());
    }
    let _ = Side::South;
}

/// A perfect-play oracle for a tiny game, from the minimax above (no history).
struct MinimaxOracle {
    rules: Rules,
    probes: std::sync::atomic::AtomicU64,
}

impl mancala_search::Oracle for MinimaxOracle {
    fn probe(&self, pos: &Position) -> Option<i32> {
        self.probes
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (v, _, horizon, aborted) = minimax(&self.rules, pos, &[], 40, 200_000);
        (!horizon && !aborted).then_some(v / mancala_search::UNITS_PER_SEED)
    }
}

#[test]
fn a_covered_root_is_answered_from_the_oracle() {
    let r = rules("mangala-ii:pits=3,seeds=2");
    let oracle = std::sync::Arc::new(MinimaxOracle {
        rules: r.clone(),
        probes: Default::default(),
    });
    let mut answered = 0;
    for (pos, _) in random_positions(&r, 20, 4..30, 21) {
        let Some(want) = mancala_search::Oracle::probe(oracle.as_ref(), &pos) else {
            continue;
        };
        let mut e = AlphaBeta::new(r.clone());
        e.set_oracle(Some(oracle.clone()));
        let got = e.search(&pos, &[], &Limits::depth(3)).unwrap();
        assert!(got.solved, "{pos}");
        assert_eq!(got.score, want * mancala_search::UNITS_PER_SEED, "{pos}");
        // The move is one that keeps the value.
        let (child, _) = r.play(&pos, got.best).unwrap();
        let (cv, ..) = minimax(&r, &child, &[], 40, u64::MAX);
        assert_eq!(
            if child.side() == pos.side() { cv } else { -cv },
            got.score,
            "{pos} {}",
            got.best
        );
        answered += 1;
    }
    assert!(answered >= 10, "{answered}");
    assert!(oracle.probes.load(std::sync::atomic::Ordering::Relaxed) > 0);
}

#[test]
fn several_threads_solve_to_the_same_values_as_minimax() {
    // Helpers share the table: whatever they store, the main thread's solved values must stay
    // exact. Compared with minimax on small boards, with 2 and 4 threads. (A helper's deeper
    // entry that is not marked solved may keep the main thread from calling its value solved;
    // most must still be.)
    let (mut compared, mut solved) = (0, 0);
    for spec in [
        "mangala-ii:pits=3,seeds=2",
        "oware:pits=3,seeds=2",
        "kalah:pits=3,seeds=2",
    ] {
        let r = rules(spec);
        for (i, (pos, hist)) in random_positions(&r, 20, 0..30, 23).into_iter().enumerate() {
            let (want, _, horizon, aborted) = minimax(&r, &pos, &hist, 40, 300_000);
            if horizon || aborted {
                continue;
            }
            for threads in [2, 4] {
                let mut e = AlphaBeta::new(r.clone());
                let got = e
                    .search(&pos, &hist, &Limits::depth(40).with_threads(threads))
                    .unwrap();
                assert!(r.legal_moves(&pos).contains(got.best));
                if got.solved {
                    assert_eq!(got.score, want, "{spec} #{i} {pos}, {threads} threads");
                    solved += 1;
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 60, "only {compared} searches compared");
    assert!(
        solved * 10 >= compared * 8,
        "only {solved} of {compared} solved"
    );
}

#[test]
fn several_threads_search_deeper_positions_to_legal_moves_and_count_all_nodes() {
    let r = rules("mangala-ii");
    for (pos, hist) in random_positions(&r, 5, 4..20, 31) {
        let mut one = AlphaBeta::new(r.clone());
        let a = one.search(&pos, &hist, &Limits::depth(9)).unwrap();
        let mut two = AlphaBeta::new(r.clone());
        let b = two
            .search(&pos, &hist, &Limits::depth(9).with_threads(2))
            .unwrap();
        assert_eq!(b.depth, 9);
        assert!(r.legal_moves(&pos).contains(b.best), "{pos}");
        assert_eq!(b.pv[0], b.best);
        // The helpers' nodes are counted too, and they did search.
        assert!(
            b.nodes > two.nodes(),
            "{pos}: {} vs {}",
            b.nodes,
            two.nodes()
        );
        // The same engine searches again (its helpers are kept) and one thread is still
        // reproducible afterwards.
        two.search(&pos, &hist, &Limits::depth(7).with_threads(2))
            .unwrap();
        let again = AlphaBeta::new(r.clone())
            .search(&pos, &hist, &Limits::depth(9))
            .unwrap();
        assert_eq!(
            (again.best, again.score, again.nodes),
            (a.best, a.score, a.nodes)
        );
    }
}

#[test]
fn the_stop_handle_ends_a_search_from_another_thread() {
    // No limit at all: only the stop ends it. The answer is the last completed depth's, and
    // the flag is cleared for the next search.
    let r = rules("mangala-ii");
    for threads in [1, 2] {
        let mut e = AlphaBeta::new(r.clone());
        let stop = e.stop_handle();
        let pos = r.start();
        let got = std::thread::scope(|s| {
            let search = s.spawn(|| e.search(&pos, &[], &Limits::default().with_threads(threads)));
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            search.join().unwrap().unwrap()
        });
        assert!(got.depth >= 1 && !got.solved, "{threads} threads: {got:?}");
        assert!(r.legal_moves(&pos).contains(got.best));
        assert!(!stop.load(std::sync::atomic::Ordering::Relaxed));
        let next = e.search(&pos, &[], &Limits::depth(6)).unwrap();
        assert_eq!(next.depth, 6);
    }
}

#[test]
fn a_stop_set_before_the_search_still_gives_the_first_depth() {
    let r = rules("oware");
    let mut e = AlphaBeta::new(r.clone());
    e.stop_handle()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let got = e.search(&r.start(), &[], &Limits::depth(12)).unwrap();
    assert_eq!(got.depth, 1);
    assert!(r.legal_moves(&r.start()).contains(got.best));
}

/// Resized Modiars whose start board comes back after a move of the top level (seeds a pit that
/// are no capture count): a game that began at the start and comes back to it ends there, a
/// repetition worth 0, where the databases value the start board as any other board of the top
/// level. Where that board, North to move, is not worth 0, the start value the databases give
/// must still be the one the search with history finds from the start, its leaves the
/// databases below the top level (which never reach the start board). `docs/solver.md`,
/// *Where the start can come back*; the smaller sizes are checked against plain minimax in
/// `mancala-solver/tests/table.rs`.
#[test]
fn start_values_where_the_start_comes_back_agree_with_the_search_with_history() {
    // 1.1 and 13.7 million boards (`4x5`, 206 million, in docs/solver.md).
    for spec in ["modiar:pits=3,seeds=5", "modiar:pits=3,seeds=8"] {
        let r = rules(spec);
        assert!(rulesets::start_can_come_back(&r), "{spec}");
        let top = r.total_seeds();
        let dir = tempfile::tempdir().unwrap();
        let db = mancala_solver::Database::open(dir.path(), &r).unwrap();
        db.build(top - 1, None, &()).unwrap();
        let oracle = mancala_search::oracle::db_oracle(Some(dir.path()), &r).unwrap();
        let mut e = AlphaBeta::with_table_mib(r.clone(), 64);
        e.set_oracle(Some(oracle));
        let got = e.search(&r.start(), &[], &Limits::depth(80)).unwrap();
        assert!(got.solved, "{spec}: the search did not finish: {got:?}");
        // Then the top level, and the databases' start value.
        db.build(top, None, &()).unwrap();
        let want = db.solve(&r.start()).unwrap().value;
        assert_eq!(got.score_seeds(), want, "{spec}");
        let back = db.solve(&r.start().with_side(Side::North)).unwrap().value;
        assert_ne!(
            back, 0,
            "{spec}: the start board, North to move, is worth 0"
        );
    }
}

#[test]
fn the_databases_of_kalah_and_oware_give_the_full_searchs_values() {
    // Kalah's values hold with any history; Oware's (its repetition ending depends on where the
    // cycle closes) only for positions reached by a capture, which is all the engine asks.
    let dir = tempfile::tempdir().unwrap();
    for spec in ["kalah:pits=3,seeds=2", "oware:pits=3,seeds=2"] {
        let r = rules(spec);
        let db = mancala_solver::Database::open(dir.path(), &r).unwrap();
        db.build(r.total_seeds(), None, &()).unwrap();
        let oracle = mancala_search::oracle::db_oracle(Some(dir.path()), &r).unwrap();
        let (mut compared, mut shorter) = (0, 0);
        for (pos, hist) in random_positions(&r, 80, 0..30, 9) {
            let want = AlphaBeta::new(r.clone())
                .search(&pos, &hist, &Limits::depth(40))
                .unwrap();
            if !want.solved {
                continue;
            }
            let mut e = AlphaBeta::new(r.clone());
            e.set_oracle(Some(oracle.clone()));
            let got = e.search(&pos, &hist, &Limits::depth(40)).unwrap();
            assert!(got.solved, "{spec} {pos}");
            assert_eq!(got.score, want.score, "{spec} {pos}");
            compared += 1;
            shorter += (got.nodes < want.nodes) as usize;
        }
        assert!(compared >= 20, "{spec}: only {compared} positions solved");
        assert!(
            shorter > 0,
            "{spec}: the databases never shortened a search"
        );
    }
}

/// Oware's databases store bounds where a value depends on where a repetition closes (and value
/// the game played on past a majority: under the majority end only the outcome carries over).
/// Right after a capture the oracle's bounds hold the search's value, and the search cutting
/// with them gives the value it gives with the exact values alone, in fewer nodes. (Plain
/// alpha-beta, without the table, whose values follow the line's history exactly.)
#[test]
fn oware_s_bounds_hold_the_value_and_shorten_the_search() {
    struct ExactOnly(std::sync::Arc<dyn mancala_search::oracle::Oracle>);
    impl mancala_search::oracle::Oracle for ExactOnly {
        fn probe(&self, pos: &Position) -> Option<i32> {
            self.0.probe(pos)
        }
        fn fresh_positions_only(&self) -> bool {
            self.0.fresh_positions_only()
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let r = rules("oware:pits=3,seeds=2");
    let db = mancala_solver::Database::open(dir.path(), &r).unwrap();
    db.build(r.total_seeds(), None, &()).unwrap();
    let oracle = mancala_search::oracle::db_oracle(Some(dir.path()), &r).unwrap();
    let exact: std::sync::Arc<dyn mancala_search::oracle::Oracle> =
        std::sync::Arc::new(ExactOnly(oracle.clone()));
    let plain = |o: Option<&std::sync::Arc<dyn mancala_search::oracle::Oracle>>,
                 pos: &Position,
                 hist: &[Position]| {
        let mut e = AlphaBeta::new(r.clone());
        e.set_table(false);
        e.set_oracle(o.cloned());
        e.search(pos, hist, &Limits::depth(60)).unwrap()
    };
    let (mut inside, mut compared, mut fewer, mut more, mut unsolved) = (0, 0, 0, 0, 0);
    for (pos, hist) in random_positions(&r, 120, 0..30, 21) {
        let want = plain(None, &pos, &hist);
        if !want.solved {
            continue;
        }
        // Right after a capture (or at the start of a history) the stored bounds hold.
        let fresh = hist.last().is_none_or(|b| b.scores() != pos.scores());
        if fresh && let Some((lo, hi)) = oracle.probe_bounds(&pos) {
            assert!(lo <= hi, "{pos}: {lo} > {hi}");
            let v = want.score / mancala_search::UNITS_PER_SEED;
            assert!((lo..=hi).contains(&v), "{pos}: {v} outside {lo}..={hi}");
            inside += (lo < hi) as usize;
        }
        let with_bounds = plain(Some(&oracle), &pos, &hist);
        let exact_only = plain(Some(&exact), &pos, &hist);
        // (A different window can lead the search down a line too long for the depth.)
        if !(with_bounds.solved && exact_only.solved) {
            unsolved += 1;
            continue;
        }
        assert_eq!(with_bounds.score, exact_only.score, "{pos}");
        // The exact values are the game's margins played on past a majority: the same outcome.
        assert_eq!(
            with_bounds.score.signum(),
            want.score.signum(),
            "{pos}: the outcome"
        );
        compared += 1;
        fewer += (with_bounds.nodes < exact_only.nodes) as usize;
        more += (with_bounds.nodes > exact_only.nodes) as usize;
    }
    eprintln!(
        "compared {compared}, inside {inside}, fewer {fewer}, more {more}, unsolved {unsolved}"
    );
    assert!(
        compared >= 40 && unsolved * 4 <= compared,
        "{compared} positions solved, {unsolved} not"
    );
    assert!(
        inside >= 3,
        "only {inside} values checked inside bounds that differ"
    );
    assert!(
        fewer > 2 * more,
        "the bounds shortened {fewer} searches, lengthened {more}"
    );
}
