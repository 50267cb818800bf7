//! Helpers shared by the tests: a seeded RNG, a random-game driver that runs the fast engine and
//! the reference side by side under any [`Rules`] and from any [`Setup`], and obviously-correct
//! grid functions written from the spec text (used only to classify what happened and to make
//! setups, never to decide agreement).

#![allow(dead_code)]

mod stats;
#[allow(unused_imports)] // Not every test binary uses both.
pub use stats::{assert_variant_events, Stats};

use ttrules_fast::FastWith;
use ttrules_reference::Reference;
use ttrules_spec::engine::Observation;
use ttrules_spec::{
    Colour, Counting, Engine, FirstPass, Grid, HalfPoints, Illegal, Komi, Move, Outcome, Player,
    Point, Prisoners, Repetition, Rules, Setup, Size, Suicide, Tax, Ties,
};

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

/// A random legal position (r[var.setup]): each point black, white or empty with the given
/// percentages, then the stones that do not reach empty cleared (white first, then black, which
/// leaves every stone reaching empty).
pub fn random_position(size: Size, rng: &mut Rng, stones_percent: usize) -> Grid {
    let mut g = Grid::empty(size);
    for p in size.points() {
        if rng.chance(stones_percent) {
            g.set(
                p,
                if rng.chance(50) {
                    Colour::Black
                } else {
                    Colour::White
                },
            );
        }
    }
    clear(&mut g, Colour::White);
    clear(&mut g, Colour::Black);
    debug_assert!(every_stone_reaches_empty(&g));
    g
}

/// A random colouring, legal or not.
pub fn random_colouring(size: Size, rng: &mut Rng) -> Grid {
    let mut g = Grid::empty(size);
    for p in size.points() {
        g.set(
            p,
            [Colour::Empty, Colour::Black, Colour::White][rng.below(3)],
        );
    }
    g
}

/// A random setup: the empty start (often), a legal position with either player to move, and
/// sometimes a declared handicap (also on the empty grid).
pub fn random_setup(size: Size, rng: &mut Rng) -> Setup {
    let roll = rng.below(100);
    if roll < 55 {
        return Setup::empty(size);
    }
    let grid = if roll < 65 {
        Grid::empty(size)
    } else {
        let density = 20 + rng.below(50);
        random_position(size, rng, density)
    };
    let to_move = if rng.chance(50) {
        Player::Black
    } else {
        Player::White
    };
    let handicap = if rng.chance(35) {
        rng.below(6) as u32
    } else {
        0
    };
    Setup {
        grid,
        to_move,
        handicap,
    }
}

/// How a game is driven.
#[derive(Copy, Clone, Debug)]
pub struct Plan {
    pub size: Size,
    pub max_turns: usize,
    /// Compare the full observation every this many turns (1 = always); verdicts, grids and
    /// invariants are checked after every attempt regardless.
    pub observe_every: usize,
    /// Percent chance of a pass when legal moves exist.
    pub pass_percent: usize,
}

impl Plan {
    pub fn new(w: u32, h: u32, max_turns: usize, observe_every: usize) -> Plan {
        Plan {
            size: Size::new(w, h).unwrap(),
            max_turns,
            observe_every,
            pass_percent: 5,
        }
    }
}

/// Komi values the end of every game is scored with.
pub const KOMIS: [i64; 6] = [0, 1, -1, 13, 15, -14];

/// Plays one random game from the empty start under Tromp-Taylor.
pub fn play_game<const B: u32>(plan: Plan, rng: &mut Rng, stats: &mut Stats) {
    play_game_with::<B>(
        plan,
        Rules::TROMP_TAYLOR,
        &Setup::empty(plan.size),
        rng,
        stats,
    );
}

