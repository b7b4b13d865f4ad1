//! The API's errors: an HTTP status, a stable machine code with its parameters, and a one-line
//! English message, sent as `{"error": "...", "status": N, "code": "...", "params": {...}}`.
//! The page words an error in the player's language from its code and parameters; the codes
//! are listed in docs/api.md.

use crate::session::SessionError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value};

macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $text:literal, $status:ident;)*) => {
        /// What went wrong, as a stable machine code: the page translates errors by it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in the order docs/api.md lists them.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code as sent (`illegal-move`, `game-over`, ...).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $text,)*
                }
            }

            /// The HTTP status the code is answered with.
            pub fn status(self) -> StatusCode {
                match self {
                    $(Code::$variant => StatusCode::$status,)*
                }
            }
        }
    };
}

codes! {
    /// The body, path or query is not what the route takes (`detail`).
    BadRequest = "bad-request", BAD_REQUEST;
    /// The request body is larger than the API takes (`max` bytes).
    BodyTooLarge = "body-too-large", PAYLOAD_TOO_LARGE;
    /// The body is not sent as JSON.
    NotJson = "not-json", UNSUPPORTED_MEDIA_TYPE;
    /// No game of that id is known (`game`); 404 where the game is the path.
    UnknownGame = "unknown-game", BAD_REQUEST;
    /// A game known by its id, with parameters it does not take (`game`, `detail`).
    BadGame = "bad-game", BAD_REQUEST;
    /// A set-up position that is not one of the game (`position`, `detail`).
    BadPosition = "bad-position", BAD_REQUEST;
    /// An engine level not in the list (`level`, `levels`).
    UnknownLevel = "unknown-level", BAD_REQUEST;
    /// A side that is neither south nor north (`side`).
    BadSide = "bad-side", BAD_REQUEST;
    /// An opponent that is none of engine, local, remote (`opponent`).
    BadOpponent = "bad-opponent", BAD_REQUEST;
    /// A level given for an opponent that is not the engine.
    LevelNeedsEngine = "level-needs-engine", BAD_REQUEST;
    /// Hints chosen for a game that is not through a link.
    HintsChoiceNeedsLink = "hints-choice-needs-link", BAD_REQUEST;
    /// An OGN record that cannot be imported (`detail`).
    BadRecord = "bad-record", UNPROCESSABLE_ENTITY;
    /// Nothing is served at the path (`path`).
    NoRoute = "no-route", NOT_FOUND;
    /// The path does not take the method (`method`, `path`).
    MethodNotAllowed = "method-not-allowed", METHOD_NOT_ALLOWED;
    /// No game or El mirall room of that id (`id`).
    NoGame = "no-game", NOT_FOUND;
    /// The request needs a seat's token.
    TokenRequired = "token-required", UNAUTHORIZED;
    /// The token opens no seat of the game (`id`).
    TokenRejected = "token-rejected", FORBIDDEN;
    /// An invitation already opened: its link now only watches (`id`).
    InvitationUsed = "invitation-used", FORBIDDEN;
    /// A game on one screen has no seats to join.
    NoSeats = "no-seats", CONFLICT;
    /// Hints and analysis are off during a game between two people.
    HintsClosed = "hints-closed", FORBIDDEN;
    /// The game is over.
    GameOver = "game-over", CONFLICT;
    /// The game is over by resignation (`side`).
    GameResigned = "game-resigned", CONFLICT;
    /// The game is over by the clock or by agreement (`how`: `time-forfeit`, `draw-agreed`,
    /// `aborted`; `side` for a time forfeit).
    GameStopped = "game-stopped", CONFLICT;
    /// A time control that is not one (`clock`, `detail`).
    BadClock = "bad-clock", BAD_REQUEST;
    /// A clock asked for a game that is not between two people.
    ClockNeedsPeople = "clock-needs-people", BAD_REQUEST;
    /// A draw offer or a rematch in a game that is not between two people.
    NeedsPeople = "needs-people", CONFLICT;
    /// No draw has been offered.
    NoDrawOffer = "no-draw-offer", CONFLICT;
    /// The seat has offered a draw already.
    DrawPending = "draw-pending", CONFLICT;
    /// A rematch asked before the game is over.
    RematchNeedsEnd = "rematch-needs-end", CONFLICT;
    /// The seat has offered a rematch already.
    RematchPending = "rematch-pending", CONFLICT;
    /// No open challenge of that id (`id`): taken back, or its maker left.
    NoChallenge = "no-challenge", NOT_FOUND;
    /// The challenge has been accepted by someone else (`id`).
    ChallengeTaken = "challenge-taken", CONFLICT;
    /// A challenge accepted by its own maker.
    OwnChallenge = "own-challenge", CONFLICT;
    /// A new challenge from a maker (an account, or an address) who has `max` open already.
    TooManyChallenges = "too-many-challenges", CONFLICT;
    /// A change made with the login cookie without the login's token in `x-csrf-token`.
    CsrfTokenWrong = "csrf-token-wrong", FORBIDDEN;
    /// A name that cannot be an account's (`name`).
    BadName = "bad-name", BAD_REQUEST;
    /// A name that could pass for another (`name`): compatibility forms, or two alphabets.
    NameLookAlike = "name-look-alike", BAD_REQUEST;
    /// The name is another account's (`name`).
    NameTaken = "name-taken", CONFLICT;
    /// A name kept for the game's own words (`south`, `computer`...), which no account may
    /// take (`name`).
    NameReserved = "name-reserved", BAD_REQUEST;
    /// A password shorter or longer than allowed (`min`, `max`).
    BadPassword = "bad-password", BAD_REQUEST;
    /// A wrong name or password (the same for both).
    LoginFailed = "login-failed", UNAUTHORIZED;
    /// Too many attempts from this address or on this name (`seconds` to wait).
    TooManyAttempts = "too-many-attempts", TOO_MANY_REQUESTS;
    /// The request needs a login.
    LoginRequired = "login-required", UNAUTHORIZED;
    /// No account of that name (`name`).
    NoPlayer = "no-player", NOT_FOUND;
    /// A leaderboard asked for a pool that is not one (`pool`).
    BadPool = "bad-pool", BAD_REQUEST;
    /// A rated game that cannot be (`reason`: `login`, `same-account`, `level`, `position`,
    /// `opponent`).
    CannotRate = "cannot-rate", BAD_REQUEST;
    /// A win claimed while the other player is still there, or may still come back (`seconds`:
    /// how long until it may be claimed, if it may be).
    CannotClaim = "cannot-claim", CONFLICT;
    /// A phrase that is not one of the set phrases (`phrase`, `phrases`).
    UnknownPhrase = "unknown-phrase", BAD_REQUEST;
    /// The seat has sent the most phrases a game allows (`max`).
    TooManyPhrases = "too-many-phrases", CONFLICT;
    /// A takeback asked in a rated game against the computer.
    RatedNoTakeback = "rated-no-takeback", CONFLICT;
    /// It is the other side's turn (`side`: the side to move).
    NotYourTurn = "not-your-turn", CONFLICT;
    /// It is the engine's turn (`side`: the engine's side).
    EngineTurn = "engine-turn", CONFLICT;
    /// The text is not a move (`text`).
    NotAMove = "not-a-move", UNPROCESSABLE_ENTITY;
    /// A pit letter past the row (`pit`, `pits`).
    NoSuchPit = "no-such-pit", UNPROCESSABLE_ENTITY;
    /// A move the rules forbid here (`move`, `reason`, `legal`; `min`, `held` for
    /// too-few-seeds; `pit_of` for not-your-pit).
    IllegalMove = "illegal-move", UNPROCESSABLE_ENTITY;
    /// A seat resigning for the other side (`side`, `asked`).
    ResignOtherSide = "resign-other-side", FORBIDDEN;
    /// A resignation cannot be taken back.
    ResignationFinal = "resignation-final", CONFLICT;
    /// No move has been played to take back.
    NothingToUndo = "nothing-to-undo", CONFLICT;
    /// The seat has made no move to take back.
    NoOwnMoveToUndo = "no-own-move-to-undo", CONFLICT;
    /// The seat has already asked to take back; the other player has not answered.
    UndoPending = "undo-pending", CONFLICT;
    /// No undo has been asked for.
    NoUndoAsked = "no-undo-asked", CONFLICT;
    /// The side to move has no legal move.
    NoLegalMove = "no-legal-move", CONFLICT;
    /// No move has been played yet.
    NoMovesYet = "no-moves-yet", CONFLICT;
    /// A solitaire size out of the page's range (`field`, `min`, `max`, `value`).
    SizeOutOfRange = "size-out-of-range", BAD_REQUEST;
    /// A count the page does not wait for; the command does it (`command`).
    CountTooLong = "count-too-long", UNPROCESSABLE_ENTITY;
    /// The El mirall rows are back at the start.
    MirallOver = "mirall-over", CONFLICT;
    /// The seat has sown for this move and waits for the other player.
    MirallWait = "mirall-wait", CONFLICT;
    /// A pit of the other row in El mirall (`side`: the seat's row, `pit`).
    MirallOtherRow = "mirall-other-row", FORBIDDEN;
    /// The text is not a pit letter (`text`).
    NotAPit = "not-a-pit", UNPROCESSABLE_ENTITY;
    /// The Host header names no host this server answers for (`host`).
    WrongHost = "wrong-host", MISDIRECTED_REQUEST;
    /// The request has no Host header.
    NoHost = "no-host", BAD_REQUEST;
    /// The request was made for a version of the game or room it is no longer at (`version`:
    /// the current one, `expected`: the one sent; for a room `moves` and `expected`); the body's
    /// `state` is the game or room as it is now.
    StaleVersion = "stale-version", CONFLICT;
    /// The request names a version of the game or room it has never been at, later than the
    /// one it is at (`version`: the current one, `expected`: the one sent; for a room `moves`
    /// and `expected`): the client is out of step with the server. The body's `state` is the
    /// game or room as it is now.
    FutureVersion = "future-version", CONFLICT;
    /// The database does not answer (`detail`); nothing was changed, try again.
    DatabaseUnavailable = "database-unavailable", SERVICE_UNAVAILABLE;
    /// The answer took longer than the server waits, or the engine is busy with other
    /// requests (`seconds`); try again (after `Retry-After`, when sent).
    ServerBusy = "server-busy", SERVICE_UNAVAILABLE;
    /// Too many new games or rooms from one client, or from all (`seconds` until the next,
    /// `per_minute`); `Retry-After` says when.
    TooManyGames = "too-many-games", TOO_MANY_REQUESTS;
    /// The request's path and query are longer than the server reads.
    UriTooLong = "uri-too-long", URI_TOO_LONG;
    /// The request's headers are larger than the server reads.
    HeadersTooLarge = "headers-too-large", REQUEST_HEADER_FIELDS_TOO_LARGE;
    /// The server could not do its part (`detail`).
    ServerError = "server-error", INTERNAL_SERVER_ERROR;
}

