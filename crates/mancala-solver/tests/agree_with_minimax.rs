//! The databases agree with an independent exhaustive search with history (tests/common), on
//! every position with few stones and on a random sample of larger ones: Modiar, Mangala II,
//! Kalah (its sizes and variants) and Oware (its sizes and grand-slam variants, with its own
//! repetition rule: where a value is stored as not exact, the search's value must lie at or
//! above its stored lower bound), and each of the four with its sowing turned clockwise.
//! Where the search runs out of nodes (Oware past a few seeds), Oware's stored bounds are
//! compared with those worked out from their definition by plain passes (tests/common).

mod common;
mod rulesets;

use common::{minimax_value, position_with};
use mancala_core::{GameSpec, Position, Rules, Ruleset, Side, parse_rules_toml, rules_for};
use mancala_solver::{Database, DbError};
use rand::{Rng, SeedableRng};
use rulesets::random_ruleset;

fn rules(spec: &str) -> Rules {
    rules_for(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

/// A variant's rules file (`crates/mancala-core/rules/variants/<id>.toml`), resized.
fn variant(id: &str, pits: u8, seeds: u8) -> Ruleset {
    let path = format!(
        "{}/../mancala-core/rules/variants/{id}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let r = parse_rules_toml(&std::fs::read_to_string(path).unwrap()).unwrap();
    r.resized(pits, seeds).unwrap()
}

/// Builds the levels up to `max` and checks every board of the levels up to `all_up_to`
/// (both sides to move) and `sample` random boards of each higher level.
fn check(spec: &str, max: u32, all_up_to: u32, sample: usize, budget: u64) {
    check_rules(&rules(spec), spec, (max, all_up_to, sample, budget), false);
}

/// [`check`] for `rules` (named `spec` in messages), comparing only who wins when
/// `outcome_only` (Oware's majority end: the databases value the game played on to its end).
fn check_rules(
    rules: &Rules,
    spec: &str,
    (max, all_up_to, sample, budget): (u32, u32, usize, u64),
    outcome_only: bool,
) {
    let rules = rules.clone();
    let mut bounded = 0;
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), &rules).unwrap();
    db.build(max, None, &()).unwrap();
    let ix = db.indexer();
    let m = db.game().pits();
    let mut rng = rand::rngs::StdRng::seed_from_u64(6);
    let mut checked = 0;
    let mut skipped = 0;
    for b in db.game().levels(max) {
        let size = ix.level_size(b);
        let picks: Vec<u64> = if b <= all_up_to {
            (0..size).collect()
        } else {
            (0..sample).map(|_| rng.gen_range(0..size)).collect()
        };
        for r in picks {
            let board = ix.unrank(b, r);
            for side in Side::BOTH {
                let pos = position_with(&rules, &board[..m], side);
                let Some(expect) = minimax_value(&rules, &pos, budget) else {
                    assert!(
                        b > all_up_to,
                        "{spec}: minimax ran out of nodes on {pos} (an exhaustive level)"
                    );
                    skipped += 1;
                    continue;
                };
                bounded += agrees(&db, &rules, spec, pos, expect, outcome_only) as usize;
                checked += 1;
            }
        }
    }
    assert!(
        bounded < checked,
        "{spec}: no value was exact ({bounded} bounded of {checked})"
    );
    assert!(checked > 0);
    assert!(
        skipped * 4 < checked,
        "{spec}: too many sampled positions were too large for minimax"
    );
}

/// Compares the database's answers on `pos` with minimax's value `expect` (who wins only when
/// `outcome_only`): an exact value must be minimax's, both as stored and as solved; a value
/// stored as not exact must hold minimax's within its bounds, and solving it must say so with
/// those bounds. Says whether the value was stored as not exact.
fn agrees(
    db: &Database,
    rules: &Rules,
    spec: &str,
    pos: Position,
    expect: i32,
    outcome_only: bool,
) -> bool {
    // A value stored as not exact: the search's lies within its bounds.
    let stored = match db.probe_checked(&pos) {
        Err(DbError::NotExact {
            board,
            at_least,
            at_most,
            ..
        }) => {
            let me = pos.side();
            let now = pos.score(me) as i32 - pos.score(me.other()) as i32;
            let bound = |share: u8| now + 2 * share as i32 - board as i32;
            let (lo, hi) = (bound(at_least), bound(at_most));
            // With the majority end only who wins is comparable.
            let holds = if outcome_only {
                lo.signum() <= expect.signum() && expect.signum() <= hi.signum()
            } else {
                lo <= expect && expect <= hi
            };
            assert!(
                holds,
                "{spec}: minimax gives {expect} on {pos}, outside the stored bounds {lo}..{hi}"
            );
            // Solving it says so with the board's own bounds (not with those of
            // a move's board).
            match db.solve(&pos) {
                Err(DbError::NotExact {
                    board: b2,
                    at_least: l2,
                    at_most: h2,
                    ..
                }) => assert_eq!(
                    (b2, l2, h2),
                    (board, at_least, at_most),
                    "{spec}: solving {pos} reports other bounds"
                ),
                other => panic!("{spec}: solving {pos}: {other:?}"),
            }
            return true;
        }
        other => other.unwrap(),
    };
    let same = |got: i32| {
        if outcome_only {
            got.signum() == expect.signum()
        } else {
            got == expect
        }
    };
    // The stored value of the board is the best of its moves.
    if !rules.is_start(&pos) {
        let got = stored.final_difference(&pos);
        assert!(
            same(got),
            "{spec}: stored value {got} of {pos}, minimax {expect}"
        );
    }
    match db.solve(&pos) {
        Ok(s) => assert!(
            same(s.value),
            "{spec}: database ({}) and minimax ({expect}) disagree on {pos}",
            s.value
        ),
        // A move leads to a board whose value is not exact.
        Err(DbError::NotExact { .. }) => {}
        Err(e) => panic!("{spec}: {e}"),
    }
    false
}

#[test]
fn modiar_agrees_with_minimax_up_to_12_stones_and_on_a_sample_to_18() {
    check("modiar", 18, 12, 40, 2_000_000);
}

#[test]
fn mangala_ii_agrees_with_minimax_up_to_6_stones_and_on_a_sample_to_10() {
    check("mangala-ii", 10, 6, 30, 2_000_000);
}

#[test]
fn small_modiar_agrees_with_minimax_everywhere() {
    // 2x3 pits with 2 stones each: every level, every position, the start included.
    check("modiar:seeds=2", 12, 12, 0, 50_000_000);
}

#[test]
fn small_mangala_ii_agrees_with_minimax_everywhere() {
    check("mangala-ii:pits=3,seeds=2", 12, 8, 40, 5_000_000);
}

/// `oware` resized, and without its majority end when `majority` is false (the game played on
/// to its end, whose margins the databases hold).
fn oware(r: Ruleset, majority: bool) -> Rules {
    let mut r = r;
    r.end.majority = majority;
    Rules::new(r).unwrap()
}

#[test]
fn small_kalahs_agree_with_minimax_everywhere() {
    check("kalah:pits=1,seeds=3", 6, 6, 0, 5_000_000);
    check("kalah:pits=2,seeds=2", 8, 8, 0, 5_000_000);
    check("kalah:pits=3,seeds=2", 12, 9, 40, 5_000_000);
}

#[test]
fn kalah_variants_agree_with_minimax() {
    for (id, pits, seeds) in [("kalah-empty-capture", 3, 2), ("kalah-4-3", 3, 2)] {
        let r = Rules::new(variant(id, pits, seeds)).unwrap();
        check_rules(&r, id, (12, 8, 40, 5_000_000), false);
    }
    // Kalah(6,4) itself: every board of the small levels and a sample above.
    check("kalah", 10, 4, 30, 2_000_000);
}

#[test]
fn small_owares_agree_with_minimax_everywhere() {
    for (pits, seeds) in [(1u8, 2u8), (2, 2), (3, 1)] {
        let spec = format!("oware:pits={pits},seeds={seeds}");
        let r = rules(&spec).ruleset().clone();
        let total = 2 * pits as u32 * seeds as u32;
        check_rules(
            &oware(r.clone(), false),
            &spec,
            (total, total, 0, 20_000_000),
            false,
        );
        check_rules(&oware(r, true), &spec, (total, total, 0, 20_000_000), true);
    }
}

#[test]
fn oware_and_its_grand_slam_variants_agree_with_minimax() {
    let base = rules("oware:pits=3,seeds=2").ruleset().clone();
    for (name, r) in [
        ("oware 3x2", base),
        (
            "oware-grand-slam-captures",
            variant("oware-grand-slam-captures", 3, 2),
        ),
        (
            "oware-grand-slam-illegal",
            variant("oware-grand-slam-illegal", 3, 2),
        ),
    ] {
        check_rules(
            &oware(r.clone(), false),
            name,
            (12, 5, 15, 2_000_000),
            false,
        );
        check_rules(&oware(r, true), name, (12, 5, 15, 2_000_000), true);
    }
}

#[test]
fn oware_agrees_with_minimax_on_its_small_levels() {
    // Oware itself (6 pits a row): the small levels whole, a sample above.
    let r = rules("oware").ruleset().clone();
    check_rules(
        &oware(r.clone(), false),
        "oware",
        (3, 3, 0, 5_000_000),
        false,
    );
    check_rules(&oware(r, true), "oware", (3, 3, 0, 5_000_000), true);
}

/// The bounds the databases store for `rules` (a game whose repetition gives each player his
/// own row) on every board of the levels up to `max`, against the bounds worked out from their
/// definition by plain passes ([`common::bounds_by_definition`], no solver code): the same two
/// numbers, board for board. Returns how many boards were compared and how many of them have
/// a value that is not exact.
fn bounds_as_defined(rules: &Rules, spec: &str, max: u32) -> (usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::open(dir.path(), rules).unwrap();
    db.build(max, None, &()).unwrap();
    let mut played_on = rules.ruleset().clone();
    played_on.end.majority = false;
    let defined = common::bounds_by_definition(&Rules::new(played_on).unwrap(), max);
    let (mut compared, mut open) = (0, 0);
    for (b, level) in defined.iter().enumerate() {
        for (board, &(lo, hi)) in level {
            let pos = position_with(rules, board, Side::South);
            let stored = match db.probe_checked(&pos) {
                Ok(v) => (v.share, v.share),
                Err(DbError::NotExact {
                    at_least, at_most, ..
                }) => (at_least, at_most),
                Err(e) => panic!("{spec}: level {b}: {e}"),
            };
            assert_eq!(
                stored,
                (lo, hi),
                "{spec}: the bounds stored for {pos} (level {b}) are not those of the definition"
            );
            compared += 1;
            open += (lo != hi) as usize;
        }
    }
    (compared, open)
}

#[test]
fn oware_s_bounds_are_those_of_their_definition() {
    for (name, r, max) in [
        ("oware", rules("oware").ruleset().clone(), 10),
        (
            "oware 3x2",
            rules("oware:pits=3,seeds=2").ruleset().clone(),
            12,
        ),
        (
            "oware 2x3",
            rules("oware:pits=2,seeds=3").ruleset().clone(),
            12,
        ),
        (
            "oware-grand-slam-captures 3x2",
            variant("oware-grand-slam-captures", 3, 2),
            12,
        ),
        (
            "oware-grand-slam-illegal 3x2",
            variant("oware-grand-slam-illegal", 3, 2),
            12,
        ),
    ] {
        let (compared, open) = bounds_as_defined(&Rules::new(r).unwrap(), name, max);
        eprintln!("{name}: levels 0-{max}, {compared} boards, {open} of them not exact");
        assert!(
            open > 0 && open < compared,
            "{name}: {open} of {compared} not exact"
        );
    }
}

/// [`oware_s_bounds_are_those_of_their_definition`] for Oware's levels up to
/// `MANCALA_OWARE_DEFINED` stones (default 14; level 14 alone has 4.5 million boards, and the
/// passes keep every board of every level in a hash map: about 1.5 GB of memory).
#[test]
#[ignore = "minutes in release: MANCALA_OWARE_DEFINED=14 cargo test --release -p mancala-solver --test agree_with_minimax -- --ignored definition_to"]
fn oware_s_bounds_are_those_of_their_definition_to_more_stones() {
    let max = std::env::var("MANCALA_OWARE_DEFINED").map_or(14, |s| {
        s.parse()
            .unwrap_or_else(|_| panic!("MANCALA_OWARE_DEFINED: a number of stones, not {s:?}"))
    });
    let (compared, open) = bounds_as_defined(&rules("oware"), "oware", max);
    eprintln!("oware: levels 0-{max}, {compared} boards, {open} of them not exact");
}

/// Oware's own levels above those built here, from a directory where `mancala db build oware`
/// built them (`MANCALA_OWARE_DATA`): `MANCALA_OWARE_SAMPLE` random boards a level (default
/// 100), each with both sides to move, from level 4 up to the highest built while minimax
/// (`MANCALA_OWARE_NODES` nodes, default 2 million) finishes at least one position in four.
/// Each is searched twice: without the majority end, whose margins the databases hold, and
/// with it, whose winner they give.
#[test]
#[ignore = "needs Oware's databases: MANCALA_OWARE_DATA=DIR cargo test --release -p mancala-solver --test agree_with_minimax -- --ignored oware_levels"]
fn oware_levels_agree_with_minimax_on_a_sample() {
    let dir = std::env::var_os("MANCALA_OWARE_DATA").expect(
        "MANCALA_OWARE_DATA: set it to the data directory of `mancala db build oware` (its --data-dir)",
    );
    let number = |name: &str, default: u64| -> u64 {
        std::env::var(name).map_or(default, |s| {
            s.parse()
                .unwrap_or_else(|_| panic!("{name}: a number, not {s:?}"))
        })
    };
    let sample = number("MANCALA_OWARE_SAMPLE", 100);
    let budget = number("MANCALA_OWARE_NODES", 2_000_000);
    let real = rules("oware");
    let margins = oware(real.ruleset().clone(), false);
    let db = Database::open(std::path::Path::new(&dir), &real).unwrap();
    let ix = db.indexer();
    let m = db.game().pits();
    let mut rng = rand::rngs::StdRng::seed_from_u64(48);
    let (mut checked, mut bounded) = (0u64, 0u64);
    let mut top = None;
    for b in 4..=db.game().total() {
        if !db.level_path(b).exists() {
            break;
        }
        let size = ix.level_size(b);
        let (mut here, mut too_large) = (0u64, 0u64);
        for _ in 0..sample {
            let board = ix.unrank(b, rng.gen_range(0..size));
            for side in Side::BOTH {
                let pos = position_with(&real, &board[..m], side);
                let Some((margin, outcome)) = minimax_value(&margins, &pos, budget)
                    .and_then(|v| Some((v, minimax_value(&real, &pos, budget)?)))
                else {
                    too_large += 1;
                    continue;
                };
                bounded += agrees(&db, &real, "oware", pos, margin, false) as u64;
                agrees(&db, &real, "oware", pos, outcome, true);
                here += 1;
            }
        }
        eprintln!("oware level {b}: {here} positions agree, {too_large} too large for minimax");
        checked += here;
        if here > 0 {
            top = Some(b);
        }
        if here < too_large / 3 {
            break;
        }
    }
    let top = top.expect("no level of 4 stones or more was built there, or none was checked");
    eprintln!(
        "oware: {checked} positions of levels 4-{top} agree with minimax ({bounded} of them stored as bounds)"
    );
    assert!(
        bounded < checked,
        "no value was exact ({bounded} bounded of {checked})"
    );
}

/// A built-in game's rules file with its sowing turned clockwise, resized: the solver's paths
/// for a sowing that does not follow the pits' numbering (no sown-back ranks, the general sowing
/// and unsowing) against the search, which plays the rules core's clockwise ring.
fn clockwise(id: &str, pits: u8, seeds: u8) -> Ruleset {
    let path = format!(
        "{}/../mancala-core/rules/{id}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    assert!(
        text.contains("direction = \"ccw\""),
        "{id}: no direction to turn"
    );
    let r = parse_rules_toml(&text.replace("direction = \"ccw\"", "direction = \"cw\"")).unwrap();
    r.resized(pits, seeds).unwrap()
}

#[test]
fn clockwise_games_agree_with_minimax() {
    for (id, pits, seeds, all_up_to) in [
        ("modiar", 3, 2, 12),
        ("mangala-ii", 3, 2, 8),
        ("kalah", 3, 2, 9),
    ] {
        let r = Rules::new(clockwise(id, pits, seeds)).unwrap();
        let max = 2 * pits as u32 * seeds as u32;
        check_rules(
            &r,
            &format!("{id} clockwise"),
            (max, all_up_to, 40, 5_000_000),
            false,
        );
    }
    let r = clockwise("oware", 3, 2);
    check_rules(
        &oware(r.clone(), false),
        "oware clockwise",
        (12, 5, 8, 500_000),
        false,
    );
    check_rules(
        &oware(r, true),
        "oware clockwise",
        (12, 5, 8, 500_000),
        true,
    );
}

/// A rule the solver does not handle, put into `r` at random: the name the refusal must
/// give, with the ruleset still one the rules core accepts.
fn unsupported_rule(rng: &mut rand::rngs::StdRng, r: &mut Ruleset) -> &'static str {
    use mancala_core::ruleset::{Leftover, Repetition};
    match rng.gen_range(0..4) {
        0 => {
            r.leftover = Leftover::Nobody;
            "leftover"
        }
        1 if !r.stores => {
            r.repetition = Repetition::Ignore;
            "repetition"
        }
        2 if r.stores => {
            r.capture.counts = vec![2];
            r.capture.opposite_empty = mancala_core::ruleset::OppositeCapture::None;
            "capture.counts"
        }
        _ if !r.stores => {
            r.end.row_empty = true;
            "end.row-empty"
        }
        _ => {
            r.leftover = Leftover::Nobody;
            "leftover"
        }
    }
}

