//! The JSON API against a server started in the test, every answer compared with the rules
//! core replaying the same moves.

mod common;

use common::Server;
use mancala_core::{Game, rules_for};
use serde_json::{Value, json};

fn core_game(spec: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(rules_for(&spec.parse().unwrap()).unwrap());
    for m in moves {
        g.play_str(m).unwrap();
    }
    g
}

fn moves_of(state: &Value) -> Vec<String> {
    state["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["move"].as_str().unwrap().to_string())
        .collect()
}

/// A request of a table of cases, sent when its turn comes.
enum Ask {
    Get(String),
    Post(String, Value),
    Raw(String, Vec<u8>, &'static str),
}

fn get(path: &str) -> Ask {
    Ask::Get(path.to_string())
}

fn post(path: &str, body: &Value) -> Ask {
    Ask::Post(path.to_string(), body.clone())
}

fn post_raw(path: &str, body: Vec<u8>, content_type: &'static str) -> Ask {
    Ask::Raw(path.to_string(), body, content_type)
}

impl Ask {
    async fn send(self, s: &Server) -> (u16, Value) {
        match self {
            Ask::Get(path) => s.get(&path).await,
            Ask::Post(path, body) => s.post(&path, &body).await,
            Ask::Raw(path, body, kind) => s.post_raw(&path, body, kind).await,
        }
    }
}

async fn server() -> (Server, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&dir.path().join("games.sqlite")).await;
    (s, dir)
}

#[tokio::test]
async fn lists_games_rules_and_levels() {
    let (s, _d) = server().await;
    let (st, v) = s.get("/api/rules").await;
    assert_eq!(st, 200);
    let ids: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    for id in ["modiar", "mangala-ii", "oware", "kalah"] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    assert_eq!(v["solitaires"].as_array().unwrap().len(), 2);
    assert!(!v["levels"].as_array().unwrap().is_empty());
    let (st, r) = s.get("/api/rules/modiar").await;
    assert_eq!(st, 200);
    assert_eq!(r["start"], "7-7-7-7-7-7-0-0-S");
    assert_eq!(r["ruleset"]["min-seeds"], 2);
    let (st, r) = s.get("/api/rules/modiar:seeds=5").await;
    assert_eq!((st, r["start"].as_str()), (200, Some("5-5-5-5-5-5-0-0-S")));
    let (st, r) = s.get("/api/rules/chess").await;
    assert_eq!(st, 404);
    assert!(r["error"].as_str().unwrap().contains("chess"));
    let (st, r) = s.get("/api/rules/el-mirall").await;
    assert_eq!((st, r["kind"].as_str()), (200, Some("solitaire")));
}

#[tokio::test]
async fn a_local_game_follows_the_rules_core_move_by_move() {
    let (s, _d) = server().await;
    let (st, c) = s
        .post(
            "/api/games",
            &json!({"game": "mangala-ii", "opponent": "local"}),
        )
        .await;
    assert_eq!(st, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    assert_eq!(c["state"]["position"], "6-6-6-6-6-6-6-6-6-6-6-6-0-0-S");
    let mut played: Vec<&str> = Vec::new();
    for m in ["A", "b", "C", "f", "F", "a"] {
        let (st, r) = s.play(&id, &token, &m).await;
        assert_eq!(st, 200, "{m}: {r}");
        played.push(m);
        let g = core_game("mangala-ii", &played);
        assert_eq!(r["state"]["position"], g.position().to_string());
        let ply = &r["plies"][0];
        let last = g.plies().last().unwrap();
        assert_eq!(ply["captured"], last.effect.captured);
        assert_eq!(ply["before"], last.before.to_string());
        let legal: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(r["state"]["legal"], json!(legal));
        // The seeds of the animation add up: one cell a seed sown.
        let seeds = last.before.pit(last.mv.board_index(6).unwrap()) as usize;
        assert_eq!(ply["path"].as_array().unwrap().len(), seeds);
    }
    let (st, v) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(st, 200);
    assert_eq!(moves_of(&v), played);

    // The analysis weighs every move as the library does for the same game (asked by the
    // seat: the game goes on).
    let (st, a) = s
        .get_seat(&format!("/api/games/{id}/analysis"), &token)
        .await;
    assert_eq!(st, 200, "{a}");
    let g = core_game("mangala-ii", &played);
    let mut engine = mancala_search::AlphaBeta::new(g.rules().clone());
    let want =
        mancala_search::analysis::weigh(&mut engine, &g, a["depth"].as_u64().unwrap() as u32);
    let plies = a["plies"].as_array().unwrap();
    assert_eq!(plies.len(), played.len());
    let mut lost = [0i64; 2];
    for (p, w) in plies.iter().zip(&want) {
        assert_eq!(p["move"], w.played.to_string());
        assert_eq!(p["score"], w.score);
        assert_eq!(p["best"], w.best.to_string());
        assert_eq!(p["best_score"], w.best_score);
        assert_eq!(p["loss"], w.loss());
        assert_eq!(
            p["mistake"],
            w.loss() >= a["threshold"].as_i64().unwrap() as i32
        );
        lost[w.side.index()] += w.loss().max(0) as i64;
    }
    assert_eq!(a["south"]["lost"], lost[0]);
    assert_eq!(a["north"]["lost"], lost[1]);
    // A game without moves has nothing to weigh; an unknown game is not found.
    let (_, c2) = s
        .post("/api/games", &json!({"game": "oware", "opponent": "local"}))
        .await;
    let (st, e) = s
        .get_seat(
            &format!("/api/games/{}/analysis", c2["id"].as_str().unwrap()),
            c2["token"].as_str().unwrap(),
        )
        .await;
    assert_eq!(st, 409, "{e}");
    let (st, _) = s.get("/api/games/nosuchgame/analysis").await;
    assert_eq!(st, 404);
}

#[tokio::test]
async fn bad_requests_get_a_clear_4xx_and_change_nothing() {
    let (s, _d) = server().await;
    let (id, south, north) = s.remote_game("modiar").await;
    let moves = format!("/api/games/{id}/moves");
    let (_, before) = s.get(&format!("/api/games/{id}")).await;

    // Each request: the status and words its refusal must have.
    #[rustfmt::skip]
    let cases = [
        (400, "JSON", post_raw(&moves, b"{\"move\": ".to_vec(), "application/json")),
        (415, "JSON", post_raw(&moves, b"move=A".to_vec(), "application/x-www-form-urlencoded")),
        (413, "larger", post_raw(&moves, vec![b' '; 200_000], "application/json")),
        (422, "unknown field", post(&moves, &json!({"token": south, "mvoe": "A"}))),
        (404, "no game", post("/api/games/nosuchgame/moves", &json!({"token": south, "move": "A"}))),
        (401, "token", post(&moves, &json!({"move": "A"}))),
        (403, "token", post(&moves, &json!({"token": "guess", "move": "A"}))),
        (409, "turn", post(&moves, &json!({"token": north, "move": "a"}))),
        (422, "illegal", post(&moves, &json!({"token": south, "move": "a"}))),
        (422, "not a move", post(&moves, &json!({"token": south, "move": "Q7"}))),
        (422, "pits a row", post(&moves, &json!({"token": south, "move": "F"}))),
        (422, "not a move", post(&moves, &json!({"token": south, "move": "A".repeat(30_000)}))),
        (400, "unknown game", post("/api/games", &json!({"game": "chess"}))),
        (400, "level", post("/api/games", &json!({"game": "modiar", "level": "godlike"}))),
        (400, "opponent", post("/api/games", &json!({"game": "modiar", "opponent": "cat"}))),
        (400, "field 1", post("/api/games", &json!({"game": "modiar", "position": "x-7-7-7-7-7-0-0-S"}))),
        (400, "side", post("/api/games", &json!({"game": "modiar", "opponent": "remote", "side": "east"}))),
        (409, "no move", post(&format!("/api/games/{id}/undo"), &json!({"token": south}))),
        (404, "nothing at", get("/api/nothing")),
        (405, "not allowed", get(&moves)),
        (400, "n", get("/api/solitaires/el-mirall/cycle?n=x&k=2")),
        (400, "pits must be", get("/api/solitaires/el-mirall/table?n=40&k=2")),
        (404, "unknown solitaire", get("/api/solitaires/tetris/cycle?n=2&k=2")),
    ];
    for (want, words, ask) in cases {
        let (status, body) = ask.send(&s).await;
        let msg = body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no JSON error for {want}: {body}"));
        assert_eq!(status, want, "{msg}");
        assert!(
            body["code"].as_str().is_some_and(|c| !c.is_empty()),
            "no code: {body}"
        );
        assert!(
            msg.to_lowercase().contains(&words.to_lowercase()),
            "{want}: '{msg}' lacks '{words}'"
        );
        assert!(!msg.contains('\n'));
    }
    let (_, mut after) = s.get(&format!("/api/games/{id}")).await;
    // Whether the players are there is not the game (it moves with the time).
    let mut before = before;
    before.as_object_mut().unwrap().remove("presence");
    after.as_object_mut().unwrap().remove("presence");
    assert_eq!(before, after, "a refused request changed the game");
    // The right seat in turn still plays.
    let (st, _) = s.post(&moves, &json!({"token": south, "move": "A"})).await;
    assert_eq!(st, 200);
}

#[tokio::test]
async fn the_engine_answers_and_can_open_the_game() {
    let (s, _d) = server().await;
    // Playing North: the engine (South) moves first, at creation.
    let (st, c) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "level": "greedy", "side": "north"}),
        )
        .await;
    assert_eq!(st, 201, "{c}");
    let state = &c["state"];
    assert_eq!(state["plies"].as_array().unwrap().len(), 1);
    assert_eq!(state["to_move"], "north");
    assert_eq!(state["seats"]["south"], "engine:greedy");
    let id = c["id"].as_str().unwrap();
    let token = c["token"].as_str().unwrap();
    let m = state["legal"][0].as_str().unwrap().to_string();
    let (st, r) = s.play(id, &token, &m).await;
    assert_eq!(st, 200, "{r}");
    let plies = r["plies"].as_array().unwrap();
    assert_eq!(plies[0]["move"], m.as_str());
    assert!(
        plies.len() >= 2 || r["state"]["over"] == true,
        "the engine did not answer: {r}"
    );
    let all = moves_of(&r["state"]);
    let g = core_game(
        "modiar",
        &all.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert_eq!(r["state"]["position"], g.position().to_string());
    // Undo against the engine goes back to my turn.
    let (st, u) = s
        .post(&format!("/api/games/{id}/undo"), &json!({"token": token}))
        .await;
    assert_eq!(st, 200, "{u}");
    assert_eq!(u["state"]["to_move"], "north");
    assert_eq!(u["state"]["plies"].as_array().unwrap().len(), 1);
    // A hint is a legal move.
    let (st, h) = s.get_seat(&format!("/api/games/{id}/hint"), token).await;
    assert_eq!(st, 200, "{h}");
    assert!(u["state"]["legal"].as_array().unwrap().contains(&h["move"]));
}

