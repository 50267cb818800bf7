//! The summary of a match, computed from its results lines alone (so a resumed match summarises
//! every game, whichever run played it): wins, losses and draws per engine and colour, how the
//! games ended, the statistics of [`super::stats`], and how often each engine's claim agreed.

use super::claims::{self, GUIDE};
use super::ending::EndKind;
use super::event::standings::{duplicates, Duplicates, Standings};
use super::output::ResultLine;
use super::stats::{self, Hypothesis, Sprt, Wdl, WdlJson};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One engine's record.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct EngineRecord {
    pub command: String,
    pub name: String,
    pub as_black: WdlJson,
    pub as_white: WdlJson,
    pub total: WdlJson,
    pub void: u64,
    /// Claims asked, and how many agreed (r[ref.claims]).
    pub claims: u64,
    pub claims_agreed: u64,
    /// Seconds of `genmove` time.
    pub time: f64,
}

/// What the end protocol did over the games of a match (r[end.results]): per protocol, the games
/// that reached a round, the rounds, those with a disputed stone, each outcome, the stones removed
/// and the extra turns.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct EndSummary {
    pub games: u64,
    pub rounds: u64,
    pub disputed_rounds: u64,
    pub disputed_games: u64,
    pub outcomes: BTreeMap<&'static str, u64>,
    pub removed: u64,
    pub extra_turns: u64,
    pub copy_turns: u64,
}

impl EndSummary {
    /// Adds one results line's `end` object.
    fn add(&mut self, end: &serde_json::Value) {
        let rounds = end["rounds"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        self.games += u64::from(!rounds.is_empty());
        self.rounds += rounds.len() as u64;
        let disputed = rounds
            .iter()
            .filter(|r| r["disputed"].as_array().is_some_and(|d| !d.is_empty()))
            .count() as u64;
        self.disputed_rounds += disputed;
        self.disputed_games += u64::from(disputed > 0);
        for r in rounds {
            if let Some(o) = super::end::RoundOutcome::ALL
                .iter()
                .find(|o| r["outcome"] == o.word())
            {
                *self.outcomes.entry(o.word()).or_default() += 1;
            }
        }
        self.removed += end["removed"].as_array().map_or(0, |a| a.len() as u64);
        self.extra_turns += end["extra_turns"].as_u64().unwrap_or(0);
        self.copy_turns += end["copy_turns"].as_u64().unwrap_or(0);
    }
}

/// An estimate with its 95% interval.
#[derive(Copy, Clone, Debug, Serialize, PartialEq)]
pub struct Interval {
    pub value: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

#[derive(Copy, Clone, Debug, Serialize, PartialEq)]
pub struct SprtJson {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// `H0`, `H1`, or `null` while undecided.
    pub decision: Option<&'static str>,
}

impl SprtJson {
    /// The decision in words, as the summary and the report print it.
    pub fn verdict(&self) -> &'static str {
        match self.decision {
            Some("H1") => "H1 accepted",
            Some(_) => "H0 accepted",
            None => "continuing",
        }
    }
}

/// The summary, as `--json` prints it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    pub games: u64,
    /// Each player's record, by label.
    pub engines: BTreeMap<String, EngineRecord>,
    /// The labels in the event's order.
    #[serde(skip)]
    pub order: Vec<String>,
    /// Games by how they ended (r[ref.end]).
    pub endings: BTreeMap<&'static str, u64>,
    /// The first player's mean score (a draw ½) with its Wilson 95% interval; between two
    /// players only.
    pub score: Interval,
    /// The Elo difference first − second with its 95% interval (logistic Elo); two players only.
    pub elo: Interval,
    /// The likelihood that `a` is the stronger.
    pub los: Option<f64>,
    pub sprt: Option<SprtJson>,
    /// The end protocols' counts, by protocol (r[end.results]).
    pub end: BTreeMap<String, EndSummary>,
    /// The engines' claims against the referee's results (r[ref.claims]).
    pub claims: ClaimsSummary,
    /// Every player's record, the crosstable and the joint Elo fit (r[ref.event.elo]).
    pub standings: Standings,
    /// Games that repeat an earlier game's turns (r[ref.event.duplicate]).
    pub duplicates: Duplicates,
}

pub use crate::ending::count;

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
            let referee = claims::winner(&l.result);
            s.other_winner += u64::from(differ.iter().any(|c| claims::winner(c) != referee));
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
        let of = count(self.games, "game");
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
            claims::cure(protocol)
        ))
    }
}

