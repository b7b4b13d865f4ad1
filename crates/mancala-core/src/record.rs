//! Game records in OGN, the PGN-like notation of Aualé (NOTATION.md): tag pairs, then numbered
//! movetext with `+N` capture marks, `{comments}` and the result.
//!
//! ```text
//! [Variant "Oware"]
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [South "Ann"]
//! [North "Bob"]
//! [Result "25-19"]
//!
//! 1. C b 2. D {a quiet move} a+2 ... 25-19
//! ```
//!
//! A move number `k.` stands before South's moves and `k...` before a North move that does not
//! follow a South move (a game set up with North to move, or Kalah's extra turns); the number
//! goes up each time South moves after North. Reading is tolerant of layout, move numbers and
//! comments (`{...}` and `;` to the end of the line), and strict about the moves: an illegal
//! move, or a capture mark that does not match the move, is an error naming the move.

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{MoveError, Rules, Stop};
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// The tags written first, in this order (PGN's seven-tag roster with `Variant` first and the
/// players named by side); missing ones are written as `?`.
pub const ROSTER: &[&str] = &[
    "Variant", "Event", "Site", "Date", "Round", "South", "North", "Result",
];

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    pub mv: Move,
    /// Seeds captured by the move, as marked (`b+2`); `None` when not marked (a move without
    /// a mark is not checked; records written here mark every capture).
    pub captured: Option<u32>,
    /// The comment after the move.
    pub comment: Option<String>,
}

/// A game record: tags, moves with capture marks and comments, result.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub intro: Option<String>,
    pub moves: Vec<RecordMove>,
    /// The result token closing the movetext: `25-19` (final scores, South's first) or `*`
    /// (read also: PGN's `1-0`, `0-1`, `1/2-1/2`).
    pub result: String,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("OGN line {line}: {why}")]
    Syntax { line: usize, why: Syntax },
    #[error("OGN FEN tag: {0}")]
    Fen(crate::rules::PositionError),
    #[error("OGN: the record is for {record}, not {rules}")]
    Variant { record: String, rules: String },
    #[error("OGN move {number} ('{text}', ply {ply}): {error}")]
    Move {
        number: String,
        text: String,
        ply: usize,
        error: Box<MoveError>,
    },
    #[error(
        "OGN move {number} ('{text}', ply {ply}): marked as capturing {marked}, but it captures {actual}"
    )]
    CaptureMark {
        number: String,
        text: String,
        ply: usize,
        marked: u32,
        actual: u32,
    },
    #[error("OGN result '{result}' does not match the moves, which end the game at {actual}")]
    Result { result: String, actual: String },
    #[error(
        "OGN Variant tag '{0}': not a built-in game ({names}); give its rules explicitly",
        names = builtin_names()
    )]
    UnknownVariant(String),
    #[error(
        "OGN: the record has no [Variant \"...\"] tag naming the game; give its rules explicitly"
    )]
    NoVariant,
    #[error("OGN Game tag '{tag}': {why}")]
    GameTag { tag: String, why: String },
    #[error(
        "OGN: the record has no Game tag, so it is a game of {name} on its standard board ({pits} pits a row, {seeds} seeds a pit), not {spec}; a record of {spec} says [Game \"{spec}\"]"
    )]
    NoGameTag {
        name: String,
        pits: usize,
        seeds: u32,
        spec: String,
    },
    #[error("OGN Termination tag '{0}': who resigned? (South or North)")]
    Resigner(String),
    #[error("OGN: the record says {0} resigned, but the game was already over by the rules")]
    ResignedAfterEnd(Side),
    #[error("OGN: the Termination tag says '{0}', but the game was already over by the rules")]
    StoppedAfterEnd(String),
    #[error("OGN result '{result}': {why}")]
    ResultOfUnfinished { result: String, why: Unfinished },
    #[error("OGN: the record is {0} bytes; a record may be at most 1 MiB")]
    TooLarge(usize),
}

/// What is wrong in the text of a record, before any move is played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Syntax {
    #[error("a tag needs a name: [Name \"value\"]")]
    TagNoName,
    #[error("tag {tag}: the value must be in double quotes")]
    TagNotQuoted { tag: String },
    #[error("tag {tag}: the value's closing quote is missing")]
    TagUnclosed { tag: String },
    #[error("tag {tag}: only \\\" and \\\\ may be escaped")]
    TagEscape { tag: String },
    #[error("tag {tag}: ']' expected after the value")]
    TagNoBracket { tag: String },
    #[error("a tag after the moves")]
    TagAfterMoves,
    #[error("tag {tag} given twice")]
    TagTwice { tag: String },
    #[error("'{text}' after the result '{result}'")]
    AfterResult { text: String, result: String },
    #[error("'{text}': a capture mark is '+' and a number of seeds (e.g. b+2)")]
    CaptureMark { text: String },
    #[error(transparent)]
    NotAMove(crate::moves::MoveSyntaxError),
    #[error("empty record: no tags and no moves")]
    Empty,
    #[error("the Result tag '{tag}' is not a result (*, or scores such as 25-19)")]
    ResultTag { tag: String },
    #[error("the Result tag says '{tag}' but the movetext ends with '{result}'")]
    ResultDiffers { tag: String, result: String },
    #[error("comment '{{' is never closed by '}}'")]
    CommentUnclosed,
}

impl Syntax {
    /// A stable machine code (`tag-twice`, `not-a-move`, ...), for APIs and translations.
    pub fn code(&self) -> &'static str {
        match self {
            Syntax::TagNoName => "tag-no-name",
            Syntax::TagNotQuoted { .. } => "tag-not-quoted",
            Syntax::TagUnclosed { .. } => "tag-unclosed",
            Syntax::TagEscape { .. } => "tag-escape",
            Syntax::TagNoBracket { .. } => "tag-no-bracket",
            Syntax::TagAfterMoves => "tag-after-moves",
            Syntax::TagTwice { .. } => "tag-twice",
            Syntax::AfterResult { .. } => "after-result",
            Syntax::CaptureMark { .. } => "capture-mark",
            Syntax::NotAMove(_) => "not-a-move",
            Syntax::Empty => "empty",
            Syntax::ResultTag { .. } => "result-tag",
            Syntax::ResultDiffers { .. } => "result-differs",
            Syntax::CommentUnclosed => "comment-unclosed",
        }
    }

    fn params(&self, out: &mut Vec<(&'static str, String)>) {
        match self {
            Syntax::TagNotQuoted { tag }
            | Syntax::TagUnclosed { tag }
            | Syntax::TagEscape { tag }
            | Syntax::TagNoBracket { tag }
            | Syntax::TagTwice { tag }
            | Syntax::ResultTag { tag } => out.push(("tag", tag.clone())),
            Syntax::AfterResult { text, result } => {
                out.push(("text", text.clone()));
                out.push(("result", result.clone()));
            }
            Syntax::CaptureMark { text } => out.push(("text", text.clone())),
            Syntax::NotAMove(e) => out.push(("text", e.text.clone())),
            Syntax::ResultDiffers { tag, result } => {
                out.push(("tag", tag.clone()));
                out.push(("result", result.clone()));
            }
            Syntax::TagNoName | Syntax::TagAfterMoves | Syntax::Empty | Syntax::CommentUnclosed => {
            }
        }
    }
}

