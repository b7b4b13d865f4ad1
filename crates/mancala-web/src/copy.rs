//! Moving the saved games and rooms from one store to another (`mancala store copy`): from an
//! SQLite file to the PostgreSQL database that several servers will share, or back. Nothing in
//! the target is overwritten: a row already there and equal is left (so a copy can be run
//! again), one that differs stops the copy. Afterwards every source row is read back from the
//! target, compared, and every game replayed through the rules.

use crate::session::Session;
use crate::store::sql::Val;
use crate::store::{DbError, GameRow, RoomRow, Store};

/// How many rows are read at a time.
const PAGE: u32 = 500;

/// What a copy did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyReport {
    pub games_copied: u64,
    pub games_already_there: u64,
    pub rooms_copied: u64,
    pub rooms_already_there: u64,
    /// Games and rooms in the target afterwards.
    pub games_in_target: u64,
    pub rooms_in_target: u64,
}

/// Why a copy stopped.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("{side}: {source}")]
    Db { side: &'static str, source: DbError },
    #[error(
        "the target already has a {what} '{id}' that differs from the source's; nothing of it was overwritten (copy into an empty database, or remove it there)"
    )]
    Conflict { what: &'static str, id: String },
    #[error("{what} '{id}' of the source cannot be replayed: {detail}")]
    BadRow {
        what: &'static str,
        id: String,
        detail: String,
    },
    #[error("after the copy, the target's {what} '{id}' is {found}")]
    Check {
        what: &'static str,
        id: String,
        found: &'static str,
    },
}

fn src(source: DbError) -> CopyError {
    CopyError::Db {
        side: "source",
        source,
    }
}

fn dst(source: DbError) -> CopyError {
    CopyError::Db {
        side: "target",
        source,
    }
}

/// A table the copy goes through: its rows, read a page at a time, written if absent.
trait Table: Sized + PartialEq {
    const WHAT: &'static str;
    fn id(&self) -> &str;
    /// Why the row cannot be used as it is (a game that does not replay).
    fn fault(&self) -> Option<String>;
    async fn page(s: &Store, after: &str) -> Result<Vec<Self>, DbError>;
    async fn insert(s: &Store, r: &Self) -> Result<bool, DbError>;
    async fn load(s: &Store, id: &str) -> Result<Option<Self>, DbError>;
}

impl Table for GameRow {
    const WHAT: &'static str = "game";
    fn id(&self) -> &str {
        &self.id
    }
    fn fault(&self) -> Option<String> {
        Session::from_row(self).err()
    }
    async fn page(s: &Store, after: &str) -> Result<Vec<Self>, DbError> {
        s.games_after(after, PAGE).await
    }
    async fn insert(s: &Store, r: &Self) -> Result<bool, DbError> {
        s.insert_game(r).await
    }
    async fn load(s: &Store, id: &str) -> Result<Option<Self>, DbError> {
        s.load_game(id).await
    }
}

impl Table for RoomRow {
    const WHAT: &'static str = "room";
    fn id(&self) -> &str {
        &self.id
    }
    fn fault(&self) -> Option<String> {
        None
    }
    async fn page(s: &Store, after: &str) -> Result<Vec<Self>, DbError> {
        s.rooms_after(after, PAGE).await
    }
    async fn insert(s: &Store, r: &Self) -> Result<bool, DbError> {
        s.insert_room(r).await
    }
    async fn load(s: &Store, id: &str) -> Result<Option<Self>, DbError> {
        s.load_room(id).await
    }
}

/// Copies the rows of table `T`: (copied, already there); `done` counts every row.
async fn copy_table<T: Table>(
    from: &Store,
    to: &Store,
    done: &mut u64,
    progress: &mut impl FnMut(u64),
) -> Result<(u64, u64), CopyError> {
    let (mut copied, mut there) = (0, 0);
    let mut after = String::new();
    loop {
        let page = T::page(from, &after).await.map_err(src)?;
        let Some(last) = page.last() else { break };
        after = last.id().to_string();
        for row in &page {
            if let Some(detail) = row.fault() {
                return Err(CopyError::BadRow {
                    what: T::WHAT,
                    id: row.id().to_string(),
                    detail,
                });
            }
            if T::insert(to, row).await.map_err(dst)? {
                copied += 1;
            } else if T::load(to, row.id()).await.map_err(dst)?.as_ref() == Some(row) {
                there += 1;
            } else {
                return Err(CopyError::Conflict {
                    what: T::WHAT,
                    id: row.id().to_string(),
                });
            }
            *done += 1;
            progress(*done);
        }
    }
    Ok((copied, there))
}

