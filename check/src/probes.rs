//! Probes for the conformance matrix: vectors that reach each clause family of Parts I–II on
//! purpose, found in seeded random games judged by the fast engine, each shrunk to a short game
//! that still shows its case.
//!
//! | family | the case | clause |
//! | --- | --- | --- |
//! | `simple-ko` | an immediate ko recapture; under simple ko also a legal repetition | r[tt.turn.repetition], r[var.ko.simple] |
//! | `superko-positional` | any other repetition, some tens and hundreds of turns after the colouring first appeared, some by a move that captures nothing | r[tt.note.positional] |
//! | `superko-situational` | a repetition by the player who made the colouring (illegal) or by the other one (legal) | r[var.ko.situational] |
//! | `suicide-single`, `suicide-multi` | a lone stone or a chain of two or more without liberty that captures nothing | r[tt.note.single-suicide], r[tt.note.multi-suicide] |
//! | `end` | a move and a pass after the game ended | r[tt.end] |
//! | `score-area`, `score-territory` | a finished game, scored with every stone alive | r[var.count.area], r[var.count.territory] |
//! | `handicap` | a finished game from a handicap setup | r[var.handicap], r[var.handicap.compensation] |
//!
//! A family the claimed rules do not contain (positional superko under situational rules,
//! territory scoring under area rules) is not applicable, never "reached none".

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use ttrules_fast::Fast;
use ttrules_games::{self as games, classify, GameConfig, KoShape, Probe, Rng};
use ttrules_spec::{
    Clause, Colour, Counting, Engine, Grid, Komi, Move, Player, Point, Repetition, Rules, Setup,
    Size, Suicide,
};
use ttrules_vectors::{Attempt, Expect, Expected, Vector};

/// A clause family of the conformance matrix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    SimpleKo,
    SuperkoPositional,
    SuperkoSituational,
    SuicideSingle,
    SuicideMulti,
    End,
    ScoreArea,
    ScoreTerritory,
    Handicap,
}

impl Family {
    pub const ALL: [Family; 9] = [
        Family::SimpleKo,
        Family::SuperkoPositional,
        Family::SuperkoSituational,
        Family::SuicideSingle,
        Family::SuicideMulti,
        Family::End,
        Family::ScoreArea,
        Family::ScoreTerritory,
        Family::Handicap,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Family::SimpleKo => "simple-ko",
            Family::SuperkoPositional => "superko-positional",
            Family::SuperkoSituational => "superko-situational",
            Family::SuicideSingle => "suicide-single",
            Family::SuicideMulti => "suicide-multi",
            Family::End => "end",
            Family::ScoreArea => "score-area",
            Family::ScoreTerritory => "score-territory",
            Family::Handicap => "handicap",
        }
    }

    /// Why the family is not part of `rules`, when it is not.
    pub fn not_applicable(self, rules: Rules) -> Option<&'static str> {
        let area = matches!(rules.counting, Counting::Area | Counting::AreaPassAlive);
        match self {
            Family::SuperkoPositional if rules.repetition != Repetition::Positional => {
                Some("the claimed rules have no positional superko")
            }
            Family::SuperkoSituational
                if !matches!(
                    rules.repetition,
                    Repetition::Situational | Repetition::NaturalSituational
                ) =>
            {
                Some("the claimed rules have no situational superko")
            }
            Family::ScoreArea if !area => Some("the claimed rules count territory"),
            Family::ScoreTerritory if area => Some("the claimed rules count area"),
            _ => None,
        }
    }
}

/// One case: a game from `setup` (its legal turns), then at most one attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub setup: Setup,
    pub turns: Vec<Move>,
    /// The attempt that is the case; `None` when the finished game itself is (scoring).
    pub attempt: Option<Move>,
}

/// What the attempt of a case is, as replaying it finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub family: Family,
    /// `ko recapture`, `repetition`, `legal repetition`, `single-stone suicide`, …
    pub label: String,
    pub legal: bool,
    /// Turns since the colouring the attempt recreates first appeared.
    pub distance: Option<usize>,
    /// The attempt recreates a colouring without capturing anything.
    pub captures_nothing: bool,
    /// The clause that decides the case.
    pub clause: Clause,
}

