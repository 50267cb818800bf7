//! The `Engine` trait of `ttrules-spec`, over the engine's own API.

use super::*;
use crate::layout::MAX_AREA;

/// The colour of a mailbox code, as [`Engine::colour_at`] reads it: black, white, and empty for
/// every other code. A comparison, not a table, so that a row of codes is turned into colours
/// many at a time.
#[inline(always)]
fn colour_of_code(c: u8) -> Colour {
    match c {
        BLACK => Colour::Black,
        WHITE => Colour::White,
        _ => Colour::Empty,
    }
}

/// `out[j] = colour_of_code(codes[j])` for a row (`out` and `codes` of one length).
///
/// Note: a row of 16 points or more is turned by its first 16 and its last 16 (of 8 or more,
/// by 8), each a fixed number of codes at once; where the two overlap, the same colours are
/// written twice.
#[inline(always)]
fn row_colours(out: &mut [Colour], codes: &[u8]) {
    debug_assert_eq!(out.len(), codes.len());
    fn fixed<const N: usize>(out: Option<&mut [Colour; N]>, codes: Option<&[u8; N]>) {
        if let (Some(out), Some(codes)) = (out, codes) {
            for (cell, &c) in out.iter_mut().zip(codes) {
                *cell = colour_of_code(c);
            }
        }
    }
    if out.len() >= 16 {
        fixed::<16>(out.first_chunk_mut(), codes.first_chunk());
        fixed::<16>(out.last_chunk_mut(), codes.last_chunk());
    } else if out.len() >= 8 {
        fixed::<8>(out.first_chunk_mut(), codes.first_chunk());
        fixed::<8>(out.last_chunk_mut(), codes.last_chunk());
    } else {
        for (cell, &c) in out.iter_mut().zip(codes) {
            *cell = colour_of_code(c);
        }
    }
}

impl<const HASH_BITS: u32> Engine for FastWith<HASH_BITS> {
    const NAME: &'static str = "fast";

    /// r[var.setup]: the setup colouring must be a legal position.
    ///
    /// Note: a stone reaches empty (r[tt.reach]) exactly when its chain has a liberty
    /// (r[tt.derived.liberty]); the first stone in point-index order whose chain has none is the
    /// one reported, as the reference reports the first such point.
    fn from_setup(setup: &Setup, rules: Rules) -> Result<Self, SetupError> {
        let size = setup.grid.size();
        let e = FastWith::with_start(size, rules, Self::start_of(setup, &Layout::new(size)));
        e.check_setup()?;
        Ok(e)
    }

    fn size(&self) -> Size {
        self.size
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    /// Note: a move is `check`ed and then played as [`FastWith::play_vertex`] plays it, with its
    /// padded index computed once for both (`checked_index`).
    #[inline(always)]
    fn play(&mut self, mv: Move) -> Result<TurnReport, Illegal> {
        match mv {
            Move::Pass => {
                self.check(mv)?;
                self.pass();
                Ok(TurnReport::default())
            }
            Move::Play(p) => {
                let i = self.checked_index(p)?;
                let (report, captured_at) = self.place(i, code_of(self.to_move));
                self.finish_move(i, report, captured_at);
                Ok(report)
            }
        }
    }

    /// r[var.verdict.order]: game-over, off-grid, occupied, then suicide, then ko or repetition.
    fn check(&self, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Pass if self.record.over => Err(Illegal::GameOver),
            Move::Pass => Ok(()),
            Move::Play(p) => self.checked_index(p).map(|_| ()),
        }
    }

    fn legal_points_into(&self, out: &mut Vec<Point>) {
        self.points_by_rows_into(&self.legal_bits(), out);
    }

    /// Note: [`Engine::legal_points`]'s default, with the list made at its final length.
    fn legal_points(&self) -> Vec<Point> {
        let mut out = Vec::new();
        self.legal_points_into(&mut out);
        out
    }

    /// # Panics
    ///
    /// If `p` is off the grid.
    fn colour_at(&self, p: Point) -> Colour {
        assert!(self.size.contains(p), "colour_at({p:?}): off the grid");
        match self.colour[self.lay.pad(p)] {
            BLACK => Colour::Black,
            WHITE => Colour::White,
            _ => Colour::Empty,
        }
    }

