//! Fuzz bytes into game descriptions.

use arbitrary::Unstructured;
use ttrules_spec::{Colour, Grid, HalfPoints, Komi, Move, Player, Point, Rules, Setup, Size, Tax};

/// How actions are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `raw_game`: any point of a 25x25 square (so off-grid points too) or a pass, so rejection
    /// paths are compared as well.
    Raw,
    /// `legal_game`: each action picks among the legal moves and the pass, so games get long and
    /// deep.
    Legal,
}

/// One action of a game before it meets an engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Attempt this move (raw games).
    Attempt(Move),
    /// Pick the n-th of the legal moves followed by the pass, modulo their number (legal games).
    /// The list is the engine under test's (cheap); the reference's own list is compared with it
    /// at every checkpoint.
    Pick(u16),
}

/// An action, and whether the oracles compare every observable after it (a checkpoint, see
/// [`crate::observe`]) or only the every-action ones.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub action: Action,
    pub checkpoint: bool,
}

/// Swarm-style knobs, decoded first so that one input steers the shape of the whole game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Swarm {
    pub many_passes: bool,
    pub tiny_board: bool,
    pub long_game: bool,
    pub setup: bool,
    /// Every action is a checkpoint: everything is compared after every action (only on boards
    /// of at most 25 points).
    pub checkpoint_every_action: bool,
}

/// A game to play on two engines.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub mode: Mode,
    pub swarm: Swarm,
    pub rules: Rules,
    pub komi: Komi,
    pub setup: Setup,
    pub actions: Vec<Step>,
    pub dead: Vec<Point>,
}

impl Game {
    pub fn size(&self) -> Size {
        self.setup.grid.size()
    }
}

/// The most work a game may ask of the reference engine, so that a fuzz input cannot take
/// seconds: the reference recomputes from scratch, which is its job. A checkpoint costs it a
/// verdict on every point and two scorings, about area² steps; checkpoints are at least area / 4
/// actions apart, and each action costs a verdict (a clear of the grid, a scan of the earlier
/// colourings). A game gets at most `WORK / area²` actions (and at least 8); the board size and
/// start are fitted to the rules so that the scorings at the end stay cheap as well
/// ([`SCORING_BUDGET`], [`MAX_EMPTY_START_AREA`]).
const WORK: usize = 2_000_000;

/// Decodes a game from fuzz bytes; never fails (exhausted bytes read as zeros).
pub fn game(data: &[u8], mode: Mode) -> Game {
    let mut u = Unstructured::new(data);
    let flags: u8 = u.arbitrary().unwrap_or(0);
    let swarm = Swarm {
        many_passes: flags & 1 != 0,
        tiny_board: flags & 2 != 0,
        long_game: flags & 4 != 0,
        setup: flags & 0x38 == 0x38,
        checkpoint_every_action: false,
    };
    let size = board_size(&mut u, swarm);
    let rules = rules(&mut u);
    let komi = Komi::new(HalfPoints::halves(i64::from(
        u.int_in_range(-20i8..=20).unwrap_or(0),
    )));
    let setup = if swarm.setup || size.area() > MAX_EMPTY_START_AREA {
        random_setup(&mut u, size)
    } else {
        Start {
            setup: Setup::empty(size),
            legalise: false,
        }
    };
    let setup = fit_to_scoring_budget(setup, rules.tax);
    let size = setup.grid.size();
    // Everything after every action, on boards of at most 25 points, where it is cheap.
    let swarm = Swarm {
        checkpoint_every_action: flags & 0xC0 == 0xC0 && size.area() <= 25,
        ..swarm
    };
    let area = size.area();
    let cap = if swarm.long_game {
        4 * area + 40
    } else {
        area + 20
    };
    let cap = cap.min((WORK / (area * area)).max(8));
    let mut actions = Vec::new();
    while actions.len() < cap && !u.is_empty() {
        actions.push(action(&mut u, mode, swarm, size));
    }
    let dead_count = u.int_in_range(0u8..=3).unwrap_or(0);
    let dead = (0..dead_count)
        .map(|_| {
            Point::new(
                coordinate(&mut u, size.width()),
                coordinate(&mut u, size.height()),
            )
        })
        .collect();
    Game {
        mode,
        swarm,
        rules,
        komi,
        setup,
        actions,
        dead,
    }
}

/// The most a scoring of the starting position may cost the reference, in its own steps: the sum,
/// over the maximal empty regions, of the region's size squared, times [`scoring_weight`]. The
/// reference scores by a flood fill from every empty point (r[tt.reach]), and under taxes `seki`
/// and `all` (r[var.tax.seki], r[var.tax.all]) by a flood fill per empty point and per region, so
/// one scoring of a nearly empty 25x25 board costs it 150 million instructions under tax `none`
/// and more under `seki`; the end of a game scores three to five times. The allowance is an empty
/// 20x20 board under tax `none`, 8x9 under the others.
pub const SCORING_BUDGET: usize = 400 * 400;

