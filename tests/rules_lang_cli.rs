//! `mancala rules <game> --lang L`: the page in the language, English where it is not
//! translated, and a clear refusal of a language that is not one of the seven.

use std::process::{Command, Output};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .expect("mancala runs")
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn english_is_the_default_and_the_file_in_docs() {
    let page = stdout(&mancala(&["rules", "modiar"]));
    let file =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/modiar.md"))
            .unwrap();
    // The file as the terminal shows it: its boards drawn as text, the web's parts dropped.
    assert_eq!(
        page,
        mancala_web::diagram::terminal_page(&file, "en").unwrap()
    );
    assert_eq!(stdout(&mancala(&["rules", "modiar", "--lang", "en"])), page);
    assert!(page.contains("$ mancala replay modiar A"), "{page}");
    assert!(page.contains("    North    c   b   a\n"), "{page}");
    assert!(!page.contains("<!--") && !page.contains("```"), "{page}");
    // A page without marks or boards is printed as written.
    let kalah =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules/kalah.md"))
            .unwrap();
    assert_eq!(stdout(&mancala(&["rules", "kalah"])), kalah);
}

#[test]
fn each_language_prints_its_page_or_english() {
    for lang in ["tr", "ar", "ca", "es", "fr", "hr", "TR", "ar-MA"] {
        for game in [
            "modiar",
            "mangala-ii",
            "el-mirall",
            "stones-in-cups",
            "oware",
            "kalah",
        ] {
            let page = stdout(&mancala(&["rules", game, "--lang", lang]));
            let code = lang[..2].to_ascii_lowercase();
            let translated = format!("{}/docs/rules/{code}/{game}.md", env!("CARGO_MANIFEST_DIR"));
            let english = format!("{}/docs/rules/{game}.md", env!("CARGO_MANIFEST_DIR"));
            let want = std::fs::read_to_string(&translated)
                .or_else(|_| std::fs::read_to_string(&english))
                .unwrap();
            assert_eq!(
                page,
                mancala_web::diagram::terminal_page(&want, &code).unwrap(),
                "{game} in {lang}"
            );
            assert!(!page.contains("<!--"), "{game} in {lang}");
        }
    }
}

#[test]
fn an_unknown_language_is_refused_naming_the_seven() {
    let o = mancala(&["rules", "modiar", "--lang", "de"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("unknown language 'de' (languages: en, tr, ar, ca, es, fr, hr)"),
        "{err}"
    );
    let o = mancala(&["rules", "modiar", "--lang", ""]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn an_unknown_game_is_refused_in_any_language() {
    let o = mancala(&["rules", "chess", "--lang", "tr"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}