/// Plays one random game from `setup` under `rules` on both engines, comparing everything;
/// panics with the rules, the setup and the moves so far on the first difference. Refused
/// setups are compared too.
pub fn play_game_with<const B: u32>(
    plan: Plan,
    rules: Rules,
    setup: &Setup,
    rng: &mut Rng,
    stats: &mut Stats,
) {
    let setup_ctx = || describe_setup(plan.size, rules, setup);
    let Some((mut fast, mut reference)) = start_both::<B>(setup, rules, stats, &setup_ctx) else {
        return;
    };
    let mut history = History::new(&fast, setup);
    let mut log: Vec<String> = Vec::new();
    let mut legal = reference.legal_points();
    let handicap_turns = handicap_opening(setup, rng);
    stats.games += 1;
    let mut turn = 0;
    let mut trailing_passes = 0;
    while turn < plan.max_turns && !reference.is_over() {
        let mover = reference.to_move();
        let mv = choose_move(plan, rng, turn < handicap_turns, mover, &legal);
        log.push(format!("{} {}", mover.letter(), mv.gtp()));
        let ctx = || format!("{} after {}", setup_ctx(), log.join(", "));
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
            (Move::Play(p), Err(why)) => {
                stats.rejected[why as usize] += 1;
                if why == Illegal::Repetition {
                    history.classify_repetition(&before, p, mover, stats, &ctx);
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
                    trailing_passes = 0;
                    if report.suicided == 1 && report.captured == 0 {
                        stats.single_suicide_played(rules);
                    }
                    history.record(&fast, reference.grid(), rules, stats);
                } else {
                    trailing_passes += 1;
                }
                legal = reference.legal_points();
            }
        }
        assert_eq!(fast.grid(), reference.grid(), "grid differs: {}", ctx());
        check_playout_api(&fast, turn, stats, &ctx);
        assert_eq!(
            fast.to_move(),
            reference.to_move(),
            "to_move differs: {}",
            ctx()
        );
        assert_eq!(
            fast.is_over(),
            reference.is_over(),
            "end differs: {}",
            ctx()
        );
        if turn % plan.observe_every == 0 || reference.is_over() {
            compare_observation(&fast, &reference, rules, trailing_passes, stats, &ctx);
        }
    }
    if reference.is_over() {
        check_after_end(&mut fast, &mut reference, rules, stats);
    }
    let end = Observation::of(&reference);
    assert_eq!(Observation::of(&fast), end, "end differs: {}", setup_ctx());
    count_end_events(&end, rules, setup, stats);
    compare_scoring(&fast, &reference, rng, stats, &|| {
        format!("{} after {}", setup_ctx(), log.join(", "))
    });
    classify_tax(&end.grid, end.to_move, stats);
}

/// The size, rules and setup a game is played under, for failure messages.
fn describe_setup(size: Size, rules: Rules, setup: &Setup) -> String {
    format!(
        "{size} rules [{}] setup to_move={} handicap={} grid={:?}",
        rules.describe(),
        setup.to_move.letter(),
        setup.handicap,
        setup.grid.rows()
    )
}

/// How many turns of a handicap opening (Black moves, White passes: r[var.handicap]) the game
/// starts with: sometimes a few from the empty start, else none.
fn handicap_opening(setup: &Setup, rng: &mut Rng) -> usize {
    if setup.is_empty_start() && rng.chance(15) {
        2 * (1 + rng.below(4)) + usize::from(rng.chance(50))
    } else {
        0
    }
}

/// Both engines started from `setup` under `rules` (r[var.setup]) and their starts compared;
/// `None` when both refuse the setup, with the same error (counted in `stats`).
fn start_both<const B: u32>(
    setup: &Setup,
    rules: Rules,
    stats: &mut Stats,
    setup_ctx: &dyn Fn() -> String,
) -> Option<(FastWith<B>, Reference)> {
    let (fast, reference) = match (
        FastWith::<B>::from_setup(setup, rules),
        Reference::from_setup(setup, rules),
    ) {
        (Ok(f), Ok(r)) => (f, r),
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "setup errors differ: {}", setup_ctx());
            stats.setup_errors += 1;
            return None;
        }
        (f, r) => panic!(
            "setup verdicts differ: fast {:?}, reference {:?}: {}",
            f.err(),
            r.err(),
            setup_ctx()
        ),
    };
    fast.assert_invariants();
    assert_eq!(
        Observation::of(&fast),
        Observation::of(&reference),
        "start differs: {}",
        setup_ctx()
    );
    if !setup.is_empty_start() {
        stats.setups += 1;
        if setup.handicap >= 2 {
            stats.declared_handicaps += 1;
        }
    }
    Some((fast, reference))
}

