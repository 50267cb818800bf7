//! Events across machines (issue 33, part 4): `referee run FILE --shard K/N` plays shard K's
//! share of the schedule in a folder of its own, `--resume` continues a shard, and `referee merge`
//! puts the shards' folders together into the folder one run of the whole event writes, byte for
//! byte but for what the clock measures (r[ref.event.shard], r[ref.event.merge]).

mod referee_common;

use referee_common::TTRULES;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

/// `ttrules ARGS` run in the folder `cwd`.
fn ttrules_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(TTRULES)
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("run ttrules")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn ok(o: &Output) {
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

/// The refusal of `o`: status 2 and its stderr.
fn refused(o: &Output) -> String {
    let e = text(&o.stderr);
    assert_eq!(
        o.status.code(),
        Some(2),
        "not refused: {e}{}",
        text(&o.stdout)
    );
    e
}

/// Random players, each a fresh `ttrules gtp` per game seeded from the game's seed (so a
/// game is played the same way whichever run plays it): `{seed}1` is the game's seed with a
/// digit after it, another number for each player.
fn event_toml(dir: &Path, name: &str, players: usize, event: &str) -> PathBuf {
    let mut s = String::new();
    for k in 1..=players {
        s.push_str(&format!(
            "[[player]]\nlabel = \"rand-{k}\"\ncommand = \"{TTRULES} gtp --seed {{seed}}{k}\"\n\n"
        ));
    }
    s.push_str("[event]\n");
    s.push_str(event);
    let path = dir.join(name);
    std::fs::write(&path, s).unwrap();
    path
}

const EVENT: &str = "kind = \"all-play-all\"\ngames_per_pair = 3\nsize = 5\nmax_turns = 60\n";

/// `text` with every number after `"time":` written as 0: the engines' genmove seconds, which the
/// clock measures (r[ref.event.merge] names them).
fn mask_times(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("\"time\":") {
        out.push_str(&rest[..i + 7]);
        rest = &rest[i + 7..];
        if rest.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || "+-.eE ".contains(c)))
                .unwrap_or(rest.len());
            out.push('0');
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out
}

/// `results.jsonl`'s lines ordered by game, the times masked.
fn ordered_results(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    let mut lines: Vec<(u64, String)> = text
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["game"].as_u64().unwrap(), mask_times(l))
        })
        .collect();
    lines.sort();
    lines.into_iter().map(|l| l.1).collect()
}

/// An SGF record with its date (`DT`, the day the game started) masked.
fn sgf_masked(path: &Path) -> String {
    let t = std::fs::read_to_string(path).unwrap();
    let i = t.find("DT[").expect("a DT");
    let j = i + t[i..].find(']').unwrap();
    format!("{}DT[]{}", &t[..i], &t[j..])
}

/// `referee status DIR --json`'s summary (standings, Elo, records), the times masked.
fn summary(cwd: &Path, dir: &str) -> Value {
    let o = ttrules_in(cwd, &["referee", "status", dir, "--json"]);
    ok(&o);
    let doc: Value = serde_json::from_str(&mask_times(&text(&o.stdout))).unwrap();
    doc["summary"].clone()
}

/// The three shards of the event in `root/shards/s1..s3`, played at once; the seconds it took.
fn play_shards(root: &Path, file: &Path) -> f64 {
    let shards = root.join("shards");
    std::fs::create_dir_all(&shards).unwrap();
    let start = Instant::now();
    let children: Vec<_> = (1..=3)
        .map(|k| {
            Command::new(TTRULES)
                .current_dir(&shards)
                .args(["referee", "run", file.to_str().unwrap(), "--json"])
                .args(["--shard", &format!("{k}/3"), "--out", &format!("s{k}")])
                .output()
        })
        .collect();
    for (k, c) in children.into_iter().enumerate() {
        let o = c.expect("run a shard");
        ok(&o);
        let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(doc["played"], 3, "shard {}: {doc}", k + 1);
        assert_eq!(doc["shard"], format!("{}/3", k + 1));
    }
    start.elapsed().as_secs_f64()
}

