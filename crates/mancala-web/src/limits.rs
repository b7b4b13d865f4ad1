//! Limits per client on what a request can make the server hold or spend, so that a flood of
//! valid-looking requests from one client never keeps another from a move:
//! - long polls: each client (see [`Client`]) keeps at most
//!   [`ClientLimits::waits_per_client`] waiting, and the server at most
//!   [`ClientLimits::waits`]; past either, the oldest wait (of that client, or of the client
//!   waiting most) answers at once with what there is, as at the end of its wait;
//! - new games and rooms: a bucket per client of [`ClientLimits::games_per_minute_per_client`]
//!   (refilled over a minute) and one for the server of [`ClientLimits::games_per_minute`];
//!   an empty bucket answers `429 too-many-games` with `Retry-After`;
//! - hints and analyses: at most [`ClientLimits::analyses`] computed at once (a request
//!   waits up to [`ANALYSIS_QUEUE`] for its turn, then `503 server-busy` with `Retry-After`);
//!   each result kept per game version, so asking again costs nothing; a computation whose
//!   every asker has gone is stopped.

use crate::error::{ApiError, Code};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{OnceCell, Semaphore, watch};

/// The key a client is counted under: its address, or for IPv6 its /64 network (one
/// household or host gets a /64, so counting single addresses would count nothing).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut seg = v6.segments();
                seg[4..].iter_mut().for_each(|s| *s = 0);
                IpAddr::V6(std::net::Ipv6Addr::from(seg))
            }
        },
    }
}

/// The client a request is made for: the connection's address, or behind a trusted proxy
/// the last address the proxy added to `X-Forwarded-For`. Put in every request's extensions
/// by the server; limits per client are counted under its [`client_key`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client(pub IpAddr);

/// How long a hint or analysis waits for a free place before `503`.
pub const ANALYSIS_QUEUE: Duration = Duration::from_secs(3);

/// Results of hints and analyses kept (per game version).
const KEPT_RESULTS: usize = 512;

/// Clients whose buckets are remembered before the full ones are forgotten.
const REMEMBERED_CLIENTS: usize = 10_000;

/// The limits per client on requests (see the module's text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientLimits {
    /// Long polls one client may keep waiting.
    pub waits_per_client: usize,
    /// Long polls waiting on the server in all.
    pub waits: usize,
    /// Games (and El mirall rooms) one client may make in a minute, all at once at most.
    pub games_per_minute_per_client: u32,
    /// Games and rooms the server makes in a minute.
    pub games_per_minute: u32,
    /// Hints and analyses computed at once.
    pub analyses: usize,
}

