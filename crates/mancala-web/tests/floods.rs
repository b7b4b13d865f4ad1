//! Floods of valid-looking requests from one address never keep a player on another address
//! from a move: waiting long polls and stalled bodies, abandoned analyses, new games by the
//! thousand; and the refusals the HTTP library makes itself are answered as the API's.
//!
//! The attacker is 127.0.0.1, the player 127.0.0.2 (both loopback on Linux).
//! `MANCALA_FLOOD_POLLS`, `MANCALA_FLOOD_BODIES` and `MANCALA_FLOOD_MOVES` change the sizes:
//! scripts/floods.sh runs the big version (2,000 long polls and 1,000 stalled bodies) and
//! prints the figures.

mod common;

use mancala_web::{AppState, ClientLimits, Limits, ServeConfig, Store};
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const ATTACKER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1));
const PLAYER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A connection to `addr` from `from`.
async fn connect_from(from: IpAddr, addr: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
    let s = tokio::net::TcpSocket::new_v4()?;
    s.bind(SocketAddr::new(from, 0))?;
    s.connect(addr).await
}

/// A JSON client on `from`, each request given `timeout`.
fn client_from(from: IpAddr, timeout: Duration) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(from)
        .timeout(timeout)
        .build()
        .unwrap()
}

async fn send(r: reqwest::RequestBuilder) -> Result<(u16, Value), reqwest::Error> {
    let r = r.send().await?;
    let status = r.status().as_u16();
    let body = r.json::<Value>().await.unwrap_or(Value::Null);
    Ok((status, body))
}

async fn start(
    limits: Limits,
    clients: ClientLimits,
) -> (SocketAddr, Arc<AppState>, mancala_web::ServerStats) {
    mancala_web::server::raise_open_files_limit();
    let state = AppState::with_limits(Store::in_memory().unwrap(), None, clients);
    let config = ServeConfig {
        limits,
        ..ServeConfig::default()
    };
    let (addr, _, stats) =
        mancala_web::spawn_config("127.0.0.1:0".parse().unwrap(), state.clone(), config)
            .await
            .unwrap();
    (addr, state, stats)
}

