//! Levels of a game whose repetition ending depends on where the cycle closes (Oware: a
//! position that occurs again ends the game, each player taking the seeds of his own row).
//!
//! There a board has no value independent of the game's history: what a cycle is worth
//! depends on the board it closes on. What every history shares is a pair of bounds. `lo` is
//! the share the mover can force whatever a repetition would give (as if it gave him nothing),
//! `hi` the share the opponent can hold him to whatever it would give (as if it gave the mover
//! everything). Both are least fixpoints of forcing a way out of the level (attractors), so the
//! strategies that reach them never bring a position back: from a board with no position since
//! the last capture in its history (the first board of a level in a game), the mover's perfect
//! play gets between `lo` and `hi`, and exactly `lo` when `lo == hi`.
//!
//! The method is that of [`crate::level`], for every threshold `k` from `B` down to 1 and with
//! the two sets of a threshold kept apart, as they may overlap below the half: `W_k` (the mover
//! forces at least `k`: `lo >= k`) and `L_k` (the opponent forces the mover to at most `B - k`:
//! `hi <= B - k`). A capture into a lower board whose value is itself only bounded counts with
//! the bound that is worse for the side it must be sure of. A board is stored as its two
//! bounds (file encoding 2), equal where its value is exact.
//!
//! While a level is built, everything known of a board lives in one 32-bit word (see
//! [`Word`]), so a move played backwards reaches one cache line, and the build needs four bytes
//! a board and three bits (at 30 seeds in Oware's twelve pits: 3.16 × 10^9 boards, 13.8 GB).
//! A level small enough for its words and every board's predecessors to fit in the
//! processor's last-level cache also lists the predecessors ([`Predecessors`], about sixteen
//! bytes a board more, taken only within a memory limit), as a board is propagated about
//! twice.

use crate::game::SolverGame;
use crate::index::{Board, Indexer};
use crate::level::{
    CHUNK, GROUP, KEPT, LevelStats, Progress, TOLD_TOGETHER, WORDS, capture_share, prefetch,
    word_predecessors,
};
use crate::memory::Zeroed;
use crate::vector::wide;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// A board's word while its level is built:
///
/// | bits  | what |
/// |-------|------|
/// | 0–6   | `lo` side: its best exit's worth for the mover's sure share, then (once in `W`) the threshold `k` it joined `W_k` at |
/// | 7     | [`W_SET`]: in `W` |
/// | 8–14  | `hi` side: its best exit's worth for the mover's hoped share, then (once in `L`) the threshold it joined `L_k` at |
/// | 15    | [`L_SET`]: in `L` |
/// | 16    | [`NO_EXIT`]: no capture and the game goes on (both exits are none) |
/// | 17, 18| [`CW`], [`CL`]: a safety core's candidates |
/// | 19–23 | the seeds of the mover's row, in a level of at most [`ROW_MAX`] seeds (set by the forward pass) |
/// | 24–27 | a safety core's count of a `W` candidate's moves into its `L` boards |
/// | 28–31 | the moves inside the level not yet known to lead into `W` |
///
/// An exit's worth is no longer needed once its set is joined, so the two share the bits.
pub(crate) type Word = u32;
const VAL: Word = 0x7F;
const W_SET: Word = 1 << 7;
const L_SHIFT: u32 = 8;
const L_SET: Word = 1 << 15;
const NO_EXIT: Word = 1 << 16;
const CW: Word = 1 << 17;
const CL: Word = 1 << 18;
const ROW_SHIFT: u32 = 19;
/// The largest level whose words keep the seeds of the mover's row (five bits).
const ROW_MAX: u32 = 31;
const CNT_SHIFT: u32 = 24;
const CNT_ONE: Word = 1 << CNT_SHIFT;
const CNT_MASK: Word = 0xF << CNT_SHIFT;
const COUNT_SHIFT: u32 = 28;
const COUNT_ONE: Word = 1 << COUNT_SHIFT;

const _: () = assert!(std::mem::align_of::<AtomicU32>() == std::mem::align_of::<Word>());

#[inline(always)]
fn lo_field(x: Word) -> u8 {
    (x & VAL) as u8
}

#[inline(always)]
fn hi_field(x: Word) -> u8 {
    ((x >> L_SHIFT) & VAL) as u8
}

#[inline(always)]
fn count(x: Word) -> u32 {
    x >> COUNT_SHIFT
}

/// Whether a board of word `x` not in `L` joins `L_k` (of level `b`): none of its moves is
/// left outside `W_k` and its exits give the mover at most `b - k`.
#[inline(always)]
fn joins_l(x: Word, b: u8, k: u8) -> bool {
    count(x) == 0 && (x & NO_EXIT != 0 || hi_field(x) <= b - k)
}

/// Puts the board of `w` in `W_k`, unless it is in `W` already; says whether it was put.
#[inline(always)]
fn join_w(w: &AtomicU32, k: u8) -> bool {
    w.fetch_update(Relaxed, Relaxed, |x| {
        (x & W_SET == 0).then_some((x & !VAL) | W_SET | k as Word)
    })
    .is_ok()
}

/// Puts the board of `w` in `L_k`, unless it is in `L` already; says whether it was put.
#[inline(always)]
fn join_l(w: &AtomicU32, k: u8) -> bool {
    w.fetch_update(Relaxed, Relaxed, |x| {
        (x & L_SET == 0).then_some((x & !(VAL << L_SHIFT)) | L_SET | (k as Word) << L_SHIFT)
    })
    .is_ok()
}

/// What a capture is worth to the mover for each bound: (the share he is sure of, the share
/// he may hope for). `(l, h)` are the stored bounds of the board it leads to, `left` stones
/// on it, where he moves `again` or his opponent moves: he is sure of the bound there that is
/// worse for him.
#[inline(always)]
pub(crate) fn capture_worths(captured: u8, left: u8, (l, h): (u8, u8), again: bool) -> (u8, u8) {
    let (sure, hope) = if again { (l, h) } else { (h, l) };
    (
        capture_share(captured, left as u32, sure, again),
        capture_share(captured, left as u32, hope, again),
    )
}

/// Keeps the better of two best exits (for each bound; `None`: no capture yet).
#[inline(always)]
pub(crate) fn better(e: &mut (Option<u8>, Option<u8>), (worst, hoped): (u8, u8)) {
    e.0 = Some(e.0.map_or(worst, |x| x.max(worst)));
    e.1 = Some(e.1.map_or(hoped, |x| x.max(hoped)));
}

/// A board's word after the forward pass: its `inside` moves that stay in the level and its
/// best exit for each bound (the end of a finished game, or its best capture; none: no capture
/// and the game goes on).
#[inline(always)]
pub(crate) fn first_word(inside: u32, best: (Option<u8>, Option<u8>)) -> Word {
    debug_assert!(inside < 16);
    (inside << COUNT_SHIFT)
        | match best {
            (Some(el), Some(eh)) => el as Word | (eh as Word) << L_SHIFT,
            _ => NO_EXIT,
        }
}

/// Whether a board of word `x` joins `W_k` at the start of threshold `k`: not in `W`, its
/// best exit for the lower bound worth at least `k`.
#[inline(always)]
fn starts_w(x: Word, k: u8) -> bool {
    x & (W_SET | NO_EXIT) == 0 && lo_field(x) >= k
}

/// Whether a board of word `x` joins `L_k` at the start of threshold `k` of level `b`: not in
/// `L`, no move left outside `W_k` and its exits worth at most `B - k`.
#[inline(always)]
fn starts_l(x: Word, b: u8, k: u8) -> bool {
    x & L_SET == 0 && joins_l(x, b, k)
}

/// The start of threshold `k` of level `b` for a board of word `x`: its word then, and
/// whether it has just joined `W_k` and `L_k` ([`starts_w`], [`starts_l`]).
#[inline(always)]
fn start(x: Word, b: u8, k: u8) -> (Word, bool, bool) {
    let mut y = x;
    let w = starts_w(x, k);
    if w {
        y = (y & !VAL) | W_SET | k as Word;
    }
    let l = starts_l(x, b, k);
    if l {
        y = (y & !(VAL << L_SHIFT)) | L_SET | (k as Word) << L_SHIFT;
    }
    (y, w, l)
}

/// The start of threshold `k` of level `b` over `words` ([`start`] for each board), the boards
/// that join `W_k` and `L_k` marked in `pend` (W, L). With `exits` (a bitmap, and the threshold
/// `k + 1` of a core computed later), the boards whose exits then allow them in that core are
/// marked in it, read before the start changes any word ([`exits_at_most`]). Returns how many
/// boards were marked in `pend`.
pub(crate) fn start_all(
    words: &[AtomicU32],
    pend: (&[AtomicU64], &[AtomicU64]),
    b: u8,
    k: u8,
    exits: Option<(&[AtomicU64], u8)>,
) -> u64 {
    words
        .par_chunks(CHUNK)
        .enumerate()
        .with_max_len(1)
        .map(|(c, ws)| start_chunk(c, ws, pend, b, k, exits))
        .sum()
}

