//! The server's answers on a real socket: security headers on every answer, the `Host` check
//! against DNS rebinding, the answer timeout and the body timeout.

use mancala_web::{AppState, Limits, ServeConfig, Store};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn start(config: ServeConfig) -> SocketAddr {
    let state = AppState::with_data_dir(Store::in_memory().unwrap(), None);
    let (addr, _, _) = mancala_web::spawn_config("127.0.0.1:0".parse().unwrap(), state, config)
        .await
        .unwrap();
    addr
}

/// One raw request with this `Host`: the status and the whole answer.
async fn raw(addr: SocketAddr, host: &str, req: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let text = req.replace("{host}", host);
    s.write_all(text.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out))
        .await
        .expect("an answer")
        .unwrap();
    let out = String::from_utf8_lossy(&out).into_owned();
    let status = out
        .split_whitespace()
        .nth(1)
        .unwrap_or("0")
        .parse()
        .unwrap();
    (status, out)
}

fn get(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: {{host}}\r\nConnection: close\r\n\r\n")
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let addr = start(ServeConfig::default()).await;
    let host = addr.to_string();
    let client = reqwest::Client::new();
    let post = client
        .post(format!("http://{addr}/api/games"))
        .json(&serde_json::json!({"game": "nonsense"}))
        .send()
        .await
        .unwrap();
    let mut answers = vec![post];
    for path in [
        "/",
        "/app.js",
        "/js/play.js",
        "/style.css",
        "/icon.svg",
        "/api/health",
        "/nowhere",
    ] {
        answers.push(
            client
                .get(format!("http://{host}{path}"))
                .send()
                .await
                .unwrap(),
        );
    }
    for r in answers {
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'"));
        assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe"));
        assert_eq!(h["x-frame-options"], "DENY", "{}", r.url());
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert_eq!(h["referrer-policy"], "no-referrer");
    }
    // The answer to a foreign Host carries them too.
    let (status, out) = raw(addr, "evil.example", &get("/")).await;
    assert_eq!(status, 421);
    assert!(
        out.to_ascii_lowercase().contains("x-frame-options: deny"),
        "{out}"
    );
}

#[tokio::test]
async fn a_rebound_host_is_refused_and_the_loopback_names_are_answered() {
    let addr = start(ServeConfig::default()).await;
    let port = addr.port();
    for ok in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        let (status, out) = raw(addr, &ok, &get("/api/health")).await;
        assert_eq!(status, 200, "{ok}: {out}");
    }
    for no in [
        format!("attacker.example:{port}"),
        format!("localhost:{}", port ^ 1),
    ] {
        let (status, out) = raw(addr, &no, &get("/api/health")).await;
        assert_eq!(status, 421, "{no}: {out}");
        assert!(out.contains("does not answer to the host"), "{out}");
        assert!(out.contains("\"status\":421"), "{out}");
    }
    // No Host at all (HTTP/1.0 allows it) is refused too.
    let (status, _) = raw(addr, "", "GET /api/health HTTP/1.0\r\n\r\n").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn an_allowed_host_is_answered() {
    let addr = start(ServeConfig {
        allowed_hosts: vec!["games.example.org".into()],
        ..ServeConfig::default()
    })
    .await;
    for ok in ["games.example.org", "GAMES.example.org:443"] {
        assert_eq!(raw(addr, ok, &get("/api/health")).await.0, 200, "{ok}");
    }
    assert_eq!(
        raw(addr, "other.example.org", &get("/api/health")).await.0,
        421
    );
}

#[tokio::test]
async fn a_slow_answer_is_cut_at_the_request_timeout() {
    let addr = start(timing_out_after(Duration::from_secs(1))).await;
    let host = addr.to_string();
    let body = r#"{"pits":4,"seeds":2}"#;
    let (status, out) = raw(
        addr,
        &host,
        &format!(
            "POST /api/mirall HTTP/1.1\r\nHost: {{host}}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
    .await;
    assert_eq!(status, 201, "{out}");
    let json: serde_json::Value =
        serde_json::from_str(out.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    let id = json["id"].as_str().unwrap();
    let version = json["state"]["version"].as_u64().unwrap_or(1);
    // A long poll asking to wait 10 s with nothing happening: cut after 1 s.
    let t = Instant::now();
    let (status, out) = raw(
        addr,
        &host,
        &get(&format!("/api/mirall/{id}?after={version}&wait=10")),
    )
    .await;
    assert_eq!(status, 503, "{out}");
    assert!(out.contains("took longer than 1 s"), "{out}");
    assert!(t.elapsed() < Duration::from_secs(8));
}

#[tokio::test]
async fn a_body_that_stops_coming_is_refused_at_the_request_timeout() {
    let addr = start(timing_out_after(Duration::from_secs(1))).await;
    let (status, out) = raw(
        addr,
        &addr.to_string(),
        "POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"game\":",
    )
    .await;
    assert!((400..500).contains(&status) || status == 503, "{out}");
}

/// The server's defaults with a request timeout of `t`.
fn timing_out_after(t: Duration) -> ServeConfig {
    ServeConfig {
        limits: Limits {
            request_timeout: t,
            ..Limits::default()
        },
        ..ServeConfig::default()
    }
}
