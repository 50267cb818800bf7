//! Unit tests of `ttrules gtp`'s server, one session of commands each.

use super::*;
use ttrules_reference::Reference;

fn session(lines: &[&str]) -> Vec<String> {
    let mut s = Server::<Reference>::new(1);
    lines.iter().filter_map(|l| s.handle_line(l)).collect()
}

#[test]
fn basic_commands() {
    let r = session(&[
        "protocol_version",
        "1 name",
        "known_command play",
        "known_command frobnicate",
        "frobnicate",
    ]);
    assert_eq!(
        r,
        vec![
            "= 2\n\n",
            "=1 ttrules\n\n",
            "= true\n\n",
            "= false\n\n",
            "? unknown command\n\n"
        ]
    );
}

#[test]
fn illegal_moves_name_reason_and_clause() {
    let r = session(&[
        "boardsize 3",
        "play b B2",
        "play w B2",
        "play w A1",
        "play w C1",
        "play b pass",
        "play w pass",
        "play b pass",
    ]);
    assert_eq!(r[2], "? illegal move: occupied (r[tt.move.empty])\n\n");
    // Two White moves in a row are refused (r[tt.turn]); two Black ones before White's first
    // move are handicap stones (`handicap_stones_as_black_moves`).
    assert!(
        r[4].starts_with("? illegal move: it is Black's turn"),
        "{}",
        r[4]
    );
    assert_eq!(r[7], "? illegal move: game-over (r[tt.end])\n\n");
}

#[test]
fn ko_suicide_and_scoring() {
    let r = session(&[
        "boardsize 3",
        "play b B2",
        "play w B3",
        "play b C3",
        "play w A2",
        "play b A3",
        "is_legal w B3",
        "play w B3",
        "captures b",
        "list_stones b",
        "final_score",
        "komi 6.5",
        "final_score",
        "komi 6.3",
        "komi x",
    ]);
    assert_eq!(r[6], "= 0\n\n");
    assert_eq!(
        r[7],
        "? illegal move: repetition (r[tt.turn.repetition])\n\n"
    );
    assert_eq!(r[8], "= 1\n\n");
    assert_eq!(r[9], "= B2 A3 C3\n\n");
    assert_eq!(r[10], "= B+3\n\n");
    assert_eq!(r[12], "= W+3.5\n\n");
    assert!(r[13].starts_with("? komi 6.3: komi must be a multiple of 0.5"));
    assert!(r[14].starts_with("? syntax error"));
}

#[test]
fn undo_rebuilds_and_sizes_are_checked() {
    let r = session(&[
        "undo",
        "boardsize 26",
        "boardsize 0",
        "boardsize x",
        "rectangular_boardsize 5 2",
        "play b A1",
        "undo",
        "list_stones black",
        "is_legal b A1",
        "play b E2",
        "play w F1",
    ]);
    assert_eq!(r[0], "? cannot undo\n\n");
    assert_eq!(r[1], "? unacceptable size\n\n");
    assert_eq!(r[2], "? unacceptable size\n\n");
    assert!(r[3].starts_with("? syntax error"));
    assert_eq!(r[7], "= \n\n");
    assert_eq!(r[8], "= 1\n\n");
    assert!(r[10].starts_with("? syntax error: invalid vertex"));
}

#[test]
fn rules_selection() {
    let r = session(&[
        "kgs-rules tromp-taylor",
        "get_komi",
        "kgs-rules japanese",
        "get_komi",
        "kgs-rules go-moku",
        "ttrules-rules",
        "ttrules-rules koPOSITIONALscoreAREAsui1",
        "ttrules-rules",
        "ttrules-rules chinese",
        "komi 5.5",
        "get_komi",
        "ttrules-rules repetition=situational suicide=forbidden",
        "get_komi",
        "ttrules-rules",
        "kgs-rules new_zealand",
        "ttrules-rules",
        "ttrules-rules koSIMPLEscoreTERRITORYtaxSEKIsui0komi6",
        "get_komi",
        "ttrules-rules japanese",
        "ttrules-rules",
    ]);
    assert_eq!(r[0], "= \n\n");
    assert_eq!(r[1], "= 0\n\n");
    assert_eq!(r[2], "= \n\n");
    assert_eq!(r[3], "= 6.5\n\n", "a ruleset brings its komi");
    assert!(r[4].starts_with("? unknown ruleset"), "{}", r[4]);
    assert_eq!(
        r[5],
        format!(
            "= japanese\n{}\n\n",
            Rules::by_name("japanese").unwrap().describe()
        )
    );
    assert_eq!(r[6], "= \n\n");
    // r[var.katago.exact]: KataGo's AREA is area counting with the pass-alive rule, which no
    // named ruleset has.
    assert!(
        r[7].starts_with("= repetition=positional suicide=allowed counting=area-pass-alive"),
        "{}",
        r[7]
    );
    assert_eq!(r[10], "= 5.5\n\n", "a later komi wins");
    assert_eq!(r[12], "= 5.5\n\n", "a parameter list carries no komi");
    assert_eq!(
        r[13],
        "= repetition=situational suicide=forbidden counting=area tax=none \
         pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none\n\n"
    );
    assert!(r[15].starts_with("= new-zealand\n"), "{}", r[15]);
    assert_eq!(r[17], "= 6\n\n");
    assert!(r[19].starts_with("= japanese\n"), "{}", r[19]);
}

