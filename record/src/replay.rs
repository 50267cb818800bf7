//! The replay pipeline of `ttrules replay`: the main line of each game of SGF records replayed and
//! scored (spec Part III for reading, Parts I and II for playing): one record ([`replay_record`]),
//! one file ([`replay_file`], or a game at a time: [`replay_each`]), many files in parallel
//! ([`replay_all`]) with a [`Summary`], the JSON document of a replay ([`document`]), and a game
//! up to its end for the finish ([`game_end`]).

mod bulk;
mod ended;
mod engine;
mod json;
pub mod shard;

use crate::dead_from::{self, DeadFrom, Source};
use engine::ReplayEngine;
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_sgf::{self as record, GameRecord, Overrides, Stop, StopCause, Warning};
use ttrules_spec::{
    DeadError, Engine, Grid, Illegal, Komi, Move, Outcome, PassAlive, Player, Point, Prisoners,
    Rules, Score, Setup, SetupError, Size,
};

pub use bulk::{collect_files, line, refused_json, replay_all, Summary};
pub use ended::{game_end, GameEnd};
pub use json::{document, JsonLines, JsonReplay};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum EngineChoice {
    /// The engine-speed implementation (`ttrules-fast`).
    Fast,
    /// The naive reference engine (`ttrules-reference`), the correctness anchor.
    Reference,
}

/// The game a replay plays: the record with the command line's choices applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub rules: Rules,
    pub komi: Komi,
    pub setup: Setup,
    pub moves: Vec<record::RecordMove>,
    pub dead: Vec<Point>,
}

impl Game {
    /// The game of a record read by [`record::read`], with no dead stones.
    pub fn from_game_record(g: &GameRecord) -> Game {
        Game {
            rules: g.rules,
            komi: g.komi,
            setup: g.setup.clone(),
            moves: g.moves.clone(),
            dead: Vec::new(),
        }
    }
}

/// What the caller overrides (r[rec.override]: the command line's `--rules`, `--komi`,
/// `--handicap`, `--strict`, `--dead`, `--dead-from`, `--engine`), read once.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub overrides: Overrides,
    /// `--dead` as written (parsed per record, on its board).
    pub dead: Option<String>,
    /// `--dead-from` (r[rec.dead.source]): an engine's judge is set by the caller, e.g.
    /// `ttrules_gtp::dead_from::parse`.
    pub dead_from: Option<DeadFrom>,
    pub engine: Option<EngineChoice>,
    /// Leave [`Replay::legal_moves`] and [`Replay::pass_alive`] empty, not computed: for callers
    /// that show neither (the games and moves tables). Nothing else a replay finds changes.
    pub skip_end_lists: bool,
}

/// What a replay found: every move judged up to the first illegal one, and the state it left.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub turns: Vec<TurnRecord>,
    pub illegal: Option<(TurnRecord, Illegal)>,
    /// The index in `Game::moves` of the first move after the end of the game, if any
    /// (r[rec.stop.after-end]).
    pub after_end: Option<usize>,
    pub over: bool,
    pub to_move: Player,
    pub grid: Grid,
    pub captures: Prisoners,
    pub prisoners: Prisoners,
    pub first_passer: Option<Player>,
    pub handicap: u32,
    pub score: Score,
    pub outcome: Outcome,
    pub legal_moves: Vec<Point>,
    /// Each player's pass-alive area at the end of the replay (r[life.area]).
    pub pass_alive: PassAlive,
}

/// One move of the record as replayed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    /// 1 for the first turn.
    pub number: usize,
    /// The main-line node holding the move.
    pub node: usize,
    pub player: Player,
    pub mv: Move,
    pub legal: bool,
    pub implied: bool,
    /// The opponent's stones the turn captured (r[tt.move.clear-opponent]).
    pub captured: u32,
}

