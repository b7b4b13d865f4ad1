//! `mancala cycle` through the real binary: the seed tables exactly, the formats, traces, reverse
//! sowing, plots, and the error contract (one line on stderr, exit status 2, nothing on stdout).

use std::process::{Command, Output};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn answer(o: &Output) -> String {
    stdout(o).lines().last().unwrap_or("").to_string()
}

fn assert_error(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "exit status for {needle}: {err}");
    assert!(
        o.stdout.is_empty(),
        "nothing on stdout: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "'{err}' should mention '{needle}'");
}

#[test]
fn el_mirall_seed_table_exactly() {
    let o = mancala(&[
        "cycle",
        "el-mirall",
        "--table",
        "4x5",
        "--format",
        "markdown",
    ]);
    assert_eq!(
        stdout(&o),
        "| pits\\seeds | 1 | 2 | 3 | 4 | 5 |\n| --- | ---: | ---: | ---: | ---: | ---: |\n\
         | 1 | 1 | 1 | 1 | 1 | 1 |\n| 2 | 2 | 3 | 3 | 4 | 4 |\n| 3 | 5 | 7 | 8 | 10 | 11 |\n\
         | 4 | 7 | 12 | 12 | 18 | 20 |\n"
    );
}

#[test]
fn stones_in_cups_seed_table_exactly() {
    // Rows k = 1..5, columns n = 1..5, as in the seed.
    let o = mancala(&[
        "cycle",
        "stones-in-cups",
        "--table",
        "5x5",
        "--format",
        "csv",
    ]);
    assert_eq!(
        stdout(&o),
        "stones\\cups,1,2,3,4,5\n1,1,4,15,12,75\n2,1,6,21,164,115\n3,1,12,45,164,260\n\
         4,1,8,132,124,3825\n5,1,6,48,1580,1966\n"
    );
}

#[test]
fn seed_tables_by_the_reference_method_too() {
    let fast = stdout(&mancala(&["cycle", "stones-in-cups", "--table", "5x5"]));
    let slow = stdout(&mancala(&[
        "cycle",
        "stones-in-cups",
        "--table",
        "5x5",
        "--method",
        "reference",
    ]));
    assert_eq!(fast, slow);
    assert_eq!(
        fast.lines().last().unwrap(),
        "5            1   6   48  1580  1966"
    );
}

#[test]
fn single_counts_match_the_rulings_checks() {
    assert_eq!(
        answer(&mancala(&[
            "cycle",
            "el-mirall",
            "--pits",
            "2",
            "--seeds",
            "2"
        ])),
        "3"
    );
    assert_eq!(
        answer(&mancala(&[
            "cycle",
            "stones-in-cups",
            "--cups",
            "2",
            "--stones",
            "1"
        ])),
        "4"
    );
    // The size may also follow the game id.
    assert_eq!(
        answer(&mancala(&["cycle", "stones-in-cups:cups=5,stones=4"])),
        "3825"
    );
    // Defaults: the seed game 6x4; 5 cups of 2 stones.
    let six_four = answer(&mancala(&[
        "cycle",
        "el-mirall",
        "--pits",
        "6",
        "--seeds",
        "4",
    ]));
    assert_eq!(answer(&mancala(&["cycle", "el-mirall"])), six_four);
    assert_eq!(answer(&mancala(&["cycle", "stones-in-cups"])), "115");
}

#[test]
fn every_method_gives_the_same_count() {
    for (game, n, k) in [
        ("el-mirall", "2", "5"),
        ("stones-in-cups", "2", "4"),
        ("stones-in-cups", "5", "3"),
    ] {
        let (nf, kf) = if game == "el-mirall" {
            ("--pits", "--seeds")
        } else {
            ("--cups", "--stones")
        };
        let want = answer(&mancala(&[
            "cycle",
            game,
            nf,
            n,
            kf,
            k,
            "--method",
            "reference",
        ]));
        for m in ["auto", "simulation"] {
            assert_eq!(
                answer(&mancala(&["cycle", game, nf, n, kf, k, "--method", m])),
                want,
                "{game} {m}"
            );
        }
        if n == "2" {
            assert_eq!(
                answer(&mancala(&[
                    "cycle",
                    game,
                    nf,
                    n,
                    kf,
                    k,
                    "--method",
                    "closed-form"
                ])),
                want
            );
        }
    }
}

