//! A game of the viewer from a replay of `ttrules_record` ([`game`]): the record's turns played
//! again from its setup on the fast engine, each colouring kept, each turn's verdict with its
//! clause, the earlier colouring a refused repetition recreates, and the count at the end
//! ([`crate::count`]).
//!
//! Note: the replay this reads stopped at the first illegal turn and played the others on an
//! engine of its choice; playing them again here on the fast engine reaches the same colourings
//! (every engine agrees with the reference on every observable, spec preamble) and the same
//! verdicts, which the construction checks turn by turn (a disagreement is said on the turn, never
//! hidden).

use crate::clause::clause_url;
use crate::count;
use crate::model::{emptied, move_code, player_char, Game, Turn, Verdict};
use std::collections::HashMap;
use ttrules_fast::Fast;
use ttrules_record::compare::RowSpec;
use ttrules_record::replay::Replayed;
use ttrules_record::RecordMove;
use ttrules_spec::{Engine, Grid, Illegal, Move, Player, Rules, Setup, TurnReport};

pub use crate::model::verdict;

/// The game of the viewer for one replayed record; `rows`: the rulesets to score the end under
/// side by side (empty: the game's own only).
pub fn game(r: &Replayed, rows: &[RowSpec]) -> Game {
    let g = &r.record;
    let title = if g.trees > 1 {
        format!("{} (game {} of {})", g.file, g.tree, g.trees)
    } else {
        g.file.clone()
    };
    let mut out = Game::new(title, &r.game.setup);
    out.info = info(r);
    let grids = play(r, &mut out);
    if let Some(stop) = &r.stop {
        out.end.push(crate::model::Panel {
            title: "Where the record stops being a game".into(),
            notes: vec![format!(
                "node {}, move {}: {}",
                stop.node, stop.move_number, stop.text
            )],
            clauses: vec![(
                stop.cause.clause().id().to_string(),
                clause_url(stop.cause.clause().id()),
            )],
            ..Default::default()
        });
    }
    if r.replay.illegal.is_none() {
        let last = grids.last().expect("the start is a colouring");
        out.end.extend(count::panels(r, last, rows));
    }
    out
}

/// The lines beside the board.
fn info(r: &Replayed) -> Vec<(String, String)> {
    let (g, game, this) = (&r.record, &r.game, &r.replay);
    let mut info = vec![
        ("board".to_string(), this.grid.size().to_string()),
        ("rules".to_string(), game.rules.to_string()),
        ("komi".to_string(), game.komi.to_string()),
    ];
    if let (Some(b), Some(w)) = (&g.black_name, &g.white_name) {
        info.push(("players".into(), format!("{b} (B) – {w} (W)")));
    }
    if this.handicap > 0 {
        info.push((
            "handicap (r[var.handicap])".into(),
            this.handicap.to_string(),
        ));
    }
    info.push(("replay".into(), r.outcome.word().to_string()));
    let result = if this.over {
        "result"
    } else {
        "result if it ended now"
    };
    info.push((result.into(), this.outcome.sgf_result()));
    if let Some(re) = &g.result {
        let agrees = match r.re_agrees {
            Some(true) => "agrees",
            Some(false) => "does not agree",
            None => "not compared",
        };
        info.push(("RE".into(), format!("{} ({agrees})", re.text)));
    }
    for w in &r.warnings {
        info.push(("warning".into(), format!("{}: {}", w.kind, w.text)));
    }
    info
}

/// Plays the turns of `r` again, writing each into `out`; the colouring after each turn (the
/// first: the setup's). A turn the replay's engine judged otherwise is said on the turn.
fn play(r: &Replayed, out: &mut Game) -> Vec<Grid> {
    let n = r.replay.turns.len().min(r.game.moves.len());
    let grids = turns(out, &r.game.setup, r.game.rules, &r.game.moves[..n]);
    for (turn, t) in out.turns.iter_mut().zip(&r.replay.turns) {
        if turn.ok != t.legal {
            turn.n.push(format!(
                "the replay's engine ({}) judged this turn {}",
                r.engine,
                if t.legal { "legal" } else { "illegal" }
            ));
        }
    }
    grids
}

