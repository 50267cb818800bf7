//! One game: the match loop. It starts both engines' games, plays the opening, then carries out
//! what the end protocol asks (`super::end`), judging every answer on the [`Judge`] and ending the
//! game by the rules of section 25 of the spec (r[ref.illegal], r[ref.refusal], r[ref.resign],
//! r[ref.time], r[ref.fault], r[ref.order], r[ref.limit]).

use super::clock::Clock;
use super::end::{EndReport, Event, Finish, Request};
use super::end_io;
use super::engine::{Failure, Genmove, Supervised};
use super::judge::{legal_clause, Judge};
use super::{AtLimit, Config, OnFault};
use std::collections::VecDeque;
use std::time::Duration;
use ttrules_gtp::client::Reply;
use ttrules_spec::{Clause, Move, Outcome, Player, Point};

/// How a game ended (r[ref.end]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndKind {
    Score,
    VoidCycle,
    Resignation,
    Time,
    Illegal,
    Refusal,
    Fault,
    MoveLimit,
}

impl EndKind {
    pub const ALL: [EndKind; 8] = [
        EndKind::Score,
        EndKind::VoidCycle,
        EndKind::Resignation,
        EndKind::Time,
        EndKind::Illegal,
        EndKind::Refusal,
        EndKind::Fault,
        EndKind::MoveLimit,
    ];

    pub fn word(self) -> &'static str {
        match self {
            EndKind::Score => "score",
            EndKind::VoidCycle => "void-cycle",
            EndKind::Resignation => "resignation",
            EndKind::Time => "time",
            EndKind::Illegal => "illegal",
            EndKind::Refusal => "refusal",
            EndKind::Fault => "fault",
            EndKind::MoveLimit => "move-limit",
        }
    }

    pub fn from_word(w: &str) -> Option<EndKind> {
        EndKind::ALL.into_iter().find(|k| k.word() == w)
    }
}

/// The end of a game, with who caused it and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub by: EndKind,
    /// The player who lost by it, or whose fault voided the game.
    pub player: Option<Player>,
    /// The verdict's reason for an illegal attempt (`occupied`, …).
    pub reason: Option<String>,
    /// The clause that decides it.
    pub clause: Clause,
    /// One sentence for the record.
    pub detail: String,
}

/// A finished game.
pub struct Played {
    pub judge: Judge,
    pub ending: Ending,
    /// `RE`.
    pub result: String,
    /// The outcome when the game was scored.
    pub outcome: Option<Outcome>,
    pub dead: Vec<Point>,
    /// Each player's `final_score` claim (r[ref.claims]), by colour.
    pub claims: [Option<String>; 2],
    /// The time each player's answers took, by colour.
    pub time_used: [Duration; 2],
    /// `PB`, `PW`.
    pub names: [String; 2],
    pub end: EndReport,
    /// The copy of `japanese`'s play-out (r[end.japanese]): the game's turns, then the copy's.
    pub copy: Option<Judge>,
}

/// The referee was interrupted: the game is not recorded.
#[derive(Debug)]
pub struct Interrupted;

/// The two engines of a game, by colour.
struct Seats<'a> {
    engines: &'a mut [Supervised; 2],
    black: usize,
}

impl Seats<'_> {
    fn of(&mut self, p: Player) -> &mut Supervised {
        match p {
            Player::Black => &mut self.engines[self.black],
            Player::White => &mut self.engines[1 - self.black],
        }
    }
}

fn lose(by: EndKind, p: Player, clause: Clause, detail: String) -> Ending {
    Ending {
        by,
        player: Some(p),
        reason: None,
        clause,
        detail,
    }
}

fn fault_ending(p: Player, kind: &str, detail: &str) -> Ending {
    lose(
        EndKind::Fault,
        p,
        Clause::RefFault,
        format!("{p}'s engine faulted ({kind}): {detail}"),
    )
}