    /// Note: the mailbox row by row, each code read as [`Engine::colour_at`] reads it: padded
    /// order is point-index order (`crate::layout`), and row `y` is the padded indices
    /// `pad_xy(0, y)..pad_xy(0, y) + W` (see the private `row_colours`).
    fn grid(&self) -> Grid {
        let lay = self.lay;
        let mut cells = vec![Colour::Empty; lay.w * lay.h];
        for (y, out) in cells.chunks_exact_mut(lay.w).enumerate() {
            let i0 = lay.pad_xy(0, y);
            row_colours(out, &self.colour.0[i0..i0 + lay.w]);
        }
        Grid::from_cells(self.size, cells)
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn consecutive_passes(&self) -> u32 {
        self.consecutive()
    }

    fn is_over(&self) -> bool {
        self.record.over
    }

    fn is_void(&self) -> bool {
        self.record.void
    }

    fn turns(&self) -> u32 {
        self.record.turns
    }

    fn prisoners(&self) -> Prisoners {
        self.prisoners_now()
    }

    fn first_passer(&self) -> Option<Player> {
        self.record.first_pass.map(|(_, player)| player)
    }

    fn handicap(&self) -> u32 {
        self.handicap_now()
    }

    fn score_with_dead(&self, dead: &[Point]) -> Result<Score, DeadError> {
        self.final_score(dead)
    }

    /// r[var.score.final]: komi to White, then r[tt.winner], r[var.first-pass.tie-break],
    /// r[var.ties.black-wins]; a void game has no winner (the dead stones are checked first, as
    /// the reference does).
    fn outcome(&self, komi: Komi, dead: &[Point]) -> Result<Outcome, DeadError> {
        let score = self.final_score(dead)?;
        Ok(self.outcome_of(score, komi))
    }

    fn pass_alive(&self) -> PassAlive {
        self.pass_alive_now()
    }

    fn resume(&mut self) -> Result<(), ResumeError> {
        self.resume_play()
    }
}

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    /// The verdict on a move on `p` in the order of r[var.verdict.order] (game-over, off-grid,
    /// occupied, then suicide, then ko or repetition), and its padded index if it is legal.
    #[inline(always)]
    fn checked_index(&self, p: Point) -> Result<usize, Illegal> {
        if self.record.over {
            return Err(Illegal::GameOver);
        }
        if !self.size.contains(p) {
            return Err(Illegal::OffGrid);
        }
        let i = self.lay.pad(p);
        if self.colour[i] != EMPTY {
            return Err(Illegal::Occupied);
        }
        self.judge_at(i, code_of(self.to_move))?;
        Ok(i)
    }

    /// The points of `bits`, a set of grid points, in point-index order, a row at a time, in a
    /// vector of their number (none allocated for the empty set).
    ///
    /// Note: padded order is point-index order (`crate::layout`); as in
    /// [`Self::points_by_rows_into`], row `y`'s set bits, lowest first, are its points left to
    /// right, and the rows are read upward until every point of the set is listed.
    pub(super) fn points_of(&self, bits: &Bits) -> Vec<Point> {
        let n = bits.count() as usize;
        if n == 0 {
            return Vec::new();
        }
        let lay = &self.lay;
        let mut out = Vec::with_capacity(n);
        for y in 0..lay.h {
            let mut row = bits.bits_at(lay.pad_xy(0, y), lay.w as u32);
            while row != 0 {
                out.push(Point::new(row.trailing_zeros() as u8, y as u8));
                row &= row - 1;
            }
            if out.len() == n {
                break;
            }
        }
        out
    }

