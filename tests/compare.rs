//! `replay --compare`: every named ruleset side by side, with the identities of the rulesets
//! comparison source checked on each game.
//!
//! - Random finished games with random dead stones (proptest): no row's breakdown differs from
//!   either engine's final score (r[var.score.final]), sharing the reference's replay between rows
//!   changes no answer, and every identity holds where it applies:
//!   r[var.note.area-vs-territory] (D_A − D_T = (R_B − R_W) + (S_B − S_W) + (P_B − P_W), and with
//!   pass stones and White passing last D_A − D_T = N − 1 or 0), r[var.note.chinese-komi]
//!   (K = 2·K_C), r[var.note.ing-komi] (8 with Black winning ties ≡ 7.5),
//!   r[var.first-pass.tie-break] and r[var.note.msg-equals-button] (the tie-break and MSG against
//!   the button), r[var.note.ancient-territory] (the ancient territory form against its area form),
//!   r[var.count.area.pass-alive] (rows of the random rule set counted `area-pass-alive` against
//!   area counting with the stones in pass-alive territory dead).
//! - The real records of `../shared/records` (a sample of every folder, every game tree of a
//!   sampled file), read by Part III's reader, with KataGo's exact `chinese` (r[var.katago.exact],
//!   counted by r[var.count.area.pass-alive]) as one more row: the same.
//! - The command line: the table of `examples/9x9-game.sgf` (a reviewed snapshot), the JSON of the
//!   AGA handicap example, `--rules`, and the errors.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use ttrules::record::compare::identities::Status;
use ttrules::record::compare::{self, Comparison, RecordGame, RecordTurn, Row, RowSpec};
use ttrules::record::replay::Options;
use ttrules::reference::Reference;
use ttrules::spec::{Colour, Engine, Komi, Move, Player, Point, Rules, Setup, Size};
use ttrules_fast::Fast;

/// Statuses seen, by identity name.
#[derive(Default)]
struct Tally {
    holds: BTreeMap<&'static str, usize>,
    not_applicable: BTreeMap<&'static str, usize>,
    /// Named events the generator must reach: rows that stopped at an illegal turn, dead stones,
    /// handicaps, setups, AGA with a handicap.
    events: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn add(&mut self, c: &Comparison) {
        for i in &c.identities {
            match i.status {
                Status::Holds => *self.holds.entry(i.name).or_default() += 1,
                Status::NotApplicable(_) => *self.not_applicable.entry(i.name).or_default() += 1,
                Status::Fails(_) => {}
            }
            if i.name == "aga-countings-agree"
                && i.status == Status::Holds
                && i.inputs
                    .iter()
                    .any(|(k, v)| *k == "N" && v.to_string() != "0")
            {
                self.event("aga identity with a handicap");
            }
        }
        if c.rows.iter().any(|r| r.stop.is_some()) {
            self.event("a row stopped at an illegal turn");
        }
        if !c.game.dead.is_empty() {
            self.event("dead stones");
        }
        if !c.game.setup.is_empty_start() {
            self.event("a setup");
        }
        if c.rows
            .iter()
            .any(|r| r.score().is_some_and(|s| s.breakdown.handicap >= 2))
        {
            self.event("a handicap");
        }
    }

    fn event(&mut self, name: &'static str) {
        *self.events.entry(name).or_default() += 1;
    }

    /// Every identity held somewhere, and every event was reached.
    fn assert_complete(&self, events: &[&str]) {
        for name in [
            "area-vs-territory",
            "aga-countings-agree",
            "chinese-komi-in-stones",
            "ing-komi-8-is-7.5",
            "tie-break-is-button",
            "msg-is-button",
            "pass-alive-is-dead",
        ] {
            assert!(
                self.holds.get(name).copied().unwrap_or(0) > 0,
                "identity {name} never held (holds {:?}, not applicable {:?})",
                self.holds,
                self.not_applicable
            );
        }
        for e in events {
            assert!(
                self.events.get(e).copied().unwrap_or(0) > 0,
                "never reached: {e} ({:?})",
                self.events
            );
        }
    }
}

