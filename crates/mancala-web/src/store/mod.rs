//! Where games and El mirall rooms are kept: the database is the truth. Two stores behind one
//! interface, with the same tables and the same versioned migrations:
//! - [`sqlite`]: one SQLite file (`--db FILE`), the embedded default with nothing to install;
//!   one process at a time (a second is refused at start);
//! - [`postgres`]: a PostgreSQL database (`--database postgres://…`), which several servers
//!   share; a change made through one is told to the others by `LISTEN`/`NOTIFY`.
//!
//! Every change is a compare-and-set: a row is written only if its stored version is still the
//! one the change was made from, in one statement, so two servers (or two requests) can never
//! both change the same game from the same version, and a retried request finds the version
//! moved on.

pub mod accounts;
pub mod postgres;
pub mod sql;
pub mod sqlite;

use crate::changes::Changes;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The schema version this build writes and reads: a database of a newer one is refused.
pub const SCHEMA_VERSION: i64 = 9;

/// The migrations, in order: migration `i` brings a database from schema `i` to `i + 1`. The
/// same statements serve both stores.
const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [
    // 1: games.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        spec TEXT NOT NULL,
        start TEXT NOT NULL,
        moves TEXT NOT NULL,
        opponent TEXT NOT NULL,
        token_south TEXT NOT NULL,
        token_north TEXT NOT NULL,
        resigned TEXT,
        undo_request TEXT,
        version BIGINT NOT NULL,
        created BIGINT NOT NULL,
        updated BIGINT NOT NULL
     )",
    // 2: El mirall played by two people on two devices.
    "CREATE TABLE mirall (
        id TEXT PRIMARY KEY,
        pits BIGINT NOT NULL,
        seeds BIGINT NOT NULL,
        moves BIGINT NOT NULL,
        pending_south BIGINT NOT NULL,
        pending_north BIGINT NOT NULL,
        errors_south BIGINT NOT NULL,
        errors_north BIGINT NOT NULL,
        first_at BIGINT,
        gap_total BIGINT NOT NULL,
        gaps BIGINT NOT NULL,
        token_south TEXT NOT NULL,
        token_north TEXT NOT NULL,
        version BIGINT NOT NULL,
        created BIGINT NOT NULL,
        updated BIGINT NOT NULL
     )",
    // 3: what a game between people has besides its moves: its clock, a draw offer, a
    // rematch (JSON, see `crate::session::Extras`).
    "ALTER TABLE games ADD COLUMN extras TEXT NOT NULL DEFAULT '{}'",
    // 4: the lobby's open challenges.
    "CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        spec TEXT NOT NULL,
        clock TEXT,
        side TEXT NOT NULL,
        token TEXT NOT NULL,
        game TEXT,
        version BIGINT NOT NULL,
        created BIGINT NOT NULL,
        seen BIGINT NOT NULL
     )",
    // 5: when each seat of a game was last seen (a page following it), to say whether the
    // other player is there and to let a win be claimed from one who left.
    "CREATE TABLE presence (
        game TEXT NOT NULL,
        side TEXT NOT NULL,
        seen BIGINT NOT NULL,
        PRIMARY KEY (game, side)
     )",
    // 6: accounts, their logins, the throttle on attempts, who plays each game, ratings (see
    // `accounts`), and the account and ratedness of a challenge.
    "CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        created BIGINT NOT NULL
     );
     CREATE TABLE logins (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        csrf TEXT NOT NULL,
        created BIGINT NOT NULL
     );
     CREATE INDEX logins_account ON logins (account);
     CREATE TABLE attempts (
        subject TEXT PRIMARY KEY,
        tries BIGINT NOT NULL,
        since BIGINT NOT NULL
     );
     CREATE TABLE players (
        game TEXT NOT NULL,
        side TEXT NOT NULL,
        account TEXT NOT NULL,
        created BIGINT NOT NULL,
        PRIMARY KEY (game, side)
     );
     CREATE INDEX players_account ON players (account, created);
     CREATE TABLE ratings (
        account TEXT NOT NULL,
        pool TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        version BIGINT NOT NULL,
        PRIMARY KEY (account, pool)
     );
     CREATE INDEX ratings_pool ON ratings (pool, rating);
     CREATE TABLE rating_history (
        account TEXT NOT NULL,
        pool TEXT NOT NULL,
        game TEXT NOT NULL,
        at BIGINT NOT NULL,
        previous DOUBLE PRECISION NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (account, pool, game)
     );
     CREATE TABLE rated_games (
        game TEXT PRIMARY KEY,
        at BIGINT NOT NULL
     );
     ALTER TABLE challenges ADD COLUMN account TEXT NOT NULL DEFAULT '';
     ALTER TABLE challenges ADD COLUMN rated BIGINT NOT NULL DEFAULT 0",
    // 7: the address a challenge was made from, to bound the open challenges of one address.
    "ALTER TABLE challenges ADD COLUMN client TEXT NOT NULL DEFAULT ''",
    // 8: the ids the clients gave the requests that made and accepted a challenge, so that a
    // request sent again after its answer was lost gets that answer rather than a second
    // challenge or game.
    "ALTER TABLE challenges ADD COLUMN request TEXT NOT NULL DEFAULT '';
     ALTER TABLE challenges ADD COLUMN accept_request TEXT NOT NULL DEFAULT '';
     CREATE INDEX challenges_request ON challenges (request);
     CREATE INDEX challenges_accept_request ON challenges (accept_request)",
    // 9: the ids the clients gave the requests that made games, and the seat each made its
    // maker, so that a request sent again gets the same game (kept a few hours).
    "CREATE TABLE game_requests (
        request TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        side TEXT NOT NULL,
        created BIGINT NOT NULL
     );
     CREATE INDEX game_requests_created ON game_requests (created)",
];

