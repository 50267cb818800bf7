//! r[rec.size], r[rec.move], r[rec.setup], r[rec.setup.player], r[rec.handicap] and its cases
//! (in `handicap`), r[rec.move.implied-pass], r[rec.stop.setup],
//! r[rec.stop.setup.pl-after-move], r[rec.stop.bad-move]: the board, the setup and the moves of
//! a main line.

use crate::implied;
use crate::model::{RecordError, RecordMove, Stop, StopCause, Warn};
use crate::syntax::{self, Held, RawNode, RawTree, Values};
use sgf_parse::go::{self, Prop};
use sgf_parse::SgfProp;
use ttrules_spec::{Colour, Grid, Move, Player, Point, Setup, Size};

mod handicap;
mod words;

pub use handicap::fixed_handicap;
use handicap::{handicap_after_moves, handicap_placed, handicap_stones, Declared};

/// What the main line gives, before rules and komi.
pub struct Parts {
    pub size: Size,
    pub setup: Setup,
    pub moves: Vec<RecordMove>,
    pub stop: Option<Stop>,
}

/// r[rec.size].
pub fn size(root: &RawNode<'_>) -> Result<Size, RecordError> {
    let Some(v) = root.value("SZ") else {
        return Ok(Size::STANDARD);
    };
    let bad = || {
        RecordError::new(
            "size",
            Some(0),
            format!("SZ[{v}] is not a board size (expected SZ[19] or SZ[9:13], each 1 to 25; r[rec.size])"),
        )
    };
    let (w, h) = match v.split_once(':') {
        Some((w, h)) => (w.trim().parse::<u32>(), h.trim().parse::<u32>()),
        None => (v.parse::<u32>(), v.parse::<u32>()),
    };
    match (w, h) {
        (Ok(w), Ok(h)) => Size::new(w, h).map_err(|_| bad()),
        _ => Err(bad()),
    }
}

/// An SGF point on `size` (rows counted from the top), or why not.
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

/// r[rec.move]: `[]` is a pass, and so is `[tt]` on boards up to 19x19.
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

/// The points of a setup or mark property (`AB`, `AW`, `AE`, `TB`, `TW`), sorted.
pub fn points<S: AsRef<str>>(id: &str, values: &[S], size: Size) -> Result<Vec<Point>, String> {
    let bytes = values.iter().map(|v| v.as_ref().as_bytes());
    match plain_points(id, bytes, size) {
        Some(out) => Ok(out),
        None => sgf_parse_points(id, values, size),
    }
}

/// [`points`] of the values of a property of a tree: read from their bytes where they are
/// plain (`plain_points`), with no list of them made; else from that list, as `points` reads it.
///
/// Note: `points` reads the same bytes (a value's text is its bytes) with `plain_points` first.
pub fn values_points(id: &str, values: Values<'_>, size: Size) -> Result<Vec<Point>, String> {
    match plain_points(id, values.bytes(), size) {
        Some(out) => Ok(out),
        None => sgf_parse_points(id, &values.to_vec(), size),
    }
}

/// [`points`] as `sgf-parse` reads the values: what [`points`] gives for every list
/// (`record/tests/readers.rs` compares the two).
pub fn sgf_parse_points<S: AsRef<str>>(
    id: &str,
    values: &[S],
    size: Size,
) -> Result<Vec<Point>, String> {
    let values: Vec<String> = values.iter().map(|v| v.as_ref().to_string()).collect();
    let list = match Prop::new(id.to_string(), values.clone()) {
        Prop::AB(ps) | Prop::AW(ps) | Prop::AE(ps) | Prop::TB(ps) | Prop::TW(ps) => ps,
        _ => {
            return Err(format!(
                "{id}[{}] is not a list of points",
                values.join("][")
            ))
        }
    };
    // `sgf-parse` gives a set, whose order varies from run to run: its points are taken in the
    // order of their letters (x, then y), so that an error names the same bad point every time.
    let mut list: Vec<go::Point> = list.into_iter().collect();
    list.sort_unstable_by_key(|p| (p.x, p.y));
    let mut out: Vec<Point> = list
        .into_iter()
        .filter(|p| !(p.x == 19 && p.y == 19 && size.width() <= 19 && id.starts_with('T')))
        .map(|p| to_point(p, size).map_err(|e| format!("{id}: {e}")))
        .collect::<Result<_, _>>()?;
    out.sort();
    Ok(out)
}