/// An error answered to a request. Client errors (4xx) leave every game unchanged.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: Code,
    /// The English message, one line.
    pub message: String,
    /// The values the message names, for the page to word it in another language.
    pub params: Map<String, Value>,
    /// The game or room as it is now, sent with a refusal that the client answers by showing
    /// it (a stale version).
    pub state: Option<Value>,
    /// Seconds after which to try again, sent as `Retry-After`.
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error of `code` (answered with the code's status) and its English message.
    pub fn new(code: Code, message: impl Into<String>) -> ApiError {
        ApiError {
            status: code.status(),
            code,
            message: message.into().replace('\n', " "),
            params: Map::new(),
            state: None,
            retry_after: None,
        }
    }

    /// The same error with a parameter more.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> ApiError {
        self.params.insert(key.to_string(), value.into());
        self
    }

    /// The same error with the current state of the game or room.
    pub fn with_state(self, state: Value) -> ApiError {
        ApiError {
            state: Some(state),
            ..self
        }
    }

    /// The same error with `Retry-After: seconds`.
    pub fn with_retry_after(self, seconds: u64) -> ApiError {
        ApiError {
            retry_after: Some(seconds),
            ..self
        }
    }

    /// The same error answered with another status (an unknown game named in the path is a
    /// 404, in a body a 400).
    pub fn with_status(self, status: StatusCode) -> ApiError {
        ApiError { status, ..self }
    }

    /// 500: the server could not do its part; the cause goes in the message.
    pub fn internal(message: impl Into<String>) -> ApiError {
        let message = message.into();
        ApiError::new(Code::ServerError, message.clone()).with("detail", message)
    }
}

