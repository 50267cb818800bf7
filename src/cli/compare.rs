//! `ttrules replay --compare RECORD`: one game scored under every named ruleset side by side, with
//! the identities of the rulesets comparison checked on it. The comparison itself is
//! [`ttrules_record::compare`]; this module parses, calls and prints.

use super::replay::{options, print_warnings, Args};
use std::process::ExitCode;
use ttrules_record::compare::{compare, read_game, render, row_specs};

/// The flags of `replay` that mean nothing to `--compare`, when given.
fn unused_flags(args: &Args) -> Vec<&'static str> {
    [
        ("--svg", args.svg.is_some()),
        ("--pass-alive", args.pass_alive),
        ("--unordered", args.unordered),
        ("--summary-json", args.summary_json.is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, given)| given.then_some(flag))
    .collect()
}

/// Runs `ttrules replay --compare`: one game of one file (the first, or `--game N`), read as
/// `replay` reads it. Exit status 0, 2 for input that cannot be read, 3 when a check failed (a bug
/// of ttrules: the message says which).
pub fn run(args: &Args) -> ExitCode {
    const PROGRAM: &str = "ttrules replay --compare";
    let refuse = |msg: String| {
        crate::errln!("{PROGRAM}: {msg}");
        ExitCode::from(2)
    };
    let unused = unused_flags(args);
    if !unused.is_empty() {
        return refuse(format!(
            "{} cannot be used with --compare",
            unused.join(", ")
        ));
    }
    let path =
        match args.files.as_slice() {
            [one] if !one.is_dir() => one,
            _ => return refuse(
                "--compare compares one game of one file; give a single SGF file (with --game N \
                 for a file of several games), not several files or a directory"
                    .into(),
            ),
        };
    let opts = match options(args) {
        Ok(o) => o,
        Err(e) => return refuse(e),
    };
    let file = super::input::name(path);
    let fail = |msg: String| refuse(format!("{file}: {msg}"));
    let bytes = match super::input::read(path) {
        Ok(b) => b,
        Err(e) => return fail(e.to_string()),
    };
    let game = match read_game(&bytes, &file, args.game, &opts) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    let at = if game.trees > 1 {
        format!("{file}: game {}", game.tree)
    } else {
        file.clone()
    };
    if game.trees > 1 && args.game.is_none() {
        crate::errln!(
            "{PROGRAM}: {file}: the file holds {} games; comparing game 1 (choose another with --game N)",
            game.trees
        );
    }
    print_warnings(PROGRAM, &at, &game.warnings);
    let specs = match row_specs(&game, args.rules.as_deref(), opts.overrides.komi) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let comparison = compare(&game, &specs);
    // Dead stones that no row can score are a mistake in the input, not a result
    // (r[var.count.dead]); a row that stopped early may miss a stone the others have.
    if let Some(Err(e)) = comparison.rows.first().map(|r| &r.scored) {
        if comparison.rows.iter().all(|r| r.scored.is_err()) {
            return fail(format!("no ruleset can score this game: {e}"));
        }
    }
    let out = if args.jsonl {
        render::json_value(&comparison, &file).to_string() + "\n"
    } else if args.json {
        render::json(&comparison, &file) + "\n"
    } else {
        render::text(&comparison, &at)
    };
    let written = super::out::emit("replay --compare", &out);
    let bugs = comparison.bugs();
    let status = if bugs.is_empty() {
        ExitCode::SUCCESS
    } else {
        // Said even when the table could not be written: a bug is never lost.
        for b in &bugs {
            crate::errln!("{PROGRAM}: {at}: BUG: {b}");
        }
        crate::errln!(
            "{PROGRAM}: a check failed; this is a bug in ttrules, please report it with the record"
        );
        ExitCode::from(3)
    };
    match written {
        Ok(()) => status,
        Err(why) => why.status(status),
    }
}