/// How much more a scoring costs the reference under `tax` than under tax `none`, per empty
/// region squared (measured: about 250 and 1600 instructions per unit, before the blocks and seki
/// regions of r[var.tax.seki.blocks]). Since those, the reference's blocks and seki regions took
/// 64% of a `differential_game` run (callgrind, 150 runs from the corpus, 2026-12-03) and the
/// target fell to 167 executions per CPU-second; the weight was raised fourfold (an estimate from
/// that profile, not a new per-unit measurement), which brings it back above 200.
pub fn scoring_weight(tax: Tax) -> usize {
    match tax {
        Tax::None => 1,
        Tax::Seki | Tax::All | Tax::SekiRegions | Tax::AllRegions => 28,
    }
}

/// The largest board (in points) on which a game may start from the empty grid; larger boards
/// start from a random setup, whose stones cut the empty area into regions the budget allows,
/// while the fast engine's bitboards still get their upper words.
pub const MAX_EMPTY_START_AREA: usize = 361;

/// The reference's cost of scoring `g` under `tax`, in the units of [`SCORING_BUDGET`].
pub fn scoring_cost(g: &Grid, tax: Tax) -> usize {
    let size = g.size();
    let mut seen = vec![false; size.area()];
    let mut total = 0;
    for p in size.points() {
        if g.get(p) != Colour::Empty || seen[size.index(p)] {
            continue;
        }
        let mut region = 0;
        let mut stack = vec![p];
        seen[size.index(p)] = true;
        while let Some(q) = stack.pop() {
            region += 1;
            for n in neighbours(size, q) {
                if g.get(n) == Colour::Empty && !seen[size.index(n)] {
                    seen[size.index(n)] = true;
                    stack.push(n);
                }
            }
        }
        total += region * region;
    }
    total * scoring_weight(tax)
}

/// A start before it meets the budget: the setup, and whether it is to be a legal position.
struct Start {
    setup: Setup,
    legalise: bool,
}

/// The setup of `start`, cropped (its longer side shortened, one row or column at a time, and
/// made legal again if it was to be) until scoring it fits [`SCORING_BUDGET`].
fn fit_to_scoring_budget(start: Start, tax: Tax) -> Setup {
    let Start {
        mut setup,
        legalise,
    } = start;
    while scoring_cost(&setup.grid, tax) > SCORING_BUDGET {
        let size = setup.grid.size();
        let (w, h) = (size.width() as u32, size.height() as u32);
        let smaller = if w >= h {
            Size::new(w - 1, h)
        } else {
            Size::new(w, h - 1)
        }
        .expect("the budget allows a 1x1 board");
        let mut g = Grid::empty(smaller);
        for p in smaller.points() {
            g.set(p, setup.grid.get(p));
        }
        if legalise {
            legalise_grid(&mut g);
        }
        setup.grid = g;
    }
    setup
}

fn board_size(u: &mut Unstructured, swarm: Swarm) -> Size {
    let pick = |u: &mut Unstructured, hi: u32| u.int_in_range(1..=hi).unwrap_or(1);
    let (w, h) = if swarm.tiny_board {
        (pick(u, 4), pick(u, 4))
    } else {
        match u.int_in_range(0u8..=9).unwrap_or(0) {
            0..=5 => (pick(u, 7), pick(u, 7)),
            6..=8 => (pick(u, 13), pick(u, 13)),
            _ => (pick(u, 25), pick(u, 25)),
        }
    };
    Size::new(w, h).expect("1..=25 by construction")
}

/// `Rules::all()`, built once (it is a few thousand values, and every game draws from it).
fn all_rules() -> &'static [Rules] {
    static ALL: std::sync::OnceLock<Vec<Rules>> = std::sync::OnceLock::new();
    ALL.get_or_init(Rules::all)
}

fn rules(u: &mut Unstructured) -> Rules {
    match u.int_in_range(0u8..=3).unwrap_or(0) {
        0 => Rules::TROMP_TAYLOR,
        1 => {
            let i = u.choose_index(Rules::NAMED.len()).unwrap_or(0);
            Rules::NAMED[i].rules
        }
        _ => {
            let all = all_rules();
            let i = usize::from(u.arbitrary::<u16>().unwrap_or(0)) % all.len();
            all[i]
        }
    }
}

/// A random colouring (exhausted bytes read as empty points); half the time it is made a legal
/// position by emptying, repeatedly, the first stone (in point-index order) that has no path to an
/// empty point (a setup need not be legal: engines must refuse the same ones).
fn random_setup(u: &mut Unstructured, size: Size) -> Start {
    let mut g = Grid::empty(size);
    for p in size.points() {
        let c = match u.int_in_range(0u8..=3).unwrap_or(0) {
            2 => Colour::Black,
            3 => Colour::White,
            _ => Colour::Empty,
        };
        g.set(p, c);
    }
    let legalise: bool = u.arbitrary().unwrap_or(true);
    if legalise {
        legalise_grid(&mut g);
    }
    let to_move = if u.arbitrary().unwrap_or(false) {
        Player::White
    } else {
        Player::Black
    };
    let handicap = if u.int_in_range(0u8..=3).unwrap_or(0) == 0 {
        u.int_in_range(2u32..=9).unwrap_or(2)
    } else {
        0
    };
    Start {
        setup: Setup {
            grid: g,
            to_move,
            handicap,
        },
        legalise,
    }
}

