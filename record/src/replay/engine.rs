//! The engine a replay plays on: for the fast engine, one per thread, started again for each
//! record ([`Fast::restart`]) rather than built and moved about (its arrays are tens of KB).

use std::cell::Cell;
use std::ops::{Deref, DerefMut};
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::{DeadError, Engine, Komi, Outcome, Point, Rules, Score, Setup, SetupError};

/// An engine as [`super::replay_record`] uses it.
pub(super) trait ReplayEngine: Engine {
    /// A game of the engine, started by [`ReplayEngine::start`].
    type Game: DerefMut<Target = Self>;

    /// A new game of `Self` from `setup` under `rules` ([`Engine::from_setup`]).
    fn start(setup: &Setup, rules: Rules) -> Result<Self::Game, SetupError>;

    /// [`Engine::score_with_dead`] and [`Engine::outcome`].
    fn score_and_outcome(&self, komi: Komi, dead: &[Point]) -> Result<(Score, Outcome), DeadError> {
        Ok((self.score_with_dead(dead)?, self.outcome(komi, dead)?))
    }
}

impl ReplayEngine for Reference {
    type Game = Box<Reference>;

    fn start(setup: &Setup, rules: Rules) -> Result<Box<Reference>, SetupError> {
        Ok(Box::new(Reference::from_setup(setup, rules)?))
    }
}

thread_local! {
    /// This thread's fast engine, between records.
    static FAST: Cell<Option<Box<Fast>>> = const { Cell::new(None) };
}

/// The thread's fast engine, taken out of its slot while a game is played on it and put back
/// when dropped (so a replay started meanwhile builds its own).
pub(super) struct FastGame(Option<Box<Fast>>);

impl Deref for FastGame {
    type Target = Fast;
    fn deref(&self) -> &Fast {
        self.0.as_ref().expect("a started game holds its engine")
    }
}

impl DerefMut for FastGame {
    fn deref_mut(&mut self) -> &mut Fast {
        self.0.as_mut().expect("a started game holds its engine")
    }
}

impl Drop for FastGame {
    fn drop(&mut self) {
        FAST.set(self.0.take());
    }
}

impl ReplayEngine for Fast {
    type Game = FastGame;

    /// Note: [`Fast::restart`] starts the game `from_setup` would (see its Note).
    fn start(setup: &Setup, rules: Rules) -> Result<FastGame, SetupError> {
        let e = match FAST.take() {
            Some(mut e) => match e.restart(setup, rules) {
                Ok(()) => Some(e),
                Err(why) => {
                    FAST.set(Some(e));
                    return Err(why);
                }
            },
            None => Some(Box::new(Fast::from_setup(setup, rules)?)),
        };
        Ok(FastGame(e))
    }

    fn score_and_outcome(&self, komi: Komi, dead: &[Point]) -> Result<(Score, Outcome), DeadError> {
        Fast::score_and_outcome(self, komi, dead)
    }
}