/// How the probes are searched.
#[derive(Clone, Debug)]
pub struct ProbeConfig {
    pub rules: Rules,
    pub komi: Komi,
    pub sizes: Vec<Size>,
    /// Random games to search.
    pub games: u32,
    pub seed: u64,
    /// Cases kept per family (long-range repetitions come on top).
    pub per_family: usize,
}

/// The probes found: per family, the cases kept (with their verdicts) and how many were reached.
#[derive(Debug, Default)]
pub struct Probes {
    pub kept: BTreeMap<Family, Vec<(Case, Verdict)>>,
    pub reached: BTreeMap<Family, usize>,
}

/// A ruleset that accepts every turn `rules` accepts and shows the colouring after a refused
/// repetition (simple ko refuses only the recapture, whose colouring is two turns old).
fn permissive(rules: Rules) -> Rules {
    Rules {
        repetition: Repetition::SimpleKo,
        suicide: Suicide::Allowed,
        ..rules
    }
}

fn stones_of(g: &Grid, c: Colour) -> usize {
    g.size().points().filter(|&p| g.get(p) == c).count()
}

/// Replays a case under `rules` and says what its attempt is; `None` when a turn is refused or
/// the attempt is no case of any family.
/// Whether a finished game is a score probe that depends on no convention a library may not
/// share (issue 30): it is not void (r[var.ko.simple.cycle] is an end-of-game rule, and a void
/// game has no score to compare); a game from the empty grid has no handicap opening
/// (r[var.handicap]: a library is never told of a handicap ttrules infers from B, W pass, B); and
/// every stone on the board is pass-alive (r[life.area]), so that no dead-stone or seki
/// judgement (r[var.count.dead], r[var.tax.seki.blocks]) decides the count: a library that removes
/// the stones it judges dead (GNU Go) and one that counts every stone alive (Tromp-Taylor) must
/// then give the same score, under area and territory counting alike.
fn scorable_without_conventions(e: &Fast, setup: &Setup) -> bool {
    if e.is_void() || (setup.is_empty_start() && e.handicap() >= 2) {
        return false;
    }
    let alive = e.pass_alive();
    let g = e.grid();
    g.size().points().all(|p| match g.get(p) {
        Colour::Empty => true,
        Colour::Black => alive.black.contains(&p),
        Colour::White => alive.white.contains(&p),
    })
}

/// The verdict on a case without an attempt: a finished game scorable without conventions, in
/// the handicap (r[var.handicap]), territory (r[var.count.territory]) or area
/// (r[var.count.area]) family; `None` when the game is not over or not so scorable.
fn finished_verdict(rules: Rules, case: &Case, e: &Fast) -> Option<Verdict> {
    if !e.is_over() || !scorable_without_conventions(e, &case.setup) {
        return None;
    }
    let (family, clause) = if !case.setup.is_empty_start() {
        (Family::Handicap, Clause::VarHandicap)
    } else if matches!(rules.counting, Counting::Territory) {
        (Family::ScoreTerritory, Clause::VarCountTerritory)
    } else {
        (Family::ScoreArea, Clause::VarCountArea)
    };
    Some(Verdict {
        family,
        label: "finished game".into(),
        legal: true,
        distance: None,
        captures_nothing: false,
        clause,
    })
}

