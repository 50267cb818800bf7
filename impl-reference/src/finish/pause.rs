//! r[finish.pause]: the game the finish starts from.

use super::FinishError;
use crate::turn::Reference;
use ttrules_spec::{Engine, Grid, Move, Player, Rules, Setup};

/// A game that has ended and is not void: its start, its turns, its rules, and the pause
/// position they lead to (r[finish.pause]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pause {
    setup: Setup,
    moves: Vec<Move>,
    rules: Rules,
    grid: Grid,
    to_move: Player,
}

impl Pause {
    /// r[finish.pause]: "The finish starts from a game that has ended (r[tt.end], or the end its
    /// ruleset defines) and is not void." Replays `moves` from `setup` on the reference engine;
    /// an illegal turn, a game that has not ended, a void game are errors.
    pub fn new(setup: Setup, moves: Vec<Move>, rules: Rules) -> Result<Pause, FinishError> {
        let mut e = Reference::from_setup(&setup, rules).map_err(FinishError::Setup)?;
        for (i, &mv) in moves.iter().enumerate() {
            let player = e.to_move();
            if let Err(why) = e.play(mv) {
                return Err(FinishError::IllegalTurn {
                    number: i + 1,
                    player,
                    mv,
                    why,
                });
            }
        }
        if !e.is_over() {
            return Err(FinishError::NotEnded { turns: moves.len() });
        }
        if e.is_void() {
            return Err(FinishError::Void);
        }
        Ok(Pause {
            grid: e.grid(),
            to_move: e.to_move(),
            setup,
            moves,
            rules,
        })
    }

    /// The pause of a position reached by two passes from `setup`: the form the vectors and the
    /// tests use for a position given as a diagram.
    pub fn after_two_passes(setup: Setup, rules: Rules) -> Result<Pause, FinishError> {
        Pause::new(setup, vec![Move::Pass, Move::Pass], rules)
    }

    /// The pause position (figure 1).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// r[finish.pause]: "the player who would move next by r[tt.turn]".
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The turns of the game, the pause's passes included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::{Point, Size};

    #[test]
    fn only_an_ended_game_pauses() {
        let setup = Setup::empty(Size::new(3, 1).unwrap());
        let rules = Rules::by_name("jihuozi").unwrap();
        let p = Pause::after_two_passes(setup.clone(), rules).unwrap();
        assert_eq!(p.to_move(), Player::Black);
        let one = Pause::new(setup.clone(), vec![Move::Pass], rules);
        assert_eq!(one, Err(FinishError::NotEnded { turns: 1 }));
        let a1 = Move::Play(Point::new(0, 0));
        let bad = Pause::new(setup, vec![a1, a1], rules).unwrap_err();
        assert!(matches!(bad, FinishError::IllegalTurn { number: 2, .. }));
        assert!(bad
            .to_string()
            .starts_with("turn 2 (W A1) is illegal: occupied"));
    }
}
