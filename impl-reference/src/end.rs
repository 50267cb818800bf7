//! Section 4 and the pass clauses of section 13: the handicap opening, the first passer, the
//! passes that count toward the end, the end itself (two passes, White last, a repeated pass), the
//! new history of KataGo's button and the void end of simple ko (both in [`crate::repetition`]).

use crate::game::Record;
// The void end of simple ko is in `repetition`, with the rest of that parameter; re-exported here,
// where it was.
pub use crate::repetition::is_void;
use crate::repetition::new_history_start;
use ttrules_spec::{End, Move, Player, Rules};

/// r[var.handicap]: "the number of Black moves in the opening, the longest run of turns from the
/// first that goes Black move, White pass, Black move, White pass, and so on" — for a game that
/// starts from the empty grid with Black to move; a setup declares its own.
///
/// "N ≤ 1 means no handicap, written 0."
pub fn handicap(record: &Record) -> u32 {
    let n = if record.start.is_empty_start() {
        // Black moves stand at turns 1, 3, 5, … of the opening.
        opening_len(record).div_ceil(2) as u32
    } else {
        record.start.handicap
    };
    if n >= 2 {
        n
    } else {
        0
    }
}

/// The number of turns in the opening (r[var.handicap]).
fn opening_len(record: &Record) -> usize {
    if !record.start.is_empty_start() {
        return 0;
    }
    record
        .turns
        .iter()
        .enumerate()
        .take_while(|(i, t)| {
            if i % 2 == 0 {
                t.player == Player::Black && matches!(t.mv, Move::Play(_))
            } else {
                t.player == Player::White && t.mv == Move::Pass
            }
        })
        .count()
}

/// r[var.handicap]: "A White pass in the opening that is followed by a Black move is a handicap
/// pass."
pub fn is_handicap_pass(record: &Record, i: usize) -> bool {
    let opening = opening_len(record);
    i < opening && record.turns[i].mv == Move::Pass && i + 1 < opening
}

/// r[var.first-pass]: "the player who makes the first pass of the game that is not a handicap
/// pass". Also returns the index of that turn.
pub fn first_pass(record: &Record) -> Option<(usize, Player)> {
    record
        .turns
        .iter()
        .enumerate()
        .find(|&(i, t)| t.mv == Move::Pass && !is_handicap_pass(record, i))
        .map(|(i, t)| (i, t.player))
}

/// The passes at the end of the record that count toward the end: r[tt.end] counts consecutive
/// passes; under r[var.first-pass.button] "that pass does not count toward the end".
pub fn consecutive_passes(record: &Record, rules: &Rules) -> u32 {
    // r[var.first-pass.button.new-history]: "every clause that names r[var.first-pass.button]
    // applies to it too".
    let button = if rules.first_pass.is_button() {
        first_pass(record).map(|(i, _)| i)
    } else {
        None
    };
    // r[end.resume]: "the passes before it count for nothing toward the end".
    record
        .turns
        .iter()
        .enumerate()
        .rev()
        .take_while(|&(i, t)| i >= record.resumed && t.mv == Move::Pass)
        .filter(|&(i, _)| Some(i) != button)
        .count() as u32
}

/// r[tt.end]: "The game ends after two consecutive passes"; r[var.end.white-last]: "only when the
/// second of them is White's"; r[var.ko.simple.cycle]: a void game has ended too.
pub fn is_over(record: &Record, rules: &Rules) -> bool {
    if is_void(record, rules) {
        return true;
    }
    let passes = consecutive_passes(record, rules);
    match rules.end {
        End::TwoPasses => passes >= 2,
        End::WhitePassesLast => {
            passes >= 2
                && record
                    .turns
                    .last()
                    .is_some_and(|t| t.player == Player::White)
        }
        End::RepeatedPass => passes >= 2 || repeated_pass(record, rules),
    }
}

/// r[var.end.repeated-pass]: whether the last turn is a pass "from a colouring from which that same
/// player passed before: the colouring at the start of the pass equals the colouring at the start
/// of an earlier pass of the same player (under r[var.first-pass.button.new-history], an earlier
/// pass after the first pass)" — and the pass itself after it ("on both sides of the comparison").
fn repeated_pass(record: &Record, rules: &Rules) -> bool {
    let Some(last) = record.turns.len().checked_sub(1) else {
        return false;
    };
    let t = &record.turns[last];
    let since = new_history_start(rules, || first_pass(record).map(|(i, _)| i));
    // r[end.resume]: "compares only passes after it, on both sides of the comparison".
    let counts = |i: usize| since.is_none_or(|b| i > b) && i >= record.resumed;
    t.mv == Move::Pass
        && counts(last)
        && (0..last).any(|i| {
            let u = &record.turns[i];
            counts(i)
                && u.mv == Move::Pass
                && u.player == t.player
                && record.grid_before(i) == record.grid_before(last)
        })
}
