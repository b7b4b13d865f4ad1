// The language codes and the games with a rules page: read by build.rs (which embeds the files
// of each) and by the library.

/// The codes of the seven languages, English first.
pub const CODES: &[&str] = &["en", "tr", "ar", "ca", "es", "fr", "hr"];

/// The games that have a rules page, as `mancala rules` and the page name them.
pub const GAMES: &[&str] = &[
    "modiar",
    "mangala-ii",
    "oware",
    "kalah",
    "el-mirall",
    "stones-in-cups",
];