/// r[ref.event.shard], r[ref.event.merge]: an all-play-all of 9 games played whole, and as 3
/// shards merged: the same results (ordered by game), match.json, records, standings, Elo and
/// report, byte for byte but for the engines' times and the records' dates.
#[test]
fn three_shards_merge_into_the_one_runs_folder() {
    let root = tempfile::tempdir().unwrap();
    let root = root.path();
    let file = event_toml(root, "event.toml", 3, EVENT);
    for d in ["whole", "merged"] {
        std::fs::create_dir_all(root.join(d)).unwrap();
    }
    let start = Instant::now();
    ok(&ttrules_in(
        &root.join("whole"),
        &["referee", "run", file.to_str().unwrap(), "--out", "ev"],
    ));
    let whole_s = start.elapsed().as_secs_f64();
    ok(&ttrules_in(
        &root.join("whole"),
        &["referee", "report", "ev"],
    ));
    let shards_s = play_shards(root, &file);
    // Each shard's own share, dealt round-robin: shard K has games K, K + 3, K + 6.
    for k in 1..=3u64 {
        let dir = root.join(format!("shards/s{k}"));
        let games: Vec<u64> = ordered_results(&dir)
            .iter()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["game"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        assert_eq!(games, [k, k + 3, k + 6]);
        let m: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("shard.json")).unwrap())
                .unwrap();
        assert_eq!(
            (m["games"].as_u64(), m["share"].as_u64()),
            (Some(9), Some(3))
        );
    }
    let start = Instant::now();
    let o = ttrules_in(
        &root.join("merged"),
        &[
            "referee",
            "merge",
            "../shards/s3",
            "../shards/s1",
            "../shards/s2",
            "--out",
            "ev",
        ],
    );
    ok(&o);
    let merge_s = start.elapsed().as_secs_f64();
    eprintln!("whole {whole_s:.2} s; 3 shards at once {shards_s:.2} s; merge {merge_s:.2} s");
    assert!(
        text(&o.stdout).contains("merged 9 of 9 games"),
        "{}",
        text(&o.stdout)
    );
    let (w, m) = (root.join("whole/ev"), root.join("merged/ev"));
    let results = ordered_results(&w);
    assert_eq!(results.len(), 9);
    assert_eq!(ordered_results(&m), results);
    // Written in the order of the games.
    let merged_text = std::fs::read_to_string(m.join("results.jsonl")).unwrap();
    assert_eq!(mask_times(&merged_text), results.join("\n") + "\n");
    for name in ["match.json", "report.html"] {
        let (a, b) = (w.join(name), m.join(name));
        assert_eq!(
            std::fs::read(&a).unwrap(),
            std::fs::read(&b).unwrap(),
            "{name} differs"
        );
    }
    for g in 1..=9 {
        let name = format!("game-{g:04}.sgf");
        assert_eq!(
            sgf_masked(&w.join(&name)),
            sgf_masked(&m.join(&name)),
            "{name}"
        );
    }
    let (sw, sm) = (
        summary(&root.join("whole"), "ev"),
        summary(&root.join("merged"), "ev"),
    );
    assert_eq!(sw, sm);
    assert_eq!(sm["standings"]["players"].as_array().unwrap().len(), 3);
    assert_eq!(sm["games"], 9);
    let st = text(&ttrules_in(&root.join("merged"), &["referee", "status", "ev"]).stdout);
    assert!(
        st.contains("finished") && st.contains("games done: 9 of 9"),
        "{st}"
    );
}

/// Copies the folder `from` to `to` (files only, one level of subfolders).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// Drops the last line of `dir/results.jsonl` and leaves half of it, as an interrupted write
/// does: the game is not played for the folder (r[ref.results]).
fn cut_last_game(dir: &Path) {
    let path = dir.join("results.jsonl");
    let t = std::fs::read_to_string(&path).unwrap();
    let body = t.trim_end_matches('\n');
    let i = body.rfind('\n').map_or(0, |i| i + 1);
    let last = &body[i..];
    std::fs::write(&path, format!("{}{}", &body[..i], &last[..last.len() / 2])).unwrap();
}

