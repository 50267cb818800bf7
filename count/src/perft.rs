//! Perft (`spec/perft.md`) split over root moves: shard `K` of `N` walks the subtrees of the
//! root's legal turns numbered `K-1, K-1+N, …` (from 0) in divide order (the legal points in
//! point-index order, then the pass), on as many threads as asked, and the merge adds the shards'
//! divides into exactly the divide and total of one run ([`merge_perft`]). What belongs to no root
//! move (the single node at depth 0; at depth 1 the refusals of the first turn, which `perft`
//! counts in the total only) is shard 1's `rest`.
//!
//! The walk is the one of [`ttrules_fast::perft`] started below the root (that walk starts only
//! from the empty grid), with the same last ply: counted in bulk by
//! [`ttrules_fast::count::perft::bulk_last_ply`] for the fast engine, else played.

use rayon::prelude::*;
use ttrules_fast::count::perft::{bulk_last_ply, last_ply_by_playing};
use ttrules_fast::{Fast, PerftCounts, PerftSpec};
use ttrules_spec::{Engine, Move};

/// One shard's part of a perft: per root turn it walked, the turn's number in divide order, the
/// turn and its counts; and the counts that belong to no root turn (shard 1 only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftShard {
    pub divide: Vec<(usize, Move, PerftCounts)>,
    pub rest: PerftCounts,
}

impl PerftShard {
    /// The shard's total: its divide and its rest.
    pub fn total(&self) -> PerftCounts {
        let mut t = self.rest;
        for (_, _, k) in &self.divide {
            t += *k;
        }
        t
    }
}

/// How a last ply is counted: in bulk when it can (`Some`), else played.
type Leaf<'a, E> = dyn Fn(&E, &mut E) -> Option<PerftCounts> + Sync + 'a;

/// Shard `shard` (from 1) of `shards` of the perft `spec` by the fast engine (`bulk`: the last
/// ply counted in bulk), on `threads` threads (0: every core).
pub fn perft_fast_shard(
    spec: &PerftSpec,
    bulk: bool,
    shard: u32,
    shards: u32,
    threads: usize,
) -> PerftShard {
    let passes = spec.passes;
    let leaf = move |e: &Fast, child: &mut Fast| {
        if bulk {
            bulk_last_ply(e, passes, child)
        } else {
            None
        }
    };
    perft_shard::<Fast>(spec, shard, shards, threads, &leaf)
}

/// Shard `shard` of `shards` of the perft `spec` by any engine, every turn played.
pub fn perft_shard_played<E: Engine + Send + Sync>(
    spec: &PerftSpec,
    shard: u32,
    shards: u32,
    threads: usize,
) -> PerftShard {
    perft_shard::<E>(spec, shard, shards, threads, &|_, _| None)
}

