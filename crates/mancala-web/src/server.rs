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
use crate::limits::{Client, client_key};
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
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
    /// Time for the answer to be ready. (A request's body must arrive within
    /// `header_read_timeout`: the API's bodies are small.)
    pub request_timeout: Duration,
    /// Connections one client address (an IPv6 /64) may hold at once; at the limit, a
    /// newcomer from it takes the place of one of its own (0: no limit). Trusted proxies are
    /// not held to it.
    pub max_connections_per_address: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 1024,
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(60),
            max_connections_per_address: 256,
        }
    }
}

/// How `mancala serve` faces the network: limits and the hosts it answers to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ServeConfig {
    pub limits: Limits,
    /// Host names (optionally `name:port`) the server answers to besides the loopback names
    /// (`--allowed-host`, repeatable).
    pub allowed_hosts: Vec<String>,
    /// Proxies (`--trusted-proxy`) whose connections name their client in
    /// `X-Forwarded-For`: limits per client count that client, and the proxy is not held to
    /// the per-address connection limit.
    pub trusted_proxies: Vec<IpAddr>,
    /// The limits per client on requests.
    pub clients: crate::limits::ClientLimits,
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
    let hosts = req.headers().get_all(header::HOST).iter().count();
    if hosts > 1 {
        return ApiError::new(
            Code::BadRequest,
            format!("the request has {hosts} Host headers; send one"),
        )
        .with("detail", "several Host headers")
        .into_response();
    }
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
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            limits.header_read_timeout,
        ));
    for (name, value) in SECURITY_HEADERS {
        app = app.layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        ));
    }
    app
}

/// What a connection is doing, as far as making room for a newcomer goes.
mod phase {
    /// No request in progress.
    pub const IDLE: u8 = 0;
    /// The server works on a request: never closed for a newcomer.
    pub const WORKING: u8 = 1;
    /// The server waits for the client to send a request's body.
    pub const BODY: u8 = 2;
    /// A long poll waits for a change.
    pub const WAITING: u8 = 3;
}

/// One open connection, as the server keeps track of it.
struct Conn {
    /// The order of arrival.
    id: u64,
    /// The address it comes from.
    peer: IpAddr,
    /// It comes from a trusted proxy: not held to the per-address limit (the proxy speaks
    /// for many clients), and its requests' client is the one the proxy names.
    proxy: bool,
    /// Requests answered on it.
    served: AtomicU64,
    /// What it is doing (see [`phase`]).
    phase: AtomicU8,
    /// When a byte last moved, in milliseconds since the server started.
    last_io: AtomicU64,
    /// Asked to close (by a newcomer or the idle timeout).
    closing: AtomicBool,
    /// Closed without waiting (it never completed a request, or it stalls a body).
    hard: AtomicBool,
    close: Notify,
    /// Set to end a waiting long poll at once (it answers with what there is).
    cut: watch::Sender<bool>,
    /// The socket (shared so that a request can tell whether its client has gone).
    stream: Arc<TcpStream>,
}

impl Conn {
    /// Its place in the order of closing for a newcomer, `None` if it is not to be closed:
    /// never-served idle or half-sent ones first (oldest first), then those stalling a body,
    /// then idle keep-alive ones (least recently used first), then waiting long polls
    /// (oldest first).
    fn eviction_rank(&self) -> Option<(u8, u64)> {
        if self.closing.load(Ordering::SeqCst) {
            return None;
        }
        let served = self.served.load(Ordering::SeqCst);
        match self.phase.load(Ordering::SeqCst) {
            phase::IDLE if served == 0 => Some((0, self.id)),
            phase::BODY => Some((1, self.id)),
            phase::IDLE => Some((2, self.last_io.load(Ordering::SeqCst))),
            phase::WAITING => Some((3, self.id)),
            _ => None,
        }
    }

    fn set_phase(&self, from: u8, to: u8) {
        let _ = self
            .phase
            .compare_exchange(from, to, Ordering::SeqCst, Ordering::SeqCst);
    }
}

