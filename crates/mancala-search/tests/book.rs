//! Openings books: the file (round trip, damage, other rules), the drop-out build (resumed
//! builds give the same book), the varied choice (only moves within the margin), and the
//! players that use a book (the levels above `intermediate`, UGI and its `Book` option).

use mancala_core::{Game, Move, Position, Rules, Side, rules_for};
use mancala_search::book::{self, Book, BookError, BuildSettings, Builder, NodeSearch};
use mancala_search::level::{Level, LevelPlayer};
use mancala_search::{Player, ugi};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

fn rules(spec: &str) -> Rules {
    rules_for(&spec.parse().unwrap()).unwrap()
}

fn settings() -> BuildSettings {
    BuildSettings::new(NodeSearch::Depth(4), 2.0)
}

/// A small book built from scratch, `n` nodes.
fn built(r: &Rules, n: usize) -> Book {
    let mut b = Builder::new(r, settings(), None, "test").unwrap();
    for _ in 0..n {
        b.step().expect("the book grows");
    }
    b.into_book()
}

fn child(r: &Rules, pos: &Position, m: Move) -> Position {
    r.play(pos, m).unwrap().0
}

fn sow(side: Side, pit: u8) -> Move {
    Move::Sow { side, pit }
}

#[test]
fn a_book_round_trips_through_its_bytes() {
    let r = rules("oware");
    let b = built(&r, 25);
    assert_eq!(b.len(), 25);
    let bytes = b.to_bytes();
    let back = Book::from_bytes(&bytes, &r, "mem").unwrap();
    assert_eq!(back.len(), b.len());
    assert_eq!(back.settings(), b.settings());
    assert_eq!(back.to_bytes(), bytes);
    // Every node answers the same moves and values.
    let start = r.start();
    let mut seen = 0;
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        let (Some(a), Some(c)) = (b.moves(&p), back.moves(&p)) else {
            assert!(!back.contains(&p));
            continue;
        };
        assert_eq!(a, c, "at {p}");
        seen += 1;
        for m in a.iter().filter(|m| m.in_book) {
            stack.push(child(&r, &p, m.mv));
        }
        if seen > 1000 {
            break;
        }
    }
    assert!(
        seen >= 25,
        "the book's nodes are reached from the start: {seen}"
    );
    // And through a file.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("oware.mbook");
    b.write(&path).unwrap();
    assert_eq!(Book::read(&path, &r).unwrap().to_bytes(), bytes);
}

#[test]
fn a_damaged_or_truncated_book_is_refused_saying_what_is_wrong() {
    let r = rules("oware");
    let bytes = built(&r, 10).to_bytes();
    let err = |b: &[u8]| Book::from_bytes(b, &r, "f.mbook").unwrap_err().to_string();
    // A byte of a record changed.
    let mut bad = bytes.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x40;
    assert!(
        err(&bad).contains("data checksum mismatch"),
        "{}",
        err(&bad)
    );
    // Cut short: in the data, and in the header.
    let e = err(&bytes[..bytes.len() - 5]);
    assert!(e.contains("truncated"), "{e}");
    let e = err(&bytes[..30]);
    assert!(e.contains("shorter than a book's header"), "{e}");
    // The header's own checksum, the magic, the version.
    let mut bad = bytes.clone();
    bad[48] ^= 1;
    assert!(
        err(&bad).contains("header checksum mismatch"),
        "{}",
        err(&bad)
    );
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert!(err(&bad).contains("bad magic"), "{}", err(&bad));
    assert!(err(b"").starts_with("f.mbook: "), "the file is named");
    // Not a book at all.
    assert!(err(&[0u8; 100]).contains("not a mancala openings book"));
}

#[test]
fn a_book_of_other_rules_is_refused() {
    let oware = rules("oware");
    let bytes = built(&oware, 3).to_bytes();
    match Book::from_bytes(&bytes, &rules("kalah"), "f") {
        Err(e @ BookError::OtherGame { .. }) => assert!(e.to_string().contains("'oware'")),
        other => panic!("kalah read an oware book: {other:?}"),
    }
    match Book::from_bytes(&bytes, &rules("oware:seeds=3"), "f") {
        Err(e @ BookError::OtherRules { .. }) => {
            assert!(e.to_string().contains("other rules"), "{e}")
        }
        other => panic!("oware with 3 seeds read a 4-seed book: {other:?}"),
    }
}

