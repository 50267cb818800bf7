//! # ttrules-count
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | this file | [`count_legal`]: the count, its options, threads and checkpoints | r[tt.derived.every-stone-reaches-empty] |
//! | [`border`] | border states and their successors | r[tt.reach], r[tt.adjacent] |
//! | [`shard`] | a count split into residues modulo primes, merged by the Chinese remainder theorem | r[tt.derived.every-stone-reaches-empty] |
//! | [`perft`] | perft (`spec/perft.md`) split into shards over root moves, and merged | |
//!
//! ```
//! use ttrules_count::{count_legal, Options};
//! use ttrules_spec::Size;
//!
//! // The 2x2 board has 57 legal positions (Tromp and Farnebäck).
//! let count = count_legal(Size::square(2).unwrap(), Options::default(), &mut |_| {}).unwrap();
//! assert_eq!(count.legal, 57u32.into());
//! ```
//!
//! Legal positions counted by border states: the dynamic programming of Tromp and Farnebäck,
//! "Combinatorics of Go" (2006/2007, revised 2016), written from their description and independent
//! of both engines and of the brute-force counter (`ttrules_fast::count_legal`), so that the
//! definition of a legal position, a colouring in which every stone reaches empty
//! (r[tt.derived.every-stone-reaches-empty], r[tt.reach]), is checked a third way.
//!
//! The grid is coloured one point at a time, row by row, along its shorter side (a colouring and
//! its transpose are legal together, since transposing keeps adjacency). Instead of the 3^k
//! colourings of the first k points the count keeps, for every *border state* (see [`border`]),
//! how many of those colourings have it: 9x9 keeps at most 157,583 classes (a state and its colour
//! reversal) instead of 3^81 colourings.
//!
//! Note: why the count is exact. Colour the points `p_1, p_2, …` in row-major order on a grid `w`
//! wide, and let `P` colour the first `k` of them (the set `S`). The *border* `B ⊆ S` is the lowest
//! coloured point of each column.
//!
//! 1. *Only border points touch the rest.* A point `(x', y')` of `S` off the border has its lower
//!    neighbour `(x', y'+1)` in `S`, and its left, upper and right neighbours come before that one
//!    in row-major order, so all its neighbours are in `S`. Hence every adjacency between `S` and
//!    the uncoloured points goes through `B`.
//! 2. *What the state records.* The chains of `P` are its chains inside `S`; such a chain is *free*
//!    if it has an empty neighbour inside `S`, *bare* otherwise. The state of `P` is: the colour of
//!    each border point (or that its column is still uncoloured), for each border stone whether
//!    its chain is free, and which bare border stones lie on the same chain. `P` is *pseudolegal*
//!    when every bare chain has a border stone; the count keeps exactly the pseudolegal prefixes.
//!    Dropping the others loses nothing: a bare chain without a border stone has, by 1., all its
//!    neighbours in `S`, none empty, so it is a chain of every completion and never reaches empty.
//! 3. *Same state, same completions.* Let `Q` colour the remaining points and `F = P ∪ Q`. A chain
//!    of `F` that meets neither `Q` nor `B` is a chain of `P` off the border, free by
//!    pseudolegality. Every other chain of `F` is a connected component of the graph whose nodes
//!    are the stones of `Q` and the chains of `P` that have border stones, joined when a `Q` stone
//!    is next to a same-coloured stone of `Q` or a border stone of that `P` chain (by 1. there are
//!    no other contacts); it reaches empty iff one of its nodes has an empty neighbour: a `Q` stone
//!    next to an empty point (of `Q`, or an empty border point), a `P` chain that is free, or a
//!    `P` chain with a border stone next to an empty point of `Q`. All of this is read from `Q` and
//!    the state alone — except which free border stones share a chain, and that does not matter:
//!    splitting a free node into one free node per border stone changes which components there
//!    are, but every component that contained a part of it still contains a free node. So two
//!    pseudolegal prefixes with the same state have exactly the same legal completions.
//! 4. *The state of `P` plus one point follows from the state of `P`.* The next point `p` has at
//!    most two coloured neighbours: the border point before it (its left neighbour, none in the
//!    first column) and the border point of its own column (its upper neighbour, none in the first
//!    row), which `p` replaces on the border. If `p` is empty, the chains of both become free. If `p` is a stone, it joins its same-coloured
//!    neighbours' chains; the result is free iff `p` has an empty neighbour or joins a free chain,
//!    and otherwise the bare chains it joins merge. No other chain changes, and only the upper
//!    neighbour leaves the border: if it is a bare stone of the other colour and its chain has no
//!    other border stone, that chain has become a bare chain without border stones, so `P + p` is
//!    not pseudolegal and is dropped (2.); in every other case every bare chain of `P + p` keeps a
//!    border stone. [`border::successors`] computes exactly this (and `oracle.rs`, a second,
//!    plain implementation, agrees with it on every state reachable in rows of up to 6 points).
//! 5. *The bracket encoding is faithful.* Bare chains touching the border never cross: the border
//!    points, in order, lie along the lower edge of `S`, each open to the uncoloured side below it.
//!    If chain `A` had border stones `a1 < a2` and a disjoint chain `B` had `b1` between them and
//!    `b2` outside, the path in `A` from `a1` to `a2`, closed by a curve just below the border,
//!    would separate `b1` from `b2`; `B`'s path (inside `S`, so never below the border) would have
//!    to cross `A`'s, and two paths of adjacent grid points cross only at a shared point. So the
//!    "joined to an earlier / a later border stone" flags determine the chains like brackets.
//! 6. *Colour classes.* Reversing every colour maps colourings, states and transitions onto each
//!    other and keeps legality, so a state and its reversal are reached equally often. The table
//!    holds one entry per class (a state and its reversal) with the sum of their counts; feeding
//!    each class's sum through the successors of one representative gives every class its sum
//!    again (for a two-state class each member carries half, and the reversed member's successors
//!    are the reversals of the representative's; the stoneless class is its own reversal).
//!
//! By 4. and induction over the points, the count of a class after `k` points is the number of
//! pseudolegal colourings of the first `k` points with a state in that class. After the last point
//! nothing is left to colour, so by 2. and 3. a colouring is legal iff it is pseudolegal and its
//! state has no bare stone: the total of those classes' counts is L(W, H).
//!
//! All arithmetic is exact and every addition is checked: a count after `k` points is at most 3^k,
//! so the count runs in `u128` up to 81 points (9x9's counts fit, barely), then in fixed-width
//! integers of enough 64-bit limbs for 3^(W·H), and redoes the whole count in `BigUint`s should an
//! addition ever overflow. Fixed limbs rather than `BigUint` throughout because a `BigUint` count
//! allocates: 10x10 took twice as long with them.
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.

