//! The clock's authority, tested without waiting: the server reads the time from a fake clock
//! the test moves on. A move after the flag is refused and the game is lost on time; the
//! increment is added; the first moves must come within a minute or the game is aborted; the
//! times are in the record; a draw offer, a takeback and a rematch between two people.

mod common;

use common::Server;
use mancala_web::state::FakeNow;
use serde_json::{Value, json};
use std::sync::Arc;

const T0: i64 = 1_800_000_000_000;

async fn server() -> (Server, Arc<FakeNow>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let now = FakeNow::new(T0);
    let s = Server::start_with_clock(&dir.path().join("games.sqlite"), now.clone()).await;
    (s, now, dir)
}

/// A game through a link with `clock`, its invitation opened: id, South's and North's tokens.
/// A game between two people of `game` on `clock` (none if empty).
async fn clocked(s: &Server, game: &str, clock: &str) -> (String, String, String) {
    let mut req = json!({"game": game, "opponent": "remote"});
    if !clock.is_empty() {
        req["clock"] = json!(clock);
    }
    let (status, c) = s.post("/api/games", &req).await;
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let south = c["token"].as_str().unwrap().to_string();
    let invite = c["invite"]["token"].as_str().unwrap();
    let (st, j) = s
        .post(&format!("/api/games/{id}/join"), &json!({"token": invite}))
        .await;
    assert_eq!(st, 200, "{j}");
    (id, south, j["token"].as_str().unwrap().to_string())
}

async fn state(s: &Server, id: &str) -> Value {
    let (st, v) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(st, 200, "{v}");
    v
}

#[tokio::test]
async fn a_move_after_the_flag_is_refused_and_the_game_is_lost_on_time() {
    let (s, now, _d) = server().await;
    let (id, south, north) = clocked(&s, "modiar", "1+2").await;
    let v = state(&s, &id).await;
    assert_eq!(v["clock"]["control"], "1+2");
    assert_eq!(
        v["clock"]["running"],
        Value::Null,
        "the first moves are not timed"
    );
    assert_eq!(v["clock"]["start_left"], 60_000);
    // The first two moves cost nothing, however long they take within the minute.
    now.advance(50_000);
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    now.advance(59_000);
    assert_eq!(s.play(&id, &north, "a").await.0, 200);
    let v = state(&s, &id).await;
    assert_eq!(v["clock"]["left"]["south"], 60_000);
    assert_eq!(v["clock"]["left"]["north"], 60_000);
    assert_eq!(v["clock"]["running"], "south");
    // South spends 10 s: 50 s left, plus the 2 s increment.
    now.advance(10_000);
    let (st, m) = s.play(&id, &south, "B").await;
    assert_eq!(st, 200, "{m}");
    assert_eq!(m["state"]["clock"]["left"]["south"], 52_000);
    // North's clock runs: 30 s on, 30 s left.
    now.advance(30_000);
    assert_eq!(state(&s, &id).await["clock"]["left"]["north"], 30_000);
    // At 60 s North's flag falls: the move is refused, the game is his loss, saved.
    now.advance(30_000);
    let legal = state(&s, &id).await;
    assert_eq!(legal["over"], true, "{legal}");
    assert_eq!(legal["result"]["code"], "time-forfeit");
    assert_eq!(legal["result"]["winner"], "south");
    assert_eq!(legal["clock"]["left"]["north"], 0);
    assert_eq!(legal["clock"]["running"], Value::Null);
    let (st, e) = s.play(&id, &north, "b").await;
    assert_eq!(st, 409, "{e}");
    assert_eq!(e["code"], "game-stopped");
    assert_eq!(e["params"]["how"], "time-forfeit");
    assert_eq!(e["params"]["side"], "north");
    // Moving the clock on changes nothing more.
    now.advance(1_000_000);
    let later = state(&s, &id).await;
    assert_eq!(later["version"], legal["version"]);
    assert_eq!(later["plies"].as_array().unwrap().len(), 3);
    // The record: the control, each move's time left, the time forfeit.
    let (st, ogn) = s.text(&format!("/api/games/{id}/ogn")).await;
    assert_eq!(st, 200);
    assert!(ogn.contains("[TimeControl \"60+2\"]"), "{ogn}");
    assert!(
        ogn.contains("[Termination \"North lost on time\"]"),
        "{ogn}"
    );
    assert!(ogn.contains("[Result \"1-0\"]"), "{ogn}");
    let rec = mancala_core::record::Record::parse(&ogn).unwrap();
    assert_eq!(
        rec.clocks(),
        vec![Some(60_000), Some(60_000), Some(52_000)],
        "{ogn}"
    );
}

