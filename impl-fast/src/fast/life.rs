//! Pass-alive chains and territory (Part IV of the spec: r[life.region], r[life.vital],
//! r[life.elimination], r[life.pass-alive], r[life.territory], r[life.area]) by flood fills over
//! bit planes.

use super::*;

use std::cell::RefCell;

use crate::bits::WORDS;
use crate::layout::{MAX_AREA, MAX_PADDED};

/// The most (region, border head) pairs [`FastWith::border_heads`] lists: each pair is met from a
/// point of its region next to a stone of the head's chain, on one of the point's four sides, and
/// a call's regions hold at most `MAX_AREA` points.
const MAX_PAIRS: usize = 4 * MAX_AREA;
const _: () = assert!(MAX_PAIRS <= u16::MAX as usize);

/// The scratch space of [`FastWith::eliminate`]: the candidate regions of
/// [`FastWith::border_heads`] (their border heads, flat, in `border`; the heads of the chains
/// each is vital to, flat, in `vital`; the end of each region's runs in the two in `ends`, for
/// the first `regions` entries), the counts by head and the queue of the region walked (then
/// the regions [`eliminate_heads`] visits), each read only where the call wrote it first; and
/// the marks of the heads met in a region, by the stamp of the last region that met each head,
/// and by the stamp of the last point that met each head (`seen`; in both, 0: none since the
/// marks were last zeroed), `stamp` the last stamp given out.
struct Scratch {
    border: [u16; MAX_PAIRS],
    vital: [u16; MAX_PAIRS],
    ends: [(u16, u16); MAX_AREA],
    regions: usize,
    counts: [u16; MAX_PADDED],
    queue: [u16; MAX_AREA],
    mark: [u32; MAX_PADDED],
    seen: [u32; MAX_PADDED],
    stamp: u32,
}

/// The most stamps a call of [`FastWith::border_heads`] gives out: one a region walked, and one a
/// point (a single-point region or a point walked), at most `MAX_AREA` of each.
const STAMPS_A_CALL: u32 = 2 * MAX_AREA as u32;

/// What [`FastWith::border_heads`] has listed so far: the regions, and the entries of the
/// scratch's `border` and `vital` written.
type Listed = (usize, usize, usize);

thread_local! {
    /// The scratch space of [`FastWith::eliminate`], kept on each thread from one call to the
    /// next so that its arrays are not zeroed at each call (a replay asks for both players'
    /// pass-alive areas at the end of every record). Each call lists its regions afresh, and
    /// nothing it calls while it holds them calls it again.
    static SCRATCH: RefCell<Scratch> = const {
        RefCell::new(Scratch {
            border: [0; MAX_PAIRS],
            vital: [0; MAX_PAIRS],
            ends: [(0, 0); MAX_AREA],
            regions: 0,
            counts: [0; MAX_PADDED],
            queue: [0; MAX_AREA],
            mark: [0; MAX_PADDED],
            seen: [0; MAX_PADDED],
            stamp: 0,
        })
    };
}

