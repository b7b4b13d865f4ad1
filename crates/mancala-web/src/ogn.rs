//! Game records in OGN (NOTATION.md), written and read by the rules core's
//! [`mancala_core::record`] module. This module adds what the web app keeps in a record: the
//! players, the date, the `[Game]` parameters of a resized game and a resignation
//! (`[Termination "North resigned"]` with `[Result "1-0"]`), and reads them back.

use mancala_core::record::{Record, RecordError};
use mancala_core::{Game, GameSpec, Move, Position, Side, builtin, builtin_ids, rules_for};

/// A game read from an OGN record.
#[derive(Clone, Debug)]
pub struct Imported {
    pub spec: GameSpec,
    /// The set-up position (`[FEN]`), if any.
    pub start: Option<Position>,
    pub moves: Vec<Move>,
    /// The side that resigned (`[Termination "North resigned"]`).
    pub resigned: Option<Side>,
}

/// The players' names and the record's date, for the tag pairs.
pub struct Header<'a> {
    pub south: &'a str,
    pub north: &'a str,
    pub event: &'a str,
    /// Unix seconds.
    pub date: i64,
}

/// `YYYY.MM.DD` for a time in Unix seconds (PGN's date form).
pub fn date_tag(unix: i64) -> String {
    // Days to a civil date (proleptic Gregorian), after H. Hinnant's algorithm.
    let z = unix.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}.{m:02}.{d:02}")
}

/// The OGN record of `game` (resigned by `resigned`, if so).
pub fn export(spec: &GameSpec, game: &Game, resigned: Option<Side>, h: &Header) -> String {
    let date = date_tag(h.date);
    let game_tag = spec.to_string();
    let termination = match resigned {
        Some(s) => Some(format!("{s} resigned")),
        None => game.end_reason().map(|r| r.to_string()),
    };
    let mut tags = vec![
        ("Event", h.event),
        ("Site", "mancala serve"),
        ("Date", date.as_str()),
        ("Round", "-"),
        ("South", h.south),
        ("North", h.north),
    ];
    if !spec.params.is_empty() {
        tags.push(("Game", game_tag.as_str()));
    }
    if let Some(t) = &termination {
        tags.push(("Termination", t.as_str()));
    }
    let mut rec = Record::from_game(game, &tags);
    if let Some(s) = resigned {
        // The winner is the side that did not resign.
        let result = match s {
            Side::North => "1-0",
            Side::South => "0-1",
        };
        rec.result = result.to_string();
        rec.set_tag("Result", result);
    }
    rec.to_string()
}

/// The web's message for a record whose `[Variant]` names no game (the core's asks for rules
/// to be given, which a web request cannot do).
fn variant_error(e: RecordError) -> String {
    match e {
        RecordError::NoVariant => {
            "OGN: the record has no [Variant \"...\"] tag naming the game".into()
        }
        RecordError::UnknownVariant(v) => {
            let names: Vec<String> = builtin_ids().filter_map(builtin).map(|r| r.name).collect();
            format!(
                "OGN Variant tag '{v}': not a game of this program ({})",
                names.join(", ")
            )
        }
        e => e.to_string(),
    }
}

