//! `mancala analyze`, run as the real binary: with a database its values are the perfect-play
//! values move by move; without one its figures hang together; the annotated record reads back;
//! bad input gets one line on stderr and exit status 2.

use mancala_core::record::Record;
use mancala_core::{Game, rules_for};
use mancala_solver::Database;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env_remove("MANCALA_DATA")
        .output()
        .expect("the binary runs")
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tempdir(name: &str) -> TempDir {
    let p = std::env::temp_dir().join(format!("mancala-analyze-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    TempDir(p)
}

fn json(o: &Output) -> serde_json::Value {
    assert!(
        o.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8_lossy(&o.stdout);
    serde_json::from_str(out.lines().last().unwrap()).unwrap()
}

/// A game of `spec` played by a fixed pseudo-random sequence, as move texts.
fn some_game(spec: &str, seed: u64) -> Vec<String> {
    let mut g = Game::new(rules_for(&spec.parse().unwrap()).unwrap());
    let mut state = seed | 1;
    let mut moves = Vec::new();
    while !g.is_over() && moves.len() < 60 {
        let legal = g.legal_moves().to_vec();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = legal[(state % legal.len() as u64) as usize];
        g.play(m).unwrap();
        moves.push(m.to_string());
    }
    moves
}

#[test]
fn with_a_database_every_value_is_the_perfect_play_value() {
    let spec = "modiar:seeds=2";
    let mut totals_checked = 0;
    let dir = tempdir("db");
    let d = dir.0.to_str().unwrap();
    assert!(
        mancala(&["db", "build", spec, "--data-dir", d])
            .status
            .success()
    );
    let rules = rules_for(&spec.parse().unwrap()).unwrap();
    let db = Database::open(Path::new(d), &rules).unwrap();
    for seed in [3, 17, 99] {
        let moves = some_game(spec, seed);
        let mut args = vec!["analyze", spec, "--json", "--depth", "2", "--data-dir", d];
        args.extend(moves.iter().map(String::as_str));
        let v = json(&mancala(&args));
        let plies = v["plies"].as_array().unwrap();
        assert_eq!(plies.len(), moves.len());
        let mut g = Game::new(rules.clone());
        let mut lost = [0i64; 2];
        let mut skipped = 0;
        for (p, m) in plies.iter().zip(&moves) {
            let sol = db.solve(&g.position()).unwrap();
            let played = g.rules().parse_move(m).unwrap();
            // A move back to an earlier position ends the game by repetition (shared stones),
            // which the database, knowing no history, does not value: such plies are skipped.
            let pos = g.position();
            let mut seen = g.history();
            seen.push(pos);
            let repeats = rules.legal_moves(&pos).into_iter().any(|mv| {
                let mut c = pos;
                rules.play_unchecked(&mut c, mv);
                seen.contains(&c)
            });
            if repeats {
                skipped += 1;
                g.play(played).unwrap();
                continue;
            }
            let exact = sol.moves.iter().find(|(mv, _)| *mv == played).unwrap().1;
            assert_eq!(p["move"], m.as_str());
            assert_eq!(p["best_score"], sol.value, "{} before {m}", g.position());
            assert_eq!(p["score"], exact, "{} {m}", g.position());
            assert_eq!(p["loss"], sol.value - exact);
            assert_eq!(p["forced"], sol.moves.len() == 1);
            let best = g.rules().parse_move(p["best"].as_str().unwrap()).unwrap();
            assert!(sol.best.contains(&best), "{}: {best}", g.position());
            lost[g.position().side().index()] += (sol.value - exact) as i64;
            g.play(played).unwrap();
        }
        assert!(
            skipped * 4 < plies.len(),
            "{skipped} of {} skipped",
            plies.len()
        );
        if skipped == 0 {
            assert_eq!(v["south"]["lost"], lost[0]);
            assert_eq!(v["north"]["lost"], lost[1]);
            totals_checked += 1;
        }
    }
    assert!(
        totals_checked > 0,
        "no game without a repetition: the totals were never checked"
    );
}

#[test]
fn without_a_database_the_figures_hang_together_and_the_record_reads_back() {
    let moves = some_game("mangala-ii", 5);
    let dir = tempdir("ogn");
    let ogn = dir.0.join("analysed.ogn");
    let ogn_s = ogn.to_str().unwrap();
    let mut args = vec![
        "analyze",
        "mangala-ii",
        "--no-db",
        "--depth",
        "4",
        "--threshold",
        "3",
    ];
    args.extend(moves.iter().map(String::as_str));
    let mut text_args = args.clone();
    text_args.extend(["--write-ogn", ogn_s]);
    args.push("--json");
    let v = json(&mancala(&args));
    let plies = v["plies"].as_array().unwrap();
    assert_eq!(plies.len(), moves.len());
    let mut mistakes = [0, 0];
    for p in plies {
        let loss = p["loss"].as_i64().unwrap();
        assert!(loss >= 0, "{p}");
        assert_eq!(
            loss,
            p["best_score"].as_i64().unwrap() - p["score"].as_i64().unwrap()
        );
        if p["move"] == p["best"] {
            assert_eq!(loss, 0, "{p}");
        }
        assert_eq!(p["mistake"], loss >= 3, "{p}");
        let side = (p["side"] == "north") as usize;
        mistakes[side] += (loss >= 3) as u64;
    }
    assert_eq!(v["south"]["mistakes"], mistakes[0]);
    assert_eq!(v["north"]["mistakes"], mistakes[1]);
    // The text form ends with the same summary, and the record holds a comment a move.
    let o = mancala(&text_args);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("South: {} mistake", mistakes[0]))
            && last.contains(&format!("North: {} mistake", mistakes[1])),
        "{last}"
    );
    assert_eq!(out.lines().count(), moves.len() + 2, "{out}");
    let rec = Record::parse(&std::fs::read_to_string(&ogn).unwrap()).unwrap();
    assert_eq!(rec.moves.len(), moves.len());
    for (r, p) in rec.moves.iter().zip(plies) {
        let c = r.comment.as_deref().unwrap();
        assert_eq!(c.starts_with("mistake:"), p["mistake"] == true, "{c} / {p}");
    }
    // The annotated record replays to the same game.
    let a = mancala(&["replay", "--ogn", ogn_s]);
    let mut b_args = vec!["replay", "mangala-ii"];
    b_args.extend(moves.iter().map(String::as_str));
    let b = mancala(&b_args);
    assert!(a.status.success() && b.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn bad_input_gets_one_line_and_exit_status_2() {
    for (args, needle) in [
        (vec!["analyze", "modiar"], "no moves to analyse"),
        (vec!["analyze", "modiar", "C", "Z"], "move 2 'Z'"),
        (vec!["analyze", "modiar", "C", "--depth", "0"], "--depth"),
        (
            vec!["analyze", "modiar", "C", "--threshold", "x"],
            "--threshold",
        ),
        (vec!["analyze", "--ogn", "/no/such/file.ogn"], "OGN file"),
        (vec!["analyze", "chess", "e4"], "unknown game"),
        (
            vec![
                "analyze",
                "modiar",
                "--position",
                "7-7-7-7-7-7-0-0-S",
                "--ogn",
                "x.ogn",
            ],
            "--position and --ogn",
        ),
    ] {
        let o = mancala(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
