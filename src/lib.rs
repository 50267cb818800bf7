//! ttrules: the Tromp-Taylor rules of Go, exactly.
//!
//! This package is the facade over the workspace: the vocabulary ([`spec`]), the reference engine
//! ([`reference`]), and the `ttrules` command-line tool, whose subcommands live in [`cli`].

pub mod check;
pub mod cli;
pub mod combinatorics;
pub mod compare;
pub mod games;
pub mod gtp;
pub mod json;
pub mod life;
pub mod probes;
pub mod record;
pub mod referee;
pub mod render;
pub mod sgf;
pub mod tst;
pub mod vectors_json;

pub use ttrules_reference as reference;
pub use ttrules_spec as spec;

/// The folder holding the corner-case vectors, as seen from this package's manifest.
pub fn vectors_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/vectors")
}

/// The normative rules text, as seen from this package's manifest.
pub fn rules_text_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/RULES.md")
}
