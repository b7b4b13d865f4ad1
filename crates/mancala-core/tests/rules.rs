//! One test per rule of the seeds and per ruling of RULINGS.md, named after it.

use mancala_core::{EndReason, Game, Move, Position, Rules, Side, rules_for};

fn rules(id: &str) -> Rules {
    rules_for(&id.parse().unwrap()).unwrap()
}

fn pos(r: &Rules, s: &str) -> Position {
    r.parse_position(s).unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// Plays `moves` from `start` (or the start position) and returns the game.
fn replay(r: &Rules, start: Option<&str>, moves: &str) -> Game {
    let mut g = match start {
        Some(s) => Game::from_position(r.clone(), pos(r, s)),
        None => Game::new(r.clone()),
    };
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

// ---------------------------------------------------------------- board and notation

#[test]
fn start_positions_follow_notation() {
    assert_eq!(rules("modiar").start().to_string(), "7-7-7-7-7-7-0-0-S");
    assert_eq!(
        rules("mangala-ii").start().to_string(),
        "6-6-6-6-6-6-6-6-6-6-6-6-0-0-S"
    );
    assert_eq!(
        rules("oware").start().to_string(),
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
    );
}

#[test]
fn south_moves_first() {
    assert_eq!(rules("modiar").start().side(), Side::South);
    assert_eq!(rules("mangala-ii").start().side(), Side::South);
    let r = rules("mangala-ii");
    assert!(
        r.check_move(&r.start(), mv("a")).is_err(),
        "North may not open"
    );
}

#[test]
fn sowing_is_counter_clockwise_from_south_row_into_north_row() {
    // Mangala II: F's six seeds go a, b, c, d, e, f.
    let r = rules("mangala-ii");
    let g = replay(&r, None, "F");
    assert_eq!(g.position().to_string(), "6-6-6-6-6-0-7-7-7-7-7-7-0-0-N");
    // North's f sows into South's A next.
    let g = replay(&r, None, "F f");
    assert_eq!(g.position().to_string(), "7-7-7-7-7-1-8-7-7-7-7-0-0-0-S");
}

// ---------------------------------------------------------------- Modiar

#[test]
fn modiar_first_seed_goes_back_into_the_origin() {
    let r = rules("modiar");
    // B holds 3: one back into B, then C and a (6 -> 7 each: no capture).
    let g = replay(&r, Some("6-3-6-6-6-5-6-4-S"), "B");
    assert_eq!(g.position().to_string(), "6-1-7-7-6-5-6-4-N");
}

#[test]
fn modiar_sowing_laps_over_the_origin_with_seven_or_more() {
    // A's 7 seeds: A (first), B, C, a, b, c, then A again: A ends with 2.
    let r = rules("modiar");
    let g = replay(&r, None, "A");
    assert_eq!(g.position().to_string(), "2-8-8-8-8-8-0-0-N");
}

#[test]
fn modiar_singletons_cannot_move() {
    let r = rules("modiar");
    let p = pos(&r, "1-4-1-4-4-4-12-12-S");
    assert_eq!(r.legal_moves(&p).to_vec(), vec![mv("B")]);
    let err = r.check_move(&p, mv("A")).unwrap_err().to_string();
    assert!(err.contains("at least 2"), "{err}");
}

#[test]
fn modiar_first_move_captures_nothing() {
    let r = rules("modiar");
    let mut g = Game::new(r.clone());
    let eff = g.play_str("A").unwrap();
    assert_eq!(eff.captured, 0);
    assert!(
        eff.capture_forfeited,
        "A lands in A with 2, a capture forfeited"
    );
    assert_eq!(g.position().scores().south, 0);
}

#[test]
fn modiar_first_move_exemption_applies_to_the_start_position_only() {
    // The same board with North to move is not the start: a's 7 seeds end in a with 2, captured.
    let r = rules("modiar");
    let g = replay(&r, Some("7-7-7-7-7-7-0-0-N"), "a");
    assert_eq!(g.position().to_string(), "8-8-8-0-8-8-0-2-S");
}

#[test]
fn capture_of_two_four_six_chains_backwards_across_both_rows() {
    // B (3): B gets 1, C 3->4, a 1->2. a (2) and C (4) are taken; B (1) stops the chain.
    let r = rules("modiar");
    let mut g = replay(&r, Some("5-3-3-1-5-5-10-10-S"), "");
    let eff = g.play_str("B").unwrap();
    assert_eq!(eff.captured, 6);
    assert_eq!(g.position().to_string(), "5-1-0-0-5-5-16-10-N");
}

#[test]
fn capture_chain_stops_at_first_pit_not_holding_two_four_or_six() {
    // Mangala II: E (2) sows F 2->3, a 1->2. a is taken; F holds 3 and stops the chain.
    let r = rules("mangala-ii");
    let g = replay(&r, Some("6-6-6-4-2-2-1-6-6-6-6-7-4-10-S"), "E");
    assert_eq!(g.position().to_string(), "6-6-6-4-0-3-0-6-6-6-6-7-6-10-N");
    // With F holding 3 before the move (4 after), the chain goes on to F and stops at E (0).
    let g = replay(&r, Some("6-6-6-4-2-3-1-6-6-6-6-6-4-10-S"), "E");
    assert_eq!(g.position().to_string(), "6-6-6-4-0-0-0-6-6-6-6-6-10-10-N");
}

#[test]
fn capture_counts_are_only_two_four_and_six() {
    // Landing makes 3, 5, 7, 1: no capture.
    let r = rules("mangala-ii");
    for (start, m) in [
        ("0-0-0-0-0-1-2-0-0-0-0-1-34-34-S", "F"), // a: 2 -> 3
        ("0-0-0-0-0-1-4-0-0-0-0-1-34-32-S", "F"), // a: 4 -> 5
        ("0-0-0-0-0-1-6-0-0-0-0-1-32-32-S", "F"), // a: 6 -> 7
        ("0-0-0-0-0-1-0-1-0-0-0-0-34-36-S", "F"), // a: 0 -> 1
    ] {
        let mut g = replay(&r, Some(start), "");
        assert_eq!(g.play_str(m).unwrap().captured, 0, "{start}");
    }
    for (start, want) in [
        ("0-0-0-0-0-1-1-0-0-0-0-2-34-34-S", 2),
        ("0-0-0-0-0-1-3-0-0-0-0-2-34-32-S", 4),
        ("0-0-0-0-0-1-5-0-0-0-0-2-32-32-S", 6),
    ] {
        let mut g = replay(&r, Some(start), "");
        assert_eq!(g.play_str("F").unwrap().captured, want, "{start}");
    }
}

#[test]
fn capture_on_the_movers_own_row() {
    // Mangala II: A (2) sows B, C; C 1->2 is South's own pit and is taken.
    let r = rules("mangala-ii");
    let g = replay(&r, Some("2-0-1-0-0-0-6-6-6-6-6-7-16-16-S"), "A");
    assert_eq!(g.position().to_string(), "0-1-0-0-0-0-6-6-6-6-6-7-18-16-N");
}

#[test]
fn capture_chain_takes_each_pit_once_around_the_whole_board() {
    // 25 seeds from A: two full laps (origin included) and one more into B. Every pit then holds
    // 2 and B 4: the chain runs all the way round and stops before taking B twice.
    let r = rules("mangala-ii");
    let mut g = replay(&r, Some("25-1-0-0-0-0-0-0-0-0-0-0-22-24-S"), "");
    let eff = g.play_str("A").unwrap();
    assert_eq!(eff.captured, 26);
    assert_eq!(g.position().to_string(), "0-0-0-0-0-0-0-0-0-0-0-0-48-24-N");
    assert!(g.is_over());
    assert_eq!(g.end_reason(), Some(EndReason::EmptyBoard));
}

#[test]
fn origin_is_never_skipped_on_later_laps() {
    // Mangala II: A (13): B..f (11), A (12th), B (13th).
    let r = rules("mangala-ii");
    // B ends with 3 (no capture), A with the 12th seed.
    let g = replay(&r, Some("13-1-0-0-0-0-0-0-0-0-0-0-28-30-S"), "A");
    assert_eq!(g.position().to_string(), "1-3-1-1-1-1-1-1-1-1-1-1-28-30-N");
}

#[test]
fn modiar_grand_slam_is_illegal() {
    // C (2): C gets 1, a 1->2 would be captured and leave North's row empty. (A and B end
    // in c, which they leave at 1.)
    let r = rules("modiar");
    let p = pos(&r, "6-5-2-1-0-0-14-14-S");
    assert_eq!(r.legal_moves(&p).to_vec(), vec![mv("A"), mv("B")]);
    let err = r.check_move(&p, mv("C")).unwrap_err().to_string();
    assert!(err.contains("grand slam"), "{err}");
}

#[test]
fn modiar_capture_that_leaves_opponent_seeds_is_legal() {
    // As above with b holding 1: the capture of a leaves b, so C is legal and takes 2.
    let r = rules("modiar");
    let mut g = replay(&r, Some("6-4-2-1-1-0-14-14-S"), "");
    assert_eq!(g.play_str("C").unwrap().captured, 2);
}

#[test]
fn modiar_must_feed_an_empty_opponent_when_able() {
    // North's row is empty. A (2) stays in South's row; B (4) and C (2) reach North's row.
    let r = rules("modiar");
    let p = pos(&r, "2-4-2-0-0-0-18-16-S");
    assert_eq!(r.legal_moves(&p).to_vec(), vec![mv("B"), mv("C")]);
    let err = r.check_move(&p, mv("A")).unwrap_err().to_string();
    assert!(err.contains("feed"), "{err}");
}

#[test]
fn modiar_any_legal_move_when_none_can_feed() {
    let r = rules("modiar");
    let p = pos(&r, "2-0-0-0-0-0-20-20-S");
    assert_eq!(r.legal_moves(&p).to_vec(), vec![mv("A")]);
}

#[test]
fn modiar_game_ends_when_mover_has_only_singletons_and_rows_are_swept() {
    let r = rules("modiar");
    let g = replay(&r, Some("1-1-0-3-2-1-18-16-S"), "");
    assert!(g.is_over());
    assert_eq!(g.end_reason(), Some(EndReason::NoLegalMove));
    assert_eq!(g.final_position().to_string(), "0-0-0-0-0-0-20-22-S");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(Side::North));
}

#[test]
fn modiar_game_ends_when_every_move_is_an_illegal_grand_slam() {
    let r = rules("modiar");
    let g = replay(&r, Some("1-0-2-1-0-0-20-18-S"), "");
    assert_eq!(g.end_reason(), Some(EndReason::NoLegalMove));
    assert_eq!(g.final_position().to_string(), "0-0-0-0-0-0-23-19-S");
}

#[test]
fn modiar_twenty_one_all_is_a_draw() {
    let r = rules("modiar");
    let g = replay(&r, Some("1-0-0-1-0-0-20-20-S"), "");
    let o = g.outcome().unwrap();
    assert_eq!((o.scores.south, o.scores.north, o.winner), (21, 21, None));
}

// ---------------------------------------------------------------- Mangala II

#[test]
fn mangala_sowing_starts_in_the_next_pit() {
    let r = rules("mangala-ii");
    let g = replay(&r, None, "A");
    assert_eq!(g.position().to_string(), "0-7-7-7-7-7-7-6-6-6-6-6-0-0-N");
}

#[test]
fn mangala_singletons_may_move() {
    let r = rules("mangala-ii");
    let p = pos(&r, "1-0-0-0-0-0-1-0-0-0-0-0-34-36-S");
    assert_eq!(r.legal_moves(&p).to_vec(), vec![mv("A")]);
}

#[test]
fn mangala_player_with_empty_row_must_pass() {
    let r = rules("mangala-ii");
    let p = pos(&r, "0-0-0-0-0-0-1-0-0-0-0-1-34-36-S");
    assert_eq!(r.legal_moves(&p).to_vec(), vec![Move::Pass]);
    let g = replay(&r, Some("0-0-0-0-0-0-1-0-0-0-0-1-34-36-S"), "pass");
    assert_eq!(g.position().to_string(), "0-0-0-0-0-0-1-0-0-0-0-1-34-36-N");
}

#[test]
fn mangala_pass_is_refused_when_a_pit_can_be_played() {
    let r = rules("mangala-ii");
    let err = r
        .check_move(&r.start(), Move::Pass)
        .unwrap_err()
        .to_string();
    assert!(err.contains("pass"), "{err}");
}

#[test]
fn mangala_game_goes_on_until_the_board_is_empty() {
    // South's row is empty but the board is not: not over, South passes.
    let r = rules("mangala-ii");
    let g = replay(&r, Some("0-0-0-0-0-0-0-0-0-0-0-2-34-36-S"), "");
    assert!(!g.is_over());
    let g = replay(&r, Some("0-0-0-0-0-0-0-0-0-0-0-0-36-36-S"), "");
    assert_eq!(g.end_reason(), Some(EndReason::EmptyBoard));
}

#[test]
fn mangala_thirty_seven_wins_and_thirty_six_all_is_a_draw() {
    let r = rules("mangala-ii");
    let o = replay(&r, Some("0-0-0-0-0-0-0-0-0-0-0-0-37-35-N"), "")
        .outcome()
        .unwrap();
    assert_eq!(o.winner, Some(Side::South));
    let o = replay(&r, Some("0-0-0-0-0-0-0-0-0-0-0-0-36-36-N"), "")
        .outcome()
        .unwrap();
    assert_eq!(o.winner, None);
}

// ---------------------------------------------------------------- repetition ruling

#[test]
fn repeated_position_ends_the_game_and_splits_the_board() {
    // Two single counters chase each other round the board; after 12 plies the position
    // recurs and the two left on the board are shared, one each: 35-37.
    let r = rules("mangala-ii");
    let start = "0-0-0-0-0-1-0-0-0-0-0-1-34-36-S";
    let g = replay(&r, Some(start), "F f A a B b C c D d E e");
    assert_eq!(g.end_reason(), Some(EndReason::Repetition));
    assert_eq!(g.position().to_string(), start);
    assert_eq!(
        g.final_position().to_string(),
        "0-0-0-0-0-0-0-0-0-0-0-0-35-37-S"
    );
    assert_eq!(g.outcome().unwrap().winner, Some(Side::North));
    // No move after the end.
    let mut g = g;
    assert!(g.play_str("F").is_err());
}

#[test]
fn repetition_split_keeps_the_captures_already_made() {
    let r = rules("mangala-ii");
    let start = "0-0-0-0-0-1-0-0-0-0-0-1-40-30-S";
    let g = replay(&r, Some(start), "F f A a B b C c D d E e");
    assert_eq!(
        g.final_position().to_string(),
        "0-0-0-0-0-0-0-0-0-0-0-0-41-31-S"
    );
    assert_eq!(g.outcome().unwrap().winner, Some(Side::South));
}

#[test]
fn same_board_with_other_side_to_move_is_not_a_repetition() {
    let r = rules("mangala-ii");
    // After F f A a B b C c D d E the board equals the start's but with North to move? No:
    // check directly that a position differing only in side does not end the game.
    let g = replay(&r, Some("0-0-0-0-0-0-1-0-0-0-0-1-34-36-S"), "pass");
    assert!(!g.is_over());
}

#[test]
fn undo_takes_back_the_end_of_the_game() {
    let r = rules("mangala-ii");
    let mut g = replay(
        &r,
        Some("0-0-0-0-0-1-0-0-0-0-0-1-34-36-S"),
        "F f A a B b C c D d E e",
    );
    assert!(g.is_over());
    assert_eq!(g.undo(), Some(mv("e")));
    assert!(!g.is_over());
    assert_eq!(g.plies().len(), 11);
}

// ---------------------------------------------------------------- notation errors

#[test]
fn position_errors_name_the_field() {
    let r = rules("modiar");
    let e = r.parse_position("7-7-7-7-7-7-0-0").unwrap_err().to_string();
    assert!(
        e.contains("expected 9 fields") && e.contains("found 8"),
        "{e}"
    );
    let e = r
        .parse_position("7-7-x-7-7-7-0-0-S")
        .unwrap_err()
        .to_string();
    assert!(e.contains("field 3 (pit C)") && e.contains("'x'"), "{e}");
    let e = r
        .parse_position("7-7-7-7-7-7-0-0-X")
        .unwrap_err()
        .to_string();
    assert!(e.contains("side to move"), "{e}");
    let e = r
        .parse_position("7-7-7-7-7-6-0-0-S")
        .unwrap_err()
        .to_string();
    assert!(e.contains("41") && e.contains("42"), "{e}");
    let e = r
        .parse_position("7-7-7-7-7-7-0-999-S")
        .unwrap_err()
        .to_string();
    assert!(e.contains("North's captures"), "{e}");
    let e = r
        .parse_position("7-7-7-7--7-0-0-S")
        .unwrap_err()
        .to_string();
    assert!(e.contains("field 5 (pit b)"), "{e}");
}

#[test]
fn positions_with_odd_captures_are_refused_where_every_capture_is_even() {
    use mancala_core::PositionError;
    // Modiar and Mangala II capture 2, 4 or 6 at a time, from none: no game reaches a side's
    // odd captures while seeds are on the board.
    for (game, text, side, captured) in [
        ("modiar", "1-0-0-0-0-0-41-0-S", Side::South, 41),
        ("modiar", "1-1-0-0-0-0-21-19-N", Side::South, 21),
        (
            "mangala-ii",
            "1-0-0-0-0-0-0-0-0-0-0-0-35-36-S",
            Side::South,
            35,
        ),
    ] {
        let e = rules(game).parse_position(text).unwrap_err();
        assert_eq!(
            e,
            PositionError::OddCaptures {
                game: rules(game).name().to_string(),
                side,
                captured,
            },
            "{game} {text}"
        );
        assert_eq!(e.code(), "odd-captures");
        assert!(e.to_string().contains("an odd number"), "{e}");
    }
    // Even captures on both sides are what games reach.
    for (game, text) in [
        ("mangala-ii", "0-0-0-0-0-1-0-0-0-0-0-1-36-34-S"),
        ("modiar:seeds=3", "2-0-0-0-0-0-8-8-S"),
    ] {
        rules(game).parse_position(text).unwrap();
    }
    let e = rules("mangala-ii")
        .parse_position("0-0-0-0-0-1-0-0-0-0-0-0-36-35-S")
        .unwrap_err();
    assert!(e.to_string().contains("North's captures are 35"), "{e}");
    // Once the board is empty the game is over and settled: a side's own row, or an equal
    // share, may have made his score odd.
    rules("modiar")
        .parse_position("0-0-0-0-0-0-21-21-S")
        .unwrap();
    // Where a capture may take an odd number (Oware's 3) or a store holds the seeds (Kalah),
    // any split is reachable.
    rules("oware")
        .parse_position("1-0-0-0-0-0-0-0-0-0-0-0-23-24-S")
        .unwrap();
    rules("kalah")
        .parse_position("1-0-0-0-0-0-0-0-0-0-0-0-23-24-S")
        .unwrap();
    // A game saved before such positions were refused still loads.
    let saved = rules("modiar")
        .parse_saved_position("1-0-0-0-0-0-41-0-S")
        .unwrap();
    assert_eq!(saved.to_string(), "1-0-0-0-0-0-41-0-S");
    assert!(
        rules("modiar")
            .parse_saved_position("1-0-0-0-0-0-40-0-S")
            .is_err()
    );
    assert!(rules("modiar").captures_even() && rules("mangala-ii").captures_even());
    assert!(!rules("oware").captures_even() && !rules("kalah").captures_even());
}

#[test]
fn move_errors_explain_the_rule() {
    let r = rules("modiar");
    assert!(
        r.parse_move("D")
            .unwrap_err()
            .to_string()
            .contains("3 pits")
    );
    assert!(r.parse_move("zz").is_err());
    let e = r.check_move(&r.start(), mv("a")).unwrap_err().to_string();
    assert!(
        e.contains("North's pit") && e.contains("legal: A B C"),
        "{e}"
    );
    let p = pos(&r, "0-4-4-4-4-4-10-12-S");
    let e = r.check_move(&p, mv("A")).unwrap_err().to_string();
    assert!(e.contains("empty"), "{e}");
}

/// Each leftover policy gives the seeds left on the board where it says: each row to its
/// owner, all to the player who would have moved, all to the other, or to nobody.
#[test]
fn leftover_policies_give_the_board_where_they_say() {
    use mancala_core::ruleset::Leftover;
    let base = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
    // South's row holds 3 + 1, North's 2; North would move next.
    let text = "3-0-0-0-0-1-0-2-0-0-0-0-30-36-N";
    for (policy, scores, board_left) in [
        (Leftover::OwnRow, (34, 38), 0),
        (Leftover::Mover, (30, 42), 0),
        (Leftover::Opponent, (36, 36), 0),
        (Leftover::Nobody, (30, 36), 6),
    ] {
        let mut r = base.ruleset().clone();
        r.leftover = policy;
        let rules = Rules::new(r).unwrap();
        let pos = rules.parse_position(text).unwrap();
        let fin = rules.settle(&pos, EndReason::NoLegalMove);
        assert_eq!(
            (fin.score(Side::South), fin.score(Side::North)),
            scores,
            "{policy:?}"
        );
        assert_eq!(fin.board_total(), board_left, "{policy:?}");
        // A repetition under the split ruling shares the board whatever the policy.
        let rep = rules.settle(&pos, EndReason::Repetition);
        assert_eq!((rep.score(Side::South), rep.score(Side::North)), (33, 39));
    }
}

/// The sowing path of every move of random games, laid seed by seed on the board before it and
/// then captured as the effect says, gives the position the rules played to.
#[test]
fn sowing_paths_lay_the_seeds_where_play_puts_them() {
    use mancala_core::{Cell, Move, Side};
    use rand::seq::SliceRandom;
    use rand::{SeedableRng, rngs::StdRng};
    let mut rng = StdRng::seed_from_u64(7);
    let specs = [
        "modiar",
        "mangala-ii",
        "oware",
        "kalah",
        "kalah:pits=3,seeds=9",
        "oware:pits=2,seeds=7",
    ];
    for id in specs {
        let rules = mancala_core::rules_for(&id.parse().unwrap()).unwrap();
        let n = rules.pits_per_row();
        let mut checked = 0;
        for _ in 0..30 {
            let mut pos = rules.start();
            for _ in 0..300 {
                let legal = rules.legal_moves(&pos).to_vec();
                let Some(&m) = legal.choose(&mut rng) else {
                    break;
                };
                let (after, eff) = rules.play(&pos, m).unwrap();
                let Some(path) = rules.sowing_path(&pos, m) else {
                    assert_eq!(m, Move::Pass, "{id}: no path for {m}");
                    pos = after;
                    continue;
                };
                let origin = m.board_index(n).unwrap();
                assert_eq!(
                    path.len(),
                    pos.pit(origin) as usize,
                    "{id}: one cell a seed"
                );
                let mut cells: Vec<u32> = (0..2 * n + 2)
                    .map(|i| match Cell::from_index(i, n).unwrap() {
                        Cell::Pit { .. } => pos.pit(i) as u32,
                        Cell::Store(s) => pos.score(s) as u32,
                    })
                    .collect();
                cells[origin] = 0;
                for c in &path {
                    cells[c.index(n)] += 1;
                }
                assert_eq!(eff.landing, path.last().copied(), "{id} {m} at {pos}");
                let mover = pos.side();
                for c in rules.captured_cells(&eff) {
                    let taken = std::mem::take(&mut cells[c.index(n)]);
                    cells[Cell::Store(mover).index(n)] += taken;
                }
                // Opposite captures (Kalah) take the landing seed and the pit across, too.
                if !rules.captured_cells(&eff).is_empty() && rules.ruleset().stores {
                    pos = after;
                    continue;
                }
                let want: Vec<u32> = after
                    .pits()
                    .iter()
                    .map(|&c| c as u32)
                    .chain([
                        after.score(Side::South) as u32,
                        after.score(Side::North) as u32,
                    ])
                    .collect();
                assert_eq!(cells, want, "{id}: {m} at {pos}");
                checked += 1;
                pos = after;
            }
        }
        assert!(checked > 200, "{id}: only {checked} moves checked");
    }
}

#[test]
fn modiar_sows_its_first_seed_back_into_the_origin_and_kalah_into_the_store() {
    use mancala_core::{Cell, Side};
    let cells = |id: &str, mv: &str| {
        let rules = mancala_core::rules_for(&id.parse().unwrap()).unwrap();
        let n = rules.pits_per_row();
        let path = rules
            .sowing_path(&rules.start(), mv.parse().unwrap())
            .unwrap();
        (path.iter().map(|c| c.index(n)).collect::<Vec<_>>(), path)
    };
    // 7 seeds from A: A itself, then B C a b c A.
    assert_eq!(cells("modiar", "A").0, vec![0, 1, 2, 3, 4, 5, 0]);
    // 4 seeds from C: D E F, then South's store.
    let (idx, path) = cells("kalah", "C");
    assert_eq!(idx, vec![3, 4, 5, 12]);
    assert_eq!(path.last(), Some(&Cell::Store(Side::South)));
}

#[test]
fn every_end_reason_has_its_own_code() {
    let mut codes = std::collections::BTreeSet::new();
    for r in EndReason::ALL {
        // A new reason must be added to `ALL`: this match has no arm for it.
        match r {
            EndReason::NoLegalMove
            | EndReason::EmptyBoard
            | EndReason::RowEmpty
            | EndReason::Majority
            | EndReason::Repetition
            | EndReason::MaxPlies => {}
        }
        let code = r.code();
        assert!(
            !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{r:?}: {code}"
        );
        assert!(codes.insert(code), "{code} twice");
    }
    assert_eq!(codes.len(), 6);
}