/// The columns of a game row, in the order of [`GameRow`]'s fields.
const GAME_COLUMNS: &str = "id, spec, start, moves, opponent, token_south, token_north, resigned, \
     undo_request, version, created, updated, extras";

/// The columns of a room row, in the order of [`RoomRow`]'s fields.
const ROOM_COLUMNS: &str = "id, pits, seeds, moves, pending_south, pending_north, errors_south, \
     errors_north, first_at, gap_total, gaps, token_south, token_north, version, created, updated";

/// One row of the games table: a game in plain text (see [`crate::session::Session::to_row`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub spec: String,
    pub start: String,
    pub moves: String,
    pub opponent: String,
    pub token_south: String,
    pub token_north: String,
    pub resigned: Option<String>,
    pub undo_request: Option<String>,
    pub version: i64,
    pub created: i64,
    pub updated: i64,
    /// The clock, a draw offer, a rematch, as JSON.
    pub extras: String,
}

/// The columns of a challenge row, in the order of [`ChallengeRow`]'s fields.
const CHALLENGE_COLUMNS: &str = "id, spec, clock, side, token, game, version, created, seen, account, rated, client, \
     request, accept_request";

/// One open challenge of the lobby (see [`crate::lobby`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: String,
    /// The game asked for (`modiar`, `oware:pits=4`).
    pub spec: String,
    /// The time control asked for (`3+2`, `1d`), or none.
    pub clock: Option<String>,
    /// The side the challenger plays: `south`, `north` or `random`.
    pub side: String,
    /// The challenger's secret: his seat's token in the game once it is accepted.
    pub token: String,
    /// The game made when it was accepted.
    pub game: Option<String>,
    pub version: i64,
    /// Unix ms.
    pub created: i64,
    /// When the challenger last looked (Unix ms): a challenge whose maker has gone is not listed.
    pub seen: i64,
    /// The maker's account, or empty.
    pub account: String,
    /// 1 for a rated challenge (both players need accounts), else 0.
    pub rated: i64,
    /// The address (an IPv6 /64) it was made from: one address keeps a bounded number open.
    pub client: String,
    /// The id its maker's client gave the request that made it, or empty.
    pub request: String,
    /// The id the accepter's client gave the request that accepted it, or empty.
    pub accept_request: String,
}

/// One row of the El mirall table: a room between two devices (its play is in
/// [`crate::mirall`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRow {
    pub id: String,
    pub pits: usize,
    pub seeds: u64,
    /// Moves made (each a sowing by both).
    pub moves: u64,
    /// Whether South (0) and North (1) have sown their pit for the move under way.
    pub pending: [bool; 2],
    /// Wrong pits named by South and North.
    pub errors: [u64; 2],
    /// When the first sowing of the move under way came (Unix milliseconds).
    pub first_at: Option<i64>,
    /// Milliseconds between the two sowings of each move, added up, and how many moves.
    pub gap_total: i64,
    pub gaps: u64,
    pub tokens: [String; 2],
    pub version: u64,
    /// Unix milliseconds.
    pub created: i64,
    pub updated: i64,
}

