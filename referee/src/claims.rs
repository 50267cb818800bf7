//! Claims that disagree with the count (r[ref.claims]), said loudly: an engine's own
//! `final_score` that reads as another result than the referee's is the usual sign that the
//! engines passed with dead stones on the board, which the default end protocol
//! (r[ref.end.tromp-taylor]) counts alive. The warning names the cure: an end protocol of Part VII
//! or an engine option that captures dead stones before passing. The claims never decide anything.

use super::output::{claim_agrees, ResultLine};
use crate::played::Played;
use serde::Serialize;
use ttrules_spec::Player;

/// Where the operator's guide explains this.
pub const GUIDE: &str = "docs/src/guide/referee-operating.md";

/// The cure, for the record, the results line and the summary.
fn cure(protocol: &str) -> String {
    if protocol == "tromp-taylor" {
        "under --end tromp-taylor every stone on the board at the end counts as alive, and \
         engines such as GNU Go pass with dead stones still on the board; use an end protocol \
         that settles dead stones (--end agreement, chinese, kgs, japanese or arbiter) or make \
         the engines capture their dead stones before passing (GNU Go: --capture-all-dead)"
            .to_string()
    } else {
        format!(
            "the end protocol {protocol} settled the dead stones; check that the engines play the \
             match's ruleset and komi, and the rounds in the record"
        )
    }
}

/// The warning of one game whose claims disagree with the count, or `None`: loud when a claim
/// names another winner, a note when only the margin differs.
pub fn game_warning(played: &Played) -> Option<String> {
    let differ: Vec<(String, bool)> = [Player::Black, Player::White]
        .into_iter()
        .filter_map(|p| {
            let c = played.claims[p as usize].as_deref()?;
            let other = winner(c) != winner(&played.result);
            (claim_agrees(c, played) == Some(false)).then(|| (format!("{p} claims {c}"), other))
        })
        .collect();
    if differ.is_empty() {
        return None;
    }
    let said: Vec<&str> = differ.iter().map(|(s, _)| s.as_str()).collect();
    Some(if differ.iter().any(|(_, other)| *other) {
        format!(
            "WARNING: the engines' own count names another winner than the referee's {} ({}): \
             {} (see {GUIDE}).",
            played.result,
            said.join(", "),
            cure(played.end.protocol)
        )
    } else {
        format!(
            "Note: the engines' own count differs from the referee's {} in the margin only \
             ({}): engines that count territory, or leave dead stones on the board, count \
             otherwise (see {GUIDE}).",
            played.result,
            said.join(", ")
        )
    })
}

/// The claims of a match's games, counted.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct ClaimsSummary {
    /// Games with at least one claim.
    pub games: u64,
    /// Games in which a claim disagrees with the referee's result.
    pub disagreeing: u64,
    /// Of those, games in which a claim names another winner (or a draw).
    pub other_winner: u64,
    /// The end protocols of the disagreeing games.
    pub protocols: Vec<String>,
}

/// The winner a result names: `B`, `W`, `0` (a draw), or `None`.
fn winner(result: &str) -> Option<char> {
    let t = result.trim();
    if t == "0" || t.eq_ignore_ascii_case("draw") || t.eq_ignore_ascii_case("jigo") {
        return Some('0');
    }
    let first = t.chars().next()?.to_ascii_uppercase();
    (matches!(first, 'B' | 'W') && t[1..].starts_with('+')).then_some(first)
}

impl ClaimsSummary {
    pub fn new(lines: &[ResultLine]) -> ClaimsSummary {
        let mut s = ClaimsSummary::default();
        for l in lines {
            let sides = [&l.black, &l.white];
            if sides.iter().all(|x| x.claim.is_none()) {
                continue;
            }
            s.games += 1;
            let differ: Vec<&str> = sides
                .iter()
                .filter(|x| x.claim_agrees == Some(false))
                .filter_map(|x| x.claim.as_deref())
                .collect();
            if differ.is_empty() {
                continue;
            }
            s.disagreeing += 1;
            let referee = winner(&l.result);
            s.other_winner += u64::from(differ.iter().any(|c| winner(c) != referee));
            let protocol = l.end["protocol"].as_str().unwrap_or("tromp-taylor");
            if !s.protocols.iter().any(|p| p == protocol) {
                s.protocols.push(protocol.to_string());
            }
        }
        s
    }

    /// The summary's warning (a claim names another winner) or note (only margins differ), or
    /// `None` when every claim agrees.
    pub fn warning(&self) -> Option<String> {
        let margins = self.disagreeing - self.other_winner;
        let of = super::summary::count(self.games, "game");
        if self.other_winner == 0 {
            return (margins > 0).then(|| {
                format!(
                    "note: in {margins} of {of} with claims an engine's own count differs from \
                     the referee's in the margin only (engines that count territory, or leave \
                     dead stones on the board, count otherwise; see {GUIDE})\n"
                )
            });
        }
        let protocol = match self.protocols.as_slice() {
            [one] => one.as_str(),
            _ => "tromp-taylor",
        };
        Some(format!(
            "WARNING: in {} of {of} with claims an engine's own count (final_score) names another \
             winner than the referee's result{}.\n  The referee's result stands \
             (r[ref.claims]), but {}.\n  See {GUIDE}.\n",
            self.other_winner,
            if margins > 0 {
                format!(" (in {margins} more only the margin differs)")
            } else {
                String::new()
            },
            cure(protocol)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::winner;

    #[test]
    fn winners_of_results() {
        assert_eq!(winner("B+3.5"), Some('B'));
        assert_eq!(winner("w+R"), Some('W'));
        assert_eq!(winner("0"), Some('0'));
        assert_eq!(winner("Void"), None);
        assert_eq!(winner("? cannot score"), None);
    }
}
