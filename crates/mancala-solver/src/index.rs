//! The perfect index of a board: the combinatorial number system over the pits.
//!
//! A board of `m` pits holding `b` stones in all is a composition of `b` into `m` parts; it is
//! mapped one-to-one onto `0..C(b+m-1, m-1)` through the "stars and bars" subset of
//! `m-1` bar positions in `0..b+m-1` and that subset's colex rank
//! `sum_j C(p_j, j+1)`. Boards are visited in index order by [`Cursor`], without unranking.

/// Pits on the largest board handled (two rows of eight).
pub const MAX_PITS: usize = 16;

/// A board: pit counts in sowing order, the mover's row first; only the first `m` are used.
pub type Board = [u8; MAX_PITS];

/// Ranks and unranks boards of `m` pits by stone count.
#[derive(Clone, Debug)]
pub struct Indexer {
    m: usize,
    /// `binom[a][k]` = C(a, k), for a up to `max_stones + m`.
    binom: Vec<[u64; MAX_PITS + 1]>,
    /// `bar[j][p]` = C(p + j, j + 1): the term of bar `j` when pits `0..=j` hold `p` stones
    /// (at most 255 on any board here), so that ranking needs no bounds checks.
    bar: Box<[[u64; 256]; MAX_PITS - 1]>,
    max_stones: u32,
}

impl Indexer {
    /// An indexer for boards of `m` pits (2..=16) and at most `max_stones` stones.
    pub fn new(m: usize, max_stones: u32) -> Indexer {
        assert!((2..=MAX_PITS).contains(&m), "2 to 16 pits");
        assert!(max_stones <= 255, "at most 255 stones");
        let rows = max_stones as usize + m + 1;
        let mut binom = vec![[0u64; MAX_PITS + 1]; rows];
        for a in 0..rows {
            binom[a][0] = 1;
            for k in 1..=MAX_PITS.min(a) {
                binom[a][k] =
                    binom[a - 1][k - 1].saturating_add(if k < a { binom[a - 1][k] } else { 0 });
            }
        }
        let mut bar = Box::new([[0u64; 256]; MAX_PITS - 1]);
        for (j, row) in bar.iter_mut().enumerate() {
            for (p, v) in row.iter_mut().enumerate().take(rows.saturating_sub(j)) {
                *v = binom[p + j][j + 1];
            }
        }
        Indexer {
            m,
            binom,
            bar,
            max_stones,
        }
    }

    /// Pits on the board.
    pub fn pits(&self) -> usize {
        self.m
    }

    /// Number of boards holding exactly `b` stones: C(b+m-1, m-1).
    pub fn level_size(&self, b: u32) -> u64 {
        assert!(b <= self.max_stones);
        self.binom[b as usize + self.m - 1][self.m - 1]
    }

    /// The index of `board` among the boards with the same number of stones.
    #[inline]
    pub fn rank(&self, board: &Board) -> u64 {
        let mut r = 0u64;
        let mut p = 0usize;
        for (j, &c) in board[..self.m - 1].iter().enumerate() {
            p += c as usize;
            // Bar j sits after the stones of pits 0..=j and the j bars before it.
            r += self.bar[j][p & 0xff];
        }
        r
    }

    /// A board's prefix sums and its rank, from which [`Self::rank_sown_back`] ranks the
    /// boards a move played backwards makes of it.
    ///
    /// `M`, when not 0, is the board's pits, known when compiled.
    #[inline]
    pub(crate) fn terms<const M: usize>(&self, board: &Board) -> Terms {
        debug_assert!(M == 0 || M == self.m);
        let m = if M == 0 { self.m } else { M };
        // Byte j of the product is the sum of the pits 0..=j (at most 255 stones: no byte
        // carries into the next).
        let prefix = u128::from_le_bytes(*board)
            .wrapping_mul(u128::from_le_bytes([1; MAX_PITS]))
            .to_le_bytes();
        let rank = (0..m - 1).map(|j| self.bar[j][prefix[j] as usize]).sum();
        Terms { prefix, rank }
    }

    /// The index of the board of `t` ([`Self::terms`]) with its pit `o` given `s` seeds
    /// more, one taken from each of the `s` pits after it (`o + s < m`): the board before a
    /// move from `o` that sowed `s` seeds after it without going round. Only the bars
    /// `o..o + s` move (the prefix sums of the pits between gain `s` less those taken back so
    /// far), so this reads `2s` terms, not `m - 1`.
    ///
    /// `M`, when not 0, is the board's pits, known when compiled.
    #[inline]
    pub(crate) fn rank_sown_back<const M: usize>(&self, t: &Terms, o: usize, s: usize) -> u64 {
        debug_assert!(M == 0 || M == self.m);
        let m = if M == 0 { self.m } else { M };
        debug_assert!(o + s < m);
        let mut r = t.rank;
        // The last pit has no bar.
        for j in o..(o + s).min(m - 1) {
            let p = t.prefix[j] as usize;
            r = r + self.bar[j][(p + s - (j - o)) & 0xff] - self.bar[j][p];
        }
        r
    }

    /// The board with `b` stones and index `r` (`r < level_size(b)`).
    pub fn unrank(&self, b: u32, mut r: u64) -> Board {
        let k = self.m - 1;
        let mut bars = [0usize; MAX_PITS];
        let mut hi = b as usize + k; // bars lie in 0..hi
        for j in (0..k).rev() {
            // The largest p < hi with C(p, j+1) <= r.
            let mut p = hi - 1;
            while self.binom[p][j + 1] > r {
                p -= 1;
            }
            bars[j] = p;
            r -= self.binom[p][j + 1];
            hi = p;
        }
        board_from_bars(&bars, self.m, b)
    }

