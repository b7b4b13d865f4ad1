//! El mirall for two people on two devices: a room holds the game (replayed from its move
//! count through `mancala-solitaire`), each player sows only his own row with his seat's token,
//! a wrong pit is refused with the reason and counted, and the room measures how far apart the
//! two sowings of each move come.

use crate::error::{ApiError, Code, size_out_of_range};
use crate::extract::{Body, Param, Params, StateQuery};
use crate::limits::ClientOf;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use mancala_solitaire::el_mirall::{ElMirall, PitRefusal};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// The largest room: the page draws at most 12 pits of 12 seeds.
const MAX: u64 = 12;

/// A game of El mirall between two devices: its row in the store, played here.
pub use crate::store::RoomRow as Room;

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

impl Room {
    /// A new room at the start, made at `at` (Unix milliseconds).
    pub fn new(id: String, pits: usize, seeds: u64, tokens: [String; 2], at: i64) -> Room {
        Room {
            id,
            pits,
            seeds,
            moves: 0,
            pending: [false, false],
            errors: [0, 0],
            first_at: None,
            gap_total: 0,
            gaps: 0,
            tokens,
            version: 0,
            created: at,
            updated: at,
        }
    }

    /// The board now.
    pub fn board(&self) -> ElMirall {
        let mut b = ElMirall::start(self.pits, self.seeds);
        for _ in 0..self.moves {
            b.step();
        }
        b
    }

    pub fn done(&self) -> bool {
        self.moves > 0 && self.board().is_start()
    }

    fn seat(&self, token: &str) -> Option<usize> {
        (0..2).find(|&i| !token.is_empty() && self.tokens[i] == token)
    }

    /// Side `side` (0 South, 1 North) sows pit `pit` of his row at time `at`: `Ok(None)` if
    /// accepted, `Ok(Some(refusal))` if it is the wrong pit (counted as a mistake).
    pub fn sow(
        &mut self,
        side: usize,
        pit: usize,
        at: i64,
    ) -> Result<Option<PitRefusal>, ApiError> {
        if self.done() {
            return Err(ApiError::new(
                Code::MirallOver,
                "the rows are back at the start: the game is over",
            ));
        }
        if self.pending[side] {
            return Err(ApiError::new(
                Code::MirallWait,
                "you have sown for this move; wait for the other player",
            ));
        }
        let check = self.board().check_pit(side == 1, pit);
        self.version += 1;
        self.updated = at;
        if let Err(refusal) = check {
            self.errors[side] += 1;
            return Ok(Some(refusal));
        }
        self.pending[side] = true;
        if self.pending[1 - side] {
            self.gap_total += at - self.first_at.unwrap_or(at);
            self.gaps += 1;
            self.moves += 1;
            self.pending = [false, false];
            self.first_at = None;
        } else {
            self.first_at = Some(at);
        }
        Ok(None)
    }

    pub fn view(&self) -> Value {
        let b = self.board();
        json!({
            "id": self.id, "pits": self.pits, "seeds": self.seeds,
            "south": b.south(), "north": b.north(), "moves": self.moves,
            "now": crate::solitaire::mirall_now(&b),
            "names": crate::solitaire::mirall_names(self.pits),
            "pending": { "south": self.pending[0], "north": self.pending[1] },
            "errors": { "south": self.errors[0], "north": self.errors[1] },
            "mean_gap_ms": if self.gaps > 0 { self.gap_total / self.gaps as i64 } else { 0 },
            "elapsed_ms": self.updated - self.created,
            "done": self.done(), "version": self.version,
        })
    }
}