/// Why a result cannot close moves that do not end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unfinished {
    #[error("{0} resigned, so the other side won: the result is {r}", r = if *.0 == Side::North { "1-0" } else { "0-1" })]
    OtherWinner(Side),
    #[error("{0} lost on time, so the other side won: the result is {r}", r = if *.0 == Side::North { "1-0" } else { "0-1" })]
    OtherWinnerOnTime(Side),
    #[error("the moves do not end the game, and no Termination tag says how it ended")]
    NoTermination,
    #[error("a final score, but the moves do not end the game (write * for a game in progress)")]
    FinalScore,
}

impl Unfinished {
    /// A stable machine code, for APIs and translations.
    pub fn code(&self) -> &'static str {
        match self {
            Unfinished::OtherWinner(_) => "other-winner",
            Unfinished::OtherWinnerOnTime(_) => "other-winner-on-time",
            Unfinished::NoTermination => "no-termination",
            Unfinished::FinalScore => "final-score",
        }
    }
}

impl RecordError {
    /// A stable machine code for what is wrong: `syntax-<kind>` for the text ([`Syntax::code`]),
    /// `move` (with the move's own error), `capture-mark`, `fen`, ... — for APIs and translations.
    pub fn code(&self) -> String {
        match self {
            RecordError::Syntax { why, .. } => format!("syntax-{}", why.code()),
            RecordError::Fen(_) => "fen".into(),
            RecordError::Variant { .. } => "variant".into(),
            RecordError::Move { .. } => "move".into(),
            RecordError::CaptureMark { .. } => "capture-mark".into(),
            RecordError::Result { .. } => "result".into(),
            RecordError::UnknownVariant(_) => "unknown-variant".into(),
            RecordError::NoVariant => "no-variant".into(),
            RecordError::GameTag { .. } => "game-tag".into(),
            RecordError::NoGameTag { .. } => "no-game-tag".into(),
            RecordError::Resigner(_) => "resigner".into(),
            RecordError::ResignedAfterEnd(_) => "resigned-after-end".into(),
            RecordError::StoppedAfterEnd(_) => "stopped-after-end".into(),
            RecordError::ResultOfUnfinished { why, .. } => format!("unfinished-{}", why.code()),
            RecordError::TooLarge(_) => "too-large".into(),
        }
    }

    /// The values the error names, by name (`line`, `tag`, `text`, `number`, ...): sides as
    /// `south`/`north`. A move's own error and a FEN tag's position error are not included:
    /// they have their own codes ([`MoveError`], [`crate::PositionError::code`]).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let side = |s: &Side| s.name().to_string();
        match self {
            RecordError::Syntax { line, why } => {
                out.push(("line", line.to_string()));
                why.params(&mut out);
            }
            RecordError::Fen(_) | RecordError::NoVariant => {}
            RecordError::Variant { record, rules } => {
                out.push(("record", record.clone()));
                out.push(("rules", rules.clone()));
            }
            RecordError::Move {
                number, text, ply, ..
            } => {
                out.push(("number", number.clone()));
                out.push(("text", text.clone()));
                out.push(("ply", ply.to_string()));
            }
            RecordError::CaptureMark {
                number,
                text,
                ply,
                marked,
                actual,
            } => {
                out.push(("number", number.clone()));
                out.push(("text", text.clone()));
                out.push(("ply", ply.to_string()));
                out.push(("marked", marked.to_string()));
                out.push(("actual", actual.to_string()));
            }
            RecordError::Result { result, actual } => {
                out.push(("result", result.clone()));
                out.push(("actual", actual.clone()));
            }
            RecordError::UnknownVariant(v) => out.push(("tag", v.clone())),
            RecordError::GameTag { tag, .. } => out.push(("tag", tag.clone())),
            RecordError::NoGameTag {
                name,
                pits,
                seeds,
                spec,
            } => {
                out.push(("name", name.clone()));
                out.push(("pits", pits.to_string()));
                out.push(("seeds", seeds.to_string()));
                out.push(("tag", spec.clone()));
            }
            RecordError::Resigner(t) => out.push(("tag", t.clone())),
            RecordError::ResignedAfterEnd(s) => out.push(("side", side(s))),
            RecordError::StoppedAfterEnd(t) => out.push(("tag", t.clone())),
            RecordError::ResultOfUnfinished { result, why } => {
                out.push(("result", result.clone()));
                if let Unfinished::OtherWinner(s) | Unfinished::OtherWinnerOnTime(s) = why {
                    out.push(("side", side(s)));
                }
            }
            RecordError::TooLarge(n) => out.push(("bytes", n.to_string())),
        }
        out
    }
}

/// The `Termination` of a game scored by an arbiter before its end.
pub const ADJUDICATION: &str = "adjudication";

/// The longest record read, in bytes: far beyond any game (a few thousand plies), small enough
/// that a hostile file costs little to refuse.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

fn builtin_names() -> String {
    crate::catalog::builtin_ids()
        .filter_map(crate::catalog::builtin)
        .map(|r| r.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A move's clock comment: `[%clk H:MM:SS]` (PGN's clock annotation), the mover's time left
/// after the move, to the second below (tenths are added under ten seconds: `[%clk
/// 0:00:07.3]`).
pub fn clk_comment(ms: u64) -> String {
    let s = ms / 1000;
    let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60);
    if s < 10 {
        format!("[%clk {h}:{m:02}:{sec:02}.{}]", ms % 1000 / 100)
    } else {
        format!("[%clk {h}:{m:02}:{sec:02}]")
    }
}

