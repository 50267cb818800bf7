//! The subcommands of the `ttrules` tool, one module each.

pub mod replay;
