//! The path of a sowing, seed by seed, for the page's animation. The rules core says what a
//! move does (its effect and the position after); this module retraces where each seed went,
//! and checks the retraced board against the core's result so that the page never shows a
//! sowing that differs from the rules.
//!
//! Cells are numbered as on the page: `0..n` South's pits, `n..2n` North's pits, `2n` South's
//! store, `2n + 1` North's store.

use mancala_core::ruleset::Direction;
use mancala_core::{Effect, Move, Position, Rules, Side};

/// The cell after `cell` in the sowing of `mover`, by the same layout the core compiles.
fn next_cell(rules: &Rules, mover: Side, cell: usize) -> usize {
    let r = rules.ruleset();
    let n = rules.pits_per_row();
    let two_n = 2 * n;
    let store = |s: Side| two_n + s.index();
    if r.stores {
        let last = match r.direction {
            Direction::Ccw => mover.index() * n + n - 1,
            Direction::Cw => mover.index() * n,
        };
        if cell == last {
            return store(mover);
        }
        if cell == store(mover) {
            return plain_next(r.direction, last, two_n);
        }
    }
    plain_next(r.direction, cell, two_n)
}

fn plain_next(dir: Direction, cell: usize, two_n: usize) -> usize {
    match dir {
        Direction::Ccw => (cell + 1) % two_n,
        Direction::Cw => (cell + two_n - 1) % two_n,
    }
}

/// The cells the seeds of move `m` fall into, in order, from position `before`; `None` for a
/// pass, or if the retraced sowing does not agree with `after` (then the page shows the result
/// without the seed-by-seed animation).
pub fn sowing_path(
    rules: &Rules,
    before: &Position,
    m: Move,
    effect: &Effect,
    after: &Position,
) -> Option<Vec<usize>> {
    let n = rules.pits_per_row();
    let origin = m.board_index(n)?;
    let mover = before.side();
    let r = rules.ruleset();
    let mut cells: Vec<u32> = before.pits().iter().map(|&c| c as u32).collect();
    cells.push(before.score(Side::South) as u32);
    cells.push(before.score(Side::North) as u32);
    let mut seeds = cells[origin];
    if seeds == 0 {
        return None;
    }
    cells[origin] = 0;
    let mut path = Vec::with_capacity(seeds as usize);
    let mut cur = origin;
    if r.first_seed_in_origin {
        cells[origin] += 1;
        path.push(origin);
        seeds -= 1;
    }
    while seeds > 0 {
        cur = next_cell(rules, mover, cur);
        if r.skip_origin && cur == origin {
            cur = next_cell(rules, mover, cur);
        }
        cells[cur] += 1;
        path.push(cur);
        seeds -= 1;
    }
    // Captures: the captured pits go to the mover's store or captures.
    let mut taken = 0;
    for (i, cell) in cells.iter_mut().enumerate().take(2 * n) {
        if effect.captured_pits & (1 << i) != 0 {
            taken += *cell;
            *cell = 0;
        }
    }
    cells[2 * n + mover.index()] += taken;
    let agrees = cells[..2 * n]
        .iter()
        .zip(after.pits())
        .all(|(&a, &b)| a == b as u32)
        && cells[2 * n] == after.score(Side::South) as u32
        && cells[2 * n + 1] == after.score(Side::North) as u32;
    agrees.then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::rules_for;
    use rand::seq::SliceRandom;
    use rand::{SeedableRng, rngs::StdRng};

    /// Random games of every built-in game: the retraced sowing always agrees with the core.
    #[test]
    fn sowing_path_agrees_with_the_core_in_every_game() {
        let mut rng = StdRng::seed_from_u64(7);
        for id in mancala_core::builtin_ids() {
            let rules = rules_for(&id.parse().unwrap()).unwrap();
            let mut moves_checked = 0;
            for _ in 0..40 {
                let mut pos = rules.start();
                for _ in 0..300 {
                    let legal = rules.legal_moves(&pos).to_vec();
                    let Some(&m) = legal.choose(&mut rng) else {
                        break;
                    };
                    let (after, eff) = rules.play(&pos, m).unwrap();
                    if m != Move::Pass {
                        let path = sowing_path(&rules, &pos, m, &eff, &after);
                        let path = path.unwrap_or_else(|| panic!("{id}: no path for {m} at {pos}"));
                        let seeds = pos.pit(m.board_index(rules.pits_per_row()).unwrap());
                        assert_eq!(path.len(), seeds as usize, "{id}: one cell a seed");
                        moves_checked += 1;
                    }
                    pos = after;
                }
            }
            assert!(moves_checked > 100, "{id}: too few moves checked");
        }
    }

    #[test]
    fn modiar_first_seed_goes_back_into_the_origin() {
        let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
        let pos = rules.start();
        let m: Move = "A".parse().unwrap();
        let (after, eff) = rules.play(&pos, m).unwrap();
        // 7 seeds from A: A itself, then B C a b c A.
        assert_eq!(
            sowing_path(&rules, &pos, m, &eff, &after),
            Some(vec![0, 1, 2, 3, 4, 5, 0])
        );
    }

    #[test]
    fn a_path_that_disagrees_with_the_core_is_refused() {
        let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
        let pos = rules.start();
        let m: Move = "A".parse().unwrap();
        let (_, eff) = rules.play(&pos, m).unwrap();
        assert_eq!(sowing_path(&rules, &pos, m, &eff, &pos), None);
    }

    #[test]
    fn kalah_sows_into_the_movers_store() {
        let rules = rules_for(&"kalah".parse().unwrap()).unwrap();
        let pos = rules.start();
        let m: Move = "C".parse().unwrap();
        let (after, eff) = rules.play(&pos, m).unwrap();
        // 4 seeds from C (index 2): D E F, South's store (cell 12).
        assert_eq!(
            sowing_path(&rules, &pos, m, &eff, &after),
            Some(vec![3, 4, 5, 12])
        );
        assert!(eff.extra_turn);
    }
}