    /// A cursor on the board of index `r` with `b` stones, stepping through the level in order.
    pub fn cursor(&self, b: u32, r: u64) -> Cursor {
        Cursor {
            board: self.unrank(b, r),
            m: self.m,
        }
    }
}

fn board_from_bars(bars: &[usize; MAX_PITS], m: usize, b: u32) -> Board {
    let k = m - 1;
    let mut board = [0u8; MAX_PITS];
    let mut prev: isize = -1;
    for j in 0..k {
        board[j] = (bars[j] as isize - prev - 1) as u8;
        prev = bars[j] as isize;
    }
    board[k] = (b as isize + k as isize - 1 - prev) as u8;
    board
}

/// A board's prefix sums and the terms of its rank ([`Indexer::terms`]).
#[derive(Clone, Debug)]
pub(crate) struct Terms {
    prefix: [u8; MAX_PITS],
    rank: u64,
}

/// Walks the boards of one stone count in index order.
#[derive(Clone, Debug)]
pub struct Cursor {
    board: Board,
    m: usize,
}

impl Cursor {
    /// The current board.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Moves to the next board in index order (colex successor of the bar set).
    ///
    /// Bar `j` of the next set is the lowest that can move up one place: the one just before
    /// the first pit `q >= 1` holding stones. Moving it takes a stone from pit `q` into pit
    /// `q - 1`, and the bars below it drop to the bottom, which gathers the stones of pits
    /// `0..q-1` (those of pit 0 alone: pits `1..q` are empty) into pit `q - 1` too.
    #[inline]
    pub fn advance(&mut self) {
        let b = &mut self.board;
        let Some(q) = (1..self.m).find(|&q| b[q] > 0) else {
            return; // past the last board: stays put
        };
        let s = b[0];
        b[0] = 0;
        b[q - 1] = s + 1;
        b[q] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_unrank_and_cursor_agree_on_every_board() {
        for m in [2usize, 3, 6] {
            let ix = Indexer::new(m, 9);
            for b in 0..=9 {
                let n = ix.level_size(b);
                let mut cur = ix.cursor(b, 0);
                let mut seen = std::collections::HashSet::new();
                for r in 0..n {
                    let board = ix.unrank(b, r);
                    assert_eq!(board[..m].iter().map(|&c| c as u32).sum::<u32>(), b);
                    assert_eq!(ix.rank(&board), r, "m={m} b={b}");
                    assert_eq!(cur.board(), &board, "cursor at {r}");
                    assert!(seen.insert(board));
                    cur.advance();
                }
            }
        }
    }

    /// `rank_sown_back` gives the index of the board it describes, for every pit and every
    /// number of seeds that fits, on every board of small levels of 12 and 6 pits (12 also
    /// compiled for twelve pits, as the builds of games of six pits a row use it).
    #[test]
    fn ranks_of_moves_played_back_are_the_boards_ranks() {
        for (m, top) in [(12usize, 6u32), (6, 9)] {
            let ix = Indexer::new(m, top + m as u32);
            for b in 0..=top {
                let mut cur = ix.cursor(b, 0);
                for r in 0..ix.level_size(b) {
                    if r > 0 {
                        cur.advance();
                    }
                    let after = *cur.board();
                    let t = ix.terms::<0>(&after);
                    assert_eq!(t.rank, r);
                    let t12 = (m == 12).then(|| ix.terms::<12>(&after));
                    assert!(t12.as_ref().is_none_or(|t| t.rank == r));
                    for o in 0..m {
                        let mut before = after;
                        for s in 1..m - o {
                            if before[o + s] == 0 {
                                break;
                            }
                            before[o + s] -= 1;
                            before[o] = after[o] + s as u8;
                            assert_eq!(
                                ix.rank_sown_back::<0>(&t, o, s),
                                ix.rank(&before),
                                "m={m} board {:?} o={o} s={s}",
                                &after[..m]
                            );
                            if let Some(t) = &t12 {
                                assert_eq!(ix.rank_sown_back::<12>(t, o, s), ix.rank(&before));
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn indices_past_32_bits_round_trip() {
        // Mangala II level 32: C(43, 11) = 5,752,004,349 boards, more than 2^32.
        let ix = Indexer::new(12, 36);
        let n = ix.level_size(32);
        assert_eq!(n, 5_752_004_349);
        let mut seen = std::collections::HashSet::new();
        for r in (0..200u64)
            .chain(u32::MAX as u64 - 100..u32::MAX as u64 + 100)
            .chain(n - 200..n)
        {
            let board = ix.unrank(32, r);
            assert_eq!(board[..12].iter().map(|&c| c as u32).sum::<u32>(), 32);
            assert_eq!(ix.rank(&board), r);
            assert!(seen.insert(board));
            let mut cur = ix.cursor(32, r);
            assert_eq!(cur.board(), &board);
            if r + 1 < n {
                cur.advance();
                assert_eq!(ix.rank(cur.board()), r + 1);
            }
        }
        assert_eq!(
            &ix.unrank(32, n - 1)[..12],
            &[32u8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
    }

    #[test]
    fn level_sizes_are_binomials() {
        let ix = Indexer::new(12, 24);
        assert_eq!(ix.level_size(0), 1);
        assert_eq!(ix.level_size(1), 12);
        assert_eq!(ix.level_size(24), 417_225_900); // C(35, 11)
        let ix = Indexer::new(6, 42);
        assert_eq!(ix.level_size(42), 1_533_939); // C(47, 5)
    }
}