#[test]
fn a_resumed_build_gives_the_same_book_as_one_without_a_break() {
    let r = rules("oware");
    let whole = built(&r, 30).to_bytes();
    let first = built(&r, 11).to_bytes();
    let reread = Book::from_bytes(&first, &r, "f").unwrap();
    let mut b = Builder::new(&r, settings(), Some(reread), "f").unwrap();
    while b.book().len() < 30 {
        b.step().unwrap();
    }
    assert_eq!(b.book().to_bytes(), whole);
    // A build with other settings does not go on from it.
    let reread = Book::from_bytes(&first, &r, "f").unwrap();
    let other = BuildSettings::new(NodeSearch::Depth(5), 2.0);
    assert!(matches!(
        Builder::new(&r, other, Some(reread), "f"),
        Err(BookError::OtherSettings { .. })
    ));
}

#[test]
fn the_build_backs_values_up_by_negamax() {
    let r = rules("oware");
    let b = built(&r, 40);
    let start = r.start();
    let moves = b.moves(&start).unwrap();
    assert_eq!(b.value(&start), Some(moves[0].value));
    for m in moves.iter().filter(|m| m.in_book) {
        let c = child(&r, &start, m.mv);
        assert_eq!(m.value, -b.value(&c).unwrap(), "move {}", m.mv);
        assert_eq!(b.value(&c), b.moves(&c).map(|ms| ms[0].value));
    }
}

/// An Oware book made by hand: at the start, `pick` leads into the book worth `values[pick]`
/// and every other move is valued as `values` says.
fn hand_book(r: &Rules, values: [i32; 6], into: &[u8]) -> Book {
    let mut b = Book::new(r, settings());
    let start = r.start();
    for &i in into {
        let c = child(r, &start, sow(Side::South, i));
        let replies: Vec<(Move, i32)> = r
            .legal_moves(&c)
            .iter()
            .map(|m| (m, -values[i as usize]))
            .collect();
        b.insert(c, replies);
    }
    let moves = (0..6)
        .map(|i| (sow(Side::South, i), values[i as usize]))
        .collect();
    b.insert(start, moves);
    b
}

#[test]
fn the_choice_is_among_the_moves_within_the_margin_only() {
    let r = rules("oware");
    let m = book::MARGIN;
    // A best; B just inside the margin, C at its edge, D just outside, E and F far.
    let values = [0, -m + 1, -m, -m - 1, -40, -80];
    let b = hand_book(&r, values, &[0]);
    let start = r.start();
    let mut rng = SmallRng::seed_from_u64(7);
    let picked: BTreeSet<String> = (0..300)
        .map(|_| b.choose(&start, &[], m, &mut rng).unwrap().mv.to_string())
        .collect();
    assert_eq!(picked, ["A", "B", "C"].map(String::from).into());
    // Margin 0: the best alone.
    let only: BTreeSet<String> = (0..50)
        .map(|_| b.choose(&start, &[], 0, &mut rng).unwrap().mv.to_string())
        .collect();
    assert_eq!(only, ["A".to_string()].into());
    // Seeded: the same seed, the same choices.
    let run = |seed| {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..20)
            .map(|_| b.choose(&start, &[], m, &mut rng).unwrap().mv)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(3), run(3));
}

#[test]
fn a_position_out_of_book_is_left_to_the_search() {
    let r = rules("oware");
    let b = Arc::new(hand_book(&r, [0, -30, -30, -30, -30, -30], &[0]));
    let mut rng = SmallRng::seed_from_u64(1);
    let mut game = Game::new(r.clone());
    game.play_str("B").unwrap();
    assert!(
        b.choose(&game.position(), &game.history(), book::MARGIN, &mut rng)
            .is_none()
    );
    // A leaf of the book (no move of it leads further into the book) is left to the search too.
    let leaf = child(&r, &r.start(), sow(Side::South, 0));
    assert!(b.contains(&leaf));
    assert!(b.choose(&leaf, &[], book::MARGIN, &mut rng).is_none());
    // The level searches there.
    let mut p = LevelPlayer::new(&r, Level::Expert, 1, Duration::from_secs(60), None);
    p.set_book(Some(b));
    let c = p.choose(&game);
    assert_eq!(c.depth, Some(12), "searched to the level's depth");
    assert!(game.legal_moves().contains(c.mv));
}

/// A book that says a move other than `searched` (legal, poor-looking) is far the best at
/// the start; that move.
fn odd_book(r: &Rules, searched: Move) -> (Move, Arc<Book>) {
    let Move::Sow { pit, .. } = searched else {
        unreachable!("no pass at the start")
    };
    let odd = (pit + 3) % 6;
    let mut values = [-100; 6];
    values[odd as usize] = 50;
    (
        sow(Side::South, odd),
        Arc::new(hand_book(r, values, &[odd])),
    )
}