/// Why a game could not be replayed at all.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("{0}")]
    Setup(#[from] SetupError),
    #[error("{0}")]
    Dead(#[from] DeadError),
}

/// Replays `game` on a new game of `E`, stopping at the first illegal move.
pub fn replay<E: Engine>(game: &Game) -> Result<Replay, ReplayError> {
    let mut e = E::from_setup(&game.setup, game.rules)?;
    let played = play(&mut e, game);
    let dead = &game.dead;
    let scored = (e.score_with_dead(dead)?, e.outcome(game.komi, dead)?);
    Ok(played.conclude(&e, scored, dead, true))
}

/// The moves of a game played on an engine, before the score: what a replay needs to decide the
/// dead stones (r[rec.dead.source]) and then score with them, on the same engine.
struct Played {
    turns: Vec<TurnRecord>,
    illegal: Option<(TurnRecord, Illegal)>,
    after_end: Option<usize>,
    captures: Prisoners,
}

/// Plays the moves of `game` on `e`, a new game from its setup, up to the first illegal move.
fn play<E: Engine>(e: &mut E, game: &Game) -> Played {
    let mut turns = Vec::with_capacity(game.moves.len());
    let mut illegal = None;
    let mut captures = Prisoners::default();
    let mut after_end = None;
    for (i, m) in game.moves.iter().enumerate() {
        // r[rec.resume]: a move marked `RESUME` after an end that is not void resumes the game;
        // r[rec.stop.after-end]: any other turn after the end is not part of the game.
        if e.is_over() && !(m.resume && e.resume().is_ok()) {
            after_end = Some(i);
            break;
        }
        let mut turn = TurnRecord {
            number: i + 1,
            node: m.node,
            player: m.player,
            mv: m.mv,
            legal: true,
            implied: m.implied,
            captured: 0,
        };
        debug_assert_eq!(
            m.player,
            e.to_move(),
            "the record reader enforces alternation"
        );
        match e.play(m.mv) {
            Ok(report) => {
                turn.captured = report.captured as u32;
                match m.player {
                    Player::Black => captures.black += turn.captured,
                    Player::White => captures.white += turn.captured,
                }
            }
            Err(why) => {
                turn.legal = false;
                turns.push(turn);
                illegal = Some((turn, why));
                break;
            }
        }
        turns.push(turn);
    }
    Played {
        turns,
        illegal,
        after_end,
        captures,
    }
}

impl Played {
    /// The replay on `e`, where it was played, with its final score and outcome with the stones
    /// `dead` (r[var.count.dead]); the legal points and pass-alive areas at the end only with
    /// `lists`.
    fn conclude<E: Engine>(
        self,
        e: &E,
        (score, outcome): (Score, Outcome),
        dead: &[Point],
        lists: bool,
    ) -> Replay {
        let mut prisoners = e.prisoners();
        let mut dead = dead.to_vec();
        dead.sort();
        dead.dedup();
        for &p in &dead {
            match e.colour_at(p).player() {
                Some(Player::Black) => prisoners.white += 1,
                Some(Player::White) => prisoners.black += 1,
                None => {}
            }
        }
        Replay {
            over: e.is_over(),
            to_move: e.to_move(),
            grid: e.grid(),
            first_passer: e.first_passer(),
            handicap: e.handicap(),
            legal_moves: if lists { e.legal_points() } else { Vec::new() },
            pass_alive: if lists {
                e.pass_alive()
            } else {
                PassAlive::default()
            },
            turns: self.turns,
            illegal: self.illegal,
            after_end: self.after_end,
            captures: self.captures,
            prisoners,
            score,
            outcome,
        }
    }
}

/// How one record ended, for reports and summaries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RecordOutcome {
    /// Every move replayed and the game reached its end.
    Over,
    /// Every move replayed; the game did not reach its end (a resignation, a timeout, …).
    Complete,
    /// Replayed up to an illegal move.
    Illegal,
    /// Replayed up to where the record stops being a game (r[rec.stop]).
    Stopped,
    /// Not replayed: refused (status 2).
    Refused,
}

impl RecordOutcome {
    pub fn word(self) -> &'static str {
        match self {
            RecordOutcome::Over => "over",
            RecordOutcome::Complete => "complete",
            RecordOutcome::Illegal => "illegal",
            RecordOutcome::Stopped => "stopped",
            RecordOutcome::Refused => "refused",
        }
    }

    /// The exit status of r[rec.stop]: 0, 1 for an illegal move or a stop, 2 for a refusal.
    pub fn status(self) -> u8 {
        match self {
            RecordOutcome::Over | RecordOutcome::Complete => 0,
            RecordOutcome::Illegal | RecordOutcome::Stopped => 1,
            RecordOutcome::Refused => 2,
        }
    }
}

/// One record replayed: the game, its replay, and what the record adds (warnings, stop, `RE`).
#[derive(Clone, Debug)]
pub struct Replayed {
    pub record: GameRecord,
    pub game: Game,
    pub replay: Replay,
    pub engine: &'static str,
    pub warnings: Vec<Warning>,
    pub stop: Option<Stop>,
    pub re_agrees: Option<bool>,
    pub outcome: RecordOutcome,
    /// Where the dead stones come from (r[rec.dead.source]), and the seki stones an engine named.
    pub dead_from: Source,
    pub seki: Option<Vec<Point>>,
}