#[tokio::test]
async fn a_remote_game_keeps_each_seat_to_its_side() {
    let (s, _d) = server().await;
    let (_, c) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "opponent": "remote", "side": "south"}),
        )
        .await;
    let id = c["id"].as_str().unwrap();
    let south = c["token"].as_str().unwrap();
    let north = c["invite"]["token"].as_str().unwrap();
    assert!(c["invite"]["link"].as_str().unwrap().contains(north));
    assert_ne!(south, north);
    let mv = |t: &str, m: &str| json!({"token": t, "move": m});
    assert_eq!(
        s.post(&format!("/api/games/{id}/moves"), &mv(south, "A"))
            .await
            .0,
        200
    );
    assert_eq!(
        s.post(&format!("/api/games/{id}/moves"), &mv(south, "B"))
            .await
            .0,
        409
    );
    assert_eq!(
        s.post(&format!("/api/games/{id}/moves"), &mv(north, "a"))
            .await
            .0,
        200
    );
    // South asks to undo; the asker cannot agree with himself; North agrees.
    let (st, u) = s
        .post(&format!("/api/games/{id}/undo"), &json!({"token": south}))
        .await;
    assert_eq!((st, u["asked"].as_bool()), (200, Some(true)));
    assert_eq!(u["state"]["undo_request"], "south");
    assert_eq!(
        s.post(&format!("/api/games/{id}/undo"), &json!({"token": south}))
            .await
            .0,
        409
    );
    let (st, u) = s
        .post(&format!("/api/games/{id}/undo"), &json!({"token": north}))
        .await;
    assert_eq!((st, u["taken_back"].as_u64()), (200, Some(2)));
    assert_eq!(u["state"]["position"], "7-7-7-7-7-7-0-0-S");
    // North cannot resign for South; South resigns.
    assert_eq!(
        s.post(
            &format!("/api/games/{id}/resign"),
            &json!({"token": north, "side": "south"})
        )
        .await
        .0,
        403
    );
    let (st, r) = s
        .post(&format!("/api/games/{id}/resign"), &json!({"token": south}))
        .await;
    assert_eq!(st, 200);
    assert_eq!(r["state"]["result"]["winner"], "north");
    assert_eq!(r["state"]["result"]["code"], "resigned");
    assert_eq!(
        s.post(&format!("/api/games/{id}/moves"), &mv(south, "A"))
            .await
            .0,
        409
    );
}

