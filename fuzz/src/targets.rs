//! The entry points of the cargo-fuzz targets: bytes in, `Err(report)` on any disagreement.

use crate::generators::{self, Mode};
use crate::oracles::differential;
use ttrules::cli::replay::{replay, Game};
use ttrules_fast::Fast;
use ttrules_reference::Reference;

/// `differential_game`: a raw game (any point or pass), reference against fast.
pub fn differential_game(data: &[u8]) -> Result<(), String> {
    differential::<Reference, Fast>(&generators::game(data, Mode::Raw)).map(|_| ())
}

/// `differential_legal_game`: a game of legal moves, reference against fast.
pub fn differential_legal_game(data: &[u8]) -> Result<(), String> {
    differential::<Reference, Fast>(&generators::game(data, Mode::Legal)).map(|_| ())
}

/// The most moves of a record replayed on the reference engine (its work grows with the square of
/// the game's length; longer records add nothing the differential targets do not cover).
const MAX_RECORD_MOVES: usize = 400;

/// The largest board (in points) on which a record is replayed on the reference engine too. The
/// reference's scoring and legal-move list at the end of a replay cost it about the square of the
/// empty area, with a flood fill per point: some 0.5 ms on an empty 9x9 board, 20 ms on an
/// empty 19x19 one (the board of every record without `SZ`). Larger boards are replayed on the
/// fast engine alone; the engines' agreement on them is what the differential targets test.
pub const MAX_COMPARED_AREA: usize = 81;

/// `sgf_replay`: arbitrary bytes into the SGF reader and the replay. Never a panic; where the record
/// reads and has at most [`MAX_COMPARED_AREA`] points and `MAX_RECORD_MOVES` moves, both engines
/// give the same replay (every turn's verdict, and at the end the grid, the player to move,
/// captures, prisoners, first passer, handicap, score, outcome and legal moves); elsewhere the
/// fast engine replays it alone.
pub fn sgf_replay(data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data);
    let record = match ttrules::sgf::read(&text) {
        Ok(r) => r,
        Err(_) => return Ok(()),
    };
    let compared =
        record.moves.len() <= MAX_RECORD_MOVES && record.size.area() <= MAX_COMPARED_AREA;
    let game = Game::from_record(record);
    let b = replay::<Fast>(&game).map_err(|e| e.to_string());
    if !compared {
        return Ok(());
    }
    let a = replay::<Reference>(&game).map_err(|e| e.to_string());
    if a != b {
        return Err(format!(
            "the replays differ\nreference: {a:?}\nfast: {b:?}\nrecord:\n{text}"
        ));
    }
    Ok(())
}

/// `gtp_session`: arbitrary bytes as a GTP command stream into the server of `ttrules gtp`; see
/// [`crate::gtp`] for what is checked.
pub fn gtp_session(data: &[u8]) -> Result<(), String> {
    crate::gtp::gtp_session(data).map(|_| ())
}
