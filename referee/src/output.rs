//! Output that survives: one SGF record per game (r[ref.record], r[ref.record.illegal]), one line
//! of `results.jsonl` per finished game appended whole (r[ref.results]), and reading those lines
//! back for `--resume` and the statistics.

use super::clock::TimeControl;
use super::ending::EndKind;
use super::played::Played;
use super::Config;
use crate::claims::claim_agrees;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;
use ttrules_record::write::{rules_value, size_value, GameTree, Node};
use ttrules_spec::Player;

pub use ttrules_record::write::escape;

/// The date as SGF `DT` writes it (`YYYY-MM-DD`, UTC), from seconds since the Unix epoch.
pub fn date(unix_secs: u64) -> String {
    // Days to civil date (Howard Hinnant's algorithm), proleptic Gregorian calendar.
    let z = (unix_secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Today, for `DT`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    date(secs)
}

/// The SGF record of a game (r[ref.record]), written by the one SGF writer of `ttrules-record`.
pub fn sgf(cfg: &Config, number: u32, played: &Played, opening: Option<&str>, dt: &str) -> String {
    let size = cfg.size;
    let mut tree = GameTree {
        line_breaks: true,
        ..GameTree::default()
    };
    tree.root
        .prop("GM", ["1"])
        .prop("FF", ["4"])
        .prop("CA", ["UTF-8"])
        .prop("AP", [format!("ttrules:{}", env!("CARGO_PKG_VERSION"))])
        .prop("SZ", [size_value(size)])
        .prop("KM", [cfg.komi.to_string()])
        .text("RU", &rules_value(cfg.rules));
    let handicap = ttrules_spec::Engine::handicap(played.judge.engine());
    if handicap >= 2 {
        tree.root.prop("HA", [handicap.to_string()]);
    }
    // r[ref.handicap]: the stones the game started from.
    tree.root.points("AB", played.judge.handicap_stones(), size);
    tree.root
        .text("PB", &played.names[0])
        .text("PW", &played.names[1])
        .prop("DT", [dt])
        .prop("RE", [played.result.to_string()])
        .prop("GN", [format!("game {number}")]);
    if let Some(t) = cfg.time {
        time_props(&mut tree.root, t);
    }
    if let Some(gc) = claims_text(played) {
        tree.root.text("GC", &gc);
    }
    let comment = end_comment(cfg, played, opening);
    let turns = played.judge.turns();
    if turns.is_empty() {
        tree.root.text("C", &comment);
    }
    // r[end.record]: the comments of the rounds, by the turn after which each was asked.
    let mut notes: Vec<Vec<String>> = vec![Vec::new(); turns.len()];
    for (k, r) in played.end.rounds.iter().enumerate() {
        if let Some(at) = r.turn.checked_sub(1).filter(|&i| i < turns.len()) {
            notes[at].push(round_comment(k + 1, r));
        }
    }
    let resume = |k: usize| resume_value(played, k);
    for (i, t) in turns.iter().enumerate() {
        let mut node = turn_node(size, t);
        if let Some(k) = played.judge.resumptions().iter().position(|&r| r == i) {
            node.text("RESUME", &resume(k));
        }
        let mut texts = notes[i].clone();
        if i + 1 == turns.len() {
            texts.push(comment.clone());
        } else if t.opening && !turns[i + 1].opening {
            texts.push("end of the opening".into());
        }
        if !texts.is_empty() {
            node.text("C", &texts.join("\n\n"));
        }
        if i + 1 == turns.len() && played.outcome.is_some() {
            territory_marks(played, &mut node);
        }
        tree.nodes.push(node);
    }
    tree.variations = variations(played, size);
    tree.to_sgf()
}

/// `TM` and, for overtime, `OT` of a time control (r[ref.time.overtime]).
fn time_props(root: &mut Node, t: TimeControl) {
    root.text("TM", &t.to_string());
    // r[ref.time.overtime]: the overtime as SGF's `OT` writes it.
    match t {
        TimeControl::ByoYomi {
            periods, period, ..
        } => {
            root.text(
                "OT",
                &format!("{periods}x{} byo-yomi", period.as_secs_f64()),
            );
        }
        TimeControl::Canadian { stones, period, .. } => {
            root.text("OT", &format!("{stones}/{} Canadian", period.as_secs_f64()));
        }
        _ => {}
    }
}

/// `GC`: each engine's `final_score` claim and whether it agrees with the referee (r[ref.claims]).
fn claims_text(played: &Played) -> Option<String> {
    let claims: Vec<String> = [Player::Black, Player::White]
        .iter()
        .filter_map(|&p| {
            played.claims[p as usize].as_ref().map(|c| {
                let agrees = match claim_agrees(c, played) {
                    Some(true) => "agrees with the referee",
                    _ => "differs from the referee",
                };
                format!("{p}'s engine claims final_score {c} ({agrees})")
            })
        })
        .collect();
    (!claims.is_empty()).then(|| claims.join("\n"))
}

/// r[end.record]: the copy's play-out and the ideal final position as variations that repeat
/// the last turn of the game.
fn variations(played: &Played, size: ttrules_spec::Size) -> Vec<Vec<Node>> {
    let turns = played.judge.turns();
    let mut variations = Vec::new();
    if let (Some(c), Some(last)) = (&played.copy, turns.last()) {
        let mut v = vec![turn_node(size, last)];
        for (i, t) in c.turns().iter().enumerate().skip(turns.len()) {
            let mut node = turn_node(size, t);
            if i == turns.len() {
                node.prop("RESUME", ["japanese: the play-out on the copy"])
                    .text("C", &copy_comment(played));
            }
            v.push(node);
        }
        variations.push(v);
    }
    if let (Some(ideal), Some(last)) = (&played.end.ideal, turns.last()) {
        let mut node = Node::new();
        node.points("AB", &ideal.roads[0], size)
            .points("AW", &ideal.roads[1], size)
            .points("AE", &played.dead, size)
            .points("SQ", &ideal.reserved, size)
            .text(
                "C",
                &format!(
                    "The ideal final position (r[finish.fill]): the road points filled, the removed \
                     stones emptied, the reserved points marked (SQ).\n{}",
                    ideal.diagram
                ),
            );
        variations.push(vec![turn_node(size, last), node]);
    }
    variations
}

/// One turn's node: the move, and the mover's time left under a clock.
fn turn_node(size: ttrules_spec::Size, t: &super::judge::Turn) -> Node {
    let mut node = Node::turn(t.player, t.mv, size);
    if let Some(left) = t.time_left {
        let id = match t.player {
            Player::Black => "BL",
            Player::White => "WL",
        };
        node.prop(id, [left.to_string()]);
    }
    if let Some(n) = t.overtime {
        let id = match t.player {
            Player::Black => "OB",
            Player::White => "OW",
        };
        node.prop(id, [n.to_string()]);
    }
    node
}

/// `TB` and `TW` of a scored game: the territory (r[ref.record]) and, r[end.record], every removed
/// stone's point in its opponent's marks, so that r[rec.dead] reads the removed stones back.
fn territory_marks(played: &Played, node: &mut Node) {
    let size = played.judge.size();
    let g = played.judge.grid();
    let [mut b, mut w] = played.judge.territory(&played.dead);
    for &p in &played.dead {
        match g.get(p) {
            ttrules_spec::Colour::White if !b.contains(&p) => b.push(p),
            ttrules_spec::Colour::Black if !w.contains(&p) => w.push(p),
            _ => {}
        }
    }
    for (id, mut pts) in [("TB", b), ("TW", w)] {
        pts.sort_by_key(|&p| size.index(p));
        node.points(id, &pts, size);
    }
}

/// The value of `RESUME` for the `k`-th resumption of the game (r[end.record]): the rounds that
/// resumed the game itself (not a copy) are those with a first mover and no copy.
fn resume_value(played: &Played, k: usize) -> String {
    let round = played
        .end
        .rounds
        .iter()
        .enumerate()
        .filter(|(_, r)| r.first.is_some() && r.copy_dead.is_none())
        .nth(k);
    match round {
        Some((i, r)) => format!(
            "{}: round {} disputed, {} moves first",
            played.end.protocol,
            i + 1,
            r.first.as_deref().unwrap_or("?")
        ),
        None => played.end.protocol.to_string(),
    }
}

/// The comment of a round (r[end.record]).
fn round_comment(k: usize, r: &super::end::Round) -> String {
    let list = |l: &Option<Vec<String>>| match l {
        None => "marked nothing".to_string(),
        Some(v) if v.is_empty() => "marked no stone dead".to_string(),
        Some(v) => format!("marked dead {}", v.join(" ")),
    };
    let mut lines = vec![format!("End protocol round {k} (r[end.round]):")];
    if r.black_dead.is_some() || r.white_dead.is_some() || r.arbiter.is_none() {
        lines.push(format!(
            "Black {}; White {}.",
            list(&r.black_dead),
            list(&r.white_dead)
        ));
    }
    lines.push(if r.disputed.is_empty() {
        "No stone disputed.".to_string()
    } else {
        format!("Disputed: {}.", r.disputed.join(" "))
    });
    if let Some(a) = &r.arbiter {
        lines.push(if a.is_empty() {
            "The arbiter called no stone dead.".to_string()
        } else {
            format!("The arbiter called dead: {}.", a.join(" "))
        });
    }
    let mut outcome = format!("Outcome: {}", r.outcome.word());
    if let Some(f) = &r.first {
        outcome.push_str(&format!(", {f} moved first"));
    }
    if let Some(n) = r.turns {
        outcome.push_str(&format!(", {n} turns followed"));
    }
    outcome.push('.');
    lines.push(outcome);
    lines.join("\n")
}

/// The comment of the first turn on the copy (r[end.japanese]).
fn copy_comment(played: &Played) -> String {
    let dead = played
        .end
        .rounds
        .last()
        .and_then(|r| r.copy_dead.clone())
        .unwrap_or_default();
    format!(
        "The play-out of the dispute on a copy of the game (r[end.japanese]); not part of the \
         game. Disputed chains found dead on the copy (r[end.japanese.final-status]): {}.",
        if dead.is_empty() {
            "none".to_string()
        } else {
            dead.join(" ")
        }
    )
}

/// The comment of the last node: how the game ended and why (r[ref.end]), with the clause.
fn end_comment(cfg: &Config, played: &Played, opening: Option<&str>) -> String {
    let e = &played.ending;
    let clause = e.clause.to_string();
    let cited = if e.detail.contains(&clause) {
        String::new()
    } else {
        format!(" ({clause})")
    };
    let mut lines = vec![format!(
        "Result: {}. Ended by {}: {}{cited}.",
        played.result,
        e.by.word(),
        e.detail
    )];
    if let Some(w) = crate::claims::game_warning(played) {
        lines.push(w);
    }
    if e.by == EndKind::Fault {
        lines.push(format!(
            "On a fault the game is {} (--on-fault; r[ref.fault]).",
            match cfg.on_fault {
                super::OnFault::Loss => "lost",
                super::OnFault::Void => "void",
            }
        ));
    }
    if let Some(o) = played.outcome {
        let score = ttrules_spec::Engine::score_with_dead(played.judge.engine(), &played.dead)
            .expect("the removed stones are on the grid");
        lines.push(format!(
            "Scored by {} with komi {}: Black {}, White {} before komi; {} ({}).",
            cfg.rules,
            cfg.komi,
            score.black,
            score.white,
            o.sgf_result(),
            ttrules_spec::Clause::VarScoreFinal
        ));
        lines.push(format!(
            "End protocol {}: {}; {} extra turns.",
            played.end.protocol,
            if played.dead.is_empty() {
                "nothing removed".to_string()
            } else {
                format!("removed {}", played.end.removed.join(" "))
            },
            played.end.extra_turns
        ));
        if let (Some(c), Some(ideal)) = (&played.end.count, &played.end.ideal) {
            lines.push(format!(
                "Living stones (r[finish.count.agree]): Black {} on the board + {} road points = \
                 {}, White {} + {} = {}. The ideal final position (r[finish.fill]):\n{}",
                c.black.board,
                c.black.roads,
                c.black.ideal,
                c.white.board,
                c.white.roads,
                c.white.ideal,
                ideal.diagram
            ));
        }
    }
    if let Some(o) = opening {
        lines.push(format!("Opening: {o}."));
    }
    lines.join("\n")
}

/// Each player's entry of a results line, by colour.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Side {
    /// The player's label: `a` or `b` for the flags' engines.
    pub engine: String,
    /// `name version` as the engine gave them.
    pub name: String,
    /// Seconds its `genmove` answers took.
    pub time: f64,
    /// Its `final_score` answer, when it was asked (r[ref.claims]).
    pub claim: Option<String>,
    /// Whether the claim agrees with the referee.
    pub claim_agrees: Option<bool>,
}

