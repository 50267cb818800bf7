//! Reading game records in SGF (FF[4]) for replay, with `sgf-parse` doing the parsing.
//!
//! What is accepted (the contract of `ttrules replay`): one game of Go; `SZ` square or `W:H` up to
//! 25; `KM` a multiple of 0.5; `RU` absent, one of our ruleset names or a common SGF spelling, or a
//! KataGo rules string; setup properties `AB`, `AW`, `AE` and `PL` in the root node (the starting
//! colouring, r[var.setup]) with `HA` declaring a handicap; `B` and `W` moves along the main line,
//! passes written `[]` (or `[tt]` on boards up to 19x19). Black moves in a row at the very start of
//! a game from the empty grid are handicap stones: a White pass is implied between them
//! (r[var.handicap]). Setup properties outside the root, a node with both `B` and `W`, two moves of
//! one colour in a row anywhere else, and points off the board are errors that name the node.

use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;
use std::fmt;
use ttrules_spec::vector::rules_by_any_name;
use ttrules_spec::{Colour, Grid, Komi, Move, Player, Point, Rules, Setup, Size};

/// A game record, ready to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub size: Size,
    /// `KM`, if the record gives one.
    pub komi: Option<Komi>,
    /// The rules `RU` names, and the komi that name carries.
    pub rules: Option<(Rules, Option<Komi>)>,
    pub setup: Setup,
    pub moves: Vec<RecordMove>,
}