#[tokio::test]
async fn the_flag_is_seen_by_a_reader_on_a_second_server_of_the_same_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let now = FakeNow::new(T0);
    let s = Server::start_with_clock(&db, now.clone()).await;
    let (id, south, north) = clocked(&s, "modiar", "0.5+0").await;
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    assert_eq!(s.play(&id, &north, "a").await.0, 200);
    now.advance(30_000);
    s.stop().await;
    // Nobody asked while the flag fell; the next server decides it from what is saved.
    let t = Server::start_with_clock(&db, now.clone()).await;
    let v = state(&t, &id).await;
    assert_eq!(v["result"]["code"], "time-forfeit", "{v}");
    assert_eq!(v["result"]["winner"], "north");
}

#[tokio::test]
async fn a_game_not_started_within_a_minute_is_aborted() {
    let (s, now, _d) = server().await;
    let (id, south, north) = clocked(&s, "mangala-ii", "3+2").await;
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    now.advance(60_000);
    let v = state(&s, &id).await;
    assert_eq!(v["over"], true);
    assert_eq!(v["result"]["code"], "aborted");
    assert_eq!(v["result"]["winner"], "none");
    let (st, e) = s.play(&id, &north, "a").await;
    assert_eq!(st, 409);
    assert_eq!(e["params"]["how"], "aborted");
    let (_, ogn) = s.text(&format!("/api/games/{id}/ogn")).await;
    assert!(ogn.contains("[Termination \"aborted\"]"), "{ogn}");
    assert!(ogn.contains("[Result \"*\"]"), "{ogn}");
}

#[tokio::test]
async fn the_minute_for_the_first_move_starts_when_the_invitation_is_opened() {
    let (s, now, _d) = server().await;
    let (status, c) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "opponent": "remote", "clock": "3+0"}),
        )
        .await;
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap();
    now.advance(10 * 60_000);
    let (st, j) = s
        .post(
            &format!("/api/games/{id}/join"),
            &json!({"token": c["invite"]["token"]}),
        )
        .await;
    assert_eq!(st, 200, "{j}");
    assert_eq!(j["state"]["over"], false, "{j}");
    assert_eq!(j["state"]["clock"]["start_left"], 60_000);
}

#[tokio::test]
async fn a_correspondence_clock_gives_its_days_to_every_move() {
    let (s, now, _d) = server().await;
    let (id, south, north) = clocked(&s, "modiar", "2d").await;
    let day = 86_400_000;
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    now.advance(day);
    assert_eq!(s.play(&id, &north, "a").await.0, 200);
    now.advance(2 * day - 1);
    let (st, m) = s.play(&id, &south, "B").await;
    assert_eq!(st, 200, "{m}");
    assert_eq!(m["state"]["clock"]["left"]["south"], 2 * day);
    assert_eq!(m["state"]["clock"]["category"], "correspondence");
    now.advance(2 * day);
    assert_eq!(state(&s, &id).await["result"]["code"], "time-forfeit");
}

#[tokio::test]
async fn bad_clocks_are_refused_by_name() {
    let (s, _now, _d) = server().await;
    for (body, code) in [
        (
            json!({"game": "modiar", "opponent": "remote", "clock": "3"}),
            "bad-clock",
        ),
        (
            json!({"game": "modiar", "opponent": "remote", "clock": "999+0"}),
            "bad-clock",
        ),
        (
            json!({"game": "modiar", "opponent": "engine", "clock": "3+2"}),
            "clock-needs-people",
        ),
        (
            json!({"game": "modiar", "opponent": "local", "clock": "3+2"}),
            "clock-needs-people",
        ),
    ] {
        let (st, e) = s.post("/api/games", &body).await;
        assert_eq!(st, 400, "{body}: {e}");
        assert_eq!(e["code"], code, "{body}: {e}");
    }
}