wide! {
    /// [`start_all`] over the words `ws` of chunk `c`: returns how many boards it marked.
    fn start_chunk(
        c: usize,
        ws: &[AtomicU32],
        pend: (&[AtomicU64], &[AtomicU64]),
        b: u8,
        k: u8,
        exits: Option<(&[AtomicU64], u8)>,
    ) -> u64 {
        let (pend_w, pend_l) = pend;
        // Eight bytes of 0 or 1 to eight bits, byte i to bit i.
        const PACK: u64 = 0x0102_0408_1020_4080;
        const ONES: u64 = 0x0101_0101_0101_0101;
        let mut marked = 0;
        for (g, group) in ws.chunks(64).enumerate() {
            // Which of the 64 boards start, read without a branch or an atomic access (the loop
            // is vectorised): 1 joins W_k, 2 joins L_k; 4 for the exits.
            let mut joins = [0u8; 64];
            // Safety: no other thread reads or writes these boards' words during the start (each
            // piece of parallel work has its own), and this view of them ends before any is
            // written.
            let seen: &[u32] =
                unsafe { std::slice::from_raw_parts(group.as_ptr() as *const u32, group.len()) };
            for (j, &x) in joins.iter_mut().zip(seen) {
                *j = starts_w(x, k) as u8 | (starts_l(x, b, k) as u8) << 1;
            }
            if let Some((_, later)) = exits {
                for (j, &x) in joins.iter_mut().zip(seen) {
                    *j |= (exits_at_most(x, b, later) as u8) << 2;
                }
            }
            let (mut into_w, mut into_l, mut ok) = (0u64, 0u64, 0u64);
            for (i, eight) in joins.chunks_exact(8).enumerate() {
                let x = u64::from_le_bytes(eight.try_into().unwrap());
                into_w |= ((x & ONES).wrapping_mul(PACK) >> 56) << (8 * i);
                into_l |= (((x >> 1) & ONES).wrapping_mul(PACK) >> 56) << (8 * i);
                if exits.is_some() {
                    ok |= (((x >> 2) & ONES).wrapping_mul(PACK) >> 56) << (8 * i);
                }
            }
            let mut all = into_w | into_l;
            while all != 0 {
                let t = all.trailing_zeros() as usize;
                all &= all - 1;
                let w = &group[t];
                w.store(start(w.load(Relaxed), b, k).0, Relaxed);
            }
            let at = c * (CHUNK / 64) + g;
            if let Some((bits, _)) = exits {
                // Boards past the level's end read as none (their bytes are 0).
                bits[at].store(ok, Relaxed);
            }
            if into_w != 0 {
                pend_w[at].fetch_or(into_w, Relaxed);
            }
            if into_l != 0 {
                pend_l[at].fetch_or(into_l, Relaxed);
            }
            marked += (into_w.count_ones() + into_l.count_ones()) as u64;
        }
        marked
    }
}

/// Tells a board that one of its moves inside the level leads to a board just put in `W_k`
/// (of level `b`): one move fewer not known to lead into `W`; says whether this puts it in
/// `L_k`. Counted down even when it is in `L_k` already (its count no longer matters then,
/// and a board's count is its moves inside the level, each told once).
#[inline(always)]
pub(crate) fn told_into_w(w: &AtomicU32, b: u8, k: u8) -> bool {
    let old = w.fetch_sub(COUNT_ONE, Relaxed);
    debug_assert!(count(old) > 0, "a move told twice");
    let x = old - COUNT_ONE;
    x & L_SET == 0 && joins_l(x, b, k) && join_l(w, k)
}

/// Tells a board that one of its moves leads to a board just put in `L_k`: it joins `W_k`
/// unless it is in `W` already; says whether it joined.
#[inline(always)]
pub(crate) fn told_into_l(w: &AtomicU32, k: u8) -> bool {
    join_w(w, k)
}

/// Whether threshold `k` of a level of `stones` decides outcomes (`k` = `B/2` and the first
/// above it): the thresholds where the safety cores are computed.
#[inline(always)]
pub(crate) fn core_threshold(k: u8, stones: u32) -> bool {
    let k2 = 2 * k as u32;
    k2 == stones || k2 == stones + 1 || k2 == stones + 2
}

/// The bits of a word that keep `own` seeds in the mover's row (levels of at most [`ROW_MAX`]
/// seeds).
#[inline(always)]
pub(crate) fn row_bits(own: u8) -> Word {
    debug_assert!(own as u32 <= ROW_MAX);
    (own as Word) << ROW_SHIFT
}

/// Whether the words of level `stones` keep the seeds of the mover's row ([`row_bits`]): up to
/// [`ROW_MAX`] seeds (in tests, up to [`ROWS_KEPT_UP_TO`]). Asked once a level: its forward
/// pass keeps the rows, and its cores read them, or both do without.
#[inline(always)]
fn keeps_row(stones: u32) -> bool {
    #[cfg(test)]
    if stones > ROWS_KEPT_UP_TO.load(Relaxed) {
        return false;
    }
    stones <= ROW_MAX
}

/// The largest level whose words keep the seeds of the mover's row in tests, which lower it
/// to build small levels the way levels above [`ROW_MAX`] are built (their cores count the
/// rows again with a cursor); those levels are the same, so tests running meanwhile are only
/// slower.
#[cfg(test)]
static ROWS_KEPT_UP_TO: AtomicU32 = AtomicU32::new(ROW_MAX);

/// The seeds of the mover's row a word keeps ([`row_bits`]).
#[inline(always)]
fn row_of(x: Word) -> u8 {
    ((x >> ROW_SHIFT) & ROW_MAX) as u8
}

/// A board's word with its safety-core candidate flags at threshold `k` of level `b` set and
/// its core count cleared: `own` seeds in the mover's row (see [`safe_core`]).
#[inline(always)]
pub(crate) fn core_candidate(x: Word, own: u8, b: u8, k: u8) -> Word {
    let x = x & !(CW | CL | CNT_MASK);
    // A board the opponent holds to at most B - k' with k + k' > B (in L_k' by an attractor
    // strategy, which reaches an exit without a repetition) is in no core where its mover is
    // sure of k: against that strategy the play would reach an exit worth at least k to him
    // and at most B - k' < k. Likewise a board in W_k' is in no core where its opponent is
    // sure of k. Leaving them out leaves the greatest fixpoint as it is (it lies among the
    // candidates left) and spares their removals.
    let held = |set: Word, at: u8| x & set != 0 && at > b - k;
    let mut f = 0;
    if x & W_SET == 0 && own >= k && !held(L_SET, hi_field(x)) {
        f |= CW;
    }
    if x & L_SET == 0
        && b - own >= k
        && (x & NO_EXIT != 0 || hi_field(x) <= b - k)
        && !held(W_SET, lo_field(x))
    {
        f |= CL;
    }
    x | f
}

/// A board's word with its candidate flags set for the safety core at `k = B/2 + 1` of an
/// even level `b` computed once threshold `B/2` is done (its cores included), and its core
/// count cleared: `own` seeds in the mover's row, `exits_ok` when its exits gave the mover at
/// most `b - k` once threshold `k` was done (a board that joined `L` since no longer keeps its
/// exits' worth).
///
/// That core, against the sets as they were at `k`, is found among fewer candidates once
/// `B/2` is done. Each condition at `k` implies the one at `k - 1` and the sets only grew, so
/// the boards of the core not in the sets at `k - 1` would be a core there; no core is left at
/// `k - 1` once it is done. So the core's `W` boards joined `W` at `k - 1` exactly and its `L`
/// boards `L` at `k - 1`: these are its only candidates, about half those at its own time.
/// Boards in a set at `k - 1` of the other side are left out as in [`core_candidate`], and the
/// sets at `k` are those joined at `k` or above ([`core_target`]). Where the core so found is
/// not empty (Oware's level 4), the level is built again with the core at its own time.
#[inline(always)]
pub(crate) fn deferred_candidate(x: Word, own: u8, b: u8, k: u8, exits_ok: bool) -> Word {
    debug_assert!(b.is_multiple_of(2) && 2 * k == b + 2);
    let x = x & !(CW | CL | CNT_MASK);
    let held = |set: Word, at: u8| x & set != 0 && at > b - k;
    let mut f = 0;
    if x & W_SET != 0 && lo_field(x) == k - 1 && own >= k && !held(L_SET, hi_field(x)) {
        f |= CW;
    }
    if x & L_SET != 0
        && hi_field(x) == k - 1
        && b - own >= k
        && exits_ok
        && !held(W_SET, lo_field(x))
    {
        f |= CL;
    }
    x | f
}

/// Whether the exits of a board of word `x` give its mover at most `b - k`, read once
/// threshold `k` of level `b` is done, for the core at `k` computed later
/// ([`deferred_candidate`]); a board in `L` is none of its candidates.
#[inline(always)]
fn exits_at_most(x: Word, b: u8, k: u8) -> bool {
    x & L_SET == 0 && (x & NO_EXIT != 0 || hi_field(x) <= b - k)
}

/// Whether the distributed build's safety core count generates the moves of a board of word
/// `x` (this build counts from the `L` boards' predecessors, [`core_removals`]): those of every
/// `W` candidate. An `L` candidate's moves all lead into the core's `W` boards or `W_k`: a
/// move inside the level only adds seeds to the row of the side sure of `k` (who moves next),
/// so he still holds at least `k` there. Debug builds count them too and check this.
#[inline(always)]
pub(crate) fn core_counts_moves(x: Word) -> bool {
    x & CW != 0 || (cfg!(debug_assertions) && x & CL != 0)
}

/// Whether a move inside the level to a board whose mover's row holds `row` seeds (of level
/// `b`) may lead into the `L` boards of the core at threshold `k`: the side that just moved,
/// sure of `k`, still holds at least `k` in his row.
#[inline(always)]
pub(crate) fn core_keeps_row(row: u8, b: u8, k: u8) -> bool {
    b - row >= k
}

/// What a move into a board of word `x` is for a candidate's count in the safety core at
/// threshold `k`: a move into the core's `L` boards or `L_k` (bit 0), a move into its `W`
/// boards or `W_k` (bit 1). A board in a set joined it at its threshold, `k` or above, except
/// in the core at `B/2 + 1` computed after the threshold below (see [`deferred_candidate`]).
#[inline(always)]
pub(crate) fn core_target(x: Word, k: u8) -> u8 {
    let into_l = x & CL != 0 || (x & L_SET != 0 && hi_field(x) >= k);
    let into_w = x & CW != 0 || (x & W_SET != 0 && lo_field(x) >= k);
    into_l as u8 | (into_w as u8) << 1
}

