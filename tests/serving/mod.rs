//! What the tests of `mancala serve` as a process share: starting the real command, one HTTP
//! request on a fresh connection, and fresh PostgreSQL databases on the test cluster.

#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A `mancala serve` process of a test, stopped (killed and waited for) when dropped, so that a
/// test that fails leaves no server behind. Derefs to the process for the tests that kill it
/// themselves.
pub struct Server(Child);

impl std::ops::Deref for Server {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Server {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Both are no-ops on a process already killed and waited for.
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `mancala serve` on a free loopback port with the store arguments `store` (`--db FILE` or
/// `--database URL`), and its address; the error lines if it stopped before listening.
pub fn try_serve(store: &[&str]) -> Result<(Server, SocketAddr), String> {
    let mut child = Server(
        Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(["serve", "--host", "127.0.0.1", "--port", "0"])
            // Every client of these tests is on 127.0.0.1 and makes many games and connections
            // at once: the limits per client are tested on their own.
            .args([
                "--max-connections-per-address",
                "0",
                "--games-per-minute",
                "1000000",
            ])
            .args(store)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start mancala serve"),
    );
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    loop {
        line.clear();
        if out.read_line(&mut line).unwrap_or(0) == 0 {
            let mut err = String::new();
            child.stderr.take().unwrap().read_to_string(&mut err).ok();
            return Err(err);
        }
        if let Some(url) = line.trim().strip_prefix("open http://") {
            let addr = url.trim_end_matches('/').parse().expect("an address");
            // Nobody reads its error stream any more: let it go nowhere rather than fill.
            drop(child.stderr.take());
            return Ok((child, addr));
        }
    }
}

/// [`try_serve`], which must start.
pub fn serve(store: &[&str]) -> (Server, SocketAddr) {
    try_serve(store).unwrap_or_else(|e| panic!("the server did not start: {e}"))
}

/// One request on a fresh connection: the status and the JSON body, or `None` if the
/// connection failed (the server is gone).
pub fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Option<(u16, Value)> {
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

/// The test cluster's URL (`MANCALA_TEST_POSTGRES`, which scripts/test.sh sets after starting
/// a private cluster with scripts/pg-cluster.sh).
pub fn postgres_url() -> String {
    std::env::var("MANCALA_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "MANCALA_TEST_POSTGRES is not set: start a cluster with `bash scripts/pg-cluster.sh start DIR` and set it to the URL printed (scripts/test.sh does both)"
        )
    })
}

/// A new, empty database on the test cluster: its URL.
pub fn fresh_database(name: &str) -> String {
    let admin = postgres_url();
    let db = format!("t_{name}_{}", std::process::id());
    for sql in [
        format!("DROP DATABASE IF EXISTS {db}"),
        format!("CREATE DATABASE {db}"),
    ] {
        let out = Command::new("psql")
            .args([admin.as_str(), "-q", "-v", "ON_ERROR_STOP=1", "-c", &sql])
            .output()
            .expect("psql runs");
        assert!(
            out.status.success(),
            "{sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let base = admin.rsplit_once('/').expect("a database in the URL").0;
    format!("{base}/{db}")
}

/// The legal moves of a state as strings.
pub fn legal(state: &Value) -> Vec<String> {
    state["legal"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}
