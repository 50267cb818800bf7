//! Embeds every `*.toml` file of this folder (the corner-case vectors, found by listing the folder:
//! never a hand-kept list), so that the library and the installed `ttrules` need no source tree.

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    // A new or removed file changes the folder; an edited file is tracked on its own below.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the vectors folder can be listed")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        // This package's own manifest is the one TOML file here that holds no vectors.
        .filter(|p| p.file_name().is_some_and(|n| n != "Cargo.toml"))
        .collect();
    files.sort();
    let mut out = String::from("/// The vector files, `(file name, TOML text)`, in name order.\n");
    out.push_str("pub const FILES: &[(&str, &str)] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f.file_name().expect("a file name").to_string_lossy();
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            f.display().to_string()
        ));
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("embedded.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
