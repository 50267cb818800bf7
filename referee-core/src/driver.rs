//! The match loop of one game, once: it starts the players' games, plays the opening, then
//! carries out what the end protocol asks (`super::end`), judging every answer by the pure rulings
//! of [`super::ruling`] and ending the game by section 25 and r[ref.limit]. Real engines
//! (`super::game`) and scripted players (`super::end::sim`) both run it through [`Seats`].
//!
//! A protocol that breaks the contract of `super::end` (a turn for the wrong player or after the
//! end, a resumption refused, a finish with a copy open or stones that are not on the board, a
//! request after the finish, no finish at all, more than [`MAX_REQUESTS`] requests) stops the loop
//! with [`Stop::Broken`].

use crate::clock::{Clock, TimeControl};
use crate::end::{EndProtocol, Event, Finish, Request};
use crate::ending::Failure;
use crate::ending::{count, EndKind, Ending, Interrupted};
use crate::endless::{Situations, OCCURRENCES};
use crate::judge::{legal_clause, Judge};
use crate::ruling::{self, fault_ending, Asked, Came, Ruling};
use std::collections::VecDeque;
use std::time::Duration;
use ttrules_spec::{Clause, Move, Player, Point};

/// A `genmove` answer as the players give it to the loop.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The command sent (`genmove`, or `kgs-genmove_cleanup` for a cleanup turn).
    pub command: &'static str,
    pub came: Came,
    /// From sending the command to the whole answer (or to giving up waiting).
    pub took: Duration,
}

/// The players of a game, by colour: real engines or scripts. Every method that talks to an
/// engine may be interrupted (Ctrl-C); a [`Failure::Fault`] is a fault of that player's engine.
pub trait Seats {
    /// Starts `p`'s game: the setup commands of r[ref.start].
    fn start(&mut self, p: Player) -> Result<(), Failure>;
    /// Tells `q` the turn `mv` of `p` with `play`: `Ok(Err(said))` when `q` refuses it.
    fn tell(&mut self, q: Player, p: Player, mv: Move) -> Result<Result<(), String>, Failure>;
    /// Asks `p` for a turn on `game` (the game in play: the copy while one is open), telling it
    /// its `clock` first, and waits at most `wait`.
    fn genmove(
        &mut self,
        game: &Judge,
        p: Player,
        turn: TurnKind,
        clock: Option<&Clock>,
        wait: Duration,
    ) -> Result<Answer, Interrupted>;
    /// Ends `p`'s engine process (its next game starts a new one).
    fn kill(&mut self, p: Player);
    /// `p`'s dead list on `game` (r[end.list]; `None`: it marks nothing). A fault is one of
    /// giving the game again to an engine whose process had to be ended.
    fn dead_list(&mut self, game: &Judge, p: Player) -> Result<Option<Vec<Point>>, Failure>;
    /// The arbiter engine's dead list (r[end.arbiter.engine]).
    fn arbiter(&mut self, game: &Judge) -> Result<Option<Vec<Point>>, Interrupted>;
    /// Tells `p` that play resumes (r[end.engines]).
    fn resumed(&mut self, p: Player) -> Result<(), Failure>;
    /// Gives `p` the game `game` again (r[end.engines]).
    fn give_game(&mut self, game: &Judge, p: Player) -> Result<(), Failure>;
    /// Places the handicap stones after both games started (r[ref.handicap]): the stones, or
    /// `None` for a game without handicap (as every scripted game is). A fault names the player
    /// whose engine failed.
    fn handicap(&mut self) -> Result<Option<Vec<Point>>, (Player, Failure)> {
        Ok(None)
    }
}

/// What kind of turn is asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TurnKind {
    /// A cleanup turn (r[end.kgs]).
    pub cleanup: bool,
    /// A turn on the copy of a play-out (r[end.japanese]).
    pub copy: bool,
}

/// The match's limits on one game.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// r[ref.limit].
    pub max_turns: Option<u32>,
    /// r[ref.time].
    pub time: Option<TimeControl>,
    /// The command timeout of a `genmove` without a clock (r[ref.fault]).
    pub timeout: Duration,
}

/// How many requests of each kind a game carried out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Requests {
    pub genmove: usize,
    pub cleanup: usize,
    pub dead_list: usize,
    pub arbiter: usize,
    pub resume: usize,
    pub copy: usize,
    pub discard: usize,
    pub total: usize,
}

/// More requests than this is a protocol that does not end.
pub const MAX_REQUESTS: usize = 200_000;

