//! The checks on the web API's request decoding, shared by the fuzz target and by the web
//! crate's test that replays the corpus (crates/mancala-web/tests/fuzz_corpus.rs). Requests go
//! through the whole app (the router with the server's layers) in memory, against a fresh
//! database holding one local game and one El mirall room.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use mancala_web::server::{HostCheck, Limits, app};
use mancala_web::{AppState, Store, router};
use std::sync::OnceLock;
use tower::ServiceExt;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    })
}

const HOST: &str = "127.0.0.1:8080";

async fn call(app: &axum::Router, method: &str, uri: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .expect("a request");
    let r = app.clone().oneshot(req).await.expect("the app answers");
    let status = r.status();
    let bytes = axum::body::to_bytes(r.into_body(), 1 << 24)
        .await
        .expect("a whole body");
    (status, bytes.to_vec())
}

fn json(b: &[u8]) -> serde_json::Value {
    serde_json::from_slice(b).expect("a JSON answer")
}

/// The POST routes that read a JSON body, chosen by the first byte.
const ROUTES: [&str; 8] = [
    "/api/games",
    "/api/games/import",
    "/api/games/{id}/moves",
    "/api/games/{id}/undo",
    "/api/games/{id}/undo/decline",
    "/api/games/{id}/resign",
    "/api/mirall",
    "/api/mirall/{room}/sow",
];

/// A request body (after a selector byte naming the route; `@T` in the body stands for the
/// seat's token): the answer is never a server error, is JSON, and an error is one line
/// naming what is wrong. Selectors past the POST routes send the bytes as a query string or a
/// path parameter of the GET routes instead.
pub fn api_body(data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    runtime().block_on(async {
        let state = AppState::with_data_dir(Store::in_memory().expect("a database"), None);
        let app = app(
            router(state),
            HostCheck::new(HOST.parse().expect("an address"), &[]).expect("a host check"),
            &Limits::default(),
        );
        let (s, g) = call(
            &app,
            "POST",
            "/api/games",
            br#"{"game":"modiar","opponent":"local"}"#.to_vec(),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED);
        let g = json(&g);
        let (s, m) = call(
            &app,
            "POST",
            "/api/mirall",
            br#"{"pits":4,"seeds":2}"#.to_vec(),
        )
        .await;
        assert!(s.is_success(), "{s}");
        let m = json(&m);
        let id = g["id"].as_str().expect("an id");
        let token = g["token"].as_str().expect("a token");
        let room = m["id"].as_str().expect("a room");
        let room_token = m["token"].as_str().unwrap_or(token);
        let n = ROUTES.len() + 3;
        let (method, uri, body) = match sel as usize % n {
            k if k < ROUTES.len() => {
                let t = if ROUTES[k].contains("{room}") {
                    room_token
                } else {
                    token
                };
                let body = String::from_utf8_lossy(rest).replace("@T", t).into_bytes();
                let uri = ROUTES[k].replace("{id}", id).replace("{room}", room);
                ("POST", uri, body)
            }
            k => {
                let Ok(text) = std::str::from_utf8(rest) else {
                    return;
                };
                let text = text.replace("@T", token);
                let uri = match k - ROUTES.len() {
                    0 => format!("/api/solitaires/el-mirall/cycle?{text}"),
                    1 => format!("/api/games/{id}/hint?{text}"),
                    _ => format!("/api/rules/{text}"),
                };
                if uri.parse::<axum::http::Uri>().is_err() {
                    return;
                }
                ("GET", uri, Vec::new())
            }
        };
        let (status, answer) = call(&app, method, &uri, body).await;
        assert!(
            !status.is_server_error(),
            "{method} {uri}: {status}: {}",
            String::from_utf8_lossy(&answer)
        );
        if !status.is_success() {
            let e = json(&answer);
            let msg = e["error"].as_str().expect("an error message");
            assert!(!msg.is_empty() && !msg.contains('\n'), "{msg:?}");
            assert_eq!(e["status"], status.as_u16());
        }
    });
}