/// [`points`] where it is plain: a property of those five whose every value is two ASCII
/// letters, each naming a point of the board; `None` where `sgf-parse` must be asked.
///
/// Note: for such values `sgf-parse` reads each as [`plain_move`] reads it (its `Point` parser
/// is the one its `Move` parser calls on a non-empty value), into a set; a non-empty list gives
/// `AB`, `AW`, `AE` (`parse_list`) or `TB`, `TW` (`parse_elist`), so [`points`] keeps the same
/// points but for the `tt` of a mark, maps each with the injective [`to_point`], and sorts: the
/// set is the sorted list without repeats. A value that names no point of the board (an error,
/// reported for the first such point in the order of the letters) goes the old way. The
/// sorted list without repeats is read off a set of bits in the order of `Point` (`x`, then `y`).
/// Two small letters within the sides are a point at once, as in [`plain_board_move`]: a mark's
/// `tt` is not one of them, being off a board of sides up to 19.
fn plain_points<'v>(
    id: &str,
    values: impl ExactSizeIterator<Item = &'v [u8]>,
    size: Size,
) -> Option<Vec<Point>> {
    if !matches!(id, "AB" | "AW" | "AE" | "TB" | "TW") || values.len() == 0 {
        return None;
    }
    let mark = id.starts_with('T');
    let n = values.len();
    // Bit `x * 32 + y` for point (x, y): sizes are at most 25, so 32 words of 32 bits.
    let mut set = [0u32; 32];
    let (w, h) = (size.width(), size.height());
    for v in values {
        if let &[x, y] = v {
            let (i, j) = (
                usize::from(x.wrapping_sub(b'a')),
                usize::from(y.wrapping_sub(b'a')),
            );
            if i < w && j < h {
                set[i] |= 1 << (h - 1 - j);
                continue;
            }
        }
        let p = match plain_move_bytes(v)? {
            go::Move::Move(p) => p,
            go::Move::Pass => return None,
        };
        if p.x == 19 && p.y == 19 && size.width() <= 19 && mark {
            continue;
        }
        let q = to_point(p, size).ok()?;
        set[usize::from(q.x)] |= 1 << q.y;
    }
    let mut out = Vec::with_capacity(n);
    for (x, &column) in set.iter().enumerate() {
        let mut bits = column;
        while bits != 0 {
            out.push(Point::new(x as u8, bits.trailing_zeros() as u8));
            bits &= bits - 1;
        }
    }
    Some(out)
}

/// The SGF move one value writes, read as `sgf-parse` reads it where that is plain: `[]` (a
/// pass) or two ASCII letters; `None` where `sgf-parse` must be asked.
///
/// Note: `go::Move`'s parser reads `""` as a pass and a value of exactly two characters, each
/// `a`–`z` (0–25) or `A`–`Z` (26–51), as a point; a value of two ASCII letters is exactly such a
/// value, so this gives what it gives; every other value goes to `sgf-parse`. The proptest
/// `plain_moves_read_as_sgf_parse_reads_them` compares the two.
pub fn plain_move(value: &str) -> Option<go::Move> {
    plain_move_bytes(value.as_bytes())
}

/// [`plain_move`] of a value's bytes.
fn plain_move_bytes(value: &[u8]) -> Option<go::Move> {
    let coordinate = |c: u8| match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    };
    match value {
        [] => Some(go::Move::Pass),
        &[x, y] => Some(go::Move::Move(go::Point {
            x: coordinate(x)?,
            y: coordinate(y)?,
        })),
        _ => None,
    }
}

/// The move of a node: `None` for no move, `Err` for a node that is not one move.
fn node_move(node: &RawNode<'_>, size: Size) -> Option<Result<(Player, Move), String>> {
    read_move(node.values("B"), node.values("W"), size)
}

/// The properties a node after the first move is read for, found in one pass over it: what
/// `get` and `find` give for each (the first of each identifier, the first setup property).
#[derive(Default)]
struct MoveNode<'t> {
    b: Option<Values<'t>>,
    w: Option<Values<'t>>,
    setup: Option<&'t str>,
    pl: Option<&'t str>,
    resume: bool,
}

