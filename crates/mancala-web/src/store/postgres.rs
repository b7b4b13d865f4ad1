//! The PostgreSQL store, which several servers share: a pool of connections, the schema brought
//! up to date under an advisory lock (so servers started together migrate once), every change a
//! compare-and-set in one statement that also sends `NOTIFY mancala_changes`, and a listening
//! connection per server that wakes its waiting polls when any server changes a game or room.

use super::sql::{Step, Val};
use super::{
    CHALLENGE_COLUMNS, ChallengeRow, DbError, GAME_COLUMNS, GameRow, MIGRATIONS, ROOM_COLUMNS,
    RoomRow, SCHEMA_VERSION, StoreError,
};
use crate::changes::Changes;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, Config, NoTls, Row};

pub use super::sql::CHANNEL;

/// The advisory lock held while the schema is checked and brought up to date.
const MIGRATION_LOCK: i64 = 0x006d_616e_6361_6c61;

/// How long a request waits for a connection, or for PostgreSQL to answer a connection.
const WAIT: Duration = Duration::from_secs(5);

/// A PostgreSQL database of games.
pub struct Postgres {
    pool: Pool,
    config: Config,
    shown: String,
    /// Dropped with the store: the listening connection then closes.
    stop: tokio::sync::watch::Sender<()>,
}

/// A PostgreSQL URL without its password: `postgres://user@host:port/db`.
fn describe(c: &Config) -> String {
    let host = match c.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(h)) => h.clone(),
        #[cfg(unix)]
        Some(tokio_postgres::config::Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    let port = c.get_ports().first().copied().unwrap_or(5432);
    format!(
        "postgres://{}@{host}:{port}/{}",
        c.get_user().unwrap_or(""),
        c.get_dbname().unwrap_or("")
    )
}

/// A failed statement: a refusal by PostgreSQL itself is a failure; a lost or refused
/// connection means the database is not answering.
fn db_error(e: tokio_postgres::Error) -> DbError {
    match e.as_db_error() {
        Some(d) => DbError::Failed(format!("{}: {}", d.code().code(), d.message())),
        None => DbError::Unavailable(e.to_string()),
    }
}

fn pool_error(e: deadpool_postgres::PoolError) -> DbError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => db_error(e),
        e => DbError::Unavailable(e.to_string()),
    }
}

impl Postgres {
    /// Connects to `url` and brings the schema up to date (refusing a newer one, or a database
    /// of something else).
    pub async fn connect(url: &str) -> Result<Postgres, StoreError> {
        let mut config: Config = url.parse().map_err(|e| {
            StoreError::BadUrl(format!(
                "--database: not a PostgreSQL URL ({e}); give postgres://user:password@host:port/database"
            ))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(WAIT);
        }
        config.keepalives_idle(Duration::from_secs(30));
        let shown = describe(&config);
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(16)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(WAIT))
            .create_timeout(Some(WAIT))
            .recycle_timeout(Some(WAIT))
            .build()
            .map_err(|e| StoreError::Open {
                path: shown.clone(),
                detail: e.to_string(),
            })?;
        let (stop, _) = tokio::sync::watch::channel(());
        let me = Postgres {
            pool,
            config,
            shown,
            stop,
        };
        me.migrate().await?;
        Ok(me)
    }

