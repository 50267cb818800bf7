//! `ttrules referee merge SHARD_DIR… --out DIR`: the folders of an event's shards (written by
//! `referee run FILE --shard K/N --out SHARD_DIR`) put together into the folder one run of the
//! whole event writes, after the checks of [`ttrules_referee::merge`]; prints the summary as
//! `referee run` does.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The shards' folders (each with its shard.json).
    #[arg(required = true, value_name = "SHARD_DIR")]
    pub dirs: Vec<PathBuf>,
    /// The folder of the merged event: match.json, results.jsonl, the records, report.html.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Merge what there is when shares are missing or unfinished (their games are then absent,
    /// and `referee run FILE --out DIR --resume` plays them), instead of refusing.
    #[arg(long)]
    pub partial: bool,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `ttrules referee merge`.
pub fn run(args: &Args) -> ExitCode {
    let m = match ttrules_referee::merge::merge(&args.dirs, &args.out, args.partial) {
        Ok(m) => m,
        Err(e) => {
            crate::errln!("ttrules referee merge: {e}");
            return ExitCode::from(2);
        }
    };
    for note in &m.notes {
        crate::errln!("ttrules referee merge: {note}");
    }
    let text = if args.json {
        let mut doc = serde_json::to_value(&m.summary).expect("the summary serialises");
        doc["merged"] = m.lines.len().into();
        doc["planned"] = m.games.into();
        doc["missing"] = m.missing.clone().into();
        doc["out"] = m.out.display().to_string().into();
        doc["settings"] = m.settings.clone();
        doc["notes"] = m.notes.clone().into();
        doc["spec"] = ttrules_spec::SPEC_VERSION.into();
        serde_json::to_string_pretty(&doc).expect("JSON") + "\n"
    } else {
        let mut s = m.summary.to_text();
        s.push_str(&format!(
            "merged {} of {} games into {} (report.html written)\n",
            m.lines.len(),
            m.games,
            m.out.display()
        ));
        if !m.missing.is_empty() {
            s.push_str(&format!(
                "missing {} games (--partial): `ttrules referee run FILE --out {} --resume` plays \
                 them\n",
                m.missing.len(),
                m.out.display()
            ));
        }
        s
    };
    match crate::cli::out::emit("referee merge", &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => why.status(ExitCode::SUCCESS),
    }
}
