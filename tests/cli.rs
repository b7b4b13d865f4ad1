//! The `mancala` command's contract (NOTATION.md), run through the real binary: the answer on the
//! last line of stdout; errors one line on stderr, exit status 2, nothing on stdout.

mod common;

use common::assert_error;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn mancala_stdin(args: &[&str], input: &str) -> Output {
    mancala_bytes(args, input.as_bytes())
}

fn answer(o: &Output) -> String {
    assert!(
        o.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone())
        .unwrap()
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

#[test]
fn perft_answers_on_the_last_line() {
    assert_eq!(answer(&mancala(&["perft", "modiar", "6"])), "522");
    assert_eq!(answer(&mancala(&["perft", "mangala-ii", "5"])), "6599");
    assert_eq!(answer(&mancala(&["perft", "mangala-ii", "0"])), "1");
    let d = mancala(&["perft", "modiar", "3", "--divide"]);
    assert_eq!(answer(&d), "26");
}

#[test]
fn perft_from_a_position() {
    // A position where every Modiar move is an illegal grand slam has no children.
    assert_eq!(
        answer(&mancala(&[
            "perft",
            "modiar",
            "3",
            "--position",
            "1-0-2-1-0-0-20-18-S"
        ])),
        "0"
    );
}

#[test]
fn replay_prints_the_position() {
    assert_eq!(
        answer(&mancala(&["replay", "modiar", "A"])),
        "2-8-8-8-8-8-0-0-N"
    );
    assert_eq!(
        answer(&mancala(&["replay", "mangala-ii", "A b"])),
        "1-8-7-7-7-7-7-0-7-7-7-7-0-0-S"
    );
    assert_eq!(
        answer(&mancala(&["replay", "mangala-ii", "A", "b"])),
        "1-8-7-7-7-7-7-0-7-7-7-7-0-0-S"
    );
    assert_eq!(answer(&mancala(&["replay", "modiar"])), "7-7-7-7-7-7-0-0-S");
}

#[test]
fn replay_json_reports_the_end_and_settles() {
    let o = mancala(&[
        "replay",
        "mangala-ii",
        "--json",
        "--position",
        "0-0-0-0-0-1-0-0-0-0-0-1-34-36-S",
        "F f A a B b C c D d E e",
    ]);
    let v: serde_json::Value = serde_json::from_str(&answer(&o)).unwrap();
    assert_eq!(v["position"], "0-0-0-0-0-0-0-0-0-0-0-0-35-37-S");
    assert_eq!(v["over"], true);
    assert_eq!(v["score"], serde_json::json!([35, 37]));
    assert_eq!(v["winner"], "north");
    // South's singleton cannot move: over at once, each side taking his own row.
    let o = mancala(&[
        "replay",
        "modiar",
        "--json",
        "--position",
        "1-0-0-1-0-0-20-20-S",
    ]);
    let v: serde_json::Value = serde_json::from_str(&answer(&o)).unwrap();
    assert_eq!(v["over"], true);
    assert_eq!(v["score"], serde_json::json!([21, 21]));
    assert_eq!(v["winner"], "draw");
    let o = mancala(&["replay", "modiar", "--json", "A"]);
    let v: serde_json::Value = serde_json::from_str(&answer(&o)).unwrap();
    assert_eq!(v["over"], false);
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["result"], serde_json::Value::Null);
    let o = mancala(&[
        "replay",
        "modiar",
        "--json",
        "--position",
        "1-1-0-3-2-1-18-16-S",
    ]);
    let v: serde_json::Value = serde_json::from_str(&answer(&o)).unwrap();
    assert_eq!(v["position"], "0-0-0-0-0-0-20-22-S");
    assert_eq!(v["winner"], "north");
    // The result says why, with the web API's code.
    assert_eq!(v["result"]["winner"], "north");
    assert_eq!(v["result"]["code"], "no-legal-move");
    assert_eq!(
        v["result"]["reason"],
        "the player to move has no legal move"
    );
}

