//! The HTTP side: routes, request bodies, and the JSON answers (see docs/api.md).

use crate::engine;
use crate::error::ApiError;
use crate::ogn;
use crate::session::{Opponent, PlyView, Seat, Session, StateView, UndoOutcome, rules_of};
use crate::solitaire;
use crate::store::Store;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use mancala_core::{BySide, GameSpec, Side, builtin, builtin_ids};
use mancala_search::analysis;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;

/// The largest request body accepted (an OGN record of a long game fits many times over).
pub const MAX_BODY: usize = 64 * 1024;
/// Games kept in memory; finished or idle ones beyond this are read back from the database.
const CACHE_LIMIT: usize = 4096;

/// What every request handler shares.
pub struct AppState {
    store: Store,
    cache: std::sync::Mutex<HashMap<String, Arc<tokio::sync::Mutex<Session>>>>,
    /// Where the perfect-play databases are looked for (hints).
    data_dir: Option<std::path::PathBuf>,
    /// El mirall rooms change one at a time (they are small and rare).
    mirall_lock: tokio::sync::Mutex<()>,
}

impl AppState {
    /// The app's state, with hints from the databases in the default data directory.
    pub fn new(store: Store) -> Arc<AppState> {
        Self::with_data_dir(store, Some(mancala_solver::default_data_dir()))
    }

    /// The app's state with hints from the databases in `data_dir` (none: search only).
    pub fn with_data_dir(store: Store, data_dir: Option<std::path::PathBuf>) -> Arc<AppState> {
        Arc::new(AppState {
            store,
            cache: std::sync::Mutex::new(HashMap::new()),
            data_dir,
            mirall_lock: tokio::sync::Mutex::new(()),
        })
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn mirall_lock(&self) -> &tokio::sync::Mutex<()> {
        &self.mirall_lock
    }

    fn cache(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<String, Arc<tokio::sync::Mutex<Session>>>> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The session `id`, from memory or the database.
    async fn session(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<Arc<tokio::sync::Mutex<Session>>, ApiError> {
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::not_found(format!("no game '{}'", short(id))));
        }
        if let Some(s) = self.cache().get(id) {
            return Ok(s.clone());
        }
        let me = self.clone();
        let key = id.to_string();
        let rec = tokio::task::spawn_blocking(move || me.store.load(&key))
            .await
            .map_err(|e| ApiError::internal(format!("database task failed: {e}")))?
            .map_err(|e| ApiError::internal(format!("database: {e}")))?
            .ok_or_else(|| ApiError::not_found(format!("no game '{id}'")))?;
        let session = Session::from_record(&rec)
            .map_err(|e| ApiError::internal(format!("saved game {id} cannot be read back: {e}")))?;
        let mut cache = self.cache();
        if !cache.contains_key(id) {
            make_room(&mut cache);
        }
        let entry = cache
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(tokio::sync::Mutex::new(session)));
        Ok(entry.clone())
    }

    /// Saves `s` to the database.
    async fn save(self: &Arc<Self>, s: &Session) -> Result<(), ApiError> {
        let me = self.clone();
        let rec = s.to_record();
        tokio::task::spawn_blocking(move || me.store.save(&rec))
            .await
            .map_err(|e| ApiError::internal(format!("database task failed: {e}")))?
            .map_err(|e| ApiError::internal(format!("the game could not be saved: {e}")))
    }

    /// Keeps a new session in memory, making room if needed.
    fn remember(&self, s: Session) -> Arc<tokio::sync::Mutex<Session>> {
        let mut cache = self.cache();
        make_room(&mut cache);
        let id = s.id.clone();
        let arc = Arc::new(tokio::sync::Mutex::new(s));
        cache.insert(id, arc.clone());
        arc
    }
}

/// At the cache's limit, drops the sessions nobody is using right now (they are in the
/// database), before one more is kept, whether new or loaded.
fn make_room(cache: &mut HashMap<String, Arc<tokio::sync::Mutex<Session>>>) {
    if cache.len() >= CACHE_LIMIT {
        cache.retain(|_, v| Arc::strong_count(v) > 1);
    }
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

/// A JSON body whose every rejection is a JSON error.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(e) => Err(json_rejection(e)),
        }
    }
}

