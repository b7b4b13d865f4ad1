//! The web app of `mancala serve`: a JSON API (docs/api.md) and a page to play every game in
//! the browser, with games saved in SQLite.
//!
//! Each module has one job; the arrows go one way (docs/architecture.md):
//! - [`routes`]: the router, which hands each path to [`games`] (the game routes),
//!   [`mirall`] (El mirall on two devices), [`solitaire`] (cycle counts for the solitaires)
//!   or [`assets`] (the page itself);
//! - [`extract`]: request bodies and parameters; [`views`]: the JSON shapes of a game;
//!   [`error`]: the API's errors with their codes;
//! - [`state`]: what the handlers share (the store, the games in memory); [`session`]: a game
//!   being played (seats, tokens, undo, resignation), with its own errors; [`store`]: the
//!   SQLite database and its rows; [`engine`]: the computer opponents; [`ogn`]: game records;
//!   [`poll`]: ids, tokens and long polling;
//! - [`server`]: the HTTP server's limits, timeouts, security headers and `Host` check;
//!   [`limits`]: the limits per client (long polls, new games, hints and analyses).

pub mod accounts;
pub mod assets;
pub mod changes;
pub mod clock;
pub mod copy;
pub mod diagram;
pub mod engine;
pub mod error;
pub mod extract;
pub mod games;
pub mod limits;
pub mod lobby;
pub mod login;
pub mod mirall;
pub mod ogn;
pub mod poll;
pub mod ratings;
pub mod routes;
pub mod server;
pub mod session;
pub mod solitaire;
pub mod state;
pub mod store;
pub mod views;

pub use routes::router;
pub use state::AppState;
pub use store::{Store, StoreError, Target, default_db_path};

use std::net::SocketAddr;
use std::sync::Arc;

pub use limits::ClientLimits;
pub use server::{BadHost, HostCheck, Limits, ServeConfig, ServerStats};

/// Serves the app on `listener` until `shutdown` completes, with the default limits and the
/// `Host` check of the bound address.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_config(listener, state, &ServeConfig::default(), shutdown, None).await
}

/// [`serve`] with `config`'s limits and allowed hosts; `stats` (if given) receives a handle
/// on the open connections.
pub async fn serve_config(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    config: &ServeConfig,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    stats: Option<tokio::sync::oneshot::Sender<ServerStats>>,
) -> std::io::Result<()> {
    let hosts = HostCheck::new(listener.local_addr()?, &config.allowed_hosts)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string()))?;
    let app = server::app(router(state), hosts, &config.limits);
    server::serve_with(
        listener,
        app,
        config.limits.clone(),
        config.trusted_proxies.clone(),
        shutdown,
        stats,
    )
    .await
}

/// Starts the app on `addr` in the current runtime and returns the bound address (port 0
/// picks a free one). For tests and embedding.
pub async fn spawn(
    addr: SocketAddr,
    store: Store,
) -> std::io::Result<(SocketAddr, tokio::task::JoinHandle<()>)> {
    spawn_state(addr, AppState::new(store)).await
}

/// [`spawn`] with a prepared state (e.g. another data directory for the databases).
pub async fn spawn_state(
    addr: SocketAddr,
    state: Arc<AppState>,
) -> std::io::Result<(SocketAddr, tokio::task::JoinHandle<()>)> {
    let (local, handle, _) = spawn_config(addr, state, ServeConfig::default()).await?;
    Ok((local, handle))
}

/// [`spawn_state`] with `config`, also returning a handle on the open connections.
pub async fn spawn_config(
    addr: SocketAddr,
    state: Arc<AppState>,
    config: ServeConfig,
) -> std::io::Result<(SocketAddr, tokio::task::JoinHandle<()>, ServerStats)> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    // Refuse a bad allowed host here rather than in the task.
    HostCheck::new(local, &config.allowed_hosts)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string()))?;
    let (tx, rx) = tokio::sync::oneshot::channel();
    let handle = tokio::spawn(async move {
        let _ = serve_config(listener, state, &config, std::future::pending(), Some(tx)).await;
    });
    let stats = rx
        .await
        .map_err(|_| std::io::Error::other("the server stopped before it started"))?;
    Ok((local, handle, stats))
}

/// Runs the app on `addr` with `config` until Ctrl-C or SIGTERM, in a runtime of its own, on
/// the store `open` gives (called in that runtime: a PostgreSQL store needs it); `ready` is
/// called with the bound address and the store once the app listens (and listens for the
/// signals: one sent after `ready` stops it gracefully). Once stopped, one line on standard
/// error says so and why, as the start is said (docs/security.md). This is `mancala serve`.
pub fn run(
    addr: SocketAddr,
    open: impl AsyncFnOnce() -> Result<Store, StoreError>,
    config: ServeConfig,
    ready: impl FnOnce(SocketAddr, &Store),
) -> Result<(), RunError> {
    let say = |what: String| {
        move |e: std::io::Error| std::io::Error::new(e.kind(), format!("{what}: {e}"))
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(say("cannot start the server's runtime".into()))?;
    runtime.block_on(async move {
        let store = open().await?;
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(say(format!("cannot listen on {addr}")))?;
        let local = listener.local_addr()?;
        HostCheck::new(local, &config.allowed_hosts)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string()))?;
        // The signals are listened for before the server says it is ready, so a stop asked
        // at any moment after is a graceful one.
        let stop = stop_signal();
        ready(local, &store);
        let (told, why) = tokio::sync::oneshot::channel();
        let shutdown = async move {
            let _ = told.send(stop.await);
        };
        let state = AppState::with_limits(
            store,
            Some(mancala_solver::default_data_dir()),
            config.clients.clone(),
        );
        serve_config(listener, state, &config, shutdown, None)
            .await
            .map_err(say("the server stopped".into()))?;
        let why = why.await.unwrap_or("a signal");
        eprintln!("stopped on {why}");
        Ok(())
    })
}

/// Waits for Ctrl-C (SIGINT) or SIGTERM, listened for from the call on: the signal's name.
fn stop_signal() -> impl std::future::Future<Output = &'static str> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let interrupt = signal(SignalKind::interrupt());
        let term = signal(SignalKind::terminate());
        async move {
            match (interrupt, term) {
                (Ok(mut interrupt), Ok(mut term)) => tokio::select! {
                    _ = interrupt.recv() => "Ctrl-C (SIGINT)",
                    _ = term.recv() => "SIGTERM",
                },
                (Ok(mut interrupt), Err(_)) => {
                    interrupt.recv().await;
                    "Ctrl-C (SIGINT)"
                }
                (Err(_), Ok(mut term)) => {
                    term.recv().await;
                    "SIGTERM"
                }
                (Err(_), Err(_)) => {
                    let _ = tokio::signal::ctrl_c().await;
                    "Ctrl-C"
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
            "Ctrl-C"
        }
    }
}

/// Why `mancala serve` stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}
