//! What every request handler shares: the store (the truth: no game is kept in memory between
//! requests, so every server sees the same games), the waiting polls, where the databases are.

use crate::error::{ApiError, Code};
use crate::extract::short;
use crate::session::{Session, Staleness};
use crate::store::{DbError, Store, game_key};
use crate::views;
use std::path::PathBuf;
use std::sync::Arc;

/// Where the server reads the time (Unix milliseconds): the system's clock, or a clock a test
/// sets ([`FakeNow`]).
pub trait Now: Send + Sync {
    fn now_ms(&self) -> i64;
}

/// The system's clock.
pub struct SystemNow;

impl Now for SystemNow {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told (for tests of the clocks' authority).
pub struct FakeNow(std::sync::atomic::AtomicI64);

impl FakeNow {
    pub fn new(ms: i64) -> Arc<FakeNow> {
        Arc::new(FakeNow(std::sync::atomic::AtomicI64::new(ms)))
    }

    /// Moves the clock on by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Now for FakeNow {
    fn now_ms(&self) -> i64 {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// What every request handler shares.
pub struct AppState {
    /// Where the time is read.
    now: Arc<dyn Now>,
    store: Store,
    /// Where the perfect-play databases are looked for (the engine and hints).
    data_dir: Option<PathBuf>,
    /// The long polls waiting for a game or a room to change.
    changes: Arc<crate::changes::Changes>,
    /// The limits per client, and the hints and analyses kept.
    guards: crate::limits::Guards,
}

impl AppState {
    /// The app's state, with hints from the databases in the default data directory.
    pub fn new(store: Store) -> Arc<AppState> {
        Self::with_data_dir(store, Some(mancala_solver::default_data_dir()))
    }

    /// The app's state with hints from the databases in `data_dir` (none: search only). A
    /// PostgreSQL store starts listening for the other servers' changes (so this is called in
    /// the server's runtime).
    pub fn with_data_dir(store: Store, data_dir: Option<PathBuf>) -> Arc<AppState> {
        Self::with_limits(store, data_dir, crate::limits::ClientLimits::default())
    }

    /// [`AppState::with_data_dir`] with other limits per client.
    pub fn with_limits(
        store: Store,
        data_dir: Option<PathBuf>,
        limits: crate::limits::ClientLimits,
    ) -> Arc<AppState> {
        Self::with_clock(store, data_dir, limits, Arc::new(SystemNow))
    }

    /// [`AppState::with_limits`] with the time read from `now` (a [`FakeNow`] in tests).
    pub fn with_clock(
        store: Store,
        data_dir: Option<PathBuf>,
        limits: crate::limits::ClientLimits,
        now: Arc<dyn Now>,
    ) -> Arc<AppState> {
        let changes = Arc::new(crate::changes::Changes::default());
        store.listen(changes.clone());
        Arc::new(AppState {
            now,
            store,
            data_dir,
            changes,
            guards: crate::limits::Guards::new(limits),
        })
    }

    /// The time now, Unix milliseconds.
    pub fn now_ms(&self) -> i64 {
        self.now.now_ms()
    }

    /// The limits per client.
    pub fn guards(&self) -> &crate::limits::Guards {
        &self.guards
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Where the perfect-play databases are looked for.
    pub fn data_dir(&self) -> Option<PathBuf> {
        self.data_dir.clone()
    }

    /// The long polls' changes: a game's key is [`game_key`], a room's
    /// [`crate::store::room_key`].
    pub fn changes(&self) -> &crate::changes::Changes {
        &self.changes
    }

    /// The game `id` as the database has it now, with what its clock has decided since saved
    /// first (a flag fallen, an abort: see [`Session::settle`]), so every reader on every
    /// server sees the same ending.
    pub async fn load(&self, id: &str) -> Result<Session, ApiError> {
        let s = self.load_settled(id).await?;
        self.with_players(s).await
    }

    /// [`AppState::load`] without the accounts playing it (for lists of many games).
    pub async fn load_settled(&self, id: &str) -> Result<Session, ApiError> {
        let mut tries = 0;
        loop {
            let mut s = self.load_row(id).await?;
            let seen = s.version;
            if !s.settle(self.now_ms()) || self.commit(&s, seen).await? {
                return Ok(s);
            }
            // Another change came first: read it again.
            tries += 1;
            if tries >= 5 {
                return self.load_row(id).await;
            }
        }
    }

    /// `s` with the accounts playing it and their ratings in its pool.
    pub async fn with_players(&self, mut s: Session) -> Result<Session, ApiError> {
        let pool = s
            .extras
            .rated
            .as_ref()
            .map(|r| r.pool.key())
            .unwrap_or_default();
        s.players = self.store.players(&s.id, &pool).await.map_err(db_error)?;
        Ok(s)
    }

    /// The game `id` as the database has it, as it is stored.
    async fn load_row(&self, id: &str) -> Result<Session, ApiError> {
        if !is_id(id) {
            return Err(no_game(id));
        }
        let row = self
            .store
            .load_game(id)
            .await
            .map_err(db_error)?
            .ok_or_else(|| no_game(id))?;
        Session::from_row(&row)
            .map_err(|e| ApiError::internal(format!("saved game {id} cannot be read back: {e}")))
    }

    /// Saves a new game.
    pub async fn insert(&self, s: &Session) -> Result<(), ApiError> {
        self.insert_with(s, &[], None).await.map(|_| ())
    }

    /// Saves a new game with the accounts playing its sides, and the client's id of the
    /// request that made it with its maker's side (if it gave one): false, nothing written,
    /// if that id made a game already.
    pub async fn insert_with(
        &self,
        s: &Session,
        players: &[(mancala_core::Side, String)],
        request: Option<(&str, mancala_core::Side)>,
    ) -> Result<bool, ApiError> {
        if self
            .store
            .insert_game_with(&s.to_row(), players, request)
            .await
            .map_err(db_error)?
        {
            Ok(true)
        } else if request.is_some() {
            Ok(false)
        } else {
            Err(ApiError::internal(format!(
                "the game could not be saved: a game {} exists",
                s.id
            )))
        }
    }

    /// Writes `s` if the stored game is still at version `expected`; the polls waiting on it
    /// look again. False (nothing written) if another change came first.
    /// A rated game's end is counted in the ratings in the same transaction.
    pub async fn commit(&self, s: &Session, expected: u64) -> Result<bool, ApiError> {
        let done = match s.rated_end(self.now_ms()) {
            Some(end) => self
                .store
                .update_game_rated(&s.to_row(), expected as i64, &end)
                .await
                .map_err(db_error)?,
            None => self
                .store
                .update_game(&s.to_row(), expected as i64)
                .await
                .map_err(db_error)?,
        };
        if done {
            self.changes.changed(&game_key(&s.id));
        }
        Ok(done)
    }
}

/// Whether `id` can be a game's or a room's id (ids are short and alphanumeric).
pub fn is_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A database failure as answered: 503 while the database does not answer (the page says it
/// is reconnecting and tries again), else 500.
pub fn db_error(e: DbError) -> ApiError {
    match e {
        DbError::Unavailable(detail) => ApiError::new(
            Code::DatabaseUnavailable,
            "the database is not answering; nothing was changed, try again in a moment",
        )
        .with("detail", detail),
        DbError::Failed(detail) => ApiError::internal(format!("database: {detail}")),
    }
}

/// 409: the game is no longer at the version the request was made for (another change came
/// first, or the request is a repeat of one already done: `stale-version`), or the request names
/// a version the game has not reached (the client is out of step: `future-version`); the answer
/// carries the game as it is, so a retry is harmless.
pub fn stale(s: &Session, expected: u64, why: Staleness, now: i64) -> ApiError {
    let e = match why {
        Staleness::Behind => ApiError::new(
            Code::StaleVersion,
            format!(
                "the game has moved on: it is at version {}, not {expected} (this request was made for an earlier position, or was already done)",
                s.version
            ),
        ),
        Staleness::Ahead => future_version(s.version, expected, "the game"),
    };
    e.with("version", s.version)
        .with("expected", expected)
        .with_state(serde_json::to_value(views::state(s, now)).unwrap_or_default())
}

/// 409 `future-version`: a request for version `expected` of `what`, which is only at `version`
/// (no client was ever shown that version: the client is out of step with the server).
pub fn future_version(version: u64, expected: u64, what: &str) -> ApiError {
    ApiError::new(
        Code::FutureVersion,
        format!(
            "{what} is at version {version}: version {expected} is one it has not reached (the request does not come from anything the server showed; look at {what} again)"
        ),
    )
}

/// No game of that id.
fn no_game(id: &str) -> ApiError {
    let id = short(id);
    ApiError::new(Code::NoGame, format!("no game '{id}'")).with("id", id)
}
