//! Rules files: every way a file can be wrong gets a one-line message naming the parameter,
//! every built-in game exports to a file that reads back the same, and the documented variants
//! under rules/variants/ load and play.

use mancala_core::{
    Game, Rules, builtin, builtin_ids, parse_rules_toml, perft, rules_for, rules_to_toml,
};
use std::path::PathBuf;

const OWARE: &str = include_str!("../rules/oware.toml");
const KALAH: &str = include_str!("../rules/kalah.toml");
const MODIAR: &str = include_str!("../rules/modiar.toml");
const MANGALA: &str = include_str!("../rules/mangala-ii.toml");

/// `base` with the first `from` replaced by `to` (which must be there).
fn edit(base: &str, from: &str, to: &str) -> String {
    assert!(
        base.contains(from),
        "test bug: '{from}' not in the base file"
    );
    base.replacen(from, to, 1)
}

/// The error for `text`, checked to be one line that contains every one of `needles`.
fn error_of(text: &str, needles: &[&str]) -> String {
    let e = parse_rules_toml(text)
        .expect_err("the file should be refused")
        .to_string();
    eprintln!("{e}");
    assert!(!e.contains('\n'), "not one line: {e}");
    for n in needles {
        assert!(e.contains(n), "'{n}' missing from: {e}");
    }
    e
}

#[test]
fn rules_file_syntax_error_names_the_line() {
    error_of(
        &edit(OWARE, "seeds = 4", "seeds = [4"),
        &["rules file: line 22", "`stores = false`", "expected `]`"],
    );
    error_of("this is not toml", &["rules file", "line 1"]);
    // A table header left open: the header's line and its text.
    error_of(
        &edit(OWARE, "[capture]", "[capture"),
        &["rules file: line 36", "`[capture`", "table header"],
    );
}

#[test]
fn rules_file_unknown_key_is_named() {
    error_of(
        &edit(OWARE, "seeds = 4", "seeds = 4\nsowing = \"fast\""),
        &["line 22: `sowing = \"fast\"`: unknown field `sowing`"],
    );
    error_of(
        &edit(OWARE, "[capture]", "[capture]\nrelay = true"),
        &["line 37 in [capture]: `relay = true`: unknown field `relay`, expected one of `counts`"],
    );
    error_of(
        &edit(OWARE, "[end]", "[end]\nstalemate = true"),
        &["unknown field `stalemate`"],
    );
    error_of(
        &edit(OWARE, "[end]", "[ending]"),
        &["line 42: `[ending]`: unknown field `ending`"],
    );
}

#[test]
fn rules_file_wrong_type_is_named() {
    error_of(
        &edit(OWARE, "pits = 6", "pits = \"six\""),
        &["line 20: `pits = \"six\"`: invalid type: string \"six\", expected u8"],
    );
    error_of(&edit(OWARE, "pits = 6", "pits = 300"), &["pits", "300"]);
    error_of(&edit(OWARE, "pits = 6", "pits = -1"), &["pits"]);
    error_of(
        &edit(OWARE, "majority = true", "majority = 1"),
        &["majority", "expected a boolean"],
    );
    error_of(
        &edit(OWARE, "feeding = \"must\"", "feeding = \"sometimes\""),
        &["feeding", "`sometimes`", "`prefer`"],
    );
    error_of(
        &edit(OWARE, "counts = [2, 3]", "counts = 2"),
        &["counts", "expected a sequence"],
    );
    error_of(
        &edit(OWARE, "max-plies = 1000", "max-plies = \"many\""),
        &["max-plies"],
    );
}

#[test]
fn rules_file_missing_parameter_is_named() {
    error_of(&edit(OWARE, "pits = 6\n", ""), &["missing field `pits`"]);
    error_of(
        &edit(
            OWARE,
            "[capture]\ncounts = [2, 3]\nrows = \"opponent\"\nchain = \"backward\"\nopposite-empty = \"none\"\n",
            "",
        ),
        &["missing field `capture`"],
    );
}

/// A refused file: a built-in file, its edits in order (`from` -> `to`), the parameter the
/// error names and words of its reason.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str, &'a str);

