//! Section 5 of the spec: r[tt.score], Tromp rule 9.

use crate::reach::reaches;
use ttrules_spec::{Colour, Grid, Player, Score};

/// r[tt.score]: "A player's score is the number of points of her colour plus the number of empty
/// points that reach only her colour."
pub fn score_of(g: &Grid, player: Player) -> i64 {
    let own = player.colour();
    let other = player.opponent().colour();
    let stones = g.size().points().filter(|&p| g.get(p) == own).count();
    let territory = g
        .size()
        .points()
        .filter(|&p| g.get(p) == Colour::Empty && reaches(g, p, own) && !reaches(g, p, other))
        .count();
    (stones + territory) as i64
}

/// Both scores of `g` (r[tt.score]), before komi.
pub fn score(g: &Grid) -> Score {
    Score::whole(score_of(g, Player::Black), score_of(g, Player::White))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    #[test]
    fn empty_points_reaching_both_are_neutral() {
        let g = Grid::from_rows(Size::new(4, 1).unwrap(), &["X.O."]).unwrap();
        // B1 reaches both; D1 reaches only white.
        assert_eq!(score(&g), Score::whole(1, 2));
        assert_eq!(score(&Grid::empty(Size::STANDARD)), Score::whole(0, 0));
    }
}
