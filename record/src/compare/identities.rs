//! The identities of the rulesets comparison source (§2) and of Part II's notes, checked on one
//! game: each with its inputs, read from the rows' breakdowns (themselves checked against both
//! engines), and whether it holds. An identity that fails is a bug.
//!
//! | identity | clause | rows |
//! | --- | --- | --- |
//! | `area-vs-territory` | r[var.note.area-vs-territory] | every row, against the same rules with the other counting |
//! | `pass-alive-is-dead` | r[var.count.area.pass-alive] | rows counted `area-pass-alive`, against plain area with the stones in pass-alive territory dead |
//! | `aga-countings-agree` | r[var.note.area-vs-territory] | rows with pass stones and White passing last |
//! | `chinese-komi-in-stones` | r[var.note.chinese-komi] | chinese and chinese-superko |
//! | `ing-komi-8-is-7.5` | r[var.note.ing-komi] | rows where Black wins ties |
//! | `tie-break-is-button` | r[var.note.msg-equals-button], r[var.first-pass.tie-break] | rows with the first-pass tie-break |
//! | `msg-is-button` | r[var.note.msg-equals-button] | rows with MSG's first pass |
//!
//! Counterparts (the same rules with one parameter or the komi changed) are replayed and checked
//! like any row; their bugs are the identity's.

use super::{setup_stones, Replayer, Row, RowSpec, Scored};
use std::fmt;
use ttrules_reference::life;
use ttrules_spec::{
    Clause, Colour, Counting, End, FirstPass, HalfPoints, Komi, Outcome, PassStones, Player, Point,
    Rules, Ties,
};

/// Whether an identity holds on the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Holds,
    /// It does not: a bug. The text says which side is which.
    Fails(String),
    /// Its premises are not met by this game (the reason says which).
    NotApplicable(String),
}

/// An input of an identity: a number (kept in quarter points, since Chinese komi is 3.75 stones)
/// or a word (a result, a player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Quarters(i64),
    Text(String),
}

impl Value {
    fn points(h: HalfPoints) -> Value {
        Value::Quarters(2 * h.as_halves())
    }

    fn count(n: impl Into<i64>) -> Value {
        Value::Quarters(4 * n.into())
    }

    fn text(s: impl Into<String>) -> Value {
        Value::Text(s.into())
    }
}

impl fmt::Display for Value {
    /// `7`, `7.5`, `3.75`, `-0.25`, or the word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Text(s) => f.write_str(s),
            Value::Quarters(q) => {
                let sign = if *q < 0 { "-" } else { "" };
                let abs = q.unsigned_abs();
                let frac = ["", ".25", ".5", ".75"][(abs % 4) as usize];
                write!(f, "{sign}{}{frac}", abs / 4)
            }
        }
    }
}

/// One identity checked on the game under one row's rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Identity {
    /// A stable name, e.g. `area-vs-territory`.
    pub name: &'static str,
    pub clause: Clause,
    /// The row it was checked under.
    pub ruleset: String,
    /// The statement, in the variables of §2.
    pub statement: String,
    pub inputs: Vec<(&'static str, Value)>,
    pub status: Status,
    /// Bugs found while replaying the counterparts.
    pub bugs: Vec<String>,
}