/// The longest message an error carries, in characters; longer ones are cut with `…`.
pub const MAX_MESSAGE_CHARS: usize = 300;
/// The longest text parameter an error carries, in characters.
pub const MAX_PARAM_CHARS: usize = 120;

/// `s` cut to `max` characters, `…` marking a cut.
fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(max - 1).collect();
        out.push('…');
        out
    }
}

/// A size out of its range, in the API's words (`field`, `min`, `max`, `value`).
pub fn size_out_of_range(field: &str, min: u64, max: u64, value: u64) -> ApiError {
    ApiError::new(
        Code::SizeOutOfRange,
        format!("{field} must be from {min} to {max}, not {value}"),
    )
    .with("field", field)
    .with("min", min)
    .with("max", max)
    .with("value", value)
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.status.as_u16())
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        // What a client sent is never echoed whole: long texts are cut.
        let params: Map<String, Value> = self
            .params
            .into_iter()
            .map(|(k, v)| match v {
                Value::String(s) => (k, Value::String(cut(&s, MAX_PARAM_CHARS))),
                v => (k, v),
            })
            .collect();
        let mut body = serde_json::json!({
            "error": cut(&self.message, MAX_MESSAGE_CHARS),
            "status": self.status.as_u16(),
            "code": self.code.as_str(),
            "params": params,
        });
        if let Some(state) = self.state {
            body["state"] = state;
        }
        let mut r = (self.status, axum::Json(body)).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, s.into());
        }
        r
    }
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> ApiError {
        let message = e.to_string();
        match e {
            SessionError::UnknownGame { game } => {
                ApiError::new(Code::UnknownGame, message).with("game", game)
            }
            SessionError::BadGame { game, detail } => ApiError::new(Code::BadGame, message)
                .with("game", game)
                .with("detail", detail),
            SessionError::UnknownLevel { level, levels } => {
                ApiError::new(Code::UnknownLevel, message)
                    .with("level", level)
                    .with("levels", levels)
            }
            SessionError::TokenRequired => ApiError::new(Code::TokenRequired, message),
            SessionError::TokenRejected { id } => {
                ApiError::new(Code::TokenRejected, message).with("id", id)
            }
            SessionError::NoSeats => ApiError::new(Code::NoSeats, message),
            SessionError::HintsClosed => ApiError::new(Code::HintsClosed, message),
            SessionError::GameOver => ApiError::new(Code::GameOver, message),
            SessionError::Resigned { side } => {
                ApiError::new(Code::GameResigned, message).with("side", side_param(side))
            }
            SessionError::NotYourTurn { to_move } => {
                ApiError::new(Code::NotYourTurn, message).with("side", side_param(to_move))
            }
            SessionError::EngineTurn { side } => {
                ApiError::new(Code::EngineTurn, message).with("side", side_param(side))
            }
            SessionError::NotAMove { text } => {
                ApiError::new(Code::NotAMove, message).with("text", text)
            }
            SessionError::Move(e) => move_error(e, message),
            SessionError::ResignOtherSide { side, asked } => {
                ApiError::new(Code::ResignOtherSide, message)
                    .with("side", side_param(side))
                    .with("asked", side_param(asked))
            }
            SessionError::ResignationFinal => ApiError::new(Code::ResignationFinal, message),
            SessionError::NothingToUndo => ApiError::new(Code::NothingToUndo, message),
            SessionError::NoOwnMoveToUndo => ApiError::new(Code::NoOwnMoveToUndo, message),
            SessionError::UndoPending => ApiError::new(Code::UndoPending, message),
            SessionError::NoUndoAsked => ApiError::new(Code::NoUndoAsked, message),
            SessionError::Stopped { stop } => {
                let e = ApiError::new(Code::GameStopped, message).with("how", stop.code());
                match stop {
                    mancala_core::Stop::TimeForfeit(side) | mancala_core::Stop::Abandoned(side) => {
                        e.with("side", side_param(side))
                    }
                    _ => e,
                }
            }
            SessionError::ClockNeedsPeople => ApiError::new(Code::ClockNeedsPeople, message),
            SessionError::NeedsPeople => ApiError::new(Code::NeedsPeople, message),
            SessionError::NoDrawOffer => ApiError::new(Code::NoDrawOffer, message),
            SessionError::DrawPending => ApiError::new(Code::DrawPending, message),
            SessionError::RematchNeedsEnd => ApiError::new(Code::RematchNeedsEnd, message),
            SessionError::RematchPending => ApiError::new(Code::RematchPending, message),
            SessionError::CannotClaim { seconds } => {
                let e = ApiError::new(Code::CannotClaim, message);
                match seconds {
                    Some(s) => e.with("seconds", s),
                    None => e,
                }
            }
            SessionError::UnknownPhrase { phrase, phrases } => {
                ApiError::new(Code::UnknownPhrase, message)
                    .with("phrase", phrase)
                    .with("phrases", phrases)
            }
            SessionError::TooManyPhrases { max } => {
                ApiError::new(Code::TooManyPhrases, message).with("max", max)
            }
            SessionError::RatedNoTakeback => ApiError::new(Code::RatedNoTakeback, message),
        }
    }
}

