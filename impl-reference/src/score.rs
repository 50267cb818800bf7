//! Section 5 and the scoring clauses of section 13: prisoners, dead stones, territory under each
//! tax (eye points, dame and seki in [`crate::territory`]), independent-life regions, the final
//! scores and the winner.

use crate::board::{adjacent, region};
use crate::end::{first_pass, handicap, is_handicap_pass};
use crate::game::Record;
use crate::life;
use crate::reach::reaches;
use crate::repetition::is_void;
use crate::territory;
use ttrules_spec::{
    Colour, Counting, DeadError, FirstPass, Grid, HalfPoints, HandicapCompensation, Komi, Move,
    Outcome, PassStones, Player, Point, Prisoners, Rules, Score, Tax, Ties,
};

/// r[var.prisoners]: "every opponent stone emptied by the player's moves …, every opponent stone
/// emptied by the opponent's own moves …, every pass stone the opponent hands over" (dead stones
/// are added by [`breakdown`]).
pub fn prisoners(record: &Record, rules: &Rules) -> Prisoners {
    let held = captures(record);
    let received = pass_stones(record, rules);
    Prisoners {
        black: held.black + received.black,
        white: held.white + received.white,
    }
}

/// The prisoners of r[var.prisoners] that moves make: "every opponent stone emptied by the
/// player's moves (r[tt.move.clear-opponent]), every opponent stone emptied by the opponent's own
/// moves (r[tt.move.clear-self])".
pub fn captures(record: &Record) -> Prisoners {
    let mut held = Prisoners::default();
    for t in &record.turns {
        let (mine, theirs) = match t.player {
            Player::Black => (&mut held.black, &mut held.white),
            Player::White => (&mut held.white, &mut held.black),
        };
        *mine += t.report.captured as u32;
        *theirs += t.report.suicided as u32;
    }
    held
}