/// Every identity that applies to some row of `rows`.
pub fn check(replayer: &Replayer, rows: &[Row]) -> Vec<Identity> {
    let game = replayer.game();
    let mut out = Vec::new();
    for row in rows {
        let rules = row.spec.rules;
        // r[var.count.area.pass-alive]: the stones standing in pass-alive territory are emptied
        // as dead stones are, without becoming prisoners; the counterparts take them as dead.
        let pass_alive = (rules.counting == Counting::AreaPassAlive)
            .then(|| dead_with_pass_alive(replayer, row))
            .flatten();
        let counterpart = match &pass_alive {
            Some((dead, emptied)) => {
                out.push(pass_alive_is_dead(replayer, row, dead, emptied.len()));
                replayer.row_with_dead(&other_counting(row), dead)
            }
            None => replayer.row(&other_counting(row)),
        };
        let emptied = pass_alive.as_ref().map(|(_, e)| e.len());
        out.push(area_vs_territory(game, row, &counterpart, emptied));
        if rules.pass_stones == PassStones::OnePerPass && rules.end == End::WhitePassesLast {
            out.push(aga_countings_agree(game, row, &counterpart));
        }
        if matches!(rules.name(), Some("chinese" | "chinese-superko")) {
            out.push(chinese_komi(game, row));
        }
        if rules.ties == Ties::BlackWins {
            out.push(ing_komi(replayer, row));
        }
        match rules.first_pass {
            FirstPass::TieBreak => out.push(tie_break_is_button(replayer, row)),
            FirstPass::Msg => out.push(msg_is_button(replayer, row)),
            FirstPass::Nothing | FirstPass::Button | FirstPass::ButtonNewHistory => {}
        }
    }
    out
}

/// The counterpart of `row` for r[var.note.area-vs-territory]: the same rules and komi, counted
/// the other way (territory for both area countings).
fn other_counting(row: &Row) -> RowSpec {
    let rules = row.spec.rules;
    let counting = match rules.counting {
        Counting::Area | Counting::AreaPassAlive => Counting::Territory,
        Counting::Territory => Counting::Area,
    };
    variant(row, Rules { counting, ..rules }, row.spec.komi)
}

/// Under r[var.count.area.pass-alive]: the game's dead stones together with the stones E
/// "standing in the opponent's pass-alive territory" on the colouring after the dead stones are
/// emptied (r[life.territory], under the row's suicide parameter), and E itself; `None` when the
/// row has no score (a setup refused, dead stones that are not stones).
fn dead_with_pass_alive(replayer: &Replayer, row: &Row) -> Option<(Vec<Point>, Vec<Point>)> {
    row.score()?;
    let replayed = replayer.reference(&row.spec.rules).ok()?;
    let mut g = replayed.reference.record().grid().clone();
    let dead = &replayer.game().dead;
    for &p in dead {
        g.set(p, Colour::Empty);
    }
    let emptied = life::pass_alive(&g, row.spec.rules.suicide).dead_stones(&g);
    let mut all = dead.clone();
    all.extend(&emptied);
    Some((all, emptied))
}

/// r[var.count.area.pass-alive]: "As r[var.count.area], on the colouring after the dead stones
/// are emptied … and then … every stone standing in the opponent's pass-alive territory emptied
/// too; these stones do not become prisoners": the row's scores are those of plain area counting
/// with those stones agreed dead as well.
fn pass_alive_is_dead(replayer: &Replayer, row: &Row, dead: &[Point], emptied: usize) -> Identity {
    let mut id = identity(
        "pass-alive-is-dead",
        Clause::VarCountAreaPassAlive,
        row,
        "area-pass-alive = area with the stones E in pass-alive territory agreed dead too",
    );
    let spec = variant(
        row,
        Rules {
            counting: Counting::Area,
            ..row.spec.rules
        },
        row.spec.komi,
    );
    let area = replayer.row_with_dead(&spec, dead);
    id.bugs = area.bugs.clone();
    let Some((a, b)) = both(&mut id, row, &area) else {
        return id;
    };
    id.inputs = vec![
        ("E", Value::count(emptied as u32)),
        ("B", Value::points(a.score.black)),
        ("W", Value::points(a.score.white)),
        ("B by area, E dead", Value::points(b.score.black)),
        ("W by area, E dead", Value::points(b.score.white)),
    ];
    id.status = holds_if(a.score == b.score && a.outcome == b.outcome, || {
        format!(
            "area-pass-alive gives {}, area with E dead {}",
            a.outcome.sgf_result(),
            b.outcome.sgf_result()
        )
    });
    id
}