#[tokio::test]
async fn long_polling_answers_when_the_game_changes() {
    let (s, _d) = server().await;
    let (id, token, c) = s
        .create(&json!({"game": "modiar", "opponent": "remote"}))
        .await;
    let v0 = c["state"]["version"].as_u64().unwrap();
    let url = s.url(&format!("/api/games/{id}?after={v0}&wait=10"));
    let waiter = tokio::spawn({
        let client = s.client.clone();
        async move {
            client
                .get(url)
                .send()
                .await
                .unwrap()
                .json::<Value>()
                .await
                .unwrap()
        }
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!waiter.is_finished(), "answered before any change");
    let moved = std::time::Instant::now();
    s.play(&id, &token, "B").await;
    // The move wakes the waiting poll: it answers at once, not at its next look.
    let v = tokio::time::timeout(std::time::Duration::from_secs(2), waiter)
        .await
        .expect("the waiting poll answers promptly after the move")
        .unwrap();
    assert!(moved.elapsed() < std::time::Duration::from_secs(2));
    assert_eq!(moves_of(&v), ["B"]);
}

#[tokio::test]
async fn an_el_mirall_poll_answers_promptly_after_a_sowing() {
    let (s, _d) = server().await;
    let (st, c) = s.post("/api/mirall", &json!({"pits": 2, "seeds": 2})).await;
    assert_eq!(st, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let v0 = c["state"]["version"].as_u64().unwrap();
    let url = s.url(&format!("/api/mirall/{id}?after={v0}&wait=20"));
    let client = s.client.clone();
    let waiter =
        tokio::spawn(async move { client.get(url).send().await.unwrap().json::<Value>().await });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!waiter.is_finished(), "answered before any change");
    let sow = json!({"token": c["token"], "pit": "A"});
    let (st, r) = s.post(&format!("/api/mirall/{id}/sow"), &sow).await;
    assert_eq!((st, &r["accepted"]), (200, &json!(true)), "{r}");
    let v = tokio::time::timeout(std::time::Duration::from_secs(2), waiter)
        .await
        .expect("the waiting poll answers promptly after the sowing")
        .unwrap()
        .unwrap();
    assert_eq!(v["pending"]["south"], true);
    assert!(v["version"].as_u64().unwrap() > v0);
}

#[tokio::test]
async fn ogn_export_and_import_round_trip() {
    let (s, _d) = server().await;
    let (_, c) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "opponent": "local"}),
        )
        .await;
    let id = c["id"].as_str().unwrap();
    let token = c["token"].as_str().unwrap();
    for m in ["A", "a", "B", "b"] {
        let (st, r) = s.play(id, &token, &m).await;
        assert_eq!(st, 200, "{r}");
    }
    let r = s
        .client
        .get(s.url(&format!("/api/games/{id}/ogn")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(
        r.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains(".ogn")
    );
    let text = r.text().await.unwrap();
    assert!(text.contains("[Variant \"Modiar\"]"), "{text}");
    // B captures 4 (see the core's rules): the record says so.
    assert!(text.contains("2. B+4 b"), "{text}");
    let (st, i) = s
        .post(
            "/api/games/import",
            &json!({"ogn": text, "opponent": "local"}),
        )
        .await;
    assert_eq!(st, 201, "{i}");
    assert_eq!(moves_of(&i["state"]), ["A", "a", "B", "b"]);
    assert_ne!(i["id"], c["id"]);
    let (st, e) = s
        .post(
            "/api/games/import",
            &json!({"ogn": "[Variant \"Modiar\"]\n1. A+6"}),
        )
        .await;
    assert_eq!(st, 422);
    let e = e["error"].as_str().unwrap();
    assert!(
        e.contains("move 1. ('A+6', ply 1)") && e.contains("marked as capturing 6"),
        "{e}"
    );
}

#[tokio::test]
async fn a_game_survives_a_restart_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let s = Server::start(&db).await;
    let (id, token, c) = s.create(&json!({"game": "oware", "level": "novice"})).await;
    let mut state = c["state"].clone();
    for _ in 0..5 {
        let m = state["legal"][0].as_str().unwrap().to_string();
        let (st, r) = s.play(&id, &token, &m).await;
        assert_eq!(st, 200, "{r}");
        state = r["state"].clone();
    }
    let (_, before) = s.get(&format!("/api/games/{id}")).await;
    s.stop().await;
    let s2 = Server::start(&db).await;
    let (st, after) = s2.get(&format!("/api/games/{id}")).await;
    assert_eq!(st, 200);
    assert_eq!(before, after);
    // And it plays on with the same token.
    let m = after["legal"][0].as_str().unwrap().to_string();
    let (st, _) = s2
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({"token": token, "move": m}),
        )
        .await;
    assert_eq!(st, 200);
}

