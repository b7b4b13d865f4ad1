//! An independent check of the databases: plain minimax (alpha-beta with a full window, which
//! gives the same root value) over the game tree with history, played through the rules core's
//! `Game`, which ends a game on the repetition of a position as the ruleset says (the board
//! shared equally, or each player taking his own row) and gives a player who earned an extra
//! turn the next move. It shares nothing with the solver but the rules core.

#![allow(dead_code)]

use mancala_core::{Game, Position, Rules, Side};

/// The final score difference for the side to move of `pos` under perfect play, with the
/// history starting at `pos`; `None` if the search needs more than `budget` nodes.
pub fn minimax_value(rules: &Rules, pos: &Position, budget: u64) -> Option<i32> {
    let mut game = Game::from_position(rules.clone(), *pos);
    let mut nodes = 0u64;
    let v = negamax(&mut game, -1000, 1000, &mut nodes, budget)?;
    Some(v)
}

/// The final score difference for the side to move now in `game` under perfect play, with
/// the game's history (its positions since the last capture can come again and end it);
/// `None` if the search needs more than `budget` nodes.
pub fn minimax_game_value(game: &Game, budget: u64) -> Option<i32> {
    let mut game = game.clone();
    let mut nodes = 0u64;
    negamax(&mut game, -1000, 1000, &mut nodes, budget)
}