/// The spec of a counterpart of `row`: other rules or komi, the same game.
fn variant(row: &Row, rules: Rules, komi: Komi) -> RowSpec {
    RowSpec {
        label: format!("{} ({})", row.spec.label, rules),
        named: false,
        rules,
        komi,
    }
}

/// A new identity, not yet decided.
fn identity(name: &'static str, clause: Clause, row: &Row, statement: &str) -> Identity {
    Identity {
        name,
        clause,
        ruleset: row.spec.label.clone(),
        statement: statement.to_string(),
        inputs: Vec::new(),
        status: Status::NotApplicable(String::new()),
        bugs: Vec::new(),
    }
}

fn margin(s: &Scored) -> HalfPoints {
    s.score.black - s.score.white
}

fn holds_if(ok: bool, why: impl FnOnce() -> String) -> Status {
    if ok {
        Status::Holds
    } else {
        Status::Fails(why())
    }
}

/// Both rows' scores; `None` when the identity `id` cannot be checked, with its status saying
/// why: replays that went differently are a failure (a bug), since the counterparts change
/// nothing that decides legality on these turns.
fn both<'a>(id: &mut Identity, row: &'a Row, other: &'a Row) -> Option<(&'a Scored, &'a Scored)> {
    let (a, b) = match (&row.scored, &other.scored) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            id.status = Status::NotApplicable(e.clone());
            return None;
        }
    };
    if row.played != other.played || row.counts != other.counts {
        id.status = Status::Fails(format!(
            "the replays differ: {} turns under {}, {} under {}",
            row.played, row.spec.label, other.played, other.spec.label
        ));
        return None;
    }
    Some((a, b))
}

/// r[var.note.area-vs-territory]: "D_A − D_T = (R_B − R_W) + (S_B − S_W) + (P_B − P_W)". Under
/// r[var.count.area.pass-alive] (`emptied` is then |E|), D_T is counted with the stones E agreed
/// dead, as [`pass_alive_is_dead`] has it.
fn area_vs_territory(
    game: &super::RecordGame,
    row: &Row,
    counterpart: &Row,
    emptied: Option<usize>,
) -> Identity {
    let [s_b, s_w] = setup_stones(game);
    let general = "D_A − D_T = (R_B − R_W) + (S_B − S_W) + (P_B − P_W)";
    let mut id = identity(
        "area-vs-territory",
        Clause::VarNoteAreaVsTerritory,
        row,
        general,
    );
    id.bugs = counterpart.bugs.clone();
    let Some((a, b)) = both(&mut id, row, counterpart) else {
        return id;
    };
    let (area, territory) = match row.spec.rules.counting {
        Counting::Area | Counting::AreaPassAlive => (a, b),
        Counting::Territory => (b, a),
    };
    let (d_a, d_t) = (margin(area), margin(territory));
    let [r_b, r_w] = row.counts.moves;
    // P_B: the pass stones Black handed over, which White received.
    let (p_b, p_w) = (
        area.breakdown.white.pass_stones,
        area.breakdown.black.pass_stones,
    );
    if s_b == 0 && s_w == 0 && p_b == 0 && p_w == 0 {
        id.statement = "D_A − D_T = R_B − R_W (§2; no setup, no pass stones)".to_string();
    }
    if emptied.is_some() {
        id.statement
            .push_str("; D_T with the stones E in pass-alive territory dead");
    }
    id.inputs = vec![
        ("D_A", Value::points(d_a)),
        ("D_T", Value::points(d_t)),
        ("R_B", Value::count(r_b)),
        ("R_W", Value::count(r_w)),
        ("S_B", Value::count(s_b)),
        ("S_W", Value::count(s_w)),
        ("P_B", Value::count(p_b)),
        ("P_W", Value::count(p_w)),
    ];
    if let Some(e) = emptied {
        id.inputs.push(("E", Value::count(e as u32)));
    }
    let rhs = (i64::from(r_b) - i64::from(r_w))
        + (i64::from(s_b) - i64::from(s_w))
        + (i64::from(p_b) - i64::from(p_w));
    id.status = holds_if(d_a - d_t == HalfPoints::points(rhs), || {
        format!("D_A − D_T = {}, the right side is {rhs}", d_a - d_t)
    });
    id
}

