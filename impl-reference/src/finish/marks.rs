//! r[finish.marks] and r[finish.marks.empty]: the eye and shared marks, and where they may stand.

use super::{FinishError, OnStone};
use ttrules_spec::{Colour, Grid, Player, Point, Size};

/// The kind of a mark (r[finish.marks]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkKind {
    BlackEye,
    WhiteEye,
    Shared,
}

impl MarkKind {
    /// The eye mark of `player`.
    pub const fn eye(player: Player) -> MarkKind {
        match player {
            Player::Black => MarkKind::BlackEye,
            Player::White => MarkKind::WhiteEye,
        }
    }

    /// The player of an eye mark; `None` for a shared mark.
    pub const fn player(self) -> Option<Player> {
        match self {
            MarkKind::BlackEye => Some(Player::Black),
            MarkKind::WhiteEye => Some(Player::White),
            MarkKind::Shared => None,
        }
    }

    /// `B`, `W` or `S`, as `--eyes` writes the kinds.
    pub const fn letter(self) -> &'static str {
        match self {
            MarkKind::BlackEye => "B",
            MarkKind::WhiteEye => "W",
            MarkKind::Shared => "S",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            MarkKind::BlackEye => "Black eye mark",
            MarkKind::WhiteEye => "White eye mark",
            MarkKind::Shared => "shared mark",
        }
    }
}

/// Marks in the order they were given (r[finish.marks]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub list: Vec<(MarkKind, Point)>,
}

impl Marks {
    /// The points of one kind, in the order given.
    pub fn of(&self, kind: MarkKind) -> Vec<Point> {
        self.list
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|&(_, p)| p)
            .collect()
    }

    /// Whether `p` carries a mark of `kind`.
    pub fn has(&self, kind: MarkKind, p: Point) -> bool {
        self.list.contains(&(kind, p))
    }

    /// r[finish.marks]: "A point given twice with the same kind is one mark." The first of each
    /// is kept, in the order given.
    pub fn deduplicated(&self) -> Marks {
        let mut list = Vec::new();
        for &m in &self.list {
            if !list.contains(&m) {
                list.push(m);
            }
        }
        Marks { list }
    }

    /// Reads `B:A7,C7,W:G7,F6,S:D4`: GTP points separated by commas or spaces, each kind prefix
    /// (`B:`, `W:`, `S:`, any case) applying to the points after it up to the next one.
    pub fn parse(text: &str) -> Result<Marks, String> {
        let mut list = Vec::new();
        let mut kind = None;
        for token in text.split([',', ' ']).filter(|t| !t.is_empty()) {
            let point = match token.split_once(':') {
                Some((k, rest)) => {
                    kind = Some(match k.to_ascii_uppercase().as_str() {
                        "B" => MarkKind::BlackEye,
                        "W" => MarkKind::WhiteEye,
                        "S" => MarkKind::Shared,
                        _ => {
                            return Err(format!(
                                "{token:?}: the kinds of marks are B: (Black's eye points), W: (White's) and S: (shared points)"
                            ))
                        }
                    });
                    rest
                }
                None => token,
            };
            if point.is_empty() {
                continue;
            }
            let Some(k) = kind else {
                return Err(format!(
                    "{point:?} comes before any B:, W: or S: that says whose mark it is"
                ));
            };
            let p = Point::parse_gtp(point).map_err(|e| e.to_string())?;
            list.push((k, p));
        }
        Ok(Marks { list })
    }
}

/// r[finish.marks]: "A mark off the grid is an error, reported for the first such point in the
/// order given."
pub fn check_on_grid(m: &Marks, size: Size) -> Result<(), FinishError> {
    match m.list.iter().find(|(_, p)| !size.contains(*p)) {
        Some(&(kind, point)) => Err(FinishError::MarkOffGrid { kind, point, size }),
        None => Ok(()),
    }
}

/// r[finish.marks.empty]: "When the dead stones are derived from the marks …, an eye mark on a
/// stone of its own player's colour and a shared mark on any stone are errors at once".
pub fn check_before_derivation(g: &Grid, m: &Marks) -> Result<(), FinishError> {
    for &(kind, point) in &m.list {
        let colour = g.get(point);
        let wrong = match kind.player() {
            Some(player) => colour == player.colour(),
            None => colour != Colour::Empty,
        };
        if wrong {
            return Err(FinishError::MarkOnStone {
                kind,
                point,
                colour,
                stone: OnStone::Never,
            });
        }
    }
    Ok(())
}

/// r[finish.marks.empty]: "Every mark stands on a point that is empty on the cleared position … a
/// mark on a stone that stays on the grid is an error naming the point."
pub fn check_empty(cleared: &Grid, m: &Marks, dead_derived: bool) -> Result<(), FinishError> {
    match m
        .list
        .iter()
        .find(|(_, p)| cleared.get(*p) != Colour::Empty)
    {
        Some(&(kind, point)) => Err(FinishError::MarkOnStone {
            kind,
            point,
            colour: cleared.get(point),
            stone: if dead_derived {
                OnStone::KeptAlive
            } else {
                OnStone::NotAgreedDead
            },
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_kinds_and_points() {
        let m = Marks::parse("B:A7,C7,W:G7 f6,S:d4").unwrap();
        assert_eq!(
            m.list,
            vec![
                (MarkKind::BlackEye, Point::new(0, 6)),
                (MarkKind::BlackEye, Point::new(2, 6)),
                (MarkKind::WhiteEye, Point::new(6, 6)),
                (MarkKind::WhiteEye, Point::new(5, 5)),
                (MarkKind::Shared, Point::new(3, 3)),
            ]
        );
        assert_eq!(Marks::parse("").unwrap(), Marks::default());
        assert!(Marks::parse("A1").unwrap_err().contains("before any B:"));
        assert!(Marks::parse("X:A1").unwrap_err().contains("kinds of marks"));
        assert!(Marks::parse("B:I1").unwrap_err().contains("GTP point"));
        let twice = Marks::parse("B:A1,A1,W:A1").unwrap().deduplicated();
        assert_eq!(twice.list.len(), 2);
    }
}
