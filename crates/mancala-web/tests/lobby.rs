//! The lobby: a challenge made by one player is listed (never its secret), accepted once by
//! another, and names the game its maker then plays with the token he has; a challenge whose
//! maker has gone is no longer listed; "play anyone" pairs two players asking for the same game
//! and clock; the games going on are listed to watch.

mod common;

use common::Server;
use mancala_web::state::FakeNow;
use serde_json::{Value, json};
use std::sync::Arc;

async fn server() -> (Server, Arc<FakeNow>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let now = FakeNow::new(1_800_000_000_000);
    let s = Server::start_with_clock(&dir.path().join("games.sqlite"), now.clone()).await;
    (s, now, dir)
}

async fn lobby(s: &Server) -> Value {
    let (st, v) = s.get("/api/lobby").await;
    assert_eq!(st, 200, "{v}");
    v
}

async fn mine(s: &Server, id: &str, token: &str) -> (u16, Value) {
    s.get_seat(&format!("/api/lobby/{id}"), token).await
}

#[tokio::test]
async fn a_challenge_is_listed_accepted_once_and_its_maker_plays_the_game() {
    let (s, _now, _d) = server().await;
    let (st, c) = s
        .post(
            "/api/lobby",
            &json!({"game": "mangala-ii", "clock": "3+2", "side": "north"}),
        )
        .await;
    assert_eq!(st, 201, "{c}");
    let (id, token) = (c["id"].as_str().unwrap(), c["token"].as_str().unwrap());
    let l = lobby(&s).await;
    let listed = l["challenges"].as_array().unwrap();
    assert_eq!(listed.len(), 1, "{l}");
    assert_eq!(listed[0]["id"], id);
    assert_eq!(listed[0]["clock"], "3+2");
    assert_eq!(listed[0]["category"], "blitz");
    assert_eq!(listed[0]["side"], "north");
    assert_eq!(listed[0]["name"], "Mangala II");
    assert!(
        !l.to_string().contains(token),
        "the maker's secret is never listed"
    );
    // The maker waits: nothing yet.
    let (st, w) = mine(&s, id, token).await;
    assert_eq!(st, 200, "{w}");
    assert_eq!(w["game"], Value::Null);
    // Someone else's token does not open it; its maker cannot accept it.
    assert_eq!(mine(&s, id, "nope").await.0, 403);
    let accept = format!("/api/lobby/{id}/accept");
    let (st, e) = s.post(&accept, &json!({"token": token})).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("own-challenge")),
        "{e}"
    );
    // Accepted: a game with the challenge's clock, the accepter South (the maker asked North).
    let (st, a) = s.post(&accept, &json!({})).await;
    assert_eq!(st, 201, "{a}");
    assert_eq!(a["side"], "south");
    assert_eq!(a["state"]["clock"]["control"], "3+2");
    assert_eq!(a["state"]["opponent"]["invited"], Value::Null);
    assert_eq!(a["state"]["opponent"]["lobby"], true, "met in the lobby");
    let game = a["id"].as_str().unwrap().to_string();
    // Accepted once: a second acceptance is refused.
    let (st, e) = s.post(&accept, &json!({})).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("challenge-taken")),
        "{e}"
    );
    // The maker's next look names the game; his token plays North there.
    let (st, w) = mine(&s, id, token).await;
    assert_eq!(st, 200, "{w}");
    assert_eq!(w["game"], game.as_str());
    assert_eq!(w["side"], "north");
    let (st, m) = s.play(&game, a["token"].as_str().unwrap(), "A").await;
    assert_eq!(st, 200, "{m}");
    let (st, m) = s.play(&game, token, "a").await;
    assert_eq!(st, 200, "{m}");
    // No longer open; listed among the games going on, to watch.
    let l = lobby(&s).await;
    assert_eq!(l["challenges"].as_array().unwrap().len(), 0, "{l}");
    assert_eq!(l["playing"][0]["id"], game.as_str(), "{l}");
    assert_eq!(l["playing"][0]["plies"], 2);
    // A cancel after it was accepted is refused.
    let (st, e) = s
        .post(&format!("/api/lobby/{id}/cancel"), &json!({"token": token}))
        .await;
    assert_eq!((st, e["code"].as_str()), (409, Some("challenge-taken")));
}

