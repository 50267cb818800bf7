//! `ttrules replay --compare RECORD`: one game scored under every named ruleset side by side (the
//! rulesets comparison source, §2), each score taken apart into the parts the spec defines, and
//! the identities of that source checked on the game.
//!
//! Every row is replayed on both engines. Its parts come from the reference's scoring module
//! ([`ttrules_reference::score::breakdown`], which quotes the clauses), and are **checked**: their
//! sum must equal `Engine::score_with_dead` of the reference and of the fast engine, and the two
//! engines must agree on every verdict, the end and the outcome. A failed check is a bug of
//! ttrules, reported as such (exit status 3), never printed as a result.
//!
//! | module | what |
//! | --- | --- |
//! | [`record`] | the seam to the SGF reader: a record as setup, rules, komi, turns and dead stones |
//! | [`identities`] | the identities of §2 and Part II's notes, each checked on the game |
//! | [`render`] | the text table and the JSON document |

pub mod identities;
pub mod record;
pub mod render;

use identities::Identity;
pub use record::{read_game, RecordGame, RecordTurn, Source};
use std::cell::RefCell;
use std::rc::Rc;
use ttrules_fast::Fast;
use ttrules_reference::score::{self, breakdown, Breakdown};
use ttrules_reference::{end, Reference};
use ttrules_spec::any_name::rules_by_any_name;
use ttrules_spec::{
    Colour, End, Engine, FirstPass, Illegal, Komi, Move, Outcome, Player, Repetition, Rules, Score,
    SetupError, Suicide, TurnReport,
};

/// What one row scores: a ruleset (named, or given with `--rules`) and the komi it is scored with.
#[derive(Clone, Debug, PartialEq)]
pub struct RowSpec {
    /// The ruleset's name, or the `--rules` text for a ruleset given on the command line.
    pub label: String,
    /// Whether this is one of the named rulesets of r[var.rulesets].
    pub named: bool,
    pub rules: Rules,
    pub komi: Komi,
}

/// The rows of a comparison: every named ruleset in table order, each with its own komi (or
/// `komi` when given); then the ruleset `rules` names, if any, with the komi `replay` would give
/// it (`komi`, else the record's `KM`, else the ruleset's).
pub fn row_specs(
    game: &RecordGame,
    rules: Option<&str>,
    komi: Option<Komi>,
) -> Result<Vec<RowSpec>, String> {
    let mut specs: Vec<RowSpec> = Rules::NAMED
        .iter()
        .map(|n| RowSpec {
            label: n.name.to_string(),
            named: true,
            rules: n.rules,
            komi: komi.unwrap_or(n.komi),
        })
        .collect();
    let km = (game.komi_from == Source::Record).then_some(game.komi);
    if let Some(text) = rules {
        let (rules, named_komi) = rules_by_any_name(text).map_err(|e| format!("--rules: {e}"))?;
        specs.push(RowSpec {
            label: text.to_string(),
            named: false,
            rules,
            komi: komi.or(km).or(named_komi).unwrap_or(Komi::ZERO),
        });
    }
    Ok(specs)
}

/// How many turns of each kind each player took in a row's replay (the variables of §2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnCounts {
    /// R_B, R_W: moves (stones played).
    pub moves: [u32; 2],
    /// V_B, V_W: passes, handicap passes included.
    pub passes: [u32; 2],
    /// White's handicap passes (r[var.handicap]).
    pub handicap_passes: u32,
}

impl TurnCounts {
    /// T_B or T_W: every turn of `player`.
    pub fn turns(&self, player: Player) -> u32 {
        self.moves[slot(player)] + self.passes[slot(player)]
    }

    pub fn moves_of(&self, player: Player) -> u32 {
        self.moves[slot(player)]
    }
}

fn slot(player: Player) -> usize {
    match player {
        Player::Black => 0,
        Player::White => 1,
    }
}

/// The turn at which a row's replay stopped, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// 1 for the first turn of the record.
    pub number: usize,
    pub turn: RecordTurn,
    pub illegal: Illegal,
}

/// A row's scores: the breakdown, its sum and the outcome with the row's komi.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub breakdown: Breakdown,
    pub score: Score,
    pub outcome: Outcome,
}

/// One ruleset's replay and score of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub spec: RowSpec,
    /// Turns taken (legal), up to the end of the record or the first illegal one.
    pub played: usize,
    pub stop: Option<Stop>,
    pub over: bool,
    pub void: bool,
    pub counts: TurnCounts,
    /// The scores, or why the dead stones cannot be scored (r[var.count.dead]).
    pub scored: Result<Scored, String>,
    /// Every way the engines or the breakdown disagree: each one a bug.
    pub bugs: Vec<String>,
}

