//! A server told to stop: a move already on its way is finished and saved, a newcomer is
//! refused at once (not left waiting), and the game is there when a server starts again on the
//! same database.

mod common;

use serde_json::{Value, json};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_its_way_when_the_server_stops_is_finished_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = mancala_web::AppState::with_limits(common::open_store(&db), None, common::roomy());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(mancala_web::serve(listener, state, async {
        let _ = stopped.await;
    }));
    let client = reqwest::Client::new();
    let c: Value = client
        .post(format!("http://{addr}/api/games"))
        .json(&json!({"game": "modiar", "opponent": "local"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (id, token) = (c["id"].as_str().unwrap(), c["token"].as_str().unwrap());
    let version = c["state"]["version"].as_u64().expect("a version");

    // The move: its headers and half its body sent, then the server told to stop.
    let body = json!({"token": token, "move": "A", "reply": false, "version": version}).to_string();
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!(
            "POST /api/games/{id}/moves HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let (first, rest) = body.split_at(body.len() / 2);
    s.write_all(first.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;

    // A newcomer is refused at once.
    let newcomer = tokio::time::timeout(Duration::from_secs(2), async {
        let mut t = TcpStream::connect(addr).await?;
        t.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
            .await?;
        let mut out = Vec::new();
        t.read_to_end(&mut out).await?;
        Ok::<Vec<u8>, std::io::Error>(out)
    })
    .await
    .expect("a newcomer is answered at once, not left waiting");
    assert!(
        newcomer.as_ref().map(|o| o.is_empty()).unwrap_or(true),
        "a stopping server served a newcomer: {newcomer:?}"
    );

    // The move on its way is finished: answered, and played.
    s.write_all(rest.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .expect("an answer")
        .unwrap();
    let out = String::from_utf8_lossy(&out);
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server stops")
        .unwrap()
        .unwrap();

    // A server started again on the same database has the move.
    let again = common::Server::start(&db).await;
    let (status, g) = again.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{g}");
    assert_eq!(g["version"].as_u64(), Some(version + 1), "{g}");
    let moves: Vec<&str> = g["plies"]
        .as_array()
        .expect("the plies")
        .iter()
        .filter_map(|p| p["move"].as_str())
        .collect();
    assert_eq!(moves, ["A"], "{g}");
    again.stop().await;
}
