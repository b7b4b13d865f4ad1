//! The HTTP server around the app, made to face the open internet: a cap on open connections,
//! timeouts for slow and idle clients and for answers, security headers on every answer, and a
//! `Host` check against DNS rebinding.
//!
//! - Connections: at most [`Limits::max_connections`] are open at once. When a new one comes
//!   and every place is taken, the server closes the connection that waited longest without a
//!   request in progress — first those that never completed a request (half-sent or idle from
//!   the start), then the least recently used keep-alive ones — so a flood of slow or idle
//!   connections cannot keep a player out. Connections with a request in progress are never
//!   closed for a newcomer; if all are busy, the newcomer waits in the listen queue.
//! - Timeouts: a request's head must arrive within [`Limits::header_read_timeout`], counted from
//!   the moment the connection waits for it (so this is also the keep-alive idle timeout); its
//!   body within [`Limits::request_timeout`]; the answer must be ready within
//!   [`Limits::request_timeout`] (else `503`); a connection that moves no byte for
//!   [`Limits::idle_timeout`] with no request in progress (a client that stopped reading its
//!   answer) is closed.
//! - Headers: see [`SECURITY_HEADERS`]; the `Host` check: see [`HostCheck`].

use crate::error::{ApiError, Code};
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore, watch};
use tower::ServiceExt;

/// How much the server lets clients hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once.
    pub max_connections: usize,
    /// Time for a request's head (line and headers) to arrive, from the moment the connection
    /// waits for it: a half-sent request and an idle keep-alive connection are closed after it.
    pub header_read_timeout: Duration,
    /// Time a connection may move no byte while no request is in progress (e.g. a client that
    /// does not read its answer).
    pub idle_timeout: Duration,
    /// Time to read a request's body, and time for the answer to be ready.
    pub request_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 1024,
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(60),
        }
    }
}

/// How `mancala serve` faces the network: limits and the hosts it answers to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServeConfig {
    pub limits: Limits,
    /// Host names (optionally `name:port`) the server answers to besides the loopback names
    /// (`--allowed-host`, repeatable).
    pub allowed_hosts: Vec<String>,
}

/// The security headers on every answer.
///
/// The page loads its script, style sheet and icon from the server itself and has no inline
/// script, inline style or `eval`, so the policy allows only the server's own files; it may not
/// be framed (clickjacking), types are not sniffed, and no `Referer` leaves the page (the
/// invite links carry seat tokens).
pub const SECURITY_HEADERS: [(&str, &str); 5] = [
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
];

/// Which `Host` headers are answered. A page on another site can reach a server on loopback
/// by pointing its own name at 127.0.0.1 (DNS rebinding); its requests then carry that name as
/// `Host`, so a server that answers only to the names it is known by cannot be used that way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostCheck {
    /// Every `Host` (bound to a public address without `--allowed-host`: the names are not
    /// known).
    Any,
    /// Only these: `(host, port)` with the host in lower case, `[..]` kept around IPv6; no
    /// port matches any port.
    Only(Vec<(String, Option<u16>)>),
}

/// An `--allowed-host` value that is no host name or address.
#[derive(Debug, thiserror::Error)]
#[error("--allowed-host {0:?}: give a host name or address, optionally with :port")]
pub struct BadHost(pub String);

impl HostCheck {
    /// The check for a server bound to `addr`: on loopback, `localhost`, `127.0.0.1` and
    /// `[::1]` (and the bound address) with the bound port, plus `allowed`; elsewhere the same
    /// when `allowed` is given, else any host.
    pub fn new(addr: SocketAddr, allowed: &[String]) -> Result<HostCheck, BadHost> {
        if !addr.ip().is_loopback() && allowed.is_empty() {
            return Ok(HostCheck::Any);
        }
        let port = addr.port();
        let mut list: Vec<(String, Option<u16>)> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|h| (h.to_string(), Some(port)))
            .collect();
        let bound = match addr.ip() {
            std::net::IpAddr::V4(ip) => ip.to_string(),
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        };
        if !addr.ip().is_unspecified() {
            list.push((bound, Some(port)));
        }
        if port == 80 {
            let bare: Vec<_> = list.iter().map(|(h, _)| (h.clone(), None)).collect();
            list.extend(bare);
        }
        for a in allowed {
            let (h, p) = split_host(a).ok_or_else(|| BadHost(a.clone()))?;
            list.push((h, p));
        }
        Ok(HostCheck::Only(list))
    }

    /// Whether a request with this `Host` value is answered.
    pub fn allows(&self, host: &str) -> bool {
        match self {
            HostCheck::Any => true,
            HostCheck::Only(list) => match split_host(host) {
                None => false,
                Some((h, p)) => list
                    .iter()
                    .any(|(lh, lp)| *lh == h && (lp.is_none() || *lp == p)),
            },
        }
    }
}