async fn load(st: &Arc<AppState>, id: &str) -> Result<Room, ApiError> {
    if !crate::state::is_id(id) {
        return Err(
            ApiError::new(Code::NoGame, "no El mirall game with that id")
                .with("id", crate::error::short(id)),
        );
    }
    st.store()
        .load_room(id)
        .await
        .map_err(crate::state::db_error)?
        .ok_or_else(|| {
            ApiError::new(Code::NoGame, format!("no El mirall game '{id}'")).with("id", id)
        })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRoom {
    pub pits: u64,
    pub seeds: u64,
}

/// `POST /api/mirall`: a new room; the creator plays South.
pub async fn create(
    State(st): State<Arc<AppState>>,
    ClientOf(client): ClientOf,
    Body(req): Body<NewRoom>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    st.guards().new_game(client)?;
    for (what, v) in [("pits", req.pits), ("seeds", req.seeds)] {
        if !(1..=MAX).contains(&v) {
            return Err(size_out_of_range(what, 1, MAX, v));
        }
    }
    let room = Room::new(
        crate::poll::new_id(10),
        req.pits as usize,
        req.seeds,
        [crate::poll::new_id(24), crate::poll::new_id(24)],
        now_ms(),
    );
    if !st
        .store()
        .insert_room(&room)
        .await
        .map_err(crate::state::db_error)?
    {
        return Err(ApiError::internal(
            "the room could not be saved: its id is taken",
        ));
    }
    let link = format!("/?mirall={}&token={}&side=north", room.id, room.tokens[1]);
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": room.id, "token": room.tokens[0], "side": "south",
            "invite": { "side": "north", "token": room.tokens[1], "link": link },
            "state": room.view(),
        })),
    ))
}

/// `GET /api/mirall/{id}` (with `?after=&wait=` long polling as for games).
pub async fn get(
    State(st): State<Arc<AppState>>,
    waiter: crate::poll::Waiter,
    Param(id): Param,
    Params(q): Params<StateQuery>,
) -> Result<Json<Value>, ApiError> {
    let changes = st.changes().subscribe(&crate::store::room_key(&id));
    let give_way = Some((&waiter, st.guards()));
    let view = crate::poll::long_poll(q.after, q.wait, changes, give_way, || async {
        let r = load(&st, &id).await?;
        Ok((r.version, r.view()))
    })
    .await?;
    Ok(Json(view))
}