/// The next attempt for `mover`: in a handicap opening Black plays a legal point and White
/// passes (r[var.handicap]); otherwise mostly legal moves, sometimes passes or any point,
/// occupied or off the grid.
fn choose_move(
    plan: Plan,
    rng: &mut Rng,
    in_handicap: bool,
    mover: Player,
    legal: &[Point],
) -> Move {
    let size = plan.size;
    let roll = rng.below(100);
    if in_handicap && mover == Player::White {
        Move::Pass
    } else if in_handicap && !legal.is_empty() {
        Move::Play(legal[rng.below(legal.len())])
    } else if roll < plan.pass_percent || (legal.is_empty() && roll < 30) {
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
    }
}

/// The colourings a game went through, to classify repetitions and count hash collisions.
struct History {
    /// Every earlier colouring: the start and the colouring after each move.
    colourings: Vec<Grid>,
    /// The fast engine's hash after each of those colourings, with the colouring.
    hashes: Vec<(u64, Grid)>,
}

impl History {
    /// The history of a game that starts from `setup`.
    fn new<const B: u32>(fast: &FastWith<B>, setup: &Setup) -> History {
        History {
            colourings: vec![setup.grid.clone()],
            hashes: vec![(fast.hash(), setup.grid.clone())],
        }
    }

    /// A play at `p` refused for repetition (r[tt.turn.repetition]): my classifier must find
    /// its result among the earlier colourings; counts single-stone suicides
    /// (r[tt.note.single-suicide]) and repetitions beyond plain ko.
    fn classify_repetition(
        &self,
        before: &Grid,
        p: Point,
        mover: Player,
        stats: &mut Stats,
        ctx: &dyn Fn() -> String,
    ) {
        let colourings = &self.colourings;
        let result = result_of(before, p, mover);
        assert!(
            colourings.contains(&result),
            "my classifier disagrees: {}",
            ctx()
        );
        if result == *before {
            stats.single_suicide += 1;
        } else if colourings.len() < 2 || result != colourings[colourings.len() - 2] {
            stats.superko_beyond_ko += 1;
        }
    }

    /// Records the colouring `g` after a play: counts recreated colourings and hash collisions.
    fn record<const B: u32>(
        &mut self,
        fast: &FastWith<B>,
        g: Grid,
        rules: Rules,
        stats: &mut Stats,
    ) {
        if self.colourings.contains(&g) {
            stats.earlier_colouring_recreated(rules);
        }
        for (h, earlier) in &self.hashes {
            if *h == fast.hash() && *earlier != g {
                stats.hash_collisions += 1;
            }
        }
        self.hashes.push((fast.hash(), g.clone()));
        self.colourings.push(g);
    }
}

/// The playout API agrees with the Engine API: legal non-eyelike vertices, the list of empty
/// points, and (on a few points a turn) the fused playout step.
fn check_playout_api<const B: u32>(
    fast: &FastWith<B>,
    turn: usize,
    stats: &mut Stats,
    ctx: &dyn Fn() -> String,
) {
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
    if fast.is_over() {
        return;
    }
    for (k, v) in (0..fast.empty_count()).map(|k| (k, fast.empty_at(k))) {
        let p = fast.point_of(v);
        assert_eq!(fast.colour_at(p), Colour::Empty);
        let legal = fast.is_legal_vertex(v);
        assert_eq!(legal, fast.check(Move::Play(p)).is_ok());
        // The fused playout step, on a few points a turn: it plays exactly when the
        // point is legal and not eyelike, and then as `play_vertex` does.
        if (k + turn) % 8 == 0 {
            let mut fused = fast.clone();
            let eyelike = fast.is_eyelike(v);
            let expect = legal && !eyelike;
            // By vertex, or by list position (the step of the benchmarks' driver).
            let played = if (k + turn) % 16 == 0 {
                fused.play_empty_if_legal_non_eyelike(k)
            } else {
                fused.play_if_legal_non_eyelike(v)
            };
            assert_eq!(played, expect, "{}", ctx());
            if eyelike {
                stats.fused_eyelike += 1;
            } else if !legal {
                stats.fused_illegal += 1;
            } else {
                stats.fused_played += 1;
            }
            if expect {
                let mut plain = fast.clone();
                plain.play_vertex(v);
                assert_eq!(fused.grid(), plain.grid(), "{}", ctx());
                assert_eq!(fused.hash(), plain.hash(), "{}", ctx());
            } else {
                assert_eq!(fused.grid(), fast.grid(), "{}", ctx());
            }
        }
    }
}

