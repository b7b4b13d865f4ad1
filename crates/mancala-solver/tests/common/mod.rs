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
/// stones given to the two sides as evenly as possible.
pub fn position_with(rules: &Rules, board: &[u8], side: Side) -> Position {
    let n = rules.pits_per_row();
    let on_board: u32 = board.iter().map(|&c| c as u32).sum();
    let captured = rules.total_seeds() - on_board;
    let (mine, theirs) = (&board[..n], &board[n..2 * n]);
    let (south, north) = match side {
        Side::South => (mine, theirs),
        Side::North => (theirs, mine),
    };
    let s = (captured / 2) as u8;
    let scores = mancala_core::BySide::new(s, captured as u8 - s);
    rules
        .position(&mancala_core::Setup {
            pits: [south, north].concat(),
            scores,
            side,
        })
        .expect("a valid position")
}
