//! The games of a referee's folder as one page of the viewer (`ttrules_view`), `DIR/viewer.html`,
//! which the report links each game to (r[ref.event.report]): each record replayed as `ttrules
//! replay` replays it, with what the referee said of the game: the players and their clocks (the
//! seconds their `genmove` answers took), their claims (r[ref.claims]), how the game ended and the
//! clause, and each round of the end protocol (r[ref.end.protocol]) on the turn it was asked, with
//! the dead lists and the disputed stones marked on that turn's colouring.

use super::output::ResultLine;
use std::path::Path;
use ttrules_spec::Point;
use ttrules_view::{clause_url, Game, Mark, Marks, Page, Panel};

/// The file name of the page, beside `report.html`.
pub const FILE: &str = "viewer.html";

/// The viewer's address of the game at `index` in the page (`viewer.html#g=N`, from 1).
pub fn link(index: usize) -> String {
    format!("{FILE}#g={}", index + 1)
}

/// The game of one result line, or why there is none.
pub fn game(dir: &Path, l: &ResultLine) -> Result<Game, String> {
    let sgf = &l.sgf;
    let bytes =
        ttrules_record::input::read_regular(&dir.join(sgf)).map_err(|e| format!("{sgf}: {e}"))?;
    let record = ttrules_record::read_first(&bytes, sgf).map_err(|e| format!("{sgf}: {e}"))?;
    let r =
        ttrules_record::replay::replay_record(record, &ttrules_record::replay::Options::default())
            .map_err(|e| format!("{sgf}: {}", e.message))?;
    let mut g = ttrules_view::game(&r, &[]);
    g.title = format!(
        "game {}: {} (B) – {} (W), {}",
        l.game, l.black.engine, l.white.engine, l.result
    );
    let side = |s: &super::output::Side| {
        let claim = match (&s.claim, s.claim_agrees) {
            (Some(c), Some(true)) => format!("; claims {c} (agrees)"),
            (Some(c), Some(false)) => format!("; claims {c} (does not agree)"),
            (Some(c), None) => format!("; claims {c}"),
            (None, _) => String::new(),
        };
        format!(
            "{} ({}); {:.1} s of genmove{claim}",
            s.engine, s.name, s.time
        )
    };
    let clause = if l.ended.clause.is_empty() {
        "ref.end"
    } else {
        l.ended.clause.as_str()
    };
    let ended = format!("{}: {} (r[{clause}])", l.ended.by, l.ended.detail);
    let mut info = vec![
        ("Black".to_string(), side(&l.black)),
        ("White".to_string(), side(&l.white)),
        ("result".to_string(), l.result.clone()),
        ("ended".to_string(), ended.clone()),
    ];
    if let Some(w) = &l.claims_warning {
        info.push(("claims".into(), w.clone()));
    }
    info.append(&mut g.info);
    g.info = info;
    if let Some(last) = g.turns.last_mut() {
        last.n.push(format!("the referee: {ended}"));
    }
    rounds(l, &mut g);
    g.end.insert(
        0,
        Panel {
            title: "How the game ended".into(),
            notes: vec![ended],
            clauses: vec![(clause.to_string(), clause_url(clause))],
            ..Panel::default()
        },
    );
    Ok(g)
}

