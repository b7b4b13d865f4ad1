//! A game being played through the web app: the rules game of the core, who plays each side
//! (this screen, an engine, a second person through a link), the seats' secret tokens,
//! resignation and undo requests. No I/O here: [`crate::store`] saves sessions,
//! [`crate::views`] shapes them for the API and [`crate::games`] serves them.

use crate::clock::{Clock, TimeControl};
use crate::engine;
use crate::store::GameRow;
use mancala_core::{
    BySide, Game, GameSpec, LoadError, Move, MoveError, Position, Rules, RulesSource, Side,
    SpecError, Stop, load_rules,
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
    #[error("the game is over: {stop}")]
    Stopped { stop: Stop },
    #[error("a clock is only for a game between two people through a link or the lobby")]
    ClockNeedsPeople,
    #[error("offers of a draw and rematches are made between two people through a link")]
    NeedsPeople,
    #[error("no draw has been offered")]
    NoDrawOffer,
    #[error("you have offered a draw already; waiting for the other player")]
    DrawPending,
    #[error("a rematch is offered once the game is over")]
    RematchNeedsEnd,
    #[error("you have offered a rematch already; waiting for the other player")]
    RematchPending,
    #[error("{}", match seconds {
        Some(s) => format!("the other player may still come back: the win can be claimed in {s} s"),
        None => "the other player is here, or has his days a move: there is no win to claim".to_string(),
    })]
    CannotClaim { seconds: Option<u64> },
    #[error("'{phrase}' is not one of the phrases ({phrases})")]
    UnknownPhrase { phrase: String, phrases: String },
    #[error("you have sent {max} phrases in this game, the most there may be")]
    TooManyPhrases { max: usize },
    #[error("a rated game against the computer has no takebacks")]
    RatedNoTakeback,
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
        /// The two met in the lobby (strangers, not friends through a link).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        lobby: bool,
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

/// What a game between people has besides its moves (kept as JSON in the row).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Extras {
    /// The game's clock, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// The side offering a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<Side>,
    /// The side offering a rematch once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch_offer: Option<Side>,
    /// The rematch's game, once both agreed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// The game this one is a rematch of.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<String>,
    /// When the game stopped by the clock or by agreement (Unix ms).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_ms: Option<i64>,
    /// The set phrases said, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<Said>,
    /// Where the game's result counts, in a rated game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rated: Option<Rated>,
    /// The version the last change of the board or of the game's course made (a move, a
    /// takeback, the end); the side events since (a phrase, a draw offered or declined, an
    /// undo asked or declined, a seat opened) raised only `version`. A move made at any version
    /// from this one on is for the position its player saw (see [`Session::check_seen`]).
    /// None in a game saved before it was kept: then the game's version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board_version: Option<u64>,
}

/// A rated game's pool and, against the computer, the level's fixed rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rated {
    pub pool: crate::ratings::Pool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<f64>,
}

impl Eq for Rated {}

/// The set phrases players may send each other (no free text: each is shown in the reader's
/// language, and there is nothing to moderate).
pub const PHRASES: [&str; 6] = [
    "hello",
    "good-luck",
    "your-turn",
    "well-played",
    "good-game",
    "thanks",
];

/// A seat whose page has not followed the game for this long is away (a page asks at least every
/// 20 s while it is open).
pub const PRESENT_MS: i64 = 30_000;
/// A player away this long from a game between people (without days a move) may be claimed
/// against.
pub const CLAIM_MS: i64 = 60_000;

/// The most phrases a side may send in one game.
pub const MAX_PHRASES: usize = 30;

