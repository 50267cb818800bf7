//! `ttrules export-tst DIR`: the vectors as GTP regression suites (`.tst`), one file per vector
//! file, for GNU Go's regression scripts and gogui-regress.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use ttrules_vectors::{self as vector, Vector};

#[derive(clap::Args)]
pub struct Args {
    /// The folder to write the `.tst` files to (created if missing).
    pub dir: PathBuf,
    /// The folder of vector files to export. Default: the vectors built into ttrules (`spec/vectors/` of its source).
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
}

/// Runs `ttrules export-tst`.
pub fn run(args: &Args) -> ExitCode {
    let vectors = match vector::load(args.vectors.as_deref()) {
        Ok(v) => v,
        Err(e) => {
            crate::errln!("ttrules export-tst: {e}");
            return ExitCode::from(2);
        }
    };
    if vectors.is_empty() {
        crate::errln!(
            "ttrules export-tst: {} holds no vectors (no .toml file with a [[vector]])",
            args.vectors
                .as_deref()
                .map_or_else(|| "spec/vectors".into(), |d| d.display().to_string())
        );
        return ExitCode::from(2);
    }
    let mut by_file: BTreeMap<PathBuf, Vec<Vector>> = BTreeMap::new();
    for v in vectors {
        by_file.entry(v.file.clone()).or_default().push(v);
    }
    if let Err(e) = std::fs::create_dir_all(&args.dir) {
        crate::errln!("ttrules export-tst: {}: {e}", args.dir.display());
        return ExitCode::from(2);
    }
    // The files are the output; the lines on stdout only list them. A closed pipe leaves the list
    // unread and every file written; any other failure to print it is status 2 at the end.
    let mut listing = Ok(());
    let mut list = |line: String| {
        if listing.is_ok() {
            listing = crate::cli::out::emit("export-tst", &(line + "\n"));
        }
    };
    for (file, vs) in &by_file {
        let stem = file.file_stem().map_or_else(
            || "vectors".to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        let name = file
            .file_name()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let out = args.dir.join(format!("{stem}.tst"));
        let text = ttrules_gtp::tst::export(&format!("spec/vectors/{name}"), vs, 1);
        // A suite without a test (every vector starts from a setup, which GTP cannot state
        // without a file) is not a suite: say so instead of writing one that runs nothing.
        if !ttrules_gtp::tst::parse(&text)
            .iter()
            .any(|e| e.expect.is_some())
        {
            list(format!(
                "{name}: none of its {} vectors can be stated in GTP (each starts from a setup); no file written",
                vs.len()
            ));
            continue;
        }
        if let Err(e) = std::fs::write(&out, text) {
            crate::errln!("ttrules export-tst: {}: {e}", out.display());
            return ExitCode::from(2);
        }
        list(format!("{} ({} vectors)", out.display(), vs.len()));
    }
    match listing {
        Err(crate::cli::out::Unwritten::Failed) => ExitCode::from(2),
        Ok(()) | Err(crate::cli::out::Unwritten::Closed) => ExitCode::SUCCESS,
    }
}
