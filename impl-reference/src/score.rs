//! Section 5 and the scoring clauses of section 13: prisoners, dead stones, territory under each
//! tax, independent-life regions, the final scores and the winner.

use crate::board::adjacent;
use crate::end::{first_pass, handicap, is_handicap_pass, is_void};
use crate::game::Record;
use crate::life;
use crate::reach::reaches;
use ttrules_spec::{
    Colour, Counting, DeadError, FirstPass, Grid, HalfPoints, HandicapCompensation, Komi, Move,
    Outcome, PassStones, Player, Point, Prisoners, Rules, Score, Tax, Ties,
};

/// r[var.prisoners]: "every opponent stone emptied by the player's moves …, every opponent stone
/// emptied by the opponent's own moves …, every pass stone the opponent hands over" (dead stones
/// are added by [`final_score`]).
pub fn prisoners(record: &Record, rules: &Rules) -> Prisoners {
    let mut held = Prisoners::default();
    for (i, t) in record.turns.iter().enumerate() {
        let (mine, theirs) = match t.player {
            Player::Black => (&mut held.black, &mut held.white),
            Player::White => (&mut held.white, &mut held.black),
        };
        *mine += t.report.captured as u32;
        *theirs += t.report.suicided as u32;
        // r[var.pass.stones]: "Each pass other than a handicap pass hands the opponent one
        // prisoner."
        if t.mv == Move::Pass
            && rules.pass_stones == PassStones::OnePerPass
            && !is_handicap_pass(record, i)
        {
            *theirs += 1;
        }
    }
    held
}

/// r[var.count.dead]: each dead point "must hold a stone"; "before scoring they are emptied".
fn without_dead(g: &Grid, dead: &[Point]) -> Result<Grid, DeadError> {
    let mut out = g.clone();
    for &p in dead {
        if !g.size().contains(p) {
            return Err(DeadError::OffGrid(p, g.size()));
        }
        if g.get(p) == Colour::Empty {
            return Err(DeadError::Empty(p));
        }
        out.set(p, Colour::Empty);
    }
    Ok(out)
}

/// The points reachable from `p` through points for which `inside` holds (a maximal connected
/// set containing `p`), by a search from scratch.
pub(crate) fn region(g: &Grid, p: Point, inside: impl Fn(Colour) -> bool) -> Vec<Point> {
    let size = g.size();
    let mut seen = vec![false; size.area()];
    let mut found = vec![p];
    seen[size.index(p)] = true;
    let mut next = 0;
    while next < found.len() {
        let q = found[next];
        next += 1;
        for r in adjacent(size, q) {
            if inside(g.get(r)) && !seen[size.index(r)] {
                seen[size.index(r)] = true;
                found.push(r);
            }
        }
    }
    found
}

/// r[var.tax.ilr]: the independent-life regions of `player` on `g`.
pub fn independent_life_regions(g: &Grid, player: Player) -> Vec<Vec<Point>> {
    let own = player.colour();
    let other = player.opponent().colour();
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for p in g.size().points() {
        if g.get(p) == other || regions.iter().any(|r| r.contains(&p)) {
            continue;
        }
        // "a P-region is a maximal connected set of points none of which holds the opponent's
        // colour."
        regions.push(region(g, p, |c| c != other));
    }
    regions
        .into_iter()
        .filter(|r| {
            // "(a) it holds at least one stone of P,"
            let holds_stone = r.iter().any(|&q| g.get(q) == own);
            // "(b) it contains no dame region" — a maximal connected set of empty points adjacent
            // to at least one black and at least one white point;
            let no_dame = r.iter().filter(|&&q| g.get(q) == Colour::Empty).all(|&q| {
                let empties = region(g, q, |c| c == Colour::Empty);
                let borders = |c: Colour| {
                    empties
                        .iter()
                        .any(|&e| adjacent(g.size(), e).iter().any(|&n| g.get(n) == c))
                };
                !(borders(Colour::Black) && borders(Colour::White))
            });
            // "(c) no chain of P in it has exactly one liberty" (r[tt.derived.liberty]).
            let no_atari = r.iter().filter(|&&q| g.get(q) == own).all(|&q| {
                let chain = region(g, q, |c| c == own);
                let mut liberties: Vec<Point> = chain
                    .iter()
                    .flat_map(|&s| adjacent(g.size(), s))
                    .filter(|&n| g.get(n) == Colour::Empty)
                    .collect();
                liberties.sort();
                liberties.dedup();
                liberties.len() != 1
            });
            holds_stone && no_dame && no_atari
        })
        .collect()
}

/// A player's territory on `g` under `tax`: r[var.tax.none] "the set of empty points that reach
/// only her colour"; r[var.tax.seki] and r[var.tax.all] "the set of empty points inside her
/// independent-life regions".
fn territory(g: &Grid, player: Player, tax: Tax) -> i64 {
    let own = player.colour();
    let other = player.opponent().colour();
    match tax {
        Tax::None => g
            .size()
            .points()
            .filter(|&p| g.get(p) == Colour::Empty && reaches(g, p, own) && !reaches(g, p, other))
            .count() as i64,
        Tax::Seki | Tax::All => independent_life_regions(g, player)
            .iter()
            .flatten()
            .filter(|&&p| g.get(p) == Colour::Empty)
            .count() as i64,
    }
}

