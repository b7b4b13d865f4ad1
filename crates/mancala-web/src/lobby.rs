//! The lobby: open challenges (a game and size, a time control, a side or a random one) that
//! anyone may accept with one click, "play anyone" (take the oldest challenge for the same game
//! and clock, or make one), and the games between people going on, to watch. Like the games, the
//! challenges are in the database: every server lists the same ones, and a challenge is accepted
//! once (a compare-and-set on its version), whichever server the two clicks reach.
//!
//! A challenge's maker keeps it alive by asking about it (`GET /api/lobby/{id}` with his token,
//! as the page does while it waits); one not asked about for [`GONE_MS`] is no longer listed. Once
//! accepted, the game is made with the maker's secret as his seat's token, so he needs nothing
//! more than he has to play: his next look at the challenge names the game.

use crate::error::{ApiError, Code};
use crate::extract::{Body, Param, Params, request_id, short};
use crate::games::{SEAT_TOKEN_HEADER, parse_clock, parse_spec};
use crate::limits::ClientOf;
use crate::login::{Login, MaybeLogin};
use crate::poll::new_id;
use crate::session::{Opponent, Session, rules_of};
use crate::state::{AppState, db_error, is_id};
use crate::store::{ChallengeRow, LOBBY_KEY};
use crate::views;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use mancala_core::{BySide, Side};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// A challenge whose maker has not asked about it for this long is not listed.
pub const GONE_MS: i64 = 30_000;
/// Challenges older than this (made or accepted) are removed.
pub const KEPT_MS: i64 = 3 * 3_600_000;
/// The most challenges and games the lobby lists.
pub const LISTED: u32 = 60;
/// The most challenges an account may have open at once (a page keeps one).
pub const OPEN_PER_ACCOUNT: i64 = 3;
/// The most challenges open at once made from one address (an IPv6 /64): more than an
/// account's, as many players may share an address.
pub const OPEN_PER_CLIENT: i64 = 10;

/// A new challenge.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// `modiar`, `mangala-ii`, `oware`, `kalah`, with optional parameters.
    pub game: String,
    /// A time control (`3+2`, `1d`); none: no clock.
    #[serde(default)]
    pub clock: Option<String>,
    /// `south`, `north` or `random` (default).
    #[serde(default)]
    pub side: Option<String>,
    /// A rated game (the maker and the accepter need accounts).
    #[serde(default)]
    pub rated: Option<bool>,
    /// The client's id of this request ([`crate::extract::request_id`]): sent again with the same id, it is
    /// answered as the first time, never with a second challenge or game.
    #[serde(default)]
    pub request: Option<String>,
}

/// The answer to a request the client sent before with the id `request`, if it made or
/// accepted a challenge: the same as the first time (`matched` added for a seek).
async fn answered_before(
    st: &AppState,
    request: &str,
    seek: bool,
) -> Result<Option<Value>, ApiError> {
    let Some(id) = st
        .store()
        .challenge_of_request(request)
        .await
        .map_err(db_error)?
    else {
        return Ok(None);
    };
    let Some(r) = st.store().load_challenge(&id).await.map_err(db_error)? else {
        return Ok(None);
    };
    let mut v = if r.accept_request == request {
        accepted_answer(st, &r).await?
    } else {
        made_answer(&r)
    };
    if seek {
        v["matched"] = json!(r.accept_request == request);
    }
    Ok(Some(v))
}

/// What a new challenge's maker is answered: `{"id", "token", "challenge"}`.
fn made_answer(r: &ChallengeRow) -> Value {
    json!({ "id": r.id, "token": r.token, "challenge": public(r) })
}

/// The side the maker of challenge `r` plays in its game `s`: the seat of his token.
fn maker_side(s: &Session, r: &ChallengeRow) -> Side {
    if s.tokens.south == r.token {
        Side::South
    } else {
        Side::North
    }
}

/// What the accepter of challenge `r` is answered: the game, his seat's side and token.
async fn accepted_answer(st: &AppState, r: &ChallengeRow) -> Result<Value, ApiError> {
    let game = r.game.as_deref().unwrap_or_default();
    let s = st.load(game).await?;
    let side = maker_side(&s, r).other();
    Ok(json!({
        "id": s.id, "token": s.tokens[side], "side": side, "state": views::state(&s, st.now_ms()),
    }))
}

