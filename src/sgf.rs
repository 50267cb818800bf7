//! Reading game records in SGF (FF[4]) for replay, with `sgf-parse` doing the parsing.
//!
//! What is accepted (issue-level contract of `ttrules replay`): one game of Go; `SZ` square or
//! `W:H` up to 25; `KM` a multiple of 0.5; `RU` absent or a Tromp-Taylor name; `B` and `W` moves
//! along the main line, passes written `[]` (or `[tt]` on boards up to 19x19). Setup properties
//! (`AB`, `AW`, `AE`, `PL`), a node with both `B` and `W`, two moves of one colour in a row, a
//! first move by White, and points off the board are errors that name the node.

use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;
use std::fmt;
use ttrules_spec::{Komi, Move, Player, Point, Rules, Size};

/// A game record, ready to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub size: Size,
    pub komi: Komi,
    pub rules: Rules,
    pub moves: Vec<RecordMove>,
}

/// One move of the main line and where it stands in the file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The node's position on the main line, the root being node 0.
    pub node: usize,
    pub player: Player,
    pub mv: Move,
}

/// Why a record cannot be replayed; `node` is the main-line node where the problem is, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    pub node: Option<usize>,
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.node {
            Some(0) => write!(f, "root node: {}", self.message),
            Some(n) => write!(f, "node {n}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SgfError {}

fn at(node: usize, message: impl Into<String>) -> SgfError {
    SgfError {
        node: Some(node),
        message: message.into(),
    }
}

/// Reads the single game in `text`.
pub fn read(text: &str) -> Result<Record, SgfError> {
    let roots = go::parse(text).map_err(|e| SgfError {
        node: None,
        message: match e {
            sgf_parse::SgfParseError::UnexpectedGameType => {
                "not a game of Go (GM is not 1)".to_string()
            }
            other => format!("not readable as SGF: {other}"),
        },
    })?;
    let root = match roots.as_slice() {
        [root] => root,
        [] => {
            return Err(SgfError {
                node: None,
                message: "no game in the file".into(),
            })
        }
        more => {
            return Err(SgfError {
                node: None,
                message: format!(
                    "the file holds {} games; replay takes a file with exactly one",
                    more.len()
                ),
            })
        }
    };
    let size = read_size(root)?;
    let komi = match root.get_property("KM") {
        None => Komi::ZERO,
        Some(Prop::KM(k)) => Komi::from_f64(*k).map_err(|e| at(0, format!("KM[{k}]: {e}")))?,
        Some(other) => return Err(at(0, format!("cannot read {}", show(other)))),
    };
    let rules = match root.get_property("RU") {
        None => Rules::TROMP_TAYLOR,
        Some(Prop::RU(name)) => {
            let name = name.text.trim();
            Rules::by_name(name).ok_or_else(|| {
                at(
                    0,
                    format!(
                        "RU[{name}]: ruleset not supported yet (only Tromp-Taylor; other rulesets \
                         arrive with the rule variants)"
                    ),
                )
            })?
        }
        Some(other) => return Err(at(0, format!("cannot read {}", show(other)))),
    };
    let mut moves: Vec<RecordMove> = Vec::new();
    for (node, n) in root.main_variation().enumerate() {
        for prop in n.properties() {
            if let Some(id) = setup_property(prop) {
                return Err(at(
                    node,
                    format!("setup property {id} is not supported (replay starts from the empty grid, r[tt.start])"),
                ));
            }
            if let Prop::Invalid(id, values) = prop {
                if matches!(id.as_str(), "B" | "W") {
                    return Err(at(
                        node,
                        format!("{id}[{}] is not a move", values.join("][")),
                    ));
                }
            }
        }
        let b = n.get_property("B");
        let w = n.get_property("W");
        let (player, m) = match (b, w) {
            (None, None) => continue,
            (Some(Prop::B(m)), None) => (Player::Black, *m),
            (None, Some(Prop::W(m))) => (Player::White, *m),
            (Some(_), Some(_)) => return Err(at(node, "has both a B and a W move")),
            _ => return Err(at(node, "has a move that cannot be read")),
        };
        let mv = to_move(m, size).map_err(|msg| at(node, msg))?;
        let expected = moves
            .last()
            .map_or(Player::Black, |last| last.player.opponent());
        if player != expected {
            let msg = match moves.last() {
                None => "the first move is White's; the game starts with Black (r[tt.start])"
                    .to_string(),
                Some(last) => format!(
                    "two {} moves in a row (the previous one is at node {}); players alternate (r[tt.turn])",
                    player,
                    last.node
                ),
            };
            return Err(at(node, msg));
        }
        moves.push(RecordMove { node, player, mv });
    }
    Ok(Record {
        size,
        komi,
        rules,
        moves,
    })
}

fn read_size(root: &SgfNode<Prop>) -> Result<Size, SgfError> {
    match root.get_property("SZ") {
        None => Ok(Size::STANDARD),
        Some(Prop::SZ((w, h))) => {
            Size::new(u32::from(*w), u32::from(*h)).map_err(|e| at(0, format!("SZ: {e}")))
        }
        Some(Prop::Invalid(_, values)) => Err(at(
            0,
            format!(
                "SZ[{}] is not a board size (expected SZ[19] or SZ[9:13], each 1 to 25)",
                values.join("][")
            ),
        )),
        Some(other) => Err(at(0, format!("cannot read {}", show(other)))),
    }
}

fn setup_property(prop: &Prop) -> Option<&'static str> {
    match prop {
        Prop::AB(_) => Some("AB"),
        Prop::AW(_) => Some("AW"),
        Prop::AE(_) => Some("AE"),
        Prop::PL(_) => Some("PL"),
        _ => None,
    }
}

/// An SGF move on `size`: `[]` is a pass, and so is `[tt]` on boards up to 19x19 (FF[3] habit).
fn to_move(m: go::Move, size: Size) -> Result<Move, String> {
    match m {
        go::Move::Pass => Ok(Move::Pass),
        go::Move::Move(p)
            if p.x == 19 && p.y == 19 && size.width() <= 19 && size.height() <= 19 =>
        {
            Ok(Move::Pass)
        }
        go::Move::Move(p) => {
            let letter = |v: u8| {
                if v < 26 {
                    char::from(b'a' + v)
                } else {
                    char::from(b'A' + v - 26)
                }
            };
            let text = format!("{}{}", letter(p.x), letter(p.y));
            if usize::from(p.x) >= size.width() || usize::from(p.y) >= size.height() {
                return Err(format!("[{text}] is off the {size} board"));
            }
            let y = size.height() - 1 - usize::from(p.y);
            Ok(Move::Play(Point::new(p.x, y as u8)))
        }
    }
}

fn show(prop: &Prop) -> String {
    format!("{prop:?}")
}

/// Writes a record of `moves` from the empty grid as SGF (FF[4], `RU[Tromp-Taylor]` for the
/// Tromp-Taylor rules), passes as `[]`. Points must be on `size`.
pub fn write(size: Size, komi: Komi, rules: Rules, moves: &[(Player, Move)]) -> String {
    let sz = if size.width() == size.height() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    };
    let ru = if rules == Rules::TROMP_TAYLOR {
        "Tromp-Taylor".to_string()
    } else {
        rules.to_string()
    };
    let mut s = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{sz}]KM[{komi}]RU[{ru}]");
    for (player, mv) in moves {
        let value = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => p.sgf(size),
        };
        s.push_str(&format!(";{}[{value}]", player.letter()));
    }
    s.push_str(")\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        read(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_sizes_komi_moves_and_passes() {
        let r = read("(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[];B[tt])").unwrap();
        assert_eq!(r.size, Size::square(9).unwrap());
        assert_eq!(r.komi.to_string(), "6.5");
        assert_eq!(r.moves.len(), 3);
        assert_eq!(r.moves[0].mv, Move::Play(Point::parse_gtp("E5").unwrap()));
        assert_eq!(r.moves[1].mv, Move::Pass);
        assert_eq!(r.moves[2].mv, Move::Pass);
        let r = read("(;SZ[5:3];B[ac])").unwrap();
        assert_eq!(r.size, Size::new(5, 3).unwrap());
        assert_eq!(r.moves[0].mv, Move::Play(Point::parse_gtp("A1").unwrap()));
    }

    #[test]
    fn tt_is_a_point_on_large_boards() {
        let r = read("(;SZ[21];B[tt])").unwrap();
        assert_eq!(r.moves[0].mv, Move::Play(Point::new(19, 1)));
    }

    #[test]
    fn errors_name_the_node() {
        assert_eq!(
            err("(;SZ[9];B[ee];B[ff])"),
            "node 2: two Black moves in a row (the previous one is at node 1); players alternate (r[tt.turn])"
        );
        assert!(err("(;SZ[9];B[zz])").starts_with("node 1: [zz] is off the 9x9 board"));
        assert!(err("(;SZ[9]AB[aa];B[ee])").starts_with("root node: setup property AB"));
        assert!(err("(;SZ[9];W[ee])").starts_with("node 1: the first move is White's"));
        assert!(err("(;SZ[9];B[ee];W[ab]AW[cc])").starts_with("node 2: setup property AW"));
        assert!(err("(;SZ[30])").starts_with("root node: SZ"));
        assert!(err("(;KM[6.3])").starts_with("root node: KM[6.3]"));
        assert!(err("(;RU[Japanese])").contains("not supported yet"));
        assert!(err("(;GM[3])").contains("not a game of Go"));
        assert!(err("(;B[ee]").starts_with("not readable as SGF"));
        assert!(err("(;SZ[9])(;SZ[9])").contains("holds 2 games"));
        assert!(err("(;SZ[9];B[e])").starts_with("node 1: B[e] is not a move"));
    }

    #[test]
    fn written_records_read_back() {
        let size = Size::new(5, 3).unwrap();
        let moves = [
            (Player::Black, Move::Play(Point::new(4, 0))),
            (Player::White, Move::Pass),
            (Player::Black, Move::Play(Point::new(0, 2))),
        ];
        let text = write(size, "6.5".parse().unwrap(), Rules::TROMP_TAYLOR, &moves);
        assert_eq!(
            text,
            "(;GM[1]FF[4]CA[UTF-8]SZ[5:3]KM[6.5]RU[Tromp-Taylor];B[ec];W[];B[aa])\n"
        );
        let r = read(&text).unwrap();
        assert_eq!(r.size, size);
        let back: Vec<(Player, Move)> = r.moves.iter().map(|m| (m.player, m.mv)).collect();
        assert_eq!(back, moves);
    }

    #[test]
    fn tromp_taylor_names_are_accepted() {
        for ru in [
            "Tromp-Taylor",
            "tromp-taylor",
            "TrompTaylor",
            "tromp_taylor",
        ] {
            assert_eq!(
                read(&format!("(;RU[{ru}])")).unwrap().rules,
                Rules::TROMP_TAYLOR
            );
        }
    }
}
