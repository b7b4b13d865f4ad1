//! The page's languages as the server gives them: the page in the language of `?lang=` or of
//! `Accept-Language`, the catalogues, and the rules pages (translated, or English marked so).

mod common;

use common::Server;

async fn server() -> (Server, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&dir.path().join("games.sqlite")).await;
    (s, dir)
}

/// GET with an `Accept-Language`: the status, a header's value and the body.
async fn get(s: &Server, path: &str, accept: Option<&str>, header: &str) -> (u16, String, String) {
    let mut rq = s.client.get(s.url(path));
    if let Some(a) = accept {
        rq = rq.header("accept-language", a);
    }
    let r = rq.send().await.unwrap();
    let status = r.status().as_u16();
    let h = r
        .headers()
        .get(header)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, h, r.text().await.unwrap())
}

fn html_tag(page: &str) -> &str {
    let start = page.find("<html").unwrap();
    &page[start..start + page[start..].find('>').unwrap() + 1]
}

#[tokio::test]
async fn the_page_comes_in_the_language_asked() {
    let (s, _d) = server().await;
    for (query, accept, lang, dir) in [
        ("/", None, "en", "ltr"),
        ("/", Some("tr-TR,tr;q=0.9,en;q=0.8"), "tr", "ltr"),
        ("/", Some("de-DE,ar-MA;q=0.8"), "ar", "rtl"),
        ("/", Some("pt-BR"), "en", "ltr"),
        ("/?lang=hr", Some("tr-TR"), "hr", "ltr"),
        ("/?lang=ar", None, "ar", "rtl"),
        // An unknown ?lang= is ignored, not an error.
        ("/?lang=xx", Some("ca-ES"), "ca", "ltr"),
        ("/?game=abc&lang=fr-FR", None, "fr", "ltr"),
    ] {
        let (st, vary, page) = get(&s, query, accept, "vary").await;
        assert_eq!(st, 200);
        assert_eq!(vary, "Accept-Language");
        assert_eq!(
            html_tag(&page),
            format!("<html lang=\"{lang}\" dir=\"{dir}\">"),
            "{query} {accept:?}"
        );
        // The menu: the seven, in their own names, the one shown selected.
        assert_eq!(page.matches(" data-dir=\"").count(), 7);
        assert!(page.contains(&format!(
            "<option value=\"{lang}\" lang=\"{lang}\" dir=\"{dir}\" data-dir=\"{dir}\" selected>"
        )));
        assert_eq!(page.matches(" selected>").count(), 1);
        for name in [
            "English",
            "Türkçe",
            "العربية",
            "Català",
            "Español",
            "Français",
            "Hrvatski",
        ] {
            assert!(page.contains(&format!(">{name}</option>")), "{name}");
        }
    }
    s.stop().await;
}

#[tokio::test]
async fn catalogues_are_served_and_a_missing_one_is_404() {
    let (s, _d) = server().await;
    let (st, kind, body) = get(&s, "/locales/en.ftl", None, "content-type").await;
    assert_eq!(st, 200);
    assert_eq!(kind, "text/plain; charset=utf-8");
    assert_eq!(body, mancala_locale::catalogue("en").unwrap());
    assert!(body.contains("error-illegal-move = "));
    for bad in [
        "/locales/de.ftl",
        "/locales/en",
        "/locales/en.ftl.bak",
        "/locales/..%2Fsrc%2Flib.rs",
    ] {
        let (st, _, body) = get(&s, bad, None, "content-type").await;
        assert_eq!(st, 404, "{bad}");
        assert!(body.starts_with("no catalogue"), "{bad}: {body}");
    }
    let (st, kind, body) = get(&s, "/vendor/fluent-bundle.js", None, "content-type").await;
    assert_eq!((st, kind.as_str()), (200, "text/javascript; charset=utf-8"));
    assert!(body.starts_with("/** @fluent/bundle@"));
    let (st, _, licence) = get(
        &s,
        "/vendor/fluent-bundle.LICENSE.txt",
        None,
        "content-type",
    )
    .await;
    assert_eq!(st, 200);
    assert!(licence.contains("Apache License"));
    s.stop().await;
}

