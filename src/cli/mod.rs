//! The subcommands of the `ttrules` tool, one module each.

pub mod check_engine;
pub mod export_tst;
pub mod gtp;
pub mod replay;