/// What `case` shows under `rules`, judged by the fast engine: its family, label, legality,
/// repetition distance and clause; `None` when it shows nothing a probe looks for.
pub fn judge(rules: Rules, case: &Case) -> Option<Verdict> {
    let mut e = Fast::from_setup(&case.setup, rules).ok()?;
    let mut perm = Fast::from_setup(&case.setup, permissive(rules)).ok()?;
    let mut seen: HashMap<Grid, usize> = HashMap::new();
    seen.insert(e.grid(), 0);
    let mut ko = None;
    for (i, &mv) in case.turns.iter().enumerate() {
        let before = e.grid();
        let player = e.to_move();
        e.play(mv).ok()?;
        perm.play(mv).ok()?;
        ko = KoShape::after_turn(&before, &e.grid(), player, mv);
        seen.entry(e.grid()).or_insert(i + 1);
    }
    let Some(mv) = case.attempt else {
        return finished_verdict(rules, case, &e);
    };
    let now = e.grid();
    let player = e.to_move();
    let verdict = e.check(mv);
    let after = {
        let mut c = perm.clone();
        c.play(mv).ok().map(|_| c.grid())
    };
    let distance = after
        .as_ref()
        .and_then(|g| seen.get(g))
        .map(|&first| case.turns.len() + 1 - first);
    let captures_nothing = after.as_ref().is_some_and(|g| {
        stones_of(g, player.opponent().colour()) == stones_of(&now, player.opponent().colour())
    });
    let legal = verdict.is_ok();
    let clause = match verdict {
        Err(why) => why.clause(),
        Ok(()) => Clause::Move,
    };
    let v = |family, label: &str, clause| {
        Some(Verdict {
            family,
            label: label.to_string(),
            legal,
            distance,
            captures_nothing,
            clause,
        })
    };
    let repetition_family = match rules.repetition {
        Repetition::Positional => Family::SuperkoPositional,
        Repetition::Situational | Repetition::NaturalSituational => Family::SuperkoSituational,
        Repetition::SimpleKo => Family::SimpleKo,
    };
    match classify(&e, mv, ko) {
        Some(Probe::Ko) => v(Family::SimpleKo, "ko recapture", clause),
        Some(Probe::Superko) => v(repetition_family, "repetition", clause),
        Some(Probe::SingleSuicide) => v(
            Family::SuicideSingle,
            "single-stone suicide",
            if legal {
                Clause::VarSuicideAllowed
            } else {
                clause
            },
        ),
        Some(Probe::MultiSuicide) => v(
            Family::SuicideMulti,
            "multi-stone suicide",
            if legal {
                Clause::NoteMultiSuicide
            } else {
                clause
            },
        ),
        Some(Probe::AfterEnd) => v(Family::End, "turn after the end", clause),
        Some(Probe::Occupied) => None,
        None if legal && matches!(mv, Move::Play(_)) && distance.is_some() => {
            let clause = match rules.repetition {
                Repetition::SimpleKo => Clause::VarKoSimple,
                _ => Clause::VarKoSituational,
            };
            v(repetition_family, "legal repetition", clause)
        }
        None => None,
    }
}

/// Whether `v` still shows what `orig` showed (for shrinking).
fn same_case(orig: &Verdict, v: &Verdict) -> bool {
    let bucket = |d: Option<usize>| match d {
        Some(d) if d >= 100 => 100,
        Some(d) if d >= 10 => 10,
        _ => 0,
    };
    v.family == orig.family
        && v.label == orig.label
        && v.legal == orig.legal
        && bucket(v.distance) >= bucket(orig.distance)
        && (v.captures_nothing || !orig.captures_nothing)
}

/// Removes turns one at a time (last first) while the case still shows what it showed, within
/// `budget` replays.
pub fn shrink(rules: Rules, case: &Case, orig: &Verdict, budget: &mut u32) -> Case {
    let mut best = case.clone();
    let mut changed = true;
    while changed && *budget > 0 {
        changed = false;
        let mut i = best.turns.len();
        while i > 0 && *budget > 0 {
            i -= 1;
            let mut trial = best.clone();
            trial.turns.remove(i);
            *budget -= 1;
            if judge(rules, &trial).is_some_and(|v| same_case(orig, &v)) {
                best = trial;
                changed = true;
            }
        }
    }
    best
}