/// For the distributed build's count: a candidate of word `w` (`f` when its moves were
/// counted) whose moves inside the level
/// lead `into_l` times into the core's `L` boards or `L_k`, and all into its `W` boards or
/// `W_k` when `all_w`: keeps the count; says whether it fails at once as a `W` candidate (no
/// move into the core's `L` side) and as an `L` candidate (a move out of its `W` side).
#[inline(always)]
pub(crate) fn core_counted(w: &AtomicU32, f: Word, into_l: u32, all_w: bool) -> (bool, bool) {
    debug_assert!(into_l < 16);
    debug_assert!(
        f & CL == 0 || all_w,
        "an L candidate's move leads out of the core's W side"
    );
    if into_l > 0 {
        w.fetch_add(into_l << CNT_SHIFT, Relaxed);
    }
    (f & CW != 0 && into_l == 0, f & CL != 0 && !all_w)
}

/// Takes the flag of the candidates of `bits` (bitmap word `at`) out: `CW` when `w_side`,
/// else `CL`.
#[inline(always)]
pub(crate) fn core_take_out(words: &[AtomicU32], at: usize, mut bits: u64, w_side: bool) {
    let flag = if w_side { CW } else { CL };
    while bits != 0 {
        let i = at * 64 + bits.trailing_zeros() as usize;
        bits &= bits - 1;
        words[i].fetch_and(!flag, Relaxed);
    }
}

/// A `W` candidate just taken out of the core tells a predecessor: it is no longer an `L`
/// candidate (one of its moves leads out of the core's `W` side); says whether it was one.
/// The word, prefetched, is read first: most predecessors are no candidate, and a plain read
/// spares them the locked write.
#[inline(always)]
pub(crate) fn core_w_gone(w: &AtomicU32) -> bool {
    w.load(Relaxed) & CL != 0 && w.fetch_and(!CL, Relaxed) & CL != 0
}

/// An `L` candidate just taken out tells a predecessor: a `W` candidate has one move into the
/// core's `L` side fewer, and leaves with none left; says whether it left.
#[inline(always)]
pub(crate) fn core_l_gone(w: &AtomicU32) -> bool {
    if w.load(Relaxed) & CW == 0 {
        return false;
    }
    let old = w.fetch_sub(CNT_ONE, Relaxed);
    debug_assert!(old & CNT_MASK != 0, "a move told twice");
    old & CNT_MASK == CNT_ONE && w.fetch_and(!CW, Relaxed) & CW != 0
}

/// A board of the core found joins the sets at `k`: says whether it joined `W_k`, `L_k`.
#[inline(always)]
pub(crate) fn core_join(w: &AtomicU32, k: u8) -> (bool, bool) {
    let x = w.load(Relaxed);
    (x & CW != 0 && join_w(w, k), x & CL != 0 && join_l(w, k))
}

/// A board's bounds from its word at the end of level `b`: `lo` the highest `k` of `W_k`
/// (0: none), `hi` = `B` - the highest `k` of `L_k` (`B`: none).
#[inline(always)]
fn bounds_of(x: Word, b: u8) -> (u8, u8) {
    let lo = if x & W_SET != 0 { lo_field(x) } else { 0 };
    let hi = if x & L_SET != 0 { b - hi_field(x) } else { b };
    (lo, hi)
}

/// The boards won, drawn and lost whose outcome the bounds decide, the others undecided, and
/// those not exact, of the words of level `stones` at its end.
pub(crate) fn settle(words: &[Word], stones: u32) -> LevelStats {
    words
        .par_chunks(CHUNK)
        .enumerate()
        .with_max_len(1)
        .map(|(c, ws)| settle_chunk(c * CHUNK, ws, stones))
        .reduce(LevelStats::default, |a, b| a.plus(&b))
}

wide! {
    /// [`settle`] over the words `ws`, of the boards from index `first` on.
    fn settle_chunk(first: usize, ws: &[Word], stones: u32) -> LevelStats {
        let b = stones as u8;
        let mut s = LevelStats::default();
        for (j, &x) in ws.iter().enumerate() {
            let (lo, hi) = bounds_of(x, b);
            debug_assert!(lo <= hi, "board {} of level {stones}: {lo} > {hi}", first + j);
            let win = 2 * lo as u32 > stones;
            let loss = !win && (2 * hi as u32) < stones;
            let draw = !win && !loss && lo == hi;
            s.inexact += (lo != hi) as u64;
            s.wins += win as u64;
            s.losses += loss as u64;
            s.draws += draw as u64;
            s.undecided += (!win && !loss && !draw) as u64;
        }
        s
    }
}

/// The bounds of the words of level `stones` at its end, written over them in index order:
/// board i's two bytes (`lo`, `hi`) go to bytes 2i and 2i + 1. Each chunk's bounds are first
/// written over the first half of its own words (in parallel), then moved down in chunk order
/// (a chunk's bounds land below the words of every later chunk).
pub(crate) fn into_bounds(mut words: Zeroed<Word>, stones: u32) -> Bounds {
    let b = stones as u8;
    let size = words.len();
    words
        .par_chunks_mut(CHUNK)
        .with_max_len(1)
        .for_each(|ws| pack_bounds(ws, b));
    // Safety: the words are 4 * size initialised bytes; the view ends before `words` is used
    // again.
    let bytes = unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr() as *mut u8, 4 * size) };
    for c in 1..size.div_ceil(CHUNK) {
        let len = 2 * CHUNK.min(size - c * CHUNK);
        bytes.copy_within(4 * c * CHUNK..4 * c * CHUNK + len, 2 * c * CHUNK);
    }
    Bounds {
        words,
        boards: size,
    }
}

wide! {
    /// The bounds of the words `ws` of level `b`, written over the first half of them (board
    /// j's at bytes 2j and 2j + 1), 64 boards at a time: a block's words are read before its
    /// bounds are written, and its bounds end below the next block's words.
    fn pack_bounds(ws: &mut [Word], b: u8) {
        const BLOCK: usize = 64;
        let len = ws.len();
        let at = ws.as_mut_ptr();
        let mut i = 0;
        while i < len {
            let n = BLOCK.min(len - i);
            let mut block = [0 as Word; BLOCK];
            let mut out = [0u8; 2 * BLOCK];
            // Safety: words i..i + n are in `ws`, and bytes 2i..2(i + n) too; those bytes lie
            // below the end of this block's words (4(i + n)), so they overwrite only words of
            // this block, copied first, or of blocks before it.
            unsafe { std::ptr::copy_nonoverlapping(at.add(i), block.as_mut_ptr(), n) };
            for (pair, &x) in out.chunks_exact_mut(2).zip(&block) {
                let (lo, hi) = bounds_of(x, b);
                pair[0] = lo;
                pair[1] = hi;
            }
            let to = unsafe { (at as *mut u8).add(2 * i) };
            unsafe { std::ptr::copy_nonoverlapping(out.as_ptr(), to, 2 * n) };
            i += n;
        }
    }
}

/// The words' bytes, little-endian, as a checkpoint keeps them: a view of them where the
/// machine is little-endian, a copy elsewhere. No word may change while the view lives.
pub(crate) fn words_le(words: &[AtomicU32]) -> std::borrow::Cow<'_, [u8]> {
    if cfg!(target_endian = "little") {
        // Safety: AtomicU32 has the size and alignment of u32 and no padding, so the slice's
        // memory is 4 * len initialised bytes; the caller writes no word while it is read.
        std::borrow::Cow::Borrowed(unsafe {
            std::slice::from_raw_parts(words.as_ptr() as *const u8, 4 * words.len())
        })
    } else {
        std::borrow::Cow::Owned(
            words
                .iter()
                .flat_map(|w| w.load(Relaxed).to_le_bytes())
                .collect(),
        )
    }
}

/// Views words as atomic words.
pub(crate) fn atomic(words: &mut [Word]) -> &[AtomicU32] {
    // Safety: AtomicU32 has the size, alignment (asserted above) and bit validity of u32, and
    // the exclusive borrow guarantees no other access while the atomic view lives.
    unsafe { &*(words as *mut [Word] as *const [AtomicU32]) }
}

/// Puts board `i` among those of a bitmap.
#[inline(always)]
pub(crate) fn mark(bits: &[AtomicU64], i: usize) {
    bits[i / 64].fetch_or(1 << (i % 64), Relaxed);
}

/// Marks board `i` in `pend` (W, L) for each set it just joined; returns how many.
#[inline(always)]
pub(crate) fn mark_joined(
    (pend_w, pend_l): (&[AtomicU64], &[AtomicU64]),
    i: usize,
    (into_w, into_l): (bool, bool),
) -> u64 {
    if into_w {
        mark(pend_w, i);
    }
    if into_l {
        mark(pend_l, i);
    }
    into_w as u64 + into_l as u64
}

/// Every board's predecessors inside the level, ranked: a list a board, made once by the
/// forward pass, for the levels small enough ([`lists_predecessors`]).
///
/// A board is propagated when it joins `W`, when it joins `L`, and when a safety core takes it
/// out (and an `L` candidate's predecessors are read once more for a core's count): about 2.7
/// times a board at level 12. Generating its predecessors each time (unsowing, checking
/// captures, ranking) is most of the build's instructions; read from a list, each is one load,
/// where the list stays in the processor's last-level cache. A Mangala II board is propagated
/// at most once, so lists would only add a pass there.
pub(crate) struct Predecessors {
    /// For each chunk of [`CHUNK`] boards: the end of each board's run in the chunk's list,
    /// and the list.
    chunks: Vec<(Vec<u32>, Vec<u32>)>,
}

/// About the bytes of a board's list ([`Predecessors`]): the end of its run and three
/// predecessors of four bytes (Oware's boards have 2.74 a board at level 12, 3.04 at level 16).
const LIST_BYTES_A_BOARD: u64 = 4 + 3 * 4;

