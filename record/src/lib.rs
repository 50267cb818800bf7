//! # ttrules-record
//!
//! Reading game records: spec Part III, "game records" (sections 16 to 19, clauses `rec.*`), and
//! what is built on it: the SGF writer, the replay pipeline of `ttrules replay` and the rulesets
//! comparison of `replay --compare`.
//!
//! | module | section | clauses |
//! | --- | --- | --- |
//! | [`decode`] | 16 | r[rec.decode.values], r[rec.decode.mismatch], r[rec.decode.replace] |
//! | [`syntax`] | 16 | r[rec.syntax], r[rec.recover], r[rec.trees], r[rec.main-line] |
//! | [`setup`], `implied` | 16, 17, 19 | r[rec.size], r[rec.move], r[rec.move.implied-pass], r[rec.setup], r[rec.handicap] …, r[rec.stop.setup], r[rec.stop.setup.pl-after-move], r[rec.stop.bad-move] |
//! | [`rules`] | 18 | r[rec.rules] (the one ruleset grammar and spelling table), r[rec.komi], r[rec.komi.fox] |
//! | [`result`] | 18 | r[rec.result] (the one result grammar), r[rec.result.agree] |
//! | this file | 16, 18, 19 | r[rec.warnings], r[rec.dead], r[rec.override], r[rec.stop] |
//! | [`write`](mod@write) | | the one SGF writer: a game, or any record built with [`GameTree`] and [`Node`] |
//! | [`replay`] | 19 | replaying records on an engine: one, a file, many in parallel; the JSON document |
//! | [`compare`] | | one game under every named ruleset, the identities checked |
//! | [`dead_from`] | 18 | where the dead stones of an unmarked record come from: r[rec.dead.source], r[rec.dead.proven], r[rec.dead.engine] (through [`dead_from::JudgeDead`]) |
//! | [`input`] | | reading record files: regular files only, at most [`input::MAX_FILE_BYTES`] |
//! | `reading` | 16, 19 | a file's games: the syntax in one pass or two, the encoding chosen, each tree read as a game ([`read`], [`read_each`], [`read_game`]) |
//! | [`json`] | | exact numbers and rulesets as JSON |
//! | [`shard`] | | sharded jobs: the shard `K/N`, the stable split, shard files written by rename, the checks of a merge |
//!
//! The entry point is [`read`]: the bytes of a file, its name and the caller's overrides in,
//! every game of the file out, each with its setup, rules, komi, moves, dead-stone marks, result,
//! warnings and the point where it stops being a game, if it does.
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! ```
//! use ttrules_record::replay::{replay_record, Options, RecordOutcome};
//! use ttrules_record::{read, Overrides};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[];W[])";
//! let file = read(sgf, "game.sgf", &Overrides::default()).unwrap();
//! let game = file.games.into_iter().next().unwrap().unwrap();
//! assert_eq!(game.moves.len(), 4);
//! let replayed = replay_record(game, &Options::default()).unwrap();
//! assert_eq!(replayed.outcome, RecordOutcome::Over);
//! assert_eq!(replayed.replay.outcome.sgf_result(), "W+7");
//! ```

pub mod compare;
pub mod dead_from;
pub mod decode;
mod implied;
pub mod input;
pub mod json;
mod reading;
pub mod replay;
pub mod rules;
pub mod setup;
pub mod shard;
pub mod syntax;
pub mod write;

pub use reading::{read, read_each, read_game};
/// The result grammar (r[rec.result]) is `ttrules-spec`'s, the one reader of result strings.
pub use ttrules_spec::result::{self, RecordResult, ResultKind};
pub use write::{write, write_resumed, GameTree, Node};

use serde::Serialize;
use std::fmt;
use ttrules_spec::{Clause, Colour, Grid, Komi, Move, Player, Point, Rules, Setup, Size};

/// A warning of r[rec.warnings]: a kind, the main-line node it concerns (none: the whole file) and
/// a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Warning {
    pub kind: &'static str,
    pub node: Option<usize>,
    pub text: String,
}

/// The warnings r[rec.warnings] lets `--strict` accept: they describe `FF[4]` records read as
/// `FF[4]` says.
pub const STRICT_ACCEPTS: &[&str] = &[
    "setup-nodes",
    "handicap-moves",
    "dead-marks",
    "encoding-guessed",
];

