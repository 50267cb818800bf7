//! Section 11 of the spec (and r[tt.turn.repetition]): which earlier colourings or situations a
//! move may not recreate, the void end of simple ko's cycles (r[var.ko.simple.cycle]), where the
//! button's new history starts (r[var.first-pass.button.new-history]), and which values a paused
//! game can resume under (r[finish.resume.pause]).
//!
//! This is the one module of the reference that reads the repetition parameter: every other
//! module asks it. Each `match` on [`Repetition`] here names every value, so a new value does not
//! compile until each place says what it does.

use crate::game::Record;
use ttrules_spec::{FirstPass, Grid, Illegal, Move, Player, Repetition, Rules};

/// Judges the colouring `result` that a move by `player` would produce, under `repetition`;
/// `since` is the turn that took the button when that starts a new history
/// (r[var.first-pass.button.new-history]).
pub fn judge(
    record: &Record,
    repetition: Repetition,
    since: Option<usize>,
    player: Player,
    result: &Grid,
) -> Result<(), Illegal> {
    match repetition {
        Repetition::Positional => positional(record, since, result),
        Repetition::Situational => situational(record, since, player, result),
        Repetition::NaturalSituational => natural_situational(record, since, player, result),
        Repetition::SimpleKo => simple_ko(record, since, result),
    }
}

/// r[tt.turn.repetition]: "A move is legal only if the colouring it produces … is different from
/// every earlier colouring. The earlier colourings are the starting colouring (every point empty)
/// and the colouring after each earlier move of the game."
///
/// r[var.first-pass.button.new-history]: "After the first pass (turn b) … the earlier colourings
/// are the colouring after turn b and the colourings after each later move".
fn positional(record: &Record, since: Option<usize>, result: &Grid) -> Result<(), Illegal> {
    let first = match since {
        Some(b) => &record.turns[b].after,
        None => &record.start.grid,
    };
    let mut earlier = std::iter::once(first).chain(
        record
            .turns
            .iter()
            .enumerate()
            .filter(|&(i, t)| since.is_none_or(|b| i > b) && matches!(t.mv, Move::Play(_)))
            .map(|(_, t)| &t.after),
    );
    if earlier.any(|g| g == result) {
        Err(Illegal::Repetition)
    } else {
        Ok(())
    }
}

/// r[var.ko.situational]: "The earlier situations are the starting situation and the situation
/// after every earlier turn, passes included … A move is illegal if the situation it produces (its
/// colouring, with the opponent to move) is an earlier situation."
///
/// r[var.first-pass.button.new-history]: "the earlier situations are the situation turn b produced
/// and those after each later turn".
fn situational(
    record: &Record,
    since: Option<usize>,
    player: Player,
    result: &Grid,
) -> Result<(), Illegal> {
    let produced = (result, player.opponent());
    let start = (&record.start.grid, record.start.to_move);
    let (first, from) = match since {
        None => (Some(start), 0),
        Some(b) => (None, b),
    };
    let mut earlier = first.into_iter().chain(
        record.turns[from..]
            .iter()
            .map(|t| (&t.after, t.player.opponent())),
    );
    if earlier.any(|situation| situation == produced) {
        Err(Illegal::SituationalRepetition)
    } else {
        Ok(())
    }
}

/// r[var.ko.natural-situational]: "A move by a player is illegal if the colouring it produces
/// equals the colouring produced by an earlier move of the same player."
///
/// r[var.first-pass.button.new-history]: "only the player's moves after turn b count".
fn natural_situational(
    record: &Record,
    since: Option<usize>,
    player: Player,
    result: &Grid,
) -> Result<(), Illegal> {
    let mut created = record
        .turns
        .iter()
        .enumerate()
        .filter(|&(i, t)| {
            since.is_none_or(|b| i > b) && t.player == player && matches!(t.mv, Move::Play(_))
        })
        .map(|(_, t)| &t.after);
    if created.any(|g| g == result) {
        Err(Illegal::NaturalRepetition)
    } else {
        Ok(())
    }
}

/// r[var.ko.simple]: "A move is illegal if the colouring it produces equals the colouring at the
/// start of the opponent's last turn. Before the opponent has taken a turn nothing is banned."
///
/// r[var.first-pass.button.new-history]: "nothing is banned when the opponent's last turn is turn b
/// itself".
fn simple_ko(record: &Record, since: Option<usize>, result: &Grid) -> Result<(), Illegal> {
    // Turns alternate, so the opponent's last turn is the last turn of the record.
    let Some(last) = record.turns.len().checked_sub(1) else {
        return Ok(());
    };
    if since == Some(last) {
        return Ok(());
    }
    if record.grid_before(last) == result {
        Err(Illegal::Ko)
    } else {
        Ok(())
    }
}

/// r[var.first-pass.button.new-history]: the turn that took the button, when taking it starts a
/// new history ("After the first pass (turn b)"). `first_pass` gives the turn of the game's first
/// pass (r[var.first-pass]: [`crate::end::first_pass`]); it is asked only under this value.
pub fn new_history_start(
    rules: &Rules,
    first_pass: impl FnOnce() -> Option<usize>,
) -> Option<usize> {
    match rules.first_pass {
        FirstPass::ButtonNewHistory => first_pass(),
        FirstPass::Nothing | FirstPass::Button | FirstPass::TieBreak | FirstPass::Msg => None,
    }
}

/// r[var.ko.simple.cycle]: "if, after a turn, the situation (colouring and player to move) has
/// occurred three times since the most recent pass (counting the situation that pass produced and
/// the current one; since the start when no pass was made), the game ends at once with no result".
pub fn is_void(record: &Record, rules: &Rules) -> bool {
    match rules.repetition {
        Repetition::SimpleKo => {}
        // Only simple ko has a cycle rule: the superkos forbid every cycle's repeating move.
        Repetition::Positional | Repetition::Situational | Repetition::NaturalSituational => {
            return false
        }
    }
    if record.turns.is_empty() {
        return false;
    }
    // The situations S_0 (the start) and S_i after turn i, for i = 1..=n.
    let situation = |i: usize| {
        if i == 0 {
            (&record.start.grid, record.start.to_move)
        } else {
            let t = &record.turns[i - 1];
            (&t.after, t.player.opponent())
        }
    };
    let n = record.turns.len();
    let since = (1..=n)
        .rev()
        .find(|&i| record.turns[i - 1].mv == Move::Pass)
        .unwrap_or(0);
    let now = situation(n);
    (since..=n).filter(|&i| situation(i) == now).count() >= 3
}

/// r[finish.resume.pause]: "Under positional repetition … and natural situational superko …, with
/// no first-pass value and no pass stones, this is the game replayed without the two passes of the
/// pause … under the other values the passes matter". `Err` names the value whose passes matter.
pub fn resumes_without_pause_passes(repetition: Repetition) -> Result<(), &'static str> {
    match repetition {
        Repetition::Positional | Repetition::NaturalSituational => Ok(()),
        Repetition::Situational => Err("situational superko"),
        Repetition::SimpleKo => Err("simple ko"),
    }
}