/// A game the loop ended.
#[derive(Clone, Debug)]
pub struct Driven {
    /// The game (never a copy).
    pub judge: Judge,
    pub ending: Ending,
    /// The protocol's finish, when it finished the game.
    pub finish: Option<Finish>,
    /// The illegal attempt that ended the game (r[ref.illegal]).
    pub attempt: Option<Move>,
    /// The last copy of a play-out: as it was discarded, or as it stood when the game ended on it.
    pub copy: Option<Judge>,
    pub requests: Requests,
    /// The time each player's answers took, by colour.
    pub time_used: [Duration; 2],
}

/// Why the loop stopped without ending the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-C: the game is not recorded.
    Interrupted,
    /// The protocol broke its contract: a sentence.
    Broken(String),
}

impl From<Interrupted> for Stop {
    fn from(_: Interrupted) -> Stop {
        Stop::Interrupted
    }
}

/// The ending a failure of `p`'s engine makes, or the interruption.
fn failure(p: Player, f: Failure) -> Result<Ending, Stop> {
    match f {
        Failure::Interrupted => Err(Stop::Interrupted),
        Failure::Fault { kind, detail } => Ok(fault_ending(p, kind, &detail)),
    }
}

/// The loop's state while a game goes on.
struct Loop<'a> {
    seats: &'a mut dyn Seats,
    protocol: &'a mut dyn EndProtocol,
    limits: Limits,
    judge: Judge,
    /// r[end.japanese]: the copy while a play-out goes on, and the last one discarded.
    copy: Option<Judge>,
    discarded: Option<Judge>,
    clocks: Option<[Clock; 2]>,
    used: [Duration; 2],
    n: Requests,
    /// r[ref.cycle]: the situations of the game since the start or the last resumption.
    situations: Situations,
}

/// What one request did.
enum Step {
    /// The game goes on with these events for the protocol (none for a request that has none).
    Events(Vec<Event>),
    /// The game ended.
    Over {
        ending: Ending,
        finish: Option<Finish>,
        attempt: Option<Move>,
    },
}

fn over(ending: Ending) -> Step {
    Step::Over {
        ending,
        finish: None,
        attempt: None,
    }
}

/// Plays a game from `judge` (the empty game, or one after its opening already played and told)
/// with `opening` turns first, then as `protocol` asks, until it ends.
pub fn drive(
    protocol: &mut dyn EndProtocol,
    judge: Judge,
    opening: &[Move],
    seats: &mut dyn Seats,
    limits: Limits,
) -> Result<Driven, Stop> {
    let mut l = Loop {
        seats,
        protocol,
        limits,
        situations: Situations::new(&judge),
        judge,
        copy: None,
        discarded: None,
        clocks: limits.time.map(|t| [Clock::new(t), Clock::new(t)]),
        used: [Duration::ZERO; 2],
        n: Requests::default(),
    };
    let (ending, finish, attempt) = match l.start(opening)? {
        Some(ending) => (ending, None, None),
        None => l.requests()?,
    };
    Ok(Driven {
        judge: l.judge,
        ending,
        finish,
        attempt,
        copy: l.discarded.or(l.copy),
        requests: l.n,
        time_used: l.used,
    })
}

