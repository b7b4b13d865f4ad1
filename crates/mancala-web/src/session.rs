//! A game being played through the web app: the rules game of the core, who plays each side
//! (this screen, an engine, a second person through a link), the seats' secret tokens,
//! resignation and undo requests. No I/O here: [`crate::store`] saves sessions,
//! [`crate::views`] shapes them for the API and [`crate::games`] serves them.

use crate::engine;
use crate::store::GameRow;
use mancala_core::{
    BySide, Game, GameSpec, LoadError, Move, MoveError, Position, Rules, RulesSource, Side,
    SpecError, load_rules,
};
use serde::{Deserialize, Serialize};

/// Why a session refuses a change; nothing changes when it does. The API answers each with
/// its own code (see [`crate::error::Code`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("unknown game '{game}' (try `mancala games`)")]
    UnknownGame { game: String },
    #[error("{detail}")]
    BadGame { game: String, detail: String },
    #[error("unknown engine level '{level}' (levels: {levels})")]
    UnknownLevel { level: String, levels: String },
    #[error("this needs the seat's token (field \"token\")")]
    TokenRequired,
    #[error("the token does not open a seat of game {id}")]
    TokenRejected { id: String },
    #[error("a game on one screen has no seats to join")]
    NoSeats,
    #[error(
        "hints and analysis are off during a game between two people; they open when it ends (or when both agree to them as the game is created)"
    )]
    HintsClosed,
    #[error("the game is over")]
    GameOver,
    #[error("the game is over: {side} resigned")]
    Resigned { side: Side },
    #[error("it is {to_move}'s turn, not yours")]
    NotYourTurn { to_move: Side },
    #[error("it is the engine's turn ({side})")]
    EngineTurn { side: Side },
    #[error("'{text}...' is not a move (a pit letter A-H for South, a-h for North, or pass)")]
    NotAMove { text: String },
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("you play {side}, so you cannot resign for {asked}")]
    ResignOtherSide { side: Side, asked: Side },
    #[error("the game was resigned; a resignation cannot be taken back")]
    ResignationFinal,
    #[error("there is no move to take back")]
    NothingToUndo,
    #[error("you have made no move to take back")]
    NoOwnMoveToUndo,
    #[error("you have already asked; waiting for the other player")]
    UndoPending,
    #[error("no undo has been asked for")]
    NoUndoAsked,
}

/// Who plays the other side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Opponent {
    /// Both sides are played on one screen; one token moves for both.
    Local,
    /// The engine plays `side` at `level`.
    Engine { level: String, side: Side },
    /// A second person plays through a link; each side has its own token.
    Remote {
        /// The side whose invitation has not been opened yet: its token opens the seat once,
        /// then is replaced by the seat's own (see [`Session::join`]).
        #[serde(default)]
        invited: Option<Side>,
        /// Both agreed at creation to hints and analysis during the game.
        #[serde(default)]
        hints: bool,
    },
}

/// What a token allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Both sides (a game on one screen).
    Both,
    Side(Side),
}

impl Seat {
    fn may_move(self, side: Side) -> bool {
        match self {
            Seat::Both => true,
            Seat::Side(s) => s == side,
        }
    }
}

/// A game session.
#[derive(Clone, Debug)]
pub struct Session {
    pub id: String,
    pub spec: GameSpec,
    pub game: Game,
    pub opponent: Opponent,
    /// The seats' tokens; a local game has the same token for both.
    pub tokens: BySide<String>,
    pub resigned: Option<Side>,
    pub undo_request: Option<Side>,
    /// Grows with every change; the page polls it.
    pub version: u64,
    /// Unix seconds.
    pub created: i64,
    pub updated: i64,
}

/// The rules named by a game specification (the core's loader; a solitaire is no game here).
pub fn rules_of(spec: &GameSpec) -> Result<Rules, SessionError> {
    load_rules(RulesSource::Spec(spec), &mancala_solitaire::Solitaire::IDS).map_err(|e| match e {
        LoadError::Spec(e) => spec_error(&spec.id, e),
        _ => SessionError::UnknownGame {
            game: spec.id.clone(),
        },
    })
}

/// A game specification refused: an unknown game, or parameters the game does not take.
pub fn spec_error(game: &str, e: SpecError) -> SessionError {
    match e {
        SpecError::UnknownGame(game) => SessionError::UnknownGame { game },
        e => SessionError::BadGame {
            game: game.to_string(),
            detail: e.to_string(),
        },
    }
}

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

