//! The panels of the 计活子 finish (spec Part V) after a game's last turn: the pause with the dead
//! stones crossed, then the counted position, each player's living stones, road points and
//! reserved points (the tax: the points each living group keeps empty, r[finish.reserved]) marked,
//! with both counts and the result.

use crate::clause::clause_url;
use crate::model::{Mark, Marks, Panel};
use ttrules_reference::finish::Finish;
use ttrules_spec::{Colour, Player};

fn clauses(ids: &[&str]) -> Vec<(String, String)> {
    ids.iter().map(|c| (c.to_string(), clause_url(c))).collect()
}

/// The finish's panels.
pub fn panels(f: &Finish) -> Vec<Panel> {
    let size = f.pause.size();
    let mut pause = Marks::new(size.width(), size.height());
    for &p in &f.dead {
        pause.set(p, Mark::Dead);
    }
    let mut counted = Marks::new(size.width(), size.height());
    for p in size.points() {
        if f.cleared.get(p) != Colour::Empty {
            counted.set(p, Mark::Alive);
        }
    }
    for &p in f.shared.iter().chain(&f.neutral) {
        counted.set(p, Mark::Dame);
    }
    for (player, mark) in [
        (Player::Black, Mark::BlackTerritory),
        (Player::White, Mark::WhiteTerritory),
    ] {
        for &p in f.roads.get(player) {
            counted.set(p, mark);
        }
        for &p in f.reserved.get(player) {
            counted.set(p, Mark::Tax);
        }
    }
    let dead: Vec<String> = f.dead.iter().map(|p| p.gtp()).collect();
    let mut table = vec![vec![
        "player".to_string(),
        "living stones (局子)".into(),
        "road points (路子)".into(),
        "reserved points (the tax)".into(),
        "count".into(),
    ]];
    for (player, name) in [(Player::Black, "Black"), (Player::White, "White")] {
        let c = f.count.get(player);
        table.push(vec![
            name.to_string(),
            c.board.to_string(),
            c.roads.to_string(),
            f.reserved.get(player).len().to_string(),
            c.total().to_string(),
        ]);
    }
    let mut notes = vec![
        "green: the living stones counted (局子); squares: road points (路子); orange: the \
         reserved points each living group keeps empty (the tax); grey: shared and neutral points"
            .to_string(),
        format!("komi {}", f.komi),
    ];
    notes.push(match f.outcome {
        Some(o) => format!("result: {}", o.sgf_result()),
        None => "disputed: no result (r[finish.dispute])".to_string(),
    });
    notes.extend(f.disputes.iter().map(|d| format!("dispute: {d}")));
    vec![
        Panel {
            title: "The pause, dead stones crossed (figure 1)".into(),
            grid: f.pause.rows(),
            marks: pause.letters(),
            notes: vec![if dead.is_empty() {
                "no dead stones".to_string()
            } else {
                format!("dead: {}", dead.join(" "))
            }],
            clauses: clauses(&["finish.pause", "finish.dead.agreed"]),
            ..Panel::default()
        },
        Panel {
            title: "The count (figures 2 and 3)".into(),
            grid: f.cleared.rows(),
            marks: counted.letters(),
            table,
            notes,
            clauses: clauses(&[
                "finish.count.stones",
                "finish.count.roads",
                "finish.reserved",
                "finish.note.tax",
                "finish.winner",
            ]),
            ..Panel::default()
        },
    ]
}
