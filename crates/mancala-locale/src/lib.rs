//! The languages of `mancala`: the seven the page and the rules pages are written in, the
//! page's message catalogues (Fluent, `locales/<lang>.ftl`), the rules pages in each language
//! (`docs/rules/<lang>/<game>.md`, English in `docs/rules/<game>.md`), and the choice of a
//! language from what a browser asks for (`Accept-Language`).
//!
//! A catalogue or a rules page not translated yet is not an error: the page falls back to
//! English for every missing message, and [`rules_page`] to the English page.

use std::fmt;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// Which way a language is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Ltr,
    Rtl,
}

impl Dir {
    /// The value of HTML's `dir` attribute.
    pub fn as_str(self) -> &'static str {
        match self {
            Dir::Ltr => "ltr",
            Dir::Rtl => "rtl",
        }
    }
}

/// A language of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lang {
    /// The BCP 47 primary language subtag: `tr`, `ar`.
    pub code: &'static str,
    /// The language's name in itself, for the language menu.
    pub name: &'static str,
    /// The language's name in English, for messages.
    pub english: &'static str,
    pub dir: Dir,
}

/// The seven languages, English first (the reference and the fallback).
pub const LANGS: &[Lang] = &[
    Lang {
        code: "en",
        name: "English",
        english: "English",
        dir: Dir::Ltr,
    },
    Lang {
        code: "tr",
        name: "Türkçe",
        english: "Turkish",
        dir: Dir::Ltr,
    },
    Lang {
        code: "ar",
        name: "العربية",
        english: "Arabic",
        dir: Dir::Rtl,
    },
    Lang {
        code: "ca",
        name: "Català",
        english: "Catalan",
        dir: Dir::Ltr,
    },
    Lang {
        code: "es",
        name: "Español",
        english: "Spanish",
        dir: Dir::Ltr,
    },
    Lang {
        code: "fr",
        name: "Français",
        english: "French",
        dir: Dir::Ltr,
    },
    Lang {
        code: "hr",
        name: "Hrvatski",
        english: "Croatian",
        dir: Dir::Ltr,
    },
];

/// English: the reference catalogue, and the language when nothing else fits.
pub const ENGLISH: &Lang = &LANGS[0];

mod names;
pub use names::GAMES;

/// A language code that is not one of [`LANGS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown language '{}' (languages: {})",
            self.0,
            codes().join(", ")
        )
    }
}

impl std::error::Error for UnknownLang {}

/// The codes of [`LANGS`]: `en, tr, ar, ...`.
pub fn codes() -> Vec<&'static str> {
    debug_assert_eq!(LANGS.len(), names::CODES.len());
    LANGS.iter().map(|l| l.code).collect()
}

/// The language of `code` exactly (`tr`), or `None`.
pub fn lang(code: &str) -> Option<&'static Lang> {
    LANGS.iter().find(|l| l.code == code)
}

/// The language a user named: a code (`tr`), a tag of it (`tr-TR`, `ar_MA`), in any case.
pub fn parse_lang(s: &str) -> Result<&'static Lang, UnknownLang> {
    matching(s).ok_or_else(|| UnknownLang(s.to_string()))
}

/// The language of a BCP 47 tag, by its primary subtag: `ar-MA` is Arabic, `pt-BR` none.
fn matching(tag: &str) -> Option<&'static Lang> {
    let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    lang(&primary)
}

/// The first of `wanted` (tags in the order of preference, as `navigator.languages` gives
/// them) that is one of [`LANGS`]; English when none is.
pub fn choose<'a>(wanted: impl IntoIterator<Item = &'a str>) -> &'static Lang {
    wanted.into_iter().find_map(matching).unwrap_or(ENGLISH)
}

/// The language an `Accept-Language` header asks for (`tr-TR,tr;q=0.9,en;q=0.8`): the tags by
/// their weight, highest first (equal weights in their order), the first that is one of
/// [`LANGS`]; English when none is. A tag of weight 0 is refused, a malformed weight counts 1.
pub fn from_accept_language(header: &str) -> &'static Lang {
    let mut tags: Vec<(u32, &str)> = header
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .next()
                .map(|q| {
                    q.trim()
                        .parse::<f32>()
                        .map_or(1000, |q| (q.clamp(0.0, 1.0) * 1000.0) as u32)
                })
                .unwrap_or(1000);
            (!tag.is_empty() && tag != "*" && q > 0).then_some((q, tag))
        })
        .collect();
    // Stable: equal weights keep the header's order.
    tags.sort_by_key(|t| std::cmp::Reverse(t.0));
    // The tags matched against the languages by Fluent's negotiation (a region or script
    // subtag matches the language: `ar-MA` is Arabic).
    use fluent_langneg::{LanguageIdentifier, NegotiationStrategy, negotiate_languages};
    let requested: Vec<LanguageIdentifier> = tags
        .iter()
        .filter_map(|(_, t)| t.replace('_', "-").parse().ok())
        .collect();
    let available: Vec<LanguageIdentifier> =
        fluent_langneg::convert_vec_str_to_langids_lossy(codes());
    negotiate_languages(&requested, &available, None, NegotiationStrategy::Lookup)
        .first()
        .and_then(|l| lang(l.language.as_str()))
        .unwrap_or(ENGLISH)
}