/// r[var.score.final]: the final scores before komi.
pub fn final_score(record: &Record, rules: &Rules, dead: &[Point]) -> Result<Score, DeadError> {
    let mut g = without_dead(record.grid(), dead)?;
    // r[var.count.area.pass-alive]: "on the colouring after the dead stones are emptied and then,
    // on that colouring, every stone standing in the opponent's pass-alive territory emptied too;
    // these stones do not become prisoners".
    if rules.counting == Counting::AreaPassAlive {
        for p in life::pass_alive(&g, rules.suicide).dead_stones(&g) {
            g.set(p, Colour::Empty);
        }
    }
    let mut held = prisoners(record, rules);
    // r[var.count.dead]: "a set of points": a point listed twice is one dead stone.
    let mut set: Vec<Point> = Vec::new();
    for &p in dead {
        if !set.contains(&p) {
            set.push(p);
        }
    }
    for &p in &set {
        // r[var.count.dead]: "each becomes a prisoner of its opponent."
        match record.grid().get(p) {
            Colour::Black => held.white += 1,
            Colour::White => held.black += 1,
            Colour::Empty => unreachable!("without_dead refused empty points"),
        }
    }
    let score_of = |player: Player| -> HalfPoints {
        let mut points = territory(&g, player, rules.tax);
        match rules.counting {
            // r[var.count.area]: "the number of points of her colour plus her territory" (and
            // r[var.count.area.pass-alive], on its colouring).
            Counting::Area | Counting::AreaPassAlive => points += g.count(player.colour()) as i64,
            // r[var.count.territory]: "her territory … plus her prisoners".
            Counting::Territory => {
                points += i64::from(match player {
                    Player::Black => held.black,
                    Player::White => held.white,
                })
            }
        }
        // r[var.tax.all]: "each independent-life region of a player subtracts 2 from her score".
        if rules.tax == Tax::All {
            points -= 2 * independent_life_regions(&g, player).len() as i64;
        }
        HalfPoints::points(points)
    };
    let mut score = Score {
        black: score_of(Player::Black),
        white: score_of(Player::White),
    };
    let half = HalfPoints::halves(1);
    match (rules.first_pass, first_pass(record)) {
        // r[var.first-pass.button]: "The first passer's score increases by 0.5." (Also under
        // r[var.first-pass.button.new-history].)
        (f, Some((_, Player::Black))) if f.is_button() => score.black = score.black + half,
        (f, Some((_, Player::White))) if f.is_button() => score.white = score.white + half,
        // r[var.first-pass.msg]: "If White is the first passer, 0.5 point moves from Black's score
        // to White's".
        (FirstPass::Msg, Some((_, Player::White))) => {
            score.black = score.black - half;
            score.white = score.white + half;
        }
        _ => {}
    }
    // r[var.handicap.compensation]: "With a handicap N ≥ 2, White's score increases by 0, N, or
    // N − 1".
    let n = i64::from(handicap(record));
    if n >= 2 {
        let bonus = match rules.handicap {
            HandicapCompensation::None => 0,
            HandicapCompensation::N => n,
            HandicapCompensation::NMinusOne => n - 1,
        };
        score.white = score.white + HalfPoints::points(bonus);
    }
    Ok(score)
}

/// r[var.score.final]: "komi is then added to White's (r[param.komi]). The winner is decided by
/// r[tt.winner], then r[var.first-pass.tie-break], then r[var.ties.black-wins]. A void game … has
/// no winner."
pub fn outcome(
    record: &Record,
    rules: &Rules,
    komi: Komi,
    dead: &[Point],
) -> Result<Outcome, DeadError> {
    let score = final_score(record, rules, dead)?;
    if is_void(record, rules) {
        return Ok(Outcome::Void);
    }
    let white = score.white + komi.value();
    // r[tt.winner]: "The player with the higher score at the end of the game is the winner."
    if score.black > white {
        return Ok(Outcome::Win {
            winner: Player::Black,
            margin: score.black - white,
        });
    }
    if white > score.black {
        return Ok(Outcome::Win {
            winner: Player::White,
            margin: white - score.black,
        });
    }
    let tie_win = |winner| Outcome::Win {
        winner,
        margin: HalfPoints::ZERO,
    };
    // r[var.first-pass.tie-break]: "When the final scores (after komi) are equal, the first passer
    // wins."
    if let (FirstPass::TieBreak, Some((_, passer))) = (rules.first_pass, first_pass(record)) {
        return Ok(tie_win(passer));
    }
    // r[var.ties.black-wins]: "Equal final scores … are a win for Black".
    if rules.ties == Ties::BlackWins {
        return Ok(tie_win(Player::Black));
    }
    // r[tt.winner]: "Equal scores are a tie."
    Ok(Outcome::Tie)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    #[test]
    fn independent_life_needs_a_stone_no_dame_and_no_atari() {
        let size = Size::new(4, 3).unwrap();
        // Black lives on the left with two points; the column of C is dame between the colours.
        let g = Grid::from_rows(size, &[".X.O", "XX.O", ".X.O"]).unwrap();
        assert!(
            independent_life_regions(&g, Player::Black).is_empty(),
            "C is dame"
        );
        let g = Grid::from_rows(size, &[".XO.", "XXO.", ".XO."]).unwrap();
        assert_eq!(independent_life_regions(&g, Player::Black).len(), 1);
        assert_eq!(independent_life_regions(&g, Player::White).len(), 1);
        assert!(independent_life_regions(&Grid::empty(size), Player::Black).is_empty());
        // Black chains with a single liberty each spoil their region, although it has no dame.
        let g = Grid::from_rows(Size::new(3, 1).unwrap(), &["X.X"]).unwrap();
        assert!(independent_life_regions(&g, Player::Black).is_empty());
        let g = Grid::from_rows(Size::new(4, 2).unwrap(), &["X..X", "XXXX"]).unwrap();
        assert_eq!(independent_life_regions(&g, Player::Black).len(), 1);
    }
}
