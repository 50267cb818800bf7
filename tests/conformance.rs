//! The conformance machinery of issue 17: `ttrules probes` (every clause family reached, every
//! probe a valid vector the reference agrees with) and the check-engine fixes it needed (vectors
//! under other rules for engines without a rules command, a refused `.tst` setup, findings as
//! `.tst`, a slow `final_score` reported apart).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use ttrules::reference::Reference;
use ttrules::vectors as vector;

const TTRULES: &str = env!("CARGO_BIN_EXE_ttrules");

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn fake(mode: &str) -> String {
    format!(
        "python3 {} {TTRULES} {mode}",
        fixture("fake_engine.py").display()
    )
}

/// Runs `ttrules probes` and returns its exit code and counts.json.
fn probes(rules: &str, out: &Path, extra: &[&str]) -> (i32, Value) {
    let o = Command::new(TTRULES)
        .args(["probes", "--rules", rules, "--out"])
        .arg(out)
        .args(extra)
        .output()
        .expect("run ttrules probes");
    let counts = std::fs::read_to_string(out.join("counts.json")).unwrap_or_else(|e| {
        panic!(
            "no counts.json ({e}); stderr: {}",
            String::from_utf8_lossy(&o.stderr)
        )
    });
    (
        o.status.code().unwrap(),
        serde_json::from_str(&counts).unwrap(),
    )
}

/// Under Tromp-Taylor and under situational superko with suicide forbidden, every family that
/// the rules contain is reached (the run fails otherwise), each kept probe is a vector the
/// reference replays as written, and positional repetitions recur tens of turns later.
#[test]
fn probes_reach_every_family_and_are_valid_vectors() {
    for (rules, families) in [
        (
            "tromp-taylor",
            &[
                "simple-ko",
                "superko-positional",
                "suicide-single",
                "suicide-multi",
                "end",
                "score-area",
                "handicap",
            ][..],
        ),
        (
            "repetition=situational suicide=forbidden counting=territory tax=seki",
            &[
                "simple-ko",
                "superko-situational",
                "suicide-single",
                "suicide-multi",
                "end",
                "score-territory",
                "handicap",
            ][..],
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (code, counts) = probes(
            rules,
            dir.path(),
            &["--games", "60", "--sizes", "2,3,5", "--per-family", "4"],
        );
        assert_eq!(code, 0, "{rules}: {counts}");
        for (name, c) in counts["families"].as_object().unwrap() {
            let applicable = c["applicable"].as_bool().unwrap();
            assert_eq!(
                applicable,
                families.contains(&name.as_str()),
                "{rules}: {name}"
            );
            if !applicable {
                assert!(c["reason"].as_str().unwrap().contains("claimed rules"));
                continue;
            }
            assert!(c["reached"].as_u64().unwrap() > 0, "{rules}: {name}: {c}");
            let vectors = vector::load_dir(&dir.path().join(name)).unwrap();
            assert_eq!(vectors.len() as u64, c["kept"].as_u64().unwrap());
            for v in &vectors {
                assert!(v.name.starts_with(name.as_str()));
                let t = vector::run::<Reference>(v);
                assert_eq!(
                    v.differences(&t),
                    Vec::<String>::new(),
                    "{rules}: {}",
                    v.name
                );
            }
        }
        if rules == "tromp-taylor" {
            let far = counts["families"]["superko-positional"]["longest_recurrence"]
                .as_u64()
                .unwrap();
            assert!(far >= 10, "the longest recurrence is {far} turns");
        }
    }
}

/// A family the rules contain and the search cannot reach fails the run (exit 1, named).
#[test]
fn a_family_reaching_no_case_fails_the_probes() {
    let dir = tempfile::tempdir().unwrap();
    // Handicap setups need 5x5 or more: on 3x3 alone the family reaches nothing.
    let (code, counts) = probes(
        "tromp-taylor",
        dir.path(),
        &["--games", "4", "--sizes", "3"],
    );
    assert_eq!(code, 1);
    assert_eq!(counts["families"]["handicap"]["reached"], 0);
}

fn check(engine: &str, extra: &[&str]) -> (i32, Value) {
    let out = Command::new(TTRULES)
        .args(["check-engine", "--json", "--engine", engine])
        .args(extra)
        .output()
        .expect("run ttrules check-engine");
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), report)
}

