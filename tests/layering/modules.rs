//! Inside a crate: which of its top-level modules import which (`use crate::a`, `super::a`,
//! `crate::{a, b}`), the circles among them, and the order a crate declares in a `Layers:` line of
//! its `lib.rs` documentation (`docs/src/contributing/layering.md`).

use crate::source::code_only;
use std::collections::{BTreeMap, BTreeSet};

/// The module path of a file, given relative to the crate's `src/`: `lib.rs` is the root (empty),
/// `a.rs` and `a/mod.rs` are `a`, `a/b.rs` is `a::b`. `None` for a file of no module (`bin/`).
pub fn module_path(rel: &str) -> Option<Vec<String>> {
    let rel = rel.strip_suffix(".rs")?;
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if parts.first().is_some_and(|p| p == "bin") {
        return None;
    }
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        return Some(Vec::new());
    }
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    Some(parts)
}

/// The first segments of the paths written after `at` in `code` (`crate::a::b` gives `a`;
/// `crate::{a::x, b}` gives `a` and `b`).
fn heads_after(code: &str, at: usize) -> Vec<String> {
    let rest = &code[at..];
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 0;
        let mut heads = Vec::new();
        let mut start = 0;
        for (k, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    heads.push(ident(group[start..k].trim_start()));
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    heads.push(ident(group[start..k].trim_start()));
                    start = k + 1;
                }
                _ => {}
            }
        }
        heads.retain(|h| !h.is_empty());
        heads
    } else {
        vec![ident(rest)]
    }
}

/// `code` without its `#[cfg(test)] mod NAME { … }` blocks: a module's unit tests may import
/// what they compare it with (`count`'s oracle), which is no import of the module itself.
fn without_test_modules(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(k) = out.find("#[cfg(test)]") {
        let after = &out[k + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let skipped = after.len() - trimmed.len();
        let is_mod = trimmed.starts_with("mod ") && {
            let head: String = trimmed
                .chars()
                .take_while(|&c| c != ';' && c != '{')
                .collect();
            trimmed[head.len()..].starts_with('{')
        };
        let start = k + "#[cfg(test)]".len() + skipped;
        let end = if is_mod {
            let open = start + out[start..].find('{').unwrap_or(0);
            let mut depth = 0;
            let mut end = out.len();
            for (j, c) in out[open..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = open + j + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            end
        } else {
            start
        };
        out.replace_range(k..end, "");
    }
    out
}

/// For each top-level module of a crate (its files given as `(path under src/, text)`), the
/// other top-level modules it imports. The crate root (`lib.rs`) is the crate's front, not a
/// module: what it imports and what imports it are not edges.
pub fn imports(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let paths: Vec<(Vec<String>, &str)> = files
        .iter()
        .filter_map(|(rel, text)| Some((module_path(rel)?, text.as_str())))
        .collect();
    let tops: BTreeSet<String> = paths
        .iter()
        .filter_map(|(p, _)| p.first().cloned())
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> =
        tops.iter().map(|t| (t.clone(), BTreeSet::new())).collect();
    for (path, text) in &paths {
        let Some(me) = path.first() else { continue };
        let code = without_test_modules(&code_only(text));
        let bytes = code.as_bytes();
        let mut targets = Vec::new();
        for (k, _) in code.match_indices("crate::") {
            let prev = k.checked_sub(1).map(|j| bytes[j]);
            if prev.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$') {
                continue;
            }
            targets.extend(heads_after(&code, k + "crate::".len()));
        }
        for (k, _) in code.match_indices("super::") {
            let prev = k.checked_sub(1).map(|j| bytes[j]);
            if prev.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b':') {
                continue;
            }
            let mut at = k;
            let mut ups = 0;
            while code[at..].starts_with("super::") {
                at += "super::".len();
                ups += 1;
            }
            // `super` from `a/b.rs` is `a` (the same top-level module); from `a.rs`, the root.
            if ups >= path.len() {
                targets.extend(heads_after(&code, at));
            }
        }
        for t in targets {
            if &t != me && tops.contains(&t) {
                graph.entry(me.clone()).or_default().insert(t);
            }
        }
    }
    graph
}

