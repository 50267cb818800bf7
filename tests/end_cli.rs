//! `ttrules referee --end P` end to end with `ttrules gtp` players whose dead lists are chosen
//! (`--dead-list none|proven|all|random`): the `end` object of every results line, the summary's
//! counts, the rounds in the SGF and the replay of records with resumed play, the arbiter engine and
//! `--arbiter proven`, `--arbiter-when always`, and the errors of the command line.

mod referee_common;

use referee_common::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::process::Command;

/// `ttrules gtp`, the seeded random player, with a dead list.
fn player(dead: &str) -> String {
    format!("{TTRULES} gtp --seed {{seed}} --dead-list {dead}")
}

fn words(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not a list: {v}"))
        .iter()
        .map(|w| w.as_str().unwrap().to_string())
        .collect()
}

fn keys(v: &Value) -> BTreeSet<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

/// Checks one results line's `end` object against r[end.results]: exactly its keys, each round's
/// keys and outcome word, points as GTP vertices, the removed stones on the final position
/// (a subset of the round's lists and the arbiter's, and of the copy's dead). Returns the rounds.
fn check_end(l: &Value, protocol: &str) -> Vec<Value> {
    let e = &l["end"];
    let mut want: BTreeSet<&str> =
        ["protocol", "rounds", "removed", "extra_turns", "copy_turns"].into();
    if protocol == "jihuozi" {
        want.extend(["count", "reserved"]);
    }
    assert_eq!(keys(e), want, "{e}");
    assert_eq!(e["protocol"], protocol);
    let rounds = e["rounds"].as_array().unwrap().clone();
    let mut named: BTreeSet<String> = BTreeSet::new();
    for r in &rounds {
        let k = keys(r);
        for required in ["turn", "black_dead", "white_dead", "disputed", "outcome"] {
            assert!(k.contains(required), "{r}");
        }
        assert!(
            k.iter().all(|x| [
                "turn",
                "black_dead",
                "white_dead",
                "disputed",
                "outcome",
                "first",
                "turns",
                "arbiter",
                "copy_dead"
            ]
            .contains(x)),
            "{r}"
        );
        let outcome = r["outcome"].as_str().unwrap();
        assert!(
            [
                "agreed",
                "resumed",
                "all-alive",
                "arbitrated",
                "copy-resolved"
            ]
            .contains(&outcome),
            "{r}"
        );
        // r[end.round]: agreed exactly when nothing is disputed (a round of `--arbiter-when
        // always` asks no list and disputes nothing).
        let asked = !r["black_dead"].is_null() || !r["white_dead"].is_null();
        if outcome == "agreed" || asked {
            assert_eq!(outcome == "agreed", words(&r["disputed"]).is_empty(), "{r}");
        }
        for list in ["black_dead", "white_dead", "arbiter", "copy_dead"] {
            if !r[list].is_null() {
                named.extend(words(&r[list]));
            }
        }
        if outcome == "resumed" {
            assert!(["B", "W"].contains(&r["first"].as_str().unwrap()), "{r}");
        }
    }
    for v in words(&e["removed"]) {
        assert!(
            v.len() >= 2 && v.as_bytes()[0].is_ascii_uppercase(),
            "{v} is no GTP vertex"
        );
        if protocol != "kgs" {
            assert!(named.contains(&v), "{v} removed but named by no list: {e}");
        }
    }
    if protocol == "tromp-taylor" {
        assert!(rounds.is_empty() && words(&e["removed"]).is_empty());
    }
    rounds
}

