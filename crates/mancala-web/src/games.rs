//! The game routes: create and import games, play, undo, resign, join through a link, long
//! polling, hints, analysis and the OGN record (docs/api.md).

use crate::engine;
use crate::error::{ApiError, Code};
use crate::extract::{Body, Param, Params, StateQuery, short};
use crate::limits::ClientOf;
use crate::login::{Login, MaybeLogin};
use crate::ogn;
use crate::poll::new_id;
use crate::server::Connection;
use crate::session::{
    Opponent, Seat, Session, SessionError, Staleness, UndoOutcome, rules_of, spec_error,
};
use crate::state::AppState;
use crate::views::{self, PlyView, StateView};
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mancala_core::{BySide, GameSpec, Side};
use mancala_search::analysis;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// A game specification (`modiar:seeds=5`) read from a request.
pub fn parse_spec(text: &str) -> Result<GameSpec, ApiError> {
    text.parse::<GameSpec>()
        .map_err(|e| spec_error(&short(text), e).into())
}

/// A request struct for a new game with, after its own fields, the choices of who plays:
/// `opponent`, `level`, `side` and `hints` (the same for a new game and an imported one).
macro_rules! new_game_request {
    ($(#[$doc:meta])* pub struct $name:ident { $($(#[$fdoc:meta])* pub $field:ident: $ty:ty,)* }) => {
        $(#[$doc])*
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            $($(#[$fdoc])* pub $field: $ty,)*
            /// `engine` (default), `local` or `remote`.
            #[serde(default)]
            pub opponent: Option<String>,
            /// The engine's level (default `novice`).
            #[serde(default)]
            pub level: Option<String>,
            /// The creator's side against the engine or a remote player (default South).
            #[serde(default)]
            pub side: Option<String>,
            /// A game through a link only: hints and analysis open to both during the game
            /// (the invitation says so before the friend joins). Default: off until the game
            /// ends.
            #[serde(default)]
            pub hints: Option<bool>,
            /// A game between two people only: its time control (`3+2`: minutes each and
            /// seconds added a move; `2d`: days a move). Default: no clock.
            #[serde(default)]
            pub clock: Option<String>,
            /// A rated game against the computer (a level with a measured rating, the game's
            /// start, a login); rated games between people are made in the lobby.
            #[serde(default)]
            pub rated: Option<bool>,
            /// The client's id of this request ([`crate::extract::request_id`]): sent again
            /// with the same id (its answer lost), it is answered with the game it made.
            #[serde(default)]
            pub request: Option<String>,
        }
    };
}

new_game_request! {
    /// A new game.
    pub struct CreateRequest {
        /// `modiar`, `mangala-ii`, `oware`, `kalah`, with optional parameters (`modiar:seeds=5`).
        pub game: String,
        /// A set-up start position.
        #[serde(default)]
        pub position: Option<String>,
    }
}

fn parse_side(s: Option<&str>) -> Result<Side, ApiError> {
    match s {
        None => Ok(Side::South),
        Some(t) => match t.to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Side::South),
            "north" | "n" => Ok(Side::North),
            _ => Err(ApiError::new(
                Code::BadSide,
                format!("side '{}' is neither south nor north", short(t)),
            )
            .with("side", short(t))),
        },
    }
}

/// A new session, the creator's token, and the other seat's side and token (remote games).
type NewSession = (Session, String, Option<(Side, String)>);

/// Builds a session from a request's opponent fields; returns it and the creator's token.
/// Who plays a new game, as a request gives it.
pub struct Seating<'a> {
    pub opponent: Option<&'a str>,
    pub level: Option<&'a str>,
    pub side: Option<&'a str>,
    pub hints: Option<bool>,
    pub clock: Option<&'a str>,
}

/// A time control read from a request (`bad-clock` naming what is wrong otherwise).
pub fn parse_clock(text: &str) -> Result<crate::clock::TimeControl, ApiError> {
    text.parse().map_err(|e: crate::clock::BadClock| {
        ApiError::new(Code::BadClock, e.to_string())
            .with("clock", e.text.clone())
            .with("detail", e.why)
    })
}

