//! Differential test against OpenSpiel, an implementation of Oware (`oware`) and Kalah
//! (`mancala`) written by others: random games played by OpenSpiel (scripts/openspiel_games.py)
//! are replayed here move by move, comparing the legal moves, the position (board, scores, side
//! to move) after every move, the end of the game and the final returns.
//!
//! Needs a Python with `open-spiel==2.0.2`: `scripts/openspiel-venv.sh` makes one under
//! `target/openspiel-venv` (or set `OPENSPIEL_PYTHON`). The tests that call it are ignored by a
//! plain `cargo test` (shown as ignored, with the reason); scripts/test.sh runs them with
//! `cargo test -p mancala-core --test openspiel_diff -- --include-ignored`, and there a missing
//! OpenSpiel is a failure.
//!
//! - `OPENSPIEL_DIFF_GAMES=n`: random games per game (default 1000).
//! - `OPENSPIEL_DIFF_RULES=file.toml`: play with this ruleset instead of the built-in one of the
//!   same id (`oware` or `kalah`), e.g. to check that a broken rule is caught.

use mancala_core::{EndReason, Game, Rules, Side, parse_rules_toml, rules_for};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The Python that has OpenSpiel, or `None` (with the reason) when there is none.
fn python() -> Result<PathBuf, String> {
    if let Ok(p) = std::env::var("OPENSPIEL_PYTHON") {
        return Ok(PathBuf::from(p));
    }
    let venv = std::env::var("OPENSPIEL_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|_| repo_root().join("target/openspiel-venv"));
    let py = venv.join("bin/python");
    if py.exists() {
        Ok(py)
    } else {
        Err(format!(
            "no OpenSpiel venv at {} (create it with scripts/openspiel-venv.sh)",
            venv.display()
        ))
    }
}

/// The rules to check: the built-in ones, or the file named by `OPENSPIEL_DIFF_RULES` when its
/// id is `id`.
fn rules(spec: &str) -> Rules {
    let base = rules_for(&spec.parse().unwrap()).unwrap();
    if let Ok(path) = std::env::var("OPENSPIEL_DIFF_RULES") {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let r = parse_rules_toml(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        if r.id == base.id() {
            eprintln!("openspiel_diff: {spec}: using the rules of {path}");
            let r = r
                .resized(base.ruleset().pits, base.ruleset().seeds)
                .unwrap();
            return Rules::new(r).unwrap();
        }
    }
    base
}

/// Where the replay stands, for messages.
struct Ctx<'a> {
    spec: &'a str,
    seed: u64,
    game: usize,
    moves: Vec<String>,
}

impl Ctx<'_> {
    fn fail(&self, what: String) -> String {
        format!(
            "{} game {} (OpenSpiel seed {}), ply {}: {what}\n    moves from the start: {}",
            self.spec,
            self.game,
            self.seed,
            self.moves.len(),
            if self.moves.is_empty() {
                "(none)".to_string()
            } else {
                self.moves.join(" ")
            }
        )
    }
}

/// What the compared games went through, to show the rules were exercised.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    plies: usize,
    /// Games by the reason they ended.
    ends: std::collections::BTreeMap<String, usize>,
    captures: usize,
    /// Moves whose capture was forfeited (a grand slam under `no-capture`).
    grand_slams: usize,
    /// Moves made while the opponent's row was empty (the duty to feed).
    feeding: usize,
    extra_turns: usize,
}