/// The time of a `[%clk H:MM:SS(.f)]` annotation in a comment, in milliseconds.
pub fn parse_clk(comment: &str) -> Option<u64> {
    let at = comment.find("[%clk")?;
    let rest = comment[at + 5..].trim_start();
    let body = &rest[..rest.find(']')?];
    let mut parts = body.trim().split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (s, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || !digits(m) || !digits(s) || !(frac.is_empty() || digits(frac)) {
        return None;
    }
    let (h, m, s): (u64, u64, u64) = (h.parse().ok()?, m.parse().ok()?, s.parse().ok()?);
    if m >= 60 || s >= 60 {
        return None;
    }
    let tenths: u64 = frac.get(..1).map_or(Some(0), |d| d.parse().ok())?;
    Some(((h * 60 + m) * 60 + s) * 1000 + tenths * 100)
}

/// The `TimeControl` tag of PGN for a clock: `180+2` (seconds, then the increment a move in
/// seconds), or `1/259200` for a time a move (one move in so many seconds: correspondence).
pub fn time_control_tag(initial_ms: u64, increment_ms: u64, per_move: bool) -> String {
    let secs = |ms: u64| {
        if ms.is_multiple_of(1000) {
            (ms / 1000).to_string()
        } else {
            format!("{}.{:03}", ms / 1000, ms % 1000)
                .trim_end_matches('0')
                .to_string()
        }
    };
    if per_move {
        format!("1/{}", secs(initial_ms))
    } else {
        format!("{}+{}", secs(initial_ms), secs(increment_ms))
    }
}

/// `YYYY.MM.DD`, the record's `Date` form, for a time in Unix seconds (UTC).
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

impl Record {
    /// The record of `game`, with `tags` (e.g. `("South", "Ann")`) added to or replacing the
    /// defaults. `Variant`, `Result` and (for a set-up start) `FEN` come from the game.
    pub fn from_game(game: &Game, tags: &[(&str, &str)]) -> Record {
        let mut rec = Record::default();
        let result = match game.outcome() {
            Some(o) => format!("{}-{}", o.scores.south, o.scores.north),
            None => "*".to_string(),
        };
        for &name in ROSTER {
            let value = match name {
                "Variant" => game.rules().name().to_string(),
                "Date" => "????.??.??".to_string(),
                "Result" => result.clone(),
                _ => "?".to_string(),
            };
            rec.tags.push((name.to_string(), value));
        }
        if let Some(spec) = crate::catalog::spec_of(game.rules().ruleset())
            && !spec.params.is_empty()
        {
            rec.tags.push(("Game".to_string(), spec.to_string()));
        }
        if game.start() != game.rules().start() {
            rec.tags.push(("FEN".to_string(), game.start().to_string()));
        }
        if let Some(reason) = game.end_reason() {
            rec.tags
                .push(("Termination".to_string(), reason.to_string()));
        }
        for &(k, v) in tags {
            if k != "Result" {
                rec.set_tag(k, v);
            }
        }
        rec.moves = game
            .plies()
            .iter()
            .map(|p| RecordMove {
                mv: p.mv,
                captured: (p.effect.captured > 0).then_some(p.effect.captured as u32),
                comment: None,
            })
            .collect();
        rec.result = result;
        rec
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (replacing its value, or appending it).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Reads a record (a UTF-8 byte-order mark before it is passed over).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge(text.len()));
        }
        Parser {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            pos: 0,
            line: 1,
            many: false,
        }
        .record()
    }

    /// Every record of a file that holds one game after another (as `mancala match --ogn`
    /// writes them): a game's tags after another's moves or result begin the next game. Each
    /// record is bounded as [`Record::parse`] bounds one; errors name the file's line.
    pub fn parse_all(text: &str) -> Result<Vec<Record>, RecordError> {
        let mut p = Parser {
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
            pos: 0,
            line: 1,
            many: true,
        };
        let mut all = Vec::new();
        loop {
            let start = p.pos;
            all.push(p.record()?);
            if p.pos - start > MAX_RECORD_BYTES {
                return Err(RecordError::TooLarge(p.pos - start));
            }
            p.skip_space();
            if p.peek().is_none() {
                return Ok(all);
            }
        }
    }

    /// Marks the game as ended by `side`'s resignation: `[Termination "South resigned"]` and
    /// the result `0-1` (or `1-0`), PGN's form for a game won otherwise than on the board.
    pub fn resign(&mut self, side: Side) {
        let result = match side {
            Side::North => "1-0",
            Side::South => "0-1",
        };
        self.set_tag("Termination", &format!("{side} resigned"));
        self.set_tag("Result", result);
        self.result = result.to_string();
    }

    /// Marks a game stopped before its end (a match's ply limit) and scored `south`-`north` by
    /// the arbiter: `[Termination "adjudication"]` (PGN's word) and that result.
    pub fn adjudicate(&mut self, south: u32, north: u32) {
        let result = format!("{south}-{north}");
        self.set_tag("Termination", ADJUDICATION);
        self.set_tag("Result", &result);
        self.result = result;
    }

    /// Marks the game as stopped by `stop`: its `Termination` tag ([`Stop::text`]) and result
    /// (`1-0` or `0-1` for a resignation or a time forfeit, `1/2-1/2` for an agreed draw, `*`
    /// for an aborted game).
    pub fn stop(&mut self, stop: Stop) {
        let result = match stop.winner() {
            Some(Side::South) => "1-0",
            Some(Side::North) => "0-1",
            None if stop == Stop::DrawAgreed => "1/2-1/2",
            None => "*",
        };
        self.set_tag("Termination", &stop.text());
        self.set_tag("Result", result);
        self.result = result.to_string();
    }

    /// The side that resigned, when the `Termination` tag says one did.
    pub fn resigned(&self) -> Result<Option<Side>, RecordError> {
        Ok(match self.stopped()? {
            Some(Stop::Resigned(side)) => Some(side),
            _ => None,
        })
    }

    /// How the game was stopped, when the `Termination` tag says so (a resignation, a time
    /// forfeit, an agreed draw, an abort); an adjudication or a rules' ending is `None`.
    pub fn stopped(&self) -> Result<Option<Stop>, RecordError> {
        match self.tag("Termination") {
            Some(t) if t.trim().to_ascii_lowercase().ends_with("resigned") => Stop::parse(t)
                .map(Some)
                .ok_or_else(|| RecordError::Resigner(t.to_string())),
            Some(t) => Ok(Stop::parse(t)),
            None => Ok(None),
        }
    }

    /// The clock comments of the moves (`[%clk 0:02:57]` in a move's comment: the mover's
    /// time left after it), in milliseconds, `None` for a move without one.
    pub fn clocks(&self) -> Vec<Option<u64>> {
        self.moves
            .iter()
            .map(|m| m.comment.as_deref().and_then(parse_clk))
            .collect()
    }

    /// The rules the record names: its `Game` tag (a built-in game with its parameters, as
    /// `mangala-ii:pits=4`), or else its `Variant` tag (a built-in game by name or id, any
    /// case). A record of a game from a rules file names no built-in game: give its rules.
    pub fn rules(&self) -> Result<Rules, RecordError> {
        if let Some(g) = self.tag("Game") {
            let bad = |why: String| RecordError::GameTag {
                tag: g.to_string(),
                why,
            };
            let spec: crate::spec::GameSpec = g.parse().map_err(|e| bad(format!("{e}")))?;
            let rules = crate::catalog::rules_for(&spec).map_err(|e| bad(format!("{e}")))?;
            self.check_variant(&rules)?;
            return Ok(rules);
        }
        let v = self.tag("Variant").ok_or(RecordError::NoVariant)?;
        crate::catalog::builtin_ids()
            .filter_map(crate::catalog::builtin)
            .find(|r| r.name.eq_ignore_ascii_case(v.trim()) || r.id.eq_ignore_ascii_case(v.trim()))
            .map(|r| Rules::new(r).expect("built-in rules are valid"))
            .ok_or_else(|| RecordError::UnknownVariant(v.to_string()))
    }

    /// The `Variant` tag (if any, and not `?`) names `rules`' game.
    fn check_variant(&self, rules: &Rules) -> Result<(), RecordError> {
        match self.tag("Variant") {
            Some(v)
                if !v.trim().eq_ignore_ascii_case(rules.name())
                    && !v.trim().eq_ignore_ascii_case(rules.id())
                    && v.trim() != "?" =>
            {
                Err(RecordError::Variant {
                    record: v.to_string(),
                    rules: rules.name().to_string(),
                })
            }
            _ => Ok(()),
        }
    }

    /// Replays the record under `rules`: the `FEN` tag's position (or the start), then every
    /// move, checking legality, capture marks and a final-score result.
    pub fn to_game(&self, rules: &Rules) -> Result<Game, RecordError> {
        self.check_variant(rules)?;
        if let Some(g) = self.tag("Game") {
            // The rules given must be the ones the record names, parameters included.
            let named = self.rules()?;
            if named.ruleset() != rules.ruleset() {
                return Err(RecordError::GameTag {
                    tag: g.to_string(),
                    why: format!(
                        "the record is for {} with {} pits a row and {} seeds a pit, not these rules ({} and {})",
                        named.name(),
                        named.pits_per_row(),
                        named.ruleset().seeds,
                        rules.pits_per_row(),
                        rules.ruleset().seeds
                    ),
                });
            }
        } else if let Some(spec) =
            crate::catalog::spec_of(rules.ruleset()).filter(|s| !s.params.is_empty())
            && let Ok(named) = self.rules()
        {
            // No Game tag: the game the Variant names, on its standard board (the tag is
            // written for every other size), so resized rules are not the record's.
            return Err(RecordError::NoGameTag {
                name: named.name().to_string(),
                pits: named.pits_per_row(),
                seeds: named.ruleset().seeds as u32,
                spec: spec.to_string(),
            });
        }
        let stopped = self.stopped()?;
        let resigned = match stopped {
            Some(Stop::Resigned(side)) => Some(side),
            _ => None,
        };
        let adjudicated = self
            .tag("Termination")
            .is_some_and(|t| t.trim().eq_ignore_ascii_case(ADJUDICATION));
        let start = self.start_position(rules)?;
        let mut game = Game::from_position(rules.clone(), start);
        let numbers = move_numbers(start.side(), self.moves.iter().map(|m| m.mv));
        for (i, rm) in self.moves.iter().enumerate() {
            let text = move_text(rm);
            let number = error_label(&numbers, i);
            let effect = game.play(rm.mv).map_err(|error| RecordError::Move {
                number: number.clone(),
                text: text.clone(),
                ply: i + 1,
                error: Box::new(error),
            })?;
            if let Some(marked) = rm.captured
                && marked != effect.captured as u32
            {
                return Err(RecordError::CaptureMark {
                    number,
                    text,
                    ply: i + 1,
                    marked,
                    actual: effect.captured as u32,
                });
            }
        }
        if let Some(o) = game.outcome() {
            // Final scores must be the game's; PGN-style results must name its winner.
            let agrees = match self.result.as_str() {
                "1-0" => o.winner == Some(Side::South),
                "0-1" => o.winner == Some(Side::North),
                "1/2-1/2" => o.winner.is_none(),
                r => parse_scores(r).is_none_or(|sn| sn == (o.scores.south, o.scores.north)),
            };
            if !agrees {
                return Err(RecordError::Result {
                    result: self.result.clone(),
                    actual: format!("{}-{}", o.scores.south, o.scores.north),
                });
            }
            if let Some(side) = resigned {
                return Err(RecordError::ResignedAfterEnd(side));
            }
            if let Some(stop) = stopped {
                return Err(RecordError::StoppedAfterEnd(stop.text()));
            }
        } else {
            // An unfinished game has no final score; a decisive result needs a resignation.
            let r = self.result.as_str();
            let why = match (r, stopped.map(Stop::winner)) {
                ("*" | "", _) => None,
                ("1-0", Some(Some(Side::South))) | ("0-1", Some(Some(Side::North))) => None,
                ("1-0" | "0-1", Some(Some(w))) => Some(match stopped {
                    Some(Stop::TimeForfeit(s)) => Unfinished::OtherWinnerOnTime(s),
                    _ => Unfinished::OtherWinner(w.other()),
                }),
                ("1/2-1/2", _) if stopped == Some(Stop::DrawAgreed) => None,
                _ if adjudicated => None,
                ("1-0" | "0-1" | "1/2-1/2", _) => Some(Unfinished::NoTermination),
                _ if parse_scores(r).is_some() => Some(Unfinished::FinalScore),
                _ => None,
            };
            if let Some(why) = why {
                return Err(RecordError::ResultOfUnfinished {
                    result: r.to_string(),
                    why,
                });
            }
        }
        Ok(game)
    }

    /// The start position of the record under `rules` (the `FEN` tag, or the start).
    pub fn start_position(&self, rules: &Rules) -> Result<Position, RecordError> {
        match self.tag("FEN") {
            Some(f) => rules.parse_position(f).map_err(RecordError::Fen),
            None => Ok(rules.start()),
        }
    }
}

