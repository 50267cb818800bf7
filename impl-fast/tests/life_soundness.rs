//! Exhaustive evidence for the soundness of pass-alive life (r[life.note.sound]): on every legal
//! colouring of the small boards, for each owner P, no sequence of opponent moves against an owner
//! who only passes ever empties a stone the definition calls pass-alive (r[life.pass-alive],
//! r[life.vital], r[life.elimination]), under each suicide value; and P's pass-alive area
//! (r[life.area], r[life.territory]) only grows along every opponent move. The converse failure is
//! checked too: with multi-stone suicide legal, Benson's own reading of *vital* (only empty points)
//! calls a stone pass-alive that the opponent can capture (r[life.note.plain-unsound]), so the
//! search can fail.
//!
//! Reachability ignores repetition: every repetition rule only forbids moves (r[life.note.sound]),
//! so the colourings reachable under any of them are among those reached here. The player to move
//! does not change what the attacker reaches (the owner's passes change nothing), so each colouring
//! stands for both of its positions. Moves and pass-alive areas come from the fast engine, which
//! agrees with the reference (checked here on the boards of CI, and in `agreement.rs`).

use std::collections::HashMap;
use std::time::Instant;
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::{Colour, Engine, Grid, Move, Player, Repetition, Rules, Setup, Size, Suicide};

/// Every legal colouring of a board, with the attacker's moves between them.
struct Space {
    size: Size,
    grids: Vec<Grid>,
    /// By colouring: the colourings one move of `attacker` leads to.
    next: Vec<Vec<u32>>,
}

fn colour_code(c: Colour) -> u64 {
    match c {
        Colour::Empty => 0,
        Colour::Black => 1,
        Colour::White => 2,
    }
}

fn code_of(g: &Grid) -> u64 {
    g.cells()
        .iter()
        .rev()
        .fold(0, |acc, &c| acc * 3 + colour_code(c))
}

fn grid_of(size: Size, mut code: u64) -> Grid {
    let mut g = Grid::empty(size);
    for p in size.points() {
        g.set(
            p,
            [Colour::Empty, Colour::Black, Colour::White][(code % 3) as usize],
        );
        code /= 3;
    }
    g
}

fn rules(suicide: Suicide) -> Rules {
    Rules {
        repetition: Repetition::Positional,
        suicide,
        ..Rules::TROMP_TAYLOR
    }
}

fn setup(g: &Grid, to_move: Player) -> Setup {
    Setup {
        grid: g.clone(),
        to_move,
        handicap: 0,
    }
}

impl Space {
    /// The legal colourings of `size` and the moves of `attacker` under `suicide`. From a fresh
    /// setup, positional superko forbids exactly the moves that leave the colouring unchanged
    /// (single-stone suicides), which change nothing: the moves left are every move Part I allows.
    fn new(size: Size, attacker: Player, suicide: Suicide) -> Space {
        let total = 3u64.pow(size.area() as u32);
        let mut grids = Vec::new();
        let mut index: HashMap<u64, u32> = HashMap::new();
        for code in 0..total {
            let g = grid_of(size, code);
            if Fast::from_setup(&setup(&g, attacker), rules(suicide)).is_ok() {
                index.insert(code, grids.len() as u32);
                grids.push(g);
            }
        }
        let next = grids
            .iter()
            .map(|g| {
                let e = Fast::from_setup(&setup(g, attacker), rules(suicide)).unwrap();
                e.legal_points()
                    .into_iter()
                    .map(|p| {
                        let mut f = e.clone();
                        f.play(Move::Play(p)).unwrap();
                        index[&code_of(&f.grid())]
                    })
                    .collect()
            })
            .collect();
        Space { size, grids, next }
    }

    /// A bit per point index.
    fn mask(&self, points: impl IntoIterator<Item = ttrules_spec::Point>) -> u32 {
        points
            .into_iter()
            .fold(0, |m, p| m | 1 << self.size.index(p))
    }

    /// By colouring: the points that hold a stone of `owner` on every colouring the attacker can
    /// reach from it (itself included): the greatest fixpoint of `keep(i) = stones(i) ∧ keep(j)`
    /// over the moves i → j.
    fn permanent(&self, owner: Player) -> Vec<u32> {
        let own = owner.colour();
        let mut keep: Vec<u32> = self
            .grids
            .iter()
            .map(|g| self.mask(self.size.points().filter(|&p| g.get(p) == own)))
            .collect();
        loop {
            let mut changed = false;
            for i in 0..keep.len() {
                let k = self.next[i]
                    .iter()
                    .fold(keep[i], |k, &j| k & keep[j as usize]);
                if k != keep[i] {
                    keep[i] = k;
                    changed = true;
                }
            }
            if !changed {
                return keep;
            }
        }
    }

    /// The attacker's moves from colouring `from` to one where a stone of `owner` on `lost` is
    /// gone (breadth first).
    fn capture_path(&self, from: usize, owner: Player, lost: u32) -> Vec<usize> {
        let mut back: HashMap<usize, usize> = HashMap::new();
        let mut queue = std::collections::VecDeque::from([from]);
        back.insert(from, from);
        while let Some(i) = queue.pop_front() {
            let g = &self.grids[i];
            let still = self.mask(self.size.points().filter(|&p| g.get(p) == owner.colour()));
            if lost & !still != 0 {
                let mut path = vec![i];
                while *path.last().unwrap() != from {
                    path.push(back[path.last().unwrap()]);
                }
                path.reverse();
                return path;
            }
            for &j in &self.next[i] {
                back.entry(j as usize).or_insert_with(|| {
                    queue.push_back(j as usize);
                    i
                });
            }
        }
        panic!("no capture path");
    }
}