/// Whether the build of a level of `boards` boards lists every board's predecessors
/// ([`Predecessors`]): when its words and the lists (about [`LIST_BYTES_A_BOARD`] bytes a
/// board) fit in the processor's last-level cache, and the lists, counted with a predecessor
/// more a board, within the `spare` memory the build may take beyond [`memory_needed`]. Read
/// from lists that do not fit that cache, a board's run is a miss that waits where generating
/// its predecessors is work done in the caches: no faster (`docs/oware-speed.md`, *On a third
/// machine, and every board's predecessors listed*). `MANCALA_SOLVER_LISTS=0` or `1` decides
/// instead, to measure both ways ([`lists_forced`]).
fn lists_predecessors(boards: usize, spare: Option<u64>) -> bool {
    // A predecessor's index is kept in four bytes.
    if boards > u32::MAX as usize {
        return false;
    }
    #[cfg(test)]
    match LISTS_IN_TESTS.load(Relaxed) {
        1 => return false,
        2 => return true,
        _ => {}
    }
    if let Some(forced) = lists_forced(std::env::var("MANCALA_SOLVER_LISTS").ok().as_deref()) {
        return forced;
    }
    let lists = boards as u64 * LIST_BYTES_A_BOARD;
    lists + boards as u64 * 4 <= crate::memory::last_level_cache()
        && spare.is_none_or(|m| lists + boards as u64 * 4 <= m)
}

/// What `MANCALA_SOLVER_LISTS` (`value`) decides for [`lists_predecessors`]: `0` no lists, `1`
/// lists; unset or any other value, the rule.
fn lists_forced(value: Option<&str>) -> Option<bool> {
    match value {
        Some("0") => Some(false),
        Some("1") => Some(true),
        _ => None,
    }
}

/// Tests: 0 the rule of [`lists_predecessors`], 1 never lists, 2 always.
#[cfg(test)]
static LISTS_IN_TESTS: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

impl Predecessors {
    /// The list holding board `i`'s run, and where the run starts and ends in it.
    #[inline(always)]
    fn run(&self, i: usize) -> (&[u32], usize, usize) {
        let (ends, list) = &self.chunks[i / CHUNK];
        let j = i % CHUNK;
        let from = if j == 0 { 0 } else { ends[j - 1] as usize };
        (list, from, ends[j] as usize)
    }

    /// The predecessors of board `i`.
    #[inline(always)]
    fn of(&self, i: usize) -> &[u32] {
        let (list, from, to) = self.run(i);
        &list[from..to]
    }

    /// Asks for the end of board `i`'s run (where its run is found) to be brought into the
    /// cache.
    #[inline(always)]
    fn prefetch_end(&self, i: usize) {
        let (ends, _) = &self.chunks[i / CHUNK];
        prefetch(&ends[i % CHUNK]);
    }

    /// Asks for the start of board `i`'s run to be brought into the cache.
    #[inline(always)]
    fn prefetch_run(&self, i: usize) {
        let (list, from, _) = self.run(i);
        if let Some(p) = list.get(from) {
            prefetch(p);
        }
    }

    /// Each predecessor of the boards of `bits`, bitmap word `w`, to `each`.
    #[inline(always)]
    fn of_word(&self, w: usize, mut bits: u64, mut each: impl FnMut(usize)) {
        while bits != 0 {
            let i = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            for &p in self.of(i) {
                each(p as usize);
            }
        }
    }
}

/// How many decided boards a sweep takes at a time from those it keeps, when it reads their
/// predecessors from lists: their runs are prefetched together.
const LIST_AHEAD: usize = 8;

/// No seeds: what a sweep that reads predecessors from lists keeps of a board.
const NO_SEEDS: Board = [0; crate::index::MAX_PITS];

/// A bitmap of `boards` boards, none marked.
pub(crate) fn bitmap(boards: usize) -> Zeroed<AtomicU64> {
    Zeroed::new(boards.div_ceil(64))
}

/// The boards of the safety core at threshold `k` not yet in `W_k` or `L_k`: the greatest
/// set of boards where the side sure of `k` (the mover on a `W` board, his opponent on an `L`
/// board) holds at least `k` in his own row, from which he keeps the play in the set or in
/// `W_k`/`L_k`: on a `W` board some move leads into the core's `L` boards or `L_k`; on an `L`
/// board every exit gives him at least `k` and every move inside the level leads into the
/// core's `W` boards or `W_k`. Played so, either the play reaches `W_k`/`L_k` (and an exit
/// worth `k` by their attractor strategies, never coming back) or it stays in the core, where
/// any repetition gives him his own row, at least `k`. Computed by removing the boards that
/// fail (a greatest fixpoint: the same whatever the order); its boards join `W_k` and `L_k`
/// and are marked in `pend` (W, L) for the propagation. `kept`: whether the words keep the
/// rows; `lists`: the level's predecessors, if listed. Returns how many joined.
fn safe_core(
    g: (&SolverGame, &Indexer, u32),
    k: u8,
    words: &[AtomicU32],
    pend: (&[AtomicU64], &[AtomicU64]),
    kept: bool,
    lists: Option<&Predecessors>,
) -> u64 {
    let left = core_removals(g, k, words, pend, None, kept, lists);
    if left == 0 {
        return 0;
    }
    // What is left joins the sets at k.
    let (pend_w, pend_l) = pend;
    words
        .par_chunks(CHUNK)
        .enumerate()
        .with_max_len(1)
        .map(|(c, ws)| {
            let mut joined = 0;
            for (j, w) in ws.iter().enumerate() {
                joined += mark_joined((pend_w, pend_l), c * CHUNK + j, core_join(w, k));
            }
            joined
        })
        .sum()
}

/// The safety core at `k = B/2 + 1` of an even level, computed once threshold `B/2` is done
/// ([`deferred_candidate`]; `exits_ok`: the boards whose exits gave the mover at most `B - k`
/// once threshold `k` was done; `pend`: the bitmaps of the propagation, empty; `kept`: whether
/// the words keep the rows; `lists`: the level's predecessors, if listed). Returns whether it
/// is empty; its boards, if any, are in no set.
fn deferred_core_empty(
    g: (&SolverGame, &Indexer, u32),
    k: u8,
    words: &[AtomicU32],
    pend: (&[AtomicU64], &[AtomicU64]),
    exits_ok: &[AtomicU64],
    kept: bool,
    lists: Option<&Predecessors>,
) -> bool {
    let left = core_removals(g, k, words, pend, Some(exits_ok), kept, lists);
    left == 0
}

/// A board's word with its candidate flags for the safety core at `k` of level `b` set and its
/// core count cleared ([`core_candidate`]); for the core at `B/2 + 1` computed after the
/// threshold below, with `after_half` saying whether its exits allowed it there
/// ([`deferred_candidate`]). `own`: the seeds of the mover's row.
#[inline(always)]
fn flagged(x: Word, own: u8, b: u8, k: u8, after_half: Option<bool>) -> Word {
    match after_half {
        None => core_candidate(x, own, b, k),
        Some(exits_ok) => deferred_candidate(x, own, b, k, exits_ok),
    }
}

wide! {
    /// The candidates of the safety core at `k` of level `b` among the words `ws` of chunk
    /// `c`, flagged as [`core_candidate`] says, or with `exits` (the core at `B/2 + 1` computed
    /// after the threshold below) as [`deferred_candidate`] says, their rows read in their
    /// words: returns how many `W` and `L` candidates there are.
    fn flag_chunk(
        c: usize,
        ws: &[AtomicU32],
        b: u8,
        k: u8,
        exits: Option<&[AtomicU64]>,
    ) -> (u64, u64) {
        // Safety: the flags of a chunk are set by one piece of parallel work, and no other
        // reads or writes its words meanwhile (a plain view, so that the loop is vectorised).
        let view: &mut [u32] =
            unsafe { std::slice::from_raw_parts_mut(ws.as_ptr() as *mut u32, ws.len()) };
        let (mut nw, mut nl) = (0u64, 0u64);
        for (g, group) in view.chunks_mut(64).enumerate() {
            let bits = exits.map_or(0, |m| m[c * (CHUNK / 64) + g].load(Relaxed));
            for (j, x) in group.iter_mut().enumerate() {
                *x = flagged(*x, row_of(*x), b, k, exits.map(|_| bits >> j & 1 == 1));
                nw += (*x & CW != 0) as u64;
                nl += (*x & CL != 0) as u64;
            }
        }
        (nw, nl)
    }
}