/// r[var.pass.stones]: the pass stones each player has received, "one prisoner" for each pass of
/// the opponent "other than a handicap pass" (a part of [`prisoners`]).
pub fn pass_stones(record: &Record, rules: &Rules) -> Prisoners {
    let mut received = Prisoners::default();
    if rules.pass_stones == PassStones::None {
        return received;
    }
    for (i, t) in record.turns.iter().enumerate() {
        if t.mv == Move::Pass && !is_handicap_pass(record, i) {
            match t.player {
                Player::Black => received.white += 1,
                Player::White => received.black += 1,
            }
        }
    }
    received
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

/// A player's territory on `g` and the number of her groups that the group tax counts, under the
/// tax in force: `(points, groups)`.
///
/// - r[var.tax.none]: "the set of empty points that reach only her colour"; no groups.
/// - r[var.tax.seki.blocks] and r[var.tax.all.blocks], "under every counting": "the set of her
///   eye points that are not in seki"; the groups are "her blocks that \[are\] not in seki and hold
///   an eye point".
/// - r[var.tax.seki.regions] and r[var.tax.all.regions], "under every counting": "the set of
///   empty points inside her independent-life regions" (r[var.tax.ilr]); one group per region.
pub fn territory_points(g: &Grid, player: Player, tax: Tax) -> (Vec<Point>, Option<u32>) {
    let own = player.colour();
    let other = player.opponent().colour();
    match tax {
        Tax::None => {
            let points = g
                .size()
                .points()
                .filter(|&p| {
                    g.get(p) == Colour::Empty && reaches(g, p, own) && !reaches(g, p, other)
                })
                .collect();
            (points, None)
        }
        Tax::Seki | Tax::All => {
            let living: Vec<territory::Block> = territory::player_blocks(g, player)
                .into_iter()
                .filter(|b| !b.in_seki)
                .collect();
            let points: Vec<Point> = living.iter().flat_map(|b| b.eye_points(g)).collect();
            let groups = living
                .iter()
                .filter(|b| b.eye_points(g).next().is_some())
                .count();
            (points, Some(groups as u32))
        }
        Tax::SekiRegions | Tax::AllRegions => {
            let regions = independent_life_regions(g, player);
            let points = regions
                .iter()
                .flatten()
                .copied()
                .filter(|&p| g.get(p) == Colour::Empty)
                .collect();
            (points, Some(regions.len() as u32))
        }
    }
}

/// The score of r[var.count.area] with the retired r[var.tax.all], which r[finish.note.tax]
/// names: on `g` after the dead stones are emptied, each player's "points of her colour plus the
/// empty points of her independent-life regions, less two per region" (r[var.tax.ilr]):
/// `[black, white]`. The jihuozi ruleset scores by blocks instead (r[var.tax.all.blocks],
/// r[finish.note.tax.blocks]).
pub fn independent_life_area_score(g: &Grid, dead: &[Point]) -> Result<[i64; 2], DeadError> {
    let g = without_dead(g, dead)?;
    Ok([Player::Black, Player::White].map(|player| {
        let regions = independent_life_regions(&g, player);
        let empty = regions
            .iter()
            .flatten()
            .filter(|&&p| g.get(p) == Colour::Empty)
            .count() as i64;
        g.count(player.colour()) as i64 + empty - 2 * regions.len() as i64
    }))
}

/// One player's part of a [`Breakdown`]: every quantity the scoring clauses name, whether or not
/// the counting in force counts it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// r[var.count.area]: "the number of points of her colour", after the dead stones are emptied
    /// (r[var.count.dead]) and, under r[var.count.area.pass-alive], the stones standing in the
    /// opponent's pass-alive territory too. Counted under area counting only.
    pub stones: i64,
    /// Her territory under the tax in force (r[var.tax.none], r[var.tax.seki.blocks],
    /// r[var.tax.all.blocks]).
    pub territory: i64,
    /// r[var.prisoners]: opponent stones her moves emptied and the opponent's own suicided stones.
    pub captures: u32,
    /// r[var.count.dead]: opponent stones agreed dead, each "a prisoner of its opponent".
    pub dead: u32,
    /// r[var.pass.stones]: the pass stones the opponent handed her.
    pub pass_stones: u32,
    /// r[var.count.area.pass-alive]: opponent stones "standing in" her "pass-alive territory",
    /// emptied before counting; they "do not become prisoners", and the points they leave are
    /// counted in `territory` as the tax in force counts empty points ("such a stone counts for
    /// the owner of the territory, with the territory"). 0 under the other countings.
    pub pass_alive_emptied: u32,
    /// How many of her groups the group tax counts, under the taxes that read them
    /// (r[var.tax.seki.blocks], r[var.tax.all.blocks]): her blocks not in seki that hold an eye
    /// point (r[var.territory.seki]); `None` under r[var.tax.none].
    pub regions: Option<u32>,
    /// r[var.tax.all.blocks]: what she pays, 2 per group counted in `regions`; 0 under the other
    /// taxes.
    pub tax: i64,
    /// r[var.first-pass.button] and r[var.first-pass.button.new-history] (+0.5 for the first
    /// passer) or r[var.first-pass.msg] (−0.5 for
    /// Black and +0.5 for White when White passes first); 0 otherwise.
    pub first_pass: HalfPoints,
    /// r[var.handicap.compensation]: what White receives for the handicap; always 0 for Black.
    pub compensation: i64,
}

impl Parts {
    /// r[var.prisoners]: all of her prisoners, "at the end" (captures, pass stones, dead stones).
    pub fn prisoners(&self) -> u32 {
        self.captures + self.dead + self.pass_stones
    }
}

/// The final scores of r[var.score.final], taken apart: each player's [`Parts`], the counting that
/// says which of them count, and the facts of the record they depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    pub counting: Counting,
    pub black: Parts,
    pub white: Parts,
    /// Empty points that are no one's territory under the tax in force (r[tt.score]: "neutral";
    /// under r[var.tax.seki.blocks] also the eye points in seki).
    pub neutral: i64,
    /// r[var.handicap]: the handicap N (0 when N ≤ 1).
    pub handicap: u32,
    /// r[var.first-pass]: the first passer, if any.
    pub first_passer: Option<Player>,
}

impl Breakdown {
    /// One player's final score before komi, r[var.score.final]: "the scores of r[var.count.area]
    /// or r[var.count.territory], with the changes of r[var.tax.all.blocks], r[var.first-pass.button],
    /// r[var.first-pass.msg] and r[var.handicap.compensation]".
    fn score_of(&self, parts: &Parts) -> HalfPoints {
        let counted = match self.counting {
            // r[var.count.area]: "the number of points of her colour plus her territory" (and
            // r[var.count.area.pass-alive]: "as r[var.count.area]", on its colouring).
            Counting::Area | Counting::AreaPassAlive => parts.stones + parts.territory,
            // r[var.count.territory]: "her territory … plus her prisoners".
            Counting::Territory => parts.territory + i64::from(parts.prisoners()),
        };
        HalfPoints::points(counted - parts.tax + parts.compensation) + parts.first_pass
    }