    /// Appends the points of `bits`, a set of grid points, to `out` in point-index order, a row
    /// at a time: for a set that holds much of the grid (the legal moves), where
    /// [`Self::points_of`] suits a sparse one.
    ///
    /// Note: row `y` is the `W` padded indices from `pad_xy(0, y)` (`crate::layout`), read as
    /// one word ([`Bits::bits_at`]); its set bits, lowest first,
    /// are its points left to right. The points are gathered in a buffer of the largest grid's
    /// size (a set of grid points has at most that many) and appended at once.
    pub(super) fn points_by_rows_into(&self, bits: &Bits, out: &mut Vec<Point>) {
        let lay = &self.lay;
        let mut buf = [Point::new(0, 0); MAX_AREA];
        let mut n = 0;
        for y in 0..lay.h {
            let mut row = bits.bits_at(lay.pad_xy(0, y), lay.w as u32);
            while row != 0 {
                buf[n] = Point::new(row.trailing_zeros() as u8, y as u8);
                n += 1;
                row &= row - 1;
            }
        }
        out.extend_from_slice(&buf[..n]);
    }

    /// The final score with the stones `dead` and the outcome under `komi`: what
    /// [`Engine::score_with_dead`] and [`Engine::outcome`] return, with one count.
    ///
    /// Note: `outcome` counts the same final score and decides from it alone (with the record's
    /// void, first pass and the rules), and both fail exactly when the count fails, with its error.
    pub fn score_and_outcome(
        &self,
        komi: Komi,
        dead: &[Point],
    ) -> Result<(Score, Outcome), DeadError> {
        let score = self.final_score(dead)?;
        Ok((score, self.outcome_of(score, komi)))
    }

    /// The outcome of the final score `score` under `komi`.
    fn outcome_of(&self, score: Score, komi: Komi) -> Outcome {
        if self.record.void {
            return Outcome::Void;
        }
        let white = score.white + komi.value();
        let win = |winner, margin| Outcome::Win { winner, margin };
        if score.black > white {
            return win(Player::Black, score.black - white);
        }
        if white > score.black {
            return win(Player::White, white - score.black);
        }
        if let (FirstPass::TieBreak, Some((_, passer))) =
            (self.rules.first_pass, self.record.first_pass)
        {
            return win(passer, HalfPoints::ZERO);
        }
        if self.rules.ties == Ties::BlackWins {
            return win(Player::Black, HalfPoints::ZERO);
        }
        Outcome::Tie
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `grid`, `legal_points` and `pass_alive` walk bit sets row by row
    /// ([`FastWith::points_by_rows_into`], [`FastWith::points_of`]): against the point-by-point
    /// readings (the mailbox, and each padded index's point by division) after every turn of
    /// seeded random games on grids of several shapes, up to the largest.
    #[test]
    fn points_by_rows_are_the_points_by_division() {
        let mut rand = crate::test_rand(0x2545_f491_4f6c_dd1du64);
        let (mut turns, mut legal_seen, mut alive_seen) = (0, 0, 0);
        for (w, h) in [
            (1, 1),
            (2, 1),
            (1, 5),
            (4, 4),
            (7, 3),
            (9, 9),
            (13, 19),
            (25, 25),
        ] {
            let size = Size::new(w, h).unwrap();
            let mut e = FastWith::<64>::new_game(size, Rules::TROMP_TAYLOR);
            for _ in 0..(w * h * 2) as usize {
                let mut grid = Grid::empty(size);
                for p in size.points() {
                    grid.set(p, e.colour_at(p));
                }
                assert_eq!(e.grid(), grid, "{w}x{h}");
                let legal: Vec<Point> = e.legal_bits().iter().map(|i| e.lay.point(i)).collect();
                assert_eq!(e.legal_points(), legal, "{w}x{h}");
                let mut into = vec![Point::new(0, 0)];
                e.legal_points_into(&mut into);
                assert_eq!(into[1..], legal[..]);
                let [b, wh] = e.pass_alive_bits();
                let by_division =
                    |bits: Bits| bits.iter().map(|i| e.lay.point(i)).collect::<Vec<_>>();
                assert_eq!(
                    e.pass_alive(),
                    PassAlive::new(by_division(b), by_division(wh))
                );
                turns += 1;
                legal_seen += usize::from(!legal.is_empty());
                alive_seen += usize::from(!b.or(&wh).is_empty());
                let mv = crate::test_move(&legal, &mut rand, 40);
                if e.play(mv).is_err() || e.is_over() {
                    break;
                }
            }
        }
        eprintln!("{turns} turns, {legal_seen} with legal moves, {alive_seen} with pass-alive");
        assert!(turns > 0 && legal_seen > 0 && alive_seen > 0);
    }
}
