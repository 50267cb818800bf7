//! The entry points of the cargo-fuzz targets: bytes in, `Err(report)` on any disagreement.

use crate::generators::{self, Mode};
use crate::oracles::differential;
use ttrules::cli::replay::{document, replay_record, EngineChoice, Options};
use ttrules::record::{self, Overrides};
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

/// `sgf_replay`: arbitrary bytes into the record reader of spec Part III (decoding, the repairs
/// of damaged files, every game tree, setups, handicaps, `RU`/`KM`/`RE`, stops) and the replay,
/// leniently and under `--strict`. Never a panic; for every game that reads, both engines give the
/// same replay and the same JSON document.
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
            if g.moves.len() > MAX_RECORD_MOVES {
                continue;
            }
            let docs: Vec<Result<String, String>> = [EngineChoice::Reference, EngineChoice::Fast]
                .into_iter()
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
            if docs[0] != docs[1] {
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
