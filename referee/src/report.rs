//! `ttrules referee report DIR` (r[ref.event.report]): one static HTML page, `DIR/report.html`,
//! made from the folder's files alone and needing nothing else (no script, no network, no
//! fonts): the standings and the crosstable, Elo with its error bars drawn in SVG, the SPRT's state
//! when there is one, and a table of the games (players, result, how it ended, the end
//! protocol's rounds) with each game's final position as `ttrules replay --svg` draws it, linked
//! to its SGF record and to the game in the viewer's page beside it (`viewer.html`,
//! [`super::report_view`]: the report itself holds no script).

use super::event::status::Folder;
use super::output::ResultLine;
use super::summary::Summary;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// HTML text: `&`, `<`, `>` and `"` escaped.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The final position of a record as `replay --svg` draws it (dead stones crossed, territory
/// marked), or a sentence saying why there is none.
fn board(dir: &Path, sgf: &str) -> Result<String, String> {
    let path = dir.join(sgf);
    let bytes = ttrules_record::input::read_regular(&path).map_err(|e| format!("{sgf}: {e}"))?;
    let record = ttrules_record::read_first(&bytes, sgf).map_err(|e| format!("{sgf}: {e}"))?;
    let r =
        ttrules_record::replay::replay_record(record, &ttrules_record::replay::Options::default())
            .map_err(|e| format!("{sgf}: {}", e.message))?;
    let grid = &r.replay.grid;
    let mut cleared = grid.clone();
    for &p in &r.game.dead {
        cleared.set(p, ttrules_spec::Colour::Empty);
    }
    let mut b = ttrules_draw::svg::Board::new(grid, sgf);
    b.dead = r.game.dead.clone();
    b.territory = ttrules_draw::territory(&cleared, r.game.rules.tax);
    Ok(ttrules_draw::svg::render(&b))
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222}\
table{border-collapse:collapse;margin:0.5em 0 1.5em}\
td,th{border:1px solid #bbb;padding:0.25em 0.5em;text-align:left;vertical-align:top}\
th{background:#eee}td.n{text-align:right}\
.board svg{width:150px;height:auto}\
.warn{color:#a00}.small{font-size:0.85em;color:#555}";

/// The Elo of each player with its 95% interval, as horizontal error bars.
fn elo_chart(summary: &Summary) -> String {
    let rows = summary.standings.ranked();
    let (mut lo, mut hi) = (-100.0f64, 100.0f64);
    for r in &rows {
        let e = r.elo_error.unwrap_or(0.0);
        lo = lo.min(r.elo - e);
        hi = hi.max(r.elo + e);
    }
    let (left, width, row) = (160.0, 420.0, 26.0);
    let x = |v: f64| left + (v - lo) / (hi - lo) * width;
    let height = row * rows.len() as f64 + 30.0;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="elo" width="{w}" height="{height}" viewBox="0 0 {w} {height}" font-size="12" font-family="sans-serif"><line x1="{z}" y1="0" x2="{z}" y2="{b}" stroke="#999" stroke-dasharray="3,3"/>"##,
        w = left + width + 20.0,
        z = x(0.0),
        b = height - 20.0
    );
    for (k, r) in rows.iter().enumerate() {
        let y = row * k as f64 + 14.0;
        let _ = write!(
            s,
            r##"<text x="4" y="{t}">{label}</text>"##,
            t = y + 4.0,
            label = esc(&r.label)
        );
        if let Some(e) = r.elo_error {
            let _ = write!(
                s,
                r##"<line class="bar" x1="{a:.1}" y1="{y}" x2="{b:.1}" y2="{y}" stroke="#335" stroke-width="2"/>"##,
                a = x(r.elo - e),
                b = x(r.elo + e)
            );
        }
        let _ = write!(
            s,
            r##"<circle cx="{c:.1}" cy="{y}" r="4" fill="#c33"><title>{elo:+.0}</title></circle>"##,
            c = x(r.elo),
            elo = r.elo
        );
    }
    let _ = write!(
        s,
        r##"<text x="{a:.1}" y="{t}">{lo:+.0}</text><text x="{z:.1}" y="{t}">0</text><text x="{b:.1}" y="{t}" text-anchor="end">{hi:+.0}</text></svg>"##,
        a = left,
        z = x(0.0),
        b = left + width,
        t = height - 4.0
    );
    s
}

fn standings(summary: &Summary, names: &dyn Fn(&str) -> String) -> String {
    let st = &summary.standings;
    let mut s = String::from(
        "<table class=\"standings\"><tr><th>#</th><th>player</th><th>engine</th><th>games</th>\
         <th>W-L-D</th><th>void</th><th>points</th><th>Elo</th><th>95%</th></tr>",
    );
    for r in st.ranked() {
        let _ = write!(
            s,
            "<tr><td class=\"n\">{}</td><td>{}</td><td class=\"small\">{}</td><td class=\"n\">{}\
             </td><td>{}-{}-{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">\
             {:+.0}</td><td class=\"n\">{}</td></tr>",
            r.rank,
            esc(&r.label),
            esc(&names(&r.label)),
            r.games,
            r.total.wins,
            r.total.losses,
            r.total.draws,
            r.void,
            r.points,
            r.elo,
            r.elo_error.map_or("-".into(), |e| format!("± {e:.0}"))
        );
    }
    s.push_str("</table>");
    s.push_str("<table class=\"crosstable\"><tr><th></th>");
    let ranked = st.ranked();
    for r in &ranked {
        let _ = write!(s, "<th>{}</th>", esc(&r.label));
    }
    s.push_str("</tr>");
    let index = |l: &str| st.players.iter().position(|p| p.label == l).unwrap_or(0);
    for r in &ranked {
        let i = index(&r.label);
        let _ = write!(s, "<tr><th>{}</th>", esc(&r.label));
        for c in &ranked {
            let j = index(&c.label);
            let cell = match st.crosstable[i][j] {
                _ if i == j => "×".to_string(),
                Some(w) => format!("{}-{}-{}", w.wins, w.losses, w.draws),
                None => String::new(),
            };
            let _ = write!(s, "<td>{cell}</td>");
        }
        s.push_str("</tr>");
    }
    s.push_str("</table>");
    s
}

fn game_row(dir: &Path, l: &ResultLine, view: &Result<usize, String>) -> String {
    let rounds = l.end["rounds"].as_array().map_or(0, Vec::len);
    let protocol = l.end["protocol"].as_str().unwrap_or("-");
    let board = match board(dir, &l.sgf) {
        Ok(svg) => format!("<a class=\"board\" href=\"{}\">{svg}</a>", esc(&l.sgf)),
        Err(e) => format!("<span class=\"warn\">{}</span>", esc(&e)),
    };
    let mut ended = format!("{}: {}", l.ended.by, l.ended.detail);
    if let Some(w) = &l.claims_warning {
        ended.push('\n');
        ended.push_str(w);
    }
    format!(
        "<tr class=\"game\" id=\"game-{n}\"><td class=\"n\">{n}</td><td>{b}</td><td>{w}</td>\
         <td>{re}</td><td>{ended}</td><td class=\"n\">{turns}</td><td>{protocol}: {rounds}</td>\
         <td><a href=\"{sgf}\">{sgf}</a> {view}<br>{board}</td></tr>",
        n = l.game,
        b = esc(&l.black.engine),
        w = esc(&l.white.engine),
        re = esc(&l.result),
        ended = esc(&ended).replace('\n', "<br>"),
        turns = l.turns,
        protocol = esc(protocol),
        sgf = esc(&l.sgf),
        view = match view {
            Ok(i) => format!(
                "<a class=\"view\" href=\"{}\">step through it</a>",
                super::report_view::link(*i)
            ),
            Err(e) => format!("<span class=\"warn\">{}</span>", esc(e)),
        },
    )
}

/// The conditions of the games from `match.json`: board, rules, komi, and the handicap and the
/// time control when there are (`9x9, chinese, komi 0.5, handicap 2 (fixed), time 15s+1x3s`).
fn conditions(settings: &serde_json::Value) -> String {
    let text = |key: &str| settings[key].as_str().unwrap_or("?").to_string();
    let mut s = format!("{}, {}, komi {}", text("size"), text("rules"), text("komi"));
    let h = &settings["handicap"];
    if let Some(n) = h["stones"].as_u64() {
        let _ = write!(s, ", handicap {n}");
        if let Some(p) = h["placement"].as_str() {
            let _ = write!(s, " ({p})");
        }
    }
    if let Some(t) = settings["time"].as_str() {
        let _ = write!(s, ", time {t}");
    }
    s
}

/// The page of the folder `f`; `views`: for each line, its game's index in the viewer's page
/// ([`super::report_view`]), or why it has none.
pub fn html(f: &Folder, views: &[Result<usize, String>]) -> String {
    let sprt = f.settings["sprt"].as_str().and_then(|t| t.parse().ok());
    let summary = Summary::new(&f.lines, &f.players, sprt);
    let names = |label: &str| {
        summary
            .engines
            .get(label)
            .map_or(String::new(), |r| r.name.clone())
    };
    let kind = f.settings["kind"].as_str().unwrap_or("match");
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ttrules referee: \
         {title}</title><style>{STYLE}</style></head><body>\n<h1>{kind}: {games} games</h1>\n\
         <p class=\"small\">{conditions}; written by ttrules {version} from \
         match.json and results.jsonl{live}</p>",
        title = esc(&f.dir.display().to_string()),
        kind = esc(kind),
        games = f.lines.len(),
        conditions = esc(&conditions(&f.settings)),
        version = env!("CARGO_PKG_VERSION"),
        live = if f.live() {
            " (the event is still running)"
        } else {
            ""
        },
    );
    s.push_str("<h2>Standings</h2>\n");
    s.push_str(&standings(&summary, &names));
    s.push_str(
        "<h2>Elo</h2>\n<p class=\"small\">One Bradley-Terry fit of all games, draws half a win, \
         mean 0; the bars are 95% intervals (r[ref.event.elo]).</p>\n",
    );
    s.push_str(&elo_chart(&summary));
    if let Some(t) = &summary.sprt {
        let _ = writeln!(
            s,
            "<h2>SPRT</h2>\n<p class=\"sprt\">H0: Elo {} against H1: Elo {} (α {}, β {}): LLR \
             {:.3}, bounds {:.3} and {:.3}: {}</p>",
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
    if let Some(w) = summary.claims.warning() {
        let _ = writeln!(s, "<p class=\"warn\">{}</p>", esc(&w).replace('\n', "<br>"));
    }
    if summary.duplicates.games > 0 {
        let _ = writeln!(
            s,
            "<p>Duplicate games (r[ref.event.duplicate]): {}</p>",
            summary
                .duplicates
                .groups
                .iter()
                .map(|g| g.iter().map(u32::to_string).collect::<Vec<_>>().join(" = "))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    s.push_str(
        "<h2>Games</h2>\n<table class=\"games\"><tr><th>#</th><th>Black</th><th>White</th>\
         <th>result</th><th>ended</th><th>turns</th><th>end protocol: rounds</th>\
         <th>record, final position</th></tr>\n",
    );
    for (l, view) in f.lines.iter().zip(views) {
        s.push_str(&game_row(&f.dir, l, view));
        s.push('\n');
    }
    s.push_str("</table>\n</body></html>\n");
    s
}

/// Writes `DIR/report.html` (through a rename); its path.
pub fn write(dir: &Path) -> Result<PathBuf, String> {
    let mut f = Folder::read(dir)?;
    f.lines.sort_by_key(|l| l.game);
    let (page, views) = super::report_view::page(dir, &dir.display().to_string(), &f.lines);
    let viewer = dir.join(super::report_view::FILE);
    super::output::write_whole(&viewer, &ttrules_view::html(&page))
        .map_err(|e| format!("cannot write {}: {e}", viewer.display()))?;
    let path = dir.join("report.html");
    super::output::write_whole(&path, &html(&f, &views))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::conditions;
    use serde_json::json;

    /// r[ref.event.report]: the page says under which conditions the games were played, the
    /// handicap and the time control included (the side-by-side run's handicap event had a page
    /// that did not say it was one).
    #[test]
    fn the_conditions_name_the_handicap_and_the_time() {
        let even = json!({"size": "9x9", "rules": "chinese", "komi": "7.5", "handicap": null,
                          "time": "15s+1x3s"});
        assert_eq!(conditions(&even), "9x9, chinese, komi 7.5, time 15s+1x3s");
        let handicap = json!({"size": "9x9", "rules": "chinese", "komi": "0.5",
                              "handicap": {"placement": "fixed", "stones": 2}, "time": null});
        assert_eq!(
            conditions(&handicap),
            "9x9, chinese, komi 0.5, handicap 2 (fixed)"
        );
    }
}
