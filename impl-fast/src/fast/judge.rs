//! The verdict on a move without playing it (r[tt.turn.repetition], Part II's repetition and
//! suicide values, r[var.verdict.order]).

use super::*;

/// What a neighbour tells [`FastWith::judge_at`] about a move there: the placed stone reaches
/// empty through it (an empty point, or an own chain with a liberty besides the move's point).
const ALIVE: u8 = 1;
/// It is the mover's.
const OWN: u8 = 2;
/// Its chain is the opponent's and has the move's point as its only liberty.
const CAPTURES: u8 = 4;

/// The facts of a neighbour by the mover's code `c` and its `kind` (`k = colour | single << 2`,
/// where `single` says the neighbour's chain has exactly one liberty; never set for an empty
/// point or a guard, whose two entries are equal anyway). A row has an entry for every byte, so
/// that a `kind` indexes it without a mask or a bounds check; the kinds are below 8, and the
/// entries past them repeat the first 8.
const NEIGHBOUR_FACTS: [[u8; 256]; 3] = [[0; 256], facts_for(BLACK), facts_for(WHITE)];

const fn facts_for(c: u8) -> [u8; 256] {
    let mut t = [0; 256];
    let mut k = 0;
    while k < 256 {
        let (code, single) = (k as u8 & 3, k as u8 & ONE_LIBERTY != 0);
        t[k] = if code == EMPTY {
            ALIVE
        } else if code == c {
            OWN | if single { 0 } else { ALIVE }
        } else if code == 3 - c && single {
            CAPTURES
        } else {
            0
        };
        k += 1;
    }
    t
}

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    /// The verdict on a move by the player of code `c` on the empty grid point `i`, after the
    /// game-over, off-grid and occupied checks: `suicide`, then `ko` or `repetition`
    /// (r[var.verdict.order]).
    ///
    /// Note: the move's effect is read from chain liberties (r[tt.derived.liberty]) instead of
    /// playing it: an opponent chain next to `i` whose only liberty is `i` is captured; the placed
    /// stone reaches empty if a neighbour is empty, a neighbouring own chain has another liberty,
    /// or something is captured (r[tt.note.clear-order]); otherwise the own chains next to `i`
    /// and the stone are suicided. The resulting hash is the current one with the placed stone's
    /// key and the keys of every emptied chain toggled, and the history decides exactly.
    ///
    /// Note (r[var.ko.simple]): simple ko is judged from `record.ko`, what the opponent's last
    /// turn did, not from a stored colouring. The colouring C0 at the start of that turn is
    /// recreated exactly when: (1) that turn left the colouring unchanged (a pass, or a
    /// single-stone suicide) and this move does too, i.e. it is a single-stone suicide (any capture
    /// or any other emptied stone changes the colouring, and a stone that stays changes it); or
    /// (2) that turn placed a single stone s (a chain of one stone after the move) that captured
    /// exactly one stone, on `at`, and this move is on `at` and captures exactly s (the clause's
    /// own Note, part (a)). Otherwise no move recreates C0: after a move that captured nothing, s
    /// stays or was suicided with other stones of the opponent, which this move cannot bring
    /// back; after a capture of two or more stones, or by a chain of two or more, a move adds at
    /// most one stone and must remove exactly s's chain; after a multi-stone suicide, stones of
    /// the opponent are missing that no move of the player restores.
    #[inline(always)]
    pub(super) fn judge_at(&self, i: usize, c: u8) -> Result<(), Illegal> {
        // Fast paths. Note: with no opponent chain next to `i` that has `i` as its only liberty
        // (so no capture) and an empty neighbour or a neighbouring own chain with a liberty
        // besides `i` (so the placed stone reaches empty: no suicide), the move is a plain
        // addition (the Note on `move_masks`), judged as `judge_full` judges one: only repetition
        // can forbid it, and only if `plain_may_repeat` says so, by a lookup of the current
        // colouring plus the stone. With no empty neighbour, no own neighbour and no capture it
        // is a single-stone suicide (the Note on `lone` in `move_masks`), judged as `judge_full`
        // judges it. Everything else (captures, and own neighbours all in atari) gets the full
        // verdict.
        let s = self.lay.stride;
        // Note: each neighbour's part is looked up in `NEIGHBOUR_FACTS` by the `kind` of its
        // head, with no branch on its colour or its chain's liberties (random colours make such
        // branches mispredict). `kind` holds the colour code and `one()` of every chain head,
        // and an empty point or a guard is its own head, of its colour code's kind (the
        // invariant checker compares all three).
        let table = &NEIGHBOUR_FACTS[usize::from(c)];
        let mut facts = 0;
        for n in [i - 1, i + 1, i - s, i + s] {
            facts |= table[usize::from(self.kind[self.head[n] as usize])];
        }
        if facts & (ALIVE | CAPTURES) == ALIVE {
            return if self.plain_may_repeat(c) {
                self.plain_addition_verdict(i, c)
            } else {
                Ok(())
            };
        }
        if facts == 0 {
            return self.single_suicide_verdict(c);
        }
        self.judge_rest(i, c, facts)
    }

    /// [`Self::judge_at`] past its fast paths, with the facts of `i`'s neighbours: under simple
    /// ko, a move that captures or whose stone reaches empty is no suicide, and `judge_full`
    /// refuses it only as a ko, which needs the ko state's point to be `i`; every other move gets
    /// the full verdict. Out of the move's line, so that its registers stay the move's.
    #[inline(never)]
    fn judge_rest(&self, i: usize, c: u8, facts: u8) -> Result<(), Illegal> {
        if facts & (ALIVE | CAPTURES) != 0 && self.judged_by_ko_state() && !self.ko_point_is(i) {
            return Ok(());
        }
        self.judge_full(i, c)
    }

    /// The verdict on a plain addition of a stone of code `c` on `i` (see `Self::move_masks`) that
    /// [`Self::plain_may_repeat`] lets through to the history: its colouring is the current one
    /// plus the stone, looked up exactly as [`Self::judge_full`] does for a move that empties
    /// nothing (never under simple ko, where `plain_may_repeat` is false).
    #[inline]
    pub(super) fn plain_addition_verdict(&self, i: usize, c: u8) -> Result<(), Illegal> {
        let cp = plane_of(c);
        let (black, white) = self.counts_plus_one(c);
        self.repeats(self.hash ^ Self::key(i, cp), black, white, c, || {
            let mut planes = self.planes;
            planes[cp].set(i);
            planes
        })
    }

    /// [`Self::judge_at`] without the fast path. A neighbouring chain's `ONE_LIBERTY` bit of
    /// `kind` is its `one()`, as in the fast path.
    #[inline(never)]
    pub(super) fn judge_full(&self, i: usize, c: u8) -> Result<(), Illegal> {
        let o = 3 - c;
        let mut alive = false;
        let mut captured = Heads::NONE;
        let mut own = Heads::NONE;
        let mut hash = self.hash;
        let mut n_captured = 0u32;
        for n in self.neighbours(i) {
            let cn = self.colour[n];
            if cn == EMPTY {
                alive = true;
            } else if cn == c {
                let hd = self.head[n];
                if self.kind[hd as usize] & ONE_LIBERTY == 0 {
                    alive = true;
                } else {
                    own.add(hd);
                }
            } else if cn == o {
                let hd = self.head[n];
                if self.kind[hd as usize] & ONE_LIBERTY != 0 && captured.add(hd) {
                    hash ^= self.chain_hash[hd as usize];
                    n_captured += self.stones[hd as usize] as u32;
                }
            }
        }
        let (cp, op) = (plane_of(c), plane_of(o));
        if alive || captured.n > 0 {
            // No suicide: only repetition can forbid the move.
            if self.judged_by_ko_state() {
                return self.capture_ko_verdict(i, n_captured, captured.h[0]);
            }
            hash ^= Self::key(i, cp);
            let (black, white) = if c == BLACK {
                (self.count[0] + 1, self.count[1] - n_captured)
            } else {
                (self.count[0] - n_captured, self.count[1] + 1)
            };
            self.repeats(hash, black, white, c, || {
                let mut planes = self.planes;
                planes[cp].set(i);
                for &hd in captured.as_slice() {
                    self.clear_chain_bits(&mut planes[op], hd as usize);
                }
                planes
            })
        } else if own.n == 0 {
            self.single_suicide_verdict(c)
        } else {
            // Multi-stone suicide (r[tt.note.multi-suicide]): the own chains next to `i` all had
            // `i` as their only liberty, and they are emptied together with the placed stone.
            if self.rules.suicide == Suicide::Forbidden {
                return Err(Illegal::Suicide);
            }
            if self.judged_by_ko_state() {
                // Never a ko: see the Note above.
                return Ok(());
            }
            let mut suicided = 0;
            for &hd in own.as_slice() {
                hash ^= self.chain_hash[hd as usize];
                suicided += self.stones[hd as usize] as u32;
            }
            let (black, white) = if c == BLACK {
                (self.count[0] - suicided, self.count[1])
            } else {
                (self.count[0], self.count[1] - suicided)
            };
            self.repeats(hash, black, white, c, || {
                let mut planes = self.planes;
                for &hd in own.as_slice() {
                    self.clear_chain_bits(&mut planes[cp], hd as usize);
                }
                planes
            })
        }
    }

    /// The verdict on a single-stone suicide by the player of code `c`: nothing is captured and the
    /// lone stone has no empty neighbour, so r[tt.move.clear-self] empties exactly the placed
    /// stone and the colouring after the move is the current one.
    #[inline]
    pub(super) fn single_suicide_verdict(&self, c: u8) -> Result<(), Illegal> {
        match self.rules.suicide {
            Suicide::MultiStoneOnly => Err(Illegal::SingleStoneSuicide),
            Suicide::Forbidden => Err(Illegal::Suicide),
            Suicide::Allowed => self.unchanged_colouring_verdict(c),
        }
    }

    /// The stone counts (black, white) after a move of code `c` that captures and suicides
    /// nothing.
    #[inline(always)]
    pub(super) fn counts_plus_one(&self, c: u8) -> (u32, u32) {
        if c == BLACK {
            (self.count[0] + 1, self.count[1])
        } else {
            (self.count[0], self.count[1] + 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `judge_at` (with its fast paths, the one for simple ko's captures among them) against
    /// `judge_full` on every empty point after every turn of seeded random games under simple ko
    /// with each suicide value, on grids where captures and kos are frequent; the fast path for
    /// simple ko must be taken and kos refused.
    #[test]
    fn judge_at_is_judge_full() {
        let mut rand = crate::test_rand(0x0b5e_55ed_c0de_cafe);
        let (mut ko_fast, mut kos, mut turns) = (0, 0, 0);
        let suicides = [
            Suicide::Allowed,
            Suicide::Forbidden,
            Suicide::MultiStoneOnly,
        ];
        for suicide in suicides {
            let rules = Rules {
                repetition: Repetition::SimpleKo,
                suicide,
                ..Rules::TROMP_TAYLOR
            };
            for n in [3, 4, 5, 7, 3, 4, 5, 7, 5, 7] {
                let size = Size::square(n).unwrap();
                let mut e = FastWith::<64>::new_game(size, rules);
                for _ in 0..(n * n * 8) as usize {
                    let c = code_of(e.to_move);
                    let mut legal = Vec::new();
                    for p in size.points() {
                        let i = e.lay.pad(p);
                        if e.colour[i] != EMPTY {
                            continue;
                        }
                        let verdict = e.judge_at(i, c);
                        assert_eq!(verdict, e.judge_full(i, c), "{rules:?} {n}x{n} {p:?}");
                        let s = e.lay.stride;
                        let table = &NEIGHBOUR_FACTS[usize::from(c)];
                        let facts = [i - 1, i + 1, i - s, i + s].iter().fold(0, |f, &m| {
                            f | table[usize::from(e.kind[e.head[m] as usize])]
                        });
                        ko_fast += usize::from(facts & CAPTURES != 0 && !e.ko_point_is(i));
                        kos += usize::from(verdict == Err(Illegal::Ko));
                        if verdict.is_ok() {
                            legal.push(p);
                        }
                    }
                    turns += 1;
                    let mv = crate::test_move(&legal, &mut rand, 30);
                    if e.play(mv).is_err() || e.is_over() {
                        break;
                    }
                }
            }
        }
        eprintln!("{turns} turns, {ko_fast} captures by the fast path, {kos} kos");
        assert!(ko_fast > 0 && kos > 0);
    }
}