/// A challenge checked, as stored: its game, clock and side, whether it is rated (which needs
/// `login`), and the client's id of the request.
fn checked(req: &ChallengeRequest, login: Option<&Login>) -> Result<Asked, ApiError> {
    let spec = parse_spec(&req.game)?;
    rules_of(&spec)?;
    let clock = req
        .clock
        .as_deref()
        .filter(|c| !c.is_empty())
        .map(|c| parse_clock(c).map(|tc| tc.to_string()))
        .transpose()?;
    let side = match req.side.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("random") => "random".to_string(),
        Some("south") | Some("s") => "south".to_string(),
        Some("north") | Some("n") => "north".to_string(),
        Some(other) => {
            return Err(ApiError::new(
                Code::BadSide,
                format!("side '{}' is neither south, north nor random", short(other)),
            )
            .with("side", short(other)));
        }
    };
    Ok(Asked {
        spec: spec.to_string(),
        clock,
        side,
        rated: rated_by(req, login)?,
        request: request_id(req.request.as_deref())?,
    })
}

/// A challenge as anyone sees it (never its token), with its maker's name and rating.
async fn public_named(st: &AppState, r: &ChallengeRow) -> Result<Value, ApiError> {
    let mut v = public(r);
    if !r.account.is_empty() {
        let pool = pool_of(r).key();
        if let Some((name, g)) = st
            .store()
            .account_rating(&r.account, &pool)
            .await
            .map_err(db_error)?
        {
            let g = g.unwrap_or_else(crate::ratings::Glicko::new_player);
            v["maker"] = json!({
                "name": name,
                "rating": (r.rated == 1).then(|| g.rating.round()),
                "provisional": g.provisional(),
            });
        }
    }
    Ok(v)
}

/// Where a game of challenge `r` counts.
fn pool_of(r: &ChallengeRow) -> crate::ratings::Pool {
    let clock = r
        .clock
        .as_deref()
        .and_then(|c| c.parse::<crate::clock::TimeControl>().ok());
    crate::ratings::Pool::of(&r.spec, clock.as_ref())
}

/// A challenge as anyone sees it (never its token).
fn public(r: &ChallengeRow) -> Value {
    let name = r
        .spec
        .parse()
        .ok()
        .and_then(|s| rules_of(&s).ok())
        .map(|rules| rules.name().to_string())
        .unwrap_or_default();
    let category = r
        .clock
        .as_deref()
        .and_then(|c| c.parse::<crate::clock::TimeControl>().ok())
        .map(|c| c.category());
    json!({
        "id": r.id, "game": r.spec, "name": name, "clock": r.clock, "category": category,
        "side": r.side, "created": r.created, "rated": r.rated == 1, "maker": null,
    })
}

/// `POST /api/lobby`: a new challenge. Answer 201 `{"id", "token", "challenge"}`: the token is
/// the maker's secret (his seat's token once the challenge is accepted).
pub async fn create(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(login): MaybeLogin,
    Body(req): Body<ChallengeRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    st.guards().new_game(client)?;
    let asked = checked(&req, login.as_ref())?;
    for _ in 0..5 {
        if let Some(v) = answered_before(&st, &asked.request, false).await? {
            return Ok((StatusCode::CREATED, Json(v)));
        }
        if let Some(r) = make(&st, &asked, login.as_ref(), client, false).await? {
            return Ok((StatusCode::CREATED, Json(made_answer(&r))));
        }
    }
    Err(busy())
}

/// A challenge asked for, checked.
struct Asked {
    spec: String,
    clock: Option<String>,
    side: String,
    rated: bool,
    /// The client's id of the request, or empty.
    request: String,
}

fn busy() -> ApiError {
    ApiError::new(Code::ServerBusy, "the lobby is changing; try again").with("seconds", 1)
}

/// Whether a challenge asked to be rated, which needs a login.
fn rated_by(req: &ChallengeRequest, login: Option<&Login>) -> Result<bool, ApiError> {
    let rated = req.rated == Some(true);
    if rated && login.is_none() {
        return Err(crate::games::cannot_rate(
            "login",
            "log in to play rated games",
        ));
    }
    Ok(rated)
}

