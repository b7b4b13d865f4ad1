//! A server started inside the test on a free loopback port, and a small JSON client.

#![allow(dead_code)]

use mancala_web::Store;
use serde_json::Value;
use std::net::SocketAddr;
use std::path::Path;

/// Opens the database at `db`, waiting a moment for a server just stopped to let go of it
/// (its last tasks finish after it stops answering).
pub fn open_store(db: &Path) -> Store {
    let t0 = std::time::Instant::now();
    loop {
        match Store::open(db) {
            Ok(s) => return s,
            Err(mancala_web::StoreError::InUse { .. })
                if t0.elapsed() < std::time::Duration::from_secs(5) =>
            {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => panic!("open the database: {e}"),
        }
    }
}

/// Limits per client roomy enough for a test that makes many games from one address (the
/// limits themselves are tested on their own).
pub fn roomy() -> mancala_web::ClientLimits {
    mancala_web::ClientLimits {
        games_per_minute_per_client: 1_000_000,
        games_per_minute: 1_000_000,
        ..mancala_web::ClientLimits::default()
    }
}

/// An HTTP client as a browser behaves: it lets go of a pooled connection well before the
/// server closes it for being idle (the server's `header_read_timeout`, 10 s), so a request
/// never goes out on a connection the server is closing at that moment; and it keeps few idle
/// connections, well under the server's limit per address.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_idle_timeout(std::time::Duration::from_secs(4))
        .pool_max_idle_per_host(64)
        .build()
        .expect("an HTTP client")
}

pub struct Server {
    pub addr: SocketAddr,
    pub handle: tokio::task::JoinHandle<()>,
    pub client: reqwest::Client,
}

impl Server {
    /// Starts a server on 127.0.0.1 with the database at `db`.
    pub async fn start(db: &Path) -> Server {
        let store = open_store(db);
        let state = mancala_web::AppState::with_limits(
            store,
            Some(mancala_solver::default_data_dir()),
            roomy(),
        );
        let (addr, handle) = mancala_web::spawn_state("127.0.0.1:0".parse().unwrap(), state)
            .await
            .expect("bind");
        assert!(addr.ip().is_loopback());
        Server {
            addr,
            handle,
            client: client(),
        }
    }

    /// Starts a server whose time is `now` (a fake clock the test moves on).
    pub async fn start_with_clock(
        db: &Path,
        now: std::sync::Arc<mancala_web::state::FakeNow>,
    ) -> Server {
        let state = mancala_web::AppState::with_clock(open_store(db), None, roomy(), now);
        Self::serve(state).await
    }

    /// Starts a server whose hints read the perfect-play databases in `data_dir`.
    pub async fn start_with_data(db: &Path, data_dir: &Path) -> Server {
        let store = open_store(db);
        let state =
            mancala_web::AppState::with_limits(store, Some(data_dir.to_path_buf()), roomy());
        Self::serve(state).await
    }

    async fn serve(state: std::sync::Arc<mancala_web::AppState>) -> Server {
        let (addr, handle) = mancala_web::spawn_state("127.0.0.1:0".parse().unwrap(), state)
            .await
            .expect("bind");
        Server {
            addr,
            handle,
            client: client(),
        }
    }

