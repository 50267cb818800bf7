//! Pictures of boards for people, shared by the subcommands: SVG ([`svg`], used by `replay --svg`
//! and `finish --svg`) and the notation of the counting-living-stones source ([`zh`], used by
//! `finish`).

pub mod life;
pub mod svg;
pub mod zh;

use ttrules_reference::reach::reaches;
use ttrules_reference::score::independent_life_regions;
use ttrules_spec::{Colour, Grid, Player, Point, Tax};

/// The territory of each player on `cleared` (the colouring after the dead stones are emptied)
/// under `tax`, as r[var.tax.none] and r[var.tax.seki] define it, in point-index order (Black's
/// and White's mixed).
pub fn territory(cleared: &Grid, tax: Tax) -> Vec<(Point, Player)> {
    let regions = [Player::Black, Player::White].map(|player| match tax {
        Tax::None => Vec::new(),
        Tax::Seki | Tax::All => independent_life_regions(cleared, player),
    });
    let mut out = Vec::new();
    for p in cleared.size().points() {
        if cleared.get(p) != Colour::Empty {
            continue;
        }
        for (player, living) in [Player::Black, Player::White].into_iter().zip(&regions) {
            let ours = match tax {
                Tax::None => {
                    reaches(cleared, p, player.colour())
                        && !reaches(cleared, p, player.opponent().colour())
                }
                Tax::Seki | Tax::All => living.iter().any(|r| r.contains(&p)),
            };
            if ours {
                out.push((p, player));
            }
        }
    }
    out
}