/// The points of a list of GTP names on the game's board (names that are no point are left out).
fn points(names: &serde_json::Value, width: usize, height: usize) -> Vec<Point> {
    let Ok(size) = ttrules_spec::Size::new(width as u32, height as u32) else {
        return Vec::new();
    };
    names
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|n| Point::parse_gtp_on(n.as_str()?, size).ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Each round of the end protocol: a note on the turn it was asked at, flagged, and a panel of
/// that turn's colouring with both dead lists crossed and the disputed stones ringed.
fn rounds(l: &ResultLine, g: &mut Game) {
    let Some(rounds) = l.end["rounds"].as_array() else {
        return;
    };
    let protocol = l.end["protocol"].as_str().unwrap_or("?");
    let (w, h) = (usize::from(g.width), usize::from(g.height));
    for (k, round) in rounds.iter().enumerate() {
        let turn = round["turn"]
            .as_u64()
            .map_or(g.turns.len(), |t| t as usize)
            .min(g.turns.len());
        let list = |key: &str| {
            round[key]
                .as_array()
                .map_or("not asked or none".to_string(), |a| {
                    let names: Vec<&str> = a.iter().filter_map(|n| n.as_str()).collect();
                    if names.is_empty() {
                        "none".into()
                    } else {
                        names.join(" ")
                    }
                })
        };
        let text = format!(
            "end protocol {protocol}, round {}: Black's dead list {}; White's {}; disputed {}; {}",
            k + 1,
            list("black_dead"),
            list("white_dead"),
            list("disputed"),
            round["outcome"]
        );
        let mut marks = Marks::new(w, h);
        for key in ["black_dead", "white_dead", "arbiter", "copy_dead"] {
            for p in points(&round[key], w, h) {
                marks.set(p, Mark::Dead);
            }
        }
        for p in points(&round["disputed"], w, h) {
            marks.set(p, Mark::Disputed);
        }
        if turn > 0 {
            let t = &mut g.turns[turn - 1];
            t.flag = true;
            t.n.push(text.clone());
        }
        g.end.push(Panel {
            title: format!("End protocol, round {} (after turn {turn})", k + 1),
            at: Some(turn),
            marks: marks.letters(),
            notes: vec![text],
            clauses: vec![(
                "ref.end.protocol".to_string(),
                clause_url("ref.end.protocol"),
            )],
            ..Panel::default()
        });
    }
}

/// The page of every game of `lines` (in their order), and for each line the index of its game
/// in the page, or why it has none.
pub fn page(dir: &Path, title: &str, lines: &[ResultLine]) -> (Page, Vec<Result<usize, String>>) {
    let mut page = Page {
        title: format!("{title}: the games — ttrules referee"),
        subtitle: format!("{} games, each with the referee's rulings", lines.len()),
        games: Vec::new(),
    };
    let index = lines
        .iter()
        .map(|l| {
            game(dir, l).map(|g| {
                page.games.push(g);
                page.games.len() - 1
            })
        })
        .collect();
    (page, index)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// r[ref.event.report]: a game of the report opens in the viewer with the referee's ruling
    /// on its last turn, the players' clocks and claims, and each round of the end protocol on
    /// its turn with the disputed stones marked.
    #[test]
    fn a_game_with_a_disputed_round() {
        let dir = std::env::temp_dir().join(format!("ttrules-report-view-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // 5x5: Black C3, White D3, Black C4, White D4, then two passes; White's D3 and D4 are
        // marked dead by Black, alive by White: disputed.
        std::fs::write(
            dir.join("game-0001.sgf"),
            "(;GM[1]FF[4]SZ[5]KM[0]RU[chinese];B[cc];W[dc];B[cb];W[db];B[];W[])",
        )
        .unwrap();
        let line: ResultLine = serde_json::from_value(serde_json::json!({
            "game": 1,
            "engines": {"a": "a-cmd", "b": "b-cmd"},
            "black": {"engine": "a", "name": "A 1", "time": 1.25, "claim": "B+25", "claim_agrees": false},
            "white": {"engine": "b", "name": "B 2", "time": 0.5, "claim": null, "claim_agrees": null},
            "result": "B+1", "winner": "a",
            "ended": {"by": "score", "player": null, "reason": null, "clause": "end.agreement",
                      "detail": "scored with the disputed stones alive"},
            "turns": 6, "score": null, "opening": null, "seed": 1, "sgf": "game-0001.sgf",
            "end": {"protocol": "agreement", "rounds": [
                {"turn": 6, "black_dead": ["D3", "D4"], "white_dead": [], "disputed": ["D3", "D4"],
                 "outcome": "all-alive"}]},
        }))
        .unwrap();
        let (page, index) = page(&dir, "event", &[line]);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(index, vec![Ok(0)]);
        assert_eq!(link(0), "viewer.html#g=1");
        let g = &page.games[0];
        assert_eq!(g.turns.len(), 6);
        let info = format!("{:?}", g.info);
        assert!(
            info.contains("1.2 s of genmove; claims B+25 (does not agree)"),
            "{info}"
        );
        let last = g.turns.last().unwrap();
        assert!(last.flag);
        assert!(
            last.n.iter().any(|n| n.contains("the referee: score")),
            "{:?}",
            last.n
        );
        assert!(
            last.n.iter().any(|n| n.contains("disputed D3 D4")),
            "{:?}",
            last.n
        );
        let round = g
            .end
            .iter()
            .find(|p| p.title.starts_with("End protocol"))
            .unwrap();
        assert_eq!(round.at, Some(6));
        // Rows top first: D4 is row 2 (index 1), D3 row 3 (index 2); column D is index 3.
        let marks: Vec<char> = round.marks.chars().collect();
        assert_eq!((marks[5 + 3], marks[10 + 3]), ('q', 'q'), "{}", round.marks);
        assert_eq!(g.end[0].clauses[0].0, "end.agreement");
    }
}