/// Empties, repeatedly, the first stone (in point-index order) that has no path to an empty point.
fn legalise_grid(g: &mut Grid) {
    while let Some(p) = first_without_path(g) {
        g.set(p, Colour::Empty);
    }
}

/// The first stone (in point-index order) with no path of its colour to an empty point: one
/// flood fill from the empty points over the whole grid (used only to make setups legal).
fn first_without_path(g: &Grid) -> Option<Point> {
    let size = g.size();
    let mut free = vec![false; size.area()];
    let mut stack: Vec<Point> = Vec::new();
    // Stones next to an empty point reach it; so do the stones of their colour connected to them.
    for p in size.points() {
        if g.get(p) != Colour::Empty && neighbours(size, p).any(|n| g.get(n) == Colour::Empty) {
            free[size.index(p)] = true;
            stack.push(p);
        }
    }
    while let Some(q) = stack.pop() {
        for n in neighbours(size, q) {
            if g.get(n) == g.get(q) && !free[size.index(n)] {
                free[size.index(n)] = true;
                stack.push(n);
            }
        }
    }
    size.points()
        .find(|&p| g.get(p) != Colour::Empty && !free[size.index(p)])
}

/// The on-grid points adjacent to `p`.
fn neighbours(size: Size, p: Point) -> impl Iterator<Item = Point> {
    let (x, y) = (i32::from(p.x), i32::from(p.y));
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        .into_iter()
        .filter(|&(nx, ny)| nx >= 0 && ny >= 0)
        .map(|(nx, ny)| Point::new(nx as u8, ny as u8))
        .filter(move |&n| size.contains(n))
}

fn coordinate(u: &mut Unstructured, side: usize) -> u8 {
    u.int_in_range(0..=(side - 1) as u8).unwrap_or(0)
}

/// One action. Its first byte (raw games) or its `u16` (legal games) also says whether it is a
/// checkpoint: when its top three bits are all set, one action in eight on random bytes.
fn action(u: &mut Unstructured, mode: Mode, swarm: Swarm, size: Size) -> Step {
    match mode {
        Mode::Legal => {
            let word: u16 = u.arbitrary().unwrap_or(0);
            let pick = word & 0x1FFF;
            let action = if swarm.many_passes && pick % 4 == 0 {
                Action::Pick(u16::MAX)
            } else {
                Action::Pick(pick)
            };
            Step {
                action,
                checkpoint: word >> 13 == 7,
            }
        }
        Mode::Raw => {
            let byte: u8 = u.arbitrary().unwrap_or(0);
            let kind = byte & 31;
            let pass_below = if swarm.many_passes { 8 } else { 1 };
            let mv = if kind < pass_below {
                Move::Pass
            } else if kind == 31 {
                // Off the grid now and then (within the 25x25 that notation can name).
                Move::Play(Point::new(
                    u.int_in_range(0..=24).unwrap_or(24),
                    u.int_in_range(0..=24).unwrap_or(24),
                ))
            } else {
                Move::Play(Point::new(
                    coordinate(u, size.width()),
                    coordinate(u, size.height()),
                ))
            };
            Step {
                action: Action::Attempt(mv),
                checkpoint: byte >> 5 == 7,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_crops_empty_boards() {
        let start = |side| Start {
            setup: Setup::empty(Size::square(side).unwrap()),
            legalise: false,
        };
        let fitted = fit_to_scoring_budget(start(25), Tax::None);
        assert_eq!(fitted.grid.size(), Size::square(20).unwrap());
        let fitted = fit_to_scoring_budget(start(25), Tax::Seki);
        assert_eq!(fitted.grid.size(), Size::new(8, 9).unwrap());
        assert_eq!(fitted, Setup::empty(Size::new(8, 9).unwrap()));
        let fitted = fit_to_scoring_budget(start(19), Tax::None);
        assert_eq!(fitted.grid.size(), Size::STANDARD);
    }

    #[test]
    fn every_start_fits_and_big_boards_still_occur() {
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let (mut big, mut taxed) = (0, 0);
        for n in 0..3000usize {
            let data: Vec<u8> = (0..(n * 7) % 1500)
                .map(|_| {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    (s >> 24) as u8
                })
                .collect();
            for mode in [Mode::Raw, Mode::Legal] {
                let g = game(&data, mode);
                assert!(scoring_cost(&g.setup.grid, g.rules.tax) <= SCORING_BUDGET);
                big += usize::from(g.size().area() > MAX_EMPTY_START_AREA);
                taxed += usize::from(g.rules.tax != Tax::None && g.size().area() > 100);
            }
        }
        assert!(big > 0, "no board over {MAX_EMPTY_START_AREA} points");
        assert!(taxed > 0, "no taxed game on a board over 100 points");
    }
}
