//! What the driver prints for one game (KataGo's answers), and its comparison with what ttrules'
//! engines observed.

use crate::games::Played;
use ttrules_spec::{HalfPoints, HandicapCompensation, Move, Outcome, Player};

/// KataGo's answers for one game, as the driver printed them.
#[derive(Default)]
pub struct KataGo {
    /// Per position: legality string, pass legal, game finished, encore phase.
    pub turns: Vec<(String, bool, bool, u32)>,
    /// The move KataGo refused, if any.
    pub refused: Option<usize>,
    /// No result, white-minus-black score in half points, winner (`B`, `W`, `0`), `own` or `now`.
    pub result: Option<(bool, i64, String, String)>,
    pub error: Option<String>,
}

impl KataGo {
    /// Reads one driver line; returns true when it ends the game.
    pub fn read(&mut self, line: &str) -> Result<bool, String> {
        let f: Vec<&str> = line.split_whitespace().collect();
        let bad = || format!("unreadable driver line {line:?}");
        match f.first().copied() {
            Some("T") if f.len() == 5 => {
                self.turns.push((
                    f[1].to_string(),
                    f[2] == "1",
                    f[3] == "1",
                    f[4].parse().map_err(|_| bad())?,
                ));
                Ok(false)
            }
            Some("X") if f.len() == 2 => {
                self.refused = Some(f[1].parse().map_err(|_| bad())?);
                Ok(true)
            }
            Some("R") if f.len() == 5 => {
                let score: f64 = f[2].parse().map_err(|_| bad())?;
                let halves = HalfPoints::from_f64(score).ok_or_else(bad)?.as_halves();
                self.result = Some((f[1] == "1", halves, f[3].to_string(), f[4].to_string()));
                Ok(true)
            }
            Some("E") => {
                self.error = Some(line.to_string());
                Ok(true)
            }
            _ => Err(bad()),
        }
    }
}

/// The kinds of difference, in the order the report prints them.
pub const KINDS: [&str; 7] = [
    "legal-point",
    "legal-pass",
    "end",
    "score",
    "void",
    "refused",
    "fast-vs-reference",
];

/// One difference found, with the game to shrink it from.
pub struct Difference {
    pub kind: &'static str,
    pub turn: usize,
    pub detail: String,
}

/// The white-minus-black margin and winner of a ttrules outcome (`None` when void).
fn wmb(o: Outcome) -> Option<(i64, &'static str)> {
    match o {
        Outcome::Win { winner, margin } => Some(match winner {
            Player::White => (margin.as_halves(), "W"),
            Player::Black => (-margin.as_halves(), "B"),
        }),
        Outcome::Tie => Some((0, "0")),
        Outcome::Void => None,
    }
}

/// Compares one game; returns the positions compared and the differences (at most one of each
/// kind, the first).
pub fn compare(p: &Played, k: &KataGo) -> (usize, bool, Vec<Difference>) {
    let mut diffs: Vec<Difference> = Vec::new();
    let push = |diffs: &mut Vec<Difference>, kind: &'static str, turn: usize, detail: String| {
        if !diffs.iter().any(|d| d.kind == kind) {
            diffs.push(Difference { kind, turn, detail });
        }
    };
    if let Some(e) = &k.error {
        push(&mut diffs, "refused", 0, e.clone());
        return (0, false, diffs);
    }
    if p.fast_difference.is_some() {
        push(
            &mut diffs,
            "fast-vs-reference",
            0,
            p.fast_difference.clone().unwrap_or_default(),
        );
    }
    let mut positions = 0;
    for (t, ours) in p.turns.iter().enumerate() {
        let Some((legal, pass, finished, encore)) = k.turns.get(t) else {
            break;
        };
        positions += 1;
        let k_ended = *finished || *encore > 0;
        if ours.over != k_ended {
            push(
                &mut diffs,
                "end",
                t,
                format!("ttrules over {} KataGo ended {k_ended}", ours.over),
            );
        }
        if ours.over || k_ended {
            continue;
        }
        if &ours.legal != legal {
            let at: Vec<usize> = ours
                .legal
                .bytes()
                .zip(legal.bytes())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, _)| i)
                .collect();
            push(
                &mut diffs,
                "legal-point",
                t,
                format!("points {at:?} (ttrules {}, KataGo {legal})", ours.legal),
            );
        }
        if ours.pass_legal != *pass {
            push(
                &mut diffs,
                "legal-pass",
                t,
                format!("ttrules {}", ours.pass_legal),
            );
        }
    }
    if let Some(t) = k.refused {
        push(
            &mut diffs,
            "refused",
            t,
            format!("KataGo refused {}", p.moves[t]),
        );
    }
    let mut scored = false;
    if let (Some(o), Some((void, halves, winner, _how))) = (p.outcome, &k.result) {
        scored = true;
        match wmb(o) {
            None => {
                if !void {
                    push(
                        &mut diffs,
                        "void",
                        p.moves.len(),
                        "ttrules void, KataGo scored".into(),
                    );
                }
            }
            Some((m, w)) => {
                if *void {
                    push(&mut diffs, "void", p.moves.len(), "KataGo no result".into());
                } else if m != *halves || w != winner {
                    push(
                        &mut diffs,
                        "score",
                        p.moves.len(),
                        format!(
                            "white-minus-black ttrules {} KataGo {} (winner {w} / {winner})",
                            HalfPoints::halves(m),
                            HalfPoints::halves(*halves)
                        ),
                    );
                }
            }
        }
    }
    (positions, scored, diffs)
}

