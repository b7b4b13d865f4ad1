//! The database is the truth: a change is made only for the version the client saw, so a
//! repeated or stale request is refused (409) with the game as it is, never played twice; and
//! what a client is shown is always what is saved, whatever it does with its connection.

mod common;

use common::Server;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::time::Duration;

async fn server() -> (Server, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&dir.path().join("games.sqlite")).await;
    (s, dir)
}

fn plies(state: &Value) -> Vec<String> {
    state["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["move"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_move_sent_twice_against_the_computer_is_played_once() {
    let (s, _d) = server().await;
    let (id, token, c) = s
        .create(&json!({"game": "modiar", "opponent": "engine", "level": "greedy"}))
        .await;
    let v0 = c["state"]["version"].as_u64().unwrap();
    let body = json!({"token": token, "move": "A", "version": v0});
    let path = format!("/api/games/{id}/moves");
    let (st, first) = s.post_exact(&path, &body).await;
    assert_eq!(st, 200, "{first}");
    let after = &first["state"];
    assert_eq!(plies(after).len(), 2, "the move and the computer's reply");
    // The same request again (a double click, a retry after a lost answer): refused, with the
    // game as it is; nothing is played.
    let (st, again) = s.post_exact(&path, &body).await;
    assert_eq!(st, 409, "{again}");
    assert_eq!(again["code"], "stale-version");
    assert_eq!(again["params"]["expected"], v0);
    assert_eq!(again["params"]["version"], after["version"]);
    assert_eq!(&again["state"], after);
    let (_, now) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(plies(&now), plies(after));
    assert_eq!(now["version"], after["version"]);
}

#[tokio::test]
async fn every_change_names_its_version_and_a_stale_one_changes_nothing() {
    let (s, _d) = server().await;
    let (id, token, c) = s
        .create(&json!({"game": "modiar", "opponent": "local"}))
        .await;
    let v0 = c["state"]["version"].as_u64().unwrap();
    let (st, r) = s
        .post_exact(
            &format!("/api/games/{id}/moves"),
            &json!({"token": token, "move": "A", "version": v0}),
        )
        .await;
    assert_eq!(st, 200, "{r}");
    let v1 = r["state"]["version"].as_u64().unwrap();
    assert!(v1 > v0);
    // Without a version: refused as a bad request, naming the field.
    let (st, e) = s
        .post_exact(
            &format!("/api/games/{id}/moves"),
            &json!({"token": token, "move": "a"}),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (422, Some("bad-request")), "{e}");
    assert!(e["error"].as_str().unwrap().contains("version"), "{e}");
    // Undo, resign and declining an undo made for the old version: refused, nothing changes.
    for (path, body) in [
        ("undo", json!({"token": token, "version": v0})),
        ("resign", json!({"token": token, "version": v0})),
        ("undo/decline", json!({"token": token, "version": v0})),
        ("moves", json!({"token": token, "move": "a", "version": v0})),
    ] {
        let (st, e) = s
            .post_exact(&format!("/api/games/{id}/{path}"), &body)
            .await;
        assert_eq!(st, 409, "{path}: {e}");
        assert_eq!(e["code"], "stale-version", "{path}");
        assert_eq!(e["state"]["version"], v1, "{path}");
    }
    let (_, now) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        (now["version"].as_u64(), plies(&now)),
        (Some(v1), vec!["A".to_string()])
    );
    assert_eq!(now["over"], false);
    // A seat's token is checked before the version: a stranger learns nothing new.
    let (st, _) = s
        .post_exact(
            &format!("/api/games/{id}/moves"),
            &json!({"token": "guess", "move": "a", "version": v0}),
        )
        .await;
    assert_eq!(st, 403);
}

