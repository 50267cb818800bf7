//! What a page shows, as plain data: the games, their turns, verdicts and counts. The page embeds
//! it as one JSON object (its serde serialisation is the format the page's script reads), so a
//! caller that is not a replay (the referee, `check-engine`, the finish) builds these values
//! directly.
//!
//! Points are written compactly: two letters, the column from `a` at the left and the row from `a`
//! at the **bottom** (as `ttrules_spec::Point`), so `aa` is A1. A list of points is their letters
//! one after another (`aabacc`).

use crate::clause::clause_url;
use serde::Serialize;
use ttrules_spec::{Colour, Grid, Move, Player, Point, Setup};

/// One page: a title and its games (a game list appears when there are several).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Page {
    pub title: String,
    /// A line under the title (what produced the page).
    pub subtitle: String,
    pub games: Vec<Game>,
}

/// One game as the viewer steps through it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Game {
    /// The game's name in the list and above the board.
    pub title: String,
    /// Label and value lines shown beside the board (rules, komi, players, result…).
    pub info: Vec<(String, String)>,
    pub width: u8,
    pub height: u8,
    /// The starting colouring, top row first, as `Grid::rows` writes it (`.`, `X`, `O`).
    pub setup: Vec<String>,
    pub turns: Vec<Turn>,
    /// The texts of the turns' verdicts, each written once (a turn names its verdict by index).
    pub verdicts: Vec<Verdict>,
    /// The panels shown after the last turn: the count, the referee's end protocol…
    pub end: Vec<Panel>,
    /// The turn the page opens at (0: the start), when not the end.
    pub open_at: Option<usize>,
}

/// One turn: who, what, what it emptied, its verdict.
///
/// Written compactly, as an array: `[HEAD, c, v]` where `HEAD` is `p` then `m` (`Bdd`, `W` for a
/// pass), with `!` before it for an illegal turn (`!Bbb`), and a fourth element, an object with
/// `r`, `n` and `flag`, when any of them is set: `["Bdd","",3]`, `["!Bbb","",5,{"r":3}]`.
#[derive(Clone, Debug, Default)]
pub struct Turn {
    /// `B` or `W`.
    pub p: char,
    /// The point played (two letters), empty for a pass.
    pub m: String,
    /// The points the turn emptied (both colours: captures and suicide).
    pub c: String,
    /// The index of the turn's verdict in [`Game::verdicts`].
    pub v: usize,
    /// Whether the turn was legal (an illegal turn leaves the colouring as it was).
    pub ok: bool,
    /// For a repetition: the earlier turn (0: the start) whose colouring the move would recreate.
    pub r: Option<usize>,
    /// What else is said of this turn (a referee's ruling, an engine's other answer, a clock).
    pub n: Vec<String>,
    /// A moment that matters for a reason of the caller's (a difference, a claim): the page can
    /// jump to it.
    pub flag: bool,
}

/// The fourth element of a turn's array: what only some turns have.
#[derive(Serialize)]
struct TurnExtra<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    r: Option<usize>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    n: &'a [String],
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    flag: bool,
}

impl Serialize for Turn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let head = format!("{}{}{}", if self.ok { "" } else { "!" }, self.p, self.m);
        let extra = self.r.is_some() || !self.n.is_empty() || self.flag;
        let mut seq = s.serialize_seq(Some(if extra { 4 } else { 3 }))?;
        seq.serialize_element(&head)?;
        seq.serialize_element(&self.c)?;
        seq.serialize_element(&self.v)?;
        if extra {
            seq.serialize_element(&TurnExtra {
                r: self.r,
                n: &self.n,
                flag: self.flag,
            })?;
        }
        seq.end()
    }
}

/// A verdict's text and the clause that decides it (an id such as `tt.turn.repetition`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub text: String,
    pub clause: String,
    /// The clause's address in the published book ([`crate::clause_url`]).
    pub url: String,
}

/// A panel after the last turn: a board with marks, a table, notes.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Panel {
    pub title: String,
    /// The colouring the marks are drawn on, top row first; empty: the position after turn
    /// [`Panel::at`], else after the last turn.
    pub grid: Vec<String>,
    /// The turn whose colouring the marks are drawn on (0: the start), when `grid` is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<usize>,
    /// One letter per point, top row first, row after row: see [`Mark`].
    pub marks: String,
    /// Column names, then rows of cells.
    pub table: Vec<Vec<String>>,
    pub notes: Vec<String>,
    /// Clauses the panel cites: (id, url).
    pub clauses: Vec<(String, String)>,
}

