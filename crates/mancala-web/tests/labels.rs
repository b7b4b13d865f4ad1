//! The move number labels the API sends with each ply are the ones the game's OGN record
//! writes (the core's one numbering): with extra turns, and with North moving first.

mod common;

use common::Server;
use serde_json::{Value, json};

async fn server() -> (Server, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&dir.path().join("games.sqlite")).await;
    (s, dir)
}

/// The label written before each move of an OGN record (`""` where none is), in order.
fn record_labels(ogn: &str) -> Vec<String> {
    let mut labels = Vec::new();
    let mut pending = String::new();
    let movetext = ogn.lines().filter(|l| !l.starts_with('['));
    for token in movetext.flat_map(str::split_whitespace) {
        let digits = token.trim_end_matches('.');
        if token.ends_with('.') && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        {
            pending = token.to_string();
        } else if token == "pass" || token.starts_with(|c: char| c.is_ascii_alphabetic()) {
            labels.push(std::mem::take(&mut pending));
        }
    }
    labels
}

fn api_labels(state: &Value) -> Vec<String> {
    state["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p["label"]
                .as_str()
                .expect("each ply has a label")
                .to_string()
        })
        .collect()
}

/// A local game of `body`, opened with `opening` then played to `plies` plies with the first
/// legal move each time; the state after, and the game's record.
/// The game made by `body` after `plies` moves (`opening` first): its state, its record and
/// its seat's token.
async fn played(
    s: &Server,
    body: Value,
    opening: &[&str],
    plies: usize,
) -> (Value, String, String) {
    let (st, c) = s.post("/api/games", &body).await;
    assert_eq!(st, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let token = c["token"].clone();
    let mut state = c["state"].clone();
    for i in 0..plies {
        let mv = match opening.get(i) {
            Some(m) => json!(m),
            None => match state["legal"].as_array().and_then(|l| l.first()) {
                Some(m) => m.clone(),
                None => break,
            },
        };
        let (st, r) = s.play(&id, &token, &mv).await;
        assert_eq!(st, 200, "{r}");
        state = r["state"].clone();
        // The ply the move answer carries is labelled as the whole game's list labels it.
        let ply = &r["plies"][0];
        let whole = &state["plies"][ply["number"].as_u64().unwrap() as usize - 1];
        assert_eq!(ply["label"], whole["label"], "{r}");
    }
    let (st, ogn) = s.text(&format!("/api/games/{id}/ogn")).await;
    assert_eq!(st, 200);
    (state, ogn, token.as_str().unwrap().to_string())
}

#[tokio::test]
async fn kalah_with_extra_turns_numbers_its_plies_as_its_record() {
    let (s, _d) = server().await;
    let (state, ogn, _) = played(
        &s,
        json!({"game": "kalah", "opponent": "local"}),
        &["C", "F"],
        16,
    )
    .await;
    let plies = state["plies"].as_array().unwrap();
    assert!(plies.len() >= 10, "{state}");
    assert!(
        plies.iter().any(|p| p["extra_turn"] == true),
        "the game has an extra turn: {ogn}"
    );
    let labels = api_labels(&state);
    assert_eq!(labels, record_labels(&ogn), "{ogn}");
    assert_eq!(labels[0], "1.");
    // South's C sows into his store: his F after it is written without a number.
    assert_eq!(plies[0]["extra_turn"], true);
    assert_eq!(labels[..2], ["1.", ""]);
}

#[tokio::test]
async fn a_game_north_opens_numbers_his_first_move_1_dots() {
    let (s, _d) = server().await;
    let body = json!({
        "game": "kalah", "opponent": "local",
        "position": "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N",
    });
    // North's c sows into his store: he moves again.
    let (state, ogn, token) = played(&s, body, &["c"], 8).await;
    assert_eq!(state["plies"][0]["side"], "north");
    assert_eq!(state["plies"][0]["extra_turn"], true);
    let labels = api_labels(&state);
    assert_eq!(labels[..3], ["1...", "1...", "2."]);
    assert_eq!(labels, record_labels(&ogn), "{ogn}");
    // The analysis numbers its plies the same way where the record writes a number.
    let id = state["id"].as_str().unwrap();
    let (st, a) = s
        .get_seat(&format!("/api/games/{id}/analysis"), &token)
        .await;
    assert_eq!(st, 200, "{a}");
    for (p, want) in a["plies"].as_array().unwrap().iter().zip(&labels) {
        let line = p["label"].as_str().unwrap();
        assert!(!line.is_empty(), "every analysis line is numbered: {a}");
        if !want.is_empty() {
            assert_eq!(line, want);
        }
    }
}

#[tokio::test]
async fn each_ply_sends_its_cell_and_its_seeds_before_and_after() {
    let (s, _d) = server().await;
    let (state, _, _) = played(&s, json!({"game": "kalah", "opponent": "local"}), &[], 3).await;
    let n = state["pits"].as_u64().unwrap() as usize;
    for p in state["plies"].as_array().unwrap() {
        let mv = p["move"].as_str().unwrap();
        let names = &state["pit_names"][p["side"].as_str().unwrap()];
        let i = names
            .as_array()
            .unwrap()
            .iter()
            .position(|x| x == mv)
            .unwrap();
        let cell = if p["side"] == "south" { i } else { n + i };
        assert_eq!(p["cell"], json!(cell));
        for (board, text) in [
            (&p["before_board"], &p["before"]),
            (&p["after_board"], &p["after"]),
        ] {
            let f: Vec<u64> = text
                .as_str()
                .unwrap()
                .split('-')
                .filter_map(|x| x.parse().ok())
                .collect();
            assert_eq!(board["pits"], json!(f[..2 * n]), "{text}");
            assert_eq!(
                board["stores"],
                json!({"south": f[2 * n], "north": f[2 * n + 1]})
            );
        }
    }
    let last = state["plies"].as_array().unwrap().last().unwrap();
    assert_eq!(state["shown_board"], last["after_board"]);
}
