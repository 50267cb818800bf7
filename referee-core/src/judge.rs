//! The referee's game (r[ref.judge]): the fast engine under the match's rules, the turns as they
//! were played with what the record needs of each (time left, comments), and the scoring of the
//! end. Pure: no process, no clock; the match loop feeds it, and so can a test or a fuzzer.

use ttrules_fast::Fast;
use ttrules_reference::score::territory_points;
use ttrules_spec::{
    Clause, Colour, DeadError, Engine, Grid, Illegal, Komi, Move, Outcome, Player, Point,
    ResumeError, Rules, Setup, Size, Suicide, TurnReport,
};

/// One turn of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    pub player: Player,
    pub mv: Move,
    /// The mover's time left after the turn, in seconds, under a clock.
    pub time_left: Option<f64>,
    /// In overtime, the periods left (byo-yomi) or the answers due in the period (Canadian)
    /// after the turn, as SGF `OB`/`OW` write them (r[ref.time.overtime]).
    pub overtime: Option<u32>,
    /// Part of the opening (r[ref.match.opening]), not an engine's answer.
    pub opening: bool,
}

/// The game as the referee keeps it.
#[derive(Clone, Debug)]
pub struct Judge {
    e: Fast,
    komi: Komi,
    turns: Vec<Turn>,
    /// The number of turns played at each resumption of play after an end (r[end.resume]).
    resumed: Vec<usize>,
    /// The handicap stones the game started from (r[ref.handicap]); empty without handicap.
    handicap: Vec<Point>,
}

impl Judge {
    /// A new game on the empty grid (r[tt.start]).
    pub fn new(size: Size, rules: Rules, komi: Komi) -> Judge {
        Judge {
            e: Fast::new(size, rules),
            komi,
            turns: Vec::new(),
            resumed: Vec::new(),
            handicap: Vec::new(),
        }
    }

    /// A new game from the handicap `stones` (r[ref.handicap]): the setup of r[var.setup] with
    /// them, White to move, declaring their number as the handicap (r[var.handicap]). The stones
    /// are checked before (at least two, none repeated, all on the board, one point left empty),
    /// which makes the setup a legal position.
    pub fn with_handicap(size: Size, rules: Rules, komi: Komi, stones: &[Point]) -> Judge {
        let setup = Setup::handicap(size, stones);
        Judge {
            e: Fast::from_setup(&setup, rules).expect("Black stones with an empty point are legal"),
            komi,
            turns: Vec::new(),
            resumed: Vec::new(),
            handicap: stones.to_vec(),
        }
    }

    /// The handicap stones the game started from (empty without handicap).
    pub fn handicap_stones(&self) -> &[Point] {
        &self.handicap
    }

    pub fn size(&self) -> Size {
        self.e.size()
    }

    pub fn rules(&self) -> Rules {
        self.e.rules()
    }

    pub fn komi(&self) -> Komi {
        self.komi
    }

    pub fn to_move(&self) -> Player {
        self.e.to_move()
    }

    /// The ruleset's end has been reached (r[tt.end], r[var.end.white-last],
    /// r[var.ko.simple.cycle]).
    pub fn is_over(&self) -> bool {
        self.e.is_over()
    }

    /// The game ended in a void cycle (r[var.ko.simple.cycle]).
    pub fn is_void(&self) -> bool {
        self.e.is_void()
    }

    pub fn grid(&self) -> Grid {
        self.e.grid()
    }