/// Why a database cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database {path}: the folder {dir} does not exist")]
    NoFolder { path: String, dir: String },
    /// (The error is part of the message, not a source: printed with its causes, it would
    /// come twice.)
    #[error("cannot create the folder {dir} for the database: {error}")]
    CreateFolder { dir: String, error: std::io::Error },
    #[error("cannot open the database {path}: {detail}")]
    Open { path: String, detail: String },
    #[error(
        "database {path} is in use by another mancala process (a server, or `mancala store copy`); stop it first, or share a PostgreSQL database between servers (--database postgres://...)"
    )]
    InUse { path: String },
    #[error(
        "database {path}: this is a database of something else (it has tables but none of ours); give another one"
    )]
    Foreign { path: String },
    #[error(
        "database {path}: the database was written by a newer version (schema {found}, this build reads {SCHEMA_VERSION})"
    )]
    Newer { path: String, found: i64 },
    #[error("database {path}: {detail}")]
    Failed { path: String, detail: String },
    #[error("{0}")]
    BadUrl(String),
}

/// Why a read or a write of the database failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DbError {
    /// The database does not answer (PostgreSQL down or unreachable): try again later.
    #[error("the database is not answering: {0}")]
    Unavailable(String),
    /// Anything else.
    #[error("{0}")]
    Failed(String),
}

/// Where the games are kept, as `mancala serve` is told: a file, or a PostgreSQL URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Target {
    /// A PostgreSQL URL (`postgres://` or `postgresql://`) or else a file's path.
    pub fn parse(s: &str) -> Target {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            Target::Postgres(s.to_string())
        } else {
            Target::Sqlite(PathBuf::from(s))
        }
    }
}

/// The database of games.
pub enum Store {
    Sqlite(sqlite::Sqlite),
    Postgres(Box<postgres::Postgres>),
}

impl Store {
    /// Opens (creating the file if needed) the SQLite database at `path`, checking it is one of
    /// ours, and takes it for this process. The folder must exist: a mistyped path is refused
    /// rather than created.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        sqlite::Sqlite::open(path).map(Store::Sqlite)
    }

    /// [`Store::open`], first creating the folder (for the default path, whose folder is the
    /// app's own).
    pub fn open_creating_folder(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateFolder {
                dir: dir.display().to_string(),
                error: source,
            })?;
        }
        Self::open(path)
    }

    /// A database in memory (for tests).
    pub fn in_memory() -> Result<Store, StoreError> {
        sqlite::Sqlite::in_memory().map(Store::Sqlite)
    }

    /// Connects to the PostgreSQL database at `url`, bringing its schema up to date.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        postgres::Postgres::connect(url)
            .await
            .map(|p| Store::Postgres(Box::new(p)))
    }

    /// Opens `target`: a file (its folder must exist) or a PostgreSQL database.
    pub async fn open_target(target: &Target) -> Result<Store, StoreError> {
        match target {
            Target::Sqlite(p) => Self::open(p),
            Target::Postgres(url) => Self::connect(url).await,
        }
    }

    /// The database in words, for the server's first lines (a URL without its password).
    pub fn describe(&self) -> String {
        match self {
            Store::Sqlite(s) => s.path().display().to_string(),
            Store::Postgres(p) => p.describe(),
        }
    }

    /// The SQLite file, if the store is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Store::Sqlite(s) => Some(s.path()),
            Store::Postgres(_) => None,
        }
    }

    /// Starts telling `changes` of the changes other servers make (PostgreSQL); an SQLite file
    /// has no other server.
    pub fn listen(&self, changes: Arc<Changes>) {
        if let Store::Postgres(p) = self {
            p.listen(changes);
        }
    }

    /// Reads a game.
    pub async fn load_game(&self, id: &str) -> Result<Option<GameRow>, DbError> {
        match self {
            Store::Sqlite(s) => s.load_game(id).await,
            Store::Postgres(p) => p.load_game(id).await,
        }
    }

    /// Writes a new game; false (and nothing written) if a game of that id exists.
    pub async fn insert_game(&self, r: &GameRow) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.insert_game(r).await,
            Store::Postgres(p) => p.insert_game(r).await,
        }
    }

    /// Writes `r` over the stored game only if the stored version is still `expected`; false
    /// (and nothing written) otherwise. The change is told to every server's waiting polls.
    pub async fn update_game(&self, r: &GameRow, expected: i64) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.update_game(r, expected).await,
            Store::Postgres(p) => p.update_game(r, expected).await,
        }
    }

    /// Reads an El mirall room.
    pub async fn load_room(&self, id: &str) -> Result<Option<RoomRow>, DbError> {
        match self {
            Store::Sqlite(s) => s.load_room(id).await,
            Store::Postgres(p) => p.load_room(id).await,
        }
    }

    /// Writes a new room; false if a room of that id exists.
    pub async fn insert_room(&self, r: &RoomRow) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.insert_room(r).await,
            Store::Postgres(p) => p.insert_room(r).await,
        }
    }

    /// Writes `r` over the stored room only if its version is still `expected`.
    pub async fn update_room(&self, r: &RoomRow, expected: u64) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.update_room(r, expected).await,
            Store::Postgres(p) => p.update_room(r, expected).await,
        }
    }

    /// The number of games and of rooms saved.
    pub async fn counts(&self) -> Result<(u64, u64), DbError> {
        match self {
            Store::Sqlite(s) => s.counts().await,
            Store::Postgres(p) => p.counts().await,
        }
    }

    /// Up to `limit` games with ids after `after`, in id order (to go through them all).
    pub async fn games_after(&self, after: &str, limit: u32) -> Result<Vec<GameRow>, DbError> {
        match self {
            Store::Sqlite(s) => s.games_after(after, limit).await,
            Store::Postgres(p) => p.games_after(after, limit).await,
        }
    }

    /// Up to `limit` rooms with ids after `after`, in id order.
    pub async fn rooms_after(&self, after: &str, limit: u32) -> Result<Vec<RoomRow>, DbError> {
        match self {
            Store::Sqlite(s) => s.rooms_after(after, limit).await,
            Store::Postgres(p) => p.rooms_after(after, limit).await,
        }
    }
}

