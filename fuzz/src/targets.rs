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

/// `sgf_replay`: arbitrary bytes into the SGF reader and the replay. Never a panic; where the record
/// reads, both engines give the same replay.
pub fn sgf_replay(data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data);
    let record = match ttrules::sgf::read(&text) {
        Ok(r) => r,
        Err(_) => return Ok(()),
    };
    if record.moves.len() > MAX_RECORD_MOVES {
        return Ok(());
    }
    let game = Game::from_record(record);
    let a = replay::<Reference>(&game).map_err(|e| e.to_string());
    let b = replay::<Fast>(&game).map_err(|e| e.to_string());
    if a != b {
        return Err(format!(
            "the replays differ\nreference: {a:?}\nfast: {b:?}\nrecord:\n{text}"
        ));
    }
    Ok(())
}
