//! # ttrules-games
//!
//! Seeded random games for differential testing: a small PRNG, and a generator of attempt sequences
//! that mixes ordinary turns with probes of the illegal (and the legal but surprising) cases.
//!
//! Everything here is engine-generic and knows nothing of GTP: the generator asks an [`Engine`] (in
//! practice the reference) for every verdict, so the expected answers are the spec's. The only rule
//! knowledge of its own is the labelling in [`classify`], which names *why* a probe is interesting
//! (ko, superko, single-stone suicide); the verdict itself always comes from the engine.
//!
//! The same seed gives the same game on every machine: the PRNG is xoshiro256** seeded through
//! splitmix64, written out here so that no dependency update can change a game.
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! | item | what | spec |
//! | --- | --- | --- |
//! | [`Rng`], [`splitmix64`], [`derive_seed`] | the portable PRNG and per-game seeds | |
//! | [`random_game`], [`GameGen`] | attempt sequences from a seed, each verdict the engine's | r[tt.turn] |
//! | [`classify`], [`Probe`], [`KoShape`] | why a probe is interesting | r[tt.turn.repetition], r[tt.note.single-suicide], r[tt.note.multi-suicide] |
//! | [`neighbours`], [`is_own_eye`] | board helpers of the generators | r[tt.adjacent] |
//!
//! Used by `ttrules-gtp` (random dead lists), `ttrules-check` (random games), `ttrules-referee`
//! (openings, scripted players) and the fuzzers.
//!
//! ```
//! use ttrules_games::{random_game, GameConfig, Rng};
//! use ttrules_reference::Reference;
//! use ttrules_spec::{Rules, Size};
//!
//! // The same seed gives the same numbers, and the same game, everywhere.
//! assert_eq!(Rng::new(7).next_u64(), Rng::new(7).next_u64());
//! let size = Size::square(5).unwrap();
//! let cfg = GameConfig::default();
//! let a = random_game::<Reference>(size, Rules::TROMP_TAYLOR, 42, &cfg);
//! let b = random_game::<Reference>(size, Rules::TROMP_TAYLOR, 42, &cfg);
//! assert_eq!(a.turns(), b.turns());
//! ```

use std::collections::BTreeMap;
use ttrules_spec::{Colour, Engine, Grid, Illegal, Move, Player, Point, Rules, Size, TurnReport};

/// splitmix64: one step of the seed sequence; also used to derive per-game seeds.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of the `i`-th game of a run seeded with `seed`.
pub fn derive_seed(seed: u64, i: u64) -> u64 {
    let mut s = seed ^ i.wrapping_mul(0xd1b5_4a32_d192_ed03);
    splitmix64(&mut s)
}

