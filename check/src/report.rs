//! The report of `check-engine`: per-capability tallies, the kinds of disagreement with a first
//! example each, the events of the run (restarts, disabled commands), as a table for people and as
//! JSON for machines. Field names of the JSON are a contract.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The capabilities that are checked, in the order the table shows them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Capability {
    /// `play` accepts every legal turn.
    PlayLegal,
    /// `play` refuses every illegal attempt.
    PlayIllegal,
    /// `is_legal` answers as the rules do.
    IsLegal,
    /// The board after each turn (from `list_stones` or `showboard`).
    Board,
    /// `captures`.
    Captures,
    /// `final_score` on finished games.
    FinalScore,
    /// Setups taken with `loadsgf` (r[var.setup]): the board after it, and refused illegal setups.
    Setup,
    /// The tests of a `.tst` file.
    Tst,
    /// The engine speaks GTP: no garbage, no hang, no crash.
    Protocol,
}

impl Capability {
    pub const ALL: &'static [Capability] = &[
        Capability::PlayLegal,
        Capability::PlayIllegal,
        Capability::IsLegal,
        Capability::Board,
        Capability::Captures,
        Capability::FinalScore,
        Capability::Setup,
        Capability::Tst,
        Capability::Protocol,
    ];

    pub const fn label(self) -> &'static str {
        match self {
            Capability::PlayLegal => "play: legal accepted",
            Capability::PlayIllegal => "play: illegal refused",
            Capability::IsLegal => "is_legal",
            Capability::Board => "board",
            Capability::Captures => "captures",
            Capability::FinalScore => "final_score",
            Capability::Setup => "setup (loadsgf)",
            Capability::Tst => "tst tests",
            Capability::Protocol => "protocol",
        }
    }
}

/// The tallies of one capability.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Row {
    pub checks: u64,
    pub agreements: u64,
    pub disagreements: u64,
    /// Checks not made, by reason.
    pub skipped: BTreeMap<String, u64>,
    /// The first disagreement, in one line.
    pub first: Option<String>,
}

/// One worked example of a disagreement: where it was found, the moves that show it (shrunk for
/// random games), as SGF and as a diagram.
#[derive(Clone, Debug, Serialize)]
pub struct Example {
    /// `vector ko-100 (spec/vectors/repetition.toml)` or `game 3 (seed 0x…)`.
    pub source: String,
    pub detail: String,
    /// The legal turns from the empty grid, `B D4` …, then the attempt that shows it.
    pub moves: Vec<String>,
    /// How many attempts the sequence had before shrinking, when it was shrunk.
    pub shrunk_from: Option<usize>,
    pub sgf: String,
    /// The reference's grid before the last attempt, with coordinates.
    pub diagram: String,
    /// Files written for it (`--out`).
    pub files: Vec<String>,
}

/// A kind of disagreement, counted over the run, with its first example.
#[derive(Clone, Debug, Serialize)]
pub struct Difference {
    pub capability: Capability,
    pub kind: String,
    /// The clause of `spec/RULES.md` that decides the case, e.g. `tt.turn.repetition`.
    pub clause: Option<String>,
    pub count: u64,
    pub example: Example,
}

impl Difference {
    /// ` (r[CLAUSE])` for the clause that decides the case, or nothing.
    fn cited_clause(&self) -> String {
        self.clause
            .as_deref()
            .map(|c| format!(" (r[{c}])"))
            .unwrap_or_default()
    }
}

/// What the engine says it can do.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Capabilities {
    pub protocol_version: Option<String>,
    pub name: Option<String>,
    pub version: Option<String>,
    /// Command → present; for the commands that matter to the checks.
    pub commands: BTreeMap<String, bool>,
    /// Board sizes `boardsize` accepts, in 1..=25.
    pub square_sizes: Vec<u32>,
    pub rectangles: bool,
    /// Rule-selection commands the engine lists (`kgs-rules`, `ttrules-rules`, …).
    pub rules_options: Vec<String>,
    /// How the run set the rules, or why it could not.
    pub rules_selection: String,
    /// Where the board is read from: `list_stones`, `showboard`, or why it is not read.
    pub board_source: String,
    /// Capabilities that will not be checked, with the reason.
    pub skips: BTreeMap<String, String>,
}

/// Counts of the random-game phase.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GameStats {
    pub games: u64,
    pub finished: u64,
    pub attempts: u64,
    pub probes: BTreeMap<String, u64>,
    pub skipped: BTreeMap<String, u64>,
}

