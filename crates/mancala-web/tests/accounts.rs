//! Accounts and ratings, tried as an attacker and as two players would: the login cookie's
//! flags, a change made with the cookie but without the login's token refused, the login's id
//! changed at every login, the same answer for a wrong password and an unknown name, a hundred
//! wrong passwords throttled, the password changed and the account deleted (its games no longer
//! carrying its name), and a rated game moving both ratings once.

mod common;

use common::Server;
use mancala_web::state::FakeNow;
use serde_json::{Value, json};
use std::sync::Arc;

async fn server() -> (Server, Arc<FakeNow>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let now = FakeNow::new(1_800_000_000_000);
    let s = Server::start_with_clock(&dir.path().join("games.sqlite"), now.clone()).await;
    (s, now, dir)
}

/// A browser: its login cookie and the login's token, sent as the page sends them.
#[derive(Clone, Default)]
struct User {
    cookie: Option<String>,
    csrf: Option<String>,
}

struct Answer {
    status: u16,
    body: Value,
    set_cookie: Option<String>,
}

impl User {
    async fn send(&mut self, s: &Server, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.send_with(s, method, path, body, true).await
    }

    async fn send_with(
        &mut self,
        s: &Server,
        method: &str,
        path: &str,
        body: Option<Value>,
        csrf: bool,
    ) -> Answer {
        let mut r = match method {
            "GET" => s.client.get(s.url(path)),
            _ => s.client.post(s.url(path)),
        };
        if let Some(c) = &self.cookie {
            r = r.header("cookie", format!("mancala_login={c}"));
        }
        if csrf && let Some(t) = &self.csrf {
            r = r.header("x-csrf-token", t);
        }
        if let Some(b) = body {
            r = r.json(&b);
        }
        let resp = r.send().await.expect("request");
        let status = resp.status().as_u16();
        let set_cookie = resp
            .headers()
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().to_string());
        let text = resp.text().await.unwrap();
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        if let Some(sc) = &set_cookie {
            let v = sc
                .split(';')
                .next()
                .unwrap()
                .trim_start_matches("mancala_login=");
            self.cookie = (!v.is_empty()).then(|| v.to_string());
        }
        if let Some(t) = body["account"]["csrf"].as_str() {
            self.csrf = Some(t.to_string());
        }
        Answer {
            status,
            body,
            set_cookie,
        }
    }

    async fn signup(s: &Server, name: &str, password: &str) -> User {
        let mut u = User::default();
        let a = u
            .send(
                s,
                "POST",
                "/api/account/signup",
                Some(json!({"name": name, "password": password})),
            )
            .await;
        assert_eq!(a.status, 201, "{}", a.body);
        u
    }

    async fn login(&mut self, s: &Server, name: &str, password: &str) -> Answer {
        self.send(
            s,
            "POST",
            "/api/account/login",
            Some(json!({"name": name, "password": password})),
        )
        .await
    }
}

#[tokio::test]
async fn the_login_cookie_is_http_only_secure_and_strict_and_names_the_account() {
    let (s, _now, _d) = server().await;
    let mut u = User::default();
    let a = u
        .send(
            &s,
            "POST",
            "/api/account/signup",
            Some(json!({"name": "Ayşe", "password": "a good password"})),
        )
        .await;
    assert_eq!(a.status, 201, "{}", a.body);
    let c = a.set_cookie.expect("a cookie");
    for flag in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/"] {
        assert!(c.contains(flag), "{flag} missing from {c}");
    }
    let me = u.send(&s, "GET", "/api/account", None).await;
    assert_eq!(me.body["account"]["name"], "Ayşe", "{}", me.body);
    // Without the cookie, nobody.
    let anon = User::default().send(&s, "GET", "/api/account", None).await;
    assert_eq!(anon.body["account"], Value::Null);
    // The name is taken whatever its case; bad names and passwords are refused by name.
    let mut v = User::default();
    for (name, pw, code) in [
        ("ayşe", "another password", "name-taken"),
        ("x", "long enough pw", "bad-name"),
        ("with space", "long enough pw", "bad-name"),
        ("computer", "long enough pw", "name-reserved"),
        ("Bora", "short", "bad-password"),
    ] {
        let a = v
            .send(
                &s,
                "POST",
                "/api/account/signup",
                Some(json!({"name": name, "password": pw})),
            )
            .await;
        assert_eq!(a.body["code"], code, "{name}: {}", a.body);
    }
}

