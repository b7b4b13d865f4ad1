//! Optional accounts: a name and a password (argon2id), a login kept in an `HttpOnly; Secure;
//! SameSite=Strict` cookie whose secret is stored only as its SHA-256, a token every change made
//! with the cookie must carry (CSRF), attempts throttled per address and per name in the
//! database (so every server counts the same), the account's games on any device, its records
//! as one OGN file, a player page and the leaderboards. Playing without an account is as before.
//! See docs/security.md.

use crate::error::{ApiError, Code};
use crate::extract::{Body, Param, Params, short};
use crate::limits::ClientOf;
pub use crate::login::{Login, MaybeLogin, same_secret};
use crate::poll::new_id;
use crate::ratings::{CATEGORIES, PROVISIONAL_DEVIATION, Pool};
use crate::session::Session;
use crate::state::{AppState, db_error};
use crate::store::accounts::{AccountRow, LoginRow, RatingRow};
use axum::Json;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use mancala_core::Side;
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::Digest;
use std::sync::{Arc, OnceLock};

/// The login cookie's name.
pub const COOKIE: &str = "mancala_login";
/// The header a change made with the login cookie carries its token in.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// How long a login lasts.
pub const LOGIN_MS: i64 = 30 * 24 * 3_600_000;

/// Failed logins counted per name from one address in [`ATTEMPT_WINDOW_MS`] before the name is
/// refused to that address for the rest of it. Other addresses may still log in to it: a
/// stranger guessing cannot lock its owner out.
pub const LOGIN_TRIES_PER_NAME: u32 = 10;
/// Failed logins counted per name from every address in the window before the name is refused
/// to all: guesses spread over many addresses are bounded too.
pub const LOGIN_TRIES_PER_NAME_ALL: u32 = 1000;
/// Failed logins counted per address in the window.
pub const LOGIN_TRIES_PER_ADDRESS: u32 = 30;
/// Accounts made per address in [`SIGNUP_WINDOW_MS`].
pub const SIGNUPS_PER_ADDRESS: u32 = 10;
pub const ATTEMPT_WINDOW_MS: i64 = 15 * 60_000;
pub const SIGNUP_WINDOW_MS: i64 = 3_600_000;

/// Names nobody may take (they would read as the game's own words).
const RESERVED: [&str; 8] = [
    "admin",
    "anonymous",
    "computer",
    "engine",
    "friend",
    "north",
    "opponent",
    "south",
];

/// The SHA-256 of a login's secret, as stored.
fn digest(secret: &str) -> String {
    let d = sha2::Sha256::digest(secret.as_bytes());
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// The login cookie's secret in `headers`.
fn cookie_secret(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty() && v.len() <= 64)
}

/// Every request: a login cookie is looked up (an ended or unknown one is as none), and a
/// change (any method but GET, HEAD, OPTIONS) made with a live login must carry its token in
/// [`CSRF_HEADER`], else 403 `csrf-token-wrong` and nothing is done.
pub async fn check_login(
    State(st): State<Arc<AppState>>,
    mut req: Request,
    next: Next,
) -> Response {
    if let Some(secret) = cookie_secret(req.headers()) {
        match st
            .store()
            .login(&digest(&secret), st.now_ms() - LOGIN_MS)
            .await
        {
            Ok(Some((l, account))) => {
                let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
                let sent = req
                    .headers()
                    .get(CSRF_HEADER)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("");
                if !safe && !same_secret(sent, &l.csrf) {
                    return ApiError::new(
                        Code::CsrfTokenWrong,
                        format!(
                            "a change made while logged in must carry the login's token in the {CSRF_HEADER} header (GET /api/account gives it)"
                        ),
                    )
                    .into_response();
                }
                req.extensions_mut().insert(Login {
                    id: l.id,
                    account,
                    csrf: l.csrf,
                });
            }
            Ok(None) => {}
            Err(e) => return db_error(e).into_response(),
        }
    }
    next.run(req).await
}

