//! The check on the UGI protocol's command lines, shared by the fuzz target and by
//! mancala-search's test that replays the corpus (crates/mancala-search/tests/fuzz_corpus.rs):
//! a whole session on any bytes ends (every search is stopped by the end of input) without a
//! panic, whatever the lines say.

use mancala_core::rules_for;
use mancala_search::ugi;

/// The bytes as a UGI session of Oware (or, by the first byte, another game), answered into
/// nothing. `Hash` options are left out: a valid one allocates the table it asks for (up to
/// 4 GiB), which is the option's job, not a fault.
pub fn ugi(data: &[u8]) {
    if String::from_utf8_lossy(data)
        .to_ascii_lowercase()
        .contains("hash")
    {
        return;
    }
    let game =
        ["oware", "modiar", "mangala-ii", "kalah"][data.first().map_or(0, |b| *b as usize % 4)];
    let rules = rules_for(&game.parse().expect("a known game")).expect("valid");
    ugi::run(
        rules,
        1,
        None,
        std::io::Cursor::new(data.to_vec()),
        std::io::sink(),
    )
    .expect("a session on memory cannot fail to read or write");
}
