//! The version of the rules text in the tool's output: `ttrules --version` names it, and the JSON
//! documents name it in their `spec` field (`ttrules_spec::SPEC_VERSION`, the one source).

use std::process::Command;
use ttrules_spec::SPEC_VERSION;

fn stdout(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ttrules"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run ttrules");
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn docs(text: &str) -> Vec<serde_json::Value> {
    serde_json::Deserializer::from_str(text)
        .into_iter::<serde_json::Value>()
        .map(|d| d.expect("JSON"))
        .collect()
}

#[test]
fn version_names_the_rules_text() {
    let v = stdout(&["--version"]);
    assert_eq!(
        v.trim(),
        format!(
            "ttrules {} (rules: {SPEC_VERSION})",
            env!("CARGO_PKG_VERSION")
        )
    );
}

#[test]
fn json_documents_name_the_rules_text() {
    let runs: [&[&str]; 8] = [
        &["replay", "--json", "examples/ko-3x3.sgf"],
        &["replay", "--jsonl", "examples/ko-3x3.sgf"],
        &["replay", "--jsonl", "examples", "--summary-json", "-"],
        &["replay", "--compare", "--json", "examples/9x9-game.sgf"],
        &["finish", "--json", "examples/jihuozi-7x7.sgf"],
        &[
            "bench",
            "--sizes",
            "5",
            "--mode",
            "rejection",
            "--playouts",
            "2",
            "--json",
        ],
        &["perft", "2x2", "2", "--json"],
        &["count-legal", "2x2", "--json"],
    ];
    for args in runs {
        let all = docs(&stdout(args));
        assert!(!all.is_empty(), "ttrules {args:?} printed no JSON");
        for d in &all {
            assert_eq!(d["spec"], SPEC_VERSION, "ttrules {args:?}: {d}");
        }
    }
}