    pub fn describe(&self) -> String {
        self.shown.clone()
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let failed = |e: DbError| StoreError::Open {
            path: self.shown.clone(),
            detail: e.to_string(),
        };
        let sql = |e: tokio_postgres::Error| failed(db_error(e));
        let mut client = self.pool.get().await.map_err(|e| failed(pool_error(e)))?;
        let tx = client.transaction().await.map_err(sql)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await
            .map_err(sql)?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS mancala_schema (version BIGINT NOT NULL)")
            .await
            .map_err(sql)?;
        let version: i64 = match tx
            .query_opt("SELECT version FROM mancala_schema", &[])
            .await
            .map_err(sql)?
        {
            Some(row) => row.get(0),
            None => {
                let foreign: bool = tx
                    .query_one(
                        "SELECT to_regclass('games') IS NOT NULL OR to_regclass('mirall') IS NOT NULL",
                        &[],
                    )
                    .await
                    .map_err(sql)?
                    .get(0);
                if foreign {
                    return Err(StoreError::Foreign {
                        path: self.shown.clone(),
                    });
                }
                tx.execute("INSERT INTO mancala_schema (version) VALUES (0)", &[])
                    .await
                    .map_err(sql)?;
                0
            }
        };
        if version > SCHEMA_VERSION {
            return Err(StoreError::Newer {
                path: self.shown.clone(),
                found: version,
            });
        }
        for step in MIGRATIONS.iter().skip(version as usize) {
            tx.batch_execute(step).await.map_err(sql)?;
        }
        tx.execute("UPDATE mancala_schema SET version = $1", &[&SCHEMA_VERSION])
            .await
            .map_err(sql)?;
        tx.commit().await.map_err(sql)?;
        Ok(())
    }

    /// Runs one statement with a cached plan; its rows.
    async fn query(&self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<Vec<Row>, DbError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let stmt = client.prepare_cached(sql).await.map_err(db_error)?;
        client.query(&stmt, params).await.map_err(db_error)
    }

    pub async fn load_game(&self, id: &str) -> Result<Option<GameRow>, DbError> {
        let rows = self
            .query(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"),
                &[&id],
            )
            .await?;
        Ok(rows.first().map(game_row))
    }

    pub async fn insert_game(&self, r: &GameRow) -> Result<bool, DbError> {
        let rows = self
            .query(
                &format!(
                    "INSERT INTO games ({GAME_COLUMNS})
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                     ON CONFLICT (id) DO NOTHING RETURNING id"
                ),
                &game_params(r),
            )
            .await?;
        Ok(rows.len() == 1)
    }

    pub async fn update_game(&self, r: &GameRow, expected: i64) -> Result<bool, DbError> {
        let mut p = game_params(r);
        p.push(&expected);
        let rows = self
            .query(
                "WITH changed AS (
                    UPDATE games SET spec = $2, start = $3, moves = $4, opponent = $5,
                        token_south = $6, token_north = $7, resigned = $8, undo_request = $9,
                        version = $10, created = $11, updated = $12, extras = $13
                    WHERE id = $1 AND version = $14 RETURNING id)
                 SELECT pg_notify('mancala_changes', 'game:' || id) FROM changed",
                &p,
            )
            .await?;
        Ok(rows.len() == 1)
    }

    pub async fn load_room(&self, id: &str) -> Result<Option<RoomRow>, DbError> {
        let rows = self
            .query(
                &format!("SELECT {ROOM_COLUMNS} FROM mirall WHERE id = $1"),
                &[&id],
            )
            .await?;
        Ok(rows.first().map(room_row))
    }

    pub async fn insert_room(&self, r: &RoomRow) -> Result<bool, DbError> {
        let v = RoomValues::of(r);
        let rows = self
            .query(
                &format!(
                    "INSERT INTO mirall ({ROOM_COLUMNS})
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
                     ON CONFLICT (id) DO NOTHING RETURNING id"
                ),
                &v.params(r),
            )
            .await?;
        Ok(rows.len() == 1)
    }

    pub async fn update_room(&self, r: &RoomRow, expected: u64) -> Result<bool, DbError> {
        let v = RoomValues::of(r);
        let expected = expected as i64;
        let mut p = v.params(r);
        p.push(&expected);
        let rows = self
            .query(
                "WITH changed AS (
                    UPDATE mirall SET pits = $2, seeds = $3, moves = $4, pending_south = $5,
                        pending_north = $6, errors_south = $7, errors_north = $8, first_at = $9,
                        gap_total = $10, gaps = $11, token_south = $12, token_north = $13,
                        version = $14, created = $15, updated = $16
                    WHERE id = $1 AND version = $17 RETURNING id)
                 SELECT pg_notify('mancala_changes', 'mirall:' || id) FROM changed",
                &p,
            )
            .await?;
        Ok(rows.len() == 1)
    }

    pub async fn counts(&self) -> Result<(u64, u64), DbError> {
        let rows = self
            .query(
                "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM mirall)",
                &[],
            )
            .await?;
        let row = rows
            .first()
            .ok_or_else(|| DbError::Failed("no count".into()))?;
        Ok((row.get::<_, i64>(0) as u64, row.get::<_, i64>(1) as u64))
    }

    pub async fn games_after(&self, after: &str, limit: u32) -> Result<Vec<GameRow>, DbError> {
        let limit = limit as i64;
        let rows = self
            .query(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE id COLLATE \"C\" > $1 ORDER BY id COLLATE \"C\" LIMIT $2"
                ),
                &[&after, &limit],
            )
            .await?;
        Ok(rows.iter().map(game_row).collect())
    }

    pub async fn rooms_after(&self, after: &str, limit: u32) -> Result<Vec<RoomRow>, DbError> {
        let limit = limit as i64;
        let rows = self
            .query(
                &format!(
                    "SELECT {ROOM_COLUMNS} FROM mirall WHERE id COLLATE \"C\" > $1 ORDER BY id COLLATE \"C\" LIMIT $2"
                ),
                &[&after, &limit],
            )
            .await?;
        Ok(rows.iter().map(room_row).collect())
    }

    /// Keeps a connection listening on [`CHANNEL`] while the store lives, telling `changes` of
    /// every change any server makes. When the connection is lost it is made again, and every
    /// waiting poll looks again (a change may have been missed in between).
    pub fn listen(&self, changes: Arc<Changes>) {
        let config = self.config.clone();
        let changes = Arc::downgrade(&changes);
        let mut stop = self.stop.subscribe();
        tokio::spawn(async move {
            tokio::select! {
                _ = listen_loop(config, changes) => {}
                _ = stop.changed() => {}
            }
        });
    }
}