#[tokio::test]
async fn solitaire_counts_agree_with_the_seed_tables() {
    let (s, _d) = server().await;
    let (st, t) = s.get("/api/solitaires/el-mirall/table?n=4&k=5").await;
    assert_eq!(st, 200, "{t}");
    // The seed's El mirall table (rows: pits 1-4, columns: seeds 1-5).
    let seed = json!([
        [1, 1, 1, 1, 1],
        [2, 3, 3, 4, 4],
        [5, 7, 8, 10, 11],
        [7, 12, 12, 18, 20]
    ]);
    assert_eq!(t["cells"], seed);
    assert_eq!(t["seed"], seed);
    let (st, t) = s.get("/api/solitaires/stones-in-cups/table?n=5&k=5").await;
    assert_eq!(st, 200);
    // The seed's Stones in cups table (rows: stones k 1-5, columns: cups n 1-5).
    let seed = json!([
        [1, 4, 15, 12, 75],
        [1, 6, 21, 164, 115],
        [1, 12, 45, 164, 260],
        [1, 8, 132, 124, 3825],
        [1, 6, 48, 1580, 1966]
    ]);
    assert_eq!(t["cells"], seed);
    let (st, c) = s.get("/api/solitaires/el-mirall/cycle?n=6&k=4").await;
    assert_eq!(st, 200);
    // The seed game, checked by a plain simulation here.
    let (mut south, n) = (vec![4u64; 6], 6);
    let mut moves = 0;
    loop {
        let i = south.iter().position(|&x| x > 0).unwrap();
        let s = std::mem::take(&mut south[i]);
        let mut j = i;
        for _ in 0..s {
            j = (j + 1) % n;
            south[j] += 1;
        }
        moves += 1;
        if south.iter().all(|&x| x == 4) {
            break;
        }
    }
    assert_eq!(c["moves"], moves);
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let (s, _d) = server().await;
    let r = s.client.get(s.url("/")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let html = r.text().await.unwrap();
    assert!(html.contains("<svg id=\"board\""));
    let modules = mancala_web::assets::MODULES
        .iter()
        .map(|(name, _)| (format!("/js/{name}"), "javascript"));
    let files = [
        ("/app.js", "javascript"),
        ("/style.css", "css"),
        ("/icon.svg", "svg"),
    ]
    .map(|(p, k)| (p.to_string(), k));
    for (path, kind) in files.into_iter().chain(modules) {
        let r = s.client.get(s.url(&path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert!(
            r.headers()["content-type"].to_str().unwrap().contains(kind),
            "{path}"
        );
    }
    let (st, h) = s.get("/api/health").await;
    assert_eq!((st, h["ok"].as_bool()), (200, Some(true)));
}

#[tokio::test]
async fn hints_come_from_the_database_where_one_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // A small Modiar (3 seeds a pit) solved here; the hint must give its perfect-play values.
    let rules = rules_for(&"modiar:seeds=3".parse().unwrap()).unwrap();
    let db = mancala_solver::Database::open(&data, &rules).unwrap();
    db.build(rules.total_seeds(), None, &()).unwrap();
    let s = Server::start_with_data(&dir.path().join("games.sqlite"), &data).await;
    let (_, c) = s
        .post(
            "/api/games",
            &json!({"game": "modiar:seeds=3", "opponent": "local"}),
        )
        .await;
    let id = c["id"].as_str().unwrap();
    let token = c["token"].as_str().unwrap();
    let (st, h) = s.get_seat(&format!("/api/games/{id}/hint"), token).await;
    assert_eq!(st, 200, "{h}");
    assert_eq!(h["source"], "database");
    let sol = db.solve(&rules.start()).unwrap();
    let values: Vec<(String, i64)> = h["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["value"].as_i64().unwrap(),
            )
        })
        .collect();
    let want: Vec<(String, i64)> = sol
        .moves
        .iter()
        .map(|(m, v)| (m.to_string(), *v as i64))
        .collect();
    assert_eq!(values, want);
    assert_eq!(h["score"], sol.value);
    let best = values.iter().map(|(_, v)| *v).max().unwrap();
    let hinted = values
        .iter()
        .find(|(m, _)| m == h["move"].as_str().unwrap())
        .unwrap();
    assert_eq!(hinted.1, best, "the hint is a best move");
    // A game the databases do not cover gets a search hint.
    let (_, c) = s
        .post("/api/games", &json!({"game": "oware", "opponent": "local"}))
        .await;
    let (st, h) = s
        .get_seat(
            &format!("/api/games/{}/hint", c["id"].as_str().unwrap()),
            c["token"].as_str().unwrap(),
        )
        .await;
    assert_eq!((st, h["source"].as_str()), (200, Some("search")));
}

