//! Helpers shared by the tests: a seeded RNG, a random-game driver that runs the fast engine and
//! the reference side by side, and obviously-correct grid functions written from the spec text
//! (used only to classify what happened, never to decide agreement).

#![allow(dead_code)]

use ttrules_fast::FastWith;
use ttrules_reference::Reference;
use ttrules_spec::engine::Observation;
use ttrules_spec::{Colour, Engine, Grid, Illegal, Move, Player, Point, Rules, Size};

/// splitmix64: small, seeded, good enough to drive tests.
#[derive(Clone, Debug)]
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
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `percent / 100`.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// The points adjacent to `p` (r[tt.adjacent]).
pub fn adjacent(size: Size, p: Point) -> Vec<Point> {
    let (x, y) = (i32::from(p.x), i32::from(p.y));
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(|&(x, y)| {
            x >= 0 && y >= 0 && (x as usize) < size.width() && (y as usize) < size.height()
        })
        .map(|(x, y)| Point::new(x as u8, y as u8))
        .collect()
}

/// r[tt.reach], by breadth-first search through points of p's colour.
pub fn reaches(g: &Grid, p: Point, c: Colour) -> bool {
    let own = g.get(p);
    let mut seen = vec![p];
    let mut k = 0;
    while k < seen.len() {
        let q = seen[k];
        k += 1;
        for n in adjacent(g.size(), q) {
            if g.get(n) == c {
                return true;
            }
            if g.get(n) == own && !seen.contains(&n) {
                seen.push(n);
            }
        }
    }
    false
}

/// r[tt.clear]: empties the points of colour `c` that do not reach empty; returns how many.
pub fn clear(g: &mut Grid, c: Colour) -> usize {
    let doomed: Vec<Point> = g
        .size()
        .points()
        .filter(|&p| g.get(p) == c && !reaches(g, p, Colour::Empty))
        .collect();
    for &p in &doomed {
        g.set(p, Colour::Empty);
    }
    doomed.len()
}

/// The colouring a move by `player` on the empty point `p` produces (r[tt.move]).
pub fn result_of(g: &Grid, p: Point, player: Player) -> Grid {
    let mut r = g.clone();
    r.set(p, player.colour());
    clear(&mut r, player.opponent().colour());
    clear(&mut r, player.colour());
    r
}

/// Whether some empty point reaches both colours (so scores neutral through r[tt.score]).
pub fn has_region_reaching_both(g: &Grid) -> bool {
    g.size().points().any(|p| {
        g.get(p) == Colour::Empty && reaches(g, p, Colour::Black) && reaches(g, p, Colour::White)
    })
}

/// Whether every stone reaches empty (a legal position, r[tt.derived.every-stone-reaches-empty]).
pub fn every_stone_reaches_empty(g: &Grid) -> bool {
    g.size()
        .points()
        .all(|p| g.get(p) == Colour::Empty || reaches(g, p, Colour::Empty))
}

/// How often each interesting event happened; a test fails on a zero.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub games: usize,
    pub turns: usize,
    pub attempts: usize,
    pub rejected: [usize; 4],
    pub single_suicide: usize,
    pub multi_suicide: usize,
    pub captures: usize,
    /// Repetition rejections whose colouring is neither the current one nor the one before the
    /// opponent's last move (so not a lone suicide and not a simple ko recapture).
    pub superko_beyond_ko: usize,
    pub region_reaching_both: usize,
    pub games_ended_by_passes: usize,
    /// Distinct colourings of one game that shared a hash (only meaningful for narrow hashes).
    pub hash_collisions: usize,
}

/// How a game is driven.
#[derive(Copy, Clone, Debug)]
pub struct Plan {
    pub size: Size,
    pub max_turns: usize,
    /// Compare the full observation every this many turns (1 = always); verdicts, grids and
    /// invariants are checked after every attempt regardless.
    pub observe_every: usize,
}

