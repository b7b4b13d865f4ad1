//! What every request handler shares: the store, the games kept in memory, where the
//! databases are.

use crate::error::{ApiError, Code};
use crate::extract::short;
use crate::session::Session;
use crate::store::Store;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

/// Games kept in memory; finished or idle ones beyond this are read back from the database.
const CACHE_LIMIT: usize = 4096;

/// What every request handler shares.
pub struct AppState {
    store: Store,
    cache: std::sync::Mutex<HashMap<String, Arc<tokio::sync::Mutex<Session>>>>,
    /// Where the perfect-play databases are looked for (the engine and hints).
    data_dir: Option<PathBuf>,
    /// El mirall rooms change one at a time (they are small and rare).
    mirall_lock: tokio::sync::Mutex<()>,
    /// The long polls waiting for a game or a room to change.
    changes: crate::poll::Changes,
}

impl AppState {
    /// The app's state, with hints from the databases in the default data directory.
    pub fn new(store: Store) -> Arc<AppState> {
        Self::with_data_dir(store, Some(mancala_solver::default_data_dir()))
    }

    /// The app's state with hints from the databases in `data_dir` (none: search only).
    pub fn with_data_dir(store: Store, data_dir: Option<PathBuf>) -> Arc<AppState> {
        Arc::new(AppState {
            store,
            cache: std::sync::Mutex::new(HashMap::new()),
            data_dir,
            mirall_lock: tokio::sync::Mutex::new(()),
            changes: crate::poll::Changes::default(),
        })
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Where the perfect-play databases are looked for.
    pub fn data_dir(&self) -> Option<PathBuf> {
        self.data_dir.clone()
    }

    pub(crate) fn mirall_lock(&self) -> &tokio::sync::Mutex<()> {
        &self.mirall_lock
    }

    /// Runs `f` on the store in a blocking task; a failure is a 500 whose message starts
    /// with `what` ("database", "the game could not be saved").
    pub async fn with_store<T: Send + 'static>(
        self: &Arc<Self>,
        what: &'static str,
        f: impl FnOnce(&Store) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, ApiError> {
        let me = self.clone();
        tokio::task::spawn_blocking(move || f(&me.store))
            .await
            .map_err(|e| ApiError::internal(format!("database task failed: {e}")))?
            .map_err(|e| ApiError::internal(format!("{what}: {e}")))
    }

    fn cache(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<String, Arc<tokio::sync::Mutex<Session>>>> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The session `id`, from memory or the database.
    pub async fn session(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<Arc<tokio::sync::Mutex<Session>>, ApiError> {
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(no_game(id));
        }
        if let Some(s) = self.cache().get(id) {
            return Ok(s.clone());
        }
        let key = id.to_string();
        let row = self
            .with_store("database", move |store| store.load(&key))
            .await?
            .ok_or_else(|| no_game(id))?;
        let session = Session::from_row(&row)
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

    /// Saves `s` to the database; the polls waiting on it look again.
    pub async fn save(self: &Arc<Self>, s: &Session) -> Result<(), ApiError> {
        let row = s.to_row();
        self.with_store("the game could not be saved", move |store| store.save(&row))
            .await?;
        self.changes.changed(&game_key(&s.id));
        Ok(())
    }

    /// The long polls' changes: a game's key is [`game_key`], a room's [`room_key`].
    pub fn changes(&self) -> &crate::poll::Changes {
        &self.changes
    }

    /// Keeps a new session in memory, making room if needed.
    pub fn remember(&self, s: Session) -> Arc<tokio::sync::Mutex<Session>> {
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

/// A game's key among the [`crate::poll::Changes`].
pub fn game_key(id: &str) -> String {
    format!("game:{id}")
}

/// An El mirall room's key among the [`crate::poll::Changes`].
pub fn room_key(id: &str) -> String {
    format!("mirall:{id}")
}

/// No game of that id.
fn no_game(id: &str) -> ApiError {
    let id = short(id);
    ApiError::new(Code::NoGame, format!("no game '{id}'")).with("id", id)
}