#[tokio::test]
async fn a_challenge_whose_maker_has_gone_is_not_listed_and_one_taken_back_is_gone() {
    let (s, now, _d) = server().await;
    let (_, c) = s.post("/api/lobby", &json!({"game": "modiar"})).await;
    let (id, token) = (c["id"].as_str().unwrap(), c["token"].as_str().unwrap());
    assert_eq!(c["challenge"]["side"], "random");
    assert_eq!(c["challenge"]["clock"], Value::Null);
    now.advance(25_000);
    assert_eq!(mine(&s, id, token).await.0, 200, "a look keeps it alive");
    now.advance(25_000);
    assert_eq!(lobby(&s).await["challenges"].as_array().unwrap().len(), 1);
    now.advance(10_000);
    assert_eq!(lobby(&s).await["challenges"].as_array().unwrap().len(), 0);
    // Taken back by its maker.
    let (_, c) = s.post("/api/lobby", &json!({"game": "oware"})).await;
    let (id, token) = (c["id"].as_str().unwrap(), c["token"].as_str().unwrap());
    let cancel = format!("/api/lobby/{id}/cancel");
    assert_eq!(s.post(&cancel, &json!({"token": "x"})).await.0, 403);
    let (st, v) = s.post(&cancel, &json!({"token": token})).await;
    assert_eq!(st, 200, "{v}");
    let (st, e) = s.post(&format!("/api/lobby/{id}/accept"), &json!({})).await;
    assert_eq!((st, e["code"].as_str()), (404, Some("no-challenge")));
}

