//! The standings of an event, from its results lines alone: each player's record, the crosstable,
//! each pair's results, Elo for every player from the joint fit of [`super::bt`]
//! (r[ref.event.elo]), and the duplicate games (r[ref.event.duplicate]).

use super::bt;
use crate::output::ResultLine;
use crate::stats::WdlJson;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One player's line of the standings.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Row {
    pub label: String,
    /// Its place (1 is first): by Elo, then by points, then by the file's order.
    pub rank: usize,
    pub games: u64,
    pub total: WdlJson,
    pub void: u64,
    /// Wins plus half the draws.
    pub points: f64,
    pub elo: f64,
    /// The half-width of the 95% interval of its Elo.
    pub elo_error: Option<f64>,
}

/// The results of one pair, from the first player's side.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Pair {
    pub players: [String; 2],
    pub first: WdlJson,
    pub void: u64,
}

/// Games whose turns repeat an earlier game's (r[ref.event.duplicate]).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Duplicates {
    /// Games with the same turns as an earlier-numbered game.
    pub games: u64,
    /// Each set of identical games, by number, when it has more than one.
    pub groups: Vec<Vec<u32>>,
}

/// Duplicate games among `lines` (those that record their turns).
pub fn duplicates(lines: &[ResultLine]) -> Duplicates {
    let mut by_moves: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    for l in lines {
        if let Some(m) = &l.moves {
            by_moves.entry(m.as_str()).or_default().push(l.game);
        }
    }
    let mut groups: Vec<Vec<u32>> = by_moves
        .into_values()
        .filter(|g| g.len() > 1)
        .map(|mut g| {
            g.sort_unstable();
            g
        })
        .collect();
    groups.sort();
    Duplicates {
        games: groups.iter().map(|g| g.len() as u64 - 1).sum(),
        groups,
    }
}

/// The standings.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Standings {
    /// In the order of the players of the event.
    pub players: Vec<Row>,
    /// `crosstable[i][j]`: player i's wins, losses and draws against j (`None` on the diagonal
    /// and for pairs that did not meet).
    pub crosstable: Vec<Vec<Option<WdlJson>>>,
    pub pairs: Vec<Pair>,
    /// Virtual draws the fit added per pair (r[ref.event.elo]).
    pub prior_draws: u32,
}

