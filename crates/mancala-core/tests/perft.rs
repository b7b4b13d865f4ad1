//! Runs every perft suite under tests/perft/, skipping cases above a node limit so the test
//! stays fast (set PERFT_MAX_NODES to go further).

use mancala_core::{perft, rules_for};
use std::fs;

#[test]
fn perft_suites() {
    let max: u64 = std::env::var("PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000_000);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft");
    let mut checked = 0;
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let text = fs::read_to_string(&path).unwrap();
        let mut rules = None;
        let mut pos = None;
        for (ln, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, val) = line.split_once(' ').unwrap();
            match key {
                "game" => {
                    let r = rules_for(&val.parse().unwrap()).unwrap();
                    pos = Some(r.start());
                    rules = Some(r);
                }
                "position" => {
                    let r = rules.as_ref().unwrap();
                    pos = Some(if val == "start" {
                        r.start()
                    } else {
                        r.parse_position(val).unwrap()
                    });
                }
                "perft" => {
                    let (d, n) = val.split_once(' ').unwrap();
                    let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
                    if n > max {
                        continue;
                    }
                    let got = perft(rules.as_ref().unwrap(), pos.as_ref().unwrap(), d);
                    assert_eq!(got, n, "{}:{}: perft {d}", path.display(), ln + 1);
                    checked += 1;
                }
                _ => panic!("{}:{}: unknown key {key}", path.display(), ln + 1),
            }
        }
    }
    assert!(checked >= 20, "only {checked} perft cases ran");
}