impl Session {
    /// A new session; `start` is a set-up position or the game's start.
    pub fn new(
        id: String,
        spec: GameSpec,
        start: Option<Position>,
        opponent: Opponent,
        tokens: BySide<String>,
    ) -> Result<Session, SessionError> {
        let rules = rules_of(&spec)?;
        if let Opponent::Engine { level, .. } = &opponent
            && engine::level(level).is_none()
        {
            return Err(SessionError::UnknownLevel {
                level: level.clone(),
                levels: engine::level_names(),
            });
        }
        let game = match start {
            Some(p) => Game::from_position(rules, p),
            None => Game::new(rules),
        };
        let t = now();
        Ok(Session {
            id,
            spec,
            game,
            opponent,
            tokens,
            resigned: None,
            undo_request: None,
            version: 0,
            created: t,
            updated: t,
        })
    }

    /// The seat a token opens, if any.
    pub fn seat_of(&self, token: &str) -> Option<Seat> {
        let eq = |a: &str, b: &str| {
            a.len() == b.len()
                && a.bytes()
                    .zip(b.bytes())
                    .fold(0u8, |acc, (x, y)| acc | (x ^ y))
                    == 0
        };
        if token.is_empty() {
            return None;
        }
        match self.opponent {
            Opponent::Local => eq(token, &self.tokens.south).then_some(Seat::Both),
            _ => {
                if eq(token, &self.tokens.south) && self.human(Side::South) {
                    Some(Seat::Side(Side::South))
                } else if eq(token, &self.tokens.north) && self.human(Side::North) {
                    Some(Seat::Side(Side::North))
                } else {
                    None
                }
            }
        }
    }

    /// Opens a seat through a link: an invitation not yet opened gives its seat a new token (so
    /// the link opens the seat once: a third browser with it only watches); a seat's own token
    /// opens it again (the same person on another device). Returns the side and its token.
    pub fn join(&mut self, token: &str, new_token: String) -> Result<(Side, String), SessionError> {
        let seat = self.require_seat(Some(token))?;
        let side = match seat {
            Seat::Side(s) => s,
            Seat::Both => return Err(SessionError::NoSeats),
        };
        if let Opponent::Remote { invited, .. } = &mut self.opponent
            && *invited == Some(side)
        {
            *invited = None;
            self.tokens[side] = new_token;
            self.touch();
        }
        Ok((side, self.tokens[side].clone()))
    }

    /// Whether hints and analysis are open now: always against the computer or on one screen;
    /// between two people through a link, once the game is over or when both agreed at creation.
    pub fn hints_open(&self) -> bool {
        match self.opponent {
            Opponent::Remote { hints, .. } => hints || self.is_over(),
            _ => true,
        }
    }

    /// An error unless hints and analysis are open (see [`Session::hints_open`]).
    pub fn require_hints_open(&self) -> Result<(), SessionError> {
        if self.hints_open() {
            Ok(())
        } else {
            Err(SessionError::HintsClosed)
        }
    }

    /// The seat of `token`, or why it opens none.
    pub fn require_seat(&self, token: Option<&str>) -> Result<Seat, SessionError> {
        let token = token.unwrap_or("");
        if token.is_empty() {
            return Err(SessionError::TokenRequired);
        }
        self.seat_of(token)
            .ok_or_else(|| SessionError::TokenRejected {
                id: self.id.clone(),
            })
    }

    /// Whether a person plays `side`.
    pub fn human(&self, side: Side) -> bool {
        !matches!(&self.opponent, Opponent::Engine { side: s, .. } if *s == side)
    }

