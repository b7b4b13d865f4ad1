//! Every API error carries a code of `mancala_web::error::Code` and its parameters, so the page
//! can word it in the player's language; an illegal move's code and reason come from the rules
//! core's own verdict on the same move.

mod common;

use common::Server;
use mancala_core::{Game, MoveError, rules_for};
use mancala_web::error::Code;
use serde_json::{Value, json};
use std::collections::HashSet;

async fn server() -> (Server, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&dir.path().join("games.sqlite")).await;
    (s, dir)
}

/// The code of an error body, checked to be one of the codes.
fn code_of(body: &Value) -> &str {
    let code = body["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no code in {body}"));
    assert!(
        Code::ALL.iter().any(|c| c.as_str() == code),
        "unknown code {code} in {body}"
    );
    assert!(body["params"].is_object(), "no params in {body}");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    code
}

#[test]
fn codes_are_distinct_kebab_case_and_documented() {
    let api = include_str!("../../../docs/api.md");
    let mut seen = HashSet::new();
    for c in Code::ALL {
        let s = c.as_str();
        assert!(seen.insert(s), "{s} twice");
        assert!(
            s.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
            "{s} is not kebab-case"
        );
        assert!(
            api.contains(&format!("| `{s}` | {} |", c.status().as_u16())),
            "docs/api.md has no row for {s} with status {}",
            c.status().as_u16()
        );
    }
}

/// For positions along random Modiar and Mangala II games, every pit letter of both rows and
/// `pass` is sent to a game set up at that position; each refusal's code and parameters
/// match the rules core's error for the same move, and each acceptance a legal move.
#[tokio::test]
async fn illegal_moves_carry_the_cores_reason_and_the_legal_moves() {
    let (s, _d) = server().await;
    let mut reasons = HashSet::new();
    let mut state = 7u64;
    for game in ["modiar", "mangala-ii", "oware"] {
        let rules = rules_for(&game.parse().unwrap()).unwrap();
        let n = rules.pits_per_row();
        let mut g = Game::new(rules.clone());
        for _ in 0..12 {
            if g.is_over() {
                break;
            }
            let pos = g.position();
            let (_, c) = s
                .post(
                    "/api/games",
                    &json!({"game": game, "opponent": "local", "position": pos.to_string()}),
                )
                .await;
            let id = c["id"].as_str().unwrap().to_string();
            let token = c["token"].as_str().unwrap().to_string();
            let letters = (0..n as u8)
                .map(|i| ((b'A' + i) as char).to_string())
                .chain((0..n as u8).map(|i| ((b'a' + i) as char).to_string()))
                .chain(["pass".to_string()]);
            for mv in letters {
                let core = rules.parse_move(&mv).and_then(|m| rules.play(&pos, m));
                let (status, body) = s
                    .post(
                        &format!("/api/games/{id}/moves"),
                        &json!({"token": token, "move": mv}),
                    )
                    .await;
                match core {
                    Ok(_) => {
                        assert_eq!(status, 200, "{game} {pos} {mv}: {body}");
                        // Back to the position for the next letter.
                        let (st, _) = s
                            .post(&format!("/api/games/{id}/undo"), &json!({"token": token}))
                            .await;
                        assert_eq!(st, 200);
                    }
                    Err(MoveError::Illegal { reason, legal, .. }) => {
                        assert_eq!(status, 422, "{game} {pos} {mv}: {body}");
                        assert_eq!(code_of(&body), "illegal-move");
                        let p = &body["params"];
                        assert_eq!(p["move"], mv);
                        assert_eq!(p["reason"], reason.code(), "{game} {pos} {mv}");
                        let want: Vec<String> = legal.into_iter().map(|m| m.to_string()).collect();
                        assert_eq!(p["legal"], json!(want));
                        reasons.insert(reason.code());
                    }
                    Err(e) => panic!("{game} {pos} {mv}: the core says {e}"),
                }
            }
            // On along the game.
            let legal: Vec<_> = g.legal_moves().into_iter().collect();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            g.play(legal[(state >> 33) as usize % legal.len()]).unwrap();
        }
    }
    for r in ["not-your-pit", "empty-pit", "pass-not-allowed"] {
        assert!(reasons.contains(r), "no {r} among {reasons:?}");
    }
}