/// Random junk at every route: always a 2xx or a 4xx with a JSON error, never a 5xx, and the
/// game it aims at is never changed by a refused request.
#[tokio::test]
async fn junk_requests_never_get_a_server_error() {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let (s, _d) = server().await;
    let (id, token, _) = s
        .create(&json!({"game": "kalah", "opponent": "local"}))
        .await;
    let routes = [
        "/api/games".to_string(),
        "/api/games/import".to_string(),
        format!("/api/games/{id}/moves"),
        format!("/api/games/{id}/undo"),
        format!("/api/games/{id}/undo/decline"),
        format!("/api/games/{id}/resign"),
    ];
    let pieces = [
        json!(null),
        json!(1),
        json!("A"),
        json!([]),
        json!({}),
        json!({"token": token}),
        json!({"token": token, "move": 7}),
        json!({"token": token, "move": "pass"}),
        json!({"token": token, "move": "é"}),
        json!({"token": token, "move": ""}),
        json!({"token": token, "side": "up"}),
        json!({"token": ["x"]}),
        json!({"game": "kalah:pits=0"}),
        json!({"game": "kalah:pits=9"}),
        json!({"game": "oware:seeds=200"}),
        json!({"game": "modiar", "position": "99-0-0-0-0-0-0-0-S"}),
        json!({"ogn": "[Variant \"Kalah\"]\n1. Z"}),
        json!({"ogn": "[FEN \"x\"]"}),
    ];
    let mut rng = StdRng::seed_from_u64(5);
    let (_, before) = s.get(&format!("/api/games/{id}")).await;
    for _ in 0..300 {
        let route = &routes[rng.gen_range(0..routes.len())];
        let (status, body) = if rng.gen_bool(0.3) {
            let len = rng.gen_range(0..200);
            let bytes: Vec<u8> = (0..len).map(|_| rng.r#gen::<u8>()).collect();
            s.post_raw(route, bytes, "application/json").await
        } else {
            s.post(route, &pieces[rng.gen_range(0..pieces.len())]).await
        };
        assert!(status < 500, "{route}: {status} {body}");
        if status >= 400 {
            assert!(body["error"].is_string(), "{route}: {status} {body}");
        }
    }
    for path in [
        "/api/games/%00".to_string(),
        format!("/api/games/{id}?after=x"),
        format!("/api/games/{id}?wait=-1"),
        format!("/api/games/{}", "z".repeat(500)),
        "/api/rules/%FF".to_string(),
        "/api/rules/modiar:pits=x".to_string(),
        "/api/solitaires/el-mirall/cycle".to_string(),
        "/api/solitaires/stones-in-cups/cycle?n=0&k=1".to_string(),
        "/api/solitaires/el-mirall/table?n=1&k=99".to_string(),
    ] {
        let (status, body) = s.get(&path).await;
        assert!((400..500).contains(&status), "{path}: {status} {body}");
        assert!(body["error"].is_string(), "{path}: {body}");
    }
    // The only requests that could change the game were valid ones: if none was, nothing moved.
    let (_, after) = s.get(&format!("/api/games/{id}")).await;
    let changed = after["version"] != before["version"];
    if changed {
        // Valid moves or an undo got through (a "pass" is never legal at Kalah's start): the
        // game must still replay through the core to the same position.
        let moves: Vec<String> = moves_of(&after);
        let g = core_game(
            "kalah",
            &moves.iter().map(String::as_str).collect::<Vec<_>>(),
        );
        assert_eq!(after["position"], g.position().to_string());
    }
}

#[tokio::test]
async fn el_mirall_on_two_devices_keeps_each_to_his_row() {
    let (s, _d) = server().await;
    let (st, c) = s.post("/api/mirall", &json!({"pits": 2, "seeds": 2})).await;
    assert_eq!(st, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let south = c["token"].as_str().unwrap().to_string();
    let north = c["invite"]["token"].as_str().unwrap().to_string();
    assert!(c["invite"]["link"].as_str().unwrap().contains(&north));
    let sow = format!("/api/mirall/{id}/sow");
    // A wrong pit is refused with the reason, and counted.
    let (st, r) = s.post(&sow, &json!({"token": south, "pit": "B"})).await;
    assert_eq!(st, 200);
    assert_eq!(r["accepted"], false);
    assert!(
        r["reason"]
            .as_str()
            .unwrap()
            .starts_with("South must sow A, not B"),
        "{r}"
    );
    assert_eq!(r["state"]["errors"]["south"], 1);
    // Each seat sows only his own row; bad requests are 4xx.
    assert_eq!(
        s.post(&sow, &json!({"token": north, "pit": "A"})).await.0,
        403
    );
    assert_eq!(
        s.post(&sow, &json!({"token": "x", "pit": "a"})).await.0,
        403
    );
    assert_eq!(s.post(&sow, &json!({"pit": "a"})).await.0, 401);
    assert_eq!(
        s.post(&sow, &json!({"token": north, "pit": "z"})).await.0,
        422
    );
    assert_eq!(
        s.post("/api/mirall", &json!({"pits": 0, "seeds": 2}))
            .await
            .0,
        400
    );
    assert_eq!(s.get("/api/mirall/nosuchroom").await.0, 404);
    // [2,2] -> [1,3] -> [0,4] -> [2,2]: South A, A, B; North mirrors with b, b, a.
    for (i, (a, b)) in [("A", "b"), ("A", "b"), ("B", "a")].into_iter().enumerate() {
        let (_, r) = s.post(&sow, &json!({"token": south, "pit": a})).await;
        assert_eq!(r["accepted"], true, "{r}");
        assert_eq!(r["state"]["moves"], i, "a move needs both sowings");
        assert_eq!(
            s.post(&sow, &json!({"token": south, "pit": a})).await.0,
            409
        );
        let (_, r) = s.post(&sow, &json!({"token": north, "pit": b})).await;
        assert_eq!(r["accepted"], true, "{r}");
        assert_eq!(r["state"]["moves"], i + 1);
    }
    let (st, v) = s.get(&format!("/api/mirall/{id}")).await;
    assert_eq!(st, 200);
    assert_eq!(v["done"], true);
    assert_eq!(v["south"], json!([2, 2]));
    assert_eq!(v["north"], json!([2, 2]));
    assert_eq!(
        s.post(&sow, &json!({"token": south, "pit": "A"})).await.0,
        409
    );
}

#[tokio::test]
async fn an_invitation_opens_its_seat_once_and_the_seat_reopens_with_its_own_token() {
    let (s, _d) = server().await;
    let (id, south, c) = s
        .create(&json!({"game": "modiar", "opponent": "remote", "side": "south"}))
        .await;
    let invite = c["invite"]["token"].as_str().unwrap().to_string();
    assert_eq!(c["state"]["opponent"]["invited"], "north");
    let join = format!("/api/games/{id}/join");
    // The invitation gives North a token of its own.
    let (st, j) = s.post(&join, &json!({"token": invite})).await;
    assert_eq!(st, 200, "{j}");
    assert_eq!(j["side"], "north");
    let north = j["token"].as_str().unwrap().to_string();
    assert_ne!(north, invite);
    assert_eq!(j["state"]["opponent"]["invited"], Value::Null);
    // The same link again opens nothing: a third browser only watches.
    let (st, e) = s.post(&join, &json!({"token": invite})).await;
    assert_eq!(st, 403, "{e}");
    assert!(e["error"].as_str().unwrap().contains("watch"), "{e}");
    let (st, _) = s.play(&id, &invite, "A").await;
    assert_eq!(st, 403);
    // A seat's own token reopens it (another device) and stays the same.
    for t in [&south, &north] {
        let (st, j) = s.post(&join, &json!({"token": t})).await;
        assert_eq!((st, j["token"].as_str()), (200, Some(t.as_str())), "{j}");
    }
    let (st, r) = s.play(&id, &south, "A").await;
    assert_eq!(st, 200, "{r}");
    let (st, r) = s.play(&id, &north, "a").await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(moves_of(&r["state"]), ["A", "a"]);
    // No token, or one of no seat.
    let (st, _) = s.post(&join, &json!({})).await;
    assert_eq!(st, 401);
    let (st, _) = s.post(&join, &json!({"token": "nope"})).await;
    assert_eq!(st, 403);
}

#[tokio::test]
async fn hints_and_analysis_are_off_between_two_people_until_the_end_unless_chosen() {
    let (s, _d) = server().await;
    let (id, south, c) = s
        .create(&json!({"game": "modiar", "opponent": "remote"}))
        .await;
    assert_eq!(c["state"]["hints"], false);
    s.play(&id, &south, "A").await;
    let (st, e) = s.get_seat(&format!("/api/games/{id}/hint"), &south).await;
    assert_eq!(st, 403, "{e}");
    assert!(e["error"].as_str().unwrap().contains("two people"), "{e}");
    let (st, _) = s
        .get_seat(&format!("/api/games/{id}/analysis"), &south)
        .await;
    assert_eq!(st, 403);
    // Once over, the analysis opens.
    let (st, r) = s
        .post(&format!("/api/games/{id}/resign"), &json!({"token": south}))
        .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["state"]["hints"], true);
    let (st, a) = s.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(st, 200, "{a}");
    // Chosen at creation: open during the game.
    let (_, c) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "opponent": "remote", "hints": true}),
        )
        .await;
    assert_eq!(c["state"]["hints"], true);
    let (st, h) = s
        .get_seat(
            &format!("/api/games/{}/hint", c["id"].as_str().unwrap()),
            c["token"].as_str().unwrap(),
        )
        .await;
    assert_eq!(st, 200, "{h}");
    // Hints are chosen for games through a link only.
    let (st, e) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "opponent": "engine", "hints": false}),
        )
        .await;
    assert_eq!(st, 400, "{e}");
    // Against the computer they are always open.
    let (_, c) = s.post("/api/games", &json!({"game": "modiar"})).await;
    assert_eq!(c["state"]["hints"], true);
}

