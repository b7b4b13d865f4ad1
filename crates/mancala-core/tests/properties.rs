//! Properties that hold for every game and position: seeds are conserved, generated moves are
//! legal and replayable, random games end, notation round-trips.

use mancala_core::{Game, Move, Position, Rules, Side, rules_for};
use proptest::prelude::*;

/// Every capture and grand-slam rule, with and without stores, at their sizes and resized.
const GAMES: &[&str] = &[
    "modiar",
    "mangala-ii",
    "oware",
    "kalah",
    "mangala-ii:pits=3,seeds=2",
    "modiar:seeds=3",
    "oware:pits=4,seeds=3",
    "kalah:pits=4,seeds=3",
];

fn rules(id: &str) -> Rules {
    rules_for(&id.parse().unwrap()).unwrap()
}

/// A random position of `r`: the game's seeds spread over pits and scores (each side's
/// captures even where every capture is).
fn random_position(r: &Rules, cuts: &[u32], side: bool) -> Position {
    let n = r.pits_per_row();
    let total = r.total_seeds();
    let mut bounds: Vec<u32> = cuts
        .iter()
        .map(|c| c % (total + 1))
        .take(2 * n + 1)
        .collect();
    bounds.sort_unstable();
    let mut counts = Vec::with_capacity(2 * n + 2);
    let mut prev = 0;
    for b in bounds.iter().copied().chain(std::iter::once(total)) {
        counts.push((b - prev) as u8);
        prev = b;
    }
    // Where every capture is even, so is each side's captures: an odd one gives a seed back
    // to the board.
    if r.captures_even() {
        for k in [2 * n, 2 * n + 1] {
            if counts[k] % 2 == 1 {
                counts[k] -= 1;
                counts[0] += 1;
            }
        }
    }
    let side = if side { Side::South } else { Side::North };
    r.position(&mancala_core::Setup {
        pits: counts[..2 * n].to_vec(),
        scores: mancala_core::BySide::new(counts[2 * n], counts[2 * n + 1]),
        side,
    })
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn seeds_are_conserved_and_moves_legal(g in 0..GAMES.len(), cuts in prop::collection::vec(0u32..1000, 17), side: bool) {
        let r = rules(GAMES[g]);
        let p = random_position(&r, &cuts, side);
        prop_assert_eq!(p.total(), r.total_seeds());
        for m in r.legal_moves(&p) {
            // Every generated move passes the checked path and gives the same result.
            let (q, eff) = r.play(&p, m).map_err(|e| TestCaseError::fail(format!("{p} {m}: {e}")))?;
            let mut u = p;
            let eff2 = r.play_unchecked(&mut u, m);
            prop_assert_eq!(q, u);
            prop_assert_eq!(eff, eff2);
            prop_assert_eq!(q.total(), r.total_seeds(), "{} {}", p, m);
            // Scores never go down.
            prop_assert!(q.score(Side::South) >= p.score(Side::South));
            prop_assert!(q.score(Side::North) >= p.score(Side::North));
        }
    }

    #[test]
    fn position_notation_round_trips(g in 0..GAMES.len(), cuts in prop::collection::vec(0u32..1000, 17), side: bool) {
        let r = rules(GAMES[g]);
        let p = random_position(&r, &cuts, side);
        let text = p.to_string();
        prop_assert_eq!(r.parse_position(&text).unwrap(), p);
    }

    #[test]
    fn random_games_end(g in 0..GAMES.len(), seed: u64) {
        let r = rules(GAMES[g]);
        let mut game = Game::new(r.clone());
        let mut state = seed | 1;
        let mut plies = 0u32;
        while !game.is_over() {
            let moves = game.legal_moves().to_vec();
            prop_assert!(!moves.is_empty());
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            let m = moves[(state % moves.len() as u64) as usize];
            game.play(m).unwrap();
            plies += 1;
            prop_assert!(plies < 100_000, "game did not end");
        }
        let fin = game.final_position();
        prop_assert_eq!(fin.total(), r.total_seeds());
        let o = game.outcome().unwrap();
        prop_assert_eq!(o.scores.south + o.scores.north + fin.board_total(), r.total_seeds());
    }
}