impl<'t> MoveNode<'t> {
    /// Note: where the node holds no setup property (its [`Held`] says so), `setup` is `None`
    /// and `b`, `w`, `pl` are what `get` finds, the first of each identifier, as the pass over
    /// the whole node finds them; `resume` is whether it holds `RESUME`.
    fn of(node: &RawNode<'t>) -> MoveNode<'t> {
        let held = node.held();
        if !held.intersects(Held::SETUP) {
            return MoveNode {
                b: node.held_values(Held::B),
                w: node.held_values(Held::W),
                setup: None,
                pl: node
                    .held_values(Held::PL)
                    .map(|v| v.first().map_or("", syntax::trim)),
                resume: held.contains(Held::RESUME),
            };
        }
        let mut m = MoveNode::default();
        for p in node.props() {
            match p.id {
                "B" if m.b.is_none() => m.b = Some(p.values),
                "W" if m.w.is_none() => m.w = Some(p.values),
                "AB" | "AW" | "AE" if m.setup.is_none() => m.setup = Some(p.id),
                "PL" if m.pl.is_none() => m.pl = Some(p.values.first().map_or("", syntax::trim)),
                "RESUME" => m.resume = true,
                _ => {}
            }
        }
        m
    }
}

/// [`read_move`] where it is plain: one of `B` and `W`, its one value empty or two ASCII letters
/// naming a point of the board (or `tt`, a pass); `None` where `read_move` must be asked.
///
/// Note: for such a value `read_move` reads the bytes as they are (there is no white space to
/// trim), `plain_move_bytes` gives the point, and `to_move` reads `tt` as a pass up to 19x19
/// and finds any other point on the board (`to_point`): the same steps, here without the
/// error's text (a point off the board is left to `read_move`, which words the error).
#[inline]
fn plain_node_move(
    b: Option<Values<'_>>,
    w: Option<Values<'_>>,
    size: Size,
) -> Option<(Player, Move)> {
    let (player, values) = match (b, w) {
        (Some(v), None) => (Player::Black, v),
        (None, Some(v)) => (Player::White, v),
        _ => return None,
    };
    plain_board_move(values.only_bytes()?, size).map(|mv| (player, mv))
}

/// The move a plain value (none, or two ASCII letters) writes on `size`, where it is one: the
/// steps of [`plain_node_move`].
///
/// Note: a side is at most `MAX_SIDE` (25) points long, so only the small letters name points
/// on the board (a capital is coordinate 26 or more): two small letters within the sides are a
/// point at once, as `coordinate` and the bounds read them; any other value is off the board,
/// no coordinates or no letters at all, and takes the steps in full ([`plain_move_in_full`]).
#[inline]
fn plain_board_move(value: &[u8], size: Size) -> Option<Move> {
    const _: () = assert!(ttrules_spec::point::MAX_SIDE < 26);
    if let &[x, y] = value {
        let (w, h) = (size.width(), size.height());
        let (i, j) = (
            usize::from(x.wrapping_sub(b'a')),
            usize::from(y.wrapping_sub(b'a')),
        );
        if i < w && j < h {
            return Some(Move::Play(Point::new(i as u8, (h - 1 - j) as u8)));
        }
    }
    plain_move_in_full(value, size)
}

/// The move a plain value (none, or two ASCII letters) writes on `size`, by the steps in full:
/// its move as `sgf-parse` reads it ([`plain_move_bytes`]), then r[rec.move] on the board
/// ([`to_move`]); `None` for a point off the board.
#[cold]
fn plain_move_in_full(value: &[u8], size: Size) -> Option<Move> {
    to_move(plain_move_bytes(value)?, size).ok()
}

/// [`node_move`] of the node's `B` and `W`.
fn read_move(
    b: Option<Values<'_>>,
    w: Option<Values<'_>>,
    size: Size,
) -> Option<Result<(Player, Move), String>> {
    let (player, values) = match (b, w) {
        (None, None) => return None,
        (Some(_), Some(_)) => return Some(Err("the node has both a B and a W move".into())),
        (Some(p), None) => (Player::Black, p),
        (None, Some(p)) => (Player::White, p),
    };
    let id = player.letter();
    // Note: a value whose bytes are plain (none, or two ASCII letters) has no white space to
    // trim, so its bytes are read at once; any other single value is trimmed first.
    let plain = match values.only_bytes() {
        Some(bytes) => plain_move_bytes(bytes)
            .or_else(|| values.first().and_then(|v| plain_move(syntax::trim(v)))),
        None => None,
    };
    if let Some(m) = plain {
        return Some(
            to_move(m, size)
                .map(|mv| (player, mv))
                .map_err(|e| format!("{id}{e}: not a point of the board (r[rec.move])")),
        );
    }
    let values: Vec<String> = values.iter().map(|v| v.trim().to_string()).collect();
    Some(match Prop::new(id.to_string(), values.clone()) {
        Prop::B(m) | Prop::W(m) => to_move(m, size)
            .map(|mv| (player, mv))
            .map_err(|e| format!("{id}{e}: not a point of the board (r[rec.move])")),
        _ => Err(format!(
            "{id}[{}] is not a move (r[rec.move])",
            values.join("][")
        )),
    })
}

/// The player a `PL` value names: `B`, `W`, or FF[3]'s `1`, `2`.
fn pl_player(value: &str) -> Option<Player> {
    match value.trim() {
        "B" | "b" | "1" => Some(Player::Black),
        "W" | "w" | "2" => Some(Player::White),
        _ => None,
    }
}

/// `PL`'s player (`B`, `W`; `1`, `2` with a warning).
fn pl(value: &str, node: usize, warn: &mut Warn) -> Option<Player> {
    match value.trim() {
        "B" | "b" | "W" | "w" => pl_player(value),
        "1" | "2" => {
            warn.push(
                "pl-old",
                Some(node),
                format!(
                    "PL[{value}] is FF[3]'s spelling of PL[{}] (r[rec.setup])",
                    if value.trim() == "1" { "B" } else { "W" }
                ),
            );
            Some(if value.trim() == "1" {
                Player::Black
            } else {
                Player::White
            })
        }
        other => {
            warn.push(
                "pl-old",
                Some(node),
                format!("PL[{other}] is not B or W; ignored (r[rec.setup])"),
            );
            None
        }
    }
}

/// Reads the board, setup and moves of `tree` (r[rec.setup] to r[rec.stop.bad-move]).
/// `handicap` is `HA` (or `--handicap`), already read: `None` when absent or no handicap.
pub fn read(tree: &RawTree, handicap: Option<u32>, warn: &mut Warn) -> Result<Parts, RecordError> {
    let size = size(&tree.node(0))?;
    let first_move = tree
        .nodes()
        .position(|n| n.held().intersects(Held::MOVE))
        .unwrap_or(tree.len());
    let SetupNodes {
        mut grid,
        stones: [blacks, whites],
        to_move_pl,
    } = setup_nodes(tree, first_move, size, warn)?;
    debug_assert_eq!(
        [blacks, whites],
        [grid.count(Colour::Black), grid.count(Colour::White)]
    );
    let blacks = blacks as u32;
    let has_stones = blacks > 0 || whites > 0;
    let first_player = (first_move < tree.len())
        .then(|| tree.node(first_move))
        .and_then(|n| match node_move(&n, size) {
            Some(Ok((p, _))) => Some(p),
            _ => None,
        });
    let white_first = first_player == Some(Player::White) || to_move_pl == Some(Player::White);
    let declared = match handicap {
        Some(n) if has_stones => handicap_stones(n, blacks, whites, warn),
        Some(n) if white_first => handicap_placed(n, size, &mut grid, warn),
        _ => Declared::default(),
    };
    let placed_fixed = declared.placed_fixed;
    let setup_stones = has_stones || placed_fixed;
    let to_move = player_to_move(
        to_move_pl,
        first_player,
        setup_stones && declared.stones >= 2,
        !setup_stones && handicap.is_none(),
        (first_move < tree.len()).then_some(first_move),
        warn,
    );
    let setup = Setup {
        grid,
        to_move,
        handicap: if setup_stones { declared.stones } else { 0 },
    };
    // r[rec.handicap.moves]: with no stones and Black to move, the opening may place them.
    let opening = !setup_stones && to_move != Player::White;
    let (line, stop) = read_moves(tree, first_move, size, to_move, opening, warn);
    if let Some(n) = handicap {
        handicap_after_moves(
            n,
            setup_stones,
            placed_fixed,
            first_player,
            line.opening_blacks,
            warn,
        );
    }
    Ok(Parts {
        size,
        setup,
        moves: line.moves,
        stop,
    })
}

/// What the nodes before the first move set up.
struct SetupNodes {
    grid: Grid,
    /// How many points of the grid are black and white (`Grid::count`), counted as they are
    /// set.
    stones: [usize; 2],
    /// The player the last readable `PL` names.
    to_move_pl: Option<Player>,
}

/// r[rec.setup]: every node before the first move, its `AB`, `AW`, `AE` and `PL`; a warning
/// when the stones are placed in more than one node.
fn setup_nodes(
    tree: &RawTree,
    first_move: usize,
    size: Size,
    warn: &mut Warn,
) -> Result<SetupNodes, RecordError> {
    let mut grid = Grid::empty(size);
    let mut stones = [0; 2];
    let mut stone_nodes = 0;
    let mut to_move_pl = None;
    for (i, node) in tree.nodes().take(first_move).enumerate() {
        let mut placed = false;
        for (id, colour) in [
            ("AB", Colour::Black),
            ("AW", Colour::White),
            ("AE", Colour::Empty),
        ] {
            if let Some(p) = node.get(id) {
                let ps = values_points(id, p.values, size).map_err(|e| {
                    RecordError::new("setup", Some(i), format!("{e} (r[rec.setup])"))
                })?;
                placed |= colour != Colour::Empty && !ps.is_empty();
                for q in ps {
                    // The grid's counts of black and white points, kept as each point is set
                    // (the grid starts empty): what `Grid::count` would count at the end.
                    let was = grid.get(q);
                    for (n, c) in stones.iter_mut().zip([Colour::Black, Colour::White]) {
                        *n = *n + usize::from(colour == c) - usize::from(was == c);
                    }
                    grid.set(q, colour);
                }
            }
        }
        stone_nodes += usize::from(placed);
        if let Some(v) = node.value("PL") {
            if let Some(p) = pl(v, i, warn) {
                to_move_pl = Some(p);
            }
        }
    }
    if stone_nodes > 1 {
        warn.push(
            "setup-nodes",
            None,
            format!("the setup is spread over {stone_nodes} nodes before the first move; all of them are the setup (r[rec.setup])"),
        );
    }
    Ok(SetupNodes {
        grid,
        stones,
        to_move_pl,
    })
}

/// r[rec.setup.player]: the player to move at the start: `PL`'s, else the first move's (a
/// warning when White moves first with `bare`, no setup and no handicap), else White after a
/// handicap of 2 or more (`handicap_given`), else Black. `node` is the first move's.
fn player_to_move(
    to_move_pl: Option<Player>,
    first_player: Option<Player>,
    handicap_given: bool,
    bare: bool,
    node: Option<usize>,
    warn: &mut Warn,
) -> Player {
    match (to_move_pl, first_player) {
        (Some(p), _) => p,
        (None, Some(p)) => {
            if p == Player::White && bare {
                warn.push(
                    "first-player",
                    node,
                    "White makes the first move with no setup and no handicap; White is to move at the start (r[rec.setup.player])".into(),
                );
            }
            p
        }
        (None, None) if handicap_given => Player::White,
        (None, None) => Player::Black,
    }
}

/// The moves of the main line as they are read, and what the next node is read against.
struct Line {
    moves: Vec<RecordMove>,
    /// The player whose move comes next.
    expected: Player,
    /// Whether Black's moves are still the opening's handicap stones (r[rec.handicap.moves]).
    in_opening: bool,
    /// Black's moves in a row at the start, while `in_opening`.
    opening_blacks: u32,
    /// The last empty node since the last move.
    empty_node: Option<usize>,
}

/// The moves from the first move on, and r[rec.stop.*] as the record gives them.
fn read_moves(
    tree: &RawTree,
    first_move: usize,
    size: Size,
    to_move: Player,
    opening: bool,
    warn: &mut Warn,
) -> (Line, Option<Stop>) {
    let mut line = Line {
        moves: Vec::with_capacity(tree.len() - first_move.min(tree.len())),
        expected: to_move,
        in_opening: opening,
        opening_blacks: 0,
        empty_node: None,
    };
    let mut i = first_move;
    while i < tree.len() {
        if !line.in_opening {
            // The usual nodes, in a run: what `Line::node` does for each, in short.
            i = line.plain_turns(tree, i, size);
            if i >= tree.len() {
                break;
            }
        }
        let node = tree.node(i);
        if node.is_empty() {
            line.empty_node = Some(i);
        } else if let Err(stop) = line.node(i, &node, size, warn) {
            return (line, Some(stop));
        }
        i += 1;
    }
    (line, None)
}

impl Line {
    /// Where the record stops at `node`, after the moves read so far.
    fn stop(&self, node: usize, cause: StopCause, text: String) -> Stop {
        Stop {
            node,
            move_number: self.moves.len() + 1,
            cause,
            text,
        }
    }

