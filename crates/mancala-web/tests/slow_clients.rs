//! A flood of slow and idle connections on loopback does not stop a real player's game: the
//! test holds thousands of half-sent requests and idle connections open against a server with
//! a small connection cap and short timeouts (reopening each one the server closes), while a
//! player plays a game through the API. Every move of the player must be answered, the server
//! never holds more connections than its cap, and it closes the half-sent and idle ones.
//!
//! `MANCALA_FLOOD_HALF`, `MANCALA_FLOOD_IDLE`, `MANCALA_FLOOD_SECS` and `MANCALA_FLOOD_CAP`
//! change the sizes: scripts/slow-clients.sh runs the big version and prints the figures.

use mancala_web::{AppState, Limits, ServeConfig, Store};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_slow_and_idle_connections_does_not_stop_a_game() {
    let half = env_usize("MANCALA_FLOOD_HALF", 1000);
    let idle = env_usize("MANCALA_FLOOD_IDLE", 1000);
    let secs = env_usize("MANCALA_FLOOD_SECS", 6) as u64;
    let cap = env_usize("MANCALA_FLOOD_CAP", 200);
    let config = ServeConfig {
        limits: Limits {
            max_connections: cap,
            header_read_timeout: Duration::from_secs(2),
            idle_timeout: Duration::from_secs(3),
            request_timeout: Duration::from_secs(10),
            // Everyone here is on 127.0.0.1: this flood is about the cap of all connections.
            max_connections_per_address: 0,
        },
        ..ServeConfig::default()
    };
    let state = AppState::with_data_dir(Store::in_memory().unwrap(), None);
    let (addr, handle, stats) =
        mancala_web::spawn_config("127.0.0.1:0".parse().unwrap(), state, config)
            .await
            .unwrap();
    let deadline = Instant::now() + Duration::from_secs(secs);

    // The flood: each task keeps one connection open (half-sent or idle), reopening it when
    // the server closes it, until the deadline.
    let opened = Arc::new(AtomicUsize::new(0));
    let closed = Arc::new(AtomicUsize::new(0));
    let mut flood = Vec::new();
    for k in 0..half + idle {
        let (opened, closed) = (opened.clone(), closed.clone());
        flood.push(tokio::spawn(async move {
            while Instant::now() < deadline {
                let Ok(mut s) = tokio::net::TcpStream::connect(addr).await else {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                opened.fetch_add(1, Ordering::SeqCst);
                if k < half {
                    let _ = s
                        .write_all(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le")
                        .await;
                }
                let mut buf = [0u8; 256];
                let left = deadline.saturating_duration_since(Instant::now());
                match tokio::time::timeout(left, s.read(&mut buf)).await {
                    // The server closed it (an answer to a half request, or end of stream).
                    Ok(_) => {
                        closed.fetch_add(1, Ordering::SeqCst);
                    }
                    Err(_) => break,
                }
            }
        }));
    }

    // The server's open connections, sampled.
    let most = Arc::new(AtomicUsize::new(0));
    let sampler = {
        let (most, stats) = (most.clone(), stats.clone());
        tokio::spawn(async move {
            while Instant::now() < deadline {
                most.fetch_max(stats.open_connections(), Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };

    // The player: a local Oware game, one move after another until the deadline (new games
    // when one ends), each answered within the hang guard.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(15))
        .build()
        .unwrap();
    let url = |p: &str| format!("http://{addr}{p}");
    let mut latencies: Vec<Duration> = Vec::new();
    'games: while Instant::now() < deadline {
        let t = Instant::now();
        let c: Value = client
            .post(url("/api/games"))
            .json(&json!({"game": "oware", "opponent": "local"}))
            .send()
            .await
            .expect("the player's new game is answered during the flood")
            .json()
            .await
            .unwrap();
        latencies.push(t.elapsed());
        let id = c["id"].as_str().unwrap().to_string();
        let token = c["token"].as_str().unwrap().to_string();
        let mut legal = c["state"]["legal"].as_array().unwrap().clone();
        let mut version = c["state"]["version"].clone();
        while Instant::now() < deadline {
            let Some(mv) = legal.get(latencies.len() % legal.len().max(1)).cloned() else {
                continue 'games;
            };
            let t = Instant::now();
            let r = client
                .post(url(&format!("/api/games/{id}/moves")))
                .json(&json!({"token": token, "move": mv, "version": version}))
                .send()
                .await
                .expect("the player's move is answered during the flood");
            assert_eq!(r.status(), 200);
            let state: Value = r.json().await.unwrap();
            latencies.push(t.elapsed());
            legal = state["state"]["legal"].as_array().unwrap().clone();
            version = state["state"]["version"].clone();
            // A player thinks a little between moves.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    for f in flood {
        f.await.unwrap();
    }
    sampler.await.unwrap();
    let most = most.load(Ordering::SeqCst);
    let (opened, closed) = (opened.load(Ordering::SeqCst), closed.load(Ordering::SeqCst));
    assert!(
        !latencies.is_empty(),
        "the player made no request in {secs} s"
    );
    latencies.sort();
    let median = latencies[latencies.len() / 2];
    let worst = *latencies.last().unwrap();
    eprintln!(
        "flood: {half} half-sent + {idle} idle connections for {secs} s against a cap of {cap}: \
         {opened} opened, {closed} closed by the server, at most {most} held at once; \
         the player's {} requests (new games and moves): median {median:?}, worst {worst:?}",
        latencies.len()
    );
    assert!(
        latencies.len() >= 5,
        "the player made only {} requests",
        latencies.len()
    );
    assert!(
        most <= cap,
        "the server held {most} connections, over its cap {cap}"
    );
    // Every flood connection was closed by the server at least once (the timeouts and the
    // cap), and none is held after its timeout: the server lets them all go at the end.
    assert!(
        closed >= half + idle,
        "only {closed} of {} flood connections were closed by the server",
        half + idle
    );
    let quiet = Instant::now() + Duration::from_secs(10);
    while stats.open_connections() > 1 && Instant::now() < quiet {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(stats.open_connections() <= 1, "connections left open");
    handle.abort();
}

#[tokio::test]
async fn a_half_sent_request_and_an_idle_connection_are_closed_after_their_timeouts() {
    let config = ServeConfig {
        limits: Limits {
            header_read_timeout: Duration::from_millis(500),
            idle_timeout: Duration::from_secs(30),
            ..Limits::default()
        },
        ..ServeConfig::default()
    };
    let state = AppState::with_data_dir(Store::in_memory().unwrap(), None);
    let (addr, handle, _) =
        mancala_web::spawn_config("127.0.0.1:0".parse().unwrap(), state, config)
            .await
            .unwrap();
    for partial in [&b"GET /api/health HTTP/1.1\r\nHost: 127"[..], b""] {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(partial).await.unwrap();
        let t = Instant::now();
        let mut buf = Vec::new();
        // Without a timeout the server would hold it forever: the guard is 10 s.
        tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut buf))
            .await
            .expect("the server closes the connection")
            .ok();
        assert!(
            t.elapsed() >= Duration::from_millis(400),
            "closed too early"
        );
    }
    // A connection kept alive after a request is closed when it stays idle too.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut buf))
        .await
        .expect("the server closes the idle keep-alive connection")
        .ok();
    assert!(String::from_utf8_lossy(&buf).starts_with("HTTP/1.1 200"));
    handle.abort();
}
