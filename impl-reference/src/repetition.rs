//! Section 11 of the spec (and r[tt.turn.repetition]): which earlier colourings or situations a
//! move may not recreate.

use crate::game::Record;
use ttrules_spec::{Grid, Illegal, Move, Player, Repetition};

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