async fn listen_loop(config: Config, changes: Weak<Changes>) {
    let mut pause = Duration::from_millis(200);
    loop {
        if let Ok((client, mut conn)) = config.connect(NoTls).await {
            let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
            // The connection is driven here; its notifications go to the loop below.
            let driver = tokio::spawn(async move {
                while let Some(Ok(m)) = std::future::poll_fn(|cx| conn.poll_message(cx)).await {
                    if let AsyncMessage::Notification(n) = m
                        && tx.send(n.payload().to_string()).is_err()
                    {
                        break;
                    }
                }
            });
            if client
                .batch_execute(&format!("LISTEN {CHANNEL}"))
                .await
                .is_ok()
            {
                pause = Duration::from_millis(200);
                match changes.upgrade() {
                    Some(c) => c.changed_all(),
                    None => return,
                }
                while let Some(key) = rx.recv().await {
                    match changes.upgrade() {
                        Some(c) => c.changed(&key),
                        None => return,
                    }
                }
            }
            driver.abort();
        }
        if changes.strong_count() == 0 {
            return;
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(5));
    }
}

/// Every change of a challenge is told to the servers' lobbies (`lobby`) in its statement.
impl Postgres {
    pub async fn insert_challenge(&self, r: &ChallengeRow) -> Result<bool, DbError> {
        let rows = self
            .query(
                &format!(
                    "WITH made AS (INSERT INTO challenges ({CHALLENGE_COLUMNS})
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
                        ON CONFLICT (id) DO NOTHING RETURNING id)
                     SELECT pg_notify('mancala_changes', 'lobby') FROM made"
                ),
                &challenge_params(r),
            )
            .await?;
        Ok(rows.len() == 1)
    }

    pub async fn load_challenge(&self, id: &str) -> Result<Option<ChallengeRow>, DbError> {
        let rows = self
            .query(
                &format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"),
                &[&id],
            )
            .await?;
        Ok(rows.first().map(challenge_row))
    }

    pub async fn update_challenge(&self, r: &ChallengeRow, expected: i64) -> Result<bool, DbError> {
        let mut p = challenge_params(r);
        p.truncate(9);
        p.push(&expected);
        let rows = self
            .query(
                "WITH changed AS (
                    UPDATE challenges SET spec = $2, clock = $3, side = $4, token = $5, game = $6,
                        version = $7, created = $8, seen = $9
                    WHERE id = $1 AND version = $10 RETURNING id)
                 SELECT pg_notify('mancala_changes', 'lobby') FROM changed",
                &p,
            )
            .await?;
        Ok(rows.len() == 1)
    }

    pub async fn delete_challenge(&self, id: &str, expected: i64) -> Result<bool, DbError> {
        let rows = self
            .query(
                "WITH gone AS (DELETE FROM challenges WHERE id = $1 AND version = $2 RETURNING id)
                 SELECT pg_notify('mancala_changes', 'lobby') FROM gone",
                &[&id, &expected],
            )
            .await?;
        Ok(rows.len() == 1)
    }

    pub async fn recent_challenges(
        &self,
        since: i64,
        limit: u32,
    ) -> Result<Vec<ChallengeRow>, DbError> {
        self.query("DELETE FROM challenges WHERE seen < $1", &[&since])
            .await?;
        let limit = limit as i64;
        let rows = self
            .query(
                &format!(
                    "SELECT {CHALLENGE_COLUMNS} FROM challenges ORDER BY created DESC, id LIMIT $1"
                ),
                &[&limit],
            )
            .await?;
        Ok(rows.iter().map(challenge_row).collect())
    }
}