/// An engine without a rules command (ttrules' own, hidden) runs every vector whose outcome
/// does not depend on where its rules differ from the run's, not only those whose rules are
/// the run's; each one skipped says which parameters decide it. Being exact, it agrees on all.
#[test]
fn engines_without_rules_command_run_every_vector_that_does_not_depend_on_the_rules() {
    let all = vector::all().unwrap();
    let same = all
        .iter()
        .filter(|v| v.rules == ttrules::spec::Rules::TROMP_TAYLOR)
        .count() as u64;
    let (code, r) = check(
        &fake("no-rules"),
        &["--rules", "tromp-taylor", "--games", "0"],
    );
    assert_eq!(code, 0, "{}", r["differences"]);
    assert!(r["capabilities"]["rules_options"]
        .as_array()
        .unwrap()
        .is_empty());
    let run = r["vectors"]["run"].as_u64().unwrap();
    assert!(run > same, "{run} vectors run, {same} are Tromp-Taylor's");
    let skipped = r["vectors"]["skipped"].as_object().unwrap();
    assert!(skipped
        .values()
        .any(|why| why.as_str().unwrap().contains("the outcome depends on")));
}

/// r[var.setup] in a `.tst`: a refused board size skips the tests up to the next board size,
/// with the refusal as the reason, instead of running them on the previous board.
#[test]
fn a_refused_tst_setup_skips_its_tests() {
    let dir = tempfile::tempdir().unwrap();
    let tst = dir.path().join("t.tst");
    std::fs::write(
        &tst,
        "boardsize 30\n1 play b a1\n#? []\n2 list_stones b\n#? [A1]\n\
         boardsize 5\nclear_board\n3 play b a1\n#? []\n4 list_stones b\n#? [A1]\n",
    )
    .unwrap();
    let (code, r) = check(&format!("{TTRULES} gtp"), &["--tst", tst.to_str().unwrap()]);
    assert_eq!(code, 0, "{}", r["differences"]);
    let row = &r["rows"]["tst"];
    assert_eq!(row["agreements"], 2);
    let skipped = row["skipped"].as_object().unwrap();
    let (why, n) = skipped.iter().next().unwrap();
    assert!(
        why.contains("after a refused setup") && why.contains("boardsize 30"),
        "{why}"
    );
    assert_eq!(n, 2);
}

/// Findings are written as SGF, as a `.tst` naming the clause and the engine, and as text that
/// names them too.
#[test]
fn findings_are_written_as_tst_naming_clause_and_engine() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("found");
    let (code, r) = check(
        &fake("wrong-board"),
        &[
            "--games",
            "2",
            "--sizes",
            "5",
            "--vectors",
            dir.path().to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1);
    let files: Vec<PathBuf> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let tst = files
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "tst"))
        .expect("a .tst finding");
    let text = std::fs::read_to_string(tst).unwrap();
    assert!(text.contains("# clause: r["), "{text}");
    assert!(text.contains("# engine: python3"), "{text}");
    assert!(text.contains("#? ["), "{text}");
    let txt = files
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "txt"))
        .unwrap();
    let txt = std::fs::read_to_string(txt).unwrap();
    assert!(
        txt.contains("\nclause: ") && txt.contains("\nengine: "),
        "{txt}"
    );
    assert!(!r["differences"].as_array().unwrap().is_empty());
}

