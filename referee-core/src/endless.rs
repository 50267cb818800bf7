//! Games that would not end, and how the referee ends them (rulings of Part VI, not rules of the
//! game: the engines know nothing of them):
//!
//! - r[ref.cycle]: under simple ko, a game whose situation (colouring and player to move) has
//!   occurred three times since the start or the most recent resumption, passes included, is
//!   void: the cycles that r[var.ko.simple.cycle] leaves alone because they contain a pass.
//! - r[ref.limit.default]: without `--max-turns`, the move limit is [`DEFAULT_LIMIT_PER_POINT`]
//!   turns per point of the board.

use crate::judge::Judge;
use std::collections::HashMap;
use ttrules_spec::{Grid, Player, Repetition, Size};

/// r[ref.limit.default]: the move limit per point of the board when `--max-turns` is not given.
pub const DEFAULT_LIMIT_PER_POINT: u32 = 4;

/// r[ref.limit.default]: the move limit of a game on `size` when `--max-turns` is not given (324
/// turns on 9x9, 1444 on 19x19).
pub fn default_max_turns(size: Size) -> u32 {
    u32::try_from(size.area())
        .unwrap_or(u32::MAX)
        .saturating_mul(DEFAULT_LIMIT_PER_POINT)
}

/// How many times a situation may occur: the third occurrence ends the game.
pub const OCCURRENCES: u32 = 3;

/// The situations of the game since the start or the most recent resumption, under simple ko.
#[derive(Clone, Debug, Default)]
pub struct Situations {
    seen: HashMap<(Grid, Player), u32>,
}

impl Situations {
    /// Starts the count at the situation of `game` (the start of the game, or a resumption).
    pub fn new(game: &Judge) -> Situations {
        let mut s = Situations::default();
        s.count(game);
        s
    }

    fn count(&mut self, game: &Judge) -> u32 {
        if game.rules().repetition != Repetition::SimpleKo {
            return 0;
        }
        let n = self.seen.entry((game.grid(), game.to_move())).or_insert(0);
        *n += 1;
        *n
    }

    /// Counts the situation of `game` after a turn: `true` when it has now occurred
    /// [`OCCURRENCES`] times and the game, under simple ko and not ended by its ruleset, is void.
    pub fn after_turn(&mut self, game: &Judge) -> bool {
        self.count(game) >= OCCURRENCES && !game.is_over()
    }
}