#[tokio::test]
async fn rules_pages_in_the_language_or_english_marked_so() {
    let (s, _d) = server().await;
    let (st, kind, en) = get(&s, "/rules/en/modiar", None, "content-type").await;
    assert_eq!((st, kind.as_str()), (200, "text/html; charset=utf-8"));
    assert!(
        en.starts_with("<article class=\"rules-page\" lang=\"en\" dir=\"ltr\">\n<h1>Modiar</h1>"),
        "{en}"
    );
    for l in mancala_locale::LANGS {
        for g in mancala_locale::GAMES {
            let (st, _, page) =
                get(&s, &format!("/rules/{}/{g}", l.code), None, "content-type").await;
            assert_eq!(st, 200);
            let (shown, dir) = match mancala_locale::translated_page(g, l.code) {
                Some(_) => (l.code, l.dir.as_str()),
                None => ("en", "ltr"),
            };
            assert!(
                page.starts_with(&format!(
                    "<article class=\"rules-page\" lang=\"{shown}\" dir=\"{dir}\">"
                )),
                "{g} in {}",
                l.code
            );
            assert_eq!(
                page,
                format!(
                    "<article class=\"rules-page\" lang=\"{shown}\" dir=\"{dir}\">\n{}</article>\n",
                    mancala_web::assets::rules_html(mancala_locale::rules_page(g, l.code).unwrap())
                        .unwrap()
                )
            );
        }
    }
    for bad in [
        "/rules/de/modiar",
        "/rules/en/chess",
        "/rules/EN/modiar",
        "/rules/en",
    ] {
        let (st, _, _) = get(&s, bad, None, "content-type").await;
        assert_eq!(st, 404, "{bad}");
    }
    s.stop().await;
}

#[test]
fn markup_in_a_rules_page_is_shown_as_text() {
    let html = mancala_web::assets::rules_html(
        "# T\n\n<script>alert(1)</script>\n\nA <b onclick=\"x\">b</b> | c\n",
    )
    .unwrap();
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<b "), "{html}");
    assert!(html.contains("&lt;script&gt;"), "{html}");
    let table = mancala_web::assets::rules_html("| a | b |\n|:--|--:|\n| 1 | 2 |\n").unwrap();
    assert!(
        table.contains("<table>") && table.contains("<td>2</td>"),
        "{table}"
    );
    assert!(!table.contains("style"), "{table}");
}

/// What a player reads on the page is for players: no shell command, no document of the
/// project's, no board drawn in letters; every board is drawn by the page (and each game with
/// a board on its page has one in every language). The terminal's page has its commands and
/// its boards as text, with no mark left.
#[test]
fn rules_pages_draw_their_boards_and_keep_commands_for_the_terminal() {
    for (lang, game, md) in mancala_locale::pages() {
        let html =
            mancala_web::assets::rules_html(md).unwrap_or_else(|e| panic!("{game} in {lang}: {e}"));
        for word in [
            "$ mancala",
            "mancala play",
            "mancala cycle",
            "mancala replay",
            "--trace",
            "--backward",
            "RULINGS",
            "NOTATION",
            "docs/",
            "][",
            "&lt;!--",
        ] {
            assert!(
                !html.contains(word),
                "{game} in {lang} shows '{word}':\n{html}"
            );
        }
        let figures = html
            .matches("<figure class=\"rules-boards\" data-boards=")
            .count();
        let drawn = ["modiar", "mangala-ii", "el-mirall", "stones-in-cups"].contains(&game);
        assert_eq!(figures > 0, drawn, "{game} in {lang}: {figures} boards");
        let text = mancala_web::diagram::terminal_page(md, lang)
            .unwrap_or_else(|e| panic!("{game} in {lang}, for the terminal: {e}"));
        assert!(
            !text.contains("<!--") && !text.contains("```board"),
            "{game} in {lang}:\n{text}"
        );
        if drawn && game != "stones-in-cups" {
            let south = mancala_locale::plain_message(lang, "side-south").unwrap();
            assert!(
                text.contains(&format!("    {south} ")),
                "{game} in {lang}:\n{text}"
            );
        }
        if ["el-mirall", "stones-in-cups"].contains(&game) {
            assert!(text.contains("mancala cycle"), "{game} in {lang}:\n{text}");
        }
    }
}

