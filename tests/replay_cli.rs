//! `ttrules replay` end to end: every vector becomes an SGF record, and the JSON the binary prints
//! must give exactly the vector's verdicts and results. Plus the errors of unreadable records.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use ttrules::reference::Reference;
use ttrules::spec::{Engine, Move, Player};
use ttrules::vectors::{self as vector, Expected};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ttrules"))
}

struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        // A directory per call: tests run in parallel threads, and two of them writing the same
        // name must not see each other's file.
        static CALLS: AtomicUsize = AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir()
            .join(format!("ttrules-replay-{}", std::process::id()))
            .join(call.to_string());
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn replay(name: &str, sgf: &str, json: bool) -> Output {
    replay_args(name, sgf, if json { &["--json"] } else { &[] })
}

fn replay_with(name: &str, sgf: &str, extra: &[&str]) -> Output {
    let mut args = vec!["--json"];
    args.extend_from_slice(extra);
    replay_args(name, sgf, &args)
}

fn replay_args(name: &str, sgf: &str, args: &[&str]) -> Output {
    let f = TempFile::new(name, sgf);
    bin()
        .arg("replay")
        .args(args)
        .arg(&f.0)
        .output()
        .expect("run ttrules")
}

fn json_number(v: &Value) -> String {
    // 6.5 and 7 as the vectors and SGF results print them.
    match v.as_i64() {
        Some(i) => i.to_string(),
        None => v.as_f64().expect("a number").to_string(),
    }
}

#[test]
fn every_vector_replays_exactly() {
    let vectors = vector::load_dir(&ttrules::vectors::dir()).unwrap();
    for v in &vectors {
        // An SGF record stops at its first illegal move, as replay does.
        let first_illegal = v
            .attempts
            .iter()
            .position(|a| matches!(a.expected, Expected::Illegal { .. }));
        let upto = first_illegal.map_or(v.attempts.len(), |i| i + 1);
        let attempts = &v.attempts[..upto];
        let moves: Vec<(Player, Move)> = attempts.iter().map(|a| (a.player, a.mv)).collect();
        let ctx = format!("vector {}", v.name);

        if attempts.last().is_some_and(|a| {
            a.expected
                == Expected::Illegal {
                    reason: "off-grid".into(),
                    clause: None,
                }
        }) {
            check_off_grid_stop(v, &moves, upto, &ctx);
            continue;
        }

        let sgf = ttrules::record::write(v.komi, v.rules, &v.setup, &moves);
        let dead: Vec<String> = v.dead.iter().map(|p| p.gtp()).collect();
        let out = replay_with(
            &format!("{}.sgf", v.name),
            &sgf,
            &["--dead", &dead.join(",")],
        );
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{ctx}: not JSON ({e}): {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
        let want_exit = if first_illegal.is_some() { 1 } else { 0 };
        assert_eq!(out.status.code(), Some(want_exit), "{ctx}");
        check_header(&doc, v, &ctx);
        check_turns(&doc, v, attempts, first_illegal, &ctx);
        check_final_state(&doc, v, &moves, upto, first_illegal, &ctx);

        // Where the vector has no illegal attempt, its own expectations hold for the JSON too.
        if first_illegal.is_none()
            && v.attempts
                .iter()
                .all(|a| matches!(a.expected, Expected::Legal { .. }))
        {
            check_own_expectations(&doc, &v.expect, &ctx);
        }
    }
}

/// A vector whose last attempt is off the grid: SGF cannot even write an off-grid point on this
/// board, so one is written by hand, and the record stops being a game there
/// (r[rec.stop.bad-move]).
fn check_off_grid_stop(v: &vector::Vector, moves: &[(Player, Move)], upto: usize, ctx: &str) {
    let mut sgf = ttrules::record::write(v.komi, v.rules, &v.setup, &moves[..upto - 1]);
    sgf.truncate(sgf.trim_end().len() - 1);
    sgf.push_str(";B[zz])");
    let out = replay(&format!("{}.sgf", v.name), &sgf, true);
    assert_eq!(out.status.code(), Some(1), "{ctx}");
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["stop"]["cause"], "bad-move", "{ctx}");
    assert_eq!(doc["stop"]["node"], upto, "{ctx}");
    assert!(
        doc["stop"]["text"]
            .as_str()
            .unwrap()
            .contains("[zz] is off the"),
        "{ctx}: {doc}"
    );
}