/// Counts of the vector phase.
#[derive(Clone, Debug, Default, Serialize)]
pub struct VectorStats {
    pub run: u64,
    pub skipped: BTreeMap<String, String>,
}

/// The whole report.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub engine: String,
    pub rules: String,
    pub seed: u64,
    pub capabilities: Capabilities,
    pub rows: BTreeMap<Capability, Row>,
    pub differences: Vec<Difference>,
    pub vectors: VectorStats,
    pub games: GameStats,
    /// Restarts, timeouts, disabled commands, in order.
    pub events: Vec<String>,
    /// Commands slower than their own timeout (`--score-timeout`): not disagreements.
    pub slow: Vec<String>,
    /// Set when the engine could not be run (or kept running): the run is incomplete.
    pub fatal: Option<String>,
}

impl Report {
    pub fn row(&mut self, cap: Capability) -> &mut Row {
        self.rows.entry(cap).or_default()
    }

    pub fn agree(&mut self, cap: Capability) {
        let r = self.row(cap);
        r.checks += 1;
        r.agreements += 1;
    }

    pub fn skip(&mut self, cap: Capability, reason: impl Into<String>) {
        *self.row(cap).skipped.entry(reason.into()).or_default() += 1;
    }

    /// Counts a disagreement; returns true when it is the first of its kind (its example should
    /// then be recorded with [`Report::add_example`]).
    pub fn disagree(&mut self, cap: Capability, kind: &str, one_line: &str) -> bool {
        let r = self.row(cap);
        r.checks += 1;
        r.disagreements += 1;
        if r.first.is_none() {
            r.first = Some(format!("{kind}: {one_line}"));
        }
        match self
            .differences
            .iter_mut()
            .find(|d| d.capability == cap && d.kind == kind)
        {
            Some(d) => {
                d.count += 1;
                false
            }
            None => true,
        }
    }

    pub fn add_example(&mut self, cap: Capability, kind: &str, clause: Option<&str>, ex: Example) {
        self.differences.push(Difference {
            capability: cap,
            kind: kind.to_string(),
            clause: clause.map(str::to_string),
            count: 1,
            example: ex,
        });
    }

    pub fn disagreements(&self) -> u64 {
        self.rows.values().map(|r| r.disagreements).sum()
    }

