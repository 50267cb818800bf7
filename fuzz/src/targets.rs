//! The entry points of the cargo-fuzz targets: bytes in, `Err(report)` on any disagreement.

use crate::generators::{self, Mode};
use crate::oracles::differential;
use ttrules_fast::Fast;
use ttrules_record::replay::{document, replay_record, EngineChoice, Options};
use ttrules_record::{self as record, Overrides};
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
/// reference's scoring, pass-alive areas and legal-move list at the end of a replay cost it about
/// the square of the empty area, with a flood fill per point: some 0.5 ms on an empty 9x9 board,
/// 20 ms on an empty 19x19 one (the board of every record without `SZ`). Larger boards are
/// replayed on the fast engine alone; the engines' agreement on them is what the differential
/// targets test.
pub const MAX_COMPARED_AREA: usize = 81;

/// `sgf_replay`: arbitrary bytes into the record reader of spec Part III (decoding, the repairs
/// of damaged files, every game tree, setups, handicaps, `RU`/`KM`/`RE`, stops) and the replay,
/// leniently and under `--strict`. Never a panic; for every game that reads, with at most
/// [`MAX_COMPARED_AREA`] points and `MAX_RECORD_MOVES` moves, both engines give the same replay
/// and the same JSON document; elsewhere the fast engine replays it alone.
pub fn sgf_replay(data: &[u8]) -> Result<(), String> {
    for strict in [false, true] {
        let overrides = Overrides {
            strict,
            ..Overrides::default()
        };
        let file = match record::read(data, "fuzz.sgf", &overrides) {
            Ok(f) => f,
            Err(e) => {
                // The location must be inside the text (lines and columns from 1).
                if e.line == 0 || e.column == 0 {
                    return Err(format!(
                        "unreadable at line {}, column {}: {e}",
                        e.line, e.column
                    ));
                }
                continue;
            }
        };
        // Under --strict the games that read are a subset of the lenient ones: reading is enough.
        for g in file.games.into_iter().flatten().filter(|_| !strict) {
            let compared = g.moves.len() <= MAX_RECORD_MOVES && g.size.area() <= MAX_COMPARED_AREA;
            let engines: &[EngineChoice] = if compared {
                &[EngineChoice::Reference, EngineChoice::Fast]
            } else {
                &[EngineChoice::Fast]
            };
            let docs: Vec<Result<String, String>> = engines
                .iter()
                .copied()
                .map(|engine| {
                    let opts = Options {
                        overrides: overrides.clone(),
                        engine: Some(engine),
                        ..Options::default()
                    };
                    replay_record(g.clone(), &opts)
                        .map(|r| {
                            let mut v = document(&r).value();
                            if let Some(o) = v.as_object_mut() {
                                o.remove("engine");
                            }
                            v.to_string()
                        })
                        .map_err(|e| e.message)
                })
                .collect();
            if docs.len() == 2 && docs[0] != docs[1] {
                return Err(format!(
                    "the replays differ\nreference: {:?}\nfast: {:?}\nrecord:\n{}",
                    docs[0],
                    docs[1],
                    String::from_utf8_lossy(data)
                ));
            }
        }
    }
    Ok(())
}

/// `gtp_session`: arbitrary bytes as a GTP command stream into the server of `ttrules gtp`; see
/// [`crate::gtp`] for what is checked.
pub fn gtp_session(data: &[u8]) -> Result<(), String> {
    crate::gtp::gtp_session(data).map(|_| ())
}

/// `end_protocol`: the end-of-game protocols of spec Part VII driven by random engine behaviour;
/// see [`crate::end`] for what is checked.
pub fn end_protocol(data: &[u8]) -> Result<(), String> {
    crate::end::end_protocol(data).map(|_| ())
}