/// A random finished game from a handicap setup of `h` stones (4-4 points, or 3-3 on small
/// boards) on `size`, White to move.
fn handicap_game(size: Size, rules: Rules, h: usize, rng: &mut Rng) -> Option<Case> {
    let (w, ht) = (size.width(), size.height());
    if w < 5 || ht < 5 {
        return None;
    }
    let m = if w >= 9 && ht >= 9 { 3 } else { 2 };
    let (w, ht) = (w as u8, ht as u8);
    let corners = [
        Point::new(w - 1 - m, ht - 1 - m),
        Point::new(m, m),
        Point::new(w - 1 - m, m),
        Point::new(m, ht - 1 - m),
    ];
    let mut grid = Grid::empty(size);
    for &p in corners.iter().take(h) {
        grid.set(p, Colour::Black);
    }
    let setup = Setup {
        grid,
        to_move: Player::White,
        handicap: h as u32,
    };
    let mut e = Fast::from_setup(&setup, rules).ok()?;
    let mut turns = Vec::new();
    let max = 3 * size.area();
    while !e.is_over() {
        let g = e.grid();
        let player = e.to_move();
        let mut legal = e.legal_points();
        legal.retain(|&p| !games::is_own_eye(&g, p, player));
        let mv = match rng.pick(&legal) {
            Some(p) if turns.len() < max => Move::Play(p),
            _ => Move::Pass,
        };
        e.play(mv).ok()?;
        turns.push(mv);
    }
    Some(Case {
        setup,
        turns,
        attempt: None,
    })
}

/// Every case along a game's turns, found incrementally: at each position every point is
/// classified (`all_points`), or only the repetitions are looked for.
/// The verdict on a ko recapture or a suicide attempt found by [`scan`]: the verdict's clause
/// when it is illegal, else r[var.suicide.allowed] or the multi-stone suicide note; `None` for
/// any other probe.
fn attempt_verdict(
    probe: Option<Probe>,
    verdict: Result<(), ttrules_spec::Illegal>,
    distance: Option<usize>,
) -> Option<Verdict> {
    let (family, label, clause) = match probe {
        Some(Probe::Ko) => (Family::SimpleKo, "ko recapture", None),
        Some(Probe::SingleSuicide) => (
            Family::SuicideSingle,
            "single-stone suicide",
            Some(Clause::VarSuicideAllowed),
        ),
        Some(Probe::MultiSuicide) => (
            Family::SuicideMulti,
            "multi-stone suicide",
            Some(Clause::NoteMultiSuicide),
        ),
        _ => return None,
    };
    Some(Verdict {
        family,
        label: label.into(),
        legal: verdict.is_ok(),
        distance,
        captures_nothing: false,
        clause: match verdict {
            Err(why) => why.clause(),
            Ok(()) => clause.unwrap_or(Clause::Move),
        },
    })
}

fn scan(rules: Rules, size: Size, turns: &[Move], all_points: bool) -> Vec<(Case, Verdict)> {
    let mut out = Vec::new();
    let mut e = Fast::new(size, rules);
    let mut perm = Fast::new(size, permissive(rules));
    let mut seen: HashMap<Grid, usize> = HashMap::new();
    seen.insert(e.grid(), 0);
    let mut ko = None;
    let repetition_family = match rules.repetition {
        Repetition::Positional => Family::SuperkoPositional,
        Repetition::Situational | Repetition::NaturalSituational => Family::SuperkoSituational,
        Repetition::SimpleKo => Family::SimpleKo,
    };
    for (i, &turn) in turns.iter().enumerate() {
        let now = e.grid();
        let player = e.to_move();
        let opp = player.opponent().colour();
        for p in size.points().filter(|&p| now.get(p) == Colour::Empty) {
            let mv = Move::Play(p);
            let probe = classify(&e, mv, ko);
            let legal = e.check(mv).is_ok();
            let repeats = matches!(probe, Some(Probe::Superko));
            let legal_repeat = probe.is_none() && legal;
            if !(repeats || legal_repeat || all_points && probe.is_some()) {
                continue;
            }
            let after = {
                let mut c = perm.clone();
                c.play(mv).ok().map(|_| c.grid())
            };
            let distance = after
                .as_ref()
                .and_then(|g| seen.get(g))
                .map(|&first| i + 1 - first);
            if legal_repeat && distance.is_none() {
                continue;
            }
            let case = Case {
                setup: Setup::empty(size),
                turns: turns[..i].to_vec(),
                attempt: Some(mv),
            };
            if repeats || legal_repeat {
                let captures_nothing = after
                    .as_ref()
                    .is_some_and(|g| stones_of(g, opp) == stones_of(&now, opp));
                let clause = match (legal, e.check(mv)) {
                    (false, Err(why)) => why.clause(),
                    _ if rules.repetition == Repetition::SimpleKo => Clause::VarKoSimple,
                    _ => Clause::VarKoSituational,
                };
                let label = if legal {
                    "legal repetition"
                } else {
                    "repetition"
                };
                out.push((
                    case,
                    Verdict {
                        family: repetition_family,
                        label: label.into(),
                        legal,
                        distance,
                        captures_nothing,
                        clause,
                    },
                ));
            } else {
                let Some(v) = attempt_verdict(probe, e.check(mv), distance) else {
                    continue;
                };
                out.push((case, v));
            }
        }
        let before = e.grid();
        if e.play(turn).is_err() || perm.play(turn).is_err() {
            break;
        }
        ko = KoShape::after_turn(&before, &e.grid(), player, turn);
        seen.entry(e.grid()).or_insert(i + 1);
    }
    out.retain(|(_, v)| v.family.not_applicable(rules).is_none());
    out
}