/// The summary's counts for `protocol` are the sums over the results lines (r[end.results]).
fn check_summary(s: &Value, lines: &[Value], protocol: &str) {
    let e = &s["end"][protocol];
    let rounds: Vec<&Value> = lines
        .iter()
        .flat_map(|l| l["end"]["rounds"].as_array().unwrap())
        .collect();
    let disputed = |r: &&&Value| !words(&r["disputed"]).is_empty();
    assert_eq!(e["rounds"].as_u64().unwrap() as usize, rounds.len(), "{e}");
    assert_eq!(
        e["disputed_rounds"].as_u64().unwrap() as usize,
        rounds.iter().filter(disputed).count()
    );
    let sum = |k: &str| -> u64 { lines.iter().map(|l| l["end"][k].as_u64().unwrap()).sum() };
    assert_eq!(e["extra_turns"].as_u64().unwrap(), sum("extra_turns"));
    assert_eq!(e["copy_turns"].as_u64().unwrap(), sum("copy_turns"));
    let removed: usize = lines
        .iter()
        .map(|l| words(&l["end"]["removed"]).len())
        .sum();
    assert_eq!(e["removed"].as_u64().unwrap() as usize, removed);
    let outcomes: u64 = e["outcomes"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(outcomes as usize, rounds.len());
}

/// r[end.results] r[end.round] r[end.record] r[end.engines] r[rec.resume]: a match under each
/// protocol between a player that marks exactly the proven dead stones and one that marks every
/// stone (the abuse of r[end.abuse] (a)) or a random set each round (b): every results line has
/// the `end` object of the spec, the summary's counts are their sums, each round is in the SGF's
/// comments, resumed play is marked `RESUME` and replays with `ttrules replay` to the recorded
/// result, and `ttrules gtp` (which refuses every turn after the end unless told
/// `ttrules-resume`) plays on after each resumption and is given the game again after a copy.
#[test]
fn every_protocol_records_its_rounds() {
    let (mut disputes, mut resumed, mut copies) = (0, 0, 0);
    for protocol in [
        "agreement",
        "chinese",
        "kgs",
        "japanese",
        "jihuozi",
        "tromp-taylor",
    ] {
        for (white, seed) in [("all", "1"), ("random", "2")] {
            let dir = tempfile::tempdir().unwrap();
            let rules = match protocol {
                "jihuozi" => "jihuozi",
                "japanese" => "japanese",
                _ => "chinese",
            };
            let (code, s) = referee(
                dir.path(),
                &player("proven"),
                &player(white),
                &[
                    "--games",
                    "3",
                    "--size",
                    "5",
                    "--rules",
                    rules,
                    "--end",
                    protocol,
                    "--alternate",
                    "--seed",
                    seed,
                    "--max-turns",
                    "300",
                ],
            );
            assert_eq!(code, 0, "{protocol}: {s}");
            let lines = results(dir.path());
            assert_eq!(lines.len(), 3);
            for l in &lines {
                assert_eq!(l["ended"]["by"], "score", "{protocol}: {l}");
                let rounds = check_end(l, protocol);
                let sgf =
                    std::fs::read_to_string(dir.path().join(l["sgf"].as_str().unwrap())).unwrap();
                for (i, r) in rounds.iter().enumerate() {
                    assert!(
                        sgf.contains(&format!("End protocol round {}", i + 1)),
                        "{protocol}: round {} not in the record:\n{sgf}",
                        i + 1
                    );
                    disputes += usize::from(!words(&r["disputed"]).is_empty());
                    match r["outcome"].as_str().unwrap() {
                        "resumed" => {
                            resumed += 1;
                            assert!(sgf.contains("RESUME["), "{sgf}");
                        }
                        "copy-resolved" => {
                            copies += 1;
                            assert!(r["copy_dead"].is_array(), "{r}");
                        }
                        "all-alive" if protocol != "agreement" => resumed += 1,
                        _ => {}
                    }
                }
                if protocol == "jihuozi" {
                    let c = &l["end"]["count"];
                    for side in ["black", "white"] {
                        let n = |k: &str| c[side][k].as_u64().unwrap();
                        assert_eq!(n("board") + n("roads"), n("ideal"), "{c}");
                    }
                    assert!(
                        sgf.contains("C[The ideal final position"),
                        "the variation of the ideal final position"
                    );
                    assert!(sgf.contains("Living stones (r[finish.count.agree"), "{sgf}");
                }
                if protocol == "japanese" && l["end"]["copy_turns"].as_u64().unwrap() > 0 {
                    // The copy is a variation; the engines, given the original again, claim.
                    assert!(
                        sgf.contains("RESUME[japanese: the play-out on the copy]"),
                        "{sgf}"
                    );
                    assert!(l["black"]["claim"]
                        .as_str()
                        .unwrap()
                        .starts_with(['B', 'W', '0']));
                }
            }
            check_summary(&s, &lines, protocol);
            assert_eq!(check_records(dir.path()), 3, "{protocol}");
        }
    }
    eprintln!("disputed rounds {disputes}, resumed {resumed}, copies {copies}");
    assert!(disputes > 0 && resumed > 0 && copies > 0);
}

/// r[end.arbiter] r[end.arbiter.engine] r[end.arbiter.proven]: `--arbiter "CMD"` (a third
/// `ttrules gtp`, given the game by replaying its turns) and `--arbiter proven`, asked on a
/// dispute or always.
#[test]
fn arbiters_engine_and_proven() {
    // Always, an arbiter that calls every stone dead: the players are not asked, every stone is
    // removed and the empty board scores 0 to 0.
    let dir = tempfile::tempdir().unwrap();
    let arbiter = format!("{TTRULES} gtp --dead-list all");
    let (code, s) = referee(
        dir.path(),
        &player("none"),
        &player("none"),
        &[
            "--games",
            "2",
            "--size",
            "5",
            "--rules",
            "chinese",
            "--end",
            "arbiter",
            "--arbiter",
            &arbiter,
            "--arbiter-when",
            "always",
            "--seed",
            "3",
        ],
    );
    assert_eq!(code, 0, "{s}");
    for l in results(dir.path()) {
        let rounds = check_end(&l, "arbiter");
        assert_eq!(rounds.len(), 1);
        let r = &rounds[0];
        assert_eq!(r["outcome"], "arbitrated");
        assert!(
            r["black_dead"].is_null() && r["white_dead"].is_null(),
            "{r}"
        );
        assert_eq!(r["arbiter"], l["end"]["removed"]);
        assert!(!words(&r["arbiter"]).is_empty());
        assert_eq!(l["score"], serde_json::json!([0.0, 0.0]), "{l}");
        assert_eq!(l["ended"]["clause"], "end.arbiter.engine");
    }
    assert!(dir.path().join("logs/arbiter.log").exists());
    assert_eq!(check_records(dir.path()), 2);
    check_summary(&s, &results(dir.path()), "arbiter");

    // On a dispute, proven: White marks every stone (its own are conceded), Black marks none;
    // what the arbiter calls dead of Black's is removed only where it is disputed.
    let dir = tempfile::tempdir().unwrap();
    let (code, s) = referee(
        dir.path(),
        &player("none"),
        &player("all"),
        &[
            "--games",
            "3",
            "--size",
            "5",
            "--rules",
            "chinese",
            "--end",
            "arbiter",
            "--arbiter",
            "proven",
            "--seed",
            "4",
        ],
    );
    assert_eq!(code, 0, "{s}");
    let mut arbitrated = 0;
    for l in results(dir.path()) {
        let rounds = check_end(&l, "arbiter");
        let r = &rounds[0];
        assert!(
            r["black_dead"].is_array() && r["white_dead"].is_array(),
            "{r}"
        );
        if !words(&r["disputed"]).is_empty() {
            arbitrated += 1;
            assert_eq!(r["outcome"], "arbitrated");
            let disputed = words(&r["disputed"]);
            let arb = words(&r["arbiter"]);
            for v in words(&l["end"]["removed"]) {
                assert!(
                    !disputed.contains(&v) || arb.contains(&v),
                    "{v}: disputed, removed, not arbitrated: {l}"
                );
            }
        }
        assert_eq!(l["ended"]["clause"], "end.arbiter.proven");
    }
    assert!(arbitrated > 0);
    assert_eq!(check_records(dir.path()), 3);
}

fn usage_error(extra: &[&str]) -> String {
    let out = Command::new(TTRULES)
        .args(["referee", "--black", "x", "--white", "y"])
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{extra:?}");
    String::from_utf8(out.stderr).unwrap()
}

/// The command line's errors: `--end arbiter` without `--arbiter`, `--arbiter` without it,
/// `jihuozi` under a ruleset whose score is not its count (r[end.jihuozi]).
#[test]
fn protocol_options_are_checked() {
    assert!(usage_error(&["--end", "arbiter"]).contains("--arbiter proven"));
    assert!(usage_error(&["--arbiter", "proven"]).contains("--arbiter is for --end arbiter"));
    let e = usage_error(&["--end", "jihuozi", "--rules", "chinese"]);
    assert!(e.contains("jihuozi"), "{e}");
}

mod engines;

/// r[end.engines] r[end.list]: GNU Go 3.8 (which lists `final_status_list` and
/// `kgs-genmove_cleanup`) on 9x9 under every protocol against the random player of `ttrules gtp
/// --dead-list proven` (one game each; GNU Go marks the random player's hopeless stones dead and
/// the random player disputes them), and against itself at levels 1 and 2 under `japanese` and
/// `kgs`. Every game is scored, its `end` object is the spec's and its record replays. The full
/// runs of the book's report (`docs/src/reports/end-protocols.md`) are
/// `scripts/end-protocols-table.sh`.
#[test]
fn gnu_go_under_every_protocol() {
    if engines::missing(engines::GNUGO) {
        return;
    }
    let gnugo =
        |level: u32, flag: &str| format!("{} --mode gtp --level {level} {flag}", engines::GNUGO);
    let mut disputes = 0;
    let mut cells: Vec<(&str, String, String, Vec<String>)> = Vec::new();
    for protocol in [
        "agreement",
        "chinese",
        "kgs",
        "japanese",
        "jihuozi",
        "arbiter",
        "arbiter-engine",
    ] {
        let (rules, flag) = match protocol {
            "japanese" => ("japanese", ""),
            "jihuozi" => ("jihuozi", "--chinese-rules"),
            _ => ("chinese", "--chinese-rules"),
        };
        let mut extra = vec!["--rules".to_string(), rules.to_string()];
        match protocol {
            "arbiter" => {
                extra.extend(["--end", "arbiter", "--arbiter", "proven"].map(String::from))
            }
            "arbiter-engine" => extra.extend([
                "--end".to_string(),
                "arbiter".to_string(),
                "--arbiter".to_string(),
                gnugo(1, flag),
            ]),
            p => extra.extend(["--end".to_string(), p.to_string()]),
        }
        cells.push((protocol, gnugo(1, flag), player("proven"), extra));
    }
    for protocol in ["japanese", "kgs"] {
        let rules = if protocol == "japanese" {
            "japanese"
        } else {
            "chinese"
        };
        let flag = if protocol == "japanese" {
            ""
        } else {
            "--chinese-rules"
        };
        let extra = ["--rules", rules, "--end", protocol]
            .map(String::from)
            .to_vec();
        cells.push((protocol, gnugo(1, flag), gnugo(2, flag), extra));
    }
    for (protocol, black, white, mut extra) in cells {
        let dir = tempfile::tempdir().unwrap();
        extra.extend(["--games", "1", "--size", "9", "--max-turns", "400"].map(String::from));
        let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
        let (code, s) = referee(dir.path(), &black, &white, &extra);
        assert_eq!(code, 0, "{protocol}: {s}");
        let lines = results(dir.path());
        let l = &lines[0];
        assert_eq!(l["ended"]["by"], "score", "{protocol}: {l}");
        let name = protocol.trim_end_matches("-engine");
        let rounds = check_end(l, name);
        assert!(!rounds.is_empty(), "{protocol}: {l}");
        disputes += rounds
            .iter()
            .filter(|r| !words(&r["disputed"]).is_empty())
            .count();
        if protocol == "kgs" && !words(&rounds[0]["disputed"]).is_empty() {
            assert!(
                l["end"]["extra_turns"].as_u64().unwrap() > 0,
                "the cleanup: {l}"
            );
        }
        check_summary(&s, &lines, name);
        assert_eq!(check_records(dir.path()), 1, "{protocol}");
    }
    assert!(
        disputes > 0,
        "GNU Go never disputed the random player's list"
    );
}

/// r[end.list] (source requirement 1): an engine that cannot produce a dead list — it does not
/// list `final_status_list`, fails it, answers a word that is no vertex or something that is not
/// GTP, hangs past the command timeout, or crashes — marks nothing and is never penalised: the game
/// is scored (no fault, no forfeit), its round shows no list for it, and an engine whose process had
/// to be ended is given the game again (r[end.engines]) and plays on when play resumes.
#[test]
fn engines_that_cannot_list_the_dead_mark_nothing() {
    let mut reached = 0;
    for action in ["unlisted", "fail", "word", "garbage", "hang", "crash"] {
        // Black misbehaves; White marks a random half of the stones dead, so under `chinese` a
        // round with Black stones among them is disputed and Black (restarted where it crashed or
        // hung) must play on.
        for (protocol, white) in [("agreement", "none"), ("chinese", "random")] {
            let dir = tempfile::tempdir().unwrap();
            let (code, s) = referee(
                dir.path(),
                &fake(&format!("--seed {{seed}} --dead-list {action}")),
                &player(white),
                &[
                    "--games",
                    "1",
                    "--size",
                    "5",
                    "--rules",
                    "chinese",
                    "--end",
                    protocol,
                    "--seed",
                    "4",
                    "--max-turns",
                    "200",
                    "--timeout",
                    "2",
                ],
            );
            assert_eq!(code, 0, "{action} {protocol}: {s}");
            let lines = results(dir.path());
            assert_eq!(lines.len(), 1, "{action} {protocol}");
            let l = &lines[0];
            let by = l["ended"]["by"].as_str().unwrap_or("");
            assert!(
                by == "score" || by == "move-limit",
                "{action} {protocol}: ended by {by}: {l}"
            );
            let result = l["result"].as_str().unwrap();
            assert!(!result.ends_with("+F"), "{action} {protocol}: {l}");
            let rounds = check_end(l, protocol);
            assert!(!rounds.is_empty(), "{action} {protocol}: {l}");
            for r in &rounds {
                assert!(r["black_dead"].is_null(), "{action} {protocol}: {r}");
            }
            // A disputed round of `chinese` resumed play, Black to move or not (its record names
            // the first mover, whatever the round's final outcome).
            if protocol == "chinese" && !rounds[0]["first"].is_null() {
                reached += 1;
            }
            assert_eq!(check_records(dir.path()), 1, "{action} {protocol}");
        }
    }
    assert!(reached > 0, "no disputed round resumed play");
}