/// The boards of a safety core at threshold `k`, left flagged `CW` and `CL` ([`safe_core`]):
/// the candidates (their flags set and their counts cleared by [`core_candidate`], or with
/// `exits` by [`deferred_candidate`]), those that fail taken out. The boards taken out wait
/// in `gone` (W, L): the propagation's bitmaps, empty between its sweeps, and left empty.
/// `kept`: whether the words keep the seeds of the mover's row ([`keeps_row`]); `lists`: the
/// level's predecessors, if listed ([`Predecessors`]). Returns how many flags are left (a
/// board may keep both).
fn core_removals(
    (game, ix, stones): (&SolverGame, &Indexer, u32),
    k: u8,
    words: &[AtomicU32],
    gone: (&[AtomicU64], &[AtomicU64]),
    exits: Option<&[AtomicU64]>,
    kept: bool,
    lists: Option<&Predecessors>,
) -> u64 {
    let b = stones as u8;
    let n = game.pits_per_row();
    let which = if exits.is_some() {
        " (after the threshold below)"
    } else {
        ""
    };
    let phases = std::env::var_os("MANCALA_SOLVER_PHASES").is_some();
    let t = std::time::Instant::now();
    // The candidates, their flags set and their counts cleared. The seeds of the mover's row
    // are those the forward pass kept in the words (checked in debug builds), or counted again
    // on the boards where the words do not keep them.
    // Each piece's W and L candidates, counted as they are flagged.
    let (w_candidates, l_candidates) = words
        .par_chunks(CHUNK)
        .enumerate()
        .with_max_len(1)
        .map(|(c, ws)| {
            // The seeds of the mover's row of each board of the chunk, counted by a cursor pit
            // by pit (not by `SolverGame::row_seeds`, which the forward pass kept them with, so
            // that the debug check below is independent of it).
            let counted = || {
                let mut cur = ix.cursor(stones, (c * CHUNK) as u64);
                (0..ws.len()).map(move |j| {
                    if j > 0 {
                        cur.advance();
                    }
                    cur.board()[..n].iter().sum::<u8>()
                })
            };
            if kept {
                if cfg!(debug_assertions) {
                    for (own, w) in counted().zip(ws) {
                        assert_eq!(
                            own,
                            row_of(w.load(Relaxed)),
                            "the row kept in a word is wrong"
                        );
                    }
                }
                return flag_chunk(c, ws, b, k, exits);
            }
            let mut bits = 0u64;
            let (mut nw, mut nl) = (0u64, 0u64);
            for ((j, w), own) in ws.iter().enumerate().zip(counted()) {
                if j % 64 == 0 {
                    bits = exits.map_or(0, |m| m[(c * CHUNK + j) / 64].load(Relaxed));
                }
                let x = w.load(Relaxed);
                let y = flagged(x, own, b, k, exits.map(|_| bits >> (j % 64) & 1 == 1));
                nw += (y & CW != 0) as u64;
                nl += (y & CL != 0) as u64;
                w.store(y, Relaxed);
            }
            (nw, nl)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let t_flags = t.elapsed();
    let t = std::time::Instant::now();
    // The boards taken out whose predecessors are still to be told, one bit a board.
    let (gone_w, gone_l) = gone;
    debug_assert!(
        gone_w.iter().chain(gone_l).all(|w| w.load(Relaxed) == 0),
        "a board waits to be propagated"
    );
    // Each W candidate's moves into the core's L boards, counted from the L boards: each L
    // candidate tells its predecessors, and those that are W candidates count one move more.
    // These are all the moves the count is of: a W candidate has no move into L_k (it would
    // be in W_k), and a move into an L candidate leaves the side sure of k at least k in his
    // row, as that candidate's own flag says. An L candidate's predecessors are played back
    // from its index ([`SolverGame::predecessors_ranked`]), where a W candidate's moves would
    // each be ranked whole. (Debug builds count the moves forwards too and check the counts.)
    words
        .par_chunks(CHUNK)
        .enumerate()
        .with_max_len(1)
        .for_each(|(c, ws)| {
            // The predecessors of a run of L candidates, their words prefetched as they are
            // found and told once TOLD_TOGETHER of them are gathered (the misses overlap).
            let mut batch: Vec<usize> = Vec::with_capacity(TOLD_TOGETHER + 64);
            let tell = |batch: &mut Vec<usize>| {
                for &p in batch.iter() {
                    core_counted_from(&words[p]);
                }
                batch.clear();
            };
            for (g, group) in ws.chunks(64).enumerate() {
                let bits = flag_bits(group, |x| x & CL != 0);
                if bits == 0 {
                    continue;
                }
                if let Some(l) = lists {
                    l.of_word(c * WORDS + g, bits, |p| {
                        prefetch(&words[p]);
                        batch.push(p);
                    });
                } else {
                    word_predecessors(
                        (game, ix, stones),
                        (0, c * WORDS + g, bits),
                        |_| (),
                        |_, p, _| {
                            prefetch(&words[p as usize]);
                            batch.push(p as usize);
                        },
                    );
                }
                if batch.len() >= TOLD_TOGETHER {
                    tell(&mut batch);
                }
            }
            tell(&mut batch);
        });
    if cfg!(debug_assertions) {
        check_core_counts((game, ix, stones), k, words);
    }
    // The W candidates with no move into the core's L boards fail at once; no L candidate
    // does (its moves only add seeds to the row of the side sure of k: checked above).
    let gone: u64 = words
        .par_chunks(CHUNK)
        .enumerate()
        .with_max_len(1)
        .map(|(c, ws)| {
            let mut gone = 0;
            for (g, group) in ws.chunks(64).enumerate() {
                let bits = flag_bits(group, |x| x & CW != 0 && x & CNT_MASK == 0);
                if bits != 0 {
                    gone_w[c * WORDS + g].fetch_or(bits, Relaxed);
                    gone += bits.count_ones() as u64;
                }
            }
            gone
        })
        .sum();
    let t_count = t.elapsed();
    let t = std::time::Instant::now();
    // Taken out once every candidate is counted against the same candidates.
    gone_w
        .par_iter()
        .zip(gone_l.par_iter())
        .enumerate()
        .for_each(|(w, (gw, gl))| {
            core_take_out(words, w, gw.load(Relaxed), true);
            core_take_out(words, w, gl.load(Relaxed), false);
        });
    // The removals spread backwards, in sweeps: an L board gone takes a move from its W
    // predecessors, a W board gone takes its L predecessors out.
    let gone_at_once = gone;
    let mut waiting = gone;
    // Every flag taken out: at once, and by a tell that says so.
    let mut taken_out = gone;
    let mut sweeps = 0;
    while waiting > 0 {
        sweeps += 1;
        let (taken, marked, out, _) = sweep(
            (game, ix, stones),
            (gone_w, gone_l),
            words,
            lists,
            |p| core_w_gone(&words[p]),
            |p| core_l_gone(&words[p]),
        );
        waiting = waiting + marked - taken;
        taken_out += out;
    }
    let left = w_candidates + l_candidates - taken_out;
    debug_assert_eq!(
        left,
        words
            .iter()
            .map(|w| (w.load(Relaxed) & CW != 0) as u64 + (w.load(Relaxed) & CL != 0) as u64)
            .sum::<u64>(),
        "the flags left of a core"
    );
    if phases {
        eprintln!(
            "level {stones}, safety core at {k}{which}: {w_candidates} W and {l_candidates} L candidates; flags {:.2} s, count {:.2} s ({gone_at_once} out at once), removals {:.2} s in {sweeps} sweeps",
            t_flags.as_secs_f64(),
            t_count.as_secs_f64(),
            t.elapsed().as_secs_f64()
        );
    }
    left
}

/// The bits of a run of up to 64 words whose words `has` says yes to, the first word's the
/// lowest.
#[inline(always)]
fn flag_bits(group: &[AtomicU32], has: impl Fn(Word) -> bool) -> u64 {
    group
        .iter()
        .enumerate()
        .fold(0, |m, (j, w)| m | (has(w.load(Relaxed)) as u64) << j)
}

/// An `L` candidate of a safety core tells a predecessor of word `w`: a `W` candidate counts
/// one move more into the core's `L` boards.
#[inline(always)]
fn core_counted_from(w: &AtomicU32) {
    if w.load(Relaxed) & CW != 0 {
        let old = w.fetch_add(CNT_ONE, Relaxed);
        debug_assert!(old & CNT_MASK != CNT_MASK, "a core's count overflows");
    }
}

/// Debug builds: the counts of a safety core's `W` candidates, counted from its `L` boards,
/// are their moves into its `L` boards or `L_k` counted forwards, move by move (a move after
/// which the mover keeps less than `k` in his row leads into neither); and every move of an
/// `L` candidate leads into its `W` boards or `W_k`.
fn check_core_counts((game, ix, stones): (&SolverGame, &Indexer, u32), k: u8, words: &[AtomicU32]) {
    let b = stones as u8;
    let mut cur = ix.cursor(stones, 0);
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            cur.advance();
        }
        let f = w.load(Relaxed);
        if f & (CW | CL) == 0 {
            continue;
        }
        let (mut into_l, mut all_w) = (0, true);
        game.children(cur.board(), |ch| {
            if ch.captured != 0 {
                return;
            }
            let to = core_target(words[ix.rank(&ch.board) as usize].load(Relaxed), k);
            if f & CW != 0 && !core_keeps_row(game.row_seeds(&ch.board), b, k) {
                assert_eq!(
                    to & 1,
                    0,
                    "a move out of the rows of the core leads into its L side"
                );
            }
            into_l += (to & 1) as Word;
            all_w &= to & 2 != 0;
        });
        if f & CW != 0 {
            assert_eq!(
                (f & CNT_MASK) >> CNT_SHIFT,
                into_l,
                "a core's count of the moves of board {i}"
            );
        }
        assert!(
            f & CL == 0 || all_w,
            "an L candidate's move leads out of the core's W side"
        );
    }
}