#[tokio::test]
async fn a_draw_is_offered_declined_by_moving_on_and_agreed() {
    let (s, _now, _d) = server().await;
    let (id, south, north) = clocked(&s, "modiar", "3+2").await;
    let draw = format!("/api/games/{id}/draw");
    let (st, o) = s.post(&draw, &json!({"token": south})).await;
    assert_eq!(st, 200, "{o}");
    assert_eq!(o["offered"], true);
    assert_eq!(o["state"]["draw_offer"], "south");
    let (st, again) = s.post(&draw, &json!({"token": south})).await;
    assert_eq!((st, again["code"].as_str()), (409, Some("draw-pending")));
    // South moves: his offer stands; North moves on: it is declined.
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    assert_eq!(state(&s, &id).await["draw_offer"], "south");
    assert_eq!(s.play(&id, &north, "a").await.0, 200);
    assert_eq!(state(&s, &id).await["draw_offer"], Value::Null);
    // North offers, South declines, North offers again, South accepts.
    assert_eq!(s.post(&draw, &json!({"token": north})).await.0, 200);
    let (st, d) = s
        .post(&format!("{draw}/decline"), &json!({"token": south}))
        .await;
    assert_eq!(st, 200, "{d}");
    assert_eq!(d["state"]["draw_offer"], Value::Null);
    let (st, d) = s
        .post(&format!("{draw}/decline"), &json!({"token": south}))
        .await;
    assert_eq!((st, d["code"].as_str()), (409, Some("no-draw-offer")));
    assert_eq!(s.post(&draw, &json!({"token": north})).await.0, 200);
    let (st, d) = s.post(&draw, &json!({"token": south})).await;
    assert_eq!(st, 200, "{d}");
    assert_eq!(d["drawn"], true);
    assert_eq!(d["state"]["result"]["code"], "draw-agreed");
    assert_eq!(d["state"]["result"]["winner"], "draw");
    let (_, ogn) = s.text(&format!("/api/games/{id}/ogn")).await;
    assert!(ogn.contains("[Termination \"draw agreed\"]"), "{ogn}");
    assert!(ogn.contains("[Result \"1/2-1/2\"]"), "{ogn}");
    // Not between people: refused.
    let (eid, etok, _) = s
        .create(&json!({"game": "modiar", "opponent": "engine", "level": "greedy"}))
        .await;
    let (st, e) = s
        .post(&format!("/api/games/{eid}/draw"), &json!({"token": etok}))
        .await;
    assert_eq!((st, e["code"].as_str()), (409, Some("needs-people")));
}

#[tokio::test]
async fn a_takeback_keeps_the_clock_and_drops_the_times_taken_back() {
    let (s, now, _d) = server().await;
    let (id, south, north) = clocked(&s, "modiar", "1+0").await;
    for (tok, m) in [(&south, "A"), (&north, "a"), (&south, "B")] {
        now.advance(5_000);
        assert_eq!(s.play(&id, tok, m).await.0, 200);
    }
    let undo = format!("/api/games/{id}/undo");
    assert_eq!(s.post(&undo, &json!({"token": south})).await.0, 200);
    now.advance(20_000);
    let (st, u) = s.post(&undo, &json!({"token": north})).await;
    assert_eq!(st, 200, "{u}");
    let v = &u["state"];
    assert_eq!(v["plies"].as_array().unwrap().len(), 2);
    assert_eq!(
        v["clock"]["left"]["south"], 55_000,
        "the time spent stays spent"
    );
    assert_eq!(v["clock"]["running"], "south");
    now.advance(1_000);
    assert_eq!(state(&s, &id).await["clock"]["left"]["south"], 54_000);
    let (_, ogn) = s.text(&format!("/api/games/{id}/ogn")).await;
    let rec = mancala_core::record::Record::parse(&ogn).unwrap();
    assert_eq!(rec.clocks().len(), 2, "{ogn}");
}