/// A list of warnings being gathered.
#[derive(Clone, Debug, Default)]
pub struct Warn {
    pub list: Vec<Warning>,
}

impl Warn {
    pub fn push(&mut self, kind: &'static str, node: Option<usize>, text: String) {
        self.list.push(Warning { kind, node, text });
    }

    pub fn kinds(&self) -> Vec<&'static str> {
        self.list.iter().map(|w| w.kind).collect()
    }
}

/// What the command line says instead of the record (r[rec.override]).
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--rules`: the rules and the komi their name carries.
    pub rules: Option<(Rules, Option<Komi>)>,
    pub komi: Option<Komi>,
    pub handicap: Option<u32>,
    pub strict: bool,
}

/// One move of the main line and where it stands in the file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The node's position on the main line, the root being node 0.
    pub node: usize,
    pub player: Player,
    pub mv: Move,
    /// A pass the record does not write: White's between handicap stones (r[rec.handicap.moves]),
    /// or the pass a move by the player not to move implies (r[rec.move.implied-pass]).
    pub implied: bool,
    /// The node has `RESUME`: play resumes before this move if the game has ended
    /// (r[rec.resume]).
    pub resume: bool,
}

/// The causes of r[rec.stop].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StopCause {
    AfterEnd,
    OutOfTurn,
    SetupAfterFirstMove,
    BadMove,
}

impl StopCause {
    pub fn word(self) -> &'static str {
        match self {
            StopCause::AfterEnd => "after-end",
            StopCause::OutOfTurn => "out-of-turn",
            StopCause::SetupAfterFirstMove => "setup-after-first-move",
            StopCause::BadMove => "bad-move",
        }
    }

    pub fn clause(self) -> Clause {
        match self {
            StopCause::AfterEnd => Clause::RecStopAfterEnd,
            StopCause::OutOfTurn => Clause::RecStopOutOfTurn,
            StopCause::SetupAfterFirstMove => Clause::RecStopSetup,
            StopCause::BadMove => Clause::RecStopBadMove,
        }
    }
}

/// Where and why a record stops being a game (r[rec.stop]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    pub node: usize,
    /// The number of the move that would have come next (from 1, implied passes included).
    pub move_number: usize,
    pub cause: StopCause,
    pub text: String,
}

/// The territory marks of the last main-line node (r[rec.dead]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub node: usize,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
}

impl Marks {
    /// r[rec.dead]: the dead stones the marks give on `grid`, the final colouring: each stone on
    /// a point marked as the other colour's territory; and r[rec.dead.enclosed]: each stone of a
    /// chain whose every liberty is marked as the other colour's territory. Sorted (by column,
    /// then row: the order of [`Point`]), each once; marks off the grid mark nothing.
    pub fn dead(&self, grid: &Grid) -> Vec<Point> {
        let size = grid.size();
        let mut dead = vec![false; size.area()];
        for (marks, victim) in [(&self.black, Player::White), (&self.white, Player::Black)] {
            Self::mark_dead(grid, marks, victim.colour(), &mut dead);
        }
        let (w, h) = (size.width(), size.height());
        let mut out = Vec::new();
        for x in 0..w {
            for y in 0..h {
                if dead[y * w + x] {
                    out.push(Point::new(x as u8, y as u8));
                }
            }
        }
        out
    }

    /// Sets in `dead` (by point index) each stone of colour `victim` on a point of
    /// `opponent_marks`, and r[rec.dead.enclosed]: each stone of a `victim` chain
    /// (r[tt.derived.chain]) each of whose liberties is in `opponent_marks`.
    fn mark_dead(grid: &Grid, opponent_marks: &[Point], victim: Colour, dead: &mut [bool]) {
        let size = grid.size();
        let (w, h, cells) = (size.width(), size.height(), grid.cells());
        let mut marked = vec![false; cells.len()];
        for &p in opponent_marks.iter().filter(|&&p| size.contains(p)) {
            let i = size.index(p);
            marked[i] = true;
            dead[i] |= cells[i] == victim;
        }
        // Each chain by a flood from its first stone; a chain is enclosed unless one of its
        // stones is next to an empty point that is not marked.
        let mut seen = vec![false; cells.len()];
        let mut chain = Vec::new();
        for first in 0..cells.len() {
            if cells[first] != victim || seen[first] {
                continue;
            }
            seen[first] = true;
            chain.clear();
            chain.push(first);
            let mut enclosed = true;
            let mut k = 0;
            while let Some(&i) = chain.get(k) {
                k += 1;
                let (x, y) = (i % w, i / w);
                let mut visit = |j: usize| match cells[j] {
                    Colour::Empty => enclosed &= marked[j],
                    c if c == victim && !seen[j] => {
                        seen[j] = true;
                        chain.push(j);
                    }
                    _ => {}
                };
                if x > 0 {
                    visit(i - 1);
                }
                if x + 1 < w {
                    visit(i + 1);
                }
                if y > 0 {
                    visit(i - w);
                }
                if y + 1 < h {
                    visit(i + w);
                }
            }
            if enclosed {
                for &i in &chain {
                    dead[i] = true;
                }
            }
        }
    }
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

/// Where a part of a game comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The record: `RU`, `KM`, or the territory marks `TB`/`TW` (r[rec.dead]).
    Record,
    /// The caller's overrides, the command line's `--rules`, `--komi`, `--dead` (r[rec.override]).
    CommandLine,
    /// Neither: tromp-taylor, the ruleset's komi, no dead stones.
    Default,
}

impl Source {
    /// `value` when it is the record's own.
    pub fn of_record<T>(self, value: T) -> Option<T> {
        (self == Source::Record).then_some(value)
    }
}

/// One game of a file: everything needed to replay it (r[rec.trees]), and where its rules and
/// komi come from. The one game-record model of the workspace.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The file's name, as given.
    pub file: String,
    /// The record's number in the file, from 1, and how many the file has.
    pub tree: usize,
    pub trees: usize,
    pub size: Size,
    pub rules: Rules,
    pub komi: Komi,
    pub setup: Setup,
    pub moves: Vec<RecordMove>,
    /// The territory marks of the last main-line node, when it has some.
    pub marks: Option<Marks>,
    /// The last node of the main line.
    pub last_node: usize,
    pub result: Option<RecordResult>,
    pub warnings: Vec<Warning>,
    /// Where the record stops being a game, as far as reading tells (a move after the end is
    /// found by the replay).
    pub stop: Option<Stop>,
    /// The text encoding (WHATWG name).
    pub encoding: &'static str,
    /// Variations beside the main line (not replayed).
    pub variations: usize,
    /// Where the rules and the komi come from: the record (`RU`, `KM`), the caller's overrides
    /// (r[rec.override]) or neither (tromp-taylor, the ruleset's komi). A `RU` names the rules
    /// even when it names no ruleset ttrules knows (tromp-taylor is then played, with a warning);
    /// a `KM` that counts as absent (r[rec.komi], r[rec.komi.fox]) is not the record's komi.
    pub rules_from: Source,
    pub komi_from: Source,
    /// The players' names (`PB`, `PW`), decoded (r[rec.decode.values]).
    pub black_name: Option<String>,
    pub white_name: Option<String>,
}

/// A record that is refused (status 2): a kind (`not-go`, `size`, `setup`, `strict`), the node
/// and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub kind: &'static str,
    pub node: Option<usize>,
    pub message: String,
}

impl RecordError {
    pub fn new(kind: &'static str, node: Option<usize>, message: String) -> RecordError {
        RecordError {
            kind,
            node,
            message,
        }
    }
}

/// `root node: …`, `node N: …` or the message alone: how a located message is written.
pub(crate) fn write_at(
    f: &mut fmt::Formatter<'_>,
    node: Option<usize>,
    message: &str,
) -> fmt::Result {
    match node {
        Some(0) => write!(f, "root node: {message}"),
        Some(n) => write!(f, "node {n}: {message}"),
        None => f.write_str(message),
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_at(f, self.node, &self.message)
    }
}

impl std::error::Error for RecordError {}

/// A file that cannot be read at all (r[rec.syntax]), at a line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {} (r[rec.syntax])",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ReadError {}

/// Every record of a file: each a game or the reason it is refused.
#[derive(Clone, Debug)]
pub struct FileRecords {
    pub encoding: &'static str,
    pub games: Vec<Result<GameRecord, RecordError>>,
}

/// r[rec.handicap]: the value of `HA` (`None`: absent or no handicap).
fn handicap(root: &syntax::RawNode<'_>, warn: &mut Warn) -> Option<u32> {
    let v = root.value("HA")?;
    match v.parse::<i64>() {
        Ok(n) if n < 0 => {
            warn.push(
                "handicap-value",
                Some(0),
                format!("HA[{v}] is negative; read as no HA (r[rec.handicap])"),
            );
            None
        }
        Ok(n) if n <= 1 => None,
        Ok(n) => Some(n.min(i64::from(u32::MAX)) as u32),
        Err(_) => {
            warn.push(
                "handicap-value",
                Some(0),
                format!("HA[{v}] is not a whole number; read as no HA (r[rec.handicap])"),
            );
            None
        }
    }
}

fn game(
    tree: &syntax::RawTree<'_>,
    file: &str,
    index: usize,
    trees: usize,
    encoding: &'static str,
    ov: &Overrides,
    warn: &mut Warn,
) -> Result<GameRecord, RecordError> {
    let root = tree.node(0);
    if let Some(gm) = root.value("GM") {
        if !gm.is_empty() && gm != "1" {
            return Err(RecordError::new(
                "not-go",
                Some(0),
                format!("GM[{gm}]: not a game of Go (r[rec.trees])"),
            ));
        }
    }
    // r[rec.override]: what the command line replaces is not read, and so gives no warning.
    let ha = match ov.handicap {
        Some(n) => (n >= 2).then_some(n),
        None => handicap(&root, warn),
    };
    let parts = setup::read(tree, ha, warn)?;
    let (rules, named_komi) = match &ov.rules {
        Some((rules, komi)) => (*rules, komi.unwrap_or(Komi::ZERO)),
        None => rules::rules(root.value("RU"), warn),
    };
    let km = root.value("KM");
    let fox = rules::is_fox(
        &root.get("AP").map_or(Vec::new(), |p| p.values.to_vec()),
        root.get("TC").is_some(),
        root.get("TT").is_some(),
    );
    // The komi, and whether it is the record's own (not the command line's, nor the ruleset's
    // default where `KM` counts as absent: r[rec.komi], r[rec.komi.fox]).
    let (komi, komi_given) = match (ov.komi, km) {
        (Some(k), _) => (k, false),
        (None, None) => (named_komi, false),
        (None, Some(km)) => {
            let read = rules::komi(km, warn);
            let ha_zero = root.value("HA").and_then(|v| v.parse::<i64>().ok()) == Some(0);
            match read {
                Some(k) if k == Komi::ZERO && fox && ha_zero && ov.handicap.is_none() => {
                    warn.push(
                        "komi-fox-zero",
                        Some(0),
                        format!("KM[{km}] with HA[0] in a Fox record is the usual komi Fox did not write: the ruleset's komi {named_komi} (r[rec.komi.fox])"),
                    );
                    (named_komi, false)
                }
                Some(k) => (k, true),
                None => (named_komi, false),
            }
        }
    };
    let last_node = tree.len() - 1;
    let last = tree.node(last_node);
    let mark = |id: &str, warn: &mut Warn| match last.get(id) {
        None => Vec::new(),
        Some(p) => match setup::points(id, &p.values.to_vec(), parts.size) {
            Ok(ps) => ps,
            Err(e) => {
                warn.push(
                    "dead-marks",
                    Some(last_node),
                    format!("{e}; the marks are ignored (r[rec.dead])"),
                );
                Vec::new()
            }
        },
    };
    let black = mark("TB", warn);
    let white = mark("TW", warn);
    let marks = (!black.is_empty() || !white.is_empty()).then_some(Marks {
        node: last_node,
        black,
        white,
    });
    Ok(GameRecord {
        file: file.to_string(),
        tree: index,
        trees,
        size: parts.size,
        rules,
        komi,
        setup: parts.setup,
        moves: parts.moves,
        marks,
        last_node,
        result: root.value("RE").map(result::parse),
        warnings: std::mem::take(&mut warn.list),
        stop: parts.stop,
        encoding,
        variations: tree.variations,
        rules_from: if ov.rules.is_some() {
            Source::CommandLine
        } else if root.value("RU").is_some_and(|v| !v.is_empty()) {
            Source::Record
        } else {
            Source::Default
        },
        komi_from: if ov.komi.is_some() {
            Source::CommandLine
        } else if komi_given {
            Source::Record
        } else {
            Source::Default
        },
        black_name: root.value("PB").map(str::to_string),
        white_name: root.value("PW").map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Tax;

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