#[test]
fn variant_verdicts_name_their_clauses() {
    // Simple ko: the immediate recapture is `ko` under r[var.ko.simple].
    let r = session(&[
        "ttrules-rules japanese",
        "boardsize 4",
        "play b B1",
        "play w C1",
        "play b A2",
        "play w D2",
        "play b B3",
        "play w C3",
        "play b C2",
        "play w B2",
        "play b C2",
        "play b A4",
        "play w A1",
        "final_score",
        "captures w",
    ]);
    assert_eq!(r[8], "= \n\n", "{}", r[8]);
    assert_eq!(r[9], "= \n\n", "W B2 captures C2: {}", r[9]);
    assert_eq!(r[10], "? illegal move: ko (r[var.ko.simple])\n\n");
    assert_eq!(r[12], "= \n\n", "W A1 captures B1");
    assert_eq!(r[14], "= 2\n\n");
    // Suicide forbidden.
    let r = session(&[
        "ttrules-rules chinese",
        "boardsize 3",
        "play b A2",
        "play w C3",
        "play b B1",
        "play w A1",
    ]);
    assert_eq!(
        r[5],
        "? illegal move: suicide (r[var.suicide.forbidden])\n\n"
    );
    // Situational superko names its clause.
    let r = session(&[
        "ttrules-rules aga",
        "boardsize 3",
        "play b pass",
        "play w pass",
    ]);
    assert_eq!(r[3], "= \n\n");
}

