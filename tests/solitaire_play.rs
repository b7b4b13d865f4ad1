//! `mancala play el-mirall` and `mancala play stones-in-cups` through the real binary, fed
//! line by line on stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn play(game: &str, input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["play", game])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> String {
    assert!(
        o.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn el_mirall_played_to_the_end_announces_the_cycle() {
    let o = out(&play("el-mirall:pits=2,seeds=2", "A b\nAb\nB a\n"));
    assert!(o.contains("North:   1  3\nSouth:   1  3"), "{o}");
    assert!(o.contains("Back to the start after 3 moves."), "{o}");
    assert!(
        o.contains("That is the cycle length for 2 pits and 2 seeds"),
        "{o}"
    );
}

#[test]
fn el_mirall_board_shows_north_on_top_mirrored() {
    let o = out(&play("el-mirall:pits=3,seeds=1", "q\n"));
    assert!(
        o.contains("         c  b  a\nNorth:   1  1  1\nSouth:   1  1  1\n         A  B  C\n"),
        "{o}"
    );
}

#[test]
fn el_mirall_wrong_pit_is_refused_with_the_reason() {
    let o = out(&play(
        "el-mirall:pits=3,seeds=1",
        "A c\nC b\nB b\nB\nA z\nq\n",
    ));
    assert!(o.contains("South sowed A, North sowed c."), "{o}");
    assert!(
        o.contains(
            "Refused: South must sow B, not C: it is his left-most pit holding seeds (A is empty)."
        ),
        "{o}"
    );
    assert!(o.contains("Stopped after 2 moves."), "{o}");
    assert!(
        o.contains("Refused: a move is one sowing by each player"),
        "{o}"
    );
    assert!(
        o.contains("Refused: North has no pit z: his pits are a to c"),
        "{o}"
    );
}

#[test]
fn el_mirall_undo_and_help() {
    let o = out(&play("el-mirall:pits=2,seeds=2", "u\nA b\nu\nh\n?\nq\n"));
    assert!(o.contains("Nothing to undo"), "{o}");
    assert!(o.contains("Undone.\n\nMove 0\n"), "{o}");
    assert_eq!(o.matches("South sows his left-most pit").count(), 2, "{o}");
    assert!(o.contains("Stopped after 0 moves."), "{o}");
}

#[test]
fn stones_in_cups_played_to_the_end() {
    let o = out(&play(
        "stones-in-cups:cups=2,stones=1",
        "1\n0\n2\n1\nx\n1\n0\n",
    ));
    assert!(
        o.contains("Refused: cup 1 is not the one: the first move empties cup 0"),
        "{o}"
    );
    assert!(
        o.contains("Refused: there is no cup 2: the cups are 0 to 1."),
        "{o}"
    );
    assert!(o.contains("Refused: 'x' is not a cup"), "{o}");
    assert!(
        o.contains("Cup 1 sowed 2 stones; the last fell into cup 1."),
        "{o}"
    );
    assert!(o.contains("Back to the start after 4 moves."), "{o}");
    assert!(
        o.contains("That is the cycle length for 2 cups and 1 stone"),
        "{o}"
    );
}

#[test]
fn stones_in_cups_explains_which_cup_is_next() {
    let o = out(&play("stones-in-cups:cups=3,stones=1", "0\n2\nu\nu\nq\n"));
    assert!(
        o.contains("Refused: cup 2 is not the one: the last stone of the previous move fell into cup 1, so cup 1 is emptied next."),
        "{o}"
    );
    assert!(o.contains("Nothing to undo"), "{o}");
}

#[test]
fn input_ending_early_is_not_an_error() {
    let o = out(&play("stones-in-cups", "0\n"));
    assert!(
        o.starts_with("Stones in cups, 5 cups, 2 stones a cup."),
        "{o}"
    );
    assert!(o.contains("Input ended after 1 move."), "{o}");
}

#[test]
fn bad_parameters_are_one_line_and_status_2() {
    for (game, needle) in [
        ("el-mirall:pits=0", "pits=0"),
        ("el-mirall:pits=27", "pits=27"),
        ("el-mirall:cups=3", "cups"),
        ("stones-in-cups:stones=x", "stones=x"),
    ] {
        let o = play(game, "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{game}: {err}");
        assert!(o.stdout.is_empty());
        assert_eq!(err.trim_end().lines().count(), 1);
        assert!(err.contains(needle), "{err}");
    }
}