/// A side as the API names it in parameters.
pub fn side_param(side: mancala_core::Side) -> &'static str {
    match side {
        mancala_core::Side::South => "south",
        mancala_core::Side::North => "north",
    }
}

/// A move the rules core refused, with its reason and the legal moves as parameters.
fn move_error(e: mancala_core::MoveError, message: String) -> ApiError {
    use mancala_core::{IllegalReason, MoveError};
    match e {
        MoveError::Syntax(s) => ApiError::new(Code::NotAMove, message).with("text", s.text),
        MoveError::NoSuchPit { mv, n, .. } => ApiError::new(Code::NoSuchPit, message)
            .with("pit", mv)
            .with("pits", n),
        MoveError::GameOver { .. } => ApiError::new(Code::GameOver, message),
        MoveError::Illegal { mv, reason, legal } => {
            let legal: Vec<String> = legal.into_iter().map(|m| m.to_string()).collect();
            let e = ApiError::new(Code::IllegalMove, message)
                .with("move", mv)
                .with("reason", reason.code())
                .with("legal", legal);
            match reason {
                IllegalReason::TooFewSeeds { min, held } => e.with("min", min).with("held", held),
                IllegalReason::NotYourPit { pit_of, .. } => e.with("pit_of", side_param(pit_of)),
                _ => e,
            }
        }
    }
}

