//! r[finish.dispute], r[finish.resume.pause], r[finish.resume.ideal]: the source's two play-out
//! resolutions, as the starting point of the resumed play, for the referee's protocols.

use super::{Finish, FinishError, Pause};
use crate::reach::reaches;
use crate::repetition;
use ttrules_spec::{Colour, End, Engine, FirstPass, Move, PassStones, Rules, Setup};

/// Which play-out resolves a dispute (r[finish.dispute]). Declared in the order of precedence:
/// a dead-stone dispute is resolved first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Resolution {
    /// 实战解决一, r[finish.resume.pause].
    FromPause,
    /// 实战解决二, r[finish.resume.ideal].
    FromIdeal,
}

impl Resolution {
    /// The word of the JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Resolution::FromPause => "resume-from-pause",
            Resolution::FromIdeal => "resume-from-ideal",
        }
    }

    pub const fn clause(self) -> ttrules_spec::Clause {
        match self {
            Resolution::FromPause => ttrules_spec::Clause::FinishResumePause,
            Resolution::FromIdeal => ttrules_spec::Clause::FinishResumeIdeal,
        }
    }
}

/// Where resumed play starts: a new game from `setup`, with `moves` replayed on it, after which
/// the player to move at the pause is to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumption {
    pub resolution: Resolution,
    pub setup: Setup,
    pub moves: Vec<Move>,
}

impl Resumption {
    /// A game of `E` under `rules` at the point where play resumes.
    pub fn start<E: Engine>(&self, rules: Rules) -> Result<E, FinishError> {
        let mut e = E::from_setup(&self.setup, rules).map_err(FinishError::Setup)?;
        for (i, &mv) in self.moves.iter().enumerate() {
            let player = e.to_move();
            e.play(mv).map_err(|why| FinishError::IllegalTurn {
                number: i + 1,
                player,
                mv,
                why,
            })?;
        }
        Ok(e)
    }
}

/// r[finish.resume.pause]: "Play resumes from the pause position, the player to move at the pause
/// moving first … Under positional repetition … and natural situational superko …, with no
/// first-pass value and no pass stones, this is the game replayed without the two passes of the
/// pause … under the other values the passes matter … and the library refuses rather than
/// approximate."
pub fn resume_from_pause(pause: &Pause) -> Result<Resumption, FinishError> {
    let rules = pause.rules();
    let unsupported = |what| Err(FinishError::ResumeUnsupported { what });
    if let Err(what) = repetition::resumes_without_pause_passes(rules.repetition) {
        return unsupported(what);
    }
    if rules.first_pass != FirstPass::Nothing {
        return unsupported("a first-pass value");
    }
    if rules.pass_stones != PassStones::None {
        return unsupported("pass stones");
    }
    if rules.end != End::TwoPasses {
        return unsupported("an end other than two passes");
    }
    let moves = pause.moves();
    // Under two passes the game ends at its first two consecutive passes, which are its last
    // two turns (Pause::new checked that it ended).
    debug_assert!(moves.len() >= 2 && moves[moves.len() - 2..] == [Move::Pass, Move::Pass]);
    Ok(Resumption {
        resolution: Resolution::FromPause,
        setup: pause.setup().clone(),
        moves: moves[..moves.len() - 2].to_vec(),
    })
}

/// r[finish.resume.ideal]: "Play resumes from the disputed ideal final position: the fill of
/// r[finish.fill] with the marks as given, after which every stone that does not reach empty is
/// emptied (both colours at once, as r[tt.clear] determines them) … The player to move at the
/// pause moves first … a new game from that colouring as a setup".
pub fn resume_from_ideal(pause: &Pause, finish: &Finish) -> Resumption {
    let mut g = finish.ideal.clone();
    let doomed: Vec<_> = g
        .size()
        .points()
        .filter(|&p| g.get(p) != Colour::Empty && !reaches(&g, p, Colour::Empty))
        .collect();
    for p in doomed {
        g.set(p, Colour::Empty);
    }
    Resumption {
        resolution: Resolution::FromIdeal,
        setup: Setup {
            grid: g,
            to_move: pause.to_move(),
            handicap: 0,
        },
        moves: Vec::new(),
    }
}

/// r[finish.dispute]: the resumption a disputed finish calls for, `None` when it is not disputed.
pub fn resume(pause: &Pause, finish: &Finish) -> Option<Result<Resumption, FinishError>> {
    finish.resolution().map(|r| match r {
        Resolution::FromPause => resume_from_pause(pause),
        Resolution::FromIdeal => Ok(resume_from_ideal(pause, finish)),
    })
}