/// How the game ended (r[ref.end]).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Ended {
    pub by: String,
    /// The player who lost by it (or whose fault voided the game).
    pub player: Option<String>,
    pub reason: Option<String>,
    pub clause: String,
    pub detail: String,
}

/// One line of `results.jsonl` (r[ref.results]). Field names are a contract.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ResultLine {
    pub game: u32,
    /// The command lines of the two players, by label.
    pub engines: std::collections::BTreeMap<String, String>,
    pub black: Side,
    pub white: Side,
    /// As `RE` writes it.
    pub result: String,
    /// The winner's label, `draw` or `void`.
    pub winner: String,
    pub ended: Ended,
    pub turns: usize,
    /// Final scores before komi, when the game was scored.
    pub score: Option<[f64; 2]>,
    pub opening: Option<String>,
    pub seed: u64,
    /// The record's file name, in the output folder.
    pub sgf: String,
    /// What the end protocol did (r[ref.end.protocol]).
    pub end: serde_json::Value,
    /// When a claim disagrees with the referee's result: the warning, with what to do about it
    /// (`super::claims`). Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims_warning: Option<String>,
    /// The turns, `B C3 W pass …`, opening included, for duplicate games
    /// (r[ref.event.duplicate]). Absent in lines of older referees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    /// The handicap stones the game started from (r[ref.handicap]). Absent without handicap.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handicap: Vec<String>,
    /// The version of the rules text the referee judged by (`ttrules_spec::SPEC_VERSION`);
    /// empty in lines of older referees.
    #[serde(default)]
    pub spec: String,
}