impl Postgres {
    pub async fn mark_present(&self, game: &str, side: &str, now: i64) -> Result<(), DbError> {
        self.query(
            "INSERT INTO presence (game, side, seen) VALUES ($1, $2, $3)
             ON CONFLICT (game, side) DO UPDATE SET seen = GREATEST(presence.seen, excluded.seen)",
            &[&game, &side, &now],
        )
        .await?;
        Ok(())
    }

    pub async fn presence(&self, game: &str) -> Result<[Option<i64>; 2], DbError> {
        let rows = self
            .query("SELECT side, seen FROM presence WHERE game = $1", &[&game])
            .await?;
        let mut out = [None, None];
        for r in rows {
            let side: String = r.get(0);
            out[usize::from(side == "north")] = Some(r.get(1));
        }
        Ok(out)
    }
}

fn challenge_params(r: &ChallengeRow) -> Vec<&(dyn ToSql + Sync)> {
    vec![
        &r.id,
        &r.spec,
        &r.clock,
        &r.side,
        &r.token,
        &r.game,
        &r.version,
        &r.created,
        &r.seen,
        &r.account,
        &r.rated,
        &r.client,
        &r.request,
        &r.accept_request,
    ]
}

fn challenge_row(row: &Row) -> ChallengeRow {
    ChallengeRow {
        id: row.get(0),
        spec: row.get(1),
        clock: row.get(2),
        side: row.get(3),
        token: row.get(4),
        game: row.get(5),
        version: row.get(6),
        created: row.get(7),
        seen: row.get(8),
        account: row.get(9),
        rated: row.get(10),
        client: row.get(11),
        request: row.get(12),
        accept_request: row.get(13),
    }
}