/// A record that could not be replayed, and where.
#[derive(Clone, Debug)]
pub struct Refused {
    pub file: String,
    /// The game's number in the file; `None` when the whole file is unreadable.
    pub tree: Option<usize>,
    pub kind: &'static str,
    pub message: String,
}

/// `--dead` as written: GTP points separated by commas or spaces, on a board of `size`
/// (r[var.count.dead]).
pub fn parse_dead(list: &str, size: Size) -> Result<Vec<Point>, String> {
    list.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| Point::parse_gtp_on(s, size).map_err(|e| format!("--dead: {e}")))
        .collect()
}

/// Replays one record read by [`record::read`] with the command line's options: the stops of
/// r[rec.stop], the dead stones of r[rec.dead] or `--dead`, and r[rec.result.agree].
pub fn replay_record(g: GameRecord, opts: &Options) -> Result<Replayed, Refused> {
    match opts.engine.unwrap_or(EngineChoice::Fast) {
        EngineChoice::Fast => replay_record_on::<Fast>(g, opts),
        EngineChoice::Reference => replay_record_on::<Reference>(g, opts),
    }
}

/// [`replay_record`] on the engine `E`.
///
/// Note: the moves are played once; the dead stones, which the final colouring decides (the
/// marks, or `--dead-from`'s judge), are then scored on that same engine. Playing the game again
/// with them, as a replay of the game with its dead stones would, reaches the same colouring
/// by the same moves: the engines are deterministic.
fn replay_record_on<E: ReplayEngine>(g: GameRecord, opts: &Options) -> Result<Replayed, Refused> {
    let game = Game::from_game_record(&g);
    let mut e = E::start(&game.setup, game.rules).map_err(|e| Refused {
        file: g.file.clone(),
        tree: Some(g.tree),
        kind: "setup",
        message: e.to_string(),
    })?;
    replay_game(&mut *e, g, game, opts)
}

/// [`replay_record_on`] on `e`, a new game from the setup of `game`, the game of `g`.
fn replay_game<E: ReplayEngine>(
    e: &mut E,
    g: GameRecord,
    mut game: Game,
    opts: &Options,
) -> Result<Replayed, Refused> {
    let refuse = |kind, message: String| Refused {
        file: g.file.clone(),
        tree: Some(g.tree),
        kind,
        message,
    };
    let mut warnings = g.warnings.clone();
    let played = play(e, &game);
    let reached_end_of_record =
        played.illegal.is_none() && played.after_end.is_none() && g.stop.is_none();
    let dead = given_dead(&*e, &g, opts, reached_end_of_record, &mut warnings)
        .map_err(|e| refuse("dead", e))?;
    // r[rec.dead.source]: --dead, the marks, else --dead-from for a game that ended.
    let mut dead_from = match (&opts.dead, &dead) {
        (Some(_), _) => Source::Flag,
        (None, Some(_)) => Source::Marks,
        (None, None) => Source::None,
    };
    let mut seki = None;
    let dead = match (dead, &opts.dead_from) {
        (None, Some(from)) if reached_end_of_record && e.is_over() => {
            let judged = judged_dead(&*e, &game, from).map_err(|e| refuse("dead-from", e))?;
            judged.map(|j| {
                (dead_from, seki) = (j.source, j.seki);
                j.dead
            })
        }
        (dead, _) => dead,
    };
    // Scored without dead stones, a game is what the moves gave: an error there is the setup's.
    let kind = match dead.filter(|d| !d.is_empty() || opts.dead.is_some()) {
        Some(dead) => {
            game.dead = dead;
            "dead"
        }
        None => "setup",
    };
    let scored = e
        .score_and_outcome(game.komi, &game.dead)
        .map_err(|e| refuse(kind, e.to_string()))?;
    let r = played.conclude(&*e, scored, &game.dead, !opts.skip_end_lists);
    let stop = replay_stop(&r, &game, &g);
    let outcome = record_outcome(&r, stop.is_some());
    let ended = r.over && r.illegal.is_none() && stop.is_none();
    let re_agrees = match (&g.result, ended) {
        (Some(re), true) => record::result::agrees(re, &r.outcome),
        _ => None,
    };
    Ok(Replayed {
        record: g,
        game,
        replay: r,
        engine: E::NAME,
        warnings,
        stop,
        re_agrees,
        outcome,
        dead_from,
        seki,
    })
}