/// The `Set-Cookie` value giving a login's secret, or ending it (`None`).
fn set_cookie(secret: Option<&str>) -> HeaderValue {
    let v = match secret {
        Some(s) => format!(
            "{COOKIE}={s}; Path=/; Max-Age={}; HttpOnly; Secure; SameSite=Strict",
            LOGIN_MS / 1000
        ),
        None => format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict"),
    };
    HeaderValue::from_str(&v).unwrap_or(HeaderValue::from_static(""))
}

/// A name checked: 2 to 24 letters, digits, `-` or `_` (any script), not a reserved word; its
/// key (lower case) is what names are compared by.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let n = name.chars().count();
    let ok = (2..=24).contains(&n)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    if !ok {
        return Err(ApiError::new(
            Code::BadName,
            format!(
                "'{}' cannot be a name: 2 to 24 letters, digits, - or _",
                short(name)
            ),
        )
        .with("name", short(name)));
    }
    if let Some(why) = look_alike(name) {
        return Err(ApiError::new(
            Code::NameLookAlike,
            format!(
                "'{}' cannot be a name: it {why}, so it could pass for another name",
                short(name)
            ),
        )
        .with("name", short(name)));
    }
    let key = name.to_lowercase();
    if RESERVED.contains(&key.as_str()) {
        return Err(ApiError::new(
            Code::NameReserved,
            format!("the name '{name}' is reserved for the game's own words; choose another"),
        )
        .with("name", name));
    }
    Ok(key)
}

/// Why a name could be read as another one, if it could: written in compatibility forms
/// (full-width `ＡＬＩ`, ligatures), or with letters of two alphabets (a Cyrillic `а` among
/// Latin letters). Names in any one alphabet stay open.
fn look_alike(name: &str) -> Option<&'static str> {
    use unicode_normalization::UnicodeNormalization;
    if !name.nfkc().eq(name.chars()) {
        return Some("uses letters written in a compatibility form (full-width, ligatures)");
    }
    let mut scripts = name.chars().filter(|c| c.is_alphabetic()).map(script);
    let first = scripts.next()?;
    scripts
        .any(|s| s != first)
        .then_some("mixes letters of different alphabets")
}

/// The alphabet of a letter, among those whose letters look alike (Latin, Greek, Cyrillic,
/// Armenian), the right-to-left ones, and the rest together.
fn script(c: char) -> u8 {
    match c as u32 {
        0x41..=0x5A | 0x61..=0x7A | 0xAA | 0xBA | 0xC0..=0x24F | 0x1E00..=0x1EFF => 0,
        0x370..=0x3FF | 0x1F00..=0x1FFF => 1,
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => 2,
        0x530..=0x58F => 3,
        0x590..=0x5FF => 4,
        0x600..=0x6FF | 0x750..=0x77F | 0x8A0..=0x8FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => 5,
        _ => 6,
    }
}

fn check_password(p: &str) -> Result<(), ApiError> {
    let n = p.chars().count();
    if (8..=200).contains(&n) {
        return Ok(());
    }
    Err(
        ApiError::new(Code::BadPassword, "a password has 8 to 200 characters")
            .with("min", 8)
            .with("max", 200),
    )
}

/// The argon2id hash (PHC string, a salt of its own) of `password`.
async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
        let salt = SaltString::generate(&mut OsRng);
        argon2::Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::internal(format!("password hash: {e}")))
    })
    .await
    .map_err(|e| ApiError::internal(format!("password hash task: {e}")))?
}

/// Whether `password` is the one `stored` hashes; for no account (`None`) a hash is checked
/// all the same, so the answer takes as long whether the name exists or not.
async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        use argon2::password_hash::{PasswordHash, PasswordVerifier};
        static NOBODY: OnceLock<String> = OnceLock::new();
        let nobody = NOBODY.get_or_init(|| {
            use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
            let salt = SaltString::generate(&mut OsRng);
            argon2::Argon2::default()
                .hash_password(new_id(20).as_bytes(), &salt)
                .map(|h| h.to_string())
                .unwrap_or_default()
        });
        let exists = stored.is_some();
        let text = stored.unwrap_or_else(|| nobody.clone());
        let Ok(parsed) = PasswordHash::new(&text) else {
            return false;
        };
        let good = argon2::Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        good && exists
    })
    .await
    .unwrap_or(false)
}

