//! Load: 1,000 games played at the same time through the API on loopback, every position the
//! server gives checked against the rules core replaying the same moves, and every game read
//! back from the database at the end.

mod common;

use common::Server;
use mancala_core::{Game, rules_for};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;

const GAMES: usize = 1000;
/// Requests in flight at once (all games are in progress together; this bounds sockets).
const IN_FLIGHT: usize = 128;
/// Plies after which a game is resigned, so the test stays short.
const MAX_PLIES: usize = 80;

struct Played {
    id: String,
    spec: String,
    moves: Vec<String>,
    state: Value,
    resigned: bool,
}

async fn call(
    s: &Server,
    gate: &tokio::sync::Semaphore,
    post: Option<(&str, Value)>,
    get: Option<&str>,
) -> Value {
    let _permit = gate.acquire().await.unwrap();
    let (status, body) = match (post, get) {
        (Some((path, body)), _) => s.post(path, &body).await,
        (None, Some(path)) => s.get(path).await,
        _ => unreachable!(),
    };
    assert!((200..300).contains(&status), "status {status}: {body}");
    body
}

/// One game: random legal moves (and an engine on some), checked against the core each ply.
async fn play_one(s: Arc<Server>, gate: Arc<tokio::sync::Semaphore>, n: usize) -> Played {
    let mut rng = StdRng::seed_from_u64(n as u64);
    let specs = [
        "modiar",
        "modiar",
        "mangala-ii",
        "oware",
        "kalah",
        "modiar:seeds=4",
    ];
    let spec = specs[n % specs.len()].to_string();
    let body = if n.is_multiple_of(3) {
        let level = ["random", "greedy"][n % 2];
        let side = ["south", "north"][n % 4 / 2];
        json!({"game": spec, "opponent": "engine", "level": level, "side": side})
    } else {
        json!({"game": spec, "opponent": "local"})
    };
    let c = call(&s, &gate, Some(("/api/games", body)), None).await;
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].as_str().unwrap().to_string();
    let mut state = c["state"].clone();
    let mut core = Game::new(rules_for(&spec.parse().unwrap()).unwrap());
    let mut moves: Vec<String> = Vec::new();
    let absorb = |state: &Value, core: &mut Game, moves: &mut Vec<String>| {
        let plies = state["plies"].as_array().unwrap();
        for p in &plies[moves.len()..] {
            let m = p["move"].as_str().unwrap();
            core.play_str(m).unwrap_or_else(|e| {
                panic!("game {n}: the server played {m}, illegal for the core: {e}")
            });
            moves.push(m.to_string());
        }
        assert_eq!(
            state["position"],
            core.position().to_string(),
            "game {n} after {moves:?}"
        );
        assert_eq!(state["over"], core.is_over(), "game {n}");
    };
    absorb(&state, &mut core, &mut moves);
    let mut resigned = false;
    while !state["over"].as_bool().unwrap() {
        if moves.len() >= MAX_PLIES {
            let r = call(
                &s,
                &gate,
                Some((
                    &format!("/api/games/{id}/resign"),
                    json!({"token": token, "version": state["version"]}),
                )),
                None,
            )
            .await;
            state = r["state"].clone();
            resigned = true;
            break;
        }
        let legal: Vec<String> = state["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().into())
            .collect();
        let want: Vec<String> = core.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(legal, want, "game {n}: legal moves");
        let m = legal.choose(&mut rng).unwrap().clone();
        let r = call(
            &s,
            &gate,
            Some((
                &format!("/api/games/{id}/moves"),
                json!({"token": token, "move": m, "version": state["version"]}),
            )),
            None,
        )
        .await;
        state = r["state"].clone();
        absorb(&state, &mut core, &mut moves);
        if rng.gen_bool(0.05) {
            // Now and then read the state back like a second viewer would.
            let v = call(&s, &gate, None, Some(&format!("/api/games/{id}"))).await;
            assert_eq!(v["version"], state["version"]);
        }
    }
    if !resigned {
        let o = core.outcome().unwrap();
        let res = &state["result"];
        assert_eq!(res["winner"], o.winner_name(), "game {n}");
        assert_eq!(res["scores"]["south"], o.scores.south);
        assert_eq!(res["scores"]["north"], o.scores.north);
        assert_eq!(res["code"], o.reason.code(), "game {n}: why it ended");
        assert_eq!(state["final_position"], core.final_position().to_string());
    } else {
        assert_eq!(state["result"]["code"], "resigned", "game {n}");
    }
    Played {
        id,
        spec,
        moves,
        state,
        resigned,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_games_at_once_all_end_right() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("load.sqlite");
    let server = Arc::new(Server::start(&db).await);
    let gate = Arc::new(tokio::sync::Semaphore::new(IN_FLIGHT));
    let t0 = Instant::now();
    let tasks: Vec<_> = (0..GAMES)
        .map(|n| tokio::spawn(play_one(server.clone(), gate.clone(), n)))
        .collect();
    let mut played = Vec::with_capacity(GAMES);
    for t in tasks {
        played.push(t.await.expect("a game task failed"));
    }
    let elapsed = t0.elapsed();
    let plies: usize = played.iter().map(|p| p.moves.len()).sum();
    let finished = played.iter().filter(|p| !p.resigned).count();
    eprintln!(
        "load: {GAMES} games ({finished} to the end by the rules, the rest resigned after {MAX_PLIES} plies), {plies} plies, {:.1} s",
        elapsed.as_secs_f64()
    );
    assert_eq!(played.len(), GAMES);
    assert!(
        finished > GAMES / 4,
        "too few games reached their end: {finished}"
    );
    // Every game reads back from the database, replayed from its moves, as last seen.
    match Arc::try_unwrap(server) {
        Ok(s) => s.stop().await,
        Err(_) => panic!("a game task still holds the server"),
    }
    let store = common::open_store(&db);
    assert_eq!(store.counts().await.unwrap().0, GAMES as u64);
    for p in &played {
        let rec = store.load_game(&p.id).await.unwrap().expect("saved");
        assert_eq!(rec.spec, p.spec);
        assert_eq!(rec.moves, p.moves.join(" "));
        let s = mancala_web::session::Session::from_row(&rec).unwrap();
        assert_eq!(
            mancala_web::views::state(&s, 0).position,
            p.state["position"].as_str().unwrap()
        );
        assert!(s.is_over());
    }
}
