//! Pass-alive chains and territory (Part IV of the spec: r[life.region], r[life.vital],
//! r[life.elimination], r[life.pass-alive], r[life.territory], r[life.area]) by flood fills over
//! bit planes.

use super::*;

use crate::layout::MAX_PADDED;

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
        [0, 1].map(|k| self.pass_alive_area_of(&self.planes, k, Some(&self.chain_heads[k])))
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
        // Note: on the engine's own planes its chains are the same components, listed by their
        // heads, each stone once in its head's ring (the invariant checker compares them with
        // flood fills).
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
                let mut rest = own;
                while let Some(i) = rest.first() {
                    let chain = Bits::flood(Bits::single(i), &own, stride, g);
                    rest = rest.and_not(&chain);
                    for_each_bit(&chain, |j| chain_of[j] = chains.len() as u16);
                    chains.push((chain, chain.neighbours(stride, g)));
                }
            }
        }
        let outside = g.and_not(&own);
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
                    points.and(&empty)
                },
                border: points.neighbours(stride, g).and(&own),
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
        let mut in_x = vec![true; chains.len()];
        let mut alive_vital = vec![0u32; chains.len()];
        loop {
            let mut changed = false;
            alive_vital.fill(0);
            for &(c, r) in &vital {
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
                break;
            }
        }
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

    /// [`Self::pass_alive_bits`] as points (r[life.area]).
    pub(super) fn pass_alive_now(&self) -> PassAlive {
        let [b, w] = self.pass_alive_bits();
        let points = |bits: Bits| bits.iter().map(|i| self.lay.point(i)).collect();
        PassAlive::new(points(b), points(w))
    }
}
