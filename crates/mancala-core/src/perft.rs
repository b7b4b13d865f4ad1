//! Perft: the number of move sequences of a given length, counted in bulk at the last ply.
//! History is ignored (NOTATION.md): a position with no legal move has no children.

use crate::position::Position;
use crate::rules::Rules;

/// Move sequences of exactly `depth` plies from `pos`.
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = rules.legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    rules.each_child(pos, moves, |child| total += perft(rules, child, depth - 1));
    total
}

/// Perft split by first move: `(move, count)` in move order.
pub fn divide(rules: &Rules, pos: &Position, depth: u32) -> Vec<(crate::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    rules
        .legal_moves(pos)
        .iter()
        .map(|m| {
            let mut child = *pos;
            rules.play_unchecked(&mut child, m);
            (m, perft(rules, &child, depth - 1))
        })
        .collect()
}