fn perft_shard<E: Engine + Send + Sync>(
    spec: &PerftSpec,
    shard: u32,
    shards: u32,
    threads: usize,
    leaf: &Leaf<E>,
) -> PerftShard {
    let root = E::new(spec.size, spec.rules);
    let mine = |i: usize| i % shards as usize == (shard - 1) as usize;
    let mut rest = PerftCounts::default();
    if spec.depth == 0 {
        rest.nodes = u64::from(shard == 1);
        return PerftShard {
            divide: Vec::new(),
            rest,
        };
    }
    let roots: Vec<(usize, Move)> = turns_of(&root, spec.passes)
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| mine(i))
        .collect();
    if spec.depth == 1 {
        if shard == 1 {
            // The first turn's refusals: in the total, under no turn.
            rest.repetitions = last_ply_by_playing(&root, false, &mut root.clone()).repetitions;
        }
        let divide = roots
            .into_iter()
            .map(|(i, mv)| {
                let mut e = root.clone();
                let r = e
                    .play(mv)
                    .unwrap_or_else(|why| panic!("listed {mv}: {why}"));
                (
                    i,
                    mv,
                    PerftCounts::one_turn(r.captured, r.suicided, e.is_over()),
                )
            })
            .collect();
        return PerftShard { divide, rest };
    }
    // Tasks: the shard's root turns, each with every second turn when there are plies to spare.
    let mut tasks: Vec<(usize, Vec<Move>)> = Vec::new();
    for &(i, mv) in &roots {
        let after = played(&root, &[mv]);
        if spec.depth >= 3 {
            tasks.extend(
                turns_of(&after, spec.passes)
                    .into_iter()
                    .map(|t| (i, vec![mv, t])),
            );
        } else {
            tasks.push((i, vec![mv]));
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let counts: Vec<PerftCounts> = pool.install(|| {
        tasks
            .par_iter()
            .map(|(_, prefix)| {
                let e = played(&root, prefix);
                let remaining = spec.depth - prefix.len() as u32;
                let mut stack = vec![e; remaining as usize + 1];
                walk(&mut stack, 0, remaining, spec.passes, leaf)
            })
            .collect()
    });
    let mut divide: Vec<(usize, Move, PerftCounts)> = Vec::new();
    for ((i, prefix), k) in tasks.iter().zip(counts) {
        match divide.last_mut() {
            Some((j, _, sum)) if j == i => *sum += k,
            _ => divide.push((*i, prefix[0], k)),
        }
    }
    PerftShard { divide, rest }
}

/// The legal turns of `e` in divide order: legal points in point-index order, then the pass.
fn turns_of<E: Engine>(e: &E, passes: bool) -> Vec<Move> {
    if e.is_over() {
        return Vec::new();
    }
    let mut points = Vec::new();
    e.legal_points_into(&mut points);
    let mut turns: Vec<Move> = points.into_iter().map(Move::Play).collect();
    if passes {
        turns.push(Move::Pass);
    }
    turns
}

/// `root` after `prefix`, every turn of it legal.
fn played<E: Engine>(root: &E, prefix: &[Move]) -> E {
    let mut e = root.clone();
    for &mv in prefix {
        if let Err(why) = e.play(mv) {
            panic!("{}: listed turn {mv} is illegal: {why}", E::NAME);
        }
    }
    e
}

/// The counts of the sequences of `remaining` turns from `stack[ply]`; `stack` has a slot per
/// ply below it.
fn walk<E: Engine>(
    stack: &mut [E],
    ply: usize,
    remaining: u32,
    passes: bool,
    leaf: &Leaf<E>,
) -> PerftCounts {
    if remaining == 0 {
        return PerftCounts::one_turn(0, 0, false);
    }
    let (parents, children) = stack.split_at_mut(ply + 1);
    let (e, child) = (&parents[ply], &mut children[0]);
    if remaining == 1 {
        return leaf(e, child).unwrap_or_else(|| last_ply_by_playing(e, passes, child));
    }
    let mut total = PerftCounts::default();
    for mv in turns_of(&stack[ply], passes) {
        let (parents, children) = stack.split_at_mut(ply + 1);
        children[0].clone_from(&parents[ply]);
        if let Err(why) = children[0].play(mv) {
            panic!("{}: listed turn {mv} is illegal: {why}", E::NAME);
        }
        total += walk(stack, ply + 1, remaining - 1, passes, leaf);
    }
    total
}

/// The divide (in divide order, each turn's number with it) and the total of one run, from every
/// shard of a split into `shards` (`(shard, its part)`): each root turn must come from the shard
/// that deals it, exactly once, and the numbers must run from 0 without a gap.
#[allow(clippy::type_complexity)]
pub fn merge_perft(
    shards: u32,
    parts: &[(u32, Vec<(usize, String, PerftCounts)>, PerftCounts)],
) -> Result<(Vec<(String, PerftCounts)>, PerftCounts), String> {
    let mut divide: Vec<(usize, String, PerftCounts)> = Vec::new();
    let mut total = PerftCounts::default();
    for (shard, entries, rest) in parts {
        if *shard != 1 && *rest != PerftCounts::default() {
            return Err(format!(
                "shard {shard}/{shards} has counts under no root turn; only shard 1 has"
            ));
        }
        total += *rest;
        for (i, turn, k) in entries {
            if i % shards as usize != (*shard - 1) as usize {
                return Err(format!(
                    "shard {shard}/{shards} has root turn {turn} (number {i}), which shard {}/{shards} walks",
                    i % shards as usize + 1
                ));
            }
            total += *k;
            divide.push((*i, turn.clone(), *k));
        }
    }
    divide.sort_by_key(|d| d.0);
    if let Some(w) = divide.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!("root turn {} is in two shards", w[0].1));
    }
    if let Some((n, (i, turn, _))) = divide.iter().enumerate().find(|(n, d)| d.0 != *n) {
        return Err(format!(
            "root turn number {n} is missing (the next is {turn}, number {i})"
        ));
    }
    Ok((divide.into_iter().map(|(_, t, k)| (t, k)).collect(), total))
}