    pub fn engine(&self) -> &Fast {
        &self.e
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The verdict on an attempt of the player to move, without playing it.
    pub fn check(&self, mv: Move) -> Result<(), Illegal> {
        self.e.check(mv)
    }

    /// Plays a legal attempt of the player to move; an illegal one changes nothing
    /// (r[tt.turn.attempt]).
    pub fn play(&mut self, mv: Move, opening: bool) -> Result<TurnReport, Illegal> {
        let player = self.e.to_move();
        let report = self.e.play(mv)?;
        self.turns.push(Turn {
            player,
            mv,
            time_left: None,
            overtime: None,
            opening,
        });
        Ok(report)
    }

    /// Resumes play after the game's end (r[end.resume]); refused, changing nothing, when the
    /// game has not ended or ended void.
    pub fn resume(&mut self) -> Result<(), ResumeError> {
        self.e.resume()?;
        self.resumed.push(self.turns.len());
        Ok(())
    }

    /// The number of turns played at each resumption, in order: play resumed before turn
    /// `n` (counted from 0) for each `n` listed.
    pub fn resumptions(&self) -> &[usize] {
        &self.resumed
    }

    /// Whether a turn since the last resumption (or since the start) is a move.
    pub fn moved_since_resumption(&self) -> bool {
        let from = self.resumed.last().copied().unwrap_or(0);
        self.turns[from..].iter().any(|t| t.mv != Move::Pass)
    }

    /// Records the mover's time left on the last turn.
    pub fn set_time_left(&mut self, secs: f64) {
        if let Some(t) = self.turns.last_mut() {
            t.time_left = Some(secs);
        }
    }

    /// Records the mover's overtime count on the last turn (periods or answers left).
    pub fn set_overtime(&mut self, count: Option<u32>) {
        if let Some(t) = self.turns.last_mut() {
            t.overtime = count;
        }
    }

    /// The outcome with the match's komi if the game ended now with `dead` removed
    /// (r[var.score.final], r[var.count.dead]).
    pub fn outcome(&self, dead: &[Point]) -> Result<Outcome, DeadError> {
        self.e.outcome(self.komi, dead)
    }

    /// The empty points that count for Black and for White, with `dead` removed: each player's
    /// territory under the ruleset's tax (r[var.count.area]: r[var.tax.none] the empty points that
    /// reach only her colour, r[var.tax.seki.blocks] and r[var.tax.all.blocks] her eye points not
    /// in seki), as the reference's scoring computes it ([`territory_points`]). For `TB`/`TW`.
    pub fn territory(&self, dead: &[Point]) -> [Vec<Point>; 2] {
        let mut g = self.e.grid();
        for &p in dead {
            if g.size().contains(p) {
                g.set(p, Colour::Empty);
            }
        }
        [Player::Black, Player::White]
            .map(|player| territory_points(&g, player, self.rules().tax).0)
    }
}

/// The clause that makes a legal turn legal, for the record of a refusal (r[ref.refusal]): a pass
/// (r[tt.turn.pass]); a suicide of several stones (r[tt.note.multi-suicide], or the suicide value
/// in force); a capture whose stone had no empty neighbour before it (r[tt.note.clear-order]); any
/// other capture (r[tt.move.clear-opponent]); else the definition of a legal move (r[tt.move]).
pub fn legal_clause(before: &Grid, rules: Rules, mv: Move, report: TurnReport) -> Clause {
    let Move::Play(p) = mv else {
        return Clause::TurnPass;
    };
    if report.suicided > 0 {
        return match rules.suicide {
            Suicide::Allowed => Clause::NoteMultiSuicide,
            Suicide::MultiStoneOnly | Suicide::Forbidden => Clause::VarSuicideMultiOnly,
        };
    }
    if report.captured > 0 {
        let size = before.size();
        let breathing = ttrules_games::neighbours(size, p).any(|q| before.get(q) == Colour::Empty);
        return if breathing {
            Clause::MoveClearOpponent
        } else {
            Clause::NoteClearOrder
        };
    }
    Clause::Move
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Move {
        Move::parse_gtp(s).unwrap()
    }

    #[test]
    fn territory_follows_the_tax() {
        let size = Size::square(5).unwrap();
        let mut j = Judge::new(size, Rules::TROMP_TAYLOR, Komi::ZERO);
        for mv in ["C1", "pass", "C2", "pass", "C3", "pass", "C4", "pass", "C5"] {
            j.play(pt(mv), false).unwrap();
        }
        let [b, w] = j.territory(&[]);
        assert_eq!(b.len(), 20);
        assert!(w.is_empty());
        let japanese = Rules::by_name("japanese").unwrap();
        let mut j = Judge::new(size, japanese, Komi::ZERO);
        j.play(pt("C3"), false).unwrap();
        let [b, _] = j.territory(&[]);
        assert_eq!(b.len(), 24);
    }

    #[test]
    fn legal_clauses() {
        let size = Size::square(3).unwrap();
        let g = Grid::empty(size);
        let r = TurnReport::default();
        assert_eq!(
            legal_clause(&g, Rules::TROMP_TAYLOR, Move::Pass, r),
            Clause::TurnPass
        );
        assert_eq!(
            legal_clause(&g, Rules::TROMP_TAYLOR, pt("B2"), r),
            Clause::Move
        );
        let s = TurnReport {
            captured: 0,
            suicided: 2,
        };
        assert_eq!(
            legal_clause(&g, Rules::TROMP_TAYLOR, pt("A1"), s),
            Clause::NoteMultiSuicide
        );
    }
}