fn build_session(
    spec: GameSpec,
    start: Option<mancala_core::Position>,
    who: Seating,
) -> Result<NewSession, ApiError> {
    let Seating {
        opponent,
        level,
        side,
        hints,
        clock,
    } = who;
    let clock = clock.map(parse_clock).transpose()?;
    let me = parse_side(side)?;
    let id = new_id(10);
    let (opp, tokens, mine, other) = match opponent.unwrap_or("engine") {
        "local" => {
            let t = new_id(24);
            (Opponent::Local, BySide::new(t.clone(), t.clone()), t, None)
        }
        "engine" => {
            let level = level.unwrap_or(engine::DEFAULT_LEVEL).to_string();
            let t = new_id(24);
            let mut tokens = BySide::new(String::new(), String::new());
            tokens[me] = t.clone();
            (
                Opponent::Engine {
                    level,
                    side: me.other(),
                },
                tokens,
                t,
                None,
            )
        }
        "remote" => {
            let (a, b) = (new_id(24), new_id(24));
            let mut tokens = BySide::new(String::new(), String::new());
            tokens[me] = a.clone();
            tokens[me.other()] = b.clone();
            (
                Opponent::Remote {
                    invited: Some(me.other()),
                    hints: hints.unwrap_or(false),
                    lobby: false,
                },
                tokens,
                a,
                Some((me.other(), b)),
            )
        }
        other => {
            return Err(ApiError::new(
                Code::BadOpponent,
                format!(
                    "opponent '{}' is not one of engine, local, remote",
                    short(other)
                ),
            )
            .with("opponent", short(other)));
        }
    };
    if level.is_some() && !matches!(opp, Opponent::Engine { .. }) {
        return Err(ApiError::new(
            Code::LevelNeedsEngine,
            "a level is given only for an engine opponent",
        ));
    }
    if hints.is_some() && !matches!(opp, Opponent::Remote { .. }) {
        return Err(ApiError::new(
            Code::HintsChoiceNeedsLink,
            "hints are chosen only for a game through a link (against the computer or on one screen they are always open)",
        ));
    }
    if clock.is_some() && !matches!(opp, Opponent::Remote { .. }) {
        return Err(SessionError::ClockNeedsPeople.into());
    }
    let session = Session::new(id, spec, start, opp, tokens)?;
    Ok((session, mine, other))
}

/// Lets the engine move while it is its turn; returns the plies it played.
async fn run_engine(st: &AppState, s: &mut Session) -> Result<Vec<PlyView>, ApiError> {
    let mut plies = Vec::new();
    while let Some(level) = s.engine_to_move() {
        let game = s.game.clone();
        let seed: u64 = rand::random();
        let dir = st.data_dir();
        let choice = tokio::task::spawn_blocking(move || {
            engine::choose(&level, &game, seed, dir.as_deref())
        })
        .await
        .map_err(|e| ApiError::internal(format!("engine task failed: {e}")))?;
        let Some(c) = choice else { break };
        let i = s.apply(c.mv)?;
        plies.push(views::ply(s, i));
    }
    Ok(plies)
}

/// A new game's last steps: the engine moves if it opens, the game is saved and kept, and the
/// answer names its id, the creator's token and any invitation.
async fn created(
    st: &Arc<AppState>,
    mut s: Session,
    token: String,
    other: Option<(Side, String)>,
    login: Option<&Login>,
    request: &str,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    run_engine(st, &mut s).await?;
    let mine = creator_side(&s, &token).unwrap_or(Side::South);
    let players: Vec<(Side, String)> = login
        .map(|l| (mine, l.account.id.clone()))
        .into_iter()
        .collect();
    let request = (!request.is_empty()).then_some((request, mine));
    if !st.insert_with(&s, &players, request).await? {
        // A copy of the same request made its game first: that one is the answer.
        let id = request.map_or("", |(id, _)| id);
        return match made_before(st, id).await? {
            Some(v) => Ok((StatusCode::CREATED, Json(v))),
            None => Err(ApiError::internal("the game could not be saved")),
        };
    }
    if !players.is_empty() {
        s = st.load(&s.id).await?;
    }
    Ok((
        StatusCode::CREATED,
        Json(created_answer(&s, token, other, st.now_ms())),
    ))
}

/// The answer to a request the client sent before with the id `request` (none if empty), if
/// it made a game: the game as it is now, with the seat it made its maker (and the invitation's
/// seat, for a game through a link).
async fn made_before(st: &Arc<AppState>, request: &str) -> Result<Option<Value>, ApiError> {
    if request.is_empty() {
        return Ok(None);
    }
    let Some((id, side)) = st
        .store()
        .game_of_request(request)
        .await
        .map_err(crate::state::db_error)?
    else {
        return Ok(None);
    };
    let s = st.load(&id).await?;
    let other = match s.opponent {
        Opponent::Remote { lobby: false, .. } => {
            Some((side.other(), s.tokens[side.other()].clone()))
        }
        _ => None,
    };
    let token = s.tokens[side].clone();
    Ok(Some(created_answer(&s, token, other, st.now_ms())))
}

