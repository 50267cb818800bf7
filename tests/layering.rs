//! Layers point one way (issue 16 §1, `docs/src/contributing/architecture.md`): read from
//! `cargo metadata`, every workspace package depends only on the ttrules crates its layer allows,
//! and nothing depends on the command-line package `ttrules`.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// What each package may depend on among the workspace's packages (normal, dev and build
/// dependencies alike), lowest layer first. The command line may use everything.
const ALLOWED: &[(&str, &[&str])] = &[
    ("ttrules-spec", &[]),
    ("ttrules-reference", &["ttrules-spec"]),
    ("ttrules-fast", &["ttrules-spec", "ttrules-reference"]),
    ("ttrules-games", &["ttrules-spec", "ttrules-reference"]),
    ("ttrules-draw", &["ttrules-spec", "ttrules-reference"]),
    ("ttrules-count", &["ttrules-spec", "ttrules-fast"]),
    ("ttrules-sgf", &["ttrules-spec"]),
    (
        "ttrules-record",
        &[
            "ttrules-spec",
            "ttrules-sgf",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-draw",
        ],
    ),
    (
        "ttrules-view",
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-record",
        ],
    ),
    (
        "ttrules-tables",
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-record",
        ],
    ),
    (
        "ttrules-vectors",
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-sgf",
        ],
    ),
    (
        "ttrules-gtp",
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-record",
            "ttrules-vectors",
            "ttrules-games",
        ],
    ),
    (
        "ttrules-check",
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-sgf",
            "ttrules-record",
            "ttrules-vectors",
            "ttrules-gtp",
            "ttrules-games",
        ],
    ),
    (
        "ttrules-referee-core",
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-games",
            "ttrules-draw",
        ],
    ),
    (
        "ttrules-referee",
        &[
            "ttrules-spec",
            "ttrules-referee-core",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-record",
            "ttrules-gtp",
            "ttrules-games",
            "ttrules-draw",
            "ttrules-view",
        ],
    ),
    (
        "ttrules-python",
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-record",
            "ttrules-vectors",
            "ttrules-tables",
        ],
    ),
    (
        "ttrules-bench",
        &["ttrules-spec", "ttrules-reference", "ttrules-fast"],
    ),
    (
        "ttrules-fuzz",
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-record",
            "ttrules-vectors",
            "ttrules-gtp",
            "ttrules-referee-core",
            "ttrules-games",
        ],
    ),
];

/// Each workspace package and the workspace packages it depends on.
fn workspace_graph() -> BTreeMap<String, BTreeSet<String>> {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo metadata");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata gives JSON");
    let packages = meta["packages"].as_array().expect("packages");
    let names: BTreeSet<String> = packages
        .iter()
        .map(|p| p["name"].as_str().expect("a name").to_string())
        .collect();
    packages
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .expect("dependencies")
                .iter()
                .map(|d| d["name"].as_str().expect("a name").to_string())
                .filter(|d| names.contains(d))
                .collect();
            (p["name"].as_str().unwrap().to_string(), deps)
        })
        .collect()
}

#[test]
fn no_library_depends_on_the_command_line() {
    let graph = workspace_graph();
    assert!(graph.len() >= 14, "the workspace's packages: {graph:?}");
    for (package, deps) in &graph {
        assert!(
            package == "ttrules" || !deps.contains("ttrules"),
            "{package} depends on the command-line package ttrules"
        );
    }
}

#[test]
fn every_package_depends_only_on_its_layer() {
    let graph = workspace_graph();
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    for (package, deps) in &graph {
        if package == "ttrules" {
            continue;
        }
        let Some(may) = allowed.get(package.as_str()) else {
            panic!("{package} is a new workspace package: give it a layer in ALLOWED and in docs/src/contributing/architecture.md");
        };
        for d in deps {
            assert!(
                may.contains(&d.as_str()),
                "{package} depends on {d}, which its layer does not allow (allowed: {may:?})"
            );
        }
    }
    for (package, _) in ALLOWED {
        assert!(
            graph.contains_key(*package),
            "{package} is not in the workspace"
        );
    }
}
