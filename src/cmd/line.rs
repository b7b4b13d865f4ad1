//! Lines read from the terminal, for the games played there (two-player and solitaires): text,
//! bytes that are not text, or the end of input.

use std::io::BufRead;

/// A line read from the terminal.
pub enum Line {
    Text(String),
    /// Bytes that are not UTF-8 text (answered with a message; the game goes on).
    NotText,
    End,
}

/// The next line of `input`.
pub fn next_line(input: &mut impl BufRead) -> std::io::Result<Line> {
    let mut buf = Vec::new();
    if input.read_until(b'\n', &mut buf)? == 0 {
        return Ok(Line::End);
    }
    Ok(match String::from_utf8(buf) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotText,
    })
}