/// r[var.note.area-vs-territory]: "Under AGA's pass stones with White passing last and no setup,
/// every player has taken the same number of turns apart from handicap passes, and the two
/// countings agree except for the handicap: D_A − D_T = N − 1 for a handicap N ≥ 2 (otherwise 0)".
fn aga_countings_agree(game: &super::RecordGame, row: &Row, counterpart: &Row) -> Identity {
    let mut id = identity(
        "aga-countings-agree",
        Clause::VarNoteAreaVsTerritory,
        row,
        "T_B = T_W and D_A − D_T = N − 1 for a handicap N ≥ 2, else 0 (§2: D_A = D_T)",
    );
    let Some((a, b)) = both(&mut id, row, counterpart) else {
        return id;
    };
    if !game.setup.is_empty_start() {
        id.status = Status::NotApplicable(
            "the game starts from a setup (area-vs-territory states the general form)".into(),
        );
        return id;
    }
    if !row.over || row.void {
        id.status = Status::NotApplicable("the game has not ended under these rules".into());
        return id;
    }
    let (area, territory) = match row.spec.rules.counting {
        Counting::Area | Counting::AreaPassAlive => (a, b),
        Counting::Territory => (b, a),
    };
    let (d_a, d_t) = (margin(area), margin(territory));
    let n = area.breakdown.handicap;
    let expected = if n >= 2 { i64::from(n) - 1 } else { 0 };
    let (t_b, t_w) = (
        row.counts.turns(Player::Black),
        row.counts.turns(Player::White),
    );
    id.inputs = vec![
        ("T_B", Value::count(t_b)),
        ("T_W", Value::count(t_w)),
        ("handicap passes", Value::count(row.counts.handicap_passes)),
        ("N", Value::count(n)),
        ("D_A", Value::points(d_a)),
        ("D_T", Value::points(d_t)),
    ];
    id.status = if t_b != t_w {
        Status::Fails(format!("T_B = {t_b} but T_W = {t_w}"))
    } else {
        holds_if(d_a - d_t == HalfPoints::points(expected), || {
            format!("D_A − D_T = {}, expected {expected}", d_a - d_t)
        })
    };
    id
}

/// r[var.note.chinese-komi]: Black's count in stones (area plus half the neutral points) against
/// the base number W·H/2 + K_C gives Black's margin in stones, half the margin in points with komi
/// K = 2·K_C.
fn chinese_komi(game: &super::RecordGame, row: &Row) -> Identity {
    let mut id = identity(
        "chinese-komi-in-stones",
        Clause::VarNoteChineseKomi,
        row,
        "2·(C_B − W·H/2 − K_C) = D − K, with C_B = L_B + M_B + N/2 and K = 2·K_C",
    );
    let s = match &row.scored {
        Ok(s) => s,
        Err(e) => {
            id.status = Status::NotApplicable(e.clone());
            return id;
        }
    };
    if row.void {
        id.status = Status::NotApplicable("the game is void (r[var.ko.simple.cycle])".into());
        return id;
    }
    let b = &s.breakdown;
    let area = game.size().area() as i64;
    // In quarter points: C_B = L_B + M_B + N/2, the base W·H/2, K_C = (komi + compensation)/2.
    let c_b = 4 * (b.black.stones + b.black.territory) + 2 * b.neutral;
    let base = 2 * area;
    let k = 2 * row.spec.komi.value().as_halves();
    let k_c = (k + 4 * b.white.compensation) / 2;
    let stones = c_b - base - k_c;
    let d = 2 * margin(s).as_halves();
    id.inputs = vec![
        ("C_B", Value::Quarters(c_b)),
        ("W·H/2", Value::Quarters(base)),
        ("K", Value::Quarters(k)),
        ("compensation", Value::count(b.white.compensation)),
        ("K_C", Value::Quarters(k_c)),
        ("margin in stones", Value::Quarters(stones)),
        ("D", Value::Quarters(d)),
        ("result", Value::text(s.outcome.sgf_result())),
    ];
    let winner = match stones.signum() {
        1 => "B",
        -1 => "W",
        _ => "tie",
    };
    id.status = if 2 * stones != d - k {
        Status::Fails(format!(
            "twice the margin in stones is {}, D − K is {}",
            Value::Quarters(2 * stones),
            Value::Quarters(d - k)
        ))
    } else {
        holds_if(winner == s.outcome.winner_word(), || {
            format!(
                "the count in stones makes {winner} the winner, the result is {}",
                s.outcome.sgf_result()
            )
        })
    };
    id
}

