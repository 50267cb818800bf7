//! `ttrules replay --html OUT`: the games as pages of the viewer (`ttrules_view`): one page per
//! game for a file (`-N` added before the extension when the file holds several), one page with
//! a game list in bulk mode. `--html-rules` adds other rulesets' counts side by side.

use std::path::{Path, PathBuf};
use ttrules_record::compare::RowSpec;
use ttrules_record::replay::{Refused, Replayed};
use ttrules_record::rules::rules_by_any_name;
use ttrules_spec::{Komi, Rules};
use ttrules_view::{html, Page};

/// `--html-rules` as written: `all` (every named ruleset) or ruleset names, comma-separated.
pub fn rulesets(
    text: Option<&str>,
    komi: Option<&str>,
) -> Result<Vec<(String, Rules, Option<Komi>)>, String> {
    let komi: Option<Komi> = match komi {
        Some(k) => Some(k.parse().map_err(|e| format!("--komi: {e}"))?),
        None => None,
    };
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    if text == "all" {
        return Ok(Rules::NAMED
            .iter()
            .map(|n| (n.name.to_string(), n.rules, Some(komi.unwrap_or(n.komi))))
            .collect());
    }
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|name| {
            let (rules, named_komi) =
                rules_by_any_name(name.trim()).map_err(|e| format!("--html-rules: {e}"))?;
            Ok((name.trim().to_string(), rules, komi.or(named_komi)))
        })
        .collect()
}

/// The rows of one game's count: each ruleset of `--html-rules` with its komi (else the game's).
fn rows(r: &Replayed, rulesets: &[(String, Rules, Option<Komi>)]) -> Vec<RowSpec> {
    rulesets
        .iter()
        .map(|(label, rules, komi)| RowSpec {
            label: label.clone(),
            named: Rules::NAMED.iter().any(|n| n.name == label),
            rules: *rules,
            komi: komi.unwrap_or(r.game.komi),
        })
        .collect()
}

/// The page of one game of a file.
pub fn page_of(r: &Replayed, rulesets: &[(String, Rules, Option<Komi>)]) -> Page {
    let game = ttrules_view::game(r, &rows(r, rulesets));
    Page {
        title: format!("{} — ttrules", game.title),
        subtitle: format!(
            "ttrules replay, rules text {} ({})",
            ttrules_spec::SPEC_VERSION,
            r.engine
        ),
        games: vec![game],
    }
}

/// Writes `page` to `path`.
pub fn write(path: &Path, page: &Page) -> Result<(), String> {
    std::fs::write(path, html(page)).map_err(|e| format!("--html {}: {e}", path.display()))
}

/// The games of a bulk run, gathered for one page with a game list.
pub struct Bulk {
    pub path: PathBuf,
    pub rulesets: Vec<(String, Rules, Option<Komi>)>,
    pub page: Page,
    /// Records not replayed: named on the page, not shown.
    pub refused: Vec<String>,
}

impl Bulk {
    pub fn new(path: PathBuf, rulesets: Vec<(String, Rules, Option<Komi>)>) -> Bulk {
        Bulk {
            path,
            rulesets,
            page: Page {
                title: "Replayed games — ttrules".into(),
                subtitle: String::new(),
                games: Vec::new(),
            },
            refused: Vec::new(),
        }
    }

    /// Adds the games of one file.
    pub fn add(&mut self, results: &[Result<Replayed, Refused>]) {
        for r in results {
            match r {
                Ok(r) => self
                    .page
                    .games
                    .push(ttrules_view::game(r, &rows(r, &self.rulesets))),
                Err(e) => self.refused.push(match e.tree {
                    Some(t) => format!("{} (game {t})", e.file),
                    None => e.file.clone(),
                }),
            }
        }
    }

    /// Writes the page.
    pub fn finish(mut self) -> Result<(), String> {
        self.page.subtitle = format!(
            "ttrules replay: {} games, rules text {}{}",
            self.page.games.len(),
            ttrules_spec::SPEC_VERSION,
            if self.refused.is_empty() {
                String::new()
            } else {
                format!("; not replayed: {}", self.refused.join(", "))
            }
        );
        write(&self.path, &self.page)
    }
}
