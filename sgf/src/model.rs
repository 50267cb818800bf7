//! The one game-record model of the workspace: a game read from a record ([`GameRecord`]) and its
//! parts (moves, marks, where it stops: r[rec.stop]), the warnings of r[rec.warnings], the caller's
//! overrides (r[rec.override]) and the errors of reading. Plain data; the bottom of the crate.

use serde::Serialize;
use std::fmt;
use ttrules_spec::result::RecordResult;
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

impl RecordMove {
    /// `player`'s move `mv`, written in node `node` (not implied), without `RESUME`.
    pub(crate) const fn written(node: usize, player: Player, mv: Move) -> RecordMove {
        RecordMove {
            node,
            player,
            mv,
            implied: false,
            resume: false,
        }
    }
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
    ///
    /// Note: one pass over the grid reads the chains of both colours, each by a flood from its
    /// first stone, with one byte of state per point (which colours' marks are on it, whether
    /// its stone was reached, whether it is dead). The test `dead_is_the_plain_reading` compares
    /// it with the reading colour by colour.
    pub fn dead(&self, grid: &Grid) -> Vec<Point> {
        let size = grid.size();
        let (w, h, cells) = (size.width(), size.height(), grid.cells());
        // Bit `MARKED << c` (c = 0 black, 1 white): marked as that colour's territory.
        let mut state = vec![0u8; cells.len()];
        for (marks, c) in [(&self.black, 0), (&self.white, 1)] {
            for &p in marks.iter().filter(|&&p| size.contains(p)) {
                state[size.index(p)] |= MARKED << c;
            }
        }
        let mut chain: Vec<u32> = Vec::new();
        for first in 0..cells.len() {
            // The marks that kill a stone of this colour: the opponent's territory.
            let (victim, kill) = match cells[first] {
                Colour::Black => (Colour::Black, MARKED << 1),
                Colour::White => (Colour::White, MARKED),
                Colour::Empty => continue,
            };
            if state[first] & REACHED != 0 {
                continue;
            }
            state[first] |= REACHED;
            chain.clear();
            chain.push(first as u32);
            let mut enclosed = true;
            let mut k = 0;
            while let Some(&i) = chain.get(k) {
                k += 1;
                let i = i as usize;
                let (x, y) = (i % w, i / w);
                let mut visit = |j: usize| match cells[j] {
                    Colour::Empty => enclosed &= state[j] & kill != 0,
                    c if c == victim && state[j] & REACHED == 0 => {
                        state[j] |= REACHED;
                        chain.push(j as u32);
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
            for &i in &chain {
                let i = i as usize;
                if enclosed || state[i] & kill != 0 {
                    state[i] |= DEAD;
                }
            }
        }
        let mut out = Vec::new();
        for x in 0..w {
            for y in 0..h {
                if state[y * w + x] & DEAD != 0 {
                    out.push(Point::new(x as u8, y as u8));
                }
            }
        }
        out
    }
}

/// [`Marks::dead`]'s state of a point: marked as Black's territory (`MARKED`) and as White's
/// (`MARKED << 1`), its stone reached by a flood, its stone dead.
const MARKED: u8 = 1;
const REACHED: u8 = 4;
const DEAD: u8 = 8;

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
    /// The root's metadata as written: the first value of `BR`, `WR`, `DT`, `EV`, `RU`, `KM`,
    /// `HA`, decoded (r[rec.decode.values]) and trimmed, whatever the reading made of it (a `KM`
    /// that counts as absent, a `RU` overridden by the command line are still here).
    pub meta: RecordMeta,
}

/// A record's root properties as written ([`GameRecord::meta`]): text, not read as rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordMeta {
    pub black_rank: Option<String>,
    pub white_rank: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub ru: Option<String>,
    pub km: Option<String>,
    pub ha: Option<String>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The dead stones the marks give, colour by colour, as the rules say them: each `victim`
    /// stone on a point of `opponent_marks`, and each stone of a `victim` chain whose every
    /// liberty is in `opponent_marks`.
    fn dead_plain(m: &Marks, grid: &Grid) -> Vec<Point> {
        let size = grid.size();
        let (w, h, cells) = (size.width(), size.height(), grid.cells());
        let mut dead = vec![false; cells.len()];
        for (marks, victim) in [(&m.black, Colour::White), (&m.white, Colour::Black)] {
            let mut marked = vec![false; cells.len()];
            for &p in marks.iter().filter(|&&p| size.contains(p)) {
                marked[size.index(p)] = true;
            }
            let chain_of = |first: usize| {
                let mut chain = vec![first];
                let mut k = 0;
                while k < chain.len() {
                    let i = chain[k];
                    k += 1;
                    let (x, y) = (i % w, i / w);
                    let mut next = vec![];
                    if x > 0 {
                        next.push(i - 1);
                    }
                    if x + 1 < w {
                        next.push(i + 1);
                    }
                    if y > 0 {
                        next.push(i - w);
                    }
                    if y + 1 < h {
                        next.push(i + w);
                    }
                    for j in next {
                        if cells[j] == victim && !chain.contains(&j) {
                            chain.push(j);
                        }
                    }
                }
                chain
            };
            let liberties = |chain: &[usize]| {
                let mut libs = vec![];
                for &i in chain {
                    let (x, y) = (i % w, i / w);
                    for (ok, j) in [
                        (x > 0, i.wrapping_sub(1)),
                        (x + 1 < w, i + 1),
                        (y > 0, i.wrapping_sub(w)),
                        (y + 1 < h, i + w),
                    ] {
                        if ok && cells[j] == Colour::Empty {
                            libs.push(j);
                        }
                    }
                }
                libs
            };
            for i in 0..cells.len() {
                if cells[i] != victim {
                    continue;
                }
                let chain = chain_of(i);
                if marked[i] || liberties(&chain).iter().all(|&j| marked[j]) {
                    dead[i] = true;
                }
            }
        }
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// r[rec.dead], r[rec.dead.enclosed]: the one-pass reading is the plain one, on random
        /// colourings of small boards (few liberties, so that chains are often enclosed) with
        /// random marks, some off the grid.
        #[test]
        fn dead_is_the_plain_reading(
            (width, height) in (1u8..8, 1u8..8),
            cells in proptest::collection::vec(0u8..5, 64),
            black in proptest::collection::vec((0u8..9, 0u8..9), 0..30),
            white in proptest::collection::vec((0u8..9, 0u8..9), 0..30),
        ) {
            let size = ttrules_spec::Size::new(u32::from(width), u32::from(height)).unwrap();
            let colours: Vec<Colour> = cells[..size.area()]
                .iter()
                .map(|&c| match c {
                    0 | 1 => Colour::Black,
                    2 | 3 => Colour::White,
                    _ => Colour::Empty,
                })
                .collect();
            let grid = Grid::from_cells(size, colours);
            let marks = Marks {
                node: 0,
                black: black.iter().map(|&(x, y)| Point::new(x, y)).collect(),
                white: white.iter().map(|&(x, y)| Point::new(x, y)).collect(),
            };
            let dead = marks.dead(&grid);
            prop_assert_eq!(&dead, &dead_plain(&marks, &grid));
        }
    }
}
