//! r[rec.result], r[rec.result.agree]: what `RE` says, and whether the rules say the same.

use crate::{HalfPoints, Outcome, Player};

/// The kinds of r[rec.result].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ResultKind {
    Score,
    Win,
    Resign,
    Time,
    Forfeit,
    Draw,
    Void,
    Unknown,
    Other,
}

impl ResultKind {
    pub fn word(self) -> &'static str {
        match self {
            ResultKind::Score => "score",
            ResultKind::Win => "win",
            ResultKind::Resign => "resign",
            ResultKind::Time => "time",
            ResultKind::Forfeit => "forfeit",
            ResultKind::Draw => "draw",
            ResultKind::Void => "void",
            ResultKind::Unknown => "unknown",
            ResultKind::Other => "other",
        }
    }
}

/// A parsed `RE`.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordResult {
    pub text: String,
    pub kind: ResultKind,
    pub winner: Option<Player>,
    /// The margin of a `score`, as written (points, or stones when a quarter).
    pub margin: Option<f64>,
}

/// r[rec.result]: reads `RE`, never failing.
pub fn parse(text: &str) -> RecordResult {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let done = |kind, winner, margin| RecordResult {
        text: t.to_string(),
        kind,
        winner,
        margin,
    };
    match lower.as_str() {
        "0" | "draw" | "jigo" => return done(ResultKind::Draw, None, None),
        "void" => return done(ResultKind::Void, None, None),
        "?" => return done(ResultKind::Unknown, None, None),
        _ => {}
    }
    let winner = match lower.get(..2) {
        Some("b+") => Some(Player::Black),
        Some("w+") => Some(Player::White),
        _ => None,
    };
    let Some(winner) = winner else {
        return done(ResultKind::Other, None, None);
    };
    let rest = lower[2..].trim();
    let kind = match rest {
        "" => ResultKind::Win,
        "r" | "resign" => ResultKind::Resign,
        "t" | "time" => ResultKind::Time,
        "f" | "forfeit" => ResultKind::Forfeit,
        _ => match rest.parse::<f64>() {
            Ok(m) if m.is_finite() && m >= 0.0 => {
                return done(ResultKind::Score, Some(winner), Some(m))
            }
            _ => ResultKind::Other,
        },
    };
    done(kind, Some(winner), None)
}

/// The exact outcome a result states, in the grammar of r[rec.result] as `RE` and GTP's
/// `final_score` answer both write it: `B+3.5`, `W+0.5`, `0` (also `Draw`, `Jigo`), `Void`; only
/// the first word counts. `B+0` and `W+0` are wins by 0 (a broken tie:
/// r[var.first-pass.tie-break], r[var.ties.black-wins]). `None` when it states no exact outcome: a
/// resignation, time, forfeit, `?`, other text, or a margin that is not a multiple of 0.5.
pub fn outcome(text: &str) -> Option<Outcome> {
    let word = text.split_whitespace().next()?;
    let re = parse(word);
    match re.kind {
        ResultKind::Draw => Some(Outcome::Tie),
        ResultKind::Void => Some(Outcome::Void),
        ResultKind::Score => {
            let margin: HalfPoints = word[2..].parse().ok()?;
            let winner = re.winner?;
            (margin >= HalfPoints::ZERO).then_some(Outcome::Win { winner, margin })
        }
        _ => None,
    }
}

/// r[rec.result.agree]: whether `re` is `outcome` (`None`: no verdict for this kind).
pub fn agrees(re: &RecordResult, outcome: &Outcome) -> Option<bool> {
    let ours = match outcome {
        Outcome::Win { winner, margin } => Some((Some(*winner), Some(*margin))),
        Outcome::Tie => Some((None, None)),
        Outcome::Void => None,
    };
    match re.kind {
        ResultKind::Void => Some(matches!(outcome, Outcome::Void)),
        ResultKind::Draw => Some(matches!(outcome, Outcome::Tie)),
        ResultKind::Win => Some(ours.is_some_and(|(w, _)| w == re.winner)),
        ResultKind::Score => Some(ours.is_some_and(|(w, m)| {
            let Some(theirs) = re.margin else {
                return false;
            };
            let m = m.map_or(0.0, |m: HalfPoints| m.as_halves() as f64 / 2.0);
            let in_stones = (theirs * 4.0).fract() == 0.0 && ((theirs * 4.0) as i64) % 2 != 0;
            let theirs = if in_stones { theirs * 2.0 } else { theirs };
            if theirs == 0.0 && m == 0.0 {
                // `B+0` is a win by 0 (a tie broken), `W+0.0` the same for White.
                return w == re.winner;
            }
            w == re.winner && theirs == m
        })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        let k = |s: &str| parse(s).kind;
        assert_eq!(k("B+R"), ResultKind::Resign);
        assert_eq!(k("w+resign"), ResultKind::Resign);
        assert_eq!(k("W+T"), ResultKind::Time);
        assert_eq!(k("B+Forfeit"), ResultKind::Forfeit);
        assert_eq!(k("B+"), ResultKind::Win);
        assert_eq!(k("0"), ResultKind::Draw);
        assert_eq!(k("Draw"), ResultKind::Draw);
        assert_eq!(k("Void"), ResultKind::Void);
        assert_eq!(k("?"), ResultKind::Unknown);
        assert_eq!(k("B+Illegal"), ResultKind::Other);
        assert_eq!(parse("B+Illegal").winner, Some(Player::Black));
        assert_eq!(k("White wins"), ResultKind::Other);
        let r = parse(" W+12.75 ");
        assert_eq!((r.kind, r.margin), (ResultKind::Score, Some(12.75)));
    }

    #[test]
    fn exact_outcomes() {
        assert_eq!(outcome("0"), Some(Outcome::Tie));
        assert_eq!(outcome("jigo"), Some(Outcome::Tie));
        assert_eq!(
            outcome("B+0"),
            Some(Outcome::Win {
                winner: Player::Black,
                margin: HalfPoints::ZERO
            })
        );
        assert_eq!(outcome("Void"), Some(Outcome::Void));
        assert_eq!(
            outcome("w+7.5 (upper bound)"),
            Some(Outcome::Win {
                winner: Player::White,
                margin: HalfPoints::halves(15)
            })
        );
        for none in [
            "B+R", "", "W+7.3", "W+2.75", "B+", "B+-1", "?", "BB+3", "W+1e1",
        ] {
            assert_eq!(outcome(none), None, "{none:?}");
        }
    }

    #[test]
    fn agreement() {
        let win = |p, halves| Outcome::Win {
            winner: p,
            margin: HalfPoints::halves(halves),
        };
        assert_eq!(agrees(&parse("B+5.5"), &win(Player::Black, 11)), Some(true));
        assert_eq!(
            agrees(&parse("B+5.5"), &win(Player::Black, 13)),
            Some(false)
        );
        assert_eq!(
            agrees(&parse("W+2.75"), &win(Player::White, 11)),
            Some(true)
        );
        assert_eq!(agrees(&parse("B+"), &win(Player::Black, 1)), Some(true));
        assert_eq!(agrees(&parse("0"), &Outcome::Tie), Some(true));
        assert_eq!(agrees(&parse("Void"), &Outcome::Void), Some(true));
        assert_eq!(agrees(&parse("B+R"), &win(Player::Black, 1)), None);
    }
}
