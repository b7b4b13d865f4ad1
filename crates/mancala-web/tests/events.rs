//! A game as Server-Sent Events: the state at once, an event after every change with the game's
//! version as its id, and a reconnection with `Last-Event-ID` that misses no move.

mod common;

use common::Server;
use serde_json::{Value, json};
use std::time::Duration;

/// The next `state` event of a stream: its id and data.
async fn next_event(r: &mut reqwest::Response, buf: &mut String) -> (u64, Value) {
    let (id, data) = next_named(r, buf, "state").await;
    (id.parse().unwrap(), data)
}

/// The next event called `want` of a stream: its id and data.
async fn next_named(r: &mut reqwest::Response, buf: &mut String, want: &str) -> (String, Value) {
    loop {
        if let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let (mut id, mut data, mut name) = (None, String::new(), None);
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("id:") {
                    id = Some(v.trim().to_string());
                } else if let Some(v) = line.strip_prefix("data:") {
                    data.push_str(v.trim_start());
                } else if let Some(v) = line.strip_prefix("event:") {
                    name = Some(v.trim().to_string());
                }
            }
            if name.as_deref() == Some(want) {
                return (id.expect("an id"), serde_json::from_str(&data).unwrap());
            }
            continue;
        }
        let chunk = tokio::time::timeout(Duration::from_secs(10), r.chunk())
            .await
            .expect("an event within 10 s")
            .unwrap()
            .expect("the stream stays open");
        buf.push_str(std::str::from_utf8(&chunk).unwrap());
    }
}

#[tokio::test]
async fn a_game_streams_its_changes_and_a_reconnection_misses_no_move() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&dir.path().join("games.sqlite")).await;
    let (id, south, north) = s.remote_game("modiar").await;
    let url = s.url(&format!("/api/games/{id}/events"));
    let mut r = s.client.get(&url).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let mut buf = String::new();
    let (v0, first) = next_event(&mut r, &mut buf).await;
    assert_eq!(first["version"], v0);
    assert_eq!(first["plies"].as_array().unwrap().len(), 0);
    // A join and a move: each an event, in order, with the game's version.
    let (st, j) = s
        .post(&format!("/api/games/{id}/join"), &json!({"token": north}))
        .await;
    assert_eq!(st, 200, "{j}");
    let north = j["token"].as_str().unwrap().to_string();
    let (v1, _) = next_event(&mut r, &mut buf).await;
    assert!(v1 > v0);
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    let (v2, after) = next_event(&mut r, &mut buf).await;
    assert!(v2 > v1);
    assert_eq!(after["plies"][0]["move"], "A");
    // The connection drops; a move is made meanwhile; the reconnection names the last event
    // seen and is given the game at once, the move in it.
    drop(r);
    assert_eq!(s.play(&id, &north, "a").await.0, 200);
    let mut again = s
        .client
        .get(&url)
        .header("last-event-id", v2.to_string())
        .send()
        .await
        .unwrap();
    let mut buf = String::new();
    let (v3, now) = next_event(&mut again, &mut buf).await;
    assert!(v3 > v2);
    assert_eq!(now["plies"].as_array().unwrap().len(), 2);
    // A reconnection already up to date waits for the next change.
    let mut upto = s
        .client
        .get(format!("{url}?after={v3}"))
        .send()
        .await
        .unwrap();
    let mut buf2 = String::new();
    let waited =
        tokio::time::timeout(Duration::from_millis(500), next_event(&mut upto, &mut buf2)).await;
    assert!(waited.is_err(), "nothing new: no event");
    assert_eq!(s.play(&id, &south, "B").await.0, 200);
    let (v4, last) = next_event(&mut upto, &mut buf2).await;
    assert!(v4 > v3);
    assert_eq!(last["plies"].as_array().unwrap().len(), 3);
    // An unknown game is a 404, not a stream.
    let (st, e) = s.get("/api/games/nosuchgame/events").await;
    assert_eq!((st, e["code"].as_str()), (404, Some("no-game")));
}

#[tokio::test]
async fn the_lobby_and_an_el_mirall_room_stream_their_changes() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&dir.path().join("games.sqlite")).await;
    let mut lobby = s
        .client
        .get(s.url("/api/lobby/events"))
        .send()
        .await
        .unwrap();
    let mut buf = String::new();
    let (v0, first) = next_named(&mut lobby, &mut buf, "lobby").await;
    assert_eq!(first["challenges"].as_array().unwrap().len(), 0);
    let (_, c) = s.post("/api/lobby", &json!({"game": "oware"})).await;
    let (v1, now) = next_named(&mut lobby, &mut buf, "lobby").await;
    assert_ne!(v1, v0);
    assert_eq!(now["challenges"][0]["id"], c["id"]);

    let (st, room) = s.post("/api/mirall", &json!({"pits": 2, "seeds": 2})).await;
    assert_eq!(st, 201, "{room}");
    let id = room["id"].as_str().unwrap();
    let mut r = s
        .client
        .get(s.url(&format!("/api/mirall/{id}/events")))
        .send()
        .await
        .unwrap();
    let mut buf = String::new();
    let (r0, _) = next_named(&mut r, &mut buf, "room").await;
    let sow = json!({"token": room["token"], "pit": "A", "moves": 0});
    let (st, v) = s.post(&format!("/api/mirall/{id}/sow"), &sow).await;
    assert_eq!(st, 200, "{v}");
    let (r1, _) = next_named(&mut r, &mut buf, "room").await;
    assert!(r1.parse::<u64>().unwrap() > r0.parse::<u64>().unwrap());
    let (st, _) = s.get("/api/mirall/nosuchroom/events").await;
    assert_eq!(st, 404);
}