/// r[rec.dead]: the dead stones `--dead` names, else the record's territory marks where the
/// replay reached the end of the record (`reached`), with a warning where it did not.
fn given_dead<E: ReplayEngine>(
    e: &E,
    g: &GameRecord,
    opts: &Options,
    reached: bool,
    warnings: &mut Vec<Warning>,
) -> Result<Option<Vec<Point>>, String> {
    if let Some(list) = &opts.dead {
        return parse_dead(list, g.size).map(Some);
    }
    Ok(match &g.marks {
        Some(m) if reached => Some(m.dead(&e.grid())),
        Some(m) => {
            warnings.push(Warning {
                kind: "dead-marks",
                node: Some(m.node),
                text: "the replay does not reach the node with the territory marks; they are not used (r[rec.dead])".into(),
            });
            None
        }
        None => None,
    })
}

/// r[rec.dead.source]: what `--dead-from`'s judge `from` finds on the game `e` ended.
fn judged_dead<E: ReplayEngine>(
    e: &E,
    game: &Game,
    from: &DeadFrom,
) -> Result<Option<dead_from::Judgement>, String> {
    let turns: Vec<_> = game.moves.iter().map(|m| (m.player, m.mv)).collect();
    let (grid, pass_alive) = (e.grid(), e.pass_alive());
    let ended = dead_from::Ended {
        setup: &game.setup,
        komi: game.komi,
        turns: &turns,
        grid: &grid,
        pass_alive: &pass_alive,
    };
    dead_from::judge(from, &ended)
}

/// r[rec.stop.after-end], r[rec.stop]: where the replay `r` of record `g` stops: nowhere after an
/// illegal move, at the first turn after the end of the game, else where the record stops.
fn replay_stop(r: &Replay, game: &Game, g: &GameRecord) -> Option<Stop> {
    match (&r.illegal, r.after_end) {
        (Some(_), _) => None,
        (None, Some(i)) => Some(Stop {
            node: game.moves[i].node,
            move_number: i + 1,
            cause: StopCause::AfterEnd,
            text: "a turn after the end of the game (r[rec.stop.after-end])".into(),
        }),
        (None, None) => g.stop.clone(),
    }
}

/// The outcome of the replay `r`, which `stopped` or not.
fn record_outcome(r: &Replay, stopped: bool) -> RecordOutcome {
    if r.illegal.is_some() {
        RecordOutcome::Illegal
    } else if stopped {
        RecordOutcome::Stopped
    } else if r.over {
        RecordOutcome::Over
    } else {
        RecordOutcome::Complete
    }
}

/// Reads and replays every game of one file (only game `only`, from 1, when given).
pub fn replay_file(
    bytes: &[u8],
    file: &str,
    only: Option<usize>,
    opts: &Options,
) -> Vec<Result<Replayed, Refused>> {
    let mut results = Vec::new();
    replay_file_into(bytes, file, only, opts, &mut results);
    results
}

/// [`replay_file`] after `results`.
fn replay_file_into(
    bytes: &[u8],
    file: &str,
    only: Option<usize>,
    opts: &Options,
    results: &mut Vec<Result<Replayed, Refused>>,
) {
    replay_with(bytes, file, only, opts, false, &mut |_, r| results.push(r));
}

/// [`replay_file`] one game at a time: each game is read, replayed and given to `each` before
/// the next is read, with how many results the file gives in all (the number of its games; 1
/// with `only`, or when the whole file is refused), so that a caller writing each game as it
/// comes holds one game's replay at a time, not the file's.
pub fn replay_each(
    bytes: &[u8],
    file: &str,
    only: Option<usize>,
    opts: &Options,
    mut each: impl FnMut(usize, Result<Replayed, Refused>),
) {
    replay_with(bytes, file, only, opts, true, &mut each)
}