fn json_rejection(e: JsonRejection) -> ApiError {
    let status = e.status();
    let text = e.body_text();
    let msg = if status == StatusCode::PAYLOAD_TOO_LARGE {
        format!("the request body is larger than {MAX_BODY} bytes")
    } else if status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
        "the request body must be JSON (Content-Type: application/json)".to_string()
    } else {
        text
    };
    ApiError::new(status, msg)
}

/// A path parameter whose every rejection is a JSON error.
pub struct Param(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Param {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(v)) => Ok(Param(v)),
            Err(e) => Err(ApiError::new(StatusCode::BAD_REQUEST, e.body_text())),
        }
    }
}

/// Query parameters whose every rejection is a JSON error.
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Params(v)),
            Err(e) => Err(query_rejection(e)),
        }
    }
}

fn query_rejection(e: QueryRejection) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, e.body_text())
}

/// The routes of the app: the API under `/api`, the page at `/`.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/rules", get(list_rules))
        .route("/api/rules/{game}", get(show_rules))
        .route("/api/games", post(create_game))
        .route("/api/games/import", post(import_game))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/reply", post(engine_reply))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/undo/decline", post(decline_undo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/analysis", get(analysis))
        .route("/api/games/{id}/ogn", get(export_ogn))
        .route("/api/mirall", post(crate::mirall::create))
        .route("/api/mirall/{id}", get(crate::mirall::get))
        .route("/api/mirall/{id}/sow", post(crate::mirall::sow))
        .route("/api/solitaires", get(solitaire::list))
        .route("/api/solitaires/{game}/cycle", get(solitaire::cycle))
        .route("/api/solitaires/{game}/table", get(solitaire::table))
        .merge(crate::assets::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("nothing at {}", short(uri.path())))
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {}", short(uri.path())),
    )
}

async fn health(State(st): State<Arc<AppState>>) -> Result<Json<Value>, ApiError> {
    let me = st.clone();
    let games = tokio::task::spawn_blocking(move || me.store.count())
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(|e| ApiError::internal(format!("database: {e}")))?;
    Ok(Json(json!({ "ok": true, "games": games })))
}

async fn list_rules() -> Json<Value> {
    let games: Vec<Value> = builtin_ids()
        .filter_map(builtin)
        .map(|r| {
            json!({ "id": r.id, "name": r.name, "summary": r.summary, "pits": r.pits, "seeds": r.seeds,
                    "stores": r.stores, "kind": "two-player" })
        })
        .collect();
    let levels: Vec<Value> = engine::all_levels()
        .iter()
        .map(|l| json!({ "id": l.id, "label": l.label() }))
        .collect();
    Json(json!({
        "games": games,
        "solitaires": solitaire::catalog(),
        "levels": levels,
        "opponents": ["engine", "local", "remote"],
    }))
}

async fn show_rules(Param(game): Param) -> Result<Json<Value>, ApiError> {
    let spec: GameSpec = game
        .parse()
        .map_err(|e: mancala_core::SpecError| ApiError::not_found(e.to_string()))?;
    if let Ok(g) = spec.id.parse::<mancala_solitaire::Solitaire>() {
        return Ok(Json(solitaire::rules_json(g)));
    }
    let rules = mancala_core::rules_for(&spec).map_err(|e| match e {
        mancala_core::SpecError::UnknownGame(_) => ApiError::not_found(e.to_string()),
        _ => ApiError::bad_request(e.to_string()),
    })?;
    let r = rules.ruleset();
    Ok(Json(json!({
        "id": spec.to_string(), "name": r.name, "summary": r.summary, "pits": r.pits, "seeds": r.seeds,
        "stores": r.stores, "kind": "two-player", "start": rules.start().to_string(),
        "ruleset": serde_json::to_value(r).map_err(|e| ApiError::internal(e.to_string()))?,
    })))
}

