//! The boards of a rules page: each line of a board fence (`mancala_locale::BOARD_FENCE`) is
//! `<game> <position>`, read as the game reads its positions. The page draws them as its boards
//! (from [`Diagram::to_json`]); the terminal as text ([`Diagram::to_text`]).

use crate::session::rules_of;
use crate::views::pit_names;
use mancala_core::{GameSpec, Side};
use mancala_solitaire::Solitaire;
use mancala_solitaire::el_mirall::ElMirall;
use mancala_solitaire::stones::Cups;
use serde_json::{Value, json};

/// A board to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Diagram {
    /// Two rows of `n` pits: `pits` South's from A then North's from a; the stores (South's,
    /// North's) where the game has them.
    Rows {
        n: usize,
        pits: Vec<u64>,
        stores: Option<[u64; 2]>,
    },
    /// The cups of Stones in cups from cup 0 clockwise, and the cup to play.
    Circle { cups: Vec<u64>, next: usize },
}

/// The board of one line of a board fence, or what is wrong with the line.
pub fn parse(line: &str) -> Result<Diagram, String> {
    let (game, position) = mancala_locale::board_line(line)
        .ok_or_else(|| format!("a board is '<game> <position>', not '{}'", line.trim()))?;
    let spec: GameSpec = game.parse().map_err(|e| format!("{e}"))?;
    let bad = |e: &dyn std::fmt::Display| format!("'{position}' is not a position of {game}: {e}");
    match spec.id.parse::<Solitaire>() {
        Ok(Solitaire::ElMirall) => {
            let m: ElMirall = position.parse().map_err(|e| bad(&e))?;
            let mut pits = m.south().to_vec();
            pits.extend_from_slice(m.north());
            Ok(Diagram::Rows {
                n: m.south().len(),
                pits,
                stores: None,
            })
        }
        Ok(Solitaire::StonesInCups) => {
            let c: Cups = position.parse().map_err(|e| bad(&e))?;
            Ok(Diagram::Circle {
                cups: c.board().to_vec(),
                next: c.next_cup(),
            })
        }
        Err(_) => {
            let rules = rules_of(&spec).map_err(|e| format!("{e}"))?;
            let pos = rules.parse_position(position).map_err(|e| bad(&e))?;
            let scores = pos.scores();
            Ok(Diagram::Rows {
                n: rules.pits_per_row(),
                pits: pos.pits().iter().map(|&p| u64::from(p)).collect(),
                stores: rules.ruleset().stores.then(|| {
                    [
                        u64::from(scores[Side::South]),
                        u64::from(scores[Side::North]),
                    ]
                }),
            })
        }
    }
}

impl Diagram {
    /// What the page draws: `{"kind": "rows", "pits": n, "board": [...], "stores": [s, n] or
    /// null, "names": [...]}` (the board and the names by cell, South's row first) or
    /// `{"kind": "circle", "cups": [...], "next": i}`.
    pub fn to_json(&self) -> Value {
        match self {
            Diagram::Rows { n, pits, stores } => {
                let names = pit_names(*n);
                let all: Vec<&String> = names[Side::South]
                    .iter()
                    .chain(names[Side::North].iter())
                    .collect();
                json!({ "kind": "rows", "pits": n, "board": pits, "stores": stores, "names": all })
            }
            Diagram::Circle { cups, next } => {
                json!({ "kind": "circle", "cups": cups, "next": next })
            }
        }
    }

    /// The board as the terminal shows it, North's row on top as South sees it, each row named
    /// (`south`, `north`: the names in the reader's language); a circle of cups as its counts
    /// from cup 0 and the cup to play.
    pub fn to_text(&self, south: &str, north: &str) -> String {
        match self {
            Diagram::Rows { n, pits, stores } => {
                let names = pit_names(*n);
                let w = pits
                    .iter()
                    .chain(stores.iter().flatten())
                    .map(|c| c.to_string().len())
                    .max()
                    .unwrap_or(1)
                    .max(2);
                let label = south.chars().count().max(north.chars().count()) + 2;
                let pad = |s: &str| format!("{s}{}", " ".repeat(label - s.chars().count()));
                let cell = |c: u64| format!("[{c:>w$}]");
                let name = |s: &str| format!(" {s:>w$} ");
                let store_w = if stores.is_some() { w + 3 } else { 0 };
                let indent = " ".repeat(label + store_w);
                let north_row: Vec<u64> = pits[*n..].iter().rev().copied().collect();
                let mut out = String::new();
                out.push_str(&pad(north));
                out.push_str(&" ".repeat(store_w));
                for s in names[Side::North].iter().rev() {
                    out.push_str(&name(s));
                }
                out.push('\n');
                out.push_str(&indent);
                out.extend(north_row.iter().map(|&c| cell(c)));
                out.push('\n');
                if let Some([s, nn]) = stores {
                    out.push_str(&" ".repeat(label));
                    out.push_str(&cell(*nn));
                    out.push_str(&" ".repeat(n * (w + 2) + 2));
                    out.push_str(&cell(*s));
                    out.push('\n');
                }
                out.push_str(&indent);
                out.extend(pits[..*n].iter().map(|&c| cell(c)));
                out.push('\n');
                out.push_str(&pad(south));
                out.push_str(&" ".repeat(store_w));
                for s in &names[Side::South] {
                    out.push_str(&name(s));
                }
                out.push('\n');
                out.lines()
                    .map(|l| format!("    {}\n", l.trim_end()))
                    .collect()
            }
            Diagram::Circle { cups, next } => {
                let counts: Vec<String> = cups.iter().map(u64::to_string).collect();
                format!("    {}@{next}\n", counts.join("-"))
            }
        }
    }
}

