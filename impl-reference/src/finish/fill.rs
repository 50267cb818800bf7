//! Section 24: the ideal final position, its legality, both counts, komi and the winner.

use super::{points_where, Both, Count};
use crate::reach::reaches;
use ttrules_spec::{Colour, Grid, HalfPoints, Komi, Outcome, Player, Point};

/// r[finish.fill]: "the cleared position with every road point of each player coloured that
/// player's colour. Nothing else changes … and no clearing follows".
pub fn ideal(cleared: &Grid, roads: &Both<Vec<Point>>) -> Grid {
    let mut g = cleared.clone();
    for player in [Player::Black, Player::White] {
        for &p in roads.get(player) {
            g.set(p, player.colour());
        }
    }
    g
}

/// r[finish.fill.legal]: "every stone reaches empty … The finish checks it and reports the stones
/// that do not." In point-index order.
pub fn without_liberty(g: &Grid) -> Vec<Point> {
    points_where(g, |p| {
        g.get(p) != Colour::Empty && !reaches(g, p, Colour::Empty)
    })
}

/// r[finish.count.stones], r[finish.count.roads], r[finish.count.agree]: both counts of each
/// player, computed apart.
pub fn count(cleared: &Grid, roads: &Both<Vec<Point>>, ideal: &Grid) -> Both<Count> {
    let of = |player: Player| {
        let c = Count {
            // r[finish.count.roads]: "the number of P's stones on the cleared position … plus the
            // number of P's road points".
            board: cleared.count(player.colour()),
            roads: roads.get(player).len(),
            // r[finish.count.stones]: "the number of P's stones on the ideal final position".
            ideal: ideal.count(player.colour()),
        };
        // r[finish.count.agree]: "The two counts of each player are equal" (proved in the text's
        // note; a difference is a bug in this module, not a property of any input).
        assert_eq!(
            c.board + c.roads,
            c.ideal,
            "r[finish.count.agree] broken for {player}: {c:?}"
        );
        c
    };
    Both {
        black: of(Player::Black),
        white: of(Player::White),
    }
}

/// r[finish.komi]: "Komi K is subtracted from Black's count." r[finish.winner]: "The player with
/// the higher count after komi wins, by the difference; equal counts are a tie."
pub fn outcome(count: &Both<Count>, komi: Komi) -> Outcome {
    let black = HalfPoints::points(count.black.total() as i64) - komi.value();
    let white = HalfPoints::points(count.white.total() as i64);
    if black > white {
        Outcome::Win {
            winner: Player::Black,
            margin: black - white,
        }
    } else if white > black {
        Outcome::Win {
            winner: Player::White,
            margin: white - black,
        }
    } else {
        Outcome::Tie
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_comes_off_black() {
        let c = |n| Count {
            board: n,
            roads: 0,
            ideal: n,
        };
        let count = Both {
            black: c(22),
            white: c(21),
        };
        assert_eq!(outcome(&count, Komi::ZERO).sgf_result(), "B+1");
        assert_eq!(outcome(&count, "1".parse().unwrap()).sgf_result(), "0");
        assert_eq!(
            outcome(&count, "1.5".parse().unwrap()).sgf_result(),
            "W+0.5"
        );
    }
}
