//! What games and El mirall rooms share: ids and seat tokens, and long polling
//! (`?after=<version>&wait=<seconds>`), woken by the change itself
//! ([`crate::changes::Changes`]).

use crate::error::ApiError;
use crate::limits::{ClientOf, Guards, WaitTicket};
use crate::server::{Connection, WaitingMark};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use rand::Rng;
use std::net::IpAddr;
use std::time::Duration;
use tokio::sync::watch;

/// The longest a long poll waits, in seconds.
pub const MAX_WAIT_SECS: u64 = 30;

/// A random id or seat token of `len` characters, from an alphabet without look-alikes
/// (no `l`, `o`, `0`, `1`), so a link read aloud or copied by hand still works.
pub fn new_id(len: usize) -> String {
    const ABC: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    (0..len)
        .map(|_| ABC[rng.gen_range(0..ABC.len())] as char)
        .collect()
}

/// What a long poll needs to give way to others: the connection it came on (the server may
/// end its wait to make room) and its client (who may keep only so many waits; see
/// [`crate::limits`]).
pub struct Waiter {
    conn: Option<Connection>,
    client: IpAddr,
}

impl Waiter {
    /// A place among the waits of its client, held while a stream stays open: it ends when its
    /// ticket is cut (to make room) or its connection is (see [`Waiter::gone`]).
    pub fn hold(&self, guards: &Guards) -> (WaitTicket, Option<WaitingMark>) {
        (
            guards.wait(self.client),
            self.conn.as_ref().map(Connection::waiting),
        )
    }