/// The size, rules and komi printed are the vector's.
fn check_header(doc: &Value, v: &vector::Vector, ctx: &str) {
    assert_eq!(doc["size"]["width"], v.size.width(), "{ctx}");
    assert_eq!(doc["size"]["height"], v.size.height(), "{ctx}");
    let name = v.rules.name().map_or(Value::Null, Value::from);
    assert_eq!(doc["rules"]["name"], name, "{ctx}");
    for (k, value) in v.rules.parameters() {
        assert_eq!(doc["rules"][k], value, "{ctx}");
    }
    assert_eq!(json_number(&doc["komi"]), v.komi.to_string(), "{ctx}");
}

/// The turns printed are the vector's attempts up to its first illegal one, which is printed as
/// `illegal` with its reason and clause; a turn after the end is not an illegal move of the
/// record but where it stops being a game (r[rec.stop.after-end]).
fn check_turns(
    doc: &Value,
    v: &vector::Vector,
    attempts: &[vector::Attempt],
    first_illegal: Option<usize>,
    ctx: &str,
) {
    let after_end = first_illegal.is_some_and(|i| {
        matches!(&v.attempts[i].expected, Expected::Illegal { reason, .. } if reason == "game-over")
    });
    let attempts = if after_end {
        assert_eq!(doc["stop"]["cause"], "after-end", "{ctx}");
        assert_eq!(doc["stop"]["move"], attempts.len(), "{ctx}");
        &attempts[..attempts.len() - 1]
    } else {
        attempts
    };
    let turns = doc["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), attempts.len(), "{ctx}");
    for (i, (t, a)) in turns.iter().zip(attempts).enumerate() {
        assert_eq!(t["number"], i + 1, "{ctx}");
        assert_eq!(t["color"], a.player.letter(), "{ctx}");
        assert_eq!(t["move"], a.mv.gtp(), "{ctx}");
        let legal = matches!(a.expected, Expected::Legal { .. });
        assert_eq!(t["legal"], legal, "{ctx}: turn {}", i + 1);
    }
    match first_illegal
        .filter(|_| !after_end)
        .map(|i| (i, &v.attempts[i].expected))
    {
        Some((i, Expected::Illegal { reason, clause })) => {
            let ill = &doc["illegal"];
            assert_eq!(ill["number"], i + 1, "{ctx}");
            assert_eq!(ill["color"], v.attempts[i].player.letter(), "{ctx}");
            assert_eq!(ill["move"], v.attempts[i].mv.gtp(), "{ctx}");
            assert_eq!(&ill["reason"], reason.as_str(), "{ctx}");
            if let Some(c) = clause {
                assert_eq!(ill["clause"], c.id(), "{ctx}");
            }
        }
        _ => assert!(doc["illegal"].is_null(), "{ctx}"),
    }
}

/// The state printed is the reference's state before the illegal move (or at the end of the
/// record): end, grid, score, result, first passer, handicap and legal moves.
fn check_final_state(
    doc: &Value,
    v: &vector::Vector,
    moves: &[(Player, Move)],
    upto: usize,
    first_illegal: Option<usize>,
    ctx: &str,
) {
    let mut e = Reference::from_setup(&v.setup, v.rules).unwrap();
    for (_, mv) in &moves[..upto - usize::from(first_illegal.is_some())] {
        e.play(*mv).unwrap();
    }
    let score = e.score_with_dead(&v.dead).unwrap();
    let outcome = e.outcome(v.komi, &v.dead).unwrap();
    assert_eq!(doc["over"], e.is_over(), "{ctx}");
    assert_eq!(doc["grid"], serde_json::json!(e.grid().rows()), "{ctx}");
    assert_eq!(
        json_number(&doc["score"]["black"]),
        score.black.to_string(),
        "{ctx}"
    );
    assert_eq!(
        json_number(&doc["score"]["white"]),
        score.white.to_string(),
        "{ctx}"
    );
    assert_eq!(doc["result"], outcome.sgf_result(), "{ctx}");
    assert_eq!(doc["winner"], outcome.winner_word(), "{ctx}");
    assert_eq!(
        doc["first_passer"],
        e.first_passer().map_or(Value::Null, |p| p.letter().into()),
        "{ctx}"
    );
    assert_eq!(doc["handicap"], e.handicap(), "{ctx}");
    let legal: Vec<String> = e.legal_points().iter().map(|p| p.gtp()).collect();
    assert_eq!(doc["legal_moves"], serde_json::json!(legal), "{ctx}");
}

/// The vector's own expectations (those it states) hold for the JSON.
fn check_own_expectations(doc: &Value, x: &vector::Expect, ctx: &str) {
    if let Some(over) = x.over {
        assert_eq!(doc["over"], over, "{ctx}");
    }
    if let Some(g) = &x.grid {
        assert_eq!(doc["grid"], serde_json::json!(g.rows()), "{ctx}");
    }
    if let Some(s) = x.score {
        assert_eq!(
            json_number(&doc["score"]["black"]),
            s.black.to_string(),
            "{ctx}"
        );
        assert_eq!(
            json_number(&doc["score"]["white"]),
            s.white.to_string(),
            "{ctx}"
        );
    }
    if let Some(r) = &x.result {
        assert_eq!(&doc["result"], r.as_str(), "{ctx}");
    }
    if let Some(l) = &x.legal {
        let l: Vec<String> = l.iter().map(|p| p.gtp()).collect();
        assert_eq!(doc["legal_moves"], serde_json::json!(l), "{ctx}");
    }
}

#[test]
fn the_first_issue_cases_by_hand() {
    // Case 2: B D4, W pass, B pass on 19x19: over, Black 361, White 0.
    let out = replay("c2.sgf", "(;SZ[19];B[dp];W[];B[])", true);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(doc["over"], true);
    assert_eq!(doc["score"], serde_json::json!({"black": 361, "white": 0}));
    assert_eq!(doc["result"], "B+361");
    assert_eq!(doc["legal_moves"], serde_json::json!([]));
    // Case 3: on 1x1, B A1 is illegal (repetition).
    let out = replay("c3.sgf", "(;SZ[1];B[aa])", true);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        doc["illegal"],
        serde_json::json!({"number": 1, "node": 1, "color": "B", "move": "A1",
                           "reason": "repetition", "clause": "tt.turn.repetition"})
    );
    // Komi 3.5 prints as a number and decides the result: 4 to 3.5.
    let out = replay("komi.sgf", "(;SZ[2]KM[3.5];B[aa];W[];B[])", true);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["komi"], 3.5);
    assert_eq!(doc["result"], "B+0.5");
}