/// 429: too many attempts under one key; try again in `seconds`.
fn throttled(seconds: i64) -> ApiError {
    let seconds = (seconds / 1000).max(1);
    ApiError::new(
        Code::TooManyAttempts,
        format!("too many attempts; try again in {seconds} s"),
    )
    .with("seconds", seconds)
}

/// Counts an attempt under `key` and refuses it if it is past `max` in the window. The attempt
/// is counted before anything is checked, so attempts sent at once cannot all slip under it.
async fn take_attempt(st: &AppState, key: &str, max: u32, window: i64) -> Result<(), ApiError> {
    let now = st.now_ms();
    let n = st
        .store()
        .attempt(key, now, window)
        .await
        .map_err(db_error)?;
    if n > max {
        let (_, since) = st
            .store()
            .attempts(key, now, window)
            .await
            .map_err(db_error)?;
        return Err(throttled(since + window - now));
    }
    Ok(())
}

fn address_key(what: &str, client: std::net::IpAddr) -> String {
    format!("{what}-address:{client}")
}

fn name_key(key: &str) -> String {
    format!("login-name:{key}")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// A new login for `account` (the one the request came with ended): the answer with its cookie.
async fn logged_in(
    st: &AppState,
    account: &AccountRow,
    old: Option<&Login>,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let secret = new_id(32);
    let l = LoginRow {
        id: digest(&secret),
        account: account.id.clone(),
        csrf: new_id(32),
        created: st.now_ms(),
    };
    st.store()
        .insert_login(&l, old.map(|o| o.id.as_str()))
        .await
        .map_err(db_error)?;
    Ok(with_cookie(
        status,
        Some(&secret),
        json!({ "account": { "name": account.name, "csrf": l.csrf } }),
    ))
}

fn with_cookie(status: StatusCode, secret: Option<&str>, body: Value) -> Response {
    let mut resp = (status, Json(body)).into_response();
    resp.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(secret));
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}

/// `POST /api/account/signup` with `{"name", "password"}`: a new account, logged in (201).
pub async fn signup(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(old): MaybeLogin,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    let key = address_key("signup", client);
    let name_key = check_name(&req.name)?;
    check_password(&req.password)?;
    take_attempt(&st, &key, SIGNUPS_PER_ADDRESS, SIGNUP_WINDOW_MS).await?;
    let a = AccountRow {
        id: new_id(16),
        name: req.name.clone(),
        name_key,
        password: hash(req.password).await?,
        created: st.now_ms(),
    };
    let secret = new_id(32);
    let l = LoginRow {
        id: digest(&secret),
        account: a.id.clone(),
        csrf: new_id(32),
        created: a.created,
    };
    if !st.store().insert_account(&a, &l).await.map_err(db_error)? {
        return Err(ApiError::new(
            Code::NameTaken,
            format!("the name '{}' is taken", short(&a.name)),
        )
        .with("name", short(&a.name)));
    }
    if let Some(o) = old {
        st.store().delete_login(&o.id).await.map_err(db_error)?;
    }
    Ok(with_cookie(
        StatusCode::CREATED,
        Some(&secret),
        json!({ "account": { "name": a.name, "csrf": l.csrf } }),
    ))
}

/// 401, the same for a wrong password and a name nobody has.
fn login_failed() -> ApiError {
    ApiError::new(Code::LoginFailed, "wrong name or password")
}