/// The Fluent catalogue of `lang` (the text of `locales/<lang>.ftl`), if it is written.
pub fn catalogue(lang: &str) -> Option<&'static str> {
    embedded::CATALOGUES
        .iter()
        .find(|(l, _)| *l == lang)
        .map(|(_, s)| *s)
}

/// The languages whose catalogue is written.
pub fn catalogues() -> impl Iterator<Item = (&'static str, &'static str)> {
    embedded::CATALOGUES.iter().copied()
}

/// The rules page of `game` (Markdown) in `lang`, or in English while it is not translated;
/// `None` for a game without a rules page (see [`GAMES`]).
pub fn rules_page(game: &str, lang: &str) -> Option<&'static str> {
    translated_page(game, lang).or_else(|| translated_page(game, ENGLISH.code))
}

/// The rules page of `game` written in `lang` itself, without falling back.
pub fn translated_page(game: &str, lang: &str) -> Option<&'static str> {
    embedded::PAGES
        .iter()
        .find(|(l, g, _)| *l == lang && *g == game)
        .map(|(_, _, p)| *p)
}

/// Every rules page written: (language, game, Markdown).
pub fn pages() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    embedded::PAGES.iter().copied()
}

/// Where a rules page is shown. A page's Markdown marks what is for one of them only:
/// `<!-- cli -->` … `<!-- /cli -->` the terminal's (commands, their output), `<!-- web -->` …
/// `<!-- /web -->` the web page's (boards drawn for what the terminal shows as a trace). The
/// marks may enclose whole blocks or words inside a sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Medium {
    Web,
    Terminal,
}

impl Medium {
    fn tag(self) -> &'static str {
        match self {
            Medium::Web => "web",
            Medium::Terminal => "cli",
        }
    }
    fn other(self) -> Medium {
        match self {
            Medium::Web => Medium::Terminal,
            Medium::Terminal => Medium::Web,
        }
    }
}

/// A mark of a rules page that is not closed, or closed without being opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnbalancedMark(pub String);

impl fmt::Display for UnbalancedMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a rules page's mark {} is not balanced", self.0)
    }
}

impl std::error::Error for UnbalancedMark {}

/// The info string of a fenced block that draws boards: each line of it one board,
/// `<game> <position>` (`modiar 7-7-7-7-7-7-0-0-S`, `el-mirall 2-2-2-2`,
/// `stones-in-cups 1-1@0`). The page draws them as its boards; the terminal as text.
pub const BOARD_FENCE: &str = "board";

/// One line of a board fence: the game and the position, or `None` for a line that is not two
/// words.
pub fn board_line(line: &str) -> Option<(&str, &str)> {
    let mut words = line.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(game), Some(position), None) => Some((game, position)),
        _ => None,
    }
}

/// A rules page as `medium` shows it: the other medium's marked text dropped, this medium's
/// marks removed. A mark alone on its line goes with its line.
pub fn rules_for(markdown: &str, medium: Medium) -> Result<String, UnbalancedMark> {
    let keep = medium.tag();
    let drop = medium.other().tag();
    let mut out = String::with_capacity(markdown.len());
    let mut rest = markdown;
    let mut dropping = false;
    let mut open: Option<&str> = None;
    while let Some(at) = rest.find("<!--") {
        let Some(len) = rest[at..].find("-->").map(|e| e + 3) else {
            break;
        };
        let mark = rest[at + 4..at + len - 3].trim();
        let (closing, tag) = match mark.strip_prefix('/') {
            Some(t) => (true, t.trim()),
            None => (false, mark),
        };
        if tag != keep && tag != drop {
            // Another comment: text of the page, as written.
            if !dropping {
                out.push_str(&rest[..at + len]);
            }
            rest = &rest[at + len..];
            continue;
        }
        if !dropping {
            out.push_str(&rest[..at]);
        }
        match (closing, open) {
            (false, None) => open = Some(tag),
            (true, Some(o)) if o == tag => open = None,
            _ => return Err(UnbalancedMark(format!("<!-- {mark} -->"))),
        }
        dropping = open == Some(drop);
        rest = &rest[at + len..];
        // A mark alone on its line: the line goes with it.
        let line_start = out.is_empty() || out.ends_with('\n');
        if line_start && let Some(r) = rest.strip_prefix('\n') {
            rest = r;
        }
    }
    if let Some(o) = open {
        return Err(UnbalancedMark(format!("<!-- {o} --> (never closed)")));
    }
    if !dropping {
        out.push_str(rest);
    }
    Ok(out)
}

