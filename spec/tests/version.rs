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

#[test]
fn every_clause_is_in_the_changelog_and_every_retired_one_as_retired() {
    // A clause added to spec/RULES.md makes a new version (or joins the one being written): the
    // changelog must list it. A retired clause must be listed under a `### Retired` heading.
    let lines: Vec<&str> = RULES_TEXT.lines().collect();
    let mut retired_part = String::new();
    let mut in_retired = false;
    for l in CHANGELOG_TEXT.lines() {
        if l.starts_with("### ") || l.starts_with("## ") {
            in_retired = l == "### Retired";
        } else if in_retired {
            retired_part.push_str(l);
            retired_part.push('\n');
        }
    }
    let (mut missing, mut not_retired, mut defined) = (Vec::new(), Vec::new(), 0);
    for (k, l) in lines.iter().enumerate() {
        let Some(id) = l.strip_prefix("r[").and_then(|r| r.strip_suffix(']')) else {
            continue;
        };
        defined += 1;
        let cite = format!("r[{id}]");
        if !CHANGELOG_TEXT.contains(&cite) {
            missing.push(id);
        }
        let retired = lines.get(k + 1).is_some_and(|n| n.starts_with("*Retired*"));
        if retired && !retired_part.contains(&cite) {
            not_retired.push(id);
        }
    }
    assert!(defined > 200, "only {defined} clauses: is this RULES.md?");
    assert!(
        missing.is_empty(),
        "clauses of spec/RULES.md that spec/CHANGELOG.md does not list (add them to the entry \
         of the version being written): {missing:?}"
    );
    assert!(
        not_retired.is_empty(),
        "retired clauses that no `### Retired` section of spec/CHANGELOG.md lists: {not_retired:?}"
    );
}