/// Checks `name` and `password` under the throttle: the account, or `login-failed` (each
/// failure counted against the name and the address).
async fn authenticate(
    st: &AppState,
    client: std::net::IpAddr,
    name: &str,
    password: String,
) -> Result<AccountRow, ApiError> {
    let key = name.to_lowercase();
    let by_name = name_key(&key);
    let by_address = address_key("login", client);
    let by_both = format!(
        "login-name-address:{}@{key}",
        crate::limits::client_key(client)
    );
    take_attempt(st, &by_both, LOGIN_TRIES_PER_NAME, ATTEMPT_WINDOW_MS).await?;
    take_attempt(st, &by_address, LOGIN_TRIES_PER_ADDRESS, ATTEMPT_WINDOW_MS).await?;
    take_attempt(st, &by_name, LOGIN_TRIES_PER_NAME_ALL, ATTEMPT_WINDOW_MS).await?;
    let account = if name.chars().count() <= 64 {
        st.store().account_named(&key).await.map_err(db_error)?
    } else {
        None
    };
    if verify(password, account.as_ref().map(|a| a.password.clone())).await
        && let Some(a) = account
    {
        // A success counts against neither: the name starts afresh, the address is forgiven
        // this one (many players behind one address log in).
        for k in [&by_both, &by_name] {
            st.store().clear_attempts(k).await.map_err(db_error)?;
        }
        st.store().forgive(&by_address).await.map_err(db_error)?;
        return Ok(a);
    }
    Err(login_failed())
}

/// `POST /api/account/login` with `{"name", "password"}`: a new login (its cookie), or 401
/// `login-failed` whether the name exists or not; 429 `too-many-attempts` past the throttle.
pub async fn login(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(old): MaybeLogin,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    let a = authenticate(&st, client, &req.name, req.password).await?;
    logged_in(&st, &a, old.as_ref(), StatusCode::OK).await
}

/// `POST /api/account/logout`: the login ended, its cookie cleared.
pub async fn logout(
    State(st): State<Arc<AppState>>,
    MaybeLogin(login): MaybeLogin,
) -> Result<Response, ApiError> {
    if let Some(l) = login {
        st.store().delete_login(&l.id).await.map_err(db_error)?;
    }
    Ok(with_cookie(
        StatusCode::OK,
        None,
        json!({ "account": null }),
    ))
}

fn require_login(login: Option<Login>) -> Result<Login, ApiError> {
    login.ok_or_else(|| {
        ApiError::new(
            Code::LoginRequired,
            "this needs you to be logged in (POST /api/account/login)",
        )
    })
}

/// A rating as answered.
fn rating_json(r: &RatingRow) -> Value {
    let pool = Pool::parse(&r.pool);
    json!({
        "pool": r.pool,
        "game": pool.as_ref().map(|p| p.game.clone()),
        "category": pool.as_ref().map(|p| p.category.clone()),
        "rating": r.glicko.rating.round(),
        "deviation": r.glicko.deviation.round(),
        "provisional": r.glicko.provisional(),
        "games": r.games,
    })
}

/// `GET /api/account`: `{"account": {"name", "csrf", "ratings"}}`, or `{"account": null}`.
pub async fn me(
    State(st): State<Arc<AppState>>,
    MaybeLogin(login): MaybeLogin,
) -> Result<Response, ApiError> {
    let body = match login {
        None => json!({ "account": null }),
        Some(l) => {
            let ratings = st
                .store()
                .ratings_of(&l.account.id)
                .await
                .map_err(db_error)?;
            json!({ "account": {
                "name": l.account.name, "csrf": l.csrf, "created": l.account.created,
                "ratings": ratings.iter().map(rating_json).collect::<Vec<_>>(),
            }})
        }
    };
    let mut resp = Json(body).into_response();
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(resp)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    pub password: String,
    pub new_password: String,
}