/// A random game that plays any legal point (its own eyes too) and passes only when there is
/// none, for at most `max` turns, then passes twice.
fn restless_game(size: Size, rules: Rules, seed: u64, max: usize) -> Vec<Move> {
    let mut rng = Rng::new(seed ^ 0x7e57);
    let mut e = Fast::new(size, rules);
    let mut turns = Vec::new();
    while !e.is_over() {
        let mv = match rng.pick(&e.legal_points()) {
            Some(p) if turns.len() < max => Move::Play(p),
            _ => Move::Pass,
        };
        if e.play(mv).is_err() {
            break;
        }
        turns.push(mv);
    }
    turns
}

/// Searches `cfg.games` random games and keeps, per family, the shortest cases (shrunk), the
/// repetitions that recur longest after the colouring first appeared, and repetitions by a
/// move that captures nothing.
/// The cases of one random game of [`search`] judged afresh: the game's own probes (the
/// generator steers to them), then, once it is over, the finished game (scored) and a turn after
/// its end (r[tt.end]).
fn game_cases(size: Size, rules: Rules, game: &games::Game, turns: &[Move]) -> Vec<Case> {
    let mut out = Vec::new();
    // The game's own probes (the generator steers to them).
    let mut prefix: Vec<Move> = Vec::new();
    for step in &game.steps {
        if step.probe.is_some() {
            let case = Case {
                setup: Setup::empty(size),
                turns: prefix.clone(),
                attempt: Some(step.mv),
            };
            out.push(case);
        }
        if step.verdict.is_ok() {
            prefix.push(step.mv);
        }
    }
    // The finished game: scored, and a turn after its end.
    let e = {
        let mut e = Fast::new(size, rules);
        for &mv in turns {
            let _ = e.play(mv);
        }
        e
    };
    if e.is_over() {
        out.push(Case {
            setup: Setup::empty(size),
            turns: turns.to_vec(),
            attempt: None,
        });
        let empty = size.points().find(|&p| e.colour_at(p) == Colour::Empty);
        if let Some(p) = empty {
            out.push(Case {
                setup: Setup::empty(size),
                turns: turns.to_vec(),
                attempt: Some(Move::Play(p)),
            });
        }
    }
    out
}