#[tokio::test]
async fn a_move_can_be_answered_before_the_engine_replies() {
    let (s, _d) = server().await;
    let (id, token, _) = s
        .create(&json!({"game": "modiar", "opponent": "engine", "level": "greedy"}))
        .await;
    let (st, r) = s
        .post(
            &format!("/api/games/{id}/moves"),
            &json!({"token": token, "move": "A", "reply": false}),
        )
        .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["plies"].as_array().unwrap().len(), 1);
    assert_eq!(r["state"]["to_move"], "north");
    assert_eq!(r["state"]["seats"]["north"], "engine:greedy");
    // The game is saved with the engine to move; the reply makes it move.
    let (st, r) = s
        .post(&format!("/api/games/{id}/reply"), &json!({"token": token}))
        .await;
    assert_eq!(st, 200, "{r}");
    let moves = moves_of(&r["state"]);
    assert!(moves.len() >= 2 && moves[0] == "A", "{moves:?}");
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    assert_eq!(
        r["state"]["position"],
        core_game("modiar", &refs).position().to_string()
    );
    assert_eq!(r["state"]["to_move"], "south");
    // Nothing to reply to: no plies, nothing changed.
    let (st, again) = s
        .post(&format!("/api/games/{id}/reply"), &json!({"token": token}))
        .await;
    assert_eq!(st, 200);
    assert_eq!(again["plies"].as_array().unwrap().len(), 0);
    assert_eq!(moves_of(&again["state"]), moves);
    let (st, _) = s
        .post(&format!("/api/games/{id}/reply"), &json!({"token": "x"}))
        .await;
    assert_eq!(st, 403);
}