/// `POST /api/account/password` with `{"password", "new_password"}`: the password changed;
/// every other login of the account ended, this one given a new id.
pub async fn change_password(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(login): MaybeLogin,
    Body(req): Body<PasswordChange>,
) -> Result<Response, ApiError> {
    let l = require_login(login)?;
    check_password(&req.new_password)?;
    let a = authenticate(&st, client, &l.account.name, req.password).await?;
    let h = hash(req.new_password).await?;
    st.store()
        .set_password(&a.id, &h, &l.id)
        .await
        .map_err(db_error)?;
    logged_in(&st, &a, Some(&l), StatusCode::OK).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deletion {
    pub password: String,
}

/// `POST /api/account/delete` with `{"password"}`: the account removed with its logins,
/// ratings and seats; its games stay for the other players, with no name on its side.
pub async fn delete(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    MaybeLogin(login): MaybeLogin,
    Body(req): Body<Deletion>,
) -> Result<Response, ApiError> {
    let l = require_login(login)?;
    let a = authenticate(&st, client, &l.account.name, req.password).await?;
    st.store().delete_account(&a.id).await.map_err(db_error)?;
    st.changes().changed(crate::store::LOBBY_KEY);
    Ok(with_cookie(
        StatusCode::OK,
        None,
        json!({ "account": null, "deleted": true }),
    ))
}

/// The most games an account's list and export give.
pub const LISTED_GAMES: u32 = 500;

/// One of an account's games in a list: what it is, the side, the other player, the result.
fn game_entry(st: &AppState, s: &Session, side: Side, names: &[(Side, String)]) -> Value {
    let other = names
        .iter()
        .find(|(s2, _)| *s2 == side.other())
        .map(|(_, n)| n.clone());
    let v = crate::views::state(s, st.now_ms());
    json!({
        "id": s.id, "game": s.spec.to_string(), "name": s.game.rules().name(), "side": side,
        "opponent": v.seats[side.other()], "opponent_name": other,
        "rated": s.extras.rated.is_some(), "over": v.over,
        "result": v.result.map(|r| json!({ "winner": r.winner, "code": r.code, "scores": r.scores })),
        "plies": s.game.plies().len(), "created": s.created,
    })
}

/// An account's games, newest first, each with its session and the names on its sides.
async fn games_with_names(
    st: &AppState,
    account: &str,
) -> Result<Vec<(Session, Side, Vec<(Side, String)>)>, ApiError> {
    let rows = st
        .store()
        .games_of(account, LISTED_GAMES)
        .await
        .map_err(db_error)?;
    let mut out = Vec::new();
    for (row, side) in rows {
        let Ok(mut s) = Session::from_row(&row) else {
            continue;
        };
        // A clock may have ended it since it was last written: settled as any read does.
        if !s.is_over() && s.extras.clock.is_some() {
            s = st.load_settled(&s.id).await?;
        }
        let names = st
            .store()
            .players(&s.id, "")
            .await
            .map_err(db_error)?
            .into_iter()
            .map(|p| (p.side, p.name))
            .collect();
        out.push((s, side, names));
    }
    Ok(out)
}

/// `GET /api/account/games`: every game of the account, newest first, each with the token of
/// its seat, so it opens on any device where the account is logged in.
pub async fn my_games(
    State(st): State<Arc<AppState>>,
    MaybeLogin(login): MaybeLogin,
) -> Result<Response, ApiError> {
    let l = require_login(login)?;
    let games = games_with_names(&st, &l.account.id).await?;
    let list: Vec<Value> = games
        .iter()
        .map(|(s, side, names)| {
            let mut v = game_entry(&st, s, *side, names);
            v["token"] = json!(s.tokens[*side]);
            v
        })
        .collect();
    let mut resp = Json(json!({ "games": list })).into_response();
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(resp)
}

/// `GET /api/account/ogn`: every game of the account as one OGN file, oldest first.
pub async fn export_all(
    State(st): State<Arc<AppState>>,
    MaybeLogin(login): MaybeLogin,
) -> Result<Response, ApiError> {
    let l = require_login(login)?;
    let mut games = games_with_names(&st, &l.account.id).await?;
    games.reverse();
    let text: Vec<String> = games
        .iter()
        .map(|(s, _, names)| crate::games::record_of(s, names))
        .collect();
    let mut resp = text.join("\n").into_response();
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ogn; charset=utf-8"),
    );
    h.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"mancala-games.ogn\""),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(resp)
}