/// The side the creator of `s` plays (South for a game on one screen).
fn creator_side(s: &Session, token: &str) -> Option<Side> {
    match &s.opponent {
        Opponent::Local => Some(Side::South),
        Opponent::Engine { side, .. } => Some(side.other()),
        Opponent::Remote { .. } => [Side::South, Side::North]
            .into_iter()
            .find(|side| s.tokens[*side] == token),
    }
}

/// 400 `cannot-rate` for `reason`.
pub fn cannot_rate(reason: &str, why: &str) -> ApiError {
    ApiError::new(
        Code::CannotRate,
        format!("this game cannot be rated: {why}"),
    )
    .with("reason", reason)
}

/// Makes `s` rated if asked: against the computer at a level with a measured rating, from the
/// game's start, with a login.
fn rate_against_engine(
    s: &mut Session,
    rated: Option<bool>,
    set_up: bool,
    login: Option<&Login>,
) -> Result<(), ApiError> {
    if rated != Some(true) {
        return Ok(());
    }
    if login.is_none() {
        return Err(cannot_rate("login", "log in to play rated games"));
    }
    let Opponent::Engine { level, .. } = &s.opponent else {
        return Err(cannot_rate(
            "opponent",
            "rated games are against the computer or made in the lobby",
        ));
    };
    if set_up {
        return Err(cannot_rate(
            "position",
            "a rated game starts from the game's own start",
        ));
    }
    let game = s.spec.to_string();
    let Some(r) = crate::ratings::engine_rating(level, &game) else {
        return Err(cannot_rate(
            "level",
            &format!("level {level} has no measured rating in {game}"),
        ));
    };
    s.extras.rated = Some(crate::session::Rated {
        pool: crate::ratings::Pool::of(&game, s.extras.clock.as_ref().map(|c| &c.control)),
        engine: Some(r),
    });
    Ok(())
}

fn created_answer(s: &Session, token: String, other: Option<(Side, String)>, now: i64) -> Value {
    let mut v = json!({ "id": s.id, "token": token, "state": views::state(s, now) });
    if let Some((side, t)) = other {
        v["invite"] = json!({ "side": side, "token": t, "link": format!("/?game={}&token={}&side={}", s.id, t, side.name()) });
    }
    v
}

/// The request's seating, with the clock set on the session afterwards by [`with_clock`].
macro_rules! seating {
    ($req:expr) => {
        Seating {
            opponent: $req.opponent.as_deref(),
            level: $req.level.as_deref(),
            side: $req.side.as_deref(),
            hints: $req.hints,
            clock: $req.clock.as_deref(),
        }
    };
}

/// A set-up position of `rules`, checked as the command checks it (`bad-position` naming what is
/// wrong otherwise).
pub fn set_up(rules: &mancala_core::Rules, p: &str) -> Result<mancala_core::Position, ApiError> {
    rules
        .parse_position(p)
        .map_err(|e| crate::error::bad_position(p, &e))
}

pub async fn create_game(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(login): MaybeLogin,
    Body(req): Body<CreateRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    st.guards().new_game(client)?;
    let request = crate::extract::request_id(req.request.as_deref())?;
    if let Some(v) = made_before(&st, &request).await? {
        return Ok((StatusCode::CREATED, Json(v)));
    }
    let spec = parse_spec(&req.game)?;
    let rules = rules_of(&spec)?;
    let start = match &req.position {
        Some(p) => Some(set_up(&rules, p)?),
        None => None,
    };
    let set_up = start.is_some();
    let (mut s, token, other) = build_session(spec, start, seating!(req))?;
    with_clock(&mut s, req.clock.as_deref(), st.now_ms())?;
    rate_against_engine(&mut s, req.rated, set_up, login.as_ref())?;
    created(&st, s, token, other, login.as_ref(), &request).await
}

/// Sets the clock a request asked for (checked by [`build_session`]) at `now`.
fn with_clock(s: &mut Session, clock: Option<&str>, now: i64) -> Result<(), ApiError> {
    if let Some(c) = clock {
        s.set_clock(parse_clock(c)?, now)?;
    }
    Ok(())
}

new_game_request! {
    /// An OGN record to continue or study.
    pub struct ImportRequest {
        pub ogn: String,
    }
}