/// A set phrase said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Said {
    pub side: Side,
    pub phrase: String,
    /// The plies played when it was said.
    pub ply: usize,
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
    /// How the game was stopped before the rules ended it (a resignation, a time forfeit, an
    /// agreed draw, an abort).
    pub stop: Option<Stop>,
    pub undo_request: Option<Side>,
    pub extras: Extras,
    /// Grows with every change; the page polls it.
    pub version: u64,
    /// Unix seconds.
    pub created: i64,
    pub updated: i64,
    /// The accounts playing its sides, with their ratings (read with the game by
    /// [`crate::state::AppState::load`], not part of its row).
    pub players: Vec<crate::store::accounts::PlayerRow>,
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
            stop: None,
            undo_request: None,
            extras: Extras::default(),
            version: 0,
            created: t,
            updated: t,
            players: Vec::new(),
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
    pub fn join(
        &mut self,
        token: &str,
        new_token: String,
        now: i64,
    ) -> Result<(Side, String), SessionError> {
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
            // The clock's minute for the first moves starts when both are there.
            if let Some(c) = &mut self.extras.clock
                && self.game.plies().len() == c.first_ply
            {
                c.since = now;
            }
            self.touch_aside();
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
        if self.extras.rated.is_some() && !self.is_over() {
            return Err(SessionError::HintsClosed);
        }
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
        self.stop.is_some() || self.game.is_over()
    }

    /// Whether an invitation has not been opened yet (the clock waits for it).
    pub fn invitation_open(&self) -> bool {
        matches!(
            self.opponent,
            Opponent::Remote {
                invited: Some(_),
                ..
            }
        )
    }

    /// Whether both sides are people through a link (or the lobby).
    pub fn between_people(&self) -> bool {
        matches!(self.opponent, Opponent::Remote { .. })
    }

    /// Sets a clock of `control` at `now` (a game between people only).
    pub fn set_clock(&mut self, control: TimeControl, now: i64) -> Result<(), SessionError> {
        if !self.between_people() {
            return Err(SessionError::ClockNeedsPeople);
        }
        self.extras.clock = Some(Clock::new(control, now, self.game.plies().len()));
        Ok(())
    }

    /// The clock's verdict at `now`: a flag fallen or a first move not made in time ends the
    /// game (true: it changed). Every request about the game asks this first, so what the
    /// clock decided is saved by whichever request comes first, on any server.
    pub fn settle(&mut self, now: i64) -> bool {
        if self.is_over() || self.invitation_open() {
            return false;
        }
        let to_move = self.game.position().side();
        let plies = self.game.plies().len();
        let Some(stop) = self
            .extras
            .clock
            .as_ref()
            .and_then(|c| c.stop_at(now, plies, to_move))
        else {
            return false;
        };
        self.end(stop, now);
        true
    }

    /// Ends the game by `stop` at `now`.
    fn end(&mut self, stop: Stop, now: i64) {
        if let (Some(c), Stop::TimeForfeit(side)) = (&mut self.extras.clock, stop) {
            c.left[side] = 0;
        }
        self.stop = Some(stop);
        self.undo_request = None;
        self.extras.draw_offer = None;
        self.extras.ended_ms = Some(now);
        self.touch();
    }

    /// The error for a change asked of a game that is over.
    fn over_error(&self) -> SessionError {
        match self.stop {
            Some(Stop::Resigned(side)) => SessionError::Resigned { side },
            Some(stop) => SessionError::Stopped { stop },
            None => SessionError::GameOver,
        }
    }

    /// Offers a draw, or accepts the other side's offer (true: the game is drawn).
    pub fn offer_draw(&mut self, seat: Seat, now: i64) -> Result<bool, SessionError> {
        let me = self.person(seat)?;
        if self.is_over() {
            return Err(self.over_error());
        }
        match self.extras.draw_offer {
            Some(s) if s == me => Err(SessionError::DrawPending),
            Some(_) => {
                self.end(Stop::DrawAgreed, now);
                Ok(true)
            }
            None => {
                self.extras.draw_offer = Some(me);
                self.touch_aside();
                Ok(false)
            }
        }
    }

    /// Declines the other side's offer of a draw (or withdraws one's own).
    pub fn decline_draw(&mut self, seat: Seat) -> Result<(), SessionError> {
        self.person(seat)?;
        if self.extras.draw_offer.is_none() {
            return Err(SessionError::NoDrawOffer);
        }
        self.extras.draw_offer = None;
        self.touch_aside();
        Ok(())
    }

    /// Offers a rematch once the game is over, or accepts the other side's offer (true: agreed,
    /// and this game names the new one, `new_id`: see [`Session::rematch_game`]). Asked again
    /// once agreed, it answers true and changes nothing.
    pub fn rematch(&mut self, seat: Seat, new_id: String) -> Result<bool, SessionError> {
        let me = self.person(seat)?;
        if !self.is_over() {
            return Err(SessionError::RematchNeedsEnd);
        }
        if self.extras.rematch.is_some() {
            return Ok(true);
        }
        match self.extras.rematch_offer {
            Some(s) if s == me => Err(SessionError::RematchPending),
            Some(_) => {
                self.extras.rematch = Some(new_id);
                self.extras.rematch_offer = None;
                self.touch_aside();
                Ok(true)
            }
            None => {
                self.extras.rematch_offer = Some(me);
                self.touch_aside();
                Ok(false)
            }
        }
    }

    /// The rematch this game names, as a new game at `now`: the same game, start and time
    /// control with the sides swapped, each player's token opening his new seat. The same
    /// game every time it is asked (so a rematch lost between the two writes is made again).
    pub fn rematch_game(&self, now: i64) -> Option<Result<Session, SessionError>> {
        let id = self.extras.rematch.clone()?;
        let hints = matches!(self.opponent, Opponent::Remote { hints: true, .. });
        let lobby = matches!(self.opponent, Opponent::Remote { lobby: true, .. });
        let start = self.game.start();
        let made = Session::new(
            id,
            self.spec.clone(),
            (start != self.game.rules().start()).then_some(start),
            Opponent::Remote {
                invited: None,
                hints,
                lobby,
            },
            BySide::new(self.tokens.north.clone(), self.tokens.south.clone()),
        )
        .and_then(|mut next| {
            if let Some(c) = &self.extras.clock {
                next.set_clock(c.control, now)?;
            }
            next.extras.rematch_of = Some(self.id.clone());
            next.extras.rated = self.extras.rated.clone();
            Ok(next)
        });
        Some(made)
    }

    /// Claims the win from the other player, gone for `away_ms` (see [`CLAIM_MS`]); not in a
    /// game with days a move, where the clock gives him his days. A player who has not made a
    /// move in the game (he may never have seen it: a challenge accepted while he was
    /// elsewhere) does not lose it: the game is called off, no result, as when a first move
    /// does not come in time on the clock.
    pub fn claim(&mut self, seat: Seat, away_ms: i64, now: i64) -> Result<(), SessionError> {
        let me = self.may_claim(seat, away_ms)?;
        self.end(self.claim_ends(me.other()), now);
        Ok(())
    }

    /// How a claim against `gone` ends the game: abandoned by him, or called off if he has
    /// made no move in it.
    pub fn claim_ends(&self, gone: Side) -> Stop {
        if self.game.plies().iter().any(|p| p.before.side() == gone) {
            Stop::Abandoned(gone)
        } else {
            Stop::Aborted
        }
    }

    /// Whether `seat` may claim the win from the other player, gone for `away_ms` (what
    /// [`Session::claim`] checks, changing nothing): the claimer's side, or why not.
    pub fn may_claim(&self, seat: Seat, away_ms: i64) -> Result<Side, SessionError> {
        let me = self.person(seat)?;
        if self.is_over() {
            return Err(self.over_error());
        }
        let days = matches!(
            self.extras.clock.as_ref().map(|c| c.control),
            Some(TimeControl::Correspondence { .. })
        );
        if days || self.invitation_open() {
            return Err(SessionError::CannotClaim { seconds: None });
        }
        if away_ms < CLAIM_MS {
            let left = (CLAIM_MS - away_ms.max(0)) as u64;
            return Err(SessionError::CannotClaim {
                seconds: Some(left.div_ceil(1000)),
            });
        }
        Ok(me)
    }

    /// Sends one of the set [`PHRASES`] to the other player (between people only).
    pub fn say(&mut self, seat: Seat, phrase: &str) -> Result<(), SessionError> {
        let me = self.person(seat)?;
        if !PHRASES.contains(&phrase) {
            return Err(SessionError::UnknownPhrase {
                phrase: phrase.chars().take(32).collect(),
                phrases: PHRASES.join(", "),
            });
        }
        if self.extras.chat.iter().filter(|c| c.side == me).count() >= MAX_PHRASES {
            return Err(SessionError::TooManyPhrases { max: MAX_PHRASES });
        }
        self.extras.chat.push(Said {
            side: me,
            phrase: phrase.to_string(),
            ply: self.game.plies().len(),
        });
        self.touch_aside();
        Ok(())
    }

    /// The side of a person's seat in a game between people.
    fn person(&self, seat: Seat) -> Result<Side, SessionError> {
        match (seat, self.between_people()) {
            (Seat::Side(s), true) => Ok(s),
            _ => Err(SessionError::NeedsPeople),
        }
    }

    /// A change of the board or of the game's course (a move, a takeback, the end): a move
    /// made for an earlier version is no longer for the position its player saw.
    fn touch(&mut self) {
        self.version += 1;
        self.extras.board_version = Some(self.version);
        self.updated = now();
    }

    /// A side event (a phrase, an offer or its answer, a seat opened): the version grows, so
    /// every page sees it, but a move made for an earlier version stays good.
    fn touch_aside(&mut self) {
        self.extras.board_version.get_or_insert(self.version);
        self.version += 1;
        self.updated = now();
    }

    /// The version of the last change of the board or of the game's course.
    pub fn board_version(&self) -> u64 {
        self.extras.board_version.unwrap_or(self.version)
    }

    /// Whether a change that depends only on the board and the game's course (a move, a
    /// resignation, a claim), made by a player who saw version `seen`, is still for the game as
    /// it is: nothing but side events since `seen`. A repeat of a move already played finds
    /// that move after its version, so it is never played twice.
    pub fn check_seen(&self, seen: u64) -> Result<(), Staleness> {
        if seen > self.version {
            Err(Staleness::Ahead)
        } else if seen < self.board_version() {
            Err(Staleness::Behind)
        } else {
            Ok(())
        }
    }

    /// Whether a change that depends on everything the player saw (an answer to an offer, a
    /// request to take back, a phrase) was made for the game's version as it is.
    pub fn check_exact(&self, seen: u64) -> Result<(), Staleness> {
        match seen.cmp(&self.version) {
            std::cmp::Ordering::Greater => Err(Staleness::Ahead),
            std::cmp::Ordering::Less => Err(Staleness::Behind),
            std::cmp::Ordering::Equal => Ok(()),
        }
    }

    /// Plays a move given as text for the holder of `seat`; returns the index of its ply.
    /// Nothing changes on error.
    pub fn play(&mut self, seat: Seat, text: &str, now: i64) -> Result<usize, SessionError> {
        if self.is_over() {
            return Err(self.over_error());
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
        let plies = self.game.plies().len();
        self.game.play(m)?;
        if let Some(c) = &mut self.extras.clock {
            c.moved(now, plies, to_move);
        }
        // A draw offered by the other side and not taken is declined by moving on.
        if self.extras.draw_offer == Some(to_move.other()) {
            self.extras.draw_offer = None;
        }
        self.undo_request = None;
        self.touch();
        Ok(plies)
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
        self.stop = Some(Stop::Resigned(side));
        self.undo_request = None;
        self.extras.draw_offer = None;
        self.touch();
        Ok(side)
    }

    /// Whether moves may be taken back in this game: not in a rated game against the computer
    /// (its result would be a choice among tries).
    pub fn takebacks_allowed(&self) -> bool {
        !(self.extras.rated.is_some() && matches!(self.opponent, Opponent::Engine { .. }))
    }

    /// Takes moves back for the seat, or asks the other person to agree.
    pub fn undo(&mut self, seat: Seat, now: i64) -> Result<UndoOutcome, SessionError> {
        match self.stop {
            Some(Stop::Resigned(_)) => return Err(SessionError::ResignationFinal),
            Some(stop) => return Err(SessionError::Stopped { stop }),
            None => {}
        }
        if !self.takebacks_allowed() {
            return Err(SessionError::RatedNoTakeback);
        }
        let outcome = self.undo_plies(seat)?;
        if let (UndoOutcome::TakenBack(_), Some(c)) = (outcome, &mut self.extras.clock) {
            c.taken_back(now, self.game.plies().len());
        }
        Ok(outcome)
    }

    fn undo_plies(&mut self, seat: Seat) -> Result<UndoOutcome, SessionError> {
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
                        self.touch_aside();
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
        self.touch_aside();
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
            // A resignation as the side's name (as before stops of other kinds), else the
            // stop's words.
            resigned: self.stop.map(|s| match s {
                Stop::Resigned(side) => side.name().to_string(),
                s => s.text(),
            }),
            undo_request: self.undo_request.map(|s| s.name().to_string()),
            version: self.version as i64,
            created: self.created,
            updated: self.updated,
            extras: serde_json::to_string(&self.extras).expect("extras serialise"),
        }
    }

    /// A session from its database row, replaying its moves through the rules.
    pub fn from_row(r: &GameRow) -> Result<Session, String> {
        let spec: GameSpec = r.spec.parse().map_err(|e| format!("game spec: {e}"))?;
        let rules = rules_of(&spec).map_err(|e| format!("game spec: {e}"))?;
        let start = rules
            .parse_saved_position(&r.start)
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
            stop: match r.resigned.as_deref() {
                None => None,
                Some(t) => Some(match t.parse::<Side>() {
                    Ok(side) => Stop::Resigned(side),
                    Err(_) => Stop::parse(t).ok_or_else(|| format!("stop: '{t}'"))?,
                }),
            },
            undo_request: side(&r.undo_request)?,
            extras: serde_json::from_str(&r.extras).map_err(|e| format!("extras: {e}"))?,
            version: r.version as u64,
            created: r.created,
            updated: r.updated,
            players: Vec::new(),
        })
    }

    /// The end of a rated game as the ratings count it: none while it goes on, if it is not
    /// rated, or if it was aborted.
    pub fn rated_end(&self, now: i64) -> Option<crate::store::accounts::RatedEnd> {
        let rated = self.extras.rated.as_ref()?;
        if !self.is_over() {
            return None;
        }
        let e = self.game.ending_stopped(self.stop)?;
        if matches!(self.stop, Some(Stop::Aborted)) {
            return None;
        }
        let engine = match &self.opponent {
            Opponent::Engine { side, .. } => Some((*side, rated.engine?)),
            _ => None,
        };
        Some(crate::store::accounts::RatedEnd {
            pool: rated.pool.clone(),
            south_score: match e.winner() {
                Some(Side::South) => 1.0,
                Some(Side::North) => 0.0,
                None => 0.5,
            },
            engine,
            at: now,
        })
    }
}

