//! # ttrules-draw
//!
//! Pictures of boards for people, shared by the library crates and the subcommands: SVG ([`svg`], used by `replay --svg`
//! and `finish --svg`) and the notation of the counting-living-stones source ([`zh`], used by
//! `finish`).
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | [`svg`] | a board as SVG (dead stones crossed, eyes, territory) | r[var.count.dead], r[finish.reserved] |
//! | [`zh`] | the diagrams of the counting-living-stones source, full-width | Part V |
//! | [`life`] | each player's pass-alive area as text and JSON | r[life.area] |
//! | [`territory`] | the territory a picture marks, as the reference's scoring counts it | r[var.tax.none], r[var.tax.seki.blocks], r[var.tax.all.blocks] |
//!
//! ```
//! use ttrules_spec::{Grid, Size};
//!
//! let g = Grid::from_rows(Size::square(3).unwrap(), &["X..", ".O.", "..."]).unwrap();
//! // Top row first with its full-width number, then the column letters.
//! let rows = ttrules_draw::zh::diagram(&g, &[]);
//! assert_eq!(rows[0], "３●┬┐");
//! assert_eq!(rows[1], "２├○┤");
//! assert_eq!(rows.len(), 4);
//! let svg = ttrules_draw::svg::render(&ttrules_draw::svg::Board::new(&g, "a 3x3 board"));
//! assert!(svg.contains("<svg"));
//! ```

pub mod life;
pub mod svg;
pub mod zh;

use ttrules_reference::score::territory_points;
use ttrules_spec::{Grid, Player, Point, Tax};

/// The territory of each player on `cleared` (the colouring after the dead stones are emptied)
/// under `tax`, as r[var.tax.none], r[var.tax.seki.blocks], r[var.tax.all.blocks] and the regions taxes define it, in point-index order (Black's
/// and White's mixed): the reference's scoring
/// ([`territory_points`]), never a computation of its
/// own.
pub fn territory(cleared: &Grid, tax: Tax) -> Vec<(Point, Player)> {
    let size = cleared.size();
    let mut out: Vec<(Point, Player)> = [Player::Black, Player::White]
        .into_iter()
        .flat_map(|player| {
            territory_points(cleared, player, tax)
                .0
                .into_iter()
                .map(move |p| (p, player))
        })
        .collect();
    out.sort_by_key(|&(p, player)| (size.index(p), player == Player::White));
    out
}