/// The full observations agree; counts the events they show (regions reaching both colours,
/// AGA's extra White pass (r[var.end.white-last]), passes not counted, pass-alive areas).
fn compare_observation<const B: u32>(
    fast: &FastWith<B>,
    reference: &Reference,
    rules: Rules,
    trailing_passes: u32,
    stats: &mut Stats,
    ctx: &dyn Fn() -> String,
) {
    let want = Observation::of(reference);
    assert_eq!(
        Observation::of(fast),
        want,
        "observation differs: {}",
        ctx()
    );
    if has_region_reaching_both(&want.grid) {
        stats.region_reaching_both += 1;
    }
    if rules.end == ttrules_spec::End::WhitePassesLast && want.consecutive_passes >= 2 && !want.over
    {
        stats.aga_extra_white_pass += 1;
    }
    if want.consecutive_passes < trailing_passes {
        stats.button_not_counted += 1;
    }
    if !want.pass_alive.is_empty() {
        stats.pass_alive_seen += 1;
        if !want.pass_alive.dead_stones(&want.grid).is_empty() {
            stats.stones_in_pass_alive_territory += 1;
        }
    }
}

/// After the end both engines refuse every attempt (r[tt.note.after-end]); counts how the game
/// ended.
fn check_after_end<const B: u32>(
    fast: &mut FastWith<B>,
    reference: &mut Reference,
    rules: Rules,
    stats: &mut Stats,
) {
    if reference.is_void() {
        stats.void_games += 1;
    } else {
        stats.games_ended_by_passes += 1;
        if rules.end == ttrules_spec::End::RepeatedPass && reference.consecutive_passes() < 2 {
            stats.repeated_pass_endings += 1;
        }
    }
    for mv in [Move::Pass, Move::Play(Point::new(0, 0))] {
        assert_eq!(fast.check(mv), Err(Illegal::GameOver));
        assert_eq!(fast.play(mv), Err(Illegal::GameOver));
        assert_eq!(reference.play(mv), Err(Illegal::GameOver));
        stats.rejected[Illegal::GameOver as usize] += 1;
    }
}

/// Counts the variant events the final observation `end` shows.
fn count_end_events(end: &Observation, rules: Rules, setup: &Setup, stats: &mut Stats) {
    if end.handicap >= 2 && setup.is_empty_start() {
        stats.opening_handicaps += 1;
    }
    if rules.first_pass == FirstPass::Msg && end.first_passer == Some(Player::White) {
        stats.msg_white_first += 1;
    }
    if rules.pass_stones == ttrules_spec::PassStones::OnePerPass
        && end.prisoners != Prisoners::default()
    {
        stats.pass_stone_games += 1;
    }
    if rules.counting == Counting::Territory && end.prisoners.black > 0 && end.prisoners.white > 0 {
        stats.territory_with_prisoners += 1;
    }
}

/// Dead-stone sets (valid and not) and komi values at the end: `score_with_dead` and `outcome`
/// must agree, errors included.
fn compare_scoring<const B: u32>(
    fast: &FastWith<B>,
    reference: &Reference,
    rng: &mut Rng,
    stats: &mut Stats,
    ctx: &dyn Fn() -> String,
) {
    let size = fast.size();
    let g = reference.grid();
    let stones: Vec<Point> = size
        .points()
        .filter(|&p| g.get(p) != Colour::Empty)
        .collect();
    let empties: Vec<Point> = size
        .points()
        .filter(|&p| g.get(p) == Colour::Empty)
        .collect();
    let rules = reference.rules();
    for attempt in 0..4 {
        let mut dead: Vec<Point> = match attempt {
            0 => Vec::new(),
            _ => stones.iter().copied().filter(|_| rng.chance(30)).collect(),
        };
        if attempt == 3 && rng.chance(60) {
            // An invalid point somewhere in the list: off the grid or empty.
            let bad = if rng.chance(50) || empties.is_empty() {
                Point::new(size.width() as u8 + rng.below(3) as u8, 0)
            } else {
                empties[rng.below(empties.len())]
            };
            let at = rng.below(dead.len() + 1);
            dead.insert(at, bad);
        }
        let want = reference.score_with_dead(&dead);
        assert_eq!(
            fast.score_with_dead(&dead),
            want,
            "score_with_dead({dead:?}) differs: {}",
            ctx()
        );
        match want {
            Ok(_) => stats.dead_scored += 1,
            Err(ttrules_spec::DeadError::OffGrid(..)) => stats.dead_off_grid += 1,
            Err(ttrules_spec::DeadError::Empty(_)) => stats.dead_empty += 1,
        }
        for k in KOMIS {
            let komi = Komi::new(HalfPoints::halves(k));
            let want = reference.outcome(komi, &dead);
            assert_eq!(
                fast.outcome(komi, &dead),
                want,
                "outcome(komi {k} halves, {dead:?}) differs: {}",
                ctx()
            );
            if let Ok(Outcome::Win { margin, .. }) = want {
                if margin == HalfPoints::ZERO {
                    if rules.first_pass == FirstPass::TieBreak && reference.first_passer().is_some()
                    {
                        stats.tie_breaks += 1;
                    } else if rules.ties == Ties::BlackWins {
                        stats.black_wins_ties += 1;
                    }
                }
            }
        }
    }
}

