//! The layout of docs/architecture.md, checked: the crates' arrows are the ones the document
//! lists (each `Cargo.toml`'s `[dependencies]`), every crate has its section, and inside every
//! crate and the binary the modules use each other one way only (no module uses a module that
//! uses it, directly or round a circle).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every crate of the repository: the binary (`mancala`, in `src/`) and `crates/*`, with its
/// folder.
fn crates() -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::from([("mancala".to_string(), root())]);
    for e in std::fs::read_dir(root().join("crates")).unwrap() {
        let dir = e.unwrap().path();
        if dir.join("Cargo.toml").exists() {
            out.insert(dir.file_name().unwrap().to_string_lossy().into_owned(), dir);
        }
    }
    out
}

/// The crates of this repository a `Cargo.toml` lists under `[dependencies]`.
fn dependencies(manifest: &Path, known: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut section = String::new();
    let mut out = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section == "[dependencies]" {
            // `name = ...` or `name.workspace = true`.
            let name = line.split(['=', '.']).next().unwrap().trim();
            if known.contains_key(name) {
                out.insert(name.to_string());
            }
        }
    }
    out
}

/// The arrows docs/architecture.md lists: its lines `crate ──> a, b` (or `──> nothing`).
fn documented_arrows(doc: &str) -> BTreeMap<String, BTreeSet<String>> {
    doc.lines()
        .filter_map(|l| l.split_once(" ──> "))
        .filter(|(from, _)| from.starts_with("mancala"))
        .map(|(from, to)| {
            let to = to
                .split(',')
                .map(str::trim)
                .filter(|t| *t != "nothing")
                .map(String::from)
                .collect();
            (from.trim().to_string(), to)
        })
        .collect()
}

#[test]
fn the_crates_arrows_are_the_documented_ones() {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    let known = crates();
    assert!(known.len() >= 8, "the crates were not found: {known:?}");
    let actual: BTreeMap<String, BTreeSet<String>> = known
        .iter()
        .map(|(name, dir)| (name.clone(), dependencies(&dir.join("Cargo.toml"), &known)))
        .collect();
    assert!(
        actual["mancala-web"].contains("mancala-core"),
        "the reading of Cargo.toml is broken: {actual:?}"
    );
    assert_eq!(
        documented_arrows(&doc),
        actual,
        "docs/architecture.md's arrows"
    );
    for name in known.keys() {
        assert!(
            doc.lines()
                .any(|l| l.starts_with("## ") && l.contains(name.as_str())),
            "docs/architecture.md has no section for {name}"
        );
        assert!(
            doc.split("```")
                .nth(1)
                .is_some_and(|p| p.contains(name.as_str())),
            "docs/architecture.md's picture lacks {name}"
        );
    }
}

/// A module's code: comments and the tests at the end (`#[cfg(test)]`) left out.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.split("#[cfg(test)]")
        .next()
        .unwrap()
        .lines()
        .map(|l| l.split("//").next().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules of the crate whose root file is in `src`: each module's path (`cmd::play`; the
/// root is the empty path) and its code.
fn modules(src: &Path) -> BTreeMap<Vec<String>, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
                continue;
            }
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let mut path: Vec<String> = p
                .strip_prefix(src)
                .unwrap()
                .with_extension("")
                .iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect();
            if matches!(
                path.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                path.pop();
            }
            out.insert(path, code_of(&p));
        }
    }
    out
}

/// The paths a piece of code names from `crate::`, `super::` or `self::` (as written, the
/// first segment included), each `use` group unfolded: `crate::{a, b::{c, d}}` is
/// `crate::a`, `crate::b::c` and `crate::b::d`.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (i, _) in code.match_indices(start) {
            if i > 0 && (ident(bytes[i - 1]) || bytes[i - 1] == b':') {
                continue;
            }
            let mut pos = i;
            tree(code, &mut pos, Vec::new(), &mut out);
        }
    }
    out
}