    /// Stops the server and waits until it has let go of the database.
    pub async fn stop(self) {
        self.handle.abort();
        let _ = self.handle.await;
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// GET for a seat (its token in the `seat-token` header, as a hint or an analysis of a
    /// game going on asks), returning the status and the JSON body.
    pub async fn get_seat(&self, path: &str, token: &str) -> (u16, Value) {
        send(self.client.get(self.url(path)).header("seat-token", token)).await
    }

    /// A GET of `path` sent now and answered later (a long poll): its JSON body.
    pub fn get_later(&self, path: &str) -> tokio::task::JoinHandle<Value> {
        let (client, url) = (self.client.clone(), self.url(path));
        tokio::spawn(async move {
            let r = client.get(url).send().await.expect("request");
            r.json::<Value>().await.expect("a JSON body")
        })
    }

    /// GET, returning the status and the JSON body.
    pub async fn get(&self, path: &str) -> (u16, Value) {
        send(self.client.get(self.url(path))).await
    }

    /// A new game through a link, created by South: its id and both seats' tokens.
    pub async fn remote_game(&self, game: &str) -> (String, String, String) {
        let (status, c) = self
            .post(
                "/api/games",
                &serde_json::json!({"game": game, "opponent": "remote"}),
            )
            .await;
        assert_eq!(status, 201, "{c}");
        assert_eq!(c["invite"]["side"], "north");
        let text = |v: &Value| v.as_str().expect("a string").to_string();
        (
            text(&c["id"]),
            text(&c["token"]),
            text(&c["invite"]["token"]),
        )
    }

    /// POST with a JSON body. A change of a game or room sent without the version it is meant
    /// for is sent for the version the server has now, as a client that has just looked would
    /// (the tests of versions themselves use [`Server::post_exact`]).
    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let mut body = body.clone();
        if let Some((field, of)) = versioned(path)
            && let Some(obj) = body.as_object_mut()
            && !obj.contains_key(field)
        {
            let (_, now) = self.get(&of).await;
            let seen = now[if field == "version" {
                "version"
            } else {
                "moves"
            }]
            .as_u64()
            .unwrap_or(0);
            obj.insert(field.to_string(), seen.into());
        }
        self.post_exact(path, &body).await
    }

    /// POST with exactly this JSON body.
    pub async fn post_exact(&self, path: &str, body: &Value) -> (u16, Value) {
        send(self.client.post(self.url(path)).json(body)).await
    }

    /// A new game of `body` (`POST /api/games`, which must answer 201): its id, the creator's
    /// token and the whole answer.
    pub async fn create(&self, body: &Value) -> (String, String, Value) {
        let (status, c) = self.post("/api/games", body).await;
        assert_eq!(status, 201, "{c}");
        let text = |v: &Value| v.as_str().expect("a string").to_string();
        (text(&c["id"]), text(&c["token"]), c)
    }

    /// A move (`mv`) for the seat of `token` in game `id`: the status and the answer.
    pub async fn play(
        &self,
        id: &str,
        token: impl serde::Serialize,
        mv: impl serde::Serialize,
    ) -> (u16, Value) {
        let body = serde_json::json!({"token": token, "move": mv});
        self.post(&format!("/api/games/{id}/moves"), &body).await
    }

    /// GET, returning the status and the body as text.
    pub async fn text(&self, path: &str) -> (u16, String) {
        let r = self
            .client
            .get(self.url(path))
            .send()
            .await
            .expect("request");
        (r.status().as_u16(), r.text().await.expect("body"))
    }

    /// POST with a raw body and content type.
    pub async fn post_raw(&self, path: &str, body: Vec<u8>, content_type: &str) -> (u16, Value) {
        send(
            self.client
                .post(self.url(path))
                .header("content-type", content_type)
                .body(body),
        )
        .await
    }
}

/// Sends a request; the status and the body as JSON (or as a string when it is not JSON).
async fn send(r: reqwest::RequestBuilder) -> (u16, Value) {
    let r = r.send().await.expect("request");
    let status = r.status().as_u16();
    let text = r.text().await.expect("body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// For a path that changes a game or room: the field naming the version it is meant for, and
/// the path that shows the game or room.
pub fn versioned(path: &str) -> Option<(&'static str, String)> {
    let parts: Vec<&str> = path.split('/').collect();
    match parts.as_slice() {
        [
            "",
            "api",
            "games",
            id,
            "moves" | "undo" | "resign" | "draw" | "say" | "claim",
        ]
        | ["", "api", "games", id, "undo" | "draw", "decline"] => {
            Some(("version", format!("/api/games/{id}")))
        }
        ["", "api", "mirall", id, "sow"] => Some(("moves", format!("/api/mirall/{id}"))),
        _ => None,
    }
}
