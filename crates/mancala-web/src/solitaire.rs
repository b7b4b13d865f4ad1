//! The solitaires' side of the API: exact cycle counts and tables from `mancala-solitaire`,
//! and the seed's published tables, so the page can mark them, and the moves themselves
//! ([`steps`]), which the page animates.

use crate::error::{ApiError, Code, size_out_of_range};
use crate::extract::{Param, Params};
use axum::Json;
use mancala_solitaire::el_mirall::{ElMirall, PitRefusal, pit_letter};
use mancala_solitaire::stones::Cups;
use mancala_solitaire::{Control, CycleError, Solitaire};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The largest sizes the page offers: boards drawn and stepped through in the browser.
pub const MAX_PITS: u64 = mancala_solitaire::PAGE_MAX_PITS;
pub const MAX_SEEDS: u64 = mancala_solitaire::PAGE_MAX_SEEDS;
/// How long one count may take here before the answer is "too long".
const COUNT_TIME: Duration = Duration::from_secs(3);

fn game(id: &str) -> Result<Solitaire, ApiError> {
    id.parse::<Solitaire>().map_err(|e| {
        ApiError::new(Code::UnknownGame, e.to_string())
            .with("game", crate::error::short(id))
            .with_status(axum::http::StatusCode::NOT_FOUND)
    })
}

/// The seed's table as (row values, column values, cells), in the seed's layout.
fn seed_table(g: Solitaire) -> Value {
    match g {
        Solitaire::ElMirall => json!({
            "rows": "pits", "cols": "seeds", "row_values": [1, 2, 3, 4], "col_values": [1, 2, 3, 4, 5],
            "cells": g.seed_table(),
        }),
        Solitaire::StonesInCups => json!({
            "rows": "stones", "cols": "cups", "row_values": [1, 2, 3, 4, 5], "col_values": [1, 2, 3, 4, 5],
            "cells": g.seed_table(),
        }),
    }
}

/// The solitaires, for `/api/rules`.
pub fn catalog() -> Vec<Value> {
    [Solitaire::ElMirall, Solitaire::StonesInCups]
        .into_iter()
        .map(rules_json)
        .collect()
}

