//! The referee's loop without processes: a protocol driven by scripted players on a [`Judge`],
//! through the very loop `super::super::game::play` drives with engines
//! (`crate::driver`: the same requests, the same events, the move limit before each turn
//! on the game, a copy as the game in play). Tests,
//! property tests and the `end_protocol` fuzz target run every protocol through it, and [`check`]
//! states what must hold of every run (r[end.bound], r[end.concession], r[end.dispute]).
//!
//! A protocol that breaks the contract of `super` (a turn for the wrong player or after the end, a
//! resumption refused, a finish with a copy open or stones that are not on the board, a request
//! after the finish, no finish at all, too many requests) makes [`run`] fail with a sentence.

use crate::clock::Clock;
use crate::driver::{self, Answer, Limits, Seats, Stop, TurnKind};
use crate::end::{vertices, Counts, EndProtocol, EndReport, Finish, RoundOutcome};
use crate::ending::{EndKind, Failure, Interrupted};
use crate::judge::Judge;
use crate::ruling::{Came, Reply};
use std::collections::VecDeque;
use std::time::Duration;
use ttrules_games::Rng;
use ttrules_reference::Reference;
use ttrules_spec::{Colour, Engine, Grid, Move, Player, Point};

/// The players (and the arbiter) of a simulated game.
pub trait Players {
    /// `player`'s turn on `game`, the game in play (`cleanup`: a cleanup genmove; `copy`: on a
    /// copy). An illegal answer loses, as r[ref.illegal] says.
    fn genmove(&mut self, game: &Judge, player: Player, cleanup: bool, copy: bool) -> Move;
    /// `player`'s dead list on `game` (`None`: it marks nothing).
    fn dead_list(&mut self, game: &Judge, player: Player) -> Option<Vec<Point>>;
    /// The arbiter engine's dead list.
    fn arbiter(&mut self, _game: &Judge) -> Option<Vec<Point>> {
        None
    }
}

/// How a simulated game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// The protocol finished it.
    Finished(Finish),
    /// A player's answer was illegal (r[ref.illegal]).
    Illegal { player: Player, mv: Move },
    /// The move limit (r[ref.limit]).
    MoveLimit,
}

/// How many requests of each kind a run carried out.
pub use crate::driver::{Requests, MAX_REQUESTS};

/// A simulated game.
#[derive(Clone, Debug)]
pub struct Run {
    /// The game (never a copy).
    pub judge: Judge,
    pub ending: Ending,
    pub report: EndReport,
    /// The last copy, as it was discarded.
    pub copy: Option<Judge>,
    pub requests: Requests,
    /// The ending as the referee records it (kind, clause, sentence).
    pub ended: crate::ending::Ending,
}

/// Scripted players in the seats of the match loop: every answer a GTP vertex at once, every
/// `play` accepted, nothing that faults.
struct Scripted<'a>(&'a mut dyn Players);

impl Seats for Scripted<'_> {
    fn start(&mut self, _p: Player) -> Result<(), Failure> {
        Ok(())
    }

    fn tell(&mut self, _q: Player, _p: Player, _mv: Move) -> Result<Result<(), String>, Failure> {
        Ok(Ok(()))
    }

    fn genmove(
        &mut self,
        game: &Judge,
        p: Player,
        turn: TurnKind,
        _clock: Option<&Clock>,
        _wait: Duration,
    ) -> Result<Answer, Interrupted> {
        let mv = self.0.genmove(game, p, turn.cleanup, turn.copy);
        Ok(Answer {
            command: "genmove",
            came: Came::Reply(Reply::Success(mv.gtp())),
            took: Duration::ZERO,
        })
    }

    fn kill(&mut self, _p: Player) {}

    fn dead_list(&mut self, game: &Judge, p: Player) -> Result<Option<Vec<Point>>, Failure> {
        Ok(self.0.dead_list(game, p))
    }

    fn arbiter(&mut self, game: &Judge) -> Result<Option<Vec<Point>>, Interrupted> {
        Ok(self.0.arbiter(game))
    }

    fn resumed(&mut self, _p: Player) -> Result<(), Failure> {
        Ok(())
    }

    fn give_game(&mut self, _game: &Judge, _p: Player) -> Result<(), Failure> {
        Ok(())
    }
}