/// Plays one random game on both engines, comparing everything; panics with the moves so far on
/// the first difference.
pub fn play_game<const B: u32>(plan: Plan, rng: &mut Rng, stats: &mut Stats) {
    let size = plan.size;
    let mut fast = FastWith::<B>::new(size, Rules::TROMP_TAYLOR);
    let mut reference = Reference::new(size, Rules::TROMP_TAYLOR);
    let mut colourings: Vec<Grid> = vec![Grid::empty(size)];
    let mut hashes: Vec<(u64, Grid)> = vec![(fast.hash(), Grid::empty(size))];
    let mut log: Vec<String> = Vec::new();
    let mut legal = Observation::of(&reference).legal_points;
    stats.games += 1;
    let mut turn = 0;
    while turn < plan.max_turns && !reference.is_over() {
        // Choose an attempt: mostly legal moves, sometimes passes or any point, occupied or
        // off the grid.
        let roll = rng.below(100);
        let mv = if roll < 5 || (legal.is_empty() && roll < 30) {
            Move::Pass
        } else if roll < 75 && !legal.is_empty() {
            Move::Play(legal[rng.below(legal.len())])
        } else if roll < 78 {
            // (Point::gtp has letters only for columns 0..25, so the log needs x < 25.)
            Move::Play(Point::new(
                rng.below((size.width() + 2).min(25)) as u8,
                rng.below(size.height() + 2) as u8,
            ))
        } else {
            Move::Play(size.point(rng.below(size.area())))
        };
        let mover = reference.to_move();
        log.push(format!("{} {}", mover.letter(), mv.gtp()));
        let ctx = || format!("{size} after {}", log.join(", "));
        let checked = fast.check(mv);
        assert_eq!(checked, reference.check(mv), "check differs: {}", ctx());
        let before = reference.grid();
        let got = fast.play(mv);
        let want = reference.play(mv);
        assert_eq!(got, want, "play differs: {}", ctx());
        assert_eq!(checked, got.map(|_| ()), "check and play differ: {}", ctx());
        fast.assert_invariants();
        stats.attempts += 1;
        match (mv, want) {
            (Move::Play(p), Err(Illegal::Repetition)) => {
                stats.rejected[3] += 1;
                let result = result_of(&before, p, mover);
                assert!(
                    colourings.contains(&result),
                    "my classifier disagrees: {}",
                    ctx()
                );
                if result == before {
                    stats.single_suicide += 1;
                } else if colourings.len() < 2 || result != colourings[colourings.len() - 2] {
                    stats.superko_beyond_ko += 1;
                }
            }
            (_, Err(why)) => stats.rejected[why as usize] += 1,
            (mv, Ok(report)) => {
                turn += 1;
                stats.turns += 1;
                if report.suicided >= 2 {
                    stats.multi_suicide += 1;
                }
                if report.captured > 0 {
                    stats.captures += 1;
                }
                if let Move::Play(_) = mv {
                    let g = reference.grid();
                    for (h, earlier) in &hashes {
                        if *h == fast.hash() && *earlier != g {
                            stats.hash_collisions += 1;
                        }
                    }
                    hashes.push((fast.hash(), g.clone()));
                    colourings.push(g);
                }
                legal = reference.legal_points();
            }
        }
        assert_eq!(fast.grid(), reference.grid(), "grid differs: {}", ctx());
        // The playout API agrees with the Engine API: legal non-eyelike vertices.
        let mut fused = Vec::new();
        fast.legal_non_eyelike_into(&mut fused);
        fused.sort();
        let by_engine: Vec<_> = fast
            .legal_points()
            .into_iter()
            .map(|p| fast.vertex(p))
            .filter(|&v| !fast.is_eyelike(v))
            .collect();
        assert_eq!(
            fused,
            by_engine,
            "legal_non_eyelike_into differs: {}",
            ctx()
        );
        if !fast.is_over() {
            for v in (0..fast.empty_count()).map(|k| fast.empty_at(k)) {
                let p = fast.point_of(v);
                assert_eq!(fast.colour_at(p), ttrules_spec::Colour::Empty);
                assert_eq!(fast.is_legal_vertex(v), fast.check(Move::Play(p)).is_ok());
            }
        }
        assert_eq!(
            fast.to_move(),
            reference.to_move(),
            "to_move differs: {}",
            ctx()
        );
        if turn % plan.observe_every == 0 || reference.is_over() {
            let want = Observation::of(&reference);
            assert_eq!(
                Observation::of(&fast),
                want,
                "observation differs: {}",
                ctx()
            );
            if has_region_reaching_both(&want.grid) {
                stats.region_reaching_both += 1;
            }
        }
    }
    if reference.is_over() {
        stats.games_ended_by_passes += 1;
        for mv in [Move::Pass, Move::Play(Point::new(0, 0))] {
            assert_eq!(fast.check(mv), Err(Illegal::GameOver));
            assert_eq!(fast.play(mv), Err(Illegal::GameOver));
            assert_eq!(reference.play(mv), Err(Illegal::GameOver));
            stats.rejected[Illegal::GameOver as usize] += 1;
        }
    }
    assert_eq!(Observation::of(&fast), Observation::of(&reference));
}
