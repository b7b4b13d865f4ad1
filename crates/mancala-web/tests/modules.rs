//! The crate's modules use each other one way only (docs/architecture.md): no module uses a
//! module that uses it, directly or round a circle.

use std::collections::{BTreeMap, BTreeSet};

/// Each module of `src/` and the modules of the crate its code (not its comments or tests)
/// names as `crate::name`.
fn uses() -> BTreeMap<String, BTreeSet<String>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if p.extension().is_some_and(|x| x == "rs") && name != "lib" {
            let text = std::fs::read_to_string(&p).unwrap();
            let code: String = text
                .split("#[cfg(test)]")
                .next()
                .unwrap()
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            files.insert(name, code);
        }
    }
    let names: BTreeSet<String> = files.keys().cloned().collect();
    files
        .iter()
        .map(|(m, code)| {
            let mut used = BTreeSet::new();
            for (i, _) in code.match_indices("crate::") {
                let rest = &code[i + "crate::".len()..];
                // `crate::a::b` uses `a`; `crate::{a, b::c}` uses `a` and `b`.
                let group = match rest.strip_prefix('{') {
                    Some(inner) => inner.split('}').next().unwrap(),
                    None => rest.split([':', ';', ' ', '(', '\n']).next().unwrap(),
                };
                for part in group.split(',') {
                    let head: String = part
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if names.contains(&head) && &head != m {
                        used.insert(head);
                    }
                }
            }
            (m.clone(), used)
        })
        .collect()
}

#[test]
fn no_module_circle() {
    let g = uses();
    assert!(g.len() >= 10, "the modules were not found: {g:?}");
    assert!(
        g["games"].contains("session"),
        "the reading of uses is broken: {g:?}"
    );
    // Depth-first search for a path back to the start.
    fn reach(g: &BTreeMap<String, BTreeSet<String>>, from: &str, path: &mut Vec<String>) {
        for next in &g[from] {
            if let Some(i) = path.iter().position(|p| p == next) {
                panic!(
                    "modules used round a circle: {}",
                    path[i..].join(" -> ") + " -> " + next
                );
            }
            path.push(next.clone());
            reach(g, next, path);
            path.pop();
        }
    }
    for m in g.keys() {
        reach(&g, m, &mut vec![m.clone()]);
    }
}