/// `GET /api/mirall/{id}/events`: the room as Server-Sent Events — an event `room` (its `id`
/// the room's version, its data as `GET /api/mirall/{id}` answers) at once and after every
/// change, until the rows are back at the start; resumed with `Last-Event-ID`.
pub async fn events(
    State(st): State<Arc<AppState>>,
    waiter: crate::poll::Waiter,
    Param(id): Param,
    Params(q): Params<crate::games::EventsQuery>,
    headers: axum::http::HeaderMap,
) -> Result<crate::poll::EventStream, ApiError> {
    load(&st, &id).await?;
    let changes = st.changes().subscribe(&crate::store::room_key(&id));
    let last = crate::poll::last_event_id(&headers, q.after);
    let (st2, id2) = (st.clone(), id.clone());
    Ok(crate::poll::events(
        "room",
        last,
        changes,
        waiter,
        st.guards(),
        move || {
            let (st, id) = (st2.clone(), id2.clone());
            async move {
                let r = load(&st, &id).await?;
                let data = r.view();
                Ok(crate::poll::Look {
                    version: r.version.to_string(),
                    over: data["over"].as_bool().unwrap_or(false),
                    data,
                    again: std::time::Duration::from_secs(20),
                })
            }
        },
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SowRequest {
    pub token: Option<String>,
    /// The pit's letter: `A`.. for South, `a`.. for North.
    pub pit: String,
    /// The move this sowing is for (the room's `moves` as the player saw it): a sowing sent
    /// again after its move was completed is refused with 409 and the room as it is.
    pub moves: u64,
}

/// `POST /api/mirall/{id}/sow`: a player sows a pit of his row. The two players sow for the
/// same move at the same time, so the room is changed by compare-and-set on its version, made
/// again on the new version if the other sowing came first; a sowing for a move already
/// completed is refused (409).
pub async fn sow(
    State(st): State<Arc<AppState>>,
    Param(id): Param,
    Body(req): Body<SowRequest>,
) -> Result<Json<Value>, ApiError> {
    let token = req.token.unwrap_or_default();
    if token.is_empty() {
        return Err(ApiError::new(
            Code::TokenRequired,
            "this needs the seat's token (field \"token\")",
        ));
    }
    // The change runs to its end even if the client goes away.
    tokio::spawn(async move {
        for _ in 0..10 {
            let mut room = load(&st, &id).await?;
            let side = room.seat(&token).ok_or_else(|| {
                ApiError::new(
                    Code::TokenRejected,
                    "the token does not open a seat of this game",
                )
                .with("id", id.as_str())
            })?;
            let pit = crate::solitaire::pit_of(side == 1, &req.pit, room.pits)?;
            if req.moves > room.moves {
                return Err(
                    crate::state::future_version(room.moves, req.moves, "the room")
                        .with("moves", room.moves)
                        .with("expected", req.moves)
                        .with_state(room.view()),
                );
            }
            if room.moves != req.moves {
                return Err(ApiError::new(
                    Code::StaleVersion,
                    format!(
                        "the room has moved on: it is at move {}, not {} (this sowing was for an earlier move, or was already done)",
                        room.moves, req.moves
                    ),
                )
                .with("moves", room.moves)
                .with("expected", req.moves)
                .with_state(room.view()));
            }
            let seen = room.version;
            let refused = room.sow(side, pit, now_ms())?;
            let done = st
                .store()
                .update_room(&room, seen)
                .await
                .map_err(crate::state::db_error)?;
            if done {
                st.changes().changed(&crate::store::room_key(&id));
                return Ok(Json(json!({
                    "accepted": refused.is_none(),
                    "reason": refused.as_ref().map(|r| r.to_string()),
                    "refusal": refused.as_ref().map(crate::solitaire::refusal_json),
                    "state": room.view(),
                })));
            }
        }
        // Changed by others ten times while this sowing was being made: the room as it is.
        let room = load(&st, &id).await?;
        Err(ApiError::new(
            Code::StaleVersion,
            "the room changed too often while this sowing was made; try again",
        )
        .with("moves", room.moves)
        .with("expected", req.moves)
        .with_state(room.view()))
    })
    .await
    .map_err(|e| ApiError::internal(format!("the sowing could not be made: {e}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(pits: usize, seeds: u64) -> Room {
        Room::new("r".into(), pits, seeds, ["s".into(), "n".into()], 0)
    }

    #[test]
    fn two_pits_two_seeds_return_after_three_moves() {
        // RULINGS.md: [2,2] -> [1,3] -> [0,4] -> [2,2].
        let mut r = room(2, 2);
        let plan = [(0, 1), (0, 1), (1, 0)];
        for (i, (s, n)) in plan.into_iter().enumerate() {
            assert_eq!(r.sow(0, s, 1000 * i as i64).unwrap(), None);
            assert_eq!(r.moves, i as u64);
            assert_eq!(r.sow(1, n, 1000 * i as i64 + 250).unwrap(), None);
        }
        assert_eq!(r.moves, 3);
        assert!(r.done());
        assert_eq!(r.gap_total / r.gaps as i64, 250);
        assert!(r.sow(0, 0, 5000).is_err());
    }

    #[test]
    fn a_wrong_pit_is_refused_with_the_reason_and_counted() {
        let mut r = room(3, 1);
        let why = r.sow(0, 2, 0).unwrap().unwrap();
        assert_eq!(why.code(), "not-next-pit");
        let why = why.to_string();
        assert!(why.starts_with("South must sow A, not C"), "{why}");
        assert_eq!((r.errors, r.moves, r.pending), ([1, 0], 0, [false, false]));
        let why = r.sow(1, 0, 0).unwrap().unwrap().to_string();
        assert!(why.starts_with("North must sow c, not a"), "{why}");
        assert_eq!(r.sow(0, 0, 0).unwrap(), None);
        assert!(r.sow(0, 0, 0).is_err(), "a second sowing for the same move");
    }
}
