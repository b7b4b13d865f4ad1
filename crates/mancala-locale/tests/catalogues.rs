//! The catalogues against the English one: every language has one, each parses, has exactly
//! the English messages and attributes, uses only the variables English passes, and words its
//! plurals with its own language's plural categories. And the rules pages: each of the four
//! games the project is built around is written in every language, and no page file lies where
//! none is read.

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use mancala_locale::{GAMES, LANGS, catalogue};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// One message: its attributes, and per pattern (value or attribute) the variables it uses and
/// the keys of each select on a variable.
#[derive(Default, Debug)]
struct Msg {
    attributes: BTreeSet<String>,
    vars: BTreeSet<String>,
    selects: BTreeMap<String, BTreeSet<String>>,
}

fn walk_inline(e: &InlineExpression<&str>, m: &mut Msg) {
    match e {
        InlineExpression::VariableReference { id } => {
            m.vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                walk_inline(a, m);
            }
            for a in &arguments.named {
                walk_inline(&a.value, m);
            }
        }
        InlineExpression::Placeable { expression } => walk_expr(expression, m),
        _ => {}
    }
}

fn walk_expr(e: &Expression<&str>, m: &mut Msg) {
    match e {
        Expression::Inline(i) => walk_inline(i, m),
        Expression::Select { selector, variants } => {
            walk_inline(selector, m);
            if let InlineExpression::VariableReference { id } = selector {
                let keys = m.selects.entry(id.name.to_string()).or_default();
                for v in variants {
                    if let VariantKey::Identifier { name } = &v.key {
                        keys.insert(name.to_string());
                    }
                }
            }
            for v in variants {
                walk_pattern(&v.value, m);
            }
        }
    }
}

fn walk_pattern(p: &Pattern<&str>, m: &mut Msg) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            walk_expr(expression, m);
        }
    }
}

/// The messages of a catalogue by id; panics on a syntax error or a message given twice.
fn messages(lang: &str, src: &'static str) -> BTreeMap<String, Msg> {
    let res = fluent_syntax::parser::parse(src).unwrap_or_else(|(_, errors)| {
        panic!("{lang}.ftl does not parse: {errors:?}");
    });
    let mut out = BTreeMap::new();
    for entry in &res.body {
        match entry {
            Entry::Message(msg) => {
                let mut m = Msg::default();
                if let Some(v) = &msg.value {
                    walk_pattern(v, &mut m);
                }
                for a in &msg.attributes {
                    m.attributes.insert(a.id.name.to_string());
                    walk_pattern(&a.value, &mut m);
                }
                let id = msg.id.name.to_string();
                assert!(
                    out.insert(id.clone(), m).is_none(),
                    "{lang}.ftl: '{id}' is given twice"
                );
            }
            Entry::Junk { content } => panic!("{lang}.ftl: cannot read {content:?}"),
            _ => {}
        }
    }
    out
}

/// CLDR's cardinal plural categories of each language.
fn plural_categories(lang: &str) -> &'static [&'static str] {
    match lang {
        "en" | "tr" => &["one", "other"],
        "ar" => &["zero", "one", "two", "few", "many", "other"],
        "hr" => &["one", "few", "other"],
        "ca" | "es" | "fr" => &["one", "many", "other"],
        _ => unreachable!("{lang}"),
    }
}

#[test]
fn every_language_has_a_catalogue() {
    let missing: Vec<_> = LANGS
        .iter()
        .filter(|l| catalogue(l.code).is_none())
        .map(|l| l.code)
        .collect();
    assert!(
        missing.is_empty(),
        "no catalogue locales/<lang>.ftl for {missing:?}"
    );
}

#[test]
fn every_catalogue_has_exactly_the_english_messages() {
    let en = messages("en", catalogue("en").expect("the English catalogue"));
    assert!(
        en.len() > 100,
        "the English catalogue is the page's every string"
    );
    for l in LANGS.iter().filter(|l| l.code != "en") {
        let Some(src) = catalogue(l.code) else {
            continue;
        };
        let ms = messages(l.code, src);
        let missing: Vec<_> = en.keys().filter(|k| !ms.contains_key(*k)).collect();
        let unknown: Vec<_> = ms.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{}.ftl lacks {missing:?}", l.code);
        assert!(
            unknown.is_empty(),
            "{}.ftl has messages English has not: {unknown:?}",
            l.code
        );
        for (id, m) in &ms {
            let e = &en[id];
            assert_eq!(
                m.attributes, e.attributes,
                "{}.ftl: the attributes of '{id}'",
                l.code
            );
            let stray: Vec<_> = m.vars.difference(&e.vars).collect();
            assert!(
                stray.is_empty(),
                "{}.ftl: '{id}' uses {stray:?}, which the page does not pass",
                l.code
            );
            // A select that English makes on a number is a plural: its keys are the language's.
            for (var, keys) in &m.selects {
                let plural = e
                    .selects
                    .get(var)
                    .is_some_and(|k| k.iter().all(|k| k == "one" || k == "other"));
                if plural {
                    let cats = plural_categories(l.code);
                    let bad: Vec<_> = keys
                        .iter()
                        .filter(|k| !cats.contains(&k.as_str()))
                        .collect();
                    assert!(
                        bad.is_empty(),
                        "{}.ftl: '{id}' selects ${var} on {bad:?}, not plural categories of the language ({cats:?})",
                        l.code
                    );
                }
            }
        }
    }
}

#[test]
fn the_english_catalogue_uses_english_plural_categories() {
    let en = messages("en", catalogue("en").unwrap());
    for (id, m) in &en {
        for (var, keys) in &m.selects {
            assert!(!keys.is_empty(), "'{id}': a select on ${var} without keys");
        }
    }
    assert!(en["pit-label"].selects["count"].contains("one"));
}

#[test]
fn the_four_games_have_a_rules_page_in_every_language() {
    for l in LANGS {
        for g in ["modiar", "mangala-ii", "el-mirall", "stones-in-cups"] {
            assert!(
                mancala_locale::translated_page(g, l.code).is_some(),
                "no rules page of {g} in {} (docs/rules/{}/{g}.md)",
                l.english,
                l.code
            );
        }
    }
}

#[test]
fn no_rules_page_lies_where_none_is_read() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules");
    for entry in std::fs::read_dir(&rules).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() {
            assert!(
                LANGS.iter().any(|l| l.code == name && name != "en"),
                "docs/rules/{name}/ is not a language"
            );
            for f in std::fs::read_dir(entry.path()).unwrap() {
                let f = f.unwrap().file_name().to_string_lossy().into_owned();
                let game = f
                    .strip_suffix(".md")
                    .unwrap_or_else(|| panic!("docs/rules/{name}/{f} is not a page"));
                assert!(GAMES.contains(&game), "docs/rules/{name}/{f}: no such game");
                assert!(
                    mancala_locale::translated_page(game, &name).is_some(),
                    "docs/rules/{name}/{f} is not embedded"
                );
            }
        } else if let Some(game) = name.strip_suffix(".md") {
            assert!(GAMES.contains(&game), "docs/rules/{name}: no such game");
        }
    }
}