impl Loop<'_> {
    /// Starts both games and plays the opening (r[ref.start], r[ref.match.opening]).
    fn start(&mut self, opening: &[Move]) -> Result<Option<Ending>, Stop> {
        for p in [Player::Black, Player::White] {
            if let Err(f) = self.seats.start(p) {
                return failure(p, f).map(Some);
            }
        }
        // r[ref.handicap]: the game starts from the stones, White to move.
        match self.seats.handicap() {
            Ok(None) => {}
            Ok(Some(stones)) => {
                let j = &self.judge;
                self.judge = Judge::with_handicap(j.size(), j.rules(), j.komi(), &stones);
                self.situations = Situations::new(&self.judge);
            }
            Err((p, f)) => return failure(p, f).map(Some),
        }
        for &mv in opening {
            let p = self.judge.to_move();
            let before = self.judge.grid();
            let report = self
                .judge
                .play(mv, true)
                .expect("openings are checked before the match");
            self.situations.after_turn(&self.judge);
            for q in [p, p.opponent()] {
                if let Some(e) = self.tell(q, p, mv, &before, report)? {
                    return Ok(Some(e));
                }
            }
        }
        Ok(None)
    }

    /// Carries out the protocol's requests until the game ends.
    fn requests(&mut self) -> Result<(Ending, Option<Finish>, Option<Move>), Stop> {
        let mut queue: VecDeque<Request> = self.protocol.on(Event::Start, &self.judge).into();
        while let Some(request) = queue.pop_front() {
            self.n.total += 1;
            if self.n.total > MAX_REQUESTS {
                return Err(Stop::Broken(format!(
                    "{} requests: the protocol does not end",
                    self.n.total
                )));
            }
            match self.request(request)? {
                Step::Events(events) => {
                    for event in events {
                        let game = self.copy.as_ref().unwrap_or(&self.judge);
                        queue.extend(self.protocol.on(event, game));
                    }
                }
                Step::Over {
                    ending,
                    finish,
                    attempt,
                } => {
                    if finish.is_some() && !queue.is_empty() {
                        return Err(Stop::Broken(format!(
                            "requests after the finish: {queue:?}"
                        )));
                    }
                    return Ok((ending, finish, attempt));
                }
            }
        }
        Err(Stop::Broken(
            "the protocol stopped without finishing the game".into(),
        ))
    }

    fn request(&mut self, request: Request) -> Result<Step, Stop> {
        let on_copy = self.copy.is_some();
        let both = [Player::Black, Player::White];
        match request {
            Request::Genmove(p) | Request::Cleanup(p) => {
                let cleanup = matches!(request, Request::Cleanup(_));
                if cleanup {
                    self.n.cleanup += 1;
                } else {
                    self.n.genmove += 1;
                }
                let board = self.copy.as_ref().unwrap_or(&self.judge);
                if p != board.to_move() || board.is_over() {
                    return Err(Stop::Broken(format!(
                        "{request:?} with {} to move, the game {}",
                        board.to_move(),
                        if board.is_over() { "over" } else { "going on" }
                    )));
                }
                // r[ref.limit] on the game; a copy's turns are bounded by the protocol.
                if let (Some(n), false) = (self.limits.max_turns, on_copy) {
                    if self.judge.turns().len() as u32 >= n {
                        return Ok(over(Ending {
                            by: EndKind::MoveLimit,
                            player: None,
                            reason: None,
                            clause: Clause::RefLimit,
                            detail: format!("the game reached the move limit of {n} turns"),
                        }));
                    }
                }
                self.turn(
                    p,
                    TurnKind {
                        cleanup,
                        copy: on_copy,
                    },
                )
            }
            Request::DeadList(p) => {
                self.n.dead_list += 1;
                if on_copy {
                    return Err(Stop::Broken("a dead list asked on a copy".into()));
                }
                match self.seats.dead_list(&self.judge, p) {
                    Ok(list) => Ok(Step::Events(vec![Event::DeadList { player: p, list }])),
                    Err(f) => failure(p, f).map(over),
                }
            }
            Request::Arbiter => {
                self.n.arbiter += 1;
                if on_copy {
                    return Err(Stop::Broken("the arbiter asked on a copy".into()));
                }
                let list = self.seats.arbiter(&self.judge)?;
                Ok(Step::Events(vec![Event::Arbiter { list }]))
            }
            Request::Resume => {
                self.n.resume += 1;
                let board = self.copy.as_mut().unwrap_or(&mut self.judge);
                board
                    .resume()
                    .map_err(|e| Stop::Broken(format!("a resumption refused: {e}")))?;
                if !on_copy {
                    // r[ref.cycle]: the count starts again at a resumption of the game.
                    self.situations = Situations::new(&self.judge);
                }
                for p in both {
                    if let Err(f) = self.seats.resumed(p) {
                        return failure(p, f).map(over);
                    }
                }
                Ok(Step::Events(Vec::new()))
            }
            Request::Copy => {
                self.n.copy += 1;
                if on_copy {
                    return Err(Stop::Broken("a copy of a copy".into()));
                }
                self.copy = Some(self.judge.clone());
                Ok(Step::Events(Vec::new()))
            }
            Request::Discard => {
                self.n.discard += 1;
                let copy = self.copy.take();
                self.discarded = Some(copy.ok_or(Stop::Broken("a discard without a copy".into()))?);
                // r[end.japanese]: the engines are given the original game again.
                for p in both {
                    if let Err(f) = self.seats.give_game(&self.judge, p) {
                        return failure(p, f).map(over);
                    }
                }
                Ok(Step::Events(Vec::new()))
            }
            Request::Finish(f) => self.finish(f),
        }
    }

    /// One turn of `p`: the answer, ruled on (r[ref.order]), played and told to the opponent.
    fn turn(&mut self, p: Player, kind: TurnKind) -> Result<Step, Stop> {
        let board = self.copy.as_mut().unwrap_or(&mut self.judge);
        let mut clock = self.clocks.as_mut().map(|c| &mut c[p as usize]);
        let budget = clock.as_deref().map(Clock::budget);
        let wait = budget.unwrap_or(self.limits.timeout);
        let answer = self.seats.genmove(board, p, kind, clock.as_deref(), wait)?;
        if !matches!(answer.came, Came::Fault { .. }) {
            self.used[p as usize] += answer.took;
        }
        let asked = Asked {
            player: p,
            command: answer.command,
        };
        let mv = match ruling::rule(asked, &answer.came, answer.took, budget, board) {
            Ruling::Turn(mv) => mv,
            Ruling::Ends {
                ending,
                kill,
                attempt,
            } => {
                if kill {
                    self.seats.kill(p);
                }
                return Ok(Step::Over {
                    ending,
                    finish: None,
                    attempt,
                });
            }
        };
        if let Some(c) = clock.as_deref_mut() {
            // Within the budget: the ruling saw to that.
            let _ = c.charge(answer.took);
        }
        let before = board.grid();
        let report = board.play(mv, false).expect("ruled legal");
        if let Some(c) = clock.as_deref() {
            board.set_time_left(c.left_secs());
            board.set_overtime(c.overtime_count());
        }
        if let Some(e) = self.tell(p.opponent(), p, mv, &before, report)? {
            return Ok(over(e));
        }
        if !kind.copy && self.situations.after_turn(&self.judge) {
            return Ok(over(self.cycle()));
        }
        Ok(Step::Events(vec![Event::Turn { player: p, mv }]))
    }

    /// r[ref.cycle]: the game is void, its situation having occurred three times.
    fn cycle(&self) -> Ending {
        let since = if self.judge.resumptions().is_empty() {
            "the start of the game"
        } else {
            "the last resumption of play"
        };
        Ending {
            by: EndKind::VoidCycle,
            player: None,
            reason: None,
            clause: Clause::RefCycle,
            detail: format!(
                "the game is void: after turn {}, the situation (colouring and player to move) \
                 has occurred {OCCURRENCES} times since {since}, passes included (a cycle under \
                 simple ko that no rule of the game ends)",
                self.judge.turns().len()
            ),
        }
    }

    /// Tells `q` the turn `mv` of `p` (when `q` is not `p`, whose engine played it itself, except
    /// in the opening, which both are told). A refusal of a legal turn loses for `q`
    /// (r[ref.refusal]).
    fn tell(
        &mut self,
        q: Player,
        p: Player,
        mv: Move,
        before: &ttrules_spec::Grid,
        report: ttrules_spec::TurnReport,
    ) -> Result<Option<Ending>, Stop> {
        match self.seats.tell(q, p, mv) {
            Ok(Ok(())) => Ok(None),
            Ok(Err(said)) => {
                let clause = legal_clause(before, self.judge.rules(), mv, report);
                Ok(Some(Ending {
                    by: EndKind::Refusal,
                    player: Some(q),
                    reason: None,
                    clause: Clause::RefRefusal,
                    detail: format!(
                        "{q}'s engine refused the legal turn {} {} (legal by {clause}): it \
                         answered \"? {}\"",
                        p.letter(),
                        mv.gtp(),
                        said.trim()
                    ),
                }))
            }
            Err(f) => failure(q, f).map(Some),
        }
    }

    /// The protocol's finish: scored with its removed stones, or void.
    fn finish(&mut self, f: Finish) -> Result<Step, Stop> {
        if self.copy.is_some() {
            return Err(Stop::Broken("a finish with the copy open".into()));
        }
        let name = self.protocol.name();
        let ending = match &f {
            Finish::Score { dead } => {
                if let Err(e) = self.judge.outcome(dead) {
                    return Err(Stop::Broken(format!(
                        "a finish with a wrong dead stone: {e}"
                    )));
                }
                Ending {
                    by: EndKind::Score,
                    player: None,
                    reason: None,
                    clause: self.protocol.clause(),
                    detail: if dead.is_empty() {
                        format!(
                            "the game ended by the ruleset's end and was scored with every \
                             stone alive (end protocol {name})"
                        )
                    } else {
                        format!(
                            "the game ended by the ruleset's end and was scored with {} \
                             removed (end protocol {name})",
                            count(dead.len() as u64, "stone")
                        )
                    },
                }
            }
            Finish::Void { reason } => Ending {
                by: EndKind::VoidCycle,
                player: None,
                reason: None,
                clause: Clause::VarKoSimpleCycle,
                detail: format!("the game is void: {reason}"),
            },
        };
        Ok(Step::Over {
            ending,
            finish: Some(f),
            attempt: None,
        })
    }
}
