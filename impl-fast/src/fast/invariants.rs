//! The invariant checker: everything derived, recomputed from scratch and compared.

use super::*;

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    // ---- invariants ----

    /// Recomputes everything derived (chains, liberties, hashes, planes, counts, the list of
    /// empty points, the history index) from the mailbox and the stored colourings, and panics
    /// with a label at the first mismatch. Tests run it after every turn.
    pub fn assert_invariants(&self) {
        // Destructured so that a new field forces a decision here.
        let FastWith {
            size,
            rules: _,
            lay,
            on_grid,
            colour,
            head,
            next,
            libs,
            kind,
            stones,
            chain_hash,
            chain_heads,
            planes,
            count,
            empties,
            n_empty,
            empty_pos,
            hash,
            to_move,
            start,
            record,
            history,
            passed,
            button_backup: _,
        } = self;
        assert_eq!(*lay, Layout::new(*size), "invariant: layout");
        self.assert_record_invariants();
        let _ = (start, record, to_move);
        let mut want_planes = [Bits::EMPTY; 2];
        let mut want_count = [0u32; 2];
        let mut want_empty = Bits::EMPTY;
        let mut want_hash = 0u64;
        for i in 0..lay.padded {
            assert_eq!(on_grid.get(i), lay.on_grid(i), "invariant: on_grid at {i}");
            if matches!(colour[i], EMPTY | GUARD) {
                assert_eq!(head[i] as usize, i, "invariant: head of the point {i}");
                assert_eq!(kind[i], colour[i], "invariant: kind of the point {i}");
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
        assert_eq!(*planes, want_planes, "invariant: bit planes");
        assert_eq!(*count, want_count, "invariant: stone counts");
        assert_eq!(*hash, want_hash, "invariant: zobrist hash");
        // The list of empty points.
        let mut listed = Bits::EMPTY;
        for (k, &e) in empties.0[..*n_empty].iter().enumerate() {
            let e = e as usize;
            assert!(!listed.get(e), "invariant: empty point {e} listed twice");
            listed.set(e);
            assert_eq!(empty_pos[e] as usize, k, "invariant: empty_pos of {e}");
        }
        assert_eq!(listed, want_empty, "invariant: list of empty points");
        // Chains, by flood fill over the mailbox (r[tt.derived.chain]).
        let mut seen = Bits::EMPTY;
        let mut heads_used = Bits::EMPTY;
        let mut want_heads = [Bits::EMPTY; 2];
        for start in 0..lay.padded {
            let c = colour[start];
            if !(c == BLACK || c == WHITE) || seen.get(start) {
                continue;
            }
            let mut members = vec![start];
            seen.set(start);
            let mut k = 0;
            let mut liberties = Bits::EMPTY;
            while k < members.len() {
                let x = members[k];
                k += 1;
                for n in self.neighbours(x) {
                    if colour[n] == c && !seen.get(n) {
                        seen.set(n);
                        members.push(n);
                    } else if colour[n] == EMPTY {
                        liberties.set(n);
                    }
                }
            }
            let hd = head[start] as usize;
            assert!(!heads_used.get(hd), "invariant: two chains share head {hd}");
            heads_used.set(hd);
            assert!(
                members.contains(&hd),
                "invariant: head {hd} of the chain at {start} is not in it"
            );
            let mut chain_key = 0;
            for &m in &members {
                assert_eq!(head[m] as usize, hd, "invariant: head of stone {m}");
                chain_key ^= Self::key(m, plane_of(c));
            }
            assert_eq!(
                stones[hd] as usize,
                members.len(),
                "invariant: stones of chain {hd}"
            );
            let mut pseudo = PseudoLibs::ZERO;
            for &m in &members {
                for n in self.neighbours(m) {
                    if colour[n] == EMPTY {
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
                kind[hd],
                c | (u8::from(liberties.count() == 1) * ONE_LIBERTY),
                "invariant: the kind of chain {hd}"
            );
            want_heads[plane_of(c)].set(hd);
            assert_eq!(chain_hash[hd], chain_key, "invariant: hash of chain {hd}");
            let mut ring = Bits::EMPTY;
            let mut x = hd;
            for _ in 0..members.len() {
                assert!(!ring.get(x), "invariant: ring of chain {hd} revisits {x}");
                ring.set(x);
                x = next[x] as usize;
            }
            assert_eq!(x, hd, "invariant: ring of chain {hd} does not close");
            assert!(
                members.iter().all(|&m| ring.get(m)),
                "invariant: ring of chain {hd} misses stones"
            );
        }
        assert_eq!(
            *chain_heads, want_heads,
            "invariant: the chain heads of each plane"
        );
        // History: how many entries each parameter value keeps, their tags, the start and the
        // current colouring where they must be; every entry hashes right.
        let r = record;
        let moves = r.turns - r.passes_by[0] - r.passes_by[1];
        let current_tag = code_of(*to_move);
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
                *hash ^ Self::tag_key(tag),
                "invariant: last history hash"
            );
            assert!(last_planes == *planes, "invariant: last history colouring");
        }
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
                b.and(&w).is_empty() && b.or(&w).and_not(on_grid).is_empty(),
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
        let Record {
            turns,
            trailing_passes,
            passes_by,
            taken: _,
            opening,
            opening_open,
            first_pass,
            cycle_start,
            ko,
            void,
            over,
            new_history,
            resumed,
        } = self.record;
        let Start {
            planes,
            to_move,
            handicap: _,
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
                && self.start.handicap == 0,
            "invariant: empty start"
        );
        assert_eq!(
            new_history.map(|(b, _)| b),
            first_pass
                .filter(|_| self.rules.first_pass == FirstPass::ButtonNewHistory)
                .map(|(b, _)| b),
            "invariant: the new history starts at the button pass"
        );
        assert!(
            trailing_passes <= passes_by[0] + passes_by[1] && passes_by[0] + passes_by[1] <= turns,
            "invariant: pass counts"
        );
        let expected_mover = if turns % 2 == 0 {
            to_move
        } else {
            to_move.opponent()
        };
        assert_eq!(self.to_move, expected_mover, "invariant: players alternate");
        assert!(opening <= turns, "invariant: opening within the turns");
        assert!(
            empty || (opening == 0 && !opening_open),
            "invariant: opening only from the empty start"
        );
        if opening_open {
            assert_eq!(
                opening, turns,
                "invariant: an open opening holds every turn"
            );
        }
        assert!(
            self.handicap_passes() <= passes_by[1],
            "invariant: handicap passes are White passes"
        );
        if let Some((k, player)) = first_pass {
            assert!(k < turns, "invariant: first pass index");
            let handicap_pass = k % 2 == 1 && k + 1 < opening;
            assert!(
                !handicap_pass,
                "invariant: the first pass is not a handicap pass"
            );
            let mover = if k % 2 == 0 {
                to_move
            } else {
                to_move.opponent()
            };
            assert_eq!(player, mover, "invariant: first passer");
        } else {
            assert_eq!(
                passes_by[0] + passes_by[1],
                self.handicap_passes(),
                "invariant: every pass so far is a handicap pass"
            );
        }
        assert!(cycle_start <= turns, "invariant: cycle start");
        if let Some((t, upto)) = resumed {
            assert!(
                t <= turns && upto <= passes_by[0] + passes_by[1],
                "invariant: a resumption lies in the game"
            );
        }
        assert!(
            !void || self.judged_by_ko_state(),
            "invariant: only simple ko voids"
        );
        match ko {
            Ko::Free => {}
            Ko::Unchanged => assert!(
                self.judged_by_ko_state() && turns > 0,
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
        let ended = turns > 0
            && self.consecutive() >= 2
            && (self.rules.end != End::WhitePassesLast || self.to_move == Player::Black);
        // r[var.end.repeated-pass] ends a game on a pass that the counters cannot tell from
        // another (the agreement tests compare the end with the reference).
        let repeated_pass = self.rules.end == End::RepeatedPass && over && trailing_passes >= 1;
        assert_eq!(over, void || ended || repeated_pass, "invariant: the end");
    }
}