#[test]
fn setups_load_print_and_undo() {
    let dir = std::env::temp_dir().join(format!("ttrules-gtp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("setup.sgf");
    std::fs::write(
        &file,
        "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]AB[cc][dd]HA[2]PL[W];W[aa];B[bb])",
    )
    .unwrap();
    let f = file.display();
    let r = session(&[
        &format!("loadsgf {f}"),
        "list_stones b",
        "get_komi",
        "ttrules-rules",
        "undo",
        "undo",
        "undo",
        "list_stones b",
        "printsgf",
        &format!("loadsgf {f} 2"),
        "list_stones w",
        "list_stones b",
    ]);
    assert_eq!(r[0], "= w\n\n");
    assert_eq!(r[1], "= D2 C3 B4\n\n");
    assert_eq!(r[2], "= 0.5\n\n");
    assert!(r[3].starts_with("= japanese\n"), "{}", r[3]);
    assert_eq!(r[6], "? cannot undo\n\n", "the setup is not a turn");
    assert_eq!(r[7], "= D2 C3\n\n");
    assert_eq!(
        r[8],
        "= (;GM[1]FF[4]CA[UTF-8]SZ[5]KM[0.5]RU[japanese]AB[dd][cc]HA[2]PL[W])\n\n"
    );
    assert_eq!(r[9], "= b\n\n");
    assert_eq!(r[10], "= A5\n\n");
    assert_eq!(r[11], "= D2 C3\n\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn void_games_end() {
    // The vector simple-ko-cycle-void-100: the 2x2 cycle under simple ko ends void
    // (r[var.ko.simple.cycle]).
    let mut lines = vec!["ttrules-rules chinese", "boardsize 2"];
    let moves = [
        "b B1", "w pass", "b B2", "w A1", "b A2", "w A1", "b B2", "w A2", "b B1", "w A1", "b A2",
        "w A1", "b B2", "w A2", "b B1",
    ];
    let plays: Vec<String> = moves.iter().map(|m| format!("play {m}")).collect();
    lines.extend(plays.iter().map(String::as_str));
    lines.extend(["play w A1", "final_score", "genmove w", "showboard"]);
    let r = session(&lines);
    for (i, reply) in r[2..2 + moves.len()].iter().enumerate() {
        assert_eq!(reply, "= \n\n", "move {}", i + 1);
    }
    let n = 2 + moves.len();
    assert_eq!(r[n], "? illegal move: game-over (r[tt.end])\n\n");
    assert_eq!(r[n + 1], "= Void\n\n");
    assert!(r[n + 2].starts_with("? illegal move: game-over"));
    assert!(r[n + 3].contains("void"), "{}", r[n + 3]);
}

#[test]
fn genmove_is_seeded_and_legal() {
    let mut a = Server::<Reference>::new(5);
    let mut b = Server::<Reference>::new(5);
    for s in [&mut a, &mut b] {
        s.handle_line("boardsize 5");
    }
    for i in 0..40 {
        let c = if i % 2 == 0 { "b" } else { "w" };
        let ra = a.handle_line(&format!("genmove {c}")).unwrap();
        let rb = b.handle_line(&format!("genmove {c}")).unwrap();
        assert_eq!(ra, rb);
        assert!(ra.starts_with("= "), "{ra}");
    }
}

#[test]
fn malformed_input_never_panics() {
    let mut s = Server::<Reference>::new(1);
    for line in [
        "play",
        "play b",
        "play x D4",
        "play b Z99",
        "is_legal",
        "all_legal q",
        "list_stones",
        "captures",
        "final_status_list",
        "final_status_list bogus",
        "loadsgf /nonexistent/file.sgf",
        "loadsgf a b c",
        "printsgf a b",
        "komi",
        "rectangular_boardsize a b",
        "ttrules-boardsize 30x2",
        "known_command",
        "123456",
        "\u{1}\u{2}",
        "genmove",
        "genmove purple",
    ] {
        let r = s.handle_line(line);
        if let Some(r) = r {
            assert!(r.starts_with('?'), "{line:?} -> {r:?}");
            assert!(r.ends_with("\n\n"));
        }
    }
}

/// GTP's handicap commands (section 4.1): on the empty board only, the stones a setup
/// (r[var.setup], r[var.handicap]) with White to move; `printsgf` writes them as `AB` and `HA`.
#[test]
fn handicap_commands() {
    let r = session(&[
        "boardsize 9",
        "fixed_handicap 4",
        "fixed_handicap 2",
        "play b E5",
        "play w E5",
        "clear_board",
        "fixed_handicap 10",
        "place_free_handicap 10",
        "clear_board",
        "set_free_handicap A1 A1",
        "set_free_handicap A1 B2 pass",
        "set_free_handicap A1 J9",
        "genmove w",
        "printsgf",
    ]);
    assert_eq!(r[1], "= C3 G7 C7 G3\n\n");
    assert_eq!(r[2], "? board not empty\n\n");
    assert!(
        r[3].starts_with("? illegal move: it is White's turn"),
        "{}",
        r[3]
    );
    assert_eq!(r[4], "= \n\n");
    assert!(
        r[6].starts_with("? invalid number of stones: GTP's fixed handicap places at most 9"),
        "{}",
        r[6]
    );
    assert_eq!(r[7].split(' ').count(), 11, "{}", r[7]);
    assert!(r[9].contains("repeated"), "{}", r[9]);
    assert!(r[10].contains("pass"), "{}", r[10]);
    assert_eq!(r[11], "= \n\n");
    assert!(r[12].starts_with("= "));
    let sgf = &r[13];
    assert!(
        sgf.contains("AB[")
            && sgf.contains("[ai]")
            && sgf.contains("[ia]")
            && sgf.contains("HA[2]")
            && sgf.contains(";W["),
        "{sgf}"
    );
}

/// A GUI's handicap stones as consecutive `play b` (GoGui): each is the opening of
/// r[var.handicap], a White handicap pass then the Black move; after White's first move,
/// turns alternate again (r[tt.turn]).
#[test]
fn handicap_stones_as_black_moves() {
    let mut s = Server::<Reference>::new(1);
    let mut say = |l: &str| s.handle_line(l).unwrap();
    assert_eq!(say("boardsize 9"), "= \n\n");
    for v in ["C3", "G7", "C7"] {
        assert_eq!(say(&format!("play b {v}")), "= \n\n", "{v}");
    }
    assert!(say("play b C7").starts_with("? illegal move: occupied"));
    assert_eq!(say("play w E5"), "= \n\n");
    assert!(say("play b D4").starts_with("= "));
    assert!(say("play b E4").starts_with("? illegal move: it is White's turn"));
    assert_eq!(s.engine().handicap(), 3);
    assert_eq!(
        s.moves()
            .iter()
            .filter(|(p, m)| *p == Player::White && *m == Move::Pass)
            .count(),
        2
    );
}

/// Issue 32, D5: a line past the bound is answered `?` (with its id) and skipped, and the session
/// goes on with the next line.
#[test]
fn a_line_past_the_bound_is_refused_and_the_next_answered() {
    let mut input = b"7 play b ".to_vec();
    input.extend(std::iter::repeat_n(b'A', line::MAX_LINE + 10));
    input.extend(b"\n8 name\n");
    let mut out = Vec::new();
    serve(&mut Server::<Reference>::new(1), &input[..], &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(
        out,
        format!(
            "?7 command line too long (over {} bytes): ignored\n\n=8 ttrules\n\n",
            line::MAX_LINE
        )
    );
}

/// Issue 32, D3: `loadsgf` and `printsgf` refuse a FIFO at once instead of blocking on it.
#[test]
fn special_files_are_refused_without_blocking() {
    let dir = std::env::temp_dir().join(format!("ttrules-gtp-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("f.sgf");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let f = fifo.display();
    let got = session(&[
        &format!("loadsgf {f}"),
        &format!("printsgf {f}"),
        "loadsgf /dev/zero",
        "printsgf /dev/null",
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(got.len(), 4);
    for r in &got {
        assert!(
            r.starts_with("? ") && r.contains("not a regular file"),
            "{r}"
        );
    }
}
