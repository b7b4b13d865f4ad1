//! The web app of `mancala serve`: a JSON API (docs/api.md) and a page to play every game in
//! the browser, with games saved in SQLite.
//!
//! - [`api`]: the routes and handlers; [`session`]: a game being played (seats, tokens, undo,
//!   resignation); [`store`]: the SQLite database; [`engine`]: the computer opponents;
//!   [`ogn`]: game records (the core's OGN, with the web's tags); [`solitaire`]: cycle counts for the solitaires; [`mirall`]:
//!   El mirall on two devices; [`assets`]: the page itself.

pub mod api;
pub mod assets;
pub mod engine;
pub mod error;
pub mod mirall;
pub mod ogn;
pub mod session;
pub mod solitaire;
pub mod store;

pub use api::{AppState, router};
pub use store::{Store, default_db_path};

use std::net::SocketAddr;
use std::sync::Arc;

/// Serves the app on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown)
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
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let handle = tokio::spawn(async move {
        let _ = serve(listener, state, std::future::pending()).await;
    });
    Ok((local, handle))
}

/// Runs the app on `addr` until Ctrl-C, in a runtime of its own; `ready` is called with the
/// bound address once the app listens. This is `mancala serve`.
pub fn run(addr: SocketAddr, store: Store, ready: impl FnOnce(SocketAddr)) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
        ready(listener.local_addr()?);
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        serve(listener, AppState::new(store), shutdown)
            .await
            .map_err(|e| anyhow::anyhow!("the server stopped: {e}"))
    })
}