/// One sweep over two bitmaps of waiting boards (`pend`: W, L), in index order: each
/// predecessor of a board taken from the first goes to `tell_w`, which says whether this puts
/// it in the second; each predecessor of one taken from the second goes to `tell_l`, which
/// says whether this puts it in the first. A board so decided is propagated in its turn by
/// the same sweep, its seeds known (up to [`KEPT`] boards waiting; beyond, it is marked in its
/// bitmap for the next sweep). With `lists`, a board's predecessors are read there rather
/// than generated, and no seeds are kept. Predecessors are gathered with their words
/// prefetched and told [`TOLD_TOGETHER`] or more at a time, so the cache misses of the updates
/// overlap. Returns
/// the boards taken from the bitmaps, the boards marked in them, the boards decided and the
/// boards propagated.
fn sweep(
    g: (&SolverGame, &Indexer, u32),
    pend: (&[AtomicU64], &[AtomicU64]),
    words: &[AtomicU32],
    lists: Option<&Predecessors>,
    tell_w: impl Fn(usize) -> bool + Sync,
    tell_l: impl Fn(usize) -> bool + Sync,
) -> (u64, u64, u64, u64) {
    let (game, ix, stones) = g;
    let (pend_w, pend_l) = pend;
    pend_w
        .par_chunks(WORDS)
        .zip(pend_l.par_chunks(WORDS))
        .enumerate()
        .with_max_len(1)
        .map(|(c, (ws, ls))| {
            let (mut taken, mut marked, mut decided, mut kept_taken) = (0u64, 0u64, 0u64, 0u64);
            // Each predecessor's index, shifted left one bit (0: told of a board in the
            // first set, 1: of one in the second), and its seeds.
            let mut batch: Vec<usize> = Vec::with_capacity(TOLD_TOGETHER + 1024);
            let mut seeds: Vec<Board> = Vec::with_capacity(TOLD_TOGETHER + 1024);
            // Boards decided and not yet propagated: index shifted left one bit (0: in the
            // first set, 1: in the second), and seeds.
            let mut kept: Vec<(usize, Board)> = Vec::new();
            let gather = |p: u64,
                          board: &Board,
                          kind: usize,
                          batch: &mut Vec<usize>,
                          seeds: &mut Vec<Board>| {
                let p = p as usize;
                prefetch(&words[p]);
                batch.push(p << 1 | kind);
                seeds.push(*board);
            };
            let mut tell =
                |batch: &mut Vec<usize>, seeds: &mut Vec<Board>, kept: &mut Vec<(usize, Board)>| {
                    for (n, &t) in batch.iter().enumerate() {
                        // (With lists no seeds are kept, nor needed.)
                        let board = seeds.get(n).unwrap_or(&NO_SEEDS);
                        let p = t >> 1;
                        // A board told of one in the first set is decided into the second.
                        let (now, into) = if t & 1 == 0 {
                            (tell_w(p), 1)
                        } else {
                            (tell_l(p), 0)
                        };
                        decided += now as u64;
                        if now {
                            if kept.len() < KEPT {
                                if let Some(l) = lists {
                                    l.prefetch_end(p);
                                }
                                kept.push((p << 1 | into, *board));
                            } else {
                                mark(if into == 0 { pend_w } else { pend_l }, p);
                                marked += 1;
                            }
                        }
                    }
                    batch.clear();
                    seeds.clear();
                };
            for j in 0..=ws.len() {
                if j < ws.len() {
                    let w = c * WORDS + j;
                    for (kind, word) in [(0, &ws[j]), (1, &ls[j])] {
                        if word.load(Relaxed) == 0 {
                            continue;
                        }
                        let bits = word.swap(0, Relaxed);
                        taken += bits.count_ones() as u64;
                        if let Some(l) = lists {
                            l.of_word(w, bits, |p| {
                                prefetch(&words[p]);
                                batch.push(p << 1 | kind);
                            });
                            continue;
                        }
                        word_predecessors(
                            g,
                            (0, w, bits),
                            |_| (),
                            |_, p, board| gather(p, board, kind, &mut batch, &mut seeds),
                        );
                    }
                }
                // Told, and the boards they decide propagated, until the batch is small
                // again (after the last bitmap word: until none is left).
                while batch.len() >= TOLD_TOGETHER
                    || (j == ws.len() && !(batch.is_empty() && kept.is_empty()))
                {
                    tell(&mut batch, &mut seeds, &mut kept);
                    while batch.len() < TOLD_TOGETHER {
                        if let Some(l) = lists {
                            // Several boards at a time, their runs prefetched before any is
                            // read: a decided board's run lies anywhere in the lists, and read
                            // at once it would be a miss that waits.
                            let mut ahead = [0usize; LIST_AHEAD];
                            let mut n = 0;
                            while n < LIST_AHEAD {
                                let Some((t, _)) = kept.pop() else { break };
                                l.prefetch_run(t >> 1);
                                ahead[n] = t;
                                n += 1;
                            }
                            if n == 0 {
                                break;
                            }
                            kept_taken += n as u64;
                            for &t in &ahead[..n] {
                                for &p in l.of(t >> 1) {
                                    prefetch(&words[p as usize]);
                                    batch.push((p as usize) << 1 | (t & 1));
                                }
                            }
                            continue;
                        }
                        let Some((t, board)) = kept.pop() else { break };
                        kept_taken += 1;
                        game.predecessors_ranked(ix, &board, stones, |q, r| {
                            gather(r, q, t & 1, &mut batch, &mut seeds)
                        });
                    }
                }
            }
            (taken, marked, decided, taken + kept_taken)
        })
        .reduce(
            || (0, 0, 0, 0),
            |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3),
        )
}

/// Bytes of memory the build of a level of `boards` boards with bounds needs at its peak: a
/// word a board ([`Word`]), the two bitmaps of boards waiting to be propagated (where a safety
/// core's boards taken out wait too) and, on an even level, the bitmap of the exits kept for
/// the core at `B/2 + 1` ([`deferred_candidate`]). The bounds are written over the words at the
/// end.
pub fn memory_needed(boards: u64) -> u64 {
    boards * 4 + boards.div_ceil(64) * 8 * 3
}

/// A level's bounds, two bytes a board in index order, kept in the memory its build used.
pub struct Bounds {
    words: Zeroed<Word>,
    boards: usize,
}

impl std::ops::Deref for Bounds {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.words.bytes(2 * self.boards)
    }
}

/// Solves level `stones` of `game` with bounds (what `crate::level::solve_level` does for the
/// other games): each board's bounds, two bytes a board in index order; and the boards won,
/// drawn and lost whose outcome the bounds decide (the others are counted in
/// `LevelStats::undecided`). `lower[b]` holds the stored bounds of level `b < stones` (empty
/// where no board has `b`); `spare`: the memory the build may take beyond [`memory_needed`]
/// (none: no limit), for the lists of [`Predecessors`].
pub(crate) fn solve(
    g: (&SolverGame, &Indexer, u32),
    lower: &[&[u8]],
    progress: &dyn Progress,
    spare: Option<u64>,
) -> (Bounds, LevelStats) {
    let built = solve_pass(g, lower, progress, true, spare)
        .or_else(|| solve_pass(g, lower, progress, false, spare))
        .expect("a level whose cores are computed at their thresholds is always built");
    (built.0, built.1)
}

