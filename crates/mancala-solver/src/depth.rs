//! Conversion depth: how many plies the side ahead needs to secure its value.
//!
//! For a board whose value `v` is not the split, let `k` be the share the side ahead gets
//! (`v` if the mover is ahead, `B - v` otherwise). In the threshold game of `k` (see
//! [`crate::level`]) the board lies in the attractor of that side; its *conversion depth* is its
//! rank there: the number of plies within which the side ahead forces a capture (or the end of
//! the game) that secures at least `k`, however long the other side holds out, with a move
//! that leaves the level (a capture) counting as one ply and a finished game as zero. The
//! *longest forced sequence* of a game is the largest conversion depth over all its boards.
//!
//! This is an analysis over a built database, with the level's moves held in memory (about
//! 12 bytes a move): meant for Modiar-sized games.

use crate::db::{Database, DbError};
use crate::index::Board;

/// Conversion depths of one level, by board index (`u16::MAX` for boards at the split).
pub fn level_depths(db: &Database, stones: u32) -> Result<Vec<u16>, DbError> {
    let game = db.game();
    if game.repetition() == crate::game::RepetitionValue::OwnRow {
        return Err(DbError::Unsupported(crate::game::Unsupported {
            game: game.rules().name().to_string(),
            why: "repetition = \"own-row\": its levels hold bounds, and conversion depths are measured on exact values only".into(),
        }));
    }
    let ix = db.indexer();
    let size = ix.level_size(stones) as usize;
    let b = stones as u8;
    let half = b / 2;
    let values = db.level(stones)?;
    let values = values.data();
    // Forward: best capture, terminal share, moves inside the level.
    let mut exit = vec![u8::MAX; size];
    let mut terminal = vec![false; size];
    let mut start = vec![0u32; size + 1];
    let mut targets: Vec<u32> = Vec::new();
    let mut cur = ix.cursor(stones, 0);
    let lower: Vec<Option<std::sync::Arc<crate::file::LevelFile>>> = (0..stones)
        .map(|l| {
            if game.has_level(l) {
                db.level(l).ok()
            } else {
                None
            }
        })
        .collect();
    for i in 0..size {
        let mut best = u8::MAX;
        let end = game.children(cur.board(), |ch| {
            if ch.captured == 0 {
                targets.push(ix.rank(&ch.board) as u32);
            } else {
                let left = stones - ch.captured as u32;
                let v = lower[left as usize]
                    .as_ref()
                    .expect("lower levels are built")
                    .data()[ix.rank(&ch.board) as usize];
                let share = crate::level::capture_share(ch.captured, left, v, ch.again);
                if best == u8::MAX || share > best {
                    best = share;
                }
            }
        });
        if let Some(s) = end {
            best = s;
            terminal[i] = true;
        }
        exit[i] = best;
        start[i + 1] = targets.len() as u32;
        if i + 1 < size {
            cur.advance();
        }
    }
    // Reverse edges.
    let mut rstart = vec![0u32; size + 1];
    for &t in &targets {
        rstart[t as usize + 1] += 1;
    }
    for i in 0..size {
        rstart[i + 1] += rstart[i];
    }
    let mut fill = rstart.clone();
    let mut preds = vec![0u32; targets.len()];
    for p in 0..size {
        for &t in &targets[start[p] as usize..start[p + 1] as usize] {
            preds[fill[t as usize] as usize] = p as u32;
            fill[t as usize] += 1;
        }
    }
    let mut depth = vec![u16::MAX; size];
    const NONE: u32 = u32::MAX;
    let mut rank = vec![NONE; size];
    let mut won = vec![false; size];
    let mut count = vec![0u32; size];
    for k in half + 1..=b {
        let lo = b - k;
        rank.iter_mut().for_each(|r| *r = NONE);
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(), Vec::new()];
        for i in 0..size {
            count[i] = start[i + 1] - start[i];
            let e = exit[i];
            let has_exit = e != u8::MAX;
            if terminal[i] {
                if e >= k || e <= lo {
                    rank[i] = 0;
                    won[i] = e >= k;
                    buckets[0].push(i as u32);
                }
            } else if has_exit && e >= k {
                rank[i] = 1;
                won[i] = true;
                buckets[1].push(i as u32);
            } else if count[i] == 0 && has_exit && e <= lo {
                rank[i] = 1;
                won[i] = false;
                buckets[1].push(i as u32);
            }
        }
        let mut r = 0;
        while r < buckets.len() {
            let layer = std::mem::take(&mut buckets[r]);
            for &c in &layer {
                let c = c as usize;
                for &p in &preds[rstart[c] as usize..rstart[c + 1] as usize] {
                    let p = p as usize;
                    if rank[p] != NONE {
                        continue;
                    }
                    let next = if !won[c] {
                        won[p] = true;
                        Some(r + 1)
                    } else {
                        count[p] -= 1;
                        let e = exit[p];
                        (count[p] == 0 && (e == u8::MAX || e <= lo)).then(|| {
                            won[p] = false;
                            r + 1
                        })
                    };
                    if let Some(nr) = next {
                        rank[p] = nr as u32;
                        if buckets.len() <= nr {
                            buckets.resize_with(nr + 1, Vec::new);
                        }
                        buckets[nr].push(p as u32);
                    }
                }
            }
            r += 1;
        }
        // Boards whose value is decided at this threshold take their rank from this game.
        for i in 0..size {
            let v = values[i];
            if (v == k || v == lo) && v != half {
                debug_assert!(
                    rank[i] != NONE && won[i] == (v == k),
                    "board {i} of level {stones}"
                );
                depth[i] = rank[i].min(u16::MAX as u32 - 1) as u16;
            }
        }
    }
    Ok(depth)
}

/// The longest forced sequence over levels `0..=max`, in plies, and the first board (by
/// level, then index; normalised, the mover's row first) where it occurs.
pub fn longest_forced_sequence(db: &Database, max: u32) -> Result<(u16, Board), DbError> {
    let mut best = (0u16, [0u8; crate::index::MAX_PITS]);
    for b in db.game().levels(max) {
        let d = level_depths(db, b)?;
        if let Some((i, &x)) = d
            .iter()
            .enumerate()
            .filter(|(_, x)| **x != u16::MAX)
            .max_by_key(|(_, x)| **x)
            && x > best.0
        {
            best = (x, db.indexer().unrank(b, i as u64));
        }
    }
    Ok(best)
}