/// One case for each check of `Ruleset::validate`: the file, and the parameter named.
#[test]
fn rules_file_impossible_combinations_name_the_parameter() {
    // One case a line.
    #[rustfmt::skip]
    let cases: &[Case] = &[
        (OWARE, &[("id = \"oware\"", "id = \"My Oware\"")], "'id'", "lowercase"),
        (OWARE, &[("pits = 6", "pits = 0")], "'pits'", "from 1 to 8"),
        (OWARE, &[("pits = 6", "pits = 9")], "'pits'", "not 9"),
        (OWARE, &[("seeds = 4", "seeds = 0")], "'seeds'", "at least 1"),
        (OWARE, &[("seeds = 4", "seeds = 22")], "'seeds'", "264 seeds"),
        (OWARE, &[("min-seeds = 1", "min-seeds = 0")], "'min-seeds'", "empty pit"),
        (OWARE, &[("min-seeds = 1", "min-seeds = 49")], "'min-seeds'", "no move is ever possible"),
        (OWARE, &[("first-seed-in-origin = false", "first-seed-in-origin = true")], "'skip-origin'", "contradicts"),
        (MODIAR, &[("min-seeds = 2", "min-seeds = 1")], "'min-seeds'", "at least 2 with first-seed-in-origin"),
        (OWARE, &[("counts = [2, 3]", "counts = [0, 2]")], "'capture.counts'", "0 cannot"),
        (OWARE, &[("counts = [2, 3]", "counts = [2, 3, 2]")], "'capture.counts'", "twice"),
        (OWARE, &[("counts = [2, 3]", "counts = []"), ("grand-slam = \"no-capture\"", "grand-slam = \"legal\"")], "'capture.chain'", "needs capture.counts"),
        (OWARE, &[("opposite-empty = \"none\"", "opposite-empty = \"always\"")], "'capture.opposite-empty'", "needs stores"),
        (OWARE, &[("extra-turn = false", "extra-turn = true")], "'extra-turn'", "needs stores"),
        (KALAH, &[("first-seed-in-origin = false", "first-seed-in-origin = true"), ("min-seeds = 1", "min-seeds = 2")], "'first-seed-in-origin'", "stores"),
        (OWARE, &[("no-legal-move = true", "no-legal-move = false")], "'end.no-legal-move'", "stuck"),
        (OWARE, &[("pass = false", "pass = true")], "'pass'", "contradicts end.no-legal-move"),
        (MANGALA, &[("empty-board = true", "empty-board = false"), ("majority = false", "majority = true")], "'end'", "can never end"),
        (MANGALA, &[("counts = [2, 4, 6]", "counts = [2, 3]")], "'repetition'", "even count"),
        (KALAH, &[("grand-slam = \"legal\"", "grand-slam = \"illegal\""), ("feeding = \"none\"", "feeding = \"none\"")], "'grand-slam'", "capture.counts is empty"),
        (OWARE, &[("max-plies = 1000", "max-plies = 0")], "'max-plies'", "at least 1"),
    ];
    for (base, edits, param, why) in cases {
        let text = edits
            .iter()
            .fold(base.to_string(), |text, (from, to)| edit(&text, from, to));
        let e = error_of(&text, &[param, why]);
        assert!(e.starts_with("rules parameter "), "{e}");
    }
}

#[test]
fn rules_file_export_reads_back_the_same_for_every_builtin() {
    let mut n = 0;
    for id in builtin_ids() {
        let r = builtin(id).unwrap();
        let text = rules_to_toml(&r);
        assert_eq!(
            parse_rules_toml(&text).unwrap(),
            r,
            "{id}: export does not read back:\n{text}"
        );
        n += 1;
    }
    assert_eq!(n, 4);
    // A resized game exports its size.
    let r = rules_for(&"oware:pits=5,seeds=3".parse().unwrap()).unwrap();
    let back = parse_rules_toml(&rules_to_toml(r.ruleset())).unwrap();
    assert_eq!((back.pits, back.seeds), (5, 3));
}