/// Drives `protocol` from `judge` (after its opening) to its end, through the match loop
/// (`crate::driver`) that real engines run.
pub fn run(
    protocol: &mut dyn EndProtocol,
    judge: Judge,
    players: &mut dyn Players,
    max_turns: Option<u32>,
) -> Result<Run, String> {
    let limits = Limits {
        max_turns,
        time: None,
        timeout: Duration::MAX,
    };
    let d = match driver::drive(protocol, judge, &[], &mut Scripted(players), limits) {
        Ok(d) => d,
        Err(Stop::Broken(why)) => return Err(why),
        Err(Stop::Interrupted) => return Err("interrupted".into()),
    };
    let ending = match (d.finish, d.ending.by, d.ending.player, d.attempt) {
        (Some(f), _, _, _) => Ending::Finished(f),
        (None, EndKind::MoveLimit, _, _) => Ending::MoveLimit,
        // r[ref.cycle]: void, as the referee rules it.
        (None, EndKind::VoidCycle, _, _) => Ending::Finished(Finish::Void {
            reason: d.ending.detail.clone(),
        }),
        (None, EndKind::Illegal, Some(player), Some(mv)) => Ending::Illegal { player, mv },
        _ => return Err(format!("a scripted game ended so: {}", d.ending.detail)),
    };
    Ok(Run {
        judge: d.judge,
        ending,
        report: protocol.report(),
        copy: d.copy,
        requests: d.requests,
        ended: d.ending,
    })
}

/// The points of GTP vertices (as the report writes them) on `g`.
fn points(g: &Grid, vs: &[String]) -> Vec<Point> {
    vs.iter()
        .filter_map(|v| Point::parse_gtp_on(v, g.size()).ok())
        .collect()
}

/// What must hold of every run, whatever the players did: `Err` with a sentence otherwise.
///
/// - r[end.bound]: two lists per round and at most one arbiter question; at most one round more
///   than the moves after the first end; the turns asked are the turns played.
/// - Only conceded, agreed, arbitrated or captured stones are removed: every removed stone holds a
///   stone on the final position and is a concession of the last round (r[end.concession]), a
///   disputed stone the arbiter called dead (or one it called dead with no lists asked), or a
///   stone of a disputed chain found dead on the copy (r[end.japanese.final-status]); `kgs` after
///   its cleanup and `tromp-taylor` remove nothing.
/// - The result is the score of the final position: the reference engine, given the same turns
///   and resumptions, gives the judge's outcome with the removed stones; under `jihuozi`, the
///   count of living stones with komi gives it too.
/// - The record of each round agrees with its outcome (r[end.round]).
pub fn check(run: &Run) -> Result<(), String> {
    check_bound(run)?;
    check_rounds(&run.report)?;
    let Ending::Finished(Finish::Score { dead }) = &run.ending else {
        return Ok(());
    };
    check_removed(run, dead)?;
    let reference = check_score(&run.judge, dead)?;
    if let Some(c) = &run.report.count {
        check_count(&run.judge, &reference, dead, c)?;
    }
    Ok(())
}