/// Reads the path tree at `pos` (segments, `::`, `{...}` groups) after `prefix`, adding each
/// full path to `out`.
fn tree(code: &str, pos: &mut usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let bytes = code.as_bytes();
    let skip_space = |pos: &mut usize| {
        while *pos < bytes.len() && bytes[*pos].is_ascii_whitespace() {
            *pos += 1;
        }
    };
    loop {
        skip_space(pos);
        if *pos < bytes.len() && bytes[*pos] == b'{' {
            *pos += 1;
            loop {
                tree(code, pos, prefix.clone(), out);
                skip_space(pos);
                match bytes.get(*pos) {
                    Some(b',') => *pos += 1,
                    Some(b'}') => {
                        *pos += 1;
                        return;
                    }
                    _ => return,
                }
                skip_space(pos);
                if bytes.get(*pos) == Some(&b'}') {
                    *pos += 1;
                    return;
                }
            }
        }
        let begin = *pos;
        while *pos < bytes.len() && (bytes[*pos].is_ascii_alphanumeric() || bytes[*pos] == b'_') {
            *pos += 1;
        }
        if *pos > begin {
            prefix.push(code[begin..*pos].to_string());
        }
        if code[*pos..].starts_with("::") {
            *pos += 2;
        } else {
            if !prefix.is_empty() {
                out.push(prefix);
            }
            return;
        }
    }
}

/// Each module of the crate in `src` and the modules of the same crate it uses (the crate's
/// root, its facade of re-exports, left out).
fn uses(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mods = modules(src);
    let name = |p: &[String]| p.join("::");
    mods.iter()
        .filter(|(path, _)| !path.is_empty())
        .map(|(me, code)| {
            let mut used = BTreeSet::new();
            for path in named_paths(code) {
                // Where the path starts: the root, this module, or an ancestor.
                let mut at: Vec<String> = me.clone();
                let mut rest = path.as_slice();
                match rest.first().map(String::as_str) {
                    Some("crate") => {
                        at.clear();
                        rest = &rest[1..];
                    }
                    Some("self") => rest = &rest[1..],
                    _ => {
                        while rest.first().is_some_and(|s| s == "super") {
                            at.pop();
                            rest = &rest[1..];
                        }
                    }
                }
                // The deepest module the path goes through.
                let mut target = at.clone();
                for seg in rest {
                    let mut next = target.clone();
                    next.push(seg.clone());
                    if !mods.contains_key(&next) {
                        break;
                    }
                    target = next;
                }
                if !target.is_empty() && &target != me {
                    used.insert(name(&target));
                }
            }
            (name(me), used)
        })
        .collect()
}

/// A circle of modules in `g` (`a -> b -> a`), if there is one.
fn circle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<String> {
    fn reach(
        g: &BTreeMap<String, BTreeSet<String>>,
        from: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<String> {
        for next in g.get(from).into_iter().flatten() {
            if let Some(i) = path.iter().position(|p| p == next) {
                return Some(path[i..].join(" -> ") + " -> " + next);
            }
            if done.contains(next) {
                continue;
            }
            path.push(next.clone());
            let found = reach(g, next, path, done);
            path.pop();
            if found.is_some() {
                return found;
            }
        }
        done.insert(from.to_string());
        None
    }
    let mut done = BTreeSet::new();
    g.keys()
        .find_map(|m| reach(g, m, &mut vec![m.clone()], &mut done))
}

#[test]
fn the_reading_of_uses_understands_every_form_of_path() {
    let code = "use super::line::{Line, next_line};\nuse crate::{a::{b, c::d}, e};\nlet x = self::f::g();\nfoo::crate_x();";
    let mut got: Vec<String> = named_paths(code).iter().map(|p| p.join("::")).collect();
    got.sort();
    assert_eq!(
        got,
        [
            "crate::a::b",
            "crate::a::c::d",
            "crate::e",
            "self::f::g",
            "super::line::Line",
            "super::line::next_line"
        ]
    );
    // Two modules that import each other are a circle; one way is not.
    let g = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    assert!(circle(&g(&[("a", "b"), ("b", "c"), ("c", "a")])).is_some());
    assert_eq!(circle(&g(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
}

#[test]
fn no_module_circle_in_any_crate() {
    for (name, dir) in crates() {
        let g = uses(&dir.join("src"));
        assert!(
            !g.is_empty() || name == "mancala-locale",
            "{name}: no modules found"
        );
        if let Some(c) = circle(&g) {
            panic!("{name}: modules used round a circle: {c}");
        }
    }
    // The reading finds what is there: the web app's routes of games use its sessions; the
    // command's terminal play its line reading (through `super::`).
    let web = uses(&root().join("crates/mancala-web/src"));
    assert!(web["games"].contains("session"), "{web:?}");
    let bin = uses(&root().join("src"));
    assert!(bin["cmd::play"].contains("cmd::line"), "{bin:?}");
    assert!(bin["cmd::play"].contains("cmd::solitaire_play"), "{bin:?}");
}