/// A position the rules core refused, as `params`: `kind` (the error's code) and the values it
/// names, for the page to word it.
fn position_params(e: &mancala_core::PositionError) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("kind".into(), e.code().into());
    for (k, v) in e.params() {
        m.insert(k.into(), v.into());
    }
    m
}

/// `bad-position`: the set-up position `text` cannot be used, and why (`kind` and its values).
pub fn bad_position(text: &str, e: &mancala_core::PositionError) -> ApiError {
    let mut err = ApiError::new(Code::BadPosition, e.to_string())
        .with("position", short(text))
        .with("detail", e.to_string());
    err.params.extend(position_params(e));
    err
}

/// `bad-record`: what is wrong in an OGN record, as its `kind` (`syntax-not-a-move`, `move`,
/// `fen`, ...) and the values it names; a move the rules refuse carries its own error as
/// `move_error` (`code` and `params`, as a refused move is answered), a FEN tag's position its
/// error as `position_error` (`kind` and values, as `bad-position`).
pub fn bad_record(e: mancala_core::record::RecordError) -> ApiError {
    use mancala_core::record::RecordError;
    let message = e.to_string();
    let mut err = ApiError::new(Code::BadRecord, message.clone())
        .with("detail", message.clone())
        .with("kind", e.code());
    for (k, v) in e.params() {
        err.params.insert(k.into(), v.into());
    }
    match e {
        RecordError::Move { error, .. } => {
            let m = move_error(*error, String::new());
            err = err.with(
                "move_error",
                serde_json::json!({ "code": m.code.as_str(), "params": m.params }),
            );
        }
        RecordError::Fen(p) => err = err.with("position_error", Value::Object(position_params(&p))),
        _ => {}
    }
    err
}

/// At most 40 characters of `s` (then `…`), for quoting what a client sent.
pub fn short(s: &str) -> String {
    mancala_core::text::clip(s, 40).into_owned()
}