/// Plays game `number` between `engines` (`black`: the index of the engine playing Black) from
/// the `opening` turns, as `cfg` says; `arbiter` is the arbiter engine of `--end arbiter`.
pub fn play(
    cfg: &Config,
    engines: &mut [Supervised; 2],
    mut arbiter: Option<&mut Supervised>,
    black: usize,
    seed: u64,
    opening: &[Move],
) -> Result<Played, Interrupted> {
    let mut seats = Seats { engines, black };
    let mut judge = Judge::new(cfg.size, cfg.rules, cfg.komi);
    let mut clocks = cfg.time.map(|t| [Clock::new(t), Clock::new(t)]);
    let mut used = [Duration::ZERO; 2];
    let mut protocol = cfg.end.machine_with(&cfg.end_options);
    let names = |s: &mut Seats| [Player::Black, Player::White].map(|p| s.of(p).name.clone());
    // The stones the end protocol removed (r[var.count.dead]).
    let mut dead: Vec<Point> = Vec::new();
    // r[end.japanese]: the copy while a play-out goes on, then as it was discarded.
    let mut copy: Option<Judge> = None;
    let mut discarded: Option<Judge> = None;
    let both = [Player::Black, Player::White];
    let ending = 'game: {
        for p in both {
            if let Err(f) = seats.of(p).new_game(seed, cfg) {
                break 'game failure(p, f)?;
            }
        }
        for &mv in opening {
            let p = judge.to_move();
            let before = judge.grid();
            let report = judge
                .play(mv, true)
                .expect("openings are checked before the match");
            for q in [p, p.opponent()] {
                if let Some(e) = tell(&mut seats, &judge, q, p, mv, &before, report)? {
                    break 'game e;
                }
            }
        }
        let mut queue: VecDeque<Request> = protocol.on(Event::Start, &judge).into();
        while let Some(request) = queue.pop_front() {
            match request {
                Request::Genmove(p) | Request::Cleanup(p) => {
                    // r[ref.limit] on the game; a copy's turns are bounded by the protocol.
                    if let (Some(n), None) = (cfg.max_turns, &copy) {
                        if judge.turns().len() as u32 >= n {
                            break 'game Ending {
                                by: EndKind::MoveLimit,
                                player: None,
                                reason: None,
                                clause: Clause::RefLimit,
                                detail: format!("the game reached the move limit of {n} turns"),
                            };
                        }
                    }
                    let cleanup = matches!(request, Request::Cleanup(_));
                    let clock = clocks.as_mut().map(|c| &mut c[p as usize]);
                    let spent = &mut used[p as usize];
                    let board = copy.as_mut().unwrap_or(&mut judge);
                    match turn(&mut seats, board, clock, spent, p, cfg.timeout, cleanup)? {
                        Ok(mv) => {
                            let game = copy.as_ref().unwrap_or(&judge);
                            queue.extend(protocol.on(Event::Turn { player: p, mv }, game));
                        }
                        Err(e) => break 'game e,
                    }
                }
                Request::DeadList(p) => {
                    let list = end_io::dead_list(seats.of(p), &judge).map_err(|_| Interrupted)?;
                    // r[end.list]: an engine whose process had to be ended is given the game again.
                    if !seats.of(p).running() {
                        if let Err(f) = end_io::give_game(seats.of(p), seed, cfg, &judge) {
                            break 'game failure(p, f)?;
                        }
                    }
                    queue.extend(protocol.on(Event::DeadList { player: p, list }, &judge));
                }
                Request::Arbiter => {
                    let list = match arbiter.as_deref_mut() {
                        Some(a) => end_io::ask_arbiter(a, seed, cfg, &judge)?,
                        None => None,
                    };
                    queue.extend(protocol.on(Event::Arbiter { list }, &judge));
                }
                Request::Resume => {
                    let board = copy.as_mut().unwrap_or(&mut judge);
                    board
                        .resume()
                        .expect("a protocol resumes only a game that ended, not void");
                    for p in both {
                        if let Err(f) = end_io::tell_resume(seats.of(p)) {
                            break 'game failure(p, f)?;
                        }
                    }
                }
                Request::Copy => copy = Some(judge.clone()),
                Request::Discard => {
                    discarded = copy.take();
                    // r[end.japanese]: the engines are given the original game again.
                    for p in both {
                        if let Err(f) = end_io::give_game(seats.of(p), seed, cfg, &judge) {
                            break 'game failure(p, f)?;
                        }
                    }
                }
                Request::Finish(Finish::Score { dead: removed }) => {
                    dead = removed;
                    break 'game Ending {
                        by: EndKind::Score,
                        player: None,
                        reason: None,
                        clause: protocol.clause(),
                        detail: if dead.is_empty() {
                            format!(
                                "the game ended by the ruleset's end and was scored with every \
                                 stone alive (end protocol {})",
                                protocol.name()
                            )
                        } else {
                            format!(
                                "the game ended by the ruleset's end and was scored with {} \
                                 stones removed (end protocol {})",
                                dead.len(),
                                protocol.name()
                            )
                        },
                    };
                }
                Request::Finish(Finish::Void { reason }) => {
                    break 'game Ending {
                        by: EndKind::VoidCycle,
                        player: None,
                        reason: None,
                        clause: Clause::VarKoSimpleCycle,
                        detail: format!("the game is void: {reason}"),
                    };
                }
            }
        }
        unreachable!("an end protocol stopped without finishing the game")
    };
    // A game that ended on the copy (a loss there) keeps the copy for its record.
    let copy = discarded.or(copy);
    let scored = match ending.by {
        EndKind::Score => true,
        EndKind::MoveLimit => cfg.at_limit == AtLimit::Score,
        _ => false,
    };
    let outcome = scored.then(|| {
        judge
            .outcome(&dead)
            .expect("the removed stones are on the grid")
    });
    let result = match (&ending, outcome) {
        (_, Some(o)) => o.sgf_result(),
        (
            Ending {
                by: EndKind::Fault, ..
            },
            _,
        ) if cfg.on_fault == OnFault::Void => "Void".into(),
        (
            Ending {
                by,
                player: Some(p),
                ..
            },
            None,
        ) => {
            let letter = match by {
                EndKind::Resignation => "R",
                EndKind::Time => "T",
                _ => "F",
            };
            format!("{}+{letter}", p.opponent().letter())
        }
        _ => "Void".into(),
    };
    let mut claims = [None, None];
    if scored {
        for p in [Player::Black, Player::White] {
            let e = seats.of(p);
            if e.has("final_score") {
                claims[p as usize] = match e.ask("final_score") {
                    Ok(Reply::Success(t)) => Some(t.trim().to_string()),
                    Ok(Reply::Failure(t)) => Some(format!("? {}", t.trim())),
                    Err(Failure::Interrupted) => return Err(Interrupted),
                    Err(Failure::Fault { kind, .. }) => Some(format!("(no answer: {kind})")),
                };
            }
        }
    }
    Ok(Played {
        names: names(&mut seats),
        judge,
        ending,
        result,
        outcome,
        dead,
        claims,
        time_used: used,
        end: protocol.report(),
        copy,
    })
}

