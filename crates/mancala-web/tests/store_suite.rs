//! The store suite: the same checks run against both stores, SQLite and PostgreSQL. The
//! PostgreSQL runs need a cluster (`MANCALA_TEST_POSTGRES`, set by scripts/test.sh after
//! starting a private one with scripts/pg-cluster.sh) and are ignored by a plain `cargo test`.

use mancala_web::changes::Changes;
use mancala_web::store::{GameRow, RoomRow, Store};
use std::sync::Arc;
use std::time::Duration;

fn game(id: &str, version: i64, moves: &str) -> GameRow {
    GameRow {
        id: id.into(),
        spec: "modiar".into(),
        start: "7-7-7-7-7-7-0-0-S".into(),
        moves: moves.into(),
        opponent: r#"{"kind":"local"}"#.into(),
        token_south: "tok".into(),
        token_north: "tok".into(),
        resigned: None,
        undo_request: Some("north".into()),
        version,
        created: 1_700_000_000,
        updated: 1_700_000_000 + version,
        extras: format!(r#"{{"draw_offer":"south","ended_ms":{version}}}"#),
    }
}

fn room(id: &str, version: u64) -> RoomRow {
    RoomRow {
        id: id.into(),
        pits: 6,
        seeds: 4,
        moves: version,
        pending: [true, false],
        errors: [2, 0],
        first_at: Some(1_700_000_000_123),
        gap_total: 250,
        gaps: 1,
        tokens: ["s".into(), "n".into()],
        version,
        created: 1_700_000_000_000,
        updated: 1_700_000_000_999,
    }
}

/// A fresh, empty database on the test cluster: its URL.
async fn fresh_postgres(name: &str) -> String {
    let admin = std::env::var("MANCALA_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!("MANCALA_TEST_POSTGRES is not set: scripts/test.sh starts a cluster (scripts/pg-cluster.sh) and sets it")
    });
    let (client, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .expect("connect to the test cluster");
    tokio::spawn(conn);
    let db = format!("suite_{name}_{}", std::process::id());
    client
        .batch_execute(&format!("DROP DATABASE IF EXISTS {db}"))
        .await
        .unwrap();
    client
        .batch_execute(&format!("CREATE DATABASE {db}"))
        .await
        .unwrap();
    format!("{}/{db}", admin.rsplit_once('/').unwrap().0)
}

/// Runs SQL on the database at `url` (to tamper with it as a careless operator would).
async fn sql(url: &str, text: &str) {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    client.batch_execute(text).await.unwrap();
}

async fn rows_and_versions(s: &Store) {
    assert_eq!(s.counts().await.unwrap(), (0, 0));
    assert_eq!(s.load_game("nope").await.unwrap(), None);
    let g = game("g1", 0, "");
    assert!(s.insert_game(&g).await.unwrap());
    // A second game of the same id is refused, the first untouched.
    assert!(!s.insert_game(&game("g1", 7, "A")).await.unwrap());
    assert_eq!(s.load_game("g1").await.unwrap(), Some(g.clone()));
    // Compare-and-set: from the stored version only.
    let next = game("g1", 1, "A");
    assert!(s.update_game(&next, 0).await.unwrap());
    assert!(
        !s.update_game(&game("g1", 1, "B"), 0).await.unwrap(),
        "a change from a version no longer stored"
    );
    assert!(!s.update_game(&game("g9", 1, "A"), 0).await.unwrap());
    assert_eq!(s.load_game("g1").await.unwrap(), Some(next));
    // Rooms.
    let r = room("r1", 0);
    assert!(s.insert_room(&r).await.unwrap());
    assert!(!s.insert_room(&room("r1", 5)).await.unwrap());
    assert_eq!(s.load_room("r1").await.unwrap(), Some(r));
    let mut r2 = room("r1", 1);
    r2.pending = [false, true];
    r2.first_at = None;
    assert!(s.update_room(&r2, 0).await.unwrap());
    assert!(!s.update_room(&room("r1", 2), 0).await.unwrap());
    assert_eq!(s.load_room("r1").await.unwrap(), Some(r2));
    assert_eq!(s.counts().await.unwrap(), (1, 1));
}

async fn paging(s: &Store) {
    let mut ids: Vec<String> = (0..23)
        .map(|i| format!("p{:02}x{}", 47 * i % 23, i % 3))
        .collect();
    for id in &ids {
        assert!(s.insert_game(&game(id, 0, "")).await.unwrap());
        assert!(s.insert_room(&room(id, 0)).await.unwrap());
    }
    ids.sort();
    let (mut seen, mut rooms, mut after) = (Vec::new(), Vec::new(), String::new());
    loop {
        let page = s.games_after(&after, 5).await.unwrap();
        let Some(last) = page.last() else { break };
        after = last.id.clone();
        seen.extend(page.into_iter().map(|g| g.id));
    }
    after.clear();
    loop {
        let page = s.rooms_after(&after, 4).await.unwrap();
        let Some(last) = page.last() else { break };
        after = last.id.clone();
        rooms.extend(page.into_iter().map(|r| r.id));
    }
    assert_eq!(seen, ids);
    assert_eq!(rooms, ids);
}

/// Many changes from the same version at once: exactly one is written.
async fn one_of_many_racing_changes_wins(s: Arc<Store>) {
    assert!(s.insert_game(&game("race", 0, "")).await.unwrap());
    let tasks: Vec<_> = (0..40)
        .map(|i| {
            let s = s.clone();
            tokio::spawn(async move {
                let moves = format!("m{i}");
                s.update_game(&game("race", 1, &moves), 0).await.unwrap()
            })
        })
        .collect();
    let mut won = 0;
    for t in tasks {
        won += t.await.unwrap() as usize;
    }
    assert_eq!(won, 1);
    assert_eq!(s.load_game("race").await.unwrap().unwrap().version, 1);
}

/// Accounts, logins, the throttle, players and a rated result, through the statements both
/// stores share.
async fn accounts_and_ratings(s: &Store) {
    use mancala_core::Side;
    use mancala_web::ratings::Pool;
    use mancala_web::store::accounts::{AccountRow, LoginRow, RatedEnd};
    let account = |id: &str, name: &str| AccountRow {
        id: id.into(),
        name: name.into(),
        name_key: name.to_lowercase(),
        password: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        created: 5,
    };
    let login = |id: &str, account: &str| LoginRow {
        id: id.into(),
        account: account.into(),
        csrf: format!("csrf-{id}"),
        created: 100,
    };
    assert!(
        s.insert_account(&account("a1", "Ana"), &login("l1", "a1"))
            .await
            .unwrap()
    );
    assert!(
        s.insert_account(&account("a2", "Bo"), &login("l2", "a2"))
            .await
            .unwrap()
    );
    // The same name in another case is refused, and its login not written.
    assert!(
        !s.insert_account(&account("a3", "ANA"), &login("l3", "a3"))
            .await
            .unwrap()
    );
    assert!(s.login("l3", 0).await.unwrap().is_none());
    let (l, a) = s.login("l1", 0).await.unwrap().expect("the login");
    assert_eq!((l.csrf.as_str(), a.name.as_str()), ("csrf-l1", "Ana"));
    // Too old a login is none.
    assert!(s.login("l1", 100).await.unwrap().is_none());
    assert_eq!(s.account_named("ana").await.unwrap().unwrap().id, "a1");
    // Attempts count in their window and start again after it.
    for n in 1..=3 {
        assert_eq!(s.attempt("k", 1_000, 500).await.unwrap(), n);
    }
    assert_eq!(s.attempts("k", 1_100, 500).await.unwrap(), (3, 1_000));
    assert_eq!(s.attempt("k", 1_600, 500).await.unwrap(), 1);
    s.clear_attempts("k").await.unwrap();
    assert_eq!(s.attempts("k", 1_600, 500).await.unwrap().0, 0);
    // A game of both accounts, finished and rated: counted once.
    let mut g = game("r1", 0, "");
    g.undo_request = None;
    assert!(
        s.insert_game_with(
            &g,
            &[(Side::South, "a1".into()), (Side::North, "a2".into())],
            None
        )
        .await
        .unwrap()
    );
    let end = RatedEnd {
        pool: Pool::of("modiar", None),
        south_score: 1.0,
        engine: None,
        at: 7,
    };
    let mut next = g.clone();
    next.version = 1;
    assert!(
        !s.update_game_rated(&next, 5, &end).await.unwrap(),
        "a stale version"
    );
    assert!(s.update_game_rated(&next, 0, &end).await.unwrap());
    let mut again = next.clone();
    again.version = 2;
    assert!(s.update_game_rated(&again, 1, &end).await.unwrap());
    let r = s.ratings_of("a1").await.unwrap();
    assert_eq!((r.len(), r[0].games), (1, 1), "{r:?}");
    assert!(r[0].glicko.rating > 1500.0);
    assert!(s.ratings_of("a2").await.unwrap()[0].glicko.rating < 1500.0);
    let p = s.players("r1", "modiar/untimed").await.unwrap();
    assert_eq!(p.len(), 2);
    assert!(p.iter().all(|p| p.change.is_some() && p.rating.is_some()));
    let board = s.leaderboard("modiar/untimed", 110.0, 10).await.unwrap();
    assert_eq!(board[0].0, "Ana");
    assert_eq!(s.games_of("a2", 10).await.unwrap()[0].1, Side::North);
    assert_eq!(s.history("a1").await.unwrap().len(), 1);
    // Deleting an account takes its name off the game.
    s.delete_account("a1").await.unwrap();
    let p = s.players("r1", "").await.unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].name, "Bo");
    assert!(s.login("l1", 0).await.unwrap().is_none());
    assert!(s.ratings_of("a1").await.unwrap().is_empty());
}