/// Searches the cases of `cfg`: the end at once on each size, then per random game the scanned
/// repetitions, kos and suicides, the game's own cases and a handicap game; keeps one list per
/// family (see `select`).
pub fn search(cfg: &ProbeConfig) -> Probes {
    let rules = cfg.rules;
    let mut found: BTreeMap<Family, Vec<(Case, Verdict)>> = BTreeMap::new();
    let mut seen_cases: HashSet<String> = HashSet::new();
    let mut add = |case: Case,
                   verdict: Option<Verdict>,
                   found: &mut BTreeMap<Family, Vec<(Case, Verdict)>>| {
        let key = format!("{:?}|{:?}|{:?}", case.setup, case.turns, case.attempt);
        if seen_cases.contains(&key) {
            return;
        }
        if let Some(v) = verdict.or_else(|| judge(rules, &case)) {
            if v.family.not_applicable(rules).is_none() {
                seen_cases.insert(key);
                found.entry(v.family).or_default().push((case, v));
            }
        }
    };
    for size in &cfg.sizes {
        // The end, at once: two passes, then a move and a pass.
        for attempt in [Move::Play(Point::new(0, 0)), Move::Pass] {
            let case = Case {
                setup: Setup::empty(*size),
                turns: vec![Move::Pass, Move::Pass],
                attempt: Some(attempt),
            };
            add(case, None, &mut found);
        }
    }
    // Long games on tiny boards reach repetitions tens and hundreds of turns after the colouring
    // first appeared.
    let long = |size: Size| {
        let area = size.area() as u32;
        Some(if area <= 9 { 1000 } else { (3 * area).max(200) })
    };
    for i in 0..cfg.games {
        let size = cfg.sizes[i as usize % cfg.sizes.len()];
        let seed = games::derive_seed(cfg.seed, u64::from(i));
        let gc = GameConfig {
            max_turns: if i % 2 == 0 { long(size) } else { None },
            ..GameConfig::default()
        };
        let game = games::random_game::<Fast>(size, rules, seed, &gc);
        let turns = game
            .turns()
            .into_iter()
            .map(|(_, mv)| mv)
            .collect::<Vec<_>>();
        // The full scan costs a classification of every point after every turn: small boards.
        if size.area() <= 81 {
            for (case, v) in scan(rules, size, &turns, size.area() <= 25) {
                add(case, Some(v), &mut found);
            }
        }
        if size.area() <= 9 {
            // Eyes filled too, so that captures go on: colourings recur hundreds of turns later.
            let restless = restless_game(size, rules, seed, 1000);
            for (case, v) in scan(rules, size, &restless, false) {
                add(case, Some(v), &mut found);
            }
        }
        for case in game_cases(size, rules, &game, &turns) {
            add(case, None, &mut found);
        }
        let mut rng = Rng::new(seed ^ 0x5eed);
        if let Some(case) = handicap_game(size, rules, 2 + (i as usize % 3), &mut rng) {
            add(case, None, &mut found);
        }
    }
    select(cfg, found)
}

fn select(cfg: &ProbeConfig, found: BTreeMap<Family, Vec<(Case, Verdict)>>) -> Probes {
    let mut out = Probes::default();
    let mut budget: u32 = 40_000;
    for (family, mut cases) in found {
        out.reached.insert(family, cases.len());
        cases.sort_by_key(|(c, _)| c.turns.len());
        let mut kept: Vec<(Case, Verdict)> = Vec::new();
        let push = |c: Case, v: Verdict, kept: &mut Vec<(Case, Verdict)>| {
            if !kept.iter().any(|(k, _)| *k == c) {
                kept.push((c, v));
            }
        };
        let shrinkable = !matches!(
            family,
            Family::ScoreArea | Family::ScoreTerritory | Family::Handicap
        );
        if shrinkable {
            // Per kind of case (label and verdict), the shortest few, shrunk; kept in turns
            // across the kinds, shortest first.
            let mut groups: BTreeMap<(bool, String), Vec<(Case, Verdict)>> = BTreeMap::new();
            for (c, v) in &cases {
                let g = groups.entry((!v.legal, v.label.clone())).or_default();
                if g.len() < cfg.per_family {
                    let s = shrink(cfg.rules, c, v, &mut budget);
                    let sv = judge(cfg.rules, &s).unwrap_or_else(|| v.clone());
                    if !g.iter().any(|(k, _)| *k == s) {
                        g.push((s, sv));
                    }
                }
            }
            for g in groups.values_mut() {
                g.sort_by_key(|(c, _)| c.turns.len());
            }
            for round in 0..cfg.per_family {
                for g in groups.values() {
                    if kept.len() < cfg.per_family {
                        if let Some((c, v)) = g.get(round) {
                            push(c.clone(), v.clone(), &mut kept);
                        }
                    }
                }
            }
            // Repetitions long after the colouring first appeared, and without a capture.
            let mut far: Vec<&(Case, Verdict)> = cases
                .iter()
                .filter(|(_, v)| v.distance.is_some_and(|d| d >= 10) && v.label != "ko recapture")
                .collect();
            far.sort_by_key(|(c, v)| (v.distance, c.turns.len()));
            // One recurrence in each range of distances: tens, many tens, hundreds.
            for (lo, hi) in [(10, 30), (30, 100), (100, usize::MAX)] {
                let pick = far
                    .iter()
                    .find(|(_, v)| v.distance.is_some_and(|d| d >= lo && d < hi));
                if let Some((c, v)) = pick {
                    push(c.clone(), v.clone(), &mut kept);
                }
            }
            let quiet = cases
                .iter()
                .find(|(_, v)| v.captures_nothing && v.label.contains("repetition"));
            if let Some((c, v)) = quiet {
                let s = shrink(cfg.rules, c, v, &mut budget);
                let sv = judge(cfg.rules, &s).unwrap_or_else(|| v.clone());
                push(s, sv, &mut kept);
            }
        } else {
            // Finished games: spread over the lengths found.
            let n = cases.len();
            let k = cfg.per_family.min(n);
            for j in 0..k {
                let (c, v) = &cases[j * n / k.max(1)];
                push(c.clone(), v.clone(), &mut kept);
            }
        }
        out.kept.insert(family, kept);
    }
    out
}

