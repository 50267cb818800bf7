//! Perft (`spec/perft.md`): the number of sequences of exactly `depth` legal turns from the empty
//! grid, with what the last turn of each did, counted by a depth-first walk over any engine and
//! split over threads by prefixes.
//!
//! The walk keeps one engine per ply and copies the parent into the child slot with
//! [`Clone::clone_from`] before each turn, as [`super::count_games`] does. The last ply is either
//! played turn by turn (any engine, [`perft`]) or, for the fast engine, counted in bulk from
//! [`Fast::move_classes`] without playing ([`perft_fast`]); the two give the same counts
//! (`spec/perft.md`, "Bulk counting"; `tests/perft.rs` checks it under every ruleset).

use crate::Fast;
use std::ops::AddAssign;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use ttrules_spec::{Colour, End, Engine, FirstPass, Illegal, Move, Player, Point};
use ttrules_spec::{Rules, Size};

/// What perft counts (`spec/perft.md`, "The columns"): over the sequences of exactly `depth`
/// legal turns, how many there are and what their last turns did; and the moves refused for
/// repetition at the last ply.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerftCounts {
    /// The sequences.
    pub nodes: u64,
    /// Sequences whose last turn is a move that empties opponent stones (r[tt.move.clear-opponent]).
    pub captures: u64,
    /// Sequences whose last turn is a move that empties own stones (r[tt.move.clear-self]).
    pub suicides: u64,
    /// Pairs (sequence of `depth - 1` legal turns after which the game goes on, empty point)
    /// whose move is refused with the reason `ko` or `repetition` (r[var.verdict.order]).
    pub repetitions: u64,
    /// Sequences whose last turn ends the game (r[tt.end], r[var.end.white-last],
    /// r[var.ko.simple.cycle]).
    pub ended: u64,
}

impl AddAssign for PerftCounts {
    fn add_assign(&mut self, o: PerftCounts) {
        self.nodes += o.nodes;
        self.captures += o.captures;
        self.suicides += o.suicides;
        self.repetitions += o.repetitions;
        self.ended += o.ended;
    }
}

/// Which perft: the grid (always empty at the start, Black to move, r[tt.start]), the rules, the
/// number of turns, and whether passes are among the turns.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PerftSpec {
    pub size: Size,
    pub rules: Rules,
    pub depth: u32,
    /// `false`: moves only (`--no-pass`).
    pub passes: bool,
}

/// A perft count and its split by first turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftResult {
    pub total: PerftCounts,
    /// Per first turn, in point-index order and then the pass: the counts of the sequences that
    /// start with it. Empty at depth 0. At depth 1 the refusals at the start are in `total` only.
    pub divide: Vec<(Move, PerftCounts)>,
}

/// How a walk is run: threads, and a callback told `(done, total)` after each task.
pub struct PerftRun<'a> {
    pub threads: usize,
    pub progress: &'a (dyn Fn(usize, usize) + Sync),
}

impl PerftRun<'_> {
    /// One thread, no progress.
    pub const QUIET: PerftRun<'static> = PerftRun {
        threads: 1,
        progress: &|_, _| {},
    };
}

/// Perft by any engine, every turn played, the last ply included.
pub fn perft<E: Engine + Send + Sync>(spec: &PerftSpec, run: &PerftRun) -> PerftResult {
    walk_all::<E, _>(spec, run, &|_, _| None)
}

/// Perft by the fast engine; with `bulk`, the last ply is counted from
/// [`Fast::move_classes`] without playing it (see [`bulk_last_ply`]).
pub fn perft_fast(spec: &PerftSpec, bulk: bool, run: &PerftRun) -> PerftResult {
    if bulk {
        let passes = spec.passes;
        walk_all::<Fast, _>(spec, run, &move |e, child| bulk_last_ply(e, passes, child))
    } else {
        perft::<Fast>(spec, run)
    }
}

/// Whether a refusal counts in the repetition column: its reason is `ko` or `repetition`.
fn is_repetition(why: Illegal) -> bool {
    matches!(why.reason(), "ko" | "repetition")
}

impl PerftCounts {
    /// The counts of a single legal turn that did `captured`/`suicided` and left the game `over`
    /// (the one reading, for this walk and `ttrules-count`'s sharded one).
    pub fn one_turn(captured: usize, suicided: usize, over: bool) -> PerftCounts {
        PerftCounts {
            nodes: 1,
            captures: u64::from(captured > 0),
            suicides: u64::from(suicided > 0),
            repetitions: 0,
            ended: u64::from(over),
        }
    }
}

