//! The checks on the rules core's parsers, shared by the fuzz targets and by the core's test
//! that replays the corpus (crates/mancala-core/tests/fuzz_corpus.rs). Each takes any bytes
//! and panics only on a real fault: a parser that panics, or one whose output does not read
//! back as what it read.

use mancala_core::record::Record;
use mancala_core::{Game, GameSpec, Move, Rules, parse_rules_toml, rules_for, rules_to_toml};

/// The games a position or move input is read under, chosen by its first byte.
const SPECS: [&str; 8] = [
    "modiar",
    "mangala-ii",
    "oware",
    "kalah",
    "modiar:seeds=5",
    "oware:pits=4",
    "kalah:pits=4,seeds=3",
    "mangala-ii:seeds=2",
];

fn rules_of(b: u8) -> Rules {
    rules_for(
        &SPECS[b as usize % SPECS.len()]
            .parse()
            .expect("a known spec"),
    )
    .expect("valid")
}

/// A position string (NOTATION.md) under one of the built-in games: either refused, or read
/// as a position that is written back as the same fields and read again as itself.
pub fn position(data: &[u8]) {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rules = rules_of(b);
    if let Ok(p) = rules.parse_position(text) {
        let again = rules
            .parse_position(&p.to_string())
            .unwrap_or_else(|e| panic!("{p} does not read back: {e}"));
        assert_eq!(again, p);
        // Whatever position is accepted can be asked for its moves or end.
        let _ = rules.moves_or_end(&p);
    }
}

/// Move words, played one after another from the start of one of the built-in games: each is
/// refused with a reason or played; a move that reads is written back as itself.
pub fn moves(data: &[u8]) {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut game = Game::new(rules_of(b));
    for word in text.split_whitespace().take(400) {
        if let Ok(m) = word.parse::<Move>() {
            assert_eq!(m.to_string().parse::<Move>().ok(), Some(m), "{word}");
        }
        let before = game.plies().len();
        match game.play_str(word) {
            Ok(_) => assert_eq!(game.plies().len(), before + 1),
            Err(e) => {
                assert!(!e.to_string().is_empty());
                assert_eq!(
                    game.plies().len(),
                    before,
                    "a refused move changed the game"
                );
            }
        }
    }
}

/// A game spec (`modiar:seeds=5`): refused, or read and written back as the same spec; if the
/// rules accept it, its start position is legal.
pub fn spec(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(s) = text.parse::<GameSpec>() {
        let again: GameSpec = s
            .to_string()
            .parse()
            .unwrap_or_else(|e| panic!("{s} does not read back: {e}"));
        assert_eq!(again, s);
        if let Ok(rules) = rules_for(&s) {
            let start = rules.start();
            assert_eq!(rules.parse_position(&start.to_string()).ok(), Some(start));
        }
    }
}

/// An OGN record: refused, or read; its text reads back as the same record; replaying it under
/// its variant's rules either refuses with a reason or gives a game whose record replays too.
pub fn ogn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(r) = Record::parse(text) else { return };
    let written = r.to_string();
    let again = Record::parse(&written)
        .unwrap_or_else(|e| panic!("a written record does not read back: {e}\n{written}"));
    assert_eq!(again.to_string(), written, "writing is not stable");
    if let Ok(rules) = r.rules()
        && let Ok(game) = r.to_game(&rules)
    {
        let mut moves = Game::from_position(rules.clone(), game.start());
        for m in game.moves() {
            moves.play(m).expect("a replayed move is legal again");
        }
        assert_eq!(moves.position(), game.position());
    }
}

/// A rules file (TOML): refused, or read as a ruleset that the rules accept or refuse, written
/// back as TOML that reads as the same ruleset.
pub fn rules_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(set) = parse_rules_toml(text) else {
        return;
    };
    let toml = rules_to_toml(&set);
    let again = parse_rules_toml(&toml)
        .unwrap_or_else(|e| panic!("a written ruleset does not read back: {e}\n{toml}"));
    assert_eq!(again, set, "the written ruleset reads as another");
    if let Ok(rules) = Rules::new(again) {
        let start = rules.start();
        let _ = rules.moves_or_end(&start);
    }
}
