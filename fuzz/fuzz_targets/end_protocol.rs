//! cargo-fuzz target `end_protocol`: glue only; the logic is in `ttrules_fuzz::targets::end_protocol`.
//!
//! Built without `--cfg fuzzing` (a plain `cargo build`), it replays the files or folders given
//! as arguments instead, so a finding can be reproduced on stable without cargo-fuzz.
#![cfg_attr(fuzzing, no_main)]

#[cfg(fuzzing)]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(report) = ttrules_fuzz::targets::end_protocol(data) {
        panic!("{report}");
    }
});

#[cfg(not(fuzzing))]
fn main() -> std::process::ExitCode {
    ttrules_fuzz::replay_main(ttrules_fuzz::targets::end_protocol)
}