#[test]
fn the_levels_above_intermediate_play_from_the_book() {
    let r = rules("oware");
    let game = Game::new(r.clone());
    for level in [Level::Advanced, Level::Expert, Level::Maximum] {
        let mut p = LevelPlayer::new(&r, level, 1, Duration::from_millis(50), None);
        p.set_book(None);
        let searched = p.choose(&game);
        assert!(searched.depth.is_some());
        let (odd, b) = odd_book(&r, searched.mv);
        p.set_book(Some(b));
        let c = p.choose(&game);
        assert_eq!((c.mv, c.depth), (odd, None), "{level} played from the book");
        assert_eq!(
            c.score,
            Some(3),
            "the book's value, 50/16 seed, in whole seeds"
        );
    }
    let (_, b) = odd_book(
        &r,
        Move::Sow {
            side: Side::South,
            pit: 0,
        },
    );
    for level in [Level::Beginner, Level::Novice, Level::Intermediate] {
        assert!(!level.uses_book());
        let mut p = LevelPlayer::new(&r, level, 1, Duration::from_millis(50), None);
        p.set_book(Some(b.clone()));
        assert!(p.choose(&game).depth.is_some(), "{level} searched");
    }
}

/// Output shared between a UGI session and the test.
#[derive(Clone, Default)]
struct Sink(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// Input fed a line at a time by the test, as a GUI waiting for each answer sends it.
struct Feed {
    rx: std::sync::mpsc::Receiver<Vec<u8>>,
    buf: Vec<u8>,
}

impl std::io::Read for Feed {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.buf.is_empty() {
            match self.rx.recv() {
                Ok(b) => self.buf = b,
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len());
        out[..n].copy_from_slice(&self.buf[..n]);
        self.buf.drain(..n);
        Ok(n)
    }
}

/// A UGI session with `options`, each `go` of `commands` waited for (its `bestmove`) before
/// the next command is sent; the output.
fn session(r: &Rules, options: ugi::Options, commands: &[&str]) -> String {
    let out = Sink::default();
    let (tx, rx) = std::sync::mpsc::channel();
    let (r, sink) = (r.clone(), out.clone());
    let done = std::thread::spawn(move || {
        let feed = Feed {
            rx,
            buf: Vec::new(),
        };
        ugi::run_with(r, options, feed, sink).unwrap()
    });
    let mut answers = 0;
    for c in commands {
        tx.send(format!("{c}\n").into_bytes()).unwrap();
        if c.starts_with("go") {
            answers += 1;
            let t0 = std::time::Instant::now();
            while bestmoves(&out.text()).len() < answers {
                assert!(t0.elapsed().as_secs() < 60, "no answer: {}", out.text());
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
    tx.send(b"quit\n".to_vec()).unwrap();
    done.join().unwrap();
    out.text()
}

fn bestmoves(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(String::from)
        .collect()
}

#[test]
fn ugi_plays_from_the_book_and_its_option_turns_it_off() {
    let r = rules("oware");
    let searched = mancala_search::AlphaBeta::new(r.clone())
        .search(&r.start(), &[], &mancala_search::Limits::depth(7))
        .unwrap()
        .best;
    let (odd, b) = odd_book(&r, searched);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd.mbook");
    b.write(&path).unwrap();
    let options = ugi::Options {
        hash_mib: 1,
        book_file: Some(path),
        ..ugi::Options::default()
    };
    let script = [
        "ugi",
        "position startpos",
        "go depth 7",
        "setoption name Book value false",
        "go depth 7",
        "setoption name Book value true",
        "go depth 7",
        "setoption name Book value maybe",
    ];
    let text = session(&r, options.clone(), &script);
    assert!(
        text.contains("option name Book type check default true"),
        "{text}"
    );
    let moves = bestmoves(&text);
    assert_eq!(moves.len(), 3, "{text}");
    assert_eq!(moves[0], odd.to_string(), "{text}");
    assert_ne!(moves[1], odd.to_string(), "the book off: {text}");
    assert_eq!(moves[2], odd.to_string(), "{text}");
    assert!(text.contains("info string book move"), "{text}");
    assert!(text.contains("setoption Book: 'maybe'"), "{text}");
    // Started with the book off.
    let off = ugi::Options {
        book: false,
        ..options
    };
    let text = session(&r, off, &["ugi", "position startpos", "go depth 7"]);
    assert!(
        text.contains("option name Book type check default false"),
        "{text}"
    );
    assert_ne!(bestmoves(&text), vec![odd.to_string()], "{text}");
}
