//! Standard input for the subcommands that read one file: `-` names it, as Unix tools do.

use std::path::Path;

/// Whether `path` is `-`, standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How messages and reports name `path`: `<stdin>` for `-`, else the path as given.
pub fn name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The bytes of `path`, or of standard input for `-`: a regular file only (a FIFO, a socket or a
/// device is refused, not opened), and at most `ttrules_record::input::MAX_FILE_BYTES`.
pub fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    if is_stdin(path) {
        ttrules_record::input::read_bounded(std::io::stdin().lock())
    } else {
        ttrules_record::input::read_regular(path)
    }
}
