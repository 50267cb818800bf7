//! The games of the differential: random games on every board from 2x2 to 9x9 (squares and
//! rectangles) and 19x19, handicap openings, and finished positions built on purpose (open dame,
//! seki, chains in atari, one-eyed groups), each played by both ttrules engines under ttrules'
//! reading of a KataGo rules string, with what they observed at every turn.

use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::{
    Colour, Counting, Engine, Grid, Komi, Move, Outcome, Player, Point, Rules, Setup, Size,
};

/// splitmix64: small, seeded, reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn chance(&mut self, per_mille: usize) -> bool {
        self.below(1000) < per_mille
    }
}

/// What the engines saw before one turn (or after the last).
pub struct Turn {
    /// One `0`/`1` per point, point-index order: whether a move there is legal.
    pub legal: String,
    pub pass_legal: bool,
    pub over: bool,
}

/// One game of the differential, played by ttrules.
pub struct Played {
    pub kind: &'static str,
    pub rules_string: String,
    pub komi: Komi,
    pub setup: Setup,
    pub moves: Vec<Move>,
    /// One per move, and one after the last.
    pub turns: Vec<Turn>,
    /// The reference's outcome with komi when the game is over; `None` when it stopped at the
    /// turn cap.
    pub outcome: Option<Outcome>,
    /// Where the fast engine disagreed with the reference, if anywhere.
    pub fast_difference: Option<String>,
    /// The handicap N the reference read (r[var.handicap]).
    pub handicap: u32,
}

/// The point index of `p` on `size` (y * width + x), as the driver reads it.
pub fn index(size: Size, p: Point) -> usize {
    size.index(p)
}

fn legal_string(size: Size, pts: &[Point]) -> String {
    let mut s = vec![b'0'; size.area()];
    for &p in pts {
        s[index(size, p)] = b'1';
    }
    String::from_utf8(s).expect("ASCII")
}

fn neighbours(size: Size, p: Point) -> impl Iterator<Item = Point> {
    let (x, y, w, h) = (
        i32::from(p.x),
        i32::from(p.y),
        size.width() as i32,
        size.height() as i32,
    );
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(move |&(a, b)| a >= 0 && b >= 0 && a < w && b < h)
        .map(|(a, b)| Point::new(a as u8, b as u8))
}

/// How a game's turns are chosen.
#[derive(Clone, Copy)]
pub struct Policy {
    /// Per mille chance of passing at a turn when a move is possible.
    pub pass: usize,
    /// Whether a player may fill her own one-point eye.
    pub fill_eyes: bool,
    /// Black moves separated by White passes at the start (a handicap opening of that many stones).
    pub handicap_moves: usize,
    /// Turns after which the game stops unfinished.
    pub cap: usize,
}

/// Plays a game from `setup` under `rules` with both engines, choosing each turn by `policy`.
pub fn play(
    kind: &'static str,
    rules_string: &str,
    rules: Rules,
    komi: Komi,
    setup: Setup,
    policy: Policy,
    rng: &mut Rng,
) -> Played {
    let size = setup.grid.size();
    let mut r = match Reference::from_setup(&setup, rules) {
        Ok(e) => e,
        Err(e) => panic!("a built setup is refused: {e}"),
    };
    let mut f = match Fast::from_setup(&setup, rules) {
        Ok(e) => e,
        Err(e) => panic!("a built setup is refused by the fast engine: {e}"),
    };
    let mut played = Played {
        kind,
        rules_string: rules_string.to_string(),
        komi,
        setup,
        moves: Vec::new(),
        turns: Vec::new(),
        outcome: None,
        fast_difference: None,
        handicap: 0,
    };
    loop {
        let pts = r.legal_points();
        let over = r.is_over();
        if played.fast_difference.is_none()
            && (f.legal_points() != pts || f.is_over() != over || f.grid() != r.grid())
        {
            played.fast_difference = Some(format!("turn {}", played.moves.len()));
        }
        played.turns.push(Turn {
            legal: legal_string(size, &pts),
            pass_legal: r.check(Move::Pass).is_ok(),
            over,
        });
        if over || played.moves.len() >= policy.cap {
            break;
        }
        let t = played.moves.len();
        let mv = if t < 2 * policy.handicap_moves.saturating_sub(1) + 1 && t % 2 == 1 {
            Move::Pass
        } else {
            choose(&r, &pts, policy, rng, t < 2 * policy.handicap_moves)
        };
        if r.play(mv).is_err() {
            panic!("the reference refused a move it listed as legal: {mv}");
        }
        let _ = f.play(mv);
        played.moves.push(mv);
    }
    played.handicap = r.handicap();
    if r.is_over() {
        let dead = pass_alive_dead(&r, rules);
        let o = r.outcome(komi, &dead).expect("dead stones on stones");
        if played.fast_difference.is_none() && f.outcome(komi, &dead).ok() != Some(o) {
            played.fast_difference = Some("outcome".to_string());
        }
        played.outcome = Some(o);
    }
    played
}