#[tokio::test]
async fn a_change_made_with_the_cookie_but_without_the_logins_token_is_refused() {
    let (s, _now, _d) = server().await;
    let mut u = User::signup(&s, "ana", "password one").await;
    let games = |v: &Value| v["games"].as_u64().unwrap();
    let before = games(&s.get("/api/health").await.1);
    let body = json!({"game": "modiar", "opponent": "local"});
    // No token: refused, nothing made.
    let a = u
        .send_with(&s, "POST", "/api/games", Some(body.clone()), false)
        .await;
    assert_eq!(a.status, 403, "{}", a.body);
    assert_eq!(a.body["code"], "csrf-token-wrong");
    // A wrong token: the same.
    let mut forged = u.clone();
    forged.csrf = Some("x".repeat(32));
    let a = forged
        .send(&s, "POST", "/api/games", Some(body.clone()))
        .await;
    assert_eq!(a.status, 403, "{}", a.body);
    // Logging out and deleting the account are changes too.
    let a = u
        .send_with(&s, "POST", "/api/account/logout", Some(json!({})), false)
        .await;
    assert_eq!(a.status, 403);
    let a = u
        .send_with(
            &s,
            "POST",
            "/api/account/delete",
            Some(json!({"password": "password one"})),
            false,
        )
        .await;
    assert_eq!(a.status, 403);
    assert_eq!(games(&s.get("/api/health").await.1), before);
    // With it, the game is made and is the account's.
    let a = u.send(&s, "POST", "/api/games", Some(body)).await;
    assert_eq!(a.status, 201, "{}", a.body);
    assert_eq!(a.body["state"]["players"]["south"]["name"], "ana");
    let mine = u.send(&s, "GET", "/api/account/games", None).await;
    assert_eq!(mine.body["games"][0]["id"], a.body["id"]);
    // Reading needs no token.
    assert_eq!(
        u.send_with(&s, "GET", "/api/account", None, false)
            .await
            .status,
        200
    );
    // Without a cookie, no token is asked for: playing without an account is as before.
    let (st, _) = s
        .post(
            "/api/games",
            &json!({"game": "modiar", "opponent": "local"}),
        )
        .await;
    assert_eq!(st, 201);
}