/// [`solve`], with the safety core at `B/2 + 1` of an even level computed after threshold
/// `B/2` when `defer` ([`deferred_candidate`]): `None` when that core is not empty (the level
/// is then to be built without `defer`). Also returns how many boards the cores at `B/2 + 1`
/// put in the sets (none where it was computed after `B/2`).
pub(crate) fn solve_pass(
    (game, ix, stones): (&SolverGame, &Indexer, u32),
    lower: &[&[u8]],
    progress: &dyn Progress,
    defer: bool,
    spare: Option<u64>,
) -> Option<(Bounds, LevelStats, u64)> {
    assert!(
        stones <= crate::level::MAX_LEVEL,
        "level {stones}: values are kept in seven bits"
    );
    let t0 = std::time::Instant::now();
    let b = stones as u8;
    let size = crate::level::level_len(ix, stones);
    let total = 2 * size as u64 + stones as u64;
    let keep_rows = keeps_row(stones);
    let done = AtomicU64::new(0);
    let tick = |n: u64| {
        let d = done.fetch_add(n, Relaxed) + n;
        progress.advance(d.min(total), total);
    };
    // The forward pass: each board's best exit for each bound and its moves inside the level,
    // and where the level is small enough, its predecessors listed.
    let listing = lists_predecessors(size, spare);
    let mut words: Zeroed<Word> = Zeroed::new(size);
    let listed: Vec<(Vec<u32>, Vec<u32>)> = words
        .par_chunks_mut(CHUNK)
        .enumerate()
        .with_max_len(1)
        .map(|(c, ws)| {
            let mut cur = ix.cursor(stones, (c * CHUNK) as u64);
            let mut ends: Vec<u32> = Vec::with_capacity(if listing { ws.len() } else { 0 });
            // (Room for four predecessors a board: more than a level has on average, so the
            // list is seldom moved as it grows; the room left unused is never touched.)
            let mut list: Vec<u32> = Vec::with_capacity(if listing { 4 * ws.len() } else { 0 });
            // The captures of a group of boards: their lower-level entries prefetched as they are
            // found, read once the group's moves are all generated.
            let mut caps: Vec<(u32, u8, bool, usize)> = Vec::with_capacity(GROUP * 8);
            // The best exits of the group, for each bound.
            let mut best = [(None::<u8>, None::<u8>); GROUP];
            // Their moves that stay in the level.
            let mut inside = [0u32; GROUP];
            // The seeds of their movers' rows, for the safety cores.
            let mut rows = [0 as Word; GROUP];
            for g in (0..ws.len()).step_by(GROUP) {
                caps.clear();
                for k in g..(g + GROUP).min(ws.len()) {
                    if k > 0 {
                        cur.advance();
                    }
                    let mut n_inside = 0;
                    let end = game.children(cur.board(), |ch| {
                        if ch.captured == 0 {
                            n_inside += 1;
                            return;
                        }
                        let left = b - ch.captured;
                        let at = 2 * ix.rank(&ch.board) as usize;
                        prefetch(&lower[left as usize][at]);
                        caps.push((k as u32, ch.captured, ch.again, at));
                    });
                    // A finished game has no move, so no capture to value below.
                    best[k - g] = (end, end);
                    inside[k - g] = n_inside;
                    if keep_rows {
                        rows[k - g] = row_bits(game.row_seeds(cur.board()));
                    }
                    if listing {
                        game.predecessors_ranked(ix, cur.board(), stones, |_, r| {
                            list.push(r as u32)
                        });
                        ends.push(list.len() as u32);
                    }
                }
                for &(k, captured, again, at) in &caps {
                    let left = b - captured;
                    let there = (lower[left as usize][at], lower[left as usize][at + 1]);
                    better(
                        &mut best[k as usize - g],
                        capture_worths(captured, left, there, again),
                    );
                }
                for k in g..(g + GROUP).min(ws.len()) {
                    ws[k] = first_word(inside[k - g], best[k - g]) | rows[k - g];
                }
            }
            tick(ws.len() as u64);
            (ends, list)
        })
        .collect();
    let lists = listing.then_some(Predecessors { chunks: listed });
    let t_forward = t0.elapsed();
    let (mut t_starts, mut t_prop, mut t_core) = (
        std::time::Duration::ZERO,
        std::time::Duration::ZERO,
        std::time::Duration::ZERO,
    );
    let mut cores = 0u32;
    // The threshold whose safety core is computed after the threshold below, and the bitmap of
    // the boards whose exits allow them in that core (its pages untouched until then).
    let deferred = (defer && stones % 2 == 0 && stones >= 2).then_some(b / 2 + 1);
    let mut exits_ok = deferred.map(|_| bitmap(size));
    let mut above_half = 0u64;
    let (mut n_started, mut n_prop, mut n_core) = (0u64, 0u64, 0u64);
    let words_at = atomic(&mut words);
    // Boards just put in W_k and L_k whose predecessors are still to be told, one bit a
    // board each.
    let pend_w = bitmap(size);
    let pend_l = bitmap(size);
    // Sweeps of propagation at threshold k over the waiting boards, in index order: a board
    // just in L_k puts its predecessors in W_k; a board just in W_k takes one undecided move
    // from each of its predecessors, which join L_k when they have none left. A board
    // decided behind a sweep is taken by the next one. Returns the boards it decided.
    let sweeps = std::cell::Cell::new(0u32);
    let propagate = |mut waiting: u64, k: u8| {
        let mut all = 0;
        while waiting > 0 {
            sweeps.set(sweeps.get() + 1);
            let (taken, marked, decided, propagated) = sweep(
                (game, ix, stones),
                (&pend_w, &pend_l),
                words_at,
                lists.as_ref(),
                |p| told_into_w(&words_at[p], b, k),
                |p| told_into_l(&words_at[p], k),
            );
            tick(propagated);
            waiting = waiting + marked - taken;
            all += decided;
        }
        all
    };
    for k in (1..=b).rev() {
        let t = std::time::Instant::now();
        // The boards the sets start from: those whose best exit for a bound is worth at
        // least k (W), or with no move left outside W_k and exits worth at most B - k (L).
        // The start of threshold B/2 of an even level also keeps, for the core at B/2 + 1
        // computed after it, which boards' exits allow them in that core: a board that joins
        // L at B/2 no longer keeps its exits' worth.
        let exits = match (&exits_ok, deferred) {
            (Some(ok), Some(d)) if k + 1 == d => Some((&ok[..], d)),
            _ => None,
        };
        let started = start_all(words_at, (&pend_w, &pend_l), b, k, exits);
        t_starts += t.elapsed();
        n_started += started;
        let t = std::time::Instant::now();
        n_prop += propagate(started, k);
        t_prop += t.elapsed();
        // At the thresholds that decide the outcome, the boards from which the side sure of
        // k keeps the play for ever among boards where his own row holds at least k (so a
        // repetition gives him at least k) join the sets too, and the attractors grow from
        // them, until no more join. A core whose attractor grew by no board is the last: the
        // next would be a set of boards the last one's removals left that holds with the sets
        // it held with, so the last core with it would have been greater.
        // (The core at B/2 + 1 of an even level waits for threshold B/2 to be done.)
        if core_threshold(k, stones) && Some(k) != deferred {
            loop {
                let t = std::time::Instant::now();
                let joined = safe_core(
                    (game, ix, stones),
                    k,
                    words_at,
                    (&pend_w, &pend_l),
                    keep_rows,
                    lists.as_ref(),
                );
                t_core += t.elapsed();
                cores += 1;
                n_core += joined;
                if 2 * k as u32 == stones + 2 {
                    above_half += joined;
                }
                if joined == 0 {
                    break;
                }
                let t = std::time::Instant::now();
                let grew = propagate(joined, k);
                n_prop += grew;
                t_prop += t.elapsed();
                if grew == 0 {
                    break;
                }
            }
        }
        if let Some(ok) = exits_ok.take_if(|_| Some(k + 1) == deferred) {
            let t = std::time::Instant::now();
            let empty = deferred_core_empty(
                (game, ix, stones),
                k + 1,
                words_at,
                (&pend_w, &pend_l),
                &ok,
                keep_rows,
                lists.as_ref(),
            );
            t_core += t.elapsed();
            cores += 1;
            if !empty {
                return None;
            }
        }
        tick(1);
    }
    let stats = settle(&words, stones);
    progress.advance(total, total);
    if std::env::var_os("MANCALA_SOLVER_PHASES").is_some() {
        let secs = |d: std::time::Duration| d.as_secs_f64();
        eprintln!(
            "level {stones}: forward {:.2} s{}, starts {:.2} s, propagation {:.2} s in {} sweeps, safety cores {:.2} s in {cores} passes; joined at starts {n_started}, by propagation {n_prop}, by cores {n_core}",
            secs(t_forward),
            if lists.is_some() {
                " (predecessors listed)"
            } else {
                ""
            },
            secs(t_starts),
            secs(t_prop),
            sweeps.get(),
            secs(t_core)
        );
    }
    Some((into_bounds(words, stones), stats, above_half))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The core at `B/2 + 1` of an even level computed after threshold `B/2` gives every level
    /// the bytes and counts it has with the core at its own time, where it is empty, and is
    /// found not empty exactly where the core at its own time puts boards in the sets (the level
    /// is then built again). Small Owares, with levels where it is not empty (Oware's level 4,
    /// 5 pits a row at 4 and 6 seeds).
    #[test]
    fn the_core_above_the_half_computed_after_it_changes_no_level() {
        let (mut same, mut again) = (0, 0);
        let specs = [
            ("oware", 8),
            ("oware:pits=5,seeds=2", 8),
            ("oware:pits=3,seeds=4", 12),
            ("oware:pits=2,seeds=6", 14),
        ];
        each_level(&specs, |spec, g, lower| {
            let b = g.2;
            let (bounds, stats, above) = solve_pass(g, lower, &(), false, None).unwrap();
            match solve_pass(g, lower, &(), true, None) {
                Some((later, later_stats, none)) => {
                    assert_eq!(&later[..], &bounds[..], "{spec}, level {b}");
                    assert_eq!(later_stats, stats, "{spec}, level {b}");
                    assert_eq!(above, 0, "{spec}, level {b}: a core missed");
                    assert_eq!(none, 0);
                    same += (b % 2 == 0 && b > 0) as u32;
                }
                None => {
                    assert!(b % 2 == 0 && above > 0, "{spec}, level {b}");
                    again += 1;
                }
            }
            bounds.to_vec()
        });
        assert!(
            same > 10 && again >= 3,
            "{same} levels the same, {again} built again"
        );
    }

    /// The levels 0 to `max` of each game of `specs` (`(spec, max)`), built one on another:
    /// `build` gets the game, its indexer and the level, and the lower levels, and returns
    /// the level's bytes.
    fn each_level(
        specs: &[(&str, u32)],
        mut build: impl FnMut(&str, (&SolverGame, &Indexer, u32), &[&[u8]]) -> Vec<u8>,
    ) {
        for &(spec, max) in specs {
            let rules = mancala_core::rules_for(&spec.parse().unwrap()).unwrap();
            let game = SolverGame::new(&rules).unwrap();
            let ix = Indexer::new(game.pits(), max);
            let mut levels: Vec<Vec<u8>> = Vec::new();
            for b in 0..=max {
                let lower: Vec<&[u8]> = levels.iter().map(|l| &l[..]).collect();
                let level = build(spec, (&game, &ix, b), &lower);
                levels.push(level);
            }
        }
    }

    /// Runs its function when dropped: a test that changes a limit shared by the process puts
    /// it back even when an assertion fails.
    struct OnDrop<F: FnMut()>(F);

    impl<F: FnMut()> Drop for OnDrop<F> {
        fn drop(&mut self) {
            (self.0)();
        }
    }

    /// Oware's levels 0 to `max`, built one on another: each level's bounds and counts.
    fn oware_levels(max: u32) -> (Vec<Vec<u8>>, Vec<LevelStats>) {
        let rules = mancala_core::rules_for(&"oware".parse().unwrap()).unwrap();
        let game = SolverGame::new(&rules).unwrap();
        let ix = Indexer::new(game.pits(), max);
        let mut levels: Vec<Vec<u8>> = Vec::new();
        let mut stats = Vec::new();
        for b in 0..=max {
            let lower: Vec<&[u8]> = levels.iter().map(|l| &l[..]).collect();
            let (bounds, s) = solve((&game, &ix, b), &lower, &(), None);
            levels.push(bounds.to_vec());
            stats.push(s);
        }
        (levels, stats)
    }

    /// Every copy of the passes compiled wide (portable, AVX2, AVX-512: those this processor
    /// has) builds the same bounds and counts, on levels with safety cores that keep boards
    /// (Oware's levels 2–9) and without.
    #[test]
    fn every_copy_of_the_wide_passes_builds_the_same_levels() {
        use crate::vector::WIDEST;
        let _restore = OnDrop(|| WIDEST.store(2, Relaxed));
        let max = 11;
        let build = |widest: u8| {
            WIDEST.store(widest, Relaxed);
            #[cfg(target_arch = "x86_64")]
            assert!(
                (widest >= 2 || !crate::vector::has_avx512())
                    && (widest >= 1 || !crate::vector::has_avx2()),
                "copies wider than {widest} may still run"
            );
            oware_levels(max)
        };
        let portable = build(0);
        assert!(portable.1.iter().any(|s| s.draws > 0 && s.undecided > 0));
        for widest in [1, 2] {
            let wide = build(widest);
            for b in 0..=max as usize {
                assert_eq!(wide.0[b], portable.0[b], "level {b}, copies up to {widest}");
                assert_eq!(wide.1[b], portable.1[b], "level {b}, copies up to {widest}");
            }
        }
    }

    /// Levels whose words do not keep the seeds of the mover's row (those above [`ROW_MAX`]
    /// seeds: their cores count the rows again with a cursor) are built the same as levels
    /// whose words keep them: Oware's levels 0–11 both ways, with the safety cores that keep
    /// boards (levels 2–9), the core at `B/2 + 1` found not empty after the half (level 4) and
    /// the cores found empty.
    #[test]
    fn levels_whose_words_keep_no_row_are_built_the_same() {
        let _restore = OnDrop(|| ROWS_KEPT_UP_TO.store(ROW_MAX, Relaxed));
        let max = 11;
        let kept = oware_levels(max);
        ROWS_KEPT_UP_TO.store(0, Relaxed);
        assert!(keeps_row(0) && !keeps_row(1), "the limit is not taken");
        let counted = oware_levels(max);
        ROWS_KEPT_UP_TO.store(ROW_MAX, Relaxed);
        assert!(kept.1.iter().any(|s| s.draws > 0 && s.undecided > 0));
        for b in 0..=max as usize {
            assert_eq!(counted.0[b], kept.0[b], "level {b}");
            assert_eq!(counted.1[b], kept.1[b], "level {b}");
        }
    }

    /// Levels built with every board's predecessors listed ([`Predecessors`]) are the levels
    /// built generating them each time: Oware's levels 0–11 and small resized Owares both
    /// ways, with the safety cores that keep boards and those found empty. And the lists are
    /// taken only where they fit the last-level cache and the spare memory.
    #[test]
    fn levels_built_from_listed_predecessors_are_the_same() {
        let _restore = OnDrop(|| LISTS_IN_TESTS.store(0, Relaxed));
        assert!(lists_predecessors(1 << 10, None));
        assert!(lists_predecessors(
            1 << 10,
            Some((LIST_BYTES_A_BOARD + 4) << 10)
        ));
        assert!(!lists_predecessors(
            1 << 10,
            Some(((LIST_BYTES_A_BOARD + 4) << 10) - 1)
        ));
        assert!(!lists_predecessors(
            (crate::memory::last_level_cache() / 4) as usize,
            None
        ));
        assert_eq!(lists_forced(Some("0")), Some(false));
        assert_eq!(lists_forced(Some("1")), Some(true));
        assert_eq!(lists_forced(Some("yes")), None);
        assert_eq!(lists_forced(None), None);
        let mut compared = 0;
        let specs = [
            ("oware", 11),
            ("oware:pits=5,seeds=2", 9),
            ("oware:pits=3,seeds=4", 12),
        ];
        each_level(&specs, |spec, g, lower| {
            let mut built = [1, 2].map(|way| {
                LISTS_IN_TESTS.store(way, Relaxed);
                assert_eq!(lists_predecessors(1, None), way == 2);
                let (bounds, stats) = solve(g, lower, &(), None);
                (bounds.to_vec(), stats)
            });
            assert_eq!(built[0], built[1], "{spec}, level {}", g.2);
            compared += built[0].1.undecided;
            std::mem::take(&mut built[0].0)
        });
        assert!(
            compared > 1000,
            "{compared} boards with an open outcome compared"
        );
    }

    /// The candidates of the core at `B/2 + 1` computed after `B/2`: the boards that joined
    /// the sets at `B/2` exactly, whose rows and exits would make them candidates at their own
    /// time, and not held by the other side at `B/2` or above.
    #[test]
    fn the_core_computed_after_the_half_takes_the_boards_that_joined_there() {
        let (b, k) = (12u8, 7u8);
        let w = |at: u8| at as Word | W_SET;
        let l = |at: u8| (at as Word) << L_SHIFT | L_SET;
        let flags = |x: Word, own: u8, ok: bool| {
            let y = deferred_candidate(x, own, b, k, ok);
            (y & CW != 0, y & CL != 0)
        };
        // Joined W at 6 with 7 seeds in the mover's row: a W candidate; not with 6 seeds, nor
        // if it joined W at 7 (in W_7 then) or is in no set (it cannot be in the core).
        assert_eq!(flags(w(6), 7, true), (true, false));
        assert_eq!(flags(w(6), 6, true), (false, false));
        assert_eq!(flags(w(7), 7, true), (false, false));
        assert_eq!(flags(0, 7, true), (false, false));
        // Held by the opponent at 6 or above (in L_6): no W candidate.
        assert_eq!(flags(w(6) | l(6), 7, true), (false, false));
        assert_eq!(flags(w(6) | l(5), 7, true), (true, false));
        // Joined L at 6 with 7 seeds in the opponent's row and exits that gave the mover at
        // most 5: an L candidate; not when its exits gave him 6, nor when in W at 6.
        assert_eq!(flags(l(6), 5, true), (false, true));
        assert_eq!(flags(l(6), 5, false), (false, false));
        assert_eq!(flags(l(6), 6, true), (false, false));
        assert_eq!(flags(l(7), 5, true), (false, false));
        assert_eq!(flags(l(6) | w(6), 5, true), (false, false));
        // The exits read once threshold 7 is done: a board in L then is none of its candidates.
        let exit = |hi: u8| (hi as Word) << L_SHIFT;
        assert!(exits_at_most(exit(5), b, k));
        assert!(!exits_at_most(exit(6), b, k));
        assert!(exits_at_most(NO_EXIT, b, k));
        assert!(!exits_at_most(l(7), b, k));
    }

    /// A safety core's candidates: a board the opponent holds below `k` by an attractor (in
    /// `L_k'` with `k + k' > B`) is no `W` candidate, a board in such a `W_k'` no `L`
    /// candidate; at the half, boards in the sets at the half itself stay candidates.
    #[test]
    fn the_cores_leave_out_boards_held_by_the_other_side() {
        let b = 12u8;
        let word = |w: Option<u8>, l: Option<u8>| {
            let lo = w.map_or(0, |t| t as Word | W_SET);
            // Not in L: its best exit for the hoped share is worth 0 (every exit is low).
            let hi = l.map_or(0, |t| (t as Word) << L_SHIFT | L_SET);
            lo | hi
        };
        let flags = |x: Word, own: u8, k: u8| {
            let y = core_candidate(x, own, b, k);
            (y & CW != 0, y & CL != 0)
        };
        for k in [7, 6] {
            // Neither set: a W candidate where the mover holds k, an L candidate where his
            // opponent does.
            assert_eq!(flags(word(None, None), k, k), (true, 2 * k == b), "k = {k}");
            assert_eq!(
                flags(word(None, None), b - k, k),
                (2 * k == b, true),
                "k = {k}"
            );
            assert_eq!(
                flags(word(None, None), k - 1, k),
                (false, 2 * k <= b + 1),
                "k = {k}"
            );
            // In L at 7 (the mover held to at most 5), in W at 7: out above and at the half.
            assert_eq!(flags(word(None, Some(7)), k, k), (false, false), "k = {k}");
            assert_eq!(
                flags(word(Some(7), None), b - k, k),
                (false, false),
                "k = {k}"
            );
        }
        // At the half, boards in L_6 or W_6 (a draw each way) stay candidates of the other
        // side.
        assert_eq!(flags(word(None, Some(6)), 6, 6), (true, false));
        assert_eq!(flags(word(Some(6), None), 6, 6), (false, true));
    }

    /// `start_all` marks and changes exactly the boards `start` says start, on words of every
    /// kind (in a set or not, exits of every worth, moves left or none), over a length that
    /// ends inside a bitmap word.
    #[test]
    fn the_start_of_a_threshold_is_start_for_each_board() {
        let b = 12u8;
        let len = 3 * CHUNK + 77;
        // Words drawn at random, with the count of moves left often zero.
        use rand::{RngCore, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(1479);
        let mut next = || rng.next_u64();
        let words: Vec<Word> = (0..len)
            .map(|_| {
                let r = next();
                let lo = (r % (b as u64 + 1)) as Word;
                let hi = ((r >> 8) % (b as u64 + 1)) as Word;
                let sets = (((r >> 16) & 1) as Word * W_SET) | (((r >> 17) & 1) as Word * L_SET);
                let no_exit = if (r >> 18) % 5 == 0 { NO_EXIT } else { 0 };
                let moves = if (r >> 21) % 3 == 0 {
                    (r >> 24) as Word % 6
                } else {
                    0
                };
                lo | hi << L_SHIFT | sets | no_exit | moves << COUNT_SHIFT
            })
            .collect();
        for k in [b, b / 2 + 1, b / 2, 1] {
            // With the exits for a core at k + 1 kept or not.
            for keep in [false, true].into_iter().filter(|&keep| !keep || k < b) {
                let atomics: Vec<AtomicU32> = words.iter().map(|&x| AtomicU32::new(x)).collect();
                let (pend_w, pend_l, exits) = (bitmap(len), bitmap(len), bitmap(len));
                let kept = keep.then_some((&exits[..], k + 1));
                let marked = start_all(&atomics, (&pend_w, &pend_l), b, k, kept);
                let mut expected = 0;
                let mut ok = 0;
                for (i, &x) in words.iter().enumerate() {
                    let (y, w, l) = start(x, b, k);
                    expected += w as u64 + l as u64;
                    assert_eq!(atomics[i].load(Relaxed), y, "board {i} at {k}");
                    let bit = |m: &[AtomicU64]| m[i / 64].load(Relaxed) >> (i % 64) & 1 == 1;
                    assert_eq!((bit(&pend_w), bit(&pend_l)), (w, l), "board {i} at {k}");
                    let e = keep && exits_at_most(x, b, k + 1);
                    assert_eq!(bit(&exits), e, "board {i} at {k}");
                    ok += e as u32;
                }
                assert_eq!(marked, expected);
                assert!(expected > 0);
                assert!(!keep || ok > 0);
            }
        }
    }
}
