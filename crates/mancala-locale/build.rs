//! Embeds the catalogues (locales/<lang>.ftl) and the rules pages (docs/rules/<game>.md in
//! English, docs/rules/<lang>/<game>.md translated) that exist: a translation not written yet is
//! left out, and the page or the command falls back to English.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

include!("src/names.rs");
const LANGS: &[&str] = CODES;

fn main() {
    let crate_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let locales = crate_dir.join("locales");
    let rules = crate_dir.join("../../docs/rules");
    println!("cargo:rerun-if-changed=src/names.rs");
    println!("cargo:rerun-if-changed={}", locales.display());
    println!("cargo:rerun-if-changed={}", rules.display());
    // English pages are docs/rules/ itself; a path that does not exist would make cargo run
    // this script (and rebuild the crates above) at every build.
    for lang in LANGS.iter().filter(|l| **l != "en") {
        println!("cargo:rerun-if-changed={}", rules.join(lang).display());
    }

    let mut out = String::new();
    out.push_str("/// The catalogues that exist: (language, Fluent source).\n");
    out.push_str("pub static CATALOGUES: &[(&str, &str)] = &[\n");
    for lang in LANGS {
        let f = locales.join(format!("{lang}.ftl"));
        if f.is_file() {
            writeln!(out, "    ({lang:?}, include_str!({:?})),", abs(&f)).unwrap();
        }
    }
    out.push_str("];\n\n");
    out.push_str("/// The rules pages that exist: (language, game, Markdown).\n");
    out.push_str("pub static PAGES: &[(&str, &str, &str)] = &[\n");
    for lang in LANGS {
        for game in GAMES {
            let f = if *lang == "en" {
                rules.join(format!("{game}.md"))
            } else {
                rules.join(lang).join(format!("{game}.md"))
            };
            if f.is_file() {
                writeln!(
                    out,
                    "    ({lang:?}, {game:?}, include_str!({:?})),",
                    abs(&f)
                )
                .unwrap();
            }
        }
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded.rs");
    std::fs::write(dest, out).unwrap();
}

fn abs(p: &Path) -> String {
    p.canonicalize().unwrap().to_string_lossy().into_owned()
}