/// The ending a failure of `p`'s engine makes, or the interruption.
fn failure(p: Player, f: Failure) -> Result<Ending, Interrupted> {
    match f {
        Failure::Interrupted => Err(Interrupted),
        Failure::Fault { kind, detail } => Ok(fault_ending(p, kind, &detail)),
    }
}

/// Tells `q` the turn `mv` of `p` (when `q` is not `p`, whose engine played it itself, except in
/// the opening, which both are told). A refusal of a legal turn loses for `q` (r[ref.refusal]).
fn tell(
    seats: &mut Seats,
    judge: &Judge,
    q: Player,
    p: Player,
    mv: Move,
    before: &ttrules_spec::Grid,
    report: ttrules_spec::TurnReport,
) -> Result<Option<Ending>, Interrupted> {
    match seats.of(q).play(p, mv) {
        Ok(Ok(())) => Ok(None),
        Ok(Err(said)) => {
            let clause = legal_clause(before, judge.rules(), mv, report);
            Ok(Some(lose(
                EndKind::Refusal,
                q,
                Clause::RefRefusal,
                format!(
                    "{q}'s engine refused the legal turn {} {} (legal by {clause}): it answered \
                     \"? {}\"",
                    p.letter(),
                    mv.gtp(),
                    said.trim()
                ),
            )))
        }
        Err(f) => failure(q, f).map(Some),
    }
}

