//! Every command the README shows is run: each line of its `sh` blocks, with `ttrules` the binary
//! under test (its folder first on `PATH`, so that `--engine "ttrules gtp"` finds it too) and
//! `cargo run --release -- ARGS` read as `ttrules ARGS`, in a fresh folder where `examples/` is the
//! repository's. A command exits 0 unless its comment says `exit N`, and prints something. The
//! commands that cannot run inside a test are listed in [`CHECKED_ELSEWHERE`] with the place that
//! runs them, and that place is checked to run them. A `text` block that starts with `$ COMMAND`
//! shows what the command prints, and must be exactly that. Commands that drive GNU Go need it (as every
//! test of a real engine does: see `tests/engines/mod.rs`).

mod engines;

use std::path::{Path, PathBuf};
use std::process::Command;

const TTRULES: &str = env!("CARGO_BIN_EXE_ttrules");

/// Commands of the README that a test cannot run (they build or test the workspace), with the
/// file that runs each: that file must hold the command's text.
const CHECKED_ELSEWHERE: &[(&str, &str)] = &[
    ("cargo install --path . --locked", ".ci/run"),
    ("scripts/test", ".ci/run"),
    ("pip install ./python", "scripts/test"),
    ("npm install ./node", ".ci/run"),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The lines of the README's `sh` blocks, without their comments, each with the exit status its
/// comment gives (`# exit 1: …`), else 0.
fn commands(readme: &str) -> Vec<(String, i32)> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = !in_sh && line.trim() == "```sh";
            continue;
        }
        if !in_sh || line.trim().is_empty() {
            continue;
        }
        let (command, comment) = match line.find(" #") {
            Some(i) => (line[..i].trim(), &line[i + 2..]),
            None => (line.trim(), ""),
        };
        let status = comment
            .trim()
            .strip_prefix("exit ")
            .and_then(|rest| rest.split(':').next())
            .map_or(0, |n| n.trim().parse().expect("`# exit N` with a number"));
        out.push((command.to_string(), status));
    }
    out
}

/// The `text` blocks that show a command and what it prints: `$ COMMAND` on the first line, its
/// standard output after it.
fn transcripts(readme: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for line in readme.lines() {
        match (&mut block, line.trim()) {
            (None, "```text") => block = Some(Vec::new()),
            (Some(lines), "```") => {
                if let Some(command) = lines.first().and_then(|l| l.strip_prefix("$ ")) {
                    let printed = lines[1..].iter().map(|l| format!("{l}\n")).collect();
                    out.push((command.to_string(), printed));
                }
                block = None;
            }
            (Some(lines), _) => lines.push(line),
            (None, _) => {}
        }
    }
    out
}

/// What the README shows a command printing is what it prints.
#[test]
fn readme_transcripts_match() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let shown = transcripts(&readme);
    assert!(!shown.is_empty(), "the README shows no command's output");
    for (command, printed) in shown {
        let args = shlex::split(&command).unwrap();
        assert_eq!(args[0], "ttrules", "{command}");
        let out = Command::new(TTRULES)
            .args(&args[1..])
            .current_dir(root())
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            printed,
            "README: what `{command}` prints"
        );
    }
}

#[test]
fn readme_is_short() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines; at most 250");
}

#[test]
fn every_readme_command_runs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands = commands(&readme);
    let work = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("examples"), work.path().join("examples")).unwrap();
    let bin_dir = Path::new(TTRULES).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let (mut ran, mut elsewhere) = (0, 0);
    let mut skipped: Vec<String> = Vec::new();
    for (command, status) in &commands {
        if let Some((_, place)) = CHECKED_ELSEWHERE.iter().find(|(c, _)| c == command) {
            let text = std::fs::read_to_string(root().join(place)).unwrap();
            assert!(
                text.contains(command.as_str()),
                "README: `{command}` is said to be run by {place}, which does not run it"
            );
            elsewhere += 1;
            continue;
        }
        let line = match command.strip_prefix("cargo run --release -- ") {
            Some(args) => format!("ttrules {args}"),
            None => command.clone(),
        };
        assert!(
            line.starts_with("ttrules "),
            "README: `{command}` is neither a ttrules command nor listed in CHECKED_ELSEWHERE"
        );
        if skipped.iter().any(|out| line.contains(&format!(" {out}/"))) {
            continue;
        }
        if line.contains(engines::GNUGO) && engines::missing(engines::GNUGO) {
            // Opted out: what this command would have written is not there for the next ones.
            let words = shlex::split(&line).unwrap_or_default();
            let out = words.iter().skip_while(|w| *w != "--out").nth(1);
            skipped.extend(out.cloned());
            continue;
        }
        let out = Command::new("sh")
            .arg("-c")
            .arg(&line)
            .current_dir(work.path())
            .env("PATH", &path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(*status),
            "README: `{line}` exited {:?}, not {status}; stderr:\n{stderr}",
            out.status.code()
        );
        assert!(
            !out.stdout.is_empty(),
            "README: `{line}` printed nothing; stderr:\n{stderr}"
        );
        ran += 1;
    }
    eprintln!("README: {ran} commands run, {elsewhere} checked elsewhere");
    assert!(ran >= 10, "only {ran} of the README's commands found");
    assert_eq!(elsewhere, CHECKED_ELSEWHERE.len());
}