/// The wins, draws and losses of the player labelled `first` over the lines (between two
/// players: its results against the other).
pub fn first_engine_wdl(lines: &[ResultLine], first: &str) -> Wdl {
    let mut w = Wdl::default();
    for l in lines {
        if l.black.engine != first && l.white.engine != first {
            continue;
        }
        match l.winner.as_str() {
            "draw" => w.draws += 1,
            "void" => {}
            x if x == first => w.wins += 1,
            _ => w.losses += 1,
        }
    }
    w
}

impl Summary {
    /// The summary of `lines` between `players` (label, command), in the event's order.
    // long: one pass over the results lines filling every part of the summary (per player, per
    // end kind, the end protocols, claims, standings, the SPRT).
    pub fn new(lines: &[ResultLine], players: &[(String, String)], sprt: Option<Sprt>) -> Summary {
        let mut engines: BTreeMap<String, EngineRecord> = BTreeMap::new();
        for (id, command) in players {
            engines.insert(
                id.clone(),
                EngineRecord {
                    name: command.clone(),
                    command: command.clone(),
                    ..EngineRecord::default()
                },
            );
        }
        let order: Vec<String> = players.iter().map(|p| p.0.clone()).collect();
        let mut endings: BTreeMap<&'static str, u64> =
            EndKind::ALL.iter().map(|k| (k.word(), 0)).collect();
        let mut end: BTreeMap<String, EndSummary> = BTreeMap::new();
        for l in lines {
            if let Some(protocol) = l.end["protocol"].as_str() {
                end.entry(protocol.to_string()).or_default().add(&l.end);
            }
            if let Some(k) = EndKind::from_word(&l.ended.by) {
                *endings.entry(k.word()).or_default() += 1;
            }
            for (side, black) in [(&l.black, true), (&l.white, false)] {
                let Some(rec) = engines.get_mut(side.engine.as_str()) else {
                    continue;
                };
                rec.name = side.name.clone();
                rec.time += side.time;
                if side.claim.is_some() {
                    rec.claims += 1;
                    if side.claim_agrees == Some(true) {
                        rec.claims_agreed += 1;
                    }
                }
                let by_colour = if black {
                    &mut rec.as_black
                } else {
                    &mut rec.as_white
                };
                let outcome = match l.winner.as_str() {
                    "draw" => Some(&mut by_colour.draws),
                    "void" => None,
                    w if w == side.engine => Some(&mut by_colour.wins),
                    _ => Some(&mut by_colour.losses),
                };
                match outcome {
                    Some(n) => *n += 1,
                    None => rec.void += 1,
                }
            }
        }
        for rec in engines.values_mut() {
            rec.total = WdlJson {
                wins: rec.as_black.wins + rec.as_white.wins,
                losses: rec.as_black.losses + rec.as_white.losses,
                draws: rec.as_black.draws + rec.as_white.draws,
            };
            rec.time = (rec.time * 1000.0).round() / 1000.0;
        }
        let wdl = if order.len() == 2 {
            first_engine_wdl(lines, &order[0])
        } else {
            Wdl::default()
        };
        let n = wdl.games() as f64;
        let score = match (
            wdl.score(),
            stats::wilson(wdl.score().unwrap_or(0.0) * n, n, stats::Z95),
        ) {
            (Some(s), Some((lo, hi))) => Interval {
                value: Some(s),
                low: Some(lo),
                high: Some(hi),
            },
            _ => Interval {
                value: None,
                low: None,
                high: None,
            },
        };
        let elo = match stats::elo_interval(&wdl) {
            Some((value, low, high)) => Interval { value, low, high },
            None => Interval {
                value: None,
                low: None,
                high: None,
            },
        };
        let sprt = sprt.map(|t| {
            let st = t.state(&wdl);
            SprtJson {
                elo0: t.elo0,
                elo1: t.elo1,
                alpha: t.alpha,
                beta: t.beta,
                llr: st.llr,
                lower: st.lower,
                upper: st.upper,
                decision: st.decision.map(|h| match h {
                    Hypothesis::H0 => "H0",
                    Hypothesis::H1 => "H1",
                }),
            }
        });
        Summary {
            games: lines.len() as u64,
            standings: Standings::new(lines, &order),
            duplicates: duplicates(lines),
            order,
            engines,
            endings,
            score,
            elo,
            los: stats::los(&wdl),
            sprt,
            end,
            claims: ClaimsSummary::new(lines),
        }
    }