/// The answers of a reference built afresh with the row's own rules: what the row must show.
fn assert_fresh_reference_agrees(game: &RecordGame, row: &Row) -> Result<(), TestCaseError> {
    let Ok(mut e) = Reference::from_setup(&game.setup, row.spec.rules) else {
        prop_assert!(row.score().is_none());
        return Ok(());
    };
    for t in &game.turns {
        if e.play(t.mv).is_err() {
            break;
        }
    }
    prop_assert_eq!(e.turns() as usize, row.played, "{}", row.spec.label);
    prop_assert_eq!(e.is_over(), row.over, "{}", row.spec.label);
    match (e.score_with_dead(&game.dead), &row.scored) {
        (Ok(score), Ok(s)) => {
            prop_assert_eq!(score, s.breakdown.score(), "{}", row.spec.label);
            prop_assert_eq!(
                e.outcome(row.spec.komi, &game.dead).unwrap(),
                s.outcome,
                "{}",
                row.spec.label
            );
        }
        (Err(_), Err(_)) => {}
        (a, b) => prop_assert!(false, "{}: {a:?} against {b:?}", row.spec.label),
    }
    Ok(())
}

/// A random game: a board of 1..=5 by 1..=5 (7x7 now and then), sometimes a setup, sometimes a
/// handicap played as Black moves, turns drawn among the legal moves under Tromp-Taylor or Chinese
/// rules, an ending (two passes, White passing last, or none), dead stones drawn from the stones
/// on the final grid, and one more row under random parameters and komi.
#[derive(Clone, Debug)]
struct Plan {
    size: (u32, u32),
    setup: Option<(Vec<u16>, bool)>,
    handicap: u32,
    chinese: bool,
    codes: Vec<u16>,
    ending: u8,
    dead_mask: u64,
    extra_rules: usize,
    extra_komi: i64,
}

fn plan() -> impl Strategy<Value = Plan> {
    let size = prop_oneof![
        9 => (1u32..=5, 1u32..=5),
        1 => Just((7, 7)),
    ];
    (
        size,
        prop::option::weighted(
            0.2,
            (prop::collection::vec(any::<u16>(), 1..8), any::<bool>()),
        ),
        prop_oneof![3 => Just(0u32), 1 => 2u32..=3],
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 0..60),
        0u8..4,
        any::<u64>(),
        any::<usize>(),
        -6i64..=18,
    )
        .prop_map(
            |(
                size,
                setup,
                handicap,
                chinese,
                codes,
                ending,
                dead_mask,
                extra_rules,
                extra_komi,
            )| {
                Plan {
                    size,
                    setup,
                    handicap,
                    chinese,
                    codes,
                    ending,
                    dead_mask,
                    extra_rules,
                    extra_komi,
                }
            },
        )
}

/// A legal move of the player to move chosen by `code`, or a pass (about one in twelve, or when
/// there is none).
fn pick(e: &Fast, code: u16) -> Move {
    let legal = e.legal_points();
    if legal.is_empty() || code % 12 == 0 {
        Move::Pass
    } else {
        Move::Play(legal[usize::from(code / 12) % legal.len()])
    }
}

fn build(p: &Plan) -> (RecordGame, Vec<RowSpec>) {
    let size = Size::new(p.size.0, p.size.1).unwrap();
    let gen_rules = if p.chinese {
        Rules::by_name("chinese").unwrap()
    } else {
        Rules::TROMP_TAYLOR
    };
    let setup = match &p.setup {
        None => Setup::empty(size),
        Some((codes, white_first)) => {
            // A legal position: the colouring after some legal moves.
            let mut e = Fast::new(size, Rules::TROMP_TAYLOR);
            for &c in codes {
                let mv = pick(&e, c);
                if mv != Move::Pass {
                    let _ = e.play(mv);
                }
            }
            Setup {
                grid: e.grid(),
                to_move: if *white_first {
                    Player::White
                } else {
                    Player::Black
                },
                handicap: 0,
            }
        }
    };
    let mut e = Fast::from_setup(&setup, gen_rules).unwrap();
    let mut turns = Vec::new();
    let play = |e: &mut Fast, mv: Move, turns: &mut Vec<RecordTurn>| {
        let player = e.to_move();
        if e.play(mv).is_ok() {
            turns.push(RecordTurn {
                node: turns.len() + 1,
                player,
                mv,
                implied: false,
                resume: false,
            });
        }
    };
    if setup.is_empty_start() {
        for i in 0..p.handicap {
            if i > 0 {
                play(&mut e, Move::Pass, &mut turns);
            }
            let mv = pick(&e, 1 + 12 * i as u16);
            play(&mut e, mv, &mut turns);
        }
    }
    for &c in &p.codes {
        if e.is_over() {
            break;
        }
        let mv = pick(&e, c);
        play(&mut e, mv, &mut turns);
    }
    let ending: &[Player] = match (p.ending, e.to_move()) {
        (0, Player::Black) => &[Player::Black, Player::White],
        (0, Player::White) => &[Player::White, Player::Black],
        (1, Player::Black) => &[Player::Black, Player::White],
        (1, Player::White) => &[Player::White, Player::Black, Player::White],
        (2, _) => &[],
        (_, Player::Black) => &[Player::Black, Player::White, Player::Black],
        (_, Player::White) => &[Player::White, Player::Black],
    };
    for _ in ending {
        if !e.is_over() {
            play(&mut e, Move::Pass, &mut turns);
        }
    }
    let stones: Vec<Point> = size
        .points()
        .filter(|&q| e.colour_at(q) != Colour::Empty)
        .collect();
    let dead = stones
        .iter()
        .enumerate()
        .filter(|(i, _)| p.dead_mask >> (i % 64) & 1 == 1 && p.dead_mask % 3 != 0)
        .map(|(_, &q)| q)
        .collect();
    let game = RecordGame::new(setup, turns, dead);
    let mut specs = compare::row_specs(&game, None, None).unwrap();
    let all = Rules::all();
    specs.push(RowSpec {
        label: "random".into(),
        named: false,
        rules: all[p.extra_rules % all.len()],
        komi: Komi::new(ttrules::spec::HalfPoints::halves(p.extra_komi)),
    });
    (game, specs)
}