/// A rules page's Markdown for the terminal: the web's parts dropped, each board fence drawn as
/// text with the rows named in `lang`.
pub fn terminal_page(markdown: &str, lang: &str) -> Result<String, String> {
    let text = mancala_locale::rules_for(markdown, mancala_locale::Medium::Terminal)
        .map_err(|e| e.to_string())?;
    let south = mancala_locale::plain_message(lang, "side-south").unwrap_or("South");
    let north = mancala_locale::plain_message(lang, "side-north").unwrap_or("North");
    let mut out = String::with_capacity(text.len());
    let mut lines = text.lines();
    let fence = format!("```{}", mancala_locale::BOARD_FENCE);
    while let Some(line) = lines.next() {
        if line.trim_end() != fence {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut first = true;
        for board in lines.by_ref() {
            if board.trim_end() == "```" {
                break;
            }
            if !first {
                out.push('\n');
            }
            first = false;
            out.push_str(&parse(board)?.to_text(south, north));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_of_each_kind() {
        assert_eq!(
            parse("modiar 2-8-8-8-8-8-0-0-N").unwrap(),
            Diagram::Rows {
                n: 3,
                pits: vec![2, 8, 8, 8, 8, 8],
                stores: None
            }
        );
        assert_eq!(
            parse("kalah 4-4-4-4-4-4-4-4-4-4-4-1-2-1-S").unwrap(),
            Diagram::Rows {
                n: 6,
                pits: [vec![4; 11], vec![1]].concat(),
                stores: Some([2, 1])
            }
        );
        assert_eq!(
            parse("el-mirall 1-3-3-1").unwrap(),
            Diagram::Rows {
                n: 2,
                pits: vec![1, 3, 3, 1],
                stores: None
            }
        );
        assert_eq!(
            parse("stones-in-cups 0-2@1").unwrap(),
            Diagram::Circle {
                cups: vec![0, 2],
                next: 1
            }
        );
        for bad in [
            "modiar",
            "modiar 7-7-7-7-7-7-0-0-S extra",
            "chess 1-2",
            "modiar 7-7-7-0-0-S",
            "el-mirall 1-3-1-3",
            "stones-in-cups 0-2@0",
        ] {
            let e = parse(bad).unwrap_err();
            assert!(!e.is_empty(), "{bad}");
        }
    }

    #[test]
    fn the_terminal_draws_rows_named_in_its_language() {
        let page = "A\n\n```board\nmodiar 7-7-7-7-7-7-0-0-S\n```\n\n<!-- web -->\n```board\nmodiar 2-8-8-8-8-8-0-0-N\n```\n<!-- /web -->\nB\n";
        let text = terminal_page(page, "tr").unwrap();
        assert_eq!(
            text,
            "A\n\n    Kuzey    c   b   a\n           [ 7][ 7][ 7]\n           [ 7][ 7][ 7]\n    Güney    A   B   C\n\nB\n"
        );
        let kalah = parse("kalah:seeds=6 0-1-2-3-4-5-6-7-8-9-10-11-2-4-S")
            .unwrap()
            .to_text("South", "North");
        let lines: Vec<&str> = kalah.lines().collect();
        assert_eq!(lines[1].trim(), "[11][10][ 9][ 8][ 7][ 6]");
        assert_eq!(lines[2].trim(), format!("[ 4]{}[ 2]", " ".repeat(26)));
        assert_eq!(lines[3].trim(), "[ 0][ 1][ 2][ 3][ 4][ 5]");
        assert!(terminal_page("```board\nmodiar 1\n```\n", "en").is_err());
    }
}