/// r[ref.event.shard]: a shard interrupted and run again with `--resume` and its K/N plays only
/// its missing game; another K/N in its folder, a whole run in it, and a shard in a whole run's
/// folder are refused; an SPRT match is not split, and a shard needs --out.
/// r[ref.event.merge]: the merge refuses missing, overlapping and unfinished shares and shards of
/// another event, naming the games; `--partial` merges what there is and `--resume` completes it.
#[test]
fn shards_resume_alone_and_merges_refuse_what_does_not_belong() {
    let root = tempfile::tempdir().unwrap();
    let root = root.path();
    let file = event_toml(root, "event.toml", 3, EVENT);
    let f = file.to_str().unwrap();
    play_shards(root, &file);
    let sh = root.join("shards");
    // Resume per shard: shard 2 loses its last game (game 8) and plays it again, alone.
    copy_dir(&sh.join("s2"), &sh.join("s2-cut"));
    cut_last_game(&sh.join("s2-cut"));
    let o = ttrules_in(
        &sh,
        &[
            "referee", "run", f, "--shard", "2/3", "--out", "s2-cut", "--resume", "--json",
        ],
    );
    ok(&o);
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["played"], 1, "{doc}");
    assert_eq!(
        ordered_results(&sh.join("s2-cut")),
        ordered_results(&sh.join("s2"))
    );
    // Folders that are not the run's.
    let cases: [(&[&str], &str); 5] = [
        (
            &["--shard", "1/3", "--out", "s2", "--resume"],
            "s2 is the folder of shard 2/3 of this event",
        ),
        (
            &["--shard", "1/3", "--out", "s2"],
            "s2 is the folder of shard 2/3 of this event",
        ),
        (
            &["--out", "s2", "--resume"],
            "s2 is the folder of shard 2/3",
        ),
        (&["--shard", "1/3"], "--shard 1/3 needs --out DIR"),
        (
            &["--shard", "1/3", "--out", "none", "--resume"],
            "--resume: cannot read none/match.json",
        ),
    ];
    for (extra, want) in cases {
        let mut args = vec!["referee", "run", f];
        args.extend_from_slice(extra);
        let e = refused(&ttrules_in(&sh, &args));
        assert!(e.contains(want), "{extra:?}: {e}\nwanted: {want}");
    }
    ok(&ttrules_in(&sh, &["referee", "run", f, "--out", "whole"]));
    let e = refused(&ttrules_in(
        &sh,
        &[
            "referee", "run", f, "--shard", "1/3", "--out", "whole", "--resume",
        ],
    ));
    assert!(e.contains("holds a whole run of the event"), "{e}");
    let e = refused(&ttrules_in(
        &sh,
        &["referee", "run", f, "--shard", "0/3", "--out", "x"],
    ));
    assert!(e.contains("a shard is K/N"), "{e}");
    // An SPRT match: where it stops depends on every shard's games.
    let sprt = event_toml(
        root,
        "sprt.toml",
        2,
        "kind = \"match\"\nsize = 5\nsprt = \"0,50\"\n",
    );
    let e = refused(&ttrules_in(
        &sh,
        &[
            "referee",
            "run",
            sprt.to_str().unwrap(),
            "--shard",
            "1/2",
            "--out",
            "x",
        ],
    ));
    assert!(
        e.contains("this match stops by its SPRT (sprt = \"0,50\")"),
        "{e}"
    );
    let two = format!("{TTRULES} gtp --seed {{seed}}");
    let e = refused(&ttrules_in(
        &sh,
        &[
            "referee", "--black", &two, "--white", &two, "--sprt", "0,50", "--shard", "1/2",
            "--out", "x",
        ],
    ));
    assert!(e.contains("this match stops by its SPRT"), "{e}");
    merges_refuse(root, &sh);
}

/// The merge's refusals, and `--partial` then `--resume`.
fn merges_refuse(root: &Path, sh: &Path) {
    let merge = |dirs: &[&str], out: &str, extra: &[&str]| {
        let mut args = vec!["referee", "merge"];
        args.extend_from_slice(dirs);
        args.extend_from_slice(&["--out", out]);
        args.extend_from_slice(extra);
        ttrules_in(sh, &args)
    };
    let e = refused(&merge(&["s1", "s2"], "m", &[]));
    assert!(
        e.contains("shard 3/3 is missing: games 3, 6, 9 are in no folder"),
        "{e}"
    );
    let e = refused(&merge(&["s1", "s2", "s3", "s2-cut"], "m", &[]));
    assert!(e.contains("both hold shard 2/3 (games 2, 5, 8)"), "{e}");
    let e = refused(&merge(&["s1", "s2", "s3", "whole"], "m", &[]));
    assert!(e.contains("whole: not a shard's folder"), "{e}");
    let e = refused(&merge(&["s1", "s2", "s3"], "s1", &[]));
    assert!(e.contains("that is the folder of shard 1/3"), "{e}");
    // Another event: the same players with another komi.
    let other = event_toml(root, "other.toml", 3, &format!("{EVENT}komi = 0.5\n"));
    ok(&ttrules_in(
        sh,
        &[
            "referee",
            "run",
            other.to_str().unwrap(),
            "--shard",
            "3/3",
            "--out",
            "o3",
        ],
    ));
    let e = refused(&merge(&["s1", "s2", "o3"], "m", &[]));
    assert!(
        e.contains("shards of different events") && e.contains("komi"),
        "{e}"
    );
    // An unfinished shard: refused, or merged with --partial, then completed by --resume.
    copy_dir(&sh.join("s3"), &sh.join("s3-cut"));
    cut_last_game(&sh.join("s3-cut"));
    let e = refused(&merge(&["s1", "s2", "s3-cut"], "m", &[]));
    assert!(
        e.contains("s3-cut) is not finished: games 9 have no line"),
        "{e}"
    );
    assert!(!sh.join("m/results.jsonl").exists());
    let o = merge(&["s1", "s2", "s3-cut"], "m", &["--partial", "--json"]);
    ok(&o);
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (doc["merged"].as_u64(), doc["missing"].clone()),
        (Some(8), serde_json::json!([9]))
    );
    let f = root.join("event.toml");
    let o = ttrules_in(
        sh,
        &[
            "referee",
            "run",
            f.to_str().unwrap(),
            "--out",
            "m",
            "--resume",
            "--json",
        ],
    );
    ok(&o);
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["played"], 1, "{doc}");
    assert_eq!(
        ordered_results(&sh.join("m")),
        ordered_results(&sh.join("whole"))
    );
    // The merged folder holds a match: merging into it again is refused.
    let e = refused(&merge(&["s1", "s2", "s3"], "m", &[]));
    assert!(e.contains("already holds a match"), "{e}");
}