/// r[end.bound]: the lists, rounds and turns a run asked, against its rounds and turns.
fn check_bound(run: &Run) -> Result<(), String> {
    let j = &run.judge;
    let r = &run.report;
    let n = &run.requests;
    // r[end.bound].
    if n.dead_list % 2 != 0 && !matches!(run.ending, Ending::Illegal { .. }) {
        return Err(format!("an odd number of dead lists: {}", n.dead_list));
    }
    let asked_rounds = r
        .rounds
        .iter()
        .filter(|x| x.black_dead.is_some() || x.white_dead.is_some() || x.arbiter.is_none())
        .count();
    if n.dead_list > 2 * r.rounds.len() + 2 || n.arbiter > r.rounds.len() {
        return Err(format!(
            "{n:?} for {} rounds ({asked_rounds} with lists)",
            r.rounds.len()
        ));
    }
    if let Some(first) = r.rounds.first() {
        let moves_after: usize = j.turns()[first.turn.min(j.turns().len())..]
            .iter()
            .filter(|t| t.mv != Move::Pass)
            .count();
        if r.rounds.len() > 1 + moves_after {
            return Err(format!(
                "{} rounds but {moves_after} moves after the first end",
                r.rounds.len()
            ));
        }
        if matches!(run.ending, Ending::Finished(Finish::Score { .. }))
            && r.extra_turns != j.turns().len() - first.turn + r.copy_turns
        {
            return Err(format!(
                "extra turns {} but {} turns after the first end and {} on a copy",
                r.extra_turns,
                j.turns().len() - first.turn,
                r.copy_turns
            ));
        }
    }
    let copy_turns = run
        .copy
        .as_ref()
        .map_or(0, |c| c.turns().len() - j.turns().len());
    let illegal = usize::from(matches!(run.ending, Ending::Illegal { .. }));
    if n.genmove + n.cleanup != j.turns().len() + copy_turns + illegal
        && run.ending != Ending::MoveLimit
    {
        return Err(format!(
            "{} turns asked, {} played (+{copy_turns} on a copy)",
            n.genmove + n.cleanup,
            j.turns().len()
        ));
    }
    Ok(())
}

/// r[end.round]: a round is agreed exactly when nothing is disputed (or the arbiter alone decided).
fn check_rounds(r: &EndReport) -> Result<(), String> {
    for (i, round) in r.rounds.iter().enumerate() {
        let agreed = round.outcome == RoundOutcome::Agreed;
        let no_lists = round.black_dead.is_none() && round.white_dead.is_none();
        let arbitrated_always =
            round.outcome == RoundOutcome::Arbitrated && round.arbiter.is_some();
        if agreed != round.disputed.is_empty() && !(arbitrated_always && no_lists) {
            return Err(format!("round {}: {round:?}", i + 1));
        }
    }
    Ok(())
}

/// The stones removed are those the finish names, each conceded, agreed, arbitrated or captured
/// on the copy in the last round.
fn check_removed(run: &Run, dead: &[Point]) -> Result<(), String> {
    let g = run.judge.grid();
    let r = &run.report;
    if r.removed != vertices(dead) {
        return Err(format!(
            "removed {:?} but finished with {dead:?}",
            r.removed
        ));
    }
    let mut allowed: Vec<Point> = Vec::new();
    if let Some(last) = r.rounds.last() {
        for (list, c) in [
            (&last.black_dead, Colour::Black),
            (&last.white_dead, Colour::White),
        ] {
            allowed.extend(
                points(&g, list.as_deref().unwrap_or_default())
                    .into_iter()
                    .filter(|&p| g.get(p) == c),
            );
        }
        let disputed = points(&g, &last.disputed);
        if let Some(a) = &last.arbiter {
            let no_lists = last.black_dead.is_none() && last.white_dead.is_none();
            allowed.extend(
                points(&g, a)
                    .into_iter()
                    .filter(|p| no_lists || disputed.contains(p)),
            );
        }
        if let Some(c) = &last.copy_dead {
            allowed.extend(points(&g, c));
        }
        if r.protocol == "kgs" && last.outcome == RoundOutcome::Resumed && !dead.is_empty() {
            return Err("kgs removed stones after its cleanup".into());
        }
    }
    for &p in dead {
        if g.get(p) == Colour::Empty || !allowed.contains(&p) {
            return Err(format!(
                "{} removed, neither conceded, agreed, arbitrated nor captured on the copy",
                p.gtp()
            ));
        }
    }
    Ok(())
}