/// r[var.note.ing-komi]: with whole scores and no first-pass tie-break, komi K with Black winning
/// ties gives the same winner as komi K − 0.5 with ties drawn; Black's margin is 0.5 more, White's
/// 0.5 less.
fn ing_komi(replayer: &Replayer, row: &Row) -> Identity {
    let mut id = identity(
        "ing-komi-8-is-7.5",
        Clause::VarNoteIngKomi,
        row,
        "komi K, Black wins ties ≡ komi K − 0.5 (Ing: 8 ≡ 7.5)",
    );
    let half = HalfPoints::halves(1);
    let komi = row.spec.komi.value();
    let drawn = replayer.row(&variant(
        row,
        Rules {
            ties: Ties::Draw,
            ..row.spec.rules
        },
        Komi::new(komi - half),
    ));
    id.bugs = drawn.bugs.clone();
    let Some((a, b)) = both(&mut id, row, &drawn) else {
        return id;
    };
    id.inputs = vec![
        ("D", Value::points(margin(a))),
        ("K", Value::points(komi)),
        ("result", Value::text(a.outcome.sgf_result())),
        ("K − 0.5", Value::points(komi - half)),
        ("result with K − 0.5", Value::text(b.outcome.sgf_result())),
    ];
    if !komi.is_whole() || !a.score.black.is_whole() || !a.score.white.is_whole() {
        id.status = Status::NotApplicable("the komi or a score is not whole".into());
        return id;
    }
    if row.spec.rules.first_pass == FirstPass::TieBreak {
        id.status = Status::NotApplicable("the first-pass tie-break decides ties first".into());
        return id;
    }
    let expected = match a.outcome {
        Outcome::Win {
            winner: Player::Black,
            margin,
        } => Outcome::Win {
            winner: Player::Black,
            margin: margin + half,
        },
        Outcome::Win {
            winner: Player::White,
            margin,
        } => Outcome::Win {
            winner: Player::White,
            margin: margin - half,
        },
        other => other,
    };
    id.status = holds_if(b.outcome == expected, || {
        format!(
            "expected {} with K − 0.5, got {}",
            expected.sgf_result(),
            b.outcome.sgf_result()
        )
    });
    id
}

/// The same turns as `row` under `spec`: the counterpart of a first-pass identity is replayed on
/// the turns `row` took, since the button may accept a turn after the row's end.
fn on_same_turns(replayer: &Replayer, row: &Row, spec: &RowSpec) -> Row {
    let game = replayer.game();
    if row.played >= game.turns.len() {
        return replayer.row(spec);
    }
    let prefix = super::RecordGame {
        turns: game.turns[..row.played].to_vec(),
        ..game.clone()
    };
    Replayer::new(&prefix).row(spec)
}