#[test]
fn bad_input_is_a_one_line_error_with_status_2() {
    assert_error(
        &mancala(&["replay", "modiar", "--position", "7-7-7-7-7-7-0-S"]),
        "expected 9 fields",
    );
    assert_error(
        &mancala(&["replay", "modiar", "--position", "7-7-q-7-7-7-0-0-S"]),
        "pit C",
    );
    assert_error(
        &mancala(&["replay", "modiar", "--position", "7-7-7-7-7-7-0-1-S"]),
        "43",
    );
    assert_error(
        &mancala(&["replay", "modiar", "--position", "7-7-7-7-7-7-0-0-W"]),
        "side to move",
    );
    // Modiar's captures are 2, 4 or 6 at a time: odd ones are reached by no game.
    assert_error(
        &mancala(&["replay", "modiar", "--position", "1-0-0-0-0-0-41-0-S"]),
        "South's captures are 41, an odd number",
    );
    assert_error(&mancala(&["replay", "chess", "e4"]), "unknown game 'chess'");
    assert_error(&mancala(&["perft", "nim", "3"]), "unknown game 'nim'");
    assert_error(
        &mancala(&["replay", "modiar", "A", "B"]),
        "move 2 'B' is illegal",
    );
    assert_error(&mancala(&["replay", "modiar", "A", "a", "Z"]), "move 3");
    assert_error(&mancala(&["replay", "modiar", "D"]), "3 pits");
    assert_error(
        &mancala(&[
            "replay",
            "mangala-ii",
            "--position",
            "0-0-0-0-0-1-0-0-0-0-0-1-34-36-S",
            "F f A a B b C c D d E e F",
        ]),
        "already over",
    );
    assert_error(&mancala(&["replay", "modiar:pits=0"]), "pits");
    // The seeds a pit, bounded by what the board can hold (255 seeds in all).
    assert_error(
        &mancala(&["replay", "kalah:seeds=99"]),
        "game parameter seeds=99: must be from 1 to 21",
    );
    assert_error(
        &mancala(&["replay", "modiar:seeds=43"]),
        "game parameter seeds=43: must be from 1 to 42",
    );
    // What is repeated of a huge word is cut.
    let long = format!("{}:seeds=3", "x".repeat(100_000));
    let o = mancala(&["replay", &long]);
    assert_error(&o, "more characters");
    assert!(o.stderr.len() < 500, "{} bytes", o.stderr.len());
    assert_error(
        &mancala(&["replay", "modiar:colour=red"]),
        "no parameter 'colour'",
    );
    assert_error(&mancala(&["rules", "go"]), "unknown game");
    assert_error(&mancala(&["perft", "el-mirall", "2"]), "solitaire");
}

#[test]
fn illegal_move_message_lists_the_legal_moves() {
    let o = mancala(&["replay", "modiar", "--position", "6-5-2-1-0-0-14-14-S", "C"]);
    assert_error(&o, "grand slam");
    assert!(String::from_utf8_lossy(&o.stderr).contains("legal: A B"));
}

#[test]
fn games_and_rules_pages() {
    let out = String::from_utf8(mancala(&["games"]).stdout).unwrap();
    for id in "modiar mangala-ii oware kalah el-mirall stones-in-cups".split(' ') {
        assert!(out.contains(id), "{id} missing from games");
    }
    for id in ["modiar", "mangala-ii", "oware", "kalah"] {
        let page = String::from_utf8(mancala(&["rules", id]).stdout).unwrap();
        assert!(page.len() > 300 && page.contains("##"), "{id}: {page}");
    }
    let page = String::from_utf8(mancala(&["rules", "modiar"]).stdout).unwrap();
    for ruling in ["first move", "Grand slam", "Feeding", "Repetition", "21-21"] {
        assert!(page.contains(ruling), "modiar rules page lacks '{ruling}'");
    }
}

