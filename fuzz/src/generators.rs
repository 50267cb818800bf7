//! Fuzz bytes into game descriptions.

use arbitrary::Unstructured;
use ttrules_spec::{Colour, Grid, HalfPoints, Komi, Move, Player, Point, Rules, Setup, Size};

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
/// seconds: the reference recomputes from scratch, which is its job, and comparing every
/// observable after every action (its legal moves above all) costs it about area² per action.
/// A game gets at most `WORK / area²` actions (and at least 8).
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
    // Everything after every action, on boards of at most 25 points, where it is cheap.
    let swarm = Swarm {
        checkpoint_every_action: flags & 0xC0 == 0xC0 && size.area() <= 25,
        ..swarm
    };
    let rules = rules(&mut u);
    let komi = Komi::new(HalfPoints::halves(i64::from(
        u.int_in_range(-20i8..=20).unwrap_or(0),
    )));
    let setup = if swarm.setup {
        random_setup(&mut u, size)
    } else {
        Setup::empty(size)
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

/// A random colouring; half the time it is made a legal position by emptying stones that have no
/// adjacent empty point, repeatedly (a setup need not be legal: engines must refuse the same ones).
fn random_setup(u: &mut Unstructured, size: Size) -> Setup {
    let mut g = Grid::empty(size);
    for p in size.points() {
        let c = match u.int_in_range(0u8..=3).unwrap_or(0) {
            0 => Colour::Black,
            1 => Colour::White,
            _ => Colour::Empty,
        };
        g.set(p, c);
    }
    let legalise: bool = u.arbitrary().unwrap_or(true);
    if legalise {
        loop {
            let stuck: Vec<Point> = size
                .points()
                .filter(|&p| g.get(p) != Colour::Empty && !reaches_empty(&g, p))
                .collect();
            if stuck.is_empty() {
                break;
            }
            g.set(stuck[0], Colour::Empty);
        }
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
    Setup {
        grid: g,
        to_move,
        handicap,
    }
}

/// Whether the stone at `p` has a path of its colour to an empty point (a plain flood fill, used
/// only to make setups legal).
fn reaches_empty(g: &Grid, p: Point) -> bool {
    let size = g.size();
    let c = g.get(p);
    let mut seen = vec![false; size.area()];
    let mut stack = vec![p];
    seen[size.index(p)] = true;
    while let Some(q) = stack.pop() {
        let (x, y) = (i32::from(q.x), i32::from(q.y));
        for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if nx < 0 || ny < 0 {
                continue;
            }
            let n = Point::new(nx as u8, ny as u8);
            if !size.contains(n) {
                continue;
            }
            match g.get(n) {
                Colour::Empty => return true,
                cn if cn == c && !seen[size.index(n)] => {
                    seen[size.index(n)] = true;
                    stack.push(n);
                }
                _ => {}
            }
        }
    }
    false
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