#[tokio::test]
async fn sqlite_accounts_and_ratings() {
    accounts_and_ratings(&Store::in_memory().unwrap()).await;
}

#[tokio::test]
#[ignore = "needs MANCALA_TEST_POSTGRES (scripts/test.sh starts a cluster)"]
async fn postgres_accounts_and_ratings() {
    let url = fresh_postgres("accounts").await;
    accounts_and_ratings(&Store::connect(&url).await.unwrap()).await;
}

#[tokio::test]
async fn sqlite_rows_and_versions() {
    rows_and_versions(&Store::in_memory().unwrap()).await;
}

#[tokio::test]
async fn sqlite_paging() {
    paging(&Store::in_memory().unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_one_of_many_racing_changes_wins() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&dir.path().join("g.sqlite")).unwrap();
    one_of_many_racing_changes_wins(Arc::new(s)).await;
}

#[tokio::test]
async fn sqlite_a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.sqlite");
    drop(Store::open(&path).unwrap());
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("PRAGMA user_version = 99")
        .unwrap();
    let e = Store::open(&path).err().expect("refused").to_string();
    assert!(e.contains("newer version (schema 99"), "{e}");
}

#[tokio::test]
#[ignore = "needs MANCALA_TEST_POSTGRES (scripts/test.sh starts a cluster)"]
async fn postgres_rows_and_versions() {
    let url = fresh_postgres("rows").await;
    rows_and_versions(&Store::connect(&url).await.unwrap()).await;
    // Reopened (a restart): the same rows, the schema not made again.
    let s = Store::connect(&url).await.unwrap();
    assert_eq!(s.counts().await.unwrap(), (1, 1));
    assert_eq!(s.load_game("g1").await.unwrap().unwrap().moves, "A");
}