#[test]
fn rules_export_round_trips_through_a_rules_file() {
    let toml = String::from_utf8(mancala(&["rules", "--export", "mangala-ii"]).stdout).unwrap();
    assert!(toml.contains("pits = 6"));
    let dir = std::env::temp_dir().join(format!("mancala-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.toml");
    std::fs::write(&file, toml.replace("pits = 6", "pits = 4")).unwrap();
    let f = file.to_str().unwrap();
    // The same perft as the built-in game resized to 4 pits.
    let a = answer(&mancala(&["perft", "x", "5", "--rules", f]));
    let b = answer(&mancala(&["perft", "mangala-ii:pits=4", "5"]));
    assert_eq!(a, b);
    std::fs::write(&file, toml.replace("pits = 6", "pits = 9")).unwrap();
    assert_error(&mancala(&["perft", "x", "2", "--rules", f]), "'pits'");
    std::fs::write(
        &file,
        toml.replace("pass = true", "pass = true\ncolour = 1"),
    )
    .unwrap();
    assert_error(&mancala(&["perft", "x", "2", "--rules", f]), "colour");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn terminal_play_against_the_computer_to_the_end() {
    // South plays the first legal pit each turn via a script of many tries; the computer answers.
    let mut script = String::new();
    for _ in 0..200 {
        script.push_str("A\nB\nC\n");
    }
    let o = mancala_stdin(
        &["play", "modiar", "--ai", "greedy", "--seed", "7"],
        &script,
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("Game over"), "{out}");
    assert!(out.contains("North (greedy) plays"));
    assert!(out.contains("wins") || out.contains("Draw"));
}

#[test]
fn terminal_play_explains_a_wrong_pit_and_undoes() {
    let o = mancala_stdin(&["play", "modiar"], "a\nA\nu\nm\nq\n");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("Not played: 'a' is illegal: it is North's pit, and South is to move"),
        "{out}"
    );
    assert!(out.contains("Took back A"), "{out}");
    assert!(out.contains("Moves: none yet"), "{out}");
    // The board shows North's row on top, reversed: c b a.
    assert!(out.contains("   c    b    a"), "{out}");
}

#[test]
fn terminal_play_analyses_the_moves_so_far_as_the_analyze_command_does() {
    let o = mancala_stdin(&["play", "modiar"], "analyze\nA\nb\nanalyze\nq\n");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("Nothing to analyse yet"), "{out}");
    // The same lines as `mancala analyze` (the same depth and databases by default).
    let a = mancala(&["analyze", "modiar", "A", "b"]);
    let want = String::from_utf8_lossy(&a.stdout);
    for line in want.lines() {
        assert!(out.contains(line), "missing '{line}' in:\n{out}");
    }
    assert_eq!(want.lines().count(), 4, "{want}");
}