/// The result is the score of the final position: the judge's outcome equals the reference
/// engine's, replaying the game's turns and resumptions. The reference at the end is returned.
fn check_score(j: &Judge, dead: &[Point]) -> Result<Reference, String> {
    let mut reference = Reference::from_setup(&ttrules_spec::Setup::empty(j.size()), j.rules())
        .map_err(|e| e.to_string())?;
    let resumed = j.resumptions();
    for (i, t) in j.turns().iter().enumerate() {
        if resumed.contains(&i) {
            reference
                .resume()
                .map_err(|e| format!("turn {}: {e}", i + 1))?;
        }
        reference
            .play(t.mv)
            .map_err(|e| format!("turn {}: the reference refuses {}: {e}", i + 1, t.mv))?;
    }
    let want = reference
        .outcome(j.komi(), dead)
        .map_err(|e| e.to_string())?;
    let got = j.outcome(dead).map_err(|e| e.to_string())?;
    if want != got {
        return Err(format!(
            "the judge's outcome {got:?}, the reference's {want:?}"
        ));
    }
    Ok(reference)
}

/// Under `jihuozi`: the count of living stones is the independent-life area score, gives the
/// score's outcome when the scores agree, and adds up (r[finish.count.agree]).
fn check_count(j: &Judge, reference: &Reference, dead: &[Point], c: &Counts) -> Result<(), String> {
    let got = j.outcome(dead).map_err(|e| e.to_string())?;
    let (b, w) = (c.black.ideal as i64 * 2, c.white.ideal as i64 * 2);
    let diff = ttrules_spec::HalfPoints::halves(b - w) - j.komi().value();
    let counted = match diff.as_halves() {
        0 => ttrules_spec::Outcome::Tie,
        d if d > 0 => ttrules_spec::Outcome::Win {
            winner: Player::Black,
            margin: diff,
        },
        _ => ttrules_spec::Outcome::Win {
            winner: Player::White,
            margin: ttrules_spec::HalfPoints::ZERO - diff,
        },
    };
    // r[finish.note.tax.blocks]: the count is the area score less two per independent-life
    // region (what the finish reads); the jihuozi ruleset taxes blocks, and the two outcomes
    // agree when those scores do.
    let ilr =
        ttrules_reference::score::independent_life_area_score(reference.record().grid(), dead)
            .map_err(|e| e.to_string())?;
    if [c.black.ideal as i64, c.white.ideal as i64] != ilr {
        return Err(format!(
            "the count {c:?} is not the independent-life area score {ilr:?}"
        ));
    }
    let score = reference.score_with_dead(dead).map_err(|e| e.to_string())?;
    let same = [score.black.as_halves(), score.white.as_halves()] == [2 * ilr[0], 2 * ilr[1]];
    if same && counted != got {
        return Err(format!(
            "the count {c:?} gives {counted:?}, the score {got:?}"
        ));
    }
    if c.black.board + c.black.roads != c.black.ideal
        || c.white.board + c.white.roads != c.white.ideal
    {
        return Err(format!("r[finish.count.agree]: {c:?}"));
    }
    Ok(())
}

/// Players driven by bytes, for property tests and fuzzing: each decision takes the next byte
/// (and when the bytes run out, players pass and mark nothing, so every game ends).
pub struct BytePlayers<'a> {
    bytes: std::slice::Iter<'a, u8>,
    /// A byte below this is a pass.
    pub pass_below: u8,
}

impl<'a> BytePlayers<'a> {
    pub fn new(bytes: &'a [u8], pass_below: u8) -> BytePlayers<'a> {
        BytePlayers {
            bytes: bytes.iter(),
            pass_below,
        }
    }

    fn byte(&mut self) -> Option<u8> {
        self.bytes.next().copied()
    }

    /// A dead list of one of the kinds the tests name: none, empty, the proven dead stones, every
    /// stone, every stone of the opponent, every own stone, or a random set.
    fn list(&mut self, game: &Judge, player: Option<Player>) -> Option<Vec<Point>> {
        let g = game.grid();
        let stones = |f: &dyn Fn(Colour) -> bool| -> Vec<Point> {
            g.size().points().filter(|&p| f(g.get(p))).collect()
        };
        let own = player.map_or(Colour::Empty, Player::colour);
        match self.byte()? % 8 {
            0 => None,
            1 => Some(Vec::new()),
            2 | 7 => Some(crate::end::arbiter::Arbiter::proven(game)),
            3 => Some(stones(&|c| c != Colour::Empty)),
            4 => Some(stones(&|c| c != Colour::Empty && c != own)),
            5 => Some(stones(&|c| c == own && c != Colour::Empty)),
            _ => {
                let mut rng = Rng::new(u64::from(self.byte().unwrap_or(0)));
                Some(
                    stones(&|c| c != Colour::Empty)
                        .into_iter()
                        .filter(|_| rng.percent(30))
                        .collect(),
                )
            }
        }
    }
}

impl Players for BytePlayers<'_> {
    fn genmove(&mut self, game: &Judge, _player: Player, _cleanup: bool, _copy: bool) -> Move {
        let legal = game.engine().legal_points();
        match self.byte() {
            Some(b) if b >= self.pass_below && !legal.is_empty() => {
                Move::Play(legal[usize::from(b) % legal.len()])
            }
            _ => Move::Pass,
        }
    }