impl Store {
    /// Writes a new challenge; false if one of that id exists.
    pub async fn insert_challenge(&self, r: &ChallengeRow) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.insert_challenge(r).await,
            Store::Postgres(p) => p.insert_challenge(r).await,
        }
    }

    /// Reads a challenge.
    pub async fn load_challenge(&self, id: &str) -> Result<Option<ChallengeRow>, DbError> {
        match self {
            Store::Sqlite(s) => s.load_challenge(id).await,
            Store::Postgres(p) => p.load_challenge(id).await,
        }
    }

    /// Writes `r` over the stored challenge only if its version is still `expected`.
    pub async fn update_challenge(&self, r: &ChallengeRow, expected: i64) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.update_challenge(r, expected).await,
            Store::Postgres(p) => p.update_challenge(r, expected).await,
        }
    }

    /// Removes a challenge if its version is still `expected`.
    pub async fn delete_challenge(&self, id: &str, expected: i64) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.delete_challenge(id, expected).await,
            Store::Postgres(p) => p.delete_challenge(id, expected).await,
        }
    }

    /// The challenges made or accepted since `since` (Unix ms), newest first, at most `limit`;
    /// older ones are removed.
    pub async fn recent_challenges(
        &self,
        since: i64,
        limit: u32,
    ) -> Result<Vec<ChallengeRow>, DbError> {
        match self {
            Store::Sqlite(s) => s.recent_challenges(since, limit).await,
            Store::Postgres(p) => p.recent_challenges(since, limit).await,
        }
    }
}

impl Store {
    /// Notes that `side`'s page of `game` follows it at `now` (Unix ms); told to nobody.
    pub async fn mark_present(&self, game: &str, side: &str, now: i64) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.mark_present(game, side, now).await,
            Store::Postgres(p) => p.mark_present(game, side, now).await,
        }
    }

    /// When each side of `game` was last seen (Unix ms), South's first.
    pub async fn presence(&self, game: &str) -> Result<[Option<i64>; 2], DbError> {
        match self {
            Store::Sqlite(s) => s.presence(game).await,
            Store::Postgres(p) => p.presence(game).await,
        }
    }
}

/// The lobby's key among the changes told.
pub const LOBBY_KEY: &str = "lobby";

/// The default database file: `$XDG_DATA_HOME/mancala/games.sqlite`, else
/// `~/.local/share/mancala/games.sqlite`, else `./mancala-games.sqlite`.
pub fn default_db_path() -> PathBuf {
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("mancala").join("games.sqlite");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        return PathBuf::from(h).join(".local/share/mancala/games.sqlite");
    }
    PathBuf::from("mancala-games.sqlite")
}

/// A game's key among the changes told (`game:ID`).
pub fn game_key(id: &str) -> String {
    format!("game:{id}")
}

/// An El mirall room's key among the changes told (`mirall:ID`).
pub fn room_key(id: &str) -> String {
    format!("mirall:{id}")
}
