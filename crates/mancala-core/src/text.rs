//! Text from users inside messages: [`excerpt`] bounds what a message repeats of it, so that a
//! huge input (a megabyte-long line of a rules file, of a UGI session, of a Python argument) is
//! not sent back whole.

use std::borrow::Cow;

/// `text` as it is when it has at most `max` characters; else its first `max` characters,
/// then `… (N more characters)`.
pub fn excerpt(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((end, _)) => {
            let more = text[end..].chars().count();
            let s = if more == 1 { "" } else { "s" };
            Cow::Owned(format!("{}… ({more} more character{s})", &text[..end]))
        }
    }
}

/// `text` as it is when it has at most `max` characters; else its first `max` characters and
/// `…`: for a value quoted where the words around it are in another language (the web app's
/// error parameters, worded by the page).
pub fn clip(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
    }
}

/// What an error message quotes of a user's word or value (a game id, a position, a move):
/// at most [`QUOTED`] characters of it.
pub fn quoted(text: &str) -> Cow<'_, str> {
    excerpt(text, QUOTED)
}

/// The most characters [`quoted`] keeps: more than any sound game id, position or move has.
pub const QUOTED: usize = 80;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_stay_and_long_ones_are_cut_at_a_character() {
        assert_eq!(excerpt("abc", 3), "abc");
        assert!(matches!(excerpt("abc", 3), Cow::Borrowed(_)));
        assert_eq!(excerpt("abcd", 3), "abc… (1 more character)");
        // Cut between characters, never inside one (each of these is two bytes).
        assert_eq!(excerpt("ééééé", 2), "éé… (3 more characters)");
        assert_eq!(excerpt("", 0), "");
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("ééééé", 2), "éé…");
        let long = "x".repeat(10_000_000);
        assert_eq!(
            excerpt(&long, 10).len(),
            10 + "… (9999990 more characters)".len()
        );
    }
}