fn no_player(name: &str) -> ApiError {
    ApiError::new(Code::NoPlayer, format!("no player '{}'", short(name))).with("name", short(name))
}

/// `GET /api/players/{name}`: a player's page — ratings per pool, the history of each, the
/// games with their results (no tokens).
pub async fn player(
    State(st): State<Arc<AppState>>,
    Param(name): Param,
) -> Result<Json<Value>, ApiError> {
    if name.chars().count() > 64 {
        return Err(no_player(&name));
    }
    let a = st
        .store()
        .account_named(&name.to_lowercase())
        .await
        .map_err(db_error)?
        .ok_or_else(|| no_player(&name))?;
    // The games first: settling one the clock ended counts its ratings.
    let games = games_with_names(&st, &a.id).await?;
    let ratings = st.store().ratings_of(&a.id).await.map_err(db_error)?;
    let history = st.store().history(&a.id).await.map_err(db_error)?;
    Ok(Json(json!({
        "name": a.name,
        "created": a.created,
        "ratings": ratings.iter().map(rating_json).collect::<Vec<_>>(),
        "history": history.iter().map(|h| json!({
            "pool": h.pool, "game": h.game, "at": h.at, "rating": h.rating.round(),
            "before": h.before.round(), "deviation": h.deviation.round(),
        })).collect::<Vec<_>>(),
        "games": games.iter().map(|(s, side, names)| game_entry(&st, s, *side, names)).collect::<Vec<_>>(),
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardQuery {
    /// `oware/blitz`; none: the pool with most players.
    #[serde(default)]
    pub pool: Option<String>,
}

/// `GET /api/leaderboard[?pool=oware/blitz]`: the best ratings of a pool (provisional ones
/// last, marked), and the pools there are.
pub async fn leaderboard(
    State(st): State<Arc<AppState>>,
    Params(q): Params<LeaderboardQuery>,
) -> Result<Json<Value>, ApiError> {
    // The lobby's games a clock has ended since they were last written count first.
    crate::lobby::settle_games(&st).await?;
    let pools = st.store().pools().await.map_err(db_error)?;
    let pool = match q.pool {
        Some(p) => {
            let bad = |why: String| {
                ApiError::new(
                    Code::BadPool,
                    format!(
                        "'{}' is not a pool: a game and a time category ({}), as oware/blitz{why}",
                        short(&p),
                        CATEGORIES.join(", ")
                    ),
                )
                .with("pool", short(&p))
            };
            let Some(mut parsed) = Pool::parse(&p) else {
                return Err(bad(String::new()));
            };
            // The game as a rated game names it (its parameters written the one way), and one
            // there is: an unknown game or one it cannot be is no pool.
            let spec = crate::games::parse_spec(&parsed.game)
                .map_err(|e| bad(format!(" ({})", e.message)))?;
            crate::session::rules_of(&spec)
                .map_err(|e| bad(format!(" ({})", ApiError::from(e).message)))?;
            parsed.game = spec.to_string();
            Some(parsed.key())
        }
        None => pools.first().map(|(p, _)| p.clone()),
    };
    let rows = match &pool {
        Some(p) => st
            .store()
            .leaderboard(p, PROVISIONAL_DEVIATION, 100)
            .await
            .map_err(db_error)?,
        None => vec![],
    };
    Ok(Json(json!({
        "pool": pool,
        "pools": pools.iter().map(|(p, n)| {
            let parsed = Pool::parse(p);
            json!({ "pool": p, "players": n, "game": parsed.as_ref().map(|x| x.game.clone()),
                    "category": parsed.map(|x| x.category) })
        }).collect::<Vec<_>>(),
        "players": rows.iter().enumerate().map(|(i, (name, r))| {
            let mut v = rating_json(r);
            v["rank"] = json!(i + 1);
            v["name"] = json!(name);
            v
        }).collect::<Vec<_>>(),
    })))
}