fn parse_scores(s: &str) -> Option<(u32, u32)> {
    let (a, b) = s.split_once('-')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

fn move_text(rm: &RecordMove) -> String {
    match rm.captured {
        Some(c) if c > 0 => format!("{}+{c}", rm.mv),
        _ => rm.mv.to_string(),
    }
}

/// The side that made `m`, where it says (a pass says nothing).
fn mover(m: Move) -> Option<Side> {
    match m {
        Move::Sow { side, .. } => Some(side),
        Move::Pass => None,
    }
}

/// The number label (`3.` or `3...`) of each move of a game whose first move is `first`'s, or
/// an empty string where none is written (South's move followed by North's reply is one
/// numbered move; an extra turn or a pass keeps the number). The one numbering of moves: the
/// records, the terminal's move list and the web app's all use it.
pub fn move_numbers(first: Side, moves: impl Iterator<Item = Move>) -> Vec<String> {
    let mut out = Vec::new();
    let mut number = 1;
    let mut prev: Option<Side> = None;
    let mut side = first;
    for m in moves {
        let s = mover(m).unwrap_or(side);
        let label = match (prev, s) {
            (None, Side::South) => format!("{number}."),
            (None, Side::North) => format!("{number}..."),
            (Some(Side::North), Side::South) => {
                number += 1;
                format!("{number}.")
            }
            (Some(Side::North), Side::North) => format!("{number}..."),
            (Some(Side::South), _) => String::new(),
        };
        out.push(label);
        prev = Some(s);
        // After a pass or a sowing the other side normally moves; an extra turn shows in the
        // next move's letter.
        side = s.other();
    }
    out
}

/// The label of each move written on a line of its own (an analysis line): [`move_numbers`]'s
/// label, and for a move the record writes without one, its number as a later move of that
/// number is written (`3...`).
pub fn line_labels(first: Side, moves: impl Iterator<Item = Move>) -> Vec<String> {
    let mut number = String::new();
    move_numbers(first, moves)
        .into_iter()
        .map(|label| {
            if label.is_empty() {
                format!("{number}...")
            } else {
                number = label.trim_end_matches('.').to_string();
                label
            }
        })
        .collect()
}

/// The number of move `i` for a message: its own label, or the label of the move it follows
/// with `...` (`3...` for North's reply to South's third move).
fn error_label(numbers: &[String], i: usize) -> String {
    if !numbers[i].is_empty() {
        return numbers[i].clone();
    }
    let prev = numbers[..i]
        .iter()
        .rev()
        .find(|l| !l.is_empty())
        .map_or("1", |l| l.trim_end_matches('.'));
    format!("{prev}...")
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

impl fmt::Display for Record {
    /// OGN text: tags, a blank line, movetext wrapped at 80 columns, ending with the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in &self.tags {
            writeln!(f, "[{k} \"{}\"]", escape(v))?;
        }
        writeln!(f)?;
        let first = self
            .tag("FEN")
            .and_then(|fen| fen.trim().rsplit('-').next())
            .and_then(|s| s.parse::<Side>().ok())
            .unwrap_or(Side::South);
        let numbers = move_numbers(first, self.moves.iter().map(|m| m.mv));
        let mut tokens: Vec<String> = Vec::new();
        if let Some(c) = &self.intro {
            tokens.push(format!("{{{}}}", c.replace('}', ")")));
        }
        for (rm, label) in self.moves.iter().zip(numbers) {
            let mut t = label;
            if !t.is_empty() {
                t.push(' ');
            }
            t.push_str(&move_text(rm));
            tokens.push(t);
            if let Some(c) = &rm.comment {
                tokens.push(format!("{{{}}}", c.replace('}', ")")));
            }
        }
        tokens.push(if self.result.is_empty() {
            "*".to_string()
        } else {
            self.result.clone()
        });
        let mut line = 0;
        for t in tokens {
            if line > 0 && line + 1 + t.len() > 80 {
                writeln!(f)?;
                line = 0;
            }
            if line > 0 {
                f.write_str(" ")?;
                line += 1;
            }
            f.write_str(&t)?;
            line += t.len();
        }
        writeln!(f)
    }
}