fn negamax(
    game: &mut Game,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
    budget: u64,
) -> Option<i32> {
    *nodes += 1;
    if *nodes > budget {
        return None;
    }
    let pos = game.position();
    let me = pos.side();
    if let Some(out) = game.outcome() {
        return Some(out.scores[me] as i32 - out.scores[me.other()] as i32);
    }
    // No line can do better than taking every stone still on the board.
    let now = pos.score(me) as i32 - pos.score(me.other()) as i32;
    let ceiling = now + pos.board_total() as i32;
    let beta = beta.min(ceiling);
    if alpha >= beta {
        return Some(beta);
    }
    let mut moves = game.legal_moves().to_vec();
    // Captures first, so the window closes sooner.
    moves.sort_by_key(|&mv| {
        std::cmp::Reverse(
            game.rules()
                .play(&pos, mv)
                .map(|(_, e)| e.captured)
                .unwrap_or(0),
        )
    });
    let mut best = i32::MIN;
    for mv in moves {
        game.play(mv).expect("a legal move plays");
        // After an extra turn the same side is to move: its value is ours, not negated.
        let v = if game.position().side() == me {
            negamax(game, alpha, beta, nodes, budget)
        } else {
            negamax(game, -beta, -alpha, nodes, budget).map(|v| -v)
        };
        game.undo();
        let v = v?;
        if v > best {
            best = v;
        }
        if v > alpha {
            alpha = v;
        }
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// A position of `rules` with `board` (mover's row first) and `side` to move, the captured
/// stones given to the two sides as evenly as possible (each side an even number where every
/// capture is even, as in a game).
pub fn position_with(rules: &Rules, board: &[u8], side: Side) -> Position {
    let n = rules.pits_per_row();
    let on_board: u32 = board.iter().map(|&c| c as u32).sum();
    let captured = rules.total_seeds() - on_board;
    let (mine, theirs) = (&board[..n], &board[n..2 * n]);
    let (south, north) = match side {
        Side::South => (mine, theirs),
        Side::North => (theirs, mine),
    };
    let s = if rules.captures_even() {
        (captured / 2) & !1
    } else {
        captured / 2
    } as u8;
    let scores = mancala_core::BySide::new(s, captured as u8 - s);
    rules
        .position(&mancala_core::Setup {
            pits: [south, north].concat(),
            scores,
            side,
        })
        .expect("a valid position")
}

/// Each board of a level with its two bounds `(lo, hi)` of the mover's share, by board (the
/// mover's row first).
pub type LevelBounds = std::collections::HashMap<Vec<u8>, (u8, u8)>;

/// The bounds a game without stores whose repetition gives each player his own row (Oware's)
/// stores for every board of the levels up to `max`, worked out from their definition
/// (docs/solver.md, *Kalah and Oware*) by plain passes over every board until nothing changes,
/// each move played by the rules core: for each threshold `k` from `B` down to 1, `W_k` (an exit
/// worth at least `k` to the mover whatever a repetition would give, or a move into `L_k`) and
/// `L_k` (every exit worth at most `B - k` to the mover even if a repetition gave him
/// everything, and every move inside the level into `W_k`) as least fixpoints; at the
/// thresholds that decide the outcome (`2k` = `B`, `B + 1` or `B + 2`) the safety core (the
/// greatest set, outside the sets, where the side sure of `k` holds at least `k` in his row and
/// keeps the play in it or in the sets) joins them, the two alternating until neither grows.
/// `lo` is the largest `k` with the board in `W_k` (0: none), `hi` is `B` less the largest `k`
/// with it in `L_k` (`B`: none). The rules are to have no majority end: the databases value the
/// game played on to its end. Shares nothing with the solver.
pub fn bounds_by_definition(rules: &Rules, max: u32) -> Vec<LevelBounds> {
    let r = rules.ruleset();
    assert!(
        !r.stores && !r.end.majority,
        "bounds by definition: a game without stores and without a majority end"
    );
    let n = rules.pits_per_row();
    let m = 2 * n;
    let mut levels: Vec<LevelBounds> = Vec::new();
    for b in 0..=max {
        let b8 = b as u8;
        let boards = compositions(b8, m);
        let index: std::collections::HashMap<&[u8], usize> = boards
            .iter()
            .enumerate()
            .map(|(i, x)| (x.as_slice(), i))
            .collect();
        // Each board's best exit for the share the mover is sure of and for the share he may
        // hope for (`None`: no capture and the game goes on), and its moves inside the level.
        let mut exits = vec![(None::<u8>, None::<u8>); boards.len()];
        let mut inside: Vec<Vec<usize>> = vec![Vec::new(); boards.len()];
        for (i, x) in boards.iter().enumerate() {
            let p = position_with(rules, x, Side::South);
            let mine = |q: &Position| q.score(Side::South) - p.score(Side::South);
            let better = |e: &mut Option<u8>, v: u8| *e = Some(e.map_or(v, |w| w.max(v)));
            let moves = match rules.moves_or_end(&p) {
                Ok(moves) => moves,
                Err(reason) => {
                    let end = mine(&rules.settle(&p, reason));
                    exits[i] = (Some(end), Some(end));
                    continue;
                }
            };
            for mv in moves.iter() {
                let (q, effect) = rules.play(&p, mv).expect("a legal move plays");
                assert!(!effect.extra_turn, "bounds by definition: no extra turns");
                // A move after which the game is over counts as an exit, capture or not: the
                // board it leads to is worth its end to both bounds.
                if let Err(reason) = rules.moves_or_end(&q) {
                    let end = mine(&rules.settle(&q, reason));
                    better(&mut exits[i].0, end);
                    better(&mut exits[i].1, end);
                    continue;
                }
                // The board after the move, seen from its mover (North).
                let after: Vec<u8> = [&q.pits()[n..m], &q.pits()[..n]].concat();
                let left = q.board_total() as u8;
                if left == b8 {
                    inside[i].push(index[after.as_slice()]);
                } else {
                    let (lo, hi) = levels[left as usize][&after];
                    let got = mine(&q);
                    better(&mut exits[i].0, got + left - hi);
                    better(&mut exits[i].1, got + left - lo);
                }
            }
        }
        let own = |i: usize| boards[i][..n].iter().sum::<u8>();
        // The threshold each board joined W and L at (0: not yet).
        let (mut w, mut l) = (vec![0u8; boards.len()], vec![0u8; boards.len()]);
        for k in (1..=b8).rev() {
            let core = (b..=b + 2).contains(&(2 * k as u32));
            loop {
                // The attractors.
                loop {
                    let mut changed = false;
                    for i in 0..boards.len() {
                        if w[i] == 0
                            && (exits[i].0.is_some_and(|e| e >= k)
                                || inside[i].iter().any(|&j| l[j] != 0))
                        {
                            w[i] = k;
                            changed = true;
                        }
                        if l[i] == 0
                            && exits[i].1.is_none_or(|e| e <= b8 - k)
                            && inside[i].iter().all(|&j| w[j] != 0)
                        {
                            l[i] = k;
                            changed = true;
                        }
                    }
                    if !changed {
                        break;
                    }
                }
                if !core {
                    break;
                }
                // The safety core: its candidates, then those that fail taken out until none
                // does.
                let mut cw: Vec<bool> = (0..boards.len())
                    .map(|i| w[i] == 0 && own(i) >= k)
                    .collect();
                let mut cl: Vec<bool> = (0..boards.len())
                    .map(|i| {
                        l[i] == 0 && b8 - own(i) >= k && exits[i].1.is_none_or(|e| e <= b8 - k)
                    })
                    .collect();
                loop {
                    let mut changed = false;
                    for i in 0..boards.len() {
                        if cw[i] && !inside[i].iter().any(|&j| cl[j] || l[j] != 0) {
                            cw[i] = false;
                            changed = true;
                        }
                        if cl[i] && !inside[i].iter().all(|&j| cw[j] || w[j] != 0) {
                            cl[i] = false;
                            changed = true;
                        }
                    }
                    if !changed {
                        break;
                    }
                }
                let mut grew = false;
                for i in 0..boards.len() {
                    if cw[i] {
                        w[i] = k;
                        grew = true;
                    }
                    if cl[i] {
                        l[i] = k;
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
        }
        levels.push(
            boards
                .into_iter()
                .zip(w.iter().zip(&l))
                .map(|(x, (&wk, &lk))| (x, (wk, b8 - lk)))
                .collect(),
        );
    }
    levels
}

/// Every way to put `stones` seeds in `pits` pits.
fn compositions(stones: u8, pits: usize) -> Vec<Vec<u8>> {
    if pits == 1 {
        return vec![vec![stones]];
    }
    (0..=stones)
        .flat_map(|first| {
            compositions(stones - first, pits - 1)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}