/// Classifies the final colouring: does the seki tax change the area score, does some player
/// have an independent-life region. Both engines are compared on it too.
fn classify_tax(g: &Grid, to_move: Player, stats: &mut Stats) {
    let setup = Setup {
        grid: g.clone(),
        to_move,
        handicap: 0,
    };
    let rules = |tax| Rules {
        tax,
        ..Rules::TROMP_TAYLOR
    };
    let none = Reference::from_setup(&setup, rules(Tax::None)).unwrap();
    let seki = Reference::from_setup(&setup, rules(Tax::Seki)).unwrap();
    let all = Reference::from_setup(&setup, rules(Tax::All)).unwrap();
    for r in [&none, &seki, &all] {
        let f = ttrules_fast::Fast::from_setup(&setup, r.rules()).unwrap();
        assert_eq!(f.score(), r.score(), "tax scores differ on {:?}", g.rows());
    }
    if none.score() != seki.score() {
        stats.seki_tax_differences += 1;
    }
    // The seki and group taxes under territory counting and under KataGo's area counting
    // (r[var.tax.ilr]), on the same colouring.
    for counting in [Counting::Area, Counting::Territory, Counting::AreaPassAlive] {
        for tax in [Tax::Seki, Tax::All, Tax::SekiRegions, Tax::AllRegions] {
            let rules = Rules {
                counting,
                ..rules(tax)
            };
            let r = Reference::from_setup(&setup, rules).unwrap();
            let f = ttrules_fast::Fast::from_setup(&setup, rules).unwrap();
            assert_eq!(
                f.score(),
                r.score(),
                "{counting:?} {tax:?} scores differ on {:?}",
                g.rows()
            );
            // r[var.tax.seki.regions] against r[var.tax.seki.blocks]: where they part (an open
            // dame or a chain in atari), counted so that the sweep is seen to reach it.
            if tax == Tax::SekiRegions {
                let blocks = Rules {
                    tax: Tax::Seki,
                    ..rules
                };
                if Reference::from_setup(&setup, blocks).unwrap().score() != r.score() {
                    stats.regions_vs_blocks += 1;
                }
            }
        }
    }
    let dame_regions = ttrules_reference::territory::dame_regions(g).len();
    let seki_regions = ttrules_reference::territory::seki_regions(g).len();
    stats.filled_dame += usize::from(seki_regions < dame_regions);
    stats.seki_regions += usize::from(seki_regions > 0);
    if seki.score() != all.score() {
        stats.tax_all_regions += 1;
    }
    // r[var.count.area.pass-alive] against r[var.count.area] on the same colouring.
    let pass_alive = Rules {
        counting: Counting::AreaPassAlive,
        ..Rules::TROMP_TAYLOR
    };
    let r = Reference::from_setup(&setup, pass_alive).unwrap();
    let f = ttrules_fast::Fast::from_setup(&setup, pass_alive).unwrap();
    assert_eq!(
        f.score(),
        r.score(),
        "pass-alive area scores differ on {:?}",
        g.rows()
    );
    if r.score() != none.score() {
        stats.pass_alive_score_differences += 1;
    }
}

/// Rules under which the parameters not listed do not matter to legality: handy for narrowing.
pub fn with_repetition(repetition: Repetition, suicide: Suicide) -> Rules {
    Rules {
        repetition,
        suicide,
        ..Rules::TROMP_TAYLOR
    }
}