/// Splits `host[:port]` (`[v6][:port]`) into a lower-case host and a port; `None` if it is not
/// a well-formed host.
fn split_host(s: &str) -> Option<(String, Option<u16>)> {
    let s = s.trim();
    let (host, port) = if let Some(rest) = s.strip_prefix('[') {
        let end = rest.find(']')?;
        let host = &s[..end + 2];
        match &rest[end + 1..] {
            "" => (host, None),
            p => (host, Some(p.strip_prefix(':')?)),
        }
    } else {
        match s.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (s, None),
        }
    };
    let ok = !host.is_empty()
        && host.len() <= 255
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._[]:".contains(&b));
    if !ok {
        return None;
    }
    let port = match port {
        None => None,
        Some(p) => Some(p.parse::<u16>().ok()?),
    };
    Some((host.to_ascii_lowercase(), port))
}

async fn check_host(check: Arc<HostCheck>, req: Request, next: Next) -> Response {
    if matches!(*check, HostCheck::Any) {
        return next.run(req).await;
    }
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.uri().authority().map(|a| a.to_string()));
    match host {
        Some(h) if check.allows(&h) => next.run(req).await,
        Some(h) => {
            let h: String = h.chars().take(60).collect();
            ApiError::new(
                Code::WrongHost,
                format!(
                    "this server does not answer to the host {h:?} (start it with --allowed-host to add a name)"
                ),
            )
            .with("host", h)
            .into_response()
        }
        None => ApiError::new(Code::NoHost, "the request has no Host header").into_response(),
    }
}

/// The app with the server's layers: security headers, the `Host` check and the request
/// timeout.
pub fn app(router: Router, hosts: HostCheck, limits: &Limits) -> Router {
    let hosts = Arc::new(hosts);
    let timeout = limits.request_timeout;
    let mut app = router
        .layer(axum::middleware::from_fn(move |req, next| {
            check_host(hosts.clone(), req, next)
        }))
        .layer(
            tower::ServiceBuilder::new()
                .layer(axum::error_handling::HandleErrorLayer::new(
                    move |_: tower::BoxError| async move {
                        ApiError::new(
                            Code::ServerBusy,
                            format!(
                                "the answer took longer than {} s; try again",
                                timeout.as_secs()
                            ),
                        )
                        .with("seconds", timeout.as_secs())
                    },
                ))
                .timeout(timeout),
        )
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(timeout));
    for (name, value) in SECURITY_HEADERS {
        app = app.layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        ));
    }
    app
}

/// One open connection, as the server keeps track of it.
struct Conn {
    /// The order of arrival.
    id: u64,
    /// Requests answered on it.
    served: AtomicU64,
    /// Requests in progress.
    in_flight: AtomicUsize,
    /// When a byte last moved, in milliseconds since the server started.
    last_io: AtomicU64,
    /// Asked to close (by a newcomer or the idle timeout).
    closing: AtomicBool,
    /// Closed without waiting (it never completed a request).
    hard: AtomicBool,
    close: Notify,
}

/// The open connections.
struct Registry {
    start: Instant,
    conns: Mutex<HashMap<u64, Arc<Conn>>>,
    slots: Arc<Semaphore>,
}

