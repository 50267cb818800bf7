//! The subcommands of the `ttrules` tool, one module each.

pub mod bench;
pub mod check_engine;
pub mod check_engine_html;
pub mod compare;
pub mod count;
pub mod export_tst;
pub mod export_vectors;
pub mod finish;
pub mod finish_html;
pub mod gtp;
pub mod input;
pub mod merge;
pub mod out;
pub mod perft;
pub mod probes;
pub mod referee;
pub mod referee_merge;
pub mod referee_progress;
pub mod replay;
pub mod replay_html;
pub mod replay_parquet;