#[tokio::test]
async fn the_logins_id_changes_at_login_and_the_old_one_is_ended() {
    let (s, _now, _d) = server().await;
    let mut u = User::signup(&s, "bora", "password two").await;
    let first = u.cookie.clone().unwrap();
    let a = u.login(&s, "bora", "password two").await;
    assert_eq!(a.status, 200, "{}", a.body);
    let second = u.cookie.clone().unwrap();
    assert_ne!(first, second, "a login gets a new id");
    let mut old = User {
        cookie: Some(first),
        csrf: None,
    };
    let me = old.send(&s, "GET", "/api/account", None).await;
    assert_eq!(me.body["account"], Value::Null, "the old login is ended");
    let me = u.send(&s, "GET", "/api/account", None).await;
    assert_eq!(me.body["account"]["name"], "bora");
    // Logging out ends it and clears the cookie.
    let a = u
        .send(&s, "POST", "/api/account/logout", Some(json!({})))
        .await;
    assert!(a.set_cookie.unwrap().contains("Max-Age=0"));
    let mut again = User {
        cookie: Some(second),
        csrf: None,
    };
    let me = again.send(&s, "GET", "/api/account", None).await;
    assert_eq!(me.body["account"], Value::Null);
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_name_get_the_same_answer() {
    let (s, _now, _d) = server().await;
    User::signup(&s, "cem", "password three").await;
    let wrong = User::default().login(&s, "cem", "not the one").await;
    let unknown = User::default().login(&s, "nobody", "not the one").await;
    assert_eq!(wrong.status, 401);
    assert_eq!(wrong.status, unknown.status);
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(wrong.set_cookie, None);
    assert_eq!(unknown.set_cookie, None);
    // The right one, in any case of the name.
    assert_eq!(
        User::default()
            .login(&s, "CEM", "password three")
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn a_hundred_wrong_passwords_are_throttled_and_the_right_one_too_until_the_window_ends() {
    let (s, now, _d) = server().await;
    User::signup(&s, "deniz", "password four").await;
    let mut statuses = Vec::new();
    for i in 0..100 {
        let a = User::default()
            .login(&s, "deniz", &format!("guess number {i}"))
            .await;
        statuses.push(a.status);
        if a.status == 429 {
            assert_eq!(a.body["code"], "too-many-attempts");
            assert!(a.body["params"]["seconds"].as_i64().unwrap() > 0);
        }
    }
    let failed = statuses.iter().filter(|&&s| s == 401).count();
    assert_eq!(failed as u32, mancala_web::accounts::LOGIN_TRIES_PER_NAME);
    assert!(statuses[failed..].iter().all(|&s| s == 429), "{statuses:?}");
    // Throttled, even the right password is refused; and a name nobody has is throttled
    // the same way, so the throttle does not tell which names exist.
    assert_eq!(
        User::default()
            .login(&s, "deniz", "password four")
            .await
            .status,
        429
    );
    // Once the window has passed, the right password works again.
    now.advance(mancala_web::accounts::ATTEMPT_WINDOW_MS + 1_000);
    assert_eq!(
        User::default()
            .login(&s, "deniz", "password four")
            .await
            .status,
        200
    );
    // From one address, many names: the address is throttled too.
    let mut last = 0;
    for i in 0..40 {
        last = User::default()
            .login(&s, &format!("name{i}"), "whatever it is")
            .await
            .status;
    }
    assert_eq!(last, 429);
}

/// Guesses from one address lock that address out of the name, not its owner at his.
#[tokio::test]
async fn a_stranger_guessing_a_password_does_not_lock_its_owner_out() {
    let dir = tempfile::tempdir().unwrap();
    let now = FakeNow::new(1_800_000_000_000);
    let store = common::open_store(&dir.path().join("games.sqlite"));
    let state = mancala_web::AppState::with_clock(store, None, common::roomy(), now.clone());
    let config = mancala_web::ServeConfig {
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..mancala_web::ServeConfig::default()
    };
    let (addr, _, _) = mancala_web::spawn_config("127.0.0.1:0".parse().unwrap(), state, config)
        .await
        .unwrap();
    let client = reqwest::Client::new();
    let send = |from: &'static str, path: &'static str, body: Value| {
        client
            .post(format!("http://{addr}{path}"))
            .header("x-forwarded-for", from)
            .json(&body)
            .send()
    };
    let signup = json!({"name": "nazli", "password": "password nine"});
    assert_eq!(
        send("10.0.0.1", "/api/account/signup", signup.clone())
            .await
            .unwrap()
            .status(),
        201
    );
    let mut statuses = Vec::new();
    for i in 0..15 {
        let guess = json!({"name": "nazli", "password": format!("guess {i}")});
        statuses.push(
            send("10.6.6.6", "/api/account/login", guess)
                .await
                .unwrap()
                .status()
                .as_u16(),
        );
    }
    let limit = mancala_web::accounts::LOGIN_TRIES_PER_NAME as usize;
    assert!(statuses[..limit].iter().all(|&s| s == 401), "{statuses:?}");
    assert!(statuses[limit..].iter().all(|&s| s == 429), "{statuses:?}");
    // The guesser's address is refused even the right password; the owner's is not.
    let status = |r: reqwest::Response| r.status().as_u16();
    assert_eq!(
        status(
            send("10.6.6.6", "/api/account/login", signup.clone())
                .await
                .unwrap()
        ),
        429
    );
    assert_eq!(
        status(
            send("10.0.0.1", "/api/account/login", signup.clone())
                .await
                .unwrap()
        ),
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_sent_all_at_once_do_not_slip_under_the_throttle() {
    let (s, _now, _d) = server().await;
    User::signup(&s, "emre", "password at once").await;
    let s = Arc::new(s);
    let tries = (0..30).map(|i| {
        let s = s.clone();
        tokio::spawn(async move {
            User::default()
                .login(&s, "emre", &format!("guess {i} at once"))
                .await
                .status
        })
    });
    let mut codes = Vec::new();
    for t in tries {
        codes.push(t.await.unwrap());
    }
    let failed = codes.iter().filter(|&&c| c == 401).count() as u32;
    assert_eq!(
        failed,
        mancala_web::accounts::LOGIN_TRIES_PER_NAME,
        "{codes:?}"
    );
    assert!(codes.iter().all(|&c| c == 401 || c == 429), "{codes:?}");
}

#[tokio::test]
async fn accounts_made_from_one_address_are_throttled() {
    let (s, _now, _d) = server().await;
    let mut codes = Vec::new();
    for i in 0..(mancala_web::accounts::SIGNUPS_PER_ADDRESS + 2) {
        let a = User::default()
            .send(
                &s,
                "POST",
                "/api/account/signup",
                Some(json!({"name": format!("p{i}"), "password": "a long password"})),
            )
            .await;
        codes.push(a.status);
    }
    let made = codes.iter().filter(|&&c| c == 201).count() as u32;
    assert_eq!(
        made,
        mancala_web::accounts::SIGNUPS_PER_ADDRESS,
        "{codes:?}"
    );
    assert_eq!(*codes.last().unwrap(), 429);
}

#[tokio::test]
async fn a_password_change_ends_the_other_logins_and_the_old_password() {
    let (s, _now, _d) = server().await;
    let mut here = User::signup(&s, "ece", "old password").await;
    let mut there = User::default();
    assert_eq!(there.login(&s, "ece", "old password").await.status, 200);
    let a = here
        .send(
            &s,
            "POST",
            "/api/account/password",
            Some(json!({"password": "wrong one!", "new_password": "new password"})),
        )
        .await;
    assert_eq!(a.status, 401, "{}", a.body);
    let a = here
        .send(
            &s,
            "POST",
            "/api/account/password",
            Some(json!({"password": "old password", "new_password": "new password"})),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        here.send(&s, "GET", "/api/account", None).await.body["account"]["name"],
        "ece"
    );
    assert_eq!(
        there.send(&s, "GET", "/api/account", None).await.body["account"],
        Value::Null
    );
    assert_eq!(
        User::default()
            .login(&s, "ece", "old password")
            .await
            .status,
        401
    );
    assert_eq!(
        User::default()
            .login(&s, "ece", "new password")
            .await
            .status,
        200
    );
}

/// A rated lobby game between `a` (the maker, South) and `b`: its id and both tokens.
async fn rated_game(s: &Server, a: &mut User, b: &mut User) -> (String, String, String) {
    let c = a
        .send(
            s,
            "POST",
            "/api/lobby",
            Some(json!({"game": "mangala-ii", "clock": "3+2", "side": "south", "rated": true})),
        )
        .await;
    assert_eq!(c.status, 201, "{}", c.body);
    let id = c.body["id"].as_str().unwrap().to_string();
    let listed = s.get("/api/lobby").await.1;
    assert_eq!(listed["challenges"][0]["rated"], true, "{listed}");
    assert_eq!(listed["challenges"][0]["maker"]["rating"], 1500.0);
    let g = b
        .send(
            s,
            "POST",
            &format!("/api/lobby/{id}/accept"),
            Some(json!({})),
        )
        .await;
    assert_eq!(g.status, 201, "{}", g.body);
    assert_eq!(g.body["state"]["rated"]["pool"], "mangala-ii/blitz");
    (
        g.body["id"].as_str().unwrap().to_string(),
        c.body["token"].as_str().unwrap().to_string(),
        g.body["token"].as_str().unwrap().to_string(),
    )
}

#[tokio::test]
async fn an_account_cannot_accept_its_own_challenge_from_another_page() {
    let (s, _now, _d) = server().await;
    let mut a = User::signup(&s, "leyla", "password ten").await;
    for rated in [false, true] {
        let c = a
            .send(
                &s,
                "POST",
                "/api/lobby",
                Some(json!({"game": "oware", "clock": "3+2", "rated": rated})),
            )
            .await;
        assert_eq!(c.status, 201, "{}", c.body);
        let id = c.body["id"].as_str().unwrap();
        // Another tab of the same login knows nothing of the challenge's token.
        let g = a
            .send(
                &s,
                "POST",
                &format!("/api/lobby/{id}/accept"),
                Some(json!({})),
            )
            .await;
        assert_eq!(
            (g.status, g.body["code"].as_str()),
            (409, Some("own-challenge")),
            "rated {rated}: {}",
            g.body
        );
        assert_eq!(
            s.get("/api/lobby").await.1["challenges"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["id"] == id)
                .count(),
            1,
            "still open"
        );
    }
}

#[tokio::test]
async fn an_account_keeps_a_bounded_number_of_challenges_open() {
    let (s, _now, _d) = server().await;
    let mut a = User::signup(&s, "kerem", "password twelve").await;
    let max = mancala_web::lobby::OPEN_PER_ACCOUNT;
    for _ in 0..max {
        let c = a
            .send(&s, "POST", "/api/lobby", Some(json!({"game": "kalah"})))
            .await;
        assert_eq!(c.status, 201, "{}", c.body);
    }
    let c = a
        .send(&s, "POST", "/api/lobby", Some(json!({"game": "oware"})))
        .await;
    assert_eq!(
        (c.status, c.body["code"].as_str()),
        (409, Some("too-many-challenges")),
        "{}",
        c.body
    );
    assert_eq!(c.body["params"]["max"], max);
    // Others, from the same address, may still make theirs.
    assert_eq!(s.post("/api/lobby", &json!({"game": "oware"})).await.0, 201);
}

/// Copies of one logged-in seek sent at the same moment (an answer lost, the request sent
/// again while the first still runs): one challenge made, or one of two open challenges
/// accepted, and every copy answered with it. Without the request's id on the rows the second
/// copy would make a second challenge (one's own challenges do not pair), or accept the
/// second open one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copies_of_one_seek_by_an_account_make_one_challenge_or_one_game() {
    let (s, _now, _d) = server().await;
    let a = User::signup(&s, "nermin", "password twelve").await;
    let mut copies = [
        User {
            cookie: a.cookie.clone(),
            csrf: a.csrf.clone(),
        },
        User {
            cookie: a.cookie.clone(),
            csrf: a.csrf.clone(),
        },
    ];
    for round in 0..8 {
        let seek = json!({"game": "oware", "clock": format!("{}+0", round + 1),
                          "request": format!("seek-copy-{round}-0123456789")});
        // Others wait for this seek every second round.
        let others = round % 2 == 1;
        if others {
            for _ in 0..2 {
                let ask = json!({"game": "oware", "clock": format!("{}+0", round + 1)});
                assert_eq!(s.post("/api/lobby", &ask).await.0, 201);
            }
        }
        let [x, y] = &mut copies;
        let (p, q) = tokio::join!(
            x.send(&s, "POST", "/api/lobby/seek", Some(seek.clone())),
            y.send(&s, "POST", "/api/lobby/seek", Some(seek.clone()))
        );
        assert_eq!((p.status, q.status), (201, 201), "{} {}", p.body, q.body);
        assert_eq!(
            (&p.body["id"], &p.body["token"]),
            (&q.body["id"], &q.body["token"])
        );
        assert_eq!(p.body["matched"], others, "round {round}: {}", p.body);
        let (_, l) = s.get("/api/lobby").await;
        let open = l["challenges"].as_array().unwrap();
        assert_eq!(open.len(), 1, "round {round}: {l}");
        // Clear the lobby for the next round.
        for c in open {
            let id = c["id"].as_str().unwrap();
            let t = if others {
                None
            } else {
                Some(p.body["token"].clone())
            };
            match t {
                Some(t) => {
                    let (st, _) = s
                        .post(&format!("/api/lobby/{id}/cancel"), &json!({"token": t}))
                        .await;
                    assert_eq!(st, 200);
                }
                None => {
                    let (st, _) = s.post(&format!("/api/lobby/{id}/accept"), &json!({})).await;
                    assert_eq!(st, 201);
                }
            }
        }
    }
}

#[tokio::test]
async fn a_game_the_clock_ended_shows_ended_on_player_pages_and_the_leaderboard_unread() {
    let (s, now, _d) = server().await;
    // Each read alone, first after the flag fell, settles the game.
    for (leaderboard_first, south_name, north_name) in
        [(true, "mert", "ceren"), (false, "mert2", "ceren2")]
    {
        let mut a = User::signup(&s, south_name, "password eleven").await;
        let mut b = User::signup(&s, north_name, "password eight").await;
        let (game, south, north) = rated_game(&s, &mut a, &mut b).await;
        for tok in [&south, &north] {
            let (_, st) = s.get(&format!("/api/games/{game}")).await;
            let mv = st["legal"][0].as_str().unwrap().to_string();
            assert_eq!(s.play(&game, tok, &mv).await.0, 200);
        }
        // Nobody reads the game while South's three minutes run out.
        now.advance(4 * 60_000);
        if leaderboard_first {
            let (_, l) = s.get("/api/leaderboard?pool=mangala-ii/blitz").await;
            let players: Vec<(&str, i64)> = l["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p["name"].as_str().unwrap(), p["games"].as_i64().unwrap()))
                .collect();
            assert_eq!(players, [("ceren", 1), ("mert", 1)], "{l}");
        }
        let (_, p) = s.get(&format!("/api/players/{south_name}")).await;
        let g = &p["games"][0];
        assert_eq!(g["id"], game.as_str(), "{p}");
        assert_eq!(g["over"], true, "{p}");
        assert_eq!(g["result"]["code"], "time-forfeit", "{p}");
        assert_eq!(g["result"]["winner"], "north", "{p}");
        assert_eq!(p["ratings"][0]["games"], 1, "{p}");
    }
}

#[tokio::test]
async fn a_rated_games_result_moves_both_ratings_once_and_shows_on_both_pages() {
    let (s, _now, _d) = server().await;
    let mut a = User::signup(&s, "fatma", "password five").await;
    let mut b = User::signup(&s, "gul", "password six").await;
    // A rated challenge needs a login to make and to accept.
    let (st, e) = s
        .post("/api/lobby", &json!({"game": "mangala-ii", "rated": true}))
        .await;
    assert_eq!((st, e["code"].as_str()), (400, Some("cannot-rate")), "{e}");
    let (game, south, north) = rated_game(&s, &mut a, &mut b).await;
    let (_, st) = s.get(&format!("/api/games/{game}")).await;
    assert_eq!(st["players"]["south"]["name"], "fatma");
    assert_eq!(st["players"]["north"]["name"], "gul");
    assert_eq!(st["players"]["south"]["provisional"], true);
    // Hints stay closed in a rated game going on.
    assert_eq!(st["hints"], false);
    // South moves, North resigns.
    let mv = st["legal"][0].as_str().unwrap().to_string();
    let (code, r) = s.play(&game, &south, &mv).await;
    assert_eq!(code, 200, "{r}");
    let (code, r) = s
        .post(
            &format!("/api/games/{game}/resign"),
            &json!({"token": north}),
        )
        .await;
    assert_eq!(code, 200, "{r}");
    let (_, st) = s.get(&format!("/api/games/{game}")).await;
    let (ws, ls) = (&st["players"]["south"], &st["players"]["north"]);
    assert!(ws["rating"].as_f64().unwrap() > 1500.0, "{st}");
    assert!(ls["rating"].as_f64().unwrap() < 1500.0, "{st}");
    assert!(ws["change"].as_f64().unwrap() > 0.0 && ls["change"].as_f64().unwrap() < 0.0);
    // Later changes of the finished game (a rematch offer) count nothing again.
    let (code, _) = s
        .post(
            &format!("/api/games/{game}/rematch"),
            &json!({"token": south}),
        )
        .await;
    assert_eq!(code, 200);
    for (name, up) in [("fatma", true), ("gul", false)] {
        let (code, p) = s.get(&format!("/api/players/{name}")).await;
        assert_eq!(code, 200, "{p}");
        let r = &p["ratings"][0];
        assert_eq!(r["pool"], "mangala-ii/blitz");
        assert_eq!(r["games"], 1, "counted once: {p}");
        assert_eq!(up, r["rating"].as_f64().unwrap() > 1500.0, "{p}");
        assert_eq!(p["history"].as_array().unwrap().len(), 1);
        assert_eq!(p["games"][0]["id"], game.as_str());
        assert_eq!(p["games"][0]["result"]["winner"], "south");
        assert!(!p.to_string().contains(&south) && !p.to_string().contains(&north));
    }
    let (_, board) = s.get("/api/leaderboard?pool=mangala-ii/blitz").await;
    assert_eq!(board["players"][0]["name"], "fatma", "{board}");
    assert_eq!(board["players"][1]["name"], "gul");
    assert_eq!(board["players"][0]["provisional"], true);
    assert_eq!(
        s.get("/api/leaderboard?pool=mangala-ii/fast").await.1["code"],
        "bad-pool"
    );
    // The record names the players, and the account's export holds the game.
    let (_, rec) = s.text(&format!("/api/games/{game}/ogn")).await;
    assert!(
        rec.contains("[South \"fatma\"]") && rec.contains("[North \"gul\"]"),
        "{rec}"
    );
    let all = a.send(&s, "GET", "/api/account/ogn", None).await;
    assert!(
        all.body.as_str().unwrap().contains("[North \"gul\"]"),
        "{}",
        all.body
    );
    // The account's list gives the seat's token, which opens it on another device.
    let mine = b.send(&s, "GET", "/api/account/games", None).await;
    assert_eq!(mine.body["games"][0]["token"], north.as_str());
    assert_eq!(mine.body["games"][0]["side"], "north");
}

#[tokio::test]
async fn a_deleted_accounts_games_no_longer_carry_its_name() {
    let (s, _now, _d) = server().await;
    let mut a = User::signup(&s, "hale", "password seven").await;
    let mut b = User::signup(&s, "ilke", "password eight").await;
    let (game, _south, north) = rated_game(&s, &mut a, &mut b).await;
    let (code, _) = s
        .post(
            &format!("/api/games/{game}/resign"),
            &json!({"token": north}),
        )
        .await;
    assert_eq!(code, 200);
    // A wrong password deletes nothing.
    let d = a
        .send(
            &s,
            "POST",
            "/api/account/delete",
            Some(json!({"password": "not mine"})),
        )
        .await;
    assert_eq!(d.status, 401);
    let d = a
        .send(
            &s,
            "POST",
            "/api/account/delete",
            Some(json!({"password": "password seven"})),
        )
        .await;
    assert_eq!(d.status, 200, "{}", d.body);
    let (_, st) = s.get(&format!("/api/games/{game}")).await;
    assert_eq!(st["players"]["south"], Value::Null, "{st}");
    assert_eq!(st["players"]["north"]["name"], "ilke");
    let (_, rec) = s.text(&format!("/api/games/{game}/ogn")).await;
    assert!(!rec.contains("hale"), "{rec}");
    assert_eq!(s.get("/api/players/hale").await.0, 404);
    let (_, board) = s.get("/api/leaderboard?pool=mangala-ii/blitz").await;
    assert!(!board.to_string().contains("hale"), "{board}");
    // The other player keeps the game.
    let (_, p) = s.get("/api/players/ilke").await;
    assert_eq!(p["games"][0]["id"], game.as_str());
    assert_eq!(p["games"][0]["opponent_name"], Value::Null);
    // The login is gone, and the name is free again.
    assert_eq!(
        a.send(&s, "GET", "/api/account", None).await.body["account"],
        Value::Null
    );
    User::signup(&s, "hale", "a new password").await;
}

#[tokio::test]
async fn a_seat_opened_while_logged_in_is_the_accounts() {
    let (s, _now, _d) = server().await;
    let mut a = User::signup(&s, "jale", "password nine").await;
    let mut b = User::signup(&s, "kaan", "password ten").await;
    let c = a
        .send(
            &s,
            "POST",
            "/api/games",
            Some(json!({"game": "oware", "opponent": "remote"})),
        )
        .await;
    assert_eq!(c.status, 201, "{}", c.body);
    let id = c.body["id"].as_str().unwrap();
    let invite = c.body["invite"]["token"].as_str().unwrap();
    let j = b
        .send(
            &s,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({"token": invite})),
        )
        .await;
    assert_eq!(j.status, 200, "{}", j.body);
    assert_eq!(j.body["state"]["players"]["north"]["name"], "kaan");
    assert_eq!(j.body["state"]["players"]["south"]["name"], "jale");
    // Not rated: no rating is shown or counted.
    assert_eq!(j.body["state"]["rated"], Value::Null);
    assert_eq!(j.body["state"]["players"]["north"]["rating"], Value::Null);
    // A rated game is not made through a link.
    let r = a
        .send(
            &s,
            "POST",
            "/api/games",
            Some(json!({"game": "oware", "opponent": "remote", "rated": true})),
        )
        .await;
    assert_eq!(r.body["params"]["reason"], "opponent", "{}", r.body);
}

#[tokio::test]
async fn a_rated_game_against_the_computer_moves_only_the_persons_rating() {
    let (s, _now, _d) = server().await;
    let mut a = User::signup(&s, "lale", "password eleven").await;
    // Levels without a measured rating, and games set up or not against the computer, are
    // refused by reason.
    for (body, reason) in [
        (
            json!({"game": "kalah:pits=4", "level": "expert", "rated": true}),
            "level",
        ),
        (
            json!({"game": "oware", "level": "expert", "rated": true, "position": "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"}),
            "position",
        ),
        (
            json!({"game": "oware", "opponent": "local", "rated": true}),
            "opponent",
        ),
    ] {
        let r = a.send(&s, "POST", "/api/games", Some(body)).await;
        assert_eq!(r.body["params"]["reason"], reason, "{}", r.body);
    }
    let level = mancala_search::Level::Beginner;
    let fixed = level
        .rating("oware")
        .expect("beginner's Oware rating is measured");
    // The catalogue lists it for the page to offer, and no rating where none was measured.
    let (_, cat) = s.get("/api/rules").await;
    let listed = |id: &str| {
        cat["levels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["id"] == id)
            .unwrap_or_else(|| panic!("level {id} listed: {cat}"))["ratings"]
            .clone()
    };
    assert_eq!(listed("beginner")["oware"], fixed.round(), "{cat}");
    for game in mancala_search::level::CALIBRATED {
        assert_eq!(
            listed("beginner")[game],
            level.rating(game).unwrap().round(),
            "{cat}"
        );
    }
    assert_eq!(listed("random"), json!({}), "{cat}");
    let c = a
        .send(
            &s,
            "POST",
            "/api/games",
            Some(json!({"game": "oware", "level": "beginner", "rated": true})),
        )
        .await;
    assert_eq!(c.status, 201, "{}", c.body);
    assert_eq!(c.body["state"]["rated"]["engine_rating"], fixed.round());
    assert_eq!(c.body["state"]["hints"], false);
    assert_eq!(c.body["state"]["takebacks"], false);
    let id = c.body["id"].as_str().unwrap().to_string();
    let token = c.body["token"].as_str().unwrap().to_string();
    // No takeback, no hint while it goes on.
    let (code, e) = s
        .post(&format!("/api/games/{id}/undo"), &json!({"token": token}))
        .await;
    assert_eq!(
        (code, e["code"].as_str()),
        (409, Some("rated-no-takeback")),
        "{e}"
    );
    assert_eq!(
        s.get_seat(&format!("/api/games/{id}/hint"), &token).await.1["code"],
        "hints-closed"
    );
    let (code, r) = s
        .post(&format!("/api/games/{id}/resign"), &json!({"token": token}))
        .await;
    assert_eq!(code, 200, "{r}");
    let (_, p) = s.get("/api/players/lale").await;
    let r = &p["ratings"][0];
    assert_eq!(r["pool"], "oware/untimed");
    // A loss to a player rated far below 1500 costs much.
    assert!(r["rating"].as_f64().unwrap() < 1400.0, "{p}");
    assert_eq!(r["games"], 1);
    // The computer has no account and no rating row: the leaderboard is the person's alone.
    let (_, board) = s.get("/api/leaderboard?pool=oware/untimed").await;
    assert_eq!(board["players"].as_array().unwrap().len(), 1, "{board}");
}

/// A reserved word is not "taken" by anyone: it has its own code, naming the name as typed;
/// a name another account has is `name-taken`.
#[tokio::test]
async fn a_name_that_could_pass_for_another_is_refused_and_one_alphabet_is_not() {
    let (s, _now, _d) = server().await;
    let s = &s;
    let signup = |name: &str| {
        let body = json!({"name": name, "password": "a long password"});
        async move {
            User::default()
                .send(s, "POST", "/api/account/signup", Some(body))
                .await
        }
    };
    // Full-width letters, a ligature, a Cyrillic а or a Greek ο among Latin letters.
    for name in ["ＡＬＩＣＥ", "ﬁrat", "\u{430}lice", "b\u{3bf}b"] {
        let a = signup(name).await;
        assert_eq!(
            (a.status, a.body["code"].as_str()),
            (400, Some("name-look-alike")),
            "{name}: {}",
            a.body
        );
        assert_eq!(a.body["params"]["name"], name);
    }
    // Any one alphabet, with digits, - and _.
    for name in ["Çağrı_7", "Ирина", "محمد٢", "Ελένη", "Jordi-Pujol"] {
        let a = signup(name).await;
        assert_eq!(a.status, 201, "{name}: {}", a.body);
    }
}

#[tokio::test]
async fn a_reserved_name_is_refused_as_reserved_not_as_taken() {
    let (s, _now, _d) = server().await;
    for name in ["south", "North", "computer", "Friend"] {
        let a = User::default()
            .send(
                &s,
                "POST",
                "/api/account/signup",
                Some(json!({"name": name, "password": "a long password"})),
            )
            .await;
        assert_eq!(a.status, 400, "{name}: {}", a.body);
        assert_eq!(a.body["code"], "name-reserved", "{name}: {}", a.body);
        assert_eq!(a.body["params"]["name"], name);
        assert!(a.body["error"].as_str().unwrap().contains("reserved"));
    }
    let body = json!({"name": "selin", "password": "a long password"});
    let a = User::default()
        .send(&s, "POST", "/api/account/signup", Some(body.clone()))
        .await;
    assert_eq!(a.status, 201, "{}", a.body);
    let b = User::default()
        .send(&s, "POST", "/api/account/signup", Some(body))
        .await;
    assert_eq!(
        (b.status, b.body["code"].as_str()),
        (409, Some("name-taken"))
    );
}

/// A leaderboard is of a game and a time category: a pool naming an unknown game, a game with
/// parameters it does not take, or an unknown category is refused; a known game with no rated
/// games yet is an empty board.
#[tokio::test]
async fn a_leaderboard_of_an_unknown_game_or_category_is_refused() {
    let (s, _now, _d) = server().await;
    for pool in [
        "chess/blitz",
        "modiar:seeds=99/blitz",
        "oware:nonsense=1/rapid",
        "el-mirall/blitz",
        "modiar/nonsense",
        "modiar",
    ] {
        let (st, e) = s.get(&format!("/api/leaderboard?pool={pool}")).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (400, Some("bad-pool")),
            "{pool}: {e}"
        );
        assert_eq!(e["params"]["pool"], pool);
    }
    let (st, b) = s.get("/api/leaderboard?pool=oware:pits=4/blitz").await;
    assert_eq!(st, 200, "{b}");
    assert_eq!(b["pool"], "oware:pits=4/blitz");
    assert_eq!(b["players"], json!([]));
}