/// One connection of the flood, kept open until `stop`: a valid long poll (`poll`) or a
/// request whose body stalls; reopened each time the server closes it.
async fn flood_one(
    poll: bool,
    addr: SocketAddr,
    bait: String,
    stop: Arc<std::sync::atomic::AtomicBool>,
    reopened: Arc<AtomicUsize>,
) {
    let request = if poll {
        format!("GET /api/games/{bait}?after=999999&wait=30 HTTP/1.1\r\nHost: {addr}\r\n\r\n")
    } else {
        format!(
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: 100\r\n\r\n{{\"ga"
        )
    };
    while !stop.load(Ordering::SeqCst) {
        let Ok(mut s) = connect_from(ATTACKER, addr).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let opened = Instant::now();
        if s.write_all(request.as_bytes()).await.is_err() {
            continue;
        }
        let mut buf = [0u8; 4096];
        // Until the server closes it (a long poll it answers is asked again on a new
        // connection: the flood stays as large as it can).
        loop {
            match tokio::time::timeout(Duration::from_millis(500), s.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => break,
                Ok(Ok(_)) if poll => break,
                Ok(Ok(_)) => {}
                Err(_) if stop.load(Ordering::SeqCst) => return,
                Err(_) => {}
            }
        }
        reopened.fetch_add(1, Ordering::SeqCst);
        if opened.elapsed() < Duration::from_millis(10) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// Every move of a player is answered (each within a 5 s bound, the server's answer being
/// milliseconds when it is free) while one address keeps hundreds of valid long polls
/// waiting and hundreds of requests with a stalled body open, reopening each one the server
/// closes; that address never holds more than its share of connections.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_polls_and_stalled_bodies_from_one_address_do_not_keep_a_player_from_a_move() {
    let polls = env_usize("MANCALA_FLOOD_POLLS", 400);
    let bodies = env_usize("MANCALA_FLOOD_BODIES", 200);
    let moves = env_usize("MANCALA_FLOOD_MOVES", 30);
    let per_address = env_usize("MANCALA_FLOOD_PER_ADDRESS", 150);
    let limits = Limits {
        max_connections: env_usize("MANCALA_FLOOD_CAP", 300),
        max_connections_per_address: per_address,
        ..Limits::default()
    };
    let (addr, _state, stats) = start(limits, common::roomy()).await;
    let player = client_from(PLAYER, Duration::from_secs(5));
    let url = |p: &str| format!("http://{addr}{p}");

    // The attacker's own game, to poll.
    let (st, bait) = send(
        client_from(ATTACKER, Duration::from_secs(5))
            .post(url("/api/games"))
            .json(&json!({"game": "oware", "opponent": "local"})),
    )
    .await
    .unwrap();
    assert_eq!(st, 201, "{bait}");
    let bait = bait["id"].as_str().unwrap().to_string();

    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reopened = Arc::new(AtomicUsize::new(0));
    // The flood runs in a runtime of its own, as an attacker elsewhere would.
    let flood = {
        let (stop, reopened) = (stop.clone(), reopened.clone());
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let mut tasks = Vec::new();
                for k in 0..polls + bodies {
                    let (stop, reopened, bait) = (stop.clone(), reopened.clone(), bait.clone());
                    tasks.push(tokio::spawn(flood_one(
                        k < polls,
                        addr,
                        bait,
                        stop,
                        reopened,
                    )));
                }
                for t in tasks {
                    let _ = t.await;
                }
            })
        })
    };
    // Let the flood build up.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let most = Arc::new(AtomicUsize::new(0));
    let sampler = {
        let (most, stats, stop) = (most.clone(), stats.clone(), stop.clone());
        tokio::spawn(async move {
            while !stop.load(Ordering::SeqCst) {
                most.fetch_max(stats.connections_from(ATTACKER), Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };
    let held_at_start = stats.connections_from(ATTACKER);

    // The player's game.
    let (st, c) = send(
        player
            .post(url("/api/games"))
            .json(&json!({"game": "oware", "opponent": "local"})),
    )
    .await
    .expect("the player's new game is answered");
    assert_eq!(st, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    let mut state = c["state"].clone();
    let mut times = Vec::new();
    for n in 0..moves {
        let Some(mv) = state["legal"].as_array().and_then(|l| l.first()).cloned() else {
            break;
        };
        let body = json!({"token": token, "move": mv, "version": state["version"]});
        let t0 = Instant::now();
        let r = send(
            player
                .post(url(&format!("/api/games/{id}/moves")))
                .json(&body),
        )
        .await;
        times.push(t0.elapsed());
        let (st, r) = r.unwrap_or_else(|e| panic!("move {n} was not answered: {e:?}"));
        assert_eq!(st, 200, "move {n}: {r}");
        state = r["state"].clone();
        // A long poll of the player's own is answered too.
        let (st, _) = send(player.get(url(&format!("/api/games/{id}"))))
            .await
            .unwrap_or_else(|e| panic!("the player's view after move {n} was not answered: {e:?}"));
        assert_eq!(st, 200);
    }
    stop.store(true, Ordering::SeqCst);
    sampler.await.unwrap();
    flood.join().unwrap();
    times.sort();
    let most = most.load(Ordering::SeqCst);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    eprintln!(
        "flood: {polls} long polls + {bodies} stalled bodies from one address ({held_at_start} held, at most {most}, {} reopened); \
         {} moves: median_ms={:.1} worst_ms={:.1}",
        reopened.load(Ordering::SeqCst),
        times.len(),
        ms(times[times.len() / 2]),
        ms(*times.last().unwrap())
    );
    assert!(
        held_at_start >= per_address / 2,
        "the flood did not build up ({held_at_start} connections)"
    );
    // The attacker's newcomers take the places of his own connections (those asked to close
    // are not counted: they are on their way out).
    assert!(
        most <= per_address,
        "one address held {most} connections, above its {per_address}"
    );
}

/// A local Oware game of `plies` moves made by `s`: its id and token.
async fn a_game_of(s: &common::Server, plies: usize) -> (String, String) {
    let (st, c) = s
        .post("/api/games", &json!({"game": "oware", "opponent": "local"}))
        .await;
    assert_eq!(st, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    let mut state = c["state"].clone();
    for i in 0..plies {
        let legal = state["legal"].as_array().unwrap().clone();
        if legal.is_empty() {
            break;
        }
        // Not always the first move: a game with captures and choices.
        let mv = legal[(i * 7 + 3) % legal.len()].clone();
        let (st, r) = s
            .post(
                &format!("/api/games/{id}/moves"),
                &json!({"token": token, "move": mv}),
            )
            .await;
        assert_eq!(st, 200, "{r}");
        state = r["state"].clone();
    }
    (id, token)
}

/// An analysis of a game going on is for its seats; it is computed once per version of the
/// game, and one whose every asker has gone is stopped rather than run to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_needs_a_seat_is_kept_per_version_and_stops_when_its_askers_leave() {
    let dir = tempfile::tempdir().unwrap();
    let store = common::open_store(&dir.path().join("games.sqlite"));
    let state = AppState::with_limits(store, None, common::roomy());
    let (addr, _) = mancala_web::spawn_state("127.0.0.1:0".parse().unwrap(), state.clone())
        .await
        .unwrap();
    let s = common::Server {
        addr,
        handle: tokio::spawn(async {}),
        client: reqwest::Client::new(),
    };
    let (id, token) = a_game_of(&s, 40).await;
    let path = format!("/api/games/{id}/analysis");

    // Without a seat, or with a wrong one: refused while the game goes on.
    let (st, e) = s.get(&path).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (401, Some("token-required")),
        "{e}"
    );
    let (st, e) = s.get_seat(&path, "guess").await;
    assert_eq!(
        (st, e["code"].as_str()),
        (403, Some("token-rejected")),
        "{e}"
    );
    let (st, e) = s.get_seat(&format!("/api/games/{id}/hint"), "").await;
    assert_eq!(st, 401, "{e}");
    assert_eq!(state.guards().computations(), 0);

    // The seat's analysis, asked twice: computed once.
    let (st, first) = s.get_seat(&path, &token).await;
    assert_eq!(st, 200, "{first}");
    let (st, again) = s.get_seat(&path, &token).await;
    assert_eq!((st, &again), (200, &first));
    assert_eq!(state.guards().computations(), 1);

    // A move later, several askers that leave after 50 ms: the computation is stopped.
    let (_, now) = s.get(&format!("/api/games/{id}")).await;
    let mv = now["legal"][0].clone();
    let (st, _) = s
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({"token": token, "move": mv}),
        )
        .await;
    assert_eq!(st, 200);
    let impatient = reqwest::Client::builder()
        .timeout(Duration::from_millis(50))
        .build()
        .unwrap();
    for _ in 0..6 {
        let r = impatient
            .get(s.url(&path))
            .header("seat-token", &token)
            .send()
            .await;
        assert!(r.is_err(), "an analysis of 41 moves answered within 50 ms");
    }
    let t0 = Instant::now();
    while state.guards().computing() > 0 && t0.elapsed() < Duration::from_secs(20) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        state.guards().computing(),
        0,
        "an abandoned analysis runs on"
    );
    assert!(
        state.guards().stopped_computations() >= 1,
        "no abandoned analysis was stopped ({} started)",
        state.guards().computations()
    );
    // Asked again and waited for, it is computed in full.
    let (st, full) = s.get_seat(&path, &token).await;
    assert_eq!(st, 200, "{full}");
    assert_eq!(full["plies"].as_array().unwrap().len(), 41);

    // Once the game is over, anyone may look.
    let (st, r) = s
        .post(&format!("/api/games/{id}/resign"), &json!({"token": token}))
        .await;
    assert_eq!(st, 200, "{r}");
    let (st, a) = s.get(&path).await;
    assert_eq!(st, 200, "{a}");
}

/// New games from one address past the limit get 429 with `Retry-After`; another address
/// and El mirall rooms are counted on their own buckets.
#[tokio::test]
async fn new_games_past_the_limit_of_an_address_are_refused_with_retry_after() {
    let clients = ClientLimits {
        games_per_minute_per_client: 12,
        ..ClientLimits::default()
    };
    let (addr, _state, _) = start(Limits::default(), clients).await;
    let attacker = client_from(ATTACKER, Duration::from_secs(5));
    let new_game = |c: &reqwest::Client| {
        c.post(format!("http://{addr}/api/games"))
            .json(&json!({"game": "modiar", "opponent": "local"}))
            .send()
    };
    let mut made = 0;
    let mut refused = None;
    for _ in 0..40 {
        let r = new_game(&attacker).await.unwrap();
        match r.status().as_u16() {
            201 => made += 1,
            429 => {
                refused = Some(r);
                break;
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(made, 12, "the limit is 12 a minute, all at once");
    let r = refused.expect("the 13th game is refused");
    let wait: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (1..=5).contains(&wait),
        "Retry-After {wait}: one game every 5 s"
    );
    assert_eq!(r.headers()["x-content-type-options"], "nosniff");
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "too-many-games", "{body}");
    assert_eq!(body["params"]["seconds"], wait);
    // A room is a new game too.
    let r = attacker
        .post(format!("http://{addr}/api/mirall"))
        .json(&json!({"pits": 6, "seeds": 4}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    // The player on another address is not held up.
    let r = new_game(&client_from(PLAYER, Duration::from_secs(5)))
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
}

/// One raw request on a new connection; `close_write` closes the client's side after it.
async fn raw(addr: SocketAddr, request: &[u8], close_write: bool) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(request).await.unwrap();
    if close_write {
        s.shutdown().await.unwrap();
    }
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

/// The JSON body of a raw answer, after checking it carries the security headers.
fn api_answer(answer: &str, status: u16) -> Value {
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer: {answer:?}"));
    let head = head.to_ascii_lowercase();
    assert!(head.starts_with(&format!("http/1.1 {status} ")), "{answer}");
    for (name, _) in mancala_web::server::SECURITY_HEADERS {
        assert!(head.contains(&format!("\r\n{name}: ")), "no {name}: {head}");
    }
    assert!(head.contains("content-type: application/json"), "{head}");
    let body: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body:?}"));
    assert_eq!(body["status"], status, "{body}");
    body
}

#[tokio::test]
async fn the_http_librarys_own_refusals_and_odd_requests_get_the_apis_answers() {
    let (addr, _, _) = start(Limits::default(), common::roomy()).await;
    // Not HTTP.
    let a = raw(addr, b"GARBAGE\r\n\r\n", false).await;
    assert_eq!(api_answer(&a, 400)["code"], "bad-request");
    // A path too long, headers too large.
    let long = format!(
        "GET /{} HTTP/1.1\r\nHost: {addr}\r\n\r\n",
        "a".repeat(70_000)
    );
    let a = raw(addr, long.as_bytes(), false).await;
    assert_eq!(api_answer(&a, 414)["code"], "uri-too-long");
    let many: String = (0..200).map(|i| format!("X-{i}: a\r\n")).collect();
    let a = raw(
        addr,
        format!("GET / HTTP/1.1\r\nHost: {addr}\r\n{many}\r\n").as_bytes(),
        false,
    )
    .await;
    assert_eq!(api_answer(&a, 431)["code"], "headers-too-large");
    // A request whose client closed its side after sending it is still answered.
    let a = raw(
        addr,
        format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes(),
        true,
    )
    .await;
    assert!(a.starts_with("HTTP/1.1 200 "), "{a:?}");
    // Two Host headers: refused, whichever is first.
    for hosts in [
        format!("Host: {addr}\r\nHost: evil.example\r\n"),
        format!("Host: evil.example\r\nHost: {addr}\r\n"),
    ] {
        let a = raw(
            addr,
            format!("GET /api/health HTTP/1.1\r\n{hosts}Connection: close\r\n\r\n").as_bytes(),
            false,
        )
        .await;
        let body = api_answer(&a, 400);
        assert!(
            body["error"].as_str().unwrap().contains("2 Host headers"),
            "{body}"
        );
    }
    // 405 says what is allowed.
    let a = raw(
        addr,
        format!("DELETE /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
        false,
    )
    .await;
    api_answer(&a, 405);
    assert!(
        a.to_ascii_lowercase().contains("\r\nallow: post\r\n"),
        "{a}"
    );
    // A long input is not echoed whole.
    let huge = "x".repeat(30_000);
    let body = json!({ "game": huge, "position": huge }).to_string();
    let a = raw(
        addr,
        format!(
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
        false,
    )
    .await;
    let (_, answer) = a.split_once("\r\n\r\n").unwrap();
    assert!(answer.len() < 1500, "an error of {} bytes", answer.len());
    let e: Value = serde_json::from_str(answer).unwrap();
    assert!(e["error"].as_str().unwrap().ends_with('…'), "{e}");
}

/// Behind a trusted proxy each request counts for the client the proxy names last in
/// `X-Forwarded-For`; from any other peer the header is ignored (a client could name anyone).
#[tokio::test]
async fn a_trusted_proxy_names_the_client_and_nobody_else_can() {
    let clients = ClientLimits {
        games_per_minute_per_client: 2,
        ..ClientLimits::default()
    };
    let state = AppState::with_limits(Store::in_memory().unwrap(), None, clients);
    let config = ServeConfig {
        trusted_proxies: vec![ATTACKER],
        ..ServeConfig::default()
    };
    let (addr, _, _) = mancala_web::spawn_config("127.0.0.1:0".parse().unwrap(), state, config)
        .await
        .unwrap();
    let new_game = |from: IpAddr, forwarded: &str| {
        client_from(from, Duration::from_secs(5))
            .post(format!("http://{addr}/api/games"))
            .header("x-forwarded-for", forwarded)
            .json(&json!({"game": "modiar", "opponent": "local"}))
            .send()
    };
    // Through the proxy: two clients, two games each; the last address is the one counted.
    for _ in 0..2 {
        for who in ["1.1.1.1, 10.0.0.1", "1.1.1.1, 10.0.0.2"] {
            assert_eq!(
                new_game(ATTACKER, who).await.unwrap().status(),
                201,
                "{who}"
            );
        }
    }
    assert_eq!(new_game(ATTACKER, "10.0.0.1").await.unwrap().status(), 429);
    assert_eq!(new_game(ATTACKER, "10.0.0.3").await.unwrap().status(), 201);
    // Not the proxy: the header names nobody, the connection's address is counted.
    for n in 0..3 {
        let want = if n < 2 { 201 } else { 429 };
        let forwarded = format!("10.9.9.{n}");
        assert_eq!(new_game(PLAYER, &forwarded).await.unwrap().status(), want);
    }
}