/// Rulesets drawn at random ([`random_ruleset`]), built and checked against the independent
/// search on every board of their small levels (both sides to move) as the built-in games are
/// above; and one draw in eight given a rule the solver does not handle
/// ([`unsupported_rule`]), which it must refuse before any work, naming that rule.
/// `RANDOM_RULESETS=N` draws N (say 1000 in a release build: about three minutes).
#[test]
fn random_rulesets_agree_with_minimax_or_are_refused_by_name() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(29);
    let (mut built, mut refused) = (0, 0);
    let draws = std::env::var("RANDOM_RULESETS").map_or(64, |v| v.parse().unwrap());
    for draw in 0..draws {
        let mut r = random_ruleset(&mut rng, draw);
        let unsupported = rng
            .gen_bool(0.125)
            .then(|| unsupported_rule(&mut rng, &mut r));
        let what = format!("{r:?}");
        let rules = Rules::new(r.clone()).unwrap_or_else(|e| panic!("{e}: {what}"));
        let dir = tempfile::tempdir().unwrap();
        match (Database::open(dir.path(), &rules), unsupported) {
            (Err(DbError::Unsupported(u)), Some(rule)) => {
                let text = u.to_string();
                assert!(
                    text.contains("cannot be solved by retrograde analysis here: ")
                        && u.why.contains(rule),
                    "{rule}: {text}"
                );
                assert_eq!(
                    std::fs::read_dir(dir.path()).unwrap().count(),
                    0,
                    "{what}: refused after writing"
                );
                refused += 1;
                continue;
            }
            (Ok(_), Some(rule)) => panic!("{what}: built with {rule}"),
            (Err(e), _) => panic!("{what}: {e}"),
            (Ok(_), None) => {}
        }
        let total = 2 * r.pits as u32 * r.seeds as u32;
        // Every board of the levels of up to 4 stones, a sample above (a ruleset that rarely
        // captures makes long games, too long for the search on some larger boards).
        check_rules(
            &rules,
            &what,
            (total, total.min(4), 6, 2_000_000),
            r.end.majority,
        );
        built += 1;
    }
    eprintln!("{draws} random rulesets: {built} built and checked, {refused} refused by name");
    assert!(built > 0 && refused > 0);
}
