//! Rules files on the command line, through the real binary: `--rules` on perft, replay and
//! ugi, `rules --export` read back, the documented variants, and bad files refused with one line
//! on stderr naming the parameter, exit status 2 and nothing on stdout.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .unwrap()
}

/// The last line of stdout of a successful run.
fn answer(args: &[&str]) -> String {
    let out = mancala(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {err}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

/// The one-line error of a run that must fail.
fn refusal(args: &[&str]) -> String {
    let out = mancala(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?} should fail with status 2"
    );
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: not one line: {err}"
    );
    assert!(err.starts_with("error: "), "{err}");
    err
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-rulesfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn variant(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/mancala-core/rules/variants")
        .join(format!("{name}.toml"))
}

#[test]
fn rules_export_reads_back_on_every_command() {
    for game in ["modiar", "mangala-ii", "oware", "kalah"] {
        let out = mancala(&["rules", game, "--export"]);
        assert!(out.status.success());
        let file = scratch(
            &format!("{game}.toml"),
            &String::from_utf8(out.stdout).unwrap(),
        );
        for d in ["1", "4"] {
            assert_eq!(
                answer(&["perft", game, d, "--rules", s(&file)]),
                answer(&["perft", game, d]),
                "{game} perft {d}"
            );
        }
        assert_eq!(
            answer(&["replay", game, "A b", "--rules", s(&file)]),
            answer(&["replay", game, "A b"])
        );
    }
}

#[test]
fn rules_file_variants_run_on_the_command_line() {
    // Kalah(6,6) from its file is the built-in Kalah with 6 seeds.
    let k66 = variant("kalah-6-6");
    assert_eq!(
        answer(&["perft", "kalah", "5", "--rules", s(&k66)]),
        answer(&["perft", "kalah:seeds=6", "5"])
    );
    // A's six seeds reach the store: South moves again.
    assert_eq!(
        answer(&["replay", "kalah", "A", "--rules", s(&k66)]),
        "0-7-7-7-7-7-6-6-6-6-6-6-1-0-S"
    );
    // The grand slam variants part ways with the built-in Oware where F takes North's whole
    // row: built in it captures nothing; in one variant it captures all five seeds (and North,
    // left without a seed, cannot move: South takes his own row's seed too); in the other it
    // is illegal.
    let pos = "1-0-0-0-0-2-1-2-0-0-0-0-19-23-S";
    assert_eq!(
        answer(&["replay", "oware", "--position", pos, "F"]),
        "1-0-0-0-0-0-2-3-0-0-0-0-19-23-N"
    );
    let gs = variant("oware-grand-slam-captures");
    assert_eq!(
        answer(&["replay", "oware", "--position", pos, "F", "--rules", s(&gs)]),
        "0-0-0-0-0-0-0-0-0-0-0-0-25-23-N"
    );
    let illegal = variant("oware-grand-slam-illegal");
    let e = refusal(&[
        "replay",
        "oware",
        "--position",
        pos,
        "F",
        "--rules",
        s(&illegal),
    ]);
    assert!(e.contains("grand slam"), "{e}");
}

#[test]
fn rules_file_errors_are_one_line_naming_the_parameter() {
    let oware = answer_text(&["rules", "oware", "--export"]);
    // The file's name, the edit of the exported Oware (`from` -> `to`), words of the error.
    #[rustfmt::skip]
    let edits = [
        ("unknown-key.toml", "pits = 6", "pits = 6\nrelay = true", "unknown field `relay`"),
        ("wrong-type.toml", "pits = 6", "pits = \"six\"", "`pits = \"six\"`: invalid type"),
        ("bad-enum.toml", "feeding = \"must\"", "feeding = \"maybe\"", "unknown variant `maybe`"),
        ("missing.toml", "seeds = 4\n", "", "missing field `seeds`"),
        ("combination.toml", "extra-turn = false", "extra-turn = true", "rules parameter 'extra-turn': needs stores"),
        ("size.toml", "pits = 6", "pits = 12", "rules parameter 'pits'"),
    ];
    let cases = edits
        .into_iter()
        .map(|(name, from, to, why)| {
            assert!(oware.contains(from), "test bug: '{from}' not in the export");
            (name, oware.replacen(from, to, 1), why)
        })
        .chain([("syntax.toml", "pits = = 6".to_string(), "line 1")]);
    for (name, text, why) in cases {
        let file = scratch(name, &text);
        for cmd in [
            &["perft", "oware", "2"][..],
            &["replay", "oware", "C"],
            &["ugi"],
        ] {
            let mut args = cmd.to_vec();
            args.extend(["--rules", s(&file)]);
            let e = refusal(&args);
            assert!(e.contains(why), "{name} with {cmd:?}: {e}");
            assert!(
                e.contains(name),
                "{name}: the message should name the file: {e}"
            );
        }
    }
    let e = refusal(&[
        "perft",
        "oware",
        "2",
        "--rules",
        "/nonexistent/variant.toml",
    ]);
    assert!(e.contains("/nonexistent/variant.toml"), "{e}");
}

fn answer_text(args: &[&str]) -> String {
    let out = mancala(args);
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// A built-in game named with a rules file of another game is refused, not answered for the
/// file's game; the file's own game, or a label, goes with it.
#[test]
fn a_built_in_game_named_with_another_games_rules_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.toml");
    let export = mancala(&["rules", "--export", "kalah:pits=2,seeds=2"]);
    assert!(export.status.success());
    std::fs::write(&file, &export.stdout).unwrap();
    let f = file.to_str().unwrap();
    for args in [
        vec!["perft", "modiar", "2", "--rules", f],
        vec![
            "solve",
            "mangala-ii",
            "--rules",
            f,
            "--data-dir",
            dir.path().to_str().unwrap(),
        ],
    ] {
        let o = mancala(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("two games") && err.contains("'kalah'"),
            "{err}"
        );
    }
    for game in ["kalah", "my-variant"] {
        let o = mancala(&["perft", game, "2", "--rules", f]);
        assert!(
            o.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}
