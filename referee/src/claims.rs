//! Claims that disagree with the count (r[ref.claims]), said loudly: an engine's own
//! `final_score` that reads as another result than the referee's is the usual sign that the
//! engines passed with dead stones on the board, which the default end protocol
//! (r[ref.end.tromp-taylor]) counts alive. The warning names the cure: an end protocol of Part VII
//! or an engine option that captures dead stones before passing. The claims never decide anything.

use crate::played::Played;
use ttrules_spec::result::{self, ResultKind};
use ttrules_spec::Player;

/// Where the operator's guide explains this.
pub const GUIDE: &str = "docs/src/guide/referee-operating.md";

/// The cure, for the record, the results line and the summary.
pub(crate) fn cure(protocol: &str) -> String {
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

/// Whether a claim reads as the referee's outcome (r[ref.claims]).
pub fn claim_agrees(claim: &str, played: &Played) -> Option<bool> {
    let outcome = played.outcome?;
    Some(result::outcome(claim) == Some(outcome))
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

/// Who a result names as the winner (`Some(None)`: a draw), read by the one result grammar
/// (r[rec.result], `ttrules_spec::result`); `None` when it names none (`Void`, `?`, other text).
pub(crate) fn winner(result: &str) -> Option<Option<Player>> {
    let re = result::parse(result);
    match re.kind {
        ResultKind::Draw => Some(None),
        _ => re.winner.map(Some),
    }
}

#[cfg(test)]
mod tests {
    use super::winner;
    use ttrules_spec::Player;

    #[test]
    fn winners_of_results() {
        assert_eq!(winner("B+3.5"), Some(Some(Player::Black)));
        assert_eq!(winner("w+R"), Some(Some(Player::White)));
        assert_eq!(winner("B+3.5 (with komi)"), Some(Some(Player::Black)));
        assert_eq!(winner("0"), Some(None));
        assert_eq!(winner("Jigo"), Some(None));
        assert_eq!(winner("Void"), None);
        assert_eq!(winner("? cannot score"), None);
    }
}