impl Registry {
    fn now_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Asks the connection that waited longest without a request in progress to close:
    /// first one that never completed a request, else the least recently used. False if every
    /// connection has a request in progress.
    fn evict_one(&self) -> bool {
        let conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        let victim = conns
            .values()
            .filter(|c| {
                c.in_flight.load(Ordering::SeqCst) == 0 && !c.closing.load(Ordering::SeqCst)
            })
            .min_by_key(|c| {
                let fresh = c.served.load(Ordering::SeqCst) == 0;
                // Never-served connections first, oldest first; then by last use.
                if fresh {
                    (0, c.id)
                } else {
                    (1, c.last_io.load(Ordering::SeqCst))
                }
            });
        match victim {
            Some(c) => {
                // One that never completed a request has nothing being written to it: it is
                // dropped at once. A keep-alive one is shut down gracefully.
                c.hard
                    .store(c.served.load(Ordering::SeqCst) == 0, Ordering::SeqCst);
                c.closing.store(true, Ordering::SeqCst);
                c.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// A socket that notes when a byte last moved.
struct Watched {
    io: TcpStream,
    conn: Arc<Conn>,
    registry: Arc<Registry>,
}

impl Watched {
    fn touch(&self) {
        self.conn
            .last_io
            .store(self.registry.now_ms(), Ordering::SeqCst);
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.io).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.touch();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.io).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }
    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}

/// Marks a request in progress on a connection while it lives.
struct InFlight(Arc<Conn>);

impl InFlight {
    fn enter(conn: &Arc<Conn>) -> InFlight {
        conn.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(conn.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.served.fetch_add(1, Ordering::SeqCst);
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What a running server shows of itself (for tests and monitoring).
#[derive(Clone)]
pub struct ServerStats {
    registry: Arc<Registry>,
}

impl ServerStats {
    /// Connections open now.
    pub fn open_connections(&self) -> usize {
        self.registry
            .conns
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }
}

/// Serves `app` on `listener` with `limits` until `shutdown` completes; then stops accepting,
/// lets the requests in progress finish (for at most 5 s) and returns. `stats` (if given) is
/// filled with a handle on the open connections.
pub async fn serve_with(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    stats: Option<tokio::sync::oneshot::Sender<ServerStats>>,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry {
        start: Instant::now(),
        conns: Mutex::new(HashMap::new()),
        slots: Arc::new(Semaphore::new(limits.max_connections.max(1))),
    });
    if let Some(tx) = stats {
        let _ = tx.send(ServerStats {
            registry: registry.clone(),
        });
    }
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true);
    let (stop_tx, stop_rx) = watch::channel(false);
    // Dropping the set (when this future is dropped) ends every connection.
    let mut tasks = tokio::task::JoinSet::new();
    let mut next_id = 0u64;
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            r = listener.accept() => match r {
                Ok((s, _)) => s,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little rather than spin.
                    if !matches!(e.kind(), std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset) {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    continue;
                }
            },
            _ = &mut shutdown => break,
            Some(_) = tasks.join_next(), if !tasks.is_empty() => continue,
        };
        let permit = match registry.slots.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                registry.evict_one();
                // The evicted connection gives its place back at once; if every connection
                // was busy, wait for one to finish.
                tokio::select! {
                    p = registry.slots.clone().acquire_owned() => match p {
                        Ok(p) => p,
                        Err(_) => break,
                    },
                    _ = &mut shutdown => break,
                }
            }
        };
        let _ = stream.set_nodelay(true);
        next_id += 1;
        let conn = Arc::new(Conn {
            id: next_id,
            served: AtomicU64::new(0),
            in_flight: AtomicUsize::new(0),
            last_io: AtomicU64::new(registry.now_ms()),
            closing: AtomicBool::new(false),
            hard: AtomicBool::new(false),
            close: Notify::new(),
        });
        registry
            .conns
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(conn.id, conn.clone());
        let io = Watched {
            io: stream,
            conn: conn.clone(),
            registry: registry.clone(),
        };
        let app = app.clone();
        let http = http.clone();
        let registry = registry.clone();
        let mut stop_rx = stop_rx.clone();
        let idle = limits.idle_timeout;
        tasks.spawn(async move {
            let on = conn.clone();
            let service = hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
                let guard = InFlight::enter(&on);
                let app = app.clone();
                async move {
                    let r = app.oneshot(req.map(axum::body::Body::new)).await;
                    drop(guard);
                    r
                }
            });
            let served = http.serve_connection(TokioIo::new(io), service);
            tokio::pin!(served);
            let mut tick = tokio::time::interval((idle / 4).max(Duration::from_millis(10)));
            let mut grace: Option<Pin<Box<tokio::time::Sleep>>> = None;
            loop {
                tokio::select! {
                    _ = served.as_mut() => break,
                    _ = conn.close.notified(), if grace.is_none() => {
                        if conn.hard.load(Ordering::SeqCst)
                            && conn.in_flight.load(Ordering::SeqCst) == 0
                        {
                            break;
                        }
                        served.as_mut().graceful_shutdown();
                        grace = Some(Box::pin(tokio::time::sleep(Duration::from_secs(1))));
                    }
                    _ = stop_rx.changed(), if grace.is_none() => {
                        served.as_mut().graceful_shutdown();
                        grace = Some(Box::pin(tokio::time::sleep(Duration::from_secs(5))));
                    }
                    _ = async { grace.as_mut().unwrap().await }, if grace.is_some() => break,
                    _ = tick.tick(), if grace.is_none() => {
                        let quiet = registry.now_ms()
                            .saturating_sub(conn.last_io.load(Ordering::SeqCst));
                        if conn.in_flight.load(Ordering::SeqCst) == 0
                            && quiet >= idle.as_millis() as u64
                        {
                            break;
                        }
                    }
                }
            }
            registry
                .conns
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&conn.id);
            drop(permit);
        });
    }
    let _ = stop_tx.send(true);
    while tasks.join_next().await.is_some() {}
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_values_are_split_into_a_lower_case_name_and_a_port() {
        assert_eq!(
            split_host("LocalHost:8080"),
            Some(("localhost".into(), Some(8080)))
        );
        assert_eq!(split_host("[::1]:80"), Some(("[::1]".into(), Some(80))));
        assert_eq!(split_host("[::1]"), Some(("[::1]".into(), None)));
        assert_eq!(
            split_host("games.example.org"),
            Some(("games.example.org".into(), None))
        );
        for bad in [
            "", ":80", "a:b", "a:99999", "[::1", "[::1]x", "a b", "a/b", "évil",
        ] {
            assert_eq!(split_host(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn on_loopback_only_the_loopback_names_with_the_port_are_answered() {
        let c = HostCheck::new("127.0.0.1:8080".parse().unwrap(), &[]).unwrap();
        for ok in [
            "localhost:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "LOCALHOST:8080",
        ] {
            assert!(c.allows(ok), "{ok}");
        }
        for no in [
            "localhost",
            "localhost:8081",
            "evil.example:8080",
            "127.0.0.2:8080",
            "",
        ] {
            assert!(!c.allows(no), "{no}");
        }
        let c = HostCheck::new("127.0.0.1:80".parse().unwrap(), &[]).unwrap();
        assert!(c.allows("localhost") && c.allows("localhost:80"));
    }

    #[test]
    fn allowed_hosts_add_names_with_any_port_or_one() {
        let allowed = [
            "games.example.org".to_string(),
            "Other.example:8443".to_string(),
        ];
        let c = HostCheck::new("127.0.0.1:8080".parse().unwrap(), &allowed).unwrap();
        assert!(c.allows("games.example.org") && c.allows("games.example.org:443"));
        assert!(c.allows("other.example:8443") && !c.allows("other.example"));
        assert!(c.allows("localhost:8080") && !c.allows("evil.example"));
        assert!(HostCheck::new("127.0.0.1:8080".parse().unwrap(), &["a b".into()]).is_err());
    }

    #[test]
    fn a_public_address_without_allowed_hosts_answers_every_host() {
        let any = HostCheck::new("0.0.0.0:8080".parse().unwrap(), &[]).unwrap();
        assert_eq!(any, HostCheck::Any);
        let some = HostCheck::new(
            "0.0.0.0:8080".parse().unwrap(),
            &["games.example.org".into()],
        )
        .unwrap();
        assert!(some.allows("games.example.org") && !some.allows("evil.example"));
    }
}