/// What a point of a panel is marked as.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    None,
    BlackTerritory,
    WhiteTerritory,
    /// An empty point that is no one's (dame, neutral).
    Dame,
    /// A stone counted dead.
    Dead,
    /// A stone in seki.
    Seki,
    /// A stone counted alive (the finish's living stones).
    Alive,
    /// A point of a group that pays the tax.
    Tax,
    /// A stone the players disputed.
    Disputed,
}

impl Mark {
    /// The letter the page's script reads.
    pub const fn letter(self) -> char {
        match self {
            Mark::None => '.',
            Mark::BlackTerritory => 'b',
            Mark::WhiteTerritory => 'w',
            Mark::Dame => 'n',
            Mark::Dead => 'x',
            Mark::Seki => 's',
            Mark::Alive => 'a',
            Mark::Tax => 't',
            Mark::Disputed => 'q',
        }
    }
}

/// Marks of a grid of `width` x `height`, set point by point, written top row first.
#[derive(Clone, Debug)]
pub struct Marks {
    width: usize,
    height: usize,
    cells: Vec<Mark>,
}

impl Marks {
    pub fn new(width: usize, height: usize) -> Marks {
        Marks {
            width,
            height,
            cells: vec![Mark::None; width * height],
        }
    }

    /// Marks `p` (off the grid: ignored).
    pub fn set(&mut self, p: Point, m: Mark) {
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        if x < self.width && y < self.height {
            self.cells[y * self.width + x] = m;
        }
    }

    /// The letters, top row first.
    pub fn letters(&self) -> String {
        (0..self.height)
            .rev()
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .map(|(x, y)| self.cells[y * self.width + x].letter())
            .collect()
    }
}

/// `p` in two letters (column, row from the bottom).
pub fn point_code(p: Point) -> String {
    let mut s = String::with_capacity(2);
    s.push(char::from(b'a' + p.x));
    s.push(char::from(b'a' + p.y));
    s
}

/// A move in two letters, empty for a pass.
pub fn move_code(m: Move) -> String {
    match m {
        Move::Pass => String::new(),
        Move::Play(p) => point_code(p),
    }
}

/// `B` or `W`.
pub fn player_char(p: Player) -> char {
    match p {
        Player::Black => 'B',
        Player::White => 'W',
    }
}

/// The points where `before` holds a stone and `after` does not.
pub fn emptied(before: &Grid, after: &Grid) -> String {
    before
        .size()
        .points()
        .filter(|&p| before.get(p) != Colour::Empty && after.get(p) == Colour::Empty)
        .map(point_code)
        .collect()
}

/// A verdict citing clause `id`.
pub fn verdict(text: impl Into<String>, id: &str) -> Verdict {
    Verdict {
        text: text.into(),
        clause: id.to_string(),
        url: clause_url(id),
    }
}

impl Game {
    /// A game with no turns yet from `setup`: its verdict table starts with the start's (the
    /// page shows `verdicts[0]` before the first turn): the empty board of r[tt.start], or the
    /// setup's stones of r[var.setup] (r[var.handicap] when it declares a handicap).
    pub fn new(title: impl Into<String>, setup: &Setup) -> Game {
        let size = setup.grid.size();
        let start = if setup.is_empty_start() {
            verdict("the start: the empty board, Black to move", "tt.start")
        } else if setup.handicap > 1 {
            verdict(
                format!(
                    "the start: a handicap of {}, {} to move",
                    setup.handicap, setup.to_move
                ),
                "var.handicap",
            )
        } else {
            verdict(
                format!("the start: the setup's stones, {} to move", setup.to_move),
                "var.setup",
            )
        };
        Game {
            title: title.into(),
            width: size.width() as u8,
            height: size.height() as u8,
            setup: setup.grid.rows(),
            verdicts: vec![start],
            ..Game::default()
        }
    }

    /// The index of `v` in the verdict table, added if new.
    pub fn verdict(&mut self, v: Verdict) -> usize {
        match self.verdicts.iter().position(|w| *w == v) {
            Some(i) => i,
            None => {
                self.verdicts.push(v);
                self.verdicts.len() - 1
            }
        }
    }
}