/// Plays `moves` from `setup` under `rules` on the fast engine up to the first illegal one (which
/// is the last turn written), writing each turn into `out`; the colouring after each turn (the
/// first: the setup's). A move marked `RESUME` after the end resumes the game (r[rec.resume]).
pub fn turns(out: &mut Game, setup: &Setup, rules: Rules, moves: &[RecordMove]) -> Vec<Grid> {
    let mut grids = vec![setup.grid.clone()];
    let mut e = match Fast::from_setup(setup, rules) {
        Ok(e) => e,
        // An illegal setup plays nothing: the page shows the setup.
        Err(_) => return grids,
    };
    // Each colouring seen, with the latest turn after which it stood (0: the start).
    let mut seen: HashMap<Grid, usize> = HashMap::from([(setup.grid.clone(), 0)]);
    for (i, m) in moves.iter().enumerate() {
        let before = grids.last().expect("the start is a colouring").clone();
        if m.resume && e.is_over() {
            let _ = e.resume();
        }
        let leading = leading_handicap(&moves[..i]);
        let (v, legal, after, repeats) = match e.play(m.mv) {
            Ok(report) => {
                let (over, after) = (e.is_over(), e.grid());
                // A legal move that recreates an earlier colouring (a ko the ruleset allows): the
                // turn it repeats, as for a refusal.
                let repeats = match m.mv {
                    Move::Play(_) => seen.get(&after).copied(),
                    Move::Pass => None,
                };
                (
                    legal_verdict(m, report, over, leading),
                    true,
                    after,
                    repeats,
                )
            }
            Err(why) => {
                let repeats = repeated(&grids, moves, m, why, &before);
                let text = match repeats {
                    Some(0) => format!("illegal: {} (the colouring of the start)", why.reason()),
                    Some(k) => format!("illegal: {} (the colouring after turn {k})", why.reason()),
                    None => format!("illegal: {}", why.reason()),
                };
                (
                    verdict(text, why.clause().id()),
                    false,
                    before.clone(),
                    repeats,
                )
            }
        };
        // What the turn emptied, read against the colouring with its stone placed (so that a
        // suicide's own stone is among them).
        let mut placed = before.clone();
        if let (true, Move::Play(p)) = (legal, m.mv) {
            placed.set(p, m.player.colour());
        }
        let mut notes = Vec::new();
        if let (true, Some(k)) = (legal, repeats) {
            notes.push(format!(
                "recreates the colouring after turn {k}, which the ruleset's repetition rule \
                 (repetition={}) allows here",
                rules.parameters()[0].1
            ));
        }
        seen.insert(after.clone(), i + 1);
        let turn = Turn {
            n: notes,
            p: player_char(m.player),
            m: move_code(m.mv),
            c: emptied(&placed, &after),
            v: out.verdict(v),
            ok: legal,
            r: repeats,
            ..Turn::default()
        };
        out.turns.push(turn);
        grids.push(after);
        if !legal {
            break;
        }
    }
    grids
}

/// Whether a turn after `earlier` is among the turns before Black's second move where White's
/// passes are the handicap's (r[rec.handicap.moves]).
fn leading_handicap(earlier: &[RecordMove]) -> bool {
    earlier
        .iter()
        .all(|t| t.player == Player::Black || (t.implied && t.mv == Move::Pass))
}

/// The verdict of a legal turn.
fn legal_verdict(t: &RecordMove, report: TurnReport, over: bool, leading: bool) -> Verdict {
    if t.implied {
        return if leading {
            verdict("White's pass between handicap stones", "rec.handicap.moves")
        } else {
            verdict(
                "a pass the record implies (the other player moved)",
                "rec.move.implied-pass",
            )
        };
    }
    match t.mv {
        Move::Pass if over => verdict("pass: the game ends", "tt.end"),
        Move::Pass => verdict("pass", "tt.turn.pass"),
        Move::Play(_) if report.suicided > 0 => verdict(
            format!("legal; empties {} of its own stones", report.suicided),
            "tt.move.clear-self",
        ),
        Move::Play(_) if report.captured > 0 => verdict(
            format!(
                "legal; captures {} stone{}",
                report.captured,
                if report.captured == 1 { "" } else { "s" }
            ),
            "tt.move.clear-opponent",
        ),
        Move::Play(_) => verdict("legal", "tt.move"),
    }
}

/// For a refused repetition, the earlier turn (0: the start) whose colouring the move would
/// recreate: the move played on `before` as r[tt.move] says (the stone placed, the opponent's
/// stones that do not reach empty cleared, then the mover's), and the latest earlier colouring
/// equal to it that the refusing clause compares with.
fn repeated(
    grids: &[Grid],
    turns: &[RecordMove],
    t: &RecordMove,
    why: Illegal,
    before: &Grid,
) -> Option<usize> {
    let Move::Play(p) = t.mv else { return None };
    if !matches!(
        why,
        Illegal::Ko
            | Illegal::Repetition
            | Illegal::SituationalRepetition
            | Illegal::NaturalRepetition
    ) {
        return None;
    }
    let mut would = before.clone();
    would.set(p, t.player.colour());
    ttrules_reference::clear::clear(&mut would, t.player.opponent().colour());
    ttrules_reference::clear::clear(&mut would, t.player.colour());
    let equal: Vec<usize> = (0..grids.len()).filter(|&k| grids[k] == would).collect();
    // Who moved to make colouring k (turn k's player), and who was to move after it.
    let maker = |k: usize| (k > 0).then(|| turns[k - 1].player);
    let next = |k: usize| turns.get(k).map(|t| t.player);
    let fits = |k: &usize| match why {
        Illegal::SituationalRepetition => next(*k) == Some(t.player.opponent()),
        Illegal::NaturalRepetition => maker(*k) == Some(t.player),
        _ => true,
    };
    equal
        .iter()
        .rev()
        .copied()
        .find(fits)
        .or(equal.last().copied())
}
