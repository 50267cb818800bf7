//! A clause's address in the published book: the workspace's `homepage` (Cargo.toml) and the
//! spec chapter that defines the clause, with the id as anchor (`docs/tools/gen_spec.py` writes
//! `<a class="clause" id="ID">` in the chapter of the clause's Part; `docs/tools/clauses.py`
//! splits `spec/RULES.md` into one chapter per Part, and `spec/perft.md` is its own).

/// The published book (the workspace's `homepage`).
pub const BOOK_URL: &str = env!("CARGO_PKG_HOMEPAGE");

pub use ttrules_spec::clause::chapter;

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
        assert_eq!(BOOK_URL, ttrules_spec::clause::BOOK_URL);
        assert_eq!(
            clause_url("tt.turn.repetition"),
            "https://ttrules.github.io/ttrules/spec/part-1.html#tt.turn.repetition"
        );
    }
}