#[tokio::test]
async fn a_singleton_and_a_pit_past_the_row_carry_their_numbers() {
    let (s, _d) = server().await;
    let (st, c) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "opponent": "local", "position": "1-6-7-7-7-6-4-4-S"}),
        )
        .await;
    assert_eq!(st, 201, "{c}");
    let id = c["id"].as_str().unwrap();
    let token = c["token"].as_str().unwrap();
    let moves = format!("/api/games/{id}/moves");
    let (st, b) = s.post(&moves, &json!({"token": token, "move": "A"})).await;
    assert_eq!(st, 422);
    assert_eq!(code_of(&b), "illegal-move");
    assert_eq!(b["params"]["reason"], "too-few-seeds");
    assert_eq!(b["params"]["min"], 2);
    assert_eq!(b["params"]["held"], 1);
    let (st, b) = s.post(&moves, &json!({"token": token, "move": "F"})).await;
    assert_eq!(st, 422);
    assert_eq!(code_of(&b), "no-such-pit", "{b}");
    assert_eq!(b["params"]["pit"], "F");
    assert_eq!(b["params"]["pits"], 3);
    let (st, b) = s.post(&moves, &json!({"token": token, "move": "Q7"})).await;
    assert_eq!(st, 422);
    assert_eq!(code_of(&b), "not-a-move");
    assert_eq!(b["params"]["text"], "Q7");
}

#[tokio::test]
async fn refusals_of_the_session_and_the_requests_have_their_codes() {
    let (s, _d) = server().await;
    let (id, south, north) = s.remote_game("modiar").await;
    let path = |p: &str| format!("/api/games/{id}/{p}");
    let cases: Vec<(&str, Value, (u16, Value))> = vec![
        (
            "not-your-turn",
            json!({"side": "south"}),
            s.post(&path("moves"), &json!({"token": north, "move": "a"}))
                .await,
        ),
        (
            "token-required",
            json!({}),
            s.post(&path("moves"), &json!({"move": "A"})).await,
        ),
        (
            "token-rejected",
            json!({"id": id}),
            s.post(&path("moves"), &json!({"token": "guess", "move": "A"}))
                .await,
        ),
        (
            "hints-closed",
            json!({}),
            s.get_seat(&format!("/api/games/{id}/hint"), &south).await,
        ),
        (
            "no-undo-asked",
            json!({}),
            s.post(&path("undo/decline"), &json!({"token": south}))
                .await,
        ),
        (
            "no-own-move-to-undo",
            json!({}),
            s.post(&path("undo"), &json!({"token": south})).await,
        ),
        (
            "resign-other-side",
            json!({"side": "south", "asked": "north"}),
            s.post(&path("resign"), &json!({"token": south, "side": "north"}))
                .await,
        ),
        (
            "no-game",
            json!({"id": "nosuchgame"}),
            s.get("/api/games/nosuchgame").await,
        ),
        (
            // What a client sent is quoted back cut, and marked as cut.
            "no-game",
            json!({"id": format!("{}…", "z".repeat(40))}),
            s.get(&format!("/api/games/{}", "z".repeat(500))).await,
        ),
        (
            "unknown-game",
            json!({"game": "chess"}),
            s.post("/api/games", &json!({"game": "chess"})).await,
        ),
        (
            "bad-game",
            json!({"game": "modiar"}),
            s.post("/api/games", &json!({"game": "modiar:seeds=x"}))
                .await,
        ),
        (
            "unknown-level",
            json!({"level": "godlike"}),
            s.post("/api/games", &json!({"game": "modiar", "level": "godlike"}))
                .await,
        ),
        (
            "bad-side",
            json!({"side": "east"}),
            s.post("/api/games", &json!({"game": "modiar", "side": "east"}))
                .await,
        ),
        (
            "bad-opponent",
            json!({"opponent": "cat"}),
            s.post("/api/games", &json!({"game": "modiar", "opponent": "cat"}))
                .await,
        ),
        (
            "bad-position",
            json!({"position": "1-2-3", "kind": "field-count", "expected": "9", "found": "3"}),
            s.post(
                "/api/games",
                &json!({"game": "modiar", "position": "1-2-3"}),
            )
            .await,
        ),
        (
            "no-route",
            json!({"path": "/api/nothing"}),
            s.get("/api/nothing").await,
        ),
        (
            "size-out-of-range",
            json!({"field": "pits", "min": 1, "max": 12, "value": 40}),
            s.get("/api/solitaires/el-mirall/table?n=40&k=2").await,
        ),
        (
            "bad-record",
            json!({"kind": "game-tag", "tag": "chess"}),
            s.post("/api/games/import", &json!({"ogn": "[Game \"chess\"]\n*"}))
                .await,
        ),
        (
            "bad-record",
            json!({"kind": "syntax-not-a-move", "line": "2", "text": "Z"}),
            s.post(
                "/api/games/import",
                &json!({"ogn": "[Variant \"Oware\"]\n1. C Z"}),
            )
            .await,
        ),
        (
            "bad-record",
            json!({"kind": "move", "number": "1...", "text": "C",
                   "move_error": {"code": "illegal-move", "params": {
                       "move": "C", "reason": "not-your-pit", "pit_of": "south",
                       "legal": ["a", "b", "c", "d", "e", "f"]}}}),
            s.post(
                "/api/games/import",
                &json!({"ogn": "[Variant \"Oware\"]\n1. C C"}),
            )
            .await,
        ),
        (
            "bad-record",
            json!({"kind": "fen", "position_error": {"kind": "side", "index": "15", "value": "W"}}),
            s.post(
                "/api/games/import",
                &json!({"ogn": "[Variant \"Oware\"]\n[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-W\"]\n*"}),
            )
            .await,
        ),
    ];
    for (code, params, (status, body)) in cases {
        assert_eq!(code_of(&body), code, "{body}");
        let c = Code::ALL.iter().find(|c| c.as_str() == code).unwrap();
        if code != "bad-request" {
            assert_eq!(status, c.status().as_u16(), "{body}");
        }
        for (k, v) in params.as_object().unwrap() {
            assert_eq!(&body["params"][k], v, "{code}: param {k} in {body}");
        }
    }
}

