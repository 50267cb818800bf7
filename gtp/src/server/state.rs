//! Read-only access to a session's state, for tests and the `gtp_session` fuzz target: what the
//! session's commands have built, to compare with a replay of the accepted commands.

use super::Server;
use ttrules_spec::{Engine, Komi, Move, Player, Rules, Setup};

impl<E: Engine> Server<E> {
    /// The rules in force (r[var.params]).
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The komi in force (r[param.komi]).
    pub fn komi(&self) -> Komi {
        self.komi
    }

    /// How the game started: the empty grid, or the setup `loadsgf` read (r[var.setup]).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The turns played since the setup.
    pub fn moves(&self) -> &[(Player, Move)] {
        &self.moves
    }

    /// The engine that judges the game.
    pub fn engine(&self) -> &E {
        &self.engine
    }
}
