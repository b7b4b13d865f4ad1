//! One record dialect: what the web app writes, `mancala replay --ogn` reads exactly (resized
//! games and resignations included), and what the command writes, the web app imports.

use mancala_core::record::Record;
use mancala_core::{Game, GameSpec, Side, Stop, rules_for};
use mancala_web::ogn;
use rand::seq::SliceRandom;
use rand::{SeedableRng, rngs::StdRng};
use std::process::{Command, Output};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn random_game(spec: &str, plies: usize, seed: u64) -> Game {
    let rules = rules_for(&spec.parse().unwrap()).unwrap();
    let mut g = Game::new(rules);
    let mut rng = StdRng::seed_from_u64(seed);
    while !g.is_over() && g.plies().len() < plies {
        let m = *g.legal_moves().to_vec().choose(&mut rng).unwrap();
        g.play(m).unwrap();
    }
    g
}

fn header() -> ogn::Header<'static> {
    ogn::Header {
        south: "Ana",
        north: "Engine (expert)",
        event: "Casual game",
        date: 1_764_460_800,
    }
}

fn replay_json(path: &std::path::Path) -> serde_json::Value {
    let o = mancala(&["replay", "--ogn", path.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(o.stdout.trim_ascii_end()).unwrap()
}

#[test]
fn web_records_of_resized_and_resigned_games_replay_exactly_with_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("mangala-ii:pits=4", 300, None),
        ("modiar:seeds=5", 300, None),
        ("kalah", 12, Some(Stop::Resigned(Side::North))),
        ("oware:pits=5,seeds=3", 9, Some(Stop::Resigned(Side::South))),
        ("modiar", 6, Some(Stop::TimeForfeit(Side::South))),
        ("mangala-ii", 5, Some(Stop::DrawAgreed)),
        ("oware", 1, Some(Stop::Aborted)),
    ];
    for (k, (spec, plies, resigned)) in cases.into_iter().enumerate() {
        let game = random_game(spec, plies, k as u64);
        let text = ogn::export(&game, resigned, &header(), None);
        let path = dir.path().join(format!("{k}.ogn"));
        std::fs::write(&path, &text).unwrap();
        // The command replays it under the record's own rules, parameters included.
        let v = replay_json(&path);
        assert_eq!(
            v["position"],
            game.final_position().to_string(),
            "{spec}:\n{text}"
        );
        // Over by the rules, or by the record's resignation (the web app's result).
        assert_eq!(v["over"], game.is_over() || resigned.is_some(), "{spec}");
        let ending = game.ending_stopped(resigned);
        assert_eq!(
            v["winner"],
            serde_json::json!(ending.map(|e| e.winner_name())),
            "{spec}"
        );
        if let Some(stop) = resigned {
            let winner = stop.winner().map_or(
                if stop == Stop::Aborted {
                    "none"
                } else {
                    "draw"
                },
                Side::name,
            );
            assert_eq!(v["winner"], winner, "{spec}");
            assert_eq!(v["result"]["code"], stop.code(), "{spec}");
        }
        // And it imports back into the web app as the same game.
        let back = ogn::import(&text).unwrap_or_else(|e| panic!("{spec}: {e}\n{text}"));
        assert_eq!(back.spec, spec.parse::<GameSpec>().unwrap(), "{spec}");
        assert_eq!(back.moves, game.moves().collect::<Vec<_>>(), "{spec}");
        assert_eq!(back.stop, resigned, "{spec}");
        // The record says the rules and the resignation in the core's own words.
        let rec = Record::parse(&text).unwrap();
        assert_eq!(rec.rules().unwrap().ruleset(), game.rules().ruleset());
        assert_eq!(rec.stopped().unwrap(), resigned);
    }
}

#[test]
fn records_written_by_the_command_import_into_the_web_app() {
    let dir = tempfile::tempdir().unwrap();
    for (k, spec) in ["mangala-ii:pits=4,seeds=3", "modiar:seeds=5", "kalah"]
        .iter()
        .enumerate()
    {
        let game = random_game(spec, 20, 40 + k as u64);
        let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
        let path = dir.path().join(format!("{k}.ogn"));
        let mut args = vec!["replay", spec, "--write-ogn", path.to_str().unwrap()];
        args.extend(moves.iter().map(String::as_str));
        let o = mancala(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&path).unwrap();
        let back = ogn::import(&text).unwrap_or_else(|e| panic!("{spec}: {e}\n{text}"));
        assert_eq!(back.spec, spec.parse::<GameSpec>().unwrap(), "{text}");
        assert_eq!(back.moves, game.moves().collect::<Vec<_>>());
    }
}

#[test]
fn a_record_for_other_parameters_than_the_rules_given_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let game = random_game("mangala-ii:pits=4", 10, 7);
    let path = dir.path().join("g.ogn");
    std::fs::write(&path, ogn::export(&game, None, &header(), None)).unwrap();
    let o = mancala(&["replay", "mangala-ii", "--ogn", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Game tag 'mangala-ii:pits=4'"), "{err}");
    assert!(err.contains("4 pits a row"), "{err}");
}

#[test]
fn records_with_a_byte_order_mark_are_read_and_bad_results_or_sizes_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.ogn");
    std::fs::write(&path, "\u{feff}[Variant \"Modiar\"]\n\n1. A a *\n").unwrap();
    assert_eq!(replay_json(&path)["over"], false);

    // A final score as the result of a game the moves do not end.
    std::fs::write(&path, "[Variant \"Modiar\"]\n\n1. A a 22-20\n").unwrap();
    let o = mancala(&["replay", "--ogn", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("result '22-20'"), "{err}");
    assert!(err.contains("do not end the game"), "{err}");

    // A decisive result needs a resignation that agrees with it.
    std::fs::write(
        &path,
        "[Variant \"Modiar\"]\n[Termination \"South resigned\"]\n\n1. A a 1-0\n",
    )
    .unwrap();
    let o = mancala(&["replay", "--ogn", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("the result is 0-1"));

    // Ten megabytes of moves are refused at once, by size.
    let big = format!("[Variant \"Modiar\"]\n\n{}", "A a ".repeat(2_600_000));
    std::fs::write(&path, &big).unwrap();
    let o = mancala(&["replay", "--ogn", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("at most 1 MiB"), "{err}");
}