pub async fn import_game(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(login): MaybeLogin,
    Body(req): Body<ImportRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    st.guards().new_game(client)?;
    let request = crate::extract::request_id(req.request.as_deref())?;
    if let Some(v) = made_before(&st, &request).await? {
        return Ok((StatusCode::CREATED, Json(v)));
    }
    let rec = ogn::import(&req.ogn).map_err(crate::error::bad_record)?;
    let (mut s, token, other) = build_session(rec.spec, rec.start, seating!(req))?;
    for m in rec.moves {
        s.apply(m)?;
    }
    s.stop = rec.stop;
    with_clock(&mut s, req.clock.as_deref(), st.now_ms())?;
    rate_against_engine(&mut s, req.rated, true, login.as_ref())?;
    created(&st, s, token, other, login.as_ref(), &request).await
}

pub async fn get_game(
    State(st): State<Arc<AppState>>,
    waiter: crate::poll::Waiter,
    Param(id): Param,
    Params(q): Params<StateQuery>,
    headers: axum::http::HeaderMap,
) -> Result<Json<StateView>, ApiError> {
    let changes = st.changes().subscribe(&crate::store::game_key(&id));
    let give_way = Some((&waiter, st.guards()));
    let first = st.load(&id).await?;
    // A seat's page that asks (its token in the header) is there.
    let token = headers.get(SEAT_TOKEN_HEADER).and_then(|v| v.to_str().ok());
    if let Some(Seat::Side(side)) = token.and_then(|t| first.seat_of(t))
        && first.between_people()
    {
        present(&st, &id, side).await?;
    }
    // A wait ends by the time the clock decides (a flag, an abort), to say so at once.
    let wait = match (q.wait, &first.extras.clock) {
        (Some(w), Some(_)) => Some(w.min(crate::clock::POLL_SECS)),
        (w, _) => w,
    };
    // The first look is the game just read; the later ones read it again.
    let first = std::sync::Mutex::new(Some(first));
    let view = crate::poll::long_poll(q.after, wait, changes, give_way, || async {
        let cached = first.lock().unwrap_or_else(|e| e.into_inner()).take();
        let g = match cached {
            Some(g) => g,
            None => st.load(&id).await?,
        };
        Ok((g.version, with_presence(&st, &g).await?))
    })
    .await?;
    Ok(Json(view))
}

/// A query of an events stream: the version seen (as `Last-Event-ID` says it on a
/// reconnection).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventsQuery {
    #[serde(default)]
    pub after: Option<String>,
}

/// `GET /api/games/{id}/events`: the game as Server-Sent Events — an event `state` (its `id` the
/// game's version, its data the state as `GET /api/games/{id}` answers it) at once and after
/// every change, until the game is over. A client that reconnects (with `Last-Event-ID`, or
/// `?after=V`) is sent the game at once if it moved on meanwhile, so no move is missed. With a
/// seat's token in the `seat-token` header, the seat is seen as there at each look.
pub async fn events(
    State(st): State<Arc<AppState>>,
    waiter: crate::poll::Waiter,
    Param(id): Param,
    Params(q): Params<EventsQuery>,
    headers: axum::http::HeaderMap,
) -> Result<crate::poll::EventStream, ApiError> {
    let first = st.load(&id).await?;
    let token = headers.get(SEAT_TOKEN_HEADER).and_then(|v| v.to_str().ok());
    let seat = token.and_then(|t| first.seat_of(t));
    let changes = st.changes().subscribe(&crate::store::game_key(&id));
    let last = crate::poll::last_event_id(&headers, q.after);
    let guards = st.guards();
    let (st2, id2) = (st.clone(), id.clone());
    Ok(crate::poll::events(
        "state",
        last,
        changes,
        waiter,
        guards,
        move || {
            let (st, id) = (st2.clone(), id2.clone());
            async move {
                let g = st.load(&id).await?;
                if let Some(Seat::Side(side)) = seat
                    && g.between_people()
                {
                    present(&st, &id, side).await?;
                }
                let again = Duration::from_secs(if g.extras.clock.is_some() {
                    crate::clock::POLL_SECS
                } else {
                    20
                });
                Ok(crate::poll::Look {
                    version: g.version.to_string(),
                    data: serde_json::to_value(with_presence(&st, &g).await?)
                        .map_err(|e| ApiError::internal(e.to_string()))?,
                    over: g.is_over(),
                    again,
                })
            }
        },
    ))
}

/// Notes that `side`'s page follows game `id` now.
async fn present(st: &AppState, id: &str, side: Side) -> Result<(), ApiError> {
    st.store()
        .mark_present(id, side.name(), st.now_ms())
        .await
        .map_err(crate::state::db_error)
}

/// The state of `g` now, with whether each player is there.
async fn with_presence(st: &AppState, g: &Session) -> Result<StateView, ApiError> {
    let now = st.now_ms();
    let mut v = views::state(g, now);
    if g.between_people() {
        let seen = st
            .store()
            .presence(&g.id)
            .await
            .map_err(crate::state::db_error)?;
        v.presence = views::presence(g, seen, now);
    }
    Ok(v)
}