#[test]
fn ogn_written_by_replay_and_play_reads_back() {
    let dir = std::env::temp_dir().join(format!("mancala-ogn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("g.ogn");
    let fs = f.to_str().unwrap();
    let direct = answer(&mancala(&[
        "replay",
        "mangala-ii",
        "A b C d E",
        "--write-ogn",
        fs,
    ]));
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(
        text.contains("[Variant \"Mangala II\"]") && text.contains("1. A b"),
        "{text}"
    );
    // Read back, with the game named by the record, then continued with one more move.
    assert_eq!(answer(&mancala(&["replay", "--ogn", fs])), direct);
    let more = answer(&mancala(&["replay", "mangala-ii", "--ogn", fs, "f"]));
    assert_eq!(
        more,
        answer(&mancala(&["replay", "mangala-ii", "A b C d E f"]))
    );
    // A record of another game is refused.
    assert_error(&mancala(&["replay", "modiar", "--ogn", fs]), "OGN file");
    std::fs::write(&f, "[Variant \"Modiar\"]\n1. A a 2. Q *\n").unwrap();
    assert_error(&mancala(&["replay", "--ogn", fs]), "OGN file");
    // Terminal play writes its record on leaving.
    let g = dir.join("play.ogn");
    let o = mancala_stdin(
        &["play", "modiar", "--ogn", g.to_str().unwrap()],
        "A\na\nq\n",
    );
    assert!(o.status.success());
    let rec = std::fs::read_to_string(&g).unwrap();
    assert!(rec.contains("1. A a"), "{rec}");
    assert_eq!(
        answer(&mancala(&["replay", "--ogn", g.to_str().unwrap()])),
        answer(&mancala(&["replay", "modiar", "A a"]))
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_flags_are_one_line_errors() {
    assert_error(
        &mancala(&["perft", "modiar", "3", "--frobnicate"]),
        "--frobnicate",
    );
    assert_error(&mancala(&["perft", "modiar", "three"]), "three");
    assert_error(&mancala(&["nonsense"]), "nonsense");
    assert_error(&mancala(&["perft"]), "required");
    // A negative number is a value refused by its own check, not an unknown flag.
    for (args, needle) in [
        (&["best", "oware", "--depth", "-1"][..], "'-1' for '--depth"),
        (&["perft", "oware", "-1"], "'-1' for '<DEPTH>'"),
        (
            &["cycle", "el-mirall", "--pits", "-3", "--seeds", "2"],
            "--pits -3",
        ),
        // Flags of u64 too: told their range, not "invalid digit".
        (
            &["db", "build", "oware", "--threads", "-2"],
            "-2 is not in 1..=256",
        ),
        (
            &["best", "oware", "--time-ms", "-5"],
            "-5 is not in 1..=86400000",
        ),
        (
            &["match", "oware", "--games", "-1"],
            "-1 is not in 1..=1000000",
        ),
    ] {
        let o = mancala(args);
        assert_error(&o, needle);
        assert!(!String::from_utf8_lossy(&o.stderr).contains("unexpected argument"));
    }
    // Help still prints in full and succeeds.
    let h = mancala(&["--help"]);
    assert!(h.status.success() && String::from_utf8_lossy(&h.stdout).contains("perft"));
}

fn mancala_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = common::spawn_piped(args, Stdio::piped());
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("mancala-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A byte that is not UTF-8 ended the game and lost its record: now it is a message and the
/// game goes on, and the record holds every move.
#[test]
fn terminal_play_takes_bytes_that_are_not_text_in_its_stride() {
    let dir = scratch("play-bytes");
    let ogn = dir.join("p.ogn");
    let o = mancala_bytes(
        &["play", "modiar", "--ogn", ogn.to_str().unwrap()],
        b"C\n\xe9\na\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("not text"), "{out}");
    assert!(out.contains("Input ended"), "{out}");
    let text = std::fs::read_to_string(&ogn).unwrap();
    assert!(text.contains("1. C a"), "{text}");
    // The solitaires read their lines the same way.
    let o = mancala_bytes(&["play", "el-mirall:pits=2,seeds=1"], b"\xff\nq\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("Stopped after"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A record that could not be written at the end is refused before the first move.
#[test]
fn terminal_play_refuses_an_unwritable_record_at_once() {
    let dir = scratch("play-unwritable");
    let missing = dir.join("no-such-dir").join("p.ogn");
    let o = mancala(&["play", "modiar", "--ogn", missing.to_str().unwrap()]);
    assert_error(&o, "--ogn");
    let o = mancala(&["play", "modiar", "--ogn", dir.to_str().unwrap()]);
    assert_error(&o, "is a directory");
    // A solitaire has no record to write.
    assert_error(&mancala(&["play", "el-mirall", "--ogn", "x.ogn"]), "--ogn");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `mancala play modiar --ogn <ogn>`, its three streams piped.
fn play_modiar(ogn: &std::path::Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["play", "modiar", "--ogn", ogn.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Every way out of `play` writes the record: quit, the end of input, an error (standard
/// output closed under it) and Ctrl-C (the end of the game: terminal_play_against_the_computer).
#[test]
fn terminal_play_writes_the_record_whichever_way_it_ends() {
    let dir = scratch("play-ways-out");
    for (i, input) in ["C\nq\n", "C\n"].iter().enumerate() {
        let ogn = dir.join(format!("{i}.ogn"));
        let o = mancala_stdin(&["play", "modiar", "--ogn", ogn.to_str().unwrap()], input);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(std::fs::read_to_string(&ogn).unwrap().contains("1. C"));
    }
    // Standard output closed: writing fails at the first prompt after the move.
    let ogn = dir.join("closed.ogn");
    let mut child = play_modiar(&ogn);
    drop(child.stdout.take());
    let _ = child.stdin.take().unwrap().write_all(b"C\nq\n");
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("the game was saved"), "{err}");
    assert!(ogn.exists());
    // Ctrl-C at the prompt after a move: the record so far, then exit status 130.
    let ogn = dir.join("interrupted.ogn");
    let mut child = play_modiar(&ogn);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"C\n").unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !String::from_utf8_lossy(&seen).contains("North to move> ") {
        let mut buf = [0u8; 256];
        let n = std::io::Read::read(&mut stdout, &mut buf).unwrap();
        assert!(n > 0 && std::time::Instant::now() < deadline, "no prompt");
        seen.extend_from_slice(&buf[..n]);
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&o.stderr).contains("game saved"));
    assert!(std::fs::read_to_string(&ogn).unwrap().contains("1. C"));
    drop(stdin);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `rules` checks a game and its parameters as every other command does (it printed the page
/// of `modiar:seeds=999999`, `oware:pits=0` and `modiar:foo=1`).
#[test]
fn rules_refuses_what_the_other_commands_refuse() {
    for (spec, needle) in [
        ("modiar:seeds=999999", "seeds=999999"),
        ("oware:pits=0", "pits=0"),
        ("modiar:foo=1", "no parameter 'foo'"),
        ("kalah:pits=9", "pits=9"),
        ("el-mirall:pits=0", "pits=0"),
        ("stones-in-cups:pits=3", "no parameter 'pits'"),
    ] {
        assert_error(&mancala(&["rules", spec]), needle);
        // Refused as `play` refuses it (and `replay`, for a two-player game).
        assert_error(&mancala(&["play", spec]), needle);
        if !spec.starts_with("el-mirall") && !spec.starts_with("stones") {
            assert_error(&mancala(&["replay", spec]), needle);
        }
        assert_error(&mancala(&["rules", spec, "--export"]), needle);
    }
    // What the others accept, `rules` accepts.
    assert!(answer(&mancala(&["rules", "modiar:seeds=5", "--export"])).contains('='));
    assert!(
        mancala(&["rules", "el-mirall:pits=5,seeds=3"])
            .status
            .success()
    );
}

#[test]
fn the_terminal_hint_is_the_best_move_of_the_analysis() {
    for (game, moves) in [("modiar", "A b"), ("mangala-ii", "C d F"), ("oware", "A")] {
        let o = mancala_stdin(
            &["play", game],
            &format!("{moves}\nh\nq\n").replace(' ', "\n"),
        );
        let out = String::from_utf8_lossy(&o.stdout);
        let line = out
            .lines()
            .find_map(|l| l.split_once("Hint: "))
            .unwrap_or_else(|| panic!("no hint in:\n{out}"))
            .1;
        let hinted = line.split(':').next().unwrap().trim().to_string();
        let mut args = vec!["analyze", game, "--json"];
        args.extend(moves.split(' '));
        args.push(&hinted);
        let a = mancala(&args);
        assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
        let v: serde_json::Value = serde_json::from_slice(a.stdout.trim_ascii_end()).unwrap();
        let last = v["plies"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["best"], hinted.as_str(), "{game}: {line}\n{v}");
        assert_eq!(last["loss"], 0, "{game}: {line}");
        assert_eq!(last["mistake"], false);
    }
}

/// The terminal's move list numbers the moves as the record of the same game does: an extra
/// turn keeps the number, and a game North began starts at `1...`.
#[test]
fn terminal_move_list_numbers_the_moves_as_the_record_does() {
    let dir = scratch("move-numbers");
    let cases: [(&[&str], &str, &str); 2] = [
        // South's C ends in the store (move again), then F; a game North began, with c likewise.
        (&[], "C\nF\nc\nA\n", "1. C F c 2. A+6"),
        (
            &["--position", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N"],
            "c\nf\nA\n",
            "1... c 1... f 2. A",
        ),
    ];
    for (i, (position, moves, want)) in cases.into_iter().enumerate() {
        let ogn = dir.join(format!("g{i}.ogn"));
        let mut args = vec!["play", "kalah", "--ogn", ogn.to_str().unwrap()];
        args.extend_from_slice(position);
        let o = mancala_stdin(&args, &format!("{moves}m\nq\n"));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(out.contains("move again"), "{out}");
        let list = out
            .lines()
            .find_map(|l| l.split("Moves: ").nth(1))
            .unwrap_or_else(|| panic!("no move list: {out}"));
        // The record's movetext (after the tags' blank line), less its result.
        let rec = std::fs::read_to_string(&ogn).unwrap();
        let (_, text) = rec.split_once("\n\n").expect("tags, then moves");
        let words: Vec<&str> = text.split_whitespace().collect();
        let (result, moves_text) = words.split_last().unwrap();
        assert_eq!(*result, "*", "{rec}");
        assert_eq!(list, moves_text.join(" "), "{rec}");
        assert_eq!(list, want);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A resigned game's record, as the web app exports it, replays as over: the side that did not
/// resign won, and the result's code is the web API's (`resigned`).
#[test]
fn replay_json_of_a_resigned_record_says_who_won_and_why() {
    use mancala_core::{Game, Side, rules_for};
    let dir = scratch("resigned");
    let mut game = Game::new(rules_for(&"kalah".parse().unwrap()).unwrap());
    for m in ["C", "F", "c"] {
        game.play_str(m).unwrap();
    }
    let header = mancala_web::ogn::Header {
        south: "Ada",
        north: "Bo",
        event: "Casual game",
        date: 0,
    };
    for (loser, winner) in [(Side::North, "south"), (Side::South, "north")] {
        let f = dir.join(format!("{}.ogn", loser.name()));
        std::fs::write(
            &f,
            mancala_web::ogn::export(
                &game,
                Some(mancala_core::Stop::Resigned(loser)),
                &header,
                None,
            ),
        )
        .unwrap();
        let o = mancala(&["replay", "--ogn", f.to_str().unwrap(), "--json"]);
        let v: serde_json::Value = serde_json::from_str(&answer(&o)).unwrap();
        assert_eq!(v["over"], true, "{v}");
        assert_eq!(v["winner"], winner, "{v}");
        assert_eq!(v["result"]["winner"], winner, "{v}");
        assert_eq!(v["result"]["code"], "resigned", "{v}");
        assert_eq!(v["result"]["reason"], format!("{loser} resigned"), "{v}");
        assert_eq!(v["position"], game.position().to_string(), "{v}");
        // No move after a resignation; the record written again keeps it.
        assert_error(
            &mancala(&["replay", "kalah", "--ogn", f.to_str().unwrap(), "A"]),
            "already over",
        );
        let again = dir.join(format!("again-{}.ogn", loser.name()));
        let o = mancala(&[
            "replay",
            "--ogn",
            f.to_str().unwrap(),
            "--write-ogn",
            again.to_str().unwrap(),
        ]);
        assert!(o.status.success());
        let o = mancala(&["replay", "--ogn", again.to_str().unwrap(), "--json"]);
        let w: serde_json::Value = serde_json::from_str(&answer(&o)).unwrap();
        assert_eq!(w["result"], v["result"]);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Records are written atomically in the file's own folder (a bare name: the current one);
/// a write that fails leaves nothing behind.
#[test]
fn records_are_written_atomically_and_leave_nothing_on_failure() {
    let dir = scratch("atomic");
    let o = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["replay", "modiar", "A", "--write-ogn", "g.ogn"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(dir.join("g.ogn")).unwrap();
    assert!(text.contains("1. A"), "{text}");
    // Over a directory: an error naming the path, and no temporary file left.
    std::fs::create_dir(dir.join("d")).unwrap();
    let d = dir.join("d");
    assert_error(
        &mancala(&["replay", "modiar", "A", "--write-ogn", d.to_str().unwrap()]),
        d.to_str().unwrap(),
    );
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["d", "g.ogn"]);
    std::fs::remove_dir_all(&dir).ok();
}