/// Runs OpenSpiel's random games of `os_game` (`oware`, or `kalah` for OpenSpiel's `mancala`)
/// and replays them; returns the mismatches (at most one a game) and what was compared.
fn check(
    py: &Path,
    spec: &str,
    os_game: &str,
    extra: &[&str],
    games: usize,
    seed: u64,
) -> (Vec<String>, Tally) {
    let rules = rules(spec);
    // OpenSpiel's oware collects the seeds when it ends (repetition, no move); its mancala
    // leaves them where they are and counts them in the returns.
    let collects = os_game == "oware";
    let script = repo_root().join("scripts/openspiel_games.py");
    let mut child = Command::new(py)
        .arg(&script)
        .arg(os_game)
        .arg(games.to_string())
        .arg("--seed")
        .arg(seed.to_string())
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {} {}: {e}", py.display(), script.display()));
    let out = BufReader::new(child.stdout.take().unwrap());
    let mut failures = Vec::new();
    let mut game: Option<Game> = None;
    let mut ctx = Ctx {
        spec,
        seed,
        game: 0,
        moves: Vec::new(),
    };
    let mut failed = false;
    let mut tally = Tally::default();
    let mut done = false;
    for line in out.lines() {
        let line = line.unwrap();
        let f: Vec<&str> = line.split(' ').collect();
        match f[0] {
            "game" => {
                ctx = Ctx {
                    spec,
                    seed,
                    game: f[1].parse().unwrap(),
                    moves: Vec::new(),
                };
                game = Some(Game::new(rules.clone()));
                failed = false;
                tally.games += 1;
            }
            "done" => done = true,
            _ if failed => {}
            "pos" => {
                let g = game.as_ref().unwrap();
                if g.position().to_string() != f[1] {
                    failures.push(ctx.fail(format!(
                        "start position: OpenSpiel {}, mancala {}",
                        f[1],
                        g.position()
                    )));
                    failed = true;
                }
            }
            "step" => {
                let g = game.as_mut().unwrap();
                let before = g.position();
                let (os_legal, mv, os_after, os_over) =
                    (f[1].replace(',', " "), f[2], f[3], f[4] == "1");
                tally.plies += 1;
                if let Some(r) = g.end_reason() {
                    failures.push(ctx.fail(format!(
                        "at {before}: OpenSpiel plays on (legal: {os_legal}; played {mv}), mancala says the game is over ({r})"
                    )));
                    failed = true;
                    continue;
                }
                let ours = g.legal_moves().to_string();
                if ours != os_legal {
                    failures.push(ctx.fail(format!(
                        "legal moves at {before}: OpenSpiel {os_legal}, mancala {ours}"
                    )));
                    failed = true;
                    continue;
                }
                let effect = match g.play_str(mv) {
                    Ok(e) => e,
                    Err(e) => {
                        failures.push(
                            ctx.fail(format!("move {mv} at {before}: mancala refuses it: {e}")),
                        );
                        failed = true;
                        continue;
                    }
                };
                tally.captures += (effect.captured > 0) as usize;
                tally.grand_slams += effect.capture_forfeited as usize;
                tally.extra_turns += effect.extra_turn as usize;
                tally.feeding += (before.row_total(before.side().other()) == 0) as usize;
                if let Some(r) = g.end_reason() {
                    *tally.ends.entry(format!("{r:?}")).or_default() += 1;
                }
                ctx.moves.push(mv.to_string());
                let after = if collects {
                    g.final_position()
                } else {
                    g.position()
                };
                if after.to_string() != os_after {
                    failures.push(ctx.fail(format!(
                        "move {mv} at {before}: position after it: OpenSpiel {os_after}, mancala {after}{}",
                        g.end_reason().map(|r| format!(" (game over: {r})")).unwrap_or_default()
                    )));
                    failed = true;
                    continue;
                }
                if g.is_over() != os_over {
                    failures.push(ctx.fail(format!(
                        "move {mv} at {before} reaching {os_after}: game over? OpenSpiel {}, mancala {}",
                        if os_over { "yes" } else { "no" },
                        g.end_reason().map(|r| format!("yes ({r})")).unwrap_or("no".into())
                    )));
                    failed = true;
                }
            }
            "limit" => {
                let g = game.as_ref().unwrap();
                if g.end_reason() != Some(EndReason::MaxPlies) {
                    failures.push(ctx.fail(format!(
                        "OpenSpiel's move limit reached at {}, mancala says {:?}",
                        g.position(),
                        g.end_reason()
                    )));
                    failed = true;
                }
            }
            "returns" => {
                let g = game.as_ref().unwrap();
                let os: (i32, i32) = (f[1].parse().unwrap(), f[2].parse().unwrap());
                let ours = g.outcome().map(|o| match o.winner {
                    Some(Side::South) => (1, -1),
                    Some(Side::North) => (-1, 1),
                    None => (0, 0),
                });
                let os_limit = g.end_reason() == Some(EndReason::MaxPlies) && collects;
                if ours != Some(os) && !os_limit {
                    failures.push(ctx.fail(format!(
                        "final returns (south, north) at {}: OpenSpiel {os:?}, mancala {ours:?} ({:?})",
                        g.final_position(),
                        g.outcome()
                    )));
                    failed = true;
                }
            }
            other => panic!("unexpected line from the OpenSpiel driver: {other}"),
        }
    }
    let status = child.wait().unwrap();
    assert!(
        status.success() && done,
        "the OpenSpiel driver failed ({status}) after {} games",
        tally.games
    );
    (failures, tally)
}