    /// The summary table for people.
    // long: the summary's lines in the order printed (the table, then each part the run has):
    // one place shows what the operator reads.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{}", count(self.games, "game"));
        let w = self
            .order
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(4)
            .clamp(4, 24);
        let _ = writeln!(
            s,
            "{:<w$} {:<28} {:>14} {:>14} {:>14} {:>5} {:>8} {:>9}",
            "",
            "engine",
            "as Black W-L-D",
            "as White W-L-D",
            "total W-L-D",
            "void",
            "claims",
            "time (s)"
        );
        for (id, r) in self
            .order
            .iter()
            .filter_map(|id| Some((id, self.engines.get(id)?)))
        {
            let wdl = |w: &WdlJson| format!("{}-{}-{}", w.wins, w.losses, w.draws);
            let claims = if r.claims == 0 {
                "-".to_string()
            } else {
                format!("{}/{}", r.claims_agreed, r.claims)
            };
            let name: String = r.name.chars().take(28).collect();
            let _ = writeln!(
                s,
                "{id:<w$} {name:<28} {:>14} {:>14} {:>14} {:>5} {claims:>8} {:>9.1}",
                wdl(&r.as_black),
                wdl(&r.as_white),
                wdl(&r.total),
                r.void,
                r.time
            );
        }
        let endings: Vec<String> = self
            .endings
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        if !endings.is_empty() {
            let _ = writeln!(s, "ended by: {}", endings.join(", "));
        }
        for (protocol, e) in &self.end {
            let outcomes: Vec<String> =
                e.outcomes.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(
                s,
                "end protocol {protocol}: {} in {}, {} with a dispute ({}){}; {} removed; {}{}",
                count(e.rounds, "round"),
                count(e.games, "game"),
                e.disputed_rounds,
                count(e.disputed_games, "game"),
                if outcomes.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", outcomes.join(", "))
                },
                count(e.removed, "stone"),
                count(e.extra_turns, "extra turn"),
                if e.copy_turns > 0 {
                    format!(" ({} on copies)", e.copy_turns)
                } else {
                    String::new()
                }
            );
        }
        if let Some(w) = self.claims.warning() {
            s.push_str(&w);
        }
        if self.order.len() > 2 {
            s.push_str(&self.standings.to_text());
        }
        if self.duplicates.games > 0 {
            let groups: Vec<String> = self
                .duplicates
                .groups
                .iter()
                .map(|g| {
                    let n: Vec<String> = g.iter().map(u32::to_string).collect();
                    n.join(" = ")
                })
                .collect();
            let _ = writeln!(
                s,
                "duplicate games: {} with the same turns as an earlier game (r[ref.event.duplicate]): {}",
                self.duplicates.games,
                groups.join(", ")
            );
        }
        let (first, second) = match self.order.as_slice() {
            [a, b] => (a.as_str(), b.as_str()),
            _ => ("", ""),
        };
        let pct = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{:.1}%", 100.0 * v));
        let elo =
            |v: Option<f64>, inf: &str| v.map_or(inf.to_string(), |v| format!("{:+.1}", v + 0.0));
        if self.score.value.is_some() {
            let _ = writeln!(
                s,
                "score of {first}: {} (Wilson 95%: {} to {})",
                pct(self.score.value),
                pct(self.score.low),
                pct(self.score.high)
            );
            let _ = writeln!(
                s,
                "Elo {first} - {second}: {} (95%: {} to {})",
                elo(
                    self.elo.value,
                    if self.score.value > Some(0.5) {
                        "+inf"
                    } else {
                        "-inf"
                    }
                ),
                elo(self.elo.low, "-inf"),
                elo(self.elo.high, "+inf")
            );
        }
        if let Some(los) = self.los {
            let _ = writeln!(s, "LOS of {first}: {:.1}%", 100.0 * los);
        }
        if let Some(t) = &self.sprt {
            let _ = writeln!(
                s,
                "SPRT [{}, {}] alpha {} beta {}: LLR {:.3} (bounds {:.3}, {:.3}): {}",
                t.elo0,
                t.elo1,
                t.alpha,
                t.beta,
                t.llr,
                t.lower,
                t.upper,
                t.verdict()
            );
        }
        s
    }
}