impl Row {
    /// The scores, when the row could be scored.
    pub fn score(&self) -> Option<&Scored> {
        self.scored.as_ref().ok()
    }
}

/// The parameters that decide which turns are legal and when the game ends: repetition, suicide,
/// the end, and the button, whose pass does not count toward it (r[var.first-pass.button]) and
/// which may start a new history (r[var.first-pass.button.new-history]). Rules equal on these give
/// the same game record for the same turns; the others only score it.
type PlayKey = (Repetition, Suicide, End, Option<FirstPass>);

fn play_key(rules: &Rules) -> PlayKey {
    (
        rules.repetition,
        rules.suicide,
        rules.end,
        rules.first_pass.is_button().then_some(rules.first_pass),
    )
}

/// The reference's replay of the game, up to the first illegal turn, and its verdict on each.
#[derive(Debug)]
struct Replayed {
    reference: Reference,
    verdicts: Vec<Result<TurnReport, Illegal>>,
}

/// Replays one game under many rules. The reference replays it once for each `PlayKey` and
/// scores its record with the functions its `Engine` implementation calls
/// (`score::final_score`, `score::outcome`, `end::is_over`) under each row's rules, which is what
/// a reference constructed with those rules would answer; the fast engine replays it afresh for
/// every row and is compared with the reference after every turn and at the end.
pub struct Replayer<'g> {
    game: &'g RecordGame,
    shared: RefCell<Vec<(PlayKey, Rc<Replayed>)>>,
}

impl<'g> Replayer<'g> {
    pub fn new(game: &'g RecordGame) -> Replayer<'g> {
        Replayer {
            game,
            shared: RefCell::new(Vec::new()),
        }
    }

    pub fn game(&self) -> &'g RecordGame {
        self.game
    }

    /// The reference's replay under `rules`' play key, made on first use; the setup error if the
    /// reference refuses the setup.
    fn reference(&self, rules: &Rules) -> Result<Rc<Replayed>, SetupError> {
        let key = play_key(rules);
        if let Some((_, r)) = self.shared.borrow().iter().find(|(k, _)| *k == key) {
            return Ok(Rc::clone(r));
        }
        let mut reference = Reference::from_setup(&self.game.setup, *rules)?;
        let mut verdicts = Vec::new();
        for t in &self.game.turns {
            // r[rec.resume]: a turn marked `RESUME` after an end that is not void resumes it.
            if t.resume && reference.is_over() {
                let _ = reference.resume();
            }
            let v = reference.play(t.mv);
            let stop = v.is_err();
            verdicts.push(v);
            if stop {
                break;
            }
        }
        let r = Rc::new(Replayed {
            reference,
            verdicts,
        });
        self.shared.borrow_mut().push((key, Rc::clone(&r)));
        Ok(r)
    }

    /// Replays the game under `spec`, stopping at the first illegal turn, and scores it with the
    /// game's dead stones, checking the breakdown against both engines' final scores.
    pub fn row(&self, spec: &RowSpec) -> Row {
        self.row_with_dead(spec, &self.game.dead)
    }

    /// [`Replayer::row`] with other dead stones than the game's.
    pub fn row_with_dead(&self, spec: &RowSpec, dead: &[ttrules_spec::Point]) -> Row {
        let game = self.game;
        let mut bugs = Vec::new();
        let mut row = Row {
            spec: spec.clone(),
            played: 0,
            stop: None,
            over: false,
            void: false,
            counts: TurnCounts::default(),
            scored: Err(String::new()),
            bugs: Vec::new(),
        };
        let (replayed, mut fast) = match (
            self.reference(&spec.rules),
            Fast::from_setup(&game.setup, spec.rules),
        ) {
            (Ok(r), Ok(f)) => (r, f),
            (Err(e), Err(_)) => {
                row.scored = Err(e.to_string());
                return row;
            }
            (Err(e), Ok(_)) | (Ok(_), Err(e)) => {
                row.bugs.push(format!(
                    "{}: only one engine refused the setup: {e}",
                    spec.label
                ));
                row.scored = Err(e.to_string());
                return row;
            }
        };
        for (i, (t, r)) in game.turns.iter().zip(&replayed.verdicts).enumerate() {
            if t.resume && fast.is_over() {
                let _ = fast.resume();
            }
            let f = fast.play(t.mv);
            if *r != f {
                bugs.push(format!(
                    "{}: turn {} ({} {}): the reference says {r:?}, the fast engine {f:?}",
                    spec.label,
                    i + 1,
                    t.player.letter(),
                    t.mv
                ));
            }
            match r {
                Ok(_) => match t.mv {
                    Move::Pass => row.counts.passes[slot(t.player)] += 1,
                    Move::Play(_) => row.counts.moves[slot(t.player)] += 1,
                },
                Err(illegal) => {
                    row.stop = Some(Stop {
                        number: i + 1,
                        turn: *t,
                        illegal: *illegal,
                    });
                }
            }
        }
        let record = replayed.reference.record();
        row.played = record.turns.len();
        row.counts.handicap_passes = (0..record.turns.len())
            .filter(|&i| end::is_handicap_pass(record, i))
            .count() as u32;
        row.over = end::is_over(record, &spec.rules);
        row.void = end::is_void(record, &spec.rules);
        if (row.over, row.void) != (fast.is_over(), fast.is_void()) {
            bugs.push(format!(
                "{}: the reference says over {}, void {}; the fast engine over {}, void {}",
                spec.label,
                row.over,
                row.void,
                fast.is_over(),
                fast.is_void()
            ));
        }
        row.scored = check_scores(record, &fast, spec, dead, &mut bugs);
        row.bugs = bugs;
        row
    }
}