/// One solitaire's description.
pub fn rules_json(g: Solitaire) -> Value {
    let (n, k) = g.size_names();
    let (dn, dk) = g.default_size();
    let summary = match g {
        Solitaire::ElMirall => {
            "Two rows mirror each other: South sows his left-most occupied pit to the right, North his right-most to the left, both at once; how many moves until the start returns?"
        }
        Solitaire::StonesInCups => {
            "Cups in a circle: empty a cup and sow clockwise, then empty the cup where the last stone fell; how many moves until the start returns?"
        }
    };
    json!({
        "id": g.id(), "name": g.name(), "kind": "solitaire", "summary": summary,
        "size": [n, k], "default": [dn, dk], "max": [MAX_PITS, MAX_SEEDS], "seed_table": seed_table(g),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeQuery {
    /// Pits a row (El mirall) or cups (Stones in cups).
    pub n: u64,
    /// Seeds (stones) a pit (cup).
    pub k: u64,
}

/// Counts one cycle in a blocking task, stopping after `limit`.
async fn count(g: Solitaire, n: u64, k: u64, limit: Duration) -> Result<Option<u64>, ApiError> {
    if limit.is_zero() {
        return Ok(None);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let task = tokio::task::spawn_blocking(move || {
        g.cycle(
            n,
            k,
            &Control {
                stop: Some(&flag),
                progress: None,
            },
        )
    });
    let timer = {
        let stop = stop.clone();
        tokio::spawn(async move {
            tokio::time::sleep(limit).await;
            stop.store(true, Ordering::Relaxed);
        })
    };
    let r = task
        .await
        .map_err(|e| ApiError::internal(format!("count task failed: {e}")))?;
    timer.abort();
    match r {
        Ok(m) => Ok(Some(m)),
        Err(CycleError::Interrupted { .. }) => Ok(None),
        Err(e) => Err(ApiError::new(Code::BadGame, e.to_string())
            .with("game", g.id())
            .with("detail", e.to_string())),
    }
}

fn check_size(g: Solitaire, n: u64, k: u64, max_n: u64, max_k: u64) -> Result<(), ApiError> {
    let (nn, kn) = g.size_names();
    if n < 1 || n > max_n {
        return Err(size_out_of_range(nn, 1, max_n, n));
    }
    if k < 1 || k > max_k {
        return Err(size_out_of_range(kn, 1, max_k, k));
    }
    Ok(())
}

/// `GET /api/solitaires/{game}/cycle?n=&k=`: the number of moves until the start recurs.
pub async fn cycle(
    Param(id): Param,
    Params(q): Params<SizeQuery>,
) -> Result<Json<Value>, ApiError> {
    let g = game(&id)?;
    check_size(g, q.n, q.k, 1000, 1000)?;
    match count(g, q.n, q.k, COUNT_TIME).await? {
        Some(m) => Ok(Json(
            json!({ "game": g.id(), "n": q.n, "k": q.k, "moves": m }),
        )),
        None => {
            let (nn, kn) = g.size_names();
            let command = format!("mancala cycle {} --{nn} {} --{kn} {}", g.id(), q.n, q.k);
            Err(ApiError::new(
                Code::CountTooLong,
                format!(
                    "counting {} with {nn}={} and {kn}={} takes longer than this page waits; try `{command}`",
                    g.name(),
                    q.n,
                    q.k
                ),
            )
            .with("command", command))
        }
    }
}

/// `GET /api/solitaires/{game}/table?n=&k=`: the counts for 1..n by 1..k in the seed's layout
/// (El mirall: a row a number of pits; Stones in cups: a row a number of stones), with the
/// seed's values where it gives them.
pub async fn table(
    Param(id): Param,
    Params(q): Params<SizeQuery>,
) -> Result<Json<Value>, ApiError> {
    let g = game(&id)?;
    check_size(g, q.n, q.k, MAX_PITS, MAX_SEEDS)?;
    let (rows, cols) = match g {
        Solitaire::ElMirall => (q.n, q.k),
        Solitaire::StonesInCups => (q.k, q.n),
    };
    // The whole table gets the time of a few counts; cells beyond it are left empty (null).
    let deadline = std::time::Instant::now() + 2 * COUNT_TIME;
    let mut cells = Vec::new();
    let mut seed = Vec::new();
    let published = g.seed_table();
    for r in 1..=rows {
        let mut row = Vec::new();
        let mut srow = Vec::new();
        for c in 1..=cols {
            let (n, k) = match g {
                Solitaire::ElMirall => (r, c),
                Solitaire::StonesInCups => (c, r),
            };
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            row.push(count(g, n, k, left).await?);
            let s = published
                .get(r as usize - 1)
                .and_then(|x| x.get(c as usize - 1));
            srow.push(s.copied());
        }
        cells.push(row);
        seed.push(srow);
    }
    let (rn, cn) = match g {
        Solitaire::ElMirall => ("pits", "seeds"),
        Solitaire::StonesInCups => ("stones", "cups"),
    };
    Ok(Json(
        json!({ "game": g.id(), "rows": rn, "cols": cn, "cells": cells, "seed": seed }),
    ))
}

/// `?state=<state>&count=<moves>`: the moves to play from a state.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepsQuery {
    /// The state in NOTATION.md's form (El mirall `2-2-2-2`, Stones in cups `2-2@0`).
    pub state: String,
    /// How many moves (1 to [`MAX_STEPS`], default 1); fewer come back when the start
    /// returns.
    #[serde(default)]
    pub count: Option<u64>,
}

/// The most moves one request of `steps` answers.
pub const MAX_STEPS: u64 = 1000;

/// `GET /api/solitaires/{game}/steps?state=&count=`: the next moves from `state` as the page
/// draws them (the cells emptied, the cells each seed falls into, the state after), so the
/// page animates the solitaire's own sowing rather than sowing by itself.
pub async fn steps(
    Param(id): Param,
    Params(q): Params<StepsQuery>,
) -> Result<Json<Value>, ApiError> {
    let g = game(&id)?;
    let count = q.count.unwrap_or(1);
    if !(1..=MAX_STEPS).contains(&count) {
        return Err(size_out_of_range("count", 1, MAX_STEPS, count));
    }
    let bad = |e| state_error(&q.state, e);
    // One move is a few dozen seeds on the page's sizes; the bound keeps every answer small.
    let mut out = Vec::new();
    let step_json = |s: mancala_solitaire::Sowing, now: Value| {
        let mut v = json!({ "emptied": s.emptied, "paths": s.paths });
        if let (Some(v), Value::Object(now)) = (v.as_object_mut(), now) {
            v.extend(now);
        }
        v
    };
    match g {
        Solitaire::ElMirall => {
            let mut b: ElMirall = q.state.parse().map_err(bad)?;
            check_size(g, b.pits() as u64, b.seeds(), MAX_PITS, MAX_SEEDS)?;
            for _ in 0..count {
                let s = b.sow();
                out.push(step_json(s, mirall_now(&b)));
                if b.is_start() {
                    break;
                }
            }
        }
        Solitaire::StonesInCups => {
            let mut c: Cups = q.state.parse().map_err(bad)?;
            check_size(g, c.cups() as u64, c.stones(), MAX_PITS, MAX_SEEDS)?;
            for _ in 0..count {
                let s = c.sow();
                out.push(step_json(s, cups_now(&c)));
                if c.is_start() {
                    break;
                }
            }
        }
    }
    Ok(Json(json!({ "game": g.id(), "steps": out })))
}

/// An El mirall position as the page draws and plays it: the state string, the seeds by cell
/// (South's pits `0..n`, North's `n..2n`), the cells to sow next and whether it is the start.
pub fn mirall_now(b: &ElMirall) -> Value {
    let (si, ni) = b.next_pits();
    let board: Vec<u64> = b.south().iter().chain(b.north()).copied().collect();
    json!({ "state": b.to_string(), "board": board, "next": [si, b.pits() + ni], "start": b.is_start() })
}

/// A Stones in cups position likewise: the cup to empty next is `next`'s one cell.
fn cups_now(c: &Cups) -> Value {
    json!({ "state": c.to_string(), "board": c.board(), "next": [c.next_cup()], "start": c.is_start() })
}

/// The pits' names of El mirall's rows (`A`.. South's, `a`.. North's), by cell.
pub fn mirall_names(pits: usize) -> Vec<String> {
    (0..2 * pits)
        .map(|c| pit_letter(c >= pits, c % pits))
        .collect()
}

/// A refused El mirall pit for the API: its code, the row, the pits named (by letter) and the
/// English text; the page words it from the code and the parameters.
pub fn refusal_json(r: &PitRefusal) -> Value {
    let north = r.north();
    let side = if north { "north" } else { "south" };
    let text = r.to_string();
    match r {
        PitRefusal::NoSuchPit { pit, pits, .. } => json!({
            "code": r.code(), "side": side, "pit": pit_letter(north, *pit), "pits": pits, "text": text,
        }),
        PitRefusal::NotNext {
            must,
            pit,
            passed,
            pit_empty,
            ..
        } => json!({
            "code": r.code(), "side": side, "pit": pit_letter(north, *pit),
            "must": pit_letter(north, *must),
            "passed": passed.iter().map(|&i| pit_letter(north, i)).collect::<Vec<_>>(),
            "pit_empty": pit_empty, "text": text,
        }),
    }
}

/// `GET /api/solitaires/{game}/start?n=&k=`: the start as the page draws it (as a step of
/// [`steps`] has it), with the pits' names for El mirall.
pub async fn start(
    Param(id): Param,
    Params(q): Params<SizeQuery>,
) -> Result<Json<Value>, ApiError> {
    let g = game(&id)?;
    check_size(g, q.n, q.k, MAX_PITS, MAX_SEEDS)?;
    let mut v = match g {
        Solitaire::ElMirall => {
            let mut v = mirall_now(&ElMirall::start(q.n as usize, q.k));
            v["names"] = json!(mirall_names(q.n as usize));
            v
        }
        Solitaire::StonesInCups => cups_now(&Cups::start(q.n as usize, q.k)),
    };
    v["game"] = json!(g.id());
    Ok(Json(v))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckQuery {
    /// The state, as [`steps`] takes it.
    pub state: String,
    /// The row: `south` or `north`.
    pub side: String,
    /// The pit named, by its letter.
    pub pit: String,
}

/// `GET /api/solitaires/el-mirall/check?state=&side=&pit=`: whether the player of `side` may
/// sow `pit` now; a refusal says why (`refusal`: code and parameters).
pub async fn check(
    Param(id): Param,
    Params(q): Params<CheckQuery>,
) -> Result<Json<Value>, ApiError> {
    let g = game(&id)?;
    if g != Solitaire::ElMirall {
        return Err(ApiError::new(
            Code::BadGame,
            format!("{} has no pit to choose: its moves are forced", g.name()),
        )
        .with("game", g.id())
        .with("detail", "only El mirall's pits are checked"));
    }
    let b: ElMirall = q.state.parse().map_err(|e| state_error(&q.state, e))?;
    check_size(g, b.pits() as u64, b.seeds(), MAX_PITS, MAX_SEEDS)?;
    let north = match q.side.as_str() {
        "south" => false,
        "north" => true,
        other => {
            return Err(ApiError::new(
                Code::BadSide,
                format!(
                    "side '{}' is neither south nor north",
                    crate::extract::short(other)
                ),
            )
            .with("side", crate::extract::short(other)));
        }
    };
    let pit = pit_of(north, &q.pit, b.pits())?;
    let refusal = b.check_pit(north, pit).err();
    Ok(Json(json!({
        "accepted": refusal.is_none(),
        "refusal": refusal.as_ref().map(refusal_json),
        "reason": refusal.map(|r| r.to_string()),
    })))
}

/// The pit a player of one row (North's when `north`) names by its letter, in a row of `pits`.
pub fn pit_of(north: bool, text: &str, pits: usize) -> Result<usize, ApiError> {
    let name = if north { "North" } else { "South" };
    let c = text.trim();
    let pit = match c.as_bytes() {
        [b] if !north && b.is_ascii_uppercase() => (b - b'A') as usize,
        [b] if north && b.is_ascii_lowercase() => (b - b'a') as usize,
        [b] if b.is_ascii_alphabetic() => {
            return Err(ApiError::new(
                Code::MirallOtherRow,
                format!("you play {name}'s row; '{c}' is a pit of the other row"),
            )
            .with("side", name.to_ascii_lowercase())
            .with("pit", c));
        }
        _ => {
            let text: String = c.chars().take(16).collect();
            return Err(
                ApiError::new(Code::NotAPit, format!("'{text}' is not a pit letter"))
                    .with("text", text),
            );
        }
    };
    if pit >= pits {
        return Err(ApiError::new(
            Code::NoSuchPit,
            format!("{name} has no pit {c}: the rows have {pits} pits"),
        )
        .with("pit", c)
        .with("pits", pits));
    }
    Ok(pit)
}

/// A state the solitaire does not take.
fn state_error(state: &str, e: mancala_solitaire::StateError) -> ApiError {
    let state: String = state.chars().take(80).collect();
    ApiError::new(Code::BadPosition, format!("state '{state}': {e}"))
        .with("position", state)
        .with("detail", e.to_string())
}

/// `GET /api/solitaires`.
pub async fn list() -> Json<Value> {
    Json(json!({ "solitaires": catalog() }))
}
