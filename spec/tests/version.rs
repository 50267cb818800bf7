//! The version of the rules text has one source in the code, `SPEC_VERSION`, and it must be the
//! version that `spec/RULES.md` states and the newest entry of `spec/CHANGELOG.md`.

use ttrules_spec::{CHANGELOG_TEXT, RULES_TEXT, SPEC_VERSION};

#[test]
fn spec_version_is_the_version_line_of_rules_md() {
    let line = RULES_TEXT
        .lines()
        .find(|l| l.starts_with("Version: "))
        .expect("spec/RULES.md has a `Version:` line");
    assert!(
        line.starts_with(&format!("Version: **{SPEC_VERSION}** (")),
        "spec/RULES.md says {line:?}, SPEC_VERSION is {SPEC_VERSION:?}"
    );
    // The way to cite it names the same version.
    assert!(
        RULES_TEXT.contains(&format!("To cite: *{SPEC_VERSION}, r[")),
        "the `To cite:` line of spec/RULES.md names another version than {SPEC_VERSION:?}"
    );
}

#[test]
fn spec_version_is_the_newest_changelog_entry() {
    let entries: Vec<&str> = CHANGELOG_TEXT
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .collect();
    assert!(
        entries.len() >= 2,
        "spec/CHANGELOG.md lists 1.0 and later versions"
    );
    assert!(
        entries[0].starts_with(&format!("{SPEC_VERSION} (")),
        "the newest entry of spec/CHANGELOG.md is {:?}, SPEC_VERSION is {SPEC_VERSION:?}",
        entries[0]
    );
    // Versions are listed newest first, each once.
    let mut seen = std::collections::HashSet::new();
    for e in &entries {
        let v = e.split(" (").next().unwrap();
        assert!(
            v.starts_with("ttrules-rules "),
            "a changelog entry names a version: {e:?}"
        );
        assert!(seen.insert(v), "{v} is listed twice in spec/CHANGELOG.md");
    }
}

#[test]
fn changelog_clause_citations_are_clauses_of_the_text() {
    // Every `r[ID]` of the changelog is defined by spec/RULES.md (retired ids keep their line).
    let defined: std::collections::HashSet<&str> = RULES_TEXT
        .lines()
        .filter_map(|l| l.strip_prefix("r[").and_then(|r| r.strip_suffix(']')))
        .collect();
    let mut cited = 0;
    for (i, _) in CHANGELOG_TEXT.match_indices("r[") {
        let rest = &CHANGELOG_TEXT[i + 2..];
        let id = &rest[..rest.find(']').expect("a closed citation")];
        assert!(
            defined.contains(id),
            "spec/CHANGELOG.md cites r[{id}], which RULES.md does not define"
        );
        cited += 1;
    }
    assert!(
        cited > 200,
        "only {cited} citations: is this the changelog?"
    );
}

#[test]
fn citation_cff_names_both_versions() {
    // CITATION.cff at the root of the repository: the software's version is the workspace's,
    // and its reference to the rules text names SPEC_VERSION.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../CITATION.cff");
    let text = std::fs::read_to_string(path).expect("CITATION.cff at the root of the repository");
    assert!(
        text.contains("cff-version: 1.2.0"),
        "CITATION.cff is CFF 1.2.0"
    );
    let software = format!("\nversion: \"{}\"\n", env!("CARGO_PKG_VERSION"));
    assert!(
        text.contains(&software),
        "CITATION.cff does not give the software's version as {software:?}"
    );
    let rules = format!("    version: \"{SPEC_VERSION}\"\n");
    assert!(
        text.contains(&rules),
        "CITATION.cff does not give the rules text's version as {rules:?}"
    );
}

#[test]
fn the_front_pages_name_the_spec_version() {
    // The book's front page and the Python guide name the version (they are prose, so a test
    // keeps them up to date).
    for page in ["docs/src/introduction.md", "docs/src/guide/python.md"] {
        let path = format!("{}/../{page}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the page exists");
        assert!(
            text.contains(SPEC_VERSION),
            "{page} does not name the rules text's version {SPEC_VERSION:?}"
        );
    }
}
