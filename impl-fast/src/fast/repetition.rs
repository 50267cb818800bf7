//! The repetition parameter (section 11: r[tt.turn.repetition], r[var.ko.situational],
//! r[var.ko.natural-situational], r[var.ko.simple], r[var.ko.simple.cycle]) and the button's new
//! history (r[var.first-pass.button.new-history]) in the fast engine: what the history keeps at
//! the start and after each turn, the ko state, the cycle rule, and the repetition verdicts.
//!
//! This is the one module of the fast engine that reads `rules.repetition`: `judge`, `moves`,
//! `record`, `invariants` and the counters ask it. Each `match` on [`Repetition`] here names
//! every value, so a new value does not compile until each place says what it does. The chain
//! reading (which stones a move would empty, and the resulting hash) stays in `judge`.

use super::*;

/// Whether a move (not only a pass) can end the game under `repetition`: only simple ko's cycle
/// rule ends a game on a move, void (r[var.ko.simple.cycle]).
pub(crate) fn moves_may_end_game(repetition: Repetition) -> bool {
    match repetition {
        Repetition::SimpleKo => true,
        Repetition::Positional | Repetition::Situational | Repetition::NaturalSituational => false,
    }
}

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    // ---- what the history keeps ----

    /// The keyframe spacing of the history under `rules`: the same for every repetition value.
    ///
    /// Note: a changes entry is exact only where each entry follows the colouring of the one
    /// before (see `history`): under simple ko too, the history is cleared at a pass and its
    /// first entry is then a keyframe, and every other entry is pushed right after a move
    /// ([`Self::cycle_check`]). Its cycle check compares its last entry on every turn without
    /// rebuilding it (`History::count_equal_last`), and another entry only on a hash hit, so
    /// simple ko no longer stores every entry whole (two copies of the planes a move). The
    /// passes of r[var.end.repeated-pass] (the `passed` history, always 0) are not consecutive
    /// colourings.
    pub(super) fn keyframe_shift(rules: Rules) -> u32 {
        match rules.repetition {
            Repetition::SimpleKo
            | Repetition::Positional
            | Repetition::Situational
            | Repetition::NaturalSituational => HISTORY_KEYFRAME_SHIFT,
        }
    }

    /// The history's first entry, at the start of the game (the history is empty).
    pub(super) fn history_at_start(&mut self) {
        // The starting colouring is an earlier colouring for every move (r[tt.note.start-colouring]);
        // with its player to move, the starting situation (r[var.setup], r[var.ko.situational]).
        // Natural situational superko has no entry for it: no player created it.
        match self.rules.repetition {
            Repetition::Positional => self.push_history(0, NO_STONE),
            Repetition::Situational | Repetition::SimpleKo => {
                self.push_history(code_of(self.to_move), NO_STONE)
            }
            Repetition::NaturalSituational => {}
        }
    }

    /// What a move by `mover` on `i` adds to the history (and, under simple ko, the ko state and
    /// the cycle rule), after `finish_move` moved the turn on; `placed` is the history's change
    /// code of the placed stone.
    #[inline(always)]
    pub(super) fn history_after_move(
        &mut self,
        mover: Player,
        i: usize,
        report: TurnReport,
        captured_at: usize,
        placed: u16,
    ) {
        // Positional superko inline, by a test rather than a jump table: the common case; then
        // simple ko, the usual value of the records (Japanese rules), by a test too.
        match self.rules.repetition {
            Repetition::Positional => self.push_history(0, placed),
            Repetition::SimpleKo => self.simple_ko_after_move(i, report, captured_at, placed),
            Repetition::Situational => self.push_situation(code_of(self.to_move), placed),
            Repetition::NaturalSituational => self.push_situation(code_of(mover), placed),
        }
    }

    /// The part of [`Self::history_after_move`] for the situational superkos (the situation
    /// with its tag), out of the move's line: few records are played under them.
    #[inline(never)]
    fn push_situation(&mut self, tag: u8, placed: u16) {
        self.push_history(tag, placed);
    }

    /// The part of [`Self::history_after_move`] for simple ko: the ko state after a move on `i`
    /// and the cycle rule.
    #[inline(always)]
    fn simple_ko_after_move(
        &mut self,
        i: usize,
        report: TurnReport,
        captured_at: usize,
        placed: u16,
    ) {
        self.record.ko = if report.captured == 1
            && report.suicided == 0
            && self.stones[self.head[i] as usize] == 1
        {
            Ko::Capture {
                at: captured_at as u16,
                stone: i as u16,
            }
        } else if report.suicided == 1 && report.captured == 0 {
            // The placed stone alone was emptied: the colouring is unchanged.
            Ko::Unchanged
        } else {
            Ko::Free
        };
        self.cycle_check(placed);
    }

    /// r[var.ko.simple.cycle]: records the situation after a turn and ends the game void when it
    /// has occurred three times since the most recent pass. The history holds exactly the
    /// situations since then, so the count is exact.
    ///
    /// Note: equal colourings have equal stone counts, so when the push finds its slot empty, no
    /// earlier situation has the current one's black and white counts (the usual case: stones
    /// are only removed by captures), the current one has occurred once, and the history is not
    /// searched (`History::push`).
    #[inline(always)]
    fn cycle_check(&mut self, placed: u16) {
        let shared = self.push_history_shared(code_of(self.to_move), placed);
        if shared && self.history.count_equal_last(&self.planes) >= 3 {
            self.record.void = true;
            self.record.over = true;
        }
    }

    /// What a pass adds to the history (and, under simple ko, the ko state and the cycle rule),
    /// after `pass` moved the turn on.
    pub(super) fn history_after_pass(&mut self) {
        match self.rules.repetition {
            // r[var.ko.situational]: "a pass creates the situation of the same colouring with the
            // other player to move".
            Repetition::Situational => self.push_history(code_of(self.to_move), NO_STONE),
            Repetition::SimpleKo => {
                self.record.ko = Ko::Unchanged;
                self.history.clear();
                self.record.cycle_start = self.record.turns;
                self.cycle_check(NO_STONE);
            }
            Repetition::Positional | Repetition::NaturalSituational => {}
        }
    }

    /// r[var.first-pass.button.new-history]: the pass just made (turn b) took the button and
    /// starts a new history.
    pub(super) fn start_new_history(&mut self) {
        match self.rules.repetition {
            // "the earlier colourings are the colouring after turn b and the colourings after
            // each later move"
            Repetition::Positional => {
                self.history.clear();
                self.push_history(0, NO_STONE);
            }
            // "the earlier situations are the situation turn b produced and those after each
            // later turn"
            Repetition::Situational => {
                self.history.clear();
                self.push_history(code_of(self.to_move), NO_STONE);
            }
            // "only the player's moves after turn b count"
            Repetition::NaturalSituational => self.history.clear(),
            // "nothing is banned when the opponent's last turn is turn b itself"
            Repetition::SimpleKo => self.record.ko = Ko::Free,
        }
    }

    // ---- verdicts ----

    /// Whether repetition is judged from the ko state (`record.ko`, what the opponent's last
    /// turn did: simple ko, see the Note on [`Self::judge_at`]) rather than looked up in the
    /// history.
    #[inline(always)]
    pub(super) fn judged_by_ko_state(&self) -> bool {
        moves_may_end_game(self.rules.repetition)
    }

    /// Whether the ko state (`record.ko`) names `i` as the point of the last turn's capture of a
    /// single stone: the only point where [`Self::capture_ko_verdict`] may refuse a move.
    #[inline(always)]
    pub(super) fn ko_point_is(&self, i: usize) -> bool {
        matches!(self.record.ko, Ko::Capture { at, .. } if at as usize == i)
    }

    /// Under simple ko, the verdict on a move on `i` that empties no stone of its own and
    /// captures `n_captured` stones, the first of them in the chain of head `first_captured`
    /// (the Note on [`Self::judge_at`], part (2)).
    #[inline]
    pub(super) fn capture_ko_verdict(
        &self,
        i: usize,
        n_captured: u32,
        first_captured: u16,
    ) -> Result<(), Illegal> {
        match self.record.ko {
            Ko::Capture { at, stone }
                if at as usize == i
                    && n_captured == 1
                    && first_captured == self.head[stone as usize] =>
            {
                Err(Illegal::Ko)
            }
            Ko::Capture { .. } | Ko::Free | Ko::Unchanged => Ok(()),
        }
    }

    /// The repetition verdict on a single-stone suicide by the player of code `c` that the
    /// suicide parameter allows: the colouring after it is the current one.
    #[inline]
    pub(super) fn unchanged_colouring_verdict(&self, c: u8) -> Result<(), Illegal> {
        match self.rules.repetition {
            // Note: the current colouring is an earlier colouring (the start, or the colouring
            // after the last move, as passes add none), so r[tt.turn.repetition] forbids it
            // (r[tt.note.single-suicide]); the history lookup would say the same.
            Repetition::Positional => Err(Illegal::Repetition),
            // The Note on `judge_at`, part (1).
            Repetition::SimpleKo => match self.record.ko {
                Ko::Unchanged => Err(Illegal::Ko),
                Ko::Free | Ko::Capture { .. } => Ok(()),
            },
            Repetition::Situational | Repetition::NaturalSituational => {
                self.repeats(self.hash, self.count[0], self.count[1], c, || self.planes)
            }
        }
    }

    /// Whether every single-stone suicide is refused for repetition, whatever the suicide
    /// parameter says: under positional superko its colouring, the current one, is an earlier
    /// one (see [`Self::unchanged_colouring_verdict`]), so move lists skip them without a verdict
    /// each.
    #[inline]
    pub(super) fn single_suicides_repeat(&self) -> bool {
        match self.rules.repetition {
            Repetition::Positional => true,
            Repetition::Situational | Repetition::NaturalSituational | Repetition::SimpleKo => {
                false
            }
        }
    }

    /// The repetition verdict (every parameter value but simple ko) on a move by the player of
    /// code `c` whose colouring has this hash, these stone counts and these planes (built only
    /// if a hash matches).
    #[inline]
    pub(super) fn repeats(
        &self,
        hash: u64,
        black: u32,
        white: u32,
        c: u8,
        planes: impl FnOnce() -> [Bits; 2],
    ) -> Result<(), Illegal> {
        let (tag, why) = match self.rules.repetition {
            // r[tt.turn.repetition]: any earlier colouring.
            Repetition::Positional => (0, Illegal::Repetition),
            // r[var.ko.situational]: the colouring with the opponent to move.
            Repetition::Situational => (3 - c, Illegal::SituationalRepetition),
            // r[var.ko.natural-situational]: a colouring this player created.
            Repetition::NaturalSituational => (c, Illegal::NaturalRepetition),
            Repetition::SimpleKo => unreachable!("simple ko is judged from the ko state"),
        };
        if self
            .history
            .contains(hash ^ Self::tag_key(tag), black, white, tag, planes)
        {
            Err(why)
        } else {
            Ok(())
        }
    }

    /// Whether a move of code `c` that captures and suicides nothing (a plain addition) may be
    /// forbidden by repetition.
    ///
    /// Note: its colouring is the current one plus one stone of the mover. It is never a ko
    /// (r[var.ko.simple] needs a capture or an unchanged colouring, see [`Self::judge_at`]); under
    /// the superkos it can only be an earlier colouring if some history entry has its stone
    /// counts (equal colourings have equal counts).
    #[inline(always)]
    pub(super) fn plain_may_repeat(&self, c: u8) -> bool {
        if self.judged_by_ko_state() {
            return false;
        }
        let (black, white) = self.counts_plus_one(c);
        self.history.may_contain_counts(black, white)
    }

    // ---- what the invariant checker expects ----

    /// The history's form after the record `r` (`since_button`: the turns and moves since the
    /// button pass that started a new history, if one did; `moves`: the moves of the game;
    /// `current_tag`, `start_tag`: the codes of the player to move now and at the start): its
    /// length, the tag of its first entry when that entry must be the start, and the tag of its
    /// last entry when that entry must be the current colouring.
    pub(super) fn history_form(
        &self,
        r: &Record,
        since_button: Option<(u32, u32)>,
        moves: u32,
        current_tag: u8,
        start_tag: u8,
    ) -> (u32, Option<u8>, Option<u8>) {
        // Natural situational superko: the colourings each player created, the last one by the
        // player who just moved.
        let created = |moves: u32| {
            (
                moves,
                None,
                (r.trailing_passes == 0 && moves > 0).then_some(3 - current_tag),
            )
        };
        match (self.rules.repetition, since_button) {
            (Repetition::Positional, Some((_, moves))) => (moves + 1, None, Some(0)),
            (Repetition::Positional, None) => (moves + 1, Some(0), Some(0)),
            (Repetition::Situational, Some((turns, _))) => (turns, None, Some(current_tag)),
            (Repetition::Situational, None) => (r.turns + 1, Some(start_tag), Some(current_tag)),
            (Repetition::NaturalSituational, Some((_, moves))) => created(moves),
            (Repetition::NaturalSituational, None) => created(moves),
            // The cycle rule's situations since the most recent pass (the button changes
            // nothing but the ko state).
            (Repetition::SimpleKo, Some(_) | None) => {
                (r.turns - r.cycle_start + 1, None, Some(current_tag))
            }
        }
    }

    /// Whether `tag` is a tag the history's entries may carry: 0 for colourings (positional
    /// superko), the code of a player otherwise.
    pub(super) fn history_tag_ok(&self, tag: u8) -> bool {
        match self.rules.repetition {
            Repetition::Positional => tag == 0,
            Repetition::Situational | Repetition::NaturalSituational | Repetition::SimpleKo => {
                tag == BLACK || tag == WHITE
            }
        }
    }
}
