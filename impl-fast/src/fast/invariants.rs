//! The invariant checker: everything derived, recomputed from scratch and compared.

use super::*;

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    // ---- invariants ----

    /// Recomputes everything derived (chains, liberties, hashes, planes, counts, the list of
    /// empty points, the history index) from the mailbox and the stored colourings, and panics
    /// with a label at the first mismatch. Tests run it after every turn.
    pub fn assert_invariants(&self) {
        // Destructured so that a new field forces a decision here: each field is checked by the
        // helper named beside it.
        let FastWith {
            size,
            rules: _,
            lay,
            on_grid: _,     // assert_point_invariants, assert_history_invariants
            colour: _,      // assert_point_invariants, assert_chain_invariants
            head: _,        // assert_point_invariants, assert_chain_invariants
            next: _,        // assert_chain_invariants
            libs: _,        // assert_chain_invariants
            kind: _,        // assert_point_invariants, assert_chain_invariants
            stones: _,      // assert_chain_invariants
            chain_hash: _,  // assert_chain_invariants
            chain_heads: _, // assert_chain_invariants
            planes: _,      // assert_point_invariants
            count: _,       // assert_point_invariants
            empties: _,     // assert_empty_list_invariants
            n_empty: _,     // assert_empty_list_invariants
            empty_pos: _,   // assert_empty_list_invariants
            hash: _,        // assert_point_invariants
            blank: _,       // reset copies it; the points and the list it gives are checked
            blanks: _,      // restart takes `blank` from it (see `blank_of`)
            to_move: _,     // assert_record_invariants, assert_history_invariants
            start: _,       // assert_record_invariants, assert_history_invariants
            record: _,      // assert_record_invariants, assert_history_invariants
            history: _,     // assert_history_invariants
            passed: _,      // assert_history_invariants
            button_backup: _,
        } = self;
        assert_eq!(*lay, Layout::new(*size), "invariant: layout");
        self.assert_record_invariants();
        let want_empty = self.assert_point_invariants();
        self.assert_empty_list_invariants(&want_empty);
        self.assert_chain_invariants();
        self.assert_history_invariants();
    }

    /// Point by point: the grid mask, the colour codes, the head and kind of every non-stone
    /// point, and the bit planes, stone counts and Zobrist hash recomputed from the mailbox.
    /// Returns the set of empty points, for [`Self::assert_empty_list_invariants`].
    fn assert_point_invariants(&self) -> Bits {
        let (lay, on_grid, colour) = (&self.lay, &self.on_grid, &self.colour);
        let mut want_planes = [Bits::EMPTY; 2];
        let mut want_count = [0u32; 2];
        let mut want_empty = Bits::EMPTY;
        let mut want_hash = 0u64;
        for i in 0..lay.padded {
            assert_eq!(on_grid.get(i), lay.on_grid(i), "invariant: on_grid at {i}");
            if matches!(colour[i], EMPTY | GUARD) {
                assert_eq!(self.head[i] as usize, i, "invariant: head of the point {i}");
                assert_eq!(self.kind[i], colour[i], "invariant: kind of the point {i}");
            }
            match colour[i] {
                GUARD => assert!(!lay.on_grid(i), "invariant: guard on the grid at {i}"),
                EMPTY => {
                    assert!(lay.on_grid(i), "invariant: empty guard at {i}");
                    want_empty.set(i);
                }
                c @ (BLACK | WHITE) => {
                    assert!(lay.on_grid(i), "invariant: stone on a guard at {i}");
                    want_planes[plane_of(c)].set(i);
                    want_count[plane_of(c)] += 1;
                    want_hash ^= Self::key(i, plane_of(c));
                }
                other => panic!("invariant: colour code {other} at {i}"),
            }
        }
        for i in lay.padded..crate::bits::WORDS * 64 {
            assert!(!on_grid.get(i), "invariant: on_grid beyond the layout");
        }
        assert_eq!(self.planes, want_planes, "invariant: bit planes");
        assert_eq!(self.count, want_count, "invariant: stone counts");
        assert_eq!(self.hash, want_hash, "invariant: zobrist hash");
        want_empty
    }

    /// The list of empty points (`empties[..n_empty]` with its inverse `empty_pos`) holds each
    /// empty point of `want_empty` exactly once.
    fn assert_empty_list_invariants(&self, want_empty: &Bits) {
        let mut listed = Bits::EMPTY;
        for (k, &e) in self.empties.0[..self.n_empty].iter().enumerate() {
            let e = e as usize;
            assert!(!listed.get(e), "invariant: empty point {e} listed twice");
            listed.set(e);
            assert_eq!(self.empty_pos[e] as usize, k, "invariant: empty_pos of {e}");
        }
        assert_eq!(listed, *want_empty, "invariant: list of empty points");
    }

    /// Chains, by flood fill over the mailbox (r[tt.derived.chain]): each chain's head, size,
    /// pseudo-liberties, kind, hash and ring, and the chain heads of each plane.
    fn assert_chain_invariants(&self) {
        let mut seen = Bits::EMPTY;
        let mut heads_used = Bits::EMPTY;
        let mut want_heads = [Bits::EMPTY; 2];
        for start in 0..self.lay.padded {
            let c = self.colour[start];
            if !(c == BLACK || c == WHITE) || seen.get(start) {
                continue;
            }
            let (members, liberties) = self.flood_chain(start, &mut seen);
            let hd = self.head[start] as usize;
            assert!(!heads_used.get(hd), "invariant: two chains share head {hd}");
            heads_used.set(hd);
            assert!(
                members.contains(&hd),
                "invariant: head {hd} of the chain at {start} is not in it"
            );
            self.assert_one_chain(hd, c, &members, &liberties);
            want_heads[plane_of(c)].set(hd);
        }
        assert_eq!(
            self.chain_heads, want_heads,
            "invariant: the chain heads of each plane"
        );
    }

    /// The stones of the chain at `start` (r[tt.derived.chain]), found by flood fill over the
    /// mailbox and marked in `seen`, with the set of its liberties.
    fn flood_chain(&self, start: usize, seen: &mut Bits) -> (Vec<usize>, Bits) {
        let c = self.colour[start];
        let mut members = vec![start];
        seen.set(start);
        let mut k = 0;
        let mut liberties = Bits::EMPTY;
        while k < members.len() {
            let x = members[k];
            k += 1;
            for n in self.neighbours(x) {
                if self.colour[n] == c && !seen.get(n) {
                    seen.set(n);
                    members.push(n);
                } else if self.colour[n] == EMPTY {
                    liberties.set(n);
                }
            }
        }
        (members, liberties)
    }

    /// The stored facts of the chain of colour `c` headed by `hd` against its flood-filled
    /// `members` and `liberties`: every member's head, the stone count, the pseudo-liberties,
    /// at least one liberty (r[tt.derived.every-stone-reaches-empty]), the kind, the chain hash
    /// and the `next` ring through its stones.
    fn assert_one_chain(&self, hd: usize, c: u8, members: &[usize], liberties: &Bits) {
        let libs = &self.libs;
        let mut chain_key = 0;
        for &m in members {
            assert_eq!(self.head[m] as usize, hd, "invariant: head of stone {m}");
            chain_key ^= Self::key(m, plane_of(c));
        }
        assert_eq!(
            self.stones[hd] as usize,
            members.len(),
            "invariant: stones of chain {hd}"
        );
        let mut pseudo = PseudoLibs::ZERO;
        for &m in members {
            for n in self.neighbours(m) {
                if self.colour[n] == EMPTY {
                    pseudo.add(n);
                }
            }
        }
        assert_eq!(
            libs[hd], pseudo,
            "invariant: pseudo-liberties of chain {hd}"
        );
        assert!(
            !libs[hd].none() && liberties.count() > 0,
            "invariant: chain {hd} has no liberty (r[tt.derived.every-stone-reaches-empty])"
        );
        assert_eq!(
            libs[hd].one(),
            liberties.count() == 1,
            "invariant: one liberty of chain {hd}"
        );
        assert_eq!(
            self.kind[hd],
            c | (u8::from(liberties.count() == 1) * ONE_LIBERTY),
            "invariant: the kind of chain {hd}"
        );
        assert_eq!(
            self.chain_hash[hd], chain_key,
            "invariant: hash of chain {hd}"
        );
        let mut ring = Bits::EMPTY;
        let mut x = hd;
        for _ in 0..members.len() {
            assert!(!ring.get(x), "invariant: ring of chain {hd} revisits {x}");
            ring.set(x);
            x = self.next[x] as usize;
        }
        assert_eq!(x, hd, "invariant: ring of chain {hd} does not close");
        assert!(
            members.iter().all(|&m| ring.get(m)),
            "invariant: ring of chain {hd} misses stones"
        );
    }

    /// History: how many entries each parameter value keeps, their tags, the start and the
    /// current colouring where they must be; every entry hashes right.
    fn assert_history_invariants(&self) {
        let (history, passed, start) = (&self.history, &self.passed, &self.start);
        let r = &self.record;
        let moves = r.turns - r.passes_by[0] - r.passes_by[1];
        let current_tag = code_of(self.to_move);
        // r[var.first-pass.button.new-history]: the history restarts at the button pass b.
        let passes = r.passes_by[0] + r.passes_by[1];
        let since_button = r
            .new_history
            .map(|(b, upto)| (r.turns - b, (r.turns - b - 1) - (passes - upto)));
        // r[end.resume]: a resumption forgets the passes before it too.
        let forgotten = r
            .new_history
            .map_or(0, |(_, upto)| upto)
            .max(r.resumed.map_or(0, |(_, upto)| upto));
        assert_eq!(
            passed.len() as u32,
            if self.rules.end == End::RepeatedPass {
                passes - forgotten
            } else {
                0
            },
            "invariant: the passes r[var.end.repeated-pass] remembers"
        );
        let (want_len, first_tag, last_tag) =
            self.history_form(r, since_button, moves, current_tag, code_of(start.to_move));
        assert_eq!(history.len() as u32, want_len, "invariant: history length");
        assert!(
            history.pending_changes().is_empty() && passed.pending_changes().is_empty(),
            "invariant: no history change noted past the last entry"
        );
        if let Some(tag) = first_tag {
            assert_eq!(
                history.tag(0),
                tag,
                "invariant: tag of the first history entry"
            );
            assert!(
                history.planes(0) == start.planes,
                "invariant: the first history entry is the start"
            );
        }
        if self.judged_by_ko_state() && r.cycle_start == 0 {
            assert_eq!(
                (history.planes(0), history.tag(0)),
                (start.planes, code_of(start.to_move)),
                "invariant: the cycle count starts from the start"
            );
        }
        if let Some(tag) = last_tag {
            let last = history.len() - 1;
            let (h_last, last_planes) = (history.hash(last), history.planes(last));
            assert_eq!(
                history.tag(last),
                tag,
                "invariant: tag of the last history entry"
            );
            assert_eq!(
                h_last,
                self.hash ^ Self::tag_key(tag),
                "invariant: last history hash"
            );
            assert!(
                last_planes == self.planes,
                "invariant: last history colouring"
            );
        }
        self.assert_history_entries();
    }

    /// Every history entry: a tag the parameters allow, a colouring on the grid, a hash that
    /// matches its colouring and tag; and the history's own index is consistent.
    fn assert_history_entries(&self) {
        let history = &self.history;
        for e in 0..history.len() {
            let tag = history.tag(e);
            assert!(
                self.history_tag_ok(tag),
                "invariant: tag {tag} of history entry {e}"
            );
        }
        for e in 0..history.len() {
            let (h, [b, w]) = (history.hash(e), history.planes(e));
            assert!(
                b.and(&w).is_empty() && b.or(&w).and_not(&self.on_grid).is_empty(),
                "invariant: history entry {e} is a colouring"
            );
            let rehash = b
                .iter()
                .map(|i| Self::key(i, 0))
                .chain(w.iter().map(|i| Self::key(i, 1)))
                .fold(0, |a, k| a ^ k);
            assert_eq!(
                h,
                rehash ^ Self::tag_key(history.tag(e)),
                "invariant: hash of history entry {e}"
            );
        }
        history.assert_consistent(|e| {
            let [b, w] = history.planes(e);
            (b.count(), w.count())
        });
    }

    /// The record's counters against each other and the rest of the state (the counters are
    /// facts of the record; the agreement tests compare what they imply with the reference).
    pub(super) fn assert_record_invariants(&self) {
        // Destructured so that a new field forces a decision here: each field is checked by the
        // helper named beside it.
        let Record {
            turns: _,           // every helper
            trailing_passes: _, // assert_pass_counts, assert_end_invariant
            passes_by: _,       // assert_pass_counts, assert_first_pass_invariants
            taken: _,
            opening: _,      // assert_opening_invariants, assert_first_pass_invariants
            opening_open: _, // assert_opening_invariants
            first_pass: _,   // assert_pass_counts, assert_first_pass_invariants
            cycle_start: _,  // assert_pass_counts
            ko: _,           // assert_ko_invariants
            void: _,         // assert_ko_invariants, assert_end_invariant
            over: _,         // assert_end_invariant
            new_history: _,  // assert_pass_counts
            resumed: _,      // assert_pass_counts
        } = self.record;
        let Start {
            planes: _,   // assert_start_invariants
            to_move: _,  // assert_start_invariants, assert_pass_counts, ...
            handicap: _, // assert_start_invariants
            empty: _,    // assert_start_invariants, assert_opening_invariants
        } = self.start;
        self.assert_start_invariants();
        self.assert_pass_counts();
        self.assert_opening_invariants();
        self.assert_first_pass_invariants();
        self.assert_ko_invariants();
        self.assert_end_invariant();
    }

    /// The start is a colouring on the grid, and `empty` says whether it is the empty board
    /// with Black to move and no handicap.
    fn assert_start_invariants(&self) {
        let Start {
            planes,
            to_move,
            handicap,
            empty,
        } = self.start;
        assert!(
            planes[0].and(&planes[1]).is_empty()
                && planes[0].or(&planes[1]).and_not(&self.on_grid).is_empty(),
            "invariant: the start is a colouring"
        );
        assert_eq!(
            empty,
            planes[0].is_empty()
                && planes[1].is_empty()
                && to_move == Player::Black
                && handicap == 0,
            "invariant: empty start"
        );
    }

    /// The turn and pass counters: the new history starts at the button pass
    /// (r[var.first-pass.button.new-history]), the pass counts fit in the turns, the players
    /// alternate, the cycle start and a resumption (r[end.resume]) lie in the game.
    fn assert_pass_counts(&self) {
        let r = &self.record;
        let (turns, passes_by) = (r.turns, r.passes_by);
        assert_eq!(
            r.new_history.map(|(b, _)| b),
            r.first_pass
                .filter(|_| self.rules.first_pass == FirstPass::ButtonNewHistory)
                .map(|(b, _)| b),
            "invariant: the new history starts at the button pass"
        );
        assert!(
            r.trailing_passes <= passes_by[0] + passes_by[1]
                && passes_by[0] + passes_by[1] <= turns,
            "invariant: pass counts"
        );
        let expected_mover = if turns % 2 == 0 {
            self.start.to_move
        } else {
            self.start.to_move.opponent()
        };
        assert_eq!(self.to_move, expected_mover, "invariant: players alternate");
        assert!(r.cycle_start <= turns, "invariant: cycle start");
        if let Some((t, upto)) = r.resumed {
            assert!(
                t <= turns && upto <= passes_by[0] + passes_by[1],
                "invariant: a resumption lies in the game"
            );
        }
    }

    /// The opening lies within the turns, exists only from the empty start, and while open
    /// holds every turn.
    fn assert_opening_invariants(&self) {
        let r = &self.record;
        assert!(r.opening <= r.turns, "invariant: opening within the turns");
        assert!(
            self.start.empty || (r.opening == 0 && !r.opening_open),
            "invariant: opening only from the empty start"
        );
        if r.opening_open {
            assert_eq!(
                r.opening, r.turns,
                "invariant: an open opening holds every turn"
            );
        }
    }

    /// Handicap passes are White passes; the first pass, if any, lies in the game, is not a
    /// handicap pass and was made by the player to move at its turn; with no first pass, every
    /// pass so far is a handicap pass.
    fn assert_first_pass_invariants(&self) {
        let r = &self.record;
        let (turns, passes_by) = (r.turns, r.passes_by);
        assert!(
            self.handicap_passes() <= passes_by[1],
            "invariant: handicap passes are White passes"
        );
        if let Some((k, player)) = r.first_pass {
            assert!(k < turns, "invariant: first pass index");
            let handicap_pass = k % 2 == 1 && k + 1 < r.opening;
            assert!(
                !handicap_pass,
                "invariant: the first pass is not a handicap pass"
            );
            let mover = if k % 2 == 0 {
                self.start.to_move
            } else {
                self.start.to_move.opponent()
            };
            assert_eq!(player, mover, "invariant: first passer");
        } else {
            assert_eq!(
                passes_by[0] + passes_by[1],
                self.handicap_passes(),
                "invariant: every pass so far is a handicap pass"
            );
        }
    }

    /// The ko state: only simple ko voids, an unchanged ko state follows a turn, and a ko
    /// capture names an empty point next to a lone stone of the last mover.
    fn assert_ko_invariants(&self) {
        let r = &self.record;
        assert!(
            !r.void || self.judged_by_ko_state(),
            "invariant: only simple ko voids"
        );
        match r.ko {
            Ko::Free => {}
            Ko::Unchanged => assert!(
                self.judged_by_ko_state() && r.turns > 0,
                "invariant: ko after a turn"
            ),
            Ko::Capture { at, stone } => {
                let (at, stone) = (at as usize, stone as usize);
                assert!(self.judged_by_ko_state(), "invariant: ko state");
                assert_eq!(self.colour[at], EMPTY, "invariant: ko point empty");
                assert_eq!(
                    self.colour[stone],
                    code_of(self.to_move.opponent()),
                    "invariant: ko stone is the last mover's"
                );
                assert_eq!(
                    self.stones[self.head[stone] as usize], 1,
                    "invariant: ko stone alone"
                );
                assert!(
                    self.neighbours(stone).contains(&at),
                    "invariant: ko point next to the ko stone"
                );
            }
        }
    }

    /// `over` holds exactly when the game has ended: voided, two consecutive passes (r[tt.end];
    /// White's last under r[var.end.white-last]), or a repeated pass (r[var.end.repeated-pass]).
    fn assert_end_invariant(&self) {
        let r = &self.record;
        let ended = r.turns > 0
            && self.consecutive() >= 2
            && (self.rules.end != End::WhitePassesLast || self.to_move == Player::Black);
        // r[var.end.repeated-pass] ends a game on a pass that the counters cannot tell from
        // another (the agreement tests compare the end with the reference).
        let repeated_pass = self.rules.end == End::RepeatedPass && r.over && r.trailing_passes >= 1;
        assert_eq!(
            r.over,
            r.void || ended || repeated_pass,
            "invariant: the end"
        );
    }
}