#[tokio::test]
async fn a_rematch_swaps_the_sides_and_keeps_the_clock() {
    let (s, _now, _d) = server().await;
    let (id, south, north) = clocked(&s, "modiar", "3+2").await;
    let rematch = format!("/api/games/{id}/rematch");
    let (st, e) = s.post(&rematch, &json!({"token": south})).await;
    assert_eq!((st, e["code"].as_str()), (409, Some("rematch-needs-end")));
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    assert_eq!(
        s.post(&format!("/api/games/{id}/resign"), &json!({"token": north}))
            .await
            .0,
        200
    );
    let (st, o) = s.post(&rematch, &json!({"token": north})).await;
    assert_eq!(st, 200, "{o}");
    assert_eq!(o["agreed"], false);
    assert_eq!(o["state"]["rematch_offer"], "north");
    let (st, e) = s.post(&rematch, &json!({"token": north})).await;
    assert_eq!((st, e["code"].as_str()), (409, Some("rematch-pending")));
    let (st, a) = s.post(&rematch, &json!({"token": south})).await;
    assert_eq!(st, 200, "{a}");
    assert_eq!(a["agreed"], true);
    assert_eq!(
        a["rematch"]["side"], "north",
        "South of the old game is North now"
    );
    let new_id = a["rematch"]["id"].as_str().unwrap().to_string();
    assert_eq!(a["state"]["rematch"], new_id.as_str());
    // Asked again (a retry, or the other player's page): the same game, not a second one.
    let (st, again) = s.post(&rematch, &json!({"token": north})).await;
    assert_eq!(st, 200, "{again}");
    assert_eq!(again["rematch"]["id"], new_id.as_str());
    assert_eq!(again["rematch"]["side"], "south");
    let v = state(&s, &new_id).await;
    assert_eq!(v["clock"]["control"], "3+2");
    assert_eq!(v["rematch_of"], id.as_str());
    assert_eq!(v["seats"]["south"], "remote");
    // Each player's token opens his new seat: the old North moves first now.
    let (st, e) = s.play(&new_id, &south, "A").await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("not-your-turn")),
        "{e}"
    );
    assert_eq!(s.play(&new_id, &north, "A").await.0, 200);
    assert_eq!(s.play(&new_id, &south, "a").await.0, 200);
}

#[tokio::test]
async fn set_phrases_are_sent_between_people_and_nothing_else_is() {
    let (s, _now, _d) = server().await;
    let (id, south, north) = clocked(&s, "modiar", "3+2").await;
    let say = format!("/api/games/{id}/say");
    let (st, v) = s
        .post(&say, &json!({"token": south, "phrase": "hello"}))
        .await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    let (st, v) = s
        .post(&say, &json!({"token": north, "phrase": "good-luck"}))
        .await;
    assert_eq!(st, 200, "{v}");
    let chat = &v["state"]["chat"];
    assert_eq!(
        chat,
        &json!([{"side": "south", "phrase": "hello", "ply": 0}, {"side": "north", "phrase": "good-luck", "ply": 1}])
    );
    // Free text is not a phrase.
    let (st, e) = s
        .post(
            &say,
            &json!({"token": north, "phrase": "you are <b>bad</b>"}),
        )
        .await;
    assert_eq!(
        (st, e["code"].as_str()),
        (400, Some("unknown-phrase")),
        "{e}"
    );
    assert!(
        e["params"]["phrases"]
            .as_str()
            .unwrap()
            .contains("good-game")
    );
    // A spectator (no seat) cannot speak.
    let (st, _) = s.post(&say, &json!({"phrase": "hello"})).await;
    assert_eq!(st, 401);
    // A side may send so many, no more.
    for _ in 1..mancala_web::session::MAX_PHRASES {
        assert_eq!(
            s.post(&say, &json!({"token": south, "phrase": "thanks"}))
                .await
                .0,
            200
        );
    }
    let (st, e) = s
        .post(&say, &json!({"token": south, "phrase": "thanks"}))
        .await;
    assert_eq!((st, e["code"].as_str()), (409, Some("too-many-phrases")));
    // Against the computer there is nobody to tell.
    let (eid, etok, _) = s
        .create(&json!({"game": "modiar", "opponent": "engine", "level": "greedy"}))
        .await;
    let (st, e) = s
        .post(
            &format!("/api/games/{eid}/say"),
            &json!({"token": etok, "phrase": "hello"}),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (409, Some("needs-people")));
}

