//! Game records in simple OGN (NOTATION.md): tag pairs, then numbered movetext where `+N`
//! marks the seeds a move captured. Export writes what a game holds; import reads a record
//! back, replaying every move through the rules and checking each `+N` against them.

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
    pub tags: Vec<(String, String)>,
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

fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The OGN record of `game` (resigned by `resigned`, if so).
pub fn export(spec: &GameSpec, game: &Game, resigned: Option<Side>, h: &Header) -> String {
    let rules = game.rules();
    let result = match (resigned, game.outcome()) {
        (Some(Side::North), _) => "1-0".to_string(),
        (Some(Side::South), _) => "0-1".to_string(),
        (None, Some(o)) => format!("{}-{}", o.scores.south, o.scores.north),
        (None, None) => "*".to_string(),
    };
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
    tag("Variant", rules.name());
    tag("Event", h.event);
    tag("Site", "mancala serve");
    tag("Date", &date_tag(h.date));
    tag("Round", "-");
    tag("South", h.south);
    tag("North", h.north);
    tag("Result", &result);
    if !spec.params.is_empty() {
        tag("Game", &spec.to_string());
    }
    if game.start() != rules.start() {
        tag("FEN", &game.start().to_string());
    }
    if let Some(s) = resigned {
        tag("Termination", &format!("{s} resigned"));
    } else if let Some(r) = game.end_reason() {
        tag("Termination", &r.to_string());
    }
    out.push('\n');
    // Movetext: a number before each South move, and `N...` before a North move that does
    // not follow a South move (a game set up with North to move, or Kalah's extra turns).
    let mut words: Vec<String> = Vec::new();
    let mut number = 0;
    let mut after_south = false;
    for p in game.plies() {
        let mut w = String::new();
        match p.before.side() {
            Side::South => {
                number += 1;
                w.push_str(&format!("{number}. "));
                after_south = true;
            }
            Side::North => {
                if !after_south {
                    w.push_str(&format!("{}... ", number.max(1)));
                }
                after_south = false;
            }
        }
        w.push_str(&p.mv.to_string());
        if p.effect.captured > 0 {
            w.push_str(&format!("+{}", p.effect.captured));
        }
        words.push(w);
    }
    words.push(result);
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The game id of a `[Variant]` value: a ruleset's name or id, in any case.
fn variant_id(v: &str) -> Option<String> {
    let v = v.trim();
    builtin_ids()
        .find(|id| {
            id.eq_ignore_ascii_case(v)
                || builtin(id).is_some_and(|r| r.name.eq_ignore_ascii_case(v))
        })
        .map(str::to_string)
}

fn parse_tag(line: &str, n: usize) -> Result<(String, String), String> {
    let bad = || format!("line {n}: a tag pair is written [Name \"value\"]");
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    let rest = rest.trim();
    let body = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(bad)?),
            '"' => return Err(bad()),
            c => value.push(c),
        }
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    Ok((name.to_string(), value))
}

fn is_result(t: &str) -> bool {
    matches!(t, "*" | "1-0" | "0-1" | "1/2-1/2")
        || t.split_once('-').is_some_and(|(a, b)| {
            !a.is_empty()
                && !b.is_empty()
                && a.bytes().all(|c| c.is_ascii_digit())
                && b.bytes().all(|c| c.is_ascii_digit())
        })
}

