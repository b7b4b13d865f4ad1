//! The SQLite store: one file, written at every change inside a transaction and synced before
//! the change is answered. The file is taken by one process at a time (an advisory lock on the
//! file itself, beside SQLite's own): a second server on the same file is refused at start,
//! since it could not hear of the first one's changes.

use super::sql::{Step, Val};
use super::{
    CHALLENGE_COLUMNS, ChallengeRow, DbError, GAME_COLUMNS, GameRow, MIGRATIONS, ROOM_COLUMNS,
    RoomRow, SCHEMA_VERSION, StoreError,
};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

struct Inner {
    conn: Mutex<Connection>,
    path: PathBuf,
    /// The file held for this process while the store lives.
    _lock: Option<std::fs::File>,
}

/// An SQLite database of games.
#[derive(Clone)]
pub struct Sqlite {
    inner: Arc<Inner>,
}

impl Sqlite {
    /// Opens (creating the file if needed) the database at `path` for this process alone.
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        let shown = || path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && !dir.is_dir()
        {
            return Err(StoreError::NoFolder {
                path: shown(),
                dir: dir.display().to_string(),
            });
        }
        // The lock comes first, so two servers started at the same moment on a new file
        // cannot both create the tables.
        let lock = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| StoreError::Open {
                path: shown(),
                detail: e.to_string(),
            })?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(StoreError::InUse { path: shown() });
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(StoreError::Open {
                    path: shown(),
                    detail: format!("cannot lock the file: {e}"),
                });
            }
        }
        let conn = Connection::open(path).map_err(|e| StoreError::Open {
            path: shown(),
            detail: e.to_string(),
        })?;
        Self::init(conn, path, Some(lock))
    }

    /// A database in memory (for tests).
    pub fn in_memory() -> Result<Sqlite, StoreError> {
        let path = Path::new(":memory:");
        let conn = Connection::open_in_memory().map_err(|e| StoreError::Open {
            path: ":memory:".into(),
            detail: e.to_string(),
        })?;
        Self::init(conn, path, None)
    }

    fn init(
        conn: Connection,
        path: &Path,
        lock: Option<std::fs::File>,
    ) -> Result<Sqlite, StoreError> {
        let shown = || path.display().to_string();
        let sql = |e: rusqlite::Error| StoreError::Failed {
            path: shown(),
            detail: e.to_string(),
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
        for (i, step) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            conn.execute_batch(&format!(
                "BEGIN; {step}; PRAGMA user_version = {}; COMMIT;",
                i + 1
            ))
            .map_err(sql)?;
        }
        Ok(Sqlite {
            inner: Arc::new(Inner {
                conn: Mutex::new(conn),
                path: path.to_path_buf(),
                _lock: lock,
            }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Runs `f` on the connection in a blocking task.
    async fn with<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, DbError> {
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || {
            // A panic while holding the lock cannot leave a half-written row (each write is
            // one statement), so a poisoned lock is still safe to use.
            let conn = inner.conn.lock().unwrap_or_else(|e| e.into_inner());
            f(&conn)
        })
        .await
        .map_err(|e| DbError::Failed(format!("database task failed: {e}")))?
        .map_err(|e| match e {
            rusqlite::Error::SqliteFailure(f, _)
                if matches!(
                    f.code,
                    rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
                ) =>
            {
                DbError::Unavailable(e.to_string())
            }
            e => DbError::Failed(e.to_string()),
        })
    }

    pub async fn load_game(&self, id: &str) -> Result<Option<GameRow>, DbError> {
        let id = id.to_string();
        self.with(move |c| {
            c.query_row(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                params![id],
                game_row,
            )
            .optional()
        })
        .await
    }

    pub async fn insert_game(&self, r: &GameRow) -> Result<bool, DbError> {
        let r = r.clone();
        self.with(move |c| {
            let n = c.execute(
                &format!(
                    "INSERT INTO games ({GAME_COLUMNS})
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                     ON CONFLICT(id) DO NOTHING"
                ),
                rusqlite::params_from_iter(game_params(&r)),
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub async fn update_game(&self, r: &GameRow, expected: i64) -> Result<bool, DbError> {
        let r = r.clone();
        self.with(move |c| {
            let mut p = game_params(&r);
            p.push(&expected);
            let n = c.execute(
                "UPDATE games SET spec = ?2, start = ?3, moves = ?4, opponent = ?5,
                    token_south = ?6, token_north = ?7, resigned = ?8, undo_request = ?9,
                    version = ?10, created = ?11, updated = ?12, extras = ?13
                 WHERE id = ?1 AND version = ?14",
                rusqlite::params_from_iter(p),
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub async fn load_room(&self, id: &str) -> Result<Option<RoomRow>, DbError> {
        let id = id.to_string();
        self.with(move |c| {
            c.query_row(
                &format!("SELECT {ROOM_COLUMNS} FROM mirall WHERE id = ?1"),
                params![id],
                room_row,
            )
            .optional()
        })
        .await
    }

    pub async fn insert_room(&self, r: &RoomRow) -> Result<bool, DbError> {
        let r = r.clone();
        self.with(move |c| {
            let n = c.execute(
                &format!(
                    "INSERT INTO mirall ({ROOM_COLUMNS})
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
                     ON CONFLICT(id) DO NOTHING"
                ),
                rusqlite::params_from_iter(room_params(&r)),
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub async fn update_room(&self, r: &RoomRow, expected: u64) -> Result<bool, DbError> {
        let r = r.clone();
        self.with(move |c| {
            let mut p = room_params(&r);
            p.push(Box::new(expected as i64));
            let n = c.execute(
                "UPDATE mirall SET pits = ?2, seeds = ?3, moves = ?4, pending_south = ?5,
                    pending_north = ?6, errors_south = ?7, errors_north = ?8, first_at = ?9,
                    gap_total = ?10, gaps = ?11, token_south = ?12, token_north = ?13,
                    version = ?14, created = ?15, updated = ?16
                 WHERE id = ?1 AND version = ?17",
                rusqlite::params_from_iter(p),
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub async fn counts(&self) -> Result<(u64, u64), DbError> {
        self.with(|c| {
            let games: i64 = c.query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
            let rooms: i64 = c.query_row("SELECT count(*) FROM mirall", [], |r| r.get(0))?;
            Ok((games as u64, rooms as u64))
        })
        .await
    }

    pub async fn games_after(&self, after: &str, limit: u32) -> Result<Vec<GameRow>, DbError> {
        let after = after.to_string();
        self.with(move |c| {
            let mut q = c.prepare(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE id > ?1 ORDER BY id LIMIT ?2"
            ))?;
            q.query_map(params![after, limit], game_row)?.collect()
        })
        .await
    }

    pub async fn rooms_after(&self, after: &str, limit: u32) -> Result<Vec<RoomRow>, DbError> {
        let after = after.to_string();
        self.with(move |c| {
            let mut q = c.prepare(&format!(
                "SELECT {ROOM_COLUMNS} FROM mirall WHERE id > ?1 ORDER BY id LIMIT ?2"
            ))?;
            q.query_map(params![after, limit], room_row)?.collect()
        })
        .await
    }
}

impl Sqlite {
    pub async fn insert_challenge(&self, r: &ChallengeRow) -> Result<bool, DbError> {
        let r = r.clone();
        self.with(move |c| {
            let n = c.execute(
                &format!(
                    "INSERT INTO challenges ({CHALLENGE_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                     ON CONFLICT(id) DO NOTHING"
                ),
                params![
                    r.id, r.spec, r.clock, r.side, r.token, r.game, r.version, r.created, r.seen,
                    r.account, r.rated, r.client, r.request, r.accept_request
                ],
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub async fn load_challenge(&self, id: &str) -> Result<Option<ChallengeRow>, DbError> {
        let id = id.to_string();
        self.with(move |c| {
            c.query_row(
                &format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1"),
                params![id],
                challenge_row,
            )
            .optional()
        })
        .await
    }

    pub async fn update_challenge(&self, r: &ChallengeRow, expected: i64) -> Result<bool, DbError> {
        let r = r.clone();
        self.with(move |c| {
            let n = c.execute(
                "UPDATE challenges SET spec = ?2, clock = ?3, side = ?4, token = ?5, game = ?6,
                    version = ?7, created = ?8, seen = ?9 WHERE id = ?1 AND version = ?10",
                params![
                    r.id, r.spec, r.clock, r.side, r.token, r.game, r.version, r.created, r.seen,
                    expected
                ],
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub async fn delete_challenge(&self, id: &str, expected: i64) -> Result<bool, DbError> {
        let id = id.to_string();
        self.with(move |c| {
            let n = c.execute(
                "DELETE FROM challenges WHERE id = ?1 AND version = ?2",
                params![id, expected],
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub async fn recent_challenges(
        &self,
        since: i64,
        limit: u32,
    ) -> Result<Vec<ChallengeRow>, DbError> {
        self.with(move |c| {
            c.execute("DELETE FROM challenges WHERE seen < ?1", params![since])?;
            let mut q = c.prepare_cached(&format!(
                "SELECT {CHALLENGE_COLUMNS} FROM challenges ORDER BY created DESC, id LIMIT ?1"
            ))?;
            q.query_map(params![limit], challenge_row)?.collect()
        })
        .await
    }
}

impl Sqlite {
    pub async fn mark_present(&self, game: &str, side: &str, now: i64) -> Result<(), DbError> {
        let (game, side) = (game.to_string(), side.to_string());
        self.with(move |c| {
            c.execute(
                "INSERT INTO presence (game, side, seen) VALUES (?1, ?2, ?3)
                 ON CONFLICT(game, side) DO UPDATE SET seen = max(seen, excluded.seen)",
                params![game, side, now],
            )?;
            Ok(())
        })
        .await
    }

    pub async fn presence(&self, game: &str) -> Result<[Option<i64>; 2], DbError> {
        let game = game.to_string();
        self.with(move |c| {
            let mut q = c.prepare_cached("SELECT side, seen FROM presence WHERE game = ?1")?;
            let mut out = [None, None];
            for row in q.query_map(params![game], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
            })? {
                let (side, seen) = row?;
                out[usize::from(side == "north")] = Some(seen);
            }
            Ok(out)
        })
        .await
    }
}

/// A challenge row from a `SELECT` of [`CHALLENGE_COLUMNS`].
fn challenge_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: row.get(0)?,
        spec: row.get(1)?,
        clock: row.get(2)?,
        side: row.get(3)?,
        token: row.get(4)?,
        game: row.get(5)?,
        version: row.get(6)?,
        created: row.get(7)?,
        seen: row.get(8)?,
        account: row.get(9)?,
        rated: row.get(10)?,
        client: row.get(11)?,
        request: row.get(12)?,
        accept_request: row.get(13)?,
    })
}

/// A game row from a `SELECT` of [`GAME_COLUMNS`].
fn game_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    // The columns in the order selected, each into its field of the same name.
    let (id, spec, start, moves, opponent, token_south, token_north) =
        <(_, _, _, _, _, _, _)>::try_from(row)?;
    let (resigned, undo_request, version, created, updated, extras) = (
        row.get(7)?,
        row.get(8)?,
        row.get(9)?,
        row.get(10)?,
        row.get(11)?,
        row.get(12)?,
    );
    Ok(GameRow {
        id,
        spec,
        start,
        moves,
        opponent,
        token_south,
        token_north,
        resigned,
        undo_request,
        version,
        created,
        updated,
        extras,
    })
}

/// A room row from a `SELECT` of [`ROOM_COLUMNS`].
fn room_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<RoomRow> {
    let n = |i: usize| row.get::<_, i64>(i);
    Ok(RoomRow {
        id: row.get(0)?,
        pits: n(1)? as usize,
        seeds: n(2)? as u64,
        moves: n(3)? as u64,
        pending: [n(4)? != 0, n(5)? != 0],
        errors: [n(6)? as u64, n(7)? as u64],
        first_at: row.get(8)?,
        gap_total: n(9)?,
        gaps: n(10)? as u64,
        tokens: [row.get(11)?, row.get(12)?],
        version: n(13)? as u64,
        created: n(14)?,
        updated: n(15)?,
    })
}

/// A game's values in the order of [`GAME_COLUMNS`].
fn game_params(r: &GameRow) -> Vec<&dyn rusqlite::ToSql> {
    vec![
        &r.id,
        &r.spec,
        &r.start,
        &r.moves,
        &r.opponent,
        &r.token_south,
        &r.token_north,
        &r.resigned,
        &r.undo_request,
        &r.version,
        &r.created,
        &r.updated,
        &r.extras,
    ]
}

/// A room's values in the order of [`ROOM_COLUMNS`].
fn room_params(r: &RoomRow) -> Vec<Box<dyn rusqlite::ToSql>> {
    vec![
        Box::new(r.id.clone()),
        Box::new(r.pits as i64),
        Box::new(r.seeds as i64),
        Box::new(r.moves as i64),
        Box::new(r.pending[0] as i64),
        Box::new(r.pending[1] as i64),
        Box::new(r.errors[0] as i64),
        Box::new(r.errors[1] as i64),
        Box::new(r.first_at),
        Box::new(r.gap_total),
        Box::new(r.gaps as i64),
        Box::new(r.tokens[0].clone()),
        Box::new(r.tokens[1].clone()),
        Box::new(r.version as i64),
        Box::new(r.created),
        Box::new(r.updated),
    ]
}

/// The statements written once for both stores ([`super::accounts`]): `$N` read as `?N`.
impl Sqlite {
    pub async fn rows(&self, sql: &str, params: Vec<Val>) -> Result<Vec<Vec<Val>>, DbError> {
        let sql = sql.replace('$', "?");
        self.with(move |c| run(c, &sql, &params)).await
    }

    pub async fn batch(&self, steps: Vec<Step>) -> Result<Option<usize>, DbError> {
        self.with(move |c| {
            let tx = c.unchecked_transaction()?;
            for (i, step) in steps.iter().enumerate() {
                let rows = run(&tx, &step.sql.replace('$', "?"), &step.params)?;
                if step.expect.is_some_and(|n| n != rows.len()) {
                    // Dropped unfinished: rolled back.
                    return Ok(Some(i));
                }
            }
            tx.commit()?;
            Ok(None)
        })
        .await
    }
}

/// Runs one statement; the rows it returns.
fn run(c: &Connection, sql: &str, params: &[Val]) -> rusqlite::Result<Vec<Vec<Val>>> {
    use rusqlite::types::{ToSqlOutput, Value, ValueRef};
    let values: Vec<ToSqlOutput<'_>> = params
        .iter()
        .map(|v| {
            ToSqlOutput::Owned(match v {
                Val::Text(s) => Value::Text(s.clone()),
                Val::Int(i) => Value::Integer(*i),
                Val::Real(r) => Value::Real(*r),
                Val::Null => Value::Null,
            })
        })
        .collect();
    let mut stmt = c.prepare_cached(sql)?;
    let n = stmt.column_count();
    let mut rows = stmt.query(rusqlite::params_from_iter(values))?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let mut r = Vec::with_capacity(n);
        for i in 0..n {
            r.push(match row.get_ref(i)? {
                ValueRef::Null => Val::Null,
                ValueRef::Integer(i) => Val::Int(i),
                ValueRef::Real(f) => Val::Real(f),
                ValueRef::Text(t) | ValueRef::Blob(t) => {
                    Val::Text(String::from_utf8_lossy(t).into_owned())
                }
            });
        }
        out.push(r);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_change_is_synced_to_disk_before_it_is_answered() {
        let dir = tempfile::tempdir().unwrap();
        let s = Sqlite::open(&dir.path().join("games.sqlite")).unwrap();
        let (mode, sync) = s
            .with(|c| {
                let mode: String = c.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
                let sync: i64 = c.query_row("PRAGMA synchronous", [], |r| r.get(0))?;
                Ok((mode, sync))
            })
            .await
            .unwrap();
        assert_eq!(mode, "wal");
        // 2 is FULL: the log is synced at every commit.
        assert_eq!(sync, 2, "synchronous must be FULL");
    }

    #[test]
    fn a_folder_that_does_not_exist_is_refused_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("typo/games.sqlite");
        let e = Sqlite::open(&path).err().unwrap().to_string();
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
        let e = Sqlite::open(&path).err().unwrap().to_string();
        assert!(e.contains("something else"), "{e}");
    }

    #[test]
    fn a_file_that_is_not_a_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        let notes =
            "these are my notes, not a database, and they are long enough to look like a file";
        std::fs::write(&path, notes).unwrap();
        assert!(Sqlite::open(&path).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), notes);
    }

    #[test]
    fn a_second_opening_of_the_same_file_is_refused_while_the_first_lives() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite");
        let first = Sqlite::open(&path).unwrap();
        let e = Sqlite::open(&path).err().unwrap();
        assert!(matches!(e, StoreError::InUse { .. }), "{e}");
        assert!(
            e.to_string().contains("in use by another mancala process"),
            "{e}"
        );
        drop(first);
        Sqlite::open(&path).expect("free again once the first is closed");
    }
}
