//! Section 11 of the spec (and r[tt.turn.repetition]): which earlier colourings or situations a
//! move may not recreate.

use crate::game::Record;
use ttrules_spec::{Grid, Illegal, Move, Player, Repetition};

/// Judges the colouring `result` that a move by `player` would produce, under `repetition`.
pub fn judge(
    record: &Record,
    repetition: Repetition,
    player: Player,
    result: &Grid,
) -> Result<(), Illegal> {
    match repetition {
        Repetition::Positional => positional(record, result),
        Repetition::Situational => situational(record, player, result),
        Repetition::NaturalSituational => natural_situational(record, player, result),
        Repetition::SimpleKo => simple_ko(record, result),
    }
}

/// r[tt.turn.repetition]: "A move is legal only if the colouring it produces … is different from
/// every earlier colouring. The earlier colourings are the starting colouring (every point empty)
/// and the colouring after each earlier move of the game."
fn positional(record: &Record, result: &Grid) -> Result<(), Illegal> {
    let mut earlier = std::iter::once(&record.start.grid).chain(
        record
            .turns
            .iter()
            .filter(|t| matches!(t.mv, Move::Play(_)))
            .map(|t| &t.after),
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
fn situational(record: &Record, player: Player, result: &Grid) -> Result<(), Illegal> {
    let produced = (result, player.opponent());
    let start = (&record.start.grid, record.start.to_move);
    let mut earlier =
        std::iter::once(start).chain(record.turns.iter().map(|t| (&t.after, t.player.opponent())));
    if earlier.any(|situation| situation == produced) {
        Err(Illegal::SituationalRepetition)
    } else {
        Ok(())
    }
}

/// r[var.ko.natural-situational]: "A move by a player is illegal if the colouring it produces
/// equals the colouring produced by an earlier move of the same player."
fn natural_situational(record: &Record, player: Player, result: &Grid) -> Result<(), Illegal> {
    let mut created = record
        .turns
        .iter()
        .filter(|t| t.player == player && matches!(t.mv, Move::Play(_)))
        .map(|t| &t.after);
    if created.any(|g| g == result) {
        Err(Illegal::NaturalRepetition)
    } else {
        Ok(())
    }
}

/// r[var.ko.simple]: "A move is illegal if the colouring it produces equals the colouring at the
/// start of the opponent's last turn. Before the opponent has taken a turn nothing is banned."
fn simple_ko(record: &Record, result: &Grid) -> Result<(), Illegal> {
    // Turns alternate, so the opponent's last turn is the last turn of the record.
    let Some(last) = record.turns.len().checked_sub(1) else {
        return Ok(());
    };
    if record.grid_before(last) == result {
        Err(Illegal::Ko)
    } else {
        Ok(())
    }
}