impl FromStr for Record {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Record, RecordError> {
        Record::parse(s)
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// Whether tags after a game's moves begin another game ([`Record::parse_all`]) rather
    /// than being an error.
    many: bool,
}

impl Parser<'_> {
    fn err<T>(&self, why: Syntax) -> Result<T, RecordError> {
        Err(RecordError::Syntax {
            line: self.line,
            why,
        })
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == ';' {
                while let Some(c) = self.bump() {
                    if c == '\n' {
                        break;
                    }
                }
            } else {
                break;
            }
        }
    }

    fn comment(&mut self) -> Result<String, RecordError> {
        let start_line = self.line;
        self.bump(); // '{'
        let mut s = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(RecordError::Syntax {
                        line: start_line,
                        why: Syntax::CommentUnclosed,
                    });
                }
                Some('}') => break,
                Some(c) => s.push(c),
            }
        }
        Ok(s.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    fn tag(&mut self) -> Result<(String, String), RecordError> {
        let start_line = self.line;
        let r = self.tag_body();
        r.map_err(|e| match e {
            RecordError::Syntax { why, .. } => RecordError::Syntax {
                line: start_line,
                why,
            },
            e => e,
        })
    }

    fn tag_body(&mut self) -> Result<(String, String), RecordError> {
        self.bump(); // '['
        self.skip_space();
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '_' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        if name.is_empty() {
            return self.err(Syntax::TagNoName);
        }
        self.skip_space();
        if self.peek() != Some('"') {
            return self.err(Syntax::TagNotQuoted { tag: name });
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => {
                    return self.err(Syntax::TagUnclosed { tag: name });
                }
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return self.err(Syntax::TagEscape { tag: name }),
                },
                Some('"') => break,
                Some(c) => value.push(c),
            }
        }
        self.skip_space();
        if self.peek() != Some(']') {
            return self.err(Syntax::TagNoBracket { tag: name });
        }
        self.bump();
        Ok((name, value))
    }

    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '{' || c == ';' || c == '[' {
                break;
            }
            w.push(c);
            self.bump();
        }
        w
    }

    fn record(&mut self) -> Result<Record, RecordError> {
        let mut rec = Record::default();
        let mut result: Option<String> = None;
        loop {
            self.skip_space();
            match self.peek() {
                None => break,
                Some('[') => {
                    if !rec.moves.is_empty() || result.is_some() {
                        if self.many {
                            break;
                        }
                        return self.err(Syntax::TagAfterMoves);
                    }
                    let (k, v) = self.tag()?;
                    if rec.tag(&k).is_some() {
                        return self.err(Syntax::TagTwice { tag: k });
                    }
                    rec.tags.push((k, v));
                }
                Some('{') => {
                    let c = self.comment()?;
                    match rec.moves.last_mut() {
                        Some(m) => match &mut m.comment {
                            Some(prev) => {
                                if !prev.is_empty() && !c.is_empty() {
                                    prev.push(' ');
                                }
                                prev.push_str(&c);
                            }
                            None => m.comment = Some(c),
                        },
                        None => match &mut rec.intro {
                            Some(prev) => {
                                if !prev.is_empty() && !c.is_empty() {
                                    prev.push(' ');
                                }
                                prev.push_str(&c);
                            }
                            None => rec.intro = Some(c),
                        },
                    }
                }
                Some(_) => {
                    let word = self.word();
                    if let Some(r) = &result {
                        return self.err(Syntax::AfterResult {
                            text: word,
                            result: r.clone(),
                        });
                    }
                    // A move number, alone (`12.`, `12...`) or glued to the move (`12.C`).
                    let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
                    let rest = &word[digits..];
                    let dots = rest.chars().take_while(|&c| c == '.').count();
                    let body = if digits > 0 && dots > 0 {
                        &rest[dots..]
                    } else {
                        word.as_str()
                    };
                    if body.is_empty() {
                        continue;
                    }
                    if body == "*" || body == "1/2-1/2" || parse_scores(body).is_some() {
                        result = Some(body.to_string());
                        continue;
                    }
                    let (mv_text, captured) = match body.split_once('+') {
                        Some((m, n)) => match n.parse::<u32>() {
                            Ok(n) => (m, Some(n)),
                            Err(_) => {
                                return self.err(Syntax::CaptureMark {
                                    text: body.to_string(),
                                });
                            }
                        },
                        None => (body, None),
                    };
                    let mv: Move = match mv_text.parse() {
                        Ok(m) => m,
                        Err(e) => return self.err(Syntax::NotAMove(e)),
                    };
                    rec.moves.push(RecordMove {
                        mv,
                        captured,
                        comment: None,
                    });
                }
            }
        }
        if rec.tags.is_empty() && rec.moves.is_empty() && result.is_none() {
            return self.err(Syntax::Empty);
        }
        if let Some(tag) = rec.tag("Result")
            && !(tag == "*" || tag == "1/2-1/2" || parse_scores(tag).is_some())
        {
            let line = self.line;
            return Err(RecordError::Syntax {
                line,
                why: Syntax::ResultTag {
                    tag: tag.to_string(),
                },
            });
        }
        rec.result = result
            .or_else(|| rec.tag("Result").map(str::to_string))
            .unwrap_or_else(|| "*".to_string());
        if let Some(tag) = rec.tag("Result")
            && tag != rec.result
        {
            let line = self.line;
            return Err(RecordError::Syntax {
                line,
                why: Syntax::ResultDiffers {
                    tag: tag.to_string(),
                    result: rec.result.clone(),
                },
            });
        }
        Ok(rec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_comments_and_time_controls_are_written_and_read_back() {
        for ms in [
            0u64, 7_300, 9_999, 10_000, 59_000, 177_000, 3_600_000, 90_061_000,
        ] {
            let c = clk_comment(ms);
            let back = parse_clk(&c).unwrap();
            let expect = if ms < 10_000 {
                ms / 100 * 100
            } else {
                ms / 1000 * 1000
            };
            assert_eq!(back, expect, "{c}");
        }
        assert_eq!(clk_comment(177_400), "[%clk 0:02:57]");
        assert_eq!(clk_comment(7_350), "[%clk 0:00:07.3]");
        assert_eq!(parse_clk("a note [%clk 1:02:03] more"), Some(3_723_000));
        for bad in [
            "[%clk 1:61:00]",
            "[%clk 1:00]",
            "[%clk x:00:00]",
            "[%clk 0:00:00",
            "none",
        ] {
            assert_eq!(parse_clk(bad), None, "{bad}");
        }
        assert_eq!(time_control_tag(180_000, 2_000, false), "180+2");
        assert_eq!(time_control_tag(60_000, 0, false), "60+0");
        assert_eq!(time_control_tag(1_500, 500, false), "1.5+0.5");
        assert_eq!(time_control_tag(3 * 86_400_000, 0, true), "1/259200");
    }

    #[test]
    fn every_stop_is_written_and_read_back_with_its_result() {
        use crate::{Stop, rules_for};
        let rules = rules_for(&"modiar".parse().unwrap()).unwrap();
        let mut g = Game::new(rules.clone());
        g.play_str("A").unwrap();
        for (stop, result) in [
            (Stop::Resigned(Side::North), "1-0"),
            (Stop::TimeForfeit(Side::South), "0-1"),
            (Stop::TimeForfeit(Side::North), "1-0"),
            (Stop::Abandoned(Side::North), "1-0"),
            (Stop::DrawAgreed, "1/2-1/2"),
            (Stop::Aborted, "*"),
        ] {
            let mut rec = Record::from_game(&g, &[]);
            rec.stop(stop);
            let text = rec.to_string();
            assert!(
                text.contains(&format!("[Termination \"{}\"]", stop.text())),
                "{text}"
            );
            let back = Record::parse(&text).unwrap();
            assert_eq!(back.result, result);
            assert_eq!(back.stopped().unwrap(), Some(stop));
            assert_eq!(Stop::parse(&stop.text()), Some(stop));
            back.to_game(&rules).unwrap();
        }
        // A time forfeit whose result names the one who ran out of time as the winner.
        let mut rec = Record::from_game(&g, &[]);
        rec.stop(Stop::TimeForfeit(Side::South));
        let text = rec.to_string().replace("0-1", "1-0");
        let e = Record::parse(&text).unwrap().to_game(&rules).unwrap_err();
        assert_eq!(e.code(), "unfinished-other-winner-on-time", "{e}");
        assert!(e.to_string().contains("South lost on time"), "{e}");
        assert_eq!(Stop::parse("someone lost on time"), None);
    }

    /// The code and values of the error reading `text` as a record of its own game.
    fn refusal(text: &str) -> (String, Vec<(&'static str, String)>) {
        let e = Record::parse(text)
            .and_then(|r| {
                let rules = r.rules()?;
                r.to_game(&rules)?;
                r.resigned()
            })
            .expect_err(text);
        (e.code(), e.params())
    }

    #[test]
    fn every_refusal_has_a_code_and_the_values_it_names() {
        let v = "[Variant \"Oware\"]\n";
        type Case<'a> = (String, &'a str, Vec<(&'a str, &'a str)>);
        let cases: Vec<Case> = vec![
            (
                format!("{v}1. C Z"),
                "syntax-not-a-move",
                vec![("line", "2"), ("text", "Z")],
            ),
            (
                format!("{v}[Variant \"Oware\"]"),
                "syntax-tag-twice",
                vec![("line", "2"), ("tag", "Variant")],
            ),
            (
                format!("{v}[Event Club]"),
                "syntax-tag-not-quoted",
                vec![("tag", "Event")],
            ),
            (
                format!("{v}[Event \"Club"),
                "syntax-tag-unclosed",
                vec![("tag", "Event")],
            ),
            (
                format!("{v}1. C 0-1 A"),
                "syntax-after-result",
                vec![("text", "A"), ("result", "0-1")],
            ),
            (
                format!("{v}1. C+x"),
                "syntax-capture-mark",
                vec![("text", "C+x")],
            ),
            (format!("{v}{{ open"), "syntax-comment-unclosed", vec![]),
            ("   ".to_string(), "syntax-empty", vec![]),
            (
                format!("{v}1. C C"),
                "move",
                vec![("number", "1..."), ("text", "C"), ("ply", "2")],
            ),
            (
                format!("{v}1. C+3"),
                "capture-mark",
                vec![("marked", "3"), ("actual", "0")],
            ),
            (format!("{v}[FEN \"1-2-3\"]"), "fen", vec![]),
            (
                "[Variant \"Chess\"]".to_string(),
                "unknown-variant",
                vec![("tag", "Chess")],
            ),
            ("1. C".to_string(), "no-variant", vec![]),
            (
                format!("{v}[Termination \"Bob resigned\"]\n1. C 1-0"),
                "resigner",
                vec![("tag", "Bob resigned")],
            ),
            (
                format!("{v}1. C 1-0"),
                "unfinished-no-termination",
                vec![("result", "1-0")],
            ),
            (
                format!("{v}1. C 25-23"),
                "unfinished-final-score",
                vec![("result", "25-23")],
            ),
        ];
        for (text, code, want) in cases {
            let (got, params) = refusal(&text);
            assert_eq!(got, code, "{text}");
            for (k, val) in want {
                assert!(
                    params.iter().any(|(pk, pv)| *pk == k && pv == val),
                    "{text}: {k}={val} not in {params:?}"
                );
            }
        }
    }

    #[test]
    fn date_tag_is_the_civil_date() {
        assert_eq!(date_tag(0), "1970.01.01");
        assert_eq!(date_tag(951_782_400), "2000.02.29");
        assert_eq!(date_tag(1_764_460_800), "2025.11.30");
    }
    use crate::rules_for;

    fn rules(id: &str) -> Rules {
        rules_for(&id.parse().unwrap()).unwrap()
    }

    #[test]
    fn record_writes_tags_numbers_capture_marks_and_result() {
        let mut g = Game::new(rules("oware"));
        for m in ["C", "b", "D", "a"] {
            g.play_str(m).unwrap();
        }
        let rec = Record::from_game(
            &g,
            &[
                ("South", "Ann"),
                ("North", "Bob"),
                ("Event", "Club \"night\""),
            ],
        );
        let text = rec.to_string();
        assert!(
            text.starts_with("[Variant \"Oware\"]\n[Event \"Club \\\"night\\\"\"]\n"),
            "{text}"
        );
        assert!(
            text.contains("[South \"Ann\"]\n[North \"Bob\"]\n[Result \"*\"]\n\n"),
            "{text}"
        );
        assert!(!text.contains("FEN"));
        let last = text.lines().last().unwrap();
        assert_eq!(last, "1. C b 2. D a *");
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.tag("Event"), Some("Club \"night\""));
        assert_eq!(
            back.to_game(&rules("oware")).unwrap().position(),
            g.position()
        );
    }

    #[test]
    fn record_marks_captures_with_plus_n() {
        // Mangala II: South's F sows a and b, making 2 in b, and the chain takes a too.
        let r = rules("mangala-ii");
        let pos = r.parse_position("0-0-0-0-0-2-1-1-0-0-0-0-34-34-S").unwrap();
        let mut g = Game::from_position(r.clone(), pos);
        let eff = g.play_str("F").unwrap();
        assert_eq!(eff.captured, 4);
        let rec = Record::from_game(&g, &[]);
        let text = rec.to_string();
        assert!(
            text.contains("[FEN \"0-0-0-0-0-2-1-1-0-0-0-0-34-34-S\"]"),
            "{text}"
        );
        assert_eq!(text.lines().last().unwrap(), "1. F+4 38-34", "{text}");
        assert_eq!(
            Record::parse(&text)
                .unwrap()
                .to_game(&r)
                .unwrap()
                .final_position(),
            g.final_position()
        );
    }

    #[test]
    fn record_numbers_north_first_and_extra_turns() {
        let r = rules("kalah");
        let mut g = Game::new(r.clone());
        // C ends in South's store: South moves again.
        for m in ["C", "F", "a"] {
            g.play_str(m).unwrap();
        }
        let text = Record::from_game(&g, &[]).to_string();
        assert_eq!(text.lines().last().unwrap(), "1. C F a *");
        let pos = r.parse_position("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N").unwrap();
        let mut g = Game::from_position(r.clone(), pos);
        for m in ["a", "B"] {
            g.play_str(m).unwrap();
        }
        let text = Record::from_game(&g, &[]).to_string();
        assert_eq!(text.lines().last().unwrap(), "1... a 2. B *");
        assert_eq!(
            Record::parse(&text)
                .unwrap()
                .to_game(&r)
                .unwrap()
                .position(),
            g.position()
        );
    }

    #[test]
    fn record_reading_is_tolerant_of_layout_and_comments() {
        let text = "  [Variant   \"Oware\"]\n[South \"x\"] ; a line comment\n\n{before} 1.C {first\n move}\nb 2.  D\n\n 2... a {end} *\n";
        let rec = Record::parse(text).unwrap();
        assert_eq!(rec.intro.as_deref(), Some("before"));
        assert_eq!(rec.moves.len(), 4);
        assert_eq!(rec.moves[0].comment.as_deref(), Some("first move"));
        assert_eq!(rec.moves[3].comment.as_deref(), Some("end"));
        assert_eq!(rec.result, "*");
        let g = rec.to_game(&rec.rules().unwrap()).unwrap();
        assert_eq!(g.plies().len(), 4);
        // Comments survive a round trip.
        let again = Record::parse(&rec.to_string()).unwrap();
        assert_eq!(again, rec);
    }

    #[test]
    fn record_illegal_move_names_its_number() {
        let rec = Record::parse("[Variant \"Oware\"]\n1. C b 2. C *").unwrap();
        let e = rec.to_game(&rules("oware")).unwrap_err().to_string();
        assert!(
            e.contains("move 2. ('C', ply 3)") && e.contains("empty"),
            "{e}"
        );
        let rec = Record::parse("[Variant \"Oware\"]\n1. C C *").unwrap();
        let e = rec.to_game(&rules("oware")).unwrap_err().to_string();
        assert!(e.contains("ply 2") && e.contains("North is to move"), "{e}");
    }

    #[test]
    fn record_wrong_capture_mark_is_an_error() {
        let rec = Record::parse("[Variant \"Oware\"]\n1. C+2 *").unwrap();
        let e = rec.to_game(&rules("oware")).unwrap_err().to_string();
        assert!(
            e.contains("marked as capturing 2, but it captures 0"),
            "{e}"
        );
    }

    #[test]
    fn a_file_of_several_games_reads_game_by_game() {
        let one = "[Variant \"Modiar\"]\n[Result \"*\"]\n\n1. A *\n";
        let two = "[Variant \"Modiar\"]\n[Result \"*\"]\n\n1. B b *\n";
        let text = format!("{one}\n{two}");
        let all = Record::parse_all(&text).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!((all[0].moves.len(), all[1].moves.len()), (1, 2));
        assert_eq!(Record::parse_all(one).unwrap().len(), 1);
        // Read as one game, the second game's tags are an error, naming their line.
        let e = Record::parse(&text).unwrap_err().to_string();
        assert!(
            e.contains("line 6") && e.contains("a tag after the moves"),
            "{e}"
        );
        // A game without a result is followed by the next one's tags just the same.
        let bare = "[Variant \"Modiar\"]\n\n1. A\n[Variant \"Modiar\"]\n\n1. C\n";
        assert_eq!(Record::parse_all(bare).unwrap().len(), 2);
        // An error in the second game names the file's line.
        let bad = format!("{one}\n[Variant \"Modiar\"]\n\n1. Q\n");
        let e = Record::parse_all(&bad).unwrap_err().to_string();
        assert!(e.contains("line 8"), "{e}");
        assert!(Record::parse_all("").is_err());
    }

    #[test]
    fn record_result_must_match_a_finished_game() {
        let r = rules("mangala-ii");
        let pos = r.parse_position("0-0-0-0-0-1-1-0-0-0-0-0-36-34-S").unwrap();
        let mut g = Game::from_position(r.clone(), pos);
        g.play_str("F").unwrap();
        assert!(g.is_over());
        let good = Record::from_game(&g, &[]).to_string();
        assert!(good.contains("[Result \"38-34\"]"), "{good}");
        Record::parse(&good).unwrap().to_game(&r).unwrap();
        let bad = good.replace("38-34", "34-38");
        let e = Record::parse(&bad)
            .unwrap()
            .to_game(&r)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("'34-38' does not match") && e.contains("38-34"),
            "{e}"
        );
        // PGN-style results are checked against the winner.
        let pgn = |r: &str| good.replace("38-34", r);
        Record::parse(&pgn("1-0")).unwrap().to_game(&r).unwrap();
        assert!(Record::parse(&pgn("0-1")).unwrap().to_game(&r).is_err());
        assert!(Record::parse(&pgn("1/2-1/2")).unwrap().to_game(&r).is_err());
        let clash = good.replacen("[Result \"38-34\"]", "[Result \"*\"]", 1);
        assert!(
            Record::parse(&clash)
                .unwrap_err()
                .to_string()
                .contains("Result tag says '*'")
        );
    }

    #[test]
    fn record_syntax_errors_name_the_line() {
        let cases = [
            ("[Variant \"Oware\"\n1. C", "line 1", "']' expected"),
            ("[Variant Oware]", "line 1", "double quotes"),
            ("[Variant \"Oware]\n", "line 1", "closing quote"),
            (
                "[Variant \"Oware\"]\n\n1. C {oops\n",
                "line 3",
                "never closed",
            ),
            (
                "[Variant \"Oware\"]\n1. C x9",
                "line 2",
                "'x9' is not a move",
            ),
            ("[Variant \"Oware\"]\n1. C b+x", "line 2", "capture mark"),
            (
                "[Variant \"Oware\"]\n1. C * D",
                "line 2",
                "after the result",
            ),
            ("1. C\n[Variant \"Oware\"]", "line 2", "tag after the moves"),
            (
                "[Variant \"Oware\"]\n[Variant \"Kalah\"]",
                "line 2",
                "given twice",
            ),
            ("  \n ", "line 2", "empty record"),
        ];
        for (text, line, why) in cases {
            let e = Record::parse(text).unwrap_err().to_string();
            assert!(e.contains(line) && e.contains(why), "{text:?}: {e}");
        }
    }

    #[test]
    fn record_variant_and_fen_are_checked() {
        let rec = Record::parse("[Variant \"Kalah\"]\n1. C *").unwrap();
        assert!(
            rec.to_game(&rules("oware"))
                .unwrap_err()
                .to_string()
                .contains("for Kalah, not Oware")
        );
        assert_eq!(rec.rules().unwrap().id(), "kalah");
        let rec = Record::parse("[Variant \"Awari\"]\n*").unwrap();
        assert!(rec.rules().unwrap_err().to_string().contains("'Awari'"));
        let rec = Record::parse("[Variant \"Oware\"]\n[FEN \"4-4-S\"]\n*").unwrap();
        assert!(
            rec.to_game(&rules("oware"))
                .unwrap_err()
                .to_string()
                .starts_with("OGN FEN tag: position")
        );
    }

    /// A random game of `id`: `setup` random plies give the start position (a `FEN` set-up when
    /// non-zero), then up to `len` random plies are recorded.
    fn random_game(id: &str, seed: u64, setup: usize, len: usize) -> Game {
        let r = rules(id);
        let mut state = seed | 1;
        let mut pick = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut pos = r.start();
        for _ in 0..setup {
            let moves = r.legal_moves(&pos).to_vec();
            if moves.is_empty() {
                break;
            }
            r.play_unchecked(&mut pos, moves[pick(moves.len())]);
        }
        let mut g = Game::from_position(r, pos);
        for _ in 0..len {
            let moves = g.legal_moves().to_vec();
            if moves.is_empty() {
                break;
            }
            g.play(moves[pick(moves.len())]).unwrap();
        }
        g
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        #[test]
        fn record_round_trips_random_games(
            game in 0usize..4,
            seed in proptest::prelude::any::<u64>(),
            setup in proptest::prop_oneof![proptest::strategy::Just(0usize), 1usize..40],
            len in 0usize..400,
        ) {
            let id = ["modiar", "mangala-ii", "oware", "kalah"][game];
            let g = random_game(id, seed, setup, len);
            let rec = Record::from_game(&g, &[("South", "S"), ("Round", "3")]);
            let text = rec.to_string();
            let back = Record::parse(&text).unwrap();
            proptest::prop_assert_eq!(&back, &rec);
            let rules = back.rules().unwrap();
            let g2 = back.to_game(&rules).unwrap();
            proptest::prop_assert_eq!(g2.moves().collect::<Vec<_>>(), g.moves().collect::<Vec<_>>());
            proptest::prop_assert_eq!(g2.start(), g.start());
            proptest::prop_assert_eq!(g2.final_position(), g.final_position());
            proptest::prop_assert_eq!(g2.end_reason(), g.end_reason());
            for line in text.lines() {
                proptest::prop_assert!(line.len() <= 80 || line.starts_with('['), "long line {}", line);
            }
        }
    }
}