/// One move of the main line and where it stands in the file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The node's position on the main line, the root being node 0.
    pub node: usize,
    pub player: Player,
    pub mv: Move,
    /// A White pass the record does not write, implied between handicap stones.
    pub implied: bool,
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
        None => None,
        Some(Prop::KM(k)) => Some(Komi::from_f64(*k).map_err(|e| at(0, format!("KM[{k}]: {e}")))?),
        Some(Prop::Invalid(_, v)) => {
            return Err(at(0, format!("KM[{}] is not a number", v.join("]["))))
        }
        Some(other) => return Err(at(0, format!("cannot read {}", show(other)))),
    };
    let rules = match root.get_property("RU") {
        None => None,
        Some(Prop::RU(name)) => {
            let name = name.text.trim();
            Some(rules_by_any_name(name).map_err(|e| at(0, format!("RU[{name}]: {e}")))?)
        }
        Some(other) => return Err(at(0, format!("cannot read {}", show(other)))),
    };
    let setup = read_setup(root, size)?;
    let empty_start = setup.grid == Grid::empty(size) && setup.handicap == 0;
    let mut moves: Vec<RecordMove> = Vec::new();
    for (node, n) in root.main_variation().enumerate() {
        for prop in n.properties() {
            if let Some(id) = setup_property(prop) {
                if node > 0 {
                    return Err(at(
                        node,
                        format!("setup property {id} outside the root node is not supported (r[var.setup]: a game is set up once, before its first turn)"),
                    ));
                }
                continue;
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
            .map_or(setup.to_move, |last| last.player.opponent());
        // r[var.handicap]: Black moves in a row at the start of a game from the empty grid are
        // handicap stones, with White's passes implied between them.
        let in_opening = empty_start
            && player == Player::Black
            && moves
                .iter()
                .all(|m| (m.player == Player::Black) == matches!(m.mv, Move::Play(_)));
        if player != expected && in_opening && matches!(mv, Move::Play(_)) && !moves.is_empty() {
            moves.push(RecordMove {
                node,
                player: Player::White,
                mv: Move::Pass,
                implied: true,
            });
        } else if player != expected {
            let msg = match moves.last() {
                None => format!(
                    "the first move is {player}'s, but {expected} is to move (r[tt.start]; a setup may say otherwise with PL)"
                ),
                Some(last) => format!(
                    "two {} moves in a row (the previous one is at node {}); players alternate (r[tt.turn])",
                    player,
                    last.node
                ),
            };
            return Err(at(node, msg));
        }
        moves.push(RecordMove {
            node,
            player,
            mv,
            implied: false,
        });
    }
    Ok(Record {
        size,
        komi,
        rules,
        setup,
        moves,
    })
}

/// The starting colouring and player of the root's `AB`, `AW`, `AE`, `PL` and `HA`
/// (r[var.setup]); the empty grid and Black when it has none.
fn read_setup(root: &SgfNode<Prop>, size: Size) -> Result<Setup, SgfError> {
    let mut grid = Grid::empty(size);
    let mut any = false;
    for (id, colour) in [
        ("AB", Colour::Black),
        ("AW", Colour::White),
        ("AE", Colour::Empty),
    ] {
        let points = match root.get_property(id) {
            None => continue,
            Some(Prop::AB(ps) | Prop::AW(ps) | Prop::AE(ps)) => ps,
            Some(Prop::Invalid(_, v)) => {
                return Err(at(
                    0,
                    format!("{id}[{}] is not a list of points", v.join("][")),
                ))
            }
            Some(other) => return Err(at(0, format!("cannot read {}", show(other)))),
        };
        any = true;
        let mut sorted: Vec<_> = points.iter().collect();
        sorted.sort_by_key(|p| (p.y, p.x));
        for p in sorted {
            let q = to_point(*p, size).map_err(|msg| at(0, format!("{id}: {msg}")))?;
            grid.set(q, colour);
        }
    }
    let handicap = match root.get_property("HA") {
        None => 0,
        Some(Prop::HA(n)) => {
            let stones = grid.count(Colour::Black);
            if any && *n as usize != stones {
                return Err(at(
                    0,
                    format!("HA[{n}] but the setup has {stones} black stones"),
                ));
            }
            if any {
                *n as u32
            } else {
                0
            }
        }
        Some(Prop::Invalid(_, v)) => {
            return Err(at(
                0,
                format!("HA[{}] is not a handicap of 2 or more", v.join("][")),
            ))
        }
        Some(other) => return Err(at(0, format!("cannot read {}", show(other)))),
    };
    let first_mover =
        root.main_variation()
            .find_map(|n| match (n.get_property("B"), n.get_property("W")) {
                (Some(_), None) => Some(Player::Black),
                (None, Some(_)) => Some(Player::White),
                _ => None,
            });
    let to_move = match root.get_property("PL") {
        Some(Prop::PL(sgf_parse::Color::Black)) => Player::Black,
        Some(Prop::PL(sgf_parse::Color::White)) => Player::White,
        Some(Prop::Invalid(_, v)) => {
            return Err(at(0, format!("PL[{}] is not B or W", v.join("]["))))
        }
        Some(other) => return Err(at(0, format!("cannot read {}", show(other)))),
        None if any => first_mover.unwrap_or(if handicap >= 2 {
            Player::White
        } else {
            Player::Black
        }),
        None => Player::Black,
    };
    Ok(Setup {
        grid,
        to_move,
        handicap,
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
        go::Move::Move(p) => to_point(p, size).map(Move::Play),
    }
}

/// An SGF point on `size` (rows counted from the top).
fn to_point(p: go::Point, size: Size) -> Result<Point, String> {
    let letter = |v: u8| {
        if v < 26 {
            char::from(b'a' + v)
        } else {
            char::from(b'A' + v - 26)
        }
    };
    if usize::from(p.x) >= size.width() || usize::from(p.y) >= size.height() {
        return Err(format!(
            "[{}{}] is off the {size} board",
            letter(p.x),
            letter(p.y)
        ));
    }
    let y = size.height() - 1 - usize::from(p.y);
    Ok(Point::new(p.x, y as u8))
}

fn show(prop: &Prop) -> String {
    format!("{prop:?}")
}

/// Writes a game from `setup` with `moves` as SGF (FF[4]). `RU` is the ruleset's name, or its full
/// parameter list when it has none (both read back by [`read`]); passes are `[]`; the setup becomes
/// `AB`, `AW`, `PL` and `HA` in the root.
pub fn write(komi: Komi, rules: Rules, setup: &Setup, moves: &[(Player, Move)]) -> String {
    let size = setup.grid.size();
    let sz = if size.width() == size.height() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    };
    let ru = match rules.name() {
        Some("tromp-taylor") => "Tromp-Taylor".to_string(),
        Some(name) => name.to_string(),
        None => rules.describe(),
    };
    let mut s = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{sz}]KM[{komi}]RU[{ru}]");
    if !setup.is_empty_start() {
        for (id, colour) in [("AB", Colour::Black), ("AW", Colour::White)] {
            let points: Vec<String> = size
                .points()
                .filter(|&p| setup.grid.get(p) == colour)
                .map(|p| format!("[{}]", p.sgf(size)))
                .collect();
            if !points.is_empty() {
                s.push_str(&format!("{id}{}", points.concat()));
            }
        }
        if setup.handicap >= 2 {
            s.push_str(&format!("HA[{}]", setup.handicap));
        }
        s.push_str(&format!("PL[{}]", setup.to_move.letter()));
    }
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
        assert_eq!(r.komi.unwrap().to_string(), "6.5");
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
            err("(;SZ[9];B[ee];W[ff];W[gg])"),
            "node 3: two White moves in a row (the previous one is at node 2); players alternate (r[tt.turn])"
        );
        assert!(err("(;SZ[9];B[zz])").starts_with("node 1: [zz] is off the 9x9 board"));
        assert!(err("(;SZ[9];W[ee])").starts_with("node 1: the first move is White's"));
        assert!(err("(;SZ[9];B[ee];W[ab]AW[cc])").starts_with("node 2: setup property AW"));
        assert!(err("(;SZ[9]HA[2]AB[aa][bb][cc])").starts_with("root node: HA[2] but"));
        assert!(err("(;SZ[9];B[aa];W[bb];B[cc];B[dd])").starts_with("node 4: two Black moves"));
        assert!(err("(;SZ[30])").starts_with("root node: SZ"));
        assert!(err("(;KM[6.3])").starts_with("root node: KM[6.3]"));
        assert!(err("(;RU[Klingon])").starts_with("root node: RU[Klingon]: unknown rules"));
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
        let komi = "6.5".parse().unwrap();
        let text = write(komi, Rules::TROMP_TAYLOR, &Setup::empty(size), &moves);
        assert_eq!(
            text,
            "(;GM[1]FF[4]CA[UTF-8]SZ[5:3]KM[6.5]RU[Tromp-Taylor];B[ec];W[];B[aa])\n"
        );
        let r = read(&text).unwrap();
        assert_eq!(r.size, size);
        assert_eq!(r.rules.unwrap().0, Rules::TROMP_TAYLOR);
        let back: Vec<(Player, Move)> = r.moves.iter().map(|m| (m.player, m.mv)).collect();
        assert_eq!(back, moves);
    }

    #[test]
    fn ruleset_names_are_accepted() {
        for ru in [
            "Tromp-Taylor",
            "tromp-taylor",
            "TrompTaylor",
            "tromp_taylor",
        ] {
            let (rules, komi) = read(&format!("(;RU[{ru}])")).unwrap().rules.unwrap();
            assert_eq!(rules, Rules::TROMP_TAYLOR);
            assert_eq!(komi, Some(Komi::ZERO));
        }
        let japanese = Rules::by_name("japanese").unwrap();
        assert_eq!(read("(;RU[Japanese])").unwrap().rules.unwrap().0, japanese);
        let (rules, _) = read("(;RU[koSIMPLEscoreTERRITORYsui0])")
            .unwrap()
            .rules
            .unwrap();
        // r[var.katago.exact]: KataGo's simple ko also ends on a repeated pass.
        let katago_japanese = Rules {
            end: ttrules_spec::End::RepeatedPass,
            ..japanese
        };
        assert_eq!(rules, katago_japanese);
        let odd = Rules {
            tax: ttrules_spec::Tax::All,
            ..japanese
        };
        let text = write(Komi::ZERO, odd, &Setup::empty(Size::STANDARD), &[]);
        assert_eq!(read(&text).unwrap().rules.unwrap().0, odd);
    }

    #[test]
    fn setups_and_handicaps() {
        let r = read("(;SZ[5]HA[2]AB[bb][dd];W[cc])").unwrap();
        assert_eq!(r.setup.handicap, 2);
        assert_eq!(r.setup.to_move, Player::White);
        assert_eq!(r.setup.grid.count(Colour::Black), 2);
        let r = read("(;SZ[5]AW[aa]PL[B])").unwrap();
        assert_eq!(r.setup.to_move, Player::Black);
        // Black moves in a row at the start: handicap stones with implied White passes.
        let r = read("(;SZ[9];B[cc];B[gg];B[ee];W[ce])").unwrap();
        let kinds: Vec<(Player, bool)> = r.moves.iter().map(|m| (m.player, m.implied)).collect();
        assert_eq!(
            kinds,
            [
                (Player::Black, false),
                (Player::White, true),
                (Player::Black, false),
                (Player::White, true),
                (Player::Black, false),
                (Player::White, false)
            ]
        );
        let setup = read("(;SZ[5]HA[2]AB[bb][dd])").unwrap().setup;
        let text = write(Komi::ZERO, Rules::TROMP_TAYLOR, &setup, &[]);
        assert_eq!(read(&text).unwrap().setup, setup);
    }
}