impl ResultLine {
    /// The line of game `number`, `players` the indices (in [`Config::players`]) of the players
    /// of Black and White.
    pub fn new(
        cfg: &Config,
        number: u32,
        players: [usize; 2],
        played: &Played,
        opening: Option<String>,
        seed: u64,
        sgf: String,
    ) -> ResultLine {
        let side = |p: Player| {
            let engine = cfg.players[players[p as usize]].id.as_str();
            let claim = played.claims[p as usize].clone();
            Side {
                engine: engine.to_string(),
                name: played.names[p as usize].clone(),
                time: (played.time_used[p as usize].as_secs_f64() * 1000.0).round() / 1000.0,
                claim_agrees: claim.as_deref().and_then(|c| claim_agrees(c, played)),
                claim,
            }
        };
        let (black, white) = (side(Player::Black), side(Player::White));
        // The referee's own `RE`, read by the one result grammar (r[rec.result]).
        let re = ttrules_spec::result::parse(&played.result);
        let winner = match (re.winner, re.kind) {
            (Some(Player::Black), _) => black.engine.clone(),
            (Some(Player::White), _) => white.engine.clone(),
            (None, ttrules_spec::result::ResultKind::Draw) => "draw".into(),
            (None, _) => "void".into(),
        };
        let score = played.outcome.map(|_| {
            let s = ttrules_spec::Engine::score_with_dead(played.judge.engine(), &played.dead)
                .expect("the removed stones are on the grid");
            [s.black, s.white].map(|h| h.as_halves() as f64 / 2.0)
        });
        let e = &played.ending;
        ResultLine {
            game: number,
            engines: players
                .iter()
                .map(|&i| (cfg.players[i].id.clone(), cfg.players[i].command()))
                .collect(),
            black,
            white,
            result: played.result.clone(),
            winner,
            ended: Ended {
                by: e.by.word().to_string(),
                player: e.player.map(|p| p.letter().to_string()),
                reason: e.reason.clone(),
                clause: e.clause.id().to_string(),
                detail: e.detail.clone(),
            },
            turns: played.judge.turns().len(),
            score,
            opening,
            seed,
            sgf,
            end: serde_json::to_value(&played.end).expect("the end report serialises"),
            claims_warning: crate::claims::game_warning(played),
            moves: None,
            handicap: played
                .judge
                .handicap_stones()
                .iter()
                .map(|p| p.gtp())
                .collect(),
            spec: ttrules_spec::SPEC_VERSION.to_string(),
        }
    }
}

