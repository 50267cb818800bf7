//! Layers point one way (issue 16 §1, `docs/src/contributing/architecture.md`): read from
//! `cargo metadata`, every workspace package depends only on the ttrules crates its layer allows,
//! and nothing depends on the command-line package `ttrules`. Inside each crate (issue 33 §1,
//! `docs/src/contributing/layering.md`): no circle of module imports, imports that follow the
//! `Layers:` order the crate's root declares, and no declared dependency left unused. The checkers
//! are tested on small fake inputs in their modules (`tests/layering/`), so that this test can
//! fail.

#[path = "layering/deps.rs"]
mod deps;
#[path = "layering/modules.rs"]
mod modules;
#[path = "layering/source.rs"]
mod source;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
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
    // No code: the test build's features in the packages' own builds (unify/Cargo.toml).
    ("ttrules-unify", &["ttrules-record"]),
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
            "ttrules-unify",
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-record",
            "ttrules-vectors",
            "ttrules-tables",
        ],
    ),
    (
        "ttrules-node",
        &[
            "ttrules-unify",
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-record",
            "ttrules-vectors",
        ],
    ),
    (
        "ttrules-bench",
        // ttrules-tables: the `collection` example writes the Parquet game collections the
        // datasets report replays (a dev-dependency; measuring sits above every library).
        &[
            "ttrules-spec",
            "ttrules-reference",
            "ttrules-fast",
            "ttrules-tables",
        ],
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
    let meta = metadata();
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

/// `cargo metadata` of the workspace's packages.
fn metadata() -> Value {
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
    serde_json::from_slice(&out.stdout).expect("cargo metadata gives JSON")
}

/// Every `.rs` file under `dir`, as (path relative to `dir` with `/`, text), in path order.
fn rust_files(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let rel = path.strip_prefix(dir).expect("under dir");
                let rel = rel.to_string_lossy().replace('\\', "/");
                let text = std::fs::read_to_string(&path).expect("read a source file");
                out.push((rel, text));
            }
        }
    }
    out.sort();
    out
}

/// A package's name, its targets as `(kinds, root file)`, and its declared dependencies.
type Package<'a> = (String, Vec<(Vec<String>, PathBuf)>, &'a Vec<Value>);

/// Each package of the workspace.
fn packages(meta: &Value) -> Vec<Package<'_>> {
    meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            let targets = p["targets"]
                .as_array()
                .expect("targets")
                .iter()
                .map(|t| {
                    let kinds = t["kind"]
                        .as_array()
                        .expect("kinds")
                        .iter()
                        .map(|k| k.as_str().expect("a kind").to_string())
                        .collect();
                    (
                        kinds,
                        PathBuf::from(t["src_path"].as_str().expect("a path")),
                    )
                })
                .collect();
            let deps = p["dependencies"].as_array().expect("dependencies");
            (
                p["name"].as_str().expect("a name").to_string(),
                targets,
                deps,
            )
        })
        .collect()
}

/// The folder of a target's code: its root file's folder (`tests/x.rs`: the whole `tests/`
/// folder), none for a build script, which is read alone.
fn target_dir(kinds: &[String], src: &Path) -> Option<PathBuf> {
    if kinds.iter().any(|k| k == "custom-build") {
        return None;
    }
    src.parent().map(Path::to_path_buf)
}

#[test]
fn no_crate_has_a_circle_of_modules_or_an_import_against_its_layers() {
    let meta = metadata();
    let mut faults = Vec::new();
    let mut crates = 0;
    for (name, targets, _) in packages(&meta) {
        let roots: BTreeSet<PathBuf> = targets
            .iter()
            .filter(|(kinds, _)| kinds.iter().any(|k| k.contains("lib") || k == "bin"))
            .filter(|(_, src)| {
                src.file_name()
                    .is_some_and(|f| f == "lib.rs" || f == "main.rs")
            })
            .filter_map(|(kinds, src)| target_dir(kinds, src))
            .collect();
        for dir in roots {
            crates += 1;
            let files = rust_files(&dir);
            let graph = modules::imports(&files);
            for circle in modules::circles(&graph) {
                faults.push(format!(
                    "{name}: modules import each other in a circle: {circle:?}"
                ));
            }
            let root = files
                .iter()
                .find(|(rel, _)| rel == "lib.rs" || rel == "main.rs");
            if let Some(layers) = root.and_then(|(_, text)| modules::declared_layers(text)) {
                for f in modules::layer_faults(&graph, &layers) {
                    faults.push(format!("{name}: {f}"));
                }
            }
        }
    }
    assert!(crates >= 14, "only {crates} crates read");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn no_package_declares_a_dependency_it_never_uses() {
    let meta = metadata();
    let mut faults = Vec::new();
    for (name, targets, declared) in packages(&meta) {
        let mut code = deps::Code::default();
        let mut read = BTreeSet::new();
        for (kinds, src) in &targets {
            let text = match target_dir(kinds, src) {
                None => std::fs::read_to_string(src).unwrap_or_default(),
                Some(dir) if read.insert((dir.clone(), kinds.clone())) => rust_files(&dir)
                    .into_iter()
                    .map(|(_, t)| t)
                    .collect::<Vec<_>>()
                    .join("\n"),
                Some(_) => continue,
            };
            let slot = if kinds.iter().any(|k| k == "custom-build") {
                &mut code.build
            } else if kinds
                .iter()
                .any(|k| matches!(k.as_str(), "test" | "bench" | "example"))
            {
                &mut code.checks
            } else {
                &mut code.product
            };
            slot.push_str(&text);
            slot.push('\n');
        }
        let declared: Vec<(String, deps::Kind)> = declared
            .iter()
            .map(|d| {
                let name = d["rename"]
                    .as_str()
                    .or(d["name"].as_str())
                    .expect("a name")
                    .to_string();
                let kind = match d["kind"].as_str() {
                    Some("dev") => deps::Kind::Dev,
                    Some("build") => deps::Kind::Build,
                    _ => deps::Kind::Normal,
                };
                (name, kind)
            })
            .collect();
        // ttrules-unify has no code: it declares dependencies only for their features, and the
        // packages that depend on it do so only for its (unify/Cargo.toml).
        if name == "ttrules-unify" {
            continue;
        }
        let declared: Vec<(String, deps::Kind)> = declared
            .into_iter()
            .filter(|(dep, _)| dep != "ttrules_unify" && dep != "ttrules-unify")
            .collect();
        for (dep, kind) in deps::unused(&declared, &code) {
            faults.push(format!(
                "{name} declares {dep} ({kind:?}) and never uses it"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