    /// The report as JSON, its fields and then `spec`, the version of the rules text the run
    /// checked against (`ttrules_spec::SPEC_VERSION`).
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct WithSpec<'a> {
            #[serde(flatten)]
            report: &'a Report,
            spec: &'static str,
        }
        let doc = WithSpec {
            report: self,
            spec: ttrules_spec::SPEC_VERSION,
        };
        serde_json::to_string_pretty(&doc).expect("the report serialises")
    }

    /// The verdict in one line: no disagreement, how many, or why the run is incomplete.
    pub fn verdict(&self) -> String {
        let n = self.disagreements();
        match (&self.fatal, n) {
            (Some(f), _) => format!("the engine could not be run to the end: {f}"),
            (None, 0) => "no disagreement found".to_string(),
            (None, n) => format!(
                "{n} disagreement{} in {} kind{}",
                if n == 1 { "" } else { "s" },
                self.differences.len(),
                if self.differences.len() == 1 { "" } else { "s" }
            ),
        }
    }

    /// The summary for people: the verdict first (a short block: the verdict, one line per kind of
    /// difference, what was run), then the details.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let c = &self.capabilities;
        let _ = writeln!(
            s,
            "check-engine: {} {} (`{}`), against {}, seed {}",
            c.name.as_deref().unwrap_or("?"),
            c.version.as_deref().unwrap_or(""),
            self.engine,
            self.rules,
            self.seed
        );
        self.write_verdict_block(&mut s);
        self.write_capabilities(&mut s);
        let _ = writeln!(
            s,
            "\nvectors run: {}, skipped: {}; random games: {} ({} finished, {} attempts)",
            self.vectors.run,
            self.vectors.skipped.len(),
            self.games.games,
            self.games.finished,
            self.games.attempts
        );
        if !self.games.probes.is_empty() {
            let probes: Vec<String> = self
                .games
                .probes
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            let _ = writeln!(s, "probes: {}", probes.join(", "));
        }
        self.write_table(&mut s);
        self.write_differences(&mut s);
        if !self.events.is_empty() {
            let _ = writeln!(s, "\nevents:");
            for e in &self.events {
                let _ = writeln!(s, "  {e}");
            }
        }
        if !self.slow.is_empty() {
            let _ = writeln!(s, "\nslow (not disagreements):");
            for e in &self.slow {
                let _ = writeln!(s, "  {e}");
            }
        }
        let _ = writeln!(s, "\n{}", self.verdict());
        s
    }

    /// The capabilities block: the commands, board sizes, rules options and where the board
    /// is read from, and the checks skipped for want of a command.
    fn write_capabilities(&self, s: &mut String) {
        let c = &self.capabilities;
        let _ = writeln!(s, "\ncapabilities:");
        for (cmd, has) in &c.commands {
            let _ = writeln!(s, "  {cmd:<18} {}", if *has { "yes" } else { "no" });
        }
        let _ = writeln!(
            s,
            "  {:<18} {}; rectangles: {}",
            "board sizes",
            ranges(&c.square_sizes),
            if c.rectangles { "yes" } else { "no" }
        );
        let opts = if c.rules_options.is_empty() {
            "none".to_string()
        } else {
            c.rules_options.join(", ")
        };
        let _ = writeln!(s, "  {:<18} {opts}", "rules options");
        let _ = writeln!(s, "  {:<18} {}", "rules set by", c.rules_selection);
        let _ = writeln!(s, "  {:<18} {}", "board read from", c.board_source);
        for (what, why) in &c.skips {
            let _ = writeln!(s, "  skip {what}: {why}");
        }
    }

    /// The table of checks, agreements, disagreements and skips by capability, then the reasons
    /// of the skips.
    fn write_table(&self, s: &mut String) {
        let _ = writeln!(
            s,
            "\n{:<22} {:>7} {:>7} {:>8} {:>8}  first disagreement",
            "capability", "checks", "agree", "disagree", "skipped"
        );
        for cap in Capability::ALL {
            let Some(r) = self.rows.get(cap) else {
                continue;
            };
            let skipped: u64 = r.skipped.values().sum();
            let _ = writeln!(
                s,
                "{:<22} {:>7} {:>7} {:>8} {:>8}  {}",
                cap.label(),
                r.checks,
                r.agreements,
                r.disagreements,
                skipped,
                r.first.as_deref().unwrap_or("-")
            );
        }
        let skips: Vec<String> = Capability::ALL
            .iter()
            .filter_map(|cap| self.rows.get(cap).map(|r| (cap, r)))
            .flat_map(|(cap, r)| {
                r.skipped
                    .iter()
                    .map(move |(why, n)| format!("  {}: {n} skipped: {why}", cap.label()))
            })
            .collect();
        if !skips.is_empty() {
            let _ = writeln!(s, "\nskipped checks:");
            for l in skips {
                let _ = writeln!(s, "{l}");
            }
        }
    }

    /// Each kind of difference with its clause and count, and its first example (attempts,
    /// SGF, diagram, files written).
    fn write_differences(&self, s: &mut String) {
        if !self.differences.is_empty() {
            let _ = writeln!(s, "\ndifferences:");
            for d in &self.differences {
                let clause = d.cited_clause();
                let _ = writeln!(
                    s,
                    "\n* {}: {}{clause}: {} time{}",
                    d.capability.label(),
                    d.kind,
                    d.count,
                    if d.count == 1 { "" } else { "s" }
                );
                let e = &d.example;
                let _ = writeln!(s, "  first in {}: {}", e.source, e.detail);
                let shrunk = e
                    .shrunk_from
                    .map(|n| format!(" (shrunk from {n})"))
                    .unwrap_or_default();
                if !e.moves.is_empty() {
                    let _ = writeln!(
                        s,
                        "  {} attempt{}{shrunk}: {}",
                        e.moves.len(),
                        if e.moves.len() == 1 { "" } else { "s" },
                        e.moves.join(", ")
                    );
                }
                if !e.sgf.is_empty() {
                    let _ = writeln!(s, "  sgf: {}", e.sgf.trim_end());
                }
                for l in e.diagram.lines() {
                    let _ = writeln!(s, "    {l}");
                }
                for f in &e.files {
                    let _ = writeln!(s, "  written to {f}");
                }
            }
        }
    }

    /// The block at the top of the summary: the verdict, each kind of difference with its clause
    /// and count, and what the run covered.
    fn write_verdict_block(&self, s: &mut String) {
        let _ = writeln!(s, "\nverdict: {}", self.verdict());
        for d in &self.differences {
            let clause = d.cited_clause();
            let _ = writeln!(
                s,
                "  {} × {}: {}{clause}",
                d.count,
                d.capability.label(),
                d.kind
            );
        }
        let (checks, skipped) = self.rows.values().fold((0, 0), |(c, k), r| {
            (c + r.checks, k + r.skipped.values().sum::<u64>())
        });
        let _ = writeln!(
            s,
            "checks: {checks} made, {skipped} skipped; vectors run: {}, skipped: {}; random games: \
             {} ({} finished); events: {}",
            self.vectors.run,
            self.vectors.skipped.len(),
            self.games.games,
            self.games.finished,
            self.events.len()
        );
        let _ = writeln!(
            s,
            "details: capabilities, the checks per capability, each difference with an example, \
             the events"
        );
    }
}

