//! Reading a file's games (r[rec.decode.values] to r[rec.stop.bad-move]): the syntax scanned
//! once or in two passes, the encoding chosen, the file's warnings, then each game tree read as a
//! game (`crate::game`) and handed over as soon as it is read.

use crate::game::game;
use crate::model::{
    FileRecords, GameRecord, Overrides, ReadError, RecordError, Warn, Warning, STRICT_ACCEPTS,
};
use crate::{decode, syntax};

fn strict_refusal(warnings: &[Warning]) -> Option<&Warning> {
    warnings.iter().find(|w| !STRICT_ACCEPTS.contains(&w.kind))
}

/// Reads every game of a file (r[rec.decode.values] to r[rec.stop.bad-move]).
pub fn read(bytes: &[u8], file: &str, ov: &Overrides) -> Result<FileRecords, ReadError> {
    let mut games = Vec::new();
    // Room for the file's games at the first (`n` game trees, a game each): a file of one game
    // then holds one game's room, not the four a first push gives.
    let (encoding, _) = read_with(bytes, file, ov, None, false, &mut |n, g| {
        if games.is_empty() {
            games.reserve_exact(n);
        }
        games.push(g)
    })?;
    Ok(FileRecords { encoding, games })
}

/// Every game of a file as [`read`] reads it, one at a time: `each` is given how many games the
/// file holds and each game in turn, which is read only when its turn comes, so that a file of
/// many games never holds them all read at once. Returns the file's encoding.
pub fn read_each(
    bytes: &[u8],
    file: &str,
    ov: &Overrides,
    mut each: impl FnMut(usize, Result<GameRecord, RecordError>),
) -> Result<&'static str, ReadError> {
    let (encoding, _) = read_with(bytes, file, ov, None, true, &mut each)?;
    Ok(encoding)
}

/// Game `n` (from 1) of a file as [`read`] reads it, and how many games the file holds (`None`
/// where it holds fewer than `n`): the other game trees are parsed, and nothing more.
pub fn read_game(
    bytes: &[u8],
    file: &str,
    ov: &Overrides,
    n: usize,
) -> Result<(usize, Option<Result<GameRecord, RecordError>>), ReadError> {
    let mut game = None;
    let (_, trees) = read_with(bytes, file, ov, Some(n), false, &mut |_, g| {
        game.get_or_insert(g);
    })?;
    Ok((trees, game))
}

/// The line and column of byte offset `at` of what the scanner read: in the text, or where the
/// file is not UTF-8, in its bytes, the columns counted in characters of `enc`.
fn locate(
    src: &decode::Source<'_>,
    enc: &'static encoding_rs::Encoding,
    at: usize,
) -> (usize, usize) {
    let Some(raw) = src.raw else {
        return syntax::line_col(&src.text, at);
    };
    let before = &raw[..at.min(raw.len())];
    let line = memchr::memchr_iter(b'\n', before).count() + 1;
    let start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
    let (text, _) = enc.decode_without_bom_handling(&before[start..]);
    (line, text.chars().count() + 1)
}