/// A new game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// `modiar`, `mangala-ii`, `oware`, `kalah`, with optional parameters (`modiar:seeds=5`).
    pub game: String,
    /// `engine` (default), `local` or `remote`.
    #[serde(default)]
    pub opponent: Option<String>,
    /// The engine's level (default `novice`).
    #[serde(default)]
    pub level: Option<String>,
    /// The creator's side against the engine or a remote player (default South).
    #[serde(default)]
    pub side: Option<String>,
    /// A set-up start position.
    #[serde(default)]
    pub position: Option<String>,
    /// A game through a link only: hints and analysis open to both during the game (the
    /// invitation says so before the friend joins). Default: off until the game ends.
    #[serde(default)]
    pub hints: Option<bool>,
}

use crate::poll::new_id;

fn parse_side(s: Option<&str>) -> Result<Side, ApiError> {
    match s {
        None => Ok(Side::South),
        Some(t) => match t.to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Side::South),
            "north" | "n" => Ok(Side::North),
            _ => Err(ApiError::bad_request(format!(
                "side '{}' is neither south nor north",
                short(t)
            ))),
        },
    }
}

/// A new session, the creator's token, and the other seat's side and token (remote games).
type NewSession = (Session, String, Option<(Side, String)>);

/// Builds a session from a request's opponent fields; returns it and the creator's token.
fn build_session(
    spec: GameSpec,
    start: Option<mancala_core::Position>,
    opponent: Option<&str>,
    level: Option<&str>,
    side: Option<&str>,
    hints: Option<bool>,
) -> Result<NewSession, ApiError> {
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
                },
                tokens,
                a,
                Some((me.other(), b)),
            )
        }
        other => {
            return Err(ApiError::bad_request(format!(
                "opponent '{}' is not one of engine, local, remote",
                short(other)
            )));
        }
    };
    if level.is_some() && !matches!(opp, Opponent::Engine { .. }) {
        return Err(ApiError::bad_request(
            "a level is given only for an engine opponent",
        ));
    }
    if hints.is_some() && !matches!(opp, Opponent::Remote { .. }) {
        return Err(ApiError::bad_request(
            "hints are chosen only for a game through a link (against the computer or on one screen they are always open)",
        ));
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
        let dir = st.data_dir.clone();
        let choice = tokio::task::spawn_blocking(move || {
            engine::choose(&level, &game, seed, dir.as_deref())
        })
        .await
        .map_err(|e| ApiError::internal(format!("engine task failed: {e}")))?;
        let Some(c) = choice else { break };
        plies.push(s.apply(c.mv)?);
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
) -> Result<(StatusCode, Json<Value>), ApiError> {
    run_engine(st, &mut s).await?;
    st.save(&s).await?;
    let answer = created_answer(&s, token, other);
    st.remember(s);
    Ok((StatusCode::CREATED, Json(answer)))
}

fn created_answer(s: &Session, token: String, other: Option<(Side, String)>) -> Value {
    let mut v = json!({ "id": s.id, "token": token, "state": s.view() });
    if let Some((side, t)) = other {
        v["invite"] = json!({ "side": side, "token": t, "link": format!("/?game={}&token={}&side={}", s.id, t, side.name()) });
    }
    v
}

async fn create_game(
    State(st): State<Arc<AppState>>,
    Body(req): Body<CreateRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let spec: GameSpec = req
        .game
        .parse()
        .map_err(|e: mancala_core::SpecError| ApiError::bad_request(e.to_string()))?;
    let rules = rules_of(&spec)?;
    let start = match &req.position {
        Some(p) => Some(
            rules
                .parse_position(p)
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        ),
        None => None,
    };
    let (s, token, other) = build_session(
        spec,
        start,
        req.opponent.as_deref(),
        req.level.as_deref(),
        req.side.as_deref(),
        req.hints,
    )?;
    created(&st, s, token, other).await
}

