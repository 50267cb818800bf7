//! `ttrules export-vectors DIR [--format json]`: the vector corpus as language-neutral JSON, one
//! file per vector file, with the JSON Schema that describes them (`vectors.schema.json`).

use crate::cli::out::Unwritten;
use std::path::PathBuf;
use std::process::ExitCode;
use ttrules_vectors as vector;
use ttrules_vectors::json as vectors_json;

#[derive(clap::Args)]
pub struct Args {
    /// The folder to write the files to (created if missing).
    pub dir: PathBuf,
    /// The format of the files.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
    /// The folder of vector files to export. Default: the vectors built into ttrules (`spec/vectors/` of its source).
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// JSON, described by `vectors.schema.json` (JSON Schema 2020-12).
    Json,
}

/// Runs `ttrules export-vectors`: exit status 0, or 2 when the vectors cannot be read or
/// exported, or a file cannot be written.
pub fn run(args: &Args) -> ExitCode {
    let fail = |msg: String| {
        crate::errln!("ttrules export-vectors: {msg}");
        ExitCode::from(2)
    };
    let vectors = match vector::load(args.vectors.as_deref()) {
        Ok(v) => v,
        Err(e) => return fail(e.to_string()),
    };
    let files = match vectors_json::export(&vectors) {
        Ok(f) => f,
        Err(e) => return fail(format!("{e} (a bug in ttrules or in the vector)")),
    };
    if let Err(e) = std::fs::create_dir_all(&args.dir) {
        return fail(format!("{}: {e}", args.dir.display()));
    }
    let schema = args.dir.join(vectors_json::SCHEMA_FILE);
    if let Err(e) = std::fs::write(&schema, vectors_json::SCHEMA) {
        return fail(format!("{}: {e}", schema.display()));
    }
    // The files are the output; the list on stdout only names them. A closed pipe leaves the
    // list unread and the files written; any other failure to write it is status 2 at the end.
    let mut listing = Ok(());
    let mut list = |line: String| {
        if listing.is_ok() {
            listing = crate::cli::out::emit("export-vectors", &(line + "\n"));
        }
    };
    list(format!("{} (the JSON Schema)", schema.display()));
    for (name, doc) in &files {
        let out = args.dir.join(name);
        let text = serde_json::to_string_pretty(doc).expect("a JSON value serialises") + "\n";
        if let Err(e) = std::fs::write(&out, text) {
            return fail(format!("{}: {e}", out.display()));
        }
        let n = doc["vectors"].as_array().map_or(0, Vec::len);
        list(format!("{} ({n} vectors)", out.display()));
    }
    match listing {
        Err(Unwritten::Failed) => ExitCode::from(2),
        Ok(()) | Err(Unwritten::Closed) => ExitCode::SUCCESS,
    }
}
