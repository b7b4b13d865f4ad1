//! Durability of `mancala serve`: the real command is killed (SIGKILL) in the middle of a load
//! of moves from several clients at once, then started again on the same database; every move
//! the server acknowledged (answered 200) is found in the game read back, in order.
//!
//! `MANCALA_DURABILITY_GAMES` and `MANCALA_DURABILITY_MOVES` (the acknowledged moves to wait
//! for before the kill) make it bigger: scripts/durability.sh runs it so and prints the
//! figures.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `mancala serve` on a free loopback port with the database `db`, and its address.
fn serve(db: &std::path::Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--host", "127.0.0.1", "--port", "0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start mancala serve");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    loop {
        line.clear();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "the server stopped before printing its address"
        );
        if let Some(url) = line.trim().strip_prefix("open http://") {
            let addr = url.trim_end_matches('/').parse().expect("an address");
            return (child, addr);
        }
    }
}

/// One request on a fresh connection: the status and the JSON body, or `None` if the
/// connection failed (the server is gone).
fn call(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Option<(u16, Value)> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).ok()?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).ok()?;
    let text = String::from_utf8(raw).ok()?;
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, serde_json::from_str(body).ok()?))
}

#[test]
fn no_acknowledged_move_is_lost_when_the_server_is_killed() {
    let games = env_usize("MANCALA_DURABILITY_GAMES", 8);
    let kill_after = env_usize("MANCALA_DURABILITY_MOVES", 150);
    let dir = std::env::temp_dir().join(format!("mancala-durability-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.sqlite");
    let (mut child, addr) = serve(&db);

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
            c["state"]["legal"].clone(),
        ));
    }

    // Each game's acknowledged moves, in order.
    let acked: Arc<Vec<Mutex<Vec<String>>>> =
        Arc::new((0..games).map(|_| Mutex::new(Vec::new())).collect());
    let total = Arc::new(AtomicUsize::new(0));
    let gone = Arc::new(AtomicBool::new(false));
    let mut clients = Vec::new();
    for (g, (id, token, legal)) in ids.iter().cloned().enumerate() {
        let (acked, total, gone) = (acked.clone(), total.clone(), gone.clone());
        clients.push(std::thread::spawn(move || {
            let mut legal: Vec<String> = legal
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            let mut k = g;
            while !gone.load(Ordering::SeqCst) && !legal.is_empty() {
                k = k.wrapping_mul(31).wrapping_add(7);
                let mv = legal[k % legal.len()].clone();
                let body = json!({"token": token, "move": mv});
                match call(addr, "POST", &format!("/api/games/{id}/moves"), Some(&body)) {
                    Some((200, state)) => {
                        acked[g].lock().unwrap().push(mv);
                        total.fetch_add(1, Ordering::SeqCst);
                        legal = state["state"]["legal"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|m| m.as_str().unwrap().to_string())
                            .collect();
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

    let (mut child, addr) = serve(&db);
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
