//! No code: this crate's manifest turns on, in every build that depends on it, the features of
//! shared dependencies that the workspace's test build turns on, so that `cargo test`, the
//! Python and npm packages' builds and `cargo install` reuse one compilation (see its
//! `Cargo.toml`).