pub mod border;
mod checkpoint;
#[cfg(test)]
mod oracle;
pub mod perft;
pub mod shard;
mod table;

use num_bigint::BigUint;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use table::{Table, Tally, Wide};
use ttrules_spec::Size;

/// How far the count has got: `done` of `total` points coloured, `states` state classes kept.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub done: usize,
    pub total: usize,
    pub states: usize,
}

/// The arithmetic a count was done in. Every addition is checked; an overflow restarts the count
/// in the next wider arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arithmetic {
    /// `u128`.
    U128,
    /// Fixed-width integers of this many 64-bit limbs, wide enough for 3^(W·H).
    Limbs(usize),
    /// Arbitrary precision (`num_bigint::BigUint`).
    Big,
}

impl Arithmetic {
    pub fn name(self) -> String {
        match self {
            Arithmetic::U128 => "u128".into(),
            Arithmetic::Limbs(n) => format!("{}-bit", 64 * n),
            Arithmetic::Big => "bignum".into(),
        }
    }
}

/// The result of a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The number of legal positions.
    pub legal: BigUint,
    /// The number of points per row as coloured (the border length).
    pub border: usize,
    /// The largest number of state classes kept at once (since the count resumed, if it did).
    pub peak_states: usize,
    pub arithmetic: Arithmetic,
}

/// A board whose shorter side is longer than the state encoding holds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{size}: the border would be {border} points, more than the {max} this count encodes (the \
     number of border states grows about 5.4-fold per point: 16 points already need billions)"
)]
pub struct TooWide {
    pub size: Size,
    pub border: usize,
    pub max: usize,
}

