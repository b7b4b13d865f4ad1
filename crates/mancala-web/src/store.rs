//! Games saved in SQLite: one row a game, written in full at every change inside a
//! transaction, so a game read back after a restart is exactly the game left.

use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The schema version this build writes.
const SCHEMA_VERSION: i64 = 2;

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

/// Why the database cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database {path}: the folder {dir} does not exist")]
    NoFolder { path: String, dir: String },
    #[error("cannot create the folder {dir} for the database: {source}")]
    CreateFolder { dir: String, source: std::io::Error },
    #[error("cannot open the database {path}: {source}")]
    Open {
        path: String,
        source: rusqlite::Error,
    },
    #[error(
        "database {path}: this file is an SQLite database of something else; give another file with --db"
    )]
    Foreign { path: String },
    #[error(
        "database {path}: the database was written by a newer version (schema {found}, this build reads {SCHEMA_VERSION})"
    )]
    Newer { path: String, found: i64 },
    #[error("database {path}: {source}")]
    Sqlite {
        path: String,
        source: rusqlite::Error,
    },
}

/// The database of games.
pub struct Store {
    conn: Mutex<Connection>,
    path: PathBuf,
}

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

impl Store {
    /// Opens (creating the file if needed) the database at `path`, checking it is one of ours.
    /// The folder must exist: a mistyped path is refused rather than created.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && !dir.is_dir()
        {
            return Err(StoreError::NoFolder {
                path: path.display().to_string(),
                dir: dir.display().to_string(),
            });
        }
        let conn = Connection::open(path).map_err(|source| StoreError::Open {
            path: path.display().to_string(),
            source,
        })?;
        Self::init(conn, path)
    }

    /// [`Store::open`], first creating the folder (for the default path, whose folder is the
    /// app's own).
    pub fn open_creating_folder(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateFolder {
                dir: dir.display().to_string(),
                source,
            })?;
        }
        Self::open(path)
    }

    /// A database in memory (for tests).
    pub fn in_memory() -> Result<Store, StoreError> {
        let path = Path::new(":memory:");
        let conn = Connection::open_in_memory().map_err(|source| StoreError::Open {
            path: path.display().to_string(),
            source,
        })?;
        Self::init(conn, path)
    }

    fn init(conn: Connection, path: &Path) -> Result<Store, StoreError> {
        let shown = || path.display().to_string();
        let sql = |source| StoreError::Sqlite {
            path: shown(),
            source,
        };
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(sql)?;
        // WAL keeps readers and the writer apart. synchronous = FULL syncs the log at every
        // commit, so a change answered is on disk even if the machine loses power just after
        // (NORMAL would survive a crash of the server, but not of the operating system).
        let _: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(sql)?;
        conn.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            .map_err(sql)?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(sql)?;
        let has_tables: bool = conn.query_row(
            "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            [],
            |r| r.get(0),
        ).map_err(sql)?;
        if version == 0 && has_tables {
            return Err(StoreError::Foreign { path: shown() });
        }
        if version > SCHEMA_VERSION {
            return Err(StoreError::Newer {
                path: shown(),
                found: version,
            });
        }
        if version == 0 {
            conn.execute_batch(
                "BEGIN;
                 CREATE TABLE games (
                    id TEXT PRIMARY KEY,
                    spec TEXT NOT NULL,
                    start TEXT NOT NULL,
                    moves TEXT NOT NULL,
                    opponent TEXT NOT NULL,
                    token_south TEXT NOT NULL,
                    token_north TEXT NOT NULL,
                    resigned TEXT,
                    undo_request TEXT,
                    version INTEGER NOT NULL,
                    created INTEGER NOT NULL,
                    updated INTEGER NOT NULL
                 );
                 PRAGMA user_version = 1;
                 COMMIT;",
            )
            .map_err(sql)?;
        }
        if version < 2 {
            // Version 2: El mirall played by two people on two devices.
            conn.execute_batch(
                "BEGIN;
                 CREATE TABLE mirall (
                    id TEXT PRIMARY KEY,
                    pits INTEGER NOT NULL,
                    seeds INTEGER NOT NULL,
                    moves INTEGER NOT NULL,
                    pending_south INTEGER NOT NULL,
                    pending_north INTEGER NOT NULL,
                    errors_south INTEGER NOT NULL,
                    errors_north INTEGER NOT NULL,
                    first_at INTEGER,
                    gap_total INTEGER NOT NULL,
                    gaps INTEGER NOT NULL,
                    token_south TEXT NOT NULL,
                    token_north TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    created INTEGER NOT NULL,
                    updated INTEGER NOT NULL
                 );
                 PRAGMA user_version = 2;
                 COMMIT;",
            )
            .map_err(sql)?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-written row (each write is one
        // statement), so a poisoned lock is still safe to use.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes a game, replacing its previous row.
    pub fn save(&self, r: &GameRow) -> rusqlite::Result<()> {
        let conn = self.lock();
        conn.execute(
            "INSERT INTO games (id, spec, start, moves, opponent, token_south, token_north, resigned,
                               undo_request, version, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
             ON CONFLICT(id) DO UPDATE SET spec = ?2, start = ?3, moves = ?4, opponent = ?5,
                token_south = ?6, token_north = ?7, resigned = ?8, undo_request = ?9,
                version = ?10, created = ?11, updated = ?12",
            params![
                r.id,
                r.spec,
                r.start,
                r.moves,
                r.opponent,
                r.token_south,
                r.token_north,
                r.resigned,
                r.undo_request,
                r.version,
                r.created,
                r.updated
            ],
        )?;
        Ok(())
    }

    /// Reads a game.
    pub fn load(&self, id: &str) -> rusqlite::Result<Option<GameRow>> {
        let conn = self.lock();
        conn.query_row(
            "SELECT id, spec, start, moves, opponent, token_south, token_north, resigned, undo_request,
                    version, created, updated FROM games WHERE id = ?1",
            params![id],
            |row| {
                // The columns in the order selected, each into its field of the same name.
                let (id, spec, start, moves, opponent, token_south, token_north) =
                    <(_, _, _, _, _, _, _)>::try_from(row)?;
                let (resigned, undo_request, version, created, updated) =
                    (row.get(7)?, row.get(8)?, row.get(9)?, row.get(10)?, row.get(11)?);
                Ok(GameRow { id, spec, start, moves, opponent, token_south, token_north,
                    resigned, undo_request, version, created, updated })
            },
        )
        .optional()
    }

    /// Writes an El mirall room, replacing its previous row.
    pub fn save_mirall(&self, r: &RoomRow) -> rusqlite::Result<()> {
        let conn = self.lock();
        conn.execute(
            "INSERT OR REPLACE INTO mirall (id, pits, seeds, moves, pending_south, pending_north,
                errors_south, errors_north, first_at, gap_total, gaps, token_south, token_north,
                version, created, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
            params![
                r.id,
                r.pits as i64,
                r.seeds as i64,
                r.moves as i64,
                r.pending[0],
                r.pending[1],
                r.errors[0] as i64,
                r.errors[1] as i64,
                r.first_at,
                r.gap_total,
                r.gaps as i64,
                r.tokens[0],
                r.tokens[1],
                r.version as i64,
                r.created,
                r.updated
            ],
        )?;
        Ok(())
    }

    /// Reads an El mirall room.
    pub fn load_mirall(&self, id: &str) -> rusqlite::Result<Option<RoomRow>> {
        let conn = self.lock();
        conn.query_row(
            "SELECT id, pits, seeds, moves, pending_south, pending_north, errors_south, errors_north,
                    first_at, gap_total, gaps, token_south, token_north, version, created, updated
             FROM mirall WHERE id = ?1",
            params![id],
            |row| {
                Ok(RoomRow {
                    id: row.get(0)?,
                    pits: row.get::<_, i64>(1)? as usize,
                    seeds: row.get::<_, i64>(2)? as u64,
                    moves: row.get::<_, i64>(3)? as u64,
                    pending: [row.get(4)?, row.get(5)?],
                    errors: [row.get::<_, i64>(6)? as u64, row.get::<_, i64>(7)? as u64],
                    first_at: row.get(8)?,
                    gap_total: row.get(9)?,
                    gaps: row.get::<_, i64>(10)? as u64,
                    tokens: [row.get(11)?, row.get(12)?],
                    version: row.get::<_, i64>(13)? as u64,
                    created: row.get(14)?,
                    updated: row.get(15)?,
                })
            },
        )
        .optional()
    }

    /// The number of games saved.
    pub fn count(&self) -> rusqlite::Result<u64> {
        let conn = self.lock();
        conn.query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
            .map(|n| n as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            spec: "modiar".into(),
            start: "7-7-7-7-7-7-0-0-S".into(),
            moves: "A a".into(),
            opponent: r#"{"kind":"local"}"#.into(),
            token_south: "x".into(),
            token_north: "x".into(),
            resigned: None,
            undo_request: Some("north".into()),
            version: 2,
            created: 1,
            updated: 2,
        }
    }

    #[test]
    fn a_saved_game_reads_back_the_same_after_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/games.sqlite");
        {
            let s = Store::open_creating_folder(&path).unwrap();
            s.save(&record("a")).unwrap();
            let mut r = record("a");
            r.moves = "A a B".into();
            s.save(&r).unwrap();
        }
        let s = Store::open(&path).unwrap();
        let mut want = record("a");
        want.moves = "A a B".into();
        assert_eq!(s.load("a").unwrap(), Some(want));
        assert_eq!(s.load("b").unwrap(), None);
        assert_eq!(s.count().unwrap(), 1);
    }

    #[test]
    fn every_change_is_synced_to_disk_before_it_is_answered() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&dir.path().join("games.sqlite")).unwrap();
        let conn = s.lock();
        let mode: String = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        let sync: i64 = conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        // 2 is FULL: the log is synced at every commit.
        assert_eq!(sync, 2, "synchronous must be FULL");
    }

    #[test]
    fn a_folder_that_does_not_exist_is_refused_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("typo/games.sqlite");
        let e = Store::open(&path).err().unwrap().to_string();
        assert!(e.contains("does not exist"), "{e}");
        assert!(!dir.path().join("typo").exists());
    }

    #[test]
    fn a_foreign_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.sqlite");
        Connection::open(&path)
            .unwrap()
            .execute_batch("CREATE TABLE t (x)")
            .unwrap();
        let e = Store::open(&path).err().unwrap().to_string();
        assert!(e.contains("something else"), "{e}");
    }

    #[test]
    fn a_file_that_is_not_a_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        let notes =
            "these are my notes, not a database, and they are long enough to look like a file";
        std::fs::write(&path, notes).unwrap();
        assert!(Store::open(&path).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), notes);
    }
}