/// Appends one line to `results.jsonl` with a single write, then flushes it to the disk.
pub fn append(path: &Path, line: &ResultLine) -> std::io::Result<()> {
    let mut text = serde_json::to_string(line).expect("a results line serialises");
    text.push('\n');
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    f.write_all(text.as_bytes())?;
    f.sync_data()
}

/// Writes `text` to `path` through a temporary file and a rename, so that the file is either
/// absent or whole.
pub fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_data()?;
    }
    std::fs::rename(&tmp, path)
}

/// Reads `results.jsonl` back: the whole lines, in order. A last line without its newline (an
/// interrupted write) is not a game: it is cut off the file, so that the next append starts a new
/// line. Any other line that does not read is an error naming its line number.
pub fn read_results(path: &Path) -> Result<Vec<ResultLine>, String> {
    read_results_noting(path).map(|(lines, _)| lines)
}

/// [`read_results`], with a sentence when it cut an unfinished last line (an interrupted write:
/// that game is played again).
pub fn read_results_noting(path: &Path) -> Result<(Vec<ResultLine>, Option<String>), String> {
    if !path.exists() {
        return Ok((Vec::new(), None));
    }
    let text = crate::files::read_regular_text(path, u64::MAX / 2)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let whole = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let mut note = None;
    if whole.len() != text.len() {
        note = Some(format!(
            "--resume: dropped the cut-off last line of {} ({} bytes of an interrupted write; \
             r[ref.results]): its game is played again",
            path.display(),
            text.len() - whole.len()
        ));
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        f.set_len(whole.len() as u64).map_err(|e| {
            format!(
                "cannot cut the unfinished last line of {}: {e}",
                path.display()
            )
        })?;
    }
    let mut out = Vec::new();
    for (i, l) in whole.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        let line: ResultLine = serde_json::from_str(l).map_err(|e| {
            format!(
                "{}: line {}: not a results line: {e}",
                path.display(),
                i + 1
            )
        })?;
        out.push(line);
    }
    Ok((out, note))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_dates_are_civil() {
        assert_eq!(escape(r"a]b\c"), r"a\]b\\c");
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_767_225_599), "2025-12-31");
    }
}
