//! A board as SVG: the grid with GTP coordinates, stones, dead stones (faded, crossed), eye and
//! shared marks (a hash sign, ﹟, on a disc of the owner's colour) and territory (a small square of
//! the owner's colour). The output is deterministic (whole-number coordinates, fixed order), so
//! snapshot tests can read it.

use std::fmt::Write as _;
use std::path::Path;
use ttrules_spec::{Colour, Grid, Player, Point};

/// The distance between two lines, and the margin that holds the coordinates.
const CELL: i32 = 32;
const MARGIN: i32 = 32;
const STONE: i32 = 15;

/// What a mark on an empty point is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A reserved eye point of this player.
    Eye(Player),
    /// A shared point (公气).
    Shared,
}

/// Everything drawn on one board.
#[derive(Clone, Debug)]
pub struct Board<'a> {
    /// The stones (dead stones included).
    pub grid: &'a Grid,
    /// Stones drawn faded with a cross.
    pub dead: Vec<Point>,
    /// Marks on empty points (or on dead stones' points).
    pub marks: Vec<(Point, Mark)>,
    /// Points drawn with a territory square.
    pub territory: Vec<(Point, Player)>,
    /// The document's `<title>`.
    pub title: String,
}

impl<'a> Board<'a> {
    /// The board of `grid` with nothing marked.
    pub fn new(grid: &'a Grid, title: impl Into<String>) -> Board<'a> {
        Board {
            grid,
            dead: Vec::new(),
            marks: Vec::new(),
            territory: Vec::new(),
            title: title.into(),
        }
    }
}

/// The centre of point `p` in pixels.
fn centre(g: &Grid, p: Point) -> (i32, i32) {
    let top = g.size().height() as i32 - 1;
    (
        MARGIN + i32::from(p.x) * CELL,
        MARGIN + (top - i32::from(p.y)) * CELL,
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The SVG document of `b`.
pub fn render(b: &Board) -> String {
    let g = b.grid;
    let (w, h) = (g.size().width() as i32, g.size().height() as i32);
    let (width, height) = (2 * MARGIN + (w - 1) * CELL, 2 * MARGIN + (h - 1) * CELL);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&b.title));
    let _ = writeln!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#e3b964"/>"##
    );
    lines(&mut s, w, h);
    coordinates(&mut s, w, h, width, height);
    stones(&mut s, b);
    territory(&mut s, b);
    marks(&mut s, b);
    dead_crosses(&mut s, b);
    s.push_str("</svg>\n");
    s
}