    /// Completes when the server must close this client's connection (it is shutting down, or
    /// the connection is cut); never without a connection.
    pub async fn gone(&self) {
        match &self.conn {
            Some(c) => c.cut().await,
            None => std::future::pending().await,
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Waiter {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, s: &S) -> Result<Waiter, Self::Rejection> {
        let ClientOf(client) = ClientOf::from_request_parts(parts, s).await?;
        Ok(Waiter {
            conn: parts.extensions.get::<Connection>().cloned(),
            client,
        })
    }
}

/// Long polling: `look` gives the current version and view; the view is answered once the
/// version is past `after` (at once without `after`), or when `wait` seconds (at most
/// [`MAX_WAIT_SECS`]) have passed, or when the wait must give way (see [`Waiter`], with the
/// limits of `guards`). `changes` (subscribed before the first look) wakes the wait.
pub async fn long_poll<V, F, Fut>(
    after: Option<u64>,
    wait: Option<u64>,
    mut changes: watch::Receiver<()>,
    waiter: Option<(&Waiter, &Guards)>,
    mut look: F,
) -> Result<V, ApiError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<(u64, V), ApiError>>,
{
    let wait = wait.unwrap_or(0).min(MAX_WAIT_SECS);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(wait);
    // The place taken while waiting, from the first wait on.
    let mut place: Option<(WaitTicket, Option<WaitingMark>)> = None;
    loop {
        let (version, view) = look().await?;
        if after.is_none_or(|a| version > a) || tokio::time::Instant::now() >= deadline {
            return Ok(view);
        }
        if place.is_none()
            && let Some((w, guards)) = waiter
        {
            place = Some((
                guards.wait(w.client),
                w.conn.as_ref().map(Connection::waiting),
            ));
        }
        let give_way = async {
            match (&mut place, waiter.and_then(|(w, _)| w.conn.as_ref())) {
                (Some((ticket, _)), Some(conn)) => {
                    tokio::select! {
                        _ = ticket.cut() => {}
                        _ = conn.cut() => {}
                    }
                }
                (Some((ticket, _)), None) => ticket.cut().await,
                _ => std::future::pending().await,
            }
        };
        tokio::select! {
            r = tokio::time::timeout_at(deadline, changes.changed()) => match r {
                // A change (or the deadline): look again.
                Ok(Ok(())) | Err(_) => {}
                // Nobody can tell of a change any more: the view at the deadline.
                Ok(Err(_)) => {
                    tokio::time::sleep_until(deadline).await;
                    return look().await.map(|(_, v)| v);
                }
            },
            // Others need the place: the view as it is now.
            _ = give_way => return look().await.map(|(_, v)| v),
        }
    }
}

/// One look of a followed thing for [`events`]: its version as the event's id, the data to send,
/// whether it is over (the stream then ends after this event), and how long until it should be
/// looked at again even if nothing is told (a clock's verdict, a lobby's makers leaving).
pub struct Look {
    pub version: String,
    pub data: serde_json::Value,
    pub over: bool,
    pub again: Duration,
}

/// The type of the streams [`events`] makes.
pub type EventStream = axum::response::sse::Sse<
    axum::response::sse::KeepAliveStream<
        std::pin::Pin<
            Box<
                dyn futures_util::Stream<
                        Item = Result<axum::response::sse::Event, std::convert::Infallible>,
                    > + Send,
            >,
        >,
    >,
>;

/// A thing followed as Server-Sent Events: an event `name` at once unless `last` (the client's
/// `Last-Event-ID`) is its version already, then one at every change of `changes` (or after
/// [`Look::again`]) that gives another version, until it is over. The stream holds one of its
/// client's waits (see [`Waiter::hold`]) and ends when that must give way, or when the server
/// closes the connection; a comment every 15 s keeps it open.
pub fn events<F, Fut>(
    name: &'static str,
    last: Option<String>,
    changes: watch::Receiver<()>,
    waiter: Waiter,
    guards: &Guards,
    look: F,
) -> EventStream
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<Look, ApiError>> + Send,
{
    use axum::response::sse::{Event, KeepAlive, Sse};
    struct Follow<F> {
        last: Option<String>,
        changes: watch::Receiver<()>,
        place: (WaitTicket, Option<WaitingMark>),
        waiter: Waiter,
        look: F,
        done: bool,
    }
    let place = waiter.hold(guards);
    let follow = Follow {
        last,
        changes,
        place,
        waiter,
        look,
        done: false,
    };
    let stream = futures_util::stream::unfold(follow, move |mut f| async move {
        if f.done {
            return None;
        }
        loop {
            let now = (f.look)().await.ok()?;
            if f.last.as_deref() != Some(now.version.as_str()) {
                f.done = now.over;
                let event = Event::default()
                    .event(name)
                    .id(now.version.clone())
                    .json_data(&now.data)
                    .ok()?;
                f.last = Some(now.version);
                return Some((Ok(event), f));
            }
            tokio::select! {
                r = f.changes.changed() => { r.ok()?; }
                _ = tokio::time::sleep(now.again) => {}
                _ = f.place.0.cut() => return None,
                _ = f.waiter.gone() => return None,
            }
        }
    });
    let boxed: std::pin::Pin<Box<dyn futures_util::Stream<Item = _> + Send>> = Box::pin(stream);
    Sse::new(boxed).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

/// The `Last-Event-ID` a reconnecting client sends, or else the query's `after`.
pub fn last_event_id(headers: &axum::http::HeaderMap, after: Option<String>) -> Option<String> {
    headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().to_string())
        .or(after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::changes::Changes;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[tokio::test]
    async fn a_waiting_poll_answers_when_told_of_a_change_and_not_before() {
        let changes = Arc::new(Changes::default());
        let version = Arc::new(AtomicU64::new(3));
        let rx = changes.subscribe("g");
        let v = version.clone();
        let poll = tokio::spawn(async move {
            let t0 = tokio::time::Instant::now();
            let seen = long_poll(Some(3), Some(20), rx, None, || {
                let v = v.clone();
                async move {
                    let n = v.load(Ordering::SeqCst);
                    Ok((n, n))
                }
            })
            .await
            .unwrap();
            (seen, t0.elapsed())
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!poll.is_finished(), "no change yet: the poll waits");
        // The version moves on, but only a change told wakes the poll: it does not look by
        // itself (a change of another key does not wake it either).
        version.store(4, Ordering::SeqCst);
        changes.changed("h");
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(
            !poll.is_finished(),
            "the poll looked again without being told"
        );
        changes.changed("g");
        let (seen, took) = tokio::time::timeout(Duration::from_secs(2), poll)
            .await
            .expect("the poll answers promptly after the change")
            .unwrap();
        assert_eq!(seen, 4);
        assert!(took < Duration::from_secs(2), "{took:?}");
    }

    #[tokio::test]
    async fn a_poll_with_no_change_answers_at_its_deadline() {
        let changes = Changes::default();
        let rx = changes.subscribe("g");
        let t0 = tokio::time::Instant::now();
        let seen = long_poll(Some(5), Some(1), rx, None, || async { Ok((5u64, "same")) })
            .await
            .unwrap();
        assert_eq!(seen, "same");
        let took = t0.elapsed();
        assert!(
            took >= Duration::from_secs(1) && took < Duration::from_secs(3),
            "{took:?}"
        );
    }
}