/// `POST /api/games/{id}/claim` with `{"token", "version"}`: the win claimed from the other
/// player, gone for longer than [`crate::session::CLAIM_MS`] (`cannot-claim` otherwise).
pub async fn claim(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<VersionRequest>,
) -> Result<Json<Value>, ApiError> {
    let seen = st
        .store()
        .presence(&id)
        .await
        .map_err(crate::state::db_error)?;
    let (_, state) = versioned_change(
        &st,
        &id,
        req.token,
        Seen::Board(req.version),
        move |next, seat, now| {
            let Seat::Side(me) = seat else {
                return Err(SessionError::NeedsPeople.into());
            };
            let away = views::presence(next, seen, now)
                .map(|p| p[me.other()].away_ms)
                .unwrap_or(0);
            Ok(next.claim(seat, away, now)?)
        },
    )
    .await?;
    Ok(Json(json!({ "state": state })))
}

/// A request made for a seat.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    pub token: Option<String>,
    #[serde(rename = "move")]
    pub mv: String,
    /// The game's version the move is meant for (the state's `version`): a move sent for an
    /// older version, or sent again, is refused with 409 and the game as it is.
    pub version: u64,
    /// Whether the engine answers in the same request (default); `false` answers at once with
    /// the player's move, and `POST /api/games/{id}/reply` then lets the engine move.
    #[serde(default)]
    pub reply: Option<bool>,
}

/// The version a request was made for (the state's `version` its client saw), and how it is
/// checked against the game as it is.
#[derive(Clone, Copy, Debug)]
enum Seen {
    /// A change that depends only on the board and the game's course (a move, a resignation,
    /// a claim): good as long as nothing but side events (a phrase, a draw offered or
    /// declined, an undo asked or declined) came since ([`Session::check_seen`]).
    Board(u64),
    /// A change that depends on everything its player saw (an answer to an offer, a request to
    /// take back, a phrase): the game must still be at that version.
    Exact(u64),
}

impl Seen {
    fn version(self) -> u64 {
        match self {
            Seen::Board(v) | Seen::Exact(v) => v,
        }
    }

    /// Whether the change is still for `s`, else the 409 to answer.
    fn check(self, s: &Session, now: i64) -> Result<(), ApiError> {
        let verdict = match self {
            Seen::Board(v) => s.check_seen(v),
            Seen::Exact(v) => s.check_exact(v),
        };
        verdict.map_err(|why| crate::state::stale(s, self.version(), why, now))
    }
}

/// A change made by a seat, against the database: the game is read, the seat checked, the
/// version checked against `expected` (the version the request was made for, see [`Seen`]),
/// `change` made (then the engine's replies, when `engine_replies`), and the game written back
/// only if its stored version has not moved meanwhile (compare-and-set), so a stale or
/// repeated request is refused with 409 and the game as it is. A change that lost a race is
/// made again on the game as the database has it then, its version checked again (a repeat
/// finds its own first sending played and is refused); without `expected` (a request that is
/// harmless to repeat) it is simply made again. The change runs to its end even if the client
/// goes away, so what is saved is what would have been answered. Returns what `change`
/// returned, the plies the engine played and the new state.
async fn change_as_seat<R: Send + 'static>(
    st: &Arc<AppState>,
    id: &str,
    token: Option<String>,
    expected: Option<Seen>,
    engine_replies: bool,
    change: impl Fn(&mut Session, Seat, i64) -> Result<R, ApiError> + Send + 'static,
) -> Result<(R, Vec<PlyView>, StateView), ApiError> {
    let (st, id) = (st.clone(), id.to_string());
    tokio::spawn(async move {
        let mut tries = 0;
        loop {
            tries += 1;
            let mut s = st.load(&id).await?;
            let seat = s.require_seat(token.as_deref())?;
            // A seat that asks anything is there, whatever the answer.
            if tries == 1
                && let Seat::Side(side) = seat
                && s.between_people()
            {
                present(&st, &id, side).await?;
            }
            let seen = s.version;
            let now = st.now_ms();
            if let Some(e) = expected {
                e.check(&s, now)?;
            }
            let r = change(&mut s, seat, now)?;
            let plies = if engine_replies {
                run_engine(&st, &mut s).await?
            } else {
                Vec::new()
            };
            if s.version == seen || st.commit(&s, seen).await? {
                // A rated game just ended: the ratings it moved.
                if s.extras.rated.is_some() && s.is_over() {
                    s = st.with_players(s).await?;
                }
                return Ok((r, plies, with_presence(&st, &s).await?));
            }
            // Another change came first: made again on the game as it is now (the version
            // checked again), a few times at most.
            if tries >= 5 {
                let again = st.load(&id).await?;
                let v = expected.map_or(seen, Seen::version);
                return Err(crate::state::stale(&again, v, Staleness::Behind, now));
            }
        }
    })
    .await
    .map_err(|e| ApiError::internal(format!("the change could not be made: {e}")))?
}