/// The solitaires' moves come from the server: stepping from the start until it returns takes
/// exactly the count the cycle route gives, and each move's paths replay to its board.
#[tokio::test]
async fn solitaire_steps_return_to_the_start_after_the_cycle() {
    let (s, _d) = server().await;
    for (game, start, n, k) in [
        ("el-mirall", "2-2-2-2-2-2", 3, 2),
        ("stones-in-cups", "2-2-2-2@0", 4, 2),
    ] {
        let (_, c) = s
            .get(&format!("/api/solitaires/{game}/cycle?n={n}&k={k}"))
            .await;
        let cycle = c["moves"].as_u64().unwrap();
        let mut state = start.to_string();
        let mut board: Vec<u64> = start
            .split('@')
            .next()
            .unwrap()
            .split('-')
            .map(|x| x.parse().unwrap())
            .collect();
        let mut moves = 0;
        loop {
            let (st, r) = s
                .get(&format!(
                    "/api/solitaires/{game}/steps?state={state}&count=7"
                ))
                .await;
            assert_eq!(st, 200, "{r}");
            let steps = r["steps"].as_array().unwrap();
            assert!(!steps.is_empty() && steps.len() <= 7);
            for step in steps {
                for e in step["emptied"].as_array().unwrap() {
                    board[e.as_u64().unwrap() as usize] = 0;
                }
                for p in step["paths"].as_array().unwrap() {
                    for c in p.as_array().unwrap() {
                        board[c.as_u64().unwrap() as usize] += 1;
                    }
                }
                assert_eq!(json!(board), step["board"], "{game} move {}", moves + 1);
                moves += 1;
                state = step["state"].as_str().unwrap().to_string();
            }
            if steps.last().unwrap()["start"] == true {
                break;
            }
            assert!(moves < 10 * cycle, "{game}: no return to the start");
        }
        assert_eq!(moves, cycle, "{game}");
        assert_eq!(state, start);
    }
    let (st, b) = s.get("/api/solitaires/el-mirall/steps?state=1-2-3-4").await;
    assert_eq!((st, code_of(&b)), (400, "bad-position"), "{b}");
    let (st, b) = s
        .get("/api/solitaires/stones-in-cups/steps?state=2-2@0&count=0")
        .await;
    assert_eq!((st, code_of(&b)), (400, "size-out-of-range"), "{b}");
    let big = vec!["13"; 26].join("-");
    let (st, b) = s
        .get(&format!(
            "/api/solitaires/stones-in-cups/steps?state={big}@0"
        ))
        .await;
    assert_eq!((st, code_of(&b)), (400, "size-out-of-range"), "{b}");
}