fn game_params(r: &GameRow) -> Vec<&(dyn ToSql + Sync)> {
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

fn game_row(row: &Row) -> GameRow {
    GameRow {
        id: row.get(0),
        spec: row.get(1),
        start: row.get(2),
        moves: row.get(3),
        opponent: row.get(4),
        token_south: row.get(5),
        token_north: row.get(6),
        resigned: row.get(7),
        undo_request: row.get(8),
        version: row.get(9),
        created: row.get(10),
        updated: row.get(11),
        extras: row.get(12),
    }
}

/// A room's numbers as the columns hold them (BIGINT).
struct RoomValues([i64; 9]);

impl RoomValues {
    fn of(r: &RoomRow) -> RoomValues {
        RoomValues([
            r.pits as i64,
            r.seeds as i64,
            r.moves as i64,
            r.pending[0] as i64,
            r.pending[1] as i64,
            r.errors[0] as i64,
            r.errors[1] as i64,
            r.gaps as i64,
            r.version as i64,
        ])
    }

    /// The values in the order of [`ROOM_COLUMNS`].
    fn params<'a>(&'a self, r: &'a RoomRow) -> Vec<&'a (dyn ToSql + Sync)> {
        let n = &self.0;
        vec![
            &r.id,
            &n[0],
            &n[1],
            &n[2],
            &n[3],
            &n[4],
            &n[5],
            &n[6],
            &r.first_at,
            &r.gap_total,
            &n[7],
            &r.tokens[0],
            &r.tokens[1],
            &n[8],
            &r.created,
            &r.updated,
        ]
    }
}

fn room_row(row: &Row) -> RoomRow {
    let n = |i: usize| row.get::<_, i64>(i);
    RoomRow {
        id: row.get(0),
        pits: n(1) as usize,
        seeds: n(2) as u64,
        moves: n(3) as u64,
        pending: [n(4) != 0, n(5) != 0],
        errors: [n(6) as u64, n(7) as u64],
        first_at: row.get(8),
        gap_total: n(9),
        gaps: n(10) as u64,
        tokens: [row.get(11), row.get(12)],
        version: n(13) as u64,
        created: n(14),
        updated: n(15),
    }
}

/// The statements written once for both stores ([`super::accounts`]).
impl Postgres {
    pub async fn rows(&self, sql: &str, params: Vec<Val>) -> Result<Vec<Vec<Val>>, DbError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let stmt = client.prepare_cached(sql).await.map_err(db_error)?;
        let p = pg_params(&params);
        let refs: Vec<&(dyn ToSql + Sync)> = p.iter().map(|b| b.as_ref() as _).collect();
        let rows = client.query(&stmt, &refs).await.map_err(db_error)?;
        Ok(rows.iter().map(pg_vals).collect())
    }

    pub async fn batch(&self, steps: Vec<Step>) -> Result<Option<usize>, DbError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await.map_err(db_error)?;
        for (i, step) in steps.iter().enumerate() {
            let stmt = tx.prepare_cached(&step.sql).await.map_err(db_error)?;
            let p = pg_params(&step.params);
            let refs: Vec<&(dyn ToSql + Sync)> = p.iter().map(|b| b.as_ref() as _).collect();
            let rows = tx.query(&stmt, &refs).await.map_err(db_error)?;
            if step.expect.is_some_and(|n| n != rows.len()) {
                tx.rollback().await.map_err(db_error)?;
                return Ok(Some(i));
            }
        }
        tx.commit().await.map_err(db_error)?;
        Ok(None)
    }
}

fn pg_params(params: &[Val]) -> Vec<Box<dyn ToSql + Sync + Send>> {
    params
        .iter()
        .map(|v| -> Box<dyn ToSql + Sync + Send> {
            match v {
                Val::Text(s) => Box::new(s.clone()),
                Val::Int(i) => Box::new(*i),
                Val::Real(r) => Box::new(*r),
                Val::Null => Box::new(None::<String>),
            }
        })
        .collect()
}

fn pg_vals(row: &Row) -> Vec<Val> {
    use tokio_postgres::types::Type;
    (0..row.len())
        .map(|i| {
            let t = row.columns()[i].type_().clone();
            if t == Type::INT8 {
                row.get::<_, Option<i64>>(i).map_or(Val::Null, Val::Int)
            } else if t == Type::INT4 {
                row.get::<_, Option<i32>>(i)
                    .map_or(Val::Null, |v| Val::Int(v.into()))
            } else if t == Type::FLOAT8 {
                row.get::<_, Option<f64>>(i).map_or(Val::Null, Val::Real)
            } else if t == Type::VOID {
                Val::Null
            } else {
                row.get::<_, Option<String>>(i).map_or(Val::Null, Val::Text)
            }
        })
        .collect()
}