/// Why a change is not for the game as it is (see [`Session::check_seen`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Staleness {
    /// The game has changed since the version the change was made for (or the change is a
    /// repeat of one already made).
    Behind,
    /// The change names a version the game has not reached: the client is out of step.
    Ahead,
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
            s.play(Seat::Both, m, 0).unwrap();
        }
        let r = s.to_row();
        let back = Session::from_row(&r).unwrap();
        assert_eq!(back.game.position(), s.game.position());
        assert_eq!(back.to_row(), r);
    }

    #[test]
    fn a_game_saved_from_a_position_now_refused_still_loads() {
        // Odd captures in Modiar are reached by no game, and a new game from such a position is
        // refused; one saved before that was refused keeps loading and playing.
        let mut r = local("modiar").to_row();
        r.start = "2-1-0-1-0-1-18-19-S".into();
        assert!(
            Session::from_row(&r)
                .unwrap()
                .game
                .rules()
                .parse_position(&r.start)
                .is_err()
        );
        r.moves = "A".into();
        let back = Session::from_row(&r).unwrap();
        assert_eq!(back.game.plies().len(), 1);
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
                lobby: false,
            },
            BySide::new("south-token".into(), "north-token".into()),
        )
        .unwrap();
        let north = s.seat_of("north-token").unwrap();
        let south = s.seat_of("south-token").unwrap();
        assert_eq!(s.seat_of("nope"), None);
        let before = s.to_row();
        assert_eq!(
            s.play(north, "a", 0).unwrap_err(),
            SessionError::NotYourTurn {
                to_move: Side::South
            }
        );
        assert!(matches!(
            s.play(south, "a", 0).unwrap_err(),
            SessionError::Move(MoveError::Illegal { .. })
        ));
        assert!(matches!(
            s.play(south, "Z", 0).unwrap_err(),
            SessionError::Move(MoveError::Syntax(_))
        ));
        assert_eq!(s.to_row(), before);
        s.play(south, "A", 0).unwrap();
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
                lobby: false,
            },
            BySide::new("s".into(), "n".into()),
        )
        .unwrap();
        let (south, north) = (Seat::Side(Side::South), Seat::Side(Side::North));
        s.play(south, "A", 0).unwrap();
        s.play(north, "a", 0).unwrap();
        assert_eq!(s.undo(south, 0).unwrap(), UndoOutcome::Asked);
        assert_eq!(s.game.plies().len(), 2);
        assert!(s.undo(south, 0).is_err());
        // North agrees: South's move A and North's reply are taken back.
        assert_eq!(s.undo(north, 0).unwrap(), UndoOutcome::TakenBack(2));
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
        s.play(me, "A", 0).unwrap();
        s.apply("a".parse().unwrap()).unwrap();
        assert_eq!(s.undo(me, 0).unwrap(), UndoOutcome::TakenBack(2));
        assert_eq!(s.game.position(), s.game.start());
    }

    #[test]
    fn resignation_ends_the_game_for_the_resigner() {
        let mut s = local("mangala-ii");
        s.play(Seat::Both, "A", 0).unwrap();
        assert_eq!(s.resign(Seat::Both, None).unwrap(), Side::North);
        let v = crate::views::state(&s, 0);
        assert!(v.over);
        assert_eq!(v.result.unwrap().winner, "south");
        assert!(s.play(Seat::Both, "a", 0).is_err());
    }
}