pub async fn play_move(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    let reply = req.reply.unwrap_or(true);
    let mv = req.mv;
    let (ply, replies, state) = change_as_seat(
        &st,
        &id,
        req.token,
        Some(Seen::Board(req.version)),
        reply,
        move |next, seat, now| {
            let i = next.play(seat, &mv, now)?;
            Ok(views::ply(next, i))
        },
    )
    .await?;
    let plies: Vec<PlyView> = std::iter::once(ply).chain(replies).collect();
    Ok(Json(json!({ "plies": plies, "state": state })))
}

/// `POST /api/games/{id}/reply`: the engine's moves while it is its turn (after a move sent
/// with `"reply": false`); nothing to do is not an error (no plies).
pub async fn engine_reply(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<TokenRequest>,
) -> Result<Json<Value>, ApiError> {
    let (_, plies, state) =
        change_as_seat(&st, &id, req.token, None, true, |_, _, _| Ok(())).await?;
    Ok(Json(json!({ "plies": plies, "state": state })))
}

/// A request that needs only a seat's token.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    pub token: Option<String>,
}

/// `POST /api/games/{id}/join`: an invitation link opens its seat (once), or a seat's own link
/// opens it again on another device.
pub async fn join(
    State(st): State<Arc<AppState>>,
    MaybeLogin(login): MaybeLogin,
    Param(id): Param,
    Body(req): Body<TokenRequest>,
) -> Result<Json<Value>, ApiError> {
    let fresh = new_id(24);
    let token = req.token.clone().unwrap_or_default();
    let ((side, token), _, state) =
        change_as_seat(&st, &id, req.token, None, false, move |next, _, now| {
            Ok(next.join(&token, fresh.clone(), now)?)
        })
        .await
        .map_err(|e| {
            if e.code == Code::TokenRejected {
                ApiError::new(
                    Code::InvitationUsed,
                    format!(
                        "this link no longer opens a seat of game {} (an invitation opens its seat once); you can watch the game",
                        short(&id)
                    ),
                )
                .with("id", short(&id))
            } else {
                e
            }
        })?;
    // A seat opened while logged in is the account's (if it has none yet).
    let mut state = state;
    if let Some(l) = login {
        st.store()
            .add_player(&id, side, &l.account.id, st.now_ms())
            .await
            .map_err(crate::state::db_error)?;
        let g = st.load(&id).await?;
        state = views::state(&g, st.now_ms());
    }
    Ok(Json(
        json!({ "side": side, "token": token, "state": state }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    pub token: Option<String>,
    /// The game's version the request is meant for (the state's `version`).
    pub version: u64,
    /// For a game on one screen: the side resigning (default: the side to move).
    #[serde(default)]
    pub side: Option<String>,
}

pub async fn undo(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<SeatRequest>,
) -> Result<Json<Value>, ApiError> {
    let (outcome, _, state) = change_as_seat(
        &st,
        &id,
        req.token,
        Some(Seen::Exact(req.version)),
        true,
        |next, seat, now| Ok(next.undo(seat, now)?),
    )
    .await?;
    let (taken, asked) = match outcome {
        UndoOutcome::TakenBack(n) => (n, false),
        UndoOutcome::Asked => (0, true),
    };
    Ok(Json(
        json!({ "taken_back": taken, "asked": asked, "state": state }),
    ))
}

/// A change for a seat at the version the request names, that needs no engine reply; returns
/// what `change` returned and the new state.
async fn versioned_change<R: Send + 'static>(
    st: &Arc<AppState>,
    id: &str,
    token: Option<String>,
    version: Seen,
    change: impl Fn(&mut Session, Seat, i64) -> Result<R, ApiError> + Send + 'static,
) -> Result<(R, StateView), ApiError> {
    let (r, _, state) = change_as_seat(st, id, token, Some(version), false, change).await?;
    Ok((r, state))
}

pub async fn decline_undo(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<SeatRequest>,
) -> Result<Json<Value>, ApiError> {
    let (_, state) = versioned_change(
        &st,
        &id,
        req.token,
        Seen::Exact(req.version),
        |next, seat, _| Ok(next.decline_undo(seat)?),
    )
    .await?;
    Ok(Json(json!({ "state": state })))
}

pub async fn resign(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<SeatRequest>,
) -> Result<Json<Value>, ApiError> {
    // The side is read after the seat is checked, so a bad token is refused first.
    let asked = req.side;
    let (_, state) = versioned_change(
        &st,
        &id,
        req.token,
        Seen::Board(req.version),
        move |next, seat, _| {
            let side = asked.as_deref().map(|t| parse_side(Some(t))).transpose()?;
            Ok(next.resign(seat, side)?)
        },
    )
    .await?;
    Ok(Json(json!({ "state": state })))
}

/// `POST /api/games/{id}/draw`: offers a draw, or accepts the other player's offer.
pub async fn offer_draw(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<VersionRequest>,
) -> Result<Json<Value>, ApiError> {
    let (agreed, state) = versioned_change(
        &st,
        &id,
        req.token,
        Seen::Exact(req.version),
        |next, seat, now| Ok(next.offer_draw(seat, now)?),
    )
    .await?;
    Ok(Json(
        json!({ "drawn": agreed, "offered": !agreed, "state": state }),
    ))
}

/// `POST /api/games/{id}/draw/decline`: declines the other player's offer of a draw (or
/// withdraws one's own).
pub async fn decline_draw(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<VersionRequest>,
) -> Result<Json<Value>, ApiError> {
    let (_, state) = versioned_change(
        &st,
        &id,
        req.token,
        Seen::Exact(req.version),
        |next, seat, _| Ok(next.decline_draw(seat)?),
    )
    .await?;
    Ok(Json(json!({ "state": state })))
}

/// A set phrase sent for a seat.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SayRequest {
    pub token: Option<String>,
    pub version: u64,
    /// One of [`crate::session::PHRASES`].
    pub phrase: String,
}

/// `POST /api/games/{id}/say` with `{"token", "version", "phrase": "good-game"}`: one of the set
/// phrases to the other player (between people only).
pub async fn say(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<SayRequest>,
) -> Result<Json<Value>, ApiError> {
    let phrase = req.phrase;
    let (_, state) = versioned_change(
        &st,
        &id,
        req.token,
        Seen::Exact(req.version),
        move |next, seat, _| Ok(next.say(seat, &phrase)?),
    )
    .await?;
    Ok(Json(json!({ "state": state })))
}

/// `POST /api/games/{id}/rematch`: offers a rematch once the game is over, or accepts the
/// other player's offer; once agreed, the answer's `rematch` is the new game (the sides
/// swapped), which each player opens with the token he has. Harmless to repeat.
pub async fn rematch(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<TokenRequest>,
) -> Result<Json<Value>, ApiError> {
    let fresh = new_id(10);
    let ((agreed, me), _, state) =
        change_as_seat(&st, &id, req.token, None, false, move |next, seat, _| {
            let agreed = next.rematch(seat, fresh.clone())?;
            Ok((agreed, seat))
        })
        .await?;
    let mut rematch = Value::Null;
    if agreed {
        // The new game is written after the old one names it; a request that finds it missing
        // (the server stopped between the two writes) writes it.
        let old = st.load(&id).await?;
        if let Some(made) = old.rematch_game(st.now_ms()) {
            let next = made?;
            let db = crate::state::db_error;
            if st.store().load_game(&next.id).await.map_err(db)?.is_none() {
                // The same accounts, on the other sides.
                let players: Vec<(Side, String)> = st
                    .store()
                    .player_accounts(&id)
                    .await
                    .map_err(db)?
                    .into_iter()
                    .map(|(side, a)| (side.other(), a))
                    .collect();
                st.store()
                    .insert_game_with(&next.to_row(), &players, None)
                    .await
                    .map_err(db)?;
            }
            let side = match me {
                Seat::Side(s) => Some(s.other()),
                Seat::Both => None,
            };
            rematch = json!({ "id": next.id, "side": side });
        }
    }
    Ok(Json(
        json!({ "agreed": agreed, "rematch": rematch, "state": state }),
    ))
}

/// A request made for a seat at a version of the game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VersionRequest {
    pub token: Option<String>,
    /// The game's version the request is meant for (the state's `version`).
    pub version: u64,
}