/// Reads an OGN record, checking every move (and each `+N` capture mark) against the rules.
/// The game is the `[Game]` tag's (with its parameters), or else the `[Variant]` tag's.
pub fn import(text: &str) -> Result<Imported, String> {
    let rec = Record::parse(text).map_err(|e| e.to_string())?;
    let (spec, rules) = match rec.tag("Game") {
        Some(g) => {
            let spec: GameSpec = g.parse().map_err(|e| format!("OGN Game tag '{g}': {e}"))?;
            let rules = rules_for(&spec).map_err(|e| format!("OGN Game tag '{g}': {e}"))?;
            (spec, rules)
        }
        None => {
            let rules = rec.builtin_rules().map_err(variant_error)?;
            let spec = GameSpec {
                id: rules.id().to_string(),
                params: Vec::new(),
            };
            (spec, rules)
        }
    };
    let game = rec.to_game(&rules).map_err(|e| e.to_string())?;
    let resigned = match rec.tag("Termination") {
        Some(t) if t.to_ascii_lowercase().ends_with("resigned") => {
            let who = t.split_whitespace().next().unwrap_or("");
            Some(who.parse::<Side>().map_err(|_| {
                format!("OGN Termination tag '{t}': who resigned? (South or North)")
            })?)
        }
        _ => None,
    };
    if resigned.is_some() && game.is_over() {
        return Err(
            "OGN: the record says a player resigned, but the game was already over by the rules"
                .into(),
        );
    }
    Ok(Imported {
        spec,
        start: rec.tag("FEN").map(|_| game.start()),
        moves: game.moves().collect(),
        resigned,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{SeedableRng, rngs::StdRng};

    fn header() -> Header<'static> {
        Header {
            south: "Ana",
            north: "Bo",
            event: "Test",
            date: 1_764_460_800,
        }
    }

    #[test]
    fn date_tag_is_the_civil_date() {
        assert_eq!(date_tag(0), "1970.01.01");
        assert_eq!(date_tag(951_782_400), "2000.02.29");
        assert_eq!(date_tag(1_764_460_800), "2025.11.30");
    }

    #[test]
    fn export_writes_the_web_tags_and_marks_captures() {
        let rules = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
        let mut g = Game::new(rules);
        for m in ["A", "a", "F"] {
            g.play_str(m).unwrap();
        }
        let text = export(&"mangala-ii".parse().unwrap(), &g, None, &header());
        assert!(text.starts_with("[Variant \"Mangala II\"]\n"), "{text}");
        for tag in [
            "[Event \"Test\"]",
            "[Site \"mancala serve\"]",
            "[Date \"2025.11.30\"]",
            "[Round \"-\"]",
            "[South \"Ana\"]",
            "[North \"Bo\"]",
            "[Result \"*\"]",
        ] {
            assert!(text.contains(tag), "{tag}: {text}");
        }
        assert!(!text.contains("[Game ") && !text.contains("[Termination "));
        let moves = text.lines().last().unwrap();
        let caps: Vec<String> = g
            .plies()
            .iter()
            .map(|p| {
                if p.effect.captured > 0 {
                    format!("{}+{}", p.mv, p.effect.captured)
                } else {
                    p.mv.to_string()
                }
            })
            .collect();
        assert_eq!(
            moves,
            format!("1. {} {} 2. {} *", caps[0], caps[1], caps[2])
        );
    }

    /// Random games of every game (built-in and resized), some resigned: what is exported is
    /// imported as the same game, with the same parameters and the same resignation.
    #[test]
    fn export_then_import_gives_the_same_game_for_random_games() {
        let mut rng = StdRng::seed_from_u64(11);
        let specs: Vec<String> = builtin_ids()
            .map(str::to_string)
            .chain(["modiar:seeds=5".into(), "kalah:pits=4,seeds=3".into()])
            .collect();
        for id in &specs {
            for i in 0..10 {
                let spec: GameSpec = id.parse().unwrap();
                let rules = rules_for(&spec).unwrap();
                let mut g = Game::new(rules);
                let len = if i % 2 == 0 { 200 } else { 15 };
                while !g.is_over() && g.plies().len() < len {
                    let m = *g.legal_moves().to_vec().choose(&mut rng).unwrap();
                    g.play(m).unwrap();
                }
                let resigned =
                    (!g.is_over() && i % 4 == 1).then(|| [Side::South, Side::North][i / 4 % 2]);
                let text = export(&spec, &g, resigned, &header());
                assert_eq!(
                    text.contains(&format!("[Game \"{id}\"]")),
                    !spec.params.is_empty(),
                    "{text}"
                );
                let back = import(&text).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
                assert_eq!(back.spec, spec);
                assert_eq!(back.moves, g.moves().collect::<Vec<_>>(), "{id}");
                assert_eq!(back.start, None);
                assert_eq!(back.resigned, resigned, "{text}");
            }
        }
    }

    #[test]
    fn import_keeps_set_up_positions_and_resignations() {
        let spec: GameSpec = "modiar".parse().unwrap();
        let rules = rules_for(&spec).unwrap();
        let start = rules.parse_position("2-0-3-2-0-1-18-16-N").unwrap();
        let mut g = Game::from_position(rules, start);
        g.play_str("a").unwrap();
        let text = export(&spec, &g, Some(Side::South), &header());
        assert!(text.contains("[FEN \"2-0-3-2-0-1-18-16-N\"]"), "{text}");
        assert!(text.contains("[Termination \"South resigned\"]"), "{text}");
        assert!(text.contains("[Result \"0-1\"]"), "{text}");
        assert!(text.contains("1... a"), "{text}");
        assert_eq!(
            text.lines().last().unwrap().split(' ').next_back(),
            Some("0-1")
        );
        let back = import(&text).unwrap();
        assert_eq!(back.start, Some(start));
        assert_eq!(back.resigned, Some(Side::South));
        assert_eq!(back.moves.len(), 1);
    }

    #[test]
    fn import_refuses_bad_records_with_the_reason() {
        let cases = [
            ("", "empty record"),
            ("1. A a", "no [Variant"),
            ("[Variant \"Chess\"]\n1. A", "not a game of this program"),
            ("[Variant \"Modiar\"]\n1. A d", "ply 2"),
            ("[Variant \"Oware\"]\n1. C b 2. C *", "move 2. ('C', ply 3)"),
            (
                "[Variant \"Modiar\"]\n1. A+2",
                "move 1. ('A+2', ply 1): marked as capturing 2",
            ),
            ("[Variant \"Modiar\"]\n1. A { open", "never closed"),
            ("[Variant Modiar]\n", "line 1"),
            ("[Variant \"Modiar\"]\n[FEN \"1-2-3\"]\n", "FEN tag"),
            ("[Variant \"Modiar\"]\n1. A * b", "after the result"),
            ("[Game \"modiar:seeds=x\"]\n*", "Game tag 'modiar:seeds=x'"),
            ("[Game \"chess\"]\n*", "Game tag 'chess'"),
            (
                "[Game \"modiar:seeds=5\"]\n[Variant \"Oware\"]\n*",
                "for Oware, not Modiar",
            ),
            (
                "[Variant \"Modiar\"]\n[Termination \"Nobody resigned\"]\n1. A *",
                "who resigned?",
            ),
        ];
        for (text, want) in cases {
            let e = import(text)
                .err()
                .unwrap_or_else(|| panic!("accepted: {text}"));
            assert!(e.contains(want), "{text:?}: {e}");
            assert!(!e.contains('\n'), "{text:?}: {e}");
        }
    }

    #[test]
    fn import_refuses_a_resignation_after_the_end() {
        let spec: GameSpec = "mangala-ii".parse().unwrap();
        let rules = rules_for(&spec).unwrap();
        let pos = rules
            .parse_position("0-0-0-0-0-1-1-0-0-0-0-0-35-35-S")
            .unwrap();
        let mut g = Game::from_position(rules, pos);
        g.play_str("F").unwrap();
        assert!(g.is_over());
        let text: String = export(&spec, &g, None, &header())
            .lines()
            .map(|l| match l.starts_with("[Termination ") {
                true => "[Termination \"North resigned\"]\n".to_string(),
                false => format!("{l}\n"),
            })
            .collect();
        assert!(text.contains("[Termination \"North resigned\"]"), "{text}");
        let e = import(&text).unwrap_err();
        assert!(e.contains("already over"), "{e}\n{text}");
    }

    #[test]
    fn import_reads_comments_and_glued_numbers() {
        // B sows 9 seeds from B and ends in a, which then holds 4: a capture of 4.
        let text = "[Variant \"modiar\"]\n{a comment}\n1.A a ; rest of line\n2.B+4\n";
        let g = import(text).unwrap();
        assert_eq!(
            g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            ["A", "a", "B"]
        );
    }
}