/// Records that cannot be replayed exit 2 and say where: r[rec.syntax] (line and column),
/// r[rec.size], r[rec.trees] (not Go), r[var.setup]; and `--strict` refuses what needs a repair
/// (r[rec.override]).
#[test]
fn unreadable_records_exit_2_naming_the_place() {
    let cases: [(&str, &[&str], &str); 9] = [
        (
            "(;SZ[3]AB[aa]AW[ab][ba])",
            &[],
            "the setup stone at A3 does not reach empty",
        ),
        ("(;SZ[26])", &[], "root node: SZ[26] is not a board size"),
        ("", &[], "line 1, column 1: the file holds no game tree"),
        ("(;SZ[9]\n;B[ee]3)", &[], "line 2, column 7: unexpected '3'"),
        ("(;GM[6]SZ[9])", &[], "not a game of Go"),
        (
            "(;SZ[9];B[ee]",
            &["--strict"],
            "line 1, column 14: the file ends inside a game tree",
        ),
        (
            "(;SZ[9]RU[Klingon];B[ee])",
            &["--strict"],
            "RU[Klingon] names no ruleset",
        ),
        (
            "(;SZ[9]KM[650])",
            &["--strict"],
            "KM[650] is read in hundredths",
        ),
        (
            "(;SZ[9];B[ee])",
            &["--game", "2"],
            "--game 2: the file holds 1 game",
        ),
    ];
    for (sgf, args, message) in cases {
        let out = replay_with("bad.sgf", sgf, args);
        assert_eq!(out.status.code(), Some(2), "{sgf}");
        assert!(
            out.stdout.is_empty(),
            "{sgf}: printed {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("bad.sgf: "), "{sgf}: {err}");
        assert!(err.contains(message), "{sgf}: {err}");
    }
    let out = bin()
        .args(["replay", "/nonexistent/x.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin().args(["replay"]).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing argument is a usage error"
    );
}

/// Records that stop being games are replayed up to the stop, exit 1, and say where and why:
/// r[rec.stop], r[rec.stop.setup], r[rec.stop.bad-move], r[rec.stop.after-end]. (No record stops
/// `out-of-turn` any more: r[rec.move.implied-pass] amends r[rec.stop.out-of-turn]; see
/// `a_move_out_of_turn_implies_a_pass_and_strict_refuses_it`.)
#[test]
fn records_that_stop_being_games_exit_1_saying_where() {
    let cases = [
        ("(;SZ[9];B[ee];AW[aa])", 2, 2, "setup-after-first-move"),
        ("(;SZ[9];B[ee];W[jj])", 2, 2, "bad-move"),
        ("(;SZ[9];B[ee];W[ff]B[gg])", 2, 2, "bad-move"),
        // A `PL` in a node without a move, naming the player not to move. (In the node of a
        // move, `B[ss]PL[W]`, it names the player to move after the move and does not stop:
        // r[rec.stop.setup.pl-after-move], `tests/records/pl-after-move.sgf`.)
        (
            "(;SZ[19];B[ee];W[tt];PL[W];B[ss])",
            3,
            3,
            "setup-after-first-move",
        ),
        ("(;SZ[9];B[ee];W[];B[];W[ff])", 4, 4, "after-end"),
    ];
    for (sgf, node, number, cause) in cases {
        let out = replay("stop.sgf", sgf, true);
        assert_eq!(out.status.code(), Some(1), "{sgf}");
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["outcome"], "stopped", "{sgf}");
        assert_eq!(doc["stop"]["cause"], cause, "{sgf}");
        assert_eq!(doc["stop"]["node"], node, "{sgf}");
        assert_eq!(doc["stop"]["move"], number, "{sgf}");
        assert_eq!(doc["turns"].as_array().unwrap().len(), number - 1, "{sgf}");
        assert!(doc["stop"]["clause"]
            .as_str()
            .unwrap()
            .starts_with("rec.stop."));
    }
    // A move after the end: the game is over and scored as it ended; RE is not compared.
    let out = replay("end.sgf", "(;SZ[3]RE[B+9];B[bb];W[];B[];W[aa])", true);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (doc["over"].clone(), doc["result"].clone()),
        (Value::Bool(true), Value::from("B+9"))
    );
    assert_eq!(doc["re_agrees"], Value::Null);
}

