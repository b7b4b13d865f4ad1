//! Rulesets drawn at random, for the tests that compare the solver with something else over
//! the rules space rather than the built-in games alone.

#![allow(dead_code)]

use mancala_core::{GameSpec, Rules, Ruleset, rules_for};
use rand::Rng;

/// A ruleset drawn at random from the space the rules files describe, on a small board: every
/// field of a built-in game's rules changed at random, within one of the two families the
/// method knows (captures by count without stores; stores with Kalah's captures opposite) and
/// without the contradictions the rules core refuses, so that every draw is built. Its `id` names the draw, and `Debug` of the ruleset says what it is.
pub fn random_ruleset(rng: &mut rand::rngs::StdRng, draw: usize) -> Ruleset {
    use mancala_core::ruleset::{
        CaptureRows, Chain, Direction, Feeding, GrandSlam, Leftover, OppositeCapture, Repetition,
    };
    let stores = rng.gen_bool(0.3);
    let base = if stores {
        "kalah"
    } else {
        ["oware", "mangala-ii", "modiar"][rng.gen_range(0..3)]
    };
    let mut r = rules_for(&base.parse::<GameSpec>().unwrap())
        .unwrap()
        .ruleset()
        .clone();
    r.id = format!("random-{draw}");
    // Two pits a row with one or two seeds each, or three with one: boards small enough for
    // the search on every level, whatever the rules.
    r.pits = rng.gen_range(2..=3);
    r.seeds = if r.pits == 2 { rng.gen_range(1..=2) } else { 1 };
    r.direction = if rng.gen_bool(0.5) {
        Direction::Ccw
    } else {
        Direction::Cw
    };
    r.max_plies = None;
    r.leftover = [Leftover::OwnRow, Leftover::Mover, Leftover::Opponent][rng.gen_range(0..3)];
    r.end.empty_board = rng.gen_bool(0.3);
    r.end.majority = rng.gen_bool(0.3);
    // Laps over the origin, the first seed back into it, or neither (not both).
    let sowing = rng.gen_range(0..3);
    r.skip_origin = sowing == 1;
    r.first_seed_in_origin = sowing == 2 && !stores;
    r.min_seeds = if r.first_seed_in_origin || rng.gen_bool(0.2) {
        2
    } else {
        1
    };
    if stores {
        r.stores = true;
        r.capture.counts.clear();
        r.capture.chain = Chain::None;
        r.capture.opposite_empty = [
            OppositeCapture::None,
            OppositeCapture::Always,
            OppositeCapture::IfOppositeNonEmpty,
        ][rng.gen_range(0..3)];
        r.grand_slam = GrandSlam::Legal;
        r.extra_turn = rng.gen_bool(0.7);
        r.end.row_empty = rng.gen_bool(0.7);
        r.first_move_no_capture = false;
        r.pass = false;
        r.end.no_legal_move = true;
    } else {
        r.stores = false;
        r.extra_turn = false;
        r.end.row_empty = false;
        r.repetition = if rng.gen_bool(0.5) {
            Repetition::Split
        } else {
            Repetition::OwnRow
        };
        // An equal split needs captures of even counts only.
        let allowed: &[u8] = if r.repetition == Repetition::Split {
            &[2, 4]
        } else {
            &[1, 2, 3, 4]
        };
        let mut counts: Vec<u8> = allowed
            .iter()
            .copied()
            .filter(|_| rng.gen_bool(0.4))
            .collect();
        if counts.is_empty() {
            counts.push(allowed[rng.gen_range(0..allowed.len())]);
        }
        r.capture.counts = counts;
        r.capture.rows =
            [CaptureRows::Own, CaptureRows::Opponent, CaptureRows::Both][rng.gen_range(0..3)];
        r.capture.chain = if rng.gen_bool(0.5) {
            Chain::None
        } else {
            Chain::Backward
        };
        r.capture.opposite_empty = OppositeCapture::None;
        r.first_move_no_capture = rng.gen_bool(0.2);
        r.feeding = [Feeding::None, Feeding::Prefer, Feeding::Must][rng.gen_range(0..3)];
        r.grand_slam =
            [GrandSlam::Legal, GrandSlam::NoCapture, GrandSlam::Illegal][rng.gen_range(0..3)];
        // A player without a move passes (the game then ends when the board is empty), or
        // the game ends.
        r.pass = rng.gen_bool(0.3);
        r.end.no_legal_move = !r.pass;
        r.end.empty_board |= r.pass;
    }
    // The first-move exemption only where the start cannot come back (no move within its
    // level leads to it): where it can, the databases' values of the other boards of that
    // level hold for one side to move only (docs/solver.md, *Normalisation and the start position*).
    if r.first_move_no_capture
        && let Ok(rules) = Rules::new(r.clone())
    {
        r.first_move_no_capture = !start_can_come_back(&rules);
    }
    r
}

/// Whether a move inside the top level of `rules` leads to the start board (a move without
/// capture whose board after it is the start's); false where the solver refuses the rules.
pub fn start_can_come_back(rules: &Rules) -> bool {
    let Ok(game) = mancala_solver::SolverGame::new(rules) else {
        return false;
    };
    let mut back = 0;
    let start = game.normalise(&rules.start());
    game.predecessors(&start, rules.total_seeds(), |_| back += 1);
    back > 0
}
