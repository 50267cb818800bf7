//! Board diagrams in the notation of the counting-living-stones source (r[finish.diagram]): the
//! box-drawing grid, ● and ○, ﹟ for reserved points, full-width row numbers and column letters.

use ttrules_spec::{Colour, Grid, Point, Size};

/// GTP column letters (section 8: no I).
const LETTERS: &str = "abcdefghjklmnopqrstuvwxyz";

/// The full-width form of an ASCII digit or lower-case letter.
fn full_width(c: char) -> char {
    char::from_u32(u32::from(c) - 0x21 + 0xFF01).unwrap_or(c)
}

/// The box-drawing character of an empty point at `p` (r[finish.diagram]).
pub fn grid_char(size: Size, p: Point) -> char {
    let (w, h) = (size.width(), size.height());
    let (x, y) = (usize::from(p.x), usize::from(p.y));
    // 0 the top row (left column), 1 the middle, 2 the bottom row (right column); a line that is
    // both edges, on a grid one point high (wide), is drawn as a middle one.
    let row = match y {
        _ if h == 1 => 1,
        _ if y + 1 == h => 0,
        0 => 2,
        _ => 1,
    };
    let column = match x {
        _ if w == 1 => 1,
        0 => 0,
        _ if x + 1 == w => 2,
        _ => 1,
    };
    const CHARS: [[char; 3]; 3] = [['┌', '┬', '┐'], ['├', '┼', '┤'], ['└', '┴', '┘']];
    CHARS[row][column]
}

/// The diagram of `g`, top row first, with ﹟ on `reserved` (which must be empty points), the row
/// numbers in front and the column letters on a last line.
pub fn diagram(g: &Grid, reserved: &[Point]) -> Vec<String> {
    let size = g.size();
    let label = |n: usize| -> String { n.to_string().chars().map(full_width).collect() };
    let width = label(size.height()).chars().count();
    let pad = |s: String| -> String {
        let n = s.chars().count();
        "\u{3000}".repeat(width - n) + &s
    };
    let mut out = Vec::with_capacity(size.height() + 1);
    for y in (0..size.height()).rev() {
        let mut line = pad(label(y + 1));
        for x in 0..size.width() {
            let p = Point::new(x as u8, y as u8);
            line.push(match g.get(p) {
                Colour::Black => '●',
                Colour::White => '○',
                Colour::Empty if reserved.contains(&p) => '﹟',
                Colour::Empty => grid_char(size, p),
            });
        }
        out.push(line);
    }
    let letters: String = LETTERS.chars().take(size.width()).map(full_width).collect();
    out.push(pad("﹢".to_string()) + &letters);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_edges_and_labels() {
        let size = Size::new(3, 3).unwrap();
        let g = Grid::from_rows(size, &["X..", "...", "..O"]).unwrap();
        assert_eq!(
            diagram(&g, &[Point::new(1, 1)]),
            vec!["３●┬┐", "２├﹟┤", "１└┴○", "﹢ａｂｃ"]
        );
        let thin = Grid::empty(Size::new(3, 1).unwrap());
        assert_eq!(diagram(&thin, &[]), vec!["１├┼┤", "﹢ａｂｃ"]);
        let tall = Grid::empty(Size::new(1, 2).unwrap());
        assert_eq!(diagram(&tall, &[]), vec!["２┬", "１┴", "﹢ａ"]);
        let big = Grid::empty(Size::new(9, 10).unwrap());
        let d = diagram(&big, &[]);
        assert_eq!(d[0], "１０┌┬┬┬┬┬┬┬┐");
        assert_eq!(d[9], "\u{3000}１└┴┴┴┴┴┴┴┘");
        assert_eq!(d[10], "\u{3000}﹢ａｂｃｄｅｆｇｈｊ");
    }
}
