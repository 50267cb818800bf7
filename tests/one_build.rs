//! One compilation serves every build CI makes: `cargo test --workspace` (with every member's and
//! dev-dependency's features), then `pip install ./python`, `node node/build.js` and `cargo
//! install --path .`, which each build one package. Cargo turns features on per build, so a
//! shared dependency whose features differ between these builds is compiled again, with
//! everything above it (serde's, for example, is almost the whole workspace). `unify/Cargo.toml`
//! asks for the test build's features in the three packages' own builds; this test fails when a
//! dependency's features differ again, and names the line to add there.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// Each package of a `cargo tree` as `(name version, features)`: a package built both for the
/// host (under a proc-macro or a build script) and for the target may appear with two feature sets.
fn tree(args: &[&str]) -> BTreeSet<(String, BTreeSet<String>)> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(cargo)
        .current_dir(root)
        .args(["tree", "--locked", "--prefix", "none", "-f", "{p} {f}"])
        .args(args)
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut packages = BTreeSet::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let line = line.trim_end_matches(" (*)");
        let mut words = line.split(' ');
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            continue;
        };
        // A path dependency's `(path)` and a proc-macro's `(proc-macro)` come before its features.
        let features = words.rfind(|w| !w.starts_with('(')).unwrap_or("");
        let features = features
            .split(',')
            .filter(|f| !f.is_empty())
            .map(String::from);
        packages.insert((format!("{name} {version}"), features.collect()));
    }
    assert!(!packages.is_empty(), "cargo tree {args:?} listed nothing");
    packages
}

#[test]
fn the_packages_own_builds_reuse_the_test_builds_compilation() {
    let test_build = tree(&["--workspace", "-e", "normal,build,dev"]);
    let mut differences = Vec::new();
    for package in ["ttrules-python", "ttrules-node", "ttrules"] {
        let own = tree(&["-p", package, "-e", "normal,build"]);
        assert!(
            own.len() > 50,
            "{package}'s build lists {} packages",
            own.len()
        );
        for (dependency, features) in own.difference(&test_build) {
            // The command line builds the benchmarks without their peer libraries (goban, ...),
            // which `cargo test` compiles for `cargo bench`: only the two crates are built again.
            if package == "ttrules" && dependency.starts_with("ttrules-bench ") {
                continue;
            }
            let tested: Vec<&BTreeSet<String>> = test_build
                .iter()
                .filter(|(d, _)| d == dependency)
                .map(|(_, f)| f)
                .collect();
            differences.push(format!(
                "{package}'s own build compiles {dependency} with {features:?}, the test build \
                 with {tested:?}: ask for the test build's features in unify/Cargo.toml"
            ));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