/// The stones KataGo removes before counting territory: under territory scoring KataGo's
/// `endAndScoreGameNow` counts every stone standing in the opponent's pass-alive territory for the
/// territory's owner, as r[var.count.area.pass-alive] does under area scoring. ttrules' territory
/// counting takes dead stones as an input (r[var.count.dead]): the differential gives it exactly
/// those stones, so that what is compared is the rest of the count.
///
/// Under the regions taxes KataGo reads the independent-life regions on that ownership
/// (`Board::calculateIndependentLifeArea`) and, under territory scoring, counts a point outside
/// every such region by the stone on it: a stone in the opponent's pass-alive territory then
/// counts for its own colour unless the territory lies in one of the opponent's independent-life
/// regions (read with all those stones emptied). Only those are given as dead.
fn pass_alive_dead(r: &Reference, rules: Rules) -> Vec<Point> {
    if rules.counting != Counting::Territory {
        return Vec::new();
    }
    let alive = r.pass_alive();
    let g = r.grid();
    let dead: Vec<Point> = g
        .size()
        .points()
        .filter(|&p| match g.get(p) {
            Colour::Black => alive.white.contains(&p),
            Colour::White => alive.black.contains(&p),
            Colour::Empty => false,
        })
        .collect();
    if !rules.tax.by_regions() {
        return dead;
    }
    let mut emptied = g.clone();
    for &p in &dead {
        emptied.set(p, Colour::Empty);
    }
    let ilr = [Player::Black, Player::White].map(|pl| {
        ttrules_reference::score::independent_life_regions(&emptied, pl)
            .into_iter()
            .flatten()
            .collect::<Vec<Point>>()
    });
    dead.into_iter()
        .filter(|&p| match g.get(p) {
            Colour::Black => ilr[1].contains(&p),
            _ => ilr[0].contains(&p),
        })
        .collect()
}

fn choose(r: &Reference, pts: &[Point], policy: Policy, rng: &mut Rng, opening: bool) -> Move {
    if !opening && rng.chance(policy.pass) {
        return Move::Pass;
    }
    let size = r.size();
    let me = r.to_move().colour();
    let mut candidates: Vec<Point> = pts
        .iter()
        .copied()
        .filter(|&p| policy.fill_eyes || !neighbours(size, p).all(|q| r.colour_at(q) == me))
        .collect();
    if candidates.is_empty() {
        return Move::Pass;
    }
    let k = rng.below(candidates.len());
    Move::Play(candidates.swap_remove(k))
}

/// A random finished-looking position: the grid split between the two colours along a random
/// border, holes carved at `density` per mille (eyes, open dame, one-eyed groups, chains in atari
/// and shared liberties all come out of it), and every stone that reaches no empty point removed so
/// that the setup is a legal position (r[var.setup]).
pub fn built_position(size: Size, density: usize, rng: &mut Rng) -> Grid {
    let (w, h) = (size.width(), size.height());
    // A border: a random line through the grid, with a little noise.
    let (ax, ay) = (
        rng.below(w * 4) as i64 - w as i64,
        rng.below(h * 4) as i64 - h as i64,
    );
    let (bx, by) = (rng.below(w) as i64, rng.below(h) as i64);
    let mut g = Grid::empty(size);
    for p in size.points() {
        let side = (i64::from(p.x) - bx) * ay - (i64::from(p.y) - by) * ax;
        let noise = rng.below(3) as i64 - 1;
        let c = if side + noise * (w as i64) / 2 >= 0 {
            Colour::Black
        } else {
            Colour::White
        };
        if !rng.chance(density) {
            g.set(p, c);
        }
    }
    // A border of dame: some points where the colours meet stay empty.
    for p in size.points() {
        let c = g.get(p);
        if c != Colour::Empty
            && neighbours(size, p).any(|q| g.get(q) != c && g.get(q) != Colour::Empty)
            && rng.chance(150)
        {
            g.set(p, Colour::Empty);
        }
    }
    remove_without_path(&mut g);
    g
}

/// Empties every stone that reaches no empty point (a legal setup, r[var.setup]).
pub fn remove_without_path(g: &mut Grid) {
    let size = g.size();
    loop {
        let mut changed = false;
        for p in size.points() {
            let c = g.get(p);
            if c == Colour::Empty {
                continue;
            }
            // Flood the chain of p.
            let mut chain = vec![p];
            let mut k = 0;
            let mut free = false;
            while k < chain.len() {
                let q = chain[k];
                k += 1;
                for n in neighbours(size, q) {
                    let d = g.get(n);
                    if d == Colour::Empty {
                        free = true;
                    } else if d == c && !chain.contains(&n) {
                        chain.push(n);
                    }
                }
            }
            if !free {
                // Empty one stone of the chain: the rest may then reach it.
                g.set(chain[0], Colour::Empty);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// A handicap setup: `n` Black stones spread over the grid, White to move, handicap `n` declared
/// (r[var.handicap]); KataGo counts the Black stones of a setup without White stones the same way.
pub fn handicap_setup(size: Size, n: usize, rng: &mut Rng) -> Setup {
    let mut g = Grid::empty(size);
    let mut placed = 0;
    while placed < n {
        let p = size.point(rng.below(size.area()));
        if g.get(p) == Colour::Empty {
            g.set(p, Colour::Black);
            placed += 1;
        }
    }
    remove_without_path(&mut g);
    let n = g.count(Colour::Black) as u32;
    Setup {
        grid: g,
        to_move: Player::White,
        handicap: if n >= 2 { n } else { 0 },
    }
}