/// Writes a new challenge for `asked` by `login` from `client`, unless its maker has too many
/// open (`too-many-challenges`) or, when `seeking`, another maker's open challenge asks for
/// the same game (`None`: accept that one instead). `None` too if the lobby changed between the
/// test and the write in a way that explains nothing: ask again.
async fn make(
    st: &AppState,
    asked: &Asked,
    login: Option<&Login>,
    client: std::net::IpAddr,
    seeking: bool,
) -> Result<Option<ChallengeRow>, ApiError> {
    let now = st.now_ms();
    let r = ChallengeRow {
        id: new_id(10),
        spec: asked.spec.clone(),
        clock: asked.clock.clone(),
        side: asked.side.clone(),
        token: new_id(24),
        game: None,
        version: 0,
        created: now,
        seen: now,
        account: login.map(|l| l.account.id.clone()).unwrap_or_default(),
        rated: i64::from(asked.rated),
        client: crate::limits::client_key(client).to_string(),
        request: asked.request.clone(),
        accept_request: String::new(),
    };
    let caps = (OPEN_PER_ACCOUNT, OPEN_PER_CLIENT);
    if st
        .store()
        .insert_challenge_if(&r, now - GONE_MS, caps, seeking)
        .await
        .map_err(db_error)?
    {
        st.changes().changed(LOBBY_KEY);
        return Ok(Some(r));
    }
    // Not written: a copy of the same request was first (answered as it was), or say why,
    // from the lobby as it is now.
    if !asked.request.is_empty()
        && st
            .store()
            .challenge_of_request(&asked.request)
            .await
            .map_err(db_error)?
            .is_some()
    {
        return Ok(None);
    }
    let open: Vec<ChallengeRow> = every_challenge(st, now)
        .await?
        .into_iter()
        .filter(|o| o.game.is_none() && o.seen >= now - GONE_MS)
        .collect();
    let of_account = open
        .iter()
        .filter(|o| !r.account.is_empty() && o.account == r.account)
        .count() as i64;
    let of_client = open.iter().filter(|o| o.client == r.client).count() as i64;
    let max = if of_account >= OPEN_PER_ACCOUNT {
        Some(OPEN_PER_ACCOUNT)
    } else if of_client >= OPEN_PER_CLIENT {
        Some(OPEN_PER_CLIENT)
    } else {
        None
    };
    if let Some(max) = max {
        return Err(ApiError::new(
            Code::TooManyChallenges,
            format!(
                "{max} open challenges already: take one back or wait for someone to accept one"
            ),
        )
        .with("max", max));
    }
    Ok(None)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LobbyQuery {
    /// The `version` of the lobby last seen: the answer waits (up to `wait` seconds) until
    /// the lobby is otherwise.
    #[serde(default)]
    pub after: Option<String>,
    #[serde(default)]
    pub wait: Option<u64>,
}

/// The lobby now: the open challenges (newest first) and the games between people going on.
async fn listing(st: &AppState) -> Result<Value, ApiError> {
    let now = st.now_ms();
    let rows = st
        .store()
        .recent_challenges(now - KEPT_MS, LISTED)
        .await
        .map_err(db_error)?;
    let mut open = Vec::new();
    let mut playing = Vec::new();
    for r in &rows {
        match &r.game {
            None if r.seen >= now - GONE_MS => open.push(public_named(st, r).await?),
            None => {}
            Some(id) => {
                if let Ok(g) = st.load_settled(id).await
                    && !g.is_over()
                {
                    playing.push(json!({
                        "id": g.id, "game": g.spec.to_string(), "name": g.game.rules().name(),
                        "clock": r.clock, "plies": g.game.plies().len(),
                        "scores": g.game.position().scores().map(u32::from),
                    }));
                }
            }
        }
    }
    // The version is what a page compares: the listing itself, hashed.
    let body = json!({ "challenges": open, "playing": playing });
    let version = {
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        body.to_string().hash(&mut h);
        format!("{:016x}", h.finish())
    };
    Ok(json!({ "version": version, "challenges": body["challenges"], "playing": body["playing"] }))
}

/// Every challenge kept (made or accepted within [`KEPT_MS`]), newest first.
async fn every_challenge(st: &AppState, now: i64) -> Result<Vec<ChallengeRow>, ApiError> {
    st.store()
        .recent_challenges(now - KEPT_MS, u32::MAX)
        .await
        .map_err(db_error)
}

/// Settles the games made in the lobby (the rated games between people) whose result is not
/// counted yet: one a clock has ended since it was last written is written ended, its ratings
/// counted. Games whose result is counted are not read.
pub(crate) async fn settle_games(st: &AppState) -> Result<(), ApiError> {
    let since = st.now_ms() - KEPT_MS;
    let games = st
        .store()
        .rated_games_uncounted(since)
        .await
        .map_err(db_error)?;
    for id in games {
        // A game that cannot be read is left as it is for this read.
        let _ = st.load_settled(&id).await;
    }
    Ok(())
}

/// `GET /api/lobby[?after=V&wait=S]`: the open challenges and the games going on; with
/// `after`, the answer waits (at most `wait` seconds, up to [`LIST_WAIT_SECS`]) until the lobby is no longer as
/// version `V` showed it.
pub async fn list(
    State(st): State<Arc<AppState>>,
    waiter: crate::poll::Waiter,
    Params(q): Params<LobbyQuery>,
) -> Result<Json<Value>, ApiError> {
    let changes = st.changes().subscribe(LOBBY_KEY);
    let give_way = Some((&waiter, st.guards()));
    // Challenges also leave the list when their makers go, which nobody tells: a wait is at
    // most a few seconds. The listing's version is a hash, so "newer" is "not the one seen".
    let wait = q.wait.map(|w| w.min(LIST_WAIT_SECS));
    let after = q.after.as_ref().map(|_| 0);
    let seen = q.after.clone();
    let view = crate::poll::long_poll(after, wait, changes, give_way, || async {
        let now = listing(&st).await?;
        let differs = seen.as_deref() != now["version"].as_str();
        Ok((u64::from(differs), now))
    })
    .await?;
    Ok(Json(view))
}

/// `GET /api/lobby/events`: the lobby as Server-Sent Events — an event `lobby` (its `id` the
/// listing's version, its data as `GET /api/lobby` answers) at once and whenever the listing
/// changes (looked at again every few seconds, as makers leave without a word).
pub async fn events(
    State(st): State<Arc<AppState>>,
    waiter: crate::poll::Waiter,
    Params(q): Params<crate::games::EventsQuery>,
    headers: HeaderMap,
) -> Result<crate::poll::EventStream, ApiError> {
    let changes = st.changes().subscribe(LOBBY_KEY);
    let last = crate::poll::last_event_id(&headers, q.after);
    let st2 = st.clone();
    Ok(crate::poll::events(
        "lobby",
        last,
        changes,
        waiter,
        st.guards(),
        move || {
            let st = st2.clone();
            async move {
                let now = listing(&st).await?;
                Ok(crate::poll::Look {
                    version: now["version"].as_str().unwrap_or_default().to_string(),
                    data: now,
                    over: false,
                    again: std::time::Duration::from_secs(LIST_WAIT_SECS),
                })
            }
        },
    ))
}

/// The longest a lobby's long poll waits, in seconds.
pub const LIST_WAIT_SECS: u64 = 5;

/// A challenge by id, or 404.
async fn load(st: &AppState, id: &str) -> Result<ChallengeRow, ApiError> {
    let gone = || {
        ApiError::new(
            Code::NoChallenge,
            format!(
                "no open challenge '{}' (it was taken back, or its maker left)",
                short(id)
            ),
        )
        .with("id", short(id))
    };
    if !is_id(id) {
        return Err(gone());
    }
    st.store()
        .load_challenge(id)
        .await
        .map_err(db_error)?
        .ok_or_else(gone)
}

/// Whether `token` is the challenge's maker's.
fn is_maker(r: &ChallengeRow, token: Option<&str>) -> bool {
    let t = token.unwrap_or("");
    !t.is_empty() && crate::login::same_secret(t, &r.token)
}

/// An error unless `token` is the challenge's maker's.
fn require_maker(r: &ChallengeRow, token: Option<&str>) -> Result<(), ApiError> {
    if is_maker(r, token) {
        return Ok(());
    }
    Err(ApiError::new(
        Code::TokenRejected,
        format!(
            "the token is not that of the maker of challenge {}",
            short(&r.id)
        ),
    )
    .with("id", short(&r.id)))
}

/// `GET /api/lobby/{id}` with the maker's token in the `seat-token` header: the challenge, kept
/// alive, and once accepted the game (`{"game": id, "side"}`), which the token opens.
pub async fn mine(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let token = headers.get(SEAT_TOKEN_HEADER).and_then(|v| v.to_str().ok());
    for _ in 0..5 {
        let mut r = load(&st, &id).await?;
        require_maker(&r, token)?;
        if let Some(game) = &r.game {
            let g = st.load(game).await?;
            let side = maker_side(&g, &r);
            return Ok(Json(
                json!({ "challenge": public(&r), "game": game, "side": side }),
            ));
        }
        let seen = r.version;
        r.seen = st.now_ms();
        r.version += 1;
        if st
            .store()
            .update_challenge(&r, seen)
            .await
            .map_err(db_error)?
        {
            return Ok(Json(json!({ "challenge": public(&r), "game": null })));
        }
    }
    Err(ApiError::new(Code::ServerBusy, "the challenge is changing; try again").with("seconds", 1))
}

/// `POST /api/lobby/{id}/cancel` with `{"token"}`: the maker takes his challenge back (once
/// accepted, it is a game: resign it there).
pub async fn cancel(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<crate::games::TokenRequest>,
) -> Result<Json<Value>, ApiError> {
    let r = load(&st, &id).await?;
    require_maker(&r, req.token.as_deref())?;
    if r.game.is_some()
        || !st
            .store()
            .delete_challenge(&id, r.version)
            .await
            .map_err(db_error)?
    {
        return Err(taken(&id));
    }
    st.changes().changed(LOBBY_KEY);
    Ok(Json(json!({ "cancelled": true })))
}

fn taken(id: &str) -> ApiError {
    ApiError::new(
        Code::ChallengeTaken,
        format!("challenge {} has been accepted already", short(id)),
    )
    .with("id", short(id))
}

/// Accepts `r` for a new player (logged in as `login`, if he is): in one transaction the
/// challenge names the new game (compare-and-set: accepted once) and the game is written with
/// the accounts playing it (the maker's token his seat's, a new one the accepter's).
async fn accept_row(
    st: &AppState,
    r: ChallengeRow,
    login: Option<&Login>,
    request: &str,
) -> Result<Value, ApiError> {
    if r.game.is_some() {
        return Err(taken(&r.id));
    }
    let me = login.map(|l| l.account.id.clone());
    if me.is_some() && me.as_deref() == Some(r.account.as_str()) {
        return Err(own_challenge());
    }
    if r.rated == 1 && me.is_none() {
        return Err(crate::games::cannot_rate(
            "login",
            "log in to play rated games",
        ));
    }
    let spec = parse_spec(&r.spec)?;
    let maker = match r.side.as_str() {
        "south" => Side::South,
        "north" => Side::North,
        _ => {
            if rand::random::<bool>() {
                Side::South
            } else {
                Side::North
            }
        }
    };
    let mine = new_id(24);
    let mut tokens = BySide::new(String::new(), String::new());
    tokens[maker] = r.token.clone();
    tokens[maker.other()] = mine.clone();
    let now = st.now_ms();
    let mut s = Session::new(
        new_id(10),
        spec,
        None,
        Opponent::Remote {
            invited: None,
            hints: false,
            lobby: true,
        },
        tokens,
    )?;
    if let Some(c) = &r.clock {
        s.set_clock(parse_clock(c)?, now)?;
    }
    if r.rated == 1 {
        s.extras.rated = Some(crate::session::Rated {
            pool: pool_of(&r),
            engine: None,
        });
    }
    let mut players = Vec::new();
    if !r.account.is_empty() {
        players.push((maker, r.account.clone()));
    }
    if let Some(a) = me {
        players.push((maker.other(), a));
    }
    if !st
        .store()
        .accept_challenge(&r.id, r.version, now, request, &s.to_row(), &players)
        .await
        .map_err(db_error)?
    {
        return Err(taken(&r.id));
    }
    st.changes().changed(LOBBY_KEY);
    let s = st.load(&s.id).await?;
    Ok(json!({
        "id": s.id, "token": mine, "side": maker.other(), "state": views::state(&s, now),
    }))
}

/// `POST /api/lobby/{id}/accept` with `{}`: accepts a challenge; answer 201 as a new game
/// (`{"id", "token", "side", "state"}`). A challenge accepted already is `challenge-taken`
/// (409); one's own is refused (`own-challenge`).
pub async fn accept(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(login): MaybeLogin,
    Param(id): Param,
    Body(req): Body<AcceptRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    st.guards().new_game(client)?;
    let request = request_id(req.request.as_deref())?;
    let r = load(&st, &id).await?;
    if is_maker(&r, req.token.as_deref()) {
        return Err(own_challenge());
    }
    // Accepted by this very request before (its answer lost, or two copies at once): the
    // same answer.
    let again = |r: &ChallengeRow| !request.is_empty() && r.accept_request == request;
    if again(&r) {
        return Ok((StatusCode::CREATED, Json(accepted_answer(&st, &r).await?)));
    }
    match accept_row(&st, r, login.as_ref(), &request).await {
        Ok(v) => Ok((StatusCode::CREATED, Json(v))),
        Err(e) if e.code == Code::ChallengeTaken && !request.is_empty() => {
            let r = load(&st, &id).await?;
            if again(&r) {
                return Ok((StatusCode::CREATED, Json(accepted_answer(&st, &r).await?)));
            }
            Err(e)
        }
        Err(e) => Err(e),
    }
}

/// A challenge accepted by its own maker (his token, or his account from another page).
fn own_challenge() -> ApiError {
    ApiError::new(
        Code::OwnChallenge,
        "this is your own challenge: wait for someone to accept it",
    )
}

/// An acceptance: the accepter's own challenges' token, if he has one open (so he does not
/// accept his own), and the client's id of the request ([`crate::extract::request_id`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcceptRequest {
    #[serde(default)]
    pub token: Option<String>,
    #[serde(default)]
    pub request: Option<String>,
}