#[tokio::test]
#[ignore = "needs MANCALA_TEST_POSTGRES (scripts/test.sh starts a cluster)"]
async fn postgres_paging() {
    paging(
        &Store::connect(&fresh_postgres("paging").await)
            .await
            .unwrap(),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs MANCALA_TEST_POSTGRES (scripts/test.sh starts a cluster)"]
async fn postgres_one_of_many_racing_changes_wins() {
    let url = fresh_postgres("race").await;
    one_of_many_racing_changes_wins(Arc::new(Store::connect(&url).await.unwrap())).await;
}

#[tokio::test]
#[ignore = "needs MANCALA_TEST_POSTGRES (scripts/test.sh starts a cluster)"]
async fn postgres_a_newer_schema_or_a_foreign_database_is_refused() {
    let url = fresh_postgres("newer").await;
    drop(Store::connect(&url).await.unwrap());
    sql(&url, "UPDATE mancala_schema SET version = 99").await;
    let e = Store::connect(&url)
        .await
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("newer version (schema 99"), "{e}");
    let url = fresh_postgres("foreign").await;
    sql(&url, "CREATE TABLE games (x int)").await;
    let e = Store::connect(&url)
        .await
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("database of something else"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs MANCALA_TEST_POSTGRES (scripts/test.sh starts a cluster)"]
async fn postgres_servers_started_together_migrate_once() {
    let url = fresh_postgres("together").await;
    let opens: Vec<_> = (0..6)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move { Store::connect(&url).await.map(|_| ()) })
        })
        .collect();
    for o in opens {
        o.await.unwrap().expect("every server starts");
    }
    let s = Store::connect(&url).await.unwrap();
    assert_eq!(s.counts().await.unwrap(), (0, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs MANCALA_TEST_POSTGRES (scripts/test.sh starts a cluster)"]
async fn postgres_a_change_through_one_store_wakes_the_polls_of_another() {
    let url = fresh_postgres("notify").await;
    let a = Store::connect(&url).await.unwrap();
    let b = Store::connect(&url).await.unwrap();
    let changes = Arc::new(Changes::default());
    a.listen(changes.clone());
    assert!(b.insert_game(&game("n1", 0, "")).await.unwrap());
    let mut rx = changes.subscribe("game:n1");
    // The listening connection may still be starting: change until it is heard, at most 5 s.
    let mut heard = false;
    for v in 0..50 {
        assert!(b.update_game(&game("n1", v + 1, "A"), v).await.unwrap());
        if tokio::time::timeout(Duration::from_millis(100), rx.changed())
            .await
            .is_ok()
        {
            heard = true;
            break;
        }
    }
    assert!(heard, "no notification reached the other store");
    // Once listening (when it starts, every poll is woken once: something may have been
    // missed before), a change is heard within a second, and only by its own key.
    let other = changes.subscribe("game:n2");
    let v = b.load_game("n1").await.unwrap().unwrap().version;
    let t0 = std::time::Instant::now();
    assert!(b.update_game(&game("n1", v + 1, "A a"), v).await.unwrap());
    tokio::time::timeout(Duration::from_secs(1), rx.changed())
        .await
        .expect("heard within a second")
        .unwrap();
    assert!(t0.elapsed() < Duration::from_secs(1));
    assert!(
        !other.has_changed().unwrap(),
        "another game's poll was woken"
    );
    // Rooms too.
    assert!(b.insert_room(&room("r1", 0)).await.unwrap());
    let mut rr = changes.subscribe("mirall:r1");
    assert!(b.update_room(&room("r1", 1), 0).await.unwrap());
    tokio::time::timeout(Duration::from_secs(1), rr.changed())
        .await
        .expect("a room's change heard within a second")
        .unwrap();
}

/// `store copy`: SQLite to PostgreSQL and back, equal row for row; a second run copies
/// nothing; a differing row in the target stops the copy without overwriting it.
#[tokio::test]
#[ignore = "needs MANCALA_TEST_POSTGRES (scripts/test.sh starts a cluster)"]
async fn postgres_copy_from_sqlite_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = Store::open(&dir.path().join("a.sqlite")).unwrap();
    // Real games (they must replay) and rooms.
    let mut ids = Vec::new();
    for (i, moves) in ["", "A", "A a", "B", "C a A"].iter().enumerate() {
        let mut g = game(&format!("c{i}"), i as i64, moves);
        g.undo_request = None;
        assert!(file.insert_game(&g).await.unwrap());
        ids.push(g);
        assert!(
            file.insert_room(&room(&format!("c{i}"), i as u64))
                .await
                .unwrap()
        );
    }
    // An account playing a game, rated: copied with the games.
    let acc = mancala_web::store::accounts::AccountRow {
        id: "acc1".into(),
        name: "Ana".into(),
        name_key: "ana".into(),
        password: "$argon2id$x".into(),
        created: 9,
    };
    let l = mancala_web::store::accounts::LoginRow {
        id: "l".into(),
        account: "acc1".into(),
        csrf: "c".into(),
        created: 9,
    };
    assert!(file.insert_account(&acc, &l).await.unwrap());
    file.add_player("c1", mancala_core::Side::South, "acc1", 9)
        .await
        .unwrap();
    let pg = Store::connect(&fresh_postgres("copy").await).await.unwrap();
    let r = mancala_web::copy::copy(&file, &pg, |_| {}).await.unwrap();
    assert_eq!(pg.account_named("ana").await.unwrap(), Some(acc.clone()));
    assert_eq!(pg.games_of("acc1", 5).await.unwrap()[0].0.id, "c1");
    assert_eq!((r.games_copied, r.rooms_copied), (5, 5));
    assert_eq!((r.games_in_target, r.rooms_in_target), (5, 5));
    for g in &ids {
        assert_eq!(pg.load_game(&g.id).await.unwrap().as_ref(), Some(g));
    }
    let again = mancala_web::copy::copy(&file, &pg, |_| {}).await.unwrap();
    assert_eq!((again.games_copied, again.games_already_there), (0, 5));
    let back = Store::open(&dir.path().join("b.sqlite")).unwrap();
    let r = mancala_web::copy::copy(&pg, &back, |_| {}).await.unwrap();
    assert_eq!((r.games_copied, r.rooms_copied), (5, 5));
    // A target whose game differs: refused, and that game left as it was.
    let other = Store::connect(&fresh_postgres("copy2").await)
        .await
        .unwrap();
    let theirs = game("c3", 9, "A");
    assert!(other.insert_game(&theirs).await.unwrap());
    let e = mancala_web::copy::copy(&file, &other, |_| {})
        .await
        .expect_err("a conflict")
        .to_string();
    assert!(e.contains("'c3' that differs"), "{e}");
    assert_eq!(other.load_game("c3").await.unwrap(), Some(theirs));
}

/// A game that does not replay in the source stops the copy before it is written.
#[tokio::test]
async fn sqlite_copy_refuses_a_game_that_does_not_replay() {
    let a = Store::in_memory().unwrap();
    let b = Store::in_memory().unwrap();
    assert!(a.insert_game(&game("ok", 1, "A")).await.unwrap());
    assert!(a.insert_game(&game("zz", 2, "A A")).await.unwrap());
    let e = mancala_web::copy::copy(&a, &b, |_| {})
        .await
        .expect_err("refused")
        .to_string();
    assert!(
        e.contains("'zz'") && e.contains("cannot be replayed"),
        "{e}"
    );
    assert_eq!(b.load_game("zz").await.unwrap(), None);
}
