//! Handicap stones as GTP places them (GTP 2 draft, section 4.1): the fixed points of
//! `fixed_handicap`, the checks every placement passes (`set_free_handicap`'s vertex list, the
//! answer to `place_free_handicap`), and the setup a placement makes (r[var.setup],
//! r[var.handicap]): the Black stones, White to move, the handicap declared.

use ttrules_spec::{Colour, Player, Point, Setup, Size};

/// The fewest handicap stones GTP places (`fixed_handicap`, `place_free_handicap` and
/// `set_free_handicap` all take at least two; one stone is no handicap, r[rec.handicap]).
pub const MIN_STONES: u32 = 2;

/// GTP's fixed handicap points for `n` stones on `size` (section 4.1.1), in the order GTP lists
/// them; `None` where GTP has none (an even or non-square board, a side outside 7 to 25, `n`
/// outside 2 to 9, or more than 4 on 7x7). These are the points of r[rec.handicap.placed], except
/// that GTP puts the side stones of 6 and 7 on the left and right sides, where the Fox server's
/// placement that r[rec.handicap.placed] reads has them on the lower and upper sides (one is the
/// other reflected in the diagonal).
pub fn fixed_points(size: Size, n: u32) -> Option<Vec<Point>> {
    let points = ttrules_record::setup::fixed_handicap(size, n)?;
    Some(if matches!(n, 6 | 7) {
        points.into_iter().map(|p| Point::new(p.y, p.x)).collect()
    } else {
        points
    })
}

/// Why `n` handicap stones cannot be placed on `size` by `fixed_handicap` (`fixed`) or freely:
/// a sentence, or `Ok` when they can.
pub fn fits(size: Size, n: u32, fixed: bool) -> Result<(), String> {
    let most = most_stones(size);
    if n < MIN_STONES {
        return Err(format!(
            "a handicap of {n} places no handicap stones: GTP's handicap commands place 2 or \
             more (one stone is the game without komi: give --komi instead)"
        ));
    }
    if fixed && fixed_points(size, n).is_none() {
        let top = (MIN_STONES..=9)
            .rev()
            .find(|&k| fixed_points(size, k).is_some());
        return Err(match top {
            Some(k) => format!(
                "GTP's fixed handicap places at most {k} stones on {size}, not {n}; use free \
                 placement for more"
            ),
            None => format!(
                "GTP's fixed handicap has no points on {size} (only on square boards with an odd \
                 side from 7 to 25); use free placement"
            ),
        });
    }
    if n > most {
        return Err(format!(
            "{n} handicap stones do not fit on {size}: at most {most} (one point stays empty)"
        ));
    }
    Ok(())
}

/// The most stones a free placement may place: every point but one.
pub fn most_stones(size: Size) -> u32 {
    (size.area() as u32).saturating_sub(1)
}

/// Reads a list of handicap vertices (`set_free_handicap`'s arguments, or the answer to
/// `place_free_handicap`/`fixed_handicap`): at least two, at most [`most_stones`], all on the
/// board, none repeated, no `pass`.
pub fn parse_vertices<'a>(
    words: impl IntoIterator<Item = &'a str>,
    size: Size,
) -> Result<Vec<Point>, String> {
    let mut points: Vec<Point> = Vec::new();
    for w in words {
        match super::parse_vertex(w, size)? {
            ttrules_spec::Move::Pass => {
                return Err("a handicap stone cannot be `pass`".into());
            }
            ttrules_spec::Move::Play(p) if points.contains(&p) => {
                return Err(format!("the vertex {} is repeated", p.gtp()));
            }
            ttrules_spec::Move::Play(p) => points.push(p),
        }
    }
    let n = points.len() as u32;
    if n < MIN_STONES {
        return Err(format!(
            "{n} handicap stones: a handicap places at least {MIN_STONES}"
        ));
    }
    if n > most_stones(size) {
        return Err(format!(
            "{n} handicap stones do not fit on {size}: at most {}",
            most_stones(size)
        ));
    }
    Ok(points)
}

/// The setup of a game with these handicap stones: [`Setup::handicap`] (r[var.setup],
/// r[var.handicap]).
pub fn setup(size: Size, stones: &[Point]) -> Setup {
    Setup::handicap(size, stones)
}

/// The stones of a handicap setup that GTP's `set_free_handicap` states (r[var.handicap]): at
/// least two Black stones, as many as the declared handicap, no White stone, White to move.
/// `None` for any other setup. (`.tst` files and check-engine state such a setup with it.)
pub fn free_stones(setup: &Setup) -> Option<Vec<Point>> {
    let g = &setup.grid;
    let black: Vec<Point> = g
        .size()
        .points()
        .filter(|&p| g.get(p) == Colour::Black)
        .collect();
    let fits = setup.to_move == Player::White
        && g.count(Colour::White) == 0
        && black.len() >= 2
        && black.len() == setup.handicap as usize;
    fits.then_some(black)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gtp(points: &[Point]) -> String {
        super::super::vertices(points)
    }

    /// GTP 2 draft, section 4.1.1, on 9x9 and 19x19 (and what GNU Go 3.8 answers).
    #[test]
    fn fixed_points_are_gtps() {
        let nine = Size::square(9).unwrap();
        assert_eq!(gtp(&fixed_points(nine, 4).unwrap()), "C3 G7 C7 G3");
        assert_eq!(
            gtp(&fixed_points(nine, 6).unwrap()),
            "C3 G7 G3 C7 C5 G5",
            "the sides of 6 are left and right"
        );
        assert_eq!(gtp(&fixed_points(nine, 9).unwrap()).split(' ').count(), 9);
        let nineteen = Size::STANDARD;
        assert_eq!(
            gtp(&fixed_points(nineteen, 7).unwrap()),
            "D4 Q16 Q4 D16 D10 Q10 K10"
        );
        assert_eq!(fixed_points(Size::square(8).unwrap(), 2), None);
        assert_eq!(fixed_points(nine, 10), None);
    }

    #[test]
    fn placements_that_do_not_fit_are_refused_with_why() {
        let nine = Size::square(9).unwrap();
        assert!(fits(nine, 9, true).is_ok());
        assert!(fits(nine, 1, false).unwrap_err().contains("2 or more"));
        assert!(fits(nine, 10, true).unwrap_err().contains("at most 9"));
        assert!(fits(nine, 10, false).is_ok());
        assert!(fits(nine, 81, false).unwrap_err().contains("at most 80"));
        let seven = Size::square(7).unwrap();
        assert!(fits(seven, 5, true).unwrap_err().contains("at most 4"));
        let eight = Size::square(8).unwrap();
        assert!(fits(eight, 2, true).unwrap_err().contains("no points on"));
        assert!(parse_vertices(["C3", "C3"], nine)
            .unwrap_err()
            .contains("repeated"));
        assert!(parse_vertices(["C3", "pass"], nine).is_err());
        assert!(parse_vertices(["C3"], nine)
            .unwrap_err()
            .contains("at least 2"));
        assert!(parse_vertices(["C3", "Z9"], nine).is_err());
        let s = setup(nine, &parse_vertices(["C3", "G7"], nine).unwrap());
        assert_eq!((s.to_move, s.handicap), (Player::White, 2));
    }
}