fn variants() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/variants");
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let t = std::fs::read_to_string(&p).unwrap();
            (p, t)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn rules_file_variants_load_cite_a_source_and_play_to_the_end() {
    let vs = variants();
    assert!(vs.len() >= 5, "only {} variants", vs.len());
    for (path, text) in vs {
        let name = path.file_stem().unwrap().to_str().unwrap();
        let r = parse_rules_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            r.id,
            name,
            "{}: the id must be the file name",
            path.display()
        );
        assert!(
            builtin(&r.id).is_none(),
            "{name}: the id clashes with a built-in game"
        );
        let head: String = text.lines().take_while(|l| l.starts_with('#')).collect();
        assert!(
            head.contains("Wikipedia") || head.contains("Journal"),
            "{name}: the leading comment must cite where the variant is documented"
        );
        let rules = Rules::new(r).unwrap();
        assert!(perft(&rules, &rules.start(), 3) > 0);
        // Random games end, and seeds are conserved.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..50 {
            let mut g = Game::new(rules.clone());
            let mut plies = 0;
            while !g.is_over() {
                let moves = g.legal_moves().to_vec();
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                g.play(moves[(state % moves.len() as u64) as usize])
                    .unwrap();
                plies += 1;
                assert!(plies < 5000, "{name}: a random game did not end");
            }
            let f = g.final_position();
            assert_eq!(f.total(), rules.total_seeds(), "{name}");
            assert!(g.outcome().is_some());
        }
    }
}

/// The variants that only change the board size are the built-in game resized.
#[test]
fn rules_file_size_variants_equal_the_resized_builtin() {
    for (file, spec) in [
        ("kalah-6-3", "kalah:seeds=3"),
        ("kalah-6-6", "kalah:seeds=6"),
        ("kalah-4-3", "kalah:pits=4,seeds=3"),
    ] {
        let (_, text) = variants()
            .into_iter()
            .find(|(p, _)| p.file_stem().unwrap() == file)
            .unwrap();
        let v = Rules::new(parse_rules_toml(&text).unwrap()).unwrap();
        let b = rules_for(&spec.parse().unwrap()).unwrap();
        for d in 1..=5 {
            assert_eq!(
                perft(&v, &v.start(), d),
                perft(&b, &b.start(), d),
                "{file} vs {spec}, depth {d}"
            );
        }
    }
}

/// The rule each rules-changing variant changes does change the game.
#[test]
fn rules_file_rule_variants_differ_from_the_builtin() {
    let load = |f: &str| {
        let (_, t) = variants()
            .into_iter()
            .find(|(p, _)| p.file_stem().unwrap() == f)
            .unwrap();
        Rules::new(parse_rules_toml(&t).unwrap()).unwrap()
    };
    let oware = rules_for(&"oware".parse().unwrap()).unwrap();
    // South's F (2 seeds) makes 2 and 3 in a and b: North's whole row.
    let pos = oware
        .parse_position("1-0-0-0-0-2-1-2-0-0-0-0-19-23-S")
        .unwrap();
    let f = "F".parse().unwrap();
    assert_eq!(
        oware.play(&pos, f).unwrap().1.captured,
        0,
        "built-in: a grand slam captures nothing"
    );
    assert_eq!(
        load("oware-grand-slam-captures")
            .play(&pos, f)
            .unwrap()
            .1
            .captured,
        5
    );
    let e = load("oware-grand-slam-illegal")
        .play(&pos, f)
        .unwrap_err()
        .to_string();
    assert!(e.contains("grand slam") && e.contains("legal: A"), "{e}");
    // Kalah: South's A (1 seed) lands in the empty B opposite an empty e.
    let kalah = rules_for(&"kalah".parse().unwrap()).unwrap();
    let pos = kalah
        .parse_position("1-0-0-0-0-0-4-4-4-4-0-4-24-3-S")
        .unwrap();
    let a = "A".parse().unwrap();
    assert_eq!(kalah.play(&pos, a).unwrap().1.captured, 0);
    let (p, e) = load("kalah-empty-capture").play(&pos, a).unwrap();
    assert_eq!((e.captured, p.score(mancala_core::Side::South)), (1, 25));
}
