//! Issue 32, the referee's, the GTP client's and check-engine's share of the hostile-input suite:
//! engines that misbehave in every way a careless or hostile engine author might (output without
//! end, output that answers nothing, an exit hidden behind a child, a flood of stderr), files
//! that are not files, and numbers that are absurd. Each test asserts the clear ruling or error,
//! the memory bound (set on the child with `prlimit --as`: the referee, and its engines, which
//! inherit it) and the time bound (`timeout`), and that nothing else was lost: the other games of
//! the match or event are played and written.
//!
//! Calibration (debug build, this machine, /proc/PID/status): a 2-game 5x5 match of two engines
//! with `--jobs 2 --transcripts` peaks at 24.7 MB of address space (VmPeak) and 12 MB resident;
//! under the 5 MiB-a-command stderr flood, 29.2 MB and 15.6 MB. [`MEMORY`] is about five times
//! that address space (the engines, which inherit the bound, need it too). Before the fixes, the
//! stderr flood took the referee to 657 MB and `--games 1000000000` to 24 GB.

mod hostile;

use hostile::{run_bounded, temp, Run, MIB};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The address space every run here is allowed: 128 MiB (about five times the calibrated peak).
const MEMORY: u64 = 128 * MIB;

/// A GTP engine over `ttrules gtp` that misbehaves as its mode says (argv: TTRULES MODE).
const ENGINE: &str = r#"
import os, subprocess, sys, time
ttrules, mode = sys.argv[1], sys.argv[2]
inner = subprocess.Popen([ttrules, "gtp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def ask(line):
    inner.stdin.write(line + "\n"); inner.stdin.flush()
    out = []
    while True:
        l = inner.stdout.readline()
        if l == "": break
        if l.strip() == "" and out: break
        if l.strip() == "": continue
        out.append(l.rstrip("\n"))
    return "\n".join(out)
def say(t):
    os.write(1, t.encode())
if mode == "banner":
    say("= hello\n\n")
for line in sys.stdin:
    w = line.split()
    if not w: continue
    r = ask(line.strip())
    if mode == "extra" and w[0] == "play":
        say(r + "\n\n= resign\n\n"); continue
    if mode == "id" and w[0] == "genmove":
        say("=999 pass\n\n"); continue
    if mode == "forkexit" and w[0] == "genmove":
        if os.fork() == 0:
            time.sleep(60); os._exit(0)
        os._exit(5)
    if mode == "closeout" and w[0] == "genmove":
        os.close(1); time.sleep(60); sys.exit(0)
    if mode == "flood" and w[0] == "genmove":
        say("= ")
        while True: os.write(1, b"x" * 65536)
    if mode == "floodlines" and w[0] == "genmove":
        say("= D4\n")
        while True: os.write(1, b"y\n" * 32768)
    if mode == "longline" and w[0] == "genmove":
        say("= " + "a" * (3 << 20) + "\n\n"); continue
    if mode == "stderr" and w[0] in ("genmove", "play"):
        os.write(2, b"e" * (5 << 20) + b"\n")
    if mode == "stderrline" and w[0] == "genmove":
        os.write(2, b"no newline " * (1 << 19))
    say(r + "\n\n")
"#;

/// The folder of one test: the engine script, the output folder.
struct Setup {
    dir: tempfile::TempDir,
}

impl Setup {
    fn new() -> Setup {
        let dir = temp();
        std::fs::write(dir.path().join("engine.py"), ENGINE).unwrap();
        Setup { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn out(&self) -> PathBuf {
        self.path("out")
    }

    /// The command line of the misbehaving engine in `mode`.
    fn engine(&self, mode: &str) -> String {
        format!(
            "python3 {} {} {mode}",
            self.path("engine.py").display(),
            hostile::bin().display()
        )
    }

    /// The well-behaved engine.
    fn good(&self) -> String {
        format!("{} gtp", hostile::bin().display())
    }

    /// `referee --json --out OUT --size 5 --black B --white W EXTRA…`, bounded.
    fn referee(&self, black: &str, white: &str, extra: &[&str], seconds: u32) -> Run {
        let out = self.out().display().to_string();
        let mut args = vec![
            "referee", "--json", "--size", "5", "--out", &out, "--black", black, "--white", white,
        ];
        args.extend_from_slice(extra);
        run_bounded(&args, MEMORY, seconds, None)
    }

    fn results(&self) -> Vec<Value> {
        results(&self.out())
    }
}

fn results(out: &Path) -> Vec<Value> {
    std::fs::read_to_string(out.join("results.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a whole results line"))
        .collect()
}

/// The ruling of a game: how it ended and what was said.
fn ended(line: &Value) -> (String, String) {
    (
        line["ended"]["by"].as_str().unwrap_or("").to_string(),
        line["ended"]["detail"].as_str().unwrap_or("").to_string(),
    )
}

/// Every game of `games` was played and written, each with its record, and each of Black's
/// games ended with a fault whose detail contains `says`.
fn assert_each_faulted(s: &Setup, games: usize, says: &str) {
    let lines = s.results();
    assert_eq!(lines.len(), games, "every game is played and written");
    for l in &lines {
        let (by, detail) = ended(l);
        assert_eq!(by, "fault", "{l}");
        assert!(detail.contains(says), "wanted {says:?} in: {detail}");
        let sgf = s.out().join(l["sgf"].as_str().unwrap());
        assert!(sgf.is_file(), "{}", sgf.display());
    }
}

/// D4: `--games 1000000000` is refused at once, in bounded memory (it took 24 GB).
#[test]
fn d4_a_billion_games_are_refused() {
    let s = Setup::new();
    let r = s.referee(&s.good(), &s.good(), &["--games", "1000000000"], 20);
    r.assert_bounded("--games 1000000000");
    assert_eq!(r.code(), Some(2), "{}", r.stderr());
    assert!(
        r.stderr()
            .contains("--games: 1000000000 games is more than one run plays (1000000)"),
        "{}",
        r.stderr()
    );
    assert!(!s.out().join("match.json").exists(), "nothing written");
}

/// D4: zero, negative and oversized numbers of games, jobs and board are refused with the flag.
#[test]
fn d4_absurd_numbers_are_refused() {
    let s = Setup::new();
    let cases: [(&[&str], &str); 7] = [
        (&["--games", "0"], "--games must be at least 1"),
        (&["--games", "-5"], "unexpected argument '-5'"),
        (&["--games", "99999999999"], "--games"),
        (&["--jobs", "1000000"], "--jobs: 1000000 games at once"),
        (&["--jobs", "0"], "--jobs must be at least 1"),
        (&["--size", "1000000"], "--size"),
        (
            &["--max-turns", "4000000000"],
            "--max-turns: 4000000000 turns is more than a game may last (100000",
        ),
    ];
    for (extra, says) in cases {
        let (good, out) = (s.good(), s.out().display().to_string());
        let mut args = vec!["referee", "--black", &good, "--white", &good, "--out", &out];
        args.extend_from_slice(extra);
        let r = run_bounded(&args, MEMORY, 20, None);
        r.assert_bounded(&format!("{extra:?}"));
        assert_eq!(r.code(), Some(2), "{extra:?}: {}", r.stderr());
        assert!(r.stderr().contains(says), "{extra:?}: {}", r.stderr());
    }
}

/// The event file of three players (the first one `first`), with `event` lines added.
fn event_file(s: &Setup, first: &str, event: &str) -> PathBuf {
    let text = format!(
        "[[player]]\nlabel = \"odd\"\ncommand = {first:?}\n\n\
         [[player]]\nlabel = \"one\"\ncommand = {:?}\n\n\
         [[player]]\nlabel = \"two\"\ncommand = {:?}\n\n\
         [event]\nkind = \"all-play-all\"\nsize = 5\n{event}",
        s.good(),
        s.good()
    );
    let path = s.path("event.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// D4: `games_per_pair = 1000000000` is refused with the file and the line of the value.
#[test]
fn d4_games_per_pair_is_refused_at_its_line() {
    let s = Setup::new();
    let file = event_file(&s, &s.good(), "\ngames_per_pair = 1000000000\n");
    let out = s.out().display().to_string();
    let r = run_bounded(
        &["referee", "run", file.to_str().unwrap(), "--out", &out],
        MEMORY,
        20,
        None,
    );
    r.assert_bounded("games_per_pair = 1000000000");
    assert_eq!(r.code(), Some(2));
    let want = format!(
        "{}:17: games_per_pair (1000000000 per pair, 3 pairs): 3000000000 games",
        file.display()
    );
    assert!(r.stderr().contains(&want), "{}", r.stderr());
}

/// D4: a schedule at the bound (a million games) starts at once: games are computed when due,
/// never listed; the SPRT stops it after a few games, every one written.
#[test]
fn d4_a_schedule_at_the_bound_is_lazy() {
    let s = Setup::new();
    let r = s.referee(
        &s.good(),
        &s.engine("id"),
        &["--games", "1000000", "--sprt", "0,400"],
        120,
    );
    r.assert_bounded("--games 1000000");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    let summary: Value = serde_json::from_str(&r.stdout()).unwrap();
    assert_eq!(summary["stopped_by_sprt"], true, "{summary}");
    let played = summary["played"].as_u64().unwrap();
    assert!(played > 0 && played < 1000, "{played}");
    assert_eq!(s.results().len() as u64, played);
}

/// D5: an engine that floods its output without a newline is ruled garbage at the response
/// bound (1 MiB, r[ref.fault.output] (d)); memory stays bounded, and the next game starts a fresh process.
#[test]
fn d5_a_flood_without_newline_is_garbage() {
    let s = Setup::new();
    let r = s.referee(&s.engine("flood"), &s.good(), &["--games", "2"], 60);
    r.assert_bounded("flood");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    assert_each_faulted(&s, 2, "a response longer than 1048576 bytes");
}

/// D5: a response that goes on for ever in lines, and one line of 3 MiB, are garbage too.
#[test]
fn d5_endless_and_long_responses_are_garbage() {
    for mode in ["floodlines", "longline"] {
        let s = Setup::new();
        let r = s.referee(&s.engine(mode), &s.good(), &["--games", "2"], 60);
        r.assert_bounded(mode);
        assert_eq!(r.code(), Some(0), "{mode}: {}", r.stderr());
        let says = match mode {
            "floodlines" => "a response of more than 65536 lines",
            _ => "a response longer than 1048576 bytes",
        };
        assert_each_faulted(&s, 2, says);
    }
}

/// D5, check-engine: an engine whose output has no end is a fatal "not GTP" in bounded memory.
#[test]
fn d5_check_engine_reads_a_flood_in_bounded_memory() {
    let s = Setup::new();
    let flood = s.path("flood.sh");
    std::fs::write(&flood, "#!/bin/sh\nexec yes\n").unwrap();
    let engine = format!("sh {}", flood.display());
    let r = run_bounded(
        &[
            "check-engine",
            "--json",
            "--engine",
            &engine,
            "--timeout",
            "5",
        ],
        MEMORY,
        60,
        None,
    );
    r.assert_bounded("check-engine on yes");
    assert_eq!(r.code(), Some(2), "{}", r.stderr());
    let report: Value = serde_json::from_str(&r.stdout()).unwrap();
    assert!(
        report["fatal"].as_str().unwrap().contains("is not GTP"),
        "{report}"
    );
}

/// D8: 5 MiB of stderr per command, with transcripts: the referee stays bounded, the log
/// rotates at 8 MiB keeping its tail, the transcript keeps the last 1 MiB.
#[test]
fn d8_a_stderr_flood_is_capped_and_rotated() {
    let s = Setup::new();
    let r = s.referee(
        &s.engine("stderr"),
        &s.good(),
        &["--games", "2", "--transcripts", "--max-turns", "12"],
        120,
    );
    r.assert_bounded("stderr flood");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    let lines = s.results();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| ended(l).0 != "fault"), "{lines:?}");
    let log = s.out().join("logs/a.log");
    let rotated = s.out().join("logs/a.log.1");
    let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    assert!(size(&log) <= 8 * MIB, "{}", size(&log));
    assert!(
        size(&rotated) > 0 && size(&rotated) <= 8 * MIB,
        "{}",
        size(&rotated)
    );
    let transcript = s.out().join("game-0001.stderr.txt");
    let t = size(&transcript);
    assert!(t > 0 && t <= MIB + 4096, "{t}");
    let text = std::fs::read_to_string(&transcript).unwrap();
    assert!(text.contains("bytes left out"), "{}", &text[..200]);
}

/// D8: a line of stderr without an end (5.5 MiB) is read a piece at a time.
#[test]
fn d8_a_stderr_line_without_end_is_bounded() {
    let s = Setup::new();
    let r = s.referee(
        &s.engine("stderrline"),
        &s.good(),
        &["--games", "1", "--max-turns", "10"],
        60,
    );
    r.assert_bounded("stderr line");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    assert_eq!(s.results().len(), 1);
}

/// D9: an engine that exits on `genmove` while a forked child holds its output is a crash
/// (r[ref.fault.output] (a))
/// (its exit status), not a loss on time, and the game does not wait for the clock.
#[test]
fn d9_an_exit_behind_a_child_is_a_crash() {
    let s = Setup::new();
    let start = std::time::Instant::now();
    let r = s.referee(
        &s.engine("forkexit"),
        &s.good(),
        &[
            "--games",
            "2",
            "--time-per-move",
            "5s",
            "--on-fault",
            "void",
        ],
        60,
    );
    r.assert_bounded("forkexit with a clock");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    assert_each_faulted(&s, 2, "the engine exited (exit status: 5) on `genmove b`");
    assert!(s.results().iter().all(|l| l["result"] == "Void"));
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
    // Without a clock: no hang either.
    let s = Setup::new();
    let r = s.referee(&s.engine("forkexit"), &s.good(), &["--games", "2"], 60);
    r.assert_bounded("forkexit without a clock");
    assert_each_faulted(&s, 2, "the engine exited (exit status: 5)");
}

/// D9: an engine that closes its output but keeps running is a crash, said as such.
#[test]
fn d9_closed_output_is_a_crash() {
    let s = Setup::new();
    let r = s.referee(&s.engine("closeout"), &s.good(), &["--games", "2"], 60);
    r.assert_bounded("closeout");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    assert_each_faulted(&s, 2, "the engine closed its output but still runs");
}

/// D10 (r[ref.fault.output] (b)): an extra `= resign` after the answer to `play` is garbage at
/// the next command, never a resignation, in every game (the stale text does not carry over).
#[test]
fn d10_a_response_to_no_command_is_garbage() {
    let s = Setup::new();
    let r = s.referee(&s.engine("extra"), &s.good(), &["--games", "6"], 60);
    r.assert_bounded("extra response");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    assert_each_faulted(
        &s,
        6,
        "\"= resign\" when no command was waiting for a response",
    );
}

/// D10: `=999 pass`, an id never sent, is garbage (r[ref.fault.output] (c)).
#[test]
fn d10_an_id_never_sent_is_garbage() {
    let s = Setup::new();
    let r = s.referee(&s.engine("id"), &s.good(), &["--games", "2"], 60);
    r.assert_bounded("wrong id");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    assert_each_faulted(&s, 2, "with the id 999, to a command sent without an id");
}

/// D10: an engine that answers before any command is asked cannot play the match: refused
/// before the first game, saying what it wrote.
#[test]
fn d10_output_before_any_command_is_refused() {
    let s = Setup::new();
    let r = s.referee(&s.engine("banner"), &s.good(), &["--games", "2"], 60);
    r.assert_bounded("banner");
    assert_eq!(r.code(), Some(2), "{}", r.stderr());
    // Caught as a response to no command, or by the answer it shifts into protocol_version's.
    let err = r.stderr();
    assert!(
        err.contains("when no command was waiting for a response")
            || err.contains("protocol_version answered \"hello\", where a GTP 2 engine answers 2"),
        "{err}"
    );
}

/// Nothing else lost: in an event where one player misbehaves, the other pairs' games are
/// played and scored as usual.
#[test]
fn a_misbehaving_player_costs_only_its_own_games() {
    let s = Setup::new();
    let file = event_file(&s, &s.engine("extra"), "games_per_pair = 2\n");
    let out = s.out().display().to_string();
    let r = run_bounded(
        &[
            "referee",
            "run",
            file.to_str().unwrap(),
            "--out",
            &out,
            "--json",
        ],
        MEMORY,
        120,
        None,
    );
    r.assert_bounded("event with a misbehaving player");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    let lines = s.results();
    assert_eq!(lines.len(), 6);
    for l in &lines {
        let odd = [&l["black"]["engine"], &l["white"]["engine"]].contains(&&Value::from("odd"));
        assert_eq!(ended(l).0 == "fault", odd, "{l}");
    }
}

/// D11: variable names a program reading options would take for options, or that are no names,
/// are refused at load with the file and line; a good one reaches the engine as given.
#[test]
fn d11_env_names_are_checked_with_file_and_line() {
    let s = Setup::new();
    for (env, line, says) in [
        (
            "env = { \"--unset\" = \"HOME\", \"--chdir\" = \"/usr\" }",
            4,
            "env: \"--chdir\" is not a variable's name (a name starting with `-`)",
        ),
        (
            "env = { \"A=B\" = \"1\" }",
            4,
            "env: \"A=B\" is not a variable's name (a name with `=` in it)",
        ),
    ] {
        let text = format!(
            "[[player]]\nlabel = \"x\"\ncommand = \"{}\"\n{env}\n\n[[player]]\nlabel = \"y\"\n\
             command = \"{}\"\n\n[event]\nkind = \"match\"\nsize = 5\n",
            s.good(),
            s.good()
        );
        let file = s.path("env.toml");
        std::fs::write(&file, text).unwrap();
        let r = run_bounded(
            &["referee", "run", file.to_str().unwrap()],
            MEMORY,
            20,
            None,
        );
        r.assert_bounded(env);
        assert_eq!(r.code(), Some(2));
        let want = format!("{}:{line}: {says}", file.display());
        assert!(r.stderr().contains(&want), "{}", r.stderr());
    }
}

/// D11: a value that looks like an option is only a value: the engine gets it in its
/// environment, and a folder is entered without env(1).
#[test]
fn d11_env_values_and_folders_reach_the_engine_directly() {
    let s = Setup::new();
    let script = s.path("show.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho \"var=$TTRULES_X pwd=$(pwd)\" >&2\nexec {} gtp\n",
            hostile::bin().display()
        ),
    )
    .unwrap();
    let text = format!(
        "[[player]]\nlabel = \"x\"\ncommand = \"sh {}\"\nenv = {{ TTRULES_X = \"--chdir=/usr\" }}\n\
         dir = \"/tmp\"\n\n[[player]]\nlabel = \"y\"\ncommand = \"{}\"\n\n\
         [event]\nkind = \"match\"\nsize = 5\ngames_per_pair = 1\n",
        script.display(),
        s.good()
    );
    let file = s.path("env.toml");
    std::fs::write(&file, text).unwrap();
    let out = s.out().display().to_string();
    let r = run_bounded(
        &[
            "referee",
            "run",
            file.to_str().unwrap(),
            "--out",
            &out,
            "--json",
        ],
        MEMORY,
        60,
        None,
    );
    r.assert_bounded("env values");
    assert_eq!(r.code(), Some(0), "{}", r.stderr());
    let log = std::fs::read_to_string(s.out().join("logs/x.log")).unwrap();
    assert!(log.contains("var=--chdir=/usr pwd=/tmp"), "{log}");
}

/// D12: two referees started at the same instant on one folder: one runs, the other is refused
/// naming the first one's process, and the games are written once. (A second referee delayed
/// until the first has written a game is refused as "already holds a match" instead; the lock's
/// message must show in at least one round.)
#[test]
fn d12_two_referees_on_one_folder() {
    let mut locked = 0;
    for round in 0..6 {
        let s = Setup::new();
        let out = s.out().display().to_string();
        let start = || {
            Command::new("timeout")
                .args(["60"])
                .arg(hostile::bin())
                .args([
                    "referee", "--json", "--size", "5", "--games", "3", "--out", &out,
                ])
                .args(["--black", &s.good(), "--white", &s.good()])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (start(), start());
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        let mut codes = [a.status.code(), b.status.code()];
        codes.sort();
        assert_eq!(codes, [Some(0), Some(2)], "round {round}");
        let refused = if a.status.code() == Some(2) { &a } else { &b };
        let err = String::from_utf8_lossy(&refused.stderr);
        if err.contains("another referee (process ") && err.contains("is running in this folder") {
            locked += 1;
        } else {
            assert!(
                err.contains("already holds a match"),
                "round {round}: {err}"
            );
        }
        let games: Vec<u64> = s
            .results()
            .iter()
            .map(|l| l["game"].as_u64().unwrap())
            .collect();
        assert_eq!(games.len(), 3, "round {round}: {games:?}");
    }
    assert!(locked > 0, "no round met the lock");
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

/// D3: an opening, a folder of openings holding a FIFO, and an event file that is a FIFO are
/// refused at once (they hung for ever).
#[test]
fn d3_fifos_are_not_read() {
    let s = Setup::new();
    let fifo = s.path("opening.sgf");
    mkfifo(&fifo);
    let r = s.referee(
        &s.good(),
        &s.good(),
        &["--openings", fifo.to_str().unwrap()],
        20,
    );
    r.assert_bounded("FIFO opening");
    assert_eq!(r.code(), Some(2));
    assert!(
        r.stderr()
            .contains("a FIFO, not a regular file: only regular files are read"),
        "{}",
        r.stderr()
    );
    let folder = s.path("openings");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("a.sgf"), "(;SZ[5];B[cc])").unwrap();
    mkfifo(&folder.join("b.sgf"));
    let r = s.referee(
        &s.good(),
        &s.good(),
        &["--openings", folder.to_str().unwrap()],
        20,
    );
    r.assert_bounded("folder with a FIFO");
    assert_eq!(r.code(), Some(2));
    assert!(r.stderr().contains("b.sgf: a FIFO"), "{}", r.stderr());
    let toml = s.path("event.toml");
    mkfifo(&toml);
    let r = run_bounded(
        &["referee", "run", toml.to_str().unwrap()],
        MEMORY,
        20,
        None,
    );
    r.assert_bounded("FIFO event file");
    assert_eq!(r.code(), Some(2));
    assert!(r.stderr().contains("a FIFO"), "{}", r.stderr());
}

/// D3, check-engine: a `.tst` file that is a FIFO is refused at once.
#[test]
fn d3_check_engine_does_not_read_a_fifo() {
    let s = Setup::new();
    let fifo = s.path("a.tst");
    mkfifo(&fifo);
    let r = run_bounded(
        &[
            "check-engine",
            "--json",
            "--engine",
            &s.good(),
            "--tst",
            fifo.to_str().unwrap(),
        ],
        MEMORY,
        30,
        None,
    );
    r.assert_bounded("FIFO .tst");
    assert_eq!(r.code(), Some(2), "{}", r.stderr());
    assert!(r.stderr().contains("not a regular file"), "{}", r.stderr());
}