    /// Pushes `player`'s move `mv` of `node`; the opponent is expected next.
    #[inline]
    fn push(&mut self, node: usize, player: Player, mv: Move, resume: bool) {
        self.moves.push(RecordMove {
            node,
            player,
            mv,
            implied: false,
            resume,
        });
        self.expected = player.opponent();
    }

    /// Reads node `i`, not empty: its move, if any, or where the record stops.
    fn node(
        &mut self,
        i: usize,
        node: &RawNode<'_>,
        size: Size,
        warn: &mut Warn,
    ) -> Result<(), Stop> {
        let found = MoveNode::of(node);
        if let Some(id) = found.setup {
            return Err(self.stop(i, StopCause::SetupAfterFirstMove, format!("{id} in a node after the first move: a game is set up once, before its first turn (r[rec.stop.setup])")));
        }
        let mv = match plain_node_move(found.b, found.w, size) {
            Some(m) => Some(Ok(m)),
            None => read_move(found.b, found.w, size),
        };
        if let Some(v) = found.pl {
            self.pl_after_first_move(i, v, &mv, warn)?;
        }
        let (player, mv) = match mv {
            None => return Ok(()),
            Some(Err(e)) => {
                return Err(self.stop(i, StopCause::BadMove, format!("{e} (r[rec.stop.bad-move])")))
            }
            Some(Ok(m)) => m,
        };
        if self.in_opening && player == Player::Black && matches!(mv, Move::Play(_)) {
            self.opening_move(i, mv, found.resume);
            return Ok(());
        }
        self.in_opening = false;
        self.turn(i, player, mv, found.resume, warn);
        Ok(())
    }