/// The open connections, and how many each address holds (not counting those asked to
/// close, which are on their way out).
#[derive(Default)]
struct Open {
    conns: HashMap<u64, Arc<Conn>>,
    per_address: HashMap<IpAddr, usize>,
}

impl Open {
    fn release(&mut self, conn: &Conn) {
        if conn.proxy {
            return;
        }
        let key = client_key(conn.peer);
        if let Some(n) = self.per_address.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.per_address.remove(&key);
            }
        }
    }
}

/// The open connections.
struct Registry {
    start: Instant,
    open: Mutex<Open>,
    slots: Arc<Semaphore>,
}

impl Registry {
    fn now_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn open(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Connections open from `peer` (not counting a trusted proxy's).
    fn held_by(&self, peer: IpAddr) -> usize {
        self.open()
            .per_address
            .get(&client_key(peer))
            .copied()
            .unwrap_or(0)
    }

    fn insert(&self, conn: Arc<Conn>) {
        let mut open = self.open();
        if !conn.proxy {
            *open.per_address.entry(client_key(conn.peer)).or_default() += 1;
        }
        open.conns.insert(conn.id, conn);
    }

    fn remove(&self, conn: &Conn) {
        let mut open = self.open();
        open.conns.remove(&conn.id);
        if !conn.closing.load(Ordering::SeqCst) {
            open.release(conn);
        }
    }

    /// Asks one connection to close to make room: of the address holding the most
    /// connections (so one client flooding the server makes room with its own), the first in
    /// [`Conn::eviction_rank`]'s order; with `only`, one of that address's. False if every
    /// candidate has a request the server works on.
    fn evict_one(&self, only: Option<IpAddr>) -> bool {
        let mut open = self.open();
        let only = only.map(client_key);
        let victim = open
            .conns
            .values()
            .filter(|c| only.is_none_or(|a| !c.proxy && client_key(c.peer) == a))
            .filter_map(|c| {
                let held = if c.proxy {
                    0
                } else {
                    open.per_address
                        .get(&client_key(c.peer))
                        .copied()
                        .unwrap_or(0)
                };
                c.eviction_rank()
                    .map(|rank| (std::cmp::Reverse(held), rank, c))
            })
            .min_by_key(|(held, rank, _)| (*held, *rank))
            .map(|(_, (class, _), c)| (class, c.clone()));
        if let Some((_, c)) = &victim {
            // Marked closing under the lock, so it is released once.
            c.closing.store(true, Ordering::SeqCst);
            open.release(c);
        }
        drop(open);
        match victim {
            Some((class, c)) => {
                // One that never completed a request or stalls a body has nothing being
                // written to it: it is dropped at once. A keep-alive one is shut down
                // gracefully; a waiting long poll answers at once, then closes.
                c.hard.store(class <= 1, Ordering::SeqCst);
                if class == 3 {
                    c.cut.send_replace(true);
                }
                c.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// The connection a request came on, in its extensions: a long poll marks itself waiting
/// with it, so the server may end the wait to make room for a newcomer.
#[derive(Clone)]
pub struct Connection(Arc<Conn>);

impl Connection {
    /// Marks the request waiting (a long poll) until the mark is dropped.
    pub fn waiting(&self) -> WaitingMark {
        self.0.set_phase(phase::WORKING, phase::WAITING);
        WaitingMark(self.0.clone())
    }

    /// Completes when the server asks this connection's waiting request to answer now.
    pub async fn cut(&self) {
        let mut rx = self.0.cut.subscribe();
        let _ = rx.wait_for(|c| *c).await;
    }

    /// Completes when the client has closed the connection (or it failed): a request that
    /// costs much can stop then. Never completes while the client sends more (a next request).
    pub async fn gone(&self) {
        let mut byte = [0u8; 1];
        match self.0.stream.peek(&mut byte).await {
            Ok(0) | Err(_) => {}
            Ok(_) => std::future::pending().await,
        }
    }
}

/// A request marked waiting (see [`Connection::waiting`]).
pub struct WaitingMark(Arc<Conn>);

impl Drop for WaitingMark {
    fn drop(&mut self) {
        self.0.set_phase(phase::WAITING, phase::WORKING);
    }
}

/// A request's body that marks its connection as waiting for the client until the body is
/// read to its end.
struct TrackedBody {
    inner: hyper::body::Incoming,
    conn: Arc<Conn>,
}

impl http_body::Body for TrackedBody {
    type Data = hyper::body::Bytes;
    type Error = hyper::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        let r = Pin::new(&mut self.inner).poll_frame(cx);
        if matches!(r, Poll::Ready(None) | Poll::Ready(Some(Err(_)))) {
            self.conn.set_phase(phase::BODY, phase::WORKING);
        }
        r
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

impl Drop for TrackedBody {
    fn drop(&mut self) {
        self.conn.set_phase(phase::BODY, phase::WORKING);
    }
}

/// A socket that notes when a byte last moved, and answers the HTTP library's own refusals
/// (a request that is not HTTP, a path or headers too long) as the API answers: JSON with
/// a code and the security headers.
struct Watched {
    conn: Arc<Conn>,
    registry: Arc<Registry>,
    /// Our answer in place of the library's, and how much of it is written.
    own: Option<(Vec<u8>, usize)>,
}

impl Watched {
    fn touch(&self) {
        self.conn
            .last_io
            .store(self.registry.now_ms(), Ordering::SeqCst);
    }

    /// Writes what is left of our own answer; ready when it is all written.
    fn poll_own(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        while let Some((bytes, done)) = &mut self.own {
            if *done == bytes.len() {
                return Poll::Ready(Ok(()));
            }
            match poll_write_shared(&self.conn.stream, cx, &bytes[*done..]) {
                Poll::Ready(Ok(0)) => {
                    return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()));
                }
                Poll::Ready(Ok(n)) => *done += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }

    /// If `buf` is the library's own refusal, takes it in place of it (and all that
    /// follows, which is nothing the client needs): true then.
    fn take_library_answer(&mut self, buf: &[u8]) -> bool {
        if self.own.is_some() {
            return true;
        }
        match library_refusal(buf) {
            Some(status) => {
                self.own = Some((own_refusal(status), 0));
                true
            }
            None => false,
        }
    }
}

/// The status of an answer the HTTP library wrote itself: a 4xx or 5xx head without the
/// headers every answer of the app carries.
fn library_refusal(buf: &[u8]) -> Option<u16> {
    let head = buf.strip_prefix(b"HTTP/1.1 ")?;
    let status: u16 = std::str::from_utf8(head.get(..3)?).ok()?.parse().ok()?;
    if !(400..600).contains(&status) {
        return None;
    }
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    let lower = buf[..end].to_ascii_lowercase();
    let ours = lower
        .windows(b"x-content-type-options".len())
        .any(|w| w == b"x-content-type-options");
    (!ours).then_some(status)
}

/// The API's answer for a refusal the HTTP library makes before any route sees the request.
fn own_refusal(status: u16) -> Vec<u8> {
    let (code, message) = match status {
        414 => (
            Code::UriTooLong,
            "the request's path and query are too long",
        ),
        431 => (Code::HeadersTooLarge, "the request's headers are too large"),
        _ => (Code::BadRequest, "the request is not well-formed HTTP/1.1"),
    };
    let status =
        axum::http::StatusCode::from_u16(status).unwrap_or(axum::http::StatusCode::BAD_REQUEST);
    let body = serde_json::json!({
        "error": message,
        "status": status.as_u16(),
        "code": code.as_str(),
        "params": { "detail": message },
    })
    .to_string();
    let mut head = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    );
    for (name, value) in SECURITY_HEADERS {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    head.push_str(&body);
    head.into_bytes()
}

/// Writes to a shared socket.
fn poll_write_shared(
    stream: &TcpStream,
    cx: &mut Context<'_>,
    buf: &[u8],
) -> Poll<std::io::Result<usize>> {
    loop {
        std::task::ready!(stream.poll_write_ready(cx))?;
        match stream.try_write(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
            r => return Poll::Ready(r),
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        loop {
            std::task::ready!(self.conn.stream.poll_read_ready(cx))?;
            match self.conn.stream.try_read(buf.initialize_unfilled()) {
                Ok(n) => {
                    buf.advance(n);
                    if n > 0 {
                        self.touch();
                    }
                    return Poll::Ready(Ok(()));
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                Err(e) => return Poll::Ready(Err(e)),
            }
        }
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        if self.take_library_answer(buf) {
            self.touch();
            return self.poll_own(cx).map_ok(|()| buf.len());
        }
        let r = poll_write_shared(&self.conn.stream, cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        // A socket has nothing buffered to flush.
        self.poll_own(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        std::task::ready!(self.poll_own(cx))?;
        #[cfg(unix)]
        {
            let r = rustix::net::shutdown(&*self.conn.stream, rustix::net::Shutdown::Write);
            // Already closed by the peer is as good as shut down.
            Poll::Ready(match r {
                Err(rustix::io::Errno::NOTCONN) => Ok(()),
                r => r.map_err(std::io::Error::from),
            })
        }
        #[cfg(not(unix))]
        {
            Poll::Ready(Ok(()))
        }
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let total: usize = bufs.iter().map(|b| b.len()).sum();
        let first = bufs.iter().find(|b| !b.is_empty()).map(|b| &b[..]);
        if first.is_some_and(|b| self.take_library_answer(b)) {
            self.touch();
            return self.poll_own(cx).map_ok(|()| total);
        }
        let r = loop {
            std::task::ready!(self.conn.stream.poll_write_ready(cx))?;
            match self.conn.stream.try_write_vectored(bufs) {
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                r => break r,
            }
        };
        if matches!(r, Ok(n) if n > 0) {
            self.touch();
        }
        Poll::Ready(r)
    }
    fn is_write_vectored(&self) -> bool {
        true
    }
}

/// Marks a request in progress on a connection while it lives.
struct InFlight(Arc<Conn>);

impl InFlight {
    fn enter(conn: &Arc<Conn>, body: bool) -> InFlight {
        let phase = if body { phase::BODY } else { phase::WORKING };
        conn.phase.store(phase, Ordering::SeqCst);
        InFlight(conn.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.served.fetch_add(1, Ordering::SeqCst);
        self.0.phase.store(phase::IDLE, Ordering::SeqCst);
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
        self.registry.open().conns.len()
    }

    /// Connections open now from `ip`.
    pub fn connections_from(&self, ip: IpAddr) -> usize {
        self.registry.held_by(ip)
    }
}

/// The client of a request on `conn`: behind a trusted proxy, the last address of
/// `X-Forwarded-For` (the one the proxy added), else the connection's.
fn client_of(conn: &Conn, req: &Request<hyper::body::Incoming>) -> IpAddr {
    if conn.proxy {
        let forwarded = req
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .next_back();
        if let Some(ip) = forwarded {
            return ip;
        }
    }
    conn.peer
}

/// Serves `app` on `listener` with `limits` until `shutdown` completes; then closes the
/// listener, lets the requests in progress finish (for at most 5 s) and returns. `stats` (if given) is
/// filled with a handle on the open connections. Connections from `proxies` are trusted to
/// name their clients in `X-Forwarded-For`.
pub async fn serve_with(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    proxies: Vec<IpAddr>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    stats: Option<tokio::sync::oneshot::Sender<ServerStats>>,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry {
        start: Instant::now(),
        open: Mutex::new(Open::default()),
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
        // A client that sent its request and closed its side still gets the answer.
        .half_close(true)
        .keep_alive(true);
    let (stop_tx, stop_rx) = watch::channel(false);
    // Dropping the set (when this future is dropped) ends every connection.
    let mut tasks = tokio::task::JoinSet::new();
    let mut next_id = 0u64;
    let per_address = limits.max_connections_per_address;
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok((s, a)) => (s, a.ip()),
                Err(e) => {
                    // Out of file descriptors and the like: make room, and wait a little
                    // rather than spin.
                    if !matches!(e.kind(), std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset) {
                        registry.evict_one(None);
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                    continue;
                }
            },
            _ = &mut shutdown => break,
            Some(_) = tasks.join_next(), if !tasks.is_empty() => continue,
        };
        let proxy = proxies.contains(&peer);
        // An address at its limit makes room with one of its own connections, or the
        // newcomer is closed: one client cannot take the places of everyone else.
        if !proxy
            && per_address > 0
            && registry.held_by(peer) >= per_address
            && !registry.evict_one(Some(peer))
        {
            drop(stream);
            continue;
        }
        let permit = match registry.slots.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                registry.evict_one(None);
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
            peer,
            proxy,
            served: AtomicU64::new(0),
            phase: AtomicU8::new(phase::IDLE),
            last_io: AtomicU64::new(registry.now_ms()),
            closing: AtomicBool::new(false),
            hard: AtomicBool::new(false),
            close: Notify::new(),
            cut: watch::Sender::new(false),
            stream: Arc::new(stream),
        });
        registry.insert(conn.clone());
        let io = Watched {
            conn: conn.clone(),
            registry: registry.clone(),
            own: None,
        };
        let app = app.clone();
        let http = http.clone();
        let registry = registry.clone();
        let mut stop_rx = stop_rx.clone();
        let idle = limits.idle_timeout;
        tasks.spawn(async move {
            let on = conn.clone();
            let service = hyper::service::service_fn(move |req: Request<hyper::body::Incoming>| {
                let client = client_of(&on, &req);
                let guard = InFlight::enter(&on, !http_body::Body::is_end_stream(req.body()));
                let on = on.clone();
                let app = app.clone();
                async move {
                    let (mut parts, body) = req.into_parts();
                    parts.extensions.insert(Client(client));
                    parts.extensions.insert(Connection(on.clone()));
                    let body = axum::body::Body::new(TrackedBody {
                        inner: body,
                        conn: on,
                    });
                    let r = app.oneshot(Request::from_parts(parts, body)).await;
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
                        if conn.hard.load(Ordering::SeqCst) {
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
                        if conn.phase.load(Ordering::SeqCst) == phase::IDLE
                            && quiet >= idle.as_millis() as u64
                        {
                            break;
                        }
                    }
                }
            }
            registry.remove(&conn);
            drop(permit);
        });
    }
    // No new connection is taken while the requests in progress finish: a client that comes
    // now is refused at once (and a proxy tries another server) rather than left waiting in
    // the listener's backlog until the process is gone.
    drop(listener);
    let _ = stop_tx.send(true);
    while tasks.join_next().await.is_some() {}
    Ok(())
}

/// Raises this process's limit on open files to its hard limit and returns the limit now in
/// force (`None` where it cannot be read).
pub fn raise_open_files_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        use rustix::process::{Resource, getrlimit, setrlimit};
        let mut lim = getrlimit(Resource::Nofile);
        let below = match (lim.current, lim.maximum) {
            (Some(c), Some(m)) => c < m,
            (Some(_), None) => true,
            (None, _) => false,
        };
        if below {
            lim.current = lim.maximum;
            // Some systems refuse an unlimited soft limit; keep what there is then.
            if setrlimit(Resource::Nofile, lim).is_err() {
                lim = getrlimit(Resource::Nofile);
            }
        }
        Some(lim.current.unwrap_or(u64::MAX))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Files the server needs open besides its connections: the listener, the database (its
/// files or its pool of connections), the perfect-play databases, standard streams.
pub const FILES_BESIDE_CONNECTIONS: u64 = 128;

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