/// [`replay_each`], the games read in two passes (`stream`, [`record::read_each`]) or in one
/// ([`record::read`], for [`replay_file`], which keeps every result anyway).
fn replay_with(
    bytes: &[u8],
    file: &str,
    only: Option<usize>,
    opts: &Options,
    stream: bool,
    each: &mut dyn FnMut(usize, Result<Replayed, Refused>),
) {
    let unreadable = |e: record::ReadError| Refused {
        file: file.to_string(),
        tree: None,
        kind: "unreadable",
        message: e.to_string(),
    };
    let refused = |i: usize, e: record::RecordError| Refused {
        file: file.to_string(),
        tree: Some(i),
        kind: e.kind,
        message: e.to_string(),
    };
    // One game asked for: the others are parsed, not read nor replayed.
    if let Some(n) = only {
        let r = match record::read_game(bytes, file, &opts.overrides, n) {
            Err(e) => Err(unreadable(e)),
            Ok((_, Some(g))) => g
                .map_err(|e| refused(n, e))
                .and_then(|g| replay_record(g, opts)),
            Ok((count, None)) => Err(Refused {
                file: file.to_string(),
                tree: None,
                kind: "game",
                message: format!("--game {n}: the file holds {count} game(s), numbered from 1"),
            }),
        };
        return each(1, r);
    }
    let mut i = 0;
    let mut one = |trees: usize, g: Result<record::GameRecord, record::RecordError>| {
        i += 1;
        let r = match g {
            Ok(g) => replay_record(g, opts),
            Err(e) => Err(refused(i, e)),
        };
        each(trees, r);
    };
    let read = if stream {
        record::read_each(bytes, file, &opts.overrides, &mut one).map(|_| ())
    } else {
        record::read(bytes, file, &opts.overrides).map(|f| {
            let trees = f.games.len();
            f.games.into_iter().for_each(|g| one(trees, g));
        })
    };
    if let Err(e) = read {
        each(1, Err(unreadable(e)));
    }
}

impl Replayed {
    /// The text report of `replay` without `--json`.
    pub fn to_text(&self, several: bool) -> String {
        let (game, g, engine) = (&self.game, &self.record, self.engine);
        let file = if several {
            format!("{} (game {} of {})", g.file, g.tree, g.trees)
        } else {
            g.file.clone()
        };
        let this = &self.replay;
        let size = this.grid.size();
        let mut s = format!(
            "{file}: {size}, rules {}, komi {}, engine {engine}\n",
            game.rules, game.komi
        );
        let legal = this.turns.iter().filter(|t| t.legal && !t.implied).count();
        s.push_str(&format!("{legal} moves replayed\n"));
        if let Some((t, why)) = &this.illegal {
            s.push_str(&format!(
                "move {} ({} {}, node {}) is illegal: {why}; replay stopped there\n",
                t.number,
                t.player.letter(),
                t.mv,
                t.node
            ));
        }
        if let Some(stop) = &self.stop {
            s.push_str(&format!(
                "the record stops being a game at node {} (move {}): {}; replay stopped there\n",
                stop.node, stop.move_number, stop.text
            ));
        }
        s.push_str(&this.grid.labelled());
        if !game.dead.is_empty() {
            s.push_str(&format!("dead: {}\n", json::points(&game.dead).join(" ")));
        }
        if self.dead_from != Source::None {
            s.push_str(&format!("dead stones from {}\n", self.dead_from.describe()));
        }
        if let Some(seki) = &self.seki {
            let named = json::points(seki).join(" ");
            s.push_str(&format!(
                "seki by the engine: {}\n",
                if named.is_empty() {
                    "none".into()
                } else {
                    named
                }
            ));
        }
        let result = this.outcome.sgf_result();
        s.push_str(&format!(
            "score: Black {}, White {} (before komi {})\n",
            this.score.black, this.score.white, game.komi
        ));
        if this.over {
            s.push_str(&format!("result: {result} (the game is over)\n"));
        } else {
            s.push_str(&format!(
                "result if the game ended now: {result} (the game is not over; {} to move)\n",
                this.to_move
            ));
        }
        if let Some(re) = &g.result {
            let verdict = match self.re_agrees {
                Some(true) => "agrees",
                Some(false) => "does not agree",
                None => "not compared",
            };
            s.push_str(&format!(
                "RE[{}] ({}): {verdict}\n",
                re.text,
                re.kind.word()
            ));
            if self.re_agrees == Some(false) && self.dead_from == Source::None {
                s.push_str("  no dead stones: the record has no TB/TW marks, so every stone counts as alive (r[rec.dead.source]); if RE was counted with dead stones removed, try --dead-from proven (exact but partial, r[rec.dead.proven]) or --dead-from \"gnugo --mode gtp\" (an engine's judgement, r[rec.dead.engine])\n");
            }
        }
        s
    }
}