/// A new game whose answer was lost is asked for again with the id the client gave the
/// request: the same game and seat (and the same invitation), never a second game; copies sent
/// at the same moment make one game. An import the same. Another id makes another game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_game_asked_again_with_its_request_id_is_the_same_game() {
    let (s, _d) = server().await;
    let games = |v: &Value| v["games"].as_u64().unwrap();
    let before = games(&s.get("/api/health").await.1);
    for (n, body) in [
        json!({"game": "modiar", "opponent": "local"}),
        json!({"game": "oware", "opponent": "engine", "side": "north", "level": "beginner"}),
        json!({"game": "kalah", "opponent": "remote", "side": "north", "clock": "5+3"}),
    ]
    .into_iter()
    .enumerate()
    {
        let mut body = body;
        body["request"] = json!(format!("new-game-{n}-0123456789abcdef"));
        let (_, _, first) = s.create(&body).await;
        let (_, _, again) = s.create(&body).await;
        for key in ["id", "token", "invite"] {
            assert_eq!(first[key], again[key], "{key}: {first} {again}");
        }
        assert_eq!(first["state"]["opponent"], again["state"]["opponent"]);
        // Another id: another game.
        body["request"] = json!(format!("other-game-{n}-0123456789abcdef"));
        let (_, _, other) = s.create(&body).await;
        assert_ne!(other["id"], first["id"]);
    }
    assert_eq!(games(&s.get("/api/health").await.1), before + 6);
    // Copies at once: one game, every copy answered with it.
    for round in 0..10 {
        let body = json!({"game": "mangala-ii", "opponent": "engine", "request": format!("copies-{round}-0123456789")});
        let (a, b, c) = tokio::join!(
            s.post("/api/games", &body),
            s.post("/api/games", &body),
            s.post("/api/games", &body)
        );
        for x in [&a, &b, &c] {
            assert_eq!(x.0, 201, "{}", x.1);
            assert_eq!(
                (&x.1["id"], &x.1["token"]),
                (&a.1["id"], &a.1["token"]),
                "round {round}"
            );
        }
    }
    assert_eq!(games(&s.get("/api/health").await.1), before + 16);
    // An import sent again: the same game.
    let ogn = "[Variant \"Modiar\"]\n\n1. A b *\n";
    let body = json!({"ogn": ogn, "opponent": "local", "request": "import-0123456789abcdef"});
    let (st, first) = s.post("/api/games/import", &body).await;
    assert_eq!(st, 201, "{first}");
    let (_, again) = s.post("/api/games/import", &body).await;
    assert_eq!(
        (&again["id"], &again["token"]),
        (&first["id"], &first["token"])
    );
    assert_eq!(moves_of(&again["state"]), ["A", "b"]);
    // An id that is not one is refused by name.
    let (st, e) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "request": "not one"}),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (400, Some("bad-request")), "{e}");
}