    fn dead_list(&mut self, game: &Judge, player: Player) -> Option<Vec<Point>> {
        self.list(game, Some(player))
    }

    fn arbiter(&mut self, game: &Judge) -> Option<Vec<Point>> {
        self.list(game, None)
    }
}

/// Scripted players for the tests: each player's turns in order (then passes), each player's dead
/// list for each round in order (the last one repeated), the arbiter's answer, and a record of
/// which genmoves were cleanup turns and which were on a copy.
#[derive(Clone, Debug, Default)]
pub struct Script {
    pub moves: [VecDeque<Move>; 2],
    /// After the scripted moves: play a random legal move (seeded), never passing while one is
    /// left, instead of passing.
    pub then_random: [Option<u64>; 2],
    pub lists: [Vec<Option<Vec<Point>>>; 2],
    pub arbiter: Option<Vec<Point>>,
    /// Each genmove asked: (player, cleanup, copy).
    pub asked: Vec<(Player, bool, bool)>,
    rounds: [usize; 2],
    rngs: [Option<Rng>; 2],
}

impl Script {
    /// Players with these GTP vertices to play (`pass` allowed) and these lists per round
    /// (`None`: marks nothing).
    pub fn new(black: &[&str], white: &[&str]) -> Script {
        let moves = |vs: &[&str]| {
            vs.iter()
                .map(|v| Move::parse_gtp(v).expect("a GTP vertex"))
                .collect()
        };
        Script {
            moves: [moves(black), moves(white)],
            ..Script::default()
        }
    }

    /// Sets `player`'s lists, one per round, as GTP vertices (`None`: marks nothing).
    pub fn lists(mut self, player: Player, rounds: &[Option<&str>]) -> Script {
        self.lists[player as usize] = rounds
            .iter()
            .map(|r| {
                r.map(|s| {
                    s.split_whitespace()
                        .map(|v| Point::parse_gtp(v).expect("a GTP vertex"))
                        .collect()
                })
            })
            .collect();
        self
    }
}

impl Players for Script {
    fn genmove(&mut self, game: &Judge, player: Player, cleanup: bool, copy: bool) -> Move {
        self.asked.push((player, cleanup, copy));
        let i = player as usize;
        if let Some(mv) = self.moves[i].pop_front() {
            return mv;
        }
        if let Some(seed) = self.then_random[i] {
            let rng = self.rngs[i].get_or_insert_with(|| Rng::new(seed));
            let g = game.grid();
            let legal: Vec<Point> = game
                .engine()
                .legal_points()
                .into_iter()
                .filter(|&p| !ttrules_games::is_own_eye(&g, p, player))
                .collect();
            if let Some(p) = rng.pick(&legal) {
                return Move::Play(p);
            }
        }
        Move::Pass
    }

    fn dead_list(&mut self, _game: &Judge, player: Player) -> Option<Vec<Point>> {
        let i = player as usize;
        let k = self.rounds[i];
        self.rounds[i] += 1;
        let lists = &self.lists[i];
        lists.get(k).or(lists.last()).cloned().flatten()
    }

    fn arbiter(&mut self, _game: &Judge) -> Option<Vec<Point>> {
        self.arbiter.clone()
    }
}
