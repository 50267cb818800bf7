//! `ttrules referee` with real engines that no one here wrote: GNU Go against `ttrules gtp` (its
//! random player), GNU Go against itself at two levels, Leela Zero (a generated all-zero network,
//! 19x19, a move cap) against GNU Go. Every record is replayed with `ttrules replay`
//! (r[ref.record]). The engines come from Debian packages (`gnugo`, `leela-zero`), which `.ci/run`
//! installs; where a binary is missing its test fails, unless `TTRULES_SKIP_MISSING_ENGINES=1` is
//! set (then it says so loudly and checks nothing; CI never sets it).

mod engines;
mod referee_common;

use engines::{leela_zero_command, missing, GNUGO, LEELAZ};

use referee_common::*;

/// r[ref.refusal] r[ref.judge]: under Tromp-Taylor, GNU Go (default options) refuses the random
/// player's legal multi-stone suicide and loses by refusal, with the clause that makes the suicide
/// legal (r[tt.note.multi-suicide]); the suicide stands in the record. Under `chinese`, with
/// `--chinese-rules`, the games are played out and scored.
#[test]
fn gnu_go_against_the_random_player() {
    if missing(GNUGO) {
        return;
    }
    let random = format!("{TTRULES} gtp --seed {{seed}}");
    let dir = tempfile::tempdir().unwrap();
    let gnugo = format!("{GNUGO} --mode gtp --level 1");
    let (code, s) = referee(dir.path(), &gnugo, &random, &["--games", "1"]);
    assert_eq!(code, 0, "{s}");
    let l = &results(dir.path())[0];
    assert_eq!(l["black"]["name"], "GNU Go 3.8");
    assert_eq!(l["ended"]["by"], "refusal", "{l}");
    assert_eq!(l["ended"]["player"], "B");
    assert_eq!(l["result"], "W+F");
    assert!(
        l["ended"]["detail"]
            .as_str()
            .unwrap()
            .contains("r[tt.note.multi-suicide]"),
        "{l}"
    );
    check_records(dir.path());

    let dir = tempfile::tempdir().unwrap();
    let gnugo = format!("{GNUGO} --mode gtp --level 1 --chinese-rules");
    let (code, s) = referee(
        dir.path(),
        &gnugo,
        &random,
        &["--games", "2", "--alternate", "--rules", "chinese"],
    );
    assert_eq!(code, 0, "{s}");
    for l in results(dir.path()) {
        assert!(
            ["score", "void-cycle"].contains(&l["ended"]["by"].as_str().unwrap()),
            "{l}"
        );
        // The random player's claim is the exact Tromp-Taylor-style count of `ttrules gtp`.
        let random_side = if l["black"]["engine"] == "b" {
            "black"
        } else {
            "white"
        };
        if l["ended"]["by"] == "score" {
            assert_eq!(l[random_side]["claim_agrees"], true, "{l}");
        }
    }
    assert_eq!(check_records(dir.path()), 2);
}

/// r[ref.end.tromp-taylor] r[ref.claims]: GNU Go at levels 1 and 2 under `chinese`: both pass
/// while dead stones stand, the referee removes nothing, and GNU Go's own `final_score` (which
/// removes the stones it judges dead) is recorded as a claim that disagrees.
#[test]
fn gnu_go_against_itself_at_two_levels() {
    if missing(GNUGO) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (code, s) = referee(
        dir.path(),
        &format!("{GNUGO} --mode gtp --level 1 --chinese-rules"),
        &format!("{GNUGO} --mode gtp --level 2 --chinese-rules"),
        &["--games", "2", "--alternate", "--rules", "chinese"],
    );
    assert_eq!(code, 0, "{s}");
    assert_eq!(s["games"], 2);
    let mut claims = 0;
    for l in results(dir.path()) {
        assert_eq!(l["ended"]["by"], "score", "{l}");
        for side in ["black", "white"] {
            assert!(l[side]["claim"].is_string(), "{l}");
            claims += 1;
        }
        assert!(l["black"]["time"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(claims, 4);
    assert_eq!(check_records(dir.path()), 2);
    let sgf = std::fs::read_to_string(dir.path().join("game-0001.sgf")).unwrap();
    assert!(
        sgf.contains("GC[Black's engine claims final_score"),
        "{sgf}"
    );
}

/// r[ref.limit]: Leela Zero (playouts 1, an all-zero network) against GNU Go on 19x19, stopped at
/// the move limit: every turn judged legal, the game void, the record replays.
#[test]
fn leela_zero_against_gnu_go_at_a_move_cap() {
    if missing(LEELAZ) || missing(GNUGO) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let leela = leela_zero_command(dir.path());
    let out = dir.path().join("out");
    let (code, s) = referee(
        &out,
        &leela,
        &format!("{GNUGO} --mode gtp --level 1"),
        &[
            "--games",
            "2",
            "--alternate",
            "--size",
            "19",
            "--max-turns",
            "40",
            "--timeout",
            "60",
        ],
    );
    assert_eq!(code, 0, "{s}");
    let lines = results(&out);
    assert_eq!(lines.len(), 2);
    for l in &lines {
        let names = [&l["black"]["name"], &l["white"]["name"]];
        assert!(
            names.contains(&&serde_json::json!("Leela Zero 0.17")),
            "{l}"
        );
        assert!(
            ["move-limit", "score"].contains(&l["ended"]["by"].as_str().unwrap()),
            "{l}"
        );
        assert!(l["turns"].as_u64().unwrap() <= 40);
    }
    check_records(&out);
}