/// The games of a file (game `only` alone, from 1, when given), each given to `each` with the
/// number of game trees as soon as it is read; returns the encoding and the number of game trees.
/// `stream` asks for the two passes below, for a caller that drops each game before the next
/// ([`read_each`]); a caller that keeps them all ([`read`]) parses the file once.
///
/// Note: where the file is valid UTF-8 the scanner keeps game `only` alone, the others parsed and
/// dropped: the encoding of the values then depends on the first `CA` alone, which the scanner
/// notes in every tree. Where it is not, every tree is kept, since whether a `CA` fits depends on
/// every value (r[rec.decode.mismatch]).
fn read_with(
    bytes: &[u8],
    file: &str,
    ov: &Overrides,
    only: Option<usize>,
    stream: bool,
    each: &mut dyn FnMut(usize, Result<GameRecord, RecordError>),
) -> Result<(&'static str, usize), ReadError> {
    let src = decode::source(bytes);
    // Every game of a UTF-8 file: the trees are counted first, none kept, then read again and
    // each read as a game as soon as it is parsed (the count, the notes and the first `CA` come
    // before the first game), so that the file is never held parsed whole (issue 32, D2).
    // The second pass costs a parse of the file again (about a tenth of the instructions of a
    // bulk replay of ../shared/records), so only a caller that drops each game asks for it.
    let streamed = stream && only.is_none() && src.raw.is_none();
    let parsed = match src.raw {
        None if streamed => syntax::parse_some(&src.text, Some(0)),
        None => syntax::parse_some(&src.text, only),
        Some(raw) => syntax::parse_raw(&src.text, raw),
    };
    let syntax_error = |e: syntax::SyntaxError| {
        let (line, column) = locate(&src, encoding_rs::UTF_8, e.at);
        ReadError {
            line,
            column,
            message: e.message,
        }
    };
    let mut collection = parsed.map_err(syntax_error)?;
    let choice = decode::choose(
        &src,
        collection.first_ca(),
        ov.strict,
        |enc| {
            src.raw
                .and_then(|raw| collection.first_undecodable(raw, enc))
        },
        |at| locate(&src, encoding_rs::UTF_8, at),
    );
    let enc = choice.encoding;
    let mut file_warnings: Vec<Warning> = choice
        .warnings
        .into_iter()
        .map(|(kind, text)| Warning {
            kind,
            node: None,
            text,
        })
        .collect();
    if let Some(raw) = src.raw {
        file_warnings.extend(decode_values(&src, raw, &mut collection, enc));
    }
    let locate = |at: usize| locate(&src, enc, at);
    note_warnings(&collection.notes, ov.strict, &locate, &mut file_warnings)?;
    let trees = collection.count;
    // The number of each tree kept: from 1, or `only` where the scanner kept that one alone.
    let alone = collection.trees.len() < trees;
    // Each game read when `each` takes it, and dropped by `each`: never all of them at once.
    let mut game = |n: usize, tree: &syntax::RawTree<'_>| {
        let at = (n, trees);
        each(
            trees,
            one_game(tree, file, at, enc.name(), ov, &file_warnings, &locate),
        )
    };
    if streamed {
        let mut n = 0;
        syntax::parse_each(&src.text, &mut |tree| {
            n += 1;
            game(n, &tree);
            tree.recycle();
        })
        .map_err(syntax_error)?;
        return Ok((enc.name(), trees));
    }
    collection
        .trees
        .iter()
        .enumerate()
        .map(|(i, tree)| (if alone { only.unwrap_or(1) } else { i + 1 }, tree))
        .filter(|(n, _)| only.is_none_or(|only| only == *n))
        .for_each(|(n, tree)| game(n, tree));
    // The last tree's lists, for the next file's first tree (the others are dropped).
    if let Some(last) = collection.trees.pop() {
        last.recycle();
    }
    Ok((enc.name(), trees))
}

/// r[rec.decode.replace]: decodes the values of a file that is not UTF-8 (its bytes `raw`) as
/// `enc`, and the warning for the byte sequences replaced, if any.
fn decode_values(
    src: &decode::Source<'_>,
    raw: &[u8],
    collection: &mut syntax::RawCollection<'_>,
    enc: &'static encoding_rs::Encoding,
) -> Option<Warning> {
    let replaced = collection.decode_values(raw, enc);
    // UTF-8's ill-formed sequences are counted in the whole file, values of variations
    // included, as the retired r[rec.decode] counted them (ASCII bytes end every sequence,
    // so a count per value would be the same on the main line).
    let replaced = if enc == encoding_rs::UTF_8 {
        src.utf8_evidence().1
    } else {
        replaced
    };
    (replaced > 0).then(|| Warning {
        kind: "decode",
        node: None,
        text: format!(
            "{replaced} byte sequence(s) do not decode as {}; replaced by U+FFFD (r[rec.decode.replace])",
            enc.name()
        ),
    })
}

/// The scanner's notes as file warnings, each with its line and column, pushed onto
/// `file_warnings`; with `strict`, the first note, or else the first file warning `--strict`
/// does not accept, is the error instead.
fn note_warnings(
    notes: &[syntax::Note],
    strict: bool,
    locate: &dyn Fn(usize) -> (usize, usize),
    file_warnings: &mut Vec<Warning>,
) -> Result<(), ReadError> {
    for n in notes {
        let (line, column) = locate(n.at);
        if strict {
            return Err(ReadError {
                line,
                column,
                message: format!("{} (--strict refuses it)", n.text),
            });
        }
        file_warnings.push(Warning {
            kind: n.kind,
            node: None,
            text: format!("line {line}, column {column}: {}", n.text),
        });
    }
    if strict {
        if let Some(w) = strict_refusal(file_warnings) {
            return Err(ReadError {
                line: 1,
                column: 1,
                message: format!("{} (--strict refuses it)", w.text),
            });
        }
    }
    Ok(())
}