/// The last ply by playing: every empty point judged on a copy (`child`), every legal turn
/// played, the pass too if `passes` (`spec/perft.md`: refusals for `ko` or `repetition` are
/// counted). Also `ttrules-count`'s last ply when it is not counted in bulk.
pub fn last_ply_by_playing<E: Engine>(e: &E, passes: bool, child: &mut E) -> PerftCounts {
    let mut k = PerftCounts::default();
    if e.is_over() {
        return k;
    }
    for p in e.size().points() {
        if e.colour_at(p) != Colour::Empty {
            continue;
        }
        child.clone_from(e);
        match child.play(Move::Play(p)) {
            Ok(r) => k += PerftCounts::one_turn(r.captured, r.suicided, child.is_over()),
            Err(why) => k.repetitions += u64::from(is_repetition(why)),
        }
    }
    if passes {
        child.clone_from(e);
        if let Err(why) = child.play(Move::Pass) {
            panic!("{}: a pass was refused before the end: {why}", E::NAME);
        }
        k += PerftCounts::one_turn(0, 0, child.is_over());
    }
    k
}

/// The last ply of the fast engine in bulk: the sizes of the sets of [`Fast::move_classes`], and
/// the pass. `None` under simple ko, where a move can end the game (r[var.ko.simple.cycle]) and
/// the last ply is played instead.
///
/// Note: under the other repetition values a move never ends the game (only passes do:
/// r[tt.end], r[var.end.white-last]), so the sequences ending in a move, and those of them that
/// capture or suicide, are the legal points and their capture and suicide subsets, and the
/// refusals are the repetition set. A pass is always legal (r[tt.turn.pass]); it ends the game
/// iff the passes in a row that count toward the end become two, i.e. one counted before it,
/// and under r[var.end.white-last] the passer is White. Under r[var.first-pass.button] whether
/// the new pass counts depends on the record, so the pass is played on `child`.
pub fn bulk_last_ply(e: &Fast, passes: bool, child: &mut Fast) -> Option<PerftCounts> {
    let rules = e.rules();
    if crate::fast::moves_may_end_game(rules.repetition) {
        return None;
    }
    if e.is_over() {
        return Some(PerftCounts::default());
    }
    let m = e.move_classes();
    let mut k = PerftCounts {
        nodes: u64::from(m.legal.count()),
        captures: u64::from(m.captures.count()),
        suicides: u64::from(m.suicides.count()),
        repetitions: u64::from(m.repetition.count()),
        ended: 0,
    };
    if passes {
        let ends = if rules.first_pass == FirstPass::Button {
            child.clone_from(e);
            child.pass();
            child.is_over()
        } else {
            e.consecutive_passes() >= 1
                && (rules.end == End::TwoPasses || e.to_move() == Player::White)
        };
        k += PerftCounts::one_turn(0, 0, ends);
    }
    Some(k)
}

/// A task: a prefix of turns from the start, walked to the full depth by one thread.
struct Task {
    prefix: Vec<Move>,
}

/// The legal turns of `e` in divide order: legal points in point-index order, then the pass.
fn turns_of<E: Engine>(e: &E, passes: bool, list: &mut Vec<Point>, out: &mut Vec<Move>) {
    out.clear();
    if e.is_over() {
        return;
    }
    list.clear();
    e.legal_points_into(list);
    out.extend(list.iter().map(|&p| Move::Play(p)));
    if passes {
        out.push(Move::Pass);
    }
}

/// `root` after the turns of `prefix`, all legal.
fn replay<E: Engine>(root: &E, prefix: &[Move]) -> E {
    let mut e = root.clone();
    for &mv in prefix {
        if let Err(why) = e.play(mv) {
            panic!("{}: listed turn {mv} is illegal: {why}", E::NAME);
        }
    }
    e
}

/// The prefixes of `len` turns, in divide order.
fn prefixes<E: Engine>(root: &E, len: u32, passes: bool) -> Vec<Task> {
    let mut tasks = vec![Task { prefix: Vec::new() }];
    let (mut list, mut turns) = (Vec::new(), Vec::new());
    for _ in 0..len {
        let mut next = Vec::new();
        for t in &tasks {
            turns_of(&replay(root, &t.prefix), passes, &mut list, &mut turns);
            for &mv in &turns {
                let mut prefix = t.prefix.clone();
                prefix.push(mv);
                next.push(Task { prefix });
            }
        }
        tasks = next;
    }
    tasks
}

/// The depth-first walk of one thread: one engine per ply, one list per ply.
struct Walker<'a, E, L> {
    passes: bool,
    leaf: &'a L,
    stack: Vec<E>,
    lists: Vec<(Vec<Point>, Vec<Move>)>,
}

impl<E: Engine, L: Fn(&E, &mut E) -> Option<PerftCounts>> Walker<'_, E, L> {
    /// The counts of the sequences of `remaining` turns from `stack[ply]`.
    fn walk(&mut self, ply: usize, remaining: u32) -> PerftCounts {
        if remaining == 0 {
            return PerftCounts::one_turn(0, 0, false);
        }
        if self.stack.len() < ply + 2 {
            let copy = self.stack[ply].clone();
            self.stack.push(copy);
            self.lists.push((Vec::new(), Vec::new()));
        }
        let (parents, children) = self.stack.split_at_mut(ply + 1);
        let (e, child) = (&parents[ply], &mut children[0]);
        if remaining == 1 {
            return (self.leaf)(e, child)
                .unwrap_or_else(|| last_ply_by_playing(e, self.passes, child));
        }
        let (mut list, mut turns) = std::mem::take(&mut self.lists[ply]);
        turns_of(e, self.passes, &mut list, &mut turns);
        let mut total = PerftCounts::default();
        for &mv in &turns {
            let (parents, children) = self.stack.split_at_mut(ply + 1);
            children[0].clone_from(&parents[ply]);
            if let Err(why) = children[0].play(mv) {
                panic!("{}: listed turn {mv} is illegal: {why}", E::NAME);
            }
            total += self.walk(ply + 1, remaining - 1);
        }
        self.lists[ply] = (list, turns);
        total
    }
}