/// The text of a one-line message `id` of `lang`'s catalogue (English where it is not
/// translated), for the few words the terminal prints from the catalogues (a board's row
/// names); `None` if no catalogue has it or it is not plain text.
pub fn plain_message(lang: &str, id: &str) -> Option<&'static str> {
    let find = |src: &'static str| {
        src.lines().find_map(|l| {
            let (key, value) = l.split_once('=')?;
            (key.trim() == id).then(|| value.trim())
        })
    };
    let plain = |v: &&str| !v.is_empty() && !v.contains('{');
    catalogue(lang)
        .and_then(find)
        .filter(plain)
        .or_else(|| catalogue(ENGLISH.code).and_then(find).filter(plain))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_for_each_medium() {
        let md = "Intro.\n\n<!-- cli -->\n    $ mancala x\n<!-- /cli -->\n<!-- web -->\n```board\nm 1-1\n```\n<!-- /web -->\n\nSizes (<!-- cli -->`mancala play x`; <!-- /cli -->defaults 6).\n<!-- note -->\n";
        assert_eq!(
            rules_for(md, Medium::Web).unwrap(),
            "Intro.\n\n```board\nm 1-1\n```\n\nSizes (defaults 6).\n<!-- note -->\n"
        );
        assert_eq!(
            rules_for(md, Medium::Terminal).unwrap(),
            "Intro.\n\n    $ mancala x\n\nSizes (`mancala play x`; defaults 6).\n<!-- note -->\n"
        );
        for bad in [
            "a <!-- cli --> b",
            "a <!-- /web --> b",
            "<!-- cli --><!-- web -->x<!-- /web --><!-- /cli -->",
            "<!-- cli -->x<!-- /web -->",
        ] {
            assert!(rules_for(bad, Medium::Web).is_err(), "{bad}");
            assert!(rules_for(bad, Medium::Terminal).is_err(), "{bad}");
        }
        assert_eq!(
            board_line(" modiar  7-7-7-7-7-7-0-0-S "),
            Some(("modiar", "7-7-7-7-7-7-0-0-S"))
        );
        assert_eq!(board_line("modiar"), None);
        assert_eq!(board_line("modiar a b"), None);
    }

    #[test]
    fn plain_messages_for_the_terminal() {
        assert_eq!(plain_message("tr", "side-south"), Some("Güney"));
        assert_eq!(plain_message("xx", "side-north"), Some("North"));
        assert_eq!(plain_message("en", "no-such-message"), None);
    }

    #[test]
    fn accept_language_by_weight_then_order() {
        assert_eq!(
            from_accept_language("tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7").code,
            "tr"
        );
        assert_eq!(
            from_accept_language("de-DE,ar-MA;q=0.9,fr;q=0.8").code,
            "ar"
        );
        assert_eq!(from_accept_language("en;q=0.5, hr;q=0.8").code, "hr");
        assert_eq!(from_accept_language("fr, ca").code, "fr");
        assert_eq!(from_accept_language("ca-ES").code, "ca");
        assert_eq!(from_accept_language("es-419;q=0.3, de").code, "es");
        // Refused, unknown, empty or malformed: English.
        assert_eq!(from_accept_language("tr;q=0, de").code, "en");
        assert_eq!(from_accept_language("pt-BR, *").code, "en");
        assert_eq!(from_accept_language("").code, "en");
        assert_eq!(from_accept_language(";;;,,q=").code, "en");
        assert_eq!(from_accept_language("hr;q=abc").code, "hr");
        // A script subtag, an underscore: still the language.
        assert_eq!(
            from_accept_language("zh-Hant-TW, tr-Latn-TR;q=0.5").code,
            "tr"
        );
        assert_eq!(from_accept_language("fr_CA").code, "fr");
    }

    #[test]
    fn a_language_named_by_code_or_tag() {
        assert_eq!(parse_lang("tr").unwrap().code, "tr");
        assert_eq!(parse_lang("AR_ma").unwrap().dir, Dir::Rtl);
        assert_eq!(parse_lang("hr-HR").unwrap().name, "Hrvatski");
        let e = parse_lang("de").unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown language 'de' (languages: en, tr, ar, ca, es, fr, hr)"
        );
        assert!(parse_lang("").is_err());
        assert_eq!(choose(["de-AT", "ca-ES", "en"]).code, "ca");
        assert_eq!(choose(std::iter::empty()).code, "en");
    }

    #[test]
    fn the_embedded_files_are_of_these_languages() {
        assert_eq!(codes(), names::CODES);
    }

    #[test]
    fn only_arabic_is_right_to_left() {
        let rtl: Vec<_> = LANGS
            .iter()
            .filter(|l| l.dir == Dir::Rtl)
            .map(|l| l.code)
            .collect();
        assert_eq!(rtl, ["ar"]);
    }

    #[test]
    fn every_game_has_its_english_page_and_a_missing_translation_falls_back() {
        for g in GAMES {
            let en = rules_page(g, "en").unwrap_or_else(|| panic!("no English page of {g}"));
            assert!(en.starts_with("# "), "{g}: a page starts with its title");
            for l in LANGS {
                let p = rules_page(g, l.code).unwrap();
                assert_eq!(
                    translated_page(g, l.code).is_some(),
                    !std::ptr::eq(p, en) || l.code == "en"
                );
            }
        }
        assert_eq!(rules_page("chess", "en"), None);
        assert_eq!(rules_page("modiar", "de"), rules_page("modiar", "en"));
    }
}
