//! Scoring by flood fills over bit planes (r[tt.score], r[var.score.final], r[var.count.dead],
//! the counting and tax values).

use super::*;

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    /// The scores by flood fill (r[tt.score]): an empty point reaches a colour when its empty
    /// region touches a stone of that colour (r[tt.reach]). Tromp-Taylor area scoring of the
    /// colouring as it stands, nothing else.
    pub fn score_now(&self) -> Score {
        let [(tb, _), (tw, _)] = self.territory(&self.planes, Tax::None);
        Score {
            black: HalfPoints::points(self.count[0] as i64 + tb),
            white: HalfPoints::points(self.count[1] as i64 + tw),
        }
    }

    /// Each player's territory and the number of her groups the group tax counts (under
    /// `Tax::All`; 0 otherwise), on the colouring
    /// `planes`, under `tax` (r[var.tax.none], r[var.tax.seki.blocks],
    /// r[var.tax.all.blocks]): `[black, white]`.
    pub(super) fn territory(&self, planes: &[Bits; 2], tax: Tax) -> [(i64, i64); 2] {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        let [b, w] = planes;
        let empty = g.and_not(&b.or(w));
        // The empty points whose empty region touches the colour: exactly those that reach it.
        let reach = |stones: &Bits| {
            let seed = stones.neighbours(stride, g).and(&empty);
            Bits::flood(seed, &empty, stride, g)
        };
        let (rb, rw) = (reach(b), reach(w));
        // Note: the dames of r[var.territory.eye-points] are the empty points whose empty region
        // touches both colours.
        let dame = rb.and(&rw);
        match tax {
            Tax::None => [
                (rb.and_not(&rw).count() as i64, 0),
                (rw.and_not(&rb).count() as i64, 0),
            ],
            Tax::Seki | Tax::All => self.outside_seki(
                [b.or(&rb.and_not(&rw)), w.or(&rw.and_not(&rb))],
                &empty,
                &dame,
                tax,
            ),
            Tax::SekiRegions | Tax::AllRegions => [
                self.independent_life(b, w, &empty, &dame),
                self.independent_life(w, b, &empty, &dame),
            ],
        }
    }

    /// r[var.tax.ilr], r[var.tax.seki.regions], r[var.tax.all.regions]: the empty points inside
    /// the independent-life regions of the player whose stones are `own`, and how many such
    /// regions there are.
    fn independent_life(&self, own: &Bits, other: &Bits, empty: &Bits, dame: &Bits) -> (i64, i64) {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        // Chains of `own` with exactly one liberty (r[tt.derived.liberty]).
        let mut atari = Bits::EMPTY;
        let mut rest = *own;
        while let Some(i) = rest.first() {
            let chain = Bits::flood(Bits::single(i), own, stride, g);
            rest = rest.and_not(&chain);
            if chain.neighbours(stride, g).and(empty).count() == 1 {
                atari = atari.or(&chain);
            }
        }
        // The regions: maximal connected sets of points not of the opponent's colour.
        let inside = g.and_not(other);
        let mut rest = inside;
        let (mut points, mut regions) = (0, 0);
        while let Some(i) = rest.first() {
            let region = Bits::flood(Bits::single(i), &inside, stride, g);
            rest = rest.and_not(&region);
            // (a) a stone of the player, (b) no dame region (a dame region is a whole empty
            // region, so it is inside a region as soon as one of its points is), (c) no chain in
            // atari.
            if !region.and(own).is_empty()
                && region.and(dame).is_empty()
                && region.and(&atari).is_empty()
            {
                points += i64::from(region.and(empty).count());
                regions += 1;
            }
        }
        (points, regions)
    }

    /// The union of a player's safe blocks (r[var.territory.seki]: blocks with two eye points or
    /// more; r[var.territory.blocks]), `space` her stones and eye points, `eyes` her eye points.
    ///
    /// Note: two adjacent eye points lie in one block, so every block holding an eye point with
    /// an eye neighbour is safe: those blocks are one flood from such points. The blocks left
    /// whose eye points are all alone are filled one by one and their eye points counted.
    fn safe_blocks(&self, space: &Bits, eyes: &Bits) -> Bits {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        let paired = eyes.and(&eyes.neighbours(stride, g));
        let mut safe = if paired.is_empty() {
            Bits::EMPTY
        } else {
            Bits::flood(paired, space, stride, g)
        };
        let mut rest = eyes.and_not(&safe);
        while let Some(i) = rest.first() {
            let block = Bits::flood(Bits::single(i), space, stride, g);
            rest = rest.and_not(&block);
            if block.and(eyes).count() >= 2 {
                safe = safe.or(&block);
            }
        }
        safe
    }

    /// r[var.tax.seki.blocks], r[var.tax.all.blocks]: for each player, the eye points of her
    /// blocks not in seki and, under `Tax::All` (0 otherwise), the number of those blocks that
    /// hold an eye point. `spaces` are each player's stones with her eye points.
    ///
    /// Note: a block is in seki exactly when it meets the flood, within her space, of her points
    /// next to a seki region; every eye point of a block is in the block, so her eye points
    /// outside that flood are those of her blocks not in seki, and those blocks are the
    /// components of her space that meet them. With no dame there is no seki region.
    fn outside_seki(
        &self,
        spaces: [Bits; 2],
        empty: &Bits,
        dame: &Bits,
        tax: Tax,
    ) -> [(i64, i64); 2] {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        let eyes = spaces.map(|space| space.and(empty));
        let seki = if dame.is_empty() {
            Bits::EMPTY
        } else {
            // r[var.territory.seki]: a dame region is filled when it is adjacent to a safe block
            // (two eye points or more). A dame region is a whole connected set of dames, so the
            // filled ones are the flood of the dames next to a safe block.
            let safe = self
                .safe_blocks(&spaces[0], &eyes[0])
                .or(&self.safe_blocks(&spaces[1], &eyes[1]));
            let filled = Bits::flood(safe.neighbours(stride, g).and(dame), dame, stride, g);
            dame.and_not(&filled)
        };
        [0, 1].map(|k| {
            let space = &spaces[k];
            // "A block adjacent to a seki region is in seki."
            let mut counted = if seki.is_empty() {
                eyes[k]
            } else {
                let in_seki = Bits::flood(seki.neighbours(stride, g).and(space), space, stride, g);
                eyes[k].and_not(&in_seki)
            };
            let points = i64::from(counted.count());
            let mut groups = 0;
            if tax == Tax::All {
                while let Some(i) = counted.first() {
                    counted = counted.and_not(&Bits::flood(Bits::single(i), space, stride, g));
                    groups += 1;
                }
            }
            (points, groups)
        })
    }

    /// r[var.score.final], r[var.count.dead]: the final scores before komi.
    pub(super) fn final_score(&self, dead: &[Point]) -> Result<Score, DeadError> {
        let mut planes = self.planes;
        let mut held = self.prisoners_now();
        for (k, &p) in dead.iter().enumerate() {
            if !self.size.contains(p) {
                return Err(DeadError::OffGrid(p, self.size));
            }
            // r[var.count.dead]: the dead stones are a set; a point listed again is already
            // counted (and was already checked).
            if dead[..k].contains(&p) {
                continue;
            }
            let i = self.lay.pad(p);
            match self.colour[i] {
                BLACK => {
                    planes[0].clear(i);
                    held.white += 1;
                }
                WHITE => {
                    planes[1].clear(i);
                    held.black += 1;
                }
                _ => return Err(DeadError::Empty(p)),
            }
        }
        let rules = self.rules;
        // r[var.count.area.pass-alive]: then the stones standing in the opponent's pass-alive
        // territory are emptied too (not prisoners).
        if rules.counting == Counting::AreaPassAlive {
            let [area_b, area_w] = self.pass_alive_on(&planes);
            planes[0] = planes[0].and_not(&area_w);
            planes[1] = planes[1].and_not(&area_b);
        }
        let terr = self.territory(&planes, rules.tax);
        let held = [held.black, held.white];
        let score_of = |k: usize| {
            let (mut points, regions) = terr[k];
            points += match rules.counting {
                // r[var.count.area]: her stones plus her territory.
                Counting::Area | Counting::AreaPassAlive => planes[k].count() as i64,
                // r[var.count.territory]: her territory plus her prisoners.
                Counting::Territory => held[k] as i64,
            };
            // r[var.tax.all.blocks]: 2 per block not in seki holding an eye point;
            // r[var.tax.all.regions]: 2 per independent-life region.
            if rules.tax.is_group_tax() {
                points -= 2 * regions;
            }
            HalfPoints::points(points)
        };
        let mut score = Score {
            black: score_of(0),
            white: score_of(1),
        };
        let half = HalfPoints::halves(1);
        match (rules.first_pass, self.record.first_pass) {
            // r[var.first-pass.button], r[var.first-pass.button.new-history]
            (f, Some((_, Player::Black))) if f.is_button() => score.black = score.black + half,
            (f, Some((_, Player::White))) if f.is_button() => score.white = score.white + half,
            // r[var.first-pass.msg]
            (FirstPass::Msg, Some((_, Player::White))) => {
                score.black = score.black - half;
                score.white = score.white + half;
            }
            _ => {}
        }
        // r[var.handicap.compensation]
        let n = i64::from(self.handicap_now());
        if n >= 2 {
            let bonus = match rules.handicap {
                HandicapCompensation::None => 0,
                HandicapCompensation::N => n,
                HandicapCompensation::NMinusOne => n - 1,
            };
            score.white = score.white + HalfPoints::points(bonus);
        }
        Ok(score)
    }
}