/// An OGN record to continue or study.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    pub ogn: String,
    #[serde(default)]
    pub opponent: Option<String>,
    #[serde(default)]
    pub level: Option<String>,
    #[serde(default)]
    pub side: Option<String>,
    #[serde(default)]
    pub hints: Option<bool>,
}

async fn import_game(
    State(st): State<Arc<AppState>>,
    Body(req): Body<ImportRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let rec = ogn::import(&req.ogn).map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let (mut s, token, other) = build_session(
        rec.spec,
        rec.start,
        req.opponent.as_deref(),
        req.level.as_deref(),
        req.side.as_deref(),
        req.hints,
    )?;
    for m in rec.moves {
        s.apply(m)?;
    }
    s.resigned = rec.resigned;
    created(&st, s, token, other).await
}

/// `?after=<version>&wait=<seconds>`: answer once the game has changed past `after`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateQuery {
    #[serde(default)]
    pub after: Option<u64>,
    #[serde(default)]
    pub wait: Option<u64>,
}

async fn get_game(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Params(q): Params<StateQuery>,
) -> Result<Json<StateView>, ApiError> {
    let s = st.session(&id).await?;
    let view = crate::poll::long_poll(q.after, q.wait, || {
        let s = s.clone();
        async move {
            let g = s.lock().await;
            Ok((g.version, g.view()))
        }
    })
    .await?;
    Ok(Json(view))
}

/// A request made for a seat.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    pub token: Option<String>,
    #[serde(rename = "move")]
    pub mv: String,
    /// Whether the engine answers in the same request (default); `false` answers at once with
    /// the player's move, and `POST /api/games/{id}/reply` then lets the engine move.
    #[serde(default)]
    pub reply: Option<bool>,
}

/// A change made by a seat: the session locked, the seat checked, `change` made on a copy
/// (then the engine's replies, when `engine_replies`), and the copy saved before it replaces
/// the session, so a failed change or save leaves the game as it was. Returns what `change`
/// returned, the plies the engine played and the new state.
async fn change_as_seat<R>(
    st: &Arc<AppState>,
    id: &str,
    token: Option<&str>,
    engine_replies: bool,
    change: impl FnOnce(&mut Session, Seat) -> Result<R, ApiError>,
) -> Result<(R, Vec<PlyView>, StateView), ApiError> {
    let s = st.session(id).await?;
    let mut guard = s.lock().await;
    let seat = guard.require_seat(token)?;
    let mut next = guard.clone();
    let r = change(&mut next, seat)?;
    let plies = if engine_replies {
        run_engine(st, &mut next).await?
    } else {
        Vec::new()
    };
    st.save(&next).await?;
    *guard = next;
    Ok((r, plies, guard.view()))
}

async fn play_move(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    let reply = req.reply.unwrap_or(true);
    let (ply, replies, state) =
        change_as_seat(&st, &id, req.token.as_deref(), reply, |next, seat| {
            next.play(seat, &req.mv)
        })
        .await?;
    let plies: Vec<PlyView> = std::iter::once(ply).chain(replies).collect();
    Ok(Json(json!({ "plies": plies, "state": state })))
}