/// r[var.first-pass.tie-break] and r[var.note.msg-equals-button]: "With an integer komi the
/// button and r[var.first-pass.tie-break] give the same winner".
fn tie_break_is_button(replayer: &Replayer, row: &Row) -> Identity {
    let mut id = identity(
        "tie-break-is-button",
        Clause::VarNoteMsgEqualsButton,
        row,
        "with an integer komi K: D = K → the first passer wins; else the sign of D − K; the same winner as the 0.5 button",
    );
    let komi = row.spec.komi.value();
    let button = on_same_turns(
        replayer,
        row,
        &variant(
            row,
            Rules {
                first_pass: FirstPass::Button,
                ..row.spec.rules
            },
            row.spec.komi,
        ),
    );
    id.bugs = button.bugs.clone();
    let Some((a, b)) = both(&mut id, row, &button) else {
        return id;
    };
    let passer = a.breakdown.first_passer;
    let d = margin(a);
    id.inputs = vec![
        ("D", Value::points(d)),
        ("K", Value::points(komi)),
        (
            "first passer",
            Value::text(passer.map_or("none", Player::letter)),
        ),
        ("result", Value::text(a.outcome.sgf_result())),
        (
            "result with the button",
            Value::text(b.outcome.sgf_result()),
        ),
    ];
    if !komi.is_whole() {
        id.status = Status::NotApplicable("the komi is not whole".into());
        return id;
    }
    let expected = if d > komi {
        "B"
    } else if d < komi {
        "W"
    } else {
        match (passer, row.spec.rules.ties) {
            (Some(p), _) => p.letter(),
            // No first passer: the tie stands, or Black wins it (r[var.ties.black-wins]).
            (None, Ties::BlackWins) => "B",
            (None, Ties::Draw) => "tie",
        }
    };
    let (got, with_button) = (a.outcome.winner_word(), b.outcome.winner_word());
    id.status = if a.outcome == Outcome::Void {
        Status::NotApplicable("the game is void".into())
    } else if got != expected {
        Status::Fails(format!(
            "the winner is {got}, the tie-break says {expected}"
        ))
    } else {
        holds_if(got == with_button, || {
            format!("the tie-break gives {got}, the button {with_button}")
        })
    };
    id
}