#[test]
fn json_and_csv_outputs() {
    let o = mancala(&[
        "cycle",
        "stones-in-cups",
        "--cups",
        "3",
        "--stones",
        "4",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&answer(&o)).unwrap();
    assert_eq!(v["moves"], 132);
    assert_eq!(v["cups"], 3);
    let o = mancala(&["cycle", "el-mirall", "--table", "3x2", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&answer(&o)).unwrap();
    assert_eq!(v["cells"], serde_json::json!([[1, 1], [2, 3], [5, 7]]));
    assert_eq!(v["rows"], "pits");
    let o = mancala(&[
        "cycle",
        "el-mirall",
        "--pits",
        "3",
        "--seeds",
        "5",
        "--format",
        "csv",
    ]);
    assert_eq!(stdout(&o), "pits,seeds,moves\n3,5,11\n");
}

#[test]
fn trace_shows_every_state_then_the_count() {
    let o = mancala(&[
        "cycle",
        "stones-in-cups",
        "--cups",
        "2",
        "--stones",
        "1",
        "--trace",
    ]);
    assert_eq!(
        stdout(&o),
        "0  1-1@0\n1  0-2@1  (cup 0)\n2  1-1@1  (cup 1)\n3  2-0@0  (cup 1)\n4  1-1@0  (cup 0)\n4\n"
    );
    let o = mancala(&[
        "cycle",
        "el-mirall",
        "--pits",
        "2",
        "--seeds",
        "2",
        "--trace",
    ]);
    assert_eq!(
        stdout(&o),
        "0  2-2-2-2\n1  1-3-3-1  (A b)\n2  0-4-4-0  (A b)\n3  2-2-2-2  (B a)\n3\n"
    );
}

#[test]
fn backward_undoes_the_trace() {
    let o = mancala(&["cycle", "stones-in-cups", "--backward", "1-1@0"]);
    assert_eq!(
        stdout(&o),
        "0  1-1@0\n-1  2-0@0\n-2  1-1@1\n-3  0-2@1\n-4  1-1@0\n4\n"
    );
    let o = mancala(&[
        "cycle",
        "stones-in-cups",
        "--backward",
        "0-2@1",
        "--steps",
        "2",
    ]);
    assert_eq!(stdout(&o), "0  0-2@1\n-1  1-1@0\n-2  2-0@0\n");
    // El mirall: the start has one predecessor for each pit.
    let o = mancala(&["cycle", "el-mirall", "--backward", "2-2-2-2"]);
    assert_eq!(answer(&o), "2 positions lead to 2-2-2-2: 4-0-0-4, 0-4-4-0");
    let o = mancala(&["cycle", "el-mirall", "--backward", "0-4-4-0"]);
    assert_eq!(stdout(&o).lines().nth(1).unwrap(), "-1  1-3-3-1");
}

#[test]
fn plot_writes_an_svg() {
    let dir = std::env::temp_dir().join(format!("solitaire-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cups.svg");
    let o = mancala(&[
        "cycle",
        "stones-in-cups",
        "--table",
        "4x3",
        "--plot",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("Stones in cups"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    assert_error(
        &mancala(&["cycle", "el-mirall", "--cups", "3"]),
        "--pits and --seeds",
    );
    assert_error(
        &mancala(&["cycle", "stones-in-cups", "--pits", "3"]),
        "--cups and --stones",
    );
    assert_error(&mancala(&["cycle", "el-mirall", "--pits", "x"]), "--pits x");
    assert_error(
        &mancala(&["cycle", "el-mirall", "--pits", "0"]),
        "at least 1",
    );
    assert_error(&mancala(&["cycle", "modiar"]), "modiar");
    assert_error(
        &mancala(&["cycle", "el-mirall", "--table", "4by5"]),
        "--table 4by5",
    );
    assert_error(&mancala(&["cycle", "el-mirall", "--format", "xml"]), "xml");
    assert_error(
        &mancala(&["cycle", "el-mirall", "--method", "magic"]),
        "magic",
    );
    assert_error(
        &mancala(&[
            "cycle",
            "el-mirall",
            "--pits",
            "5",
            "--method",
            "closed-form",
        ]),
        "1 and 2 pits",
    );
    assert_error(
        &mancala(&["cycle", "el-mirall", "--plot", "x.svg"]),
        "--table",
    );
    assert_error(
        &mancala(&["cycle", "el-mirall:pits=3", "--pits", "3"]),
        "twice",
    );
    assert_error(
        &mancala(&["cycle", "stones-in-cups", "--backward", "1-1@1x"]),
        "field 3",
    );
    assert_error(
        &mancala(&["cycle", "stones-in-cups", "--backward", "0-2@0"]),
        "cup 0 is empty",
    );
    assert_error(
        &mancala(&["cycle", "el-mirall", "--backward", "1-3-1-3"]),
        "mirror",
    );
    assert_error(
        &mancala(&[
            "cycle",
            "stones-in-cups",
            "--cups",
            "2",
            "--stones",
            "5000000000000000000",
        ]),
        "4k+1",
    );
    assert_error(
        &mancala(&[
            "cycle",
            "stones-in-cups",
            "--cups",
            "4294967296",
            "--stones",
            "4294967296",
        ]),
        "64 bits",
    );
}