#[cfg(test)]
mod error_label_tests {
    use super::*;

    #[test]
    fn an_illegal_reply_is_numbered_with_dots() {
        let rules = crate::rules_for(&"mangala-ii".parse().unwrap()).unwrap();
        let rec = Record::parse("[Variant \"Mangala II\"]\n1. A A *\n").unwrap();
        let e = rec.to_game(&rules).unwrap_err().to_string();
        assert!(e.contains("move 1... ('A', ply 2)"), "{e}");
    }
}

#[cfg(test)]
mod label_tests {
    use super::*;

    fn sow(side: Side, pit: u8) -> Move {
        Move::Sow { side, pit }
    }

    #[test]
    fn a_line_numbers_every_move_and_the_record_only_where_it_writes_one() {
        use Side::{North, South};
        // South, North's reply, North again after an extra turn, South: 1. A a b 2. B
        let moves = [sow(South, 0), sow(North, 0), sow(North, 1), sow(South, 1)];
        assert_eq!(
            move_numbers(South, moves.into_iter()),
            ["1.", "", "1...", "2."]
        );
        assert_eq!(
            line_labels(South, moves.into_iter()),
            ["1.", "1...", "1...", "2."]
        );
        // A game North began: 1... a 2. A 2... b
        let moves = [sow(North, 0), sow(South, 0), sow(North, 1)];
        assert_eq!(move_numbers(North, moves.into_iter()), ["1...", "2.", ""]);
        assert_eq!(
            line_labels(North, moves.into_iter()),
            ["1...", "2.", "2..."]
        );
    }
}