    /// Both final scores before komi (r[var.score.final]).
    pub fn score(&self) -> Score {
        Score {
            black: self.score_of(&self.black),
            white: self.score_of(&self.white),
        }
    }
}

/// r[var.score.final], part by part: everything the final scores are made of, on the colouring
/// after the dead stones are emptied (r[var.count.dead]) and, under r[var.count.area.pass-alive],
/// the stones in pass-alive territory.
pub fn breakdown(record: &Record, rules: &Rules, dead: &[Point]) -> Result<Breakdown, DeadError> {
    let mut g = without_dead(record.grid(), dead)?;
    let mut black = Parts::default();
    let mut white = Parts::default();
    // r[var.count.area.pass-alive]: "on the colouring after the dead stones are emptied and then,
    // on that colouring, every stone standing in the opponent's pass-alive territory emptied too;
    // these stones do not become prisoners".
    if rules.counting == Counting::AreaPassAlive {
        for p in life::pass_alive(&g, rules.suicide).dead_stones(&g) {
            match g.get(p) {
                Colour::Black => white.pass_alive_emptied += 1,
                Colour::White => black.pass_alive_emptied += 1,
                Colour::Empty => unreachable!("pass-alive dead stones are stones"),
            }
            g.set(p, Colour::Empty);
        }
    }
    let held = captures(record);
    let received = pass_stones(record, rules);
    (black.captures, white.captures) = (held.black, held.white);
    (black.pass_stones, white.pass_stones) = (received.black, received.white);
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
            Colour::Black => white.dead += 1,
            Colour::White => black.dead += 1,
            Colour::Empty => unreachable!("without_dead refused empty points"),
        }
    }
    for (player, parts) in [(Player::Black, &mut black), (Player::White, &mut white)] {
        parts.stones = g.count(player.colour()) as i64;
        // r[var.tax.none], r[var.tax.seki.blocks], r[var.tax.all.blocks],
        // r[var.tax.seki.regions], r[var.tax.all.regions].
        let (points, groups) = territory_points(&g, player, rules.tax);
        parts.territory = points.len() as i64;
        parts.regions = groups;
        // r[var.tax.all.blocks]: "each of her blocks that is not in seki and holds an eye point
        // subtracts 2 from her score"; r[var.tax.all.regions]: "each independent-life region of a
        // player subtracts 2 from her score".
        if rules.tax.is_group_tax() {
            parts.tax = 2 * i64::from(parts.regions.unwrap_or(0));
        }
    }
    let neutral =
        g.size().area() as i64 - black.stones - white.stones - black.territory - white.territory;
    let half = HalfPoints::halves(1);
    let passer = first_pass(record).map(|(_, p)| p);
    match (rules.first_pass, passer) {
        // r[var.first-pass.button]: "The first passer's score increases by 0.5." (Also under
        // r[var.first-pass.button.new-history].)
        (f, Some(Player::Black)) if f.is_button() => black.first_pass = half,
        (f, Some(Player::White)) if f.is_button() => white.first_pass = half,
        // r[var.first-pass.msg]: "If White is the first passer, 0.5 point moves from Black's score
        // to White's".
        (FirstPass::Msg, Some(Player::White)) => {
            black.first_pass = HalfPoints::ZERO - half;
            white.first_pass = half;
        }
        _ => {}
    }
    // r[var.handicap.compensation]: "With a handicap N ≥ 2, White's score increases by 0, N, or
    // N − 1".
    let n = handicap(record);
    if n >= 2 {
        white.compensation = match rules.handicap {
            HandicapCompensation::None => 0,
            HandicapCompensation::N => i64::from(n),
            HandicapCompensation::NMinusOne => i64::from(n) - 1,
        };
    }
    Ok(Breakdown {
        counting: rules.counting,
        black,
        white,
        neutral,
        handicap: n,
        first_passer: passer,
    })
}

/// r[var.score.final]: the final scores before komi, the sum of the [`breakdown`].
pub fn final_score(record: &Record, rules: &Rules, dead: &[Point]) -> Result<Score, DeadError> {
    breakdown(record, rules, dead).map(|b| b.score())
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
