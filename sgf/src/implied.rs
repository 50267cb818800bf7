//! r[rec.move.implied-pass]: a move by the player who is not to move is read as the other
//! player's pass, left out of the record, followed by that move.

use crate::model::{RecordMove, Warn};
use ttrules_spec::{Move, Player};

/// The pass by `passer` that the move at main-line node `node` implies, as move `number` of the
/// game (from 1), with its warning `implied-pass`.
pub fn pass(node: usize, passer: Player, number: usize, warn: &mut Warn) -> RecordMove {
    let mover = passer.opponent();
    warn.push(
        "implied-pass",
        Some(node),
        format!(
            "a {mover} move with {passer} to move: read as a pass by {passer} (move {number}) that the record leaves out, then the move (r[rec.move.implied-pass])"
        ),
    );
    RecordMove {
        node,
        player: passer,
        mv: Move::Pass,
        implied: true,
        resume: false,
    }
}