/// The header a seat's token is sent in by a request that has no body (a hint, an
/// analysis).
pub const SEAT_TOKEN_HEADER: &str = "seat-token";

/// Hints and analyses of a game going on are for its seats: the token in
/// [`SEAT_TOKEN_HEADER`] must open one (and hints must be open); once the game is over, for
/// anyone.
fn require_advice_open(g: &Session, headers: &axum::http::HeaderMap) -> Result<(), ApiError> {
    if !g.is_over() {
        let token = headers.get(SEAT_TOKEN_HEADER).and_then(|v| v.to_str().ok());
        g.require_seat(token)?;
    }
    g.require_hints_open()?;
    Ok(())
}

/// Completes when the client of a request on `conn` has closed its connection.
async fn client_gone(conn: Option<axum::Extension<Connection>>) {
    match conn {
        Some(axum::Extension(c)) => c.gone().await,
        None => std::future::pending().await,
    }
}

pub async fn hint(
    State(st): State<Arc<AppState>>,
    conn: Option<axum::Extension<Connection>>,
    Param(id): Param,
    headers: axum::http::HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let g = st.load(&id).await?;
    if g.is_over() {
        return Err(SessionError::GameOver.into());
    }
    require_advice_open(&g, &headers)?;
    let (version, game) = (g.version, g.game);
    let dir = st.data_dir();
    let hint = st
        .guards()
        .costly(("hint", id, version), client_gone(conn), move |_| {
            let side = game.position().side();
            let h = engine::hint(&game, dir.as_deref())
                .ok_or_else(|| ApiError::new(Code::NoLegalMove, "there is no legal move"))?;
            let moves: Vec<Value> = h
                .moves
                .iter()
                .map(|(m, v)| json!({ "move": m.to_string(), "value": v }))
                .collect();
            Ok(Some(json!({
                "side": side,
                "move": h.mv.to_string(),
                "score": h.score,
                "source": h.source,
                "depth": h.depth,
                "moves": moves,
            })))
        })
        .await?;
    Ok(Json((*hint).clone()))
}

