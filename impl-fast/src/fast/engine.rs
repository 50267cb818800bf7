//! The `Engine` trait of `ttrules-spec`, over the engine's own API.

use super::*;

impl<const HASH_BITS: u32> Engine for FastWith<HASH_BITS> {
    const NAME: &'static str = "fast";

    /// r[var.setup]: the setup colouring must be a legal position.
    ///
    /// Note: a stone reaches empty (r[tt.reach]) exactly when its chain has a liberty
    /// (r[tt.derived.liberty]); the first stone in point-index order whose chain has none is the
    /// one reported, as the reference reports the first such point.
    fn from_setup(setup: &Setup, rules: Rules) -> Result<Self, SetupError> {
        let size = setup.grid.size();
        let e = FastWith::with_start(size, rules, Self::start_of(setup));
        e.check_setup()?;
        Ok(e)
    }

    fn size(&self) -> Size {
        self.size
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn play(&mut self, mv: Move) -> Result<TurnReport, Illegal> {
        self.check(mv)?;
        match mv {
            Move::Pass => {
                self.pass();
                Ok(TurnReport::default())
            }
            Move::Play(p) => Ok(self.play_vertex(self.vertex(p))),
        }
    }

    /// r[var.verdict.order]: game-over, off-grid, occupied, then suicide, then ko or repetition.
    fn check(&self, mv: Move) -> Result<(), Illegal> {
        if self.record.over {
            return Err(Illegal::GameOver);
        }
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        if !self.size.contains(p) {
            return Err(Illegal::OffGrid);
        }
        let i = self.lay.pad(p);
        if self.colour[i] != EMPTY {
            return Err(Illegal::Occupied);
        }
        self.judge_at(i, code_of(self.to_move))
    }

    fn legal_points_into(&self, out: &mut Vec<Point>) {
        out.extend(self.legal_bits().iter().map(|i| self.lay.point(i)));
    }

    fn colour_at(&self, p: Point) -> Colour {
        match self.colour[self.lay.pad(p)] {
            BLACK => Colour::Black,
            WHITE => Colour::White,
            _ => Colour::Empty,
        }
    }

    fn grid(&self) -> Grid {
        let mut g = Grid::empty(self.size);
        for p in self.size.points() {
            g.set(p, self.colour_at(p));
        }
        g
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
