//! The one writer of the vector format: a [`Vector`] as a `[[vector]]` table of `spec/vectors/`'s
//! TOML, which [`parse_file`](crate::parse_file) reads back as the same vector (a test checks it).
//! `ttrules probes` (`ttrules-check`) and the fuzzers' reports (`ttrules-fuzz`) write vectors
//! through it.

use crate::{Expected, Vector};
use std::fmt::Write as _;

/// `v` as one `[[vector]]` table, its fields in the order of the format (the crate's
/// documentation), each written only when it is given; ends with a line break. The rules are
/// written by name when they have one, else as their full parameter list; the komi always.
pub fn vector_toml(v: &Vector) -> String {
    let mut s = String::from("[[vector]]\n");
    let mut line = |key: &str, value: String| {
        let _ = writeln!(s, "{key} = {value}");
    };
    line("name", string(&v.name));
    if let Some(d) = &v.description {
        line("description", string(d));
    }
    line("clauses", list(v.clauses.iter().map(|c| string(c.id()))));
    line("size", string(&v.size.to_string()));
    let rules = v
        .rules
        .name()
        .map_or_else(|| v.rules.describe(), str::to_string);
    line("rules", string(&rules));
    line("komi", string(&v.komi.to_string()));
    if !v.setup.is_empty_start() {
        line(
            "setup",
            format!(
                "{{ grid = {}, to_move = {}, handicap = {} }}",
                list(v.setup.grid.rows().iter().map(|r| string(r))),
                string(v.setup.to_move.letter()),
                v.setup.handicap
            ),
        );
    }
    line(
        "moves",
        list(v.attempts.iter().map(|a| string(&attempt(a)))),
    );
    if !v.dead.is_empty() {
        line("dead", list(v.dead.iter().map(|p| string(&p.gtp()))));
    }
    let e = &v.expect;
    if let Some(over) = e.over {
        line("over", over.to_string());
    }
    if let Some(p) = e.to_move {
        line("to_move", string(p.letter()));
    }
    if let Some(n) = e.passes {
        line("passes", n.to_string());
    }
    if let Some(g) = &e.grid {
        line("grid", list(g.rows().iter().map(|r| string(r))));
    }
    if let Some(sc) = &e.score {
        let (b, w) = (sc.black.to_string(), sc.white.to_string());
        line(
            "score",
            format!("{{ black = {}, white = {} }}", string(&b), string(&w)),
        );
    }
    if let Some(r) = &e.result {
        line("result", string(r));
    }
    if let Some(points) = &e.legal {
        line("legal", list(points.iter().map(|p| string(&p.gtp()))));
    }
    if let Some(p) = &e.prisoners {
        line(
            "prisoners",
            format!("{{ black = {}, white = {} }}", p.black, p.white),
        );
    }
    if let Some(first) = e.first_passer {
        line("first_passer", string(first.map_or("none", |p| p.letter())));
    }
    if let Some(h) = e.handicap {
        line("handicap", h.to_string());
    }
    if let Some(void) = e.void {
        line("void", void.to_string());
    }
    if let Some(a) = &e.pass_alive {
        let points = |ps: &[ttrules_spec::Point]| list(ps.iter().map(|p| string(&p.gtp())));
        line(
            "pass_alive",
            format!(
                "{{ black = {}, white = {} }}",
                points(&a.black),
                points(&a.white)
            ),
        );
    }
    s
}

/// An attempt as the format writes it: `B D4`, `W pass`, `W A1 captures 3`, `B A1 suicides 2`,
/// `W B3 illegal repetition`, `W B3 illegal repetition var.ko.situational`.
fn attempt(a: &crate::Attempt) -> String {
    let mut s = format!("{} {}", a.player.letter(), a.mv.gtp());
    match &a.expected {
        Expected::Legal { captured, suicided } => {
            if let Some(n) = captured {
                let _ = write!(s, " captures {n}");
            }
            if let Some(n) = suicided {
                let _ = write!(s, " suicides {n}");
            }
        }
        Expected::Illegal { reason, clause } => {
            let _ = write!(s, " illegal {reason}");
            if let Some(c) = clause {
                let _ = write!(s, " {}", c.id());
            }
        }
    }
    s
}

/// `[a, b, c]`.
fn list(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(", "))
}

/// A TOML basic string: `"` and `\` escaped, control characters as `\uXXXX`.
fn string(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\t' => s.push_str("\\t"),
            '\r' => s.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(s, "\\u{:04X}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Every embedded vector written and read back with the crate's reader is the same vector;
    /// the count keeps the test from passing on nothing.
    #[test]
    fn every_vector_round_trips() {
        let all = crate::all().unwrap();
        assert!(all.len() > 100, "{} vectors", all.len());
        for v in &all {
            let text = vector_toml(v);
            let back = crate::parse_file(&text, &v.file)
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", v.name));
            assert_eq!(back.len(), 1, "{text}");
            assert_eq!(&back[0], v, "{text}");
        }
    }

    #[test]
    fn strings_are_escaped_as_toml_reads_them() {
        let mut v = crate::all().unwrap().remove(0);
        v.description = Some("a \"quoted\" \\ line\nand\u{1b}more".into());
        let back = crate::parse_file(&vector_toml(&v), Path::new("x.toml")).unwrap();
        assert_eq!(back[0].description, v.description);
    }
}