/// A `final_score` slower than `--score-timeout` is reported as slowness, apart from
/// disagreements and protocol faults: the run still exits 0.
#[test]
fn a_slow_final_score_is_reported_apart() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("end.toml"),
        "[[vector]]\nname = \"two-passes-100\"\nclauses = [\"tt.end\"]\nsize = \"3x3\"\n\
         moves = [\"B pass\", \"W pass\"]\n",
    )
    .unwrap();
    let (code, r) = check(
        &fake("slow-score"),
        &[
            "--games",
            "0",
            "--vectors",
            dir.path().to_str().unwrap(),
            "--score-timeout",
            "1",
        ],
    );
    assert_eq!(code, 0, "{}", r["differences"]);
    let slow = r["slow"].as_array().unwrap();
    assert_eq!(slow.len(), 1, "{slow:?}");
    assert!(slow[0].as_str().unwrap().contains("final_score"));
    assert_eq!(r["rows"]["protocol"]["disagreements"], 0);
    let skipped = r["rows"]["final_score"]["skipped"].as_object().unwrap();
    assert!(skipped.keys().any(|k| k.contains("--score-timeout")));
}

/// Issue 30: a score probe depends on no convention a library may not share. Every finished game
/// the probes keep is not void (r[var.ko.simple.cycle]), has no handicap ttrules infers from its
/// opening (r[var.handicap]), and ends with every stone pass-alive (r[life.area]), so that no
/// dead-stone or seki judgement decides its count, under area and territory counting alike.
#[test]
fn score_probes_need_no_judgement_and_infer_no_handicap() {
    use ttrules::spec::{Colour, Engine};
    let mut seen = 0;
    for rules in [
        "japanese",
        "repetition=positional suicide=forbidden counting=area handicap=n",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (code, _) = probes(
            rules,
            dir.path(),
            &["--games", "60", "--sizes", "2,3,5", "--per-family", "4"],
        );
        assert_eq!(code, 0, "{rules}");
        for family in ["score-area", "score-territory", "handicap"] {
            let Ok(vectors) = vector::load_dir(&dir.path().join(family)) else {
                continue;
            };
            for v in &vectors {
                let mut e = Reference::from_setup(&v.setup, v.rules).unwrap();
                for a in &v.attempts {
                    e.play(a.mv).unwrap();
                }
                assert!(e.is_over() && !e.is_void(), "{rules}: {}", v.name);
                if v.setup.is_empty_start() {
                    assert!(e.handicap() < 2, "{rules}: {}: handicap inferred", v.name);
                }
                let alive = e.pass_alive();
                let g = e.grid();
                for p in g.size().points() {
                    let ok = match g.get(p) {
                        Colour::Empty => true,
                        Colour::Black => alive.black.contains(&p),
                        Colour::White => alive.white.contains(&p),
                    };
                    assert!(ok, "{rules}: {}: {} is not pass-alive", v.name, p.gtp());
                }
                seen += 1;
            }
        }
    }
    assert!(seen >= 8, "only {seen} score probes");
}

/// Issue 30 §4: every published finding's "Reproduce with ttrules" command names a `.tst` that
/// exists and states its whole game (handicap setups with `set_free_handicap`): run against
/// ttrules' own engine, whose answers are the exact ones, every test of it agrees. The same
/// commands are run against the libraries by `scripts/conformance`, which publishes a finding
/// only when its command shows the disagreement.
#[test]
fn every_published_reproduce_command_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let matrix: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("docs/conformance/matrix.json")).unwrap(),
    )
    .unwrap();
    let mut run = 0;
    for im in matrix["implementations"].as_array().unwrap() {
        for (family, cell) in im["families"].as_object().unwrap() {
            for f in cell["findings"].as_array().unwrap() {
                let Some(cmd) = f["reproduce"].as_str() else {
                    continue; // a row not run since issue 30 (run by hand): its text says how
                };
                let id = im["id"].as_str().unwrap();
                assert!(
                    f["text"].as_str().unwrap().contains(cmd),
                    "{id} {family}: the paragraph does not quote `{cmd}`"
                );
                let words = shlex::split(cmd).unwrap();
                assert_eq!(
                    &words[..3],
                    ["ttrules", "check-engine", "--engine"],
                    "{cmd}"
                );
                let tst = &words[words.iter().position(|w| w == "--tst").unwrap() + 1];
                assert!(root.join(tst).exists(), "{id} {family}: {tst} is missing");
                let (code, r) = check(
                    &format!("{TTRULES} gtp"),
                    &["--tst", root.join(tst).to_str().unwrap()],
                );
                assert_eq!(code, 0, "{id} {family}: {tst}: {}", r["differences"]);
                let agreed = r["rows"]["tst"]["agreements"].as_u64().unwrap();
                assert!(agreed > 0, "{id} {family}: {tst} tests nothing");
                assert!(
                    r["rows"]["tst"]["skipped"]
                        .as_object()
                        .is_none_or(|s| s.is_empty()),
                    "{id} {family}: {tst} skips tests: {}",
                    r["rows"]["tst"]["skipped"]
                );
                run += 1;
            }
        }
    }
    assert!(run > 0, "no published finding has a reproduce command");
}

