//! Moving the saved games and rooms from one store to another (`mancala store copy`): from an
//! SQLite file to the PostgreSQL database that several servers will share, or back. Nothing in
//! the target is overwritten: a row already there and equal is left (so a copy can be run
//! again), one that differs stops the copy. Afterwards every source row is read back from the
//! target, compared, and every game replayed through the rules.

use crate::session::Session;
use crate::store::{DbError, Store};

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
    #[error("game '{id}' of the source cannot be replayed: {detail}")]
    BadGame { id: String, detail: String },
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

/// Copies every game and room of `from` into `to`, then checks the target against the
/// source; `progress` is told the rows done so far.
pub async fn copy(
    from: &Store,
    to: &Store,
    mut progress: impl FnMut(u64),
) -> Result<CopyReport, CopyError> {
    let mut report = CopyReport::default();
    let mut done = 0u64;
    let mut after = String::new();
    loop {
        let page = from.games_after(&after, PAGE).await.map_err(src)?;
        let Some(last) = page.last() else { break };
        after = last.id.clone();
        for row in &page {
            Session::from_row(row).map_err(|detail| CopyError::BadGame {
                id: row.id.clone(),
                detail,
            })?;
            if to.insert_game(row).await.map_err(dst)? {
                report.games_copied += 1;
            } else if to.load_game(&row.id).await.map_err(dst)?.as_ref() == Some(row) {
                report.games_already_there += 1;
            } else {
                return Err(CopyError::Conflict {
                    what: "game",
                    id: row.id.clone(),
                });
            }
            done += 1;
            progress(done);
        }
    }
    after.clear();
    loop {
        let page = from.rooms_after(&after, PAGE).await.map_err(src)?;
        let Some(last) = page.last() else { break };
        after = last.id.clone();
        for row in &page {
            if to.insert_room(row).await.map_err(dst)? {
                report.rooms_copied += 1;
            } else if to.load_room(&row.id).await.map_err(dst)?.as_ref() == Some(row) {
                report.rooms_already_there += 1;
            } else {
                return Err(CopyError::Conflict {
                    what: "room",
                    id: row.id.clone(),
                });
            }
            done += 1;
            progress(done);
        }
    }
    check(from, to).await?;
    (report.games_in_target, report.rooms_in_target) = to.counts().await.map_err(dst)?;
    Ok(report)
}

/// Every row of `from` is in `to`, equal, and every game there replays.
async fn check(from: &Store, to: &Store) -> Result<(), CopyError> {
    let mut after = String::new();
    loop {
        let page = from.games_after(&after, PAGE).await.map_err(src)?;
        let Some(last) = page.last() else { break };
        after = last.id.clone();
        for row in &page {
            let there = to.load_game(&row.id).await.map_err(dst)?;
            let found = match &there {
                None => "missing",
                Some(t) if t != row => "different",
                Some(t) => match Session::from_row(t) {
                    Ok(_) => continue,
                    Err(_) => "not replayable",
                },
            };
            return Err(CopyError::Check {
                what: "game",
                id: row.id.clone(),
                found,
            });
        }
    }
    after.clear();
    loop {
        let page = from.rooms_after(&after, PAGE).await.map_err(src)?;
        let Some(last) = page.last() else { break };
        after = last.id.clone();
        for row in &page {
            match to.load_room(&row.id).await.map_err(dst)? {
                Some(t) if t == *row => {}
                there => {
                    return Err(CopyError::Check {
                        what: "room",
                        id: row.id.clone(),
                        found: if there.is_none() {
                            "missing"
                        } else {
                            "different"
                        },
                    });
                }
            }
        }
    }
    Ok(())
}