/// One P-enclosed region during the elimination.
struct Region {
    points: Bits,
    /// The points that must be adjacent to a chain for the region to be vital to it
    /// (r[life.vital]): the empty points under suicide forbidden, all points otherwise.
    tested: Bits,
    /// The stones of P adjacent to the region (the stones of its border chains).
    border: Bits,
    alive: bool,
}

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    /// Both players' pass-alive areas on the current colouring (r[life.area]), as bit planes,
    /// `[black, white]`.
    pub fn pass_alive_bits(&self) -> [Bits; 2] {
        [0, 1].map(|k| self.pass_alive_own(k))
    }

    /// Both players' pass-alive areas on the colouring `planes` (a legal position on this grid),
    /// `[black, white]`.
    pub(super) fn pass_alive_on(&self, planes: &[Bits; 2]) -> [Bits; 2] {
        [0, 1].map(|k| self.pass_alive_area_of(planes, k, None))
    }

    /// The pass-alive area of the player whose plane index is `k`; `heads` are the heads of the
    /// engine's chains of that plane when `planes` are the engine's own.
    ///
    /// Note: the chains are the connected components of the player's plane (r[tt.derived.chain])
    /// and the regions those of its complement on the grid (r[life.region]). A region is vital to
    /// a chain exactly when its tested points lie inside the chain's neighbour set; only chains
    /// meeting the region's border can qualify, since a region holds an empty point
    /// (r[life.region]) that must be adjacent to the chain, so only those are tested, found
    /// from the border's stones by the chain each stone belongs to. The rounds of r[life.elimination] are
    /// run as written: count vital regions among the regions still in V, drop chains with fewer
    /// than two, drop regions whose border meets a dropped chain, until nothing changes.
    fn pass_alive_area_of(&self, planes: &[Bits; 2], k: usize, heads: Option<&Bits>) -> Bits {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        let own = planes[k];
        if own.is_empty() {
            return Bits::EMPTY;
        }
        let empty = g.and_not(&planes[0].or(&planes[1]));
        let all_points = self.rules.suicide != Suicide::Forbidden;
        let mut chains: Vec<(Bits, Bits)> = Vec::new();
        // chain_of[i]: the chain of the stone on padded index i (set for every stone of `own`).
        let mut chain_of = [0u16; MAX_PADDED];
        self.chains_of(&own, heads, &mut chains, &mut chain_of);
        let (mut regions, vital) = self.regions_of(&own, &empty, all_points, &chains, &chain_of);
        let in_x = eliminate_rounds(&chains, &mut regions, &vital);
        let mut area = Bits::EMPTY;
        for (c, (chain, _)) in chains.iter().enumerate() {
            if in_x[c] {
                area = area.or(chain);
            }
        }
        // r[life.territory]: regions in V (border all pass-alive), adjacent to a stone of P, with
        // at most one interior point.
        let near_own = own.neighbours(stride, g);
        for reg in &regions {
            if reg.alive && !reg.border.is_empty() && reg.points.and_not(&near_own).count() <= 1 {
                area = area.or(&reg.points);
            }
        }
        area
    }

    /// The chains of the plane `own` (r[tt.derived.chain]) pushed on `chains` as (stones,
    /// neighbour set), with `chain_of[i]` set to the index of the chain of each stone `i`;
    /// `heads` as in [`Self::pass_alive_area_of`].
    ///
    /// Note: on the engine's own planes its chains are the same components, listed by their
    /// heads, each stone once in its head's ring (the invariant checker compares them with
    /// flood fills).
    #[inline]
    fn chains_of(
        &self,
        own: &Bits,
        heads: Option<&Bits>,
        chains: &mut Vec<(Bits, Bits)>,
        chain_of: &mut [u16; MAX_PADDED],
    ) {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        match heads {
            Some(heads) => for_each_bit(heads, |h| {
                let mut chain = Bits::EMPTY;
                let mut j = h;
                loop {
                    chain.set(j);
                    chain_of[j] = chains.len() as u16;
                    j = self.next[j] as usize;
                    if j == h {
                        break;
                    }
                }
                chains.push((chain, chain.neighbours(stride, g)));
            }),
            None => {
                let mut rest = *own;
                while let Some(i) = rest.first() {
                    let chain = Bits::flood(Bits::single(i), own, stride, g);
                    rest = rest.and_not(&chain);
                    for_each_bit(&chain, |j| chain_of[j] = chains.len() as u16);
                    chains.push((chain, chain.neighbours(stride, g)));
                }
            }
        }
    }

    /// The regions of the complement of `own` on the grid (r[life.region]), each with its tested
    /// points (r[life.vital]; `all_points` under suicide allowed) and border, and the (chain,
    /// region) pairs for each region vital to a chain of `chains` (indexed by `chain_of`).
    #[inline]
    fn regions_of(
        &self,
        own: &Bits,
        empty: &Bits,
        all_points: bool,
        chains: &[(Bits, Bits)],
        chain_of: &[u16; MAX_PADDED],
    ) -> (Vec<Region>, Vec<(u16, u16)>) {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        let outside = g.and_not(own);
        let mut regions: Vec<Region> = Vec::new();
        // (chain, region) for each region vital to a chain.
        let mut vital: Vec<(u16, u16)> = Vec::new();
        let mut rest = outside;
        while let Some(i) = rest.first() {
            let points = Bits::flood(Bits::single(i), &outside, stride, g);
            rest = rest.and_not(&points);
            let reg = Region {
                points,
                tested: if all_points {
                    points
                } else {
                    points.and(empty)
                },
                border: points.neighbours(stride, g).and(own),
                alive: true,
            };
            // The chains meeting the border, each once: the region is vital to those whose
            // neighbour set holds its tested points.
            let mut met = Bits::EMPTY;
            for_each_bit(&reg.border, |j| {
                let c = chain_of[j];
                if !met.get(c as usize) {
                    met.set(c as usize);
                    if reg.tested.and_not(&chains[c as usize].1).is_empty() {
                        vital.push((c, regions.len() as u16));
                    }
                }
            });
            regions.push(reg);
        }
        (regions, vital)
    }

    /// The pass-alive area of the player whose plane index is `k` on the engine's own colouring:
    /// what [`Self::pass_alive_area_of`] computes, but with Benson's elimination run only on the
    /// regions that can be vital to a chain, and each chain known by its head.
    ///
    /// Note: this is exact, by three facts of Part IV.
    /// - A region holding a point that must be adjacent to a chain for vitality (r[life.vital]:
    ///   an empty point under suicide forbidden, any point otherwise) but is adjacent to no stone
    ///   of P (a *killer*) is vital to no chain. The regions with a killer are the flood of the
    ///   killers within the complement of P's plane; the others are the candidates.
    /// - The elimination (r[life.elimination]) reads regions only through the vital counts of
    ///   step (1), and step (2) only removes regions: a region vital to no chain never changes a
    ///   count, so running it on the candidates alone leaves the same chains in X.
    /// - When it ends, V is every region whose border lies in X (a region leaves V only when a
    ///   border chain leaves X, and chains never return), so P's pass-alive territory
    ///   (r[life.territory]) is the set of regions not adjacent to a stone of P outside X, with at
    ///   most one interior point. Every region is adjacent to a stone of P when P has a stone,
    ///   since the grid is connected.
    fn pass_alive_own(&self, k: usize) -> Bits {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        let own = self.planes[k];
        if own.is_empty() {
            return Bits::EMPTY;
        }
        let outside = g.and_not(&own);
        let empty = g.and_not(&self.planes[0].or(&self.planes[1]));
        let near_own = own.neighbours(stride, g);
        let all_points = self.rules.suicide != Suicide::Forbidden;
        let killers = if all_points { outside } else { empty }.and_not(&near_own);
        let cand = if killers.is_empty() {
            outside
        } else {
            outside.and_not(&Bits::flood(killers, &outside, stride, g))
        };
        if cand.is_empty() {
            return Bits::EMPTY;
        }
        let x = self.eliminate(k as u8 + 1, &cand, all_points);
        if x.is_empty() {
            return Bits::EMPTY;
        }
        // The stones of the chains left in X, from their heads' rings.
        let mut alive = Bits::EMPTY;
        for_each_bit(&x, |h| {
            let mut j = h;
            loop {
                alive.set(j);
                j = self.next[j] as usize;
                if j == h {
                    break;
                }
            }
        });
        let dead_own = own.and_not(&alive);
        let mut territory = if dead_own.is_empty() {
            outside
        } else {
            let seeds = dead_own.neighbours(stride, g).and(&outside);
            outside.and_not(&Bits::flood(seeds, &outside, stride, g))
        };
        let mut interior = territory.and_not(&near_own);
        while let Some(i) = interior.first() {
            let region = Bits::flood(Bits::single(i), &territory, stride, g);
            if region.and(&interior).count() >= 2 {
                territory = territory.and_not(&region);
            }
            interior = interior.and_not(&region);
        }
        alive.or(&territory)
    }

    /// Benson's elimination (r[life.elimination]) for the player of colour code `code` over the
    /// candidate regions `cand` (whole regions of the complement of her plane, see
    /// [`Self::pass_alive_own`]): the heads of the chains left in X. `all_points`: every point
    /// of a region is tested for vitality, not only its empty points (r[life.vital]).
    ///
    /// Note: `cand` is a union of whole regions, so the points not of her colour next to a point
    /// of it are in it, in the same region. A region is vital to a chain C exactly when each
    /// tested point has a stone of C among its four neighbours, that is when C's head is among
    /// the heads next to every tested point (with no tested point, to every border chain).
    fn eliminate(&self, code: u8, cand: &Bits, all_points: bool) -> Bits {
        // The counts by head and the queue are scratch (see the two functions), as are the lists.
        SCRATCH.with_borrow_mut(|scratch| {
            self.border_heads(code, cand, all_points, scratch);
            let Scratch {
                border,
                vital,
                ends,
                regions,
                counts,
                queue,
                ..
            } = scratch;
            let ends = &ends[..*regions];
            let (nb, nv) = ends
                .last()
                .map_or((0, 0), |&(b, v)| (b as usize, v as usize));
            eliminate_heads(&border[..nb], ends, &vital[..nv], counts, queue)
        })
    }

    /// The candidate regions `cand` of [`Self::eliminate`], each by the heads of its border
    /// chains, written to the scratch (see [`Scratch`]): those heads, flat (`border`), the heads
    /// of the chains each region is vital to (r[life.vital]), flat (`vital`), and the end of each
    /// region's runs in the two (`ends`, `regions` of them).
    ///
    /// Note: a point of `cand` with no neighbour in `cand` is a region on its own (`cand` is a
    /// union of whole regions, so a neighbour not of her colour would be in it): its border heads
    /// are the heads next to it, and each is vital to it (next to every tested point, since the
    /// region's only point, tested or not, is next to each). These regions are listed first,
    /// without a walk. Each other region is walked from its lowest point through the neighbours
    /// not of her colour that are still in `cand` and not yet met (a search over the mailbox,
    /// each point once); the heads next to each point are counted once a point, so a border head
    /// is next to every tested point exactly when its count (in `hits`, whatever it held before)
    /// is the number of tested points. Each region walked, and each point (single or walked),
    /// gets a new stamp, larger than every stamp in the marks (they are zeroed, and the stamps
    /// start again from 0, before a call that could run out of stamps: a call meets at most
    /// `MAX_AREA` regions and `MAX_AREA` points, `STAMPS_A_CALL`), so a head's `mark` is the
    /// region's stamp exactly when the head was met in the region, and its `seen` the point's
    /// stamp exactly when it was met from the point (and counted, or listed, once for it).
    #[inline]
    fn border_heads(&self, code: u8, cand: &Bits, all_points: bool, scratch: &mut Scratch) {
        if scratch.stamp > u32::MAX - STAMPS_A_CALL {
            scratch.mark.fill(0);
            scratch.seen.fill(0);
            scratch.stamp = 0;
        }
        // The points of `cand` with no neighbour in it, each a region on its own, first.
        let singles = cand.and_not(&cand.neighbours(self.lay.stride as u32, &self.on_grid));
        let listed = self.single_regions(code, &singles, scratch);
        scratch.regions =
            self.walked_regions(code, cand.and_not(&singles), all_points, scratch, listed);
    }

    /// The single-point regions `singles` of [`Self::border_heads`], listed in the scratch from
    /// its start: the regions listed, and the entries of `border` and `vital` written.
    #[inline(always)]
    fn single_regions(&self, code: u8, singles: &Bits, scratch: &mut Scratch) -> Listed {
        let stride = self.lay.stride;
        let Scratch {
            border,
            vital,
            ends,
            seen,
            stamp,
            ..
        } = scratch;
        let (mut nr, mut nb, mut nv) = (0, 0, 0);
        for_each_bit(singles, |p| {
            *stamp += 1;
            let ps = *stamp;
            for n in [p - 1, p + 1, p - stride, p + stride] {
                if self.colour[n] == code {
                    let h = self.head[n] as usize;
                    if seen[h] != ps {
                        seen[h] = ps;
                        border[nb] = h as u16;
                        vital[nv] = h as u16;
                        (nb, nv) = (nb + 1, nv + 1);
                    }
                }
            }
            ends[nr] = (nb as u16, nv as u16);
            nr += 1;
        });
        (nr, nb, nv)
    }

    /// The regions of `rest` (whole regions of at least two points) of [`Self::border_heads`],
    /// each walked and listed in the scratch after the `listed` ones: the regions listed in all.
    #[inline(always)]
    fn walked_regions(
        &self,
        code: u8,
        mut rest: Bits,
        all_points: bool,
        scratch: &mut Scratch,
        (mut nr, mut nb, mut nv): Listed,
    ) -> usize {
        let stride = self.lay.stride;
        // mark[h]: the stamp of the last region whose border has the head h; hits[h]: how many
        // of that region's tested points are next to h's chain (set when h is first met in it).
        let Scratch {
            border,
            vital,
            ends,
            counts: hits,
            queue,
            mark,
            seen,
            stamp,
            ..
        } = scratch;
        // queue[..len]: the region's points met so far, in the order met; those before `k` are
        // done (the entries beyond `len` are whatever they were).
        // The lowest point left starts the next region: the words below `wi` are empty, and stay
        // so as points are only taken out.
        let mut wi = 0;
        loop {
            while wi < WORDS && rest.0[wi] == 0 {
                wi += 1;
            }
            if wi == WORDS {
                break;
            }
            let i = wi * 64 + rest.0[wi].trailing_zeros() as usize;
            rest.clear(i);
            let start = nb;
            *stamp += 1;
            let s = *stamp;
            queue[0] = i as u16;
            let (mut k, mut len, mut tested) = (0, 1, 0u16);
            while k < len {
                let p = queue[k] as usize;
                k += 1;
                let t = u16::from(all_points || self.colour[p] == EMPTY);
                tested += t;
                *stamp += 1;
                let ps = *stamp;
                for n in [p - 1, p + 1, p - stride, p + stride] {
                    if self.colour[n] == code {
                        let h = self.head[n] as usize;
                        if mark[h] != s {
                            mark[h] = s;
                            hits[h] = 0;
                            border[nb] = h as u16;
                            nb += 1;
                        }
                        if seen[h] != ps {
                            seen[h] = ps;
                            hits[h] += t;
                        }
                    } else if rest.get(n) {
                        rest.clear(n);
                        queue[len] = n as u16;
                        len += 1;
                    }
                }
            }
            // By index: the slice's iterator measured 0.46 M instructions more over the records.
            #[allow(clippy::needless_range_loop)]
            for j in start..nb {
                let h = border[j];
                if hits[h as usize] == tested {
                    vital[nv] = h;
                    nv += 1;
                }
            }
            ends[nr] = (nb as u16, nv as u16);
            nr += 1;
        }
        nr
    }

    /// [`Self::pass_alive_bits`] as points (r[life.area]).
    ///
    /// Note: [`Self::points_of`] lists each point of a set once, in point-index order, as
    /// `PassAlive` keeps them, which `PassAlive::new` takes without sorting again.
    pub(super) fn pass_alive_now(&self) -> PassAlive {
        let [b, w] = self.pass_alive_bits();
        PassAlive::new(self.points_of(&b), self.points_of(&w))
    }
}