/// r[var.note.msg-equals-button]: "MSG with komi 6.5 gives the same margin, and the same winner,
/// as the button with komi 7".
fn msg_is_button(replayer: &Replayer, row: &Row) -> Identity {
    let mut id = identity(
        "msg-is-button",
        Clause::VarNoteMsgEqualsButton,
        row,
        "MSG with komi K = the 0.5 button with komi K + 0.5: the same result (MSG 6.5 = button 7)",
    );
    let half = HalfPoints::halves(1);
    let komi = row.spec.komi.value();
    let button = on_same_turns(
        replayer,
        row,
        &variant(
            row,
            Rules {
                first_pass: FirstPass::Button,
                ..row.spec.rules
            },
            Komi::new(komi + half),
        ),
    );
    id.bugs = button.bugs.clone();
    let Some((a, b)) = both(&mut id, row, &button) else {
        return id;
    };
    let passer = a.breakdown.first_passer;
    id.inputs = vec![
        ("D", Value::points(margin(a))),
        ("K", Value::points(komi)),
        (
            "first passer",
            Value::text(passer.map_or("none", Player::letter)),
        ),
        ("result", Value::text(a.outcome.sgf_result())),
        ("D with the button", Value::points(margin(b))),
        ("K + 0.5", Value::points(komi + half)),
        (
            "result with the button",
            Value::text(b.outcome.sgf_result()),
        ),
    ];
    if passer.is_none() {
        id.status = Status::NotApplicable("no one has passed".into());
        return id;
    }
    let after_komi = |s: &Scored, k: HalfPoints| margin(s) - k;
    id.status = holds_if(
        after_komi(a, komi) == after_komi(b, komi + half) && a.outcome == b.outcome,
        || {
            format!(
                "MSG gives {}, the button {}",
                a.outcome.sgf_result(),
                b.outcome.sgf_result()
            )
        },
    );
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{row_specs, RecordGame, RecordTurn, RowSpec};
    use ttrules_spec::{Move, Point, Setup, Size};

    /// 7x1: B D1, W pass, B pass, W pass (the last is illegal where two passes end the game).
    fn game() -> RecordGame {
        let turns = [
            (Player::Black, Move::Play(Point::new(3, 0))),
            (Player::White, Move::Pass),
            (Player::Black, Move::Pass),
            (Player::White, Move::Pass),
        ];
        RecordGame::new(
            Setup::empty(Size::new(7, 1).unwrap()),
            turns
                .iter()
                .enumerate()
                .map(|(i, &(player, mv))| RecordTurn {
                    node: i + 1,
                    player,
                    mv,
                    implied: false,
                    resume: false,
                })
                .collect(),
            Vec::new(),
        )
    }

    /// Every identity holds on the game, and fails once one input is made wrong: the checks can
    /// fail.
    #[test]
    fn each_identity_fails_on_a_wrong_input() {
        let game = game();
        let replayer = Replayer::new(&game);
        let rows: Vec<Row> = row_specs(&game, None, None)
            .unwrap()
            .iter()
            .map(|s| replayer.row(s))
            .collect();
        let all = check(&replayer, &rows);
        assert!(all.iter().all(|i| i.status == Status::Holds), "{all:#?}");
        let tampered = |name: &str, edit: &dyn Fn(&mut Scored)| -> Row {
            let mut row = rows.iter().find(|r| r.spec.label == name).unwrap().clone();
            edit(row.scored.as_mut().unwrap());
            row
        };
        let one_more = |s: &mut Scored| s.score.black = s.score.black + HalfPoints::points(1);
        let black_wins = |s: &mut Scored| {
            s.outcome = Outcome::Win {
                winner: Player::Black,
                margin: HalfPoints::points(9),
            }
        };
        let fails = |i: Identity| assert!(matches!(i.status, Status::Fails(_)), "{i:#?}");
        let tt = tampered("tromp-taylor", &one_more);
        fails(area_vs_territory(
            &game,
            &tt,
            &replayer.row(&other_counting(&tt)),
            None,
        ));
        // KataGo's chinese counts by area with the pass-alive rule (r[var.katago.exact]).
        let (rules, komi) = ttrules_spec::katago::parse("chinese").unwrap();
        let spec = RowSpec {
            label: "katago chinese".into(),
            named: false,
            rules,
            komi: komi.unwrap(),
        };
        let katago = replayer.row(&spec);
        let (dead, emptied) = dead_with_pass_alive(&replayer, &katago).unwrap();
        let holds = pass_alive_is_dead(&replayer, &katago, &dead, emptied.len());
        assert_eq!(holds.status, Status::Holds, "{holds:#?}");
        let mut wrong = katago.clone();
        one_more(wrong.scored.as_mut().unwrap());
        fails(pass_alive_is_dead(&replayer, &wrong, &dead, emptied.len()));
        fails(area_vs_territory(
            &game,
            &wrong,
            &replayer.row_with_dead(&other_counting(&wrong), &dead),
            Some(emptied.len()),
        ));
        let aga = tampered("aga", &one_more);
        fails(aga_countings_agree(
            &game,
            &aga,
            &replayer.row(&other_counting(&aga)),
        ));
        fails(chinese_komi(
            &game,
            &tampered("chinese", &|s| s.breakdown.black.stones += 1),
        ));
        fails(ing_komi(&replayer, &tampered("ing", &black_wins)));
        fails(tie_break_is_button(
            &replayer,
            &tampered("msg-first-pass", &black_wins),
        ));
        fails(msg_is_button(&replayer, &tampered("msg", &black_wins)));
    }

    #[test]
    fn values_print_exactly() {
        let show = |q| Value::Quarters(q).to_string();
        assert_eq!(show(15), "3.75");
        assert_eq!(show(-1), "-0.25");
        assert_eq!(show(30), "7.5");
        assert_eq!(show(-28), "-7");
    }
}