/// Game `index` (from 1, of `trees`) of a file: [`game`], with the warnings of the file and of
/// the tree's syntax, and what `--strict` refuses.
fn one_game(
    tree: &syntax::RawTree<'_>,
    file: &str,
    (index, trees): (usize, usize),
    encoding: &'static str,
    ov: &Overrides,
    file_warnings: &[Warning],
    locate: &dyn Fn(usize) -> (usize, usize),
) -> Result<GameRecord, RecordError> {
    if ov.strict {
        if let Some(n) = tree.notes.first() {
            let (line, column) = locate(n.at);
            return Err(RecordError::new(
                "strict",
                n.node,
                format!(
                    "line {line}, column {column}: {} (--strict refuses it)",
                    n.text
                ),
            ));
        }
    }
    let mut warn = Warn {
        list: file_warnings.to_vec(),
    };
    for n in &tree.notes {
        let (line, column) = locate(n.at);
        warn.push(
            n.kind,
            n.node,
            format!("line {line}, column {column}: {}", n.text),
        );
    }
    let g = game(tree, file, index, trees, encoding, ov, &mut warn)?;
    if ov.strict {
        if let Some(w) = strict_refusal(&g.warnings) {
            return Err(RecordError::new(
                "strict",
                w.node,
                format!("{} (--strict refuses it)", w.text),
            ));
        }
    }
    Ok(g)
}

/// The first game of a file's bytes, read by [`read`] without overrides: for callers that want
/// one game (`loadsgf`, the referee's openings). A record that stops being a game (r[rec.stop]) is
/// read up to where it stops, as `replay` replays it; the warnings are in the game.
pub fn read_first(bytes: &[u8], file: &str) -> Result<GameRecord, RecordError> {
    let (_, first) = read_game(bytes, file, &Overrides::default(), 1)
        .map_err(|e| RecordError::new("unreadable", None, e.to_string()))?;
    match first {
        Some(game) => game,
        None => Err(RecordError::new(
            "empty",
            None,
            "no game in the file".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::write;
    use ttrules_spec::{Komi, Move, Player, Point, Rules, Setup, Size, Tax};

    fn one(text: &str) -> GameRecord {
        read(text.as_bytes(), "t.sgf", &Overrides::default())
            .unwrap()
            .games
            .remove(0)
            .unwrap()
    }

    #[test]
    fn written_records_read_back() {
        let size = Size::new(5, 3).unwrap();
        let moves = [
            (Player::Black, Move::Play(Point::new(4, 0))),
            (Player::White, Move::Pass),
            (Player::Black, Move::Play(Point::new(0, 2))),
        ];
        let komi: Komi = "6.5".parse().unwrap();
        let text = write(komi, Rules::TROMP_TAYLOR, &Setup::empty(size), &moves);
        assert_eq!(
            text,
            "(;GM[1]FF[4]CA[UTF-8]SZ[5:3]KM[6.5]RU[Tromp-Taylor];B[ec];W[];B[aa])\n"
        );
        let g = one(&text);
        assert_eq!((g.size, g.rules, g.komi), (size, Rules::TROMP_TAYLOR, komi));
        assert!(g.warnings.is_empty() && g.stop.is_none());
        let back: Vec<(Player, Move)> = g.moves.iter().map(|m| (m.player, m.mv)).collect();
        assert_eq!(back, moves);
        // A setup with a handicap, and rules with no name (written as their parameter list).
        let setup = one("(;SZ[5]HA[2]AB[bb][dd])").setup;
        let odd = Rules {
            tax: Tax::All,
            ..Rules::by_name("japanese").unwrap()
        };
        let g = one(&write(Komi::ZERO, odd, &setup, &[]));
        assert_eq!((g.setup, g.rules), (setup, odd));
    }

    #[test]
    fn tt_is_a_pass_only_up_to_19x19() {
        assert_eq!(one("(;SZ[19];B[tt])").moves[0].mv, Move::Pass);
        assert_eq!(
            one("(;SZ[21];B[tt])").moves[0].mv,
            Move::Play(Point::new(19, 1))
        );
    }

    #[test]
    fn strict_refuses_what_needs_a_repair_and_locates_it() {
        let strict = Overrides {
            strict: true,
            ..Overrides::default()
        };
        let f = read(b"(;SZ[5]\n;B[cc]", "t.sgf", &strict).unwrap();
        let e = f.games[0].as_ref().unwrap_err();
        assert!(
            e.message.starts_with("line 2, column 7: the file ends"),
            "{e}"
        );
        let e = read(b"x (;SZ[5])", "t.sgf", &strict).unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let f = read(b"(;SZ[5]KM[650])", "t.sgf", &strict).unwrap();
        let e = f.games[0].as_ref().unwrap_err();
        assert_eq!(e.kind, "strict");
        assert!(e.message.contains("hundredths"), "{e}");
        assert!(read(b"(;SZ[5]KM[6.5];B[cc])", "t.sgf", &strict)
            .unwrap()
            .games[0]
            .is_ok());
    }
}