impl Standings {
    /// The standings of `labels` (the players, in the event's order) over `lines`.
    #[allow(clippy::needless_range_loop)] // i and j index the crosstable's rows and columns
    pub fn new(lines: &[ResultLine], labels: &[String]) -> Standings {
        let n = labels.len();
        let index = |l: &str| labels.iter().position(|x| x == l);
        let mut cross = vec![vec![None::<WdlJson>; n]; n];
        let mut void = vec![vec![0u64; n]; n];
        let mut games = Vec::new();
        for l in lines {
            let (Some(b), Some(w)) = (index(&l.black.engine), index(&l.white.engine)) else {
                continue;
            };
            if b == w {
                continue;
            }
            let score = match l.winner.as_str() {
                x if x == l.black.engine => 1.0,
                x if x == l.white.engine => 0.0,
                "draw" => 0.5,
                _ => {
                    void[b][w] += 1;
                    void[w][b] += 1;
                    cross[b][w].get_or_insert_with(WdlJson::default);
                    cross[w][b].get_or_insert_with(WdlJson::default);
                    continue;
                }
            };
            games.push((b, w, score));
            for (i, j, s) in [(b, w, score), (w, b, 1.0 - score)] {
                let c = cross[i][j].get_or_insert_with(WdlJson::default);
                if s > 0.75 {
                    c.wins += 1;
                } else if s < 0.25 {
                    c.losses += 1;
                } else {
                    c.draws += 1;
                }
            }
        }
        let fit = bt::fit(n, &games);
        let mut players: Vec<Row> = (0..n)
            .map(|i| {
                let mut total = WdlJson::default();
                for c in cross[i].iter().flatten() {
                    total.wins += c.wins;
                    total.losses += c.losses;
                    total.draws += c.draws;
                }
                let v: u64 = void[i].iter().sum();
                Row {
                    label: labels[i].clone(),
                    rank: 0,
                    games: total.wins + total.losses + total.draws + v,
                    points: total.wins as f64 + total.draws as f64 / 2.0,
                    total,
                    void: v,
                    elo: (fit.elo[i] * 10.0).round() / 10.0 + 0.0,
                    elo_error: fit.error[i].map(|e| (e * 10.0).round() / 10.0),
                }
            })
            .collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&players[a], &players[b]);
            y.elo
                .total_cmp(&x.elo)
                .then(y.points.total_cmp(&x.points))
                .then(a.cmp(&b))
        });
        for (place, &i) in order.iter().enumerate() {
            players[i].rank = place + 1;
        }
        let mut pairs = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if let Some(c) = cross[i][j] {
                    pairs.push(Pair {
                        players: [labels[i].clone(), labels[j].clone()],
                        first: c,
                        void: void[i][j],
                    });
                }
            }
        }
        Standings {
            players,
            crosstable: cross,
            pairs,
            prior_draws: fit.prior_draws,
        }
    }

    /// The players by rank.
    pub fn ranked(&self) -> Vec<&Row> {
        let mut v: Vec<&Row> = self.players.iter().collect();
        v.sort_by_key(|r| r.rank);
        v
    }

    /// The standings and the crosstable as text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let width = self
            .players
            .iter()
            .map(|r| r.label.chars().count())
            .max()
            .unwrap_or(6)
            .clamp(6, 24);
        let _ = writeln!(
            s,
            "{:>3} {:<width$} {:>5} {:>12} {:>5} {:>6} {:>17}",
            "#", "player", "games", "W-L-D", "void", "points", "Elo (95%)"
        );
        let ranked = self.ranked();
        for r in &ranked {
            let elo = match r.elo_error {
                Some(e) => format!("{:+.0} ± {:.0}", r.elo, e),
                None => "-".into(),
            };
            let label: String = r.label.chars().take(width).collect();
            let _ = writeln!(
                s,
                "{:>3} {label:<width$} {:>5} {:>12} {:>5} {:>6} {elo:>17}",
                r.rank,
                r.games,
                format!("{}-{}-{}", r.total.wins, r.total.losses, r.total.draws),
                r.void,
                r.points
            );
        }
        let _ = writeln!(
            s,
            "Elo: one Bradley-Terry fit of all games (draws half a win), mean 0, 95% intervals \
             (r[ref.event.elo]){}",
            if self.prior_draws > 0 {
                "; one virtual draw added per pair, as some player won or lost every game"
            } else {
                ""
            }
        );
        let _ = writeln!(s, "crosstable (row's W-L-D against column):");
        let _ = write!(s, "{:>3} {:<width$}", "", "");
        for k in 0..ranked.len() {
            let _ = write!(s, " {:>8}", k + 1);
        }
        s.push('\n');
        for r in &ranked {
            let i = self
                .players
                .iter()
                .position(|p| p.label == r.label)
                .unwrap_or(0);
            let label: String = r.label.chars().take(width).collect();
            let _ = write!(s, "{:>3} {label:<width$}", r.rank);
            for c in &ranked {
                let j = self
                    .players
                    .iter()
                    .position(|p| p.label == c.label)
                    .unwrap_or(0);
                let cell = match self.crosstable[i][j] {
                    _ if i == j => "x".to_string(),
                    Some(w) => format!("{}-{}-{}", w.wins, w.losses, w.draws),
                    None => ".".to_string(),
                };
                let _ = write!(s, " {cell:>8}");
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_games_after_the_first_of_each_sequence() {
        let mk = |game: u32, moves: Option<&str>| {
            let mut l: ResultLine = serde_json::from_value(serde_json::json!({
                "game": game, "engines": {}, "result": "B+1", "winner": "x", "turns": 0,
                "score": null, "opening": null, "seed": 0, "sgf": "", "end": null,
                "black": {"engine": "x", "name": "", "time": 0.0, "claim": null, "claim_agrees": null},
                "white": {"engine": "y", "name": "", "time": 0.0, "claim": null, "claim_agrees": null},
                "ended": {"by": "score", "player": null, "reason": null, "clause": "", "detail": ""},
            }))
            .unwrap();
            l.moves = moves.map(str::to_string);
            l
        };
        let lines = [
            mk(1, Some("B C3 W pass B pass")),
            mk(2, Some("B D4 W pass B pass")),
            mk(3, Some("B C3 W pass B pass")),
            mk(4, None),
            mk(5, Some("B C3 W pass B pass")),
            mk(6, Some("B D4 W pass B pass")),
        ];
        let d = duplicates(&lines);
        assert_eq!(d.games, 3);
        assert_eq!(d.groups, vec![vec![1, 3, 5], vec![2, 6]]);
        // Standings: x beat y in every game: the fit needs the prior, and x is first.
        let st = Standings::new(&lines, &["x", "y", "z"].map(str::to_string));
        assert_eq!(st.players[0].total.wins, 6);
        assert_eq!(st.players[0].rank, 1);
        assert_eq!(st.prior_draws, 1);
        assert_eq!(st.crosstable[1][0].unwrap().losses, 6);
        assert_eq!(st.crosstable[0][2], None);
        assert_eq!(st.players[2].games, 0);
        assert!(st.to_text().contains("6-0-0"), "{}", st.to_text());
    }
}