/// r[rec.move.implied-pass]: a second move by one player is the other's pass, then the move,
/// warned with the node and the pass's move number; r[rec.override]: `--strict` refuses it
/// (status 2) instead of the old stop of r[rec.stop.out-of-turn].
#[test]
fn a_move_out_of_turn_implies_a_pass_and_strict_refuses_it() {
    let sgf = "(;SZ[9]RE[W+R];B[ee];W[ff];W[gg];B[cc];B[dd])";
    let out = replay("implied.sgf", sgf, true);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["outcome"], "complete");
    assert_eq!(doc["stop"], Value::Null);
    let turns: Vec<String> = doc["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let implied = if t["implied"] == true { "*" } else { "" };
            format!(
                "{}{}{implied}",
                t["color"].as_str().unwrap(),
                t["move"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(turns.join(" "), "BE5 WF4 Bpass* WG3 BC7 Wpass* BD6");
    let warned: Vec<(u64, String)> = doc["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["kind"] == "implied-pass")
        .map(|w| {
            (
                w["node"].as_u64().unwrap(),
                w["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(warned.len(), 2, "{warned:?}");
    assert_eq!(warned[0].0, 3);
    assert!(warned[0].1.contains("pass by Black (move 3)"), "{warned:?}");
    assert_eq!(warned[1].0, 5);
    assert!(warned[1].1.contains("pass by White (move 6)"), "{warned:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("node 3: warning (implied-pass)"),
        "{stderr}"
    );
    // The text report counts the moves the record has, not the implied passes.
    let text = String::from_utf8(replay("implied.sgf", sgf, false).stdout).unwrap();
    assert!(text.contains("5 moves replayed"), "{text}");
    let strict = replay_with("implied.sgf", sgf, &["--strict"]);
    assert_eq!(strict.status.code(), Some(2), "{strict:?}");
    let err = String::from_utf8_lossy(&strict.stderr);
    assert!(
        err.contains("node 3: a White move with Black to move"),
        "{err}"
    );
    assert!(err.contains("--strict refuses it"), "{err}");
}

#[test]
fn text_output_shows_the_diagram_and_result() {
    let out = replay("t.sgf", "(;SZ[3];B[bb];W[];B[])", false);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(" 2 . X . 2\n"), "{text}");
    assert!(text.contains("result: B+9 (the game is over)"), "{text}");
}

#[test]
fn shipped_examples_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let expect = [
        ("ko-3x3.sgf", 0, "W+1"),
        ("superko-2x2.sgf", 1, "W+1"),
        ("9x9-game.sgf", 0, "W+23"),
        ("handicap-aga.sgf", 0, "W+0.5"),
    ];
    for (name, code, result) in expect {
        let out = bin()
            .args(["replay", "--json"])
            .arg(dir.join(name))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{name}");
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["result"], result, "{name}");
    }
}