/// The pass-alive area and stones of `owner` on `g` under `suicide` (fast engine).
fn area_and_stones(
    g: &Grid,
    owner: Player,
    suicide: Suicide,
) -> (Vec<ttrules_spec::Point>, Vec<ttrules_spec::Point>) {
    let e = Fast::from_setup(&setup(g, owner), rules(suicide)).unwrap();
    let pa = e.pass_alive();
    (pa.of(owner).to_vec(), pa.stones(owner, g))
}

/// What one board showed.
#[derive(Debug, Default)]
struct Found {
    colourings: usize,
    /// Colourings (each standing for two positions) with a pass-alive stone of the owner.
    with_pass_alive_stones: usize,
    with_pass_alive_territory: usize,
    /// Colourings where Benson's reading (empty points only) calls a stone pass-alive that the
    /// attacker can capture, under suicide allowed.
    plain_unsound: usize,
}

/// Checks one board under every suicide value, both owners; returns the counts.
fn check_board(w: u32, h: u32, cross_check_reference: bool) -> Found {
    let size = Size::new(w, h).unwrap();
    let start = Instant::now();
    let mut found = Found::default();
    let mut shown = false;
    for suicide in [
        Suicide::Allowed,
        Suicide::MultiStoneOnly,
        Suicide::Forbidden,
    ] {
        for owner in [Player::Black, Player::White] {
            let space = Space::new(size, owner.opponent(), suicide);
            found.colourings = space.grids.len();
            let keep = space.permanent(owner);
            let areas: Vec<(u32, u32)> = space
                .grids
                .iter()
                .map(|g| {
                    let (area, stones) = area_and_stones(g, owner, suicide);
                    if cross_check_reference {
                        let r = Reference::from_setup(&setup(g, owner), rules(suicide)).unwrap();
                        assert_eq!(
                            r.pass_alive().of(owner),
                            &area[..],
                            "engines differ on\n{g}"
                        );
                    }
                    (space.mask(area), space.mask(stones))
                })
                .collect();
            for (i, &(area, stones)) in areas.iter().enumerate() {
                let g = &space.grids[i];
                // r[life.note.sound]: no pass-alive stone is ever emptied.
                assert_eq!(
                    stones & !keep[i],
                    0,
                    "{size} {suicide:?}: a pass-alive stone of {owner} can be captured from\n{g}"
                );
                // ... and the pass-alive area only grows, one attacker move at a time.
                for &j in &space.next[i] {
                    assert_eq!(
                        area & !areas[j as usize].0,
                        0,
                        "{size} {suicide:?}: {owner}'s pass-alive area shrinks from\n{g}to\n{}",
                        space.grids[j as usize]
                    );
                }
                if suicide == Suicide::Allowed && owner == Player::Black {
                    found.with_pass_alive_stones += usize::from(stones != 0);
                    found.with_pass_alive_territory += usize::from(area & !stones != 0);
                    // r[life.note.plain-unsound]: Benson's reading under suicide allowed.
                    let (_, plain) = area_and_stones(g, owner, Suicide::Forbidden);
                    let plain = space.mask(plain);
                    if plain & !keep[i] != 0 {
                        found.plain_unsound += 1;
                        if !shown {
                            shown = true;
                            let path = space.capture_path(i, owner, plain & !keep[i]);
                            eprintln!("{size}: Benson's reading is unsound under suicide allowed:");
                            for k in path {
                                eprintln!("{}", space.grids[k]);
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "{size}: {} legal colourings ({} positions), both owners, three suicide values: {found:?}, {:.2?}",
        found.colourings,
        2 * found.colourings,
        start.elapsed()
    );
    found
}

/// The boards of CI: every legal colouring of 2x2, 2x3, 3x3 and 2x4.
#[test]
fn pass_alive_stones_are_never_captured_on_small_boards() {
    let mut plain_unsound = 0;
    let mut stones = 0;
    let mut territory = 0;
    for (w, h) in [(2, 2), (2, 3), (3, 3), (2, 4)] {
        let f = check_board(w, h, w * h <= 6);
        plain_unsound += f.plain_unsound;
        stones += f.with_pass_alive_stones;
        territory += f.with_pass_alive_territory;
    }
    assert!(stones > 0, "no colouring had a pass-alive stone");
    assert!(territory > 0, "no colouring had pass-alive territory");
    assert!(
        plain_unsound > 0,
        "Benson's reading was never unsound: the check could not fail"
    );
}

/// Larger boards, by hand: `cargo test --release -p ttrules-fast --test life_soundness -- --ignored`.
#[test]
#[ignore]
fn pass_alive_stones_are_never_captured_on_larger_boards() {
    for (w, h) in [(3, 4), (2, 5), (2, 6)] {
        check_board(w, h, false);
    }
}