/// A client that goes away mid-request (a closed tab, a dropped connection) at any moment:
/// afterwards what every client is shown is exactly the saved game, and the move is either
/// saved with everything after it or not at all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_request_leaves_the_shown_game_equal_to_the_saved_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let s = Server::start(&db).await;
    let addr = s.addr;
    let read =
        rusqlite::Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let kinds = [
        json!({"game": "mangala-ii", "opponent": "local"}),
        json!({"game": "oware", "opponent": "engine", "level": "intermediate"}),
    ];
    // How long a whole move takes, for each kind: the connection is then dropped at moments
    // spread over that time (and a little past it), so every step of the change is hit.
    let mut took = Vec::new();
    for body in &kinds {
        let mut longest = Duration::ZERO;
        for _ in 0..3 {
            let (id, token, c) = s.create(body).await;
            let mv = c["state"]["legal"][0].clone();
            let t0 = std::time::Instant::now();
            let (st, _) = s
                .post_exact(
                    &format!("/api/games/{id}/moves"),
                    &json!({"token": token, "move": mv, "version": c["state"]["version"]}),
                )
                .await;
            assert_eq!(st, 200);
            longest = longest.max(t0.elapsed());
        }
        took.push(longest);
    }
    const TRIES: u64 = 80;
    let (mut dropped_saved, mut dropped_not_saved) = (0, 0);
    for attempt in 0..TRIES {
        let body = &kinds[attempt as usize % 2];
        let (id, token, c) = s.create(body).await;
        let version = c["state"]["version"].as_u64().unwrap();
        let mv = c["state"]["legal"][0].as_str().unwrap().to_string();
        let req = json!({"token": token, "move": mv, "version": version}).to_string();
        // Send the move and close the connection after 0 to ~20 ms, without reading.
        let wait =
            took[attempt as usize % 2].mul_f64(1.2 * (attempt / 2) as f64 / (TRIES / 2) as f64);
        let path = format!("/api/games/{id}/moves");
        tokio::task::spawn_blocking(move || {
            let mut sock = std::net::TcpStream::connect(addr).unwrap();
            let head = format!(
                "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                req.len()
            );
            sock.write_all(head.as_bytes()).unwrap();
            sock.write_all(req.as_bytes()).unwrap();
            std::thread::sleep(wait);
            let _ = sock.set_nonblocking(true);
            let mut buf = [0u8; 16];
            let _ = sock.read(&mut buf);
            drop(sock);
        })
        .await
        .unwrap();
        // Whatever was under way finishes; then the shown game must be the saved one.
        let mut shown = Value::Null;
        let mut saved = (0i64, String::new());
        for _ in 0..100 {
            tokio::time::sleep(Duration::from_millis(30)).await;
            shown = s.get(&format!("/api/games/{id}")).await.1;
            saved = read
                .query_row(
                    "SELECT version, moves FROM games WHERE id = ?1",
                    [&id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .unwrap();
            if shown["version"].as_i64() == Some(saved.0) && plies(&shown).join(" ") == saved.1 {
                break;
            }
        }
        assert_eq!(
            shown["version"].as_i64(),
            Some(saved.0),
            "attempt {attempt}: {shown}"
        );
        assert_eq!(plies(&shown).join(" "), saved.1, "attempt {attempt}");
        if saved.0 as u64 == version {
            dropped_not_saved += 1;
            assert!(plies(&shown).is_empty(), "attempt {attempt}");
        } else {
            dropped_saved += 1;
            assert_eq!(plies(&shown)[0], mv, "attempt {attempt}");
            // Against the computer, its reply is saved with the move.
            if attempt % 2 == 1 {
                assert!(
                    plies(&shown).len() >= 2,
                    "attempt {attempt}: {:?}",
                    plies(&shown)
                );
            }
        }
    }
    eprintln!(
        "dropped requests: {dropped_saved} saved and shown, {dropped_not_saved} neither, of {TRIES} (a whole move took {took:?})"
    );
    assert!(
        dropped_saved > 0,
        "no dropped request got as far as being saved"
    );
}

#[tokio::test]
async fn el_mirall_sowings_of_one_move_both_count_and_a_repeat_is_refused() {
    let (s, _d) = server().await;
    let (st, c) = s.post("/api/mirall", &json!({"pits": 2, "seeds": 2})).await;
    assert_eq!(st, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let south = c["token"].as_str().unwrap().to_string();
    let north = c["invite"]["token"].as_str().unwrap().to_string();
    let sow = format!("/api/mirall/{id}/sow");
    // Both players sow for move 0 at the same moment: both are accepted.
    let a = json!({"token": south, "pit": "A", "moves": 0});
    let b = json!({"token": north, "pit": "b", "moves": 0});
    let (ra, rb) = tokio::join!(s.post_exact(&sow, &a), s.post_exact(&sow, &b));
    assert_eq!((ra.0, rb.0), (200, 200), "{} {}", ra.1, rb.1);
    assert_eq!(ra.1["accepted"], true);
    assert_eq!(rb.1["accepted"], true);
    let (_, now) = s.get(&format!("/api/mirall/{id}")).await;
    assert_eq!(now["moves"], 1);
    // South's sowing sent again after the move was completed: refused, nothing sown.
    let (st, e) = s.post_exact(&sow, &a).await;
    assert_eq!(st, 409, "{e}");
    assert_eq!(e["code"], "stale-version");
    assert_eq!(e["state"]["moves"], 1);
    let (_, after) = s.get(&format!("/api/mirall/{id}")).await;
    assert_eq!(after, now);
}

/// A game through a link, its invitation opened: id, South's and North's tokens.
async fn between_two(s: &Server) -> (String, String, String) {
    let (id, south, invite) = s.remote_game("modiar").await;
    let (st, j) = s
        .post(&format!("/api/games/{id}/join"), &json!({"token": invite}))
        .await;
    assert_eq!(st, 200, "{j}");
    (id, south, j["token"].as_str().unwrap().to_string())
}

/// A side event (a phrase, a draw offered or declined, an undo asked) raises the version, so
/// every page sees it, but changes nothing on the board: a move made at the version its player
/// saw before it is played, once; a move made before another move is still refused.
#[tokio::test]
async fn a_phrase_or_a_draw_offer_does_not_make_the_other_players_move_stale() {
    let (s, _d) = server().await;
    let (id, south, north) = between_two(&s).await;
    let game = format!("/api/games/{id}");
    let mv = format!("{game}/moves");
    let (_, g) = s.get(&game).await;
    let v = g["version"].as_u64().unwrap();
    let (st, r) = s
        .post_exact(&mv, &json!({"token": south, "move": "C", "version": v}))
        .await;
    assert_eq!(st, 200, "{r}");
    // North sees South's move, and thinks; South says "good luck", then offers a draw.
    let seen = r["state"]["version"].as_u64().unwrap();
    let (st, r) = s
        .post_exact(
            &format!("{game}/say"),
            &json!({"token": south, "phrase": "good-luck", "version": seen}),
        )
        .await;
    assert_eq!(st, 200, "{r}");
    let (st, r) = s
        .post_exact(
            &format!("{game}/draw"),
            &json!({"token": south, "version": seen + 1}),
        )
        .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["state"]["version"].as_u64(), Some(seen + 2));
    // North's move, made at the version he saw: played, and it declines the offer (moving on
    // declines the other side's offer, as it does one seen).
    let body = json!({"token": north, "move": "a", "version": seen});
    let (st, r) = s.post_exact(&mv, &body).await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(plies(&r["state"]), ["C", "a"]);
    assert_eq!(r["state"]["draw_offer"], Value::Null);
    assert_eq!(r["state"]["chat"].as_array().map(Vec::len), Some(1));
    // The same request again: refused, nothing played twice.
    let (st, e) = s.post_exact(&mv, &body).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("stale-version")),
        "{e}"
    );
    // South's move made at the version before North's move: stale, even after side events
    // since (an undo asked by North, then declined by South).
    let after = r["state"]["version"].as_u64().unwrap();
    let (st, r) = s
        .post_exact(
            &format!("{game}/undo"),
            &json!({"token": north, "version": after}),
        )
        .await;
    assert_eq!((st, r["asked"].as_bool()), (200, Some(true)), "{r}");
    let (st, e) = s
        .post_exact(&mv, &json!({"token": south, "move": "A", "version": seen}))
        .await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("stale-version")),
        "{e}"
    );
    // ... but at the version of North's move, with the undo asked since: played.
    let (st, r) = s
        .post_exact(&mv, &json!({"token": south, "move": "A", "version": after}))
        .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(plies(&r["state"]), ["C", "a", "A"]);
    assert_eq!(r["state"]["undo_request"], Value::Null);
    let (_, now) = s.get(&game).await;
    assert_eq!(plies(&now), ["C", "a", "A"]);
}