/// Issue 30 §1, §4: `scripts/conformance` on an author's own implementations file (a GTP engine
/// whose count lies): a fail cell without a witness fails the run; a witness that does not
/// reproduce turns the cell to pass with the reason (the findings kept apart, unpublished); a
/// witness that reproduces publishes the findings, whose reproduce commands the script runs. The
/// run writes its output folder only, never docs/conformance.
#[test]
fn scripts_conformance_publishes_only_what_a_witness_reproduces() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let impls = dir.path().join("mine.json");
    let entry = serde_json::json!({"implementations": [{
        "id": "liar", "library": "Liar", "option": "(default)", "ecosystem": "debian",
        "package": "liar", "version": "1", "rules": "tromp-taylor", "sizes": "3", "games": 12,
        "command": ["python3", fixture("fake_engine.py").to_str().unwrap(), TTRULES, "komi-black"],
        "claims": [{"text": "Tromp-Taylor", "where": "here"}],
    }]});
    std::fs::write(&impls, entry.to_string()).unwrap();
    let witnesses = dir.path().join("witnesses");
    let out = dir.path().join("out");
    let run = || {
        let o = Command::new("python3")
            .arg(root.join("scripts/conformance"))
            .args(["--ttrules", TTRULES, "--implementations"])
            .arg(&impls)
            .arg("--out")
            .arg(&out)
            .arg("--witnesses")
            .arg(&witnesses)
            .output()
            .expect("run scripts/conformance");
        let m: Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("matrix.json")).unwrap())
                .unwrap();
        let cells = m["implementations"][0]["families"].clone();
        (
            o.status.code().unwrap(),
            String::from_utf8_lossy(&o.stderr).to_string(),
            cells,
        )
    };
    let (code, err, cells) = run();
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("without a witness"), "{err}");
    let failing: Vec<String> = cells
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, c)| c["status"] == "fail")
        .map(|(f, _)| f.clone())
        .collect();
    assert!(!failing.is_empty(), "{cells}");
    for (exit, status) in [(1, "pass"), (0, "fail")] {
        for f in &failing {
            std::fs::create_dir_all(witnesses.join("liar")).unwrap();
            std::fs::write(
                witnesses.join("liar").join(format!("{f}.sh")),
                format!("echo 'library: X; exact: Y'\nexit {exit}\n"),
            )
            .unwrap();
        }
        let (code, err, cells) = run();
        assert_eq!(code, 0, "witnesses exiting {exit}: {err}");
        for f in &failing {
            let c = &cells[f.as_str()];
            assert_eq!(c["status"], status, "{f}: {c}");
            assert_eq!(c["witness"]["reproduced"], exit == 0, "{f}: {c}");
            if exit == 1 {
                assert!(c["findings"].as_array().unwrap().is_empty(), "{c}");
                assert!(!c["unconfirmed"].as_array().unwrap().is_empty(), "{c}");
                assert!(
                    c["reason"].as_str().unwrap().contains("not reproduced"),
                    "{c}"
                );
            } else {
                assert!(c["findings"][0]["reproduce"].is_string(), "{c}");
            }
        }
    }
}