/// The vectors of one family as a TOML file of `spec/vectors/`'s format, each written by the one
/// writer of the format ([`ttrules_vectors::vector_toml`]).
pub fn to_toml(rules: Rules, komi: Komi, family: Family, cases: &[(Case, Verdict)]) -> String {
    let mut s = format!(
        "# Probes of the family `{}` under `{}`, made by `ttrules probes` (generated; do not edit).\n",
        family.name(),
        rules.describe()
    );
    for (i, (case, v)) in cases.iter().enumerate() {
        s.push('\n');
        s.push_str(&ttrules_vectors::vector_toml(&probe_vector(
            rules, komi, family, i, case, v,
        )));
    }
    s
}

/// Probe `i` of `family` as a vector: its turns, then its attempt with the verdict the fast
/// engine gives it, described by the verdict's label.
fn probe_vector(
    rules: Rules,
    komi: Komi,
    family: Family,
    i: usize,
    case: &Case,
    v: &Verdict,
) -> Vector {
    let legal = Expected::Legal {
        captured: None,
        suicided: None,
    };
    let mut attempts = Vec::new();
    let mut player = case.setup.to_move;
    for &mv in &case.turns {
        attempts.push(Attempt {
            player,
            mv,
            expected: legal.clone(),
        });
        player = player.opponent();
    }
    if let Some(mv) = case.attempt {
        let mut e = Fast::from_setup(&case.setup, rules).expect("a judged setup");
        for &t in &case.turns {
            let _ = e.play(t);
        }
        let expected = match e.check(mv) {
            Ok(()) => legal.clone(),
            Err(why) => Expected::Illegal {
                reason: why.reason().to_string(),
                clause: None,
            },
        };
        attempts.push(Attempt {
            player,
            mv,
            expected,
        });
    }
    let mut what = match (case.attempt, v.label.starts_with("legal")) {
        (None, _) => format!(
            "a finished game of {} turns, scored with every stone alive",
            case.turns.len()
        ),
        (Some(_), true) => v.label.clone(),
        (Some(_), false) => {
            format!("{} {}", if v.legal { "legal" } else { "illegal" }, v.label)
        }
    };
    if let Some(d) = v.distance.filter(|_| v.label.contains("repetition")) {
        let _ = write!(what, ", recreating the colouring of {d} turns earlier");
    }
    if v.captures_nothing && v.label.contains("repetition") {
        what.push_str(", by a move that captures nothing");
    }
    Vector {
        name: format!("{}-{:03}", family.name(), i + 1),
        file: Default::default(),
        description: Some(what),
        clauses: vec![v.clause],
        size: case.setup.grid.size(),
        rules,
        komi,
        setup: case.setup.clone(),
        dead: Vec::new(),
        attempts,
        expect: Expect::default(),
    }
}