/// Two identical moves sent at once, after a phrase: one is played, the other refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_move_sent_at_once_after_a_phrase_is_played_once() {
    let (s, _d) = server().await;
    let (id, south, _north) = between_two(&s).await;
    let game = format!("/api/games/{id}");
    let (_, g) = s.get(&game).await;
    let v = g["version"].as_u64().unwrap();
    let (st, _) = s
        .post_exact(
            &format!("{game}/say"),
            &json!({"token": south, "phrase": "hello", "version": v}),
        )
        .await;
    assert_eq!(st, 200);
    let body = json!({"token": south, "move": "C", "version": v});
    let url = s.url(&format!("{game}/moves"));
    let sends: Vec<_> = (0..3)
        .map(|_| {
            let (c, url, body) = (s.client.clone(), url.clone(), body.clone());
            tokio::spawn(async move { c.post(url).json(&body).send().await.unwrap().status() })
        })
        .collect();
    let mut codes = Vec::new();
    for h in sends {
        codes.push(h.await.unwrap().as_u16());
    }
    codes.sort();
    assert_eq!(codes, [200, 409, 409]);
    let (_, now) = s.get(&game).await;
    assert_eq!(plies(&now), ["C"]);
}

/// A version the game has not reached is not "an earlier position": the client is out of
/// step, and told so with its own code (and the game as it is).
#[tokio::test]
async fn a_version_from_the_future_is_its_own_error() {
    let (s, _d) = server().await;
    let (id, south, _north) = between_two(&s).await;
    let game = format!("/api/games/{id}");
    let (_, g) = s.get(&game).await;
    let v = g["version"].as_u64().unwrap();
    for (path, body) in [
        (
            "moves",
            json!({"token": south, "move": "C", "version": v + 5}),
        ),
        (
            "say",
            json!({"token": south, "phrase": "hello", "version": v + 5}),
        ),
        ("resign", json!({"token": south, "version": v + 5})),
    ] {
        let (st, e) = s.post_exact(&format!("{game}/{path}"), &body).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (409, Some("future-version")),
            "{path}: {e}"
        );
        assert_eq!(e["params"]["version"].as_u64(), Some(v), "{path}");
        assert_eq!(e["params"]["expected"].as_u64(), Some(v + 5), "{path}");
        assert_eq!(e["state"]["version"].as_u64(), Some(v), "{path}");
        assert!(!e["error"].as_str().unwrap().contains("earlier"), "{e}");
    }
    // An El mirall room likewise, for its moves.
    let (st, m) = s.post("/api/mirall", &json!({"pits": 3, "seeds": 2})).await;
    assert_eq!(st, 201, "{m}");
    let room = m["id"].as_str().unwrap();
    let (st, e) = s
        .post_exact(
            &format!("/api/mirall/{room}/sow"),
            &json!({"token": m["token"], "pit": "A", "moves": 7}),
        )
        .await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("future-version")),
        "{e}"
    );
    assert_eq!(e["params"]["moves"].as_u64(), Some(0));
}
