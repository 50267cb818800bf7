//! The core driven whole by a front end of its own: scripted seats that answer with text and the
//! time each answer took, no process, no file, no clock read from the system. This is how a
//! network front end or a simulator uses `ttrules-referee-core`: implement `driver::Seats`, call
//! `driver::drive`, then `played::conclude`.

use std::collections::VecDeque;
use std::time::Duration;
use ttrules_referee_core::clock::{Clock, TimeControl};
use ttrules_referee_core::driver::{self, Answer, Limits, Seats, TurnKind};
use ttrules_referee_core::end::Protocol;
use ttrules_referee_core::ending::{EndKind, Failure, Interrupted};
use ttrules_referee_core::judge::Judge;
use ttrules_referee_core::played::{conclude, AtLimit, OnFault, Played};
use ttrules_referee_core::ruling::{Came, Reply};
use ttrules_spec::{Clause, Komi, Move, Player, Point, Rules, Size};

/// Players whose answers are written down beforehand: each `genmove` takes the next answer (its
/// text and the seconds it took); everything the loop tells them is kept.
#[derive(Default)]
struct Script {
    answers: VecDeque<(&'static str, f64)>,
    /// `(told, mover, turn)` for every `play` the loop sent.
    told: Vec<(Player, Player, Move)>,
    /// The clock's time left as each `genmove` was asked (seconds), when there is a clock.
    left: Vec<f64>,
    started: Vec<Player>,
    killed: Vec<Player>,
}

impl Seats for Script {
    fn start(&mut self, p: Player) -> Result<(), Failure> {
        self.started.push(p);
        Ok(())
    }

    fn tell(&mut self, q: Player, p: Player, mv: Move) -> Result<Result<(), String>, Failure> {
        self.told.push((q, p, mv));
        Ok(Ok(()))
    }

    fn genmove(
        &mut self,
        _game: &Judge,
        _p: Player,
        _turn: TurnKind,
        clock: Option<&Clock>,
        _wait: Duration,
    ) -> Result<Answer, Interrupted> {
        if let Some(c) = clock {
            self.left.push(c.left_secs());
        }
        let (text, secs) = self
            .answers
            .pop_front()
            .expect("the script has an answer left");
        Ok(Answer {
            command: "genmove",
            came: Came::Reply(Reply::Success(text.into())),
            took: Duration::from_secs_f64(secs),
        })
    }

    fn kill(&mut self, p: Player) {
        self.killed.push(p);
    }

    fn dead_list(&mut self, _game: &Judge, _p: Player) -> Result<Option<Vec<Point>>, Failure> {
        Ok(None)
    }

    fn arbiter(&mut self, _game: &Judge) -> Result<Option<Vec<Point>>, Interrupted> {
        Ok(None)
    }

    fn resumed(&mut self, _p: Player) -> Result<(), Failure> {
        Ok(())
    }

    fn give_game(&mut self, _game: &Judge, _p: Player) -> Result<(), Failure> {
        Ok(())
    }
}

fn game(answers: &[(&'static str, f64)], time: Option<&str>) -> (Played, Script) {
    let size = Size::square(5).unwrap();
    let rules = Rules::by_name("tromp-taylor").unwrap();
    let judge = Judge::new(size, rules, Komi::ZERO);
    let mut protocol = Protocol::TrompTaylor.machine();
    let mut seats = Script {
        answers: answers.iter().copied().collect(),
        ..Script::default()
    };
    let limits = Limits {
        max_turns: Some(100),
        time: time.map(|t| TimeControl::parse(t).unwrap()),
        timeout: Duration::from_secs(20),
    };
    let driven = driver::drive(protocol.as_mut(), judge, &[], &mut seats, limits)
        .expect("the protocol keeps its contract");
    let names = ["black".to_string(), "white".to_string()];
    let played = conclude(
        driven,
        protocol.report(),
        AtLimit::Void,
        OnFault::Loss,
        names,
    );
    assert!(seats.answers.is_empty(), "every scripted answer was asked");
    (played, seats)
}

#[test]
fn a_game_to_two_passes_is_scored_by_the_ruleset() {
    let answers = [
        ("C3", 0.5),
        ("B2", 0.5),
        ("D2", 0.5),
        ("pass", 0.5),
        ("pass", 0.5),
    ];
    let (played, seats) = game(&answers, None);
    assert_eq!(played.ending.by, EndKind::Score);
    assert_eq!(played.ending.clause, Clause::RefEndTrompTaylor);
    assert_eq!(played.judge.turns().len(), 5);
    assert_eq!(seats.started, [Player::Black, Player::White]);
    // Each turn is told to the other player only.
    let told: Vec<(Player, Player)> = seats.told.iter().map(|&(q, p, _)| (q, p)).collect();
    assert!(told.iter().all(|(q, p)| q == &p.opponent()), "{told:?}");
    assert_eq!(told.len(), 5);
    // Black has two stones and White one on 5x5 with no komi: the referee's count decides.
    let outcome = played.outcome.expect("a scored game has an outcome");
    assert_eq!(played.result, outcome.sgf_result());
    assert!(played.result.starts_with("B+"), "{}", played.result);
    assert_eq!(
        played.time_used,
        [Duration::from_millis(1500), Duration::from_secs(1)]
    );
    assert_eq!(played.end.protocol, "tromp-taylor");
    assert!(played.claims.iter().all(Option::is_none));
}

#[test]
fn the_clock_is_charged_with_the_times_given_and_runs_out() {
    // One minute each: Black uses 30 s, then 20 s, then answers after 15 s with 10 s left.
    let answers = [
        ("C3", 30.0),
        ("B2", 1.0),
        ("D2", 20.0),
        ("B4", 1.0),
        ("D4", 15.0),
    ];
    let (played, seats) = game(&answers, Some("1m"));
    assert_eq!(played.ending.by, EndKind::Time);
    assert_eq!(played.ending.player, Some(Player::Black));
    assert_eq!(played.result, "W+T");
    assert_eq!(played.outcome, None);
    assert_eq!(
        played.judge.turns().len(),
        4,
        "the late answer is not played"
    );
    // The time left each `genmove` was asked with, as the clock computed it from the times given.
    assert_eq!(seats.left, [60.0, 60.0, 30.0, 59.0, 10.0]);
    // r[ref.time]: the engine that lost on time is ended (its next answer would be out of step).
    assert_eq!(seats.killed, [Player::Black]);
}

#[test]
fn a_resignation_and_an_illegal_answer_end_the_game() {
    let (played, _) = game(&[("C3", 0.1), ("resign", 0.1)], None);
    assert_eq!(
        (played.ending.by, played.result.as_str()),
        (EndKind::Resignation, "B+R")
    );
    let (played, seats) = game(&[("C3", 0.1), ("C3", 0.1)], None);
    assert_eq!(played.ending.by, EndKind::Illegal);
    assert_eq!(played.ending.player, Some(Player::White));
    assert_eq!(played.result, "B+F");
    assert_eq!(seats.told.len(), 1, "the illegal attempt is told to no one");
}