/// Writes the `w` × `h` lines of the board.
fn lines(s: &mut String, w: i32, h: i32) {
    let (x0, y0) = (MARGIN, MARGIN);
    let (x1, y1) = (MARGIN + (w - 1) * CELL, MARGIN + (h - 1) * CELL);
    let _ = writeln!(s, r##"<g stroke="#000" stroke-width="1">"##);
    for i in 0..w {
        let x = MARGIN + i * CELL;
        let _ = writeln!(s, r#"<line x1="{x}" y1="{y0}" x2="{x}" y2="{y1}"/>"#);
    }
    for j in 0..h {
        let y = MARGIN + j * CELL;
        let _ = writeln!(s, r#"<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}"/>"#);
    }
    let _ = writeln!(s, "</g>");
}

/// Writes the coordinates on all four sides: GTP letters above and below, numbers left and right
/// (`width` × `height` is the document's size in pixels).
fn coordinates(s: &mut String, w: i32, h: i32, width: i32, height: i32) {
    let _ = writeln!(s, r##"<g fill="#000" text-anchor="middle">"##);
    for i in 0..w {
        let x = MARGIN + i * CELL;
        let letter = Point::new(i as u8, 0).gtp();
        let letter = letter.trim_end_matches(|c: char| c.is_ascii_digit());
        let (top, bottom) = (MARGIN / 2 - 2, height - MARGIN / 2 + 10);
        let _ = writeln!(s, r#"<text x="{x}" y="{top}">{letter}</text>"#);
        let _ = writeln!(s, r#"<text x="{x}" y="{bottom}">{letter}</text>"#);
    }
    for j in 0..h {
        let y = MARGIN + j * CELL + 4;
        let n = h - j;
        let (left, right) = (MARGIN / 2 - 4, width - MARGIN / 2 + 4);
        let _ = writeln!(s, r#"<text x="{left}" y="{y}">{n}</text>"#);
        let _ = writeln!(s, r#"<text x="{right}" y="{y}">{n}</text>"#);
    }
    let _ = writeln!(s, "</g>");
}

/// Writes the stones of `b`'s grid, dead ones faded.
fn stones(s: &mut String, b: &Board) {
    let g = b.grid;
    for p in g.size().points() {
        let Some(player) = g.get(p).player() else {
            continue;
        };
        let (cx, cy) = centre(g, p);
        let (fill, stroke) = colours(player);
        let dead = b.dead.contains(&p);
        let opacity = if dead { r#" opacity="0.45""# } else { "" };
        let _ = writeln!(
            s,
            r#"<circle cx="{cx}" cy="{cy}" r="{STONE}" fill="{fill}" stroke="{stroke}" stroke-width="1"{opacity}/>"#
        );
    }
}

/// Writes a small square of the owner's colour on each territory point of `b`.
fn territory(s: &mut String, b: &Board) {
    for &(p, player) in &b.territory {
        let (cx, cy) = centre(b.grid, p);
        let (fill, stroke) = colours(player);
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="10" height="10" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
            cx - 5,
            cy - 5
        );
    }
}

/// Writes the eye and shared marks of `b`: a hash sign on a disc.
fn marks(s: &mut String, b: &Board) {
    for &(p, mark) in &b.marks {
        let (cx, cy) = centre(b.grid, p);
        let (disc, ink) = match mark {
            Mark::Eye(Player::Black) => ("#111", "#fafafa"),
            Mark::Eye(Player::White) => ("#fafafa", "#111"),
            Mark::Shared => ("#8e8e8e", "#111"),
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{cx}" cy="{cy}" r="9" fill="{disc}" stroke="#111" stroke-width="1"/>"##
        );
        let _ = writeln!(
            s,
            r#"<path d="M{} {}v10M{} {}v10M{} {}h10M{} {}h10" stroke="{ink}" stroke-width="1.5"/>"#,
            cx - 2,
            cy - 5,
            cx + 2,
            cy - 5,
            cx - 5,
            cy - 2,
            cx - 5,
            cy + 2
        );
    }
}

/// Writes a cross on each dead stone of `b` (points off the board or empty are skipped), drawn
/// last so that it shows through a mark.
fn dead_crosses(s: &mut String, b: &Board) {
    let g = b.grid;
    for &p in &b.dead {
        if !g.size().contains(p) || g.get(p) == Colour::Empty {
            continue;
        }
        let (cx, cy) = centre(g, p);
        let d = 11;
        let _ = writeln!(
            s,
            r##"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="#c0392b" stroke-width="2.5"/>"##,
            cx - d,
            cy - d,
            cx + d,
            cy + d,
            cx - d,
            cy + d,
            cx + d,
            cy - d
        );
    }
}

/// The fill and outline of a player's stones.
fn colours(player: Player) -> (&'static str, &'static str) {
    match player {
        Player::Black => ("#111", "#000"),
        Player::White => ("#fafafa", "#111"),
    }
}

/// Writes `svg` to `path`, with the path in the error.
pub fn save(path: &Path, svg: &str) -> Result<(), String> {
    std::fs::write(path, svg).map_err(|e| format!("--svg {}: {e}", path.display()))
}

/// `replay --svg`: the final board of a replay, dead stones crossed, territory under `tax` marked.
pub fn save_replay(
    path: &Path,
    grid: &Grid,
    dead: &[Point],
    tax: ttrules_spec::Tax,
    title: &str,
) -> Result<(), String> {
    let mut cleared = grid.clone();
    for &p in dead {
        if grid.size().contains(p) {
            cleared.set(p, Colour::Empty);
        }
    }
    let mut b = Board::new(grid, title);
    b.dead = dead.to_vec();
    b.territory = super::territory(&cleared, tax);
    save(path, &render(&b))
}