/// The message ids of a catalogue.
fn message_ids(lang: &str, src: &'static str) -> std::collections::BTreeSet<String> {
    let res = fluent_syntax::parser::parse(src)
        .unwrap_or_else(|(_, e)| panic!("{lang}.ftl does not parse: {e:?}"));
    res.body
        .iter()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_error_code_and_reason_and_end_of_game_has_a_message_in_every_language() {
    use mancala_core::{IllegalReason, Side};
    let reasons = [
        IllegalReason::PassNotAllowed,
        IllegalReason::NotYourPit {
            pit_of: Side::North,
            to_move: Side::South,
        },
        IllegalReason::EmptyPit,
        IllegalReason::TooFewSeeds { min: 2, held: 1 },
        IllegalReason::GrandSlam,
        IllegalReason::MustFeed,
        IllegalReason::Other,
    ];
    // A new reason must be added above (and worded in the catalogues): the match has no arm
    // for it.
    for r in reasons {
        match r {
            IllegalReason::PassNotAllowed
            | IllegalReason::NotYourPit { .. }
            | IllegalReason::EmptyPit
            | IllegalReason::TooFewSeeds { .. }
            | IllegalReason::GrandSlam
            | IllegalReason::MustFeed
            | IllegalReason::Other => {}
        }
    }
    let mut missing = Vec::new();
    for l in mancala_locale::LANGS {
        let Some(src) = mancala_locale::catalogue(l.code) else {
            missing.push(format!("{}: no catalogue", l.code));
            continue;
        };
        let ids = message_ids(l.code, src);
        for c in mancala_web::error::Code::ALL {
            let id = format!("error-{}", c.as_str());
            if !ids.contains(&id) {
                missing.push(format!("{}: {id}", l.code));
            }
        }
        for r in reasons {
            let id = format!("reason-{}", r.code());
            if !ids.contains(&id) {
                missing.push(format!("{}: {id}", l.code));
            }
        }
        // Why a game ended: the page shows `end-<code>`.
        for r in mancala_core::EndReason::ALL {
            let id = format!("end-{}", r.code());
            if !ids.contains(&id) {
                missing.push(format!("{}: {id}", l.code));
            }
        }
    }
    assert!(missing.is_empty(), "messages missing: {missing:?}");
}

#[tokio::test]
async fn every_game_of_the_catalogue_has_a_rules_page() {
    let (s, _d) = server().await;
    let (st, cat) = s.get("/api/rules").await;
    assert_eq!(st, 200);
    let mut ids: Vec<String> = Vec::new();
    for list in ["games", "solitaires"] {
        for g in cat[list].as_array().unwrap() {
            ids.push(g["id"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(
        ids,
        mancala_locale::GAMES,
        "the page's How to play lists the catalogue"
    );
    s.stop().await;
}

#[test]
fn every_el_mirall_refusal_is_worded_in_every_language() {
    use mancala_solitaire::el_mirall::PitRefusal;
    let refusals = [
        PitRefusal::NoSuchPit {
            north: true,
            pit: 6,
            pits: 6,
        },
        PitRefusal::NotNext {
            north: false,
            must: 1,
            pit: 2,
            passed: vec![0],
            pit_empty: true,
        },
    ];
    // The messages the page words each code with (assets/js/words.js, refusalText); a new
    // refusal has no arm here until it is worded.
    let messages = |r: &PitRefusal| -> Vec<String> {
        match r {
            PitRefusal::NoSuchPit { .. } => vec!["m-no-such-pit".into()],
            PitRefusal::NotNext { .. } => ["south", "north"]
                .iter()
                .flat_map(|s| {
                    [
                        format!("m-{s}-must"),
                        format!("m-{s}-why"),
                        format!("m-{s}-why-first"),
                    ]
                })
                .chain(["m-pit-empty".to_string()])
                .collect(),
        }
    };
    assert_eq!(
        refusals.iter().map(|r| r.code()).collect::<Vec<_>>(),
        ["no-such-pit", "not-next-pit"]
    );
    let mut missing = Vec::new();
    for l in mancala_locale::LANGS {
        let src = mancala_locale::catalogue(l.code).expect("a catalogue");
        let ids = message_ids(l.code, src);
        for r in &refusals {
            for id in messages(r) {
                if !ids.contains(&id) {
                    missing.push(format!("{}: {id} ({})", l.code, r.code()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "not worded: {missing:?}");
}

/// `error-game-stopped` words each way a game can be stopped (the `how` parameter) in a branch
/// of its own in every language, so none falls to the default's words.
#[test]
fn every_way_a_game_is_stopped_has_its_own_words_in_every_language() {
    use fluent_syntax::ast::{Entry, Expression, PatternElement, VariantKey};
    use mancala_core::{Side, Stop};
    // Resigned games say so by their own code (`game-over` with the side), not through `how`.
    let stops = [
        Stop::TimeForfeit(Side::South),
        Stop::Abandoned(Side::South),
        Stop::DrawAgreed,
        Stop::Aborted,
    ];
    for s in stops {
        match s {
            Stop::Resigned(_)
            | Stop::TimeForfeit(_)
            | Stop::Abandoned(_)
            | Stop::DrawAgreed
            | Stop::Aborted => {}
        }
    }
    for l in mancala_locale::LANGS {
        let src = mancala_locale::catalogue(l.code).expect("a catalogue");
        let res = fluent_syntax::parser::parse(src).expect("parses");
        let keys: Vec<String> = res
            .body
            .iter()
            .filter_map(|e| match e {
                Entry::Message(m) if m.id.name == "error-game-stopped" => m.value.as_ref(),
                _ => None,
            })
            .flat_map(|p| p.elements.iter())
            .filter_map(|e| match e {
                PatternElement::Placeable {
                    expression: Expression::Select { variants, .. },
                } => Some(variants),
                _ => None,
            })
            .flat_map(|v| v.iter())
            .map(|v| match &v.key {
                VariantKey::Identifier { name } => name.to_string(),
                VariantKey::NumberLiteral { value } => value.to_string(),
            })
            .collect();
        for s in stops {
            assert!(
                keys.iter().any(|k| k == s.code()),
                "{}: error-game-stopped has no branch for {} ({keys:?})",
                l.code,
                s.code()
            );
        }
    }
}

/// The plural categories of a language's cardinal numbers (CLDR), as Fluent selects on them.
fn plural_categories(lang: &str) -> &'static [&'static str] {
    match lang {
        "ar" => &["zero", "one", "two", "few", "many", "other"],
        "hr" => &["one", "few", "other"],
        "tr" => &["one", "other"],
        _ => &["one", "other"],
    }
}

/// The keys of each select expression of `pattern` whose selector is `$var`, with those nested
/// in its variants and in other placeables.
fn selects_on(pattern: &fluent_syntax::ast::Pattern<&str>, var: &str, out: &mut Vec<Vec<String>>) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement, VariantKey};
    for el in &pattern.elements {
        let PatternElement::Placeable { expression } = el else {
            continue;
        };
        match expression {
            Expression::Select { selector, variants } => {
                if let InlineExpression::VariableReference { id } = selector
                    && id.name == var
                {
                    out.push(
                        variants
                            .iter()
                            .map(|v| match &v.key {
                                VariantKey::Identifier { name } => name.to_string(),
                                VariantKey::NumberLiteral { value } => value.to_string(),
                            })
                            .collect(),
                    );
                }
                for v in variants {
                    selects_on(&v.value, var, out);
                }
            }
            Expression::Inline(InlineExpression::Placeable { expression }) => {
                let inner = fluent_syntax::ast::Pattern {
                    elements: vec![PatternElement::Placeable {
                        expression: (**expression).clone(),
                    }],
                };
                selects_on(&inner, var, out);
            }
            Expression::Inline(_) => {}
        }
    }
}

/// Where a count is followed by a word that changes with it (a minute, two minutes, three
/// minutes, eleven minutes: Arabic has six forms, Croatian three), the message selects the
/// word by the count's plural category, with a variant for each category of the language;
/// abbreviations (`min`, `s`) and Turkish (whose nouns stay singular after a number) need
/// none. Each entry: the message, its count, the languages whose wording counts.
#[test]
fn counted_words_agree_with_their_count_in_every_language() {
    const ALL: &[&str] = &["ar", "hr", "en", "ca", "es", "fr"];
    const LATIN: &[&str] = &["en", "ca", "es", "fr"];
    let counted: &[(&str, &str, &[&str])] = &[
        ("clock-live", "minutes", &["ar"]),
        ("clock-live", "seconds", &["ar"]),
        ("clock-start", "seconds", &["ar"]),
        ("error-too-many-games", "seconds", &["ar"]),
        ("error-too-many-attempts", "seconds", &["ar"]),
        ("error-too-many-phrases", "max", &["ar"]),
        ("error-too-many-challenges", "max", ALL),
        ("auto-too-long", "cycle", &["ar"]),
        ("clock-days", "days", ALL),
        ("m-result-differs", "cycle", ALL),
        ("c-engine-counts", "cycle", ALL),
        ("analysis-depth", "depth", ALL),
        ("analysis-how-deep", "depth", ALL),
        ("analysis-how-deep-db", "depth", ALL),
        ("graph-label", "top", ALL),
        ("m-result-duo", "gap", &["ar"]),
        ("m-stats", "gap", &["ar"]),
        ("lb-watch", "plies", LATIN),
        ("review-start", "total", LATIN),
    ];
    let mut faults = Vec::new();
    for l in mancala_locale::LANGS {
        let src = mancala_locale::catalogue(l.code).expect("a catalogue");
        let res = fluent_syntax::parser::parse(src)
            .unwrap_or_else(|(_, e)| panic!("{}.ftl does not parse: {e:?}", l.code));
        let message = |id: &str| {
            res.body.iter().find_map(|e| match e {
                fluent_syntax::ast::Entry::Message(m) if m.id.name == id => m.value.as_ref(),
                _ => None,
            })
        };
        for (id, var, langs) in counted {
            if !langs.contains(&l.code) {
                continue;
            }
            let Some(pattern) = message(id) else {
                faults.push(format!("{}: no {id}", l.code));
                continue;
            };
            let mut found = Vec::new();
            selects_on(pattern, var, &mut found);
            if found.is_empty() {
                faults.push(format!("{}: {id} does not select on ${var}", l.code));
            }
            for keys in found {
                let missing: Vec<_> = plural_categories(l.code)
                    .iter()
                    .filter(|c| !keys.iter().any(|k| k == *c))
                    .collect();
                if !missing.is_empty() {
                    faults.push(format!("{}: {id} on ${var} lacks {missing:?}", l.code));
                }
            }
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
}