/// The rounds of r[life.elimination] as written, over every region: count vital regions among the
/// regions still in V (`alive`), drop chains with fewer than two from X, drop regions whose
/// border meets a dropped chain, until nothing changes. Returns which chains are left in X.
#[inline]
fn eliminate_rounds(
    chains: &[(Bits, Bits)],
    regions: &mut [Region],
    vital: &[(u16, u16)],
) -> Vec<bool> {
    let mut in_x = vec![true; chains.len()];
    let mut alive_vital = vec![0u32; chains.len()];
    loop {
        let mut changed = false;
        alive_vital.fill(0);
        for &(c, r) in vital {
            alive_vital[c as usize] += u32::from(regions[r as usize].alive);
        }
        for c in 0..chains.len() {
            if in_x[c] && alive_vital[c] < 2 {
                in_x[c] = false;
                changed = true;
            }
        }
        let mut dead = Bits::EMPTY;
        for (c, (chain, _)) in chains.iter().enumerate() {
            if !in_x[c] {
                dead = dead.or(chain);
            }
        }
        for reg in regions.iter_mut() {
            if reg.alive && !reg.border.and(&dead).is_empty() {
                reg.alive = false;
                changed = true;
            }
        }
        if !changed {
            return in_x;
        }
    }
}

/// The rounds of Benson's elimination (r[life.elimination]) over the regions of
/// [`FastWith::border_heads`] (`border`, `ends`, `vital`): the heads of the chains left in X.
/// `count` and `live` are scratch space, whatever they hold.
///
/// Note: `count[h]` is kept as the number of regions still in V that are vital to h's chain:
/// all of them at first, one less whenever such a region leaves V, and a chain leaves X as soon
/// as its count falls below two. Only the regions with a vital head in X at the start (`live`)
/// are visited: every region vital to a chain of X is one of them, so the others' leaving V
/// would change no count of a chain in X, and chains never return to X. Each pass drops the
/// visited regions whose border meets a chain not in X (and so the chains their leaving takes
/// below two). When a pass drops no chain, X was the same all through it: every visited region
/// left has its border in X, and every chain left has two vital regions among them, so X with
/// those regions is a closed pair (r[life.elimination]) and nothing is dropped any more. Every
/// chain and region dropped failed its test against a superset of the largest closed pair, so
/// none is in it, and X ends as the largest closed pair's chains, as the rounds of
/// r[life.elimination] as written end.
#[inline]
fn eliminate_heads(
    border: &[u16],
    ends: &[(u16, u16)],
    vital: &[u16],
    count: &mut [u16; MAX_PADDED],
    live: &mut [u16; MAX_AREA],
) -> Bits {
    // X starts as the chains with two vital regions or more: the others have fewer than two.
    let mut x = Bits::EMPTY;
    for &h in vital {
        count[h as usize] = 0;
    }
    for &h in vital {
        let h = h as usize;
        count[h] += 1;
        if count[h] == 2 {
            x.set(h);
        }
    }
    if x.is_empty() {
        return x;
    }
    // live[..n]: the regions still in V with a vital head in X at the start (at most
    // `MAX_AREA`, one a point).
    let mut n = 0;
    let mut vstart = 0;
    for (r, &(_, vend)) in ends.iter().enumerate() {
        if vital[vstart..vend as usize]
            .iter()
            .any(|&h| x.get(h as usize))
        {
            live[n] = r as u16;
            n += 1;
        }
        vstart = vend as usize;
    }
    loop {
        let mut dropped = false;
        let mut kept = 0;
        for j in 0..n {
            let r = live[j] as usize;
            let (start, vstart) = if r == 0 { (0, 0) } else { ends[r - 1] };
            let (end, vend) = ends[r];
            if border[start as usize..end as usize]
                .iter()
                .any(|&h| !x.get(h as usize))
            {
                for &h in &vital[vstart as usize..vend as usize] {
                    let h = h as usize;
                    count[h] -= 1;
                    if count[h] < 2 && x.get(h) {
                        x.clear(h);
                        dropped = true;
                    }
                }
            } else {
                live[kept] = r as u16;
                kept += 1;
            }
        }
        n = kept;
        if !dropped || x.is_empty() {
            return x;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidate-region elimination on the engine's position against the elimination over
    /// every region (with the engine's chains, and with chains by flood fill), after every move
    /// of seeded random games on small grids, under each suicide value.
    #[test]
    fn pass_alive_own_is_the_elimination_over_every_region() {
        let mut rand = crate::test_rand(0x9e37_79b9_7f4a_7c15u64);
        let (mut compared, mut alive_seen, mut territory_seen) = (0, 0, 0);
        for suicide in [
            Suicide::Forbidden,
            Suicide::Allowed,
            Suicide::MultiStoneOnly,
        ] {
            for (w, h) in [(4, 4), (5, 5), (7, 5), (9, 9)] {
                let rules = Rules {
                    suicide,
                    ..Rules::TROMP_TAYLOR
                };
                for _ in 0..12 {
                    let size = Size::new(w, h).unwrap();
                    let mut e = FastWith::<64>::new_game(size, rules);
                    random_game(&mut e, &mut rand, (w * h * 3) as usize, |e| {
                        for k in 0..2 {
                            let fast = e.pass_alive_own(k);
                            let heads = Some(&e.chain_heads[k]);
                            assert_eq!(
                                fast,
                                e.pass_alive_area_of(&e.planes, k, heads),
                                "{k} {suicide:?}\n{:?}",
                                e.grid().rows()
                            );
                            assert_eq!(fast, e.pass_alive_area_of(&e.planes, k, None));
                            compared += 1;
                            alive_seen += usize::from(!fast.and(&e.planes[k]).is_empty());
                            territory_seen += usize::from(!fast.and_not(&e.planes[k]).is_empty());
                        }
                    });
                }
            }
        }
        assert!(compared > 0 && alive_seen > 0 && territory_seen > 0);
        eprintln!(
            "{compared} compared, {alive_seen} with alive stones, {territory_seen} with territory"
        );
    }

    /// The fast paths of [`FastWith::eliminate`] are reached, and the elimination equals the one
    /// over every region where they are: single-point candidate regions (listed without a walk),
    /// positions where no chain has two vital regions (`eliminate_heads` returns at once), and
    /// regions with no vital head in X at the start (not visited by its passes), counted over
    /// the positions of seeded random games, each count above zero.
    #[test]
    fn eliminate_fast_paths_are_reached() {
        let mut rand = crate::test_rand(0x6a09_e667_f3bc_c909u64);
        let (mut singles, mut none_two, mut unvisited) = (0, 0, 0);
        for suicide in [Suicide::Forbidden, Suicide::Allowed] {
            for (w, h) in [(5, 5), (9, 9), (13, 13)] {
                let rules = Rules {
                    suicide,
                    ..Rules::TROMP_TAYLOR
                };
                let mut e = FastWith::<64>::new_game(Size::new(w, h).unwrap(), rules);
                random_game(&mut e, &mut rand, (w * h * 3) as usize, |e| {
                    let (stride, g) = (e.lay.stride as u32, &e.on_grid);
                    let all_points = suicide != Suicide::Forbidden;
                    for k in 0..2 {
                        let own = e.planes[k];
                        let outside = g.and_not(&own);
                        let empty = g.and_not(&e.planes[0].or(&e.planes[1]));
                        let tested = if all_points { outside } else { empty };
                        let killers = tested.and_not(&own.neighbours(stride, g));
                        let cand = outside.and_not(&Bits::flood(killers, &outside, stride, g));
                        if own.is_empty() || cand.is_empty() {
                            continue;
                        }
                        let x = e.eliminate(k as u8 + 1, &cand, all_points);
                        let heads = Some(&e.chain_heads[k]);
                        let area = e.pass_alive_area_of(&e.planes, k, heads);
                        assert_eq!(x.is_empty(), area.and(&own).is_empty());
                        assert_eq!(e.pass_alive_own(k), area);
                        singles +=
                            usize::from(cand.and_not(&cand.neighbours(stride, g)) != Bits::EMPTY);
                        SCRATCH.with_borrow(|s| {
                            let ends = &s.ends[..s.regions];
                            let vital = &s.vital[..ends.last().map_or(0, |e| e.1 as usize)];
                            let mut n = [0u16; MAX_PADDED];
                            vital.iter().for_each(|&h| n[h as usize] += 1);
                            let two = |h: u16| n[h as usize] >= 2;
                            if !vital.iter().any(|&h| two(h)) {
                                none_two += 1;
                                return;
                            }
                            let mut from = 0;
                            for &(_, to) in ends {
                                let run = &vital[from..to as usize];
                                unvisited += usize::from(!run.iter().any(|&h| two(h)));
                                from = to as usize;
                            }
                        });
                    }
                });
            }
        }
        eprintln!("{singles} with single points, {none_two} with no two, {unvisited} unvisited");
        assert!(singles > 0 && none_two > 0 && unvisited > 0);
    }

    /// The stamps of the heads' marks near their end: with the last stamp given out at the
    /// highest value that needs no zeroing, then one above it (so the marks are zeroed), the
    /// elimination on the engine's position is still the one over every region, after every
    /// move of seeded random games, with the marks the earlier calls left.
    #[test]
    fn pass_alive_own_is_exact_when_the_stamps_run_out() {
        let mut rand = crate::test_rand(0x2545_f491_4f6c_dd1du64);
        let (mut compared, mut zeroed) = (0, 0);
        let last = u32::MAX - STAMPS_A_CALL;
        for (w, h) in [(5, 5), (9, 9), (19, 19)] {
            let size = Size::new(w, h).unwrap();
            let mut e = FastWith::<64>::new_game(size, Rules::TROMP_TAYLOR);
            random_game(&mut e, &mut rand, (w * h * 2) as usize, |e| {
                for k in 0..2 {
                    for start in [last, last + 1] {
                        SCRATCH.with_borrow_mut(|s| s.stamp = start);
                        let fast = e.pass_alive_own(k);
                        let heads = Some(&e.chain_heads[k]);
                        assert_eq!(fast, e.pass_alive_area_of(&e.planes, k, heads));
                        compared += 1;
                        zeroed += usize::from(SCRATCH.with_borrow(|s| s.stamp) < last);
                    }
                }
            });
        }
        assert!(compared > 0 && zeroed > 0);
    }

    /// Plays at most `turns` random legal moves (a pass where there is none) on `e`, calling
    /// `each` after every move, until a move fails or the game is over.
    fn random_game(
        e: &mut FastWith<64>,
        rand: &mut impl FnMut(usize) -> usize,
        turns: usize,
        mut each: impl FnMut(&FastWith<64>),
    ) {
        for _ in 0..turns {
            let mv = crate::test_move(&e.legal_points(), rand, 0);
            if e.play(mv).is_err() || e.is_over() {
                break;
            }
            each(e);
        }
    }
}