/// Every row of table `T` of `from` is in `to`, equal, and usable there.
async fn check_table<T: Table>(from: &Store, to: &Store) -> Result<(), CopyError> {
    let mut after = String::new();
    loop {
        let page = T::page(from, &after).await.map_err(src)?;
        let Some(last) = page.last() else { break };
        after = last.id().to_string();
        for row in &page {
            let found = match T::load(to, row.id()).await.map_err(dst)? {
                None => "missing",
                Some(t) if t != *row => "different",
                Some(t) if t.fault().is_some() => "not replayable",
                Some(_) => continue,
            };
            return Err(CopyError::Check {
                what: T::WHAT,
                id: row.id().to_string(),
                found,
            });
        }
    }
    Ok(())
}

/// The tables of accounts copied with the games: name, columns, and how many of the first
/// columns are its key. Logins and the throttle's counts are not copied (their owners log in
/// again).
const ACCOUNT_TABLES: [(&str, &str, usize); 5] = [
    ("accounts", "id, name, name_key, password, created", 1),
    ("players", "game, side, account, created", 2),
    (
        "ratings",
        "account, pool, rating, deviation, volatility, games, version",
        2,
    ),
    (
        "rating_history",
        "account, pool, game, at, previous, rating, deviation",
        3,
    ),
    ("rated_games", "game, at", 1),
];

/// Copies every row of `table` not in the target; a row there with the same key that differs
/// stops the copy. Afterwards each source row is read back from the target and compared.
async fn copy_plain(
    from: &Store,
    to: &Store,
    table: &'static str,
    columns: &str,
    key: usize,
    done: &mut u64,
    progress: &mut impl FnMut(u64),
) -> Result<(), CopyError> {
    let cols: Vec<&str> = columns.split(", ").collect();
    let order = cols[..key].join(", ");
    let marks: Vec<String> = (1..=cols.len()).map(|i| format!("${i}")).collect();
    let insert = format!(
        "INSERT INTO {table} ({columns}) VALUES ({}) ON CONFLICT DO NOTHING RETURNING {}",
        marks.join(", "),
        cols[0]
    );
    let by_key = format!(
        "SELECT {columns} FROM {table} WHERE {}",
        (0..key)
            .map(|i| format!("{} = ${}", cols[i], i + 1))
            .collect::<Vec<_>>()
            .join(" AND ")
    );
    let mut offset = 0i64;
    loop {
        let rows = from
            .rows(
                &format!("SELECT {columns} FROM {table} ORDER BY {order} LIMIT $1 OFFSET $2"),
                vec![Val::Int(i64::from(PAGE)), Val::Int(offset)],
            )
            .await
            .map_err(src)?;
        if rows.is_empty() {
            return Ok(());
        }
        offset += rows.len() as i64;
        for r in rows {
            to.rows(&insert, r.clone()).await.map_err(dst)?;
            let there = to.rows(&by_key, r[..key].to_vec()).await.map_err(dst)?;
            if there.first() != Some(&r) {
                return Err(CopyError::Conflict {
                    what: table,
                    id: r[..key]
                        .iter()
                        .map(|v| v.text())
                        .collect::<Vec<_>>()
                        .join("/"),
                });
            }
            *done += 1;
            progress(*done);
        }
    }
}

/// Copies every game and room of `from` into `to`, then checks the target against the
/// source; `progress` is told the rows done so far.
pub async fn copy(
    from: &Store,
    to: &Store,
    mut progress: impl FnMut(u64),
) -> Result<CopyReport, CopyError> {
    let mut done = 0;
    let (games_copied, games_already_there) =
        copy_table::<GameRow>(from, to, &mut done, &mut progress).await?;
    let (rooms_copied, rooms_already_there) =
        copy_table::<RoomRow>(from, to, &mut done, &mut progress).await?;
    check_table::<GameRow>(from, to).await?;
    check_table::<RoomRow>(from, to).await?;
    for (table, columns, key) in ACCOUNT_TABLES {
        copy_plain(from, to, table, columns, key, &mut done, &mut progress).await?;
    }
    let (games_in_target, rooms_in_target) = to.counts().await.map_err(dst)?;
    Ok(CopyReport {
        games_copied,
        games_already_there,
        rooms_copied,
        rooms_already_there,
        games_in_target,
        rooms_in_target,
    })
}
