//! `mancala ugi` end to end through the real binary: scripted UGI and UCI (Aualé) sessions,
//! bad lines answered without a crash, and a whole game played by the engine against itself.

mod common;

use mancala_core::{Game, rules_for};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

fn mancala() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
}

/// Runs `mancala ugi <args> --no-book` (these sessions are about the protocol and the search;
/// tests/book_cli.rs and mancala-search's tests/book.rs have the book's) on `script` as a GUI does, a line at a time, waiting after each
/// `go` for its `bestmove` or error line (`quit` and the end of input stop a search at once), and returns its
/// stdout lines, checking it exits 0 and says nothing on stderr. A session still running
/// after a minute fails.
fn session(args: &[&str], script: &str) -> Vec<String> {
    let mut child = common::spawn_piped(&[&["ugi"], args, &["--no-book"]].concat(), Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    std::thread::spawn(move || {
        for line in stdout.lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut out = Vec::new();
    for line in script.lines() {
        // After `quit` the engine may be gone: later lines go nowhere.
        let _ = writeln!(stdin, "{line}").and_then(|_| stdin.flush());
        if line.starts_with("go") {
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                let l = rx.recv_timeout(left).unwrap_or_else(|_| {
                    let _ = child.kill();
                    panic!("no bestmove after '{line}': {out:?}")
                });
                // (A `go` that is refused answers with an error line instead.)
                let done = l.starts_with("bestmove ") || l.starts_with("info string error: ");
                out.push(l);
                if done {
                    break;
                }
            }
        }
    }
    drop(stdin);
    let status = wait_or_kill(&mut child, deadline);
    out.extend(rx.iter());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(status.success(), "exit {status:?}, stderr: {stderr}");
    assert!(stderr.is_empty(), "stderr: {stderr}");
    out
}

/// Waits for `child` to exit; past `deadline` kills it and fails the test.
fn wait_or_kill(child: &mut Child, deadline: Instant) -> std::process::ExitStatus {
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the engine still runs: killed");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The move of a `bestmove` line, checked to be legal after `moves` from the start of `game`.
fn legal_bestmove(game: &str, moves: &[&str], line: &str) -> String {
    let mv = line
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove line: {line}"));
    let mv = mv.split_whitespace().next().unwrap().to_string();
    let mut g = Game::new(rules_for(&game.parse().unwrap()).unwrap());
    for m in moves {
        g.play_str(m).unwrap();
    }
    assert!(
        g.play_str(&mv).is_ok(),
        "bestmove {mv} is not legal after {moves:?}"
    );
    mv
}

#[test]
fn ugi_scripted_session() {
    let out = session(
        &["oware"],
        "ugi\nisready\nuginewgame\nposition startpos moves C b\nquery p1turn\nquery gameover\nquery result\n\
         go depth 4\nposition startpos moves C b D\nquery p1turn\ngo p1time 2000 p2time 2000 p1inc 10 p2inc 10\n\
         position fen 0-0-0-0-0-0-0-0-0-0-0-1-23-24-S\nquery gameover\nquery result\ngo depth 3\nquit\nisready\n",
    );
    assert_eq!(
        out[0],
        "id name mancala 0.1.0 (Oware)".replace("0.1.0", env!("CARGO_PKG_VERSION"))
    );
    assert!(out[1].starts_with("id author "));
    assert_eq!(
        out[2],
        "option name Game type combo default oware var modiar var mangala-ii var oware var kalah"
    );
    assert!(out[3].starts_with("option name Hash type spin default 16"));
    assert_eq!(
        out[4],
        "option name Threads type spin default 1 min 1 max 256"
    );
    assert_eq!(out[5], "option name Book type check default false");
    let out = &out[2..];
    assert_eq!(
        &out[4..9],
        [
            "ugiok",
            "readyok",
            "response true",
            "response false",
            "response none"
        ]
    );
    assert!(out[9].starts_with("info depth 4 score cp "), "{}", out[9]);
    assert!(out[9].contains(" pv "), "{}", out[9]);
    legal_bestmove("oware", &["C", "b"], &out[10]);
    assert_eq!(out[11], "response false");
    assert!(out[12].starts_with("info depth "));
    legal_bestmove("oware", &["C", "b", "D"], &out[13]);
    // South, to move, has no seed: the game is over and North takes the seed of his row.
    assert_eq!(
        &out[14..],
        [
            "response true",
            "response p2win",
            "info string the game is over",
            "bestmove 0000"
        ]
    );
}

#[test]
fn ugi_uci_mode_speaks_auales_grammar() {
    let out = session(
        &[],
        "uci\nsetoption name Hash value 4\nisready\nucinewgame\nposition startpos\ngo movetime 50\n\
         position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N moves a\ngo wtime 1000 btime 1000 winc 0 binc 0\nstop\nponderhit\ndebug on\nquit\n",
    );
    assert_eq!(out.iter().filter(|l| *l == "uciok").count(), 1);
    let at = out.iter().position(|l| l == "uciok").unwrap();
    assert!(
        out[at - 3].starts_with("option name Hash type spin default 16"),
        "{out:?}"
    );
    assert!(out[at - 2].starts_with("option name Threads "), "{out:?}");
    assert!(out[at - 1].starts_with("option name Book "), "{out:?}");
    assert_eq!(out[at + 1], "readyok");
    assert!(out[at + 2].starts_with("info depth "));
    let first = legal_bestmove("oware", &[], &out[at + 3]);
    assert!(out[at + 3].starts_with(&format!("bestmove {first}")));
    assert!(out[at + 4].starts_with("info depth "));
    // From the set-up with North to move, after a: South to move.
    let line = &out[at + 5];
    let mv = line.split_whitespace().nth(1).unwrap();
    assert!(mv.chars().all(|c| c.is_ascii_uppercase()), "{line}");
    assert_eq!(out.len(), at + 6, "{out:?}");
}

#[test]
fn ugi_game_option_and_kalah_extra_turn() {
    let out = session(
        &["modiar"],
        "ugi\nsetoption name Game value kalah\nposition startpos moves C\nquery p1turn\ngo depth 3\n\
         setoption name Game value oware\nposition startpos moves C\nquery p1turn\n",
    );
    let ok = out.iter().position(|l| l == "ugiok").unwrap();
    assert!(out[ok - 4].contains("default modiar"), "{out:?}");
    // Kalah: C ends in South's store, so South moves again.
    assert_eq!(out[ok + 1], "response true");
    legal_bestmove("kalah", &["C"], &out[ok + 3]);
    assert_eq!(out[ok + 4], "response false");
}

#[test]
fn ugi_bad_lines_get_an_error_line_and_the_engine_goes_on() {
    let bad = [
        ("frobnicate", "unknown command 'frobnicate'"),
        ("position", "expected startpos or fen"),
        ("position fen", "the position is missing"),
        ("position fen 1-2-3", "expected 15 fields"),
        ("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-1-S", "add up to 49"),
        (
            "position startpos moves Z",
            "move 1 of the list: 'Z' is not a move",
        ),
        (
            "position startpos moves C C",
            "move 2 of the list: 'C' is illegal",
        ),
        ("position startpos C", "expected moves, not 'C'"),
        (
            "position middlegame",
            "expected startpos or fen, not 'middlegame'",
        ),
        ("go depth", "the plies is missing"),
        ("go depth x", "'x' is not a whole number"),
        ("go movetime 99999999999999999999999", "not a whole number"),
        ("go sideways", "unknown parameter 'sideways'"),
        ("query", "expected gameover, p1turn or result"),
        ("query foo", "unknown query 'foo'"),
        ("setoption", "expected 'setoption name"),
        ("setoption name Colour value red", "unknown option 'Colour'"),
        ("setoption name Game value chess", "unknown game 'chess'"),
        (
            "setoption name Game value el-mirall",
            "game 'el-mirall' is a solitaire, not a two-player game",
        ),
        ("setoption name Game", "the value is missing"),
        (
            "setoption name Hash value lots",
            "'lots' is not a whole number",
        ),
        ("setoption name Hash value 0", "not from 1 to"),
    ];
    let mut script = String::from("ugi\nposition startpos moves C\n");
    for (line, _) in &bad {
        script.push_str(line);
        script.push('\n');
    }
    script.push_str("\n   \nquery p1turn\nisready\n");
    let out = session(&[], &script);
    let errors: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect();
    assert_eq!(errors.len(), bad.len(), "{out:#?}");
    for ((line, why), got) in bad.iter().zip(errors) {
        assert!(
            got.contains(why),
            "'{line}' answered '{got}', expected '{why}'"
        );
    }
    // The position set before the bad lines is still there: North to move after C.
    assert_eq!(out[out.len() - 2], "response false");
    assert_eq!(out[out.len() - 1], "readyok");
}

#[test]
fn ugi_does_not_send_a_huge_line_back_whole() {
    let junk = "x".repeat(1 << 20);
    let out = session(
        &[],
        &format!(
            "ugi
{junk}
isready
"
        ),
    );
    let error = out
        .iter()
        .find(|l| l.starts_with("info string error: "))
        .expect("an error for the line");
    assert!(error.contains("unknown command 'xxx"), "{}", &error[..100]);
    assert!(
        error.len() < 600 && error.contains("more characters"),
        "{} bytes",
        error.len()
    );
    assert_eq!(out.last().unwrap(), "readyok");
}

#[test]
fn ugi_bytes_that_are_not_text_do_not_crash_it() {
    let mut child = mancala()
        .args(["ugi"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"\xff\xfe\x00garbage\nisready\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("info string error: unknown command"),
        "{text}"
    );
    assert!(text.ends_with("readyok\n"), "{text}");
}

#[test]
fn ugi_bad_command_line_exits_2_with_one_line() {
    for args in [
        &["ugi", "chess"][..],
        &["ugi", "--hash", "0"],
        &["ugi", "--rules", "/nonexistent/rules.toml"],
    ] {
        let out = mancala().args(args).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.trim_end().lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(game: &str) -> Engine {
        let mut child = mancala()
            .args(["ugi", game, "--no-book"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }
    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }
    /// Lines until one starting with `prefix` (returned).
    fn until(&mut self, prefix: &str) -> String {
        loop {
            let mut l = String::new();
            assert!(
                self.stdout.read_line(&mut l).unwrap() > 0,
                "the engine closed its output"
            );
            let l = l.trim_end().to_string();
            assert!(!l.starts_with("info string error"), "{l}");
            if l.starts_with(prefix) {
                return l;
            }
        }
    }
}

/// The engine plays a whole game of Kalah against itself the way a match runner drives it;
/// every move is legal and its end agrees with the rules core.
#[test]
fn ugi_plays_a_whole_game_the_way_a_match_runner_does() {
    let mut e = Engine::start("kalah");
    e.send("ugi");
    e.until("ugiok");
    e.send("uginewgame");
    let rules = rules_for(&"kalah".parse().unwrap()).unwrap();
    let mut game = Game::new(rules);
    let mut moves: Vec<String> = Vec::new();
    loop {
        if moves.is_empty() {
            e.send("position startpos");
        } else {
            e.send(&format!("position startpos moves {}", moves.join(" ")));
        }
        e.send("query gameover");
        let over = e.until("response ") == "response true";
        assert_eq!(over, game.is_over(), "after {moves:?}");
        if over {
            break;
        }
        e.send("query p1turn");
        let p1 = e.until("response ") == "response true";
        assert_eq!(p1, game.position().side() == mancala_core::Side::South);
        e.send("go depth 2");
        let mv = e
            .until("bestmove ")
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        game.play_str(&mv)
            .unwrap_or_else(|err| panic!("after {moves:?}: {err}"));
        moves.push(mv);
        assert!(moves.len() < 400, "the game does not end");
    }
    e.send("query result");
    let result = e.until("response ");
    let o = game.outcome().unwrap();
    let expected = match o.winner {
        Some(mancala_core::Side::South) => "response p1win",
        Some(mancala_core::Side::North) => "response p2win",
        None => "response draw",
    };
    assert_eq!(result, expected);
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// `go infinite` thinks until `stop`; meanwhile `isready` is answered at once; after the stop
/// the next search runs normally (the stop does not linger).
#[test]
fn ugi_stop_ends_an_infinite_search_and_isready_answers_while_it_thinks() {
    let mut e = Engine::start("mangala-ii");
    e.send("ugi");
    e.until("ugiok");
    e.send("position startpos");
    e.send("go infinite");
    e.send("isready");
    // `until` fails on an engine that answered anything else first (a bestmove would be
    // skipped over, so check that none came before readyok).
    let mut before = Vec::new();
    loop {
        let mut l = String::new();
        assert!(e.stdout.read_line(&mut l).unwrap() > 0);
        if l.trim_end() == "readyok" {
            break;
        }
        before.push(l);
    }
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "the infinite search ended by itself: {before:?}"
    );
    std::thread::sleep(std::time::Duration::from_millis(100));
    e.send("stop");
    let info = e.until("info depth ");
    let depth: u32 = info.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(depth >= 1, "{info}");
    legal_bestmove("mangala-ii", &[], &e.until("bestmove "));
    // The next search is not cut short by the earlier stop.
    e.send("go depth 7");
    let info = e.until("info depth ");
    assert!(info.starts_with("info depth 7 "), "{info}");
    legal_bestmove("mangala-ii", &[], &e.until("bestmove "));
    // `stop` with nothing running is ignored; `quit` ends the session.
    e.send("stop");
    e.send("isready");
    assert_eq!(e.until("readyok"), "readyok");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// `quit` and the end of input stop any search at once, a bounded one too (`go depth 99`
/// would take hours): the answer of the last depth completed comes, and the engine exits, so
/// a GUI that goes away never leaves it burning a core. Commands still waiting are dropped.
#[test]
fn ugi_quit_and_the_end_of_input_stop_any_search_at_once() {
    for (script, what) in [
        ("position startpos\ngo depth 99\nquit\n", "quit"),
        (
            "position startpos\ngo depth 99\nquery p1turn\n",
            "the end of input",
        ),
        (
            "position startpos\ngo infinite\nquit\n",
            "quit after go infinite",
        ),
    ] {
        let mut child = common::spawn_piped(&["ugi", "oware", "--no-book"], Stdio::null());
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(script.as_bytes()).unwrap();
        drop(stdin);
        let status = wait_or_kill(&mut child, Instant::now() + Duration::from_secs(20));
        assert!(status.success(), "{what}: {status:?}");
        let mut text = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        let out: Vec<&str> = text.lines().collect();
        assert_eq!(out.len(), 2, "{what}: {out:?}");
        assert!(out[0].starts_with("info depth "), "{what}: {out:?}");
        legal_bestmove("oware", &[], out[1]);
    }
}

/// Several search threads: the `Threads` option, checked like `Hash`.
#[test]
fn ugi_threads_option() {
    let out = session(
        &["kalah"],
        "setoption name Threads value 2\nposition startpos moves C\ngo depth 8\n\
         setoption name Threads value 0\nsetoption name Threads value many\nsetoption name Threads\nquit\n",
    );
    assert!(out[0].starts_with("info depth 8 "), "{out:?}");
    // After C South sows into his store and moves again.
    legal_bestmove("kalah", &["C"], &out[1]);
    assert_eq!(
        &out[2..],
        [
            "info string error: setoption Threads: 0 is not from 1 to 256",
            "info string error: setoption Threads: 'many' is not a whole number",
            "info string error: setoption Threads: the value is missing",
        ]
    );
}

/// Commands that come while the engine thinks are not lost and do not block `stop`: during an
/// infinite search any command stops it first; during a long bounded one they wait for its
/// answer, while a later `stop` still ends it.
#[test]
fn ugi_commands_during_a_search_wait_or_stop_it_and_never_block() {
    let mut e = Engine::start("oware");
    e.send("ugi");
    e.until("ugiok");
    e.send("position startpos");
    e.send("go infinite");
    e.send("query gameover");
    legal_bestmove("oware", &[], &e.until("bestmove "));
    assert_eq!(e.until("response "), "response false");
    // A bounded search far too long to finish: a query waits behind it, `stop` ends it, then
    // the query is answered, in that order.
    e.send("go depth 100");
    e.send("query p1turn");
    e.send("isready");
    std::thread::sleep(std::time::Duration::from_millis(50));
    e.send("stop");
    legal_bestmove("oware", &[], &e.until("bestmove "));
    assert_eq!(e.until("response "), "response true");
    assert_eq!(e.until("readyok"), "readyok");
    // A clock whose increment overflows the time arithmetic still gives a move.
    e.send("go p1time 1000 p2time 1000 p1inc 18446744073709551615 p2inc 0");
    legal_bestmove("oware", &[], &e.until("bestmove "));
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}