#[tokio::test]
async fn play_anyone_pairs_two_players_asking_for_the_same_game_and_clock() {
    let (s, _now, _d) = server().await;
    let seek = |game: &str, clock: &str| json!({"game": game, "clock": clock});
    let (st, first) = s.post("/api/lobby/seek", &seek("modiar", "5+5")).await;
    assert_eq!(st, 201, "{first}");
    assert_eq!(first["matched"], false, "nobody waits: a challenge is made");
    // Another game or clock does not match.
    let (_, other) = s.post("/api/lobby/seek", &seek("modiar", "3+2")).await;
    assert_eq!(other["matched"], false);
    let (_, other) = s.post("/api/lobby/seek", &seek("oware", "5+5")).await;
    assert_eq!(other["matched"], false);
    // The same game and clock: paired with the first.
    let (st, second) = s.post("/api/lobby/seek", &seek("modiar", "5+5")).await;
    assert_eq!(st, 201, "{second}");
    assert_eq!(second["matched"], true, "{second}");
    let (_, w) = mine(
        &s,
        first["id"].as_str().unwrap(),
        first["token"].as_str().unwrap(),
    )
    .await;
    assert_eq!(w["game"], second["id"]);
    assert_ne!(w["side"], second["side"], "one plays each side");
    assert_eq!(lobby(&s).await["challenges"].as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_who_play_anyone_at_the_same_moment_are_paired() {
    let (s, _now, _d) = server().await;
    for round in 0..20 {
        let ask = json!({"game": "oware", "clock": format!("{}+0", round + 1)});
        let (a, b) = tokio::join!(
            s.post("/api/lobby/seek", &ask),
            s.post("/api/lobby/seek", &ask)
        );
        assert_eq!((a.0, b.0), (201, 201), "{a:?} {b:?}");
        let matched = [&a.1, &b.1].iter().filter(|v| v["matched"] == true).count();
        assert_eq!(matched, 1, "round {round}: {} {}", a.1, b.1);
        // The one who waits finds the game the other started.
        let (waiter, starter) = if a.1["matched"] == true {
            (&b.1, &a.1)
        } else {
            (&a.1, &b.1)
        };
        let (_, w) = mine(
            &s,
            waiter["id"].as_str().unwrap(),
            waiter["token"].as_str().unwrap(),
        )
        .await;
        assert_eq!(w["game"], starter["id"], "round {round}");
    }
    assert_eq!(lobby(&s).await["challenges"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn one_address_keeps_a_bounded_number_of_challenges_open() {
    let (s, now, _d) = server().await;
    let max = mancala_web::lobby::OPEN_PER_CLIENT;
    for _ in 0..max {
        assert_eq!(s.post("/api/lobby", &json!({"game": "kalah"})).await.0, 201);
    }
    for path in ["/api/lobby", "/api/lobby/seek"] {
        let (st, e) = s.post(path, &json!({"game": "modiar"})).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (409, Some("too-many-challenges")),
            "{path}: {e}"
        );
        assert_eq!(e["params"]["max"], max);
    }
    // Challenges whose maker has gone no longer count.
    now.advance(mancala_web::lobby::GONE_MS + 1_000);
    assert_eq!(s.post("/api/lobby", &json!({"game": "kalah"})).await.0, 201);
}

#[tokio::test]
async fn bad_challenges_are_refused_by_name() {
    let (s, _now, _d) = server().await;
    for (body, status, code) in [
        (json!({"game": "chess"}), 400, "unknown-game"),
        (json!({"game": "modiar", "clock": "7"}), 400, "bad-clock"),
        (json!({"game": "modiar", "side": "east"}), 400, "bad-side"),
        (json!({"game": "modiar", "extra": 1}), 422, "bad-request"),
    ] {
        let (st, e) = s.post("/api/lobby", &body).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (status, Some(code)),
            "{body}: {e}"
        );
    }
    let (st, e) = s.post("/api/lobby/zzz/accept", &json!({})).await;
    assert_eq!((st, e["code"].as_str()), (404, Some("no-challenge")));
    let (st, _) = s.get("/api/lobby/%2e%2e").await;
    assert!(st == 404 || st == 400, "{st}");
}

#[tokio::test]
async fn a_waiting_lobby_answers_when_a_challenge_comes() {
    let (s, _now, _d) = server().await;
    let v = lobby(&s).await["version"].as_str().unwrap().to_string();
    let waiting = s.get_later(&format!("/api/lobby?after={v}&wait=5"));
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let (_, c) = s.post("/api/lobby", &json!({"game": "kalah"})).await;
    let t0 = std::time::Instant::now();
    let seen = waiting.await.unwrap();
    assert!(
        t0.elapsed() < std::time::Duration::from_secs(4),
        "answered at the change"
    );
    assert_eq!(seen["challenges"][0]["id"], c["id"]);
    assert_ne!(seen["version"], v.as_str());
}

/// A request whose answer was lost is sent again with the id the client gave it: an
/// acceptance gets the same game and seat back (the token was in the lost answer), a new
/// challenge the same challenge, a seek what it got the first time; never a second challenge
/// or game. Another id, or none, is refused as before.
#[tokio::test]
async fn a_request_sent_again_with_its_id_gets_its_first_answer() {
    let (s, _now, _d) = server().await;
    // A challenge made twice by one request is one challenge.
    let make = json!({"game": "modiar", "request": "make-0123456789abcdef"});
    let (st, c) = s.post("/api/lobby", &make).await;
    assert_eq!(st, 201, "{c}");
    let (st, again) = s.post("/api/lobby", &make).await;
    assert_eq!(st, 201, "{again}");
    assert_eq!((&again["id"], &again["token"]), (&c["id"], &c["token"]));
    assert_eq!(lobby(&s).await["challenges"].as_array().unwrap().len(), 1);
    // Accepted, the answer lost: the same request again gets the same game and seat.
    let accept = format!("/api/lobby/{}/accept", c["id"].as_str().unwrap());
    let ask = json!({"request": "accept-0123456789abcdef"});
    let (st, a) = s.post(&accept, &ask).await;
    assert_eq!(st, 201, "{a}");
    let (st, b) = s.post(&accept, &ask).await;
    assert_eq!(st, 201, "{b}");
    for key in ["id", "token", "side"] {
        assert_eq!(a[key], b[key], "{key}: {a} {b}");
    }
    assert_eq!(b["state"]["plies"], json!([]), "{b}");
    // The seat it names is the accepter's: its token plays there.
    let game = a["id"].as_str().unwrap();
    let (_, g) = s
        .get_seat(&format!("/api/games/{game}"), a["token"].as_str().unwrap())
        .await;
    let side = a["side"].as_str().unwrap();
    assert_eq!(g["presence"][side]["here"], true, "{g}");
    // Anyone else, with another id or none, finds it taken.
    for body in [json!({"request": "someone-else-0123456789"}), json!({})] {
        let (st, e) = s.post(&accept, &body).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (409, Some("challenge-taken")),
            "{e}"
        );
    }
    // A seek: matched or made, the same again.
    // Each seek sent twice: the first is made (the first seek) or matched (the second), and its
    // copy gets the same game, seat and answer.
    let mut seeks = Vec::new();
    for (id, matched) in [
        ("seek-a-0123456789abcdef", false),
        ("seek-b-0123456789abcdef", true),
    ] {
        let seek = json!({"game": "kalah", "clock": "5+0", "request": id});
        let (st, first) = s.post("/api/lobby/seek", &seek).await;
        assert_eq!((st, &first["matched"]), (201, &json!(matched)), "{first}");
        let (_, again) = s.post("/api/lobby/seek", &seek).await;
        assert_eq!(
            (&again["id"], &again["token"], &again["matched"]),
            (&first["id"], &first["token"], &json!(matched))
        );
        seeks.push(first);
    }
    let (made, m) = (&seeks[0], &seeks[1]);
    let (_, w) = mine(
        &s,
        made["id"].as_str().unwrap(),
        made["token"].as_str().unwrap(),
    )
    .await;
    assert_eq!(w["game"], m["id"], "{w}");
    assert_eq!(lobby(&s).await["challenges"].as_array().unwrap().len(), 0);
    // An id that is not one is refused by name.
    for bad in ["short", "has space 0123456789", &"x".repeat(65)] {
        let (st, e) = s
            .post("/api/lobby", &json!({"game": "modiar", "request": bad}))
            .await;
        assert_eq!(
            (st, e["code"].as_str()),
            (400, Some("bad-request")),
            "{bad}: {e}"
        );
        assert!(e["error"].as_str().unwrap().contains("request id"), "{e}");
    }
}

/// Copies of one acceptance and of one seek sent at the same moment: one game each, every
/// copy answered with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copies_of_one_request_at_once_make_one_game() {
    let (s, _now, _d) = server().await;
    for round in 0..10 {
        let (_, c) = s.post("/api/lobby", &json!({"game": "oware"})).await;
        let accept = format!("/api/lobby/{}/accept", c["id"].as_str().unwrap());
        let ask = json!({"request": format!("copy-accept-{round}-0123456789")});
        let (a, b, d) = tokio::join!(
            s.post(&accept, &ask),
            s.post(&accept, &ask),
            s.post(&accept, &ask)
        );
        for x in [&a, &b, &d] {
            assert_eq!(x.0, 201, "round {round}: {}", x.1);
            assert_eq!((&x.1["id"], &x.1["token"]), (&a.1["id"], &a.1["token"]));
        }
        let seek = json!({"game": "modiar", "clock": format!("{}+0", round + 1), "request": format!("copy-seek-{round}-0123456789")});
        let (a, b) = tokio::join!(
            s.post("/api/lobby/seek", &seek),
            s.post("/api/lobby/seek", &seek)
        );
        assert_eq!((a.0, b.0), (201, 201), "{a:?} {b:?}");
        assert_eq!(
            (&a.1["id"], &a.1["token"]),
            (&b.1["id"], &b.1["token"]),
            "round {round}"
        );
        let l = lobby(&s).await;
        let open = l["challenges"].as_array().unwrap();
        assert_eq!(open.len(), 1, "round {round}: one challenge made: {l}");
        let (_, gone) = s
            .post(
                &format!("/api/lobby/{}/cancel", a.1["id"].as_str().unwrap()),
                &json!({"token": a.1["token"]}),
            )
            .await;
        assert_eq!(gone["cancelled"], true, "{gone}");
    }
}