    /// The engine level to move now, if the engine is to move.
    pub fn engine_to_move(&self) -> Option<engine::Level> {
        match &self.opponent {
            Opponent::Engine { level, side }
                if !self.is_over() && self.game.position().side() == *side =>
            {
                engine::level(level)
            }
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.game.is_over()
    }

    fn touch(&mut self) {
        self.version += 1;
        self.updated = now();
    }

    /// Plays a move given as text for the holder of `seat`; returns the index of its ply.
    /// Nothing changes on error.
    pub fn play(&mut self, seat: Seat, text: &str) -> Result<usize, SessionError> {
        if let Some(side) = self.resigned {
            return Err(SessionError::Resigned { side });
        }
        if self.game.is_over() {
            return Err(SessionError::GameOver);
        }
        let to_move = self.game.position().side();
        if !seat.may_move(to_move) {
            return Err(SessionError::NotYourTurn { to_move });
        }
        if !self.human(to_move) {
            return Err(SessionError::EngineTurn { side: to_move });
        }
        if text.len() > 16 {
            return Err(SessionError::NotAMove {
                text: text.chars().take(16).collect(),
            });
        }
        let m = self.game.rules().parse_move(text)?;
        self.apply(m)
    }

    /// Plays a move known to come from the side to move (the engine's, or a checked one);
    /// returns the index of its ply.
    pub fn apply(&mut self, m: Move) -> Result<usize, SessionError> {
        self.game.play(m)?;
        self.undo_request = None;
        self.touch();
        Ok(self.game.plies().len() - 1)
    }

    /// Resigns for the seat (a local game resigns for `side`, or the side to move).
    pub fn resign(&mut self, seat: Seat, side: Option<Side>) -> Result<Side, SessionError> {
        if self.is_over() {
            return Err(SessionError::GameOver);
        }
        let side = match (seat, side) {
            (Seat::Side(s), None) => s,
            (Seat::Side(s), Some(asked)) if asked == s => s,
            (Seat::Side(s), Some(asked)) => {
                return Err(SessionError::ResignOtherSide { side: s, asked });
            }
            (Seat::Both, Some(asked)) => asked,
            (Seat::Both, None) => self.game.position().side(),
        };
        self.resigned = Some(side);
        self.undo_request = None;
        self.touch();
        Ok(side)
    }

    /// Takes moves back for the seat, or asks the other person to agree.
    pub fn undo(&mut self, seat: Seat) -> Result<UndoOutcome, SessionError> {
        if self.resigned.is_some() {
            return Err(SessionError::ResignationFinal);
        }
        match (&self.opponent, seat) {
            (Opponent::Local, _) | (_, Seat::Both) => {
                if self.game.undo().is_none() {
                    return Err(SessionError::NothingToUndo);
                }
                self.touch();
                Ok(UndoOutcome::TakenBack(1))
            }
            (Opponent::Engine { .. }, Seat::Side(me)) => {
                // The engine agrees: back to my last turn, my move taken back.
                if !self.game.plies().iter().any(|p| p.before.side() == me) {
                    return Err(SessionError::NoOwnMoveToUndo);
                }
                let n = self.take_back_to(me);
                self.touch();
                Ok(UndoOutcome::TakenBack(n))
            }
            (Opponent::Remote { .. }, Seat::Side(me)) => {
                match self.undo_request {
                    Some(asker) if asker != me => {
                        // I agree to the other's request.
                        let n = self.take_back_to(asker);
                        self.undo_request = None;
                        self.touch();
                        Ok(UndoOutcome::TakenBack(n))
                    }
                    Some(_) => Err(SessionError::UndoPending),
                    None => {
                        if !self.game.plies().iter().any(|p| p.before.side() == me) {
                            return Err(SessionError::NoOwnMoveToUndo);
                        }
                        self.undo_request = Some(me);
                        self.touch();
                        Ok(UndoOutcome::Asked)
                    }
                }
            }
        }
    }

    /// Declines (or, by the asker, withdraws) an undo request.
    pub fn decline_undo(&mut self, _seat: Seat) -> Result<(), SessionError> {
        if self.undo_request.is_none() {
            return Err(SessionError::NoUndoAsked);
        }
        self.undo_request = None;
        self.touch();
        Ok(())
    }

    /// Undoes plies until `side`'s last move is taken back; returns how many.
    fn take_back_to(&mut self, side: Side) -> usize {
        let mut n = 0;
        while let Some(last) = self.game.plies().last().copied() {
            self.game.undo();
            n += 1;
            if last.before.side() == side {
                break;
            }
        }
        n
    }

    /// The session as a database row.
    pub fn to_row(&self) -> GameRow {
        GameRow {
            id: self.id.clone(),
            spec: self.spec.to_string(),
            start: self.game.start().to_string(),
            moves: self
                .game
                .moves()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            opponent: serde_json::to_string(&self.opponent).expect("opponent serialises"),
            token_south: self.tokens.south.clone(),
            token_north: self.tokens.north.clone(),
            resigned: self.resigned.map(|s| s.name().to_string()),
            undo_request: self.undo_request.map(|s| s.name().to_string()),
            version: self.version as i64,
            created: self.created,
            updated: self.updated,
        }
    }

    /// A session from its database row, replaying its moves through the rules.
    pub fn from_row(r: &GameRow) -> Result<Session, String> {
        let spec: GameSpec = r.spec.parse().map_err(|e| format!("game spec: {e}"))?;
        let rules = rules_of(&spec).map_err(|e| format!("game spec: {e}"))?;
        let start = rules
            .parse_position(&r.start)
            .map_err(|e| format!("start: {e}"))?;
        let mut game = Game::from_position(rules, start);
        for (i, m) in r.moves.split_whitespace().enumerate() {
            game.play_str(m)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        let opponent: Opponent =
            serde_json::from_str(&r.opponent).map_err(|e| format!("opponent: {e}"))?;
        let side = |s: &Option<String>| -> Result<Option<Side>, String> {
            s.as_deref()
                .map(|t| t.parse::<Side>())
                .transpose()
                .map_err(|e| e.to_string())
        };
        Ok(Session {
            id: r.id.clone(),
            spec,
            game,
            opponent,
            tokens: BySide::new(r.token_south.clone(), r.token_north.clone()),
            resigned: side(&r.resigned)?,
            undo_request: side(&r.undo_request)?,
            version: r.version as u64,
            created: r.created,
            updated: r.updated,
        })
    }
}

/// What an undo did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoOutcome {
    /// This many plies were taken back.
    TakenBack(usize),
    /// The other person was asked to agree.
    Asked,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(id: &str) -> Session {
        Session::new(
            "g1".into(),
            id.parse().unwrap(),
            None,
            Opponent::Local,
            BySide::new("t".repeat(8), "t".repeat(8)),
        )
        .unwrap()
    }

    #[test]
    fn row_round_trip_replays_the_same_game() {
        let mut s = local("modiar");
        for m in ["A", "a", "B"] {
            s.play(Seat::Both, m).unwrap();
        }
        let r = s.to_row();
        let back = Session::from_row(&r).unwrap();
        assert_eq!(back.game.position(), s.game.position());
        assert_eq!(back.to_row(), r);
    }

    #[test]
    fn a_corrupt_row_is_refused_with_the_reason() {
        let mut r = local("modiar").to_row();
        r.moves = "A A".into();
        let e = Session::from_row(&r).unwrap_err();
        assert!(e.starts_with("move 2:"), "{e}");
    }

    #[test]
    fn out_of_turn_and_illegal_moves_change_nothing() {
        let mut s = Session::new(
            "g2".into(),
            "modiar".parse().unwrap(),
            None,
            Opponent::Remote {
                invited: None,
                hints: false,
            },
            BySide::new("south-token".into(), "north-token".into()),
        )
        .unwrap();
        let north = s.seat_of("north-token").unwrap();
        let south = s.seat_of("south-token").unwrap();
        assert_eq!(s.seat_of("nope"), None);
        let before = s.to_row();
        assert_eq!(
            s.play(north, "a").unwrap_err(),
            SessionError::NotYourTurn {
                to_move: Side::South
            }
        );
        assert!(matches!(
            s.play(south, "a").unwrap_err(),
            SessionError::Move(MoveError::Illegal { .. })
        ));
        assert!(matches!(
            s.play(south, "Z").unwrap_err(),
            SessionError::Move(MoveError::Syntax(_))
        ));
        assert_eq!(s.to_row(), before);
        s.play(south, "A").unwrap();
        assert_eq!(s.game.plies().len(), 1);
    }

    #[test]
    fn remote_undo_needs_the_other_players_agreement() {
        let mut s = Session::new(
            "g3".into(),
            "modiar".parse().unwrap(),
            None,
            Opponent::Remote {
                invited: None,
                hints: false,
            },
            BySide::new("s".into(), "n".into()),
        )
        .unwrap();
        let (south, north) = (Seat::Side(Side::South), Seat::Side(Side::North));
        s.play(south, "A").unwrap();
        s.play(north, "a").unwrap();
        assert_eq!(s.undo(south).unwrap(), UndoOutcome::Asked);
        assert_eq!(s.game.plies().len(), 2);
        assert!(s.undo(south).is_err());
        // North agrees: South's move A and North's reply are taken back.
        assert_eq!(s.undo(north).unwrap(), UndoOutcome::TakenBack(2));
        assert_eq!(s.game.plies().len(), 0);
        assert_eq!(s.undo_request, None);
    }

    #[test]
    fn engine_undo_goes_back_to_the_players_turn() {
        let mut s = Session::new(
            "g4".into(),
            "modiar".parse().unwrap(),
            None,
            Opponent::Engine {
                level: "greedy".into(),
                side: Side::North,
            },
            BySide::new("s".into(), String::new()),
        )
        .unwrap();
        let me = s.seat_of("s").unwrap();
        assert_eq!(s.seat_of(""), None);
        s.play(me, "A").unwrap();
        s.apply("a".parse().unwrap()).unwrap();
        assert_eq!(s.undo(me).unwrap(), UndoOutcome::TakenBack(2));
        assert_eq!(s.game.position(), s.game.start());
    }

    #[test]
    fn resignation_ends_the_game_for_the_resigner() {
        let mut s = local("mangala-ii");
        s.play(Seat::Both, "A").unwrap();
        assert_eq!(s.resign(Seat::Both, None).unwrap(), Side::North);
        let v = crate::views::state(&s);
        assert!(v.over);
        assert_eq!(v.result.unwrap().winner, "south");
        assert!(s.play(Seat::Both, "a").is_err());
    }
}