/// `1, 2..19` style ranges.
fn ranges(ns: &[u32]) -> String {
    if ns.is_empty() {
        return "none".into();
    }
    let mut parts = Vec::new();
    let mut start = ns[0];
    let mut prev = ns[0];
    for &n in &ns[1..] {
        if n != prev + 1 {
            parts.push((start, prev));
            start = n;
        }
        prev = n;
    }
    parts.push((start, prev));
    parts
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}..{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_print() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1..3, 5, 7..8");
        assert_eq!(ranges(&[]), "none");
    }

    fn example(source: &str, detail: &str) -> Example {
        Example {
            source: source.into(),
            detail: detail.into(),
            moves: vec!["B B2".into(), "W A2".into(), "B A1".into()],
            shrunk_from: Some(9),
            sgf: "(;GM[1]FF[4]SZ[2];B[bb];W[ab];B[aa])".into(),
            diagram: "  A B\n2 O X\n1 . .\n".into(),
            files: vec![],
        }
    }

    /// The text of a run with two kinds of difference: the verdict block comes first, then the
    /// details, and the verdict line again at the end.
    #[test]
    fn text_puts_the_verdict_first() {
        let mut r = Report {
            engine: "gnugo --mode gtp".into(),
            rules: "tromp-taylor".into(),
            seed: 1,
            ..Report::default()
        };
        r.capabilities.name = Some("GNU Go".into());
        r.capabilities.version = Some("3.8".into());
        r.capabilities.commands.insert("is_legal".into(), true);
        r.capabilities.commands.insert("list_stones".into(), false);
        r.capabilities.square_sizes = vec![2, 3, 4, 5];
        r.capabilities.rules_selection = "none (as configured)".into();
        r.capabilities.board_source = "showboard".into();
        r.vectors.run = 3;
        r.vectors.skipped.insert("ko-100".into(), "rules".into());
        r.games.games = 2;
        r.games.finished = 1;
        r.games.attempts = 40;
        for _ in 0..5 {
            r.agree(Capability::PlayLegal);
        }
        r.skip(Capability::Captures, "no captures command");
        let superko = (
            Capability::PlayIllegal,
            "accepts a superko",
            "tt.turn.repetition",
        );
        let suicide = (
            Capability::PlayLegal,
            "refuses a legal suicide",
            "tt.note.multi-suicide",
        );
        for (cap, kind, clause) in [superko, superko, suicide] {
            if r.disagree(cap, kind, "B A1") {
                let detail = format!("the engine {kind}");
                r.add_example(
                    cap,
                    kind,
                    Some(clause),
                    example("vector superko-100", &detail),
                );
            }
        }
        r.events
            .push("restarted after a timeout of `final_score`".into());
        let text = r.to_text();
        assert!(text
            .lines()
            .nth(2)
            .unwrap()
            .starts_with("verdict: 3 disagreements in 2 kinds"));
        insta::assert_snapshot!("check_engine_text", text);
        let mut clean = Report::default();
        clean.agree(Capability::PlayLegal);
        assert!(clean
            .to_text()
            .contains("\nverdict: no disagreement found\n"));
    }

    #[test]
    fn first_of_kind() {
        let mut r = Report::default();
        assert!(r.disagree(Capability::PlayIllegal, "accepts ko", "x"));
        r.add_example(
            Capability::PlayIllegal,
            "accepts ko",
            None,
            Example {
                source: "s".into(),
                detail: "d".into(),
                moves: vec![],
                shrunk_from: None,
                sgf: String::new(),
                diagram: String::new(),
                files: vec![],
            },
        );
        assert!(!r.disagree(Capability::PlayIllegal, "accepts ko", "y"));
        assert_eq!(r.differences[0].count, 2);
        assert_eq!(r.disagreements(), 2);
    }
}
