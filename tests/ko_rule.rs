//! Adding a ko rule (`docs/src/contributing/recipes/ko-rule.md`, issue 33 §3): every value of
//! the repetition parameter is handled everywhere. The compiler does most of it (every `match` on
//! `Repetition` in the engines, the KataGo writer and check-engine's probe families names every
//! value); this test does the rest, for a value that would compile and still be missed:
//!
//! - the enum's declaration and the word table of `spec/src/rules.rs` list the same values (so
//!   `Rules::all()`, which every sweep and fuzzer draws from, has them);
//! - each value's word prints and reads back with `Rules::set` (which `--rules repetition=WORD`
//!   calls), is in the vector file schema's list, and has a KataGo string;
//! - each value has a vector where a move is refused for repetition;
//! - the reference and the fast engine agree on seeded random games under it, and some move is
//!   refused for repetition there;
//! - the recipe names every source file that reads the parameter.

use std::collections::BTreeSet;
use std::path::Path;
use ttrules_fast::Fast;
use ttrules_games::{random_game, GameConfig};
use ttrules_reference::Reference;
use ttrules_spec::{Engine, Repetition, Rules, Size};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The values of `Repetition` as declared in `spec/src/rules.rs`, by name.
fn declared() -> Vec<String> {
    let src = read("spec/src/rules.rs");
    let body = src
        .split_once("pub enum Repetition {")
        .expect("the declaration of Repetition")
        .1;
    let body = &body[..body.find("\n}").expect("its end")];
    body.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with('#') && !l.is_empty())
        .map(|l| l.trim_end_matches(',').to_string())
        .collect()
}

/// The values of the parameter table (`Rules::all()`), in its order.
fn values() -> Vec<Repetition> {
    let mut out = Vec::new();
    for r in Rules::all() {
        if !out.contains(&r.repetition) {
            out.push(r.repetition);
        }
    }
    out
}

/// The word of `r` (`Rules::parameters`).
fn word(r: Repetition) -> &'static str {
    let rules = Rules {
        repetition: r,
        ..Rules::TROMP_TAYLOR
    };
    rules.parameters()[0].1
}

#[test]
fn the_declaration_and_the_word_table_list_the_same_values() {
    let declared = declared();
    assert!(declared.len() >= 4, "declared values: {declared:?}");
    let tabled: Vec<String> = values().iter().map(|r| format!("{r:?}")).collect();
    assert_eq!(
        tabled, declared,
        "Repetition's values in spec/src/rules.rs and in its REPETITION table differ (same order)"
    );
}

#[test]
fn every_value_prints_and_reads_back() {
    let schema = read("spec/vectors/vectors.schema.json");
    for r in values() {
        let w = word(r);
        let mut back = Rules::TROMP_TAYLOR;
        back.set("repetition", w).unwrap();
        assert_eq!(back.repetition, r, "{w}");
        assert!(
            schema.contains(&format!("\"{w}\"")),
            "spec/vectors/vectors.schema.json does not list {w:?}"
        );
        let (katago, _) = ttrules_spec::katago::write(&back, None);
        assert!(katago.starts_with("ko"), "{w}: KataGo string {katago}");
    }
}

#[test]
fn every_value_has_a_vector_that_refuses_a_repetition() {
    let vectors = ttrules_vectors::all().expect("the vectors load");
    for r in values() {
        let n = vectors
            .iter()
            .filter(|v| v.rules.repetition == r)
            .filter(|v| {
                v.attempts.iter().any(|a| {
                    matches!(&a.expected, ttrules_vectors::Expected::Illegal { reason, .. }
                        if reason == "ko" || reason == "repetition")
                })
            })
            .count();
        assert!(
            n > 0,
            "no vector refuses a move for repetition under {}",
            word(r)
        );
    }
}

#[test]
fn both_engines_agree_under_every_value() {
    let cfg = GameConfig::default();
    for r in values() {
        let mut refusals = 0;
        for (k, rules) in Rules::all()
            .into_iter()
            .filter(|x| x.repetition == r)
            .step_by(97)
            .enumerate()
        {
            for seed in 0..4u64 {
                let size = Size::new(2 + (seed % 3) as u32, 3).unwrap();
                let game = random_game::<Reference>(size, rules, seed * 1000 + k as u64, &cfg);
                let mut fast = <Fast as Engine>::new(size, rules);
                for s in &game.steps {
                    assert_eq!(s.player, fast.to_move(), "{rules} seed {seed}");
                    let got = fast.play(s.mv);
                    assert_eq!(got, s.verdict, "{rules} seed {seed}: {} {}", s.player, s.mv);
                    if let Err(why) = got {
                        refusals += u64::from(matches!(why.reason(), "ko" | "repetition"));
                    }
                }
            }
        }
        assert!(
            refusals > 0,
            "no move refused for repetition under {}",
            word(r)
        );
    }
}

#[test]
fn the_recipe_names_every_file_that_reads_the_parameter() {
    let recipe = read("docs/src/contributing/recipes/ko-rule.md");
    let mut readers = BTreeSet::new();
    let mut stack = vec![Path::new(ROOT).to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("a folder").flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                // Source folders only: not tests (they are the recipe's checks), not build output,
                // not the conformance adapters (stand-alone) or node_modules.
                let skip = [
                    "target",
                    "tests",
                    "conformance",
                    "node_modules",
                    "fuzz",
                    "benches",
                ];
                if !name.starts_with('.') && !skip.contains(&name.as_str()) {
                    stack.push(path);
                }
            } else if name.ends_with(".rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if text.contains("Repetition::") {
                    let rel = path
                        .strip_prefix(ROOT)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    readers.insert(rel);
                }
            }
        }
    }
    assert!(readers.len() >= 4, "{readers:?}");
    let missing: Vec<&String> = readers
        .iter()
        .filter(|f| !recipe.contains(&format!("`{f}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "these files read the repetition parameter and the ko-rule recipe does not name them: {missing:?}"
    );
}