/// Reads an OGN record, checking every move against the rules.
pub fn import(text: &str) -> Result<Imported, String> {
    if text.trim().is_empty() {
        return Err("the record is empty".into());
    }
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') && movetext.trim().is_empty() {
            tags.push(parse_tag(t, i + 1)?);
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let tag = |k: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(k))
            .map(|(_, v)| v.as_str())
    };
    let spec: GameSpec = match (tag("Game"), tag("Variant")) {
        (Some(g), _) => g.parse().map_err(|e| format!("[Game \"{g}\"]: {e}"))?,
        (None, Some(v)) => variant_id(v)
            .ok_or_else(|| {
                let names: Vec<String> =
                    builtin_ids().filter_map(builtin).map(|r| r.name).collect();
                format!(
                    "[Variant \"{v}\"] is not a game of this program ({})",
                    names.join(", ")
                )
            })?
            .parse()
            .map_err(|e| format!("{e}"))?,
        (None, None) => {
            return Err("the record has no [Variant \"...\"] tag naming the game".into());
        }
    };
    let rules = rules_for(&spec).map_err(|e| e.to_string())?;
    let start = match tag("FEN") {
        Some(f) => Some(rules.parse_position(f).map_err(|e| format!("[FEN]: {e}"))?),
        None => None,
    };
    let mut game = match start {
        Some(p) => Game::from_position(rules.clone(), p),
        None => Game::new(rules.clone()),
    };
    // Comments in braces, and `;` to the end of the line, are not moves.
    let mut clean = String::new();
    let mut depth = 0;
    for line in movetext.lines() {
        let line = if depth == 0 {
            line.split(';').next().unwrap_or("")
        } else {
            line
        };
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                '}' => return Err("a '}' closes no comment".into()),
                c if depth == 0 => clean.push(c),
                _ => {}
            }
        }
        clean.push(' ');
    }
    if depth > 0 {
        return Err("a comment '{' is not closed".into());
    }
    let mut moves = Vec::new();
    let mut ended = false;
    for raw in clean.split_whitespace() {
        // Move numbers, possibly glued to the move: `12.`, `12...`, `3.C`.
        let t = raw.trim_start_matches(|c: char| c.is_ascii_digit());
        let t = if t.len() < raw.len() && t.starts_with('.') {
            t.trim_start_matches('.')
        } else {
            raw
        };
        if t.is_empty() {
            continue;
        }
        if is_result(t) {
            ended = true;
            continue;
        }
        if ended {
            return Err(format!("'{raw}' comes after the result"));
        }
        let ply = moves.len() + 1;
        let (mv_text, claim) = match t.split_once('+') {
            Some((m, n)) => {
                let n: u32 = n
                    .parse()
                    .map_err(|_| format!("ply {ply} '{t}': '+{n}' is not a number of seeds"))?;
                (m, Some(n))
            }
            None => (t, None),
        };
        let effect = game
            .play_str(mv_text)
            .map_err(|e| format!("ply {ply} '{t}': {e}"))?;
        let got = effect.captured as u32;
        if claim.unwrap_or(0) != got {
            return Err(format!(
                "ply {ply} '{t}': the record says it captures {}, but by the rules it captures {got}",
                claim.unwrap_or(0)
            ));
        }
        moves.push(game.plies().last().expect("just played").mv);
    }
    let resigned =
        match tag("Termination") {
            Some(t) if t.to_ascii_lowercase().ends_with("resigned") => {
                let who = t.split_whitespace().next().unwrap_or("");
                Some(who.parse::<Side>().map_err(|_| {
                    format!("[Termination \"{t}\"]: who resigned? (South or North)")
                })?)
            }
            _ => None,
        };
    if resigned.is_some() && game.is_over() {
        return Err(
            "the record says a player resigned, but the game was already over by the rules".into(),
        );
    }
    Ok(Imported {
        spec,
        start,
        moves,
        resigned,
        tags,
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
    fn export_numbers_moves_and_marks_captures() {
        let rules = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
        let mut g = Game::new(rules);
        // A: 6 seeds B..a; a: 7 seeds b..f, A, B -> B holds 7+1... play and read the effects.
        for m in ["A", "a", "F"] {
            g.play_str(m).unwrap();
        }
        let text = export(&"mangala-ii".parse().unwrap(), &g, None, &header());
        assert!(text.starts_with("[Variant \"Mangala II\"]\n"), "{text}");
        assert!(text.contains("[Result \"*\"]"));
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

    #[test]
    fn export_then_import_gives_the_same_game_for_random_games() {
        let mut rng = StdRng::seed_from_u64(11);
        for id in builtin_ids() {
            for _ in 0..10 {
                let spec: GameSpec = id.parse().unwrap();
                let rules = rules_for(&spec).unwrap();
                let mut g = Game::new(rules);
                while !g.is_over() && g.plies().len() < 200 {
                    let m = *g.legal_moves().to_vec().choose(&mut rng).unwrap();
                    g.play(m).unwrap();
                }
                let text = export(&spec, &g, None, &header());
                let back = import(&text).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
                assert_eq!(back.spec, spec);
                assert_eq!(back.moves, g.moves().collect::<Vec<_>>(), "{id}");
                assert_eq!(back.start, None);
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
        assert!(text.contains("1... a"), "{text}");
        let back = import(&text).unwrap();
        assert_eq!(back.start, Some(start));
        assert_eq!(back.resigned, Some(Side::South));
        assert_eq!(back.moves.len(), 1);
    }

    #[test]
    fn import_refuses_bad_records_with_the_reason() {
        let cases = [
            ("", "empty"),
            ("1. A a", "no [Variant"),
            ("[Variant \"Chess\"]\n1. e4", "not a game of this program"),
            ("[Variant \"Modiar\"]\n1. A d", "ply 2 'd'"),
            (
                "[Variant \"Modiar\"]\n1. A+2",
                "the record says it captures 2",
            ),
            ("[Variant \"Modiar\"]\n1. A { open", "not closed"),
            ("[Variant Modiar]\n", "line 1"),
            ("[Variant \"Modiar\"]\n[FEN \"1-2-3\"]\n", "[FEN]"),
            ("[Variant \"Modiar\"]\n1. A * b", "after the result"),
        ];
        for (text, want) in cases {
            let e = import(text)
                .err()
                .unwrap_or_else(|| panic!("accepted: {text}"));
            assert!(e.contains(want), "{text:?}: {e}");
        }
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

    /// The rules core's own OGN reader and writer agree with this module on random games
    /// of every built-in game: each reads what the other writes, move for move.
    #[test]
    fn records_agree_with_the_cores_ogn_module() {
        use mancala_core::record::Record;
        let mut rng = StdRng::seed_from_u64(23);
        for id in builtin_ids() {
            for _ in 0..5 {
                let spec: GameSpec = id.parse().unwrap();
                let rules = rules_for(&spec).unwrap();
                let mut g = Game::new(rules.clone());
                while !g.is_over() && g.plies().len() < 150 {
                    let m = *g.legal_moves().to_vec().choose(&mut rng).unwrap();
                    g.play(m).unwrap();
                }
                let ours = export(&spec, &g, None, &header());
                let theirs = Record::parse(&ours)
                    .unwrap_or_else(|e| panic!("{id}: core refuses our record: {e}\n{ours}"));
                let back = theirs.to_game(&theirs.builtin_rules().unwrap()).unwrap();
                assert_eq!(
                    back.moves().collect::<Vec<_>>(),
                    g.moves().collect::<Vec<_>>(),
                    "{id}"
                );
                let core_text = Record::from_game(&g, &[]).to_string();
                let mine = import(&core_text).unwrap_or_else(|e| {
                    panic!("{id}: we refuse the core's record: {e}\n{core_text}")
                });
                assert_eq!(mine.moves, g.moves().collect::<Vec<_>>(), "{id}");
            }
        }
    }
}