impl Default for ClientLimits {
    fn default() -> ClientLimits {
        ClientLimits {
            waits_per_client: 32,
            waits: 4096,
            games_per_minute_per_client: 60,
            games_per_minute: 1200,
            analyses: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The client a request is counted for (the server puts it in the extensions; a request
/// handed to the router directly, as in tests, counts as one unknown client).
pub struct ClientOf(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientOf {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientOf, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<Client>()
            .map(|c| c.0)
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        Ok(ClientOf(client_key(ip)))
    }
}

/// What the limits hold while the server runs.
pub struct Guards {
    limits: ClientLimits,
    waits: Arc<Mutex<WaitBook>>,
    buckets: Mutex<Buckets>,
    slots: Semaphore,
    results: Mutex<Results>,
    /// Hints and analyses started, and running now.
    started: AtomicUsize,
    running: Arc<AtomicUsize>,
    /// Computations stopped because nobody waited for them any more.
    stopped: Arc<AtomicUsize>,
}

impl Guards {
    pub fn new(limits: ClientLimits) -> Guards {
        let slots = Semaphore::new(limits.analyses.max(1));
        Guards {
            waits: Arc::new(Mutex::new(WaitBook::default())),
            buckets: Mutex::new(Buckets {
                all: Bucket::full(limits.games_per_minute),
                per: HashMap::new(),
            }),
            slots,
            results: Mutex::new(Results::default()),
            started: AtomicUsize::new(0),
            running: Arc::new(AtomicUsize::new(0)),
            stopped: Arc::new(AtomicUsize::new(0)),
            limits,
        }
    }

    pub fn limits(&self) -> &ClientLimits {
        &self.limits
    }

    /// A place for a long poll of `client` to wait; making it may end the oldest wait of
    /// that client (or of the client waiting most).
    pub fn wait(&self, client: IpAddr) -> WaitTicket {
        let (tx, rx) = watch::channel(false);
        let mut book = lock(&self.waits);
        book.next += 1;
        let id = book.next;
        let queue = book.per.entry(client).or_default();
        if queue.len() >= self.limits.waits_per_client.max(1)
            && let Some((_, cut)) = queue.pop_front()
        {
            cut.send_replace(true);
            book.total -= 1;
        }
        if book.total >= self.limits.waits.max(1) {
            let heaviest = book
                .per
                .iter()
                .max_by_key(|(_, q)| q.len())
                .map(|(c, _)| *c);
            if let Some(c) = heaviest
                && let Some((_, cut)) = book.per.get_mut(&c).and_then(VecDeque::pop_front)
            {
                cut.send_replace(true);
                book.total -= 1;
            }
        }
        book.per.entry(client).or_default().push_back((id, tx));
        book.total += 1;
        WaitTicket {
            book: self.waits.clone(),
            client,
            id,
            rx,
        }
    }

    /// Hints and analyses computed since the start (a kept answer is not computed again).
    pub fn computations(&self) -> usize {
        self.started.load(Ordering::SeqCst)
    }

    /// Hints and analyses being computed now.
    pub fn computing(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }

    /// Hints and analyses stopped because every asker had gone.
    pub fn stopped_computations(&self) -> usize {
        self.stopped.load(Ordering::SeqCst)
    }

    /// Long polls waiting now.
    pub fn waiting(&self) -> usize {
        lock(&self.waits).total
    }

    /// Takes one new game from `client`'s bucket and the server's, or says when to try again.
    pub fn new_game(&self, client: IpAddr) -> Result<(), ApiError> {
        let now = Instant::now();
        let per_minute = self.limits.games_per_minute_per_client;
        let mut b = lock(&self.buckets);
        if b.per.len() >= REMEMBERED_CLIENTS {
            // Forget the clients whose bucket is full again: they are as if new.
            b.per
                .retain(|_, k| k.level(now, per_minute) < f64::from(per_minute));
        }
        let mine = b
            .per
            .entry(client)
            .or_insert_with(|| Bucket::full(per_minute));
        let wait_mine = mine.wait(now, per_minute);
        let wait_all = b.all.wait(now, self.limits.games_per_minute);
        let wait = wait_mine.max(wait_all);
        if wait > 0 {
            let whose = if wait_mine > 0 {
                "your address"
            } else {
                "all players"
            };
            let per = if wait_mine > 0 {
                per_minute
            } else {
                self.limits.games_per_minute
            };
            return Err(ApiError::new(
                Code::TooManyGames,
                format!("too many new games: {per} a minute from {whose}; try again in {wait} s"),
            )
            .with("seconds", wait)
            .with("per_minute", per)
            .with_retry_after(wait));
        }
        b.per
            .get_mut(&client)
            .expect("just made")
            .take(now, per_minute);
        b.all.take(now, self.limits.games_per_minute);
        Ok(())
    }

    /// The result kept for `key`, or computed by `make` (at most [`ClientLimits::analyses`]
    /// at once; askers of the same key share one computation). `make` gets a flag that is set
    /// when every asker has gone: it should stop then and return `None`. An asker has gone
    /// when its request is dropped or `gone` completes (its client closed the connection).
    pub async fn costly<F>(
        &self,
        key: (&'static str, String, u64),
        gone: impl std::future::Future<Output = ()>,
        make: F,
    ) -> Result<Arc<Value>, ApiError>
    where
        F: FnOnce(Arc<AtomicBool>) -> Result<Option<Value>, ApiError> + Send + 'static,
    {
        let cell = lock(&self.results).cell(key);
        let made = cell.get_or_try_init(|| async move {
            let _slot = match tokio::time::timeout(ANALYSIS_QUEUE, self.slots.acquire()).await {
                Ok(Ok(slot)) => slot,
                _ => {
                    let secs = ANALYSIS_QUEUE.as_secs().max(1);
                    return Err(ApiError::new(
                        Code::ServerBusy,
                        format!("the engine is busy with other requests; try again in {secs} s"),
                    )
                    .with("seconds", secs)
                    .with_retry_after(secs));
                }
            };
            let stop = StopOnDrop(Arc::new(AtomicBool::new(false)));
            let flag = stop.0.clone();
            self.started.fetch_add(1, Ordering::SeqCst);
            let running = Running::new(self.running.clone());
            let stopped = self.stopped.clone();
            let out = tokio::task::spawn_blocking(move || {
                let _running = running;
                let out = make(flag);
                if matches!(out, Ok(None)) {
                    stopped.fetch_add(1, Ordering::SeqCst);
                }
                out
            })
            .await
            .map_err(|e| ApiError::internal(format!("engine task failed: {e}")))??;
            drop(stop);
            out.map(Arc::new)
                .ok_or_else(|| ApiError::internal("the computation was stopped"))
        });
        tokio::select! {
            v = made => Ok(v?.clone()),
            () = gone => Err(ApiError::new(Code::ServerBusy, "the client has gone")),
        }
    }
}

/// Counts a computation running while it lives.
struct Running(Arc<AtomicUsize>);

impl Running {
    fn new(n: Arc<AtomicUsize>) -> Running {
        n.fetch_add(1, Ordering::SeqCst);
        Running(n)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Sets its flag when dropped: the computation it belongs to has no asker left.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The waiting long polls, per client, oldest first.
#[derive(Default)]
struct WaitBook {
    per: HashMap<IpAddr, VecDeque<(u64, watch::Sender<bool>)>>,
    total: usize,
    next: u64,
}

/// A long poll's place (see [`Guards::wait`]); given back when dropped.
pub struct WaitTicket {
    book: Arc<Mutex<WaitBook>>,
    client: IpAddr,
    id: u64,
    rx: watch::Receiver<bool>,
}

impl WaitTicket {
    /// Completes when the wait must end at once to make room.
    pub async fn cut(&mut self) {
        let _ = self.rx.wait_for(|c| *c).await;
    }
}

impl Drop for WaitTicket {
    fn drop(&mut self) {
        let mut book = lock(&self.book);
        let WaitBook { per, total, .. } = &mut *book;
        if let Some(q) = per.get_mut(&self.client) {
            if let Some(i) = q.iter().position(|(id, _)| *id == self.id) {
                q.remove(i);
                *total -= 1;
            }
            if q.is_empty() {
                per.remove(&self.client);
            }
        }
    }
}

/// A token bucket of `per_minute` tokens, refilled evenly over a minute.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(per_minute: u32) -> Bucket {
        Bucket {
            tokens: f64::from(per_minute),
            at: Instant::now(),
        }
    }

    fn level(&self, now: Instant, per_minute: u32) -> f64 {
        let rate = f64::from(per_minute) / 60.0;
        (self.tokens + rate * now.duration_since(self.at).as_secs_f64()).min(f64::from(per_minute))
    }

    /// Seconds until a token is there (0: now).
    fn wait(&self, now: Instant, per_minute: u32) -> u64 {
        let level = self.level(now, per_minute);
        if level >= 1.0 {
            0
        } else if per_minute == 0 {
            60
        } else {
            ((1.0 - level) / (f64::from(per_minute) / 60.0))
                .ceil()
                .max(1.0) as u64
        }
    }

    fn take(&mut self, now: Instant, per_minute: u32) {
        self.tokens = self.level(now, per_minute) - 1.0;
        self.at = now;
    }
}

struct Buckets {
    all: Bucket,
    per: HashMap<IpAddr, Bucket>,
}

type Key = (&'static str, String, u64);

/// The kept results, oldest first.
#[derive(Default)]
struct Results {
    cells: HashMap<Key, Arc<OnceCell<Arc<Value>>>>,
    order: VecDeque<Key>,
}

impl Results {
    fn cell(&mut self, key: Key) -> Arc<OnceCell<Arc<Value>>> {
        if let Some(c) = self.cells.get(&key) {
            return c.clone();
        }
        while self.order.len() >= KEPT_RESULTS {
            if let Some(old) = self.order.pop_front() {
                self.cells.remove(&old);
            }
        }
        let c = Arc::new(OnceCell::new());
        self.cells.insert(key.clone(), c.clone());
        self.order.push_back(key);
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, n))
    }

    #[test]
    fn a_client_past_its_games_a_minute_is_told_when_to_come_back() {
        let g = Guards::new(ClientLimits {
            games_per_minute_per_client: 3,
            ..ClientLimits::default()
        });
        for _ in 0..3 {
            g.new_game(ip(1)).unwrap();
        }
        let e = g.new_game(ip(1)).unwrap_err();
        assert_eq!(e.code, Code::TooManyGames);
        // 3 a minute: one every 20 s.
        assert!(
            (1..=20).contains(&e.params["seconds"].as_u64().unwrap()),
            "{e:?}"
        );
        // Another client is not held up.
        g.new_game(ip(2)).unwrap();
    }

    #[test]
    fn the_server_wide_bucket_holds_every_client() {
        let g = Guards::new(ClientLimits {
            games_per_minute: 4,
            ..ClientLimits::default()
        });
        for n in 0..4 {
            g.new_game(ip(n)).unwrap();
        }
        let e = g.new_game(ip(9)).unwrap_err();
        assert_eq!(e.params["per_minute"], 4, "{e:?}");
    }

    #[tokio::test]
    async fn a_client_past_its_waits_ends_its_oldest() {
        let g = Guards::new(ClientLimits {
            waits_per_client: 2,
            ..ClientLimits::default()
        });
        let mut a = g.wait(ip(1));
        let mut b = g.wait(ip(1));
        let mut other = g.wait(ip(2));
        assert_eq!(g.waiting(), 3);
        let c = g.wait(ip(1));
        // The oldest of client 1 is ended; the newer one and client 2's are not.
        tokio::time::timeout(Duration::from_secs(1), a.cut())
            .await
            .expect("the oldest wait ends");
        for t in [&mut b, &mut other] {
            assert!(
                tokio::time::timeout(Duration::from_millis(50), t.cut())
                    .await
                    .is_err()
            );
        }
        assert_eq!(g.waiting(), 3);
        drop((a, b, c, other));
        assert_eq!(g.waiting(), 0);
    }

    #[tokio::test]
    async fn past_the_servers_waits_the_client_waiting_most_gives_way() {
        let g = Guards::new(ClientLimits {
            waits: 3,
            ..ClientLimits::default()
        });
        let mut heavy1 = g.wait(ip(1));
        let _heavy2 = g.wait(ip(1));
        let mut light = g.wait(ip(2));
        let _new = g.wait(ip(3));
        tokio::time::timeout(Duration::from_secs(1), heavy1.cut())
            .await
            .expect("the heaviest client's oldest wait ends");
        assert!(
            tokio::time::timeout(Duration::from_millis(50), light.cut())
                .await
                .is_err()
        );
        assert_eq!(g.waiting(), 3);
    }

    #[tokio::test]
    async fn a_result_is_computed_once_per_key_and_stopped_when_nobody_waits() {
        let g = Arc::new(Guards::new(ClientLimits::default()));
        let runs = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        for _ in 0..3 {
            let r = runs.clone();
            let v = g
                .costly(("t", "g".into(), 1), std::future::pending(), move |_| {
                    r.fetch_add(1, Ordering::SeqCst);
                    Ok(Some(Value::from(7)))
                })
                .await
                .unwrap();
            assert_eq!(*v, Value::from(7));
        }
        assert_eq!(runs.load(Ordering::SeqCst), 1);

        // A computation whose asker leaves is told to stop.
        let stopped = Arc::new(AtomicBool::new(false));
        let seen = stopped.clone();
        let g2 = g.clone();
        let asker = tokio::spawn(async move {
            g2.costly(("t", "g".into(), 2), std::future::pending(), move |stop| {
                while !stop.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                seen.store(true, Ordering::SeqCst);
                Ok(None)
            })
            .await
        });
        tokio::time::sleep(Duration::from_millis(100)).await;
        asker.abort();
        let _ = asker.await;
        for _ in 0..200 {
            if stopped.load(Ordering::SeqCst) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(
            stopped.load(Ordering::SeqCst),
            "the computation was not stopped"
        );
    }
}
