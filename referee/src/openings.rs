//! The openings of a match (r[ref.match.opening]): SGF files, or folders of them, each read by the
//! record crate's reader from its bytes (so that its encoding is found) and checked on the
//! match's board and rules.

use std::path::PathBuf;
use ttrules_fast::Fast;
use ttrules_spec::{Engine, Move, Rules, Size};

/// An opening: its name (the file's) and its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub name: String,
    pub moves: Vec<Move>,
}

/// The first game of an opening file's bytes, as the record crate's reader reads them. The bytes go
/// as they are: the reader finds their encoding (`CA`, or a guess), which decoding them here would
/// defeat (GB2312 or Shift_JIS text read as UTF-8 comes out garbled).
fn record_of(bytes: &[u8], name: &str) -> Result<ttrules_record::GameRecord, String> {
    ttrules_record::read_first(bytes, name).map_err(|e| format!("opening {name}: {e}"))
}

/// Reads openings from SGF files or folders of them (in file-name order), each checked on the
/// match's board and rules (r[ref.match.opening]).
pub fn load_openings(paths: &[PathBuf], size: Size, rules: Rules) -> Result<Vec<Opening>, String> {
    let mut files: Vec<PathBuf> = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut in_dir: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("--openings {}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")))
                .collect();
            in_dir.sort();
            if in_dir.is_empty() {
                return Err(format!("--openings {}: no .sgf file in it", p.display()));
            }
            files.extend(in_dir);
        } else {
            files.push(p.clone());
        }
    }
    let mut out = Vec::new();
    for f in files {
        let name = f.display().to_string();
        // Issue 32, D3: a regular file only (a FIFO hung here), through the record crate's reader.
        let text =
            ttrules_record::input::read_regular(&f).map_err(|e| format!("opening {name}: {e}"))?;
        let record = record_of(&text, &name)?;
        if record.size != size {
            return Err(format!(
                "opening {name}: its board is {}, the match's {size}",
                record.size
            ));
        }
        if !record.setup.is_empty_start() {
            return Err(format!(
                "opening {name}: it starts from a setup; an opening is a game from the empty \
                 grid (r[ref.match.opening])"
            ));
        }
        let mut e = Fast::new(size, rules);
        let mut moves = Vec::new();
        for m in &record.moves {
            if let Err(why) = e.play(m.mv) {
                return Err(format!(
                    "opening {name}: node {}: {} {} is illegal under {rules}: {why}",
                    m.node,
                    m.player.letter(),
                    m.mv.gtp()
                ));
            }
            moves.push(m.mv);
        }
        if e.is_over() {
            return Err(format!(
                "opening {name}: the game is over after it; an opening must leave a game to play"
            ));
        }
        out.push(Opening { name, moves });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33: an opening's bytes reach the SGF reader as they are, so that it decodes them by
    /// their `CA`. Decoded lossily to UTF-8 first, they came out as replacement characters (and
    /// the `CA` no longer fitted).
    #[test]
    fn openings_in_gb2312_and_shift_jis_are_read_in_their_encoding() {
        let size = Size::square(5).unwrap();
        let rules = Rules::by_name("tromp-taylor").unwrap();
        let c3 = Move::parse_gtp("C3").unwrap();
        for (encoding, ca, black, white) in [
            (encoding_rs::GBK, "GB2312", "黑棋", "白棋"),
            (encoding_rs::SHIFT_JIS, "Shift_JIS", "黒番", "白番"),
        ] {
            let sgf = format!("(;GM[1]FF[4]CA[{ca}]SZ[5]PB[{black}]PW[{white}];B[cc])");
            let (bytes, _, unmappable) = encoding.encode(&sgf);
            assert!(!unmappable, "{ca} writes the names");
            assert!(
                std::str::from_utf8(&bytes).is_err(),
                "{ca}: the bytes are not UTF-8"
            );
            let record = record_of(&bytes, ca).unwrap();
            assert_eq!(record.encoding, encoding.name(), "{ca}");
            assert!(record.warnings.is_empty(), "{ca}: {:?}", record.warnings);
            assert_eq!(record.black_name.as_deref(), Some(black), "{ca}");
            assert_eq!(record.white_name.as_deref(), Some(white), "{ca}");
            // The file goes the same way.
            let path = std::env::temp_dir()
                .join(format!("ttrules-opening-{}-{ca}.sgf", std::process::id()));
            std::fs::write(&path, &bytes).unwrap();
            let got = load_openings(std::slice::from_ref(&path), size, rules);
            std::fs::remove_file(&path).unwrap();
            let got = got.unwrap_or_else(|e| panic!("{ca}: {e}"));
            assert_eq!(got[0].moves, [c3], "{ca}");
        }
    }
}