#[tokio::test]
async fn a_player_gone_for_a_minute_can_be_claimed_against_and_one_who_is_there_cannot() {
    let (s, now, _d) = server().await;
    let (id, south, north) = clocked(&s, "modiar", "5+5").await;
    for (tok, m) in [(&south, "A"), (&north, "a"), (&south, "B")] {
        assert_eq!(s.play(&id, tok, m).await.0, 200);
    }
    // North's page follows the game: he is there.
    let (st, v) = s.get_seat(&format!("/api/games/{id}"), &north).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["presence"]["north"]["here"], true, "{v}");
    assert_eq!(v["presence"]["north"]["claimable"], false);
    let claim = format!("/api/games/{id}/claim");
    // North cannot claim against South, who has just moved.
    let (st, e) = s.post(&claim, &json!({"token": north})).await;
    assert_eq!((st, e["code"].as_str()), (409, Some("cannot-claim")), "{e}");
    now.advance(30_000);
    let (st, e) = s.post(&claim, &json!({"token": south})).await;
    assert_eq!((st, e["code"].as_str()), (409, Some("cannot-claim")), "{e}");
    assert_eq!(e["params"]["seconds"], 30);
    assert_eq!(state(&s, &id).await["presence"]["north"]["here"], false);
    // Gone for a minute: South claims the win.
    now.advance(30_000);
    assert_eq!(state(&s, &id).await["presence"]["north"]["claimable"], true);
    let (st, v) = s.post(&claim, &json!({"token": south})).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["state"]["result"]["code"], "abandoned");
    assert_eq!(v["state"]["result"]["winner"], "south");
    let (_, ogn) = s.text(&format!("/api/games/{id}/ogn")).await;
    assert!(ogn.contains("[Termination \"North abandoned\"]"), "{ogn}");
    assert!(ogn.contains("[Result \"1-0\"]"), "{ogn}");
}

#[tokio::test]
async fn a_claim_against_a_player_who_never_moved_calls_the_game_off() {
    let (s, now, _d) = server().await;
    // Untimed: nothing else would ever end it.
    let (id, south, _north) = clocked(&s, "modiar", "").await;
    assert_eq!(s.play(&id, &south, "A").await.0, 200);
    now.advance(61_000);
    let v = state(&s, &id).await;
    assert_eq!(v["presence"]["north"]["claimable"], true, "{v}");
    assert_eq!(v["presence"]["north"]["claim_aborts"], true, "{v}");
    let (st, v) = s
        .post(&format!("/api/games/{id}/claim"), &json!({"token": south}))
        .await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["state"]["result"]["code"], "aborted", "{v}");
    assert_eq!(v["state"]["result"]["winner"], "none", "{v}");
    // Once he has moved, leaving loses.
    let (id, south, north) = clocked(&s, "modiar", "").await;
    for (tok, m) in [(&south, "A"), (&north, "a")] {
        assert_eq!(s.play(&id, tok, m).await.0, 200);
    }
    now.advance(61_000);
    let v = state(&s, &id).await;
    assert_eq!(v["presence"]["north"]["claim_aborts"], false, "{v}");
    assert_eq!(v["presence"]["south"]["claim_aborts"], false, "{v}");
    let (st, v) = s
        .post(&format!("/api/games/{id}/claim"), &json!({"token": north}))
        .await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["state"]["result"]["code"], "abandoned", "{v}");
    assert_eq!(v["state"]["result"]["winner"], "north", "{v}");
}

#[tokio::test]
async fn a_game_of_days_a_move_has_no_win_to_claim() {
    let (s, now, _d) = server().await;
    let (id, south, _north) = clocked(&s, "modiar", "3d").await;
    now.advance(10 * 60_000);
    let (st, e) = s
        .post(&format!("/api/games/{id}/claim"), &json!({"token": south}))
        .await;
    assert_eq!((st, e["code"].as_str()), (409, Some("cannot-claim")), "{e}");
    assert_eq!(e["params"].get("seconds"), None);
}