/// Why a count did not give a number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DpError {
    #[error(transparent)]
    TooWide(#[from] TooWide),
    /// The checkpoint could not be read, is for another count, or could not be written.
    #[error("checkpoint {}: {message}", path.display())]
    Checkpoint { path: PathBuf, message: String },
    /// [`Options::stop_after`] was reached.
    #[error(
        "stopped after {done} of {total} points as asked; the checkpoint holds the count so far"
    )]
    Stopped { done: usize, total: usize },
}

/// How often a checkpoint is written at most.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(60);

/// How to run a count.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// Colour along the longer side instead of the shorter one: a different computation (other
    /// states, other steps) that must reach the same number.
    pub long_rows: bool,
    /// Count in this arithmetic first (then in bignums if it overflows) instead of the narrowest
    /// that fits: for tests of the arithmetic.
    pub arithmetic: Option<Arithmetic>,
    /// Go on from the checkpoint in this file if there is one, write one about once a minute, and
    /// remove it when the count is done.
    pub checkpoint: Option<PathBuf>,
    /// Stop after this many points (writing the checkpoint first), with [`DpError::Stopped`].
    pub stop_after: Option<usize>,
}

/// The number of legal positions on `size`. `progress` is called after every point.
pub fn count_legal(
    size: Size,
    options: Options,
    progress: &mut dyn FnMut(Step),
) -> Result<Count, DpError> {
    let (border, rows) = orient(size, &options)?;
    let pool = pool(&options);
    let cells = border * rows;
    let mut run_in = |arithmetic| {
        // The limb counts compiled in: 3, 4, 5, 6, 8 and 10.
        let arithmetic = match arithmetic {
            Arithmetic::Limbs(n) => Arithmetic::Limbs(match n {
                ..=3 => 3,
                4..=6 => n,
                7 | 8 => 8,
                _ => 10,
            }),
            other => other,
        };
        let job = Job {
            border,
            rows,
            pool: &pool,
            options: &options,
            header: checkpoint::Header {
                size: size.to_string(),
                border,
                arithmetic: arithmetic.name(),
            },
        };
        let result = match arithmetic {
            Arithmetic::U128 => job.run::<u128>((), progress),
            Arithmetic::Limbs(3) => job.run::<Wide<3>>((), progress),
            Arithmetic::Limbs(4) => job.run::<Wide<4>>((), progress),
            Arithmetic::Limbs(5) => job.run::<Wide<5>>((), progress),
            Arithmetic::Limbs(6) => job.run::<Wide<6>>((), progress),
            Arithmetic::Limbs(8) => job.run::<Wide<8>>((), progress),
            Arithmetic::Limbs(_) => job.run::<Wide<10>>((), progress),
            Arithmetic::Big => job.run::<BigUint>((), progress),
        };
        result.map(|r| {
            r.map(|(legal, peak_states)| Count {
                legal,
                border,
                peak_states,
                arithmetic,
            })
        })
    };
    for arithmetic in plan(cells, options.arithmetic) {
        let count = run_in(arithmetic)?;
        // Done, or overflowed: either way the checkpoint has served (an overflowed count's
        // checkpoint is of no use to the wider arithmetic that follows).
        if let Some(path) = &options.checkpoint {
            let _ = std::fs::remove_file(path);
        }
        if let Some(count) = count {
            return Ok(count);
        }
    }
    unreachable!("arbitrary-precision additions do not overflow")
}

/// The points per row as coloured and the number of rows, or why the board is too wide.
fn orient(size: Size, options: &Options) -> Result<(usize, usize), TooWide> {
    let (w, h) = (size.width(), size.height());
    let (border, rows) = if options.long_rows {
        (w.max(h), w.min(h))
    } else {
        (w.min(h), w.max(h))
    };
    if border > border::MAX_WIDTH {
        return Err(TooWide {
            size,
            border,
            max: border::MAX_WIDTH,
        });
    }
    Ok((border, rows))
}

/// The workers of a count.
fn pool(options: &Options) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .expect("a thread pool")
}