/// The breakdown of the reference's `record` under `spec`, checked against the reference's and the
/// fast engine's final scores and outcomes.
fn check_scores(
    record: &ttrules_reference::game::Record,
    fast: &Fast,
    spec: &RowSpec,
    dead: &[ttrules_spec::Point],
    bugs: &mut Vec<String>,
) -> Result<Scored, String> {
    let parts = breakdown(record, &spec.rules, dead);
    // What `Reference::score_with_dead` and `Reference::outcome` return under these rules.
    let by_reference = score::final_score(record, &spec.rules, dead);
    let outcome = score::outcome(record, &spec.rules, spec.komi, dead);
    let by_fast = fast.score_with_dead(dead);
    let fast_outcome = fast.outcome(spec.komi, dead);
    let label = &spec.label;
    let show = |s: &Score| format!("B {} W {}", s.black, s.white);
    match (parts, by_reference, by_fast, outcome, fast_outcome) {
        (Ok(b), Ok(r), Ok(f), Ok(o), Ok(fo)) => {
            let sum = b.score();
            if sum != r {
                bugs.push(format!(
                    "{label}: the breakdown sums to {}, the reference scores {}",
                    show(&sum),
                    show(&r)
                ));
            }
            if sum != f {
                bugs.push(format!(
                    "{label}: the breakdown sums to {}, the fast engine scores {}",
                    show(&sum),
                    show(&f)
                ));
            }
            if o != fo {
                bugs.push(format!(
                    "{label}: the reference's result is {}, the fast engine's {}",
                    o.sgf_result(),
                    fo.sgf_result()
                ));
            }
            Ok(Scored {
                breakdown: b,
                score: r,
                outcome: o,
            })
        }
        (Err(b), Err(r), Err(f), Err(_), Err(_)) if b == r && r == f => Err(b.to_string()),
        (b, r, f, _, _) => {
            bugs.push(format!(
                "{label}: scoring the dead stones: breakdown {:?}, reference {:?}, fast {:?}",
                b.map(|b| b.score()),
                r,
                f
            ));
            Err("the engines disagree on the dead stones".to_string())
        }
    }
}

/// A game scored under every row, with the identities checked on it.
#[derive(Clone, Debug)]
pub struct Comparison {
    pub game: RecordGame,
    pub rows: Vec<Row>,
    pub identities: Vec<Identity>,
}

impl Comparison {
    /// Every bug found: engine or breakdown disagreements in any row (counterparts included), and
    /// every identity that fails.
    pub fn bugs(&self) -> Vec<String> {
        let mut out: Vec<String> = self.rows.iter().flat_map(|r| r.bugs.clone()).collect();
        for i in &self.identities {
            out.extend(i.bugs.iter().cloned());
            if let identities::Status::Fails(why) = &i.status {
                out.push(format!(
                    "identity {} ({}) fails under {}: {why}",
                    i.name, i.clause, i.ruleset
                ));
            }
        }
        out
    }
}

/// Scores `game` under every row of `specs` and checks the identities.
pub fn compare(game: &RecordGame, specs: &[RowSpec]) -> Comparison {
    let replayer = Replayer::new(game);
    let rows: Vec<Row> = specs.iter().map(|s| replayer.row(s)).collect();
    let identities = identities::check(&replayer, &rows);
    Comparison {
        game: game.clone(),
        rows,
        identities,
    }
}

/// The setup stones of each colour (S_B, S_W).
pub fn setup_stones(game: &RecordGame) -> [u32; 2] {
    [
        game.setup.grid.count(Colour::Black) as u32,
        game.setup.grid.count(Colour::White) as u32,
    ]
}