/// The circles of `graph`: each set of two or more modules that all reach each other, as a
/// sorted list.
pub fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = graph.get(from).into_iter().flatten().collect();
        while let Some(m) = stack.pop() {
            if seen.insert(m.clone()) {
                stack.extend(graph.get(m).into_iter().flatten());
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for (m, r) in &reaches {
        if !r.contains(*m) {
            continue;
        }
        let circle: Vec<String> = r
            .iter()
            .filter(|o| reaches.get(o).is_some_and(|back| back.contains(*m)))
            .cloned()
            .collect();
        if circle.len() >= 2 && !out.contains(&circle) {
            out.push(circle);
        }
    }
    out
}

/// The layer order a crate declares in its root's documentation: the words after `Layers:` up to
/// the first `.`, over as many `//!` lines as it takes; groups lowest first, separated by `<`,
/// modules of one group by `,` (backquotes allowed). `None` when the crate declares none.
pub fn declared_layers(lib_rs: &str) -> Option<Vec<Vec<String>>> {
    let doc: Vec<&str> = lib_rs
        .lines()
        .map_while(|l| l.trim_start().strip_prefix("//!"))
        .collect();
    let start = doc.iter().position(|l| l.contains("Layers:"))?;
    let mut text = String::new();
    for l in &doc[start..] {
        text.push_str(l);
        text.push(' ');
        if l.contains('.') {
            break;
        }
    }
    let text = text.split_once("Layers:")?.1;
    let text = text.split('.').next().unwrap_or("");
    Some(
        text.split('<')
            .map(|group| {
                group
                    .split(',')
                    .map(|m| m.trim().trim_matches('`').to_string())
                    .filter(|m| !m.is_empty())
                    .collect()
            })
            .collect(),
    )
}

/// What is wrong with `graph` against the declared `layers`: a module the line does not list, a
/// listed name that is no module, and an import of a module in a higher group.
pub fn layer_faults(
    graph: &BTreeMap<String, BTreeSet<String>>,
    layers: &[Vec<String>],
) -> Vec<String> {
    let level: BTreeMap<&str, usize> = layers
        .iter()
        .enumerate()
        .flat_map(|(i, g)| g.iter().map(move |m| (m.as_str(), i)))
        .collect();
    let mut faults = Vec::new();
    for m in graph.keys() {
        if !level.contains_key(m.as_str()) {
            faults.push(format!("module {m} is not in the Layers line"));
        }
    }
    for m in level.keys() {
        if !graph.contains_key(*m) {
            faults.push(format!("the Layers line names {m}, which is no module"));
        }
    }
    for (m, deps) in graph {
        for d in deps {
            if let (Some(a), Some(b)) = (level.get(m.as_str()), level.get(d.as_str())) {
                if b > a {
                    faults.push(format!("{m} imports {d}, a higher layer"));
                }
            }
        }
    }
    faults
}

#[cfg(test)]
mod checks {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn module_paths() {
        assert_eq!(module_path("lib.rs"), Some(vec![]));
        assert_eq!(module_path("a.rs"), Some(vec!["a".to_string()]));
        assert_eq!(module_path("a/mod.rs"), Some(vec!["a".to_string()]));
        assert_eq!(
            module_path("a/b.rs"),
            Some(vec!["a".to_string(), "b".to_string()])
        );
        assert_eq!(module_path("bin/x.rs"), None);
    }

    #[test]
    fn imports_are_read_from_every_form() {
        let g = imports(&files(&[
            ("lib.rs", "mod a; mod b; mod c; mod d; use crate::a::X;"),
            ("a.rs", "use crate::{b::Y, c};\n// use crate::d::Z\n"),
            (
                "b.rs",
                "use super::c::W; fn f() { let s = \"crate::d\"; }\n#[cfg(test)]\nmod tests { use crate::d::T; }",
            ),
            ("c/mod.rs", "mod inner;"),
            ("c/inner.rs", "use super::super::d::V; use super::Q;"),
            ("d.rs", "macro_rules! m { () => { $crate::a::X } }"),
        ]));
        let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
        assert_eq!(g["a"], set(&["b", "c"]));
        assert_eq!(g["b"], set(&["c"]));
        assert_eq!(g["c"], set(&["d"]));
        assert_eq!(g["d"], set(&[]));
        assert!(circles(&g).is_empty());
    }

    #[test]
    fn a_circle_is_found() {
        let g = imports(&files(&[
            ("a.rs", "use crate::b::X;"),
            ("b.rs", "use crate::c::Y;"),
            ("c.rs", "use super::a::Z;"),
            ("d.rs", "use crate::a::Z;"),
        ]));
        assert_eq!(
            circles(&g),
            vec![vec!["a".to_string(), "b".to_string(), "c".to_string()]]
        );
    }

    #[test]
    fn the_layers_line_is_read_and_held() {
        let lib = "//! The crate.\n//!\n//! Layers: `ending` < played, clock <\n//! driver. More text.\n\nmod x;";
        let layers = declared_layers(lib).unwrap();
        assert_eq!(
            layers,
            vec![
                vec!["ending".to_string()],
                vec!["played".to_string(), "clock".to_string()],
                vec!["driver".to_string()]
            ]
        );
        assert_eq!(declared_layers("//! No order here.\nmod x;"), None);
        let g = imports(&files(&[
            ("ending.rs", "use crate::driver::Seats;"),
            (
                "played.rs",
                "use crate::ending::End; use crate::clock::Clock;",
            ),
            ("clock.rs", ""),
            ("driver.rs", "use crate::played::Played;"),
            ("extra.rs", ""),
        ]));
        let faults = layer_faults(&g, &layers);
        assert_eq!(
            faults,
            vec![
                "module extra is not in the Layers line".to_string(),
                "ending imports driver, a higher layer".to_string(),
            ]
        );
    }
}