/// The walk over every task, on `run.threads` threads; `leaf` counts a last ply in bulk when it
/// can (`None`: play it).
fn walk_all<E, L>(spec: &PerftSpec, run: &PerftRun, leaf: &L) -> PerftResult
where
    E: Engine + Send + Sync,
    L: Fn(&E, &mut E) -> Option<PerftCounts> + Sync,
{
    let root = E::new(spec.size, spec.rules);
    let walker = |e: E| Walker {
        passes: spec.passes,
        leaf,
        stack: vec![e],
        lists: vec![(Vec::new(), Vec::new())],
    };
    if spec.depth == 0 {
        return PerftResult {
            total: PerftCounts::one_turn(0, 0, false),
            divide: Vec::new(),
        };
    }
    if spec.depth == 1 {
        // Each first turn played alone for the divide; the total from the leaf count.
        let total = walker(root.clone()).walk(0, 1);
        let mut divide = Vec::new();
        let (mut list, mut turns) = (Vec::new(), Vec::new());
        turns_of(&root, spec.passes, &mut list, &mut turns);
        for &mv in &turns {
            let mut e = root.clone();
            let r = e
                .play(mv)
                .unwrap_or_else(|why| panic!("listed {mv}: {why}"));
            divide.push((
                mv,
                PerftCounts::one_turn(r.captured, r.suicided, e.is_over()),
            ));
        }
        (run.progress)(1, 1);
        return PerftResult { total, divide };
    }
    // Prefixes of one turn, or more while there are too few to keep the threads busy.
    let mut len = 1;
    let mut tasks = prefixes(&root, len, spec.passes);
    while len + 1 < spec.depth && len < 3 && tasks.len() < 64 * run.threads.max(1) {
        len += 1;
        tasks = prefixes(&root, len, spec.passes);
    }
    let results = Mutex::new(vec![PerftCounts::default(); tasks.len()]);
    let (next, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(task) = tasks.get(i) else { break };
        let e = replay(&root, &task.prefix);
        let k = walker(e).walk(0, spec.depth - len);
        match results.lock() {
            Ok(mut r) => r[i] = k,
            Err(poisoned) => poisoned.into_inner()[i] = k,
        }
        (run.progress)(done.fetch_add(1, Ordering::Relaxed) + 1, tasks.len());
    };
    std::thread::scope(|s| {
        for _ in 1..run.threads.max(1) {
            s.spawn(work);
        }
        work();
    });
    let results = results.into_inner().unwrap_or_else(|p| p.into_inner());
    let mut total = PerftCounts::default();
    let mut divide: Vec<(Move, PerftCounts)> = Vec::new();
    for (task, k) in tasks.iter().zip(results) {
        total += k;
        match divide.last_mut() {
            Some((mv, sum)) if *mv == task.prefix[0] => *sum += k,
            _ => divide.push((task.prefix[0], k)),
        }
    }
    PerftResult { total, divide }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(w: u32, h: u32, depth: u32, passes: bool) -> PerftSpec {
        PerftSpec {
            size: Size::new(w, h).unwrap(),
            rules: Rules::TROMP_TAYLOR,
            depth,
            passes,
        }
    }

    #[test]
    fn the_first_plies_of_19x19_with_passes() {
        let n = |d| perft_fast(&spec(19, 19, d, true), true, &PerftRun::QUIET).total;
        assert_eq!(n(0).nodes, 1);
        assert_eq!(n(1).nodes, 362);
        assert_eq!(
            n(2),
            PerftCounts {
                nodes: 130_683,
                ended: 1,
                ..Default::default()
            }
        );
    }

    #[test]
    fn one_by_one_refuses_its_only_move() {
        // A1 on 1x1 is a single-stone suicide: it recreates the empty start (r[tt.note.single-suicide]).
        let k = perft_fast(&spec(1, 1, 1, true), true, &PerftRun::QUIET);
        let expect = PerftCounts {
            nodes: 1,
            repetitions: 1,
            ..Default::default()
        };
        assert_eq!(k.total, expect);
        assert_eq!(
            k.divide,
            vec![(
                Move::Pass,
                PerftCounts {
                    nodes: 1,
                    ..Default::default()
                }
            )]
        );
        let k = perft_fast(&spec(1, 1, 2, true), false, &PerftRun::QUIET).total;
        assert_eq!(
            k,
            PerftCounts {
                nodes: 1,
                ended: 1,
                repetitions: 1,
                ..Default::default()
            }
        );
    }
}