/// Every move played so far, weighed: its value, the best move's, the seeds lost, mistakes.
pub async fn analysis(
    State(st): State<Arc<AppState>>,
    conn: Option<axum::Extension<Connection>>,
    Param(id): Param,
    headers: axum::http::HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let g = st.load(&id).await?;
    require_advice_open(&g, &headers)?;
    let (version, game) = (g.version, g.game);
    if game.plies().is_empty() {
        return Err(ApiError::new(
            Code::NoMovesYet,
            "no move has been played yet",
        ));
    }
    let dir = st.data_dir();
    let report = st
        .guards()
        .costly(("analysis", id, version), client_gone(conn), move |stop| {
            let first = game.start().side();
            let moves: Vec<_> = game.plies().iter().map(|p| p.mv).collect();
            let Some(weighed) = engine::analysis_unless(&game, dir.as_deref(), &stop) else {
                return Ok(None);
            };
            let mut report = serde_json::to_value(analysis::report(
                &weighed,
                engine::ANALYSIS_DEPTH,
                engine::MISTAKE_SEEDS,
            ))
            .map_err(|e| ApiError::internal(e.to_string()))?;
            // Each weighed move on its line with its number, as the game's record numbers it.
            let labels = mancala_core::record::line_labels(first, moves.into_iter());
            if let Some(plies) = report.get_mut("plies").and_then(Value::as_array_mut) {
                for (p, label) in plies.iter_mut().zip(labels) {
                    p["label"] = Value::String(label);
                }
            }
            Ok(Some(report))
        })
        .await?;
    Ok(Json((*report).clone()))
}

/// The OGN record of `g`, its sides named by the accounts playing them (`names`), else by the
/// engine's level or the side.
pub fn record_of(g: &Session, names: &[(Side, String)]) -> String {
    let name = |side: Side| {
        if let Some((_, n)) = names.iter().find(|(s, _)| *s == side) {
            return n.clone();
        }
        match &g.opponent {
            Opponent::Engine { side: e, level } if *e == side => format!("Engine ({level})"),
            _ => side.to_string(),
        }
    };
    let (south, north) = (name(Side::South), name(Side::North));
    ogn::export(
        &g.game,
        g.stop,
        &ogn::Header {
            south: &south,
            north: &north,
            event: if g.extras.rated.is_some() {
                "Rated game"
            } else {
                "Casual game"
            },
            date: g.created,
        },
        g.extras.clock.as_ref(),
    )
}

pub async fn export_ogn(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
) -> Result<Response, ApiError> {
    let g = st.load(&id).await?;
    let names: Vec<(Side, String)> = g.players.iter().map(|p| (p.side, p.name.clone())).collect();
    let text = record_of(&g, &names);
    let mut resp = text.into_response();
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ogn; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"mancala-{}.ogn\"", g.id))
    {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(resp)
}