/// `POST /api/games/{id}/reply`: the engine's moves while it is its turn (after a move sent
/// with `"reply": false`); nothing to do is not an error (no plies).
async fn engine_reply(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<TokenRequest>,
) -> Result<Json<Value>, ApiError> {
    let (_, plies, state) =
        change_as_seat(&st, &id, req.token.as_deref(), true, |_, _| Ok(())).await?;
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
async fn join(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<TokenRequest>,
) -> Result<Json<Value>, ApiError> {
    let fresh = new_id(24);
    let ((side, token), _, state) =
        change_as_seat(&st, &id, req.token.as_deref(), false, |next, _| {
            next.join(req.token.as_deref().unwrap_or(""), fresh)
        })
        .await
        .map_err(|e| {
            if e.status == StatusCode::FORBIDDEN {
                ApiError::forbidden(format!(
                    "this link no longer opens a seat of game {} (an invitation opens its seat once); you can watch the game",
                    short(&id)
                ))
            } else {
                e
            }
        })?;
    Ok(Json(
        json!({ "side": side, "token": token, "state": state }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    pub token: Option<String>,
    /// For a game on one screen: the side resigning (default: the side to move).
    #[serde(default)]
    pub side: Option<String>,
}

async fn undo(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<SeatRequest>,
) -> Result<Json<Value>, ApiError> {
    let (outcome, _, state) = change_as_seat(&st, &id, req.token.as_deref(), true, |next, seat| {
        next.undo(seat)
    })
    .await?;
    let (taken, asked) = match outcome {
        UndoOutcome::TakenBack(n) => (n, false),
        UndoOutcome::Asked => (0, true),
    };
    Ok(Json(
        json!({ "taken_back": taken, "asked": asked, "state": state }),
    ))
}

async fn decline_undo(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<SeatRequest>,
) -> Result<Json<Value>, ApiError> {
    let (_, _, state) = change_as_seat(&st, &id, req.token.as_deref(), false, |next, seat| {
        next.decline_undo(seat)
    })
    .await?;
    Ok(Json(json!({ "state": state })))
}

async fn resign(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<SeatRequest>,
) -> Result<Json<Value>, ApiError> {
    // The side is read after the seat is checked, so a bad token is refused first.
    let (_, _, state) = change_as_seat(&st, &id, req.token.as_deref(), false, |next, seat| {
        let side = req
            .side
            .as_deref()
            .map(|t| parse_side(Some(t)))
            .transpose()?;
        next.resign(seat, side)
    })
    .await?;
    Ok(Json(json!({ "state": state })))
}

async fn hint(State(st): State<Arc<AppState>>, Param(id): Param) -> Result<Json<Value>, ApiError> {
    let s = st.session(&id).await?;
    let game = {
        let g = s.lock().await;
        if g.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        g.require_hints_open()?;
        g.game.clone()
    };
    let side = game.position().side();
    let dir = st.data_dir.clone();
    let h = tokio::task::spawn_blocking(move || engine::hint(&game, dir.as_deref()))
        .await
        .map_err(|e| ApiError::internal(format!("engine task failed: {e}")))?
        .ok_or_else(|| ApiError::conflict("there is no legal move"))?;
    let moves: Vec<Value> = h
        .moves
        .iter()
        .map(|(m, v)| json!({ "move": m.to_string(), "value": v }))
        .collect();
    Ok(Json(json!({
        "side": side,
        "move": h.mv.to_string(),
        "score": h.score,
        "source": h.source,
        "depth": h.depth,
        "moves": moves,
    })))
}

/// Every move played so far, weighed: its value, the best move's, the seeds lost, mistakes.
async fn analysis(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
) -> Result<Json<Value>, ApiError> {
    let s = st.session(&id).await?;
    let game = {
        let g = s.lock().await;
        g.require_hints_open()?;
        g.game.clone()
    };
    if game.plies().is_empty() {
        return Err(ApiError::conflict("no move has been played yet"));
    }
    let dir = st.data_dir.clone();
    let weighed = tokio::task::spawn_blocking(move || engine::analysis(&game, dir.as_deref()))
        .await
        .map_err(|e| ApiError::internal(format!("engine task failed: {e}")))?;
    Ok(Json(
        serde_json::to_value(analysis::report(
            &weighed,
            engine::ANALYSIS_DEPTH,
            engine::MISTAKE_SEEDS,
        ))
        .map_err(|e| ApiError::internal(e.to_string()))?,
    ))
}

async fn export_ogn(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
) -> Result<Response, ApiError> {
    let s = st.session(&id).await?;
    let g = s.lock().await;
    let name = |side: Side| match &g.opponent {
        Opponent::Engine { side: e, level } if *e == side => format!("Engine ({level})"),
        _ => side.to_string(),
    };
    let (south, north) = (name(Side::South), name(Side::North));
    let text = ogn::export(
        &g.game,
        g.resigned,
        &ogn::Header {
            south: &south,
            north: &north,
            event: "Casual game",
            date: g.created,
        },
    );
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