#[test]
fn identities_hold_on_random_finished_games_with_random_dead_stones() {
    let tally = RefCell::new(Tally::default());
    // A fixed seed, so that the counts of events (which must not be zero) are the same on every
    // run; the cases are varied enough to reach each of them many times.
    let mut runner = TestRunner::new_with_rng(
        Config {
            // PROPTEST_CASES raises it for a longer campaign.
            cases: std::env::var("PROPTEST_CASES")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(160),
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    let result = runner.run(&plan(), |p| {
        let (game, specs) = build(&p);
        let c = compare::compare(&game, &specs);
        let bugs = c.bugs();
        prop_assert!(bugs.is_empty(), "bugs: {bugs:#?}\ngame: {game:?}");
        for row in &c.rows {
            assert_fresh_reference_agrees(&game, row)?;
        }
        tally.borrow_mut().add(&c);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let tally = tally.into_inner();
    eprintln!(
        "identities held: {:?}; not applicable: {:?}; events: {:?}",
        tally.holds, tally.not_applicable, tally.events
    );
    tally.assert_complete(&[
        "a row stopped at an illegal turn",
        "dead stones",
        "a setup",
        "a handicap",
        "aga identity with a handicap",
    ]);
}

/// Every SGF file under `dir`, recursively, in name order.
fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            sgf_files(&p, out);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
}

/// How many files of each folder of `../shared/records` the comparison samples, evenly spaced
/// in name order from the first (about 6 s in all with the test profile).
const PER_FOLDER: usize = 24;

/// A KataGo rules string read exactly (r[var.katago.exact]): KataGo's `chinese`, counted by area
/// with the stones in pass-alive territory emptied (r[var.count.area.pass-alive]).
const KATAGO_AREA: &str = "koSIMPLEscoreAREAtaxNONEsui0whbN";

/// The real records of `../shared/records`, read by Part III's reader as `replay` reads them:
/// [`PER_FOLDER`] files of every folder but `malformed/` (fox-pro, gnugo, pachi), every game tree
/// of a sampled file (up to 3), compared under every named ruleset and [`KATAGO_AREA`] with the
/// record's dead stones (its `TB`/`TW` marks, r[rec.dead]); every row's parts must sum to both
/// engines' final scores and every identity must hold where it applies,
/// r[var.count.area.pass-alive] included.
#[test]
fn identities_hold_on_real_records() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/records");
    if !root.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} does not exist, and CI must read it",
            root.display()
        );
        eprintln!("note: {} does not exist; skipped", root.display());
        return;
    }
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !p.ends_with("malformed"))
        .collect();
    folders.sort();
    let opts = Options::default();
    let mut tally = Tally::default();
    // Games compared by folder; files sampled; files the reader refuses; games without a turn;
    // games compared; stones emptied in pass-alive territory over all rows.
    let mut by_folder: BTreeMap<String, usize> = BTreeMap::new();
    let (mut sampled, mut refused, mut empty, mut compared, mut emptied) = (0, 0, 0, 0, 0u32);
    for dir in &folders {
        let mut files = Vec::new();
        sgf_files(dir, &mut files);
        let folder = dir.file_name().unwrap().to_string_lossy().into_owned();
        let count = by_folder.entry(folder).or_default();
        for f in files
            .iter()
            .step_by(files.len().div_ceil(PER_FOLDER).max(1))
        {
            sampled += 1;
            let bytes = std::fs::read(f).unwrap();
            let name = f.display().to_string();
            for tree in 1..=3 {
                let game = match compare::read_game(&bytes, &name, Some(tree), &opts) {
                    Ok(g) => g,
                    Err(_) => {
                        refused += usize::from(tree == 1);
                        break;
                    }
                };
                if game.turns.is_empty() {
                    empty += 1;
                } else {
                    let specs = compare::row_specs(&game, Some(KATAGO_AREA), None).unwrap();
                    let c = compare::compare(&game, &specs);
                    let bugs = c.bugs();
                    assert!(bugs.is_empty(), "{name} game {tree}: {bugs:#?}");
                    tally.add(&c);
                    emptied += c
                        .rows
                        .iter()
                        .filter_map(Row::score)
                        .map(|s| {
                            s.breakdown.black.pass_alive_emptied
                                + s.breakdown.white.pass_alive_emptied
                        })
                        .sum::<u32>();
                    compared += 1;
                    *count += 1;
                }
                if tree >= game.trees {
                    break;
                }
            }
        }
    }
    eprintln!(
        "{sampled} files sampled, {refused} refused by the reader, {empty} games without a turn, \
         {compared} games compared ({by_folder:?}); stones emptied in pass-alive territory: \
         {emptied}; identities held: {:?}; not applicable: {:?}; events: {:?}",
        tally.holds, tally.not_applicable, tally.events
    );
    for (folder, n) in &by_folder {
        assert!(*n > 0, "no game of {folder}/ was compared");
    }
    assert!(compared > 40, "only {compared} games compared");
    tally.assert_complete(&["a handicap", "a setup"]);
    assert!(emptied > 0, "no stone in pass-alive territory was met");
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ttrules"))
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// The table of the 9x9 example, reviewed: every ruleset, every part, every identity.
#[test]
fn the_table_of_the_9x9_example() {
    let out = bin()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["replay", "--compare", "examples/9x9-game.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    insta::assert_snapshot!("compare-9x9-game", text);
}

/// r[var.note.area-vs-territory] on the AGA handicap example: two handicap stones written as Black
/// moves in a row, so N = 2, one handicap pass, and D_A − D_T = N − 1 = 1 under aga's pass stones.
#[test]
fn the_json_of_the_aga_handicap_example() {
    let out = bin()
        .args(["replay", "--compare", "--json", "--rules", "japanese"])
        .arg(example("handicap-aga.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), Rules::NAMED.len() + 1);
    let aga = rows.iter().find(|r| r["ruleset"] == "aga").unwrap();
    assert_eq!(aga["handicap"], 2);
    assert_eq!(aga["handicap_passes"], 1);
    assert_eq!(aga["white"]["handicap_compensation"], 1);
    assert_eq!(aga["rules"]["pass_stones"], "one-per-pass");
    assert_eq!(aga["score"]["black"], 2);
    assert_eq!(aga["score"]["white"], 2, "one stone and N - 1 = 1");
    assert_eq!(aga["komi"], 7.5, "a named row has its ruleset's komi");
    assert_eq!(aga["result"], "W+7.5");
    let extra = rows.last().unwrap();
    assert_eq!(extra["ruleset"], "japanese");
    assert_eq!(extra["named"], false);
    assert_eq!(
        extra["komi"], 0.5,
        "the record's KM wins over japanese's 6.5"
    );
    let agree = v["identities"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["name"] == "aga-countings-agree" && i["ruleset"] == "aga")
        .unwrap();
    assert_eq!(agree["status"], "holds", "{agree}");
    assert_eq!(agree["inputs"]["N"], 2);
    assert_eq!(agree["inputs"]["T_B"], agree["inputs"]["T_W"]);
    let d = agree["inputs"]["D_A"].as_f64().unwrap() - agree["inputs"]["D_T"].as_f64().unwrap();
    assert_eq!(d, 1.0);
    assert_eq!(agree["clause"], "var.note.area-vs-territory");
}

#[test]
fn bad_input_is_a_clear_error() {
    let run = |args: &[&str]| {
        let out = bin()
            .args(["replay", "--compare"])
            .args(args)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    let nine = example("9x9-game.sgf");
    let nine = nine.to_str().unwrap();
    let (code, err) = run(&["--dead", "A1", nine]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("9x9-game.sgf: dead stone A1: the point holds no stone"),
        "{err}"
    );
    let (code, err) = run(&["--rules", "klingon", nine]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--rules: unknown rules"), "{err}");
    let (code, err) = run(&["--komi", "7.3", nine]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--komi"), "{err}");
    let (code, err) = run(&["/nonexistent.sgf"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("/nonexistent.sgf"), "{err}");
}

/// A failed check is reported as a bug, never as a result.
#[test]
fn a_disagreement_is_reported_as_a_bug() {
    let game = RecordGame::new(Setup::empty(Size::new(3, 1).unwrap()), vec![], vec![]);
    let specs = compare::row_specs(&game, None, None).unwrap();
    let mut c = compare::compare(&game, &specs);
    assert!(c.bugs().is_empty());
    c.rows[0].bugs.push("injected".into());
    c.identities[0].status = Status::Fails("injected too".into());
    let bugs = c.bugs();
    assert_eq!(bugs.len(), 2, "{bugs:?}");
    let text = compare::render::text(&c, "x.sgf");
    assert!(text.contains("BUG: injected"), "{text}");
    assert!(text.contains("FAILS (injected too)"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&compare::render::json(&c, "x.sgf")).unwrap();
    assert_eq!(json["ok"], false);
    assert_eq!(json["rows"][0]["checked"], false);
}

fn record(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(name)
}

/// `--compare` reads a record as `replay` does (Part III): one game of a file of several
/// (r[rec.trees], `--game N`), the reader's warnings on stderr (r[rec.warnings], here
/// r[rec.komi]'s hundredths), a record that stops being a game compared up to its stop
/// (r[rec.stop.setup]), the dead stones of the record's marks (r[rec.dead]); and it refuses
/// what it cannot compare.
#[test]
fn records_are_read_as_replay_reads_them() {
    let run = |args: &[&str], file: &str| {
        let out = bin()
            .args(["replay", "--compare"])
            .args(args)
            .arg(record(file))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, err) = run(&["--json", "--game", "2"], "several-trees.sgf");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["record"]["tree"].clone(), v["record"]["trees"].clone()),
        (2.into(), 3.into())
    );
    assert_eq!(v["record"]["turns"], 2);
    assert!(err.is_empty(), "{err}");
    let (code, out, err) = run(&[], "several-trees.sgf");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("several-trees.sgf: game 1: 5x5"), "{out}");
    assert!(out.contains("1 turn in the record"), "{out}");
    assert!(
        err.contains("the file holds 3 games; comparing game 1"),
        "{err}"
    );
    let (code, _, err) = run(&["--game", "4"], "several-trees.sgf");
    assert_eq!(code, Some(2));
    assert!(err.contains("--game 4: the file holds 3 game(s)"), "{err}");

    let (code, out, err) = run(&["--jsonl"], "km-fox-hundredths.sgf");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["record"]["komi"], 6.5);
    assert_eq!(v["record"]["komi_from"], "KM");
    assert_eq!(v["record"]["warnings"][0]["kind"], "komi-hundredths");
    assert!(err.contains("warning (komi-hundredths)"), "{err}");

    // r[rec.komi.fox]: KM[0] with HA[0] in a Fox record is read as without KM, so a `--rules`
    // row takes its own ruleset's komi.
    let (code, out, err) = run(
        &["--json", "--rules", "chinese"],
        "km-fox-zero-signature.sgf",
    );
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["record"]["komi_from"], "default");
    assert_eq!(v["rows"].as_array().unwrap().last().unwrap()["komi"], 7.5);
    assert!(err.contains("warning (komi-fox-zero)"), "{err}");

    let (code, out, err) = run(&["--json"], "setup-after-first-move.sgf");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["record"]["stop"]["clause"], "rec.stop.setup");
    assert_eq!(v["record"]["turns"], 1);

    let (code, out, err) = run(&["--json"], "dead-stones-from-marks.sgf");
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dead"], serde_json::json!(["D2"]));
    assert_eq!(v["dead_from"], "marks");
    assert_eq!(v["ok"], true);

    for (flags, word) in [
        (
            &["--pass-alive"][..],
            "--pass-alive cannot be used with --compare",
        ),
        (
            &["--unordered"][..],
            "--unordered cannot be used with --compare",
        ),
        (
            &[record("ha-0.sgf").to_str().unwrap()][..],
            "not several files or a directory",
        ),
    ] {
        let (code, _, err) = run(flags, "ha-1.sgf");
        assert_eq!(code, Some(2), "{flags:?}");
        assert!(err.contains(word), "{flags:?}: {err}");
    }
}

/// Output that cannot be written (a full disk) is status 2 with a message, never a panic.
#[test]
fn standard_output_that_cannot_be_written() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full here: skipped");
        return;
    };
    let out = bin()
        .args(["replay", "--compare"])
        .arg(example("9x9-game.sgf"))
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("cannot write to standard output"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