/// One turn of `p`: `time_left`, `genmove` on the clock, the judgement, `play` to the opponent.
/// `Ok(Err(ending))` when it ends the game.
fn turn(
    seats: &mut Seats,
    judge: &mut Judge,
    mut clock: Option<&mut Clock>,
    used: &mut Duration,
    p: Player,
    timeout: Duration,
    cleanup: bool,
) -> Result<Result<Move, Ending>, Interrupted> {
    let e = seats.of(p);
    // r[end.engines]: a cleanup turn is `kgs-genmove_cleanup` where the engine has it.
    let command = if cleanup && e.has("kgs-genmove_cleanup") {
        "kgs-genmove_cleanup"
    } else {
        "genmove"
    };
    if let Some(c) = clock.as_deref() {
        if e.has("time_left") {
            if let Err(f) = e.ask(&c.time_left_command(p)) {
                return failure(p, f).map(Err);
            }
        }
    }
    let wait = clock.as_deref().map_or(timeout, Clock::budget);
    let answer = match e.genmove_with(command, p, wait) {
        Ok(a) => a,
        Err(f) => return failure(p, f).map(Err),
    };
    // r[ref.order]: time first, then a fault, a resignation, an illegal attempt.
    let (reply, took) = match answer {
        Genmove::Answer { reply, took } => (reply, took),
        Genmove::NoAnswer { waited } => {
            *used += waited;
            return Ok(Err(match clock.as_deref_mut() {
                Some(c) => {
                    let had = c.budget();
                    let _ = c.charge(waited);
                    lose(
                        EndKind::Time,
                        p,
                        Clause::RefTime,
                        format!(
                            "{p} lost on time: no answer to {command} within the {:.3} s left",
                            had.as_secs_f64()
                        ),
                    )
                }
                None => fault_ending(
                    p,
                    "hang",
                    &format!(
                        "no answer to {command} within the command timeout of {:.3} s",
                        waited.as_secs_f64()
                    ),
                ),
            }));
        }
    };
    *used += took;
    if let Some(c) = clock.as_deref_mut() {
        if let Err(late) = c.charge(took) {
            seats.of(p).kill();
            return Ok(Err(lose(
                EndKind::Time,
                p,
                Clause::RefTime,
                format!(
                    "{p} lost on time: {command} took {:.3} s with {:.3} s left",
                    late.took.as_secs_f64(),
                    late.had.as_secs_f64()
                ),
            )));
        }
    }
    let text = match reply {
        Reply::Success(t) => t.trim().to_string(),
        Reply::Failure(t) => {
            seats.of(p).kill();
            return Ok(Err(fault_ending(
                p,
                "genmove failed",
                &format!("{command} answered \"? {}\"", t.trim()),
            )));
        }
    };
    if text.eq_ignore_ascii_case("resign") {
        return Ok(Err(lose(
            EndKind::Resignation,
            p,
            Clause::RefResign,
            format!("{p} resigned"),
        )));
    }
    let mv = match Move::parse_gtp(&text) {
        Ok(mv) => mv,
        Err(e) => {
            seats.of(p).kill();
            return Ok(Err(fault_ending(
                p,
                "garbage",
                &format!("{command} answered {text:?}, which is no vertex: {e}"),
            )));
        }
    };
    if let Err(why) = judge.check(mv) {
        return Ok(Err(Ending {
            by: EndKind::Illegal,
            player: Some(p),
            reason: Some(why.reason().to_string()),
            clause: why.clause(),
            detail: format!(
                "{p}'s {command} answered {}, an illegal attempt: {why}; {p} loses by forfeit \
                 (r[ref.illegal])",
                mv.gtp()
            ),
        }));
    }
    let before = judge.grid();
    let report = judge.play(mv, false).expect("checked legal");
    if let Some(c) = clock.as_deref() {
        judge.set_time_left(c.left_secs());
    }
    match tell(seats, judge, p.opponent(), p, mv, &before, report)? {
        Some(e) => Ok(Err(e)),
        None => Ok(Ok(mv)),
    }
}
