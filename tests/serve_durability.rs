//! Durability of `mancala serve`: the real command is killed (SIGKILL) in the middle of a load
//! of moves from several clients at once, then started again on the same database; every move
//! the server acknowledged (answered 200) is found in the game read back, in order.
//!
//! `MANCALA_DURABILITY_GAMES` and `MANCALA_DURABILITY_MOVES` (the acknowledged moves to wait
//! for before the kill) make it bigger: scripts/durability.sh runs it so and prints the
//! figures.

use serde_json::json;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod serving;

use serving::{call, legal, serve};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn no_acknowledged_move_is_lost_when_the_server_is_killed() {
    let games = env_usize("MANCALA_DURABILITY_GAMES", 8);
    let kill_after = env_usize("MANCALA_DURABILITY_MOVES", 150);
    let dir = std::env::temp_dir().join(format!("mancala-durability-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.sqlite");
    let db_arg = db.to_str().unwrap();
    let (mut child, addr) = serve(&["--db", db_arg]);

    // Local games (both seats on one token), Oware: long games with no engine to wait for.
    let mut ids = Vec::new();
    for _ in 0..games {
        let (status, c) = call(
            addr,
            "POST",
            "/api/games",
            Some(&json!({"game": "oware", "opponent": "local"})),
        )
        .expect("create a game");
        assert_eq!(status, 201, "{c}");
        ids.push((
            c["id"].as_str().unwrap().to_string(),
            c["token"].as_str().unwrap().to_string(),
            c["state"].clone(),
        ));
    }

    // Each game's acknowledged moves, in order.
    let acked: Arc<Vec<Mutex<Vec<String>>>> =
        Arc::new((0..games).map(|_| Mutex::new(Vec::new())).collect());
    let total = Arc::new(AtomicUsize::new(0));
    let gone = Arc::new(AtomicBool::new(false));
    let mut clients = Vec::new();
    for (g, (id, token, state)) in ids.iter().cloned().enumerate() {
        let (acked, total, gone) = (acked.clone(), total.clone(), gone.clone());
        clients.push(std::thread::spawn(move || {
            let mut state = state;
            let mut k = g;
            while !gone.load(Ordering::SeqCst) && !legal(&state).is_empty() {
                k = k.wrapping_mul(31).wrapping_add(7);
                let moves = legal(&state);
                let mv = moves[k % moves.len()].clone();
                let body = json!({"token": token, "move": mv, "version": state["version"]});
                match call(addr, "POST", &format!("/api/games/{id}/moves"), Some(&body)) {
                    Some((200, answer)) => {
                        acked[g].lock().unwrap().push(mv);
                        total.fetch_add(1, Ordering::SeqCst);
                        state = answer["state"].clone();
                    }
                    Some((status, body)) => panic!("move {mv} refused: {status} {body}"),
                    // The server was killed while this move was on its way: not acknowledged.
                    None => break,
                }
            }
        }));
    }
    let start = Instant::now();
    while total.load(Ordering::SeqCst) < kill_after
        && start.elapsed() < Duration::from_secs(120)
        && !clients.iter().all(|c| c.is_finished())
    {
        std::thread::sleep(Duration::from_millis(2));
    }
    // SIGKILL: no chance to flush or close anything.
    child.kill().unwrap();
    gone.store(true, Ordering::SeqCst);
    child.wait().unwrap();
    for c in clients {
        c.join().unwrap();
    }
    let acknowledged = total.load(Ordering::SeqCst);
    assert!(acknowledged > 0, "no move was played before the kill");

    let (mut child, addr) = serve(&["--db", db_arg]);
    let mut found = 0;
    for (g, (id, _, _)) in ids.iter().enumerate() {
        let (status, state) = call(addr, "GET", &format!("/api/games/{id}"), None).unwrap();
        assert_eq!(status, 200, "{state}");
        let saved: Vec<String> = state["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["move"].as_str().unwrap().to_string())
            .collect();
        let want = acked[g].lock().unwrap();
        found += saved.len();
        // A move in flight at the kill may have been written without its answer arriving:
        // the saved game may be one move longer, never shorter.
        assert!(
            saved.len() >= want.len() && saved.len() <= want.len() + 1,
            "game {id}: {} moves acknowledged, {} saved",
            want.len(),
            saved.len()
        );
        assert_eq!(&saved[..want.len()], &want[..], "game {id}");
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "durability: {games} games, {acknowledged} moves acknowledged before SIGKILL, {found} moves found after the restart"
    );
}