/// xoshiro256**: a small, fast, well-studied PRNG. Not for cryptography.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        Rng {
            s: [
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
            ],
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n`; `n` must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "Rng::below(0)");
        // Lemire's multiply-shift; the bias is below 2^-32 for the sizes used here.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// True with probability `percent`/100.
    pub fn percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> Option<T> {
        (!xs.is_empty()).then(|| xs[self.below(xs.len())])
    }
}

/// The points adjacent to `p` on `size` (r[tt.adjacent]).
pub fn neighbours(size: Size, p: Point) -> impl Iterator<Item = Point> {
    let (x, y) = (i32::from(p.x), i32::from(p.y));
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(move |&(x, y)| {
            x >= 0 && y >= 0 && (x as usize) < size.width() && (y as usize) < size.height()
        })
        .map(|(x, y)| Point::new(x as u8, y as u8))
}

/// Whether `p` is an empty point whose every neighbour holds a stone of `player`: a single-point
/// eye, which a random player should not fill.
pub fn is_own_eye(g: &Grid, p: Point, player: Player) -> bool {
    g.get(p) == Colour::Empty && neighbours(g.size(), p).all(|q| g.get(q) == player.colour())
}

/// The interesting kinds of attempt the generator probes, and the labels the verifier reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Probe {
    /// A move on a stone (r[tt.move.empty]).
    Occupied,
    /// An immediate recapture of a single stone that recreates the previous colouring
    /// (r[tt.turn.repetition]).
    Ko,
    /// Any other repetition of an earlier colouring (r[tt.note.positional]).
    Superko,
    /// A lone stone without liberty that captures nothing (r[tt.note.single-suicide]).
    SingleSuicide,
    /// A legal move that empties two or more of the mover's stones (r[tt.note.multi-suicide]).
    MultiSuicide,
    /// Any turn after the game has ended (r[tt.note.after-end]).
    AfterEnd,
}

impl Probe {
    pub const ALL: &'static [Probe] = &[
        Probe::Occupied,
        Probe::Ko,
        Probe::Superko,
        Probe::SingleSuicide,
        Probe::MultiSuicide,
        Probe::AfterEnd,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Probe::Occupied => "occupied",
            Probe::Ko => "ko",
            Probe::Superko => "superko",
            Probe::SingleSuicide => "single-suicide",
            Probe::MultiSuicide => "multi-suicide",
            Probe::AfterEnd => "after-end",
        }
    }

    /// The clause that decides the case.
    pub const fn clause(self) -> ttrules_spec::Clause {
        use ttrules_spec::Clause;
        match self {
            Probe::Occupied => Clause::MoveEmpty,
            Probe::Ko => Clause::TurnRepetition,
            Probe::Superko => Clause::NotePositional,
            Probe::SingleSuicide => Clause::NoteSingleSuicide,
            Probe::MultiSuicide => Clause::NoteMultiSuicide,
            Probe::AfterEnd => Clause::NoteAfterEnd,
        }
    }
}

/// The chain of `p` on `g` (stones of `p`'s colour connected to it) and whether it reaches empty.
fn chain(g: &Grid, p: Point) -> (Vec<Point>, bool) {
    let c = g.get(p);
    let mut seen = vec![false; g.size().area()];
    let mut stack = vec![p];
    let mut out = Vec::new();
    let mut reaches_empty = false;
    seen[g.size().index(p)] = true;
    while let Some(q) = stack.pop() {
        out.push(q);
        for n in neighbours(g.size(), q) {
            let nc = g.get(n);
            if nc == Colour::Empty {
                reaches_empty = true;
            } else if nc == c && !seen[g.size().index(n)] {
                seen[g.size().index(n)] = true;
                stack.push(n);
            }
        }
    }
    (out, reaches_empty)
}

/// The empty points where a move by `player` would capture: the last liberty of an opponent chain.
fn atari_points(g: &Grid, player: Player) -> Vec<Point> {
    let size = g.size();
    let mut seen = vec![false; size.area()];
    let mut out = Vec::new();
    for p in size.points() {
        if g.get(p) != player.opponent().colour() || seen[size.index(p)] {
            continue;
        }
        let (stones, _) = chain(g, p);
        let mut libs: Vec<Point> = Vec::new();
        for &q in &stones {
            seen[size.index(q)] = true;
            libs.extend(neighbours(size, q).filter(|&n| g.get(n) == Colour::Empty));
        }
        libs.sort();
        libs.dedup();
        if let [only] = libs.as_slice() {
            out.push(*only);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A ko shape left by the previous turn: it captured exactly one stone, at `captured`, with the
/// stone it placed at `by`. Retaking at `captured`, capturing just the stone at `by`, is the
/// immediate recapture that simple-ko rules forbid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KoShape {
    pub captured: Point,
    pub by: Point,
}

impl KoShape {
    /// The ko shape a turn `mv` by `player` left, from the colourings `before` and `after` it.
    pub fn after_turn(before: &Grid, after: &Grid, player: Player, mv: Move) -> Option<KoShape> {
        let Move::Play(by) = mv else { return None };
        let mut gone = before.size().points().filter(|&q| {
            before.get(q) == player.opponent().colour() && after.get(q) == Colour::Empty
        });
        match (gone.next(), gone.next()) {
            (Some(captured), None) => Some(KoShape { captured, by }),
            _ => None,
        }
    }
}

/// Labels the attempt `mv` by the player to move of `e`: which probe kind it is, if any. The label
/// only names the case; whether the attempt is legal is `e.check(mv)`'s answer. `ko` is the ko
/// shape the previous turn left, if any.
pub fn classify<E: Engine>(e: &E, mv: Move, ko: Option<KoShape>) -> Option<Probe> {
    if e.is_over() {
        return Some(Probe::AfterEnd);
    }
    let p = match mv {
        Move::Pass => return None,
        Move::Play(p) if e.size().contains(p) => p,
        Move::Play(_) => return None,
    };
    let g = e.grid();
    if g.get(p) != Colour::Empty {
        return Some(Probe::Occupied);
    }
    let player = e.to_move();
    let mut after = g.clone();
    after.set(p, player.colour());
    let mut captured = Vec::new();
    for n in neighbours(g.size(), p) {
        if after.get(n) == player.opponent().colour() {
            let (stones, free) = chain(&after, n);
            if !free {
                captured.extend(stones);
            }
        }
    }
    captured.sort();
    captured.dedup();
    let (own, own_free) = chain(&after, p);
    let suicide = captured.is_empty() && !own_free;
    match e.check(mv) {
        Err(
            Illegal::Ko
            | Illegal::Repetition
            | Illegal::SituationalRepetition
            | Illegal::NaturalRepetition,
        ) => Some(
            if ko.is_some_and(|k| k.captured == p && captured == [k.by]) {
                Probe::Ko
            } else if suicide && own.len() == 1 {
                Probe::SingleSuicide
            } else {
                Probe::Superko
            },
        ),
        // r[var.suicide.multi-only], r[var.suicide.forbidden]: suicide refused as such.
        Err(Illegal::SingleStoneSuicide | Illegal::Suicide) if own.len() == 1 => {
            Some(Probe::SingleSuicide)
        }
        Err(Illegal::SingleStoneSuicide | Illegal::Suicide) => Some(Probe::MultiSuicide),
        // Labelled above from the grid (r[tt.end], r[tt.board], r[tt.move.empty]); an engine
        // that disagrees is the checker's business, not the label's.
        Err(Illegal::GameOver | Illegal::OffGrid | Illegal::Occupied) => None,
        // A legal single-stone suicide (r[var.suicide.allowed] under a repetition rule that lets
        // it be: r[var.ko.situational], r[var.ko.simple]).
        Ok(()) if suicide && own.len() == 1 => Some(Probe::SingleSuicide),
        Ok(()) if suicide => Some(Probe::MultiSuicide),
        Ok(()) => None,
    }
}

/// One attempt of a generated game and the verdict the generating engine gave it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub player: Player,
    pub mv: Move,
    pub verdict: Result<TurnReport, Illegal>,
    /// Set when the attempt was chosen as a probe (or happens to be one of the probed cases).
    pub probe: Option<Probe>,
}

/// How games are generated.
#[derive(Copy, Clone, Debug)]
pub struct GameConfig {
    /// Turns after which both players pass; `None`: three times the area.
    pub max_turns: Option<u32>,
    /// Chance, in percent, that a turn is preceded by a probe.
    pub probe_percent: u32,
    /// Chance, in percent, of an early pass (when a move is available).
    pub pass_percent: u32,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig {
            max_turns: None,
            probe_percent: 30,
            pass_percent: 2,
        }
    }
}

/// A generated game: every attempt in order, from the empty grid.
#[derive(Clone, Debug)]
pub struct Game {
    pub size: Size,
    pub rules: Rules,
    pub seed: u64,
    pub steps: Vec<Step>,
}

impl Game {
    /// The legal turns, in order.
    pub fn turns(&self) -> Vec<(Player, Move)> {
        self.steps
            .iter()
            .filter(|s| s.verdict.is_ok())
            .map(|s| (s.player, s.mv))
            .collect()
    }

    /// How often each probe kind occurs.
    pub fn probe_counts(&self) -> BTreeMap<Probe, usize> {
        let mut m = BTreeMap::new();
        for s in &self.steps {
            if let Some(p) = s.probe {
                *m.entry(p).or_default() += 1;
            }
        }
        m
    }
}

/// A random game on `size` under `rules`, judged by `E`, ending with two passes (after at most
/// `max_turns` turns): [`GameGen`] run to the end.
pub fn random_game<E: Engine>(size: Size, rules: Rules, seed: u64, cfg: &GameConfig) -> Game {
    let mut gen = GameGen::<E>::new(size, rules, seed, cfg);
    let mut steps = Vec::new();
    while let Some((mv, probe)) = gen.propose(&[]) {
        steps.push(gen.play(mv, probe));
    }
    Game {
        size,
        rules,
        seed,
        steps,
    }
}

/// A random game generated one attempt at a time, so that a driver can steer around moves its
/// opponent will not play (`propose`'s `avoid`). Ordinary turns pick uniformly among the legal
/// moves that do not fill one's own single-point eye (or pass when there is none). A capture that
/// would repeat an earlier colouring (ko, superko) is attempted most of the time it exists; else,
/// with `probe_percent` chance, one of the other probes: an occupied point or a single-stone
/// suicide (illegal: the same player then attempts again), or a multi-stone suicide (legal).
#[derive(Clone, Debug)]
pub struct GameGen<E: Engine> {
    rng: Rng,
    e: E,
    max_turns: u32,
    cfg: GameConfig,
    ko: Option<KoShape>,
}

impl<E: Engine> GameGen<E> {
    pub fn new(size: Size, rules: Rules, seed: u64, cfg: &GameConfig) -> GameGen<E> {
        GameGen {
            rng: Rng::new(seed),
            e: E::new(size, rules),
            max_turns: cfg.max_turns.unwrap_or(3 * size.area() as u32),
            cfg: *cfg,
            ko: None,
        }
    }

    /// The game so far.
    pub fn engine(&self) -> &E {
        &self.e
    }

    /// The next attempt and its probe label, not yet played; `None` once the game is over. Points
    /// in `avoid` are not proposed as moves.
    pub fn propose(&mut self, avoid: &[Point]) -> Option<(Move, Option<Probe>)> {
        let e = &self.e;
        if e.is_over() {
            return None;
        }
        let player = e.to_move();
        let g = e.grid();
        let playing = e.turns() < self.max_turns;
        let ko = self.ko;
        let repeats: Vec<(Point, Probe)> = atari_points(&g, player)
            .into_iter()
            .filter_map(|p| match classify(e, Move::Play(p), ko) {
                Some(k @ (Probe::Ko | Probe::Superko)) => Some((p, k)),
                _ => None,
            })
            .collect();
        if playing && !repeats.is_empty() && self.rng.percent(80) {
            let (p, kind) = self.rng.pick(&repeats).expect("not empty");
            return Some((Move::Play(p), Some(kind)));
        }
        if playing && self.rng.percent(self.cfg.probe_percent) {
            let mut by_kind: BTreeMap<Probe, Vec<Point>> = BTreeMap::new();
            for p in e.size().points().filter(|p| !avoid.contains(p)) {
                if let Some(kind) = classify(e, Move::Play(p), ko) {
                    by_kind.entry(kind).or_default().push(p);
                }
            }
            let kinds: Vec<Probe> = by_kind.keys().copied().collect();
            if let Some(kind) = self.rng.pick(&kinds) {
                let p = self.rng.pick(&by_kind[&kind]).expect("a kind has points");
                return Some((Move::Play(p), Some(kind)));
            }
        }
        let mv = if !playing || self.rng.percent(self.cfg.pass_percent) {
            Move::Pass
        } else {
            let mut legal = e.legal_points();
            legal.retain(|&p| !is_own_eye(&g, p, player) && !avoid.contains(&p));
            self.rng.pick(&legal).map_or(Move::Pass, Move::Play)
        };
        Some((mv, classify(e, mv, ko)))
    }

    /// Plays an attempt (normally the one just proposed) on the generator's game.
    pub fn play(&mut self, mv: Move, probe: Option<Probe>) -> Step {
        let player = self.e.to_move();
        let before = self.e.grid();
        let verdict = self.e.play(mv);
        if verdict.is_ok() {
            self.ko = KoShape::after_turn(&before, &self.e.grid(), player, mv);
        }
        Step {
            player,
            mv,
            verdict,
            probe,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_reference::Reference;

    #[test]
    fn rng_is_deterministic_and_spread() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        let mut counts = [0usize; 5];
        for _ in 0..5000 {
            counts[a.below(5)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
    }

    #[test]
    fn same_seed_same_game() {
        let size = Size::square(5).unwrap();
        let cfg = GameConfig::default();
        let a = random_game::<Reference>(size, Rules::TROMP_TAYLOR, 42, &cfg);
        let b = random_game::<Reference>(size, Rules::TROMP_TAYLOR, 42, &cfg);
        assert_eq!(a.steps, b.steps);
        let c = random_game::<Reference>(size, Rules::TROMP_TAYLOR, 43, &cfg);
        assert_ne!(a.steps, c.steps);
    }

    /// Every game ends (two passes), replays to the same verdicts, and over a few seeds every probe
    /// kind is reached: a generator that never reaches a case would hide it.
    #[test]
    fn games_end_replay_and_reach_every_probe() {
        let mut totals: BTreeMap<Probe, usize> = BTreeMap::new();
        for (i, side) in [2u32, 3, 4, 5, 6, 7].iter().cycle().take(30).enumerate() {
            let size = Size::square(*side).unwrap();
            let g = random_game::<Reference>(
                size,
                Rules::TROMP_TAYLOR,
                derive_seed(1, i as u64),
                &GameConfig::default(),
            );
            let mut e = Reference::new(size, Rules::TROMP_TAYLOR);
            for s in &g.steps {
                assert_eq!(s.player, e.to_move());
                assert_eq!(e.play(s.mv), s.verdict);
            }
            assert!(e.is_over());
            for (k, n) in g.probe_counts() {
                *totals.entry(k).or_default() += n;
            }
        }
        for kind in Probe::ALL.iter().filter(|&&k| k != Probe::AfterEnd) {
            assert!(
                totals.get(kind).copied().unwrap_or(0) > 0,
                "no {} probe in 30 games: {totals:?}",
                kind.name()
            );
        }
    }

    #[test]
    fn classify_names_the_cases() {
        let size = Size::new(3, 3).unwrap();
        let mut e = Reference::new(size, Rules::TROMP_TAYLOR);
        let pt = |s: &str| Point::parse_gtp(s).unwrap();
        for m in ["B2", "B3", "C3", "A2", "A3"] {
            e.play(Move::Play(pt(m))).unwrap();
        }
        // White retaking at B3 is the ko of the vector ko-100.
        let ko = Some(KoShape {
            captured: pt("B3"),
            by: pt("A3"),
        });
        assert_eq!(classify(&e, Move::Play(pt("B3")), ko), Some(Probe::Ko));
        // Without the ko shape of the previous turn, the same repetition is a superko.
        assert_eq!(
            classify(&e, Move::Play(pt("B3")), None),
            Some(Probe::Superko)
        );
        assert_eq!(
            classify(&e, Move::Play(pt("B2")), None),
            Some(Probe::Occupied)
        );
        assert_eq!(classify(&e, Move::Play(pt("C1")), None), None);
    }
}
