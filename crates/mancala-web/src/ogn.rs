//! Game records in OGN (NOTATION.md), written and read by the rules core's
//! [`mancala_core::record`] module, which owns the dialect (the `[Game]` tag of a resized
//! game, resignations, results); this module only adds the web app's tags: the players, the
//! event and the date.

use crate::clock::Clock;
pub use mancala_core::record::date_tag;
use mancala_core::record::{Record, RecordError, clk_comment};
use mancala_core::{Game, GameSpec, Move, Position, Stop, spec_of};

/// A game read from an OGN record.
#[derive(Clone, Debug)]
pub struct Imported {
    pub spec: GameSpec,
    /// The set-up position (`[FEN]`), if any.
    pub start: Option<Position>,
    pub moves: Vec<Move>,
    /// How the game was stopped (`[Termination "North resigned"]`, `"South lost on time"`,
    /// `"draw agreed"`, `"aborted"`).
    pub stop: Option<Stop>,
}

/// The players' names and the record's date, for the tag pairs.
pub struct Header<'a> {
    pub south: &'a str,
    pub north: &'a str,
    pub event: &'a str,
    /// Unix seconds.
    pub date: i64,
}

/// The OGN record of `game` (stopped by `stop`, if so), with `clock`'s time control and each
/// move's time left (`{[%clk 0:02:57]}`), if it had one.
pub fn export(game: &Game, stop: Option<Stop>, h: &Header, clock: Option<&Clock>) -> String {
    let date = date_tag(h.date);
    let mut rec = Record::from_game(
        game,
        &[
            ("Event", h.event),
            ("Site", "mancala serve"),
            ("Date", date.as_str()),
            ("Round", "-"),
            ("South", h.south),
            ("North", h.north),
        ],
    );
    if let Some(c) = clock {
        rec.set_tag("TimeControl", &c.control.tag());
        for (i, m) in rec.moves.iter_mut().enumerate() {
            if let Some(ms) = c.after_ply(i) {
                m.comment = Some(clk_comment(ms.max(0) as u64));
            }
        }
    }
    if let Some(s) = stop {
        rec.stop(s);
    }
    rec.to_string()
}

/// Reads an OGN record, checking every move (and each `+N` capture mark) against the rules.
/// The game is the `[Game]` tag's (with its parameters), or else the `[Variant]` tag's.
pub fn import(text: &str) -> Result<Imported, RecordError> {
    let rec = Record::parse(text)?;
    let rules = rec.rules()?;
    let game = rec.to_game(&rules)?;
    let spec = spec_of(rules.ruleset()).expect("a record's own rules are a built-in game");
    Ok(Imported {
        spec,
        start: rec.tag("FEN").map(|_| game.start()),
        moves: game.moves().collect(),
        stop: rec.stopped()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Side, builtin_ids, rules_for};
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
    fn export_writes_the_web_tags_and_marks_captures() {
        let rules = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
        let mut g = Game::new(rules);
        for m in ["A", "a", "F"] {
            g.play_str(m).unwrap();
        }
        let text = export(&g, None, &header(), None);
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
                let stops = [
                    Stop::Resigned(Side::South),
                    Stop::Resigned(Side::North),
                    Stop::TimeForfeit(Side::South),
                    Stop::TimeForfeit(Side::North),
                    Stop::DrawAgreed,
                    Stop::Aborted,
                ];
                let resigned = (!g.is_over() && i % 2 == 1).then(|| stops[i / 2 % stops.len()]);
                let text = export(&g, resigned, &header(), None);
                assert_eq!(
                    text.contains(&format!("[Game \"{id}\"]")),
                    !spec.params.is_empty(),
                    "{text}"
                );
                let back = import(&text).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
                assert_eq!(back.spec, spec);
                assert_eq!(back.moves, g.moves().collect::<Vec<_>>(), "{id}");
                assert_eq!(back.start, None);
                assert_eq!(back.stop, resigned, "{text}");
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
        let text = export(&g, Some(Stop::Resigned(Side::South)), &header(), None);
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
        assert_eq!(back.stop, Some(Stop::Resigned(Side::South)));
        assert_eq!(back.moves.len(), 1);
    }

    #[test]
    fn a_game_with_a_clock_writes_its_control_and_every_moves_time_left() {
        let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
        let mut g = Game::new(rules);
        let mut clock = Clock::new("3+2".parse().unwrap(), 0, 0);
        let mut t = 0;
        for (i, m) in ["A", "a", "B", "b"].iter().enumerate() {
            t += 1_000 * (i as i64 + 3);
            let side = g.position().side();
            clock.moved(t, i, side);
            g.play_str(m).unwrap();
        }
        let text = export(
            &g,
            Some(Stop::TimeForfeit(Side::South)),
            &header(),
            Some(&clock),
        );
        assert!(text.contains("[TimeControl \"180+2\"]"), "{text}");
        assert!(
            text.contains("[Termination \"South lost on time\"]"),
            "{text}"
        );
        let rec = Record::parse(&text).unwrap();
        let times: Vec<Option<u64>> = clock
            .after
            .iter()
            .map(|&ms| Some(ms as u64 / 1000 * 1000))
            .collect();
        assert_eq!(rec.clocks(), times, "{text}");
        assert_eq!(
            import(&text).unwrap().stop,
            Some(Stop::TimeForfeit(Side::South))
        );
    }

    #[test]
    fn import_refuses_bad_records_with_the_reason() {
        let cases = [
            ("", "empty record"),
            ("1. A a", "no [Variant"),
            (
                "[Variant \"Chess\"]\n1. A",
                "not a built-in game (Modiar, Mangala II",
            ),
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
                .unwrap_or_else(|| panic!("accepted: {text}"))
                .to_string();
            assert!(e.contains(want), "{text:?}: {e}");
            assert!(!e.contains('\n'), "{text:?}: {e}");
        }
    }

    #[test]
    fn import_refuses_a_resignation_after_the_end() {
        let spec: GameSpec = "mangala-ii".parse().unwrap();
        let rules = rules_for(&spec).unwrap();
        let pos = rules
            .parse_position("0-0-0-0-0-1-1-0-0-0-0-0-36-34-S")
            .unwrap();
        let mut g = Game::from_position(rules, pos);
        g.play_str("F").unwrap();
        assert!(g.is_over());
        let text: String = export(&g, None, &header(), None)
            .lines()
            .map(|l| match l.starts_with("[Termination ") {
                true => "[Termination \"North resigned\"]\n".to_string(),
                false => format!("{l}\n"),
            })
            .collect();
        assert!(text.contains("[Termination \"North resigned\"]"), "{text}");
        let e = import(&text).unwrap_err().to_string();
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