/// `POST /api/lobby/seek` with `{"game", "clock"}`: play anyone — the oldest open challenge for
/// the same game and clock is accepted (answer 201 as a new game, with `"matched": true`), or
/// else a challenge is made (201, `"matched": false`, as `POST /api/lobby`).
pub async fn seek(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(login): MaybeLogin,
    Body(req): Body<ChallengeRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    st.guards().new_game(client)?;
    let asked = checked(&req, login.as_ref())?;
    let me = login
        .as_ref()
        .map(|l| l.account.id.clone())
        .unwrap_or_default();
    // Take the oldest open challenge that fits; if there is none, make one, unless one came
    // meanwhile (the test and the write are one transaction): then take that one.
    for _ in 0..5 {
        if let Some(v) = answered_before(&st, &asked.request, true).await? {
            return Ok((StatusCode::CREATED, Json(v)));
        }
        let now = st.now_ms();
        let rows = every_challenge(&st, now).await?;
        let mut candidates: Vec<ChallengeRow> = rows
            .into_iter()
            .filter(|r| {
                r.game.is_none()
                    && r.seen >= now - GONE_MS
                    && r.spec == asked.spec
                    && r.clock == asked.clock
                    && (r.rated == 1) == asked.rated
                    && (me.is_empty() || r.account != me)
            })
            .collect();
        candidates.sort_by_key(|r| (r.created, r.id.clone()));
        for r in candidates {
            match accept_row(&st, r, login.as_ref(), &asked.request).await {
                Ok(mut v) => {
                    v["matched"] = json!(true);
                    return Ok((StatusCode::CREATED, Json(v)));
                }
                Err(e) if e.code == Code::ChallengeTaken => continue,
                Err(e) => return Err(e),
            }
        }
        if let Some(r) = make(&st, &asked, login.as_ref(), client, true).await? {
            let mut v = made_answer(&r);
            v["matched"] = json!(false);
            return Ok((StatusCode::CREATED, Json(v)));
        }
    }
    Err(busy())
}