/// Compares `games` (default `default_games`) random games; returns what they went through.
/// Without OpenSpiel it fails: the tests that call it are ignored unless asked for.
fn run(spec: &str, os_game: &str, extra: &[&str], default_games: usize, seed: u64) -> Tally {
    let py = python().unwrap_or_else(|why| panic!("{spec}: needs OpenSpiel, but {why}"));
    let games = std::env::var("OPENSPIEL_DIFF_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_games);
    let (failures, tally) = check(&py, spec, os_game, extra, games, seed);
    let n_games = tally.games;
    assert_eq!(
        n_games, games,
        "{spec}: OpenSpiel played {n_games} games, {games} asked"
    );
    eprintln!("openspiel_diff: {spec}: {tally:?}");
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(5).collect();
        panic!(
            "{spec}: {} of {n_games} games differ from OpenSpiel; the first {}:\n  {}",
            failures.len(),
            shown.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n  ")
        );
    }
    tally
}

#[test]
#[ignore = "needs OpenSpiel: scripts/openspiel-venv.sh, then --include-ignored"]
fn oware_matches_openspiel_oware_move_by_move() {
    let t = run("oware", "oware", &[], 1000, 1);
    // The games went through every rule compared (with the default number of games).
    if t.games >= 1000 {
        for end in ["Majority", "NoLegalMove", "Repetition"] {
            assert!(t.ends.contains_key(end), "no game ended by {end}: {t:?}");
        }
        assert!(
            t.grand_slams > 0 && t.feeding > 0 && t.captures > 0,
            "{t:?}"
        );
    }
}

#[test]
#[ignore = "needs OpenSpiel: scripts/openspiel-venv.sh, then --include-ignored"]
fn kalah_matches_openspiel_mancala_move_by_move() {
    let t = run("kalah", "kalah", &[], 1000, 2);
    if t.games >= 1000 {
        assert!(t.ends.contains_key("RowEmpty"), "{t:?}");
        assert!(t.extra_turns > 0 && t.captures > 0, "{t:?}");
    }
}

/// OpenSpiel's oware takes the board size as parameters; so does ours. The games compared
/// went through moves and captures, and ended (with the default number of games).
#[test]
#[ignore = "needs OpenSpiel: scripts/openspiel-venv.sh, then --include-ignored"]
fn small_oware_boards_match_openspiel_oware() {
    for (spec, pits, seeds, seed) in [
        ("oware:pits=4,seeds=3", "4", "3", 3),
        ("oware:pits=3,seeds=2", "3", "2", 4),
    ] {
        let t = run(
            spec,
            "oware",
            &["--pits", pits, "--seeds", seeds],
            300,
            seed,
        );
        assert!(t.games > 0 && t.plies >= t.games, "{spec}: {t:?}");
        assert_eq!(
            t.ends.values().sum::<usize>(),
            t.games,
            "{spec}: every game ended: {t:?}"
        );
        if t.games >= 300 {
            assert!(t.captures > 0, "{spec}: no capture in {t:?}");
        }
    }
}

/// OpenSpiel's oware collects the seeds left on the board at every end, the majority end too
/// (its `DoApplyAction` sweeps the rows whenever no legal action is left, and a finished game has
/// none). Checked here without Python so it holds even where OpenSpiel is absent.
#[test]
fn oware_majority_end_gives_each_player_his_own_row() {
    let rules = rules_for(&"oware".parse().unwrap()).unwrap();
    let pos = rules
        .parse_position("0-0-0-0-0-1-1-0-0-0-0-1-24-21-S")
        .unwrap();
    let mut g = Game::from_position(rules, pos);
    g.play_str("F").unwrap();
    assert_eq!(g.end_reason(), Some(EndReason::Majority));
    assert_eq!(g.position().to_string(), "0-0-0-0-0-0-0-0-0-0-0-1-26-21-N");
    assert_eq!(
        g.final_position().to_string(),
        "0-0-0-0-0-0-0-0-0-0-0-0-26-22-N"
    );
}

/// OpenSpiel's bounds on game length: oware refuses a 1001st move, mancala calls the game over
/// once more than 1000 moves were made (and scores it like any end: stores plus own rows).
#[test]
fn openspiel_move_limits_are_the_rulesets_max_plies() {
    let oware = rules_for(&"oware".parse().unwrap()).unwrap();
    let kalah = rules_for(&"kalah".parse().unwrap()).unwrap();
    assert_eq!(oware.ruleset().max_plies, Some(1000));
    assert_eq!(kalah.ruleset().max_plies, Some(1001));
    // The limit ends the game with each side taking his own row (checked on a short limit).
    let mut r = kalah.ruleset().clone();
    r.max_plies = Some(2);
    let mut g = Game::new(Rules::new(r).unwrap());
    g.play_str("A").unwrap();
    assert!(!g.is_over());
    g.play_str("a").unwrap();
    assert_eq!(g.end_reason(), Some(EndReason::MaxPlies));
    assert_eq!(g.position().to_string(), "0-5-5-5-5-4-0-5-5-5-5-4-0-0-S");
    assert_eq!(
        g.final_position().to_string(),
        "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S"
    );
}