/// The game as the driver reads it.
pub fn driver_input(p: &Played) -> String {
    let size = p.setup.grid.size();
    let mut s = format!(
        "G {} {} {} {}\n",
        size.width(),
        size.height(),
        p.komi,
        p.rules_string
    );
    if !p.setup.is_empty_start() {
        let cells: String = p
            .setup
            .grid
            .cells()
            .iter()
            .map(|c| match c {
                ttrules_spec::Colour::Empty => '.',
                ttrules_spec::Colour::Black => 'X',
                ttrules_spec::Colour::White => 'O',
            })
            .collect();
        s.push_str(&format!("S {} {cells}\n", p.setup.to_move.letter()));
    }
    s.push('M');
    for m in &p.moves {
        match m {
            Move::Pass => s.push_str(" pass"),
            Move::Play(pt) => s.push_str(&format!(" {}", size.index(*pt))),
        }
    }
    s.push('\n');
    s
}

/// The game as a vector of spec/vectors (TOML), cut after `turns` moves, for shrinking by hand.
pub fn as_vector(p: &Played, turns: usize) -> String {
    let size = p.setup.grid.size();
    let rows: Vec<String> = p.setup.grid.rows();
    let moves: Vec<String> = p
        .moves
        .iter()
        .take(turns)
        .enumerate()
        .map(|(i, m)| {
            let who = if (i % 2 == 0) == (p.setup.to_move == Player::Black) {
                "B"
            } else {
                "W"
            };
            format!("\"{who} {m}\"")
        })
        .collect();
    format!(
        "size = \"{size}\"\nrules = \"{}\"\nkomi = {}\nsetup = {{ grid = {:?}, to_move = \"{}\", handicap = {} }}\nmoves = [{}]",
        p.rules_string,
        p.komi,
        rows,
        p.setup.to_move.letter(),
        p.setup.handicap,
        moves.join(", ")
    )
}

/// The known difference that explains a game's differences, if one applies (each is named on the
/// report page and by a spec clause):
/// - `button-handicap-pass`: under `button1`, a game from the empty grid whose opening has a White
///   pass followed by a Black move. KataGo gives the button to that pass; ttrules reads it as a
///   handicap pass, which is no first pass (r[var.handicap], r[var.first-pass]).
/// - `handicap-count`: KataGo counts as the handicap the Black stones of a setup without White
///   stones plus the Black moves at the start of the game, read through White and Black passes;
///   ttrules keeps the handicap a setup declares and, from the empty grid, counts the opening of
///   r[var.handicap] (Black move, White pass, …, from the first turn). It shows under `whbN` and
///   `whbN-1`.
pub fn named_cause(p: &Played, k: &KataGo, diffs: &[Difference]) -> Option<&'static str> {
    // The parameters ttrules reads in the string (KataGo's names included).
    let Ok((rules, _)) = ttrules_spec::katago::parse(&p.rules_string) else {
        return None;
    };
    let m = &p.moves;
    let play = |i: usize| matches!(m.get(i), Some(Move::Play(_)));
    let pass = |i: usize| matches!(m.get(i), Some(Move::Pass));
    if rules.first_pass == ttrules_spec::FirstPass::ButtonNewHistory
        && p.setup.is_empty_start()
        && play(0)
        && pass(1)
        && play(2)
    {
        return Some("button-handicap-pass");
    }
    // Only a score that differs by exactly the difference in White's handicap bonus.
    let bonus = |n: u32| -> i64 {
        let n = i64::from(n);
        match (n >= 2, rules.handicap) {
            (false, _) | (true, HandicapCompensation::None) => 0,
            (true, HandicapCompensation::N) => n,
            (true, HandicapCompensation::NMinusOne) => n - 1,
        }
    };
    let expected = 2 * (bonus(katago_handicap(p)) - bonus(p.handicap));
    let found = match (p.outcome.and_then(wmb), &k.result) {
        (Some((ours, _)), Some((false, theirs, _, _))) => Some(theirs - ours),
        _ => None,
    };
    if expected != 0 && found == Some(expected) && diffs.iter().all(|d| d.kind == "score") {
        return Some("handicap-count");
    }
    None
}

/// The handicap KataGo counts for a game from a setup (`BoardHistory::computeNumHandicapStones`
/// with `assumeMultipleStartingBlackMovesAreHandicap`): none when the setup holds a White stone;
/// otherwise its Black stones plus the Black moves at the start of the game, read through single
/// White passes; N ≤ 1 is none.
fn katago_handicap(p: &Played) -> u32 {
    use ttrules_spec::Colour;
    if p.setup.grid.count(Colour::White) != 0 {
        return 0;
    }
    let mut black_moves = 0;
    let colour = |i: usize| i.is_multiple_of(2) == (p.setup.to_move == Player::Black);
    for (i, m) in p.moves.iter().enumerate() {
        if !colour(i) {
            // A White turn: two in a row cannot happen here (turns alternate).
            if *m == Move::Pass {
                continue;
            }
            break;
        }
        if *m != Move::Pass {
            black_moves += 1;
        }
    }
    let n = p.setup.grid.count(Colour::Black) as u32 + black_moves;
    if n <= 1 {
        0
    } else {
        n
    }
}
