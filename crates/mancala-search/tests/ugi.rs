//! The UGI protocol as a library, without the binary: sessions on in-memory input and output,
//! and on a pipe for a GUI that waits for each answer. Every session runs on a thread of its
//! own and is given a deadline, so an engine that does not stop fails the test instead of
//! hanging it.

use mancala_core::{Game, rules_for};
use mancala_search::ugi;
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Output shared between the session and the test.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }
}

/// Starts a session of `game` on `input`, the openings book off (these sessions are about
/// the search and the protocol; tests/book.rs has the book's); the receiver gets its result
/// when it ends.
fn start<R: Read + Send + 'static>(
    game: &str,
    input: R,
) -> (Shared, Receiver<std::io::Result<()>>) {
    let rules = rules_for(&game.parse().unwrap()).unwrap();
    let out = Shared::default();
    let (tx, rx) = channel();
    let sink = out.clone();
    std::thread::spawn(move || {
        let options = ugi::Options {
            hash_mib: 4,
            book: false,
            ..ugi::Options::default()
        };
        let _ = tx.send(ugi::run_with(rules, options, input, sink));
    });
    (out, rx)
}

/// Waits for the session to end, failing the test after `secs` seconds.
fn ended(rx: &Receiver<std::io::Result<()>>, secs: u64, what: &str) -> Duration {
    let t0 = Instant::now();
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(r) => r.unwrap(),
        Err(_) => panic!("{what}: the session still runs after {secs} s"),
    }
    t0.elapsed()
}

fn legal_after(game: &str, moves: &[&str], line: &str) {
    let mv = line
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove line: {line}"));
    let mut g = Game::new(rules_for(&game.parse().unwrap()).unwrap());
    for m in moves {
        g.play_str(m).unwrap();
    }
    assert!(g.play_str(mv).is_ok(), "{mv} is not legal after {moves:?}");
}

#[test]
fn a_scripted_session_is_answered_line_by_line() {
    let script = "ugi\nisready\nposition startpos moves C\nquery p1turn\nfrobnicate\n\
                  position fen 0-0-0-0-0-0-0-0-0-0-0-1-23-24-S\nquery gameover\nquery result\ngo depth 3\nquit\n";
    let (out, rx) = start("oware", script.as_bytes());
    ended(&rx, 60, "a short script");
    let lines = out.lines();
    let ok = lines.iter().position(|l| l == "ugiok").unwrap();
    assert!(lines[0].starts_with("id name mancala "), "{lines:?}");
    assert_eq!(
        &lines[ok + 1..],
        [
            "readyok",
            "response false",
            "info string error: unknown command 'frobnicate'",
            "response true",
            "response p2win",
            "info string the game is over",
            "bestmove 0000",
        ]
    );
}

/// `quit` during a search that would run for hours stops it at once: the answer of the last
/// depth completed comes, then the session ends, and the commands still waiting are dropped.
#[test]
fn quit_stops_a_long_bounded_search_at_once() {
    let script = "position startpos\ngo depth 99\nquery p1turn\nquit\n";
    let (out, rx) = start("oware", script.as_bytes());
    let took = ended(&rx, 20, "go depth 99 then quit");
    let lines = out.lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info depth "), "{lines:?}");
    legal_after("oware", &[], &lines[1]);
    // Not a measurement of speed, only that the stop did not wait for depth 99.
    assert!(took < Duration::from_secs(20));
}

/// The end of input (a GUI that went away) stops a bounded search too.
#[test]
fn end_of_input_stops_a_long_bounded_search_at_once() {
    let (out, rx) = start("mangala-ii", "go depth 99\n".as_bytes());
    ended(&rx, 20, "go depth 99 then the end of input");
    let lines = out.lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    legal_after("mangala-ii", &[], &lines[1]);
}

/// A GUI that waits for each answer: a bounded search answers in full, `isready` is answered
/// while an infinite one runs, `stop` ends it, and closing the pipe ends the session.
#[test]
fn a_gui_on_a_pipe_gets_each_answer_in_turn() {
    let (reader, mut writer) = std::io::pipe().unwrap();
    let (out, rx) = start("kalah", reader);
    let wait_for = |prefix: &str, count: usize| {
        let t0 = Instant::now();
        loop {
            let lines = out.lines();
            if lines.iter().filter(|l| l.starts_with(prefix)).count() >= count {
                return lines;
            }
            assert!(
                t0.elapsed() < Duration::from_secs(30),
                "no '{prefix}' after 30 s: {lines:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    writeln!(writer, "position startpos moves C\ngo depth 5").unwrap();
    let lines = wait_for("bestmove ", 1);
    assert!(lines[0].starts_with("info depth 5 "), "{lines:?}");
    legal_after("kalah", &["C"], &lines[1]);
    writeln!(writer, "go infinite\nisready").unwrap();
    let lines = wait_for("readyok", 1);
    assert_eq!(
        lines.len(),
        3,
        "the infinite search answered by itself: {lines:?}"
    );
    writeln!(writer, "stop").unwrap();
    let lines = wait_for("bestmove ", 2);
    legal_after("kalah", &["C"], &lines[4]);
    drop(writer);
    ended(&rx, 20, "the pipe closed");
    assert_eq!(out.lines().len(), 5);
}

/// With a data directory, the UGI engine plays perfectly where a database is built: here a
/// position where a shallow search picks another move than perfect play.
#[test]
fn the_engine_plays_from_the_databases_where_they_are_built() {
    let dir = tempfile::tempdir().unwrap();
    let rules = rules_for(&"modiar:seeds=5".parse().unwrap()).unwrap();
    let db = mancala_solver::Database::open(dir.path(), &rules).unwrap();
    db.build(rules.total_seeds(), None, &()).unwrap();
    let pos = rules.parse_position("5-1-6-6-6-6-0-0-N").unwrap();
    let best = db.solve(&pos).unwrap().best;
    let script = "position fen 5-1-6-6-6-6-0-0-N\ngo depth 2\n";
    let bestmove = |data: Option<std::path::PathBuf>| {
        let out = Shared::default();
        let (tx, rx) = channel();
        let (sink, rules) = (out.clone(), rules.clone());
        std::thread::spawn(move || {
            let _ = tx.send(ugi::run(rules, 4, data, script.as_bytes(), sink));
        });
        ended(&rx, 60, "a search from the databases");
        let line = out
            .lines()
            .into_iter()
            .find(|l| l.starts_with("bestmove "))
            .unwrap();
        line["bestmove ".len()..]
            .parse::<mancala_core::Move>()
            .unwrap()
    };
    let with_db = bestmove(Some(dir.path().to_path_buf()));
    assert!(best.contains(&with_db), "{with_db} is not among {best:?}");
    let without = bestmove(None);
    assert!(
        !best.contains(&without),
        "the position no longer tells them apart"
    );
}