#[test]
fn move_notation_round_trips() {
    for s in ["A", "B", "F", "H", "a", "f", "h", "pass"] {
        let m: Move = s.parse().unwrap();
        assert_eq!(m.to_string(), s);
    }
    for bad in ["", "I", "i", "AB", "1", "passs", "-"] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Parsers answer any text with a value or an error, never a panic.
    #[test]
    fn parsers_never_panic(text in ".{0,40}", digits in "[0-9-]{0,40}[SN]?") {
        for r in [rules("modiar"), rules("mangala-ii"), rules("kalah")] {
            let _ = r.parse_position(&text);
            let _ = r.parse_position(&digits);
            let _ = r.parse_move(&text);
        }
        let _ = text.parse::<mancala_core::GameSpec>();
        let _ = mancala_core::parse_rules_toml(&text);
        if let Ok(spec) = text.parse::<mancala_core::GameSpec>() {
            let _ = rules_for(&spec);
        }
    }

    /// Random rules files built from valid fields are either refused with a named parameter
    /// or give a game whose random playouts keep every invariant.
    #[test]
    fn any_accepted_ruleset_plays_soundly(
        pits in 1u8..=8, seeds in 1u8..=8, stores: bool, cw: bool, origin_first: bool, skip: bool,
        min in 1u8..=3, counts in prop::collection::vec(1u8..=6, 0..3), rows in 0..3usize,
        chain: bool, first_free: bool, feeding in 0..3usize, slam in 0..3usize, pass: bool,
        extra: bool, opposite in 0..3usize, end_bits in 0u8..16, leftover in 0..4usize,
        rep in 0..3usize, seed: u64,
    ) {
        let mut r = mancala_core::builtin("mangala-ii").unwrap();
        r.pits = pits; r.seeds = seeds; r.stores = stores;
        r.direction = if cw { mancala_core::ruleset::Direction::Cw } else { mancala_core::ruleset::Direction::Ccw };
        r.first_seed_in_origin = origin_first; r.skip_origin = skip; r.min_seeds = min;
        let mut counts = counts; counts.sort_unstable(); counts.dedup();
        r.capture.counts = counts;
        use mancala_core::ruleset::*;
        r.capture.rows = [CaptureRows::Own, CaptureRows::Opponent, CaptureRows::Both][rows];
        r.capture.chain = if chain { Chain::Backward } else { Chain::None };
        r.capture.opposite_empty = [OppositeCapture::None, OppositeCapture::Always, OppositeCapture::IfOppositeNonEmpty][opposite];
        r.first_move_no_capture = first_free;
        r.feeding = [Feeding::None, Feeding::Prefer, Feeding::Must][feeding];
        r.grand_slam = [GrandSlam::Legal, GrandSlam::NoCapture, GrandSlam::Illegal][slam];
        r.pass = pass; r.extra_turn = extra;
        r.end = End { no_legal_move: end_bits & 1 != 0, empty_board: end_bits & 2 != 0, row_empty: end_bits & 4 != 0, majority: end_bits & 8 != 0 };
        r.leftover = [Leftover::OwnRow, Leftover::Mover, Leftover::Opponent, Leftover::Nobody][leftover];
        r.repetition = [Repetition::Ignore, Repetition::Split, Repetition::OwnRow][rep];
        // Through TOML and back, as a user's file would come.
        let text = mancala_core::rules_to_toml(&r);
        let Ok(parsed) = mancala_core::parse_rules_toml(&text) else { return Ok(()); };
        prop_assert_eq!(&parsed, &r);
        let rules = Rules::new(parsed).unwrap();
        let mut game = Game::new(rules.clone());
        let mut state = seed | 1;
        for _ in 0..300 {
            if game.is_over() { break; }
            let moves = game.legal_moves().to_vec();
            prop_assert!(!moves.is_empty());
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            let m = moves[(state % moves.len() as u64) as usize];
            game.play(m).map_err(|e| TestCaseError::fail(format!("{text}\n{}: {e}", game.position())))?;
            prop_assert_eq!(game.position().total(), rules.total_seeds());
        }
        if game.is_over() {
            let fin = game.final_position();
            prop_assert_eq!(fin.total(), rules.total_seeds());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `gain` is exactly what playing the move adds to the mover's score, plus one for an
    /// extra turn, in every game (the start position too: the first-move exemption).
    #[test]
    fn gain_is_what_the_move_scores(g in 0..GAMES.len(), cuts in prop::collection::vec(0u32..1000, 17), side: bool, start: bool) {
        let r = rules(GAMES[g]);
        let p = if start { r.start() } else { random_position(&r, &cuts, side) };
        for m in r.legal_moves(&p) {
            let mut q = p;
            let eff = r.play_unchecked(&mut q, m);
            let me = p.side();
            let want = (q.score(me) - p.score(me)) as u32 + eff.extra_turn as u32;
            prop_assert_eq!(r.gain(&p, m), want, "{} {}", p, m);
        }
    }

    /// `children` lists exactly the legal moves, in order, each with the position and effect
    /// that playing it gives.
    #[test]
    fn children_are_the_legal_moves_played(g in 0..GAMES.len(), cuts in prop::collection::vec(0u32..1000, 17), side: bool) {
        let r = rules(GAMES[g]);
        let p = random_position(&r, &cuts, side);
        let children = r.children(&p);
        let moves = r.legal_moves(&p).to_vec();
        prop_assert_eq!(children.iter().map(|c| c.mv).collect::<Vec<_>>(), moves.clone());
        for (c, m) in children.iter().zip(moves) {
            let mut q = p;
            let eff = r.play_unchecked(&mut q, m);
            prop_assert_eq!(c.position, q);
            prop_assert_eq!(c.effect, eff);
        }
    }
}
