//! The facts of the game record that Part II reads, updated once per turn: moves, passes, the
//! end, the opening and handicap, the first pass, prisoners (r[tt.end], r[var.end.white-last],
//! r[var.ko.simple.cycle], r[var.handicap], r[var.first-pass], r[var.prisoners]).

use super::*;

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    /// Everything a move changes besides the grid: the record's counters, the player to move,
    /// the history, the ko state and the cycle rule.
    #[inline(always)]
    pub(super) fn finish_move(&mut self, i: usize, report: TurnReport, captured_at: usize) {
        let mover = self.to_move;
        let m = index_of(mover);
        let t = self.record.turns;
        let r = &mut self.record;
        // r[var.prisoners]: captured stones are the mover's, suicided ones the opponent's.
        r.taken[m] += report.captured as u32;
        r.taken[1 - m] += report.suicided as u32;
        r.trailing_passes = 0;
        if r.opening_open {
            // r[var.handicap]: Black moves stand at even turns of the opening.
            if t % 2 == 0 && mover == Player::Black {
                r.opening += 1;
                // The White pass before this move is now a handicap pass, not a first pass
                // (r[var.first-pass.button.new-history]: "has not taken the button, and the
                // history it would have started is not new").
                if r.first_pass.is_some_and(|(k, _)| k + 1 == t) {
                    r.first_pass = None;
                    r.new_history = None;
                    if let Some(b) = self.button_backup.take() {
                        let (mut history, passed) = *b;
                        // The backup was taken at the pass, with no change noted since; this
                        // move's changes go with the history that gets its entry.
                        for &c in self.history.pending_changes() {
                            history.note_change(usize::from(c >> 1), usize::from(c & 1));
                        }
                        self.history = history;
                        self.passed = passed;
                    }
                }
            } else {
                r.opening_open = false;
            }
            // A backup lives for the one turn after the pass that made it (tested first: a move
            // seldom follows such a pass).
            //
            // Note: tested only while the opening is open: `pass` makes a backup only when the
            // opening is still open after it, so a backup left for this move was made with it
            // open.
            if self.button_backup.is_some() {
                self.button_backup = None;
            }
        } else {
            debug_assert!(self.button_backup.is_none(), "a backup after the opening");
        }
        let r = &mut self.record;
        r.turns += 1;
        self.to_move = mover.opponent();
        // The history entry's change of the placed stone (see `history`).
        let placed = history::change_code(i, m);
        self.history_after_move(mover, i, report, captured_at, placed);
    }

    /// Passes for the player to move (r[tt.turn.pass]), which the game must allow.
    pub fn pass(&mut self) {
        debug_assert!(!self.record.over, "the game is over");
        // A backup lives for the one turn after the pass that made it.
        self.button_backup = None;
        let mover = self.to_move;
        let c = code_of(mover);
        let t = self.record.turns;
        let r = &mut self.record;
        r.passes_by[index_of(mover)] += 1;
        r.trailing_passes += 1;
        if r.opening_open {
            // r[var.handicap]: White passes stand at odd turns of the opening.
            if t % 2 == 1 && mover == Player::White {
                r.opening += 1;
            } else {
                r.opening_open = false;
            }
        }
        // r[var.first-pass]: while the opening goes on, every earlier pass in it is a handicap
        // pass (`finish_move` forgets a pass that a Black move turns into one).
        if r.first_pass.is_none() {
            r.first_pass = Some((t, mover));
        }
        // r[var.first-pass.button.new-history]: this pass takes the button.
        let button_now = self.rules.first_pass == FirstPass::ButtonNewHistory
            && r.first_pass == Some((t, mover));
        r.turns += 1;
        self.to_move = mover.opponent();
        // r[var.end.repeated-pass]: a pass from a colouring the passer passed from before (the
        // button pass itself counts on neither side under the new history).
        if self.rules.end == End::RepeatedPass {
            let key = self.hash ^ Self::tag_key(c);
            let (b, w) = (self.count[0], self.count[1]);
            if !button_now && self.passed.contains(key, b, w, c, || self.planes) {
                self.record.over = true;
            }
            self.passed.push(key, [b, w], c, &self.planes, NO_STONE);
        }
        self.history_after_pass();
        if button_now {
            if self.record.opening_open {
                // A Black move next would make this a handicap pass.
                self.button_backup = Some(Box::new((self.history.clone(), self.passed.clone())));
            }
            let passes = self.record.passes_by[0] + self.record.passes_by[1];
            self.record.new_history = Some((t, passes));
            self.passed.clear();
            self.start_new_history();
        }
        // r[tt.end], r[var.end.white-last], r[var.end.repeated-pass].
        if self.consecutive() >= 2
            && (self.rules.end != End::WhitePassesLast || mover == Player::White)
        {
            self.record.over = true;
        }
    }

    /// The passes in a row at the end that count toward the end: under r[var.first-pass.button]
    /// the first pass does not.
    #[inline]
    pub(super) fn consecutive(&self) -> u32 {
        let r = &self.record;
        // r[end.resume]: only the passes after the resumption count.
        let trailing = r.resumed.map_or(r.trailing_passes, |(t, _)| {
            r.trailing_passes.min(r.turns - t)
        });
        let button = self.rules.first_pass.is_button()
            && r.first_pass.is_some_and(|(k, _)| k + trailing >= r.turns);
        trailing - u32::from(button)
    }

    /// r[end.resume]: resumes play after the end; the passes so far count for nothing toward the
    /// next end (the repeated passes of r[var.end.repeated-pass] are forgotten with them).
    pub fn resume_play(&mut self) -> Result<(), ResumeError> {
        if !self.record.over {
            return Err(ResumeError::NotOver);
        }
        if self.record.void {
            return Err(ResumeError::Void);
        }
        let r = &mut self.record;
        r.over = false;
        r.resumed = Some((r.turns, r.passes_by[0] + r.passes_by[1]));
        self.passed.clear();
        Ok(())
    }

    /// r[var.handicap]: the number of handicap passes so far (White passes of the opening
    /// followed by a Black move in it: turns 1, 3, … below `opening - 1`).
    pub(super) fn handicap_passes(&self) -> u32 {
        self.record.opening.saturating_sub(1) / 2
    }

    /// Whether the game has ended (r[tt.end], r[var.end.white-last], r[var.ko.simple.cycle]).
    #[inline]
    pub fn over(&self) -> bool {
        self.record.over
    }

    /// r[var.prisoners] during the game: captures, suicides and pass stones.
    pub(super) fn prisoners_now(&self) -> Prisoners {
        let r = &self.record;
        let mut held = Prisoners {
            black: r.taken[0],
            white: r.taken[1],
        };
        if self.rules.pass_stones == PassStones::OnePerPass {
            // r[var.pass.stones]: "Each pass other than a handicap pass hands the opponent one
            // prisoner."
            held.black += r.passes_by[1] - self.handicap_passes();
            held.white += r.passes_by[0];
        }
        held
    }

    /// r[var.handicap]: the declared handicap, or the Black moves of the opening; "N ≤ 1 means no
    /// handicap, written 0".
    pub(super) fn handicap_now(&self) -> u32 {
        let n = if self.start.empty {
            self.record.opening.div_ceil(2)
        } else {
            self.start.handicap
        };
        if n >= 2 {
            n
        } else {
            0
        }
    }
}
