//! `mancala serve` stopped by a signal (Ctrl-C, SIGTERM) says so in one line on standard
//! error, as its start is said (docs/security.md). The server runs in a child process: this
//! test binary run again for [`serve_until_stopped`] alone, told by an environment variable.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Set (to a database path) in the child: [`serve_until_stopped`] serves there.
const CHILD: &str = "MANCALA_STOP_LOG_DB";

/// In the child only: `mancala_web::run` on a free loopback port until a signal, the address
/// printed on standard output once it listens.
#[test]
fn serve_until_stopped() {
    let Some(db) = std::env::var_os(CHILD) else {
        return;
    };
    let db = std::path::PathBuf::from(db);
    mancala_web::run(
        "127.0.0.1:0".parse().unwrap(),
        async move || mancala_web::Store::open(&db),
        mancala_web::ServeConfig::default(),
        |addr, _| {
            println!("open http://{addr}/");
        },
    )
    .expect("the server runs and stops cleanly");
}

/// Starts the child server, sends it `signal` once it listens, and returns its standard error.
#[cfg(unix)]
fn stderr_after(signal: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "serve_until_stopped",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, dir.path().join("games.sqlite"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the child server");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    // The address, after the test harness's own words on the same line.
    let mut line = String::new();
    let addr = loop {
        line.clear();
        if out.read_line(&mut line).unwrap() == 0 {
            let _ = child.kill();
            panic!("the child server did not start");
        }
        if let Some(i) = line.find("open http://") {
            break line[i + "open http://".len()..]
                .trim()
                .trim_end_matches('/');
        }
    };
    // It serves: a request is answered before the signal.
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    std::io::Write::write_all(
        &mut s,
        format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let sent = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let t0 = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if t0.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("the server did not stop on {signal}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "{signal}: {status}\n{err}");
    err
}

#[cfg(unix)]
#[test]
fn a_server_stopped_by_sigterm_or_ctrl_c_says_so_in_one_line() {
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    for (signal, named) in [("TERM", "SIGTERM"), ("INT", "Ctrl-C (SIGINT)")] {
        let err = stderr_after(signal);
        let lines: Vec<&str> = err
            .lines()
            .filter(|l| l.starts_with("stopped on"))
            .collect();
        assert_eq!(lines, [format!("stopped on {named}")], "{err}");
    }
}