/// The number of legal positions on `size` modulo `modulus` (at least 2, below 2^63): the same
/// dynamic programming as [`count_legal`], every addition modulo `modulus`, so every count takes
/// 8 bytes and none overflows. [`shard`] splits a count into such residues and puts them back
/// together by the Chinese remainder theorem. `options.arithmetic` is not used.
pub fn count_legal_residue(
    size: Size,
    modulus: u64,
    options: Options,
    progress: &mut dyn FnMut(Step),
) -> Result<u64, DpError> {
    assert!(
        (2..1 << 63).contains(&modulus),
        "modulus {modulus} out of range"
    );
    let (border, rows) = orient(size, &options)?;
    let pool = pool(&options);
    let job = Job {
        border,
        rows,
        pool: &pool,
        options: &options,
        header: checkpoint::Header {
            size: size.to_string(),
            border,
            arithmetic: format!("mod {modulus}"),
        },
    };
    let count = job.run::<table::Residue>(modulus, progress)?;
    if let Some(path) = &options.checkpoint {
        let _ = std::fs::remove_file(path);
    }
    let (residue, _) = count.expect("residues do not overflow");
    Ok(residue.to_u64_digits().first().copied().unwrap_or(0))
}

/// The arithmetics to try in turn for a board of `cells` points: the one asked for, or the
/// narrowest that fits; bignums last. A count after k points is at most 3^k, so limbs that hold
/// 3^cells never overflow; u128 is tried up to 81 points (3^81 > 2^128, but the counts of 9x9
/// fit), and every addition is checked anyway.
fn plan(cells: usize, asked: Option<Arithmetic>) -> Vec<Arithmetic> {
    let bound = BigUint::from(3u8).pow(cells as u32);
    let fits = |limbs: usize| bound < BigUint::from(1u8) << (64 * limbs);
    let first = match asked {
        Some(a) => Some(a),
        None if cells <= 81 => Some(Arithmetic::U128),
        None => [3, 4, 5, 6, 8, 10]
            .into_iter()
            .find(|&l| fits(l))
            .map(Arithmetic::Limbs),
    };
    first.into_iter().chain([Arithmetic::Big]).collect()
}

/// One count: the board's orientation, the workers, the options.
struct Job<'a> {
    border: usize,
    rows: usize,
    pool: &'a rayon::ThreadPool,
    options: &'a Options,
    header: checkpoint::Header,
}

impl Job<'_> {
    /// The dynamic programming over `rows` rows of `border` points in the arithmetic `T`:
    /// `Ok(None)` if `T` overflowed, else the number of legal positions and the largest number of
    /// state classes held.
    fn run<T: Tally>(
        &self,
        ctx: T::Ctx,
        progress: &mut dyn FnMut(Step),
    ) -> Result<Option<(BigUint, usize)>, DpError> {
        let (w, total) = (self.border, self.border * self.rows);
        let path = self.options.checkpoint.as_deref();
        let fail = |message: String| DpError::Checkpoint {
            path: path.unwrap_or(std::path::Path::new("")).to_path_buf(),
            message,
        };
        let (mut done, mut table) = (0, Table::<T>::start(ctx));
        if let Some(path) = path {
            if let Some((d, t)) = checkpoint::load::<T>(path, &self.header, ctx).map_err(&fail)? {
                if !(1..total).contains(&d) {
                    return Err(fail(format!("it says {d} points done, of {total}")));
                }
                (done, table) = (d, t);
            }
        }
        let mut peak = table.len();
        let mut saved = Instant::now();
        while done < total {
            table = match table.step(w, done % w, self.pool) {
                Some(t) => t,
                None => return Ok(None),
            };
            done += 1;
            peak = peak.max(table.len());
            progress(Step {
                done,
                total,
                states: table.len(),
            });
            let stop = self.options.stop_after == Some(done) && done < total;
            if let Some(path) = path {
                if done < total && (stop || saved.elapsed() >= CHECKPOINT_EVERY) {
                    checkpoint::save(path, &self.header, done, &table).map_err(&fail)?;
                    saved = Instant::now();
                }
            }
            if stop {
                return Err(DpError::Stopped { done, total });
            }
        }
        Ok(table
            .total(border::all_chains_free)
            .map(|n| (n.big(), peak)))
    }
}

/// `n` in decimal with a comma between groups of three digits: 12,675.
pub fn grouped(n: &BigUint) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}
