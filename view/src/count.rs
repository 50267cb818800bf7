//! The count at the end of a game: the final colouring with the dead stones, each player's
//! territory under the tax in force, the dame and the stones in seki marked, and the score taken
//! apart as `replay --compare` takes it apart (`ttrules_record::compare`, whose rows are checked
//! against both engines), under the game's rules and, when asked, under other rulesets side by
//! side (one board per tax, since the tax decides which points are territory).

use crate::clause::clause_url;
use crate::model::{Mark, Marks, Panel};
use ttrules_record::compare::{render, RecordGame, Replayer, Row, RowSpec};
use ttrules_record::replay::Replayed;
use ttrules_reference::score::territory_points;
use ttrules_reference::territory::player_blocks;
use ttrules_spec::{Colour, Counting, Grid, Player, Point, Tax};

/// The comparison's game for a replayed record: what `replay --compare` reads from the record.
fn record_game(r: &Replayed) -> RecordGame {
    let g = &r.record;
    RecordGame {
        setup: r.game.setup.clone(),
        rules: r.game.rules,
        komi: r.game.komi,
        rules_from: g.rules_from,
        komi_from: g.komi_from,
        turns: r.game.moves.clone(),
        dead: r.game.dead.clone(),
        dead_from: r.dead_from.clone(),
        tree: g.tree,
        trees: g.trees,
        stop: g.stop.clone(),
        warnings: r.warnings.clone(),
    }
}

/// The panels of the count: the game's rules first, then one per tax among `rows`.
pub fn panels(r: &Replayed, last: &Grid, rows: &[RowSpec]) -> Vec<Panel> {
    let rg = record_game(r);
    let replayer = Replayer::new(&rg);
    let own = RowSpec {
        label: r
            .game
            .rules
            .name()
            .map_or("the game's rules".to_string(), str::to_string),
        named: false,
        rules: r.game.rules,
        komi: r.game.komi,
    };
    let dead = &r.game.dead;
    let when = if r.replay.over {
        "the game is over"
    } else {
        "if the game ended now: it is not over"
    };
    let mut out = vec![panel(
        format!("The count under {} ({when})", own.label),
        last,
        dead,
        own.rules.tax,
        &[replayer.row(&own)],
    )];
    // A ruleset asked for that is the game's own, with its komi, is the first panel already.
    let rows: Vec<&RowSpec> = rows
        .iter()
        .filter(|s| (s.rules, s.komi) != (own.rules, own.komi))
        .collect();
    let mut taxes: Vec<Tax> = Vec::new();
    for s in &rows {
        if !taxes.contains(&s.rules.tax) {
            taxes.push(s.rules.tax);
        }
    }
    for tax in taxes {
        let these: Vec<Row> = rows
            .iter()
            .filter(|s| s.rules.tax == tax)
            .map(|s| replayer.row(s))
            .collect();
        let names: Vec<&str> = these.iter().map(|row| row.spec.label.as_str()).collect();
        out.push(panel(
            format!("Under {} (tax: {})", names.join(", "), tax_word(tax)),
            last,
            dead,
            tax,
            &these,
        ));
    }
    out
}

fn tax_word(tax: Tax) -> &'static str {
    match tax {
        Tax::None => "none",
        Tax::Seki => "seki",
        Tax::All => "all",
        Tax::SekiRegions => "seki-regions",
        Tax::AllRegions => "all-regions",
    }
}

/// One count: the board marked under `tax`, the rows' scores taken apart.
fn panel(title: String, last: &Grid, dead: &[Point], tax: Tax, rows: &[Row]) -> Panel {
    let mut table = vec![render::HEADER.iter().map(|h| h.to_string()).collect()];
    let mut notes = Vec::new();
    let mut clauses = vec!["tt.score", "var.count.dead", "var.territory.seki"];
    for row in rows {
        table.push(render::cells(row));
        if let Err(why) = &row.scored {
            notes.push(format!("{}: not scored: {why}", row.spec.label));
        }
        for bug in &row.bugs {
            notes.push(format!("{}: a bug of ttrules: {bug}", row.spec.label));
        }
        clauses.push(match row.spec.rules.counting {
            Counting::Area => "var.count.area",
            Counting::Territory => "var.count.territory",
            Counting::AreaPassAlive => "var.count.area.pass-alive",
        });
    }
    clauses.push(match tax {
        Tax::None => "var.tax.none",
        Tax::Seki => "var.tax.seki.blocks",
        Tax::All => "var.tax.all.blocks",
        Tax::SekiRegions => "var.tax.seki.regions",
        Tax::AllRegions => "var.tax.all.regions",
    });
    clauses.dedup();
    let mut seen = Vec::new();
    clauses.retain(|c| {
        let new = !seen.contains(c);
        seen.push(*c);
        new
    });
    if !dead.is_empty() {
        let names: Vec<String> = dead.iter().map(|p| p.gtp()).collect();
        notes.push(format!("dead: {}", names.join(" ")));
    }
    Panel {
        title,
        grid: last.rows(),
        marks: marks(last, dead, tax).letters(),
        table,
        notes,
        clauses: clauses
            .into_iter()
            .map(|c| (c.to_string(), clause_url(c)))
            .collect(),
        ..Panel::default()
    }
}

/// The marks of the count on `last`: the dead stones; on the colouring without them, each
/// player's territory under `tax` (`ttrules_reference::score::territory_points`), the other
/// empty points (dame, neutral), and the stones of blocks in seki (r[var.territory.seki]).
pub fn marks(last: &Grid, dead: &[Point], tax: Tax) -> Marks {
    let size = last.size();
    let mut m = Marks::new(size.width(), size.height());
    let mut g = last.clone();
    for &p in dead {
        if size.contains(p) {
            g.set(p, Colour::Empty);
        }
    }
    for p in size.points() {
        if g.get(p) == Colour::Empty {
            m.set(p, Mark::Dame);
        }
    }
    for (player, mark) in [
        (Player::Black, Mark::BlackTerritory),
        (Player::White, Mark::WhiteTerritory),
    ] {
        for p in territory_points(&g, player, tax).0 {
            m.set(p, mark);
        }
        for block in player_blocks(&g, player).into_iter().filter(|b| b.in_seki) {
            for p in block.points {
                if g.get(p) != Colour::Empty {
                    m.set(p, Mark::Seki);
                }
            }
        }
    }
    for &p in dead {
        if size.contains(p) && last.get(p) != Colour::Empty {
            m.set(p, Mark::Dead);
        }
    }
    m
}