    /// r[rec.stop.setup], r[rec.stop.setup.pl-after-move]: a `PL[v]` of node `i` that names
    /// neither the mover nor the player expected: in the node of a move it names the player
    /// after it (a warning), else the record stops.
    fn pl_after_first_move(
        &self,
        i: usize,
        v: &str,
        mv: &Option<Result<(Player, Move), String>>,
        warn: &mut Warn,
    ) -> Result<(), Stop> {
        let named = pl_player(v);
        let mover = match mv {
            Some(Ok((p, _))) => Some(*p),
            _ => Some(self.expected),
        };
        if named.is_none() || named == mover || named == Some(self.expected) {
            return Ok(());
        }
        if let Some(Ok((p, _))) = mv {
            warn.push(
                "pl-after-move",
                Some(i),
                format!("PL[{v}] in the node of a {p} move names the player to move after it; redundant, ignored (r[rec.stop.setup.pl-after-move])"),
            );
            Ok(())
        } else {
            Err(self.stop(i, StopCause::SetupAfterFirstMove, format!("PL[{v}] after the first move names the player who is not to move (r[rec.stop.setup])")))
        }
    }

    /// r[rec.handicap.moves]: Black's stone `mv` of node `i` at the start is a handicap stone,
    /// after White's implied pass when it is not the first.
    fn opening_move(&mut self, i: usize, mv: Move, resume: bool) {
        if !self.moves.is_empty() {
            self.moves.push(RecordMove {
                node: i,
                player: Player::White,
                mv: Move::Pass,
                implied: true,
                resume: false,
            });
        }
        self.opening_blacks += 1;
        self.push(i, Player::Black, mv, resume);
    }

    /// `player`'s move `mv` of node `i` after the opening, with the other player's pass before
    /// it when `player` is not expected: an empty node's (r[rec.move]) or an implied one
    /// (r[rec.move.implied-pass]).
    fn turn(&mut self, i: usize, player: Player, mv: Move, resume: bool, warn: &mut Warn) {
        let expected = self.expected;
        if player != expected {
            if let Some(n) = self.empty_node.filter(|_| !self.moves.is_empty()) {
                // r[rec.move]: an empty node between two moves of one player is the other's pass.
                warn.push(
                    "empty-node-pass",
                    Some(n),
                    format!("the empty node between two {player} moves is read as a pass by {expected} (r[rec.move])"),
                );
                self.moves
                    .push(RecordMove::written(n, expected, Move::Pass));
                self.expected = player;
            }
        }
        self.empty_node = None;
        if player != self.expected {
            // r[rec.move.implied-pass]: the other player's pass, left out of the record.
            self.moves
                .push(implied::pass(i, self.expected, self.moves.len() + 1, warn));
        }
        self.push(i, player, mv, resume);
    }
}

#[cfg(test)]
mod tests;
