//! `mancala best` and `mancala match`, run as the real binary (NOTATION.md contract: the
//! answer is the last line of stdout; errors are one line on stderr with exit status 2).

use mancala_core::{Game, rules_for};
use std::process::{Command, Output};

/// The command, blind to any databases of the machine it runs on (`best` uses them by
/// default), so the answers do not depend on it.
fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env(
            "MANCALA_DATA",
            std::env::temp_dir().join("mancala-search-cli-no-data"),
        )
        .output()
        .expect("the binary runs")
}

fn last_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

fn assert_clean_error(out: &Output, needle: &str) {
    assert_eq!(
        out.status.code(),
        Some(2),
        "exit status; stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "'{needle}' not in: {err}");
}

/// The answer of `mancala best mangala-ii --position POS --depth DEPTH MORE... --json`, which
/// must succeed.
fn best_json(pos: &str, depth: &str, more: &[&str]) -> serde_json::Value {
    let mut args = vec!["best", "mangala-ii", "--position", pos, "--depth", depth];
    args.extend_from_slice(more);
    args.push("--json");
    let out = mancala(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&last_line(&out)).unwrap()
}

#[test]
fn best_json_gives_a_legal_move_and_a_legal_line() {
    let pos = "2-2-2-2-2-2-2-17-1-13-0-15-8-4-S";
    let v = best_json(pos, "7", &[]);
    assert_eq!(v["depth"], 7);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["score"].is_i64());
    let rules = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
    let mut game = Game::from_position(rules.clone(), rules.parse_position(pos).unwrap());
    let pv: Vec<&str> = v["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(pv[0], v["best"].as_str().unwrap());
    for m in pv {
        game.play_str(m).unwrap();
    }
}

#[test]
fn best_at_a_fixed_depth_is_reproducible() {
    let args = [
        "best",
        "oware",
        "--position",
        "9-0-2-11-0-0-1-0-10-3-0-10-0-2-S",
        "--depth",
        "9",
        "--json",
    ];
    let a = mancala(&args);
    let b = mancala(&args);
    assert!(a.status.success());
    assert_eq!(last_line(&a), last_line(&b));
}

#[test]
fn best_finds_the_winning_capture() {
    // F takes the two counters of a and wins by 4; E loses by 8.
    let out = mancala(&[
        "best",
        "mangala-ii",
        "--position",
        "0-0-0-0-3-1-1-0-0-0-0-1-32-34-S",
        "--depth",
        "40",
    ]);
    assert!(out.status.success());
    assert_eq!(
        last_line(&out)
            .split_whitespace()
            .take(4)
            .collect::<Vec<_>>(),
        ["best", "F", "score", "+4"]
    );
}

#[test]
fn best_with_a_time_limit_answers() {
    let out = mancala(&["best", "modiar", "--time-ms", "50", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
    assert!(["A", "B", "C"].contains(&v["best"].as_str().unwrap()));
}

#[test]
fn best_refuses_bad_input() {
    assert_clean_error(
        &mancala(&["best", "modiar", "--position", "7-7-7-7-7-x-0-0-S"]),
        "pit c",
    );
    // Over: only singletons on South's side and nothing to move.
    assert_clean_error(
        &mancala(&["best", "modiar", "--position", "1-1-0-0-0-0-20-20-S"]),
        "the game is over",
    );
    assert_clean_error(&mancala(&["best", "nosuchgame"]), "unknown game");
    for bad in ["0", "x", "257"] {
        assert_clean_error(
            &mancala(&["best", "oware", "--depth", "4", "--threads", bad]),
            "--threads",
        );
    }
    for bad in ["0", "x", "5000"] {
        assert_clean_error(
            &mancala(&["best", "oware", "--depth", "4", "--hash", bad]),
            "--hash",
        );
    }
}

#[test]
fn best_with_several_threads_answers_a_legal_move_at_the_depth_asked() {
    let pos = "2-2-2-2-2-2-2-17-1-13-0-15-8-4-S";
    let v = best_json(pos, "10", &["--threads", "2", "--no-db"]);
    assert_eq!(v["depth"], 10);
    let rules = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
    let p = rules.parse_position(pos).unwrap();
    let best = rules.parse_move(v["best"].as_str().unwrap()).unwrap();
    assert!(rules.legal_moves(&p).contains(best));
    // The text form names the number of threads.
    let out = mancala(&[
        "best",
        "oware",
        "--depth",
        "6",
        "--threads",
        "2",
        "--no-db",
        "--no-book",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 threads"));
}

#[test]
fn match_reports_every_game_and_an_elo() {
    let out = mancala(&[
        "match", "modiar", "--a", "ab:6", "--b", "random", "--games", "6", "--seed", "3", "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
    let (w, d, l) = (
        v["wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
        v["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 6);
    assert!(w >= 5, "ab:6 should beat random: {v}");
    // Same seed, deterministic players: the same match.
    let again = mancala(&[
        "match", "modiar", "--a", "ab:6", "--b", "random", "--games", "6", "--seed", "3", "--json",
    ]);
    assert_eq!(last_line(&out), last_line(&again));
    // The text form ends with the Elo line.
    let text = mancala(&[
        "match", "modiar", "--a", "greedy", "--b", "greedy", "--games", "2",
    ]);
    assert!(last_line(&text).contains("Elo"), "{}", last_line(&text));
}

#[test]
fn match_writes_ogn_and_never_overwrites() {
    let dir = std::env::temp_dir().join(format!("mancala-search-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.ogn");
    let _ = std::fs::remove_file(&file);
    let f = file.to_str().unwrap();
    let args = [
        "match",
        "mangala-ii",
        "--a",
        "greedy",
        "--b",
        "ab:2",
        "--games",
        "2",
        "--ogn",
        f,
    ];
    let out = mancala(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("[Variant \"Mangala II\"]").count(), 2);
    assert!(text.contains("[Result \"") && text.contains("1. "));
    // Each game reads back through the record parser and replays to its stated result.
    let rules = rules_for(&"mangala-ii".parse().unwrap()).unwrap();
    for chunk in text.split("[Variant").skip(1) {
        let rec = mancala_core::record::Record::parse(&format!("[Variant{chunk}")).unwrap();
        let game = rec.to_game(&rules).unwrap();
        assert!(game.plies().len() >= 4, "{chunk}");
        assert_eq!(rec.tag("Result"), Some(rec.result.as_str()));
        assert!(rec.moves.last().unwrap().comment.is_some(), "{chunk}");
    }
    // The commands read such a file too: the game chosen by --index, and without it a clear
    // refusal naming how many games it holds.
    let records = mancala_core::record::Record::parse_all(&text).unwrap();
    assert_eq!(records.len(), 2);
    for (i, rec) in records.iter().enumerate() {
        let want = rec.to_game(&rules).unwrap().final_position().to_string();
        let n = (i + 1).to_string();
        let out = mancala(&["replay", "--ogn", f, "--index", &n]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(last_line(&out), want);
    }
    assert_clean_error(
        &mancala(&["replay", "--ogn", f]),
        "holds 2 games: choose one with --index",
    );
    assert_clean_error(
        &mancala(&["replay", "--ogn", f, "--index", "3"]),
        "--index 3",
    );
    assert_clean_error(&mancala(&["analyze", "--ogn", f]), "holds 2 games");
    let again = mancala(&args);
    assert_clean_error(&again, "exists");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_refuses_unknown_players() {
    assert_clean_error(
        &mancala(&[
            "match", "modiar", "--a", "deepblue", "--b", "random", "--games", "2",
        ]),
        "deepblue",
    );
    assert_clean_error(
        &mancala(&["match", "modiar", "--a", "ab:depth=x", "--b", "random"]),
        "not a whole number",
    );
}

#[test]
fn play_accepts_the_levels() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "play",
            "mangala-ii",
            "--ai",
            "intermediate",
            "--ai-side",
            "south",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("intermediate"));
    assert_clean_error(
        &mancala(&["play", "modiar", "--ai", "grandmaster"]),
        "unknown player 'grandmaster'",
    );
}

/// The command with a deadline: killed and failed if it still runs after `secs` seconds.
fn mancala_within(args: &[&str], secs: u64) -> Output {
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env(
            "MANCALA_DATA",
            std::env::temp_dir().join("mancala-search-cli-no-data"),
        )
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(secs);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} still runs after {secs} s: killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Boards where every opening move ends the game (one pit a row) were searched for ever for
/// openings, even with `--opening-plies 0`: now the openings stop short and the match is played.
#[test]
fn match_finishes_where_openings_cannot_be_found() {
    for game in [
        "kalah:pits=1,seeds=1",
        "modiar:pits=1,seeds=2",
        "mangala-ii:pits=1,seeds=1",
    ] {
        for plies in [None, Some("0")] {
            let mut args = vec![
                "match", game, "--a", "random", "--b", "random", "--games", "2", "--json",
            ];
            if let Some(p) = plies {
                args.extend(["--opening-plies", p]);
            }
            let out = mancala_within(&args, 60);
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let v: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
            assert_eq!(v["games"], 2, "{args:?}: {v}");
        }
    }
}

/// A rules file whose start is already over leaves no game to play: said at once.
#[test]
fn match_refuses_a_game_whose_start_is_over() {
    let dir = std::env::temp_dir().join(format!("mancala-match-over-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let export = mancala(&["rules", "kalah", "--export"]);
    let text = String::from_utf8(export.stdout).unwrap();
    assert!(text.contains("min-seeds = 1"));
    // No pit holds the 5 seeds a move needs: no move at the start, so the game is over.
    let file = dir.join("stuck.toml");
    std::fs::write(&file, text.replace("min-seeds = 1", "min-seeds = 5")).unwrap();
    let ogn = dir.join("never.ogn");
    let f = file.to_str().unwrap();
    for plies in ["0", "4"] {
        let out = mancala_within(
            &[
                "match",
                "x",
                "--rules",
                f,
                "--a",
                "random",
                "--b",
                "random",
                "--games",
                "2",
                "--opening-plies",
                plies,
                "--ogn",
                ogn.to_str().unwrap(),
            ],
            60,
        );
        assert_clean_error(&out, "already over");
        assert!(!ogn.exists(), "a record file without a game");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Games played at once end out of order; the record file still has them in order, each
/// written as the games before it are (nothing kept but what waits for an earlier game). A
/// record file that cannot be created is refused before any game.
#[test]
fn match_streams_its_records_in_order() {
    let dir = std::env::temp_dir().join(format!("mancala-match-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.ogn");
    let out = mancala_within(
        &[
            "match",
            "kalah:pits=3,seeds=2",
            "--a",
            "random",
            "--b",
            "greedy",
            "--games",
            "12",
            "--threads",
            "3",
            "--ogn",
            file.to_str().unwrap(),
            "--json",
        ],
        120,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let rounds: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[Round \""))
        .map(|l| l.trim_end_matches("\"]"))
        .collect();
    let expected: Vec<String> = (1..=12).map(|i| i.to_string()).collect();
    assert_eq!(rounds, expected);
    let v: serde_json::Value = serde_json::from_str(&last_line(&out)).unwrap();
    assert_eq!(v["games"], 12);
    let nowhere = dir.join("no-such-dir").join("games.ogn");
    let out = mancala_within(
        &[
            "match",
            "modiar",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "1000000",
            "--ogn",
            nowhere.to_str().unwrap(),
        ],
        30,
    );
    assert_clean_error(&out, "--ogn");
    std::fs::remove_dir_all(&dir).unwrap();
}
