//! A clause's address in the published book: the workspace's `homepage` (Cargo.toml) and the
//! spec chapter that defines the clause, with the id as anchor (`docs/tools/gen_spec.py` writes
//! `<a class="clause" id="ID">` in the chapter of the clause's Part; `docs/tools/clauses.py`
//! splits `spec/RULES.md` into one chapter per Part, and `spec/perft.md` is its own).

/// The published book (the workspace's `homepage`).
pub const BOOK_URL: &str = env!("CARGO_PKG_HOMEPAGE");

/// The chapter of the book that defines the clauses of a family (the id's first word): each
/// family lives in one Part of `spec/RULES.md` (checked by the crate's tests against the spec).
pub fn chapter(id: &str) -> Option<&'static str> {
    let family = id.split('.').next()?;
    Some(match family {
        "tt" | "param" | "verdict" => "spec/part-1.html",
        "var" => "spec/part-2.html",
        "rec" => "spec/part-3.html",
        "life" => "spec/part-4.html",
        "finish" => "spec/part-5.html",
        "ref" => "spec/part-6.html",
        "end" => "spec/part-7.html",
        "perft" => "spec/perft.html",
        _ => return None,
    })
}

/// The address of clause `id` in the published book, e.g.
/// `https://ttrules.github.io/ttrules/spec/part-1.html#tt.turn.repetition`; the book's front page
/// for an id of no known family.
pub fn clause_url(id: &str) -> String {
    match chapter(id) {
        Some(c) => format!("{BOOK_URL}{c}#{id}"),
        None => BOOK_URL.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clause_of_the_spec_has_its_chapter() {
        // The Part each clause is defined in, read from spec/RULES.md as docs/tools/clauses.py
        // reads it.
        let rules = include_str!("../../spec/RULES.md");
        let mut part = 0;
        let mut seen = 0;
        for line in rules.lines() {
            if let Some(rest) = line.strip_prefix("# Part ") {
                part += 1;
                assert!(rest.contains(':'), "a Part heading: {line}");
            }
            if let Some(id) = line.strip_prefix("r[").and_then(|l| l.strip_suffix(']')) {
                seen += 1;
                assert_eq!(
                    chapter(id),
                    Some(format!("spec/part-{part}.html").as_str()),
                    "r[{id}] is defined in Part {part}"
                );
            }
        }
        assert!(seen > 200, "{seen} clauses read from spec/RULES.md");
        assert_eq!(
            clause_url("tt.turn.repetition"),
            "https://ttrules.github.io/ttrules/spec/part-1.html#tt.turn.repetition"
        );
    }
}
